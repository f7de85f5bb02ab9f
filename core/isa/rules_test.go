package isa

import (
	"strings"
	"testing"
)

// validate matches ins and applies the entry's Rule: "" when accepted.
func validate(t *testing.T, ins string) string {
	t.Helper()
	e, m := match(t, ins)
	if e == nil {
		return "no entry"
	}
	if m == nil {
		return "no form"
	}
	if e.Rule != nil {
		return e.Rule(m)
	}
	return ""
}

// TestCvtRule: cvt's rounding, .sat and .ftz rules from PTX ISA 3.1 §8.7.6
// (cvt, "Integer Notes" and "Floating Point Notes").
func TestCvtRule(t *testing.T) {
	tests := []struct {
		ins, want string // want: "" for accepted, else a part of the reason
	}{
		// "Floating-point rounding is required ... for integer-to-float
		// conversions"; integer rounding is illegal there.
		{"cvt.rn.f32.s32", ""},
		{"cvt.rm.f64.u64", ""},
		{"cvt.rz.f16.s32", ""},
		{"cvt.f32.s32", "needs a rounding modifier"},
		{"cvt.f64.u8", "needs a rounding modifier"},
		{"cvt.rni.f32.s32", "integer rounding .rni applies only"},
		// "Integer rounding is required for float-to-integer conversions".
		{"cvt.rzi.s32.f32", ""},
		{"cvt.rni.u64.f64", ""},
		{"cvt.rmi.s16.f16", ""},
		{"cvt.s32.f32", "needs an integer rounding modifier"},
		{"cvt.u8.f64", "needs an integer rounding modifier"},
		{"cvt.rn.s32.f32", "rounding .rn applies only"},
		// "... and for same-size float-to-float conversions where the value
		// is rounded to an integer. Integer rounding is illegal in all other
		// instances."
		{"cvt.rni.f32.f32", ""},
		{"cvt.rzi.f64.f64", ""},
		{"cvt.rpi.f16.f16", ""},
		{"cvt.rni.f64.f32", "integer rounding .rni applies only"},
		{"cvt.rzi.u32.u16", "integer rounding .rzi applies only"},
		// "Floating-point rounding is required for float-to-float
		// conversions that result in loss of precision ... illegal in all
		// other instances."
		{"cvt.rn.f32.f64", ""},
		{"cvt.rz.f16.f32", ""},
		{"cvt.rn.bf16.f32", ""},
		{"cvt.rn.bf16.f16", ""}, // same size, other format: not exact
		{"cvt.f32.f64", "needs a rounding modifier"},
		{"cvt.f16.f32", "needs a rounding modifier"},
		{"cvt.f64.f32", ""},
		{"cvt.f32.f16", ""},
		{"cvt.f32.f32", ""},
		{"cvt.rn.f64.f32", "rounding .rn applies only"},
		{"cvt.rn.f32.f32", "rounding .rn applies only"},
		{"cvt.u32.u16", ""},
		{"cvt.s64.s32", ""},
		{"cvt.rn.u32.u16", "rounding .rn applies only"},
		// ".sat is illegal in cases where saturation is not possible based on
		// the source and destination types"; float destinations clamp to
		// [0.0, 1.0]; float-to-integer saturates by default (.sat redundant).
		{"cvt.sat.u8.s32", ""},
		{"cvt.sat.s32.s64", ""},
		{"cvt.sat.s32.u32", ""},
		{"cvt.sat.u32.s8", ""},
		{"cvt.sat.s16.u16", ""},
		{"cvt.sat.s32.s16", "every .s16 value fits in .s32"},
		{"cvt.sat.s64.u32", "every .u32 value fits in .s64"},
		{"cvt.sat.u64.u32", "every .u32 value fits in .u64"},
		{"cvt.sat.u16.u16", "every .u16 value fits in .u16"},
		{"cvt.rzi.sat.s32.f32", ""},
		{"cvt.rn.sat.f32.s32", ""},
		{"cvt.sat.f32.f32", ""},
		{"cvt.rz.ftz.sat.f32.f64", ""},
		// ".ftz may be specified to flush single-precision subnormal inputs
		// and results".
		{"cvt.ftz.f64.f32", ""},
		{"cvt.rzi.ftz.s32.f32", ""},
		{"cvt.rn.ftz.f16.f32", ""},
		{"cvt.rn.ftz.f16.f64", ".ftz flushes single-precision values"},
		{"cvt.ftz.u32.u16", ".ftz flushes single-precision values"},
		{"cvt.rzi.ftz.s32.f64", ".ftz flushes single-precision values"},
		// The packed and narrow-float forms have their own syntax.
		{"cvt.rn.f16x2.f32", ""},
		{"cvt.rn.satfinite.e4m3x2.f32", ""},
	}
	for _, tt := range tests {
		got := validate(t, tt.ins)
		switch {
		case tt.want == "" && got != "":
			t.Errorf("%s: refused (%s), want accepted", tt.ins, got)
		case tt.want != "" && !strings.Contains(got, tt.want):
			t.Errorf("%s: got %q, want a reason containing %q", tt.ins, got, tt.want)
		}
	}
}

