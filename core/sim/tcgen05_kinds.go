// tcgen05_kinds.go: the element formats and block scaling of tcgen05.mma
// (PTX ISA §9.7.17.10): .kind::f8f6f4 with every type its descriptor
// names (e4m3, e5m2, e2m3, e3m2, e2m1, mixed A and B), and the block-scaled
// kinds .kind::mxf8f6f4, ::mxf4 and ::mxf4nvf4 (.block_scale with
// .scale_vec::1X/2X/4X or .block16/.block32), whose scale factors come
// from tensor memory. tcgen05_mma.go drives the MMA; this file says how
// the elements and the scales are stored and decoded.
//
// Element storage (§9.7.17.10.4):
//
//   - .kind::f8f6f4 and ::mxf8f6f4, shared memory: the 6- and 4-bit
//     elements keep the footprint of 8-bit ones. Each group of 16
//     consecutive elements of a row takes 16 bytes: FP6 packed low bits
//     first in the first 12 bytes and 4 bytes of padding (.b6x16_p32), FP4
//     two to a byte, element 2i in the low nibble, in the first 8 bytes and
//     8 bytes of padding (.b4x16_p64): what TMA's 16U6_ALIGN16B and
//     16U4_ALIGN16B layouts write, and CUTLASS's "unpacksmem" types. So
//     the descriptors and K-steps are those of 8-bit elements: one
//     instruction (K = 32) reads 32 bytes of each row.
//   - the same kinds, A in tensor memory: each element in an 8-bit
//     container, four to a 32-bit cell, low byte first; FP6 in bits 5-0 and
//     FP4 in bits 5-2 (the tensor core reads FP4 as an FP6 e2m3 whose low
//     mantissa bits are 0: CUTLASS's fp4_shift_A/B moves ldmatrix's
//     b4x16_p64 nibble, in bits 3-0, there before an f8f6f4 MMA and
//     leaves FP6 and FP8 alone).
//   - .kind::mxf4 and ::mxf4nvf4: FP4 packed two to a byte with no padding,
//     element 2i in the low nibble, in shared and in tensor memory; K = 64
//     elements is again 32 bytes a row.
//
// The 4- and 6-bit types are K-major only (§9.7.17.10.3, Table 52: their
// transpose is not supported; ::mxf4 and ::mxf4nvf4 transpose nothing).
//
// Block scaling (§9.7.17.10.7): D = (A * scale_A) * (B * scale_B) + D.
// The K of one instruction is cut into V blocks (V = 1, 2 or 4: the
// .scale_vec::VX, or K over the .blockN size); scale_A holds V factors a
// row of A and scale_B V factors a column of B. The factors of row i of
// A (M = 128) are the bytes SFA_ID .. SFA_ID+V-1 of the 32-bit cell at lane
// i, column scale-A-tmem's column + i/32 (the ISA's figures for 1X, 2X and
// 4X: 32 lanes by 4 columns, V bytes a cell, SFA_ID picking the byte or
// half word), and those of column j of B the bytes SFB_ID .. of the cell
// at lane 32p + j%32, column scale-B-tmem's column + j/32, where p is the
// 32-lane partition of the row being computed. The ISA requires both
// duplicated in all four 32-lane partitions (what tcgen05.cp's .warpx4
// multicast writes); a copy that differs stops the run, naming the cell,
// so which copy the hardware reads cannot change a result. The scales are
// .ue8m0 (2^(E-127)) or, for ::mxf4nvf4 with .scale_vec::4X, .ue4m3
// (core/fp/mx.go), chosen by the descriptor's bit 23.
//
// Arithmetic: as for the other float kinds (tcgen05_mma.go), plus the
// scales: each product a*b*sa*sb is formed exactly (in float64: its
// factors have at most 4, 4, 1 and 4 significant bits) and rounded once to
// f32, and the sum runs in f32 rounded to nearest in k order, starting
// from D. A NaN element or scale makes its products NaN.
package sim

import (
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/fp"
)

// tcBSKind is what a block-scaled kind allows.
type tcBSKind struct {
	vecs    map[string]int // .scale_vectorsize modifier -> V
	def     int            // V when no modifier is given; 0: one is required
	ue4m3   bool           // the .ue4m3 scale is allowed (with V = 4)
	packed  bool           // FP4 packed two to a byte (::mxf4, ::mxf4nvf4)
	btype2  bool           // btype is 2 bits (10-11), bit 12 reserved
	formats string         // for messages
}

