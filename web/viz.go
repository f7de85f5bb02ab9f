// viz.go: the state behind the bit visualizers (prmt, lop3, shf, bfe,
// bfi): the operands, what each control does to them, and the SVG the
// components show. Plain Go with no syscall/js, tested natively; the
// models themselves are core/bits.

package web

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/bits"
	"github.com/ptxplay/ptxplay/core/sim"
)

// The visualizer kinds, as the menu lists them.
var VizKinds = []struct{ Kind, Label string }{
	{"prmt", "prmt: byte permute"},
	{"lop3", "lop3: truth table"},
	{"shf", "shf: funnel shift"},
	{"bfe", "bfe: bit field extract"},
	{"bfi", "bfi: bit field insert"},
}

// Viz is one visualizer's state. The operands are named as in the
// instruction: prmt d, a, b, c; lop3 d, a, b, c, immLut; shf d, a, b, c;
// bfe d, a, pos, len; bfi f, a, b, pos, len.
type Viz struct {
	Kind   string
	A, B   uint64
	C      uint32 // prmt selector, lop3 c (low 32 bits), shf shift
	Pos    uint32 // bfe/bfi
	Len    uint32 // bfe/bfi
	Mode   bits.PrmtMode
	Lut    uint8
	Left   bool // shf.l
	Clamp  bool // shf .clamp
	Signed bool // bfe.s
	Width  int  // bfe/bfi: 32 or 64
	Expr   string
	Err    string // what the last edit got wrong, for the user
	Origin string // "warp 0 lane 3, line 24: prmt.b32 ...", "" when standalone
	// Earlier is set when the warp has moved past the instruction.
	Earlier bool
	Names   [5]string // the operands as the instruction wrote them
}

// NewViz returns a standalone visualizer of kind with operands that show
// something at once.
func NewViz(kind string) *Viz {
	v := &Viz{Kind: kind, Width: 32}
	switch kind {
	case "prmt":
		v.A, v.B, v.C = 0x33221100, 0xf7e6d5c4, 0x5140
	case "lop3":
		v.A, v.B, v.C, v.Lut = 0xf0, 0xcc, 0xaa, 0xe8
	case "shf":
		v.A, v.B, v.C, v.Left = 0x89abcdef, 0x01234567, 8, true
	case "bfe":
		v.A, v.Pos, v.Len, v.Signed = 0xdeadbeef, 8, 12, true
	case "bfi":
		v.A, v.B, v.Pos, v.Len = 0x5, 0xffff0000, 4, 8
	}
	v.Expr = bits.DescribeLut(v.Lut)
	v.Names = [5]string{"a", "b", "c", "", ""}
	return v
}

// Result is the instruction's destination value.
func (v *Viz) Result() uint64 {
	switch v.Kind {
	case "prmt":
		return uint64(bits.Prmt(uint32(v.A), uint32(v.B), v.C, v.Mode))
	case "lop3":
		return uint64(bits.Lop3(uint32(v.A), uint32(v.B), v.C, v.Lut))
	case "shf":
		return uint64(bits.ShfValue(uint32(v.A), uint32(v.B), v.C, v.Left, v.Clamp))
	case "bfe":
		return bits.BfeRoutes(v.field(), v.Signed).Value(v.A, 0)
	case "bfi":
		return bits.BfiRoutes(v.field()).Value(v.A, v.B)
	}
	return 0
}

func (v *Viz) field() bits.Field { return bits.NewField(v.width(), v.Pos, v.Len) }

func (v *Viz) width() int {
	if v.Width == 64 {
		return 64
	}
	return 32
}

// Hex formats a value of the visualizer's width.
func (v *Viz) Hex(x uint64) string {
	if v.Kind == "bfe" || v.Kind == "bfi" {
		if v.width() == 64 {
			return fmt.Sprintf("0x%016x", x)
		}
	}
	return fmt.Sprintf("0x%08x", uint32(x))
}