// TestLegacyForms: spellings the PTX ISA 3.1 "PTX ISA Notes" allow only in
// old modules ("For PTX ISA version 1.4 and later, one of .approx or .rnd is
// required", and mad.f32's rounding from 3.2 on sm_20 and later, "Errata").
func TestLegacyForms(t *testing.T) {
	tests := []gateRow{
		{"div.f32", 13, 13, true},
		{"div.f32", 14, 13, false},
		{"div.f64", 13, 13, true},
		{"div.f64", 80, 80, false},
		{"div.rn.f32", 80, 80, true},
		{"rcp.f32", 13, 10, true},
		{"rcp.f32", 14, 10, false},
		{"sqrt.f32", 20, 20, false},
		{"sqrt.f64", 13, 13, true},
		{"rsqrt.f32", 14, 20, false},
		{"rsqrt.approx.f32", 14, 20, true},
		{"sin.f32", 13, 10, true},
		{"cos.f32", 31, 30, false},
		{"lg2.f32", 70, 80, false},
		{"ex2.f32", 13, 10, true},
		{"ex2.approx.ftz.f32", 70, 80, true},
		{"mad.f64", 13, 13, true},
		{"mad.f64", 14, 13, false},
		{"mad.f32", 31, 80, true},  // errata: not enforced up to PTX ISA 3.1
		{"mad.f32", 32, 13, true},  // sm_1x keeps it
		{"mad.f32", 32, 20, false}, // enforced from 3.2 on sm_20+
		{"mad.f32", 80, 80, false},
		{"mad.rn.f32", 80, 80, true},
	}
	checkGates(t, tests)
}

// TestResolve: a dotted opcode's parts may come in another order among the
// modifiers (shfl.bfly.sync.b32 is shfl.sync.bfly.b32, as ptxas takes it).
func TestResolve(t *testing.T) {
	tests := []struct {
		ins, entry, rest string
	}{
		{"shfl.sync.bfly.b32", "shfl.sync", ".bfly.b32"},
		{"shfl.bfly.sync.b32", "shfl.sync", ".bfly.b32"},
		{"shfl.bfly.b32", "shfl", ".bfly.b32"},
		{"vote.any.sync.pred", "vote.sync", ".any.pred"},
		{"vote.ballot.sync.b32", "vote.sync", ".ballot.b32"},
		{"redux.add.sync.u32", "redux.sync", ".add.u32"},
		{"add.f32.rn", "add", ".f32.rn"},
		{"shfl.bfly.foo.b32", "shfl", ".bfly.foo.b32"}, // no entry takes it: Lookup's answer
	}
	for _, tt := range tests {
		op, mods := split(tt.ins)
		e, rest := Resolve(op, mods)
		if e == nil || e.Name != tt.entry || strings.Join(rest, "") != tt.rest {
			name := "<nil>"
			if e != nil {
				name = e.Name
			}
			t.Errorf("Resolve(%s) = %s %s, want %s %s", tt.ins, name, strings.Join(rest, ""), tt.entry, tt.rest)
		}
	}
}

