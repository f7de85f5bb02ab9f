// This file implements the half precision instructions of PTX ISA 9.7.4 on
// .f16, .bf16 and their packed x2 forms: add, sub, mul, fma, neg, abs, min and
// max. They round to nearest even only (".rnd = { .rn }").

package fp

import "math"

const signHalf = 0x8000

// f32to16 rounds f32 bits to f16 to nearest even (no .ftz); NaN gives 0x7FFF.
func f32to16(x uint32) uint16 {
	sign := uint16(x>>16) & signHalf
	a := x & absF32
	switch {
	case a >= 0x47800000: // 2^16 and above: Inf, or NaN
		if a > infF32 {
			return 0x7FFF
		}
		return sign | 0x7C00
	case a < 0x38800000: // below 2^-14: the f16 subnormal range
		// Adding 0.5 puts the f16 subnormal grid (2^-24) at the f32 ulp, so
		// the FPU's own round-to-nearest-even does the rounding.
		v := math.Float32frombits(a) + 0.5
		return sign | uint16(math.Float32bits(v)-0x3F000000)
	}
	odd := a >> 13 & 1
	a += 0xC8000FFF + odd // rebias (-112 << 23) and round half to even
	return sign | uint16(a>>13)
}

// f32toBF16 rounds f32 bits to bf16 to nearest even; NaN gives 0x7FFF.
func f32toBF16(x uint32) uint16 {
	if x&absF32 > infF32 {
		return 0x7FFF
	}
	return uint16((x + 0x7FFF + x>>16&1) >> 16)
}

// halfArith computes a op b for f16 (bf16 when bf) by rounding the float32
// result to nearest. float32 arithmetic on half operands rounds twice, but
// for +, - and * that is harmless: 24 >= 2*11+2 (and 2*8+2), the condition
// under which double rounding to nearest equals single rounding.
func halfArith(a, b uint16, op byte, bf bool) uint16 {
	var x, y float32
	if bf {
		x, y = math.Float32frombits(uint32(a)<<16), math.Float32frombits(uint32(b)<<16)
	} else {
		x, y = math.Float32frombits(f16to32(a)), math.Float32frombits(f16to32(b))
	}
	var r float32
	switch op {
	case '+':
		r = x + y
	case '-':
		r = x - y
	default:
		r = x * y
	}
	if bf {
		return f32toBF16(math.Float32bits(r))
	}
	return f32to16(math.Float32bits(r))
}

// halfOut applies .sat and .relu to a half result.
func halfOut(r uint64, f *format, sat, relu bool) uint16 {
	if sat {
		r = satF(r, f)
	}
	if relu {
		r = reluF(r, f)
	}
	return uint16(r)
}

// x2 applies a scalar half operation to both halves of packed operands.
func x2(a, b uint32, op func(x, y uint16) uint16) uint32 {
	return uint32(op(uint16(a), uint16(b))) | uint32(op(uint16(a>>16), uint16(b>>16)))<<16
}

// AddF16 implements add{.rn}{.ftz}{.sat}.f16 d, a, b (PTX ISA 9.7.4.1).
// NaN results are 0x7FFF.
func AddF16(a, b uint16, ftz, sat bool) uint16 {
	if !ftz {
		return halfOut(uint64(halfArith(a, b, '+', false)), fmtF16, sat, false)
	}
	return halfOut(addNarrow(uint64(a), uint64(b), fmtF16, RN, ftz), fmtF16, sat, false)
}

// SubF16 implements sub{.rn}{.ftz}{.sat}.f16 d, a, b (PTX ISA 9.7.4.2).
func SubF16(a, b uint16, ftz, sat bool) uint16 {
	if !ftz {
		return halfOut(uint64(halfArith(a, b, '-', false)), fmtF16, sat, false)
	}
	return halfOut(addNarrow(uint64(a), uint64(b^signHalf), fmtF16, RN, ftz), fmtF16, sat, false)
}

// MulF16 implements mul{.rn}{.ftz}{.sat}.f16 d, a, b (PTX ISA 9.7.4.3).
func MulF16(a, b uint16, ftz, sat bool) uint16 {
	if !ftz {
		return halfOut(uint64(halfArith(a, b, '*', false)), fmtF16, sat, false)
	}
	return halfOut(mulNarrow(uint64(a), uint64(b), fmtF16, RN, ftz), fmtF16, sat, false)
}

// FmaF16 implements fma.rn{.ftz}{.sat}.f16 and fma.rn{.ftz}.relu.f16
// d, a, b, c (PTX ISA 9.7.4.4): a*b+c rounded once.
func FmaF16(a, b, c uint16, ftz, sat, relu bool) uint16 {
	if !ftz {
		if r, ok := halfFmaFast(a, b, c, false); ok {
			return halfOut(uint64(r), fmtF16, sat, relu)
		}
	}
	return halfOut(fmaNarrow(uint64(a), uint64(b), uint64(c), fmtF16, RN, ftz), fmtF16, sat, relu)
}