// ResultHex is the destination in hex.
func (v *Viz) ResultHex() string { return v.Hex(v.Result()) }

// parseNum reads a number as the page's fields take it: decimal, 0x hex,
// 0b binary, or negative (two's complement).
func parseNum(s string, bitsize int) (uint64, error) {
	s = strings.TrimSpace(strings.ReplaceAll(s, "_", ""))
	if s == "" {
		return 0, fmt.Errorf("empty: enter a number such as 0x3210")
	}
	if strings.HasPrefix(s, "-") {
		n, err := strconv.ParseInt(s, 0, bitsize)
		if err != nil {
			return 0, fmt.Errorf("%q is not a %d-bit number", s, bitsize)
		}
		if bitsize < 64 {
			return uint64(n) & (1<<bitsize - 1), nil
		}
		return uint64(n), nil
	}
	n, err := strconv.ParseUint(s, 0, bitsize)
	if err != nil {
		return 0, fmt.Errorf("%q is not a %d-bit number", s, bitsize)
	}
	return n, nil
}

// Set changes one operand from its text field: "a", "b", "c", "pos",
// "len", "lut". A bad value leaves the operand and sets Err.
func (v *Viz) Set(field, text string) {
	size := 32
	if (field == "a" || field == "b") && v.width() == 64 && (v.Kind == "bfe" || v.Kind == "bfi") {
		size = 64
	}
	if field == "lut" {
		size = 8
	}
	n, err := parseNum(text, size)
	if err != nil {
		v.Err = field + ": " + err.Error()
		return
	}
	v.Err = ""
	switch field {
	case "a":
		v.A = n
	case "b":
		v.B = n
	case "c":
		v.C = uint32(n)
	case "pos":
		v.Pos = uint32(n)
	case "len":
		v.Len = uint32(n)
	case "lut":
		v.SetLut(uint8(n))
	}
}

// SetMode takes the prmt mode from the menu ("" for the generic form).
func (v *Viz) SetMode(s string) {
	if m, ok := bits.ParsePrmtMode(s); ok {
		v.Mode = m
	}
}

// SetOption flips a modifier: "left", "clamp", "signed", "wide" (64-bit).
func (v *Viz) SetOption(name string, on bool) {
	switch name {
	case "left":
		v.Left = on
	case "clamp":
		v.Clamp = on
	case "signed":
		v.Signed = on
	case "wide":
		v.Width = 32
		if on {
			v.Width = 64
		}
	}
}

// ---- prmt ----

// PrmtNibble is one selector field of c.
type PrmtNibble struct {
	Index int    // result byte it drives (generic) or 0 for a mode's c[1:0]
	Value uint8  // 0..15 (generic) or 0..3 (mode)
	Hex   string // "5"
	Label string // "d.b2 <- b5", "d.b0 <- sign of a1"
}

// PrmtNibbles lists the selector fields that count: the four nibbles of
// c[15:0] in the generic form, c[1:0] under a mode.
func (v *Viz) PrmtNibbles() []PrmtNibble {
	routes := bits.PrmtRoutes(uint32(v.A), uint32(v.B), v.C, v.Mode)
	if v.Mode != bits.PrmtGeneric {
		s := uint8(v.C & 3)
		return []PrmtNibble{{Index: 0, Value: s, Hex: strconv.Itoa(int(s)), Label: "c[1:0] selects the " + v.Mode.String() + " pattern"}}
	}
	// Most significant first, as the hex digits of c are written.
	ns := make([]PrmtNibble, 0, 4)
	for i := 3; i >= 0; i-- {
		n := uint8(v.C>>(4*i)) & 0xf
		r := routes[i]
		label := fmt.Sprintf("d.b%d ← %s", i, srcByteName(r.Src))
		if r.Sign {
			label = fmt.Sprintf("d.b%d ← sign %s", i, srcByteName(r.Src))
		}
		ns = append(ns, PrmtNibble{Index: i, Value: n, Hex: fmt.Sprintf("%x", n), Label: label})
	}
	return ns
}

