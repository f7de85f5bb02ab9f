// tensormap.go: tensor maps (PTX ISA §5.5) and the tensor (TMA) copies
// that use them (§9.7.9.25.5): cp.async.bulk.tensor.{1d..5d} loads and
// stores and cp.reduce.async.bulk.tensor in .tile mode.
//
// The ISA calls the 128-byte tensor map opaque; ptxplay's encoding (all
// little-endian; the launch contract writes it, tensormap.replace edits it):
//
//	  0  u64     global address of the tensor
//	  8  u64[4]  byte strides of dimensions 1..4 (dimension 0's is the element size)
//	 40  u32[5]  global dimensions, innermost first
//	 60  u32[5]  box dimensions (1..256)
//	 80  u32[5]  element (traversal) strides (1..8)
//	100  u8      rank (1..5)
//	101  u8      element type, numbered as CUtensorMapDataType (0 u8, 1 u16,
//	             2 u32, 3 s32, 4 u64, 5 s64, 6 f16, 7 f32, 8 f64, 9 bf16,
//	             10 f32 ftz, 11 tf32, 12 tf32 ftz)
//	102  u8      interleave (0 none; 1 16B and 2 32B are refused)
//	103  u8      swizzle (0 none, 1 32B, 2 64B, 3 128B)
//	104  u8      out-of-bounds fill (0 zeros, 1 NaN)
//	105  u8      L2 promotion (kept, no effect)
//	106  u8      mode (0 tiled, 1 im2col)
//	108  s16[3]  im2col: pixel box lower corner, innermost (W, H, D) first
//	114  s16[3]  im2col: pixel box upper corner, the same order
//	120  u16     im2col: channels per pixel (1..256)
//	122  u16     im2col: pixels per column (1..1024)
//	124  u32     0x50414d54 ("TMAP"): marks a map ptxplay made
//
// A tile-mode copy moves the box whose first element is at the
// coordinates the instruction gives (signed, each may be negative or past
// the tensor): ceil(box[i]/estride[i]) elements along each dimension i,
// element n at coordinate c[i] + n*estride[i]. In shared memory the box is
// dense, dimension 0 fastest; with a swizzle, the 16-byte chunk at shared
// address a moves to a ^ (((a >> 7) & (R-1)) << 4), R = 2, 4, 8 for 32B,
// 64B, 128B: the ISA's §5.5.7 tables, whose rows are 128-byte lines and
// whose pattern repeats every R lines from a 256-, 512- or 1024-byte
// boundary (the base-offset formula is the same XOR on the absolute
// address). Every box starts 128-byte aligned in shared memory, and a
// tile-mode box's innermost coordinate times the element size is a
// multiple of 16 bytes (its first element is 16-byte aligned in global
// memory): an H200 faults otherwise (misaligned shared address, illegal
// instruction; docs/gpucheck.md), so ptxplay raises a fault naming the
// lane.
// Elements outside the tensor read as zero, or as NaN (0x7ff7 in every 16
// bits, as an H200 fills) with the NaN fill, and a store skips them. A
// load through a tf32 map (with or without ftz) rounds each f32 inside
// the tensor to tf32, to nearest even, NaNs to 0x7fffe000, subnormals
// kept; f32 ftz maps copy the bits (an H200, testdata/gpu/tma_dtypes_f32).
// A store or reduction whose box starts at a negative coordinate faults:
// an H200 raises an illegal instruction where a load at the same box
// reads the fill (docs/gpucheck.md). The complete-tx count of a load is
// the whole box in bytes, out-of-bounds elements included.
//
// An im2col load (§5.5.4; 3D NWC, 4D NHWC, 5D NDHWC tensors, C innermost)
// is in im2col.go.
package sim

import (
	"encoding/binary"
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/fp"
)

// TensorMapMagic marks a tensor map made by ptxplay (offset 124).
const TensorMapMagic = 0x50414d54

