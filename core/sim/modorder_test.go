package sim

// modorder_test.go: modifiers written in another order than the manual's
// (ptxas takes them as a set where the order carries no meaning) run
// exactly as the manual's order does.

import (
	"strings"
	"testing"
)

func TestModifierOrderRunsTheSame(t *testing.T) {
	tests := []struct {
		desc, canonical, permuted string
		load                      string // how the inputs reach %r/%f/%fd registers
	}{
		{"div .rn.ftz", "div.rn.ftz.f32 %f3, %f1, %f2;", "div.ftz.rn.f32 %f3, %f1, %f2;", "f32"},
		{"add .rm after the type", "add.rm.f32 %f3, %f1, %f2;", "add.f32.rm %f3, %f1, %f2;", "f32"},
		{"fma .rz.sat", "fma.rz.ftz.sat.f32 %f3, %f1, %f2, %f1;", "fma.sat.rz.ftz.f32 %f3, %f1, %f2, %f1;", "f32"},
		{"cvt rounding between types", "cvt.rp.f32.f64 %f3, %fd1;", "cvt.f32.rp.f64 %f3, %fd1;", "f64"},
		{"mul.hi", "mul.hi.s32 %r3, %r1, %r2;", "mul.s32.hi %r3, %r1, %r2;", "b32"},
		{"mad.lo.cc", "mad.lo.cc.u32 %r3, %r1, %r2, %r1;\n\taddc.u32 %r3, %r3, 0;", "mad.cc.lo.u32 %r3, %r1, %r2, %r1;\n\taddc.u32 %r3, %r3, 0;", "b32"},
		{"shf.wrap.l", "shf.l.wrap.b32 %r3, %r1, %r2, %r2;", "shf.wrap.l.b32 %r3, %r1, %r2, %r2;", "b32"},
		{"shfl.bfly.sync", "shfl.sync.bfly.b32 %r3, %r1, 5, 31, -1;", "shfl.bfly.sync.b32 %r3, %r1, 5, 31, -1;", "b32"},
		{"vote.ballot.sync", "setp.lt.u32 %p1, %r1, %r2;\n\tvote.sync.ballot.b32 %r3, %p1, -1;", "setp.lt.u32 %p1, %r1, %r2;\n\tvote.ballot.sync.b32 %r3, %p1, -1;", "b32"},
		{"setp with a boolean op", "setp.lt.and.s32 %p1, %r1, %r2, %p2;\n\tselp.u32 %r3, 1, 0, %p1;", "setp.and.lt.s32 %p1, %r1, %r2, %p2;\n\tselp.u32 %r3, 1, 0, %p1;", "b32"},
	}
	loads := map[string]string{
		"f32": "ld.global.f32 %f1, [%ia];\n\tld.global.f32 %f2, [%ia+256];\n\tsetp.ne.b32 %p2, %lane, 5;\n\t",
		"f64": "ld.global.f64 %fd1, [%ia];\n\t",
		"b32": "ld.global.u32 %r1, [%ia];\n\tld.global.u32 %r2, [%ia+256];\n\tsetp.ne.b32 %p2, %lane, 5;\n\t",
	}
	stores := map[string]string{
		"f32": "\n\tst.global.f32 [%oa], %f3;",
		"f64": "\n\tst.global.f32 [%oa], %f3;",
		"b32": "\n\tst.global.u32 [%oa], %r3;",
	}
	var in [2][32]uint64
	seed := uint64(0x9E3779B97F4A7C15)
	for k := range in {
		for i := range in[k] {
			seed = seed*6364136223846793005 + 1442695040888963407
			in[k][i] = seed >> 7
		}
	}
	// Edge values: zeros, a subnormal f32, 1.0 and -1.0, the largest f32.
	in[0][0], in[1][0] = 0, 0x80000000
	in[0][1], in[1][1] = 0x00000001, 0x3f800000
	in[0][2], in[1][2] = 0x7f7fffff, 0xbf800000
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			body := func(ins string) string { return "\t" + loads[tt.load] + ins + stores[tt.load] }
			want := runHarness(t, compileHarness(t, "", "", body(tt.canonical)), in[:], 1)
			got := runHarness(t, compileHarness(t, "", "", body(tt.permuted)), in[:], 1)
			for i := range 32 {
				if got[0][i] != want[0][i] {
					t.Errorf("lane %d: %s gives %#x, %s gives %#x", i, strings.Fields(tt.permuted)[0], got[0][i], strings.Fields(tt.canonical)[0], want[0][i])
				}
			}
		})
	}
}
