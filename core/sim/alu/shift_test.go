package alu

import (
	"math/big"
	"testing"
)

// PTX ISA 9.7.8.8 shl, 9.7.8.9 shr: the count is an unsigned 32-bit value
// and counts beyond the width act as the width: shl gives 0, shr.u and
// shr.b give 0, shr.s fills with the sign bit.
func TestShiftTable(t *testing.T) {
	tests := []struct {
		desc          string
		a             uint64
		n             uint32
		w             uint
		shl, shr, sar uint64
	}{
		{"count 0", 0x80000001, 0, 32, 0x80000001, 0x80000001, 0x80000001},
		{"count 1", 0x80000001, 1, 32, 0x00000002, 0x40000000, 0xC0000000},
		{"count 31", 0x80000001, 31, 32, 0x80000000, 0x00000001, 0xFFFFFFFF},
		{"count 32", 0x80000001, 32, 32, 0, 0, 0xFFFFFFFF},
		{"count 33", 0x80000001, 33, 32, 0, 0, 0xFFFFFFFF},
		{"count 255", 0x80000001, 255, 32, 0, 0, 0xFFFFFFFF},
		{"count 0xffffffff", 0x80000001, 0xFFFFFFFF, 32, 0, 0, 0xFFFFFFFF},
		{"count 32, positive: sign fill is 0", 0x7FFFFFFF, 32, 32, 0, 0, 0},
		{"count 257 is not taken modulo 32 or 256", 0x7FFFFFFF, 257, 32, 0, 0, 0},
		{"b16 count 15", 0x8001, 15, 16, 0x8000, 0x0001, 0xFFFF},
		{"b16 count 16", 0x8001, 16, 16, 0, 0, 0xFFFF},
		{"b16 ignores bits above 15", 0xFFFF0001, 1, 16, 0x0002, 0x0000, 0x0000},
		{"b64 count 63", 0x8000000000000001, 63, 64, 0x8000000000000000, 1, 0xFFFFFFFFFFFFFFFF},
		{"b64 count 64", 0x8000000000000001, 64, 64, 0, 0, 0xFFFFFFFFFFFFFFFF},
		{"b64 count 32", 0x8000000000000001, 32, 64, 0x100000000, 0x80000000, 0xFFFFFFFF80000000},
	}
	for _, tt := range tests {
		if got := Shl(tt.a, tt.n, tt.w); got != tt.shl {
			t.Errorf("%s: shl.b%d %#x, %d: got %#x, want %#x", tt.desc, tt.w, tt.a, tt.n, got, tt.shl)
		}
		if got := Shr(tt.a, tt.n, false, tt.w); got != tt.shr {
			t.Errorf("%s: shr.u%d %#x, %d: got %#x, want %#x", tt.desc, tt.w, tt.a, tt.n, got, tt.shr)
		}
		if got := Shr(tt.a, tt.n, true, tt.w); got != tt.sar {
			t.Errorf("%s: shr.s%d %#x, %d: got %#x, want %#x", tt.desc, tt.w, tt.a, tt.n, got, tt.sar)
		}
	}
}

// Shifts over all edge values and counts against math/big: shl is
// multiplication by 2^min(n, w) modulo 2^w; shr.u of the unsigned value and
// shr.s of the signed value are floor division by 2^min(n, w).
func TestShiftOracle(t *testing.T) {
	for _, w := range widths {
		for _, a := range edges(w) {
			for _, n := range shiftCounts {
				k := uint(min(uint64(n), uint64(w)))
				want := patternOf(new(big.Int).Lsh(bigOf(a, w, false), k), w)
				if got := Shl(junk(a, w), n, w); got != want {
					t.Errorf("shl.b%d %#x, %d: got %#x, want %#x", w, a, n, got, want)
				}
				want = patternOf(new(big.Int).Rsh(bigOf(a, w, false), k), w)
				if got := Shr(junk(a, w), n, false, w); got != want {
					t.Errorf("shr.u%d %#x, %d: got %#x, want %#x", w, a, n, got, want)
				}
				want = patternOf(new(big.Int).Rsh(bigOf(a, w, true), k), w) // big.Int.Rsh floors
				if got := Shr(junk(a, w), n, true, w); got != want {
					t.Errorf("shr.s%d %#x, %d: got %#x, want %#x", w, a, n, got, want)
				}
			}
		}
	}
}

