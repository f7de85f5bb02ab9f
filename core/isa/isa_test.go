package isa

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
)

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

// TestShapes: the wgmma shape lists (generated, shapes_gen.go) are
// .m64nNkK as the ISA's wgmma.mma_async shape table lists them: for the
// floating-point types N from 8 to 256 in steps of 8 (32 shapes); for the
// integer and single-bit types N = 8, 16, 24, then 32 to 256 in steps of 16
// (18 shapes); the sparse list is the k32, k16 and k64 shapes in turn. Each
// row's list is spelled out here from N and K, and compared whole.
func TestShapes(t *testing.T) {
	var floatN, intN []int
	for n := 8; n <= 256; n += 8 {
		floatN = append(floatN, n)
	}
	intN = []int{8, 16, 24}
	for n := 32; n <= 256; n += 16 {
		intN = append(intN, n)
	}
	spell := func(ns []int, ks ...string) []string {
		var s []string
		for _, k := range ks {
			for _, n := range ns {
				s = append(s, fmt.Sprintf(".m64n%dk%s", n, k))
			}
		}
		return s
	}
	rows := []struct {
		desc  string
		group string
		n     int
		want  []string
	}{
		{"k16, N = 8..256 step 8", "shape_k16", 32, spell(floatN, "16")},
		{"k8 (tf32)", "shape_k8", 32, spell(floatN, "8")},
		{"k32 (fp8)", "shape_k32", 32, spell(floatN, "32")},
		{"integer k32, N = 8, 16, 24, then 32..256 step 16", "shape_i", 18, spell(intN, "32")},
		{"single-bit k256", "shape_b1", 18, spell(intN, "256")},
		{"sparse fp8 k64", "shape_k64", 32, spell(floatN, "64")},
		{"sparse integer k64, N = 8, 16, 24, then 32..256 step 16", "shape_ik64", 18, spell(intN, "64")},
	}
	for _, r := range rows {
		got, _ := lookupGroup(wgmmaGroups, r.group)
		if len(got) != r.n || strings.Join(got, " ") != strings.Join(r.want, " ") {
			t.Errorf("%s: %s is %d shapes %v, want %d: %v", r.desc, r.group, len(got), got, r.n, r.want)
		}
	}
	for _, c := range []struct{ group, i, want string }{
		{"shape_k16", "first", ".m64n8k16"}, {"shape_k16", "last", ".m64n256k16"},
		{"shape_i", "fourth", ".m64n32k32"}, {"shape_ik64", "fourth", ".m64n32k64"},
	} {
		g, _ := lookupGroup(wgmmaGroups, c.group)
		at := map[string]int{"first": 0, "last": len(g) - 1, "fourth": 3}[c.i]
		if at >= len(g) || g[at] != c.want {
			t.Errorf("%s: %s shape is not %s (%v)", c.group, c.i, c.want, g)
		}
	}
}

// lookupGroup finds name in gs, in order.
func lookupGroup(gs []Group, name string) ([]string, bool) {
	for _, g := range gs {
		if g.Name == name {
			return g.Values, true
		}
	}
	return nil, false
}

// TestGroupsOnce: Groups, tableGroups and each entry's own groups name
// each group once (slices, where the map literals they were refused a
// name twice), and the entries find every shared one through
// sharedGroups, with its values.
func TestGroupsOnce(t *testing.T) {
	lists := []struct {
		name string
		gs   []Group
	}{{"Groups", Groups}, {"tableGroups", tableGroups}}
	for _, e := range All {
		lists = append(lists, struct {
			name string
			gs   []Group
		}{e.Name, e.Groups})
	}
	for _, l := range lists {
		seen := map[string]bool{}
		for _, g := range l.gs {
			if seen[g.Name] {
				t.Errorf("%s: group %s twice", l.name, g.Name)
			}
			seen[g.Name] = true
		}
	}
	e := &Entry{Name: "none"}
	for _, gs := range [][]Group{Groups, tableGroups} {
		for _, g := range gs {
			if v, ok := e.group(g.Name); !ok || len(v) != len(g.Values) || &v[0] != &g.Values[0] {
				t.Errorf("group(%s) = %v, %v: want its values %v", g.Name, v, ok, g.Values)
			}
		}
	}
	if v, ok := e.group("no_such_group"); ok {
		t.Errorf("group(no_such_group) = %v: want none", v)
	}
}

