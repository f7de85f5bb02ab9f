package isa

import (
	"strings"
	"testing"
)

func TestExplain(t *testing.T) {
	tests := []struct {
		op   string
		mods []string
		want string
	}{
		{"add", nil, "missing type; expected one of .u16, .u32"},
		{"add", []string{".rn", ".s32"}, "add.s32 does not take .rn (.rn goes with .f32"},
		{"mul", []string{".s32"}, "mul.s32 needs one of .hi, .lo"},
		{"setp", []string{".s32"}, "setp.s32 needs one of .eq, .ne"},
		{"ld", []string{".global", ".shared", ".u32"}, ".global and .shared cannot be combined"},
		{"add", []string{".rn", ".rn", ".f32"}, "duplicate modifier .rn"},
		{"div", []string{".ftz", ".rn", ".ftz", ".f32"}, "duplicate modifier .ftz"},
		{"add", []string{".rn", ".rz", ".f32"}, ".rn and .rz cannot be combined"},
		{"ldmatrix", []string{".sync", ".aligned", ".x4", ".x2", ".m8n8", ".shared", ".b16"}, ".x4 and .x2 cannot be combined"},
		{"mma", []string{".sync", ".aligned", ".m16n8k16", ".col", ".row", ".f32", ".f16", ".f16", ".f32"}, "modifiers out of order; write mma.sync.aligned.m16n8k16.row.col"},
	}
	for _, tt := range tests {
		e := Get(tt.op)
		if e.MatchMods(tt.mods) != nil {
			t.Fatalf("%s%v matches a form", tt.op, tt.mods)
		}
		if got := e.Explain(tt.mods); !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s%v: %q, want it to start with %q", tt.op, tt.mods, got, tt.want)
		}
	}
}
