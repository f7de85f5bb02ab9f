// This file implements rounding: the Round modifier type, the format table
// and roundPack, which every inexact operation ends in.

package fp

import (
	"math"
	"math/bits"
)

// Round is a PTX rounding modifier (PTX ISA 6.5.2, Tables "Floating-Point
// Rounding Modifiers" and "Integer Rounding Modifiers"). For conversions to an
// integer or to an integral float the same values mean .rni, .rzi, .rmi and
// .rpi. The zero value is RN, PTX's default.
type Round uint8

const (
	RN  Round = iota // .rn / .rni: nearest, ties to even
	RZ               // .rz / .rzi: toward zero
	RM               // .rm / .rmi: toward negative infinity
	RP               // .rp / .rpi: toward positive infinity
	RNA              // .rna: nearest, ties away from zero (cvt.rna.tf32.f32 only)
)

var roundNames = [...]string{".rn", ".rz", ".rm", ".rp", ".rna"}

// String returns the modifier as PTX spells it for floating-point rounding.
func (r Round) String() string {
	if int(r) < len(roundNames) {
		return roundNames[r]
	}
	return "Round(?)"
}

// IntString returns the modifier as PTX spells it for integer rounding
// (".rni", ".rzi", ".rmi", ".rpi").
func (r Round) IntString() string {
	if r <= RP {
		return roundNames[r] + "i"
	}
	return r.String()
}

// format describes a binary floating-point encoding: p significand bits
// including the hidden one, ebits exponent bits, and the exponent bias. The
// masks are precomputed: these are consulted on every operation.
type format struct {
	p     uint
	ebits uint
	bias  int
	qnan  uint64 // the canonical NaN this package returns for the format

	sign, abs, infBits, minNorm, oneBits uint64
}

func newFormat(p, ebits uint, bias int, qnan uint64) *format {
	f := &format{p: p, ebits: ebits, bias: bias, qnan: qnan}
	f.sign = 1 << (ebits + p - 1)
	f.abs = f.sign - 1
	f.infBits = (1<<ebits - 1) << (p - 1)
	f.minNorm = 1 << (p - 1)
	f.oneBits = uint64(bias) << (p - 1)
	return f
}

var (
	fmtF16  = newFormat(11, 5, 15, 0x7FFF)
	fmtBF16 = newFormat(8, 8, 127, 0x7FFF)
	fmtF32  = newFormat(24, 8, 127, 0x7FFFFFFF)
	fmtF64  = newFormat(53, 11, 1023, 0x7FFFFFFFFFFFFFFF)
	// fmtTF32 is .tf32 without its 13 always-zero low bits: a 19-bit
	// encoding with f32's exponent and a 10-bit fraction.
	fmtTF32 = newFormat(11, 8, 127, 0x7FFFE000>>13)
	// fmtHi64 is the upper word of an .f64 in "1.11.20 format" that
	// rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 compute (9.7.3.14).
	fmtHi64 = newFormat(21, 11, 1023, 0x7FFFFFFF)
)

func (f *format) signBit() uint64   { return f.sign }
func (f *format) absMask() uint64   { return f.abs }
func (f *format) inf() uint64       { return f.infBits }
func (f *format) maxFinite() uint64 { return f.infBits - 1 }
func (f *format) minNormal() uint64 { return f.minNorm }
func (f *format) one() uint64       { return f.oneBits }
func (f *format) emin() int         { return 1 - f.bias }

func (f *format) isNaN(x uint64) bool  { return x&f.abs > f.infBits }
func (f *format) isInf(x uint64) bool  { return x&f.abs == f.infBits }
func (f *format) isZero(x uint64) bool { return x&f.abs == 0 }

// isSub reports whether x is subnormal (zero exponent, nonzero fraction).
func (f *format) isSub(x uint64) bool {
	a := x & f.abs
	return a != 0 && a < f.minNorm
}

