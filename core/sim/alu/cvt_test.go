package alu

import (
	"math/big"
	"testing"
)

var intTypes = []IntType{U8, U16, U32, U64, S8, S16, S32, S64}

// PTX ISA 6.5 (table 14) and 9.7.9 cvt: hand values. The result is shown
// as the 64-bit register contents: extended by the destination type's
// signedness.
func TestCvtTable(t *testing.T) {
	tests := []struct {
		desc         string
		a            uint64
		dtype, atype IntType
		sat          bool
		want         uint64
	}{
		{"s32 -> s64 sign-extends", 0xFFFFFFFF, S64, S32, false, 0xFFFFFFFFFFFFFFFF},
		{"u32 -> s64 zero-extends", 0xFFFFFFFF, S64, U32, false, 0x00000000FFFFFFFF},
		{"s8 -> u32 sign-extends (then zero-extends as u32)", 0x80, U32, S8, false, 0x00000000FFFFFF80},
		{"u16 -> s32 zero-extends", 0x8000, S32, U16, false, 0x0000000000008000},
		{"s16 <- u32 chops then sign-extends into the register", 0x00018000, S16, U32, false, 0xFFFFFFFFFFFF8000},
		{"u16 <- s32 chops then zero-extends", 0xFFFF8000, U16, S32, false, 0x8000},
		{"u8 <- u64 chops", 0x12345678ABCDEF12, U8, U64, false, 0x12},
		{"s32 <- u32: same bits, sign-extended as s32", 0x80000000, S32, U32, false, 0xFFFFFFFF80000000},
		{"u32 <- s32: same bits", 0x80000000, U32, S32, false, 0x80000000},
		{"source bits above its type are ignored", 0xFFFFFF7F, S32, S8, false, 0x7F},
		{"sat u8 <- s32: -5 clamps to 0", 0xFFFFFFFB, U8, S32, true, 0},
		{"sat u8 <- s32: 300 clamps to 255", 300, U8, S32, true, 255},
		{"sat u8 <- s32: 200 passes", 200, U8, S32, true, 200},
		{"sat s8 <- s32: -200 clamps to -128", 0xFFFFFF38, S8, S32, true, 0xFFFFFFFFFFFFFF80},
		{"sat s8 <- s32: 200 clamps to 127", 200, S8, S32, true, 127},
		{"sat s8 <- u32: 0xffffffff clamps to 127", 0xFFFFFFFF, S8, U32, true, 127},
		{"sat s32 <- u32: 0x80000000 clamps to INT_MAX", 0x80000000, S32, U32, true, 0x7FFFFFFF},
		{"sat u32 <- s32: -1 clamps to 0", 0xFFFFFFFF, U32, S32, true, 0},
		{"sat u32 <- s64: 2^32 clamps to UINT_MAX", 0x100000000, U32, S64, true, 0xFFFFFFFF},
		{"sat s32 <- s64: INT64_MIN clamps to INT_MIN", 0x8000000000000000, S32, S64, true, 0xFFFFFFFF80000000},
		{"sat u64 <- s64: -1 clamps to 0", 0xFFFFFFFFFFFFFFFF, U64, S64, true, 0},
		{"sat s64 <- u64: UINT64_MAX clamps to INT64_MAX", 0xFFFFFFFFFFFFFFFF, S64, U64, true, 0x7FFFFFFFFFFFFFFF},
		{"sat u16 <- s16: -1 clamps to 0", 0xFFFF, U16, S16, true, 0},
		{"sat s16 <- u16: 0xffff clamps to 0x7fff", 0xFFFF, S16, U16, true, 0x7FFF},
		{"sat s64 <- s8: nothing to clamp", 0x80, S64, S8, true, 0xFFFFFFFFFFFFFF80},
		{"sat u16 <- u8: nothing to clamp", 0xFF, U16, U8, true, 0xFF},
		{"no sat u8 <- s32: -5 chops to 0xfb", 0xFFFFFFFB, U8, S32, false, 0xFB},
	}
	for _, tt := range tests {
		if got := Cvt(tt.a, tt.dtype, tt.atype, tt.sat); got != tt.want {
			sat := ""
			if tt.sat {
				sat = ".sat"
			}
			t.Errorf("%s: cvt%s%s%s %#x: got %#x, want %#x", tt.desc, sat, tt.dtype, tt.atype, tt.a, got, tt.want)
		}
	}
}

// Every pair of integer types, with and without .sat, over the edge values
// of the source width, against math/big: the source value is the low bits
// of a, read per atype; .sat clamps it to dtype's range; the result is the
// value modulo 2^dw, read per dtype and written as a 64-bit two's
// complement pattern.
func TestCvtOracle(t *testing.T) {
	for _, dt := range intTypes {
		for _, at := range intTypes {
			aw, dw := at.Bits(), dt.Bits()
			lo, hi := new(big.Int), new(big.Int).Lsh(big.NewInt(1), dw)
			if dt.Signed() {
				lo.Neg(new(big.Int).Lsh(big.NewInt(1), dw-1))
				hi.Lsh(big.NewInt(1), dw-1)
			}
			hi.Sub(hi, big.NewInt(1))
			vals := edges(aw)
			if aw == 8 {
				vals = vals[:0]
				for v := range 256 {
					vals = append(vals, uint64(v))
				}
			}
			for _, a := range vals {
				for _, sat := range []bool{false, true} {
					v := bigOf(a, aw, at.Signed())
					if sat {
						if v.Cmp(lo) < 0 {
							v = lo
						} else if v.Cmp(hi) > 0 {
							v = hi
						}
					}
					want := patternOf(bigOf(patternOf(v, dw), dw, dt.Signed()), 64)
					if got := Cvt(junk(a, aw), dt, at, sat); got != want {
						t.Errorf("cvt(sat=%v)%s%s %#x: got %#x, want %#x", sat, dt, at, a, got, want)
					}
				}
			}
		}
	}
}

func TestIntType(t *testing.T) {
	tests := []struct {
		t      IntType
		name   string
		bits   uint
		signed bool
	}{
		{U8, ".u8", 8, false}, {U16, ".u16", 16, false}, {U32, ".u32", 32, false}, {U64, ".u64", 64, false},
		{S8, ".s8", 8, true}, {S16, ".s16", 16, true}, {S32, ".s32", 32, true}, {S64, ".s64", 64, true},
	}
	for _, tt := range tests {
		if tt.t.String() != tt.name || tt.t.Bits() != tt.bits || tt.t.Signed() != tt.signed {
			t.Errorf("%v: got %q %d %v, want %q %d %v", uint8(tt.t), tt.t.String(), tt.t.Bits(), tt.t.Signed(), tt.name, tt.bits, tt.signed)
		}
	}
}
