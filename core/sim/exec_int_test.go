package sim

// exec_int_test.go: the integer and bit families run as real PTX through
// the whole pipeline (parse, check, load, run), each lane checked against a
// value computed here independently of package alu: plain int64 arithmetic,
// math/big, or the manual's pseudo-code written out bit by bit. Semantics
// already tested in alu get spot checks; the tests aim at the wiring:
// operand order, types and widths, sign extension, sinks, predicates,
// guards and the carry flag.

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/check"
)

// ---- independent reference helpers

func mk(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

func sx(v uint64, w int) int64 {
	v &= mk(w)
	if w < 64 && v>>(w-1)&1 != 0 {
		return int64(v) - int64(1)<<w
	}
	return int64(v)
}

func bigOf(v uint64, w int, signed bool) *big.Int {
	if signed {
		return big.NewInt(sx(v, w))
	}
	return new(big.Int).SetUint64(v & mk(w))
}

// bitsOf returns bits lo..lo+n-1 of x (two's complement) as a uint64.
func bitsOf(x *big.Int, lo, n int) uint64 {
	y := new(big.Int).Rsh(x, uint(lo))
	y.And(y, new(big.Int).SetUint64(mk(n)))
	return y.Uint64()
}

func clampI(v, lo, hi int64) int64 { return max(lo, min(v, hi)) }

// Edge values of each width.
func edges(w int) []uint64 {
	switch w {
	case 8:
		return []uint64{0, 1, 2, 0x7f, 0x80, 0x81, 0xfe, 0xff, 5, 0x55, 0xaa, 100, 0x9c, 0x10, 0x0f, 0x40}
	case 16:
		return []uint64{0, 1, 2, 0x7fff, 0x8000, 0x8001, 0xfffe, 0xffff, 5, 0x1234, 0xbeef, 100, 0xff9c, 0x00ff, 0x0100, 0x4000}
	case 32:
		return []uint64{0, 1, 2, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 5, 0x12345678, 0xdeadbeef, 100, 0xffffff9c, 0x00ffffff, 0xff800000, 0x10000}
	}
	return []uint64{0, 1, 2, 0x7fffffffffffffff, 0x8000000000000000, 0x8000000000000001, 0xfffffffffffffffe, 0xffffffffffffffff,
		0xffffffff, 0x100000000, 0xffffffff80000000, 0x7fffffff, 0x123456789abcdef0, 0xfedcba9876543210, 100, 0xffffffffffffff9c}
}

// Shift counts and bit positions: 0, 1, w-1, w, w+1, large.
var counts = []uint64{0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 256, 0xffffffff}

func regOf(w, n int) string {
	switch w {
	case 16:
		return fmt.Sprintf("%%h%d", n)
	case 32:
		return fmt.Sprintf("%%r%d", n)
	}
	return fmt.Sprintf("%%rd%d", n)
}

func ldst(w int) string { return fmt.Sprintf(".u%d", w) }

// opCase is one instruction with value operands: d, s0, s1, ... (each of
// the given register width), checked lane by lane against want.
type opCase struct {
	inst   string     // "add.sat.s32"
	widths []int      // register widths: d, then each source
	vals   [][]uint64 // values for each source (nil: edges of its width)
	want   func(s []uint64) uint64
	ver    string
	target string
}

// operands returns the lists of per-lane inputs of c: every pair of the
// first two sources' values, the third and fourth cycling.
func (c opCase) inputs() [][32]uint64 {
	ns := len(c.widths) - 1
	lists := make([][]uint64, ns)
	for k := range lists {
		if k < len(c.vals) && c.vals[k] != nil {
			lists[k] = c.vals[k]
		} else {
			lists[k] = edges(c.widths[k+1])
		}
	}
	n := len(lists[0])
	if ns > 1 {
		n *= len(lists[1])
	}
	rounds := (n + 31) / 32
	var in [][32]uint64
	for r := 0; r < rounds; r++ {
		round := make([][32]uint64, ns)
		for i := 0; i < 32; i++ {
			idx := (r*32 + i) % n
			for k := range lists {
				switch k {
				case 0:
					if ns > 1 {
						round[k][i] = lists[0][idx/len(lists[1])]
					} else {
						round[k][i] = lists[0][idx]
					}
				case 1:
					round[k][i] = lists[1][idx%len(lists[1])]
				default:
					round[k][i] = lists[k][(idx*(k+2)+k)%len(lists[k])]
				}
			}
		}
		in = append(in, round...)
	}
	return in
}

func (c opCase) run(t *testing.T) {
	t.Helper()
	ns := len(c.widths) - 1
	var body strings.Builder
	var args []string
	for k := 0; k < ns; k++ {
		w := c.widths[k+1]
		r := regOf(w, k+1)
		fmt.Fprintf(&body, "\tld.global%s %s, [%%ia+%d];\n", ldst(w), r, 256*k)
		args = append(args, r)
	}
	d := regOf(c.widths[0], 9)
	fmt.Fprintf(&body, "\t%s %s, %s;\n", c.inst, d, strings.Join(args, ", "))
	fmt.Fprintf(&body, "\tst.global%s [%%oa], %s;\n", ldst(c.widths[0]), d)
	p := compileHarness(t, c.ver, c.target, body.String())
	all := c.inputs()
	for r := 0; r*ns < len(all); r++ {
		in := all[r*ns : (r+1)*ns]
		got := runHarness(t, p, in, 1)[0]
		for i := 0; i < 32; i++ {
			s := make([]uint64, ns)
			for k := range s {
				s[k] = in[k][i] & mk(c.widths[k+1])
			}
			want := c.want(s) & mk(c.widths[0])
			if got[i] != want {
				t.Errorf("%s lane %d: sources %#x: got %#x, want %#x", c.inst, i, s, got[i], want)
				return
			}
		}
	}
}

func runCases(t *testing.T, cases []opCase) {
	for _, c := range cases {
		t.Run(c.inst, c.run)
	}
}

// ---- add, sub, mul, mad: the forms the hot lowerers pass on (9.7.1.1-4)

func TestIntAddSubForms(t *testing.T) {
	sat32 := func(v int64) uint64 { return uint64(clampI(v, -1<<31, 1<<31-1)) }
	simdF := func(n int, signed, sat bool, f func(x, y int64) int64) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			var d uint64
			for i := 0; i < 32; i += n {
				x, y := s[0]>>i&mk(n), s[1]>>i&mk(n)
				var r int64
				if signed {
					r = f(sx(x, n), sx(y, n))
					if sat {
						r = clampI(r, -1<<(n-1), 1<<(n-1)-1)
					}
				} else {
					r = f(int64(x), int64(y))
					if sat {
						r = clampI(r, 0, int64(mk(n)))
					}
				}
				d |= uint64(r) & mk(n) << i
			}
			return d
		}
	}
	add := func(x, y int64) int64 { return x + y }
	sub := func(x, y int64) int64 { return x - y }
	runCases(t, []opCase{
		{inst: "add.s16", widths: []int{16, 16, 16}, want: func(s []uint64) uint64 { return s[0] + s[1] }},
		{inst: "add.u16", widths: []int{16, 16, 16}, want: func(s []uint64) uint64 { return s[0] + s[1] }},
		{inst: "sub.s16", widths: []int{16, 16, 16}, want: func(s []uint64) uint64 { return s[0] - s[1] }},
		{inst: "add.sat.s32", widths: []int{32, 32, 32}, want: func(s []uint64) uint64 { return sat32(sx(s[0], 32) + sx(s[1], 32)) }},
		{inst: "sub.sat.s32", widths: []int{32, 32, 32}, want: func(s []uint64) uint64 { return sat32(sx(s[0], 32) - sx(s[1], 32)) }},
		{inst: "add.sat.u32", widths: []int{32, 32, 32}, want: func(s []uint64) uint64 { return min(s[0]+s[1], 0xffffffff) }},
		{inst: "add.u16x2", widths: []int{32, 32, 32}, want: simdF(16, false, false, add)},
		{inst: "add.s16x2", widths: []int{32, 32, 32}, want: simdF(16, true, false, add)},
		{inst: "add.sat.s16x2", widths: []int{32, 32, 32}, want: simdF(16, true, true, add)},
		{inst: "add.sat.u16x2", widths: []int{32, 32, 32}, want: simdF(16, false, true, add)},
		{inst: "add.u8x4", widths: []int{32, 32, 32}, want: simdF(8, false, false, add)},
		{inst: "add.sat.s8x4", widths: []int{32, 32, 32}, want: simdF(8, true, true, add)},
		{inst: "sub.sat.u8x4", widths: []int{32, 32, 32}, want: simdF(8, false, true, sub)},
		{inst: "sub.s8x4", widths: []int{32, 32, 32}, want: simdF(8, true, false, sub)},
	})
}