// srcByteName names byte k of {b, a}: a0..a3, b0..b3 (as source bytes 4..7).
func srcByteName(k uint8) string {
	if k < 4 {
		return fmt.Sprintf("a.b%d", k)
	}
	return fmt.Sprintf("b.b%d", k-4)
}

// SetNibble sets selector field i of c (generic form) or c[1:0] (a mode).
func (v *Viz) SetNibble(i int, text string) {
	n, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(strings.ToLower(text), "0x")), 16, 8)
	max := uint64(15)
	if v.Mode != bits.PrmtGeneric {
		max = 3
	}
	if err != nil || n > max {
		v.Err = fmt.Sprintf("selector: %q is not a hex digit 0-%x", text, max)
		return
	}
	v.Err = ""
	if v.Mode != bits.PrmtGeneric {
		v.C = v.C&^3 | uint32(n)
		return
	}
	v.C = v.C&^(0xf<<(4*i)) | uint32(n)<<(4*i)
}

// PrmtDestBytes are the result bytes d.b3 .. d.b0 in hex, left to right.
func (v *Viz) PrmtDestBytes() []string {
	d := uint32(v.Result())
	return []string{fmt.Sprintf("%02x", d>>24&0xff), fmt.Sprintf("%02x", d>>16&0xff), fmt.Sprintf("%02x", d>>8&0xff), fmt.Sprintf("%02x", d&0xff)}
}

// Layout of the prmt picture: 8 source boxes (b.b3 .. a.b0, as {b, a} is
// written, most significant first) above 4 result boxes, centered.
const (
	prmtBox   = 46
	prmtGap   = 6
	prmtTop   = 18
	prmtBot   = 128
	prmtWidth = 8*prmtBox + 7*prmtGap
)

func prmtSrcX(k uint8) int { return int(7-k) * (prmtBox + prmtGap) }
func prmtDstX(i int) int {
	off := (prmtWidth - (4*prmtBox + 3*prmtGap)) / 2
	return off + (3-i)*(prmtBox+prmtGap)
}

// PrmtSVG draws the source bytes, the result bytes and a route from each
// result byte to the byte it takes (dashed when the byte's sign is
// replicated). Element ids let the browser test read the picture.
func (v *Viz) PrmtSVG() string {
	a, b := uint32(v.A), uint32(v.B)
	routes := bits.PrmtRoutes(a, b, v.C, v.Mode)
	used := [8]bool{}
	for _, r := range routes {
		used[r.Src] = true
	}
	var s strings.Builder
	fmt.Fprintf(&s, `<svg class="viz-svg" viewBox="-2 0 %d %d" width="%d" height="%d" role="img" aria-label="prmt byte routes">`, prmtWidth+4, prmtBot+50, prmtWidth+4, prmtBot+50)
	fmt.Fprintf(&s, `<text x="%d" y="12" class="viz-cap">b</text><text x="%d" y="12" class="viz-cap">a</text>`, 2*(prmtBox+prmtGap)-10, 6*(prmtBox+prmtGap)-10)
	src := uint64(b)<<32 | uint64(a)
	for k := uint8(0); k < 8; k++ {
		x := prmtSrcX(k)
		val := uint8(src >> (8 * k))
		cls := "viz-byte"
		if used[k] {
			cls += " used"
		}
		fmt.Fprintf(&s, `<g id="prmt-src-%d" class="%s" data-value="%02x"><rect x="%d" y="%d" width="%d" height="30" rx="3"/><text x="%d" y="%d" class="viz-hex">%02x</text><text x="%d" y="%d" class="viz-idx">%d</text></g>`,
			k, cls, val, x, prmtTop, prmtBox, x+prmtBox/2, prmtTop+20, val, x+prmtBox/2, prmtTop+42, k)
	}
	for i, r := range routes {
		x1 := prmtSrcX(r.Src) + prmtBox/2
		x2 := prmtDstX(i) + prmtBox/2
		cls := "viz-route"
		if r.Sign {
			cls += " sign"
		}
		fmt.Fprintf(&s, `<line id="prmt-route-%d" class="%s" data-src="%d" x1="%d" y1="%d" x2="%d" y2="%d"/>`, i, cls, r.Src, x1, prmtTop+46, x2, prmtBot-2)
	}
	for i, r := range routes {
		x := prmtDstX(i)
		cls := "viz-byte dst"
		if r.Sign {
			cls += " sign"
		}
		fmt.Fprintf(&s, `<g id="prmt-dst-%d" class="%s" data-value="%02x"><rect x="%d" y="%d" width="%d" height="30" rx="3"/><text x="%d" y="%d" class="viz-hex">%02x</text><text x="%d" y="%d" class="viz-idx">d.b%d</text></g>`,
			i, cls, r.Out, x, prmtBot, prmtBox, x+prmtBox/2, prmtBot+20, r.Out, x+prmtBox/2, prmtBot+44, i)
	}
	s.WriteString(`</svg>`)
	return s.String()
}

