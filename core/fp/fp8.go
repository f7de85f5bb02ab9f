// fp8.go: the 8-bit float formats of cvt (PTX ISA 9.7.9.21): .e4m3 (4
// exponent bits with bias 7 and 3 fraction bits; no infinities, the only
// NaNs are S.1111.111, the largest magnitude 448) and .e5m2 (IEEE-like: 5
// exponent bits with bias 15 and 2 fraction bits, infinities and NaNs, the
// largest finite magnitude 57344). Conversions to them round to nearest
// even and take .satfinite (required by the ISA): a NaN gives the NaN 0x7F
// and anything beyond the largest finite value, infinities included, that
// value with its sign. .relu turns a negative result into +0.

package fp

import "math"

var (
	fmtE5M2 = newFormat(3, 5, 15, 0x7F)
	// e4m3 rounds, scaled by 2^-8, as a format of the same precision with
	// one more exponent bit and bias 15: its subnormals and exponent field
	// then match e4m3's, and it has room above 448, whose values saturate
	// to 448 (.satfinite).
	fmtE4M3wide = newFormat(4, 5, 15, 0xFF)
)

const (
	e4m3Max  = 0x7E // 448
	f8NaN    = 0x7F
	f16QNaN  = 0x7FFF
	e4m3Mask = 0x7F
)

// toF8 converts the float64 x (exactly an f32 or f16 value) to .e4m3 or
// .e5m2 bits, rounding to nearest even with .satfinite.
func toF8(x float64, e5m2, relu bool) uint8 {
	if math.IsNaN(x) {
		return f8NaN
	}
	var r uint8
	if e5m2 {
		r = uint8(narrowTo(x, fmtE5M2, RN, false, false, relu, true))
	} else {
		if math.IsInf(x, 0) {
			x = math.Copysign(math.MaxFloat64, x)
		}
		w := roundF64(math.Ldexp(x, -8), 0, fmtE4M3wide, RN, false)
		sign, mag := uint8(w>>8&1)<<7, w&0xFF
		if mag > e4m3Max {
			mag = e4m3Max
		}
		r = sign | uint8(mag)
		if relu && sign != 0 {
			r = 0
		}
	}
	return r
}

// f8Value is the value of .e4m3 or .e5m2 bits a (NaN for the NaNs).
func f8Value(a uint8, e5m2 bool) float64 {
	sign := 1.0
	if a&0x80 != 0 {
		sign = -1
	}
	if e5m2 {
		e, m := int(a>>2&0x1F), float64(a&3)
		switch {
		case e == 0x1F && m != 0:
			return math.NaN()
		case e == 0x1F:
			return math.Inf(int(sign))
		case e == 0:
			return sign * math.Ldexp(m/4, -14)
		}
		return sign * math.Ldexp(1+m/4, e-15)
	}
	e, m := int(a>>3&0xF), float64(a&7)
	switch {
	case a&e4m3Mask == e4m3Mask:
		return math.NaN()
	case e == 0:
		return sign * math.Ldexp(m/8, -6)
	}
	return sign * math.Ldexp(1+m/8, e-7)
}

// CvtF32x2ToF8x2 implements cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32
// d, a, b: a converted into the upper byte of d, b into the lower.
func CvtF32x2ToF8x2(a, b uint32, e5m2, relu bool) uint16 {
	return uint16(toF8(float64(f32(a)), e5m2, relu))<<8 | uint16(toF8(float64(f32(b)), e5m2, relu))
}

// CvtF16x2ToF8x2 implements cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2
// d, a: the upper half of a into the upper byte of d, the lower into the
// lower.
func CvtF16x2ToF8x2(a uint32, e5m2, relu bool) uint16 {
	hi := math.Float32frombits(f16to32(uint16(a >> 16)))
	lo := math.Float32frombits(f16to32(uint16(a)))
	return uint16(toF8(float64(hi), e5m2, relu))<<8 | uint16(toF8(float64(lo), e5m2, relu))
}

// CvtF8x2ToF16x2 implements cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2} d, a: the
// upper byte of a into the upper half of d, the lower into the lower. Every
// value of both formats is an f16 value; a NaN gives the canonical 0x7FFF.
func CvtF8x2ToF16x2(a uint16, e5m2, relu bool) uint32 {
	one := func(b uint8) uint32 {
		v := f8Value(b, e5m2)
		switch {
		case math.IsNaN(v):
			return f16QNaN
		case relu && math.Signbit(v):
			return 0
		}
		return uint32(CvtF64ToF16(math.Float64bits(v), RN, false))
	}
	return one(uint8(a>>8))<<16 | one(uint8(a))
}