// shfRef is the semantics block of PTX ISA 9.7.8.7 shf, evaluated on 64-bit
// values so that the shifts by 32 that C leaves undefined give 0.
func shfRef(a, b, c uint32, left, clamp bool) uint32 {
	var n uint64
	if clamp {
		n = uint64(min(c, 32))
	} else {
		n = uint64(c & 0x1f)
	}
	A, B := uint64(a), uint64(b)
	if left {
		return uint32((B << n) | (A >> (32 - n)))
	}
	return uint32((B << (32 - n)) | (A >> n))
}

func TestShf(t *testing.T) {
	tests := []struct {
		desc  string
		a, b  uint32
		c     uint32
		clamp bool
		l, r  uint32
	}{
		{"count 0: l gives b, r gives a", 0x11111111, 0x22222222, 0, true, 0x22222222, 0x11111111},
		{"count 4", 0x12345678, 0x9ABCDEF0, 4, true, 0xABCDEF01, 0x01234567},
		{"clamp 32: l gives a, r gives b", 0x12345678, 0x9ABCDEF0, 32, true, 0x12345678, 0x9ABCDEF0},
		{"clamp 33 acts as 32", 0x12345678, 0x9ABCDEF0, 33, true, 0x12345678, 0x9ABCDEF0},
		{"clamp 0xffffffff acts as 32", 0x12345678, 0x9ABCDEF0, 0xFFFFFFFF, true, 0x12345678, 0x9ABCDEF0},
		{"wrap 32 acts as 0", 0x12345678, 0x9ABCDEF0, 32, false, 0x9ABCDEF0, 0x12345678},
		{"wrap 36 acts as 4", 0x12345678, 0x9ABCDEF0, 36, false, 0xABCDEF01, 0x01234567},
		{"rotate: a == b, count 8", 0x12345678, 0x12345678, 8, false, 0x34567812, 0x78123456},
		{"count 31", 0x80000001, 0x00000001, 31, true, 0xC0000000, 0x00000003},
		{"wrap 63 acts as 31", 0x80000001, 0x00000001, 63, false, 0xC0000000, 0x00000003},
	}
	for _, tt := range tests {
		if got := ShfL(tt.a, tt.b, tt.c, tt.clamp); got != tt.l {
			t.Errorf("%s: shf.l(clamp=%v) %#x, %#x, %d: got %#x, want %#x", tt.desc, tt.clamp, tt.a, tt.b, tt.c, got, tt.l)
		}
		if got := ShfR(tt.a, tt.b, tt.c, tt.clamp); got != tt.r {
			t.Errorf("%s: shf.r(clamp=%v) %#x, %#x, %d: got %#x, want %#x", tt.desc, tt.clamp, tt.a, tt.b, tt.c, got, tt.r)
		}
	}
	for _, a := range edges(32) {
		for _, b := range []uint32{0, 1, 0xFFFFFFFF, 0x80000000, 0x9ABCDEF0} {
			for _, c := range shiftCounts {
				for _, clamp := range []bool{false, true} {
					if got, want := ShfL(uint32(a), b, c, clamp), shfRef(uint32(a), b, c, true, clamp); got != want {
						t.Errorf("shf.l(clamp=%v) %#x, %#x, %d: got %#x, want %#x", clamp, a, b, c, got, want)
					}
					if got, want := ShfR(uint32(a), b, c, clamp), shfRef(uint32(a), b, c, false, clamp); got != want {
						t.Errorf("shf.r(clamp=%v) %#x, %#x, %d: got %#x, want %#x", clamp, a, b, c, got, want)
					}
				}
			}
		}
	}
}
