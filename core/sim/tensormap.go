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
// address). A swizzled box must start 128-byte aligned in shared memory.
// Elements outside the tensor read as zero, or as NaN (all-ones payload)
// with the NaN fill, and a store skips them. The complete-tx count of a
// load is the whole box in bytes, out-of-bounds elements included.
package sim

import (
	"encoding/binary"
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
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
	{"f16", 2, 0x7fff}, {"f32", 4, 0x7fffffff}, {"f64", 8, 0x7fffffffffffffff}, {"bf16", 2, 0x7fff},
	{"f32ftz", 4, 0x7fffffff}, {"tf32", 4, 0x7fffffff}, {"tf32ftz", 4, 0x7fffffff},
}

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
		if t.Box[i] < 1 || t.Box[i] > 256 {
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
	inner := uint64(t.Box[0]) * es
	if inner%16 != 0 {
		return "box[0]", fmt.Sprintf("is %d elements = %d bytes: the box's inner dimension is a multiple of 16 bytes", t.Box[0], inner)
	}
	if t.Swizzle < 0 || t.Swizzle > 3 {
		return "swizzle", fmt.Sprintf("%d is not a swizzle mode", t.Swizzle)
	}
	if span := uint64(16) << t.Swizzle; t.Swizzle > 0 && inner > span {
		return "box[0]", fmt.Sprintf("is %d bytes: with the %dB swizzle the box's inner dimension is at most %d bytes", inner, span, span)
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

// boxShape is the elements a copy moves along each dimension.
func (t *TensorMap) boxShape() (n [5]int, total int) {
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
	Mode        string   `json:"mode"`  // "tile"
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
		case ".im2col", ".im2col::w", ".im2col::w::128", ".im2col_no_offs", ".tile::gather4", ".tile::scatter4":
			return fmt.Errorf("%s%s is not simulated yet (only .tile)", name, md.Name)
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
	if len(in.Args) <= mapArg || in.Args[mapArg].Kind != check.ArgAddr || in.Args[smemArg].Kind != check.ArgAddr {
		return invalid("%s: expected a shared address and [tensorMap, {coordinates}]", name)
	}
	ma := in.Args[mapArg]
	if len(ma.Elems) != t.dims {
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
		if hasMod(in, ".multicast::cluster") != "" {
			if len(in.Args) < 4 || in.Args[3].Kind == check.ArgAddr {
				return invalid("%s.multicast::cluster: expected ctaMask after [mbar]", name)
			}
			t.maskSlot = l.valueSlot(in.Args[3])
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
	if msg != "" {
		m.raise(w, o, lane, fmt.Sprintf("%s: the %s memory at 0x%x %s", t.name, t.mapSpace, addr, msg))
		return tm, false
	}
	return tm, true
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
		size := total * es
		smem := uint64(t.smemOff)
		if t.smemBase >= 0 {
			smem += w.reg(t.smemBase)[lane]
		}
		align := uint64(16)
		if tm.Swizzle > 0 {
			align = 128
		}
		if smem%align != 0 {
			m.raise(w, o, lane, fmt.Sprintf("%s: shared address 0x%x is not %d-byte aligned (the box %s)", t.name, smem, align, map[bool]string{true: "is swizzled", false: "starts a 16-byte chunk"}[tm.Swizzle > 0]))
			return
		}
		g := m.global.find(tm.Addr, int(tm.Extent()))
		if g == nil {
			m.raise(w, o, lane, fmt.Sprintf("%s: the tensor [0x%x, 0x%x) is out of bounds of every global buffer", t.name, tm.Addr, tm.Addr+tm.Extent()))
			return
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
		if tm.Swizzle > 0 {
			what += fmt.Sprintf(", %dB swizzle", 16<<tm.Swizzle)
		}
		cp := bulkCopy{warp: int16(w.id), lane: int8(lane), group: -1, line: o.line, what: what, swz: uint8(tm.Swizzle), src: tm.Addr, tens: tensorCopyView(&tm, coords[:tm.Rank], t.store)}
		if !t.store {
			data := make([]byte, size)
			nan := tensorTypes[tm.DType].nan
			tensorBox(&tm, coords, func(i int, addr uint64, in bool) {
				e := data[i*es : (i+1)*es]
				if in {
					g.mem.loadAt(e, int(addr-g.base))
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
