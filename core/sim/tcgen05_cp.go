// tcgen05_cp.go: tcgen05.cp (PTX ISA §9.7.17.9.2), the copy from shared
// memory into tensor memory, and tcgen05.shift (§9.7.17.9.3).
//
// tcgen05.cp is issued by one thread (every active thread that executes
// it issues its own copy, like tcgen05.mma). Its source is a matrix in
// shared memory given by a 64-bit matrix descriptor (tcgen05_mma.go's
// decodeUmmaDesc): rows of 16 or 32 bytes in the canonical K-major layout
// (core matrices of 8 rows x 16 bytes, LBO between a row's 16-byte chunks,
// SBO between groups of 8 rows, any swizzle), as CUTLASS builds its
// descriptors for the copy (the copy traits SM100_UTCCP_* of
// cute/atom/copy_traits_sm100.hpp, whose first two modes are "core matrix
// strided, core matrix leading"). Row r's bytes go, little-endian, into
// consecutive 32-bit columns from the address's column, in the lanes the
// shape names, relative to the address's lane:
//
//	.128x256b                 128 rows x 32 bytes: row r in lane r
//	.128x128b                 128 rows x 16 bytes: row r in lane r
//	.4x256b                   4 rows x 32 bytes: row r in lane 32r (one a warp's lanes)
//	.64x128b.warpx2::02_13    64 rows x 16 bytes: row r in lanes r and 64+r
//	                          (rows 0-31 to warps 0 and 2, 32-63 to warps 1 and 3)
//	.64x128b.warpx2::01_23    row r in lanes 64(r/32)+r%32 and 32 more
//	                          (rows 0-31 to warps 0 and 1, 32-63 to warps 2 and 3)
//	.32x128b.warpx4           32 rows x 16 bytes: row r in lanes r, 32+r, 64+r, 96+r
//
// (the lane maps are CUTLASS's ValID layouts for those traits). With
// .cta_group::2 the copy is done in both CTAs of the pair, each from its
// own shared memory at the descriptor's offset into its own tensor memory.
// The decompressing forms (§9.7.17.9.1) turn each 16-byte group of a
// source row into 16 bytes: .b8x16.b6x16_p32 reads 16 FP6 packed low bits
// first into its first 12 bytes (4 bytes of padding), .b8x16.b4x16_p64 16
// FP4 two to a byte, element 2i in the low nibble, in its first 8 bytes;
// each element lands in its own byte in the 8-bit container that
// tcgen05.mma reads A's FP6 and FP4 from in tensor memory (FP6 in bits
// 5-0, FP4 in bits 5-2, the other bits 0: tcgen05_kinds.go), the same
// packed groups tcgen05.mma.kind::f8f6f4 reads from shared memory.
//
// tcgen05.shift.down shifts the 32-byte elements (8 columns from the
// address's column) of the 32 lanes from the address's lane (a multiple
// of 32) down by one lane: lane l+1 receives lane l's for l = 0..30 (the
// .31x256b shape); the last lane's element is dropped and the first
// lane's stays as it was (the ISA does not say what it holds).
//
// Both complete at issue, like tcgen05.mma: a tcgen05.commit tracking them
// arrives at once.
package sim

import (
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
)

func init() {
	lowerers["tcgen05.cp"] = lowerTcCp
	lowerers["tcgen05.shift"] = lowerTcShift
}

// tcCpShape is one tcgen05.cp shape.
type tcCpShape struct {
	rows, bytes int
	lanes       func(r int) []int // the lane offsets row r goes to
	fp6, fp4    bool              // decompress (.b8x16.b6x16_p32, .b8x16.b4x16_p64)
}

func tcCpShapeOf(in *check.Inst) (tcCpShape, string, error) {
	mc := hasMod(in, ".warpx2::02_13", ".warpx2::01_23", ".warpx4")
	one := func(r int) []int { return []int{r} }
	switch sh := hasMod(in, ".128x256b", ".4x256b", ".128x128b", ".64x128b", ".32x128b"); {
	case sh == "":
		return tcCpShape{}, "", invalid("tcgen05.cp: no shape")
	case sh == ".64x128b" && mc == ".warpx2::02_13":
		return tcCpShape{rows: 64, bytes: 16, lanes: func(r int) []int { return []int{r, 64 + r} }}, sh + mc, nil
	case sh == ".64x128b" && mc == ".warpx2::01_23":
		return tcCpShape{rows: 64, bytes: 16, lanes: func(r int) []int { l := 64*(r/32) + r%32; return []int{l, l + 32} }}, sh + mc, nil
	case sh == ".64x128b":
		return tcCpShape{}, "", invalid("tcgen05.cp.64x128b requires .warpx2::02_13 or .warpx2::01_23")
	case sh == ".32x128b" && mc == ".warpx4":
		return tcCpShape{rows: 32, bytes: 16, lanes: func(r int) []int { return []int{r, 32 + r, 64 + r, 96 + r} }}, sh + mc, nil
	case sh == ".32x128b":
		return tcCpShape{}, "", invalid("tcgen05.cp.32x128b requires .warpx4")
	case mc != "":
		return tcCpShape{}, "", invalid("tcgen05.cp%s takes no %s (only .64x128b and .32x128b multicast)", sh, mc)
	case sh == ".128x256b":
		return tcCpShape{rows: 128, bytes: 32, lanes: one}, sh, nil
	case sh == ".128x128b":
		return tcCpShape{rows: 128, bytes: 16, lanes: one}, sh, nil
	}
	return tcCpShape{rows: 4, bytes: 32, lanes: func(r int) []int { return []int{32 * r} }}, ".4x256b", nil
}

