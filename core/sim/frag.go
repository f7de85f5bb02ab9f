// frag.go: matrix fragments, the map between the elements of a matrix
// and the registers of a warp's lanes that hold them, for mma.sync (the
// ISA's "Matrix fragments for mma.mMnNkK" tables, §9.7.15.5.1), ldmatrix,
// stmatrix and movmatrix (the 8x8 b16 fragment), and wmma (a layout of
// ours: see wmmaFrag).
//
// The ISA writes each layout as formulas of
//
//	groupID           = %laneid >> 2
//	threadID_in_group = %laneid % 4
//
// and the element's index i in the lane's fragment (a0, a1, ... low to
// high: element i is bits [i*b, (i+1)*b) of register i/(32/b) for b-bit
// elements packed in .b32 registers, or register i for 32- and 64-bit
// elements). fragSpec.at encodes them.

package sim

import (
	"fmt"
	"math"
	"sync"

	"github.com/ptxplay/ptxplay/core/fp"
)

// ekind is the element type of a fragment.
type ekind uint8

const (
	ekF16 ekind = iota
	ekBF16
	ekTF32
	ekF32
	ekF64
	ekS8
	ekU8
	ekS4
	ekU4
	ekB1
	ekE4M3
	ekE5M2
	ekS32
	ekB16 // ldmatrix/stmatrix/movmatrix: 16 raw bits
	// the MX formats of tcgen05.mma (tcgen05_kinds.go): the value is the
	// raw code in the low bits
	ekE2M1
	ekE2M3
	ekE3M2
)

var ekinds = map[string]ekind{".f16": ekF16, ".bf16": ekBF16, ".tf32": ekTF32, ".f32": ekF32, ".f64": ekF64,
	".s8": ekS8, ".u8": ekU8, ".s4": ekS4, ".u4": ekU4, ".b1": ekB1, ".e4m3": ekE4M3, ".e5m2": ekE5M2,
	".s32": ekS32, ".b16": ekB16}

func (k ekind) String() string {
	switch k {
	case ekE2M1:
		return "e2m1"
	case ekE2M3:
		return "e2m3"
	case ekE3M2:
		return "e3m2"
	}
	for n, v := range ekinds {
		if v == k {
			return n[1:]
		}
	}
	return "?"
}

// bits is the element's width in a register.
func (k ekind) bits() int {
	switch k {
	case ekF16, ekBF16, ekB16:
		return 16
	case ekS8, ekU8, ekE4M3, ekE5M2, ekE2M3, ekE3M2:
		return 8 // the FP6 formats: a byte container (tcgen05_kinds.go)
	case ekE2M1:
		return 4
	case ekS4, ekU4:
		return 4
	case ekB1:
		return 1
	case ekF64:
		return 64
	}
	return 32
}

func (k ekind) isInt() bool { return k == ekS8 || k == ekU8 || k == ekS4 || k == ekU4 || k == ekS32 }

// fragSpec is one matrix's fragment: a rows x cols matrix (groups of them
// for mma.m8n8k4 with .f16, one per quad-pair) held as regs registers of
// per elements in each lane.
type fragSpec struct {
	name       string // "A", "B", "C", "D"
	rows, cols int
	groups     int
	regs, per  int
	kind       ekind
	at         func(lane, i int) (g, r, c int)
	idx        []int32 // lane*regs*per + i -> g*rows*cols + r*cols + c
}

// slots is the number of elements one lane holds.
func (s *fragSpec) slots() int { return s.regs * s.per }

// size is the number of matrix elements (all groups).
func (s *fragSpec) size() int { return s.groups * s.rows * s.cols }

// build fills idx from at and checks that the map is a bijection onto the
// matrix when one is meant (copies == 1) or covers it (wmma duplicates).
func (s *fragSpec) build() *fragSpec {
	n := s.slots()
	s.idx = make([]int32, 32*n)
	for lane := 0; lane < 32; lane++ {
		for i := 0; i < n; i++ {
			g, r, c := s.at(lane, i)
			if g < 0 || g >= s.groups || r < 0 || r >= s.rows || c < 0 || c >= s.cols {
				panic(fmt.Sprintf("BUG: fragment %s lane %d element %d -> (%d,%d,%d) outside %dx%dx%d", s.name, lane, i, g, r, c, s.groups, s.rows, s.cols))
			}
			s.idx[lane*n+i] = int32((g*s.rows+r)*s.cols + c)
		}
	}
	return s
}