// flush replaces a subnormal x by the zero of its sign.
func (f *format) flush(x uint64) uint64 {
	if f.isSub(x) {
		return x & f.signBit()
	}
	return x
}

// unpack splits a finite nonzero x into sign (0 or 1), exponent and integer
// significand, so that |x| = sig * 2^exp.
func (f *format) unpack(x uint64) (sign uint64, exp int, sig uint64) {
	sign = x >> (f.ebits + f.p - 1) & 1
	be := int(x>>(f.p-1)) & (1<<f.ebits - 1)
	sig = x & (f.minNormal() - 1)
	if be == 0 {
		return sign, f.emin() - int(f.p-1), sig
	}
	return sign, be - f.bias - int(f.p-1), sig | f.minNormal()
}

// overflow returns the result of rounding a value beyond the largest finite
// number: infinity or the largest finite number, by rounding direction.
func (f *format) overflow(sign uint64, rnd Round) uint64 {
	s := sign << (f.ebits + f.p - 1)
	switch {
	case rnd == RZ, rnd == RM && sign == 0, rnd == RP && sign != 0:
		return s | f.maxFinite()
	}
	return s | f.inf()
}

// zero returns the zero of the given sign (0 or 1).
func (f *format) zero(sign uint64) uint64 { return sign << (f.ebits + f.p - 1) }

// f16to32 widens f16 bits to f32 bits exactly (NaN payloads kept as they are).
func f16to32(h uint16) uint32 {
	sign := uint32(h&0x8000) << 16
	e := uint32(h>>10) & 0x1F
	m := uint32(h & 0x3FF)
	switch {
	case e == 0x1F:
		return sign | 0x7F800000 | m<<13
	case e != 0:
		return sign | (e+112)<<23 | m<<13
	case m == 0:
		return sign
	}
	s := uint32(bits.LeadingZeros32(m) - 21) // shift that brings bit 10 up
	return sign | (113-s)<<23 | (m<<s&0x3FF)<<13
}

// roundPack rounds (-1)^sign * sig * 2^exp to format f. sig must be nonzero.
// Bit 0 of sig may be a sticky bit that stands for "some nonzero amount below
// this bit": callers jam lost bits into it. That is exact for every mode
// because the rounding point is at least 11 bits above bit 0 once sig is
// normalized (p <= 53). With ftz, a result that is tiny after rounding (see
// the package comment) becomes a signed zero.
func roundPack(sign uint64, exp int, sig uint64, f *format, rnd Round, ftz bool) uint64 {
	lz := bits.LeadingZeros64(sig)
	sig <<= uint(lz)
	e := exp - lz + 63 // the value lies in [2^e, 2^(e+1))
	if e > f.bias {
		return f.overflow(sign, rnd)
	}
	emin := f.emin()
	shift := 64 - int(f.p)
	sub := e < emin
	if sub {
		if ftz {
			// Round at full precision with an unbounded exponent: only a
			// carry into 2^emin escapes the flush.
			if e == emin-1 && roundsUp(sig>>uint(shift), sig&(1<<uint(shift)-1), 1<<uint(shift-1), sign, rnd) &&
				sig>>uint(shift) == 1<<f.p-1 {
				return f.zero(sign) | f.minNormal()
			}
			return f.zero(sign)
		}
		shift += emin - e
	}
	var kept, rem, half uint64
	switch {
	case shift < 64:
		kept, rem, half = sig>>uint(shift), sig&(1<<uint(shift)-1), 1<<uint(shift-1)
	case shift == 64:
		kept, rem, half = 0, sig, 1<<63
	default:
		kept, rem, half = 0, 1, 1<<63
	}
	if roundsUp(kept, rem, half, sign, rnd) {
		kept++
	}
	var r uint64
	if sub {
		r = kept // a carry into the hidden bit makes the smallest normal
	} else {
		r = uint64(e-emin)<<(f.p-1) + kept // a carry bumps the exponent
		if r >= f.inf() {
			return f.overflow(sign, rnd)
		}
	}
	return f.zero(sign) | r
}

