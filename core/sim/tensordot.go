// tensordot.go: how Hopper's tensor cores add up an MMA's products into an
// f32 accumulator, measured on an H200 (testdata/gpu, cmd/gpucheck).
//
// The PTX ISA leaves the order and rounding of an MMA's sums open. An H200
// forms each element of D = A*B + C for one mma.sync or wgmma instruction
// (all K products of it: 16 for .f16/.bf16, 8 for .tf32) in one fused step:
//
//  1. every product a*b is exact; its alignment exponent is ea+eb+1, where
//     ea and eb are the exponents of a and b as their formats encode them
//     (a subnormal counts as the format's smallest normal exponent), so a
//     product is placed as if its significand were in [2, 4);
//     C's alignment exponent is ec+1;
//  2. E is the largest alignment exponent of the nonzero terms, and every
//     term is truncated (toward zero) to a multiple of 2^(E-26);
//  3. the truncated terms are added exactly and the sum rounded toward zero
//     to f32 (a sum of 2^128 or more is Inf); into an f16 accumulator it is
//     rounded once to nearest even f16 instead.
//
// On 2048 trials of each of m16n8k16 .f16, .bf16 and f16-accumulating,
// m16n8k8 .f16 and .tf32 (262,144 outputs each; exponents chosen so that
// terms overlap, cancel and fall below C; half the trials with Inf, NaN,
// subnormal, huge and -0 operands) this gives the GPU's bits for every
// output, and for wgmma in examples/ws_gemm; sequential f32 adds rounded
// to nearest matched 38-47% of the f32 outputs. testdata/gpu holds a
// sample as golden data; docs/gpucheck.md tells how it was measured.
// Special values follow IEEE 754 (a NaN operand, Inf*0 or Inf-Inf give
// the canonical NaN, other Infs pass through). 8-bit float inputs add
// otherwise: tensorDotF8 (mma.sync) and wgmmaDotF8, wgmmaDotF8F16 (wgmma)
// below.
package sim

import (
	"math"

	"github.com/ptxplay/ptxplay/core/fp"
)

// tensorWindow is how many bits below E a term keeps.
const tensorWindow = 26

// tensorTerm is one addend of a fused sum: its exact value and its
// alignment exponent.
type tensorTerm struct {
	v float64
	e int
}

// minExp is the smallest normal exponent of an input format.
func minExp(k ekind) int {
	if k == ekF16 {
		return -14
	}
	return -126 // bf16, tf32, f32
}

// alignExp is x's exponent as its format encodes it (subnormals at the
// smallest normal exponent); x is finite and nonzero.
func alignExp(x float64, emin int) int {
	_, e := math.Frexp(x) // x = f * 2^e with f in [0.5, 1)
	return max(e-1, emin)
}

// tensorDot returns c + sum of xs[i]*ys[i] as the tensor cores add them.
// xs and ys hold values of format ka (exactly representable), c is f32.
func tensorDot(c float32, xs, ys []float32, ka ekind) float32 {
	v, exact := tensorSum(c, xs, ys, ka, tensorWindow)
	if !exact {
		return float32(v)
	}
	return roundTowardZero32(v)
}

// tensorResult is tensorDot's result as D of kind dk holds it (f32 or f16).
func tensorResult(c float32, xs, ys []float32, ka, dk ekind) uint64 {
	if dk != ekF16 {
		return uint64(math.Float32bits(tensorDot(c, xs, ys, ka)))
	}
	v, exact := tensorSum(c, xs, ys, ka, tensorWindow)
	if !exact {
		return encodeFloat(ekF16, float32(v))
	}
	return uint64(fp.CvtF64ToF16(math.Float64bits(v), fp.RN, false))
}

