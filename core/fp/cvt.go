// This file implements cvt (PTX ISA 9.7.9.21) between the floating-point
// types f16, bf16, tf32, f32 and f64, from floats to integers and back, and the
// packing forms cvt.f16x2.f32 and cvt.bf16x2.f32.

package fp

import "math"

// IntType is an integer type of cvt (PTX ISA 9.7.9.21 .dtype/.atype).
type IntType uint8

const (
	U8 IntType = iota
	U16
	U32
	U64
	S8
	S16
	S32
	S64
)

var intNames = [...]string{".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64"}

// String returns the type as PTX spells it (".s32", ...).
func (t IntType) String() string {
	if int(t) < len(intNames) {
		return intNames[t]
	}
	return "IntType(?)"
}

// Bits returns the width of t: 8, 16, 32 or 64.
func (t IntType) Bits() uint { return 8 << (t & 3) }

// Signed reports whether t is a signed type.
func (t IntType) Signed() bool { return t >= S8 }

// intBounds holds the range of each IntType as float64: lo exactly, and hi
// as the first value above the range (a power of two, so exact too).
var intBounds = [8][2]float64{
	{0, 0x1p8}, {0, 0x1p16}, {0, 0x1p32}, {0, 0x1p64},
	{-0x1p7, 0x1p7}, {-0x1p15, 0x1p15}, {-0x1p31, 0x1p31}, {-0x1p63, 0x1p63},
}

// roundIntegral rounds x to an integral float64 (exact for any float64).
func roundIntegral(x float64, rnd Round) float64 {
	switch rnd {
	case RZ:
		return math.Trunc(x)
	case RM:
		return math.Floor(x)
	case RP:
		return math.Ceil(x)
	case RNA:
		return math.Round(x)
	}
	return math.RoundToEven(x)
}

// floatToInt converts the value x (exact, from a float of any width) to t
// with integer rounding rnd, clamping to the range of t. The result is the
// integer's bit pattern, sign-extended to 64 bits for signed types.
//
// NaN follows the current ISA (PTX 9.0, 9.7.9.21): "In float-to-integer
// conversions, depending upon conversion types, NaN input results in
// following value: Zero if source is not .f64 and destination is not .s64,
// .u64. Otherwise 1 << (BitWidth(dst) - 1) corresponding to the value of
// (MAXINT >> 1) + 1 for unsigned type or MININT for signed type."
func floatToInt(x float64, srcF64 bool, t IntType, rnd Round) uint64 {
	w := t.Bits()
	if x != x {
		if !srcF64 && w != 64 {
			return 0
		}
		r := uint64(1) << (w - 1)
		if t.Signed() {
			r = uint64(int64(r<<(64-w)) >> (64 - w)) // MININT, sign-extended
		}
		return r
	}
	// "For float-to-integer conversions, the result is clamped to the
	// destination range by default; i.e, .sat is redundant."
	lo, hi := intBounds[t&7][0], intBounds[t&7][1]
	r := roundIntegral(x, rnd)
	switch {
	case r <= lo:
		if t.Signed() {
			return math.MaxUint64 << (w - 1)
		}
		return 0
	case r >= hi:
		if t.Signed() {
			return uint64(1)<<(w-1) - 1
		}
		return uint64(1)<<(w-1)<<1 - 1
	case r < 0:
		return uint64(int64(r))
	}
	return uint64(r)
}

// CvtF32ToInt implements cvt.irnd{.ftz}{.sat}.dtype.f32 (PTX ISA 9.7.9.21):
// .ftz flushes a subnormal input first (which matters for .rmi and .rpi). The
// result is clamped to the range of t; NaN gives 0 (1<<63 for .s64/.u64).
// Signed results are sign-extended to 64 bits.
func CvtF32ToInt(a uint32, t IntType, rnd Round, ftz bool) uint64 {
	if ftz {
		a = flush32(a)
	}
	return floatToInt(float64(f32(a)), false, t, rnd)
}

// CvtF64ToInt implements cvt.irnd{.sat}.dtype.f64: clamped, and NaN gives
// 1 << (width-1) (0x80000000 for .s32 and .u32).
func CvtF64ToInt(a uint64, t IntType, rnd Round) uint64 {
	return floatToInt(f64(a), true, t, rnd)
}