// roundsUp decides whether a magnitude kept + rem/(2*half) rounds up to
// kept+1 under rnd.
func roundsUp(kept, rem, half, sign uint64, rnd Round) bool {
	switch rnd {
	case RN:
		return rem > half || rem == half && kept&1 != 0
	case RNA:
		return rem >= half
	case RM:
		return sign != 0 && rem != 0
	case RP:
		return sign == 0 && rem != 0
	}
	return false
}

// roundF64 rounds x + e to format f, where x is a finite float64 and only the
// sign of the tiny remainder e is known (esign < 0, 0 or > 0); |e| must be
// below half an ulp of x, as the error of an f64 operation rounded to nearest
// is. This is how results computed in float64 with an exact error term (an
// f64 product of narrower operands, TwoSum, an fma residual) reach a narrower
// format with one correct rounding in any mode: every rounding boundary of the
// narrower format is a float64, so x and x+e fall on the same side of each.
func roundF64(x float64, esign int, f *format, rnd Round, ftz bool) uint64 {
	b := math.Float64bits(x)
	sign := b >> 63
	if x == 0 {
		if esign == 0 {
			return f.zero(sign)
		}
		// Cannot arise from the exact schemes above; round a tiny value.
		sign = 0
		if esign < 0 {
			sign = 1
		}
		return roundPack(sign, -2000, 1, f, rnd, ftz)
	}
	be := int(b >> 52 & 0x7FF)
	sig := b & (1<<52 - 1)
	exp := -1074
	if be != 0 {
		sig |= 1 << 52
		exp = be - 1075
	}
	sig <<= 10
	exp -= 10
	if esign != 0 {
		if (esign > 0) == (sign == 0) {
			sig |= 1 // slightly larger in magnitude
		} else {
			sig-- // slightly smaller in magnitude; the low bits become a jam
		}
	}
	return roundPack(sign, exp, sig, f, rnd, ftz)
}

// twoSum returns the rounding error of s = x + y (rounded to nearest), which
// is exactly representable (Knuth's TwoSum, 6 flops, no branches).
func twoSum(x, y, s float64) float64 {
	yy := s - x
	xx := s - yy
	return (x - xx) + (y - yy)
}

func signOf(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// widen returns the exact float64 value of a finite encoding x of f.
func widen(x uint64, f *format) float64 {
	switch f {
	case fmtF32:
		return float64(math.Float32frombits(uint32(x)))
	case fmtBF16:
		return float64(math.Float32frombits(uint32(x) << 16))
	case fmtF16:
		return float64(math.Float32frombits(f16to32(uint16(x))))
	case fmtTF32:
		return float64(math.Float32frombits(uint32(x) << 13))
	case fmtF64:
		return math.Float64frombits(x)
	}
	if f.isZero(x) {
		return math.Copysign(0, float64(1-2*int(x>>(f.ebits+f.p-1)&1)))
	}
	sign, exp, sig := f.unpack(x)
	v := math.Ldexp(float64(sig), exp)
	if sign != 0 {
		v = -v
	}
	return v
}

// directed corrects x, the round-to-nearest result of an operation, to the
// rounding mode rnd given the sign of (exact - x). x must be finite and
// nonzero. Stepping past the largest finite number gives infinity, which is
// right: the exact value then lies beyond it.
func directed(x uint64, esign int, f *format, rnd Round) uint64 {
	if esign == 0 {
		return x
	}
	neg := x&f.signBit() != 0
	var down bool // the result is the neighbour of x toward -Inf
	switch rnd {
	case RZ:
		if neg == (esign < 0) { // exact is farther from zero than x
			return x
		}
		return x - 1 // one step toward zero in magnitude
	case RM:
		if esign > 0 {
			return x
		}
		down = true
	case RP:
		if esign < 0 {
			return x
		}
	default:
		return x
	}
	if down != neg {
		return x - 1 // magnitude shrinks
	}
	return x + 1 // magnitude grows
}