// Tensor map element types (CUtensorMapDataType's numbers).
var tensorTypes = []struct {
	name string
	size int
	nan  uint64 // the NaN fill, 0 for integer types
}{
	{"u8", 1, 0}, {"u16", 2, 0}, {"u32", 4, 0}, {"s32", 4, 0}, {"u64", 8, 0}, {"s64", 8, 0},
	{"f16", 2, nanFill}, {"f32", 4, nanFill}, {"f64", 8, nanFill}, {"bf16", 2, nanFill},
	{"f32ftz", 4, nanFill}, {"tf32", 4, nanFill}, {"tf32ftz", 4, nanFill},
}

// nanFill is what an H200 writes for an element outside the tensor with
// the NaN fill: 0x7ff7 in every 16 bits, whatever the element type (f16,
// bf16, f32, tf32 and f64 maps; testdata/gpu/tma_oob_fill,
// tma_dtypes_f32, tma_dtypes_64). As f32 and f64 it is a quiet NaN.
const nanFill = 0x7ff77ff77ff77ff7

// TensorType returns the code and element size of a tensor map dtype name
// (as the launch contract spells it: "f16", "u32", ...).
func TensorType(name string) (code, size int, float, ok bool) {
	for i, t := range tensorTypes {
		if t.name == name {
			return i, t.size, t.nan != 0, true
		}
	}
	return 0, 0, false, false
}

// TensorMap is a decoded tensor map.
type TensorMap struct {
	Addr        uint64
	Rank        int
	DType       int
	Dims        [5]uint32
	Strides     [5]uint64 // byte strides; Strides[0] is the element size
	Box         [5]uint32
	ElemStrides [5]uint32
	Interleave  int
	Swizzle     int // 0 none, 1 32B, 2 64B, 3 128B
	Fill        int // 0 zeros, 1 NaN
	L2Promo     int
	// im2col maps (cuTensorMapEncodeIm2col; im2col.go)
	Im2col           bool
	Lower, Upper     [3]int32 // pixel box corners of dimensions 1..rank-2 (W, H, D)
	ChannelsPerPixel uint32
	PixelsPerColumn  uint32
}

// Encode writes ptxplay's 128-byte encoding of t.
func (t *TensorMap) Encode() [128]byte {
	var b [128]byte
	le := binary.LittleEndian
	le.PutUint64(b[0:], t.Addr)
	for i := 1; i < 5; i++ {
		le.PutUint64(b[8+8*(i-1):], t.Strides[i])
	}
	for i := 0; i < 5; i++ {
		le.PutUint32(b[40+4*i:], t.Dims[i])
		le.PutUint32(b[60+4*i:], t.Box[i])
		le.PutUint32(b[80+4*i:], t.ElemStrides[i])
	}
	b[100], b[101], b[102], b[103], b[104], b[105] = byte(t.Rank), byte(t.DType), byte(t.Interleave), byte(t.Swizzle), byte(t.Fill), byte(t.L2Promo)
	if t.Im2col {
		b[106] = 1
		for i := 0; i < 3; i++ {
			le.PutUint16(b[108+2*i:], uint16(int16(t.Lower[i])))
			le.PutUint16(b[114+2*i:], uint16(int16(t.Upper[i])))
		}
		le.PutUint16(b[120:], uint16(t.ChannelsPerPixel))
		le.PutUint16(b[122:], uint16(t.PixelsPerColumn))
	}
	le.PutUint32(b[124:], TensorMapMagic)
	return b
}

