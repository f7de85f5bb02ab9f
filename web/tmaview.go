// tmaview.go: the tensor (TMA) copies of the shown CTA drawn: the box a
// copy moves over its global tensor (the innermost two dimensions, at the
// copy's coordinates, the part outside the tensor hatched as the fill it
// reads), and where its 16-byte chunks lie in shared memory, line by
// 128-byte line, coloured by their place in the box's row so that the
// swizzle's XOR pattern shows. A copy in flight is drawn dashed and pale,
// a landed one solid. The core describes the copies (sim.BulkView with its
// sim.TensorCopyView); this component draws them as SVG.

package web

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/vugu/vugu"
)

// Tmaview draws one tensor copy of a snapshot's CTA:
//
//	<web:Tmaview :Snap="c.Snap"></web:Tmaview>
type Tmaview struct {
	Snap *sim.Snapshot
	Pick int // the copy shown: an index into tmaCopies
}

// tmaCopies lists the tensor copies of s: those in flight in issue order,
// then the landed ones, newest first.
func tmaCopies(s *sim.Snapshot) []sim.BulkView {
	if s == nil {
		return nil
	}
	var vs []sim.BulkView
	for _, b := range s.Bulk {
		if b.Tensor != nil {
			vs = append(vs, b)
		}
	}
	for i := len(s.Landed) - 1; i >= 0; i-- {
		if s.Landed[i].Tensor != nil {
			vs = append(vs, s.Landed[i])
		}
	}
	return vs
}

func (c *Tmaview) show() bool { return len(tmaCopies(c.Snap)) > 0 }

func (c *Tmaview) cur() *sim.BulkView {
	vs := tmaCopies(c.Snap)
	if len(vs) == 0 {
		return nil
	}
	return &vs[min(max(c.Pick, 0), len(vs)-1)]
}

// tmaOption is one entry of the copy menu.
type tmaOption struct {
	Value int
	Label string
}

func (c *Tmaview) options() []tmaOption {
	var os []tmaOption
	for i, v := range tmaCopies(c.Snap) {
		os = append(os, tmaOption{i, tmaLabel(&v)})
	}
	return os
}

func (c *Tmaview) picked(i int) bool { return i == min(max(c.Pick, 0), len(tmaCopies(c.Snap))-1) }

func (c *Tmaview) setPick(e vugu.DOMEvent) {
	if n, err := strconv.Atoi(e.PropString("target", "value")); err == nil {
		c.Pick = n
	}
}

// tmaLabel names a copy in the menu: its state, line and what it moves.
func tmaLabel(v *sim.BulkView) string {
	state := "in flight"
	if v.Landed {
		state = "landed"
	}
	return fmt.Sprintf("%s: line %d, warp %d lane %d, %s", state, v.Line, v.Warp, v.Lane, v.What)
}

// note says what completes the copy and where its bytes go.
func (c *Tmaview) note() string {
	v := c.cur()
	if v == nil {
		return ""
	}
	return tmaNote(v)
}

func tmaNote(v *sim.BulkView) string {
	t := v.Tensor
	var s string
	if t.Store {
		s = fmt.Sprintf("reads shared %s, writes the box into the tensor at 0x%x", rangesText(v.Shared), t.Addr)
	} else {
		s = fmt.Sprintf("reads the box from the tensor at 0x%x, writes shared %s", t.Addr, rangesText(v.Shared))
	}
	switch {
	case v.Mbar >= 0 && v.Landed:
		s += fmt.Sprintf("; complete-tx of %d bytes done on the mbarrier at 0x%x", v.Bytes, v.Mbar)
	case v.Mbar >= 0:
		s += fmt.Sprintf("; will complete-tx %d bytes on the mbarrier at 0x%x", v.Bytes, v.Mbar)
	case v.Group > 0:
		s += fmt.Sprintf("; bulk group %d", v.Group)
	}
	return s
}

// rangesText writes byte runs as [0x0, 0x400) ∪ ....
func rangesText(rs [][2]int) string {
	var parts []string
	for i, r := range rs {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("… (%d runs)", len(rs)))
			break
		}
		parts = append(parts, fmt.Sprintf("[0x%x, 0x%x)", r[0], r[0]+r[1]))
	}
	return strings.Join(parts, " ∪ ")
}

func (c *Tmaview) tensorSVG() string {
	if v := c.cur(); v != nil {
		return tensorBoxSVG(v)
	}
	return ""
}