var tcBlockScaled = map[string]*tcBSKind{
	"mxf8f6f4": {vecs: map[string]int{".scale_vec::1X": 1, ".block32": 1}, def: 1, formats: "e4m3 0, e5m2 1, e2m3 3, e3m2 4, e2m1 5"},
	"mxf4":     {vecs: map[string]int{".scale_vec::2X": 2, ".block32": 2}, def: 2, packed: true, btype2: true, formats: "e2m1 1"},
	"mxf4nvf4": {vecs: map[string]int{".scale_vec::2X": 2, ".block32": 2, ".scale_vec::4X": 4, ".block16": 4}, ue4m3: true, packed: true, btype2: true, formats: "e2m1 1"},
}

func init() {
	f8f6f4 := map[int]ekind{0: ekE4M3, 1: ekE5M2, 3: ekE2M3, 4: ekE3M2, 5: ekE2M1}
	tcKinds[".kind::mxf8f6f4"] = tcKind{name: "mxf8f6f4", k: 32, fmts: f8f6f4, d: map[int]ekind{1: ekF32}}
	tcKinds[".kind::mxf4"] = tcKind{name: "mxf4", k: 64, fmts: map[int]ekind{1: ekE2M1}, d: map[int]ekind{1: ekF32}}
	tcKinds[".kind::mxf4nvf4"] = tcKind{name: "mxf4nvf4", k: 64, fmts: map[int]ekind{1: ekE2M1}, d: map[int]ekind{1: ekF32}}
}

// subByte reports whether k is one of the 4- and 6-bit formats.
func (k ekind) subByte() bool { return k == ekE2M1 || k == ekE2M3 || k == ekE3M2 }

// tcMajorRule refuses an MN-major 4- or 6-bit operand (Table 52).
func tcMajorRule(d tcIdesc, a, b ekind) string {
	switch {
	case d.aMN && a.subByte():
		return fmt.Sprintf("A is %s and MN-major (bit 15): the 4- and 6-bit types are K-major only", a)
	case d.bMN && b.subByte():
		return fmt.Sprintf("B is %s and MN-major (bit 16): the 4- and 6-bit types are K-major only", b)
	}
	return ""
}

// checkBS validates a block-scaled kind's descriptor (Tables 46 and 47 of
// §9.7.17.4.2; CUTLASS's UMMA::InstrDescriptorBlockScaled): bits 4-5 are
// scale_B's ID, 23 the scale type, 27-28 M >> 7, 29-30 scale_A's ID, 31 the
// K of ::mxf4 and ::mxf4nvf4 (0: 64, 1: 96). D is always f32.
func (d tcIdesc) checkBS(k tcKind, b *tcBSKind) (at, bt, dk ekind, msg string) {
	v := d.raw
	bf := int(v >> 10 & 7)
	if b.btype2 {
		bf = int(v >> 10 & 3)
	}
	var ok bool
	switch {
	case d.sparse:
		return 0, 0, 0, "the sparse bit (2) is set: sparse tcgen05.mma (.sp) is not simulated"
	case v&0b1001011 != 0:
		return 0, 0, 0, fmt.Sprintf("reserved bits 0-1, 3 and 6 must be 0 for .kind::%s", k.name)
	case b.btype2 && v>>12&1 != 0:
		return 0, 0, 0, fmt.Sprintf("reserved bit 12 must be 0 for .kind::%s (btype is bits 10-11)", k.name)
	case v>>24&7 != 0:
		return 0, 0, 0, fmt.Sprintf("reserved bits 24-26 must be 0 for .kind::%s (M >> 7 is in bits 27-28)", k.name)
	case v>>31 != 0 && !b.btype2:
		return 0, 0, 0, "reserved bit 31 must be 0 for .kind::mxf8f6f4"
	case v>>31 != 0:
		return 0, 0, 0, "K = 96 (bit 31) is not simulated"
	}
	if at, ok = k.fmts[d.afmt]; !ok {
		return 0, 0, 0, fmt.Sprintf("A format %d (bits 7-9) is not one .kind::%s defines (%s)", d.afmt, k.name, b.formats)
	}
	if bt, ok = k.fmts[bf]; !ok {
		return 0, 0, 0, fmt.Sprintf("B format %d (bits 10-12) is not one .kind::%s defines (%s)", bf, k.name, b.formats)
	}
	if b.packed && (d.aMN || d.bMN) {
		return 0, 0, 0, fmt.Sprintf(".kind::%s transposes nothing: bits 15 and 16 (MN-major) must be 0", k.name)
	}
	if msg := tcMajorRule(d, at, bt); msg != "" {
		return 0, 0, 0, msg
	}
	if v>>23&1 == 0 && !b.ue4m3 {
		return 0, 0, 0, fmt.Sprintf("scale type ue4m3 (bit 23 = 0): .kind::%s takes ue8m0 scales only", k.name)
	}
	if d.m != 128 {
		return 0, 0, 0, fmt.Sprintf("M = %d (bits 27-28): .cta_group::1 takes M = 128", d.m)
	}
	if msg := d.nRule(); msg != "" {
		return 0, 0, 0, msg
	}
	return at, bt, ekF32, ""
}

