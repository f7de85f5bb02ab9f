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

// TestHoverIdesc: beside a tcgen05.mma the hover decodes its instruction
// descriptor: the value it last ran with in the shown CTA once the line
// has executed (and no longer after stepping back before it), else the
// fields of an immediate operand; a register not yet read shows nothing.
func TestHoverIdesc(t *testing.T) {
	const word = "tcgen05.mma.cta_group::1.kind::f16"
	a := NewApp()
	if err := a.LoadExample("tcgen05_gemm"); err != nil {
		t.Fatal(err)
	}
	const line = 168 // the first of the example's four MMAs (examples/tcgen05_gemm/kernel.ptx)
	if !strings.Contains(strings.Split(a.Source, "\n")[line-1], "tcgen05.mma") {
		t.Fatalf("line %d of the example is not its first tcgen05.mma", line)
	}
	if got := a.Hover(word, line); strings.Contains(got, "Instruction descriptor") || !strings.Contains(got, "tcgen05.mma") {
		t.Errorf("before the run: %q, want the doc without a descriptor (idesc is a register)", got)
	}
	a.GoTo(0)
	// the line is "{ .reg .pred p; setp.ne.u32 p, ...; tcgen05.mma ...; }":
	// step to its MMA
	for i := 0; i < 20000 && (a.Snap.Last == nil || !strings.HasPrefix(a.Snap.Last.Text, "tcgen05.mma")); i++ {
		a.Step()
	}
	if a.Snap.Last == nil || a.Snap.Last.Line != line {
		t.Fatalf("never reached the MMA on line %d", line)
	}
	want := "Instruction descriptor (as last executed) 0x08100010: M=128 N=64 K=16, A f16 K-major, B f16 K-major, D f32"
	if got := a.Hover(word, line); !strings.Contains(got, want) {
		t.Errorf("after the MMA: %q, want %q", got, want)
	}
	if got := a.Hover(word, line+6); strings.Contains(got, "Instruction descriptor") {
		t.Errorf("the next MMA, not yet run: %q", got)
	}
	a.Back()
	if got := a.Hover(word, line); strings.Contains(got, "Instruction descriptor") {
		t.Errorf("stepped back before the MMA: %q", got)
	}

	const src = `.version 8.7
.target sm_100a
.address_size 64
.visible .entry k()
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, 0x08100010, %p1;
	tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16 [%r1], %rd1, %rd2, 0x08900480, [%r2], [%r3], %p1;
	tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r3, %p1;
	ret;
}
`
	a.SetSource(src)
	if len(a.Diags) != 0 {
		t.Fatalf("the kernel does not check: %+v", a.Diags)
	}
	cases := []struct {
		word string
		line int
		want string
	}{
		{word, 9, "Instruction descriptor (immediate) 0x08100010: M=128 N=64 K=16, A f16 K-major, B f16 K-major, D f32"},
		{"tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16", 10, "Instruction descriptor (immediate) 0x08900480: M=128 N=64 K=64, A e2m1 K-major, B e2m1 K-major, D f32, scales ue8m0 (A id 0, B id 0)"},
		{word, 11, ""},
		{"add.s32", 9, ""},
	}
	for _, c := range cases {
		got := a.Hover(c.word, c.line)
		if c.want == "" && strings.Contains(got, "Instruction descriptor") || !strings.Contains(got, c.want) {
			t.Errorf("%s at line %d: %q, want %q", c.word, c.line, got, c.want)
		}
	}
}
