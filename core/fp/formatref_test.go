// The shortest decimal of a half found by strconv format-and-parse rounds:
// the implementation before the integer search of appendShortest, kept as
// its test oracle.

package fp

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func formatHalfRef(x uint64, f *format) string {
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

// TestShortestMatchesOracle formats every f16 and bf16 bit pattern with the
// integer search and with the strconv rounds above: the same strings.
func TestShortestMatchesOracle(t *testing.T) {
	for _, c := range []struct {
		f      *format
		format func(uint16) string
	}{{fmtF16, FormatF16}, {fmtBF16, FormatBF16}} {
		for x := range uint64(1 << 16) {
			if got, want := c.format(uint16(x)), formatHalfRef(x, c.f); got != want {
				t.Errorf("%d-bit %#04x: got %q, want %q", c.f.p, x, got, want)
			}
		}
	}
}
