// This file implements the .approx and .full instructions of PTX ISA 9.7.3
// and 9.7.4: rcp, div, sqrt, rsqrt, sin, cos, lg2, ex2 and tanh.
//
// The ISA bounds their error rather than defining their results, and the
// hardware tables behind them are not public. Each is computed here in
// float64 (whose error is far below every bound) and rounded once to
// nearest, which keeps it within the documented bound with a wide margin;
// the special-value tables of the ISA are followed exactly. The f16 and
// bf16 forms of ex2 and tanh, whose 65,536 inputs an H200 was asked for
// every one, then take the GPU's last bit (approxhw.go), so they are exact;
// the f32 forms stay 1-3 ulp from the hardware on a few percent of inputs
// (docs/gpucheck.md). The measured errors are in docs/benchmarks.md.

package fp

import "math"

// approx32 rounds the float64 v to f32 (finite, infinite or NaN), flushing a
// tiny result under ftz.
func approx32(v float64, ftz bool) uint32 {
	switch {
	case v != v:
		return nanF32
	}
	r := math.Float32bits(float32(v)) // one rounding to nearest
	if ftz && r&absF32 <= minNormF32 && r&absF32 != 0 || ftz && v != 0 && r&absF32 == 0 {
		return uint32(roundF64(v, 0, fmtF32, RN, true)) // tiny after rounding?
	}
	return r
}

// in32 widens an f32 operand, flushing it under ftz.
func in32(a uint32, ftz bool) float64 {
	if ftz {
		a = flush32(a)
	}
	return float64(f32(a))
}

// RcpApproxF32 implements rcp.approx{.ftz}.f32 d, a (PTX ISA 9.7.3.13): "The
// maximum ulp error is 1 across the full range of inputs." 1/±0 is ±Inf,
// 1/±Inf is ±0.
func RcpApproxF32(a uint32, ftz bool) uint32 { return approx32(1/in32(a, ftz), ftz) }

// DivApproxF32 implements div.approx{.ftz}.f32 d, a, b (PTX ISA 9.7.3.8),
// "computed as d = a * (1/b). For |b| in [2^-126, 2^126], the maximum ulp
// error is 2. For 2^126 < |b| < 2^128, if a is infinity, div.approx.f32
// returns NaN, otherwise it returns a sign-preserving zero." Here 1/b is
// rounded to f32 (flushed to zero when |b| > 2^126, as the ISA implies) and
// the product rounded again.
func DivApproxF32(a, b uint32, ftz bool) uint32 {
	x, y := in32(a, ftz), in32(b, ftz)
	r := 1 / y
	if math.Abs(y) > 0x1p126 && !math.IsInf(y, 0) {
		r = math.Copysign(0, y)
	} else {
		r = float64(f32(approx32(r, ftz)))
	}
	return approx32(float64(float32(x*r)), ftz)
}

// DivFullF32 implements div.full{.ftz}.f32 d, a, b (PTX ISA 9.7.3.8), "a
// relatively fast, full-range approximation that scales operands to achieve
// better accuracy ... The maximum ulp error is 2 across the full range of
// inputs." This returns the correctly rounded quotient, which is within it.
func DivFullF32(a, b uint32, ftz bool) uint32 { return DivF32(a, b, RN, ftz) }

// SqrtApproxF32 implements sqrt.approx{.ftz}.f32 d, a (PTX ISA 9.7.3.15):
// "The maximum relative error over the entire positive finite floating-point
// range is 2^-23." sqrt(-0) is -0; sqrt of a negative number is NaN.
func SqrtApproxF32(a uint32, ftz bool) uint32 { return approx32(math.Sqrt(in32(a, ftz)), ftz) }

// RsqrtApproxF32 implements rsqrt.approx{.ftz}.f32 d, a (PTX ISA 9.7.3.16):
// "The maximum relative error for rsqrt.f32 over the entire positive finite
// floating-point range is 2^-22.9." rsqrt(±0) is ±Inf, rsqrt(+Inf) is +0,
// rsqrt of a negative number is NaN.
func RsqrtApproxF32(a uint32, ftz bool) uint32 {
	return approx32(1/math.Sqrt(in32(a, ftz)), ftz)
}

