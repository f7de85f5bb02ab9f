package sim

import (
	"math"
	"testing"
)

// TestTensorDot: the fused sum of tensordot.go on cases worked by hand from
// its three rules (exponents in the comments are the alignment exponents
// ea+eb+1 and ec+1; the window keeps multiples of 2^(E-26)).
func TestTensorDot(t *testing.T) {
	p := func(e int) float32 { return float32(math.Ldexp(1, e)) }
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	negZero := float32(math.Copysign(0, -1))
	tests := []struct {
		why    string
		c      float32
		xs, ys []float32
		kind   ekind
		want   float32
		bits   uint32 // when nonzero, the exact pattern wanted
	}{
		{"2^24+1+1 is exact in the window (E=25, unit 1/2), where f32 adds in k order would stay at 2^24",
			p(24), []float32{1, 1}, []float32{1, 1}, ekF16, p(24) + 2, 0},
		{"four 2^-24 on 1 are kept (E=1, unit 2^-25): 1+2^-22, where rounding each add would give 1",
			1, []float32{p(-12), p(-12), p(-12), p(-12)}, []float32{p(-12), p(-12), p(-12), p(-12)}, ekF16, 1 + p(-22), 0},
		{"eight 3*2^-27 each truncate to 0 (0.75 units of 2^-25): 1, where the exact 1+3*2^-24 is 1+2^-23 toward zero",
			1, []float32{1.5 * p(-13), 1.5 * p(-13), 1.5 * p(-13), 1.5 * p(-13), 1.5 * p(-13), 1.5 * p(-13), 1.5 * p(-13), 1.5 * p(-13)},
			[]float32{p(-14), p(-14), p(-14), p(-14), p(-14), p(-14), p(-14), p(-14)}, ekF16, 1, 0},
		{"1*1 aligns at 2^1, not at its leading bit 2^0: after 1-1 cancels, 3*2^-26 keeps one unit of 2^-25",
			0, []float32{1, -1, 1.5 * p(-12)}, []float32{1, 1, p(-13)}, ekF16, p(-25), 0},
		{"a subnormal f16 aligns at 2^-14: after 2^-24-2^-24 cancels, 2^-48 is below the window (E=-13)",
			0, []float32{p(-24), -p(-24), p(-24)}, []float32{1, 1, p(-24)}, ekF16, 0, 0},
		{"the sum rounds toward zero: 1 + 2^-24*3/2 (kept whole, E=1) is 1",
			1, []float32{1.5 * p(-12)}, []float32{p(-12)}, ekF16, 1, 0},
		{"toward zero for negative sums too: -(1 + 1.5*2^-23) gives -1-2^-23",
			-1, []float32{-1.5 * p(-12)}, []float32{p(-11)}, ekF16, -1 - p(-23), 0},
		{"bf16 products past the f32 range overflow to Inf (not to the largest finite)",
			0, []float32{p(127), p(127)}, []float32{p(1), p(1)}, ekBF16, inf, 0},
		{"Inf*0 is the canonical NaN", 0, []float32{inf}, []float32{0}, ekF16, 0, 0x7fffffff},
		{"a NaN operand gives the canonical NaN", 1, []float32{nan}, []float32{1}, ekF16, 0, 0x7fffffff},
		{"Inf - Inf is NaN", 0, []float32{inf, -inf}, []float32{1, 1}, ekF16, 0, 0x7fffffff},
		{"Inf passes through", 1, []float32{inf, 1}, []float32{2, 1}, ekF16, inf, 0},
		{"C Inf with finite products", inf, []float32{1}, []float32{1}, ekTF32, inf, 0},
		{"all zero terms with C -0 and products -0 give -0", negZero, []float32{negZero}, []float32{1}, ekF16, negZero, 0},
		{"zeros of mixed signs give +0", negZero, []float32{0}, []float32{1}, ekF16, 0, 0},
		{"terms that cancel exactly give +0", 1, []float32{-1}, []float32{1}, ekF16, 0, 0},
	}
	for _, tt := range tests {
		got := tensorDot(tt.c, tt.xs, tt.ys, tt.kind)
		want := math.Float32bits(tt.want)
		if tt.bits != 0 {
			want = tt.bits
		}
		if math.Float32bits(got) != want {
			t.Errorf("%s: got %v (%#08x), want %#08x", tt.why, got, math.Float32bits(got), want)
		}
	}
}

