package alu

import (
	"math/big"
	"testing"
)

// PTX ISA 9.7.1.1 add, 9.7.1.2 sub: wrapping at the type's width.
func TestAddSub(t *testing.T) {
	tests := []struct {
		desc    string
		a, b    uint64
		w       uint
		add, sb uint64
	}{
		{"0 and 0", 0, 0, 32, 0, 0},
		{"1 and 1", 1, 1, 32, 2, 0},
		{"UINT_MAX + 1 wraps to 0; 0xffffffff - 1", 0xFFFFFFFF, 1, 32, 0, 0xFFFFFFFE},
		{"INT_MAX + 1 wraps to INT_MIN", 0x7FFFFFFF, 1, 32, 0x80000000, 0x7FFFFFFE},
		{"0 - 1 is all ones", 0, 1, 32, 1, 0xFFFFFFFF},
		{"16-bit wrap", 0xFFFF, 2, 16, 1, 0xFFFD},
		{"64-bit wrap", 0xFFFFFFFFFFFFFFFF, 1, 64, 0, 0xFFFFFFFFFFFFFFFE},
		{"bits above the width are ignored", 0xABCD00000001, 0x1200000002, 32, 3, 0xFFFFFFFF},
	}
	for _, tt := range tests {
		if got := Add(tt.a, tt.b, tt.w); got != tt.add {
			t.Errorf("%s: add.u%d %#x, %#x: got %#x, want %#x", tt.desc, tt.w, tt.a, tt.b, got, tt.add)
		}
		if got := Sub(tt.a, tt.b, tt.w); got != tt.sb {
			t.Errorf("%s: sub.u%d %#x, %#x: got %#x, want %#x", tt.desc, tt.w, tt.a, tt.b, got, tt.sb)
		}
	}
}

// PTX ISA 9.7.1.1/9.7.1.2: .sat limits the result to MININT..MAXINT (.s32).
func TestAddSubSat(t *testing.T) {
	tests := []struct {
		desc    string
		a, b    uint32
		add, sb uint32
	}{
		{"0, 0", 0, 0, 0, 0},
		{"1, -1", 1, 0xFFFFFFFF, 0, 2},
		{"INT_MAX + 1 clamps; INT_MAX - 1", 0x7FFFFFFF, 1, 0x7FFFFFFF, 0x7FFFFFFE},
		{"INT_MIN + -1 clamps; INT_MIN - -1", 0x80000000, 0xFFFFFFFF, 0x80000000, 0x80000001},
		{"INT_MIN - 1 clamps", 0x80000000, 1, 0x80000001, 0x80000000},
		{"INT_MAX + INT_MAX clamps; INT_MAX - INT_MAX", 0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF, 0},
		{"INT_MIN + INT_MIN clamps", 0x80000000, 0x80000000, 0x80000000, 0},
		{"0 - INT_MIN clamps to INT_MAX", 0, 0x80000000, 0x80000000, 0x7FFFFFFF},
		{"-1 - INT_MAX = INT_MIN exactly", 0xFFFFFFFF, 0x7FFFFFFF, 0x7FFFFFFE, 0x80000000},
		{"INT_MAX - -1 clamps", 0x7FFFFFFF, 0xFFFFFFFF, 0x7FFFFFFE, 0x7FFFFFFF},
	}
	for _, tt := range tests {
		if got := AddSat32(tt.a, tt.b); got != tt.add {
			t.Errorf("%s: add.sat.s32 %#x, %#x: got %#x, want %#x", tt.desc, tt.a, tt.b, got, tt.add)
		}
		if got := SubSat32(tt.a, tt.b); got != tt.sb {
			t.Errorf("%s: sub.sat.s32 %#x, %#x: got %#x, want %#x", tt.desc, tt.a, tt.b, got, tt.sb)
		}
	}
}

