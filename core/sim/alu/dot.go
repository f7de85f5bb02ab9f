package alu

// dot.go: integer dot products (PTX ISA 9.7.1: dp4a, dp2a).

// byteOf returns byte i of x, sign- or zero-extended.
func byteOf(x uint32, i uint, signed bool) int64 {
	v := x >> (8 * i) & 0xff
	if signed {
		return int64(int8(v))
	}
	return int64(v)
}

// halfOf returns 16-bit half i of x, sign- or zero-extended.
func halfOf(x uint32, i uint, signed bool) int64 {
	v := x >> (16 * i) & 0xffff
	if signed {
		return int64(int16(v))
	}
	return int64(v)
}

// Dp4a is dp4a.atype.btype: c plus the four products of the bytes of a and
// b, each byte extended as its type (.s32 or .u32) says; 32-bit wrapping.
func Dp4a(a, b, c uint32, aSigned, bSigned bool) uint32 {
	s := int64(c)
	for i := uint(0); i < 4; i++ {
		s += byteOf(a, i, aSigned) * byteOf(b, i, bSigned)
	}
	return uint32(s)
}

// Dp2a is dp2a.{lo,hi}.atype.btype: c plus the products of the two 16-bit
// halves of a with bytes 0 and 1 of b (.lo) or bytes 2 and 3 (.hi); 32-bit
// wrapping.
func Dp2a(a, b, c uint32, aSigned, bSigned, hi bool) uint32 {
	var sel uint
	if hi {
		sel = 2
	}
	s := int64(c)
	s += halfOf(a, 0, aSigned) * byteOf(b, sel, bSigned)
	s += halfOf(a, 1, aSigned) * byteOf(b, sel+1, bSigned)
	return uint32(s)
}