func TestIntMulMadForms(t *testing.T) {
	prodBits := func(w int, signed bool, lo, n int) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			p := new(big.Int).Mul(bigOf(s[0], w, signed), bigOf(s[1], w, signed))
			return bitsOf(p, lo, n)
		}
	}
	madBits := func(w int, signed bool, lo, n, cw int) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			p := new(big.Int).Mul(bigOf(s[0], w, signed), bigOf(s[1], w, signed))
			p = new(big.Int).Rsh(p, uint(lo))
			p.Add(p, bigOf(s[2], cw, signed))
			return bitsOf(p, 0, n)
		}
	}
	runCases(t, []opCase{
		{inst: "mul.lo.s16", widths: []int{16, 16, 16}, want: prodBits(16, true, 0, 16)},
		{inst: "mul.lo.u16", widths: []int{16, 16, 16}, want: prodBits(16, false, 0, 16)},
		{inst: "mul.hi.s16", widths: []int{16, 16, 16}, want: prodBits(16, true, 16, 16)},
		{inst: "mul.hi.u16", widths: []int{16, 16, 16}, want: prodBits(16, false, 16, 16)},
		{inst: "mul.hi.s32", widths: []int{32, 32, 32}, want: prodBits(32, true, 32, 32)},
		{inst: "mul.hi.u32", widths: []int{32, 32, 32}, want: prodBits(32, false, 32, 32)},
		{inst: "mul.hi.s64", widths: []int{64, 64, 64}, want: prodBits(64, true, 64, 64)},
		{inst: "mul.hi.u64", widths: []int{64, 64, 64}, want: prodBits(64, false, 64, 64)},
		{inst: "mul.wide.s16", widths: []int{32, 16, 16}, want: prodBits(16, true, 0, 32)},
		{inst: "mul.wide.u16", widths: []int{32, 16, 16}, want: prodBits(16, false, 0, 32)},
		{inst: "mul.wide.s32", widths: []int{64, 32, 32}, want: prodBits(32, true, 0, 64)},
		{inst: "mul.wide.u32", widths: []int{64, 32, 32}, want: prodBits(32, false, 0, 64)},
		{inst: "mad.lo.s16", widths: []int{16, 16, 16, 16}, want: madBits(16, true, 0, 16, 16)},
		{inst: "mad.hi.s32", widths: []int{32, 32, 32, 32}, want: madBits(32, true, 32, 32, 32)},
		{inst: "mad.hi.u32", widths: []int{32, 32, 32, 32}, want: madBits(32, false, 32, 32, 32)},
		{inst: "mad.hi.s64", widths: []int{64, 64, 64, 64}, want: madBits(64, true, 64, 64, 64)},
		{inst: "mad.hi.u64", widths: []int{64, 64, 64, 64}, want: madBits(64, false, 64, 64, 64)},
		{inst: "mad.wide.s32", widths: []int{64, 32, 32, 64}, want: madBits(32, true, 0, 64, 64)},
		{inst: "mad.wide.u32", widths: []int{64, 32, 32, 64}, want: madBits(32, false, 0, 64, 64)},
		{inst: "mad.wide.s16", widths: []int{32, 16, 16, 32}, want: madBits(16, true, 0, 32, 32)},
		{inst: "mad.hi.sat.s32", widths: []int{32, 32, 32, 32}, want: func(s []uint64) uint64 {
			hi := sx(s[0], 32) * sx(s[1], 32) >> 32 // int64 holds the product; >> floors
			return uint64(clampI(hi+sx(s[2], 32), -1<<31, 1<<31-1))
		}},
	})
}

// The carry chain (9.7.2): multi-word additions, subtractions and
// multiplications checked against 64- and 128-bit arithmetic.
func TestIntCarryChain(t *testing.T) {
	in := make([][32]uint64, 4)
	vals := edges(64)
	for i := 0; i < 32; i++ {
		in[0][i] = vals[i%16]
		in[1][i] = vals[(i*5+3)%16]
		in[2][i] = vals[(i*7+1)%16]
		in[3][i] = vals[(i*3+2)%16]
	}
	body := `
	ld.global.u32 %r1, [%ia];
	ld.global.u32 %r2, [%ia+4];
	ld.global.u32 %r3, [%ia+256];
	ld.global.u32 %r4, [%ia+260];
	// 64-bit add and subtract from 32-bit halves
	add.cc.u32 %r5, %r1, %r3;
	addc.u32 %r6, %r2, %r4;
	st.global.u32 [%oa], %r5;
	st.global.u32 [%oa+4], %r6;
	sub.cc.u32 %r7, %r1, %r3;
	subc.u32 %r8, %r2, %r4;
	st.global.u32 [%oa+256], %r7;
	st.global.u32 [%oa+260], %r8;
	// 128-bit add and subtract from 64-bit halves, three words
	ld.global.u64 %rd1, [%ia];
	ld.global.u64 %rd2, [%ia+256];
	ld.global.u64 %rd3, [%ia+512];
	ld.global.u64 %rd4, [%ia+768];
	add.cc.u64 %rd5, %rd1, %rd3;
	addc.cc.u64 %rd6, %rd2, %rd4;
	addc.u64 %rd7, 0, 0;
	st.global.u64 [%oa+512], %rd5;
	st.global.u64 [%oa+768], %rd6;
	st.global.u64 [%oa+1024], %rd7;
	sub.cc.s64 %rd8, %rd1, %rd3;
	subc.cc.s64 %rd9, %rd2, %rd4;
	subc.s64 %rd10, 0, 0;
	st.global.u64 [%oa+1280], %rd8;
	st.global.u64 [%oa+1536], %rd9;
	st.global.u64 [%oa+1792], %rd10;
	// 32x64 -> 96-bit product: {r1} * {r4:r3}
	mul.lo.u32 %r10, %r1, %r3;
	mul.hi.u32 %r11, %r1, %r3;
	mad.lo.cc.u32 %r11, %r1, %r4, %r11;
	madc.hi.u32 %r12, %r1, %r4, 0;
	st.global.u32 [%oa+2048], %r10;
	st.global.u32 [%oa+2052], %r11;
	st.global.u32 [%oa+2304], %r12;
	// madc.lo.cc then madc.hi: a carry in and a carry out
	add.cc.u32 %r13, %r1, %r3;
	madc.lo.cc.u32 %r14, %r2, %r4, %r1;
	madc.hi.u32 %r15, %r2, %r4, %r3;
	st.global.u32 [%oa+2560], %r14;
	st.global.u32 [%oa+2816], %r15;
	// mad.hi.cc.s32 reads the signed high half
	mad.hi.cc.s32 %r16, %r1, %r3, %r2;
	addc.u32 %r17, 0, 0;
	st.global.u32 [%oa+3072], %r16;
	st.global.u32 [%oa+3328], %r17;
	// a guard: lanes that skip add.cc keep their carry
	and.b32 %r20, %lane, 1;
	setp.eq.u32 %p1, %r20, 1;
	add.cc.u32 %r21, 0xffffffff, 1;      // carry 1 in every lane
	@%p1 add.cc.u32 %r21, 1, 1;          // carry 0 in odd lanes
	addc.u32 %r22, 0, 0;
	st.global.u32 [%oa+3584], %r22;
`
	p := compileHarness(t, "", "", body)
	out := runHarness(t, p, in, 15)
	for i := 0; i < 32; i++ {
		a, b, c, d := in[0][i], in[1][i], in[2][i], in[3][i]
		check := func(what string, k int, want uint64) {
			t.Helper()
			if out[k][i] != want {
				t.Errorf("lane %d: %s: got %#x, want %#x (a=%#x b=%#x c=%#x d=%#x)", i, what, out[k][i], want, a, b, c, d)
			}
		}
		check("64-bit add", 0, a+b)
		check("64-bit sub", 1, a-b)
		x := new(big.Int).Lsh(new(big.Int).SetUint64(b), 64)
		x.Add(x, new(big.Int).SetUint64(a))
		y := new(big.Int).Lsh(new(big.Int).SetUint64(d), 64)
		y.Add(y, new(big.Int).SetUint64(c))
		s := new(big.Int).Add(x, y)
		check("128-bit add word 0", 2, bitsOf(s, 0, 64))
		check("128-bit add word 1", 3, bitsOf(s, 64, 64))
		check("128-bit add carry", 4, bitsOf(s, 128, 64))
		s = new(big.Int).Sub(x, y)
		check("128-bit sub word 0", 5, bitsOf(s, 0, 64))
		check("128-bit sub word 1", 6, bitsOf(s, 64, 64))
		// subc 0, 0 after a chain: 0 + ~0 + CF = CF - 1: -1 on a borrow.
		check("128-bit sub borrow", 7, bitsOf(s, 128, 64))
		a32, a64 := a&0xffffffff, b
		p := new(big.Int).Mul(new(big.Int).SetUint64(a32), new(big.Int).SetUint64(a64))
		check("96-bit product low", 8, bitsOf(p, 0, 64))
		check("96-bit product high", 9, bitsOf(p, 64, 32))
		// madc.lo.cc: lo(a.hi * b.hi) + a.lo + carry(a.lo + b.lo)
		cf := (a&0xffffffff + b&0xffffffff) >> 32
		lo := (a >> 32) * (b >> 32) & 0xffffffff
		t1 := lo + a&0xffffffff + cf
		check("madc.lo.cc", 10, t1&0xffffffff)
		hi := (a >> 32) * (b >> 32) >> 32
		check("madc.hi", 11, (hi+b&0xffffffff+t1>>32)&0xffffffff)
		mh := uint64(sx(a, 32)*sx(b, 32)>>32) & 0xffffffff
		check("mad.hi.cc.s32", 12, (mh+a>>32)&0xffffffff)
		check("mad.hi.cc.s32 carry", 13, (mh+a>>32)>>32)
		wantCF := uint64(1)
		if i&1 == 1 {
			wantCF = 0
		}
		check("guarded add.cc", 14, wantCF)
	}
}

