package alu

import "testing"

// PTX ISA 9.7.1.14 popc, 9.7.1.15 clz.
func TestPopcClz(t *testing.T) {
	tests := []struct {
		desc      string
		a         uint64
		w         uint
		popc, clz uint32
	}{
		{"0", 0, 32, 0, 32},
		{"1", 1, 32, 1, 31},
		{"-1", 0xFFFFFFFF, 32, 32, 0},
		{"INT_MIN", 0x80000000, 32, 1, 0},
		{"INT_MAX", 0x7FFFFFFF, 32, 31, 1},
		{"0x00010000", 0x00010000, 32, 1, 15},
		{"b32 ignores bits above 31", 0xFFFFFFFF00000000, 32, 0, 32},
		{"b64 0", 0, 64, 0, 64},
		{"b64 1", 1, 64, 1, 63},
		{"b64 -1", 0xFFFFFFFFFFFFFFFF, 64, 64, 0},
		{"b64 0x00000000ffffffff", 0xFFFFFFFF, 64, 32, 32},
	}
	for _, tt := range tests {
		if got := Popc(tt.a, tt.w); got != tt.popc {
			t.Errorf("%s: popc.b%d %#x: got %d, want %d", tt.desc, tt.w, tt.a, got, tt.popc)
		}
		if got := Clz(tt.a, tt.w); got != tt.clz {
			t.Errorf("%s: clz.b%d %#x: got %d, want %d", tt.desc, tt.w, tt.a, got, tt.clz)
		}
	}
}

// PTX ISA 9.7.1.16 bfind: the most significant non-sign bit; 0xffffffff
// when there is none; .shiftamt gives msb - position.
func TestBfind(t *testing.T) {
	tests := []struct {
		desc      string
		a         uint64
		signed    bool
		w         uint
		pos, shft uint32
	}{
		{"u32 0: none", 0, false, 32, 0xFFFFFFFF, 0xFFFFFFFF},
		{"u32 1", 1, false, 32, 0, 31},
		{"u32 UINT_MAX", 0xFFFFFFFF, false, 32, 31, 0},
		{"u32 0x00010000", 0x10000, false, 32, 16, 15},
		{"s32 -1: no 0 bit", 0xFFFFFFFF, true, 32, 0xFFFFFFFF, 0xFFFFFFFF},
		{"s32 0: no 1 bit", 0, true, 32, 0xFFFFFFFF, 0xFFFFFFFF},
		{"s32 INT_MIN: highest 0 is bit 30", 0x80000000, true, 32, 30, 1},
		{"s32 INT_MAX: highest 1 is bit 30", 0x7FFFFFFF, true, 32, 30, 1},
		{"s32 -2: highest 0 is bit 0", 0xFFFFFFFE, true, 32, 0, 31},
		{"s32 1", 1, true, 32, 0, 31},
		{"u32 ignores bits above 31", 0xFFFF000000000000, false, 32, 0xFFFFFFFF, 0xFFFFFFFF},
		{"u64 2^63", 0x8000000000000000, false, 64, 63, 0},
		{"u64 1", 1, false, 64, 0, 63},
		{"s64 INT_MIN", 0x8000000000000000, true, 64, 62, 1},
		{"s64 -1", 0xFFFFFFFFFFFFFFFF, true, 64, 0xFFFFFFFF, 0xFFFFFFFF},
		{"s64 0x100000000", 0x100000000, true, 64, 32, 31},
	}
	for _, tt := range tests {
		n := sname(tt.signed, tt.w)
		if got := Bfind(tt.a, tt.signed, false, tt.w); got != tt.pos {
			t.Errorf("%s: bfind%s %#x: got %#x, want %#x", tt.desc, n, tt.a, got, tt.pos)
		}
		if got := Bfind(tt.a, tt.signed, true, tt.w); got != tt.shft {
			t.Errorf("%s: bfind.shiftamt%s %#x: got %#x, want %#x", tt.desc, n, tt.a, got, tt.shft)
		}
	}
}