// tensorSum is tensorDot's sum before its rounding to f32 (exact), or
// with exact false a NaN, an Inf or a signed zero, already final; window
// is how many bits below E a term keeps (tensorWindow, or wgmmaF8Window).
func tensorSum(c float32, xs, ys []float32, ka ekind, window int) (v float64, exact bool) {
	var buf [32]tensorTerm
	terms := buf[:0]
	emin, top := minExp(ka), math.MinInt
	add := func(v float64, e int) {
		terms, top = append(terms, tensorTerm{v, e}), max(top, e)
	}
	cv := float64(c)
	if math.IsInf(cv, 0) || cv != cv {
		return specialSum(cv, xs, ys), false
	}
	if cv != 0 {
		add(cv, alignExp(cv, -126)+1)
	}
	for i, x := range xs {
		a, b := float64(x), float64(ys[i])
		if math.IsInf(a, 0) || math.IsInf(b, 0) || a != a || b != b {
			return specialSum(cv, xs, ys), false
		}
		if p := a * b; p != 0 { // exact: at most 22 significant bits, within float64's range
			add(p, alignExp(a, emin)+alignExp(b, emin)+1)
		}
	}
	if len(terms) == 0 {
		return float64(fusedZero(c, xs, ys)), false
	}
	unit := top - window
	var sum int64
	for _, t := range terms {
		sum += int64(math.Ldexp(t.v, -unit)) // truncates toward zero; |t.v| < 2^(top+1)
	}
	return math.Ldexp(float64(sum), unit), true
}

// specialSum is the result when C or an operand is Inf or NaN: the
// canonical NaN for a NaN operand, Inf*0 or Inf-Inf, else the Inf.
func specialSum(c float64, xs, ys []float32) float64 {
	s := c
	for i, x := range xs {
		s += float64(x) * float64(ys[i])
	}
	if s != s {
		return float64(math.Float32frombits(0x7fffffff))
	}
	return s
}

// fusedZero is the sum when every term is zero: -0 only when C and every
// product are -0, as IEEE 754 adds zeros under round-to-nearest.
func fusedZero(c float32, xs, ys []float32) float32 {
	if !math.Signbit(float64(c)) {
		return 0
	}
	for i, x := range xs {
		if !math.Signbit(float64(x) * float64(ys[i])) {
			return 0
		}
	}
	return float32(math.Copysign(0, -1))
}

// roundTowardZero32 rounds v to f32 toward zero; a sum of 2^128 or more
// overflows to Inf (as the H200 gives, where IEEE's toward-zero would
// give the largest finite f32).
func roundTowardZero32(v float64) float32 {
	if math.Abs(v) >= 0x1p128 {
		return float32(math.Copysign(math.Inf(1), v))
	}
	f := float32(v)
	if math.Abs(float64(f)) > math.Abs(v) {
		f = math.Nextafter32(f, 0)
	}
	return f
}

// tensorDotF8 returns c + sum of xs[i]*ys[i] for an mma.sync with 8-bit
// float inputs (.e4m3, .e5m2, mixed) into an f32 accumulator, as an H200
// computes it: every fp8 value becomes an f16 (exactly), the products
// whose k has k%4 < 2 (the low halves of the A and B registers) form one
// fused f16 step from a zero accumulator, the others a second step into
// its result (each step tensorDot's rules with f16 inputs), and C is added
// last with one f32 add rounded to nearest even (subnormals kept, a NaN
// canonical). Measured for m16n8k32 (testdata/gpu/mma_e4m3, mma_e5m2 and
// 2048-trial runs: 262,144 of 262,144 outputs each), for m16n8k16 (8
// products a step), mixed e4m3 x e5m2 and mostly-zero inputs (the
// session 10 probes, 2048 trials each).
func tensorDotF8(c float32, xs, ys []float32) float32 {
	h := splitF8(xs, ys)
	acc := tensorDot(0, h.lx[:h.nl], h.ly[:h.nl], ekF16)
	acc = tensorDot(acc, h.hx[:h.nh], h.hy[:h.nh], ekF16)
	d := float32(acc + c)
	if d != d {
		return math.Float32frombits(0x7fffffff)
	}
	return d
}