// DecodeTensorMap reads an encoded map and checks it, saying what is wrong.
func DecodeTensorMap(b []byte) (TensorMap, string) {
	var t TensorMap
	le := binary.LittleEndian
	if len(b) < 128 || le.Uint32(b[124:]) != TensorMapMagic {
		return t, "holds no tensor map (ptxplay's encoding ends in \"TMAP\" at byte 124: pass a tensormap argument)"
	}
	t.Addr = le.Uint64(b[0:])
	for i := 1; i < 5; i++ {
		t.Strides[i] = le.Uint64(b[8+8*(i-1):])
	}
	for i := 0; i < 5; i++ {
		t.Dims[i] = le.Uint32(b[40+4*i:])
		t.Box[i] = le.Uint32(b[60+4*i:])
		t.ElemStrides[i] = le.Uint32(b[80+4*i:])
	}
	t.Rank, t.DType, t.Interleave, t.Swizzle, t.Fill, t.L2Promo = int(b[100]), int(b[101]), int(b[102]), int(b[103]), int(b[104]), int(b[105])
	switch b[106] {
	case 0:
	case 1:
		t.Im2col = true
		for i := 0; i < 3; i++ {
			t.Lower[i] = int32(int16(le.Uint16(b[108+2*i:])))
			t.Upper[i] = int32(int16(le.Uint16(b[114+2*i:])))
		}
		t.ChannelsPerPixel, t.PixelsPerColumn = uint32(le.Uint16(b[120:])), uint32(le.Uint16(b[122:]))
	default:
		return t, fmt.Sprintf("holds a bad tensor map: mode byte %d (0 tiled, 1 im2col)", b[106])
	}
	if t.DType < len(tensorTypes) {
		t.Strides[0] = uint64(tensorTypes[t.DType].size)
	}
	if field, msg := t.Check(); msg != "" {
		return t, fmt.Sprintf("holds a bad tensor map: %s %s", field, msg)
	}
	return t, ""
}

// ElemSize is the size in bytes of one element.
func (t *TensorMap) ElemSize() int { return tensorTypes[t.DType].size }

// Check applies cuTensorMapEncodeTiled's rules and returns the field at
// fault (as the launch contract names it) and what is wrong.
func (t *TensorMap) Check() (field, msg string) {
	if t.DType < 0 || t.DType >= len(tensorTypes) {
		return "dtype", fmt.Sprintf("%d is not a tensor element type", t.DType)
	}
	es := uint64(tensorTypes[t.DType].size)
	if t.Rank < 1 || t.Rank > 5 {
		return "dims", fmt.Sprintf("has rank %d: a tensor map has 1 to 5 dimensions", t.Rank)
	}
	if t.Interleave != 0 {
		return "interleave", "only \"none\" is simulated"
	}
	if t.Addr%16 != 0 {
		return "buffer", fmt.Sprintf("address 0x%x is not 16-byte aligned", t.Addr)
	}
	for i := 0; i < t.Rank; i++ {
		if t.Dims[i] == 0 {
			return fmt.Sprintf("dims[%d]", i), "is 0"
		}
		if !t.Im2col && (t.Box[i] < 1 || t.Box[i] > 256) {
			return fmt.Sprintf("box[%d]", i), fmt.Sprintf("is %d: a box dimension is 1 to 256", t.Box[i])
		}
		if t.ElemStrides[i] < 1 || t.ElemStrides[i] > 8 {
			return fmt.Sprintf("element_strides[%d]", i), fmt.Sprintf("is %d: 1 to 8", t.ElemStrides[i])
		}
		if i > 0 {
			s := t.Strides[i]
			if s%16 != 0 || s >= 1<<40 {
				return fmt.Sprintf("strides[%d]", i-1), fmt.Sprintf("is %d: a stride is a multiple of 16 bytes below 2^40", s)
			}
			if s < uint64(t.Dims[i-1])*t.Strides[i-1] {
				return fmt.Sprintf("strides[%d]", i-1), fmt.Sprintf("is %d bytes, less than dimension %d's extent of %d bytes", s, i-1, uint64(t.Dims[i-1])*t.Strides[i-1])
			}
		}
	}
	if t.ElemStrides[0] != 1 {
		return "element_strides[0]", "must be 1 without interleave (the ISA's traversal stride in dimension 0)"
	}
	innerField, innerN := "box[0]", t.Box[0]
	if t.Im2col {
		if field, msg := t.checkIm2col(); msg != "" {
			return field, msg
		}
		innerField, innerN = "channels_per_pixel", t.ChannelsPerPixel
	}
	inner := uint64(innerN) * es
	if inner%16 != 0 {
		return innerField, fmt.Sprintf("is %d elements = %d bytes: the box's inner dimension is a multiple of 16 bytes", innerN, inner)
	}
	if t.Swizzle < 0 || t.Swizzle > 3 {
		return "swizzle", fmt.Sprintf("%d is not a swizzle mode", t.Swizzle)
	}
	if span := uint64(16) << t.Swizzle; t.Swizzle > 0 && inner > span {
		return innerField, fmt.Sprintf("is %d bytes: with the %dB swizzle the box's inner dimension is at most %d bytes", inner, span, span)
	}
	if t.Fill == 1 && tensorTypes[t.DType].nan == 0 {
		return "oob_fill", fmt.Sprintf("\"nan\" needs a floating-point dtype, not %s", tensorTypes[t.DType].name)
	}
	if t.Fill < 0 || t.Fill > 1 {
		return "oob_fill", fmt.Sprintf("%d is not a fill mode", t.Fill)
	}
	return "", ""
}