// halfFmaFast computes a*b+c for f16 (bf16 when bf) when the exact result is
// a float32, which it usually is: then one rounding of it is the answer.
func halfFmaFast(a, b, c uint16, bf bool) (uint16, bool) {
	var x, y, z float64
	if bf {
		x, y, z = widen(uint64(a), fmtBF16), widen(uint64(b), fmtBF16), widen(uint64(c), fmtBF16)
	} else {
		x, y, z = widen(uint64(a), fmtF16), widen(uint64(b), fmtF16), widen(uint64(c), fmtF16)
	}
	p := x * y // exact
	s := p + z
	if twoSum(p, z, s) != 0 || float64(float32(s)) != s || s == 0 {
		return 0, false // inexact in float64 or float32, or a zero whose sign needs care
	}
	if bf {
		return f32toBF16(math.Float32bits(float32(s))), true
	}
	return f32to16(math.Float32bits(float32(s))), true
}

// AddBF16 implements add{.rn}.bf16 d, a, b (PTX ISA 9.7.4.1).
func AddBF16(a, b uint16) uint16 { return halfArith(a, b, '+', true) }

// SubBF16 implements sub{.rn}.bf16 d, a, b (PTX ISA 9.7.4.2).
func SubBF16(a, b uint16) uint16 { return halfArith(a, b, '-', true) }

// MulBF16 implements mul{.rn}.bf16 d, a, b (PTX ISA 9.7.4.3).
func MulBF16(a, b uint16) uint16 { return halfArith(a, b, '*', true) }

// FmaBF16 implements fma.rn{.relu}.bf16 d, a, b, c (PTX ISA 9.7.4.4).
func FmaBF16(a, b, c uint16, relu bool) uint16 {
	if r, ok := halfFmaFast(a, b, c, true); ok {
		return halfOut(uint64(r), fmtBF16, false, relu)
	}
	return halfOut(fmaNarrow(uint64(a), uint64(b), uint64(c), fmtBF16, RN, false), fmtBF16, false, relu)
}

// AddF16x2 implements add{.rn}{.ftz}{.sat}.f16x2 (PTX ISA 9.7.4.1).
func AddF16x2(a, b uint32, ftz, sat bool) uint32 {
	return x2(a, b, func(x, y uint16) uint16 { return AddF16(x, y, ftz, sat) })
}

// SubF16x2 implements sub{.rn}{.ftz}{.sat}.f16x2 (PTX ISA 9.7.4.2).
func SubF16x2(a, b uint32, ftz, sat bool) uint32 {
	return x2(a, b, func(x, y uint16) uint16 { return SubF16(x, y, ftz, sat) })
}

// MulF16x2 implements mul{.rn}{.ftz}{.sat}.f16x2 (PTX ISA 9.7.4.3).
func MulF16x2(a, b uint32, ftz, sat bool) uint32 {
	return x2(a, b, func(x, y uint16) uint16 { return MulF16(x, y, ftz, sat) })
}

// FmaF16x2 implements fma.rn{.ftz}{.sat|.relu}.f16x2 (PTX ISA 9.7.4.4).
func FmaF16x2(a, b, c uint32, ftz, sat, relu bool) uint32 {
	return uint32(FmaF16(uint16(a), uint16(b), uint16(c), ftz, sat, relu)) |
		uint32(FmaF16(uint16(a>>16), uint16(b>>16), uint16(c>>16), ftz, sat, relu))<<16
}

// AddBF16x2 implements add{.rn}.bf16x2 (PTX ISA 9.7.4.1).
func AddBF16x2(a, b uint32) uint32 { return x2(a, b, AddBF16) }

// SubBF16x2 implements sub{.rn}.bf16x2 (PTX ISA 9.7.4.2).
func SubBF16x2(a, b uint32) uint32 { return x2(a, b, SubBF16) }

// MulBF16x2 implements mul{.rn}.bf16x2 (PTX ISA 9.7.4.3).
func MulBF16x2(a, b uint32) uint32 { return x2(a, b, MulBF16) }

// FmaBF16x2 implements fma.rn{.relu}.bf16x2 (PTX ISA 9.7.4.4).
func FmaBF16x2(a, b, c uint32, relu bool) uint32 {
	return uint32(FmaBF16(uint16(a), uint16(b), uint16(c), relu)) |
		uint32(FmaBF16(uint16(a>>16), uint16(b>>16), uint16(c>>16), relu))<<16
}

// NegF16 implements neg{.ftz}.f16 (PTX ISA 9.7.4.5). The ISA leaves the NaN
// result unspecified; this returns the canonical NaN 0x7FFF.
func NegF16(a uint16, ftz bool) uint16 { return negAbsHalf(a, fmtF16, ftz, signHalf, 0xFFFF) }

// AbsF16 implements abs{.ftz}.f16 (PTX ISA 9.7.4.6); a NaN gives 0x7FFF.
func AbsF16(a uint16, ftz bool) uint16 { return negAbsHalf(a, fmtF16, ftz, 0, 0x7FFF) }