// tensorDotF8F16 is tensorDotF8 into an f16 accumulator (c an f16's
// value), as an H200 computes it: the same two fused f16 steps from zero,
// each rounded once to nearest even f16 (tensorResult's f16 D), then C
// added by one f16 add rounded to nearest even (a NaN the canonical
// 0x7fff). Measured for m16n8k32 e4m3 (the probe mma_e4m3_f16acc, 2048
// trials: 262,144 of 262,144 outputs, specials included). Returns D's
// f16 bits.
func tensorDotF8F16(c float32, xs, ys []float32) uint64 {
	h := splitF8(xs, ys)
	acc := floatOf(ekF16, tensorResult(0, h.lx[:h.nl], h.ly[:h.nl], ekF16, ekF16))
	acc = floatOf(ekF16, tensorResult(acc, h.hx[:h.nh], h.hy[:h.nh], ekF16, ekF16))
	d := float64(acc) + float64(c) // exact: two f16s
	if d != d {
		return 0x7fff
	}
	return uint64(fp.CvtF64ToF16(math.Float64bits(d), fp.RN, false))
}

// f8Halves holds an fp8 mma's products split by k: those with k%4 < 2
// (the low halves of the A and B registers) and the others.
type f8Halves struct {
	lx, ly, hx, hy [16]float32
	nl, nh         int
}

func splitF8(xs, ys []float32) (s f8Halves) {
	for i, x := range xs {
		if i%4 < 2 {
			s.lx[s.nl], s.ly[s.nl] = x, ys[i]
			s.nl++
		} else {
			s.hx[s.nh], s.hy[s.nh] = x, ys[i]
			s.nh++
		}
	}
	return s
}

// wgmmaF8Window is how many bits below E a term of wgmma's fp8 sum keeps.
const wgmmaF8Window = 14

// wgmmaDotF8 returns c + sum of xs[i]*ys[i] for one wgmma.mma_async with
// 8-bit float inputs (.e4m3, .e5m2) into an f32 D, as an H200 computes it:
// C and the instruction's 32 products form one fused sum by tensorDot's
// rules (inputs as f16, products aligned at ea+eb+1, C at ec+1), but every
// term is truncated to a multiple of 2^(E-14), and the sum, rounded toward
// zero to f32, keeps only the top 13 of its 23 fraction bits (the rest
// cleared, toward zero; Inf and NaN as tensorDot gives them). Measured on
// 512 trials of m64n8k32 for each type (262,144 of 262,144 outputs,
// specials included; cmd/gpucheck's mmafit). This is the ~14-bit FP8
// accumulation public reports describe (DeepSeek-V3's report).
func wgmmaDotF8(c float32, xs, ys []float32) float32 {
	v, exact := tensorSum(c, xs, ys, ekF16, wgmmaF8Window)
	if !exact {
		return float32(v)
	}
	d := math.Float32bits(roundTowardZero32(v))
	if d&0x7f800000 == 0x7f800000 { // Inf
		return math.Float32frombits(d)
	}
	return math.Float32frombits(d &^ (1<<(23-13) - 1))
}

// wgmmaDotF8F16 is wgmmaDotF8 into an f16 D (c an f16's value), as an
// H200 computes it: the same fused sum of C and the 32 products with the
// 14-bit window (inputs as f16, C aligned at its exponent + 1), rounded
// once to nearest even f16, with no f32 step and no cut to 13 fraction
// bits (a sum of 65520 or more is Inf; Inf and NaN as tensorResult's f16 D
// gives them, a NaN 0x7fff). Measured on 32 trials of m64n8k32 for each
// type (testdata/gpu/wgmma_e4m3_f16acc, wgmma_e5m2_f16acc: 16,384 of
// 16,384 outputs each; cmd/gpucheck's mmafit). Returns D's f16 bits.
func wgmmaDotF8F16(c float32, xs, ys []float32) uint64 {
	v, exact := tensorSum(c, xs, ys, ekF16, wgmmaF8Window)
	if !exact {
		return encodeFloat(ekF16, float32(v))
	}
	return uint64(fp.CvtF64ToF16(math.Float64bits(v), fp.RN, false))
}