// ---- mul24, mad24, sad, div, rem, abs, neg, min, max (9.7.1.5-14)

func TestIntArithFamilies(t *testing.T) {
	s24 := func(v uint64) int64 { return sx(v, 24) }
	u24 := func(v uint64) int64 { return int64(v & 0xffffff) }
	div := func(w int, signed, rem bool) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			if s[1]&mk(w) == 0 {
				return mk(w) // the GPU gives all ones
			}
			x, y := bigOf(s[0], w, signed), bigOf(s[1], w, signed)
			if rem {
				return bitsOf(new(big.Int).Rem(x, y), 0, w)
			}
			return bitsOf(new(big.Int).Quo(x, y), 0, w)
		}
	}
	sad := func(w int, signed bool) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			d := new(big.Int).Sub(bigOf(s[0], w, signed), bigOf(s[1], w, signed))
			d.Abs(d)
			return bitsOf(d.Add(d, bigOf(s[2], w, false)), 0, w)
		}
	}
	minmax := func(w int, signed, isMax, relu bool) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			x, y := bigOf(s[0], w, signed), bigOf(s[1], w, signed)
			r := x
			if (x.Cmp(y) < 0) == isMax {
				r = y
			}
			if relu && r.Sign() < 0 {
				return 0
			}
			return bitsOf(r, 0, w)
		}
	}
	halves := func(signed, isMax, relu bool) func(s []uint64) uint64 {
		f := minmax(16, signed, isMax, relu)
		return func(s []uint64) uint64 {
			return f([]uint64{s[0] & 0xffff, s[1] & 0xffff}) | f([]uint64{s[0] >> 16, s[1] >> 16})<<16
		}
	}
	runCases(t, []opCase{
		{inst: "mul24.lo.s32", widths: []int{32, 32, 32}, want: func(s []uint64) uint64 { return uint64(s24(s[0]) * s24(s[1])) }},
		{inst: "mul24.lo.u32", widths: []int{32, 32, 32}, want: func(s []uint64) uint64 { return uint64(u24(s[0]) * u24(s[1])) }},
		{inst: "mul24.hi.s32", widths: []int{32, 32, 32}, want: func(s []uint64) uint64 { return uint64(s24(s[0]) * s24(s[1]) >> 16) }},
		{inst: "mul24.hi.u32", widths: []int{32, 32, 32}, want: func(s []uint64) uint64 { return uint64(u24(s[0]) * u24(s[1]) >> 16) }},
		{inst: "mad24.lo.u32", widths: []int{32, 32, 32, 32}, want: func(s []uint64) uint64 { return uint64(u24(s[0])*u24(s[1])) + s[2] }},
		{inst: "mad24.hi.s32", widths: []int{32, 32, 32, 32}, want: func(s []uint64) uint64 { return uint64(s24(s[0])*s24(s[1])>>16) + s[2] }},
		{inst: "mad24.hi.sat.s32", widths: []int{32, 32, 32, 32}, want: func(s []uint64) uint64 {
			return uint64(clampI(s24(s[0])*s24(s[1])>>16+sx(s[2], 32), -1<<31, 1<<31-1))
		}},
		{inst: "sad.s32", widths: []int{32, 32, 32, 32}, want: sad(32, true)},
		{inst: "sad.u32", widths: []int{32, 32, 32, 32}, want: sad(32, false)},
		{inst: "sad.s16", widths: []int{16, 16, 16, 16}, want: sad(16, true)},
		{inst: "sad.u64", widths: []int{64, 64, 64, 64}, want: sad(64, false)},
		{inst: "div.s32", widths: []int{32, 32, 32}, want: div(32, true, false)},
		{inst: "div.u32", widths: []int{32, 32, 32}, want: div(32, false, false)},
		{inst: "div.s64", widths: []int{64, 64, 64}, want: div(64, true, false)},
		{inst: "div.u64", widths: []int{64, 64, 64}, want: div(64, false, false)},
		{inst: "div.s16", widths: []int{16, 16, 16}, want: div(16, true, false)},
		{inst: "rem.s32", widths: []int{32, 32, 32}, want: div(32, true, true)},
		{inst: "rem.u32", widths: []int{32, 32, 32}, want: div(32, false, true)},
		{inst: "rem.s64", widths: []int{64, 64, 64}, want: div(64, true, true)},
		{inst: "rem.u16", widths: []int{16, 16, 16}, want: div(16, false, true)},
		{inst: "abs.s32", widths: []int{32, 32}, want: func(s []uint64) uint64 { return uint64(max(sx(s[0], 32), -sx(s[0], 32))) }},
		{inst: "abs.s16", widths: []int{16, 16}, want: func(s []uint64) uint64 { return uint64(max(sx(s[0], 16), -sx(s[0], 16))) }},
		{inst: "abs.s64", widths: []int{64, 64}, want: func(s []uint64) uint64 { return bitsOf(new(big.Int).Abs(bigOf(s[0], 64, true)), 0, 64) }},
		{inst: "neg.s32", widths: []int{32, 32}, want: func(s []uint64) uint64 { return uint64(-sx(s[0], 32)) }},
		{inst: "neg.s16", widths: []int{16, 16}, want: func(s []uint64) uint64 { return uint64(-sx(s[0], 16)) }},
		{inst: "neg.s64", widths: []int{64, 64}, want: func(s []uint64) uint64 { return -s[0] }},
		{inst: "min.s32", widths: []int{32, 32, 32}, want: minmax(32, true, false, false)},
		{inst: "min.u32", widths: []int{32, 32, 32}, want: minmax(32, false, false, false)},
		{inst: "max.s32", widths: []int{32, 32, 32}, want: minmax(32, true, true, false)},
		{inst: "max.u32", widths: []int{32, 32, 32}, want: minmax(32, false, true, false)},
		{inst: "min.s16", widths: []int{16, 16, 16}, want: minmax(16, true, false, false)},
		{inst: "max.u16", widths: []int{16, 16, 16}, want: minmax(16, false, true, false)},
		{inst: "min.s64", widths: []int{64, 64, 64}, want: minmax(64, true, false, false)},
		{inst: "max.u64", widths: []int{64, 64, 64}, want: minmax(64, false, true, false)},
		{inst: "max.s64", widths: []int{64, 64, 64}, want: minmax(64, true, true, false)},
		{inst: "min.relu.s32", widths: []int{32, 32, 32}, want: minmax(32, true, false, true)},
		{inst: "max.relu.s32", widths: []int{32, 32, 32}, want: minmax(32, true, true, true)},
		{inst: "min.u16x2", widths: []int{32, 32, 32}, want: halves(false, false, false)},
		{inst: "max.s16x2", widths: []int{32, 32, 32}, want: halves(true, true, false)},
		{inst: "min.relu.s16x2", widths: []int{32, 32, 32}, want: halves(true, false, true)},
		{inst: "max.relu.s16x2", widths: []int{32, 32, 32}, want: halves(true, true, true)},
	})
}

// ---- bit counts and fields (9.7.1.15-23), cnot (9.7.8.5)

// bfeRef is the manual's pseudo-code for bfe.
func bfeRef(a, b, c uint64, w int, signed bool) uint64 {
	msb := w - 1
	pos, n := int(b&0xff), int(c&0xff)
	var sbit uint64
	if signed && n != 0 {
		sbit = a >> min(pos+n-1, msb) & 1
	}
	var d uint64
	for i := 0; i <= msb; i++ {
		bit := sbit
		if i < n && pos+i <= msb {
			bit = a >> (pos + i) & 1
		}
		d |= bit << i
	}
	return d
}

