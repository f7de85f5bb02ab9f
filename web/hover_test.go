package web

import (
	"strings"
	"testing"
)

func TestHoverText(t *testing.T) {
	for _, c := range []struct {
		word string
		want []string // substrings; none means no doc
	}{
		{"add.f32", []string{"add", "PTX ISA"}},
		{"mad.lo.s32", []string{"mad"}},
		{"@%p1", nil},
		{"%tid.x", []string{"%tid.x", ".u32", "thread index"}},
		{"%ctaid.y", []string{"%ctaid.y"}},
		{"shfl.sync.bfly.b32", []string{"shfl.sync", "sm_30"}},
		{"shfl.bfly.sync.b32", []string{"shfl.sync", "sm_30"}}, // ptxas order: the checker takes it too
		{"add.f32.bogus", []string{"add", "add.f32.bogus:", ".bogus"}},
		// operand types from the table, pinned ones included (ISA: match's
		// "d has .b32 type", popc's "destination d has type .u32", bfe's
		// "b and c are type .u32", dp4a's c ".s32" unless both types are .u32)
		{"match.any.sync.b64", []string{"d .b32, a .b64, membermask .b32"}},
		{"popc.b64", []string{"d .u32, a .b64"}},
		{"bfe.s64", []string{"d .s64, a .s64, pos .u32, len .u32"}},
		{"mul.wide.s32", []string{"d .s64, a .s32, b .s32"}},
		{"dp4a.u32.s32", []string{"d .s32, a .u32, b .s32, c .s32"}},
		{"dp4a.u32.u32", []string{"d .u32, a .u32, b .u32, c .u32"}},
		{".reg", nil},
		{"DONE", nil},
		{"%r1", nil},
	} {
		got := HoverText(c.word)
		if len(c.want) == 0 {
			if got != "" {
				t.Errorf("HoverText(%q) = %q, want none", c.word, got)
			}
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("HoverText(%q) = %q, want it to contain %q", c.word, got, w)
			}
		}
	}
}

func TestGoToStepAndStepWarp(t *testing.T) {
	a := NewApp()
	a.GoTo(20)
	if a.S.Steps() != 20 {
		t.Fatalf("go to 20: at %d", a.S.Steps())
	}
	a.GoTo(7)
	if a.S.Steps() != 7 {
		t.Fatalf("go to 7 (back): at %d", a.S.Steps())
	}
	a.GoTo(1 << 40) // past the end: stops at the end
	if !a.S.Done() || a.S.Steps() != a.Total {
		t.Fatalf("go past the end: at %d of %d, done %v", a.S.Steps(), a.Total, a.S.Done())
	}
	a.Reset()
	if a.S.Steps() != 0 {
		t.Fatalf("reset: at %d", a.S.Steps())
	}
	// Step warp on warp 1 of the shuffle reduction (64 threads, 2 warps):
	// the last step is warp 1's.
	if err := a.LoadExample("shfl_reduce"); err != nil {
		t.Fatal(err)
	}
	a.Warp = 1
	a.StepWarp()
	a.StepWarp()
	if a.Snap.Last == nil || a.Snap.Last.Warp != 1 {
		t.Fatalf("step warp 1: last step %+v", a.Snap.Last)
	}
	if len(a.Snap.Warps) < 2 || len(a.Snap.Warps[1].Regs) == 0 {
		t.Fatalf("the snapshot lacks warp 1's registers")
	}
	// CTA selection: the second CTA of the vector add before it started.
	a.LoadExample("vadd")
	a.CTA = 1
	a.refresh()
	if a.Snap.State != "not started" || a.Snap.CTA != [3]uint32{1, 0, 0} {
		t.Errorf("CTA 1 at step 0: %s %v", a.Snap.State, a.Snap.CTA)
	}
}