// Extent is the bytes from the tensor's address to the end of its last element.
func (t *TensorMap) Extent() uint64 {
	n := t.Strides[0]
	for i := 0; i < t.Rank; i++ {
		n += uint64(t.Dims[i]-1) * t.Strides[i]
	}
	return n
}

// boxShape is the elements a copy moves along each dimension (an im2col
// map: channels per pixel, then pixels per column).
func (t *TensorMap) boxShape() (n [5]int, total int) {
	if t.Im2col {
		n = [5]int{int(t.ChannelsPerPixel), int(t.PixelsPerColumn), 1, 1, 1}
		return n, n[0] * n[1]
	}
	total = 1
	for i := range n {
		n[i] = 1
		if i < t.Rank {
			n[i] = int((t.Box[i] + t.ElemStrides[i] - 1) / t.ElemStrides[i])
		}
		total *= n[i]
	}
	return n, total
}

// swizzleAddr is the shared address where the 16-byte chunk at a lands.
func swizzleAddr(a uint64, mode int) uint64 {
	if mode == 0 {
		return a
	}
	r := uint64(1)<<mode - 1 // 1, 3, 7
	return a ^ (a>>7&r)<<4
}

// TensorCopyView is the tensor map and coordinates a tensor copy used, for
// the views: enough to draw the box over the global tensor and the swizzle
// of its chunks in shared memory.
type TensorCopyView struct {
	Mode        string   `json:"mode"`  // "tile" or "im2col"
	DType       string   `json:"dtype"` // as the launch contract spells it: "f16"
	ElemSize    int      `json:"elem_size"`
	Dims        []uint32 `json:"dims"` // the global tensor, innermost first
	Box         []uint32 `json:"box"`
	ElemStrides []uint32 `json:"element_strides"`
	Coords      []int64  `json:"coords"`  // the box's first element
	Swizzle     int      `json:"swizzle"` // bytes: 0 (none), 32, 64 or 128
	Fill        string   `json:"oob_fill"`
	Store       bool     `json:"store,omitempty"` // shared -> global (or a reduction)
	Addr        uint64   `json:"addr"`            // the tensor's global address
	// im2col: the pixel box corners (W, H, D), the pixels and channels a
	// copy moves, and the copy's im2col offsets
	Lower            []int32 `json:"pixel_box_lower_corner,omitempty"`
	Upper            []int32 `json:"pixel_box_upper_corner,omitempty"`
	ChannelsPerPixel int     `json:"channels_per_pixel,omitempty"`
	PixelsPerColumn  int     `json:"pixels_per_column,omitempty"`
	Offsets          []int64 `json:"offsets,omitempty"`
	// GatherRows are a .tile::gather4 copy's four row coordinates
	GatherRows []int64 `json:"gather_rows,omitempty"`
	// Pixels are the pixels an im2col copy reads, in order: W, H, D
	// (the filter base plus the offsets) and N
	Pixels [][4]int64 `json:"pixels,omitempty"`
}

func tensorCopyView(tm *TensorMap, coords []int64, store bool) *TensorCopyView {
	v := &TensorCopyView{Mode: "tile", DType: tensorTypes[tm.DType].name, ElemSize: tm.ElemSize(), Fill: "zero", Store: store, Addr: tm.Addr,
		Dims: append([]uint32(nil), tm.Dims[:tm.Rank]...), Box: append([]uint32(nil), tm.Box[:tm.Rank]...), ElemStrides: append([]uint32(nil), tm.ElemStrides[:tm.Rank]...),
		Coords: append([]int64(nil), coords...)}
	if tm.Swizzle > 0 {
		v.Swizzle = 16 << tm.Swizzle
	}
	if tm.Fill == 1 {
		v.Fill = "nan"
	}
	if tm.Im2col {
		v.Mode = "im2col"
		v.Lower = append([]int32(nil), tm.Lower[:tm.Rank-2]...)
		v.Upper = append([]int32(nil), tm.Upper[:tm.Rank-2]...)
		v.ChannelsPerPixel, v.PixelsPerColumn = int(tm.ChannelsPerPixel), int(tm.PixelsPerColumn)
		// the shared-memory picture's rows: a pixel of channels
		v.Box = []uint32{tm.ChannelsPerPixel, tm.PixelsPerColumn}
	}
	return v
}