// bfiRef is the manual's pseudo-code for bfi.
func bfiRef(a, b, c, e uint64, w int) uint64 {
	msb := w - 1
	pos, n := int(c&0xff), int(e&0xff)
	f := b
	for i := 0; i < n && pos+i <= msb; i++ {
		f = f&^(1<<(pos+i)) | (a>>i&1)<<(pos+i)
	}
	return f
}

// bmskRef is the manual's pseudo-code for bmsk.
func bmskRef(a, b uint64, clamp bool) uint64 {
	a1, b1 := a&0x1f, b&0x1f
	mask0 := uint64(0xffffffff) << a1 & 0xffffffff
	sum := a1 + b1
	mask1 := uint64(0xffffffff) << sum & 0xffffffff
	over := sum >= 32
	if clamp {
		if a >= 32 {
			over, mask0 = true, 0
		}
		if b >= 32 {
			over = true
		}
	}
	if over {
		mask1 = 0
	} else if b1 == 0 {
		mask1 = 0xffffffff
	}
	return mask0 &^ mask1
}

// szextRef is the manual's pseudo-code for szext.
func szextRef(a, b uint64, signed, clamp bool) uint64 {
	b1 := b & 0x1f
	tooLarge := b >= 32 && clamp
	mask := uint64(0xffffffff) << b1 & 0xffffffff
	if tooLarge {
		mask = 0
	}
	var sign uint64
	if !(b1 == 0 || tooLarge || !signed) {
		sign = a >> ((b1 - 1) & 0x1f) & 1
	}
	d := a &^ mask
	if sign != 0 {
		d |= mask
	}
	return d
}

// fnsRef walks the mask bit by bit.
func fnsRef(mask, base, off uint64) uint64 {
	o := int32(off)
	if base > 31 {
		return 0xffffffff
	}
	if o == 0 {
		if mask>>base&1 != 0 {
			return base
		}
		return 0xffffffff
	}
	n := 0
	for i := int(base); i >= 0 && i < 32; {
		if mask>>i&1 != 0 {
			n++
			if o > 0 && n == int(o) || o < 0 && n == -int(o) {
				return uint64(i)
			}
		}
		if o > 0 {
			i++
		} else {
			i--
		}
	}
	return 0xffffffff
}

func TestIntBitFamilies(t *testing.T) {
	popc := func(s []uint64) uint64 {
		n := uint64(0)
		for v := s[0]; v != 0; v >>= 1 {
			n += v & 1
		}
		return n
	}
	clz := func(w int) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			n := uint64(0)
			for i := w - 1; i >= 0 && s[0]>>i&1 == 0; i-- {
				n++
			}
			return n
		}
	}
	bfind := func(w int, signed, shiftamt bool) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			v := s[0]
			if signed && v>>(w-1)&1 != 0 {
				v = ^v & mk(w)
			}
			for i := w - 1; i >= 0; i-- {
				if v>>i&1 != 0 {
					if shiftamt {
						return uint64(w - 1 - i)
					}
					return uint64(i)
				}
			}
			return 0xffffffff
		}
	}
	brev := func(w int) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			var d uint64
			for i := 0; i < w; i++ {
				d |= (s[0] >> i & 1) << (w - 1 - i)
			}
			return d
		}
	}
	cnot := func(s []uint64) uint64 {
		if s[0] == 0 {
			return 1
		}
		return 0
	}
	masks := []uint64{0, 1, 0x80000000, 0xffffffff, 0x55555555, 0xf0f0f00f, 0x00010100, 0x12345678}
	bases := []uint64{0, 1, 4, 8, 16, 31, 32, 0xffffffff}
	offs := []uint64{0, 1, 2, 3, 5, 0xffffffff, 0xfffffffe, 0xfffffffd, 0x80000000, 32, 0xffffffe0}
	runCases(t, []opCase{
		{inst: "popc.b32", widths: []int{32, 32}, want: popc},
		{inst: "popc.b64", widths: []int{32, 64}, want: popc},
		{inst: "clz.b32", widths: []int{32, 32}, want: clz(32)},
		{inst: "clz.b64", widths: []int{32, 64}, want: clz(64)},
		{inst: "bfind.u32", widths: []int{32, 32}, want: bfind(32, false, false)},
		{inst: "bfind.s32", widths: []int{32, 32}, want: bfind(32, true, false)},
		{inst: "bfind.shiftamt.u64", widths: []int{32, 64}, want: bfind(64, false, true)},
		{inst: "bfind.shiftamt.s64", widths: []int{32, 64}, want: bfind(64, true, true)},
		{inst: "brev.b32", widths: []int{32, 32}, want: brev(32)},
		{inst: "brev.b64", widths: []int{64, 64}, want: brev(64)},
		{inst: "cnot.b16", widths: []int{16, 16}, want: cnot},
		{inst: "cnot.b32", widths: []int{32, 32}, want: cnot},
		{inst: "cnot.b64", widths: []int{64, 64}, want: cnot},
		{inst: "fns.b32", widths: []int{32, 32, 32, 32}, vals: [][]uint64{masks, bases, offs}, want: func(s []uint64) uint64 { return fnsRef(s[0], s[1], s[2]) }},
		{inst: "bfe.u32", widths: []int{32, 32, 32, 32}, vals: [][]uint64{nil, counts, counts}, want: func(s []uint64) uint64 { return bfeRef(s[0], s[1], s[2], 32, false) }},
		{inst: "bfe.s32", widths: []int{32, 32, 32, 32}, vals: [][]uint64{nil, counts, counts}, want: func(s []uint64) uint64 { return bfeRef(s[0], s[1], s[2], 32, true) }},
		{inst: "bfe.u64", widths: []int{64, 64, 32, 32}, vals: [][]uint64{nil, counts, counts}, want: func(s []uint64) uint64 { return bfeRef(s[0], s[1], s[2], 64, false) }},
		{inst: "bfe.s64", widths: []int{64, 64, 32, 32}, vals: [][]uint64{nil, counts, counts}, want: func(s []uint64) uint64 { return bfeRef(s[0], s[1], s[2], 64, true) }},
		{inst: "bfi.b32", widths: []int{32, 32, 32, 32, 32}, vals: [][]uint64{nil, nil, counts, counts}, want: func(s []uint64) uint64 { return bfiRef(s[0], s[1], s[2], s[3], 32) }},
		{inst: "bfi.b64", widths: []int{64, 64, 64, 32, 32}, vals: [][]uint64{nil, nil, counts, counts}, want: func(s []uint64) uint64 { return bfiRef(s[0], s[1], s[2], s[3], 64) }},
		{inst: "bmsk.clamp.b32", widths: []int{32, 32, 32}, vals: [][]uint64{counts, counts}, want: func(s []uint64) uint64 { return bmskRef(s[0], s[1], true) }},
		{inst: "bmsk.wrap.b32", widths: []int{32, 32, 32}, vals: [][]uint64{counts, counts}, want: func(s []uint64) uint64 { return bmskRef(s[0], s[1], false) }},
		{inst: "szext.clamp.s32", widths: []int{32, 32, 32}, vals: [][]uint64{nil, counts}, want: func(s []uint64) uint64 { return szextRef(s[0], s[1], true, true) }},
		{inst: "szext.wrap.s32", widths: []int{32, 32, 32}, vals: [][]uint64{nil, counts}, want: func(s []uint64) uint64 { return szextRef(s[0], s[1], true, false) }},
		{inst: "szext.clamp.u32", widths: []int{32, 32, 32}, vals: [][]uint64{nil, counts}, want: func(s []uint64) uint64 { return szextRef(s[0], s[1], false, true) }},
		{inst: "szext.wrap.u32", widths: []int{32, 32, 32}, vals: [][]uint64{nil, counts}, want: func(s []uint64) uint64 { return szextRef(s[0], s[1], false, false) }},
	})
}

// ---- dp4a, dp2a (9.7.1.24-25), prmt (9.7.9.7), lop3, shf (9.7.8.6-7)

