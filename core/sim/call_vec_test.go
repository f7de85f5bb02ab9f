package sim

// call_vec_test.go: calls with vector arguments and return values (PTX ISA
// 3.1 §7.1: "Scalar and vector base-type input and return parameters may be
// represented simply as register variables"; §6.4.3: "Vectors may also be
// passed as arguments to called functions"), and calls of functions that
// return nothing.

import "testing"

const vecCallKernel = `.version 8.0
.target sm_80
.address_size 64

// out = {in.y + h.z, in.x + h.z}: vector .reg parameters and return value,
// components read and written by name (.x .y .z).
.func (.reg .v2 .u32 out) swapadd(.reg .v2 .u32 in, .reg.v4.u16 h)
{
	.reg .b32 t;
	cvt.u32.u16 t, h.z;
	add.u32 out.x, in.y, t;
	add.u32 out.y, in.x, t;
	ret;
}

// Returns nothing: stores v.y then v.x at p (a vector .param formal,
// passed a vector register).
.func storep(.param .b64 p, .param .align 8 .v2 .u32 v)
{
	.reg .b64 a;
	.reg .v2 .u32 w;
	ld.param.u64 a, [p];
	ld.param.v2.u32 w, [v];
	st.global.u32 [a], w.y;
	st.global.u32 [a+4], w.x;
	ret;
}

// No parameters and no return value, called as "call f;" and "call f, ();".
.func tick()
{
	ret;
}

.visible .entry k(.param .u64 pin, .param .u64 pout)
{
	.reg .b32 %lane;
	.reg .b64 %ia, %oa, %off, %p;
	.reg .v2 .u32 %v, %w;
	.reg .v4 .u16 %h;
	mov.u32 %lane, %laneid;
	ld.param.u64 %ia, [pin];
	ld.param.u64 %oa, [pout];
	mul.wide.u32 %off, %lane, 8;
	add.s64 %ia, %ia, %off;
	add.s64 %oa, %oa, %off;
	ld.global.v2.u32 %v, [%ia];
	ld.global.v4.u16 %h, [%ia+256];
	call (%w), swapadd, (%v, %h);
	st.global.v2.u32 [%oa], %w;
	add.s64 %p, %oa, 256;
	call.uni
		storep,
		(
		%p,
		%v
		);
	call.uni
		tick
		;
	call tick, ();
	ret;
}
`

func TestCallVectorParams(t *testing.T) {
	p := compilePTX(t, "veccall.ptx", vecCallKernel)
	var in [2][32]uint64
	for i := range 32 {
		x := uint64(0xfffffff0 + 3*i) // wraps when h.z is added
		y := uint64(1000 * i)
		in[0][i] = x | y<<32
		hz := uint64(7 * i)
		in[1][i] = 0x1111 | 0x2222<<16 | hz<<32 | 0x4444<<48
	}
	out := runHarness(t, p, in[:], 2)
	for i := range 32 {
		x, y, hz := in[0][i]&0xffffffff, in[0][i]>>32, uint64(7*i)
		want0 := (y+hz)&0xffffffff | ((x+hz)&0xffffffff)<<32
		if out[0][i] != want0 {
			t.Errorf("lane %d: swapadd got %#x, want %#x", i, out[0][i], want0)
		}
		want1 := y | x<<32
		if out[1][i] != want1 {
			t.Errorf("lane %d: storep got %#x, want %#x", i, out[1][i], want1)
		}
	}
}