// fnsRef is the semantics block of PTX ISA 9.7.1 fns, transcribed.
func fnsRef(mask, base uint32, offset int32) uint32 {
	d := uint32(0xffffffff)
	if int64(base) > 31 {
		return d // undefined by the ISA; our choice, see Fns
	}
	if offset == 0 {
		if mask>>base&1 == 1 {
			d = base
		}
		return d
	}
	pos := int64(base)
	count := int64(offset)
	if count < 0 {
		count = -count
	}
	count--
	inc := int64(1)
	if offset < 0 {
		inc = -1
	}
	for pos >= 0 && pos < 32 {
		if mask>>pos&1 == 1 {
			if count == 0 {
				d = uint32(pos)
				break
			}
			count--
		}
		pos += inc
	}
	return d
}

// PTX ISA 9.7.1 fns: the manual's examples, edge cases, and every base
// and a range of offsets against the transcribed semantics.
func TestFns(t *testing.T) {
	tests := []struct {
		desc   string
		mask   uint32
		base   uint32
		offset int32
		want   uint32
	}{
		{"manual: 0xaaaaaaaa, 3, 1", 0xAAAAAAAA, 3, 1, 3},
		{"manual: 0xaaaaaaaa, 3, -1", 0xAAAAAAAA, 3, -1, 3},
		{"manual: 0xaaaaaaaa, 2, 1", 0xAAAAAAAA, 2, 1, 3},
		{"manual: 0xaaaaaaaa, 2, -1", 0xAAAAAAAA, 2, -1, 1},
		{"offset 0, bit set", 0x10, 4, 0, 4},
		{"offset 0, bit clear", 0x10, 3, 0, 0xFFFFFFFF},
		{"empty mask", 0, 0, 1, 0xFFFFFFFF},
		{"32nd bit upward of all ones", 0xFFFFFFFF, 0, 32, 31},
		{"33rd bit upward: none", 0xFFFFFFFF, 0, 33, 0xFFFFFFFF},
		{"32nd bit downward from 31", 0xFFFFFFFF, 31, -32, 0},
		{"INT_MIN offset: none", 0xFFFFFFFF, 31, -2147483648, 0xFFFFFFFF},
		{"INT_MAX offset: none", 0xFFFFFFFF, 0, 2147483647, 0xFFFFFFFF},
		{"bit 31 from 31", 0x80000000, 31, 1, 31},
		{"downward from 31 finds bit 0", 1, 31, -1, 0},
		{"base 32 (undefined): none", 0xFFFFFFFF, 32, 1, 0xFFFFFFFF},
	}
	for _, tt := range tests {
		if got := Fns(tt.mask, tt.base, tt.offset); got != tt.want {
			t.Errorf("%s: fns.b32 %#x, %d, %d: got %#x, want %#x", tt.desc, tt.mask, tt.base, tt.offset, got, tt.want)
		}
	}
	for _, mask := range []uint32{0, 1, 0x80000000, 0xFFFFFFFF, 0xAAAAAAAA, 0x12345678, 0xF00F0FF0} {
		for base := uint32(0); base < 34; base++ {
			for off := int32(-34); off <= 34; off++ {
				if got, want := Fns(mask, base, off), fnsRef(mask, base, off); got != want {
					t.Errorf("fns.b32 %#x, %d, %d: got %#x, want %#x", mask, base, off, got, want)
				}
			}
		}
	}
}

// PTX ISA 9.7.1 brev.
func TestBrev(t *testing.T) {
	tests := []struct {
		desc string
		a    uint64
		w    uint
		want uint64
	}{
		{"1 -> bit 31", 1, 32, 0x80000000},
		{"0x12345678", 0x12345678, 32, 0x1E6A2C48},
		{"b32 ignores bits above 31", 0xFFFFFFFF00000001, 32, 0x80000000},
		{"-1", 0xFFFFFFFF, 32, 0xFFFFFFFF},
		{"b64 1 -> bit 63", 1, 64, 0x8000000000000000},
		{"b64 0x00000000ffffffff", 0xFFFFFFFF, 64, 0xFFFFFFFF00000000},
	}
	for _, tt := range tests {
		if got := Brev(tt.a, tt.w); got != tt.want {
			t.Errorf("%s: brev.b%d %#x: got %#x, want %#x", tt.desc, tt.w, tt.a, got, tt.want)
		}
	}
}