// tensorOp is a lowered tensor copy.
type tensorOp struct {
	name       string
	dims       int
	store      bool // shared -> global (and reductions)
	red        uint8
	dstCluster bool
	mapBase    int32
	mapOff     int64
	mapSpace   space
	coords     []int32
	smemBase   int32
	smemOff    int64
	mbarBase   int32
	mbarOff    int64
	maskSlot   int32
	im2col     bool    // .im2col load (im2col.go)
	gather4    bool    // .tile::gather4 load: four rows of a 2D tensor
	offs       []int32 // its im2col offsets (W, H, D), .u16
}

func init() {
	lowerers["cp.async.bulk.tensor"] = lowerTensor
	lowerers["cp.reduce.async.bulk.tensor"] = lowerTensor
}

func lowerTensor(l *lowering, in *check.Inst, o *op) error {
	name := in.Entry.Name
	t := &tensorOp{name: name, mapBase: -1, smemBase: -1, mbarBase: -1, maskSlot: -1}
	for _, md := range in.Src.Mods {
		switch md.Name {
		case ".1d", ".2d", ".3d", ".4d", ".5d":
			t.dims = int(md.Name[1] - '0')
		case ".im2col":
			t.im2col = true
		case ".tile::gather4":
			t.gather4 = true
		case ".im2col::w", ".im2col::w::128", ".im2col_no_offs", ".tile::scatter4":
			return fmt.Errorf("%s%s is not simulated yet (only .tile, .tile::gather4 and .im2col loads)", name, md.Name)
		case ".cta_group::1", ".cta_group::2":
			return fmt.Errorf("%s%s is not simulated yet", name, md.Name)
		}
		if k, ok := bulkRedOps[md.Name]; ok {
			t.red = k + 1
		}
	}
	ss := stateSpaces(in)
	t.store = len(ss) > 0 && ss[0] == ".global"
	t.dstCluster = len(ss) > 0 && ss[0] == ".shared::cluster"
	mapArg, smemArg := 1, 0
	if t.store {
		mapArg, smemArg = 0, 1
	}
	if t.im2col && (t.store || t.red != 0) {
		return invalid("%s: .im2col is a load mode (stores and reductions take .tile or .im2col_no_offs)", name)
	}
	if t.im2col && t.dims < 3 {
		return invalid("%s.%dd.im2col: an im2col copy is 3d, 4d or 5d", name, t.dims)
	}
	if len(in.Args) <= mapArg || in.Args[mapArg].Kind != check.ArgAddr || in.Args[smemArg].Kind != check.ArgAddr {
		return invalid("%s: expected a shared address and [tensorMap, {coordinates}]", name)
	}
	ma := in.Args[mapArg]
	if t.gather4 {
		if t.store || t.dims != 2 {
			return invalid("%s.tile::gather4 is a .2d load", name)
		}
		if len(ma.Elems) != 5 {
			return invalid("%s.2d.tile::gather4 takes 5 coordinates (the column, then four rows), found %d", name, len(ma.Elems))
		}
	} else if len(ma.Elems) != t.dims {
		return invalid("%s.%dd takes %d coordinates, found %d", name, t.dims, t.dims, len(ma.Elems))
	}
	for _, e := range ma.Elems {
		t.coords = append(t.coords, l.valueSlot(e))
	}
	t.mapOff = ma.Off
	t.mapSpace = spaceGeneric
	switch {
	case ma.Reg != nil:
		t.mapBase = l.f.slots[ma.Reg.Index]
	case ma.Var != nil:
		loc, ok := l.p.vars[ma.Var]
		if !ok {
			return fmt.Errorf("%s: the tensor map %s cannot be addressed", name, ma.Var.Name)
		}
		t.mapOff += int64(loc.off)
		t.mapSpace = loc.space
	}
	var err error
	if t.smemBase, t.smemOff, err = l.addrOperand(in.Args[smemArg]); err != nil {
		return err
	}
	if !t.store {
		if len(in.Args) < 3 || in.Args[2].Kind != check.ArgAddr {
			return invalid("%s: expected [mbar] after the tensor map", name)
		}
		if t.mbarBase, t.mbarOff, err = l.addrOperand(in.Args[2]); err != nil {
			return err
		}
		next := 3
		if t.im2col {
			if len(in.Args) < 4 {
				return invalid("%s.%dd.im2col: expected {im2col offsets} after [mbar]", name, t.dims)
			}
			a := in.Args[3]
			elems := a.Elems
			if a.Kind != check.ArgVec {
				elems = []check.Arg{a}
			}
			if len(elems) != t.dims-2 {
				return invalid("%s.%dd.im2col takes %d im2col offsets (two less than the dimensions), found %d", name, t.dims, t.dims-2, len(elems))
			}
			for _, e := range elems {
				t.offs = append(t.offs, l.valueSlot(e))
			}
			next = 4
		}
		if hasMod(in, ".multicast::cluster") != "" {
			if len(in.Args) <= next || in.Args[next].Kind == check.ArgAddr || in.Args[next].Kind == check.ArgVec {
				return invalid("%s.multicast::cluster: expected ctaMask after [mbar]", name)
			}
			t.maskSlot = l.valueSlot(in.Args[next])
		}
	}
	o.flags |= flagMem
	o.exec = func(m *Machine, w *warp, o *op) { t.exec(m, w, o) }
	return nil
}

