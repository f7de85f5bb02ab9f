package alu

// width.go: bit patterns of a given width.

// Mask returns a mask of the low w bits (w in 0..64).
func Mask(w uint) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// Trunc keeps the low w bits of x.
func Trunc(x uint64, w uint) uint64 { return x & Mask(w) }

// Sext sign-extends the low w bits of x to 64 bits.
func Sext(x uint64, w uint) uint64 {
	if w >= 64 || w == 0 {
		return x
	}
	s := 64 - w
	return uint64(int64(x<<s) >> s)
}

// sval is the signed value of the low w bits of x.
func sval(x uint64, w uint) int64 { return int64(Sext(x, w)) }

// minS and maxS are the signed range of width w.
func minS(w uint) int64 { return -1 << (w - 1) }
func maxS(w uint) int64 { return 1<<(w-1) - 1 }

// signBit reports bit w-1 of x.
func signBit(x uint64, w uint) bool { return x>>(w-1)&1 != 0 }

// clampS saturates v to the signed range of width w and returns its w-bit
// pattern.
func clampS(v int64, w uint) uint64 {
	v = max(minS(w), min(v, maxS(w)))
	return Trunc(uint64(v), w)
}