// RsqrtApproxF64 implements rsqrt.approx.f64 d, a (PTX ISA 9.7.3.16), whose
// error the ISA does not state; this is 1/sqrt(a) with two roundings.
// NaN operands propagate with their payload, as other f64 instructions do.
func RsqrtApproxF64(a uint64) uint64 {
	if isNaN64(a) {
		return a | quietF64
	}
	r := math.Float64bits(1 / math.Sqrt(f64(a)))
	if isNaN64(r) {
		return nanF64
	}
	return r
}

// hiApprox computes the "1.11.20 format" approximations of PTX ISA 9.7.3.14
// and 9.7.3.17: fn applied to the upper word of a (the low word ignored,
// subnormals flushed), rounded to 20 fraction bits and flushed, in the upper
// word of the result; the lower word is zero. Every NaN maps to
// 0x7FFFFFFF00000000.
func hiApprox(a uint64, fn func(float64) float64) uint64 {
	x := a &^ 0xFFFFFFFF
	if x&infF64 == 0 {
		x &= signF64 // ftz on the input
	}
	if isNaN64(x) {
		return 0x7FFFFFFF00000000
	}
	v := fn(f64(x))
	switch {
	case v != v:
		return 0x7FFFFFFF00000000
	case math.IsInf(v, 0):
		return math.Float64bits(v)
	}
	return roundF64(v, 0, fmtHi64, RN, true) << 32
}

// RcpApproxFtzF64 implements rcp.approx.ftz.f64 d, a (PTX ISA 9.7.3.14), "a
// fast, gross approximation to the reciprocal": 1/a[63:32] in the upper word
// of d with d[31:0] zero.
func RcpApproxFtzF64(a uint64) uint64 {
	return hiApprox(a, func(x float64) float64 { return 1 / x })
}

// RsqrtApproxFtzF64 implements rsqrt.approx.ftz.f64 d, a (PTX ISA
// 9.7.3.17): 1/sqrt(a[63:32]) in the upper word of d with d[31:0] zero.
func RsqrtApproxFtzF64(a uint64) uint64 {
	return hiApprox(a, func(x float64) float64 { return 1 / math.Sqrt(x) })
}

// SinApproxF32 implements sin.approx{.ftz}.f32 d, a (PTX ISA 9.7.3.18):
// maximum absolute error 2^-20.5 on [-2pi, 2pi] and 2^-14.7 on
// [-100pi, 100pi]; sin(±Inf) is NaN and sin(-0) is -0.
func SinApproxF32(a uint32, ftz bool) uint32 { return approx32(math.Sin(in32(a, ftz)), ftz) }

// CosApproxF32 implements cos.approx{.ftz}.f32 d, a (PTX ISA 9.7.3.19), with
// the bounds of SinApproxF32; cos(±0) is +1.
func CosApproxF32(a uint32, ftz bool) uint32 { return approx32(math.Cos(in32(a, ftz)), ftz) }

// Lg2ApproxF32 implements lg2.approx{.ftz}.f32 d, a (PTX ISA 9.7.3.20): "The
// maximum absolute error is 2^-22 when the input operand is in the range
// (0.5, 2). For positive finite inputs outside of this interval, maximum
// relative error is 2^-22." lg2(±0) is -Inf; lg2 of a negative number is NaN.
func Lg2ApproxF32(a uint32, ftz bool) uint32 { return approx32(math.Log2(in32(a, ftz)), ftz) }

// Ex2ApproxF32 implements ex2.approx{.ftz}.f32 d, a (PTX ISA 9.7.3.21): "The
// maximum ulp error is 2 ulp from correctly rounded result across the full
// range of inputs." ex2(-Inf) is +0, ex2(±0) is +1.
func Ex2ApproxF32(a uint32, ftz bool) uint32 { return approx32(math.Exp2(in32(a, ftz)), ftz) }

