package alu

import (
	"math/big"
	"testing"
)

// PTX ISA 9.7.2.1 add.cc, 9.7.2.2 addc: d = a + b (+ CC.CF), carry out to
// CC.CF.
func TestAddCarry(t *testing.T) {
	tests := []struct {
		desc string
		a, b uint64
		cin  bool
		w    uint
		d    uint64
		cout bool
	}{
		{"0 + 0", 0, 0, false, 32, 0, false},
		{"UINT_MAX + 1 carries", 0xFFFFFFFF, 1, false, 32, 0, true},
		{"UINT_MAX + 0 + carry-in carries", 0xFFFFFFFF, 0, true, 32, 0, true},
		{"UINT_MAX + UINT_MAX + carry-in", 0xFFFFFFFF, 0xFFFFFFFF, true, 32, 0xFFFFFFFF, true},
		{"INT_MAX + 1: signed overflow is not a carry", 0x7FFFFFFF, 1, false, 32, 0x80000000, false},
		{"-1 + -1 carries (same for .s32)", 0xFFFFFFFF, 0xFFFFFFFF, false, 32, 0xFFFFFFFE, true},
		{"0 + 0 + carry-in", 0, 0, true, 32, 1, false},
		{"64-bit carry", 0xFFFFFFFFFFFFFFFF, 1, false, 64, 0, true},
		{"64-bit carry-in", 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, true, 64, 0xFFFFFFFFFFFFFFFF, true},
		{"64-bit no carry", 0x7FFFFFFFFFFFFFFF, 1, false, 64, 0x8000000000000000, false},
		{"bits above 32 ignored", 0xFFFFFFFF00000001, 0xFFFFFFFF00000001, false, 32, 2, false},
	}
	for _, tt := range tests {
		if !tt.cin {
			d, c := AddCC(tt.a, tt.b, tt.w)
			if d != tt.d || c != tt.cout {
				t.Errorf("%s: add.cc.u%d %#x, %#x: got %#x CF=%v, want %#x CF=%v", tt.desc, tt.w, tt.a, tt.b, d, c, tt.d, tt.cout)
			}
		}
		d, c := AddC(tt.a, tt.b, tt.cin, tt.w)
		if d != tt.d || c != tt.cout {
			t.Errorf("%s: addc.cc.u%d %#x, %#x, CF=%v: got %#x CF=%v, want %#x CF=%v", tt.desc, tt.w, tt.a, tt.b, tt.cin, d, c, tt.d, tt.cout)
		}
	}
}

