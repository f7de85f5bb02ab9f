// This file implements decimal formatting and parsing of each float format:
// the shortest decimal that reads back to the same value in that format.

package fp

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// special spells NaN and the infinities as the launch contract does.
func special(nan, inf, neg bool) (string, bool) {
	switch {
	case nan:
		return "nan", true
	case inf && neg:
		return "-inf", true
	case inf:
		return "inf", true
	}
	return "", false
}

// FormatF32 returns the shortest decimal that reads back as f32 bits a:
// "1.5", "1e-45", "-0", "nan", "inf", "-inf".
func FormatF32(a uint32) string {
	if s, ok := special(isNaN32(a), a&absF32 == infF32, a&signF32 != 0); ok {
		return s
	}
	return strconv.FormatFloat(float64(f32(a)), 'g', -1, 32)
}

// FormatF64 returns the shortest decimal that reads back as f64 bits a.
func FormatF64(a uint64) string {
	if s, ok := special(isNaN64(a), a&absF64 == infF64, a&signF64 != 0); ok {
		return s
	}
	return strconv.FormatFloat(f64(a), 'g', -1, 64)
}

// FormatF16 returns the shortest decimal that reads back as f16 bits a
// (rounded to nearest even), the nearest to a's value of that length:
// "0.3333", "65500", "6e-08", "-0", "nan", "inf", "-inf".
func FormatF16(a uint16) string {
	var b [24]byte
	return string(AppendF16(b[:0], a))
}

// FormatBF16 returns the shortest decimal that reads back as bf16 bits a,
// as FormatF16.
func FormatBF16(a uint16) string {
	var b [24]byte
	return string(AppendBF16(b[:0], a))
}

// parseSpecial recognizes "nan", "inf", "+inf", "-inf" in any letter case.
func parseSpecial(s string) (nan bool, inf int, ok bool) {
	switch strings.ToLower(s) {
	case "nan", "+nan", "-nan":
		return true, 0, true
	case "inf", "+inf", "infinity", "+infinity":
		return false, 1, true
	case "-inf", "-infinity":
		return false, -1, true
	}
	return false, 0, false
}

// ParseF32 reads a decimal (or "nan", "inf", "-inf") as f32 bits, rounding to
// nearest even; "nan" reads as the canonical NaN 0x7FFFFFFF.
func ParseF32(s string) (uint32, error) {
	if nan, inf, ok := parseSpecial(s); ok {
		switch {
		case nan:
			return nanF32, nil
		case inf < 0:
			return signF32 | infF32, nil
		}
		return infF32, nil
	}
	v, err := strconv.ParseFloat(s, 32)
	if err != nil && !isRange(err) {
		return 0, err
	}
	return math.Float32bits(float32(v)), nil
}

// ParseF64 reads a decimal (or "nan", "inf", "-inf") as f64 bits; "nan" reads
// as 0x7FFFFFFFFFFFFFFF.
func ParseF64(s string) (uint64, error) {
	if nan, inf, ok := parseSpecial(s); ok {
		switch {
		case nan:
			return nanF64, nil
		case inf < 0:
			return signF64 | infF64, nil
		}
		return infF64, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !isRange(err) {
		return 0, err
	}
	return math.Float64bits(v), nil
}

// ParseF16 reads a decimal (or "nan", "inf", "-inf") as f16 bits, correctly
// rounded to nearest even; "nan" reads as 0x7FFF.
func ParseF16(s string) (uint16, error) {
	r, err := parseHalfErr(s, fmtF16)
	return uint16(r), err
}

// ParseBF16 reads a decimal (or "nan", "inf", "-inf") as bf16 bits, correctly
// rounded to nearest even; "nan" reads as 0x7FFF.
func ParseBF16(s string) (uint16, error) {
	r, err := parseHalfErr(s, fmtBF16)
	return uint16(r), err
}

func isRange(err error) bool {
	e, ok := err.(*strconv.NumError)
	return ok && e.Err == strconv.ErrRange
}

func parseHalfErr(s string, f *format) (uint64, error) {
	if nan, inf, ok := parseSpecial(s); ok {
		switch {
		case nan:
			return f.qnan, nil
		case inf < 0:
			return f.signBit() | f.inf(), nil
		}
		return f.inf(), nil
	}
	if _, err := strconv.ParseFloat(s, 64); err != nil && !isRange(err) {
		return 0, err
	}
	r, _ := parseHalf(s, f)
	return r, nil
}

// parseHalf rounds the decimal s correctly to f. RN64(s) lies on the same
// side of every rounding boundary of f as s itself (the boundaries are
// float64 values), except when RN64(s) is a boundary; then s is compared
// with it exactly.
func parseHalf(s string, f *format) (uint64, bool) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !isRange(err) {
		return 0, false
	}
	if math.IsInf(v, 0) {
		return narrowTo(v, f, RN, false, false, false, false), true
	}
	r := roundF64(v, 0, f, RN, false)
	if v == 0 || !f.isHalfway(v) {
		return r, true
	}
	exact, ok := new(big.Rat).SetString(s)
	if !ok {
		return r, true
	}
	return roundF64(v, exact.Cmp(new(big.Rat).SetFloat64(v)), f, RN, false), true
}

// isHalfway reports whether the finite nonzero float64 v is exactly halfway
// between two neighbouring values of f. Infinity counts as the value
// 2^(emax+1) here, where the overflow threshold of rounding to nearest lies.
func (f *format) isHalfway(v float64) bool {
	up := roundF64(v, 0, f, RP, false)
	down := roundF64(v, 0, f, RM, false)
	return up != down && (f.boundValue(up)+f.boundValue(down))/2 == v
}

func (f *format) boundValue(x uint64) float64 {
	if f.isInf(x) {
		return math.Copysign(math.Ldexp(1, f.bias+1), widen(x&f.signBit()|f.one(), f))
	}
	return widen(x, f)
}
