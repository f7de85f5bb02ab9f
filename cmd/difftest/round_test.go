package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestRound: -with round writes every rounding and copysign of roundOps,
// -with ro every table read of roOps (300 programs), programs without
// them none; the host's definitions give the values the PTX ISA's
// cvt.rzi/rmi/rpi/rni.f32.f32 (and .f64.f64) give, worked out by hand;
// a fixed seed set of both runs at -O0 and -O3 with every output
// agreeing. (The first 40 programs found the tester's slip: copysign
// of a NaN that 0 - NaN made, +1 on the GPU, whose canonical NaN is
// 0x7fffffff, and -1 on x86, which keeps the operand's sign; the sign
// operand is now canonicalised on both sides.)
func TestRound(t *testing.T) {
	cfg, err := ParseWith(DefaultConfig(), "round,ro")
	if err != nil || !cfg.Round || !cfg.RO {
		t.Fatalf("ParseWith(round,ro) = %+v, %v", cfg, err)
	}
	seen := map[string]bool{}
	ops := append(append([]intrinOp{}, roundOps...), roOps...)
	for s := uint64(1); s <= 300; s++ {
		c := Generate(s, cfg).C()
		for _, op := range ops {
			if strings.Contains(c, "I_"+op.name+"(") {
				seen[op.name] = true
			}
		}
		for _, other := range []string{"", "intrin,intrin19,carry,scan,tiles"} {
			o, _ := ParseWith(DefaultConfig(), other)
			oc := Generate(s, o).C()
			for _, op := range ops {
				if strings.Contains(oc, "I_"+op.name+"(") {
					t.Fatalf("seed %d: -with %q writes I_%s", s, other, op.name)
				}
			}
		}
	}
	for _, op := range ops {
		if !seen[op.name] {
			t.Errorf("300 programs with -with round,ro never wrote I_%s", op.name)
		}
	}
	if _, err := exec.LookPath("gcc"); err == nil {
		rows := []hostRow{
			{"cvt.rzi.f32.f32 -0.5: -0 (the sign kept)", "f2u(I_trunc_f(-0.5f))", 0x80000000},
			{"cvt.rzi.f32.f32 -1.75: -1", "f2u(I_trunc_f(-1.75f))", 0xbf800000},
			{"cvt.rmi.f32.f32 -0.5: -1", "f2u(I_floor_f(-0.5f))", 0xbf800000},
			{"cvt.rpi.f32.f32 -0.5: -0", "f2u(I_ceil_f(-0.5f))", 0x80000000},
			{"cvt.rpi.f32.f32 the smallest subnormal: 1", "f2u(I_ceil_f(u2f(1u)))", 0x3f800000},
			{"cvt.rni.f32.f32 2.5: ties to even, 2", "f2u(I_rint_f(2.5f))", 0x40000000},
			{"cvt.rni.f32.f32 3.5: 4", "f2u(I_rint_f(3.5f))", 0x40800000},
			{"cvt.rni.f32.f32 -2.5: -2", "f2u(I_rint_f(-2.5f))", 0xc0000000},
			{"cvt.rni.f32.f32 8388607.5 (2^23 - 0.5): the even 8388608", "f2u(I_rint_f(8388607.5f))", 0x4b000000},
			{"cvt.rni.f32.f32 a subnormal: +0", "f2u(I_rint_f(u2f(1u)))", 0},
			{"cvt.rzi.f32.f32 1e30 is integral already", "f2u(I_trunc_f(1e30f))", 0x7149f2ca},
			{"cvt.rzi.f32.f32 -inf stays -inf", "f2u(I_trunc_f(u2f(0xff800000u)))", 0xff800000},
			{"cvt.rzi.f32.f32 NaN is NaN", "f2u(I_trunc_f(u2f(0x7fc00001u)))", 0x7fffffff},
			{"round (half away from zero) 2.5: 3", "f2u(I_round_f(2.5f))", 0x40400000},
			{"round -2.5: -3", "f2u(I_round_f(-2.5f))", 0xc0400000},
			{"round 0.49999997 (the largest float below 0.5): 0", "f2u(I_round_f(u2f(0x3effffffu)))", 0},
			{"cvt.rni.f64.f64 -0.5: -0", "d2u(I_rint_d(-0.5))", 1 << 63},
			{"cvt.rmi.f64.f64 2^52 - 0.5, the last half of the doubles: 2^52 - 1", "d2u(I_floor_d(4503599627370495.5))", 0x432ffffffffffffe},
			{"cvt.rpi.f64.f64 -1e-300: -0", "d2u(I_ceil_d(-1e-300))", 1 << 63},
			{"copysign 1 with -0: -1", "f2u(I_copysign_f(1.0f, -0.0f))", 0xbf800000},
			{"copysign 2 with a NaN of sign 1: the canonical NaN's +", "f2u(I_copysign_f(2.0f, u2f(0xffc00000u)))", 0x40000000},
			{"copysign of doubles: -3 with +1e-300", "d2u(I_copysign_d(-3.0, 1e-300))", 0x4008000000000000},
			{"the u64 constant table's entry 3", "I_const_u64(19u)", 1 << 63},
			{"the f32 __ldg table's entry 8, the smallest subnormal", "f2u(I_ldg_f32(8u))", 1},
			{"the f64 constant table's entry 7, NaN", "d2u(I_const_f64(7u))", 0x7fffffffffffffff},
			{"the f64 __ldg table's entry 1, -0", "d2u(I_ldg_f64(1u))", 1 << 63},
		}
		checkHostRows(t, preludeC+roundHost, "", rows)
	}
	fixedSeeds(t, cfg, "round,ro", 9400001, size(40, 16), 40)
}