func lowerTcCp(l *lowering, in *check.Inst, o *op) error {
	group := ctaGroupOf(in)
	shape, sname, err := tcCpShapeOf(in)
	if err != nil {
		return err
	}
	src := hasMod(in, ".b6x16_p32", ".b4x16_p64")
	if len(in.Args) != 2 || in.Args[0].Kind != check.ArgAddr {
		return invalid("tcgen05.cp: expected [taddr], s-desc")
	}
	name := fmt.Sprintf("tcgen05.cp.cta_group::%d%s", group, sname)
	if src != "" {
		name += ".b8x16" + src
	}
	shape.fp6, shape.fp4 = src == ".b6x16_p32", src == ".b4x16_p64"
	taddr, dslot := l.tmemOperand(in.Args[0]), l.valueSlot(in.Args[1])
	o.exec = func(m *Machine, w *warp, o *op) {
		for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
			if mk&1 != 0 {
				m.execTcCp(w, o, lane, group, name, shape, taddr.value(w, lane), w.reg(dslot)[lane])
				if m.err != nil {
					return
				}
			}
		}
	}
	return nil
}

func (m *Machine) execTcCp(w *warp, o *op, lane, group int, name string, sh tcCpShape, taddr uint32, desc uint64) {
	ctas := m.tcCTAs(w, o, lane, group, name)
	if ctas == nil {
		return
	}
	fail := func(format string, a ...any) { m.raise(w, o, lane, name+": "+fmt.Sprintf(format, a...)) }
	l0, c0 := splitTaddr(taddr)
	cols := sh.bytes / 4
	if last := sh.lanes(sh.rows - 1); l0+last[len(last)-1] >= TmemLanes {
		fail("address 0x%08x (lane %d): the shape's lanes run to lane %d, past the 128 lanes of tensor memory", taddr, l0, l0+last[len(last)-1])
		return
	}
	if c0+cols > TmemCols {
		fail("columns %d-%d (address 0x%08x) run past the %d columns of tensor memory", c0, c0+cols-1, taddr, TmemCols)
		return
	}
	s, bad := decodeUmmaDesc(desc)
	for _, c := range ctas {
		if bad, ok := c.tmem.allocated(c0, cols); !ok {
			fail("TMEM column %d (address 0x%08x) is not allocated%s", bad, taddr, ctaNote(c, w, len(ctas)))
			return
		}
	}
	for _, c := range ctas {
		src := make([]byte, sh.rows*sh.bytes)
		if bad == "" {
			bad = readOperand(c.shared, s, 0, sh.rows, sh.bytes, ekU8, func(r, k int, v uint64) { src[r*sh.bytes+k] = byte(v) })
		}
		if bad != "" {
			fail("descriptor 0x%016x: %s%s", desc, bad, ctaNote(c, w, len(ctas)))
			return
		}
		if m.san != nil {
			m.san.descRows(m, w, o, lane, c, s, sh.rows, uint64(sh.bytes)) // sanitize_proxy.go
		}
		if sh.fp6 || sh.fp4 {
			k := ekE3M2 // 6 bits: which FP6 does not change the bits
			if sh.fp4 {
				k = ekE2M1
			}
			for r := 0; r < sh.rows; r++ {
				row := src[r*sh.bytes : r*sh.bytes+sh.bytes]
				out := make([]byte, sh.bytes)
				for e := range out {
					v := unpackSubByte(row, e, k, false)
					if sh.fp4 {
						v <<= 2
					}
					out[e] = byte(v)
				}
				copy(row, out)
			}
		}
		for r := 0; r < sh.rows; r++ {
			for _, lo := range sh.lanes(r) {
				for k := 0; k < cols; k++ {
					b := src[r*sh.bytes+4*k:]
					*c.tmem.at(l0+lo, c0+k) = uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
				}
			}
		}
	}
}

func lowerTcShift(l *lowering, in *check.Inst, o *op) error {
	group := ctaGroupOf(in)
	if len(in.Args) != 1 || in.Args[0].Kind != check.ArgAddr {
		return invalid("tcgen05.shift: expected [taddr]")
	}
	name := fmt.Sprintf("tcgen05.shift.cta_group::%d.down", group)
	taddr := l.tmemOperand(in.Args[0])
	o.exec = func(m *Machine, w *warp, o *op) {
		for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
			if mk&1 == 0 {
				continue
			}
			ctas := m.tcCTAs(w, o, lane, group, name)
			if ctas == nil {
				return
			}
			a := taddr.value(w, lane)
			l0, c0 := splitTaddr(a)
			switch {
			case l0%32 != 0 || l0 >= TmemLanes:
				m.raise(w, o, lane, fmt.Sprintf("%s: the address's lane %d (0x%08x) is not a multiple of 32 below 128", name, l0, a))
				return
			case c0+8 > TmemCols:
				m.raise(w, o, lane, fmt.Sprintf("%s: columns %d-%d (address 0x%08x) run past the %d columns of tensor memory", name, c0, c0+7, a, TmemCols))
				return
			}
			for _, c := range ctas {
				if bad, ok := c.tmem.allocated(c0, 8); !ok {
					m.raise(w, o, lane, fmt.Sprintf("%s: TMEM column %d (address 0x%08x) is not allocated%s", name, bad, a, ctaNote(c, w, len(ctas))))
					return
				}
			}
			for _, c := range ctas {
				for l := l0 + 30; l >= l0; l-- {
					for k := 0; k < 8; k++ {
						*c.tmem.at(l+1, c0+k) = *c.tmem.at(l, c0+k)
					}
				}
			}
		}
	}
	return nil
}