// TestTensorResultF16: into an f16 accumulator the window's sum rounds once
// to nearest even f16 (not toward zero to f32 first).
func TestTensorResultF16(t *testing.T) {
	// 1 + 2^-11 + 2^-30: the window (E=1, unit 2^-25) drops 2^-30, leaving
	// the f16 tie 1+2^-11, which rounds to even: 1 (the exact sum, above
	// the tie, would round up).
	got := tensorResult(1, []float32{float32(math.Ldexp(1, -11)), float32(math.Ldexp(1, -15))}, []float32{1, float32(math.Ldexp(1, -15))}, ekF16, ekF16)
	if got != 0x3c00 {
		t.Errorf("1 + 2^-11 + 2^-30 into f16: %#04x, want 0x3c00 (the tail is below the window; the tie rounds to even)", got)
	}
	// 1 + 2^-11 + 2^-24 keeps the tail (two units of 2^-25): above the tie,
	// so 1+2^-10 (0x3c01); rounded toward zero to f32 first, the tail (below
	// f32's 2^-23 at 1) would be lost and the tie round down to 1.
	got = tensorResult(1, []float32{float32(math.Ldexp(1, -11)), float32(math.Ldexp(1, -12))}, []float32{1, float32(math.Ldexp(1, -12))}, ekF16, ekF16)
	if got != 0x3c01 {
		t.Errorf("1 + 2^-11 + 2^-24 into f16: %#04x, want 0x3c01", got)
	}
}

// dotF32Case is a row of the fp8 dot tests into an f32 D: C, the k
// products' operands, and the sum wanted (bits, when nonzero, the exact
// pattern: a NaN's).
type dotF32Case struct {
	why    string
	c      float32
	xs, ys []float32
	want   float32
	bits   uint32
}

func checkDotF32(t *testing.T, dot func(c float32, xs, ys []float32) float32, tests []dotF32Case) {
	t.Helper()
	for _, tt := range tests {
		got := dot(tt.c, tt.xs, tt.ys)
		want := math.Float32bits(tt.want)
		if tt.bits != 0 {
			want = tt.bits
		}
		if math.Float32bits(got) != want {
			t.Errorf("%s: got %v (%#08x), want %#08x", tt.why, got, math.Float32bits(got), want)
		}
	}
}

// dotF16Case is a row of the fp8 dot tests into an f16 D: want is f16 bits.
type dotF16Case struct {
	why    string
	c      float32
	xs, ys []float32
	want   uint64
}

func checkDotF16(t *testing.T, dot func(c float32, xs, ys []float32) uint64, tests []dotF16Case) {
	t.Helper()
	for _, tt := range tests {
		if got := dot(tt.c, tt.xs, tt.ys); got != tt.want {
			t.Errorf("%s: got %#04x, want %#04x", tt.why, got, tt.want)
		}
	}
}

