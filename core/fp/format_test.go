// Decimal formatting and parsing: shortest round trip for every f16 and bf16
// value, correct rounding of decimals to the half formats.

package fp

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"
)

func TestFormatSpellings(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{FormatF32(0x3FC00000), "1.5"},
		{FormatF32(1), "1e-45"},
		{FormatF32(nz32), "-0"},
		{FormatF32(0x7FC00000), "nan"},
		{FormatF32(0xFFFFFFFF), "nan"},
		{FormatF32(inf32), "inf"},
		{FormatF32(ninf32), "-inf"},
		{FormatF32(0x3DCCCCCD), "0.1"},
		{FormatF64(signF64), "-0"},
		{FormatF64(0x3FB999999999999A), "0.1"},
		{FormatF64(pnan64), "nan"},
		{FormatF64(ninf64), "-inf"},
		{FormatF16(0x3555), "0.3333"},
		{FormatF16(0x7BFF), "65500"},
		{FormatF16(0x0001), "6e-08"},
		{FormatF16(0x8000), "-0"},
		{FormatF16(0x7E00), "nan"},
		{FormatF16(0xFC00), "-inf"},
		{FormatBF16(0x3F80), "1"},
		{FormatBF16(0x3DCD), "0.1"},
		{FormatBF16(0x47C3), "100000"},
		{FormatBF16(0x7F80), "inf"},
		{FormatBF16(0xFFC1), "nan"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestFormatRoundTripExhaustive formats every f16 and bf16 value and reads it
// back, and checks that one digit fewer would not read back.
func TestFormatRoundTripExhaustive(t *testing.T) {
	for _, c := range []struct {
		f      *format
		format func(uint16) string
		parse  func(string) (uint16, error)
	}{{fmtF16, FormatF16, ParseF16}, {fmtBF16, FormatBF16, ParseBF16}} {
		for x := range uint64(1 << 16) {
			s := c.format(uint16(x))
			back, err := c.parse(s)
			if err != nil {
				t.Fatalf("%#04x: %q: %v", x, s, err)
			}
			if c.f.isNaN(x) {
				if back != uint16(c.f.qnan) {
					t.Fatalf("%#04x: %q reads as %#x", x, s, back)
				}
				continue
			}
			if uint64(back) != x {
				t.Fatalf("%#04x: %q reads back as %#x", x, s, back)
			}
			if c.f.isInf(x) || c.f.isZero(x) || testing.Short() && x%16 != 0 {
				continue
			}
			// No decimal with fewer significant digits reads back: check the
			// two nearest of each shorter length with the exact-rational
			// oracle.
			sig := len(strings.Trim(strings.NewReplacer("-", "", ".", "").Replace(strings.SplitN(s, "e", 2)[0]), "0"))
			for prec := 0; prec < sig-1; prec++ {
				for _, short := range decimalNeighbours(widen(x, c.f), prec) {
					if parseRef(short, c.f) == x {
						t.Fatalf("%#04x: %q has fewer digits than %q and reads back", x, short, s)
					}
				}
			}
		}
	}
}

// TestParseHalfCorrectlyRounded reads decimals near the formats' rounding
// boundaries and compares with exact rational arithmetic.
func TestParseHalfCorrectlyRounded(t *testing.T) {
	r := newRand(t)
	cases := []string{"65520", "65519.99999999999999999", "2049", "2049.0000000000000001",
		"2048.9999999999999999", "1e-8", "2.98023223876953125e-8", "2.980232238769531251e-8",
		"-0", "0", "1e400", "-1e400", "3.4e38", "3.3961e38", "0.1", "-65504", "9.183549615799121e-41"}
	for range count(20000) {
		for _, f := range []*format{fmtF16, fmtBF16} {
			// A boundary of f (value or midpoint), perturbed in the last
			// of 20 digits.
			x := randBits(r, f)
			if f.isNaN(x) || f.isInf(x) {
				continue
			}
			v := (widen(x, f) + f.boundValue(x+1)) / 2
			s := strconv.FormatFloat(v, 'e', 19, 64)
			cases = append(cases, s, strconv.FormatFloat(v, 'g', 5, 64))
		}
	}
	for _, s := range cases {
		for _, f := range []*format{fmtF16, fmtBF16} {
			got, err := parseHalfErr(s, f)
			if err != nil {
				t.Fatalf("%q: %v", s, err)
			}
			if want := parseRef(s, f); got != want {
				t.Fatalf("%d-bit %q: got %#x, want %#x", f.p, s, got, want)
			}
		}
	}
}

// parseRef rounds the decimal s to f through an exact rational.
func parseRef(s string, f *format) uint64 {
	q, ok := new(big.Rat).SetString(s)
	if !ok {
		panic(fmt.Sprintf("bad decimal %q", s))
	}
	if q.Sign() == 0 {
		if s[0] == '-' {
			return f.signBit()
		}
		return 0
	}
	v := new(big.Float).SetPrec(300)
	v.SetRat(q)
	sticky := 0
	switch v.Acc() {
	case big.Below:
		sticky = 1
	case big.Above:
		sticky = -1
	}
	return refRound(v, sticky, f, RN, false)
}

func TestParseSpecial(t *testing.T) {
	for _, c := range []struct {
		got  uint64
		want uint64
	}{
		{must32(ParseF32("nan")), nanF32},
		{must32(ParseF32("-inf")), ninf32},
		{must32(ParseF32("1e-46")), 0},
		{must32(ParseF32("3.5e38")), inf32},
		{must64(ParseF64("NaN")), nanF64},
		{must64(ParseF64("inf")), inf64},
		{must64(ParseF64("-0")), signF64},
		{must16(ParseF16("inf")), inf16},
		{must16(ParseBF16("nan")), cnanHlf},
	} {
		if c.got != c.want {
			t.Errorf("got %#x, want %#x", c.got, c.want)
		}
	}
	if _, err := ParseF16("abc"); err == nil {
		t.Errorf("ParseF16(abc): no error")
	}
}

func must32(x uint32, err error) uint64 {
	if err != nil {
		panic(err)
	}
	return uint64(x)
}

func must64(x uint64, err error) uint64 {
	if err != nil {
		panic(err)
	}
	return x
}

func must16(x uint16, err error) uint64 {
	if err != nil {
		panic(err)
	}
	return uint64(x)
}