// readTensorMap fetches and decodes the map a lane names.
func (m *Machine) readTensorMap(w *warp, o *op, lane int, t *tensorOp) (TensorMap, bool) {
	addr := uint64(t.mapOff)
	if t.mapBase >= 0 {
		addr += w.reg(t.mapBase)[lane]
	}
	b, msg := m.resolve(w, lane, t.mapSpace, addr, 128, false)
	if b == nil {
		m.raise(w, o, lane, fmt.Sprintf("%s: tensor map at %s address 0x%x: %s", t.name, t.mapSpace, addr, msg))
		return TensorMap{}, false
	}
	tm, msg := DecodeTensorMap(b)
	if msg == "" && tm.Rank != t.dims {
		msg = fmt.Sprintf("is a %d-dimensional tensor map, used by a .%dd copy", tm.Rank, t.dims)
	}
	if msg == "" && tm.Im2col != t.im2col {
		msg = map[bool]string{true: "is an im2col tensor map, used by a .tile copy", false: "is a tiled tensor map, used by an .im2col copy"}[tm.Im2col]
	}
	if msg != "" {
		m.raise(w, o, lane, fmt.Sprintf("%s: the %s memory at 0x%x %s", t.name, t.mapSpace, addr, msg))
		return tm, false
	}
	return tm, true
}

// gather4Box walks a .tile::gather4 load (ISA 5.5.3.4): four one-row
// boxes at (coords[0], coords[1..4]), one after another in shared memory.
func gather4Box(tm *TensorMap, coords [5]int64, visit func(i int, addr uint64, in bool)) {
	_, n := tm.boxShape()
	for r := 0; r < 4; r++ {
		tensorBox(tm, [5]int64{coords[0], coords[1+r]}, func(i int, addr uint64, in bool) { visit(r*n+i, addr, in) })
	}
}

// tensorBox walks the box: for each element (in shared-memory order) its
// global byte address and whether it is inside the tensor.
func tensorBox(tm *TensorMap, coords [5]int64, visit func(i int, addr uint64, in bool)) {
	n, total := tm.boxShape()
	var idx [5]int
	for i := 0; i < total; i++ {
		in := true
		addr := tm.Addr
		for d := 0; d < 5; d++ {
			if d >= tm.Rank {
				break
			}
			g := coords[d] + int64(idx[d])*int64(tm.ElemStrides[d])
			if g < 0 || g >= int64(tm.Dims[d]) {
				in = false
			} else {
				addr += uint64(g) * tm.Strides[d]
			}
		}
		visit(i, addr, in)
		for d := 0; d < 5; d++ {
			idx[d]++
			if idx[d] < n[d] {
				break
			}
			idx[d] = 0
		}
	}
}