// describeBS is the scale part of a block-scaled descriptor as the views
// show it.
func (d tcIdesc) describeBS() string {
	sf := "ue8m0"
	if d.raw>>23&1 == 0 {
		sf = "ue4m3"
	}
	return fmt.Sprintf(", scales %s (A id %d, B id %d)", sf, d.raw>>29&3, d.raw>>4&3)
}

// tcElemBits is the width of one element of type k of kind kd in a row:
// a byte for the FP6 and FP4 of the f8f6f4 kinds (their containers), 4
// bits for the packed FP4 of ::mxf4 and ::mxf4nvf4.
func tcElemBits(kd tcKind, k ekind) int {
	if k.subByte() {
		if b := tcBlockScaled[kd.name]; b != nil && b.packed {
			return 4
		}
		return 8
	}
	return k.bits()
}

// tcTmemElem is the code of an element read from tensor memory in its
// tcElemBits-wide field: an f8f6f4 FP4 sits in bits 5-2 of its byte, FP6
// in bits 5-0.
func tcTmemElem(kd tcKind, k ekind, v uint64) uint64 {
	if tcElemBits(kd, k) != 8 {
		return v
	}
	switch k {
	case ekE2M1:
		return v >> 2 & 15
	case ekE2M3, ekE3M2:
		return v & 63
	}
	return v
}

// readTcOperand reads rows x kLen elements of A or B (rows along M or N)
// of type k for kind kd from shared memory into put.
func readTcOperand(sh []byte, s smemDesc, mn bool, rows, kLen int, kd tcKind, k ekind, put func(r, kk int, v uint64)) string {
	if !k.subByte() {
		return readSmemOperand(sh, s, mn, rows, kLen, k, put)
	}
	// K-major: a row's 32 bytes are those of 32 8-bit elements.
	const nb = 32
	buf := make([]byte, rows*nb)
	if bad := readOperand(sh, s, 0, rows, nb, ekU8, func(r, j int, v uint64) { buf[r*nb+j] = byte(v) }); bad != "" {
		return bad
	}
	packed := tcElemBits(kd, k) == 4
	for r := 0; r < rows; r++ {
		row := buf[r*nb : r*nb+nb]
		for kk := 0; kk < kLen; kk++ {
			put(r, kk, unpackSubByte(row, kk, k, packed))
		}
	}
	return ""
}

// unpackSubByte is element kk of a row of bytes: packed FP4 two to a
// byte, or the padded groups of 16 (.b4x16_p64, .b6x16_p32).
func unpackSubByte(row []byte, kk int, k ekind, packed bool) uint64 {
	if packed {
		return uint64(row[kk/2]) >> (4 * (kk % 2)) & 15
	}
	g, i := row[kk/16*16:], kk%16
	if k == ekE2M1 {
		return uint64(g[i/2]) >> (4 * (i % 2)) & 15
	}
	bit := 6 * i
	return (uint64(g[bit/8]) | uint64(g[bit/8+1])<<8) >> (bit % 8) & 63
}

// tcBSOperands are the lowered [scale-A-tmem] and [scale-B-tmem] of a
// block-scaled tcgen05.mma and its vector size.
type tcBSOperands struct {
	kind   *tcBSKind
	v      int // scale factors per row of A (column of B) per instruction
	sa, sb tmemOperand
}

// lowerBlockScale reads .block_scale's vector size and the two scale
// addresses, which follow idesc; it returns the operands after them.
func (d *tcMMA) lowerBlockScale(l *lowering, in *check.Inst, rest []check.Arg) ([]check.Arg, error) {
	b := tcBlockScaled[d.kind.name]
	if b == nil {
		return nil, invalid("tcgen05.mma.block_scale takes .kind::mxf8f6f4, ::mxf4 or ::mxf4nvf4, not .kind::%s", d.kind.name)
	}
	bs := &tcBSOperands{kind: b, v: b.def}
	if named := hasMod(in, ".scale_vec::1X", ".scale_vec::2X", ".scale_vec::4X", ".block16", ".block32"); named != "" {
		v, ok := b.vecs[named]
		if !ok {
			return nil, invalid("tcgen05.mma.kind::%s.block_scale%s: not a vector size this kind takes (Table 54)", d.kind.name, named)
		}
		bs.v = v
	} else if bs.v == 0 {
		return nil, invalid("tcgen05.mma.kind::%s.block_scale needs its .scale_vectorsize given (.scale_vec::2X/.block32 or .scale_vec::4X/.block16)", d.kind.name)
	}
	if len(rest) < 3 || rest[0].Kind != check.ArgAddr || rest[1].Kind != check.ArgAddr {
		return nil, invalid("tcgen05.mma.block_scale: expected [scale-A-tmem], [scale-B-tmem], enable-input-d after idesc")
	}
	bs.sa, bs.sb = l.tmemOperand(rest[0]), l.tmemOperand(rest[1])
	d.bs = bs
	return rest[2:], nil
}