// TestWmmaLoadRule: A and B fragments take the multiplicands' types, C
// the accumulators' (ISA 9.7.15.4.3).
func TestWmmaLoadRule(t *testing.T) {
	for _, c := range []struct{ ins, want string }{
		{"wmma.load.a.sync.aligned.row.m16n16k16.global.f16", ""},
		{"wmma.load.b.sync.aligned.col.m32n8k16.s8", ""},
		{"wmma.load.c.sync.aligned.row.m16n16k16.f32", ""},
		{"wmma.load.c.sync.aligned.row.m8n32k16.s32", ""},
		{"wmma.load.a.sync.aligned.row.m16n16k8.tf32", ""},
		{"wmma.load.a.sync.aligned.row.m16n16k16.bf16", ""},
		{"wmma.load.a.sync.aligned.row.m8n8k32.s4", ""},
		{"wmma.load.b.sync.aligned.col.m8n8k128.b1", ""},
		{"wmma.load.c.sync.aligned.row.m8n8k4.f64", ""},
		{"wmma.load.a.sync.aligned.row.m8n8k4.f64", ""},
		{"wmma.load.a.sync.aligned.row.m32n8k16.f32", "a type of the accumulator"},
		{"wmma.load.b.sync.aligned.row.m16n16k16.s32", "a type of the accumulator"},
		{"wmma.load.c.sync.aligned.row.m16n16k16.u8", "a type of the multiplicands"},
		{"wmma.load.c.sync.aligned.row.m16n16k8.tf32", "a type of the multiplicands"},
		{"wmma.load.a.sync.aligned.row.m8n8k32.b1", "takes .s4 or .u4"},
		{"wmma.load.a.sync.aligned.row.m8n8k128.u4", "takes .b1"},
	} {
		got := validate(t, c.ins)
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.ins, got, c.want)
		}
	}
}

// TestSM100CopyModes: the tensor copies' gather and scatter rows, the
// im2col::w modes, im2col without offsets, .cta_group on a tensor load and
// the byte mask of a bulk store came with PTX ISA 8.6 for sm_100 (the
// ISA's target notes for cp.async.bulk and cp.async.bulk.tensor); .tile
// and .im2col stay sm_90 forms.
func TestSM100CopyModes(t *testing.T) {
	tests := []gateRow{
		{"cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes", 80, 90, true},
		{"cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes", 80, 90, true},
		{"cp.async.bulk.tensor.2d.shared::cta.global.tile::gather4.mbarrier::complete_tx::bytes", 86, 90, false},
		{"cp.async.bulk.tensor.2d.shared::cta.global.tile::gather4.mbarrier::complete_tx::bytes", 86, 100, true},
		{"cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group", 86, 90, false},
		{"cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group", 86, 100, true},
		{"cp.async.bulk.tensor.3d.shared::cta.global.im2col::w.mbarrier::complete_tx::bytes", 86, 90, false},
		{"cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes.cta_group::2", 86, 90, false},
		{"cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes.cta_group::2", 86, 100, true},
		{"cp.async.bulk.prefetch.tensor.3d.L2.global.im2col_no_offs", 86, 90, false},
		{"cp.async.bulk.prefetch.tensor.3d.L2.global.im2col_no_offs", 86, 100, true},
		{"cp.async.bulk.global.shared::cta.bulk_group", 80, 90, true},
		{"cp.async.bulk.global.shared::cta.bulk_group.cp_mask", 86, 90, false},
		{"cp.async.bulk.global.shared::cta.bulk_group.cp_mask", 86, 100, true},
	}
	checkGates(t, tests)
}

// gateRow: whether a module of PTX version ptx for target sm takes ins.
type gateRow struct {
	ins string
	ptx Version
	sm  int
	ok  bool
}

func checkGates(t *testing.T, tests []gateRow) {
	t.Helper()
	for _, tt := range tests {
		e, _ := match(t, tt.ins)
		op, mods := split(tt.ins)
		_, rest := Lookup(op, mods)
		ok := false
		for _, m := range e.MatchAll(rest) {
			if m.Form.GatesOK(tt.ptx, tt.sm) {
				ok = true
			}
		}
		if ok != tt.ok {
			t.Errorf("%s with PTX %s, sm_%d: accepted %v, want %v", tt.ins, tt.ptx, tt.sm, ok, tt.ok)
		}
	}
}