// NegBF16 implements neg.bf16 (PTX ISA 9.7.4.5); a NaN gives 0x7FFF.
func NegBF16(a uint16) uint16 { return negAbsHalf(a, fmtBF16, false, signHalf, 0xFFFF) }

// AbsBF16 implements abs.bf16 (PTX ISA 9.7.4.6); a NaN gives 0x7FFF.
func AbsBF16(a uint16) uint16 { return negAbsHalf(a, fmtBF16, false, 0, 0x7FFF) }

// negAbsHalf computes (a & mask) ^ flip, or the canonical NaN.
func negAbsHalf(a uint16, f *format, ftz bool, flip, mask uint16) uint16 {
	x := uint64(a)
	if ftz {
		x = f.flush(x)
	}
	if f.isNaN(x) {
		return uint16(f.qnan)
	}
	return uint16(x)&mask ^ flip
}

// NegF16x2 implements neg{.ftz}.f16x2 (PTX ISA 9.7.4.5).
func NegF16x2(a uint32, ftz bool) uint32 {
	return uint32(NegF16(uint16(a), ftz)) | uint32(NegF16(uint16(a>>16), ftz))<<16
}

// AbsF16x2 implements abs{.ftz}.f16x2 (PTX ISA 9.7.4.6).
func AbsF16x2(a uint32, ftz bool) uint32 {
	return uint32(AbsF16(uint16(a), ftz)) | uint32(AbsF16(uint16(a>>16), ftz))<<16
}

// NegBF16x2 implements neg.bf16x2 (PTX ISA 9.7.4.5).
func NegBF16x2(a uint32) uint32 {
	return uint32(NegBF16(uint16(a))) | uint32(NegBF16(uint16(a>>16)))<<16
}

// AbsBF16x2 implements abs.bf16x2 (PTX ISA 9.7.4.6).
func AbsBF16x2(a uint32) uint32 {
	return uint32(AbsBF16(uint16(a))) | uint32(AbsBF16(uint16(a>>16)))<<16
}

// MinF16 implements min{.ftz}{.NaN}{.xorsign.abs}.f16 (PTX ISA 9.7.4.7),
// with the NaN rules of MinF32 and the canonical NaN 0x7FFF.
func MinF16(a, b uint16, ftz, nanMode, xorsignAbs bool) uint16 {
	return uint16(minMax(uint64(a), uint64(b), fmtF16, false, nanMode, xorsignAbs, ftz))
}

// MaxF16 implements max{.ftz}{.NaN}{.xorsign.abs}.f16 (PTX ISA 9.7.4.8).
func MaxF16(a, b uint16, ftz, nanMode, xorsignAbs bool) uint16 {
	return uint16(minMax(uint64(a), uint64(b), fmtF16, true, nanMode, xorsignAbs, ftz))
}

// MinBF16 implements min{.NaN}{.xorsign.abs}.bf16 (PTX ISA 9.7.4.7).
func MinBF16(a, b uint16, nanMode, xorsignAbs bool) uint16 {
	return uint16(minMax(uint64(a), uint64(b), fmtBF16, false, nanMode, xorsignAbs, false))
}

// MaxBF16 implements max{.NaN}{.xorsign.abs}.bf16 (PTX ISA 9.7.4.8).
func MaxBF16(a, b uint16, nanMode, xorsignAbs bool) uint16 {
	return uint16(minMax(uint64(a), uint64(b), fmtBF16, true, nanMode, xorsignAbs, false))
}

// MinF16x2 implements min{.ftz}{.NaN}{.xorsign.abs}.f16x2 (PTX ISA 9.7.4.7).
func MinF16x2(a, b uint32, ftz, nanMode, xorsignAbs bool) uint32 {
	return x2(a, b, func(x, y uint16) uint16 { return MinF16(x, y, ftz, nanMode, xorsignAbs) })
}

// MaxF16x2 implements max{.ftz}{.NaN}{.xorsign.abs}.f16x2 (PTX ISA 9.7.4.8).
func MaxF16x2(a, b uint32, ftz, nanMode, xorsignAbs bool) uint32 {
	return x2(a, b, func(x, y uint16) uint16 { return MaxF16(x, y, ftz, nanMode, xorsignAbs) })
}

// MinBF16x2 implements min{.NaN}{.xorsign.abs}.bf16x2 (PTX ISA 9.7.4.7).
func MinBF16x2(a, b uint32, nanMode, xorsignAbs bool) uint32 {
	return x2(a, b, func(x, y uint16) uint16 { return MinBF16(x, y, nanMode, xorsignAbs) })
}

// MaxBF16x2 implements max{.NaN}{.xorsign.abs}.bf16x2 (PTX ISA 9.7.4.8).
func MaxBF16x2(a, b uint32, nanMode, xorsignAbs bool) uint32 {
	return x2(a, b, func(x, y uint16) uint16 { return MaxBF16(x, y, nanMode, xorsignAbs) })
}
