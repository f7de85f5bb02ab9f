package sim

// genericvar_test.go: which address a variable's name denotes (PTX ISA
// 3.1). mov gives "the address of the variable in its state space"
// (§8.7.8.3 mov, §6.4.1); cvta.space gives "the generic address of var"
// (§8.7.8.13); an instruction without a state space uses generic
// addressing (§8.7.8.8 ld, §8.7.8.10 st, atom), and "[var]" there names
// the variable itself ("d = a; // named variable a"): it must reach the
// variable through its generic address, for .global, .const, .local and
// .shared variables, with an offset ("[sh+4]") or without.

import "testing"

const genericVarKernel = `.version 7.0
.target sm_80
.address_size 64

.global .align 4 .u32 gv[4] = {1, 2, 3, 4};
.const .align 4 .u32 cv[4] = {5, 6, 7, 8};
.shared .align 4 .u32 pad[3];
.shared .align 4 .u32 sh[4];

// A .func parameter named in a generic load reads the parameter.
.func (.param .b32 r) twice (.param .b32 a)
{
	.reg .b32 %x;
	ld.b32 %x, [a];
	add.u32 %x, %x, %x;
	st.param.b32 [r], %x;
	ret;
}

.visible .entry k(.param .u64 pin, .param .u64 pout)
{
	.local .align 4 .u32 lv[4];
	.reg .pred %p, %q;
	.reg .b32 %lane, %v, %w, %bits;
	.reg .b64 %ia, %oa, %off, %m, %g1, %g2, %pa;
	mov.u32 %lane, %laneid;
	ld.param.u64 %ia, [pin];
	ld.param.u64 %oa, [pout];
	mul.wide.u32 %off, %lane, 8;
	add.s64 %ia, %ia, %off;
	add.s64 %oa, %oa, %off;
	st.shared.u32 [pad], 0;
	st.shared.u32 [sh+4], 99;
	st.shared.u32 [sh+12], 0;
	mul.lo.u32 %v, %lane, 3;
	st.local.u32 [lv+4], %v;
	bar.sync 0;

	// generic ld of a variable: .global, .const, .shared, .local
	ld.u32 %v, [gv+4];
	st.global.u32 [%oa], %v;
	ld.u32 %v, [cv+4];
	st.global.u32 [%oa+256], %v;
	ld.u32 %v, [sh+4];
	st.global.u32 [%oa+512], %v;
	ld.u32 %v, [lv+4];
	st.global.u32 [%oa+768], %v;

	// generic st and atom of a variable
	st.u32 [sh+8], 123;
	bar.warp.sync -1;
	ld.shared.u32 %v, [sh+8];
	st.global.u32 [%oa+1024], %v;
	add.u32 %w, %lane, 7;
	st.u32 [lv+8], %w;
	ld.local.u32 %v, [lv+8];
	st.global.u32 [%oa+1280], %v;
	atom.add.u32 %v, [sh+12], 1;
	bar.sync 0;
	ld.shared.u32 %v, [sh+12];
	st.global.u32 [%oa+1536], %v;
	st.u32 [gv+8], 55;
	bar.warp.sync -1;
	ld.global.u32 %v, [gv+8];
	st.global.u32 [%oa+1792], %v;

	// mov gives the state-space address, cvta the generic one: for each
	// space, bit 0: cvta of mov's address equals cvta of the name; bit 1:
	// isspacep of the generic address; bit 2: ld.space through mov's
	// address reads the variable; bit 3: the generic address differs from
	// mov's (false for .global, where they are the same).
	mov.u64 %m, sh;
	cvta.shared.u64 %g1, %m;
	cvta.shared.u64 %g2, sh;
	setp.eq.u64 %p, %g1, %g2;
	selp.u32 %bits, 1, 0, %p;
	isspacep.shared %p, %g2;
	selp.u32 %v, 2, 0, %p;
	or.b32 %bits, %bits, %v;
	ld.shared.u32 %v, [%m+4];
	setp.eq.u32 %p, %v, 99;
	selp.u32 %v, 4, 0, %p;
	or.b32 %bits, %bits, %v;
	setp.ne.u64 %p, %m, %g2;
	selp.u32 %v, 8, 0, %p;
	or.b32 %bits, %bits, %v;
	st.global.u32 [%oa+2048], %bits;

	mov.u64 %m, lv;
	cvta.local.u64 %g1, %m;
	cvta.local.u64 %g2, lv;
	setp.eq.u64 %p, %g1, %g2;
	selp.u32 %bits, 1, 0, %p;
	isspacep.local %p, %g2;
	selp.u32 %v, 2, 0, %p;
	or.b32 %bits, %bits, %v;
	ld.local.u32 %v, [%m+4];
	mul.lo.u32 %w, %lane, 3;
	setp.eq.u32 %p, %v, %w;
	selp.u32 %v, 4, 0, %p;
	or.b32 %bits, %bits, %v;
	setp.ne.u64 %p, %m, %g2;
	selp.u32 %v, 8, 0, %p;
	or.b32 %bits, %bits, %v;
	st.global.u32 [%oa+2304], %bits;

	mov.u64 %m, cv;
	cvta.const.u64 %g1, %m;
	cvta.const.u64 %g2, cv;
	setp.eq.u64 %p, %g1, %g2;
	selp.u32 %bits, 1, 0, %p;
	isspacep.const %p, %g2;
	selp.u32 %v, 2, 0, %p;
	or.b32 %bits, %bits, %v;
	ld.const.u32 %v, [%m+4];
	setp.eq.u32 %p, %v, 6;
	selp.u32 %v, 4, 0, %p;
	or.b32 %bits, %bits, %v;
	setp.ne.u64 %p, %m, %g2;
	selp.u32 %v, 8, 0, %p;
	or.b32 %bits, %bits, %v;
	st.global.u32 [%oa+2560], %bits;

	mov.u64 %m, gv;
	cvta.global.u64 %g1, %m;
	cvta.global.u64 %g2, gv;
	setp.eq.u64 %p, %g1, %g2;
	selp.u32 %bits, 1, 0, %p;
	isspacep.global %p, %g2;
	selp.u32 %v, 2, 0, %p;
	or.b32 %bits, %bits, %v;
	ld.global.u32 %v, [%m+4];
	setp.eq.u32 %p, %v, 2;
	selp.u32 %v, 4, 0, %p;
	or.b32 %bits, %bits, %v;
	setp.ne.u64 %p, %m, %g2;
	selp.u32 %v, 8, 0, %p;
	or.b32 %bits, %bits, %v;
	st.global.u32 [%oa+2816], %bits;

	// generic ld through cvta's address of each variable (+4)
	cvta.shared.u64 %g1, sh;
	ld.u32 %v, [%g1+4];
	cvta.local.u64 %g1, lv;
	ld.u32 %w, [%g1+4];
	add.u32 %v, %v, %w;
	cvta.const.u64 %g1, cv;
	ld.u32 %w, [%g1+4];
	add.u32 %v, %v, %w;
	st.global.u32 [%oa+3072], %v;

	// a kernel parameter and a .func parameter in generic loads
	ld.u64 %pa, [pin];
	ld.param.u64 %g1, [pin];
	setp.eq.u64 %p, %pa, %g1;
	selp.u32 %v, 1, 0, %p;
	st.global.u32 [%oa+3328], %v;
	{
	.param .b32 param0;
	st.param.b32 [param0], %lane;
	.param .b32 retval0;
	call.uni (retval0), twice, (param0);
	ld.param.b32 %v, [retval0];
	}
	st.global.u32 [%oa+3584], %v;
	ret;
}
`