// tcScales are one block-scaled MMA's factors: sa[i*V+b] for row i of A,
// sb[p][j*V+b] for column j of B as 32-lane partition p reads it.
type tcScales struct {
	v, blk int // factors per row, elements per block
	sa     []float64
	sb     [4][]float64
}

// read gathers the scale factors of an M x N MMA with descriptor id.
func (bs *tcBSOperands) read(tm *tmemState, w *warp, lane int, id tcIdesc, M, N, K int) (*tcScales, string) {
	s := &tcScales{v: bs.v, blk: K / bs.v, sa: make([]float64, M*bs.v)}
	ue8m0 := id.raw>>23&1 != 0
	if !ue8m0 && bs.v != 4 {
		return nil, "ue4m3 scales (descriptor bit 23 = 0) need .scale_vec::4X / .block16"
	}
	aID, bID := int(id.raw>>29&3), int(id.raw>>4&3)
	for _, c := range []struct {
		name string
		id   int
	}{{"A", aID}, {"B", bID}} {
		if c.id%bs.v != 0 {
			return nil, fmt.Sprintf("scale factor %s ID %d: with %d factors a row the ID must be a multiple of %d (it picks a %d-byte part of the cell)", c.name, c.id, bs.v, bs.v, bs.v)
		}
	}
	val := func(b uint8) float64 {
		if ue8m0 {
			return float64(fp.UE8M0(b))
		}
		return float64(fp.UE4M3(b))
	}
	// cells reads the factors of n rows (columns of B) at address a: the
	// byte offset id of cell (lane 32p + r%32, column + r/32) for every
	// partition p, which must agree.
	cells := func(name string, a tmemOperand, n, id int, put func(p, r, b int, v float64)) string {
		addr := a.value(w, lane)
		l0, c0 := splitTaddr(addr)
		cols := (n + 31) / 32
		if l0 != 0 {
			return fmt.Sprintf("scale_%s at 0x%08x: the scale factors fill all 128 lanes, so the address's lane must be 0, not %d", name, addr, l0)
		}
		if c0+cols > TmemCols {
			return fmt.Sprintf("scale_%s at 0x%08x: its %d columns run past the %d columns of tensor memory", name, addr, cols, TmemCols)
		}
		if bad, ok := tm.allocated(c0, cols); !ok {
			return fmt.Sprintf("scale_%s at 0x%08x: column %d is not allocated", name, addr, bad)
		}
		for r := 0; r < n; r++ {
			col := c0 + r/32
			first := *tm.at(r%32, col)
			for p := 0; p < 4; p++ {
				cell := *tm.at(32*p+r%32, col)
				if cell != first {
					return fmt.Sprintf("scale_%s is not duplicated in the four 32-lane partitions, as the ISA requires (§9.7.17.10.7): column %d holds 0x%08x at lane %d and 0x%08x at lane %d", name, col, first, r%32, cell, 32*p+r%32)
				}
				for b := 0; b < bs.v; b++ {
					put(p, r, b, val(uint8(cell>>(8*(id+b)))))
				}
			}
		}
		return ""
	}
	if tm == nil {
		return nil, "the scale factors' columns are not allocated"
	}
	if msg := cells("A", bs.sa, M, aID, func(p, r, b int, v float64) {
		if p == r/32 {
			s.sa[r*bs.v+b] = v
		}
	}); msg != "" {
		return nil, msg
	}
	for p := range s.sb {
		s.sb[p] = make([]float64, N*bs.v)
	}
	if msg := cells("B", bs.sb, N, bID, func(p, r, b int, v float64) { s.sb[p][r*bs.v+b] = v }); msg != "" {
		return nil, msg
	}
	return s, ""
}

// product is the scaled product of x = A(i, kk) and y = B(kk, j), formed
// exactly and rounded once to f32.
func (s *tcScales) product(i, j, kk int, x, y float32) float32 {
	b := kk / s.blk
	return float32(float64(x) * float64(y) * s.sa[i*s.v+b] * s.sb[i/32][j*s.v+b])
}