// TestTensorDotF8: mma.sync with 8-bit float inputs into f32 (an H200's
// rules, tensorDotF8): two fused f16 steps over the products from zero,
// split by k%4, then C added in f32 rounding to nearest. Inputs are values
// e5m2 holds (2^-12 and 1.5*2^-12 are normal there).
func TestTensorDotF8(t *testing.T) {
	p := func(e int) float32 { return float32(math.Ldexp(1, e)) }
	inf := float32(math.Inf(1))
	z := func(n int) []float32 { return make([]float32, n) }
	at := func(n int, kv ...float32) []float32 { // n values, kv: index, value pairs
		xs := z(n)
		for i := 0; i < len(kv); i += 2 {
			xs[int(kv[i])] = kv[i+1]
		}
		return xs
	}
	tests := []dotF32Case{
		{"C is added after the products, rounded to nearest: 1 + 3*2^-25 gives 1+2^-23 (the fused f16 rule, toward zero, would give 1)",
			1, at(32, 0, 1.5*p(-12)), at(32, 0, p(-12)), 1 + p(-23), 0},
		{"a tie with C rounds to even: 1 + 2^-24 gives 1",
			1, at(32, 5, p(-12)), at(32, 5, p(-12)), 1, 0},
		{"k=1 and k=4 are in the first step (k%4 < 2): 1 + 2^-24 + 2^-24 is kept whole, 1+2^-23",
			0, at(32, 0, 1, 1, p(-12), 4, p(-12)), at(32, 0, 1, 1, p(-12), 4, p(-12)), 1 + p(-23), 0},
		{"k=2 is in the second step: the first step's 1+2^-24 rounds toward zero to 1, and 1+2^-24 again to 1",
			0, at(32, 0, 1, 1, p(-12), 2, p(-12)), at(32, 0, 1, 1, p(-12), 2, p(-12)), 1, 0},
		{"within a step a negative sum rounds toward zero: -(1 + 2^-24) gives -1, then C = 0 adds nothing",
			0, at(32, 0, -1, 1, -p(-12)), at(32, 0, 1, 1, p(-12)), -1, 0},
		{"m16n8k16 splits the same way: k=3 lands in the second step",
			0, at(16, 0, 1, 1, p(-12), 3, p(-12)), at(16, 0, 1, 1, p(-12), 3, p(-12)), 1, 0},
		{"-Inf from the products and C = +Inf give the canonical NaN in the add",
			inf, at(32, 0, -inf), at(32, 0, 1), 0, 0x7fffffff},
		{"an Inf product passes through both steps and the add",
			1, at(32, 7, inf), at(32, 7, 2), inf, 0},
	}
	checkDotF32(t, tensorDotF8, tests)
}

// TestWgmmaDotF8: wgmma's fp8 sum (wgmmaDotF8) on cases worked by hand from
// its rules: one fused sum of C and the products, every term truncated to a
// multiple of 2^(E-14), the sum toward zero to f32 with 13 fraction bits.
func TestWgmmaDotF8(t *testing.T) {
	p := func(e int) float32 { return float32(math.Ldexp(1, e)) }
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	tests := []dotF32Case{
		{"C alone loses bits below 2^(E-14) (E = ec+1 = 1): 1+2^-20 gives 1", 1 + p(-20), nil, nil, 1, 0},
		{"a product 13 bits below 1*1 stays (E=1, unit 2^-13): 1+2^-12", 0, []float32{1, p(-12)}, []float32{1, 1}, 1 + p(-12), 0},
		{"a product 14 bits below 1*1 is truncated away: 1+2^-14 gives 1", 0, []float32{1, p(-14)}, []float32{1, 1}, 1, 0},
		{"the sum keeps 13 fraction bits: 3*1.875^2 + 2^-12 = 10.546875+2^-12 (in the window) gives 10.546875",
			0, []float32{1.875, 1.875, 1.875, p(-12)}, []float32{1.875, 1.875, 1.875, 1}, 10.546875, 0},
		{"toward zero for negative sums: -1-2^-20 gives -1", -1 - p(-20), nil, nil, -1, 0},
		{"C leading in [1, 2) keeps 13 fraction bits (E=1, unit 2^-13): 1.5+2^-13 stays", 1.5 + p(-13), nil, nil, 1.5 + p(-13), 0},
		{"a carry past C's exponent costs a bit: (1.5+2^-13) + 0.5*1 = 2+2^-13 gives 2", 1.5 + p(-13), []float32{0.5}, []float32{1}, 2, 0},
		{"a subnormal C below 2^-139 is lost (E = -125): 2^-149 gives +0", p(-149), nil, nil, 0, 0},
		{"a subnormal C at 2^-127 stays", p(-127), nil, nil, p(-127), 0},
		{"Inf passes through", 1, []float32{inf, 1}, []float32{2, 1}, inf, 0},
		{"Inf*0 is the canonical NaN", 0, []float32{inf}, []float32{0}, 0, 0x7fffffff},
		{"a NaN C gives the canonical NaN", nan, []float32{1}, []float32{1}, 0, 0x7fffffff},
	}
	checkDotF32(t, wgmmaDotF8, tests)
}