// bfeRef is the semantics block of PTX ISA 9.7.1 bfe, transcribed bit
// by bit.
func bfeRef(a uint64, b, c uint32, signed bool, w uint) uint64 {
	msb := w - 1
	pos := uint(b & 0xff)
	length := uint(c & 0xff)
	bit := func(i uint) uint64 { return a >> i & 1 }
	var sbit uint64
	if !signed || length == 0 {
		sbit = 0
	} else {
		sbit = bit(min(pos+length-1, msb))
	}
	var d uint64
	for i := uint(0); i <= msb; i++ {
		v := sbit
		if i < length && pos+i <= msb {
			v = bit(pos + i)
		}
		d |= v << i
	}
	return d
}

// bfiRef is the semantics block of PTX ISA 9.7.1 bfi, transcribed.
func bfiRef(a, b uint64, c, d uint32, w uint) uint64 {
	msb := w - 1
	pos := uint(c & 0xff)
	length := uint(d & 0xff)
	f := b & maskOf(w)
	for i := uint(0); i < length && pos+i <= msb; i++ {
		f = f&^(1<<(pos+i)) | (a>>i&1)<<(pos+i)
	}
	return f
}

var fieldArgs = []uint32{0, 1, 4, 7, 8, 15, 16, 24, 31, 32, 33, 40, 63, 64, 65, 100, 255, 256, 257, 0x1FF, 0xFFFFFFFF}

// PTX ISA 9.7.1 bfe: hand values, then every pos/len pair above against
// the transcribed semantics.
func TestBfe(t *testing.T) {
	tests := []struct {
		desc     string
		a        uint64
		pos, len uint32
		signed   bool
		w        uint
		want     uint64
	}{
		{"manual example: 4 bits at 8", 0x00000A00, 8, 4, false, 32, 0xA},
		{"signed: 4 bits at 8, top bit set", 0x00000A00, 8, 4, true, 32, 0xFFFFFFFA},
		{"len 0 gives 0 (unsigned)", 0xFFFFFFFF, 0, 0, false, 32, 0},
		{"len 0 gives 0 (signed)", 0xFFFFFFFF, 0, 0, true, 32, 0},
		{"pos beyond msb, unsigned: 0", 0xFFFFFFFF, 32, 8, false, 32, 0},
		{"pos beyond msb, signed: sign of a (set)", 0x80000000, 32, 8, true, 32, 0xFFFFFFFF},
		{"pos beyond msb, signed: sign of a (clear)", 0x7FFFFFFF, 40, 8, true, 32, 0},
		{"field past msb is cut; sign is a[31]", 0x80000000, 28, 8, true, 32, 0xFFFFFFF8},
		{"field past msb is cut, unsigned", 0x80000000, 28, 8, false, 32, 0x8},
		{"pos and len use only 8 bits: pos 0x108 is 8", 0x0000AB00, 0x108, 8, false, 32, 0xAB},
		{"len 0x100 is 0", 0xFFFFFFFF, 0, 0x100, false, 32, 0},
		{"len 255 from 0 is the whole value, signed", 0x80000001, 0, 255, true, 32, 0x80000001},
		{"whole value, len 32", 0xDEADBEEF, 0, 32, false, 32, 0xDEADBEEF},
		{"64-bit: 8 bits at 56", 0xAB00000000000000, 56, 8, false, 64, 0xAB},
		{"64-bit signed: 8 bits at 56", 0xAB00000000000000, 56, 8, true, 64, 0xFFFFFFFFFFFFFFAB},
		{"64-bit signed pos 64: sign fill", 0x8000000000000000, 64, 1, true, 64, 0xFFFFFFFFFFFFFFFF},
		{"s32 1 bit at 0 of 1 is -1", 1, 0, 1, true, 32, 0xFFFFFFFF},
	}
	for _, tt := range tests {
		if got := Bfe(tt.a, tt.pos, tt.len, tt.signed, tt.w); got != tt.want {
			t.Errorf("%s: bfe%s %#x, %d, %d: got %#x, want %#x", tt.desc, sname(tt.signed, tt.w), tt.a, tt.pos, tt.len, got, tt.want)
		}
	}
	for _, w := range []uint{32, 64} {
		for _, signed := range []bool{false, true} {
			for _, a := range edges(w) {
				for _, p := range fieldArgs {
					for _, n := range fieldArgs {
						got, want := Bfe(junk(a, w), p, n, signed, w), bfeRef(a, p, n, signed, w)
						if got != want {
							t.Errorf("bfe%s %#x, %d, %d: got %#x, want %#x", sname(signed, w), a, p, n, got, want)
						}
					}
				}
			}
		}
	}
}