// TanhApproxF32 implements tanh.approx.f32 d, a (PTX ISA 9.7.3.22): "The
// maximum relative error over the entire floating point range is 2^-11";
// subnormal inputs pass through, tanh(±Inf) is ±1.
func TanhApproxF32(a uint32) uint32 { return approx32(math.Tanh(float64(f32(a))), false) }

// approxHalf evaluates fn on a half encoding and rounds the result to f.
func approxHalf(a uint16, f *format, ftz bool, fn func(float64) float64) uint16 {
	x := uint64(a)
	if ftz {
		x = f.flush(x)
	}
	if f.isNaN(x) {
		return uint16(f.qnan)
	}
	v := fn(halfValue(x, f))
	switch {
	case v != v:
		return uint16(f.qnan)
	case math.IsInf(v, 0):
		r := f.inf()
		if v < 0 {
			r |= f.signBit()
		}
		return uint16(r)
	}
	return uint16(roundF64(v, 0, f, RN, ftz))
}

// Ex2ApproxF16 implements ex2.approx.f16 d, a (PTX ISA 9.7.4.10): "The
// maximum relative error for .f16 type is 2^-9.9." Subnormal inputs and
// results are supported.
func Ex2ApproxF16(a uint16) uint16 { return hwHalf(hwEx2F16, a, ex2ApproxF16Model(a)) }

func ex2ApproxF16Model(a uint16) uint16 { return approxHalf(a, fmtF16, false, math.Exp2) }

// Ex2ApproxBF16 implements ex2.approx.ftz.bf16 d, a (PTX ISA 9.7.4.10): "The
// maximum relative error for .bf16 type is 2^-7"; subnormal inputs and
// results are flushed (a subnormal input gives +1).
func Ex2ApproxBF16(a uint16) uint16 { return hwHalf(hwEx2BF16, a, ex2ApproxBF16Model(a)) }

func ex2ApproxBF16Model(a uint16) uint16 { return approxHalf(a, fmtBF16, true, math.Exp2) }

// Ex2ApproxF16x2 implements ex2.approx.f16x2 (PTX ISA 9.7.4.10).
func Ex2ApproxF16x2(a uint32) uint32 {
	return uint32(Ex2ApproxF16(uint16(a))) | uint32(Ex2ApproxF16(uint16(a>>16)))<<16
}

// Ex2ApproxBF16x2 implements ex2.approx.ftz.bf16x2 (PTX ISA 9.7.4.10).
func Ex2ApproxBF16x2(a uint32) uint32 {
	return uint32(Ex2ApproxBF16(uint16(a))) | uint32(Ex2ApproxBF16(uint16(a>>16)))<<16
}

// TanhApproxF16 implements tanh.approx.f16 d, a (PTX ISA 9.7.4.9): "The
// maximum absolute error for .f16 type is 2^-10.987." Subnormals are
// supported.
func TanhApproxF16(a uint16) uint16 { return hwHalf(hwTanhF16, a, tanhApproxF16Model(a)) }

func tanhApproxF16Model(a uint16) uint16 { return approxHalf(a, fmtF16, false, math.Tanh) }

// TanhApproxBF16 implements tanh.approx.bf16 d, a (PTX ISA 9.7.4.9): "The
// maximum absolute error for .bf16 type is 2^-8."
func TanhApproxBF16(a uint16) uint16 { return hwHalf(hwTanhBF16, a, tanhApproxBF16Model(a)) }

func tanhApproxBF16Model(a uint16) uint16 { return approxHalf(a, fmtBF16, false, math.Tanh) }

// TanhApproxF16x2 implements tanh.approx.f16x2 (PTX ISA 9.7.4.9).
func TanhApproxF16x2(a uint32) uint32 {
	return uint32(TanhApproxF16(uint16(a))) | uint32(TanhApproxF16(uint16(a>>16)))<<16
}

// TanhApproxBF16x2 implements tanh.approx.bf16x2 (PTX ISA 9.7.4.9).
func TanhApproxBF16x2(a uint32) uint32 {
	return uint32(TanhApproxBF16(uint16(a))) | uint32(TanhApproxBF16(uint16(a>>16)))<<16
}
