package main

import "testing"

// TestIntX: -with intx writes every instruction of intxList (300
// programs), programs without it none; the host (intxHost) gives the
// values worked out by hand from the ISA's semantics (fns: the ISA's
// four examples; the macro's offset is FNSOFF of its operand, 9 for 1,
// 7 for -1, 8 for 0, a value with bit 7 set itself); a fixed seed set
// runs at -O0 and -O3 with every output agreeing. With ptxplay's fns
// counting down from below base (core/sim alu.Fns), seeds 23400019 and
// 23400040 of the fixed set disagree.
func TestIntX(t *testing.T) {
	cfg := withConfig(t, "intx")
	var names []string
	for _, o := range intxList {
		names = append(names, o.name())
	}
	listWritten(t, "intx", names, names, "ix_", "intrin,asm,carry,cvt,atomx")
	rows := []hostRow{
		{"add.sat.s32 2^31-1 + 1: 2^31-1", "(u32)I_ix_add_sat_s32(2147483647, 1)", 0x7fffffff},
		{"add.sat.s32 -2^31 + -1: -2^31", "(u32)I_ix_add_sat_s32((s32)0x80000000u, -1)", 0x80000000},
		{"sub.sat.s32 -2^31 - 1: -2^31", "(u32)I_ix_sub_sat_s32((s32)0x80000000u, 1)", 0x80000000},
		{"sub.sat.s32 5 - 7: -2", "(u32)I_ix_sub_sat_s32(5, 7)", 0xfffffffe},
		{"mad.hi.u32 0xffffffff * 0xffffffff + 1: 0xfffffffe + 1", "I_ix_mad_hi_u32(0xffffffffu, 0xffffffffu, 1u)", 0xffffffff},
		{"mad.hi.s32 -1 * 1 + 5: -1 + 5", "(u32)I_ix_mad_hi_s32(-1, 1, 5)", 4},
		{"mad.hi.sat.s32 2^30 * 4 (hi 1) + 2^31-1: saturates", "(u32)I_ix_mad_hi_sat_s32(1073741824, 4, 2147483647)", 0x7fffffff},
		{"mad.hi.sat.s32 -2^31 * 2^31-1 (hi -2^30, 0xc0000000) + -2^31: saturates low", "(u32)I_ix_mad_hi_sat_s32((s32)0x80000000u, 2147483647, (s32)0x80000000u)", 0x80000000},
		{"mad.hi.u64 2^63 * 4 (hi 2) + 3", "I_ix_mad_hi_u64(0x8000000000000000ull, 4ull, 3ull)", 5},
		{"mad.hi.s64 -2^63 * 4 (hi -2) + 3: 1", "(u64)I_ix_mad_hi_s64((s64)0x8000000000000000ull, 4ll, 3ll)", 1},
		{"mad.lo.u16 0xffff * 0xffff + 2: 1 + 2", "(u64)I_ix_mad_lo_u16((u16)0xffff, (u16)0xffff, (u16)2)", 3},
		{"mad.lo.s64 -1 * -1 + -1: 0", "(u64)I_ix_mad_lo_s64(-1ll, -1ll, -1ll)", 0},
		{"mad.wide.s16 -32768 * -32768 + 1: 2^30 + 1", "(u64)(u32)I_ix_mad_wide_s16((s16)-32768, (s16)-32768, 1)", 0x40000001},
		{"mad.wide.u32 0xffffffff * 0xffffffff + 0xffffffff: 2^64 - 2^32", "I_ix_mad_wide_u32(0xffffffffu, 0xffffffffu, 0xffffffffull)", 0xffffffff00000000},
		{"mad.wide.s32 -2^31 * 2 + 0: -2^32", "(u64)I_ix_mad_wide_s32((s32)0x80000000u, 2, 0ll)", 0xffffffff00000000},
		{"mul.hi.u16 0xffff * 0xffff: 0xfffe", "(u64)I_ix_mul_hi_u16((u16)0xffff, (u16)0xffff)", 0xfffe},
		{"mul.hi.s16 -1 * 1: -1 (0xffff)", "(u64)(u16)I_ix_mul_hi_s16((s16)-1, (s16)1)", 0xffff},
		{"mul.wide.u16 0xffff * 0xffff", "(u64)I_ix_mul_wide_u16((u16)0xffff, (u16)0xffff)", 0xfffe0001},
		{"mul.wide.s16 -32768 * 32767", "(u64)(u32)I_ix_mul_wide_s16((s16)-32768, (s16)32767)", 0xc0008000},
		{"sad.s16 -32768, 32767 (|a - b| 65535) + 0: 0xffff", "(u64)(u16)I_ix_sad_s16((s16)-32768, (s16)32767, (s16)0)", 0xffff},
		{"sad.u64 1, 2^64-1 + 5: 2^64-2 + 5 wraps to 3", "I_ix_sad_u64(1ull, 0xffffffffffffffffull, 5ull)", 3},
		{"sad.s64 -1, 1 + 0: 2", "(u64)I_ix_sad_s64(-1ll, 1ll, 0ll)", 2},
		{"fns.b32 0xaaaaaaaa, 3, 1: 3 (the ISA's example)", "I_ix_fns_b32(0xaaaaaaaau, 3u, 9u)", 3},
		{"fns.b32 0xaaaaaaaa, 3, -1: 3", "I_ix_fns_b32(0xaaaaaaaau, 3u, 7u)", 3},
		{"fns.b32 0xaaaaaaaa, 2, 1: 3", "I_ix_fns_b32(0xaaaaaaaau, 2u, 9u)", 3},
		{"fns.b32 0xaaaaaaaa, 2, -1: 1", "I_ix_fns_b32(0xaaaaaaaau, 2u, 7u)", 1},
		{"fns.b32 0xaaaaaaaa, 2, 0: bit 2 clear, none", "I_ix_fns_b32(0xaaaaaaaau, 2u, 8u)", 0xffffffff},
		{"fns.b32 0x80000001, 0, 2: bit 31", "I_ix_fns_b32(0x80000001u, 0u, 10u)", 31},
		{"fns.b32 0x80000001, 31, -3 (bit 7 set: as it is): only two set bits, none", "I_ix_fns_b32(0x80000001u, 31u, (u32)-3)", 0xffffffff},
		{"fns.b32 base 35 is taken & 31: 3", "I_ix_fns_b32(0xaaaaaaaau, 35u, 9u)", 3},
	}
	checkHostRows(t, preludeC+intxHost, "", rows)
	fixedSeeds(t, cfg, "intx", smokeAt(23400001, 23400019), size(60, 8), 40)
}