// TestGroupsDefinedOnce: a group name is in Groups or in tableGroups,
// never both (Entry.group looks in Groups first, so a second definition
// would be silently ignored).
func TestGroupsDefinedOnce(t *testing.T) {
	for _, g := range tableGroups {
		if _, dup := lookupGroup(Groups, g.Name); dup {
			t.Errorf("group %s is defined in Groups and in tableGroups", g.Name)
		}
	}
	if len(All) != len(byName) {
		t.Errorf("All has %d entries, byName %d", len(All), len(byName))
	}
}

// TestCompileFormWords: a form's words are read as strings.Fields splits
// them, whatever the white space, with the gates anywhere after the head
// (the operand text then has single spaces, as written in the tables).
func TestCompileFormWords(t *testing.T) {
	for c := 0; c < 256; c++ {
		if want := c < 128 && unicode.IsSpace(rune(c)); isSpace(byte(c)) != want {
			t.Errorf("isSpace(%#x) = %v, want %v (strings.Fields' white space, in ASCII)", c, !want, want)
		}
	}
	rows := []struct {
		desc, line, text string
		ptx              Version
		sm, ops, minOps  int
	}{
		{"plain", "add.s32 d, a, b", "add.s32 d, a, b", 10, 0, 3, 3},
		{"gates at the end", "add.s32 d, a, b @ptx2.0 @sm_20", "add.s32 d, a, b", 20, 20, 3, 3},
		{"runs of spaces and a tab", "  add.s32\t d,   a,  b  ", "add.s32 d, a, b", 10, 0, 3, 3},
		{"a gate among the operands", "add.s32 d, @sm_30 a, b", "add.s32 d, a, b", 10, 30, 3, 3},
		{"an optional operand", "add.s32 d, a, b? @ptx6.0", "add.s32 d, a, {b}", 60, 0, 3, 2},
		{"no operands", "add.s32 @sm_90", "add.s32", 10, 90, 0, 0},
		{"a legacy gate first", "add.s32 @ptx<1.4 d, a", "add.s32 d, a", 10, 0, 2, 2},
		{"gates after the operands, runs of spaces before", "add.s32 d,  a, b  @ptx2.0\t@sm_20", "add.s32 d, a, b", 20, 20, 3, 3},
		{"gates after the operands, a legacy one", "add.s32 d, a @sm_20 @ptx<3.0", "add.s32 d, a", 10, 20, 2, 2},
		{"a gate after the operands, then a word", "add.s32 d, a @ptx2.0 b", "add.s32 d, a b", 20, 0, 2, 2},
	}
	for _, r := range rows {
		e := &Entry{Name: "add", PTX: 10}
		f, err := e.compileForm(r.line)
		if err != nil {
			t.Errorf("%s: %v", r.desc, err)
			continue
		}
		if f.Text != r.text || f.PTX != r.ptx || f.SM != r.sm || len(f.Operands) != r.ops || f.MinOps != r.minOps {
			t.Errorf("%s: text %q ptx %v sm %d operands %d (%d required), want %q %v %d %d (%d)", r.desc, f.Text, f.PTX, f.SM, len(f.Operands), f.MinOps, r.text, r.ptx, r.sm, r.ops, r.minOps)
		}
		if len(f.Mods) != 1 || f.Mods[0].Values[0] != ".s32" || len(f.Mods[0].Values) != 1 {
			t.Errorf("%s: modifiers %+v, want the literal .s32", r.desc, f.Mods)
		}
	}
}