// PTX ISA 9.7.2.3 sub.cc, 9.7.2.4 subc. The manual calls CC.CF a borrow;
// the hardware keeps the adder's carry of a + ~b + 1, which is the
// complement of the borrow (see carry.go). So CF = 1 means "no borrow".
func TestSubCarry(t *testing.T) {
	tests := []struct {
		desc string
		a, b uint64
		w    uint
		d    uint64
		cf   bool // after sub.cc: true unless a < b (unsigned)
	}{
		{"5 - 3: no borrow", 5, 3, 32, 2, true},
		{"3 - 5: borrow", 3, 5, 32, 0xFFFFFFFE, false},
		{"0 - 0: no borrow", 0, 0, 32, 0, true},
		{"0 - 1: borrow", 0, 1, 32, 0xFFFFFFFF, false},
		{"UINT_MAX - UINT_MAX", 0xFFFFFFFF, 0xFFFFFFFF, 32, 0, true},
		{"INT_MIN - 1 (signed overflow, no borrow)", 0x80000000, 1, 32, 0x7FFFFFFF, true},
		{"64-bit 0 - 1", 0, 1, 64, 0xFFFFFFFFFFFFFFFF, false},
		{"64-bit 1 - 1", 1, 1, 64, 0, true},
	}
	for _, tt := range tests {
		d, cf := SubCC(tt.a, tt.b, tt.w)
		if d != tt.d || cf != tt.cf {
			t.Errorf("%s: sub.cc.u%d %#x, %#x: got %#x CF=%v, want %#x CF=%v", tt.desc, tt.w, tt.a, tt.b, d, cf, tt.d, tt.cf)
		}
		// subc with CF=1 (no borrow pending) is the same subtraction.
		d, cf = SubC(tt.a, tt.b, true, tt.w)
		if d != tt.d || cf != tt.cf {
			t.Errorf("%s: subc.cc.u%d %#x, %#x, CF=1: got %#x CF=%v, want %#x CF=%v", tt.desc, tt.w, tt.a, tt.b, d, cf, tt.d, tt.cf)
		}
	}
	withBorrow := []struct {
		desc string
		a, b uint64
		d    uint64
		cf   bool
	}{
		{"5 - 3 - 1", 5, 3, 1, true},
		{"3 - 3 - 1 borrows", 3, 3, 0xFFFFFFFF, false},
		{"0 - 0 - 1 borrows", 0, 0, 0xFFFFFFFF, false},
		{"0 - UINT_MAX - 1 borrows", 0, 0xFFFFFFFF, 0, false},
	}
	for _, tt := range withBorrow {
		d, cf := SubC(tt.a, tt.b, false, 32) // CF = 0: a borrow is pending
		if d != tt.d || cf != tt.cf {
			t.Errorf("%s: subc.cc.u32 %#x, %#x, CF=0: got %#x CF=%v, want %#x CF=%v", tt.desc, tt.a, tt.b, d, cf, tt.d, tt.cf)
		}
	}
	// add.cc.u32 r, 0, 0 clears CF; subc.u32 d, 0, 0 then gives 0xffffffff
	// on hardware (reported on the NVIDIA developer forums / Stack
	// Overflow question 66403252), which a borrow reading would make 0.
	_, cf := AddCC(0, 0, 32)
	if d, _ := SubC(0, 0, cf, 32); d != 0xFFFFFFFF {
		t.Errorf("add.cc 0, 0; subc 0, 0: got %#x, want 0xffffffff", d)
	}
}

// Chains of add.cc/addc and sub.cc/subc over 32-bit limbs compute 128-bit
// sums and differences, as the manual's examples do; checked with math/big.
func TestCarryChains128(t *testing.T) {
	vals := []*big.Int{}
	for _, s := range []string{
		"0", "1", "ffffffffffffffffffffffffffffffff", "80000000000000000000000000000000",
		"00000000ffffffff00000000ffffffff", "123456789abcdef0fedcba9876543210", "ffffffff",
	} {
		v, _ := new(big.Int).SetString(s, 16)
		vals = append(vals, v)
	}
	mod := new(big.Int).Lsh(big.NewInt(1), 128)
	limbs := func(v *big.Int) [4]uint64 {
		var l [4]uint64
		x := new(big.Int).Set(v)
		for i := range l {
			l[i] = new(big.Int).And(x, big.NewInt(0xFFFFFFFF)).Uint64()
			x.Rsh(x, 32)
		}
		return l
	}
	join := func(l [4]uint64) *big.Int {
		v := new(big.Int)
		for i := 3; i >= 0; i-- {
			v.Lsh(v, 32).Or(v, new(big.Int).SetUint64(l[i]))
		}
		return v
	}
	for _, x := range vals {
		for _, y := range vals {
			a, b := limbs(x), limbs(y)
			var sum, diff [4]uint64
			var cf bool
			sum[0], cf = AddCC(a[0], b[0], 32)
			for i := 1; i < 4; i++ {
				sum[i], cf = AddC(a[i], b[i], cf, 32)
			}
			diff[0], cf = SubCC(a[0], b[0], 32)
			for i := 1; i < 4; i++ {
				diff[i], cf = SubC(a[i], b[i], cf, 32)
			}
			if got, want := join(sum), new(big.Int).Mod(new(big.Int).Add(x, y), mod); got.Cmp(want) != 0 {
				t.Errorf("128-bit %x + %x: got %x, want %x", x, y, got, want)
			}
			if got, want := join(diff), new(big.Int).Mod(new(big.Int).Sub(x, y), mod); got.Cmp(want) != 0 {
				t.Errorf("128-bit %x - %x: got %x, want %x", x, y, got, want)
			}
		}
	}
}

