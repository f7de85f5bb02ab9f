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

// FormatF16 returns the shortest decimal that reads back as f16 bits a.
func FormatF16(a uint16) string { return formatHalf(uint64(a), fmtF16) }

// FormatBF16 returns the shortest decimal that reads back as bf16 bits a.
func FormatBF16(a uint16) string { return formatHalf(uint64(a), fmtBF16) }

func formatHalf(x uint64, f *format) string {
	if s, ok := special(f.isNaN(x), f.isInf(x), x&f.signBit() != 0); ok {
		return s
	}
	v := widen(x, f)
	if v == 0 {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	// The fewest significant digits that read back as x. Whether prec+1
	// digits do is monotone in prec (a decimal that reads back still does
	// with a 0 appended, and if any of a length does, the nearest of that
	// length on one side of v does), and ceil(p log10 2) + 1 digits always
	// do for a p-bit significand (5 for f16, 4 for bf16): a binary search
	// below that bound, then the longer lengths in case (every value of
	// these formats is a float64, whose 17 digits always read back).
	hit := func(prec int) (string, bool) {
		for _, s := range decimalNeighbours(v, prec) {
			if r, ok := parseHalf(s, f); ok && r == x {
				return s, true
			}
		}
		return "", false
	}
	var s string
	lo, hi := 0, int(math.Ceil(float64(f.p)*math.Log10(2)))
	for lo < hi {
		mid := (lo + hi) / 2
		if t, ok := hit(mid); ok {
			hi, s = mid, t
		} else {
			lo = mid + 1
		}
	}
	if s != "" {
		return shortestStyle(s)
	}
	for prec := hi; prec < 17; prec++ {
		if t, ok := hit(prec); ok {
			return shortestStyle(t)
		}
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// decimalNeighbours returns the decimals of prec+1 significant digits
// nearest to v and next nearest on the other side of v, in strconv's 'e'
// format: at the edge of a binade the farther one can be the one that reads
// back.
func decimalNeighbours(v float64, prec int) [2]string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	near := strconv.FormatFloat(v, 'e', prec, 64)
	mant, expStr, _ := strings.Cut(near, "e")
	exp, _ := strconv.Atoi(expStr)
	m, _ := strconv.ParseInt(strings.Replace(mant, ".", "", 1), 10, 64)
	if back, _ := strconv.ParseFloat(near, 64); back > v {
		m--
	} else {
		m++
	}
	other, _ := strconv.ParseFloat(strconv.FormatInt(m, 10)+"e"+strconv.Itoa(exp-prec), 64)
	return [2]string{sign + near, sign + strconv.FormatFloat(other, 'e', prec, 64)}
}

// shortestStyle rewrites "-d.ddde±XX" the way strconv writes the shortest
// representation with 'g': exponent form when the exponent is below -4 or
// at least 6 (strconv's rule for the shortest precision), plain otherwise.
func shortestStyle(s string) string {
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	mant, expStr, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(expStr)
	digits := strings.Replace(mant, ".", "", 1)
	var out string
	switch {
	case exp < -4 || exp >= 6:
		out = s
	case exp < 0:
		out = "0." + strings.Repeat("0", -exp-1) + digits
	case len(digits) <= exp+1:
		out = digits + strings.Repeat("0", exp+1-len(digits))
	default:
		out = digits[:exp+1] + "." + digits[exp+1:]
	}
	if neg {
		return "-" + out
	}
	return out
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
