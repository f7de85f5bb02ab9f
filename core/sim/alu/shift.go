package alu

// shift.go: shifts (PTX ISA 9.7.8: shl, shr, shf). Shift counts are
// unsigned 32-bit values.

// Shl is shl.b{16,32,64}: a << n; counts of w or more give 0.
func Shl(a uint64, n uint32, w uint) uint64 {
	if uint(n) >= w {
		return 0
	}
	return Trunc(a<<n, w)
}

// Shr is shr.{b,u,s}{16,32,64}: a >> n, filling with the sign bit for .sN
// and with zeros otherwise; counts of w or more act as w (all sign or all
// zero).
func Shr(a uint64, n uint32, signed bool, w uint) uint64 {
	if signed {
		return Trunc(uint64(sval(a, w)>>min(uint(n), w-1)), w)
	}
	if uint(n) >= w {
		return 0
	}
	return Trunc(a, w) >> n
}

// shfAmount is the shift count of shf: min(c, 32) with .clamp, c & 31 with
// .wrap.
func shfAmount(c uint32, clamp bool) uint {
	if clamp {
		return uint(min(c, 32))
	}
	return uint(c & 31)
}

// ShfL is shf.l.{clamp,wrap}.b32: the high 32 bits of the 64-bit value
// {b, a} shifted left.
func ShfL(a, b, c uint32, clamp bool) uint32 {
	v := uint64(b)<<32 | uint64(a)
	return uint32(v << shfAmount(c, clamp) >> 32)
}

// ShfR is shf.r.{clamp,wrap}.b32: the low 32 bits of the 64-bit value
// {b, a} shifted right.
func ShfR(a, b, c uint32, clamp bool) uint32 {
	v := uint64(b)<<32 | uint64(a)
	return uint32(v >> shfAmount(c, clamp))
}
