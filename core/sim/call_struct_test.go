package sim

// call_struct_test.go: structs passed and returned by value. clang passes a
// struct as a .param byte array of its size and alignment (".param .align 8
// .b8 p[24]") and returns one the same way; PTX ISA 3.1 §5.1.6.2: "Aside
// from passing structures by value, .param space is also required whenever
// a formal parameter has its address taken within the called function",
// and the address a mov gives is read with ld.param (clang -O0 does so).
// Every byte of the array must reach the callee and come back, however
// large the struct (testdata/run/structs covers clang's own output).

import (
	"math"
	"testing"
)

const structCallKernel = `.version 7.0
.target sm_80
.address_size 64

// p: {s8 c @0; s16 s @2; s32 i @4; s64 l @8; f64 d @16}, 24 bytes.
// Returns {p.c*1000000 + p.s*1000 + p.i + p.l + (s64)(p.d*16) @0, the
// members in reverse order @8..@32}: 40 bytes. The double at 16 is read
// by name and again through mov'd addresses, as clang -O0 does.
.func (.param .align 8 .b8 r[40]) sum24 (.param .align 8 .b8 p[24])
{
	.reg .b16 %c, %s;
	.reg .b32 %c32, %s32, %i;
	.reg .b64 %l, %t, %u, %a;
	.reg .f64 %d, %d2;
	ld.param.s8 %c, [p];
	ld.param.s16 %s, [p+2];
	ld.param.s32 %i, [p+4];
	ld.param.s64 %l, [p+8];
	ld.param.f64 %d, [p+16];
	cvt.s32.s16 %c32, %c;
	cvt.s32.s16 %s32, %s;
	mul.lo.s32 %c32, %c32, 1000000;
	mad.lo.s32 %c32, %s32, 1000, %c32;
	add.s32 %c32, %c32, %i;
	cvt.s64.s32 %t, %c32;
	add.s64 %t, %t, %l;
	mul.f64 %d2, %d, 0d4030000000000000;
	cvt.rzi.s64.f64 %u, %d2;
	add.s64 %t, %t, %u;
	st.param.b64 [r], %t;
	mov.b64 %a, p;
	ld.param.f64 %d2, [%a+16];
	st.param.f64 [r+8], %d2;
	st.param.b64 [r+16], %l;
	st.param.b32 [r+24], %i;
	st.param.b16 [r+28], %s;
	st.param.b8 [r+30], %c;
	st.param.b8 [r+31], 0;
	st.param.b64 [r+32], 0;
	ret;
}

.visible .entry k(.param .u64 pin, .param .u64 pout)
{
	.reg .b16 %c, %s;
	.reg .b32 %lane, %x, %i;
	.reg .b64 %ia, %oa, %off, %l, %t;
	.reg .f64 %d;
	mov.u32 %lane, %laneid;
	ld.param.u64 %ia, [pin];
	ld.param.u64 %oa, [pout];
	mul.wide.u32 %off, %lane, 8;
	add.s64 %ia, %ia, %off;
	add.s64 %oa, %oa, %off;
	ld.global.u64 %l, [%ia];
	ld.global.f64 %d, [%ia+256];
	sub.s32 %x, %lane, 3;
	cvt.u16.u32 %c, %x;
	mul.lo.s32 %x, %lane, 7;
	cvt.u16.u32 %s, %x;
	mul.lo.s32 %i, %lane, 100;
	{
	.param .align 8 .b8 param0[24];
	st.param.b8 [param0], %c;
	st.param.b16 [param0+2], %s;
	st.param.b32 [param0+4], %i;
	st.param.b64 [param0+8], %l;
	st.param.f64 [param0+16], %d;
	.param .align 8 .b8 retval0[40];
	call.uni (retval0), sum24, (param0);
	ld.param.b64 %t, [retval0];
	st.global.u64 [%oa], %t;
	ld.param.b64 %t, [retval0+8];
	st.global.u64 [%oa+256], %t;
	ld.param.b64 %t, [retval0+16];
	st.global.u64 [%oa+512], %t;
	ld.param.b64 %t, [retval0+24];
	st.global.u64 [%oa+768], %t;
	}
	ret;
}
`

func TestCallStructByValue(t *testing.T) {
	p := compilePTX(t, "struct24.ptx", structCallKernel)
	var in [2][32]uint64
	for i := range 32 {
		in[0][i] = uint64(i) << 33
		in[1][i] = math.Float64bits(float64(i)*0.5 + 0.25) // d*16 = 8i + 4
	}
	out := runHarness(t, p, in[:], 4)
	for i := range 32 {
		c, s, n := int64(i-3), int64(7*i), int64(100*i)
		for k, row := range []struct {
			what string
			want uint64
		}{
			{"c*1000000 + s*1000 + i + l + (s64)(d*16)", uint64(c*1000000 + s*1000 + n + int64(i)<<33 + int64(8*i+4))},
			{"the double at offset 16, through mov and ld.param [reg+16]", in[1][i]},
			{"the long long at offset 8, returned at 16", in[0][i]},
			{"i, s, c and a zero byte returned at 24..31", uint64(uint32(n)) | uint64(uint16(s))<<32 | uint64(uint8(c))<<48},
		} {
			if out[k][i] != row.want {
				t.Errorf("lane %d: %s: got %#x, want %#x", i, row.what, out[k][i], row.want)
			}
		}
	}
}
