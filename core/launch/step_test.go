package launch

import (
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

func benchKernel(t testing.TB, name string) BenchKernel {
	for _, k := range BenchKernels() {
		if k.Name == name {
			return k
		}
	}
	t.Fatalf("no bench kernel %s", name)
	return BenchKernel{}
}

func session(t *testing.T, name, spec string) *sim.Session {
	k := benchKernel(t, name)
	if spec == "" {
		spec = string(k.Launch)
	}
	return sim.NewSession(newMachine(t, k.Source, []byte(spec)), 0)
}

// Lines of benchdata/diverge.ptx and reduce.ptx used below.
const (
	divergeBraEven = 24 // @%p2 bra $L_even;
	divergeShr     = 28 // shr.u32 %r5, %r5, 1;
	divergeNext    = 30 // $L_next: add.s32 %r6, %r6, 1;
	reduceFirstBar = 32 // the first bar.sync 0
)

func TestBreakpoints(t *testing.T) {
	s := session(t, "diverge", "")
	bp := []sim.Breakpoint{{Line: divergeShr, CTA: -1, Warp: -1}}
	if stop := s.Continue(bp, 1_000_000); stop != sim.StopBreakpoint {
		t.Fatalf("stopped for %v, want breakpoint", stop)
	}
	snap := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: -1})
	if snap.Next == nil || snap.Next.Line != divergeShr {
		t.Fatalf("next = %+v, want line %d", snap.Next, divergeShr)
	}
	first := s.Steps()
	if stop := s.Continue(bp, 1_000_000); stop != sim.StopBreakpoint || s.Steps() <= first {
		t.Fatalf("second continue: %v at step %d (first at %d)", s.Steps(), first, s.Steps())
	}
	// Only warp 3 of CTA 2.
	s.Reset()
	bp = []sim.Breakpoint{{Line: divergeShr, CTA: 2, Warp: 3}}
	if stop := s.Continue(bp, 10_000_000); stop != sim.StopBreakpoint {
		t.Fatalf("stopped for %v", stop)
	}
	if n := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 3}).Next; n.CTA != 2 || n.Warp != 3 || n.Line != divergeShr {
		t.Fatalf("next = %+v, want CTA 2 warp 3 line %d", n, divergeShr)
	}
	// A line without instructions never stops the run.
	s.Reset()
	if stop := s.Continue([]sim.Breakpoint{{Line: 1, CTA: -1, Warp: -1}}, 10_000_000); stop != sim.StopEnd {
		t.Fatalf("stopped for %v, want end", stop)
	}
}

func TestStepWarp(t *testing.T) {
	s := session(t, "reduce", `{"kernel": "reduce", "grid": 2, "block": 256, "args": {"in": {"type": "u32", "count": 1024, "fill": "iota"}, "out": {"type": "u32", "count": 2}}}`)
	for _, w := range []int{5, 0, 7, 5} {
		if !s.StepWarp(w, 100_000) {
			t.Fatalf("StepWarp(%d) failed at step %d", w, s.Steps())
		}
		if last := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: w}).Last; last.Warp != w {
			t.Fatalf("StepWarp(%d): last step ran warp %d", w, last.Warp)
		}
	}
	if s.StepWarp(99, 100) {
		t.Fatal("StepWarp of a warp that does not exist succeeded")
	}
}

func TestStepOverBarrier(t *testing.T) {
	s := session(t, "reduce", `{"kernel": "reduce", "grid": 1, "block": 256, "args": {"in": {"type": "u32", "count": 512, "fill": "iota"}, "out": {"type": "u32", "count": 1}}}`)
	// Run until some warp waits at the first barrier.
	for {
		s.Step()
		waiting := 0
		for _, w := range s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0}).Warps {
			if w.Barrier >= 0 {
				waiting++
			}
		}
		if waiting > 0 {
			break
		}
	}
	if !s.StepOverBarrier(1_000_000) {
		t.Fatal("StepOverBarrier did not pass a barrier")
	}
	snap := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0})
	for _, w := range snap.Warps {
		if w.Barrier >= 0 {
			t.Fatalf("warp %d still waits at barrier %d", w.ID, w.Barrier)
		}
		if w.Line <= reduceFirstBar {
			t.Fatalf("warp %d at line %d, not past the barrier on line %d", w.ID, w.Line, reduceFirstBar)
		}
	}
}

