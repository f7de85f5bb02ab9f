package main

import "testing"

// TestAtomX: -with atomx writes every instruction of atomxList (300
// programs), programs without it none; the host (atomxHost) gives the
// values worked out by hand from the ISA's semantics of each (the old
// value xor three times the new); a fixed seed set runs at -O0 and -O3
// with every output agreeing. With ptxplay's atom min and max of .s64
// comparing unsigned (core/sim exec_mem.go), 8 of the fixed set's 60
// seeds disagree, 23200015 and 23200018 in the smoke window.
func TestAtomX(t *testing.T) {
	cfg := withConfig(t, "atomx")
	var names []string
	for _, o := range atomxList {
		names = append(names, o.name())
	}
	listWritten(t, "atomx", names, names, "ax_", "spaces,atomics,asm,half2,cvt")
	x := func(o, n uint64) uint64 { return o ^ n*3 }
	rows := []hostRow{
		{"atom.global.exch.b64 5, 2^63: new 2^63", "I_ax_g_exch_b64(5ull, 0x8000000000000000ull)", x(5, 1<<63)},
		{"atom.shared.min.u64 2^63, 7: 7", "I_ax_s_min_u64(0x8000000000000000ull, 7ull)", x(1<<63, 7)},
		{"atom.global.max.s64 2^63 (negative), 7: 7", "I_ax_g_max_s64(0x8000000000000000ull, 7ull)", x(1<<63, 7)},
		{"atom.acq_rel.cta.shared.min.s64 -1, 7: -1", "I_ax_s_acq_rel_cta_min_s64(0xffffffffffffffffull, 7ull)", x(^uint64(0), ^uint64(0))},
		{"atom.shared.inc.u32 5, 5: wraps to 0", "I_ax_s_inc_u32(5u, 5u)", 5},
		{"atom.relaxed.cta.shared.dec.u32 0, 9: 9", "I_ax_s_relaxed_cta_dec_u32(0u, 9u)", 27},
		{"atom.relaxed.cta.shared.dec.u32 10, 9: above b, 9", "I_ax_s_relaxed_cta_dec_u32(10u, 9u)", x(10, 9)},
		{"atom.acquire.sys.global.max.s32 -3, 2: 2", "I_ax_g_acquire_sys_max_s32(0xfffffffdu, 2u)", 0xfffffffd ^ 6},
		{"red.global.inc.u32 3, 3: 0", "I_ax_r_g_inc_u32(3u, 3u)", 3},
		{"atom.global.cas.b16 7, 7, 0xabcd: stores 0xabcd", "I_ax_g_cas_b16((u16)7, (u16)7, (u16)0xabcd)", x(7, 0xabcd)},
		{"atom.shared.cas.b16 7, 8, 0xabcd: 7 stays", "I_ax_s_cas_b16((u16)7, (u16)8, (u16)0xabcd)", x(7, 7)},
		{"atom.shared.cas.b64 1, 1, 2^40", "I_ax_s_cas_b64(1ull, 1ull, 0x10000000000ull)", x(1, 1<<40)},
		// 1.0 + 1.0 = 2.0 (0x4000); 2^-24 + 2^-24 = 2^-23 (0x0002, kept:
		// .noftz); 65504 + 16 ties to infinity; NaN canonical 0x7fff.
		{"atom.global.add.noftz.f16 1 + 1", "I_ax_g_add_noftz_f16((u16)0x3c00, (u16)0x3c00)", x(0x3c00, 0x4000)},
		{"atom.shared.add.noftz.f16 of two least subnormals: 0x0002", "I_ax_s_add_noftz_f16((u16)1, (u16)1)", x(1, 2)},
		{"atom.global.add.noftz.f16x2: lane 0 65504 + 16 = inf, lane 1 NaN + 1: 0x7fff", "I_ax_g_add_noftz_f16x2(0x7e017bffu, 0x3c004c00u)", x(0x7e017bff, 0x7fff7c00)},
		{"red.global.add.noftz.f16x2 from 0: the operand, -0 + ... lane 1 0 + -0 = +0", "I_ax_r_g_add_noftz_f16x2(0u, 0x80003c00u)", x(0, 0x00003c00)},
		{"red.shared.add.f32 1.5 + 2^-149 (a subnormal, kept on shared): 1.5", "I_ax_r_s_add_f32(0x3fc00000u, 1u)", x(0x3fc00000, 0x3fc00000)},
		{"red.shared.add.f32 2^-149 + 2^-149: 2^-148, kept", "I_ax_r_s_add_f32(1u, 1u)", x(1, 2)},
		{"red.relaxed.gpu.global.add.f64 0 + the least subnormal", "I_ax_r_g_relaxed_gpu_add_f64(0ull, 3ull)", 9},
	}
	checkHostRows(t, preludeC+cvtShared+cvtHost+half2Shared+half2Host+atomxHost, "", rows)
	fixedSeeds(t, cfg, "atomx", smokeAt(23200001, 23200015), size(60, 8), 40)
}
