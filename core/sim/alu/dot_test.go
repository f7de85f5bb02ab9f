package alu

import "testing"

// PTX ISA 9.7.1 dp4a: d = c + sum of a.byte[i] * b.byte[i], bytes sign- or
// zero-extended per type, 32-bit wrapping.
func TestDp4a(t *testing.T) {
	tests := []struct {
		desc    string
		a, b, c uint32
		aS, bS  bool
		want    uint32
	}{
		{"1*5 + 2*6 + 3*7 + 4*8 + 0 = 70", 0x04030201, 0x08070605, 0, false, false, 70},
		{"plus c", 0x04030201, 0x08070605, 30, false, false, 100},
		{"u32.u32: 255*255*4 = 260100", 0xFFFFFFFF, 0xFFFFFFFF, 0, false, false, 260100},
		{"s32.s32: (-1)*(-1)*4 = 4", 0xFFFFFFFF, 0xFFFFFFFF, 0, true, true, 4},
		{"s32.u32: (-1)*255*4 = -1020", 0xFFFFFFFF, 0xFFFFFFFF, 0, true, false, 0xFFFFFC04},
		{"u32.s32: 255*(-1)*4 = -1020", 0xFFFFFFFF, 0xFFFFFFFF, 0, false, true, 0xFFFFFC04},
		{"s32.s32: (-128)*(-128)*4 = 65536", 0x80808080, 0x80808080, 0, true, true, 65536},
		{"s32.s32: (-128)*127*4 + INT_MIN wraps", 0x80808080, 0x7F7F7F7F, 0x80000000, true, true, 0x7FFF0200},
		{"c = UINT_MAX, + 1 wraps to 0", 0x00000001, 0x00000001, 0xFFFFFFFF, false, false, 0},
		{"mixed signs, s32.s32: 1*(-1) + (-2)*3 = -7", 0x0000FE01, 0x000003FF, 0, true, true, 0xFFFFFFF9},
	}
	for _, tt := range tests {
		if got := Dp4a(tt.a, tt.b, tt.c, tt.aS, tt.bS); got != tt.want {
			t.Errorf("%s: dp4a%s%s %#x, %#x, %#x: got %#x, want %#x", tt.desc, sname(tt.aS, 32), sname(tt.bS, 32), tt.a, tt.b, tt.c, got, tt.want)
		}
	}
}

// PTX ISA 9.7.1 dp2a: d = c + a.half[0]*b.byte[s] + a.half[1]*b.byte[s+1],
// s = 0 (.lo) or 2 (.hi).
func TestDp2a(t *testing.T) {
	tests := []struct {
		desc       string
		a, b, c    uint32
		aS, bS, hi bool
		want       uint32
	}{
		{"lo: 1*5 + 2*6", 0x00020001, 0x08070605, 0, false, false, false, 17},
		{"hi: 1*7 + 2*8", 0x00020001, 0x08070605, 0, false, false, true, 23},
		{"hi plus c", 0x00020001, 0x08070605, 100, false, false, true, 123},
		{"u32.u32 lo: 65535*255*2 = 33422850", 0xFFFFFFFF, 0x0000FFFF, 0, false, false, false, 33422850},
		{"s32.s32 lo: (-1)*(-1)*2", 0xFFFFFFFF, 0x0000FFFF, 0, true, true, false, 2},
		{"s32.u32 lo: (-1)*255*2 = -510", 0xFFFFFFFF, 0x0000FFFF, 0, true, false, false, 0xFFFFFE02},
		{"u32.s32 hi: 65535*(-1)*2 = -131070", 0xFFFFFFFF, 0xFFFF0000, 0, false, true, true, 0xFFFE0002},
		{"s32.s32: (-32768)*(-128)*2", 0x80008000, 0x00008080, 0, true, true, false, 8388608},
		{"hi ignores bytes 0 and 1", 0x00010001, 0x0000FFFF, 7, false, false, true, 7},
	}
	for _, tt := range tests {
		if got := Dp2a(tt.a, tt.b, tt.c, tt.aS, tt.bS, tt.hi); got != tt.want {
			t.Errorf("%s: dp2a(hi=%v)%s%s %#x, %#x, %#x: got %#x, want %#x", tt.desc, tt.hi, sname(tt.aS, 32), sname(tt.bS, 32), tt.a, tt.b, tt.c, got, tt.want)
		}
	}
}
