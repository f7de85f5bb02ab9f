package alu

// oracle_test.go: independent arithmetic for the tests, in math/big, and
// the edge values they run over.

import (
	"fmt"
	"math/big"
)

// bigOf is the value of the low w bits of x, signed or not.
func bigOf(x uint64, w uint, signed bool) *big.Int {
	x &= maskOf(w)
	v := new(big.Int).SetUint64(x)
	if signed && w > 0 && x>>(w-1)&1 == 1 {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), w))
	}
	return v
}

// patternOf is v modulo 2^w, as a bit pattern.
func patternOf(v *big.Int, w uint) uint64 {
	m := new(big.Int).Lsh(big.NewInt(1), w)
	return new(big.Int).Mod(v, m).Uint64()
}

// maskOf is written out here rather than taken from Mask, so that the tests
// do not lean on the code under test.
func maskOf(w uint) uint64 {
	if w == 64 {
		return 0xFFFFFFFFFFFFFFFF
	}
	return uint64(1)<<w - 1
}

// edges returns the edge values of width w: 0, 1, -1 (UINT_MAX), INT_MIN,
// INT_MAX, their neighbours and a few patterns.
func edges(w uint) []uint64 {
	m := maskOf(w)
	intMax := m >> 1
	intMin := intMax + 1
	vals := []uint64{
		0, 1, 2, 3, 7, 100,
		m, m - 1, // -1 (UINT_MAX), -2
		intMin, intMin + 1, intMax, intMax - 1,
		0x5555555555555555 & m, 0xAAAAAAAAAAAAAAAA & m,
		0x123456789ABCDEF1 & m, 0xFEDCBA9876543210 & m,
		m - 99, // -100
	}
	return vals
}

// junk fills the bits above w, which an instruction of width w must ignore.
func junk(x uint64, w uint) uint64 {
	if w == 64 {
		return x
	}
	return x | 0xD1CEBAD5F00DFACE&^maskOf(w)
}

var widths = []uint{16, 32, 64}

func sname(signed bool, w uint) string {
	if signed {
		return fmt.Sprintf(".s%d", w)
	}
	return fmt.Sprintf(".u%d", w)
}
