// This file implements the .f32 instructions of PTX ISA 9.7.3 that round:
// add, sub, mul, fma/mad, div, rcp and sqrt, plus abs, neg and copysign.

package fp

import "math"

const (
	signF32    = 0x80000000
	absF32     = 0x7FFFFFFF
	infF32     = 0x7F800000
	nanF32     = 0x7FFFFFFF // the GPU's canonical single-precision NaN
	oneF32     = 0x3F800000
	minNormF32 = 0x00800000
)

func f32(x uint32) float32 { return math.Float32frombits(x) }

func isNaN32(x uint32) bool { return x&absF32 > infF32 }

// flush32 replaces a subnormal by the zero of its sign (.ftz).
func flush32(x uint32) uint32 {
	if x&infF32 == 0 {
		return x & signF32
	}
	return x
}

// fin32 canonicalizes a NaN result and applies .sat.
func fin32(r uint32, sat bool) uint32 {
	if isNaN32(r) {
		r = nanF32
	}
	if sat {
		r = uint32(satF(uint64(r), fmtF32))
	}
	return r
}

// AddF32 implements add{.rnd}{.ftz}{.sat}.f32 d, a, b (PTX ISA 9.7.3.3).
// Every rounding mode is exact IEEE 754; NaN results are 0x7FFFFFFF.
func AddF32(a, b uint32, rnd Round, ftz, sat bool) uint32 {
	if ftz {
		a, b = flush32(a), flush32(b)
	}
	var r uint32
	if rnd == RN {
		r = math.Float32bits(f32(a) + f32(b))
		if ftz {
			// A subnormal sum of two normal or zero operands is exact, so
			// flushing the rounded sum is flushing the exact one.
			r = flush32(r)
		}
	} else {
		r = uint32(addNarrow(uint64(a), uint64(b), fmtF32, rnd, ftz))
	}
	return fin32(r, sat)
}

// SubF32 implements sub{.rnd}{.ftz}{.sat}.f32 d, a, b (PTX ISA 9.7.3.4).
func SubF32(a, b uint32, rnd Round, ftz, sat bool) uint32 {
	return AddF32(a, b^signF32, rnd, ftz, sat)
}

// MulF32 implements mul{.rnd}{.ftz}{.sat}.f32 d, a, b (PTX ISA 9.7.3.5).
func MulF32(a, b uint32, rnd Round, ftz, sat bool) uint32 {
	if rnd == RN {
		if ftz {
			a, b = flush32(a), flush32(b)
		}
		r := math.Float32bits(f32(a) * f32(b))
		if !ftz || r&absF32 > minNormF32 {
			return fin32(r, sat)
		}
		// Tiny after rounding is decided at full precision: take the slow path.
	}
	return fin32(uint32(mulNarrow(uint64(a), uint64(b), fmtF32, rnd, ftz)), sat)
}

// FmaF32 implements fma.rnd{.ftz}{.sat}.f32 d, a, b, c and mad.rnd.f32
// (PTX ISA 9.7.3.6, 9.7.3.7): a*b+c computed exactly and rounded once.
func FmaF32(a, b, c uint32, rnd Round, ftz, sat bool) uint32 {
	if rnd == RN {
		if ftz {
			a, b, c = flush32(a), flush32(b), flush32(c)
		}
		// a*b is exact in float64 and s = RN64(a*b+c). Unless s sits exactly
		// on an f32 rounding midpoint (low 29 fraction bits 1<<28) or below
		// the normal range, RN32(s) is RN32(a*b+c).
		s := float64(f32(a))*float64(f32(b)) + float64(f32(c))
		sb := math.Float64bits(s)
		if sb&(1<<29-1) != 1<<28 && sb&0x7FF0000000000000 >= 0x3810000000000000 {
			r := math.Float32bits(float32(s))
			if !ftz || r&absF32 > minNormF32 {
				return fin32(r, sat)
			}
		}
	}
	return fin32(uint32(fmaNarrow(uint64(a), uint64(b), uint64(c), fmtF32, rnd, ftz)), sat)
}

// DivF32 implements div.rnd{.ftz}.f32 d, a, b (PTX ISA 9.7.3.8), the IEEE
// 754 division. See DivApproxF32 and DivFullF32 for the other forms.
func DivF32(a, b uint32, rnd Round, ftz bool) uint32 {
	if rnd == RN {
		if ftz {
			a, b = flush32(a), flush32(b)
		}
		r := math.Float32bits(f32(a) / f32(b))
		if !ftz || r&absF32 > minNormF32 {
			return fin32(r, false)
		}
	}
	return fin32(uint32(divNarrow(uint64(a), uint64(b), fmtF32, rnd, ftz)), false)
}

// RcpF32 implements rcp.rnd{.ftz}.f32 d, a (PTX ISA 9.7.3.13): 1/a with IEEE
// 754 rounding.
func RcpF32(a uint32, rnd Round, ftz bool) uint32 { return DivF32(oneF32, a, rnd, ftz) }

// SqrtF32 implements sqrt.rnd{.ftz}.f32 d, a (PTX ISA 9.7.3.15). sqrt(-0) is
// -0 and the square root of any other negative number is NaN.
func SqrtF32(a uint32, rnd Round, ftz bool) uint32 {
	if rnd == RN {
		if ftz {
			a = flush32(a)
		}
		// RN64 then RN32 of a square root is RN32: 53 >= 2*24+2.
		return fin32(math.Float32bits(float32(math.Sqrt(float64(f32(a))))), false)
	}
	return fin32(uint32(sqrtNarrow(uint64(a), fmtF32, rnd, ftz)), false)
}

// AbsF32 implements abs{.ftz}.f32 d, a (PTX ISA 9.7.3.9). The ISA leaves the
// NaN result unspecified; GPUs compute abs as an add of |a| and -0, which
// gives the canonical NaN.
func AbsF32(a uint32, ftz bool) uint32 {
	if ftz {
		a = flush32(a)
	}
	if isNaN32(a) {
		return nanF32
	}
	return a &^ signF32
}

// NegF32 implements neg{.ftz}.f32 d, a (PTX ISA 9.7.3.10); a NaN gives the
// canonical NaN, as for AbsF32.
func NegF32(a uint32, ftz bool) uint32 {
	if ftz {
		a = flush32(a)
	}
	if isNaN32(a) {
		return nanF32
	}
	return a ^ signF32
}

// CopysignF32 implements copysign.f32 d, a, b (PTX ISA 9.7.3.2): the value of
// b with the sign bit of a. It is a bit operation: a NaN b keeps its payload.
func CopysignF32(a, b uint32) uint32 { return b&absF32 | a&signF32 }

// SatF32 applies .sat on its own: clamp to [+0, 1], NaN to +0.
func SatF32(a uint32) uint32 { return uint32(satF(uint64(a), fmtF32)) }