// PTX ISA 9.7.2.5 mad.cc, 9.7.2.6 madc, including the manual's 64x64->128
// multiply example, checked with math/big.
func TestMadCarry(t *testing.T) {
	tests := []struct {
		desc    string
		a, b, c uint64
		cin, hi bool
		signed  bool
		d       uint64
		cout    bool
	}{
		{"lo(0xffffffff*0xffffffff)=1, + UINT_MAX carries", 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, false, false, false, 0, true},
		{"hi(0xffffffff*0xffffffff)=0xfffffffe, + 1 + CF", 0xFFFFFFFF, 0xFFFFFFFF, 1, true, true, false, 0, true},
		{"hi signed (-1*-1) = 0, + 0 + CF", 0xFFFFFFFF, 0xFFFFFFFF, 0, true, true, true, 1, false},
		{"hi signed (-1*1) = -1, + 1 carries", 0xFFFFFFFF, 1, 1, false, true, true, 0, true},
		{"lo 2*3 + 4", 2, 3, 4, false, false, false, 10, false},
	}
	for _, tt := range tests {
		if !tt.cin {
			d, c := MadCC(tt.a, tt.b, tt.c, tt.hi, tt.signed, 32)
			if d != tt.d || c != tt.cout {
				t.Errorf("%s: mad.cc: got %#x CF=%v, want %#x CF=%v", tt.desc, d, c, tt.d, tt.cout)
			}
		}
		d, c := MadC(tt.a, tt.b, tt.c, tt.cin, tt.hi, tt.signed, 32)
		if d != tt.d || c != tt.cout {
			t.Errorf("%s: madc.cc CF=%v: got %#x CF=%v, want %#x CF=%v", tt.desc, tt.cin, d, c, tt.d, tt.cout)
		}
	}

	// [r3,r2,r1,r0] = [r5,r4] * [r7,r6], the sequence of PTX ISA 9.7.2.6.
	for _, xy := range [][2]uint64{
		{0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF},
		{0x123456789ABCDEF0, 0x0FEDCBA987654321},
		{0xFFFFFFFF00000000, 0x00000000FFFFFFFF},
		{1, 0xFFFFFFFFFFFFFFFF},
	} {
		r4, r5 := xy[0]&0xFFFFFFFF, xy[0]>>32
		r6, r7 := xy[1]&0xFFFFFFFF, xy[1]>>32
		var r0, r1, r2, r3 uint64
		var cf bool
		r0 = MulLo(r4, r6, 32)
		r1 = MulHi(r4, r6, false, 32)
		r1, cf = MadCC(r5, r6, r1, false, false, 32)
		r2, _ = MadC(r5, r6, 0, cf, true, false, 32)
		r1, cf = MadCC(r4, r7, r1, false, false, 32)
		r2, cf = MadC(r4, r7, r2, cf, true, false, 32)
		r3, _ = AddC(0, 0, cf, 32)
		r2, cf = MadCC(r5, r7, r2, false, false, 32)
		r3, _ = MadC(r5, r7, r3, cf, true, false, 32)
		got := new(big.Int).SetUint64(r3<<32 | r2)
		got.Lsh(got, 64).Or(got, new(big.Int).SetUint64(r1<<32|r0))
		want := new(big.Int).Mul(new(big.Int).SetUint64(xy[0]), new(big.Int).SetUint64(xy[1]))
		if got.Cmp(want) != 0 {
			t.Errorf("128-bit product %#x * %#x: got %x, want %x", xy[0], xy[1], got, want)
		}
	}
}