// elem extracts element j of a register value.
func (s *fragSpec) elem(v uint64, j int) uint64 {
	b := s.kind.bits()
	if s.per == 1 {
		if b == 64 {
			return v
		}
		return v & widthMask(uint8(b))
	}
	return v >> (uint(j) * uint(b)) & widthMask(uint8(b))
}

// --- the ISA's mma layouts ---

// elemsPerReg is how many elements a .b32 register packs (1 for 32- and
// 64-bit elements, which take a register each).
func elemsPerReg(k ekind) int {
	if b := k.bits(); b < 32 {
		return 32 / b
	}
	return 1
}

// mmaAFrag is A (m x k, m = 8 or 16) of the m16n8kK/m8n8kK shapes: with
// e elements a register and a chunk of 4e columns, register r holds row
// groupID + 8*(r % (m/8)) and columns chunk r/(m/8) * 4e +
// threadID_in_group*e + j. This is every "Matrix fragments for mma.m16n8kK"
// A table (f16/bf16 k8/k16, tf32 k4/k8, f64 k4/k8/k16, s8/u8/e4m3/e5m2
// k16/k32, s4/u4 k32/k64, b1 k128/k256) and the m8n8k16/k32/k128 and
// f64 m8n8k4 ones, written once; frag_test.go checks it against each
// table's own formulas.
func mmaAFrag(m, k int, kind ekind) *fragSpec {
	e := elemsPerReg(kind)
	chunk := 4 * e
	halves := m / 8
	s := &fragSpec{name: "A", rows: m, cols: k, groups: 1, regs: halves * k / chunk, per: e, kind: kind}
	s.at = func(lane, i int) (int, int, int) {
		g, t := lane>>2, lane%4
		r, j := i/e, i%e
		return 0, g + 8*(r%halves), r/halves*chunk + t*e + j
	}
	return s.build()
}

// mmaBFrag is B (k x 8): register r holds rows r*4e + threadID_in_group*e
// + j of column groupID.
func mmaBFrag(k int, kind ekind) *fragSpec {
	e := elemsPerReg(kind)
	chunk := 4 * e
	s := &fragSpec{name: "B", rows: k, cols: 8, groups: 1, regs: k / chunk, per: e, kind: kind}
	s.at = func(lane, i int) (int, int, int) {
		g, t := lane>>2, lane%4
		r, j := i/e, i%e
		return 0, r*chunk + t*e + j, g
	}
	return s.build()
}

// mmaCFrag is C or D (m x 8): element i is at row groupID + 8*(i>>1),
// column threadID_in_group*2 + (i&1); .f16 packs two a register.
func mmaCFrag(name string, m int, kind ekind) *fragSpec { return accFrag(name, m, 8, kind) }

// accFrag is an m x n accumulator laid out as mma's C for every 8 columns
// (wgmma's D is a warp's 16 x N): element i is in the block of columns
// 8*(i/e), e = 2*m/8 elements a lane each, and within it as in mmaCFrag.
func accFrag(name string, m, n int, kind ekind) *fragSpec {
	per := 1
	if kind == ekF16 {
		per = 2
	}
	e := 2 * m / 8
	s := &fragSpec{name: name, rows: m, cols: n, groups: 1, regs: e * n / 8 / per, per: per, kind: kind}
	s.at = func(lane, i int) (int, int, int) {
		g, t := lane>>2, lane%4
		q := i % e
		return 0, g + 8*(q>>1), 8*(i/e) + t*2 + (q & 1)
	}
	return s.build()
}

// The m8n8k4 .f16 layouts: four independent 8x8x4 products, one per
// quad-pair (lanes 4q..4q+3 "low" and 16+4q..16+4q+3 "high").
func qpGroup(lane int) int { return lane >> 2 & 3 }
func qpHigh(lane int) int {
	if lane >= 16 {
		return 4
	}
	return 0
}

// m884AFrag: row-major A: row = %laneid%4 (+4 for the high group), col =
// i; column-major A: row = i (+4 high), col = %laneid%4.
func m884AFrag(col bool) *fragSpec {
	s := &fragSpec{name: "A", rows: 8, cols: 4, groups: 4, regs: 2, per: 2, kind: ekF16}
	s.at = func(lane, i int) (int, int, int) {
		if col {
			return qpGroup(lane), i%4 + qpHigh(lane), lane % 4
		}
		return qpGroup(lane), lane%4 + qpHigh(lane), i
	}
	return s.build()
}

