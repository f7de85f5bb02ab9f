package alu

// bitops.go: bit counting and bit fields (PTX ISA 9.7.1: popc, clz, bfind,
// fns, brev, bfe, bfi, bmsk, szext) and cnot (9.7.8).

import "math/bits"

// Popc is popc.b{32,64}: the number of one bits.
func Popc(a uint64, w uint) uint32 { return uint32(bits.OnesCount64(Trunc(a, w))) }

// Clz is clz.b{32,64}: the number of leading zeros, 0..w.
func Clz(a uint64, w uint) uint32 {
	return uint32(bits.LeadingZeros64(Trunc(a, w)) - (64 - int(w)))
}

// Bfind is bfind{.shiftamt}.{u,s}{32,64}: the position of the most
// significant non-sign bit (a 1 for unsigned and non-negative values, a 0
// for negative ones), or with .shiftamt the left shift that would bring it
// to bit w-1. With no such bit, 0xffffffff.
func Bfind(a uint64, signed, shiftAmt bool, w uint) uint32 {
	a = Trunc(a, w)
	if signed && signBit(a, w) {
		a = Trunc(^a, w)
	}
	if a == 0 {
		return 0xffffffff
	}
	d := uint32(bits.Len64(a) - 1)
	if shiftAmt {
		d = uint32(w-1) - d
	}
	return d
}

// Fns is fns.b32: the bit position of the n-th set bit of mask counting
// from bit base, upward for offset > 0 (the base bit is the 1st) and
// downward for offset < 0; for offset 0, base itself if that bit is set.
// 0xffffffff when there is no such bit. The ISA leaves base > 31 undefined;
// here it finds nothing.
func Fns(mask, base uint32, offset int32) uint32 {
	if base > 31 {
		return 0xffffffff
	}
	if offset == 0 {
		if mask>>base&1 != 0 {
			return base
		}
		return 0xffffffff
	}
	var m uint32
	n := int64(offset)
	if n > 0 {
		m = mask &^ (1<<base - 1) // bits base..31
	} else {
		n = -n
		m = mask & (2<<base - 1) // bits 0..base (2<<31 wraps to 0, as wanted)
	}
	if int64(bits.OnesCount32(m)) < n {
		return 0xffffffff
	}
	if offset > 0 {
		for ; n > 1; n-- {
			m &= m - 1 // drop the lowest set bit
		}
		return uint32(bits.TrailingZeros32(m))
	}
	for ; n > 1; n-- {
		m &^= 1 << (bits.Len32(m) - 1) // drop the highest set bit
	}
	return uint32(bits.Len32(m) - 1)
}

// Brev is brev.b{32,64}: the w bits in reverse order.
func Brev(a uint64, w uint) uint64 { return bits.Reverse64(a) >> (64 - w) }

// Bfe is bfe.{u,s}{32,64}: extract len bits of a from bit pos, zero- or
// sign-extended. pos and len are taken from the low 8 bits of their
// operands. A field reaching past bit w-1 is cut there; the sign bit is
// a[min(pos+len-1, w-1)], so a pos beyond w-1 gives the sign of a (or 0
// unsigned); len 0 gives 0.
func Bfe(a uint64, pos, length uint32, signed bool, w uint) uint64 {
	p, n := uint(pos&0xff), uint(length&0xff)
	a = Trunc(a, w)
	if n == 0 {
		return 0
	}
	if p >= w {
		if signed && signBit(a, w) {
			return Mask(w)
		}
		return 0
	}
	n = min(n, w-p)
	f := a >> p & Mask(n)
	if signed && f>>(n-1)&1 != 0 {
		f |= Trunc(^Mask(n), w)
	}
	return f
}

// Bfi is bfi.b{32,64}: b with its bits pos..pos+len-1 replaced by the low
// len bits of a. pos and len are taken from the low 8 bits of their
// operands; a field reaching past bit w-1 is cut there, and len 0 or a pos
// beyond w-1 leaves b.
func Bfi(a, b uint64, pos, length uint32, w uint) uint64 {
	p, n := uint(pos&0xff), uint(length&0xff)
	b = Trunc(b, w)
	if n == 0 || p >= w {
		return b
	}
	m := Mask(min(n, w-p)) << p
	return b&^m | a<<p&m
}

// Bmsk is bmsk.{clamp,wrap}.b32: a mask of b one bits starting at bit a.
// .wrap takes a and b modulo 32; .clamp gives 0 for a >= 32 and all bits
// from a up for b >= 32. Bits past 31 are dropped.
func Bmsk(a, b uint32, clamp bool) uint32 {
	a1, b1 := a&31, b&31
	if clamp {
		if a >= 32 {
			return 0
		}
		if b >= 32 {
			return ^uint32(0) << a1
		}
	}
	if a1+b1 >= 32 {
		return ^uint32(0) << a1
	}
	return (1<<b1 - 1) << a1
}

// Szext is szext.{clamp,wrap}.{u32,s32}: the low N bits of a, zero- or
// sign-extended to 32 bits, where N is b modulo 32 (.wrap) or b clamped to
// 32 (.clamp). N = 0 gives 0.
func Szext(a, b uint32, signed, clamp bool) uint32 {
	n := uint(b & 31)
	if clamp && b >= 32 {
		return a
	}
	if n == 0 {
		return 0
	}
	if signed {
		return uint32(Sext(uint64(a), n))
	}
	return a & uint32(Mask(n))
}

// Cnot is cnot.b{16,32,64}: 1 if a is 0, else 0.
func Cnot(a uint64, w uint) uint64 {
	if Trunc(a, w) == 0 {
		return 1
	}
	return 0
}
