// im2col.go: tensor maps and loads in im2col mode (PTX ISA §5.5.4,
// cp.async.bulk.tensor.{3d,4d,5d}...im2col, §9.7.9.25.5.2).
//
// The tensor is a batch of images, C innermost: 3D NWC, 4D NHWC, 5D NDHWC
// (dimension 0 is C, dimensions 1..rank-2 are W, H, D, the last is N).
// The map's Bounding Box lies in the DHW space: in spatial dimension k it
// runs from Lower[k] to dims[k+1]-1+Upper[k] (the lower corner is an
// offset from the image's first element, the upper one from its last, as
// cuTensorMapEncodeIm2col takes them). The instruction's coordinates give
// the starting channel (C), the image (N) and, in DHW, the position of the
// convolution filter's base, which must lie in the Bounding Box; the
// im2col offsets (one a spatial dimension, .u16) are added to the filter
// base to give the pixel read.
//
// A load moves PixelsPerColumn pixels of ChannelsPerPixel channels each,
// dense in shared memory (pixel after pixel, the channels of a pixel
// together), laid out with the map's swizzle as a tile is. The pixels are
// the filter-base positions of the Bounding Box in raster order from the
// coordinates: W fastest, stepping by W's traversal stride; past the
// box's end in W the walk goes back to the lower corner and steps H (then
// D, then the next image, N). Pixels read outside the image (the base
// plus offsets outside 0..dim-1, an image past N-1) and channels outside
// 0..C-1 read the fill: zeros, or NaN with the NaN fill (§5.5.4.3).
//
// Where the ISA leaves the rule open, ptxplay chooses (README, "Tensor
// (TMA) copies"): the corners are given innermost first; a walk that
// passes the box's end restarts at the lower corner (not at the lower
// corner plus the start's phase of the stride); N steps by one whatever
// its traversal stride; a filter base outside the Bounding Box and an
// offset outside the ISA's range for the dimensionality are faults.
package sim

import (
	"fmt"
)

// im2colCorner is the range of a pixel box corner and im2colOffset of an
// im2col offset, by rank (§5.5.4.1's tables).
var (
	im2colCorner = map[int][2]int32{3: {-1 << 15, 1<<15 - 1}, 4: {-1 << 7, 1<<7 - 1}, 5: {-1 << 4, 1<<4 - 1}}
	im2colOffset = map[int]int64{3: 1<<16 - 1, 4: 1<<8 - 1, 5: 1<<5 - 1}
)

// checkIm2col applies cuTensorMapEncodeIm2col's rules on the im2col fields.
func (t *TensorMap) checkIm2col() (field, msg string) {
	if t.Rank < 3 {
		return "dims", fmt.Sprintf("has rank %d: an im2col map has 3 to 5 dimensions (NWC, NHWC, NDHWC)", t.Rank)
	}
	lim := im2colCorner[t.Rank]
	for k := 0; k < t.Rank-2; k++ {
		for _, c := range []struct {
			name string
			v    int32
		}{{"pixel_box_lower_corner", t.Lower[k]}, {"pixel_box_upper_corner", t.Upper[k]}} {
			if c.v < lim[0] || c.v > lim[1] {
				return fmt.Sprintf("%s[%d]", c.name, k), fmt.Sprintf("is %d: a %dD map's corners are %d to %d", c.v, t.Rank, lim[0], lim[1])
			}
		}
		if hi := int64(t.Dims[k+1]) - 1 + int64(t.Upper[k]); int64(t.Lower[k]) > hi {
			return fmt.Sprintf("pixel_box_upper_corner[%d]", k), fmt.Sprintf("leaves the bounding box empty in dimension %d: from %d to %d-1%+d = %d", k+1, t.Lower[k], t.Dims[k+1], t.Upper[k], hi)
		}
	}
	if t.ChannelsPerPixel < 1 || t.ChannelsPerPixel > 256 {
		return "channels_per_pixel", fmt.Sprintf("is %d: 1 to 256", t.ChannelsPerPixel)
	}
	if t.PixelsPerColumn < 1 || t.PixelsPerColumn > 1024 {
		return "pixels_per_column", fmt.Sprintf("is %d: 1 to 1024", t.PixelsPerColumn)
	}
	return "", ""
}