// PTX ISA 9.7.1 bfi.
func TestBfi(t *testing.T) {
	tests := []struct {
		desc     string
		a, b     uint64
		pos, len uint32
		w        uint
		want     uint64
	}{
		{"manual example: 4 bits at 8", 0xF, 0, 8, 4, 32, 0x00000F00},
		{"only len bits of a", 0xFFFFFFFF, 0, 4, 4, 32, 0x000000F0},
		{"len 0 gives b", 0xFFFFFFFF, 0x12345678, 4, 0, 32, 0x12345678},
		{"pos beyond msb gives b", 0xFFFFFFFF, 0x12345678, 32, 8, 32, 0x12345678},
		{"field past msb is cut", 0xFF, 0, 28, 8, 32, 0xF0000000},
		{"pos uses 8 bits: 0x104 is 4", 0x1, 0, 0x104, 1, 32, 0x10},
		{"whole word", 0xCAFEF00D, 0x12345678, 0, 32, 32, 0xCAFEF00D},
		{"64-bit field at 60", 0xF, 0, 60, 8, 64, 0xF000000000000000},
	}
	for _, tt := range tests {
		if got := Bfi(tt.a, tt.b, tt.pos, tt.len, tt.w); got != tt.want {
			t.Errorf("%s: bfi.b%d %#x, %#x, %d, %d: got %#x, want %#x", tt.desc, tt.w, tt.a, tt.b, tt.pos, tt.len, got, tt.want)
		}
	}
	for _, w := range []uint{32, 64} {
		for _, a := range edges(w) {
			for _, b := range []uint64{0, maskOf(w), 0x123456789ABCDEF0 & maskOf(w)} {
				for _, p := range fieldArgs {
					for _, n := range fieldArgs {
						got, want := Bfi(junk(a, w), junk(b, w), p, n, w), bfiRef(a, b, p, n, w)
						if got != want {
							t.Errorf("bfi.b%d %#x, %#x, %d, %d: got %#x, want %#x", w, a, b, p, n, got, want)
						}
					}
				}
			}
		}
	}
}

// bmskRef is the semantics block of PTX ISA 9.7.1 bmsk, transcribed
// (Go's shifts of 32 or more give 0, where C's are undefined; the block
// overrides those cases anyway).
func bmskRef(a, b uint32, clamp bool) uint32 {
	a1 := a & 0x1f
	mask0 := ^uint32(0) << a1
	b1 := b & 0x1f
	sum := a1 + b1
	mask1 := ^uint32(0) << sum
	sumOverflow := sum >= 32
	posOverflow, widthOverflow := false, false
	if clamp {
		if a >= 32 {
			posOverflow = true
			mask0 = 0
		}
		if b >= 32 {
			widthOverflow = true
		}
	}
	if sumOverflow || posOverflow || widthOverflow {
		mask1 = 0
	} else if b1 == 0 {
		mask1 = ^uint32(0)
	}
	return mask0 &^ mask1
}

var shiftCounts = []uint32{0, 1, 2, 15, 16, 17, 30, 31, 32, 33, 63, 64, 65, 255, 256, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF}

func TestBmsk(t *testing.T) {
	tests := []struct {
		desc  string
		a, b  uint32
		clamp bool
		want  uint32
	}{
		{"manual: wrap 1, 2 = 0x6", 1, 2, false, 0x00000006},
		{"width 0 is empty", 5, 0, false, 0},
		{"8 bits at 0", 0, 8, true, 0xFF},
		{"clamp: pos 32 is empty", 32, 8, true, 0},
		{"wrap: pos 32 is pos 0", 32, 8, false, 0xFF},
		{"clamp: width 32 from 4 fills up", 4, 32, true, 0xFFFFFFF0},
		{"wrap: width 32 is width 0", 4, 32, false, 0},
		{"sum past 31 fills up", 28, 8, false, 0xF0000000},
		{"clamp: width 0xffffffff from 0", 0, 0xFFFFFFFF, true, 0xFFFFFFFF},
		{"wrap: width 0xffffffff is 31", 0, 0xFFFFFFFF, false, 0x7FFFFFFF},
	}
	for _, tt := range tests {
		if got := Bmsk(tt.a, tt.b, tt.clamp); got != tt.want {
			t.Errorf("%s: bmsk(clamp=%v) %d, %d: got %#x, want %#x", tt.desc, tt.clamp, tt.a, tt.b, got, tt.want)
		}
	}
	for _, a := range shiftCounts {
		for _, b := range shiftCounts {
			for _, clamp := range []bool{false, true} {
				if got, want := Bmsk(a, b, clamp), bmskRef(a, b, clamp); got != want {
					t.Errorf("bmsk(clamp=%v) %d, %d: got %#x, want %#x", clamp, a, b, got, want)
				}
			}
		}
	}
}

