// mx.go: the element and scale formats of the OCP Microscaling (MX)
// specification v1.0 §5 as PTX names them (PTX ISA §5.2.x alternate
// floating-point formats; tcgen05.mma .kind::f8f6f4 and the block-scaled
// kinds, §9.7.17.10): the elements .e2m1 (FP4), .e2m3 and .e3m2 (FP6), and
// the scales .ue8m0 (E8M0) and .ue4m3 (NVFP4's unsigned E4M3).
//
//	e2m1   S.EE.M     bias 1, subnormals, no Inf or NaN: ±{0, 0.5, 1, 1.5, 2, 3, 4, 6}
//	e2m3   S.EE.MMM   bias 1, subnormals, no Inf or NaN: largest 7.5, smallest 0.125
//	e3m2   S.EEE.MM   bias 3, subnormals, no Inf or NaN: largest 28, smallest 0.0625
//	ue8m0  EEEEEEEE   bias 127, no sign, no mantissa: 2^(E-127) from 2^-127 to
//	                  2^127; 0xFF is NaN (no zero, no infinity)
//	ue4m3  x.EEEE.MMM e4m3 without a sign: bias 7, subnormals, 0x7F is NaN,
//	                  largest 448; bit 7 carries nothing (CUTLASS's
//	                  float_ue4m3_t: an unsigned 4+3-bit format in a byte)
//
// Each function takes the code in the low bits of b (bits above the
// format's width are ignored) and returns its exact value: every value of
// these formats is a float32.
package fp

import "math"

// minifloat is the value of a sign-magnitude code with e exponent bits
// (bias) and m mantissa bits, subnormals when the exponent field is 0,
// and no reserved codes.
func minifloat(b uint8, e, m uint, bias int) float32 {
	man := int(b) & (1<<m - 1)
	exp := int(b) >> m & (1<<e - 1)
	var v float64
	if exp == 0 {
		v = math.Ldexp(float64(man), 1-bias-int(m))
	} else {
		v = math.Ldexp(float64(1<<m|man), exp-bias-int(m))
	}
	if b>>(e+m)&1 != 0 {
		v = -v
	}
	return float32(v)
}

// E2M1 is the value of the FP4 code in b's low 4 bits.
func E2M1(b uint8) float32 { return minifloat(b, 2, 1, 1) }

// E2M3 is the value of the FP6 code in b's low 6 bits.
func E2M3(b uint8) float32 { return minifloat(b, 2, 3, 1) }

// E3M2 is the value of the FP6 code in b's low 6 bits.
func E3M2(b uint8) float32 { return minifloat(b, 3, 2, 3) }

// UE8M0 is the value of the scale code b: 2^(b-127), NaN for 0xFF.
func UE8M0(b uint8) float32 {
	if b == 0xFF {
		return float32(math.NaN())
	}
	return float32(math.Ldexp(1, int(b)-127))
}

// UE4M3 is the value of the scale code in b's low 7 bits (bit 7 is
// ignored): e4m3's magnitude, NaN for 0x7F.
func UE4M3(b uint8) float32 {
	b &= 0x7F
	if b == 0x7F {
		return float32(math.NaN())
	}
	return minifloat(b, 4, 3, 7)
}