// PTX ISA 9.7.1.1: add.{u16x2,s16x2} adds the halves independently.
func TestAdd16x2(t *testing.T) {
	tests := []struct {
		desc    string
		a, b, w uint32
	}{
		{"no carries", 0x00020001, 0x00040003, 0x00060004},
		{"low half carry does not reach the high half", 0x0000FFFF, 0x00000001, 0x00000000},
		{"high half wraps", 0xFFFF0000, 0x00010000, 0x00000000},
		{"both wrap", 0x8000FFFF, 0x8000FFFF, 0x0000FFFE},
	}
	for _, tt := range tests {
		if got := Add16x2(tt.a, tt.b); got != tt.w {
			t.Errorf("%s: add.u16x2 %#x, %#x: got %#x, want %#x", tt.desc, tt.a, tt.b, got, tt.w)
		}
	}
}

// PTX ISA 9.7.1.3 mul: hand-worked products.
func TestMulTable(t *testing.T) {
	tests := []struct {
		desc         string
		a, b         uint64
		signed       bool
		w            uint
		lo, hi, wide uint64
	}{
		{"-1 * -1 = 1 (s32)", 0xFFFFFFFF, 0xFFFFFFFF, true, 32, 1, 0, 1},
		{"UINT_MAX^2 = 0xfffffffe00000001 (u32)", 0xFFFFFFFF, 0xFFFFFFFF, false, 32, 1, 0xFFFFFFFE, 0xFFFFFFFE00000001},
		{"INT_MIN * -1 = 2^31 (s32)", 0x80000000, 0xFFFFFFFF, true, 32, 0x80000000, 0, 0x80000000},
		{"INT_MIN * INT_MIN = 2^62 (s32)", 0x80000000, 0x80000000, true, 32, 0, 0x40000000, 0x4000000000000000},
		{"INT_MIN * INT_MAX (s32)", 0x80000000, 0x7FFFFFFF, true, 32, 0x80000000, 0xC0000000, 0xC000000080000000},
		{"-1 * 1 (s16)", 0xFFFF, 1, true, 16, 0xFFFF, 0xFFFF, 0xFFFFFFFF},
		{"0xffff * 0xffff (u16)", 0xFFFF, 0xFFFF, false, 16, 1, 0xFFFE, 0xFFFE0001},
		{"0x8000 * 2 (s16)", 0x8000, 2, true, 16, 0, 0xFFFF, 0xFFFF0000},
		{"0 * anything", 0, 0xFFFFFFFF, true, 32, 0, 0, 0},
	}
	for _, tt := range tests {
		n := sname(tt.signed, tt.w)
		if got := MulLo(tt.a, tt.b, tt.w); got != tt.lo {
			t.Errorf("%s: mul.lo%s: got %#x, want %#x", tt.desc, n, got, tt.lo)
		}
		if got := MulHi(tt.a, tt.b, tt.signed, tt.w); got != tt.hi {
			t.Errorf("%s: mul.hi%s: got %#x, want %#x", tt.desc, n, got, tt.hi)
		}
		if got := MulWide(tt.a, tt.b, tt.signed, tt.w); got != tt.wide {
			t.Errorf("%s: mul.wide%s: got %#x, want %#x", tt.desc, n, got, tt.wide)
		}
	}
	// 64-bit .hi by hand: (2^64-1)^2 = 2^128 - 2^65 + 1; -1 * -1 = 1.
	if got := MulHi(0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, false, 64); got != 0xFFFFFFFFFFFFFFFE {
		t.Errorf("mul.hi.u64 UINT_MAX, UINT_MAX: got %#x, want 0xfffffffffffffffe", got)
	}
	if got := MulHi(0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, true, 64); got != 0 {
		t.Errorf("mul.hi.s64 -1, -1: got %#x, want 0", got)
	}
	if got := MulHi(0x8000000000000000, 0x8000000000000000, true, 64); got != 0x4000000000000000 {
		t.Errorf("mul.hi.s64 INT_MIN, INT_MIN: got %#x, want 2^62", got)
	}
}