func TestIntDotPrmtLop3Shf(t *testing.T) {
	byteOf := func(x uint64, i int, signed bool) int64 {
		v := x >> (8 * i) & 0xff
		if signed {
			return sx(v, 8)
		}
		return int64(v)
	}
	halfOf := func(x uint64, i int, signed bool) int64 {
		v := x >> (16 * i) & 0xffff
		if signed {
			return sx(v, 16)
		}
		return int64(v)
	}
	dp4a := func(as, bs bool) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			acc := int64(s[2])
			for i := 0; i < 4; i++ {
				acc += byteOf(s[0], i, as) * byteOf(s[1], i, bs)
			}
			return uint64(acc)
		}
	}
	dp2a := func(as, bs, hi bool) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			acc, k := int64(s[2]), 0
			if hi {
				k = 2
			}
			acc += halfOf(s[0], 0, as)*byteOf(s[1], k, bs) + halfOf(s[0], 1, as)*byteOf(s[1], k+1, bs)
			return uint64(acc)
		}
	}
	// The mode tables of the manual, as printed: d.b3 .. d.b0 sources for
	// each selector c[1:0].
	modeTables := map[string][4][4]int{
		"f4e":  {{3, 2, 1, 0}, {4, 3, 2, 1}, {5, 4, 3, 2}, {6, 5, 4, 3}},
		"b4e":  {{5, 6, 7, 0}, {6, 7, 0, 1}, {7, 0, 1, 2}, {0, 1, 2, 3}},
		"rc8":  {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},
		"ecl":  {{3, 2, 1, 0}, {3, 2, 1, 1}, {3, 2, 2, 2}, {3, 3, 3, 3}},
		"ecr":  {{0, 0, 0, 0}, {1, 1, 1, 0}, {2, 2, 1, 0}, {3, 2, 1, 0}},
		"rc16": {{1, 0, 1, 0}, {3, 2, 3, 2}, {1, 0, 1, 0}, {3, 2, 3, 2}},
	}
	prmtGeneric := func(s []uint64) uint64 {
		src := s[1]<<32 | s[0]
		var d uint64
		for i := 0; i < 4; i++ {
			sel := s[2] >> (4 * i) & 0xf
			v := src >> (8 * (sel & 7)) & 0xff
			if sel&8 != 0 {
				v = 0
				if src>>(8*(sel&7)+7)&1 != 0 {
					v = 0xff
				}
			}
			d |= v << (8 * i)
		}
		return d
	}
	prmtMode := func(name string) func(s []uint64) uint64 {
		tab := modeTables[name]
		return func(s []uint64) uint64 {
			src := s[1]<<32 | s[0]
			row := tab[s[2]&3]
			var d uint64
			for i := 0; i < 4; i++ {
				d |= (src >> (8 * row[3-i]) & 0xff) << (8 * i)
			}
			return d
		}
	}
	sels := []uint64{0x3210, 0x7654, 0x0123, 0x4567, 0x8888, 0xcba9, 0x1111, 0xfedc, 0x5140, 0x0000, 0xffff3210, 0x2, 0x3, 0x1, 0x89ab, 0x7777}
	lop3 := func(lut uint64) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			var d uint64
			for i := 0; i < 32; i++ {
				k := (s[0]>>i&1)<<2 | (s[1]>>i&1)<<1 | s[2]>>i&1
				d |= (lut >> k & 1) << i
			}
			return d
		}
	}
	shf := func(left, clamp bool) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			n := s[2] & 31
			if clamp {
				n = min(s[2], 32)
			}
			v := new(big.Int).SetUint64(s[1]<<32 | s[0])
			if left {
				return bitsOf(v.Lsh(v, uint(n)), 32, 32)
			}
			return bitsOf(v.Rsh(v, uint(n)), 0, 32)
		}
	}
	cases := []opCase{
		{inst: "dp4a.u32.u32", widths: []int{32, 32, 32, 32}, want: dp4a(false, false)},
		{inst: "dp4a.s32.u32", widths: []int{32, 32, 32, 32}, want: dp4a(true, false)},
		{inst: "dp4a.u32.s32", widths: []int{32, 32, 32, 32}, want: dp4a(false, true)},
		{inst: "dp4a.s32.s32", widths: []int{32, 32, 32, 32}, want: dp4a(true, true)},
		{inst: "dp2a.lo.s32.u32", widths: []int{32, 32, 32, 32}, want: dp2a(true, false, false)},
		{inst: "dp2a.hi.u32.s32", widths: []int{32, 32, 32, 32}, want: dp2a(false, true, true)},
		{inst: "dp2a.hi.s32.s32", widths: []int{32, 32, 32, 32}, want: dp2a(true, true, true)},
		{inst: "prmt.b32", widths: []int{32, 32, 32, 32}, vals: [][]uint64{{0x33221100, 0x80ff7f01}, {0x77665544, 0xf07f8001}, sels}, want: prmtGeneric},
		{inst: "shf.l.clamp.b32", widths: []int{32, 32, 32, 32}, vals: [][]uint64{nil, nil, counts}, want: shf(true, true)},
		{inst: "shf.l.wrap.b32", widths: []int{32, 32, 32, 32}, vals: [][]uint64{nil, nil, counts}, want: shf(true, false)},
		{inst: "shf.r.clamp.b32", widths: []int{32, 32, 32, 32}, vals: [][]uint64{nil, nil, counts}, want: shf(false, true)},
		{inst: "shf.r.wrap.b32", widths: []int{32, 32, 32, 32}, vals: [][]uint64{nil, nil, counts}, want: shf(false, false)},
	}
	for _, mode := range []string{"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"} {
		cases = append(cases, opCase{inst: "prmt.b32." + mode, widths: []int{32, 32, 32, 32},
			vals: [][]uint64{{0x33221100}, {0x77665544}, {0, 1, 2, 3, 4, 5, 0xfffffffe, 0xffffffff}}, want: prmtMode(mode)})
	}
	runCases(t, cases)

	// lop3's immLut is a constant operand: one kernel per table.
	for _, lut := range []uint64{0x00, 0xff, 0xf0, 0xcc, 0xaa, 0x80, 0xfe, 0x96, 0xe8, 0x1a, 0x40, 0x6a} {
		t.Run(fmt.Sprintf("lop3 %#x", lut), func(t *testing.T) {
			body := fmt.Sprintf(`
	ld.global.u32 %%r1, [%%ia];
	ld.global.u32 %%r2, [%%ia+256];
	ld.global.u32 %%r3, [%%ia+512];
	lop3.b32 %%r4, %%r1, %%r2, %%r3, %d;
	st.global.u32 [%%oa], %%r4;
`, lut)
			p := compileHarness(t, "", "", body)
			in := opCase{widths: []int{32, 32, 32, 32}}.inputs()
			for r := 0; r < len(in); r += 3 {
				got := runHarness(t, p, in[r:r+3], 1)[0]
				for i := 0; i < 32; i++ {
					s := []uint64{in[r][i], in[r+1][i], in[r+2][i]}
					if want := lop3(lut)(s); got[i] != want {
						t.Fatalf("lane %d: lop3 %#x of %#x: got %#x, want %#x", i, lut, s, got[i], want)
					}
				}
			}
		})
	}
}

// lop3.{or,and} d|p, a, b, c, immLut, q: p = (d != 0) BoolOp q, with a
// sink d too (sm_70, PTX 8.2).
func TestIntLop3Bool(t *testing.T) {
	body := `
	ld.global.u32 %r1, [%ia];
	ld.global.u32 %r2, [%ia+256];
	ld.global.u32 %r3, [%ia+512];
	and.b32 %r10, %lane, 2;
	setp.ne.u32 %p1, %r10, 0;                    // q: bit 1 of the lane
	lop3.or.b32 %r4|%p2, %r1, %r2, %r3, 0x80, %p1;
	lop3.and.b32 %r5|%p3, %r1, %r2, %r3, 0xfe, !%p1;
	lop3.and.b32 _|%p4, %r1, %r2, %r3, 0x96, %p1;
	st.global.u32 [%oa], %r4;
	st.global.u32 [%oa+256], %r5;
	selp.u32 %r6, 1, 0, %p2;
	selp.u32 %r7, 1, 0, %p3;
	selp.u32 %r8, 1, 0, %p4;
	st.global.u32 [%oa+512], %r6;
	st.global.u32 [%oa+768], %r7;
	st.global.u32 [%oa+1024], %r8;
`
	p := compileHarness(t, "", "", body)
	vals := []uint64{0, 0xffffffff, 0x0f0f0f0f, 0xf0f0f0f0, 1, 0x80000000}
	in := make([][32]uint64, 3)
	for i := 0; i < 32; i++ {
		in[0][i], in[1][i], in[2][i] = vals[i%6], vals[(i/2)%6], vals[(i/3)%6]
	}
	out := runHarness(t, p, in, 5)
	b2u := func(b bool) uint64 {
		if b {
			return 1
		}
		return 0
	}
	for i := 0; i < 32; i++ {
		a, b, c := in[0][i], in[1][i], in[2][i]
		q := i&2 != 0
		and3, or3, xor3 := a&b&c, a|b|c, a^b^c
		want := []uint64{and3, or3, b2u(and3 != 0 || q), b2u(or3 != 0 && !q), b2u(xor3 != 0 && q)}
		for k, w := range want {
			if out[k][i] != w {
				t.Errorf("lane %d output %d: got %#x, want %#x", i, k, out[k][i], w)
			}
		}
	}
}

// ---- shl, shr (9.7.8.8-9)

