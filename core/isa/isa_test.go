package isa

import "testing"

func TestMatchAdd(t *testing.T) {
	tests := []struct {
		mods []string
		ok   bool
		typ  string
	}{
		{[]string{".s32"}, true, ".s32"},
		{[]string{".sat", ".s32"}, true, ".s32"},
		{[]string{".rn", ".ftz", ".f32"}, true, ".f32"},
		{[]string{".rn", ".s32"}, false, ""},
		{[]string{".sat", ".u64"}, false, ""},   // add.sat.u32 exists since PTX 9.2
		{[]string{".f32", ".rn"}, true, ".f32"}, // modifiers are a set
		{[]string{".ftz", ".rn", ".f32"}, true, ".f32"},
		{[]string{".rn", ".ftz", ".rn", ".f32"}, false, ""},
		{[]string{".rn", ".rm", ".f32"}, false, ""},
		{[]string{".f32", ".f32"}, false, ""},
		{nil, false, ""},
	}
	e := Get("add")
	for _, tt := range tests {
		m := e.MatchMods(tt.mods)
		if (m != nil) != tt.ok {
			t.Errorf("add%v: matched %v, want %v", tt.mods, m != nil, tt.ok)
			continue
		}
		if m != nil && m.Type() != tt.typ {
			t.Errorf("add%v: type %q, want %q", tt.mods, m.Type(), tt.typ)
		}
	}
}

func TestSReg(t *testing.T) {
	for _, tt := range []struct {
		name string
		ok   bool
		comp int
	}{
		{"%tid.x", true, 0}, {"%ctaid.z", true, 2}, {"%laneid", true, -1}, {"%laneid.x", false, 0},
		{"%pm3", true, 3}, {"%pm7_64", true, 7}, {"%pm8", false, 0}, {"%envreg31", true, 31}, {"%clock64", true, -1},
		{"%bogus", false, 0},
	} {
		_, comp, ok := LookupSReg(tt.name)
		if ok != tt.ok || (ok && comp != tt.comp) {
			t.Errorf("LookupSReg(%s) = %d,%v; want %d,%v", tt.name, comp, ok, tt.comp, tt.ok)
		}
	}
}