func TestGenericAddressOfVariable(t *testing.T) {
	p := compilePTX(t, "genericvar.ptx", genericVarKernel)
	out := runHarness(t, p, nil, 15)
	for i := range 32 {
		lane := uint64(i)
		for k, c := range []struct {
			what string
			want uint64
		}{
			{"ld.u32 [gv+4] (.global)", 2},
			{"ld.u32 [cv+4] (.const)", 6},
			{"ld.u32 [sh+4] (.shared, not at shared address 0)", 99},
			{"ld.u32 [lv+4] (.local, the lane's own)", 3 * lane},
			{"st.u32 [sh+8] read back by ld.shared", 123},
			{"st.u32 [lv+8] read back by ld.local", lane + 7},
			{"atom.add.u32 [sh+12], 1 by 32 lanes", 32},
			{"st.u32 [gv+8] read back by ld.global", 55},
			{".shared: cvta(mov sh) = cvta sh, isspacep, ld.shared [mov], generic != mov", 15},
			{".local: the same", 15},
			{".const: the same", 15},
			{".global: the same, and the generic address is mov's", 7},
			{"ld through cvta's address: sh[1] + lv[1] + cv[1]", 99 + 3*lane + 6},
			{"ld.u64 [pin] = ld.param.u64 [pin]", 1},
			{".func: ld.b32 [a] of a parameter", 2 * lane},
		} {
			if got := out[k][i]; got != c.want {
				t.Errorf("lane %d: %s: got %d, want %d", i, c.what, got, c.want)
			}
		}
	}
}