// im2colOffsets reads a lane's im2col offsets and checks them and the
// filter base against the map.
func (m *Machine) im2colOffsets(w *warp, o *op, lane int, t *tensorOp, tm *TensorMap, coords [5]int64) ([3]int64, bool) {
	var offs [3]int64
	for k, s := range t.offs {
		offs[k] = int64(uint16(w.reg(s)[lane]))
		if max := im2colOffset[tm.Rank]; offs[k] > max {
			m.raise(w, o, lane, fmt.Sprintf("%s: im2col offset %d (dimension %d) is %d, outside 0..%d for a %dd copy", t.name, k, k+1, offs[k], max, tm.Rank))
			return offs, false
		}
	}
	for k := 0; k < tm.Rank-2; k++ {
		lo, hi := int64(tm.Lower[k]), int64(tm.Dims[k+1])-1+int64(tm.Upper[k])
		if c := coords[k+1]; c < lo || c > hi {
			m.raise(w, o, lane, fmt.Sprintf("%s: the filter base's coordinate %d in dimension %d lies outside the bounding box %d..%d (ISA 5.5.4.1: it must be within)", t.name, c, k+1, lo, hi))
			return offs, false
		}
	}
	return offs, true
}

// im2colPixels walks the pixels of an im2col load in order: the pixel's
// spatial coordinates (the filter base plus the offsets) and its image.
func im2colPixels(tm *TensorMap, coords [5]int64, offs [3]int64, visit func(p int, g [3]int64, n int64)) {
	r := tm.Rank
	sp := r - 2 // spatial dimensions 1..r-2
	var pos [3]int64
	for k := 0; k < sp; k++ {
		pos[k] = coords[k+1]
	}
	n := coords[r-1]
	for p := 0; p < int(tm.PixelsPerColumn); p++ {
		var g [3]int64
		for k := 0; k < sp; k++ {
			g[k] = pos[k] + offs[k]
		}
		visit(p, g, n)
		// the next filter base: W fastest, within the bounding box
		k := 0
		for ; k < sp; k++ {
			pos[k] += int64(tm.ElemStrides[k+1])
			if pos[k] <= int64(tm.Dims[k+1])-1+int64(tm.Upper[k]) {
				break
			}
			pos[k] = int64(tm.Lower[k])
		}
		if k == sp {
			n++
		}
	}
}

// im2colBox walks an im2col load: for each element in shared-memory order
// (pixel after pixel, channels within a pixel) its global byte address and
// whether it is inside the tensor.
func im2colBox(tm *TensorMap, coords [5]int64, offs [3]int64, visit func(i int, addr uint64, in bool)) {
	r := tm.Rank
	cpp := int(tm.ChannelsPerPixel)
	im2colPixels(tm, coords, offs, func(p int, g [3]int64, n int64) {
		in := n >= 0 && n < int64(tm.Dims[r-1])
		base := tm.Addr
		if in {
			base += uint64(n) * tm.Strides[r-1]
		}
		for k := 0; k < r-2 && in; k++ {
			if g[k] < 0 || g[k] >= int64(tm.Dims[k+1]) {
				in = false
				break
			}
			base += uint64(g[k]) * tm.Strides[k+1]
		}
		for ch := 0; ch < cpp; ch++ {
			c := coords[0] + int64(ch)
			cin := in && c >= 0 && c < int64(tm.Dims[0])
			addr := base
			if cin {
				addr += uint64(c) * tm.Strides[0]
			}
			visit(p*cpp+ch, addr, cin)
		}
	})
}
