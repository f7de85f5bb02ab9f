package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestApprox: -with approx writes every instruction of approxOps and the
// three operand ranges (300 programs), programs without it none; the
// checks (approxShared) take what the ISA's bounds allow and refuse what
// they do not, in rows worked out by hand from PTX ISA 9.7.3 (the exact
// value rounded once is the value that goes on; one ulp or relative
// step past the bound is refused and goes on as a NaN); a fixed seed set
// runs at -O0 and -O3 with every output agreeing. With ptxplay's
// ex2.approx.ftz.f32 not flushing a subnormal result (a deliberate
// mistake in core/fp), seed 12000007 traps at both levels; with its
// div.approx.f32 taking a / b for 2^126 < |b| (where the ISA gives a
// zero), seed 12000023 (the smoke window 12000007-12000023).
func TestApprox(t *testing.T) {
	cfg := withConfig(t, "approx")
	seen := map[string]bool{}
	other := withConfig(t, "intrin,asm,round,carry")
	for s := uint64(1); s <= 300; s++ {
		c := Generate(s, cfg).C()
		for _, op := range approxOps {
			if strings.Contains(c, "I_"+op.name+"(") {
				seen[op.name] = true
			}
		}
		for r := range 4 {
			if strings.Contains(c, "I_apx_in(") && strings.Contains(c, fmt.Sprintf("(u32)0x%du))", r)) {
				seen[fmt.Sprint("range ", r)] = true
			}
		}
		if oc := Generate(s, other).C(); strings.Contains(oc, "I_apx_in(") || strings.Contains(oc, "_approx(") || strings.Contains(oc, "_ftz(") {
			t.Fatalf("seed %d: -with intrin,asm,round,carry writes an approx instruction", s)
		}
	}
	for _, op := range approxOps {
		if !seen[op.name] {
			t.Errorf("300 programs with -with approx never wrote I_%s", op.name)
		}
	}
	for r := range 4 {
		if !seen[fmt.Sprint("range ", r)] {
			t.Errorf("300 programs with -with approx never wrote range %d of I_apx_in", r)
		}
	}
	const nan = "u2f(0x7fc00000u)"
	const inf, ninf = "u2f(0x7f800000u)", "u2f(0xff800000u)"
	checkHostRows(t, preludeC+approxShared+approxHost, "", []hostRow{
		// ex2.approx.f32: 2 ulp from the correctly rounded result; the
		// special values exactly.
		{"ex2.approx 1: 2", "f2u(I_ex2_approx(1.0f))", 0x40000000},
		{"ex2.approx 0.5: sqrt 2 rounded", "f2u(I_ex2_approx(0.5f))", 0x3fb504f3},
		{"ex2.approx -Inf: +0", "f2u(I_ex2_approx(" + ninf + "))", 0},
		{"ex2.approx +Inf: +Inf", "f2u(I_ex2_approx(" + inf + "))", 0x7f800000},
		{"ex2.approx 128: past the largest float, Inf", "f2u(I_ex2_approx(128.0f))", 0x7f800000},
		{"ex2.approx -149: the smallest subnormal (no .ftz)", "f2u(I_ex2_approx(-149.0f))", 1},
		{"ex2.approx.ftz -149: flushed to +0", "f2u(I_ex2_approx_ftz(-149.0f))", 0},
		{"ex2.approx.ftz of a subnormal: 2^0", "f2u(I_ex2_approx_ftz(u2f(1u)))", 0x3f800000},
		{"ex2.approx 1, r 2 ulp above 2: in bound, 2 goes on", "f2u(A_ex2(u2f(0x40000002u), 1.0f, 0, 0))", 0x40000000},
		{"ex2.approx 1, r 2 floats below 2: in bound", "f2u(A_ex2(u2f(0x3ffffffeu), 1.0f, 0, 0))", 0x40000000},
		{"ex2.approx 1, r 3 ulp above: refused, a NaN goes on", "f2u(A_ex2(u2f(0x40000003u), 1.0f, 0, 0))", 0x7fffffff},
		{"ex2.approx -Inf, r -0: the sign refused", "f2u(A_ex2(-0.0f, " + ninf + ", 0, 0))", 0x7fffffff},
		{"ex2.approx 1, r NaN: refused", "f2u(A_ex2(" + nan + ", 1.0f, 0, 0))", 0x7fffffff},
		{"ex2.approx.ftz -126, r +0: exact 2^-126 may flush", "f2u(A_ex2(0.0f, -126.0f, 1, 0))", 0x00800000},
		{"ex2.approx.ftz -127, r a subnormal: refused", "f2u(A_ex2(u2f(0x00400000u), -127.0f, 1, 0))", 0x7fffffff},
		{"ex2.approx.ftz -100, r +0: refused (2^-100 is normal)", "f2u(A_ex2(0.0f, -100.0f, 1, 0))", 0x7fffffff},
		{"ex2.approx.ftz -100: 2^-100", "f2u(I_ex2_approx_ftz(-100.0f))", 0x0d800000},
		// div.approx.f32: 2 ulp for |b| in [2^-126, 2^126]; a zero for
		// 2^126 < |b| < 2^128, NaN for an infinite a; a * (1/b) for a
		// zero, infinite or NaN b.
		{"div.approx 1 / 3", "f2u(I_div_approx(1.0f, 3.0f))", 0x3eaaaaab},
		{"div.approx 1 / 3, r 2 ulp above: in bound", "f2u(A_div_approx(u2f(0x3eaaaaadu), 1.0f, 3.0f, 0))", 0x3eaaaaab},
		{"div.approx 1 / 3, r 3 ulp above: refused", "f2u(A_div_approx(u2f(0x3eaaaaaeu), 1.0f, 3.0f, 0))", 0x7fffffff},
		{"div.approx 1 / 2^127: +0", "f2u(I_div_approx(1.0f, 0x1p127f))", 0},
		{"div.approx -1 / 2^127: -0", "f2u(I_div_approx(-1.0f, 0x1p127f))", 0x80000000},
		{"div.approx 1 / -2^127: -0", "f2u(I_div_approx(1.0f, -0x1p127f))", 0x80000000},
		{"div.approx 1 / 2^127, r 2^-127 (a / b): refused", "f2u(A_div_approx(u2f(0x00400000u), 1.0f, 0x1p127f, 0))", 0x7fffffff},
		{"div.approx -Inf / 2^127: NaN", "f2u(I_div_approx(" + ninf + ", 0x1p127f))", 0x7fffffff},
		{"div.approx 1 / 2^126: in the bounded range, 2^-126", "f2u(I_div_approx(1.0f, 0x1p126f))", 0x00800000},
		{"div.approx 1 / -0: -Inf", "f2u(I_div_approx(1.0f, -0.0f))", 0xff800000},
		{"div.approx 0 / 0: NaN", "f2u(I_div_approx(0.0f, 0.0f))", 0x7fffffff},
		{"div.approx 1 / -Inf: -0", "f2u(I_div_approx(1.0f, " + ninf + "))", 0x80000000},
		{"div.approx 1 / -Inf, r +0: refused", "f2u(A_div_approx(0.0f, 1.0f, " + ninf + ", 0))", 0x7fffffff},
		{"div.approx 1 / 2^-140 (a subnormal b): not checked, 1/b rounded (Inf) goes on", "f2u(A_div_approx(42.0f, 1.0f, 0x1p-140f, 0))", 0x7f800000},
		// div.full.f32: 2 ulp across the full range.
		{"div.full 1 / 2^127: 2^-127, a subnormal", "f2u(I_div_full(1.0f, 0x1p127f))", 0x00400000},
		{"div.full 1 / 2^127, r +0: refused", "f2u(A_div_full(0.0f, 1.0f, 0x1p127f, 0))", 0x7fffffff},
		{"div.full 1 / 3, r 2 ulp below: in bound", "f2u(A_div_full(u2f(0x3eaaaaa9u), 1.0f, 3.0f, 0))", 0x3eaaaaab},
		{"div.full 2^127 / 0.25: past the largest float, Inf", "f2u(I_div_full(0x1p127f, 0.25f))", 0x7f800000},
		{"div.full 2^127 / 0.25, r the largest float: 1 float from Inf, in bound", "f2u(A_div_full(u2f(0x7f7fffffu), 0x1p127f, 0.25f, 0))", 0x7f800000},
		// rcp.approx.f32: 1 ulp across the full range.
		{"rcp.approx 3", "f2u(I_rcp_approx(3.0f))", 0x3eaaaaab},
		{"rcp.approx 3, r 1 ulp above: in bound", "f2u(A_rcp(u2f(0x3eaaaaacu), 3.0f, 0, 0))", 0x3eaaaaab},
		{"rcp.approx 3, r 2 ulp above: refused", "f2u(A_rcp(u2f(0x3eaaaaadu), 3.0f, 0, 0))", 0x7fffffff},
		{"rcp.approx -0: -Inf", "f2u(I_rcp_approx(-0.0f))", 0xff800000},
		{"rcp.approx 2^127: 2^-127, a subnormal", "f2u(I_rcp_approx(0x1p127f))", 0x00400000},
		{"rcp.approx.ftz 2^127: flushed to +0", "f2u(I_rcp_approx_ftz(0x1p127f))", 0},
		{"rcp.approx.ftz of a negative subnormal: -0, so -Inf", "f2u(I_rcp_approx_ftz(u2f(0x80000005u)))", 0xff800000},
		// sqrt.approx.f32: relative error 2^-23.
		{"sqrt.approx 2", "f2u(I_sqrt_approx(2.0f))", 0x3fb504f3},
		{"sqrt.approx 2, r 1 ulp above (relative 2^-23.9): in bound", "f2u(A_sqrt(u2f(0x3fb504f4u), 2.0f, 0))", 0x3fb504f3},
		{"sqrt.approx 2, r 2 ulp above (relative 2^-22.6): refused", "f2u(A_sqrt(u2f(0x3fb504f5u), 2.0f, 0))", 0x7fffffff},
		{"sqrt.approx -0: -0", "f2u(I_sqrt_approx(-0.0f))", 0x80000000},
		{"sqrt.approx -1: NaN", "f2u(I_sqrt_approx(-1.0f))", 0x7fffffff},
		{"sqrt.approx -1, r 0: refused, and r goes on where the exact value is a NaN", "f2u(A_sqrt(0.0f, -1.0f, 0))", 0},
		{"sqrt.approx +Inf: +Inf", "f2u(I_sqrt_approx(" + inf + "))", 0x7f800000},
		// rsqrt.approx.f32: relative error 2^-22.9.
		{"rsqrt.approx 4: 0.5", "f2u(I_rsqrt_approx(4.0f))", 0x3f000000},
		{"rsqrt.approx 4, r 0.5 + 2^-24 (relative 2^-23): in bound", "f2u(A_rsqrt(u2f(0x3f000001u), 4.0f, 0, 0))", 0x3f000000},
		{"rsqrt.approx 4, r 0.5 + 2^-23 (relative 2^-22): refused", "f2u(A_rsqrt(u2f(0x3f000002u), 4.0f, 0, 0))", 0x7fffffff},
		{"rsqrt.approx +Inf: +0", "f2u(I_rsqrt_approx(" + inf + "))", 0},
		{"rsqrt.approx -0: -Inf", "f2u(I_rsqrt_approx(-0.0f))", 0xff800000},
		{"rsqrt.approx of the smallest subnormal: 2^74.5", "f2u(I_rsqrt_approx(u2f(1u)))", 0x64b504f3},
		{"rsqrt.approx.ftz of the smallest subnormal: +0, so +Inf", "f2u(I_rsqrt_approx_ftz(u2f(1u)))", 0x7f800000},
		// mul.ftz.f32, fma.rn.ftz.f32: exact, subnormals flushed; the
		// band [2^-126 - 2^-150, 2^-126) goes on as a zero.
		{"mul.ftz 1.5 * 2", "f2u(I_mul_ftz(1.5f, 2.0f))", 0x40400000},
		{"mul.ftz 2^-100 * 2^-30: a subnormal, +0", "f2u(I_mul_ftz(0x1p-100f, 0x1p-30f))", 0},
		{"mul.ftz -2^-100 * 2^-30: -0", "f2u(I_mul_ftz(-0x1p-100f, 0x1p-30f))", 0x80000000},
		{"mul.ftz of a subnormal and 2^30: the operand flushed, +0", "f2u(I_mul_ftz(u2f(0x00400000u), 0x1p30f))", 0},
		{"mul.ftz 2^-63 * 2^-63: 2^-126 exactly, not in the band", "f2u(I_mul_ftz(0x1p-63f, 0x1p-63f))", 0x00800000},
		{"mul.ftz (1 - 2^-24) * 2^-126: 2^-126 - 2^-150, in the band, +0", "f2u(I_mul_ftz(u2f(0x3f7fffffu), 0x1p-126f))", 0},
		{"the same, r 2^-126: in the band, +0 goes on", "f2u(A_mul_ftz(0x1p-126f, u2f(0x3f7fffffu), 0x1p-126f, 0))", 0},
		{"the same, r the largest subnormal: refused", "f2u(A_mul_ftz(u2f(0x007fffffu), u2f(0x3f7fffffu), 0x1p-126f, 0))", 0x7fffffff},
		{"mul.ftz (1 - 2^-23) * 2^-126: below the band, r 2^-126 refused", "f2u(A_mul_ftz(0x1p-126f, u2f(0x3f7ffffeu), 0x1p-126f, 0))", 0x7fffffff},
		{"fma.rn.ftz 2^-100 * 2^-30 + 2^-126: 2^-126 + 2^-130", "f2u(I_fma_rn_ftz(0x1p-100f, 0x1p-30f, 0x1p-126f))", 0x00880000},
		{"fma.rn.ftz 1 * 1 + a subnormal: c flushed, 1", "f2u(I_fma_rn_ftz(1.0f, 1.0f, u2f(0x00400000u)))", 0x3f800000},
		{"fma.rn.ftz -2^-126 * 0.5 + 0: -2^-127 flushed, -0", "f2u(I_fma_rn_ftz(-0x1p-126f, 0.5f, 0.0f))", 0x80000000},
		{"fma.rn.ftz (1 - 2^-24) * 2^-126 + 0: 2^-126 - 2^-150, in the band, +0", "f2u(I_fma_rn_ftz(u2f(0x3f7fffffu), 0x1p-126f, 0.0f))", 0},
		{"the same, r 2^-126: +0 goes on", "f2u(A_fma_ftz(0x1p-126f, u2f(0x3f7fffffu), 0x1p-126f, 0.0f, 0))", 0},
		{"fma.rn.ftz (1 - 2^-24) * 2^-124 - 3 * 2^-126: 2^-126 - 2^-148, below the band, r 2^-126 refused", "f2u(A_fma_ftz(0x1p-126f, u2f(0x3f7fffffu), 0x1p-124f, -0x1.8p-125f, 0))", 0x7fffffff},
		// The operand ranges.
		{"range 0 of 0: -160", "f2u(I_apx_in(0.0f, 0u))", 0xc3200000},
		{"range 0 of pi's bits (0x40490fdb mod 321 = 185, top byte 64): 25.25", "f2u(I_apx_in(u2f(0x40490fdbu), 0u))", 0x41ca0000},
		{"range 1 of 1.0 (0x7f0000 mod 3 = 1): exponent field 1, 2^-126", "f2u(I_apx_in(1.0f, 1u))", 0x00800000},
		{"range 2 of pi (0x40490fdb >> 7 is odd): exponent field 254", "f2u(I_apx_in(u2f(0x40490fdbu), 2u))", 0x7f490fdb},
		{"range 2 reads s mod 4: 6 is 2", "f2u(I_apx_in(u2f(0x40490fdbu), 6u))", 0x7f490fdb},
		{"range 3 of pi's bits (0x40490fdb mod 22 = 9, top byte 64): -139.75", "f2u(I_apx_in(u2f(0x40490fdbu), 3u))", 0xc30bc000},
		{"range 2 of 1.0 (0x3f800000 >> 7 is even): exponent field 253, 2^126", "f2u(I_apx_in(1.0f, 2u))", 0x7e800000},
	})
	fixedSeeds(t, cfg, "approx", smokeAt(12000001, 12000007), size(40, 17), 40)
}
