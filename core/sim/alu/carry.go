package alu

// carry.go: extended-precision arithmetic (PTX ISA 9.7.2): add.cc, addc,
// sub.cc, subc, mad.cc, madc, on .u32/.s32 and .u64/.s64 (the same for both
// signednesses).
//
// The condition code CC.CF is one bit, the carry out of the adder. The ISA
// text calls it a borrow for sub.cc and subc, but the hardware subtracts as
// a + ~b + 1 and keeps the adder's carry, as ARM does: after sub.cc, CF is 1
// when no borrow occurred (a >= b unsigned), and subc computes a + ~b + CF,
// which is a - b - 1 when CF is 0. A chain of sub.cc/subc gives the same
// results either way; the difference shows when add.cc feeds subc or sub.cc
// feeds addc (add.cc 0, 0 then subc 0, 0 gives 0xffffffff on hardware).

import "math/bits"

// addCarry returns the w-bit sum a + b + cin and its carry out.
func addCarry(a, b uint64, cin bool, w uint) (uint64, bool) {
	var c uint64
	if cin {
		c = 1
	}
	if w == 64 {
		s, out := bits.Add64(a, b, c)
		return s, out != 0
	}
	s := Trunc(a, w) + Trunc(b, w) + c
	return Trunc(s, w), s>>w&1 != 0
}

// AddCC is add.cc: a + b, and the carry out for CC.CF.
func AddCC(a, b uint64, w uint) (d uint64, cf bool) { return addCarry(a, b, false, w) }

// AddC is addc{.cc}: a + b + CC.CF, and the carry out (written to CC.CF
// only with .cc).
func AddC(a, b uint64, cf bool, w uint) (d uint64, cout bool) { return addCarry(a, b, cf, w) }

// SubCC is sub.cc: a - b, and CC.CF = 1 unless the subtraction borrows.
func SubCC(a, b uint64, w uint) (d uint64, cf bool) { return addCarry(a, ^b, true, w) }

// SubC is subc{.cc}: a - b - (1 - CC.CF), that is a + ~b + CC.CF, and the
// carry out (1 unless it borrows).
func SubC(a, b uint64, cf bool, w uint) (d uint64, cout bool) { return addCarry(a, ^b, cf, w) }

// MadCC is mad{.hi,.lo}.cc: the high or low half of a * b, plus c, and the
// carry out of that addition.
func MadCC(a, b, c uint64, hi, signed bool, w uint) (d uint64, cf bool) {
	return MadC(a, b, c, false, hi, signed, w)
}

// MadC is madc{.hi,.lo}{.cc}: the high or low half of a * b, plus c, plus
// CC.CF, and the carry out of that addition.
func MadC(a, b, c uint64, cf, hi, signed bool, w uint) (d uint64, cout bool) {
	var t uint64
	if hi {
		t = MulHi(a, b, signed, w)
	} else {
		t = MulLo(a, b, w)
	}
	return addCarry(t, c, cf, w)
}
