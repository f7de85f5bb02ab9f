// The shortest decimal of a half checked against its rounding interval in
// exact rational arithmetic, independently of both implementations.

package fp

import (
	"math/big"
	"strings"
	"testing"
)

// TestShortestInInterval checks, in big.Rat arithmetic, that the decimal
// FormatF16/FormatBF16 prints for a finite value lies in the value's rounding
// interval (its ends, the midpoints to the neighbours, included when the
// significand is even; the largest value's upper end is the overflow
// threshold), that no decimal with fewer significant digits does, and that
// none of the same length lies nearer the value (an equally near one only
// with an odd last digit). Every subnormal and every 7th other pattern.
func TestShortestInInterval(t *testing.T) {
	for _, c := range []struct {
		f      *format
		format func(uint16) string
	}{{fmtF16, FormatF16}, {fmtBF16, FormatBF16}} {
		f := c.f
		for x := uint64(1); x < f.infBits; x++ {
			if x >= f.minNorm && x%7 != 0 && x&(f.minNorm-1) != 0 {
				continue
			}
			s := c.format(uint16(x))
			v := new(big.Rat).SetFloat64(widen(x, f))
			lo := mid(v, new(big.Rat).SetFloat64(widen(x-1, f)))
			hi := mid(v, new(big.Rat).SetFloat64(f.boundValue(x+1)))
			even := x&1 == 0
			inside := func(q *big.Rat) bool {
				a, b := q.Cmp(lo), q.Cmp(hi)
				return a > 0 && b < 0 || even && (a == 0 || b == 0)
			}
			got, ok := new(big.Rat).SetString(s)
			if !ok {
				t.Fatalf("%d-bit %#04x: %q is not a decimal", f.p, x, s)
			}
			if !inside(got) {
				t.Errorf("%d-bit %#04x: %q is outside [%s, %s]", f.p, x, s, lo.FloatString(60), hi.FloatString(60))
				continue
			}
			n := sigDigits(s)
			// Every grid 10^k whose multiples of at most n digits reach
			// the interval: 10^k <= hi and 10^(k+n) > lo.
			dist := new(big.Rat).Abs(new(big.Rat).Sub(got, v))
			for k := -60; k <= 40; k++ {
				unit := pow10Rat(k)
				if unit.Cmp(hi) > 0 || new(big.Rat).Mul(unit, pow10Rat(n)).Cmp(lo) <= 0 {
					continue
				}
				// The multiples of unit nearest v on each side.
				q := new(big.Rat).Quo(v, unit)
				fl := new(big.Int).Quo(q.Num(), q.Denom())
				for _, d := range []*big.Int{fl, new(big.Int).Add(fl, big.NewInt(1))} {
					if d.Sign() == 0 {
						continue
					}
					cand := new(big.Rat).Mul(new(big.Rat).SetInt(d), unit)
					if !inside(cand) {
						continue
					}
					cs := strings.TrimRight(d.String(), "0")
					switch {
					case len(cs) < n:
						t.Errorf("%d-bit %#04x: %s*10^%d has fewer digits than %q and reads back", f.p, x, d, k, s)
					case len(cs) == n:
						cd := new(big.Rat).Abs(new(big.Rat).Sub(cand, v))
						if o := cd.Cmp(dist); o < 0 || o == 0 && cand.Cmp(got) != 0 && (cs[n-1]-'0')%2 == 0 {
							t.Errorf("%d-bit %#04x: %s*10^%d is nearer than %q", f.p, x, d, k, s)
						}
					}
				}
			}
		}
	}
}

func mid(a, b *big.Rat) *big.Rat {
	m := new(big.Rat).Add(a, b)
	return m.Mul(m, big.NewRat(1, 2))
}

func pow10Rat(k int) *big.Rat {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(k, -k))), nil)
	if k < 0 {
		return new(big.Rat).SetFrac(big.NewInt(1), p)
	}
	return new(big.Rat).SetInt(p)
}

// sigDigits counts the significant digits of a decimal in strconv's 'g'
// form.
func sigDigits(s string) int {
	mant, _, _ := strings.Cut(strings.TrimPrefix(s, "-"), "e")
	return len(strings.Trim(strings.Replace(mant, ".", "", 1), "0"))
}

// BenchmarkFormatHalf formats all 65,536 patterns of each half format, one
// op per pattern: "int" is the integer search, "strconv" the format-and-parse
// rounds it replaced (formatHalfRef, the tests' oracle).
func BenchmarkFormatHalf(b *testing.B) {
	for _, c := range []struct {
		name string
		f    *format
	}{{"f16", fmtF16}, {"bf16", fmtBF16}} {
		b.Run(c.name+"/int", func(b *testing.B) {
			var buf [32]byte
			n := 0
			for i := 0; b.Loop(); i++ {
				n += len(appendShortest(buf[:0], uint64(i&0xFFFF), c.f))
			}
			_ = n
		})
		b.Run(c.name+"/strconv", func(b *testing.B) {
			n := 0
			for i := 0; b.Loop(); i++ {
				n += len(formatHalfRef(uint64(i&0xFFFF), c.f))
			}
			_ = n
		})
	}
}

// TestAppendHalfNoAllocation: the JSON output appends one per element.
func TestAppendHalfNoAllocation(t *testing.T) {
	buf := make([]byte, 0, 64)
	for _, x := range []uint16{0x0001, 0x3555, 0x7BFF, 0x8001, 0x7F7F, 0xFC00, 0x7E00, 0x8000} {
		if n := testing.AllocsPerRun(100, func() { AppendF16(buf[:0], x); AppendBF16(buf[:0], x) }); n != 0 {
			t.Errorf("%#04x: %v allocations, want 0", x, n)
		}
	}
}
