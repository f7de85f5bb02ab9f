package sim

// call_fwd_test.go: calls of functions declared before they are defined
// (PTX ISA 3.1 §7.1: "A function must be declared or defined prior to being
// called"; a declaration without a body is the function's prototype). The
// machine must see one signature per function, whatever order the module
// declares, calls and defines functions in.

import "testing"

const fwdCallKernel = `.version 7.0
.target sm_80
.address_size 64

// Prototypes first, as clang prints them for functions used before their
// definitions; the second prototype of g repeats the first.
.func (.param .b32 r) g (.param .b32 a, .param .b64 b);
.func (.param .b32 r) g (.param .b32 a, .param .b64 b);
.func (.param .b32 r) is_odd (.param .b32 n);
.func (.reg .u32 r) twice (.reg .u32 a, .reg .u32 b);

// is_even and is_odd call each other: whichever the module defines first
// calls the other before its definition.
.func (.param .b32 r) is_even (.param .b32 n)
{
	.reg .pred %p;
	.reg .b32 %n, %m, %v;
	ld.param.b32 %n, [n];
	mov.b32 %v, 1;
	setp.eq.u32 %p, %n, 0;
	@%p bra done;
	sub.u32 %m, %n, 1;
	{
	.param .b32 param0;
	st.param.b32 [param0], %m;
	.param .b32 retval0;
	call.uni (retval0), is_odd, (param0);
	ld.param.b32 %v, [retval0];
	}
done:
	st.param.b32 [r], %v;
	ret;
}

.visible .entry k(.param .u64 pin, .param .u64 pout)
{
	.reg .b32 %lane, %x, %e, %y, %t;
	.reg .b64 %ia, %oa, %off, %w;
	mov.u32 %lane, %laneid;
	ld.param.u64 %ia, [pin];
	ld.param.u64 %oa, [pout];
	mul.wide.u32 %off, %lane, 8;
	add.s64 %ia, %ia, %off;
	add.s64 %oa, %oa, %off;
	ld.global.u32 %x, [%ia];
	ld.global.u64 %w, [%ia+256];
	{
	.param .b32 param0;
	st.param.b32 [param0], %x;
	.param .b32 retval0;
	call.uni (retval0), is_odd, (param0);
	ld.param.b32 %e, [retval0];
	}
	{
	.param .b32 param0;
	st.param.b32 [param0], %x;
	.param .b64 param1;
	st.param.b64 [param1], %w;
	.param .b32 retval0;
	call.uni (retval0), g, (param0, param1);
	ld.param.b32 %y, [retval0];
	}
	call.uni (%t), twice, (%x, %e);
	st.global.u32 [%oa], %e;
	st.global.u32 [%oa+256], %y;
	st.global.u32 [%oa+512], %t;
	ret;
}

.func (.param .b32 r) is_odd (.param .b32 n)
{
	.reg .pred %p;
	.reg .b32 %n, %m, %v;
	ld.param.b32 %n, [n];
	mov.b32 %v, 0;
	setp.eq.u32 %p, %n, 0;
	@%p bra done;
	sub.u32 %m, %n, 1;
	{
	.param .b32 param0;
	st.param.b32 [param0], %m;
	.param .b32 retval0;
	call.uni (retval0), is_even, (param0);
	ld.param.b32 %v, [retval0];
	}
done:
	st.param.b32 [r], %v;
	ret;
}

// g's parameter names differ from its prototypes': the names are not
// part of the interface.
.func (.param .b32 ret) g (.param .b32 x, .param .b64 y)
{
	.reg .b32 %a, %c;
	.reg .b64 %b;
	ld.param.b32 %a, [x];
	ld.param.b64 %b, [y];
	cvt.u32.u64 %c, %b;
	shr.u64 %b, %b, 32;
	cvt.u32.u64 %a, %b;
	sub.u32 %c, %c, %a;
	ld.param.b32 %a, [x];
	mad.lo.u32 %c, %a, 3, %c;
	st.param.b32 [ret], %c;
	ret;
}

.func (.reg .u32 r) twice (.reg .u32 a, .reg .u32 b)
{
	shl.b32 r, a, 1;
	add.u32 r, r, b;
	ret;
}
`

func TestCallForwardDeclared(t *testing.T) {
	p := compilePTX(t, "fwdcall.ptx", fwdCallKernel)
	var in [2][32]uint64
	for i := range 32 {
		in[0][i] = uint64(i * 3)                        // recursion depth up to 93 calls
		in[1][i] = uint64(1000*i+7)<<32 | uint64(5*i+1) // g: lo - hi + 3x
	}
	in[0][31] = 200 // 200 nested calls
	out := runHarness(t, p, in[:], 3)
	for i := range 32 {
		x := uint32(in[0][i])
		lo, hi := uint32(in[1][i]), uint32(in[1][i]>>32)
		odd := uint32(x & 1)
		for k, c := range []struct {
			what string
			want uint32
		}{
			{"is_odd(x)", odd},
			{"g(x, w) = lo(w) - hi(w) + 3x", lo - hi + 3*x},
			{"twice(x, e) = 2x + e (.reg parameters)", 2*x + odd},
		} {
			if got := uint32(out[k][i]); got != c.want {
				t.Errorf("lane %d (x=%d): %s: got %d, want %d", i, x, c.what, got, c.want)
			}
		}
	}
}