func TestIntShifts(t *testing.T) {
	shl := func(w int) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			if s[1] >= uint64(w) {
				return 0
			}
			return s[0] << s[1] & mk(w)
		}
	}
	shr := func(w int, signed bool) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			neg := signed && s[0]>>(w-1)&1 != 0
			if s[1] >= uint64(w) {
				if neg {
					return mk(w)
				}
				return 0
			}
			d := s[0] >> s[1]
			if neg {
				d |= mk(w) &^ (mk(w) >> s[1])
			}
			return d
		}
	}
	var cases []opCase
	for _, w := range []int{16, 32, 64} {
		v := [][]uint64{nil, counts}
		cases = append(cases,
			opCase{inst: fmt.Sprintf("shl.b%d", w), widths: []int{w, w, 32}, vals: v, want: shl(w)},
			opCase{inst: fmt.Sprintf("shr.b%d", w), widths: []int{w, w, 32}, vals: v, want: shr(w, false)},
			opCase{inst: fmt.Sprintf("shr.u%d", w), widths: []int{w, w, 32}, vals: v, want: shr(w, false)},
			opCase{inst: fmt.Sprintf("shr.s%d", w), widths: []int{w, w, 32}, vals: v, want: shr(w, true)})
	}
	runCases(t, cases)

	// Constant counts, partial masks (a guard) and an in-place update.
	body := `
	ld.global.u32 %r1, [%ia];
	ld.global.u32 %r2, [%ia+256];
	shl.b32 %r3, %r1, 33;
	shr.s32 %r4, %r1, 40;
	shr.u32 %r5, %r1, 31;
	and.b32 %r10, %lane, 3;
	setp.ne.u32 %p1, %r10, 0;
	mov.u32 %r6, 0x55;
	mov.u32 %r7, 0x66;
	mov.u32 %r8, 0x77;
	@%p1 shl.b32 %r6, %r1, %r2;
	@%p1 shr.s32 %r7, %r1, %r2;
	@!%p1 shr.u32 %r8, %r1, %r2;
	shl.b32 %r1, %r1, 1;
	st.global.u32 [%oa], %r3;
	st.global.u32 [%oa+256], %r4;
	st.global.u32 [%oa+512], %r5;
	st.global.u32 [%oa+768], %r6;
	st.global.u32 [%oa+1024], %r7;
	st.global.u32 [%oa+1280], %r8;
	st.global.u32 [%oa+1536], %r1;
`
	p := compileHarness(t, "", "", body)
	in := opCase{widths: []int{32, 32, 32}, vals: [][]uint64{nil, counts}}.inputs()
	for r := 0; r < len(in); r += 2 {
		out := runHarness(t, p, in[r:r+2], 7)
		for i := 0; i < 32; i++ {
			a, n := in[r][i], in[r+1][i]
			on := i&3 != 0
			want := []uint64{0, shr(32, true)([]uint64{a, 40}), a >> 31, 0x55, 0x66, 0x77, a << 1 & 0xffffffff}
			if on {
				want[3], want[4] = shl(32)([]uint64{a, n}), shr(32, true)([]uint64{a, n})
			} else {
				want[5] = shr(32, false)([]uint64{a, n})
			}
			for k, w := range want {
				if out[k][i] != w {
					t.Errorf("lane %d (a=%#x n=%d) output %d: got %#x, want %#x", i, a, n, k, out[k][i], w)
				}
			}
		}
	}
}

// TestIntShiftImmediates: shifts by an immediate count (lowerShift gives
// counts below 64 forms that shift by o.mode) for every width and kind,
// counts around each width and past 64, with every lane active and with a
// guard that leaves lanes 0 mod 3 as they were, and in place (d = a). The
// model is TestIntShifts': counts of the width or more give 0, or the sign
// for shr.s (ISA 9.7.8.8-9: "Shift amounts greater than the register width
// N are clamped to N").
func TestIntShiftImmediates(t *testing.T) {
	shl := func(w int, a, n uint64) uint64 {
		if n >= uint64(w) {
			return 0
		}
		return a << n & mk(w)
	}
	shr := func(w int, signed bool, a, n uint64) uint64 {
		neg := signed && a>>(w-1)&1 != 0
		if n >= uint64(w) {
			if neg {
				return mk(w)
			}
			return 0
		}
		d := a >> n
		if neg {
			d |= mk(w) &^ (mk(w) >> n)
		}
		return d
	}
	for _, w := range []int{16, 32, 64} {
		for _, inst := range []string{"shl.b", "shr.b", "shr.u", "shr.s"} {
			name := fmt.Sprintf("%s%d", inst, w)
			model := func(a, n uint64) uint64 {
				switch inst {
				case "shl.b":
					return shl(w, a, n)
				case "shr.s":
					return shr(w, true, a, n)
				}
				return shr(w, false, a, n)
			}
			t.Run(name, func(t *testing.T) {
				for _, n := range []uint64{0, 1, 3, uint64(w/2 - 1), uint64(w - 1), uint64(w), uint64(w + 1), 63, 64, 200} {
					ra, rd := regOf(w, 1), regOf(w, 2)
					body := fmt.Sprintf(`
	ld.global%[1]s %[2]s, [%%ia];
	ld.global%[1]s %[3]s, [%%ia+256];
	rem.u32 %%r10, %%lane, 3;
	setp.ne.u32 %%p1, %%r10, 0;
	%[4]s %[3]s, %[2]s, %[5]d;
	st.global%[1]s [%%oa], %[3]s;
	ld.global%[1]s %[3]s, [%%ia+256];
	@%%p1 %[4]s %[3]s, %[2]s, %[5]d;
	st.global%[1]s [%%oa+256], %[3]s;
	@%%p1 %[4]s %[2]s, %[2]s, %[5]d;
	st.global%[1]s [%%oa+512], %[2]s;
`, ldst(w), ra, rd, name, n)
					p := compileHarness(t, "", "", body)
					in := opCase{widths: []int{w, w, w}}.inputs()
					for r := 0; r+1 < len(in); r += 2 {
						out := runHarness(t, p, in[r:r+2], 3)
						for i := 0; i < 32; i++ {
							a, old := in[r][i]&mk(w), in[r+1][i]&mk(w)
							full := model(a, n)
							guarded, inplace := old, a
							if i%3 != 0 {
								guarded, inplace = full, full
							}
							if out[0][i] != full || out[1][i] != guarded || out[2][i] != inplace {
								t.Fatalf("%s by %d, lane %d, a=%#x: got %#x, guarded %#x, in place %#x; want %#x, %#x, %#x", name, n, i, a, out[0][i], out[1][i], out[2][i], full, guarded, inplace)
							}
						}
					}
				}
			})
		}
	}
}

// ---- setp, set (9.7.6.1-2), slct (9.7.6.4)

type cmpType struct {
	name   string
	w      int
	signed bool
}

var cmpTypes = []cmpType{
	{".s16", 16, true}, {".u16", 16, false}, {".b16", 16, false},
	{".s32", 32, true}, {".u32", 32, false}, {".b32", 32, false},
	{".s64", 64, true}, {".u64", 64, false}, {".b64", 64, false},
}

// cmpRef compares a and b of type t as the manual says: .lo .ls .hi .hs
// are unsigned whatever the type.
func cmpRef(cmp string, t cmpType, a, b uint64) bool {
	x, y := bigOf(a, t.w, t.signed), bigOf(b, t.w, t.signed)
	switch cmp {
	case "lo", "ls", "hi", "hs":
		x, y = bigOf(a, t.w, false), bigOf(b, t.w, false)
	}
	c := x.Cmp(y)
	switch cmp {
	case "eq":
		return c == 0
	case "ne":
		return c != 0
	case "lt", "lo":
		return c < 0
	case "le", "ls":
		return c <= 0
	case "gt", "hi":
		return c > 0
	case "ge", "hs":
		return c >= 0
	}
	panic("bad cmp " + cmp)
}

func TestIntSetp(t *testing.T) {
	for _, ty := range cmpTypes {
		cmps := []string{"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"}
		switch ty.name[1] {
		case 'b': // ISA 3.1 §8.3.1, Table 18: bit-size types take eq and ne
			cmps = cmps[:2]
		case 's': // ... and signed ones no lo, ls, hi, hs
			cmps = cmps[:6]
		}
		for _, cmp := range cmps {
			name := "setp." + cmp + ty.name
			t.Run(name, func(t *testing.T) {
				ra, rb := regOf(ty.w, 1), regOf(ty.w, 2)
				body := fmt.Sprintf(`
	ld.global%[1]s %[2]s, [%%ia];
	ld.global%[1]s %[3]s, [%%ia+256];
	%[4]s %%p1|%%p2, %[2]s, %[3]s;
	%[4]s %%p3, %[2]s, %[3]s;
	selp.u32 %%r10, 1, 0, %%p1;
	selp.u32 %%r11, 1, 0, %%p2;
	selp.u32 %%r12, 1, 0, %%p3;
	st.global.u32 [%%oa], %%r10;
	st.global.u32 [%%oa+256], %%r11;
	st.global.u32 [%%oa+512], %%r12;
`, ldst(ty.w), ra, rb, name)
				p := compileHarness(t, "", "", body)
				in := opCase{widths: []int{ty.w, ty.w, ty.w}}.inputs()
				for r := 0; r < len(in); r += 2 {
					out := runHarness(t, p, in[r:r+2], 3)
					for i := 0; i < 32; i++ {
						a, b := in[r][i]&mk(ty.w), in[r+1][i]&mk(ty.w)
						want := uint64(0)
						if cmpRef(cmp, ty, a, b) {
							want = 1
						}
						if out[0][i] != want || out[1][i] != 1-want || out[2][i] != want {
							t.Fatalf("lane %d: %s %#x, %#x: got p=%d q=%d p(single)=%d, want p=%d", i, name, a, b, out[0][i], out[1][i], out[2][i], want)
						}
					}
				}
			})
		}
	}
}