// m884BFrag: row-major B: row = %laneid%4, col = i (+4 high);
// column-major B: row = i, col = %laneid%4 (+4 high).
func m884BFrag(col bool) *fragSpec {
	s := &fragSpec{name: "B", rows: 4, cols: 8, groups: 4, regs: 2, per: 2, kind: ekF16}
	s.at = func(lane, i int) (int, int, int) {
		if col {
			return qpGroup(lane), i, lane%4 + qpHigh(lane)
		}
		return qpGroup(lane), lane % 4, i + qpHigh(lane)
	}
	return s.build()
}

// m884CFrag: .f16: row = %laneid%4 (+4 high), col = i; .f32: row =
// X (+4 high) with X = (%laneid & 0b1) + (i & 0b10), col = (i & 0b100) +
// (%laneid & 0b10) + (i & 0b1).
func m884CFrag(name string, kind ekind) *fragSpec {
	if kind == ekF16 {
		s := &fragSpec{name: name, rows: 8, cols: 8, groups: 4, regs: 4, per: 2, kind: ekF16}
		s.at = func(lane, i int) (int, int, int) { return qpGroup(lane), lane%4 + qpHigh(lane), i }
		return s.build()
	}
	s := &fragSpec{name: name, rows: 8, cols: 8, groups: 4, regs: 8, per: 1, kind: kind}
	s.at = func(lane, i int) (int, int, int) {
		return qpGroup(lane), lane&1 + i&2 + qpHigh(lane), i&4 + lane&2 + i&1
	}
	return s.build()
}

// matrixFrag is the 8x8 b16 matrix of ldmatrix, stmatrix and movmatrix:
// each lane holds row %laneid/4, columns 2*(%laneid%4) and +1 in one .b32.
var matrixFrag = func() *fragSpec {
	s := &fragSpec{name: "M", rows: 8, cols: 8, groups: 1, regs: 1, per: 2, kind: ekB16}
	s.at = func(lane, i int) (int, int, int) { return 0, lane >> 2, 2*(lane%4) + i }
	return s.build()
}()

// --- element values ---

var f16Table = sync.OnceValue(func() *[1 << 16]float32 {
	var t [1 << 16]float32
	for i := range t {
		t[i] = math.Float32frombits(fp.CvtF16ToF32(uint16(i), false, false))
	}
	return &t
})

// floatOf decodes a floating-point element to float32 (exactly: every
// input type of mma with f32 accumulation fits). tf32 drops the low 13
// bits of the f32 pattern (the ISA ignores them), keeping NaN a NaN.
func floatOf(k ekind, v uint64) float32 {
	switch k {
	case ekF16:
		return f16Table()[uint16(v)]
	case ekBF16:
		return math.Float32frombits(uint32(v) << 16)
	case ekTF32:
		return math.Float32frombits(tf32Trunc(uint32(v)))
	case ekF32:
		return math.Float32frombits(uint32(v))
	case ekE4M3:
		return e4m3(uint8(v))
	case ekE5M2:
		return e5m2(uint8(v))
	case ekE2M1:
		return fp.E2M1(uint8(v))
	case ekE2M3:
		return fp.E2M3(uint8(v))
	case ekE3M2:
		return fp.E3M2(uint8(v))
	}
	return 0
}

// tf32Trunc keeps the 10 mantissa bits tf32 has.
func tf32Trunc(b uint32) uint32 {
	if b&0x7f800000 == 0x7f800000 && b&0x7fffff != 0 {
		return b | 0x400000 // NaN stays NaN
	}
	return b &^ 0x1fff
}

// e4m3 decodes an FP8 E4M3 value (bias 7, no infinities, S.1111.111 is NaN).
func e4m3(b uint8) float32 {
	s := float32(1)
	if b&0x80 != 0 {
		s = -1
	}
	e, m := int(b>>3&0xf), int(b&7)
	switch {
	case e == 15 && m == 7:
		return float32(math.NaN())
	case e == 0:
		return s * float32(m) / 8 * float32(math.Ldexp(1, -6))
	}
	return s * float32(math.Ldexp(1+float64(m)/8, e-7))
}

// e5m2 decodes an FP8 E5M2 value (bias 15, IEEE-like infinities and NaN).
func e5m2(b uint8) float32 {
	return math.Float32frombits(fp.CvtF16ToF32(uint16(b)<<8, false, false))
}

// intOf decodes an integer element.
func intOf(k ekind, v uint64) int64 {
	switch k {
	case ekS8:
		return int64(int8(v))
	case ekU8:
		return int64(uint8(v))
	case ekS4:
		return int64(int8(v<<4)) >> 4
	case ekU4:
		return int64(v & 15)
	case ekS32:
		return int64(int32(v))
	}
	return int64(v)
}
