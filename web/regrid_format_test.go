package web

import "testing"

// Values in each view, from the IEEE encodings and two's complement.
func TestFormatValue(t *testing.T) {
	for _, tc := range []struct {
		desc, typ string
		v         uint64
		view      View
		want      string
	}{
		{"u32 natural is unsigned", ".u32", 0xffffffff, ViewNatural, "4294967295"},
		{"u32 signed", ".u32", 0xffffffff, ViewSigned, "-1"},
		{"s32 natural", ".s32", 0x80000000, ViewNatural, "-2147483648"},
		{"s64 most negative", ".s64", 1 << 63, ViewNatural, "-9223372036854775808"},
		{"u64 largest", ".u64", ^uint64(0), ViewNatural, "18446744073709551615"},
		{"b32 natural is hex", ".b32", 0xdeadbeef, ViewNatural, "deadbeef"},
		{"b64 hex", ".b64", 0x100000000, ViewHex, "100000000"},
		{"high bits beyond the width are not shown", ".u16", 0x12345, ViewNatural, "9029"},
		{"s16 signed", ".s16", 0xffff, ViewNatural, "-1"},
		{"s8 signed", ".s8", 0x80, ViewNatural, "-128"},
		{"u8 hex", ".u8", 0x1ff, ViewHex, "ff"},
		{"f32 1.5", ".f32", 0x3fc00000, ViewNatural, "1.5"},
		{"f32 -0", ".f32", 0x80000000, ViewNatural, "-0"},
		{"f32 inf", ".f32", 0x7f800000, ViewNatural, "inf"},
		{"f32 nan", ".f32", 0x7fc00000, ViewNatural, "nan"},
		{"f32 smallest subnormal", ".f32", 1, ViewNatural, "1e-45"},
		{"f32 0.1 shortest", ".f32", 0x3dcccccd, ViewNatural, "0.1"},
		{"b32 as float is f32", ".b32", 0x40490fdb, ViewFloat, "3.1415927"},
		{"f64 0.1", ".f64", 0x3fb999999999999a, ViewNatural, "0.1"},
		{"f64 -inf", ".f64", 0xfff0000000000000, ViewNatural, "-inf"},
		{"f16 1", ".f16", 0x3c00, ViewNatural, "1"},
		{"f16 largest: the shortest decimal that reads back", ".f16", 0x7bff, ViewNatural, "65500"},
		{"b16 as float is f16", ".b16", 0xc000, ViewFloat, "-2"},
		{"bf16 1", ".bf16", 0x3f80, ViewNatural, "1"},
		{"f16x2 low half first", ".f16x2", 0x40003c00, ViewNatural, "1,2"},
		{"bf16x2", ".bf16x2", 0xc0003f80, ViewNatural, "1,-2"},
		{"f16x2 hex", ".f16x2", 0x40003c00, ViewHex, "40003c00"},
		{"f32 unsigned view", ".f32", 0x3f800000, ViewUnsigned, "1065353216"},
		{"pred true", ".pred", 1, ViewHex, predTrue},
		{"pred false", ".pred", 0, ViewNatural, predFalse},
		{"unknown type is 32 bits of hex", ".zz", 0x1ffffffff, ViewNatural, "ffffffff"},
	} {
		if got := formatValue(parseType(tc.typ), tc.v, tc.view); got != tc.want {
			t.Errorf("%s: %s %#x in view %v = %q, want %q", tc.desc, tc.typ, tc.v, tc.view, got, tc.want)
		}
	}
}

func TestViewNames(t *testing.T) {
	for _, v := range regViews {
		if got := parseView(v.String()); got != v {
			t.Errorf("parseView(%q) = %v", v.String(), got)
		}
	}
	if parseView("bogus") != ViewNatural {
		t.Errorf("an unknown view name is not the natural view")
	}
}

func TestValueCard(t *testing.T) {
	lines := valueCard(parseType(".b16"), 0xbc00)
	want := []cardLine{{"hex", "0xbc00"}, {"unsigned", "48128"}, {"signed", "-17408"}, {"f16", "-1"}, {"bf16", "-0.0078"}} // -2^-7, shortest that reads back
	if len(lines) != len(want) {
		t.Fatalf("card = %v, want %v", lines, want)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d = %v, want %v", i, lines[i], want[i])
		}
	}
	l64 := valueCard(parseType(".u64"), 0x3ff0000000000000)
	if l64[0].value != "0x3ff0000000000000" || l64[3] != (cardLine{"f64", "1"}) || l64[4] != (cardLine{"f32 x2", "0, 1.875"}) {
		t.Errorf("64-bit card = %v", l64)
	}
}