// PTX ISA 9.7.1.3 mul and 9.7.1.4 mad, over all edge values, against
// math/big: t = a * b; .lo = t<n-1..0>, .hi = t<2n-1..n>, .wide = t; mad
// adds c (2n bits wide for .wide) and wraps.
func TestMulMadOracle(t *testing.T) {
	for _, w := range widths {
		for _, signed := range []bool{false, true} {
			n := sname(signed, w)
			for _, a := range edges(w) {
				for _, b := range edges(w) {
					p := new(big.Int).Mul(bigOf(a, w, signed), bigOf(b, w, signed))
					lo := patternOf(p, w)
					hi := patternOf(new(big.Int).Rsh(p, w), w)
					if got := MulLo(junk(a, w), junk(b, w), w); got != lo {
						t.Errorf("mul.lo%s %#x, %#x: got %#x, want %#x", n, a, b, got, lo)
					}
					if got := MulHi(junk(a, w), junk(b, w), signed, w); got != hi {
						t.Errorf("mul.hi%s %#x, %#x: got %#x, want %#x", n, a, b, got, hi)
					}
					if w <= 32 {
						wide := patternOf(p, 2*w)
						if got := MulWide(junk(a, w), junk(b, w), signed, w); got != wide {
							t.Errorf("mul.wide%s %#x, %#x: got %#x, want %#x", n, a, b, got, wide)
						}
					}
					for _, c := range []uint64{0, 1, maskOf(w), maskOf(w) >> 1} {
						bc := bigOf(c, w, signed)
						want := patternOf(new(big.Int).Add(p, bc), w)
						if got := MadLo(junk(a, w), junk(b, w), junk(c, w), w); got != want {
							t.Errorf("mad.lo%s %#x, %#x, %#x: got %#x, want %#x", n, a, b, c, got, want)
						}
						want = patternOf(new(big.Int).Add(new(big.Int).Rsh(p, w), bc), w)
						if got := MadHi(junk(a, w), junk(b, w), junk(c, w), signed, w); got != want {
							t.Errorf("mad.hi%s %#x, %#x, %#x: got %#x, want %#x", n, a, b, c, got, want)
						}
					}
					if w <= 32 {
						for _, c := range []uint64{0, 1, maskOf(2 * w), maskOf(2*w) >> 1} {
							want := patternOf(new(big.Int).Add(p, bigOf(c, 2*w, signed)), 2*w)
							if got := MadWide(junk(a, w), junk(b, w), c, signed, w); got != want {
								t.Errorf("mad.wide%s %#x, %#x, %#x: got %#x, want %#x", n, a, b, c, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// PTX ISA 9.7.1.4: mad.hi.sat.s32 clamps t<63..32> + c to MININT..MAXINT.
func TestMadHiSat32(t *testing.T) {
	tests := []struct {
		desc    string
		a, b, c uint32
		want    uint32
	}{
		{"hi(INT_MIN*INT_MIN)=2^30, + INT_MAX clamps", 0x80000000, 0x80000000, 0x7FFFFFFF, 0x7FFFFFFF},
		{"hi(INT_MIN*INT_MIN)=2^30, + 2^30-1 fits", 0x80000000, 0x80000000, 0x3FFFFFFF, 0x7FFFFFFF},
		{"hi(INT_MIN*INT_MIN)=2^30, + 2^30 clamps", 0x80000000, 0x80000000, 0x40000000, 0x7FFFFFFF},
		{"hi(INT_MIN*INT_MAX)=-2^30+... , + INT_MIN clamps", 0x80000000, 0x7FFFFFFF, 0x80000000, 0x80000000},
		{"hi(-1*1) = -1, + 1 = 0", 0xFFFFFFFF, 1, 1, 0},
		{"hi(-1*1) = -1, + INT_MIN clamps", 0xFFFFFFFF, 1, 0x80000000, 0x80000000},
		{"hi(2^16*2^16) = 1, + 5", 0x10000, 0x10000, 5, 6},
		{"0 * 0 + -7", 0, 0, 0xFFFFFFF9, 0xFFFFFFF9},
	}
	for _, tt := range tests {
		if got := MadHiSat32(tt.a, tt.b, tt.c); got != tt.want {
			t.Errorf("%s: mad.hi.sat.s32 %#x, %#x, %#x: got %#x, want %#x", tt.desc, tt.a, tt.b, tt.c, got, tt.want)
		}
	}
}

// PTX ISA 9.7.1.5 mul24, 9.7.1.6 mad24: the 48-bit product of the low 24
// bits; .lo = t<31..0>, .hi = t<47..16>.
func TestMul24(t *testing.T) {
	tests := []struct {
		desc   string
		a, b   uint32
		signed bool
		lo, hi uint32
	}{
		{"0xffffff^2 = 0xfffffe000001 (u32)", 0xFFFFFF, 0xFFFFFF, false, 0xFE000001, 0xFFFFFE00},
		{"24-bit -1 * -1 = 1 (s32)", 0xFFFFFF, 0xFFFFFF, true, 1, 0},
		{"upper 8 bits are ignored (u32)", 0xAB000002, 0xCD000003, false, 6, 0},
		{"upper 8 bits are ignored (s32)", 0x7FFFFFFF, 0x00000002, true, 0xFFFFFFFE, 0xFFFFFFFF},
		{"-2^23 * 2 = -2^24 (s32)", 0x800000, 2, true, 0xFF000000, 0xFFFFFF00},
		{"2^23 * 2 = 2^24 (u32)", 0x800000, 2, false, 0x01000000, 0x00000100},
		{"-2^23 * -2^23 = 2^46 (s32)", 0x800000, 0x800000, true, 0, 0x40000000},
		{"2^23 * 2^23 = 2^46 (u32)", 0x800000, 0x800000, false, 0, 0x40000000},
		{"0x123456 * 0x10 (u32)", 0x123456, 0x10, false, 0x01234560, 0x00000123},
		{"-1 * 0x10000 (s32)", 0xFFFFFF, 0x10000, true, 0xFFFF0000, 0xFFFFFFFF},
	}
	for _, tt := range tests {
		n := sname(tt.signed, 32)
		if got := Mul24Lo(tt.a, tt.b, tt.signed); got != tt.lo {
			t.Errorf("%s: mul24.lo%s %#x, %#x: got %#x, want %#x", tt.desc, n, tt.a, tt.b, got, tt.lo)
		}
		if got := Mul24Hi(tt.a, tt.b, tt.signed); got != tt.hi {
			t.Errorf("%s: mul24.hi%s %#x, %#x: got %#x, want %#x", tt.desc, n, tt.a, tt.b, got, tt.hi)
		}
		if got := Mad24Lo(tt.a, tt.b, 0x10, tt.signed); got != tt.lo+0x10 {
			t.Errorf("%s: mad24.lo%s %#x, %#x, 0x10: got %#x, want %#x", tt.desc, n, tt.a, tt.b, got, tt.lo+0x10)
		}
		if got := Mad24Hi(tt.a, tt.b, 0xFFFFFFFF, tt.signed); got != tt.hi-1 {
			t.Errorf("%s: mad24.hi%s %#x, %#x, -1: got %#x, want %#x", tt.desc, n, tt.a, tt.b, got, tt.hi-1)
		}
	}
	sat := []struct {
		desc    string
		a, b, c uint32
		want    uint32
	}{
		{"2^46 >> 16 = 2^30, + 2^30 clamps", 0x800000, 0x800000, 0x40000000, 0x7FFFFFFF},
		{"2^30 + 2^30-1 fits", 0x800000, 0x800000, 0x3FFFFFFF, 0x7FFFFFFF},
		{"-2^24 >> 16 = -256, + INT_MIN clamps", 0x800000, 2, 0x80000000, 0x80000000},
		{"-256 + 256 = 0", 0x800000, 2, 256, 0},
	}
	for _, tt := range sat {
		if got := Mad24HiSat32(tt.a, tt.b, tt.c); got != tt.want {
			t.Errorf("%s: mad24.hi.sat.s32 %#x, %#x, %#x: got %#x, want %#x", tt.desc, tt.a, tt.b, tt.c, got, tt.want)
		}
	}
}

// PTX ISA 9.7.1.7 sad: d = c + ((a < b) ? b-a : a-b).
func TestSad(t *testing.T) {
	tests := []struct {
		desc    string
		a, b, c uint64
		signed  bool
		w       uint
		want    uint64
	}{
		{"|3-5| + 10", 3, 5, 10, false, 32, 12},
		{"|5-3| + 10", 5, 3, 10, false, 32, 12},
		{"unsigned: |UINT_MAX - 0|", 0xFFFFFFFF, 0, 0, false, 32, 0xFFFFFFFF},
		{"signed: |-1 - 0| = 1", 0xFFFFFFFF, 0, 0, true, 32, 1},
		{"signed: |INT_MIN - INT_MAX| = 2^32-1", 0x80000000, 0x7FFFFFFF, 0, true, 32, 0xFFFFFFFF},
		{"sum wraps", 0, 1, 0xFFFFFFFF, false, 32, 0},
		{"16-bit signed |-2 - 3| = 5", 0xFFFE, 3, 1, true, 16, 6},
		{"64-bit unsigned", 0, 0xFFFFFFFFFFFFFFFF, 1, false, 64, 0},
		{"64-bit signed |-1 - 1| = 2", 0xFFFFFFFFFFFFFFFF, 1, 0, true, 64, 2},
	}
	for _, tt := range tests {
		if got := Sad(junk(tt.a, tt.w), junk(tt.b, tt.w), junk(tt.c, tt.w), tt.signed, tt.w); got != tt.want {
			t.Errorf("%s: sad%s %#x, %#x, %#x: got %#x, want %#x", tt.desc, sname(tt.signed, tt.w), tt.a, tt.b, tt.c, got, tt.want)
		}
	}
}

// PTX ISA 9.7.1.8 div, 9.7.1.9 rem: hand values, including the cases the
// ISA leaves to the machine.
func TestDivRemTable(t *testing.T) {
	tests := []struct {
		desc     string
		a, b     uint64
		signed   bool
		w        uint
		div, rem uint64
	}{
		{"7 / 2", 7, 2, false, 32, 3, 1},
		{"-7 / 2 truncates toward zero", 0xFFFFFFF9, 2, true, 32, 0xFFFFFFFD, 0xFFFFFFFF},
		{"7 / -2", 7, 0xFFFFFFFE, true, 32, 0xFFFFFFFD, 1},
		{"-7 / -2", 0xFFFFFFF9, 0xFFFFFFFE, true, 32, 3, 0xFFFFFFFF},
		{"INT_MIN / -1 wraps to INT_MIN, rem 0", 0x80000000, 0xFFFFFFFF, true, 32, 0x80000000, 0},
		{"INT_MIN / -1 (s64)", 0x8000000000000000, 0xFFFFFFFFFFFFFFFF, true, 64, 0x8000000000000000, 0},
		{"INT_MIN / -1 (s16)", 0x8000, 0xFFFF, true, 16, 0x8000, 0},
		{"unsigned: 0x80000000 / 0xffffffff", 0x80000000, 0xFFFFFFFF, false, 32, 0, 0x80000000},
		{"UINT_MAX / 1", 0xFFFFFFFF, 1, false, 32, 0xFFFFFFFF, 0},
		{"u32 x / 0 gives all ones", 5, 0, false, 32, 0xFFFFFFFF, 0xFFFFFFFF},
		{"u32 0 / 0 gives all ones", 0, 0, false, 32, 0xFFFFFFFF, 0xFFFFFFFF},
		{"s32 positive / 0 gives all ones", 5, 0, true, 32, 0xFFFFFFFF, 0xFFFFFFFF},
		{"s32 negative / 0 gives all ones", 0xFFFFFFFB, 0, true, 32, 0xFFFFFFFF, 0xFFFFFFFF},
		{"u16 / 0", 5, 0, false, 16, 0xFFFF, 0xFFFF},
		{"u64 / 0", 5, 0, false, 64, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF},
		{"divisor zero in its low bits is zero", 5, 0x100000000, false, 32, 0xFFFFFFFF, 0xFFFFFFFF},
	}
	for _, tt := range tests {
		n := sname(tt.signed, tt.w)
		if got := Div(tt.a, tt.b, tt.signed, tt.w); got != tt.div {
			t.Errorf("%s: div%s %#x, %#x: got %#x, want %#x", tt.desc, n, tt.a, tt.b, got, tt.div)
		}
		if got := Rem(tt.a, tt.b, tt.signed, tt.w); got != tt.rem {
			t.Errorf("%s: rem%s %#x, %#x: got %#x, want %#x", tt.desc, n, tt.a, tt.b, got, tt.rem)
		}
	}
}

// div and rem over all edge values against math/big's truncated division
// (Quo, Rem), skipping division by zero (above).
func TestDivRemOracle(t *testing.T) {
	for _, w := range widths {
		for _, signed := range []bool{false, true} {
			n := sname(signed, w)
			for _, a := range edges(w) {
				for _, b := range edges(w) {
					if b == 0 {
						continue
					}
					ba, bb := bigOf(a, w, signed), bigOf(b, w, signed)
					q := patternOf(new(big.Int).Quo(ba, bb), w)
					r := patternOf(new(big.Int).Rem(ba, bb), w)
					if got := Div(junk(a, w), junk(b, w), signed, w); got != q {
						t.Errorf("div%s %#x, %#x: got %#x, want %#x", n, a, b, got, q)
					}
					if got := Rem(junk(a, w), junk(b, w), signed, w); got != r {
						t.Errorf("rem%s %#x, %#x: got %#x, want %#x", n, a, b, got, r)
					}
				}
			}
		}
	}
}

// PTX ISA 9.7.1.10 abs, 9.7.1.11 neg.
func TestAbsNeg(t *testing.T) {
	tests := []struct {
		desc     string
		a        uint64
		w        uint
		abs, neg uint64
	}{
		{"0", 0, 32, 0, 0},
		{"1", 1, 32, 1, 0xFFFFFFFF},
		{"-1", 0xFFFFFFFF, 32, 1, 1},
		{"INT_MAX", 0x7FFFFFFF, 32, 0x7FFFFFFF, 0x80000001},
		{"INT_MIN stays INT_MIN", 0x80000000, 32, 0x80000000, 0x80000000},
		{"s16 -5", 0xFFFB, 16, 5, 5},
		{"s16 INT_MIN", 0x8000, 16, 0x8000, 0x8000},
		{"s64 INT_MIN", 0x8000000000000000, 64, 0x8000000000000000, 0x8000000000000000},
		{"s64 -1", 0xFFFFFFFFFFFFFFFF, 64, 1, 1},
	}
	for _, tt := range tests {
		if got := Abs(junk(tt.a, tt.w), tt.w); got != tt.abs {
			t.Errorf("%s: abs.s%d %#x: got %#x, want %#x", tt.desc, tt.w, tt.a, got, tt.abs)
		}
		if got := Neg(junk(tt.a, tt.w), tt.w); got != tt.neg {
			t.Errorf("%s: neg.s%d %#x: got %#x, want %#x", tt.desc, tt.w, tt.a, got, tt.neg)
		}
	}
}

// PTX ISA 9.7.1.12 min, 9.7.1.13 max: signed and unsigned differ.
func TestMinMax(t *testing.T) {
	tests := []struct {
		desc     string
		a, b     uint64
		signed   bool
		w        uint
		min, max uint64
	}{
		{"unsigned: -1 is UINT_MAX", 0xFFFFFFFF, 1, false, 32, 1, 0xFFFFFFFF},
		{"signed: -1 < 1", 0xFFFFFFFF, 1, true, 32, 0xFFFFFFFF, 1},
		{"signed: INT_MIN < INT_MAX", 0x80000000, 0x7FFFFFFF, true, 32, 0x80000000, 0x7FFFFFFF},
		{"unsigned: INT_MIN > INT_MAX", 0x80000000, 0x7FFFFFFF, false, 32, 0x7FFFFFFF, 0x80000000},
		{"equal", 5, 5, true, 32, 5, 5},
		{"s16", 0x8000, 0x7FFF, true, 16, 0x8000, 0x7FFF},
		{"u16", 0x8000, 0x7FFF, false, 16, 0x7FFF, 0x8000},
		{"s64", 0xFFFFFFFFFFFFFFFF, 0, true, 64, 0xFFFFFFFFFFFFFFFF, 0},
		{"u64", 0xFFFFFFFFFFFFFFFF, 0, false, 64, 0, 0xFFFFFFFFFFFFFFFF},
	}
	for _, tt := range tests {
		n := sname(tt.signed, tt.w)
		if got := Min(junk(tt.a, tt.w), junk(tt.b, tt.w), tt.signed, tt.w); got != tt.min {
			t.Errorf("%s: min%s %#x, %#x: got %#x, want %#x", tt.desc, n, tt.a, tt.b, got, tt.min)
		}
		if got := Max(junk(tt.a, tt.w), junk(tt.b, tt.w), tt.signed, tt.w); got != tt.max {
			t.Errorf("%s: max%s %#x, %#x: got %#x, want %#x", tt.desc, n, tt.a, tt.b, got, tt.max)
		}
	}
}

// PTX ISA 9.7.1.12/13: min/max .relu (.s32, .s16x2) and the x2 forms.
func TestMinMaxReluAndHalves(t *testing.T) {
	tests := []struct {
		desc     string
		a, b     uint32
		min, max uint32
	}{
		{"both negative: relu gives 0", 0xFFFFFFFF, 0x80000000, 0, 0},
		{"one negative", 0xFFFFFFFF, 5, 0, 5},
		{"both positive", 3, 5, 3, 5},
		{"INT_MIN, INT_MAX", 0x80000000, 0x7FFFFFFF, 0, 0x7FFFFFFF},
	}
	for _, tt := range tests {
		if got := MinRelu32(tt.a, tt.b); got != tt.min {
			t.Errorf("%s: min.relu.s32 %#x, %#x: got %#x, want %#x", tt.desc, tt.a, tt.b, got, tt.min)
		}
		if got := MaxRelu32(tt.a, tt.b); got != tt.max {
			t.Errorf("%s: max.relu.s32 %#x, %#x: got %#x, want %#x", tt.desc, tt.a, tt.b, got, tt.max)
		}
	}
	x2 := []struct {
		desc         string
		a, b         uint32
		signed, relu bool
		min, max     uint32
	}{
		{"u16x2", 0xFFFF0001, 0x00020003, false, false, 0x00020001, 0xFFFF0003},
		{"s16x2", 0xFFFF0001, 0x00020003, true, false, 0xFFFF0001, 0x00020003},
		{"s16x2 relu", 0xFFFF8000, 0x0002FFFF, true, true, 0x00000000, 0x00020000},
		{"s16x2 relu, positive halves pass", 0x7FFF0005, 0x00010009, true, true, 0x00010005, 0x7FFF0009},
		{"u16x2 ignores relu", 0xFFFF8000, 0x0002FFFF, false, true, 0x00028000, 0xFFFFFFFF},
	}
	for _, tt := range x2 {
		if got := Min16x2(tt.a, tt.b, tt.signed, tt.relu); got != tt.min {
			t.Errorf("%s: min %#x, %#x: got %#x, want %#x", tt.desc, tt.a, tt.b, got, tt.min)
		}
		if got := Max16x2(tt.a, tt.b, tt.signed, tt.relu); got != tt.max {
			t.Errorf("%s: max %#x, %#x: got %#x, want %#x", tt.desc, tt.a, tt.b, got, tt.max)
		}
	}
}