// szextRef is the semantics block of PTX ISA 9.7.1 szext, transcribed.
func szextRef(a, b uint32, signed, clamp bool) uint32 {
	b1 := b & 0x1f
	tooLarge := b >= 32 && clamp
	mask := ^uint32(0) << b1
	if tooLarge {
		mask = 0
	}
	signPos := (b1 - 1) & 0x1f
	signBit := false
	if !(b1 == 0 || tooLarge || !signed) {
		signBit = a>>signPos&1 == 1
	}
	fill := uint32(0)
	if signBit {
		fill = mask
	}
	return a&^mask | fill
}

func TestSzext(t *testing.T) {
	tests := []struct {
		desc          string
		a, b          uint32
		signed, clamp bool
		want          uint32
	}{
		{"manual: wrap.u32 0xffffffff, 0 is 0", 0xFFFFFFFF, 0, false, false, 0},
		{"s32 low 8 bits 0x80 -> -128", 0x12345680, 8, true, true, 0xFFFFFF80},
		{"u32 low 8 bits", 0x12345680, 8, false, true, 0x80},
		{"s32 low 8 bits 0x7f", 0x1234567F, 8, true, false, 0x7F},
		{"clamp: 32 keeps a", 0x80000000, 32, true, true, 0x80000000},
		{"clamp: 0xffffffff keeps a", 0x12345678, 0xFFFFFFFF, false, true, 0x12345678},
		{"wrap: 32 is 0", 0x12345678, 32, true, false, 0},
		{"wrap: 33 is 1 bit", 0x1, 33, true, false, 0xFFFFFFFF},
		{"s32 31 bits", 0x40000000, 31, true, true, 0xC0000000},
	}
	for _, tt := range tests {
		if got := Szext(tt.a, tt.b, tt.signed, tt.clamp); got != tt.want {
			t.Errorf("%s: szext(clamp=%v)%s %#x, %d: got %#x, want %#x", tt.desc, tt.clamp, sname(tt.signed, 32), tt.a, tt.b, got, tt.want)
		}
	}
	for _, a := range edges(32) {
		for _, b := range shiftCounts {
			for _, signed := range []bool{false, true} {
				for _, clamp := range []bool{false, true} {
					if got, want := Szext(uint32(a), b, signed, clamp), szextRef(uint32(a), b, signed, clamp); got != want {
						t.Errorf("szext(clamp=%v)%s %#x, %d: got %#x, want %#x", clamp, sname(signed, 32), a, b, got, want)
					}
				}
			}
		}
	}
}

// PTX ISA 9.7.8.5 cnot: d = (a == 0) ? 1 : 0.
func TestCnot(t *testing.T) {
	tests := []struct {
		desc string
		a    uint64
		w    uint
		want uint64
	}{
		{"0", 0, 32, 1},
		{"1", 1, 32, 0},
		{"-1", 0xFFFFFFFF, 32, 0},
		{"INT_MIN", 0x80000000, 32, 0},
		{"b16 ignores bits above 15", 0x10000, 16, 1},
		{"b64 2^63", 0x8000000000000000, 64, 0},
		{"b64 0", 0, 64, 1},
	}
	for _, tt := range tests {
		if got := Cnot(tt.a, tt.w); got != tt.want {
			t.Errorf("%s: cnot.b%d %#x: got %d, want %d", tt.desc, tt.w, tt.a, got, tt.want)
		}
	}
}
