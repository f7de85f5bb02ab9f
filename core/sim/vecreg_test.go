package sim

// vecreg_test.go: vector register variables (PTX ISA 3.1 §5.4.2 "Vectors":
// ".reg .v4 .f32 v;"; elements read and written as v.x, v.y, v.z, v.w or
// v.r, v.g, v.b, v.a) as whole operands of ld/st.vN and mov.vN, and of mov
// pack/unpack (the mov page: "mov.b64 d, a" with a a .v2 .u32 register packs
// {a.x, a.y} into d, a.x in the low bits; the reverse unpacks).

import (
	"math"
	"testing"
)

func TestVectorRegisters(t *testing.T) {
	p := compileHarness(t, "7.0", "sm_80", `
	.reg .v2 .u32 %v2;
	.reg .v2 .u32 %w2;
	.reg .v4 .f32 %v4;
	.reg .v2 .b16 %vh;
	.reg .v4 .b8 %vb;
	.reg .v4 .u16 %v4h;
	.local .align 16 .b8 buf[16];
	ld.global.u32 %r1, [%ia];
	ld.global.u64 %rd1, [%ia+256];
	// element writes by .x/.y, packed into a .b64: x in the low half
	mov.u32 %v2.x, %r1;
	add.u32 %v2.y, %r1, 1000;
	mov.b64 %rd2, %v2;
	st.global.u64 [%oa], %rd2;
	// unpack a .b64 into a vector register; read .y back
	mov.b64 %w2, %rd1;
	st.global.u32 [%oa+256], %w2.y;
	// .r .g .b .a name the same elements as .x .y .z .w
	cvt.rn.f32.u32 %v4.r, %r1;
	mov.f32 %v4.g, 0f3F800000;
	mov.f32 %v4.b, 0fC0000000;
	neg.f32 %v4.a, %v4.x;
	st.global.v2.u32 [%oa+512], %w2;
	ld.global.v2.u32 %v2, [%oa+512];
	st.global.u32 [%oa+1024], %v2.x;
	// .v2 .b16 from a .b32 and back, halves swapped
	mov.b32 %vh, %r1;
	mov.b32 %r2, {%vh.y, %vh.x};
	st.global.u32 [%oa+1280], %r2;
	// .v4 .b8 bytes of a .b32, reversed through element names
	mov.b32 %vb, %r1;
	mov.b32 %r3, {%vb.a, %vb.b, %vb.g, %vb.r};
	st.global.u32 [%oa+1536], %r3;
	// .v4 .u16 unpacks a .b64; mov.v4 copies whole vectors
	mov.b64 %v4h, %rd1;
	mov.v4.u16 {%h0, %h1, %h2, %h3}, %v4h;
	cvt.u32.u16 %r4, %h2;
	st.global.u32 [%oa+1792], %r4;
	// mov.v2 copies a whole vector register
	mov.v2.u32 %w2, %v2;
	st.global.u32 [%oa+2048], %w2.y;
	st.global.u32 [%oa+2304], %w2.x;
	// st.v4 of the whole register writes x at the lowest address
	st.local.v4.f32 [buf], %v4;
	ld.local.v2.u32 %w2, [buf];
	mov.b64 %rd3, %w2;
	st.global.u64 [%oa+2560], %rd3;
	ld.local.v2.u32 %w2, [buf+8];
	mov.b64 %rd3, %w2;
	st.global.u64 [%oa+2816], %rd3;
`)
	var in [2][32]uint64
	for i := range 32 {
		in[0][i] = uint64(0x01020304 * (i + 1))
		in[1][i] = uint64(0x1111_2222_3333_4444) * uint64(i+1)
	}
	out := runHarness(t, p, in[:], 12)
	for i := range 32 {
		x, d := uint32(in[0][i]), in[1][i]
		d2 := uint64(x) | uint64(x+1000)<<32
		for _, c := range []struct {
			what string
			k    int
			got  uint64
			want uint64
		}{
			{"mov.b64 d, v (.v2 .u32): y<<32 | x", 0, out[0][i], d2},
			{"mov.b64 v, d then v.y: high half", 1, out[1][i] & 0xffffffff, d >> 32},
			{"st.v2 of w then ld.v2 into v: x", 4, out[4][i] & 0xffffffff, d & 0xffffffff},
			{"mov.b32 {h.y, h.x} of a .v2 .b16 unpacked from x: halves swapped", 5, out[5][i] & 0xffffffff, uint64(x>>16 | x<<16)},
			{"mov.b32 {b.a, b.b, b.g, b.r} of a .v4 .b8: bytes reversed", 6, out[6][i] & 0xffffffff, uint64(x>>24 | x>>8&0xff00 | x<<8&0xff0000 | x<<24)},
			{"mov.b64 of a .v4 .u16, element z", 7, out[7][i] & 0xffffffff, d >> 32 & 0xffff},
			{"mov.v2.u32 w, v after ld.v2 into v: w.y = d's high half", 8, out[8][i], d >> 32},
			{"... w.x = d's low half", 9, out[9][i], d & 0xffffffff},
			{"st.v4.f32 of v = {(float)x, 1, -2, -(float)x}: x, y", 10, out[10][i], uint64(math.Float32bits(float32(x))) | 0x3f800000<<32},
			{"... z, w", 11, out[11][i], 0xc0000000 | uint64(math.Float32bits(-float32(x)))<<32},
		} {
			if c.got != c.want {
				t.Errorf("lane %d: %s: got %#x, want %#x", i, c.what, c.got, c.want)
			}
		}
	}
}
