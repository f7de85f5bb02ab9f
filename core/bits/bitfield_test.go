package bits

import (
	"math/rand/v2"
	"testing"
)

var bitOperands = []uint64{0, 1, 0xffffffffffffffff, 0x8000000000000000, 0x80000000, 0x7fffffff,
	0x0123456789abcdef, 0xfedcba9876543210, 0xdeadbeefcafef00d, 0x00000000f0f0f0f0, 0xaaaaaaaa55555555}

var bitControls = []uint32{0, 1, 2, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 127, 128, 200, 255, 256, 257, 288, 0xffffffff, 0x80000003}

// shfRef is shf from PTX ISA 9.7.8.8, with the pair in 64 bits so the
// shifts by 32 of the C text are defined:
//
//	n = .clamp ? min(c, 32) : c & 0x1f;
//	shf.l: d = (b << n) | (a >> (32-n));  shf.r: d = (b << (32-n)) | (a >> n)
func shfRef(a, b, c uint32, left, clamp bool) uint32 {
	n := c & 0x1f
	if clamp && c < 32 {
		n = c
	} else if clamp {
		n = 32
	}
	pair := uint64(b)<<32 | uint64(a)
	if left {
		return uint32(pair << n >> 32)
	}
	return uint32(pair >> n)
}

func TestShf(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, left := range []bool{false, true} {
		for _, clamp := range []bool{false, true} {
			check := func(a, b, c uint32) {
				got, want := ShfValue(a, b, c, left, clamp), shfRef(a, b, c, left, clamp)
				if got != want {
					t.Errorf("shf left=%v clamp=%v %#x, %#x, %d: got %#x, want %#x", left, clamp, a, b, c, got, want)
				}
			}
			for _, a := range bitOperands {
				for _, b := range bitOperands {
					for _, c := range bitControls {
						check(uint32(a), uint32(b>>17), c)
					}
				}
			}
			for range 2000 {
				check(rng.Uint32(), rng.Uint32(), rng.Uint32()&63)
			}
		}
	}
	// The window the diagram draws: shf.l by 8 shows bits 24..55 of {b, a}.
	m := ShfModel(8, true, false)
	if m.N != 8 || m.Lo != 24 || m.Routes[0] != (BitSrc{Op: 'a', Bit: 24}) || m.Routes[31] != (BitSrc{Op: 'b', Bit: 23}) {
		t.Errorf("ShfModel(8, left): %+v", m)
	}
	// .wrap takes c mod 32, .clamp stops at 32.
	if w, c := ShfModel(40, false, false), ShfModel(40, false, true); w.N != 8 || c.N != 32 || c.Lo != 32 {
		t.Errorf("ShfModel(40, right): wrap N=%d, clamp N=%d Lo=%d", w.N, c.N, c.Lo)
	}
}

// bfeRef is the Semantics block of bfe (PTX ISA 3.1 Table 42), bit by bit.
func bfeRef(a uint64, b, c uint32, width int, signed bool) uint64 {
	msb := width - 1
	pos := int(b & 0xff)
	length := int(c & 0xff)
	var sbit uint64
	if signed && length != 0 {
		sbit = a >> min(pos+length-1, msb) & 1
	}
	var d uint64
	for i := 0; i <= msb; i++ {
		bit := sbit
		if i < length && pos+i <= msb {
			bit = a >> (pos + i) & 1
		}
		d |= bit << i
	}
	return d
}

// bfiRef is the Semantics block of bfi (PTX ISA 3.1 Table 43).
func bfiRef(a, b uint64, c, d uint32, width int) uint64 {
	msb := width - 1
	pos := int(c & 0xff)
	length := int(d & 0xff)
	f := b
	if width == 32 {
		f &= 0xffffffff
	}
	for i := 0; i < length && pos+i <= msb; i++ {
		f = f&^(1<<(pos+i)) | (a>>i&1)<<(pos+i)
	}
	return f
}

func TestBfeBfi(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	mask := func(w int) uint64 {
		if w == 64 {
			return ^uint64(0)
		}
		return 1<<w - 1
	}
	for _, w := range []int{32, 64} {
		check := func(a, b uint64, pos, length uint32) {
			a, b = a&mask(w), b&mask(w)
			f := NewField(w, pos, length)
			for _, signed := range []bool{false, true} {
				got, want := BfeRoutes(f, signed).Value(a, 0), bfeRef(a, pos, length, w, signed)
				if got != want {
					t.Errorf("bfe.%v%d %#x, %d, %d: got %#x, want %#x", map[bool]string{false: "u", true: "s"}[signed], w, a, pos, length, got, want)
				}
			}
			if got, want := BfiRoutes(f).Value(a, b), bfiRef(a, b, pos, length, w); got != want {
				t.Errorf("bfi.b%d %#x, %#x, %d, %d: got %#x, want %#x", w, a, b, pos, length, got, want)
			}
		}
		for _, a := range bitOperands {
			for _, pos := range bitControls {
				for _, length := range bitControls {
					check(a, ^a, pos, length)
				}
			}
		}
		for range 3000 {
			check(rng.Uint64(), rng.Uint64(), rng.Uint32()&0x1ff, rng.Uint32()&0x1ff)
		}
	}
	// The field the diagram draws, and the cases the manual names.
	f := NewField(32, 0x104, 8) // only the low 8 bits of pos count: 4
	if f.Pos != 4 || f.Len != 8 || f.Bits() != 8 {
		t.Errorf("NewField(32, 0x104, 8) = %+v, Bits %d", f, f.Bits())
	}
	if f := NewField(32, 28, 8); f.Bits() != 4 {
		t.Errorf("a field cut at the msb: Bits = %d, want 4", f.Bits())
	}
	r := BfeRoutes(NewField(32, 28, 8), true)
	if r[3] != (BitSrc{Op: 'a', Bit: 31}) || r[4] != (BitSrc{Op: 'a', Bit: 31, Fill: true}) {
		t.Errorf("bfe.s32 pos 28 len 8: bits 3, 4 = %+v, %+v; want a[31] and its sign copy", r[3], r[4])
	}
	if r := BfeRoutes(NewField(32, 4, 0), true); r[0] != (BitSrc{}) {
		t.Errorf("bfe with len 0 must be zero: %+v", r[0])
	}
}