func TestSnapshotDivergence(t *testing.T) {
	s := session(t, "diverge", "")
	// Step until warp 0 has executed the divergent "@%p2 bra $L_even".
	for {
		s.Step()
		if l := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0}).Last; l.Warp == 0 && l.Line == divergeBraEven {
			break
		}
	}
	w := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0}).Warps[0]
	// Lane 0 starts at 1 and left the loop at once: it waits at $L_end
	// under the loop's entry. Below the two new paths: the loop body.
	n := len(w.Stack)
	if n != 4 {
		t.Fatalf("stack %+v, want the base, the loop body and two diverged paths", w.Stack)
	}
	if w.Stack[1].Mask != 0xfffffffe {
		t.Fatalf("loop entry mask %08x, want fffffffe (lane 0 left)", w.Stack[1].Mask)
	}
	for _, e := range w.Stack[2:] {
		if e.RLine != divergeNext {
			t.Fatalf("entry %+v reconverges at line %d, want %d", e, e.RLine, divergeNext)
		}
	}
	top, mid := w.Stack[3], w.Stack[2]
	if top.Mask&mid.Mask != 0 || top.Mask|mid.Mask != w.Stack[1].Mask {
		t.Fatalf("paths %08x and %08x do not split the loop's %08x", top.Mask, mid.Mask, w.Stack[1].Mask)
	}
	// Even start values (odd lanes: tid+1 even) take the shr path first.
	if top.Line != divergeShr || top.Mask != 0xaaaaaaaa {
		t.Fatalf("taken path at line %d mask %08x, want line %d mask aaaaaaaa", top.Line, top.Mask, divergeShr)
	}
}

func TestSnapshotRegisters(t *testing.T) {
	s := session(t, "diverge", "")
	s.Step() // mov.u32 %r1, %tid.x
	w := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0}).Warps[0]
	regs := map[string]sim.RegView{}
	for _, r := range w.Regs {
		regs[r.Name] = r
	}
	r1 := regs["%r1"]
	if r1.Written != ^uint32(0) || r1.Changed != ^uint32(0) || r1.Values[7] != 7 || r1.Type != ".b32" {
		t.Fatalf("%%r1 = %+v", r1)
	}
	if r2 := regs["%r2"]; r2.Written != 0 || r2.Changed != 0 {
		t.Fatalf("%%r2 written %08x changed %08x before any write", r2.Written, r2.Changed)
	}
	s.Step() // mov.u32 %r2, %ctaid.x
	w = s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0}).Warps[0]
	for _, r := range w.Regs {
		if r.Name == "%r1" && r.Changed != 0 {
			t.Fatal("%r1 still marked changed after a step that did not write it")
		}
	}
}

func TestSnapshotAccess(t *testing.T) {
	s := session(t, "reduce", `{"kernel": "reduce", "grid": 1, "block": 64, "args": {"in": {"type": "u32", "count": 128, "fill": "iota"}, "out": {"type": "u32", "count": 1}}}`)
	var global, shared *sim.Access
	for global == nil || shared == nil {
		if !s.Step() {
			t.Fatal("kernel ended")
		}
		snap := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0})
		if a := snap.Access; a != nil && a.Space == "global" && !a.Write && global == nil {
			global = a
		}
		if a := snap.Access; a != nil && a.Space == "shared" && a.Write && shared == nil {
			shared = a
			var wrote bool
			for _, r := range snap.Memory {
				if r.Space == "shared" && len(r.Written) == 1 && r.Written[0] == [2]int{0, 128} {
					wrote = true
				}
			}
			if !wrote {
				t.Fatalf("shared region does not show bytes 0..128 written: %+v", snap.Memory)
			}
		}
	}
	// ld.global.u32 of 32 consecutive words; st.shared.u32 at unit stride.
	if len(global.Lanes) != 32 || global.Sectors != 4 || global.Lines != 1 {
		t.Fatalf("global access %d lanes, %d sectors, %d lines", len(global.Lanes), global.Sectors, global.Lines)
	}
	if shared.Conflict != 1 {
		t.Fatalf("shared store %d-way conflict, want 1", shared.Conflict)
	}
}