// CvtF16ToInt implements cvt.irnd.dtype.f16.
func CvtF16ToInt(a uint16, t IntType, rnd Round) uint64 {
	return floatToInt(halfValue(uint64(a), fmtF16), false, t, rnd)
}

// CvtBF16ToInt implements cvt.irnd.dtype.bf16.
func CvtBF16ToInt(a uint16, t IntType, rnd Round) uint64 {
	return floatToInt(halfValue(uint64(a), fmtBF16), false, t, rnd)
}

// halfValue widens any encoding of a narrow format to float64, NaN included.
func halfValue(x uint64, f *format) float64 {
	switch {
	case f.isNaN(x):
		return math.NaN()
	case f.isInf(x):
		if x&f.signBit() != 0 {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	return widen(x, f)
}

// intValue reads the low bits of v as an integer of type t and returns its
// sign (0 or 1) and magnitude.
func intValue(v uint64, t IntType) (sign, mag uint64) {
	w := t.Bits()
	v <<= 64 - w
	if t.Signed() {
		s := int64(v) >> (64 - w)
		if s < 0 {
			return 1, uint64(-s)
		}
		return 0, uint64(s)
	}
	return 0, v >> (64 - w)
}

func intToFloat(v uint64, t IntType, f *format, rnd Round, sat bool) uint64 {
	sign, mag := intValue(v, t)
	if mag == 0 {
		return 0
	}
	var r uint64
	switch {
	case f == fmtF32 && mag < 1<<24:
		r = uint64(math.Float32bits(float32(mag))) | sign<<31 // exact
	case f == fmtF64 && mag < 1<<53:
		r = math.Float64bits(float64(mag)) | sign<<63 // exact
	default:
		r = roundPack(sign, 0, mag, f, rnd, false)
	}
	if sat {
		r = satF(r, f)
	}
	return r
}

// CvtIntToF32 implements cvt.frnd{.sat}.f32.atype (PTX ISA 9.7.9.21): the low
// bits of v, read as type t, rounded to f32 by rnd.
func CvtIntToF32(v uint64, t IntType, rnd Round, sat bool) uint32 {
	return uint32(intToFloat(v, t, fmtF32, rnd, sat))
}

// CvtIntToF64 implements cvt.frnd{.sat}.f64.atype.
func CvtIntToF64(v uint64, t IntType, rnd Round, sat bool) uint64 {
	return intToFloat(v, t, fmtF64, rnd, sat)
}

// CvtIntToF16 implements cvt.frnd{.sat}.f16.atype; values beyond 65504
// round to infinity or the largest finite number as IEEE 754 directs.
func CvtIntToF16(v uint64, t IntType, rnd Round, sat bool) uint16 {
	return uint16(intToFloat(v, t, fmtF16, rnd, sat))
}

// CvtIntToBF16 implements cvt.frnd{.sat}.bf16.atype.
func CvtIntToBF16(v uint64, t IntType, rnd Round, sat bool) uint16 {
	return uint16(intToFloat(v, t, fmtBF16, rnd, sat))
}

// narrowTo rounds the finite or infinite float64 x to f, without NaN
// handling; satfinite clamps an infinite result to the largest finite number
// and relu applies .relu.
func narrowTo(x float64, f *format, rnd Round, ftz, sat, relu, satfinite bool) uint64 {
	var r uint64
	switch {
	case math.IsInf(x, 0):
		r = f.inf()
		if x < 0 {
			r |= f.signBit()
		}
	default:
		r = roundF64(x, 0, f, rnd, ftz)
	}
	if satfinite && f.isInf(r) {
		r--
	}
	if sat {
		r = satF(r, f)
	}
	if relu {
		r = reluF(r, f)
	}
	return r
}

// f64NaNTo narrows an f64 NaN keeping its sign and high payload bits and
// setting the quiet bit, as hardware F2F does (reported for cvt.f32.f64 and
// cvt.f16.f64 on B200).
func f64NaNTo(a uint64, f *format) uint64 {
	frac := f.p - 1
	payload := a >> (52 - frac) & (1<<frac - 1)
	return (a>>63)<<(f.ebits+frac) | f.inf() | payload | 1<<(frac-1)
}

// CvtF64ToF32 implements cvt.frnd{.ftz}{.sat}.f32.f64 (PTX ISA 9.7.9.21).
// .ftz flushes a result that is tiny after rounding. A NaN keeps its sign and
// high payload bits and becomes quiet.
func CvtF64ToF32(a uint64, rnd Round, ftz, sat bool) uint32 {
	if isNaN64(a) {
		if sat {
			return 0
		}
		return uint32(f64NaNTo(a, fmtF32))
	}
	return uint32(narrowTo(f64(a), fmtF32, rnd, ftz, sat, false, false))
}

// CvtF64ToF16 implements cvt.frnd{.sat}.f16.f64. A NaN keeps its sign and
// high payload bits and becomes quiet.
func CvtF64ToF16(a uint64, rnd Round, sat bool) uint16 {
	if isNaN64(a) {
		if sat {
			return 0
		}
		return uint16(f64NaNTo(a, fmtF16))
	}
	return uint16(narrowTo(f64(a), fmtF16, rnd, false, sat, false, false))
}

// CvtF64ToBF16 implements cvt.frnd{.sat}.bf16.f64.
func CvtF64ToBF16(a uint64, rnd Round, sat bool) uint16 {
	if isNaN64(a) {
		if sat {
			return 0
		}
		return uint16(f64NaNTo(a, fmtBF16))
	}
	return uint16(narrowTo(f64(a), fmtBF16, rnd, false, sat, false, false))
}

// f32To narrows an f32 to a half format: any NaN gives the canonical 0x7FFF
// (hardware drops sign and payload, also under .relu and .satfinite).
func f32To(a uint32, f *format, rnd Round, ftz, sat, relu, satfinite bool) uint16 {
	if ftz {
		a = flush32(a)
	}
	if isNaN32(a) {
		if sat {
			return 0
		}
		return uint16(f.qnan)
	}
	if rnd == RN && !sat && !relu && !satfinite {
		if f == fmtF16 {
			return f32to16(a)
		}
		return f32toBF16(a)
	}
	return uint16(narrowTo(float64(f32(a)), f, rnd, false, sat, relu, satfinite))
}

// CvtF32ToF16 implements cvt.frnd{.ftz}{.sat}.f16.f32 and
// cvt.frnd2{.relu}{.satfinite}.f16.f32 (PTX ISA 9.7.9.21). .ftz flushes a
// subnormal f32 input (it matters for .rp/.rm); .satfinite turns an infinite
// result into ±65504; .relu turns a negative result into +0. NaN gives 0x7FFF.
func CvtF32ToF16(a uint32, rnd Round, ftz, sat, relu, satfinite bool) uint16 {
	return f32To(a, fmtF16, rnd, ftz, sat, relu, satfinite)
}

// CvtF32ToBF16 implements cvt.frnd{.ftz}{.sat}.bf16.f32 and
// cvt.frnd2{.relu}{.satfinite}.bf16.f32. NaN gives 0x7FFF.
func CvtF32ToBF16(a uint32, rnd Round, ftz, sat, relu, satfinite bool) uint16 {
	return f32To(a, fmtBF16, rnd, ftz, sat, relu, satfinite)
}

// CvtF16x2F32 implements cvt.frnd2{.relu}{.satfinite}.f16x2.f32 d, a, b: "the
// value converted from input a is stored in the upper half of d and the value
// converted from input b is stored in the lower half of d".
func CvtF16x2F32(a, b uint32, rnd Round, relu, satfinite bool) uint32 {
	return uint32(CvtF32ToF16(a, rnd, false, false, relu, satfinite))<<16 |
		uint32(CvtF32ToF16(b, rnd, false, false, relu, satfinite))
}

// CvtBF16x2F32 implements cvt.frnd2{.relu}{.satfinite}.bf16x2.f32 d, a, b
// (a to the upper half, b to the lower half).
func CvtBF16x2F32(a, b uint32, rnd Round, relu, satfinite bool) uint32 {
	return uint32(CvtF32ToBF16(a, rnd, false, false, relu, satfinite))<<16 |
		uint32(CvtF32ToBF16(b, rnd, false, false, relu, satfinite))
}

// CvtF32ToTF32 implements cvt.rna{.satfinite}.tf32.f32 and
// cvt.frnd2{.satfinite}{.relu}.tf32.f32 (PTX ISA 9.7.9.21). The result is an
// f32 encoding with its low 13 bits zero. Reported hardware behaviour that
// the ISA prose leaves open, followed here:
//   - .rn and .rz give 0x7FFFE000 for every NaN;
//   - .rna is an integer rounding of the encoding, (|a| + 0x1000) &^ 0x1FFF,
//     capped at 0x7FFFE000 and keeping the sign, so it also applies to the
//     Inf bit patterns; a NaN's low 13 bits are cleared, not rounded (an
//     H200, 127 NaNs of testdata/gpu/cvt_f32's 65,536 inputs; a NaN whose
//     payload is all in those bits becomes Inf, as the H200 gives too);
//   - .satfinite steps any result whose exponent is all ones down by one tf32
//     ulp: Inf becomes ±0x7F7FE000 and .rna's NaNs stay NaNs.
//
// .rm and .rp are accepted too and round the value like .rz.
func CvtF32ToTF32(a uint32, rnd Round, relu, satfinite bool) uint32 {
	var r uint32
	switch {
	case rnd == RNA && isNaN32(a):
		r = a &^ 0x1FFF // an H200 truncates a NaN's payload (testdata/gpu/cvt_f32)
	case rnd == RNA:
		m := (a&absF32 + 0x1000) &^ 0x1FFF
		r = a&signF32 | min(m, 0x7FFFE000)
	case isNaN32(a):
		return 0x7FFFE000
	case a&absF32 == infF32:
		r = a
	default:
		r = uint32(roundF64(float64(f32(a)), 0, fmtTF32, rnd, false)) << 13
	}
	if satfinite && r&infF32 == infF32 {
		r -= 0x2000
	}
	if relu && r&signF32 != 0 {
		r = 0
	}
	return r
}

// widenNaN widens a NaN of a narrow format to a wider one keeping sign and
// payload and setting the quiet bit.
func widenNaN(x uint64, from, to *format) uint64 {
	fromFrac, toFrac := from.p-1, to.p-1
	payload := (x & (1<<fromFrac - 1)) << (toFrac - fromFrac)
	return (x>>(from.ebits+fromFrac)&1)<<(to.ebits+toFrac) | to.inf() | payload | 1<<(toFrac-1)
}

// CvtF16ToF32 implements cvt{.ftz}{.sat}.f32.f16 (PTX ISA 9.7.9.21), which is
// exact. A NaN becomes the canonical 0x7FFFFFFF, whatever its sign and
// payload (an H200 gives that for all 2,046 f16 NaNs; cvt.f64.f16 keeps the
// payload, CvtF16ToF64).
func CvtF16ToF32(a uint16, ftz, sat bool) uint32 {
	return halfToF32(uint64(a), fmtF16, ftz, sat)
}

// CvtBF16ToF32 implements cvt{.ftz}{.sat}.f32.bf16, which is exact; .ftz
// flushes the subnormal f32 results that bf16 subnormals give. A NaN keeps
// its 16 bits (a signaling one stays signaling, as an H200 gives for all 254
// bf16 NaNs); with .ftz it becomes 0x7FFFFFFF (reported hardware behaviour).
func CvtBF16ToF32(a uint16, ftz, sat bool) uint32 {
	return halfToF32(uint64(a), fmtBF16, ftz, sat)
}

func halfToF32(x uint64, f *format, ftz, sat bool) uint32 {
	var r uint32
	switch {
	case f.isNaN(x) && (ftz || f == fmtF16):
		r = nanF32
	case f == fmtBF16:
		r = uint32(x) << 16
	default:
		r = math.Float32bits(float32(halfValue(x, f)))
	}
	if ftz {
		r = flush32(r)
	}
	if sat {
		r = SatF32(r)
	}
	return r
}

// CvtF16ToF64 implements cvt{.sat}.f64.f16, which is exact; a NaN keeps its
// sign and payload and becomes quiet.
func CvtF16ToF64(a uint16, sat bool) uint64 { return halfToF64(uint64(a), fmtF16, sat) }

// CvtBF16ToF64 implements cvt{.sat}.f64.bf16, which is exact.
func CvtBF16ToF64(a uint16, sat bool) uint64 { return halfToF64(uint64(a), fmtBF16, sat) }

func halfToF64(x uint64, f *format, sat bool) uint64 {
	var r uint64
	if f.isNaN(x) {
		r = widenNaN(x, f, fmtF64)
	} else {
		r = math.Float64bits(halfValue(x, f))
	}
	if sat {
		r = satF(r, fmtF64)
	}
	return r
}

// CvtF32ToF64 implements cvt{.ftz}{.sat}.f64.f32, which is exact. .ftz
// flushes a subnormal input. A NaN keeps sign and payload and becomes quiet;
// with .ftz it is the canonical f32 NaN widened, 0x7FFFFFFFE0000000.
func CvtF32ToF64(a uint32, ftz, sat bool) uint64 {
	if ftz {
		a = flush32(a)
		if isNaN32(a) {
			a = nanF32
		}
	}
	var r uint64
	if isNaN32(a) {
		r = widenNaN(uint64(a), fmtF32, fmtF64)
	} else {
		r = math.Float64bits(float64(f32(a)))
	}
	if sat {
		r = satF(r, fmtF64)
	}
	return r
}

// CvtF16ToBF16 implements cvt.frnd{.sat}.bf16.f16 (PTX ISA 9.7.9.21); NaN
// gives 0x7FFF.
func CvtF16ToBF16(a uint16, rnd Round, sat bool) uint16 {
	return halfToHalf(uint64(a), fmtF16, fmtBF16, rnd, sat)
}

// CvtBF16ToF16 implements cvt.frnd{.sat}.f16.bf16; NaN gives 0x7FFF.
func CvtBF16ToF16(a uint16, rnd Round, sat bool) uint16 {
	return halfToHalf(uint64(a), fmtBF16, fmtF16, rnd, sat)
}

func halfToHalf(x uint64, from, to *format, rnd Round, sat bool) uint16 {
	if from.isNaN(x) {
		if sat {
			return 0
		}
		return uint16(to.qnan)
	}
	return uint16(narrowTo(halfValue(x, from), to, rnd, false, sat, false, false))
}

// CvtF32F32 implements cvt{.ftz}{.sat}.f32.f32 without integer rounding: the
// value unchanged, except that .ftz flushes a subnormal and makes any NaN
// 0x7FFFFFFF (reported hardware behaviour), and .sat clamps.
func CvtF32F32(a uint32, ftz, sat bool) uint32 {
	if ftz {
		a = flush32(a)
		if isNaN32(a) {
			a = nanF32
		}
	}
	if sat {
		a = SatF32(a)
	}
	return a
}

// CvtF64F64 implements cvt{.sat}.f64.f64 without integer rounding.
func CvtF64F64(a uint64, sat bool) uint64 {
	if sat {
		return satF(a, fmtF64)
	}
	return a
}

// RoundIntF32 implements cvt.irnd{.ftz}{.sat}.f32.f32 (PTX ISA 9.7.9.21: "A
// floating-point value may be rounded to an integral value using the integer
// rounding modifiers"). A NaN gives 0x7FFFFFFF; .ftz flushes a subnormal
// input first, so cvt.rmi.ftz.f32.f32 of a negative subnormal is -0.
func RoundIntF32(a uint32, rnd Round, ftz, sat bool) uint32 {
	if ftz {
		a = flush32(a)
	}
	if isNaN32(a) {
		return fin32(a, sat)
	}
	return fin32(math.Float32bits(float32(roundIntegral(float64(f32(a)), rnd))), sat)
}

// RoundIntF64 implements cvt.irnd{.sat}.f64.f64; a NaN keeps its payload and
// becomes quiet.
func RoundIntF64(a uint64, rnd Round, sat bool) uint64 {
	r := a | quietF64
	if !isNaN64(a) {
		r = math.Float64bits(roundIntegral(f64(a), rnd))
	}
	if sat {
		r = satF(r, fmtF64)
	}
	return r
}

// RoundIntF16 implements cvt.irnd{.sat}.f16.f16; NaN gives 0x7FFF.
func RoundIntF16(a uint16, rnd Round, sat bool) uint16 {
	return roundIntHalf(uint64(a), fmtF16, rnd, sat)
}

// RoundIntBF16 implements cvt.irnd{.sat}.bf16.bf16; NaN gives 0x7FFF.
func RoundIntBF16(a uint16, rnd Round, sat bool) uint16 {
	return roundIntHalf(uint64(a), fmtBF16, rnd, sat)
}

func roundIntHalf(x uint64, f *format, rnd Round, sat bool) uint16 {
	if f.isNaN(x) {
		if sat {
			return 0
		}
		return uint16(f.qnan)
	}
	// An integral value of a half format is exact in it, so RN is exact.
	return uint16(narrowTo(roundIntegral(halfValue(x, f), rnd), f, RN, false, sat, false, false))
}