func (c *Tmaview) smemSVG() string {
	if v := c.cur(); v != nil {
		return swizzleSVG(v)
	}
	return ""
}

// stateClass is "pending" for a copy in flight, "landed" for one landed.
func stateClass(v *sim.BulkView) string {
	if v.Landed {
		return "landed"
	}
	return "pending"
}

// dim2 gives dimension i of a tensor view, 1 past its rank.
func dim2(xs []uint32, i int) int64 {
	if i < len(xs) {
		return int64(xs[i])
	}
	return 1
}

// boxInside counts the elements of a box along one dimension and those
// inside the tensor (n at coordinate c + n*stride).
func boxInside(dim, box, stride uint32, c int64) (n, in int64) {
	n = int64((box + stride - 1) / stride)
	for k := int64(0); k < n; k++ {
		if g := c + k*int64(stride); g >= 0 && g < int64(dim) {
			in++
		}
	}
	return n, in
}

// tensorBoxSVG draws the global tensor's innermost two dimensions with the
// box at the copy's coordinates; box parts outside the tensor are hatched
// (they read the fill, or a store skips them). The box rectangle carries
// its element coordinates as data-x, data-y, data-w, data-h.
func tensorBoxSVG(v *sim.BulkView) string {
	t := v.Tensor
	if t.Mode == "im2col" {
		return im2colSVG(v)
	}
	W, H := dim2(t.Dims, 0), dim2(t.Dims, 1)
	bw, bh := dim2(t.Box, 0), dim2(t.Box, 1)
	var bx, by int64
	if len(t.Coords) > 0 {
		bx = t.Coords[0]
	}
	if len(t.Coords) > 1 {
		by = t.Coords[1]
	}
	x0, x1 := min(0, bx), max(W, bx+bw)
	y0, y1 := min(0, by), max(H, by+bh)
	for _, r := range t.GatherRows {
		y0, y1 = min(y0, r), max(y1, r+1)
	}
	const maxW, maxH, left, top = 256.0, 150.0, 30.0, 30.0
	s := min(maxW/float64(x1-x0), maxH/float64(y1-y0), 12)
	sx, sy := s, s
	if float64(y1-y0)*sy < 14 {
		sy = 14 / float64(y1-y0)
	}
	X := func(x int64) float64 { return left + float64(x-x0)*sx }
	Y := func(y int64) float64 { return top + float64(y-y0)*sy }
	width, height := max(X(x1)+8, 300), Y(y1)+18
	var b strings.Builder
	fmt.Fprintf(&b, `<svg id="tma-tensor" class="tma-svg" viewBox="0 0 %.0f %.0f" width="%.0f" height="%.0f" role="img" aria-label="the box over the global tensor">`, width, height, width, height)
	b.WriteString(`<defs><pattern id="tma-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" class="tma-hatch-line"/></pattern></defs>`)
	what := "global tensor"
	if t.Store {
		what = "global tensor (destination)"
	}
	head := fmt.Sprintf("%s %s %s", what, extentText(t.Dims), t.DType)
	for i := 2; i < len(t.Dims) && i < len(t.Coords); i++ { // the slice drawn: where the box starts in the outer dimensions
		head += fmt.Sprintf(", d%d from %d", i, t.Coords[i])
	}
	fmt.Fprintf(&b, `<text x="4" y="11" class="tma-cap">%s</text>`, head)
	fmt.Fprintf(&b, `<rect id="tma-global" class="tma-global" x="%.1f" y="%.1f" width="%.1f" height="%.1f"/>`, X(0), Y(0), float64(W)*sx, float64(H)*sy)
	// The grid of boxes the tensor divides into, where there are few.
	if bw > 0 && W/bw <= 32 {
		for x := bw; x < W; x += bw {
			fmt.Fprintf(&b, `<line class="tma-tile" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, X(x), Y(0), X(x), Y(H))
		}
	}
	if bh > 0 && H/bh <= 32 && H > 1 {
		for y := bh; y < H; y += bh {
			fmt.Fprintf(&b, `<line class="tma-tile" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, X(0), Y(y), X(W), Y(y))
		}
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" class="tma-axis" text-anchor="end">0</text>`, X(0)-3, Y(0)+9)
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" class="tma-axis" text-anchor="end">%d</text>`, X(0)-3, Y(H), H)
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" class="tma-axis" text-anchor="middle">%d</text>`, X(W), Y(y1)+12, W)
	// The box, then its parts outside the tensor.
	cls := "tma-box " + stateClass(v)
	fmt.Fprintf(&b, `<rect id="tma-box" class="%s" data-x="%d" data-y="%d" data-w="%d" data-h="%d" x="%.1f" y="%.1f" width="%.1f" height="%.1f"><title>box %s at (%s)</title></rect>`,
		cls, bx, by, bw, bh, X(bx), Y(by), float64(bw)*sx, float64(bh)*sy, extentText(t.Box), coordsText(t.Coords))
	for i, r := range t.GatherRows { // gather4: the other three rows
		if i > 0 {
			fmt.Fprintf(&b, `<rect class="%s tma-row" data-x="%d" data-y="%d" data-w="%d" data-h="1" x="%.1f" y="%.1f" width="%.1f" height="%.1f"><title>row %d of the gather: %d</title></rect>`,
				cls, bx, r, bw, X(bx), Y(r), float64(bw)*sx, sy, i, r)
		}
	}
	type rect struct{ x0, y0, x1, y1 int64 }
	var out []rect
	if bx < 0 {
		out = append(out, rect{bx, by, min(0, bx+bw), by + bh})
	}
	if bx+bw > W {
		out = append(out, rect{max(W, bx), by, bx + bw, by + bh})
	}
	mx0, mx1 := max(bx, 0), min(bx+bw, W)
	if mx0 < mx1 {
		if by < 0 {
			out = append(out, rect{mx0, by, mx1, min(0, by+bh)})
		}
		if by+bh > H {
			out = append(out, rect{mx0, max(H, by), mx1, by + bh})
		}
	}
	total, inside := int64(1), int64(1)
	for i := range t.Box {
		var c int64
		if i < len(t.Coords) {
			c = t.Coords[i]
		}
		stride := uint32(1)
		if i < len(t.ElemStrides) {
			stride = t.ElemStrides[i]
		}
		n, in := boxInside(t.Dims[i], t.Box[i], stride, c)
		total, inside = total*n, inside*in
	}
	if len(out) > 0 || inside < total {
		fill := t.Fill + " fill"
		if t.Store {
			fill = "skipped"
		}
		fmt.Fprintf(&b, `<g id="tma-oob" class="tma-oob" data-elems="%d"><title>%d of the box's %d elements are outside the tensor: %s</title>`, total-inside, total-inside, total, fill)
		for _, r := range out {
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f"/>`, X(r.x0), Y(r.y0), float64(r.x1-r.x0)*sx, float64(r.y1-r.y0)*sy)
		}
		b.WriteString(`</g>`)
	}
	label := fmt.Sprintf("box %s at (%s)", extentText(t.Box), coordsText(t.Coords))
	if len(t.GatherRows) > 0 {
		label = fmt.Sprintf("gather4: %d elements at column %d of rows %s", bw, bx, coordsText(t.GatherRows))
	}
	if total > inside {
		label += fmt.Sprintf(": %d outside, %s", total-inside, map[bool]string{false: t.Fill + " fill", true: "skipped"}[t.Store])
	}
	fmt.Fprintf(&b, `<text x="4" y="24" class="tma-cap2">%s</text>`, escapeHTML(label))
	b.WriteString(`</svg>`)
	return b.String()
}

func extentText(ds []uint32) string {
	var p []string
	for _, d := range ds {
		p = append(p, strconv.FormatUint(uint64(d), 10))
	}
	return strings.Join(p, " x ")
}

func coordsText(cs []int64) string {
	var p []string
	for _, c := range cs {
		p = append(p, strconv.FormatInt(c, 10))
	}
	return strings.Join(p, ", ")
}

// Layout of the shared-memory picture: one row per 128-byte line, eight
// 16-byte chunk positions a row.
const (
	smCellW, smCellH = 26, 17
	smLeft, smTop    = 46, 42
	smMaxLines       = 16
)

// swizzleSVG draws the shared memory a tensor copy writes (a load) or read
// (a store), 128-byte line by line: each 16-byte position is filled with
// the chunk of the box held there, labelled and coloured by its place k
// in the box's row (class tma-kK; data-pos its shared address, data-row
// and data-chunk the box row and k), so that with a swizzle the XOR of k
// with the line's number shows as a pattern.
func swizzleSVG(v *sim.BulkView) string {
	t := v.Tensor
	base := v.Dst
	if t.Store {
		base = v.Src
	}
	size := uint64(v.Bytes)
	rowBytes := uint64(dim2(t.Box, 0)) * uint64(t.ElemSize)
	first := base / 128 * 128
	end := (base + size + 127) / 128 * 128
	lines := int((end - first) / 128)
	shown := min(lines, smMaxLines)
	width := smLeft + 8*smCellW + 64
	height := smTop + shown*smCellH + 22
	var b strings.Builder
	fmt.Fprintf(&b, `<svg id="tma-smem" class="tma-svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="the copy's chunks in shared memory">`, width, height, width, height)
	sw := "no swizzle"
	if t.Swizzle > 0 {
		sw = fmt.Sprintf("line L: chunk p lands at p XOR (L mod %d)", t.Swizzle/16)
	}
	head := "shared memory"
	if t.Swizzle > 0 {
		head += fmt.Sprintf(", %dB swizzle", t.Swizzle)
	}
	fmt.Fprintf(&b, `<text x="4" y="11" class="tma-cap">%s</text>`, head)
	fmt.Fprintf(&b, `<text x="4" y="24" class="tma-cap2">%s</text>`, sw)
	for p := 0; p < 8; p++ {
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="tma-axis" text-anchor="middle">%d</text>`, smLeft+p*smCellW+smCellW/2, smTop-1, p)
	}
	dash := stateClass(v)
	for l := 0; l < shown; l++ {
		la := first + uint64(l)*128
		y := smTop + l*smCellH + 2
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="tma-axis" text-anchor="end">0x%x</text>`, smLeft-4, y+12, la)
		rmin, rmax := int64(-1), int64(-1)
		for p := 0; p < 8; p++ {
			a := la + uint64(p)*16
			x := smLeft + p*smCellW
			q := sim.SwizzleChunk(a, t.Swizzle) // the dense chunk that lands here
			if q < base || q >= base+size {
				fmt.Fprintf(&b, `<rect class="tma-chunk none" x="%d" y="%d" width="%d" height="%d"/>`, x+1, y, smCellW-2, smCellH-2)
				continue
			}
			off := q - base
			row, k := int64(off/rowBytes), (off%rowBytes)/16
			if rmin < 0 {
				rmin = row
			}
			rmax = max(rmax, row)
			fmt.Fprintf(&b, `<g class="tma-chunk tma-k%d %s" data-pos="%d" data-row="%d" data-chunk="%d"><title>shared 0x%x-0x%x holds box row %d, bytes %d-%d (chunk %d of the row)</title><rect x="%d" y="%d" width="%d" height="%d" rx="2"/><text x="%d" y="%d" text-anchor="middle">%d</text></g>`,
				k%8, dash, a, row, k, a, a+15, row, k*16, k*16+15, k, x+1, y, smCellW-2, smCellH-2, x+smCellW/2, y+12, k)
		}
		if rmin >= 0 {
			rows := fmt.Sprintf("row %d", rmin)
			if rmax > rmin {
				rows = fmt.Sprintf("rows %d-%d", rmin, rmax)
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" class="tma-axis">%s</text>`, smLeft+8*smCellW+6, y+12, rows)
		}
	}
	if lines > shown {
		fmt.Fprintf(&b, `<text x="4" y="%d" class="tma-cap2">… %d more lines (the pattern repeats)</text>`, smTop+shown*smCellH+14, lines-shown)
	} else {
		fmt.Fprintf(&b, `<text x="4" y="%d" class="tma-cap2">numbers: chunk k of its box row (%d B)</text>`, smTop+shown*smCellH+14, rowBytes)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// im2colSVG draws an im2col copy over one image of the batch (its W x H
// plane; 3D tensors have H = 1): the bounding box shifted by the im2col
// offsets (where the filter bases' pixels are read; #tma-box) and each
// pixel the copy reads from the first image it touches (class tma-px,
// data-p its place in the column, data-w and data-h; outside the image:
// oob, the fill).
func im2colSVG(v *sim.BulkView) string {
	t := v.Tensor
	r := len(t.Dims)
	W, H := int64(t.Dims[1]), int64(1)
	if r >= 4 {
		H = int64(t.Dims[2])
	}
	n0 := t.Coords[r-1]
	var d0 int64
	if len(t.Pixels) > 0 {
		d0 = t.Pixels[0][2]
	}
	off := func(k int) int64 {
		if k < len(t.Offsets) {
			return t.Offsets[k]
		}
		return 0
	}
	lowHigh := func(k int, dim int64) (int64, int64) {
		if k >= len(t.Lower) {
			return 0, 0
		}
		return int64(t.Lower[k]) + off(k), dim - 1 + int64(t.Upper[k]) + off(k)
	}
	bx0, bx1 := lowHigh(0, W)
	by0, by1 := lowHigh(1, H)
	x0, x1 := min(0, bx0), max(W, bx1+1)
	y0, y1 := min(0, by0), max(H, by1+1)
	var mine []int
	counts := map[int64]int{}
	for i, p := range t.Pixels {
		counts[p[3]]++
		if p[3] == n0 && p[2] == d0 {
			mine = append(mine, i)
			x0, x1 = min(x0, p[0]), max(x1, p[0]+1)
			y0, y1 = min(y0, p[1]), max(y1, p[1]+1)
		}
	}
	const maxW, maxH, left, top = 256.0, 150.0, 30.0, 30.0
	s := min(maxW/float64(x1-x0), maxH/float64(y1-y0), 16)
	X := func(x int64) float64 { return left + float64(x-x0)*s }
	Y := func(y int64) float64 { return top + float64(y-y0)*s }
	width, height := max(X(x1)+8, 300), Y(y1)+18
	var b strings.Builder
	fmt.Fprintf(&b, `<svg id="tma-tensor" class="tma-svg" viewBox="0 0 %.0f %.0f" width="%.0f" height="%.0f" role="img" aria-label="the pixels an im2col copy reads">`, width, height, width, height)
	b.WriteString(`<defs><pattern id="tma-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" class="tma-hatch-line"/></pattern></defs>`)
	head := fmt.Sprintf("image %d of %d: %d x %d, %d channels %s", n0, t.Dims[r-1], W, H, t.Dims[0], t.DType)
	if r == 5 {
		head += fmt.Sprintf(", d = %d", d0)
	}
	fmt.Fprintf(&b, `<text x="4" y="11" class="tma-cap">%s</text>`, escapeHTML(head))
	fmt.Fprintf(&b, `<rect id="tma-global" class="tma-global" x="%.1f" y="%.1f" width="%.1f" height="%.1f"/>`, X(0), Y(0), float64(W)*s, float64(H)*s)
	fmt.Fprintf(&b, `<rect id="tma-box" class="tma-box %s" data-x="%d" data-y="%d" data-w="%d" data-h="%d" x="%.1f" y="%.1f" width="%.1f" height="%.1f"><title>the bounding box shifted by the im2col offsets: where the filter bases' pixels are read</title></rect>`,
		stateClass(v), bx0, by0, bx1-bx0+1, by1-by0+1, X(bx0), Y(by0), float64(bx1-bx0+1)*s, float64(by1-by0+1)*s)
	for _, i := range mine {
		p := t.Pixels[i]
		cls := "tma-px " + stateClass(v)
		if p[0] < 0 || p[0] >= W || p[1] < 0 || p[1] >= H || p[3] < 0 || p[3] >= int64(t.Dims[r-1]) {
			cls += " oob"
		}
		fmt.Fprintf(&b, `<rect class="%s" data-p="%d" data-w="%d" data-h="%d" x="%.1f" y="%.1f" width="%.1f" height="%.1f"><title>pixel %d of the column: w %d, h %d</title></rect>`,
			cls, i, p[0], p[1], X(p[0])+1, Y(p[1])+1, max(s-2, 1), max(s-2, 1), i, p[0], p[1])
	}
	var rest []string
	for n := n0 + 1; counts[n] > 0; n++ {
		rest = append(rest, fmt.Sprintf("%d of image %d", counts[n], n))
	}
	label := fmt.Sprintf("%d pixels here", len(mine))
	if len(rest) > 0 {
		label += ", " + strings.Join(rest, ", ")
	}
	label += fmt.Sprintf("; offsets (%s)", coordsText(t.Offsets))
	fmt.Fprintf(&b, `<text x="4" y="24" class="tma-cap2">%s</text>`, escapeHTML(label))
	b.WriteString(`</svg>`)
	return b.String()
}