func (t *tensorOp) exec(m *Machine, w *warp, o *op) {
	c := w.cta
	for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		tm, ok := m.readTensorMap(w, o, lane, t)
		if !ok {
			return
		}
		var coords [5]int64
		for i, s := range t.coords {
			coords[i] = int64(int32(w.reg(s)[lane]))
		}
		es := tm.ElemSize()
		_, total := tm.boxShape()
		if t.gather4 {
			if tm.Box[1] != 1 {
				m.raise(w, o, lane, fmt.Sprintf("%s.tile::gather4: the tensor map's box is %d rows high: gather4's bounding box has 1 row (ISA 5.5.3.4.1)", t.name, tm.Box[1]))
				return
			}
			total *= 4
		}
		size := total * es
		smem := uint64(t.smemOff)
		if t.smemBase >= 0 {
			smem += w.reg(t.smemBase)[lane]
		}
		if smem%128 != 0 {
			m.raise(w, o, lane, fmt.Sprintf("%s: shared address 0x%x is not 128-byte aligned: a tensor copy's box starts on a 128-byte boundary in shared memory (an H200 faults: misaligned shared address)", t.name, smem))
			return
		}
		if !t.im2col && !t.gather4 {
			if b := coords[0] * int64(es); b%16 != 0 {
				m.raise(w, o, lane, fmt.Sprintf("%s: innermost coordinate %d x %d-byte elements = %d bytes is not a multiple of 16: a tile-mode box starts 16-byte aligned in global memory (an H200 faults: illegal instruction)", t.name, coords[0], es, b))
				return
			}
		}
		if t.store {
			for d := 0; d < tm.Rank; d++ {
				if coords[d] < 0 {
					m.raise(w, o, lane, fmt.Sprintf("%s: the box starts at %d in dimension %d: a tensor store or reduction starts at coordinates of 0 or more (an H200 raises an illegal instruction; a load there reads the fill)", t.name, coords[d], d))
					return
				}
			}
		}
		g := m.global.find(tm.Addr, int(tm.Extent()))
		if g == nil {
			m.raise(w, o, lane, fmt.Sprintf("%s: the tensor [0x%x, 0x%x) is out of bounds of every global buffer", t.name, tm.Addr, tm.Addr+tm.Extent()))
			return
		}
		var offs [3]int64
		if t.im2col {
			var ok bool
			if offs, ok = m.im2colOffsets(w, o, lane, t, &tm, coords); !ok {
				return
			}
		}
		what := fmt.Sprintf("tensor %dd box", tm.Rank)
		for i := 0; i < tm.Rank; i++ {
			sep := "x"
			if i == 0 {
				sep = " "
			}
			what += fmt.Sprintf("%s%d", sep, tm.Box[i])
		}
		what += fmt.Sprintf(" at (%s)", joinCoords(coords[:tm.Rank]))
		if t.gather4 {
			what = fmt.Sprintf("tensor 2d gather4, rows of %d at column %d from rows %d, %d, %d, %d", tm.Box[0], coords[0], coords[1], coords[2], coords[3], coords[4])
		}
		if t.im2col {
			what = fmt.Sprintf("tensor %dd im2col, %d pixels x %d channels from (%s), offsets (%s)", tm.Rank, tm.PixelsPerColumn, tm.ChannelsPerPixel, joinCoords(coords[:tm.Rank]), joinCoords(offs[:tm.Rank-2]))
		}
		if tm.Swizzle > 0 {
			what += fmt.Sprintf(", %dB swizzle", 16<<tm.Swizzle)
		}
		cp := bulkCopy{warp: int16(w.id), lane: int8(lane), group: -1, line: o.line, what: what, swz: uint8(tm.Swizzle), src: tm.Addr, tens: tensorCopyView(&tm, coords[:tm.Rank], t.store)}
		if t.gather4 {
			cp.tens.GatherRows = append([]int64(nil), coords[1:5]...)
		}
		if t.im2col {
			cp.tens.Offsets = append([]int64(nil), offs[:tm.Rank-2]...)
			cp.tens.Pixels = make([][4]int64, 0, tm.PixelsPerColumn)
			im2colPixels(&tm, coords, offs, func(_ int, g [3]int64, n int64) {
				cp.tens.Pixels = append(cp.tens.Pixels, [4]int64{g[0], g[1], g[2], n})
			})
		}
		if !t.store {
			data := make([]byte, size)
			nan := tensorTypes[tm.DType].nan
			tf32 := tm.DType == 11 || tm.DType == 12
			walk := tensorBox
			if t.gather4 {
				walk = gather4Box
			}
			if t.im2col {
				walk = func(tm *TensorMap, coords [5]int64, visit func(int, uint64, bool)) {
					im2colBox(tm, coords, offs, visit)
				}
			}
			walk(&tm, coords, func(i int, addr uint64, in bool) {
				e := data[i*es : (i+1)*es]
				if in {
					g.mem.loadAt(e, int(addr-g.base))
					if tf32 {
						binary.LittleEndian.PutUint32(e, fp.CvtF32ToTF32(binary.LittleEndian.Uint32(e), fp.RN, false, false))
					}
				} else if tm.Fill == 1 {
					for k := range e {
						e[k] = byte(nan >> (8 * k))
					}
				}
			})
			cp.data = data
			ma := uint64(t.mbarOff)
			if t.mbarBase >= 0 {
				ma += w.reg(t.mbarBase)[lane]
			}
			if !m.bulkToShared(w, o, lane, t.name, t.dstCluster, smem, ma, t.maskSlot, cp) {
				return
			}
			continue
		}
		// Store or reduction: read the box from shared memory now.
		if smem+uint64(size) > uint64(len(c.shared)) {
			m.raise(w, o, lane, fmt.Sprintf("%s: source shared [0x%x, 0x%x) is outside the CTA's %d bytes of shared memory", t.name, smem, smem+uint64(size), len(c.shared)))
			return
		}
		if m.san != nil {
			m.san.asyncReadSwz(m, w, o, lane, c, smem, size, tm.Swizzle) // sanitize_proxy.go
		}
		data := make([]byte, size)
		for k := 0; k < size; k += 16 {
			p := swizzleAddr(smem+uint64(k), tm.Swizzle)
			copy(data[k:k+16], c.shared[p:p+16])
		}
		cp.data, cp.toGlobal, cp.swz, cp.src, cp.srcSwz = data, true, 0, smem, uint8(tm.Swizzle)
		if t.red != 0 {
			cp.red = t.red
			cp.rtyp = typeOf("." + tensorTypes[tm.DType].name)
			if tm.DType >= 10 { // f32 ftz, tf32: reduced as f32
				cp.rtyp = typeOf(".f32")
			}
		}
		// One run per row of dimension 0 that is inside the tensor.
		open := false
		tensorBox(&tm, coords, func(i int, addr uint64, in bool) {
			if !in {
				open = false
				return
			}
			if k := len(cp.segs) - 1; open && cp.segs[k].addr+uint64(cp.segs[k].n) == addr && cp.segs[k].off+cp.segs[k].n == i*es {
				cp.segs[k].n += es
				return
			}
			cp.segs = append(cp.segs, bulkSeg{addr: addr, off: i * es, n: es})
			open = true
		})
		c.bulk = append(c.bulk, cp)
	}
}

func joinCoords(cs []int64) string {
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(c)
	}
	return s
}

// SwizzleChunk is the shared address where the 16-byte chunk at a lands
// with a swizzle of 0 (none), 32, 64 or 128 bytes; applied to a position
// it gives the chunk held there (the XOR is its own inverse).
func SwizzleChunk(a uint64, swizzleBytes int) uint64 {
	switch swizzleBytes {
	case 32:
		return swizzleAddr(a, 1)
	case 64:
		return swizzleAddr(a, 2)
	case 128:
		return swizzleAddr(a, 3)
	}
	return a
}
