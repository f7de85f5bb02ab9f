package fp

// mx_test.go: every code point of the MX formats against the OCP
// Microscaling Formats (MX) v1.0 specification, Tables 1 and 2 (the
// limits of E2M1, E2M3, E3M2 and E8M0) and, for ue4m3, against e4m3's
// own decoder (fp8.go): the formats have no Inf or NaN except E8M0's
// 0xFF and ue4m3's 0x7F.

import (
	"math"
	"testing"
)

func TestMXLimits(t *testing.T) {
	cases := []struct {
		desc string
		f    func(uint8) float32
		code uint8
		want float64
	}{
		// OCP MX v1.0 Table 1, FP4 E2M1
		{"e2m1 max normal S 11 1", E2M1, 0b0111, 6},
		{"e2m1 min normal S 01 0", E2M1, 0b0010, 1},
		{"e2m1 subnormal S 00 1", E2M1, 0b0001, 0.5},
		{"e2m1 -max", E2M1, 0b1111, -6},
		{"e2m1 +0", E2M1, 0b0000, 0},
		{"e2m1 high bits ignored", E2M1, 0xF3, 1.5},
		// FP6 E2M3
		{"e2m3 max normal S 11 111", E2M3, 0b011111, 7.5},
		{"e2m3 min normal S 01 000", E2M3, 0b001000, 1},
		{"e2m3 max subnormal S 00 111", E2M3, 0b000111, 0.875},
		{"e2m3 min subnormal S 00 001", E2M3, 0b000001, 0.125},
		{"e2m3 -max", E2M3, 0b111111, -7.5},
		{"e2m3 2.25", E2M3, 0b010001, 2.25},
		// FP6 E3M2
		{"e3m2 max normal S 111 11", E3M2, 0b011111, 28},
		{"e3m2 min normal S 001 00", E3M2, 0b000100, 0.25},
		{"e3m2 max subnormal S 000 11", E3M2, 0b000011, 0.1875},
		{"e3m2 min subnormal S 000 01", E3M2, 0b000001, 0.0625},
		{"e3m2 -1", E3M2, 0b101100, -1},
		// E8M0
		{"ue8m0 1 (127)", UE8M0, 127, 1},
		{"ue8m0 max 2^127 (254)", UE8M0, 254, math.Ldexp(1, 127)},
		{"ue8m0 min 2^-127 (0): not zero", UE8M0, 0, math.Ldexp(1, -127)},
		{"ue8m0 2^-1 (126)", UE8M0, 126, 0.5},
		// ue4m3
		{"ue4m3 1.0 (0x38)", UE4M3, 0x38, 1},
		{"ue4m3 max 448 (0x7E)", UE4M3, 0x7E, 448},
		{"ue4m3 min subnormal 2^-9 (0x01)", UE4M3, 0x01, math.Ldexp(1, -9)},
		{"ue4m3 bit 7 carries nothing (0xB8)", UE4M3, 0xB8, 1},
	}
	for _, c := range cases {
		if got := c.f(c.code); float64(got) != c.want || math.Signbit(float64(got)) != math.Signbit(c.want) {
			t.Errorf("%s: code 0x%02x = %v, want %v", c.desc, c.code, got, c.want)
		}
	}
	for _, b := range []uint8{0xFF} {
		if v := UE8M0(b); !math.IsNaN(float64(v)) {
			t.Errorf("ue8m0 0x%02x = %v, want NaN", b, v)
		}
	}
	for _, b := range []uint8{0x7F, 0xFF} {
		if v := UE4M3(b); !math.IsNaN(float64(v)) {
			t.Errorf("ue4m3 0x%02x = %v, want NaN", b, v)
		}
	}
	if v := E2M1(0b1000); v != 0 || !math.Signbit(float64(v)) {
		t.Errorf("e2m1 0b1000 = %v, want -0", v)
	}
}

// TestMXEveryCode: all codes of each element format are finite, the
// positive codes increase strictly with the code (so no two codes share a
// value but ±0), the sign bit negates, and the values are exactly the
// format's grid: for e2m1 the eight values the spec lists.
func TestMXEveryCode(t *testing.T) {
	formats := []struct {
		name  string
		f     func(uint8) float32
		width uint
		ulp0  float64 // spacing of the subnormals
	}{
		{"e2m1", E2M1, 4, 0.5},
		{"e2m3", E2M3, 6, 0.125},
		{"e3m2", E3M2, 6, 0.0625},
	}
	for _, ft := range formats {
		half := uint8(1) << (ft.width - 1)
		prev := -1.0
		for c := uint8(0); c < half; c++ {
			v := float64(ft.f(c))
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("%s code 0x%02x = %v: the format has no Inf or NaN", ft.name, c, v)
			}
			if v <= prev {
				t.Errorf("%s code 0x%02x = %v, not above code 0x%02x = %v", ft.name, c, v, c-1, prev)
			}
			prev = v
			// every value is a multiple of the subnormal spacing
			if q := v / ft.ulp0; q != math.Trunc(q) {
				t.Errorf("%s code 0x%02x = %v is not a multiple of %v", ft.name, c, v, ft.ulp0)
			}
			if n := float64(ft.f(c | half)); n != -v || !math.Signbit(n) {
				t.Errorf("%s code 0x%02x = %v, want -(%v)", ft.name, c|half, n, v)
			}
		}
	}
	want := []float64{0, 0.5, 1, 1.5, 2, 3, 4, 6}
	for c, w := range want {
		if got := float64(E2M1(uint8(c))); got != w {
			t.Errorf("e2m1 code %d = %v, want %v", c, got, w)
		}
	}
	// E8M0: each code doubles the one before, from 2^-127.
	for c := 1; c < 255; c++ {
		if UE8M0(uint8(c)) != 2*UE8M0(uint8(c-1)) {
			t.Errorf("ue8m0 code %d = %v, want twice %v", c, UE8M0(uint8(c)), UE8M0(uint8(c-1)))
		}
	}
	// ue4m3 is e4m3's magnitude.
	for c := 0; c < 0x7F; c++ {
		if got, want := float64(UE4M3(uint8(c))), f8Value(uint8(c), false); got != want {
			t.Errorf("ue4m3 code 0x%02x = %v, want e4m3's %v", c, got, want)
		}
	}
}