// setp with a BoolOp, a negated c, a guard, c aliasing p, and constants.
func TestIntSetpBoolGuard(t *testing.T) {
	body := `
	ld.global.u32 %r1, [%ia];
	ld.global.u32 %r2, [%ia+256];
	and.b32 %r20, %lane, 2;
	setp.ne.u32 %p5, %r20, 0;                 // c: bit 1 of the lane
	setp.lt.and.s32 %p1|%p2, %r1, %r2, %p5;
	setp.lt.or.s32 %p3|%p4, %r1, %r2, !%p5;
	setp.ge.xor.u32 %p6|%p7, %r1, %r2, %p5;
	selp.u32 %r3, 1, 0, %p1;
	selp.u32 %r4, 1, 0, %p2;
	selp.u32 %r5, 1, 0, %p3;
	selp.u32 %r6, 1, 0, %p4;
	selp.u32 %r7, 1, 0, %p6;
	selp.u32 %r8, 1, 0, %p7;
	st.global.u32 [%oa], %r3;
	st.global.u32 [%oa+256], %r4;
	st.global.u32 [%oa+512], %r5;
	st.global.u32 [%oa+768], %r6;
	st.global.u32 [%oa+1024], %r7;
	st.global.u32 [%oa+1280], %r8;
	// guard: lanes with lane % 3 == 0 keep p8 = true, p9 = false
	rem.u32 %r21, %lane, 3;
	setp.ne.u32 %p10, %r21, 0;
	setp.eq.u32 %p8|%p9, %lane, %lane;
	@%p10 setp.gt.s32 %p8|%p9, %r1, %r2;
	selp.u32 %r9, 1, 0, %p8;
	selp.u32 %r10, 1, 0, %p9;
	st.global.u32 [%oa+1536], %r9;
	st.global.u32 [%oa+1792], %r10;
	// c is also the destination p: the old value is read
	mov.pred %p11, %p5;
	setp.eq.and.u32 %p11|%p12, %r1, %r2, %p11;
	selp.u32 %r11, 1, 0, %p11;
	selp.u32 %r12, 1, 0, %p12;
	st.global.u32 [%oa+2048], %r11;
	st.global.u32 [%oa+2304], %r12;
	// constants
	setp.gt.s32 %p13, %r1, -1;
	setp.hi.u32 %p14, %r1, 100;
	selp.u32 %r13, 1, 0, %p13;
	selp.u32 %r14, 1, 0, %p14;
	st.global.u32 [%oa+2560], %r13;
	st.global.u32 [%oa+2816], %r14;
`
	p := compileHarness(t, "", "", body)
	in := opCase{widths: []int{32, 32, 32}}.inputs()
	s32, u32 := cmpType{".s32", 32, true}, cmpType{".u32", 32, false}
	for r := 0; r < len(in); r += 2 {
		out := runHarness(t, p, in[r:r+2], 12)
		for i := 0; i < 32; i++ {
			x, y := in[r][i], in[r+1][i]
			c := i&2 != 0
			lt, ge, eq, gt := cmpRef("lt", s32, x, y), cmpRef("ge", u32, x, y), x == y, cmpRef("gt", s32, x, y)
			p8, p9 := true, false
			if i%3 != 0 {
				p8, p9 = gt, !gt
			}
			want := []uint64{
				bit(lt && c), bit(!lt && c),
				bit(lt || !c), bit(!lt || !c),
				bit(ge != c), bit(!ge != c),
				bit(p8), bit(p9),
				bit(eq && c), bit(!eq && c),
				bit(int32(x) > -1), bit(x > 100),
			}
			for k, w := range want {
				if out[k][i] != w {
					t.Errorf("lane %d (a=%#x b=%#x) output %d: got %d, want %d", i, x, y, k, out[k][i], w)
				}
			}
		}
	}
}

func TestIntSet(t *testing.T) {
	type setCase struct {
		inst string
		ty   cmpType
		cmp  string
		dw   int
		one  uint64
		bop  string // "", "and", "or", "xor"
	}
	cases := []setCase{
		{"set.lt.u32.s32", cmpTypes[3], "lt", 32, 0xffffffff, ""},
		{"set.hs.s32.u32", cmpTypes[4], "hs", 32, 0xffffffff, ""},
		{"set.eq.f32.s32", cmpTypes[3], "eq", 32, 0x3f800000, ""},
		{"set.gt.u32.s64", cmpTypes[6], "gt", 32, 0xffffffff, ""},
		{"set.le.f32.u16", cmpTypes[1], "le", 32, 0x3f800000, ""},
		{"set.ne.s32.b64", cmpTypes[8], "ne", 32, 0xffffffff, ""},
		{"set.lt.and.u32.s32", cmpTypes[3], "lt", 32, 0xffffffff, "and"},
		{"set.lt.or.f32.u32", cmpTypes[4], "lt", 32, 0x3f800000, "or"},
		{"set.ge.xor.s32.s16", cmpTypes[0], "ge", 32, 0xffffffff, "xor"},
		{"set.lt.f16.s32", cmpTypes[3], "lt", 16, 0x3c00, ""},
	}
	for _, c := range cases {
		t.Run(c.inst, func(t *testing.T) {
			ra, rb, d := regOf(c.ty.w, 1), regOf(c.ty.w, 2), regOf(c.dw, 9)
			cop := ""
			if c.bop != "" {
				cop = ", %p5"
			}
			body := fmt.Sprintf(`
	ld.global%[1]s %[2]s, [%%ia];
	ld.global%[1]s %[3]s, [%%ia+256];
	and.b32 %%r20, %%lane, 2;
	setp.ne.u32 %%p5, %%r20, 0;
	%[4]s %[5]s, %[2]s, %[3]s%[6]s;
	st.global%[7]s [%%oa], %[5]s;
`, ldst(c.ty.w), ra, rb, c.inst, d, cop, ldst(c.dw))
			p := compileHarness(t, "", "", body)
			in := opCase{widths: []int{c.ty.w, c.ty.w, c.ty.w}}.inputs()
			for r := 0; r < len(in); r += 2 {
				got := runHarness(t, p, in[r:r+2], 1)[0]
				for i := 0; i < 32; i++ {
					x, y := in[r][i]&mk(c.ty.w), in[r+1][i]&mk(c.ty.w)
					res, cv := cmpRef(c.cmp, c.ty, x, y), i&2 != 0
					switch c.bop {
					case "and":
						res = res && cv
					case "or":
						res = res || cv
					case "xor":
						res = res != cv
					}
					want := uint64(0)
					if res {
						want = c.one
					}
					if got[i] != want {
						t.Fatalf("lane %d: %s %#x, %#x: got %#x, want %#x", i, c.inst, x, y, got[i], want)
					}
				}
			}
		})
	}
}

func TestIntSlct(t *testing.T) {
	f32s := []uint64{0, 0x80000000, 0x3f800000, 0xbf800000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff,
		0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001, 0x00800000, 0x80800000, 0x7f7fffff}
	pick := func(sel func(c uint64) bool) func(s []uint64) uint64 {
		return func(s []uint64) uint64 {
			if sel(s[2]) {
				return s[0]
			}
			return s[1]
		}
	}
	// f32 c >= 0: +0 and -0 select a, NaN selects b; .ftz makes a
	// negative subnormal -0.
	f32ge := func(ftz bool) func(c uint64) bool {
		return func(c uint64) bool {
			exp, man, neg := c>>23&0xff, c&0x7fffff, c>>31 != 0
			switch {
			case exp == 0xff && man != 0:
				return false
			case exp == 0 && man == 0:
				return true
			case exp == 0 && ftz:
				return true
			}
			return !neg
		}
	}
	ab := []uint64{0x1111, 0x2222}
	ab64 := []uint64{0x1111111122222222, 0x3333333344444444}
	runCases(t, []opCase{
		{inst: "slct.u32.s32", widths: []int{32, 32, 32, 32}, vals: [][]uint64{{0xaaaa}, {0xbbbb}, edges(32)}, want: pick(func(c uint64) bool { return int32(c) >= 0 })},
		{inst: "slct.s16.s32", widths: []int{16, 16, 16, 32}, vals: [][]uint64{ab, ab, edges(32)}, want: pick(func(c uint64) bool { return int32(c) >= 0 })},
		{inst: "slct.b64.s32", widths: []int{64, 64, 64, 32}, vals: [][]uint64{ab64, ab64, edges(32)}, want: pick(func(c uint64) bool { return int32(c) >= 0 })},
		{inst: "slct.u32.f32", widths: []int{32, 32, 32, 32}, vals: [][]uint64{{0xaaaa}, {0xbbbb}, f32s}, want: pick(f32ge(false))},
		{inst: "slct.ftz.u32.f32", widths: []int{32, 32, 32, 32}, vals: [][]uint64{{0xaaaa}, {0xbbbb}, f32s}, want: pick(f32ge(true))},
		{inst: "slct.f32.f32", widths: []int{32, 32, 32, 32}, vals: [][]uint64{{0x3f800000}, {0x40000000}, f32s}, want: pick(f32ge(false))},
	})
}