// ---- lop3 ----

// Lop3Row is one row of the truth table.
type Lop3Row struct {
	K       int // row index: a b c as a 3-bit number
	A, B, C int
	Out     int
}

// Lop3Rows lists the 8 rows, row 0 (a = b = c = 0) first.
func (v *Viz) Lop3Rows() []Lop3Row {
	t := bits.TruthTable(v.Lut)
	rows := make([]Lop3Row, 8)
	for k := range rows {
		a, b, c := bits.TruthRow(k)
		rows[k] = Lop3Row{K: k, A: b2i(a), B: b2i(b), C: b2i(c), Out: b2i(t[k])}
	}
	return rows
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ToggleRow flips the output of truth-table row k: immLut bit k.
func (v *Viz) ToggleRow(k int) {
	if k >= 0 && k < 8 {
		v.SetLut(v.Lut ^ 1<<k)
	}
}

// SetLut takes a new immLut and rewrites the expression to match.
func (v *Viz) SetLut(lut uint8) {
	v.Lut = lut
	v.Expr = bits.DescribeLut(lut)
	v.Err = ""
}

// SetExpr takes an expression over a, b, c: a valid one sets immLut (and
// the table); a bad one keeps them and says where it went wrong.
func (v *Viz) SetExpr(text string) {
	v.Expr = text
	lut, err := bits.ParseLogic(text)
	if err != nil {
		v.Err = "expression: " + err.Error()
		return
	}
	v.Err = ""
	v.Lut = lut
}

// LutHex is immLut as PTX writes it.
func (v *Viz) LutHex() string { return fmt.Sprintf("0x%02x", v.Lut) }

// LutName is the function's well-known name, if it has one.
func (v *Viz) LutName() string { return bits.LutName(v.Lut) }

// Shortest is the table's short expression (the expression field may hold
// the user's own longer one).
func (v *Viz) Shortest() string { return bits.DescribeLut(v.Lut) }

// ---- shf, bfe, bfi ----

// bitRow is one operand row of a bit diagram.
type bitRow struct {
	name  string
	op    byte // 'a' or 'b'; 0 for shf's pair
	width int
	val   uint64
}

// BitsSVG draws the operand bits above the result bits with a route per
// result bit: shf shows the 64-bit pair {b, a} and the 32-bit window it
// keeps; bfe the field in a and the sign fill; bfi the field of a landing
// in b.
func (v *Viz) BitsSVG() string {
	const cw, ch = 11, 16
	var routes bits.BitRoutes
	var rows []bitRow
	switch v.Kind {
	case "shf":
		routes = bits.ShfModel(v.C, v.Left, v.Clamp).Routes
		rows = append(rows, bitRow{"{b, a}", 0, 64, v.B<<32 | v.A&0xffffffff})
	case "bfe":
		routes = bits.BfeRoutes(v.field(), v.Signed)
		rows = append(rows, bitRow{"a", 'a', v.width(), v.A})
	case "bfi":
		routes = bits.BfiRoutes(v.field())
		rows = append(rows, bitRow{"a", 'a', v.width(), v.A}, bitRow{"b", 'b', v.width(), v.B})
	default:
		return ""
	}
	res := v.Result()
	maxw := 0
	for _, r := range rows {
		maxw = max(maxw, r.width)
	}
	left := 44
	width := left + maxw*cw + 4
	// Source rows at the top, the result at the bottom, aligned on the
	// right (bit 0 at the right edge, as numbers are written).
	rowY := func(i int) int { return 8 + i*(ch+26) }
	resY := rowY(len(rows)) + 60
	height := resY + ch + 24
	xOf := func(w, bit int) int { return left + (maxw-1-bit)*cw }
	// The result sits under the bits it takes: shf's under its window of
	// {b, a}, so the routes drop straight down; bfe's and bfi's under a.
	resX := func(bit int) int {
		if v.Kind == "shf" {
			return xOf(64, bits.ShfModel(v.C, v.Left, v.Clamp).Lo+bit)
		}
		return xOf(len(routes), bit)
	}
	var s strings.Builder
	fmt.Fprintf(&s, `<svg class="viz-svg viz-bits" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s bit routes">`, width, height, width, height, html.EscapeString(v.Kind))
	used := map[[2]int]bool{} // (row, bit) a route starts from
	for _, r := range routes {
		for ri, row := range rows {
			if v.Kind == "shf" && r.Op != 0 {
				bit := int(r.Bit)
				if r.Op == 'b' {
					bit += 32
				}
				used[[2]int{ri, bit}] = true
			} else if r.Op == row.op && r.Op != 0 {
				used[[2]int{ri, int(r.Bit)}] = true
			}
		}
	}
	for ri, row := range rows {
		y := rowY(ri)
		fmt.Fprintf(&s, `<text x="2" y="%d" class="viz-cap">%s</text>`, y+12, html.EscapeString(row.name))
		for bit := 0; bit < row.width; bit++ {
			x := xOf(row.width, bit)
			cls := "viz-bit"
			if used[[2]int{ri, bit}] {
				cls += " used"
			}
			if v.Kind == "shf" && bit >= 32 {
				cls += " hi"
			}
			fmt.Fprintf(&s, `<g class="%s"><rect x="%d" y="%d" width="%d" height="%d"/><text x="%d" y="%d">%d</text></g>`,
				cls, x, y, cw-1, ch, x+cw/2, y+12, row.val>>bit&1)
		}
	}
	// Routes: from the source bit to the result bit.
	for i, r := range routes {
		if r.Op == 0 {
			continue
		}
		ri, bit := 0, int(r.Bit)
		switch {
		case v.Kind == "shf" && r.Op == 'b':
			bit += 32
		case v.Kind == "bfi" && r.Op == 'b':
			ri = 1
		}
		// Draw only the routes that move a bit, or bfi's inserted field and
		// bfe's fill: straight copies of b would bury the picture.
		if v.Kind == "bfi" && r.Op == 'b' {
			continue
		}
		cls := "viz-route"
		if r.Fill {
			cls += " sign"
		}
		x1 := xOf(rows[ri].width, bit) + cw/2
		x2 := resX(i) + cw/2
		fmt.Fprintf(&s, `<line class="%s" x1="%d" y1="%d" x2="%d" y2="%d"/>`, cls, x1, rowY(ri)+ch, x2, resY)
	}
	fmt.Fprintf(&s, `<text x="2" y="%d" class="viz-cap">d</text>`, resY+12)
	for bit := 0; bit < len(routes); bit++ {
		x := resX(bit)
		cls := "viz-bit dst"
		switch r := routes[bit]; {
		case r.Fill:
			cls += " sign"
		case r.Op == 0:
			cls += " zero"
		case v.Kind == "bfi" && r.Op == 'a', v.Kind == "bfe" && r.Op == 'a':
			cls += " field"
		}
		fmt.Fprintf(&s, `<g class="%s" id="%s-d-%d"><rect x="%d" y="%d" width="%d" height="%d"/><text x="%d" y="%d">%d</text></g>`,
			cls, v.Kind, bit, x, resY, cw-1, ch, x+cw/2, resY+12, res>>bit&1)
	}
	// Bit numbers under the result every 4 bits.
	for bit := 0; bit < len(routes); bit += 4 {
		x := resX(bit)
		fmt.Fprintf(&s, `<text x="%d" y="%d" class="viz-idx">%d</text>`, x+cw/2, resY+ch+12, bit)
	}
	s.WriteString(`</svg>`)
	return s.String()
}

// BitsCaption says in words what the diagram shows.
func (v *Viz) BitsCaption() string {
	switch v.Kind {
	case "shf":
		m := bits.ShfModel(v.C, v.Left, v.Clamp)
		dir, mode := "r", "wrap"
		if v.Left {
			dir = "l"
		}
		if v.Clamp {
			mode = "clamp"
		}
		return fmt.Sprintf("shf.%s.%s: n = %d, d = bits %d..%d of {b, a}", dir, mode, m.N, m.Lo, m.Lo+31)
	case "bfe":
		f := v.field()
		sign := "zero-filled"
		if v.Signed && f.Len != 0 {
			sign = fmt.Sprintf("filled with bit %d of a (the field's sign)", min(f.Pos+f.Len-1, f.Width-1))
		}
		return fmt.Sprintf("bfe: pos %d, len %d: %d bits of a from bit %d, %s", f.Pos, f.Len, f.Bits(), f.Pos, sign)
	case "bfi":
		f := v.field()
		return fmt.Sprintf("bfi: pos %d, len %d: a's low %d bits replace bits %d..%d of b", f.Pos, f.Len, f.Bits(), f.Pos, f.Pos+max(f.Bits(), 1)-1)
	}
	return ""
}

// ---- from the program ----

// IsVizOp reports whether an opcode (the part before the first dot) has
// a visualizer.
func IsVizOp(op string) bool {
	switch op {
	case "prmt", "lop3", "shf", "bfe", "bfi":
		return true
	}
	return false
}

// VizFromLine builds the visualizer for the instruction on one source line,
// with the operands a lane had: regs maps a register name to its value in
// that lane. It returns nil when the line holds no prmt, lop3, shf, bfe or
// bfi, or its operands cannot be read.
func VizFromLine(line string, regs func(name string) (uint64, bool)) *Viz {
	text := line
	if i := strings.Index(text, "//"); i >= 0 {
		text = text[:i]
	}
	text = strings.TrimSpace(text)
	if i := strings.Index(text, ":"); i >= 0 && !strings.ContainsAny(text[:i], " \t,%") {
		text = strings.TrimSpace(text[i+1:]) // a label on the same line
	}
	text = strings.TrimSuffix(strings.TrimSpace(strings.SplitN(text, ";", 2)[0]), ";")
	if strings.HasPrefix(text, "@") { // a guard
		f := strings.Fields(text)
		if len(f) < 2 {
			return nil
		}
		text = strings.TrimSpace(text[len(f[0]):])
	}
	fields := strings.Fields(text)
	if len(fields) < 2 {
		return nil
	}
	opcode := fields[0]
	mods := strings.Split(opcode, ".")
	if !IsVizOp(mods[0]) {
		return nil
	}
	var ops []string
	for _, o := range strings.Split(strings.TrimSpace(text[len(opcode):]), ",") {
		ops = append(ops, strings.TrimSpace(o))
	}
	val := func(i int) (uint64, bool) {
		if i >= len(ops) {
			return 0, false
		}
		o := ops[i]
		if strings.HasPrefix(o, "%") {
			return regs(o)
		}
		n, err := parseNum(o, 64)
		return n, err == nil
	}
	has := func(m string) bool {
		for _, x := range mods[1:] {
			if x == m {
				return true
			}
		}
		return false
	}
	v := NewViz(mods[0])
	v.Names = [5]string{}
	v.Err = ""
	need := map[string][]int{"prmt": {1, 2, 3}, "lop3": {1, 2, 3, 4}, "shf": {1, 2, 3}, "bfe": {1, 2, 3}, "bfi": {1, 2, 3, 4}}[v.Kind]
	var got []uint64
	for _, i := range need {
		x, ok := val(i)
		if !ok {
			return nil
		}
		got = append(got, x)
		v.Names[len(got)-1] = ops[i]
	}
	switch v.Kind {
	case "prmt":
		v.A, v.B, v.C = got[0]&0xffffffff, got[1]&0xffffffff, uint32(got[2])
		v.Mode = bits.PrmtGeneric
		for _, m := range mods[1:] {
			if pm, ok := bits.ParsePrmtMode(m); ok && m != "" {
				v.Mode = pm
			}
		}
	case "lop3":
		v.A, v.B, v.C = got[0]&0xffffffff, got[1]&0xffffffff, uint32(got[2])
		v.SetLut(uint8(got[3]))
	case "shf":
		v.A, v.B, v.C = got[0]&0xffffffff, got[1]&0xffffffff, uint32(got[2])
		v.Left, v.Clamp = has("l"), has("clamp")
	case "bfe":
		v.Width = 32
		if has("u64") || has("s64") {
			v.Width = 64
		}
		v.Signed = has("s32") || has("s64")
		v.A, v.Pos, v.Len = got[0], uint32(got[1]), uint32(got[2])
	case "bfi":
		v.Width = 32
		if has("b64") {
			v.Width = 64
		}
		v.A, v.B, v.Pos, v.Len = got[0], got[1], uint32(got[2]), uint32(got[3])
	}
	if v.Width == 32 {
		v.A &= 0xffffffff
		v.B &= 0xffffffff
	}
	return v
}

// VizFromSnapshot builds the visualizer for the instruction the warp is
// about to run, with the operands of lane; nil when it is none of ours.
func VizFromSnapshot(snap *sim.Snapshot, warp, lane int, source string) *Viz {
	w := findWarp(snap, warp)
	if w == nil || w.Line <= 0 || lane < 0 || lane > 31 {
		return nil
	}
	line, ok := sourceLine(source, w.Line)
	if !ok {
		return nil
	}
	regs := func(name string) (uint64, bool) {
		for _, r := range w.Regs {
			if r.Name == name {
				return r.Values[lane], true
			}
		}
		return 0, false
	}
	v := VizFromLine(line, regs)
	if v != nil {
		v.Origin = fmt.Sprintf("warp %d lane %d, line %d: %s", w.ID, lane, w.Line, strings.TrimSpace(strings.SplitN(line, "//", 2)[0]))
	}
	return v
}

// sourceLine is line n (from 1) of source, as strings.Split(source,
// "\n")[n-1] would give it, without splitting the whole text on every
// step; ok is false past the last line.
func sourceLine(source string, n int) (line string, ok bool) {
	if n < 1 {
		return "", false
	}
	for ; n > 1; n-- {
		i := strings.IndexByte(source, '\n')
		if i < 0 {
			return "", false
		}
		source = source[i+1:]
	}
	if i := strings.IndexByte(source, '\n'); i >= 0 {
		source = source[:i]
	}
	return source, true
}