// TestTensorDotF8F16: mma.sync's fp8 sum into an f16 D (tensorDotF8F16)
// on cases worked by hand: the k%4<2 products to f16 (nearest even), the
// k%4>=2 products into that to f16, then C by one f16 add to nearest even.
func TestTensorDotF8F16(t *testing.T) {
	p := func(e int) float32 { return float32(math.Ldexp(1, e)) }
	inf := float32(math.Inf(1))
	k := func(lo0, lo1, hi0, hi1 float32) []float32 { return []float32{lo0, lo1, hi0, hi1} }
	ones := []float32{1, 1, 1, 1}
	tests := []dotF16Case{
		{"1 + 2^-11 in the first step ties to even (1), then 1+1 = 2",
			0, k(1, p(-11), 1, 0), ones, 0x4000},
		{"the first step rounds before the second: (1+2^-11 -> 1) + (2^-11) -> 1, where one sum 1+2^-10 is an f16",
			0, k(1, p(-11), p(-11), 0), ones, 0x3c00},
		{"C is added last, rounded once: steps give 1, C = 2^-11+2^-20 pushes 1+2^-11+2^-20 up to 1+2^-10",
			p(-11) + p(-20), k(1, 0, 0, 0), ones, 0x3c01},
		{"a sum past f16's range is Inf: 2^15 + 2^15 in one step", 0, k(p(15), p(15), 0, 0), ones, 0x7c00},
		{"Inf*0 is the canonical f16 NaN 0x7fff", 0, k(inf, 0, 0, 0), k(0, 1, 1, 1), 0x7fff},
		{"Inf C with finite steps stays Inf", inf, k(1, 0, 0, 0), ones, 0x7c00},
	}
	checkDotF16(t, tensorDotF8F16, tests)
}

// TestWgmmaDotF8F16: wgmma's fp8 sum into an f16 D (wgmmaDotF8F16) on
// cases worked by hand from its rules: one fused sum of C and the
// products, every term truncated to a multiple of 2^(E-14), the exact sum
// rounded once to nearest even f16 (no f32 step, no cut to 13 bits).
func TestWgmmaDotF8F16(t *testing.T) {
	p := func(e int) float32 { return float32(math.Ldexp(1, e)) }
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	negZero := float32(math.Copysign(0, -1))
	tests := []dotF16Case{
		{"2^-14 falls out of the window (E=1, unit 2^-13), so 1+2^-11+2^-14 is a tie and goes to even 1 (f32 adds would give 1+2^-10)",
			0, []float32{1, p(-11), p(-7)}, []float32{1, 1, p(-7)}, 0x3c00},
		{"the same with C: 1 + 2^-11 + 2^-14 gives 1", 1, []float32{p(-11), p(-7)}, []float32{1, p(-7)}, 0x3c00},
		{"2^-13 stays in the window: 1 + 2^-11 + 2^-13 is past the tie, 1+2^-10", 1, []float32{p(-11), p(-7)}, []float32{1, p(-6)}, 0x3c01},
		{"no cut to 13 fraction bits: 2+2^-10+2^-13 (E=1) rounds up to 2+2^-9, where the f32 fit's cut would leave a tie and 2",
			0, []float32{1, 1, p(-5), p(-7)}, []float32{1, 1, p(-5), p(-6)}, 0x4001},
		{"nearest, not toward zero: 1+2^-10+2^-11+2^-12 gives 1+2^-9", 1, []float32{p(-10), p(-11), p(-12)}, []float32{1, 1, 1}, 0x3c02},
		{"negative sums round the same way: -1-2^-11-2^-12 gives -(1+2^-10)", -1, []float32{p(-11), p(-12)}, []float32{-1, -1}, 0xbc01},
		{"65504+16 = 65520 rounds to Inf", 65504, []float32{16}, []float32{1}, 0x7c00},
		{"65504+8 stays 65504", 65504, []float32{8}, []float32{1}, 0x7bff},
		{"Inf*0 is the canonical f16 NaN", 0, []float32{inf}, []float32{0}, 0x7fff},
		{"a NaN C is the canonical f16 NaN", nan, []float32{1}, []float32{1}, 0x7fff},
		{"an Inf C with finite products stays Inf", -inf, []float32{1}, []float32{1}, 0xfc00},
		{"-0 C and -0 products give -0", negZero, []float32{negZero, 1}, []float32{1, negZero}, 0x8000},
		{"-0 C and a +0 product give +0", negZero, []float32{0}, []float32{1}, 0},
	}
	checkDotF16(t, wgmmaDotF8F16, tests)
}