// ---- cvt between integer types (9.7.9.22), with registers wider than the
// types (cvt is relaxed).

func TestIntCvt(t *testing.T) {
	// conv chops v to atype, extends it, chops to dtype (clamping first
	// with sat) and extends the result to the destination register.
	conv := func(dt, at string, dw int, sat bool) func(s []uint64) uint64 {
		dsig, dbits := dt[1] == 's', 0
		asig, abits := at[1] == 's', 0
		fmt.Sscanf(dt[2:], "%d", &dbits)
		fmt.Sscanf(at[2:], "%d", &abits)
		return func(s []uint64) uint64 {
			v := bigOf(s[0], abits, asig)
			if sat {
				lo, hi := big.NewInt(0), new(big.Int).SetUint64(mk(dbits))
				if dsig {
					lo, hi = big.NewInt(-1<<(dbits-1)), big.NewInt(1<<(dbits-1)-1)
				}
				if v.Cmp(lo) < 0 {
					v = lo
				}
				if v.Cmp(hi) > 0 {
					v = hi
				}
			}
			r := bitsOf(v, 0, dbits)
			if dsig {
				r = uint64(sx(r, dbits))
			}
			return r & mk(dw)
		}
	}
	var cases []opCase
	add := func(dt, at string, dw, aw int, sat bool) {
		inst := "cvt"
		if sat {
			inst += ".sat"
		}
		inst += dt + at
		cases = append(cases, opCase{inst: inst, widths: []int{dw, aw}, vals: [][]uint64{edges(64)}, want: conv(dt, at, dw, sat)})
	}
	regW := map[string]int{".u8": 16, ".s8": 16, ".u16": 16, ".s16": 16, ".u32": 32, ".s32": 32, ".u64": 64, ".s64": 64}
	types := []string{".u8", ".s8", ".u16", ".s16", ".u32", ".s32", ".u64", ".s64"}
	// cvt .sat is illegal where saturation is not possible: where the
	// destination type holds every source value (ISA 3.1, cvt "Integer
	// Notes").
	satPossible := func(dt, at string) bool {
		var dbits, abits int
		fmt.Sscanf(dt[2:], "%d", &dbits)
		fmt.Sscanf(at[2:], "%d", &abits)
		dsig, asig := dt[1] == 's', at[1] == 's'
		holds := dsig == asig && dbits >= abits || dsig && !asig && dbits > abits
		return !holds
	}
	for _, dt := range types {
		for _, at := range types {
			add(dt, at, regW[dt], regW[at], false)
			if satPossible(dt, at) {
				add(dt, at, regW[dt], regW[at], true)
			}
		}
	}
	// Wider registers: a 32-bit destination for .s8/.u16/.s16 results,
	// 64-bit sources and destinations for 32-bit types.
	add(".s8", ".s32", 32, 32, false)
	add(".u8", ".s32", 32, 32, false)
	add(".s16", ".u32", 32, 32, false)
	add(".s16", ".u32", 64, 32, false)
	add(".u16", ".s32", 32, 32, true)
	add(".s32", ".s32", 64, 32, false)
	add(".u32", ".s64", 64, 64, false)
	add(".s32", ".u16", 64, 32, false)
	add(".s8", ".s16", 32, 64, false)
	add(".s64", ".s16", 64, 32, false)
	add(".u64", ".s8", 64, 32, false)
	add(".s8", ".s16", 64, 16, true)
	runCases(t, cases)
}

// Every integer family's float form must reach floatArith (or say it is
// not simulated yet), never an integer exec.
func TestIntFloatFormsDeferred(t *testing.T) {
	called := map[string]bool{}
	saved := map[string]func(l *lowering, in *check.Inst, o *op) error{}
	for k, v := range floatArith {
		saved[k] = v
	}
	defer func() {
		for k := range floatArith {
			delete(floatArith, k)
		}
		for k, v := range saved {
			floatArith[k] = v
		}
	}()
	for _, n := range []string{"add", "sub", "mul", "mad", "div", "abs", "neg", "min", "max", "setp", "set", "cvt"} {
		name := n
		floatArith[name] = func(l *lowering, in *check.Inst, o *op) error {
			called[name] = true
			return fmt.Errorf("deferred %s", name)
		}
	}
	body := `
	add.f32 %f1, %f2, %f3;
	sub.rn.f32 %f1, %f2, %f3;
	mul.f32 %f1, %f2, %f3;
	mad.rn.f32 %f1, %f2, %f3, %f4;
	div.rn.f32 %f1, %f2, %f3;
	abs.f32 %f1, %f2;
	neg.f32 %f1, %f2;
	min.f32 %f1, %f2, %f3;
	max.f32 %f1, %f2, %f3;
	setp.lt.f32 %p1, %f1, %f2;
	set.lt.u32.f32 %r1, %f1, %f2;
	cvt.rn.f32.s32 %f1, %r1;
	cvt.rzi.s32.f32 %r1, %f1;
`
	compileHarness(t, "", "", body)
	for _, n := range []string{"add", "sub", "mul", "mad", "div", "abs", "neg", "min", "max", "setp", "set", "cvt"} {
		if !called[n] {
			t.Errorf("%s.f32 did not reach floatArith[%q]", n, n)
		}
	}
}

// BenchmarkIntLoop runs the shape of every compiled loop: a counter, a
// shift, a compare and a branch, over one full warp; it reports the cost
// of one warp instruction.
func BenchmarkIntLoop(b *testing.B) {
	p := compileHarness(b, "", "", `
	mov.u32 %r1, 0;
	mov.u32 %r2, 0;
LOOP:
	shl.b32 %r3, %r1, 2;
	shr.s32 %r4, %r3, 1;
	add.s32 %r2, %r2, %r4;
	add.s32 %r1, %r1, 1;
	setp.lt.s32 %p1, %r1, 1000;
	@%p1 bra LOOP;
	st.global.u32 [%oa], %r2;
`)
	b.ResetTimer()
	var n int64
	for b.Loop() {
		params := make([]byte, 16)
		m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
		if err != nil {
			b.Fatal(err)
		}
		oa := m.Alloc("out", 256)
		binary.LittleEndian.PutUint64(params[8:], oa)
		m.Run(0)
		if f := m.Fault(); f != nil {
			b.Fatal(f)
		}
		n += m.Stats().WarpInstructions
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/warp-inst")
}

// Sinks: a carry-only add.cc, and either half of a setp pair.
func TestIntSinks(t *testing.T) {
	p := compileHarness(t, "", "", `
	ld.global.u32 %r1, [%ia];
	ld.global.u32 %r2, [%ia+256];
	add.cc.u32 _, %r1, %r2;
	addc.u32 %r3, 0, 0;
	st.global.u32 [%oa], %r3;
	setp.lt.u32 _|%p2, %r1, %r2;
	selp.u32 %r4, 1, 0, %p2;
	st.global.u32 [%oa+256], %r4;
	setp.lt.u32 %p3|_, %r1, %r2;
	selp.u32 %r5, 1, 0, %p3;
	st.global.u32 [%oa+512], %r5;
`)
	in := opCase{widths: []int{32, 32, 32}}.inputs()
	for r := 0; r < len(in); r += 2 {
		out := runHarness(t, p, in[r:r+2], 3)
		for i := 0; i < 32; i++ {
			a, b := in[r][i], in[r+1][i]
			lt := uint64(0)
			if a < b {
				lt = 1
			}
			want := []uint64{(a + b) >> 32, 1 - lt, lt}
			for k, w := range want {
				if out[k][i] != w {
					t.Errorf("lane %d (a=%#x b=%#x) output %d: got %d, want %d", i, a, b, k, out[k][i], w)
				}
			}
		}
	}
}
