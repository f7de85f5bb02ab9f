package launch_test

// session_sanitize_test.go: a sim.Session whose machine has the
// sanitizers on takes its findings back with every step back: the
// checkpoints hold the sanitizers' state as it was (sim clone.go), so
// wherever a walk forward and back stands, the findings are those of a
// new machine stepped as far, and at the end exactly a plain run's.

import (
	"reflect"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch/launchtest"
	"github.com/ptxplay/ptxplay/core/sim"
)

func TestSessionSanitizedBackAndForth(t *testing.T) {
	for _, c := range []struct{ name, kernel, spec string }{
		// races in shared memory, inside a warp and across warps
		{"race_reduce", "../../examples/race_reduce/kernel.ptx", "../../examples/race_reduce/launch.json"},
		{"warp_sync_reduce", "../../examples/warp_sync_reduce/kernel.ptx", "../../examples/warp_sync_reduce/launch.json"},
		// plain reads against atomics in global memory
		{"atomics", "../../testdata/run/atomics/kernel.ptx", "../../testdata/run/atomics/launch.json"},
		// initcheck in shared memory, a "count" buffer and local memory;
		// synccheck of a barrier in divergent code
		{"mma_ldmatrix", "../../examples/mma_ldmatrix/kernel.ptx", "../../examples/mma_ldmatrix/launch.json"},
		{"uninit_acc", "../../testdata/sanitize/uninit_acc.ptx", "../../testdata/sanitize/uninit_acc.launch.json"},
		{"uninit_local", "../../testdata/sanitize/uninit_local.ptx", "../../testdata/sanitize/uninit_local.launch.json"},
		{"cond_barrier", "../../testdata/sanitize/cond_barrier.ptx", "../../testdata/sanitize/cond_barrier.launch.json"},
		{"missing_sync", "../../testdata/sanitize/missing_sync.ptx", "../../testdata/sanitize/missing_sync.launch.json"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fresh := launchtest.Machine(t, c.kernel, c.spec, sim.SanAll)
			fresh.Run(0)
			want := fresh.Hazards()
			if len(want) == 0 {
				t.Fatal("the kernel has no findings: it tests nothing")
			}
			end := fresh.Stats().WarpInstructions
			s := sim.NewSession(launchtest.Machine(t, c.kernel, c.spec, sim.SanAll), 0)
			// ref is a new machine stepped as far as the session stands.
			var ref *sim.Machine
			check := func(what string) {
				t.Helper()
				n := s.Steps()
				if ref == nil || ref.Stats().WarpInstructions > n {
					ref = launchtest.Machine(t, c.kernel, c.spec, sim.SanAll)
				}
				for ref.Stats().WarpInstructions < n {
					ref.Step()
				}
				if got, want := s.Machine().Hazards(), ref.Hazards(); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s, step %d: %d findings %+v\na new machine's %d: %+v", what, n, len(got), got, len(want), want)
				}
			}
			// Forward a stretch, back part of it, forward again, past
			// several checkpoints each time.
			stretch := max(end/7, 3)
			for {
				s.GoTo(s.Steps() + stretch)
				check("forward")
				if s.Done() {
					break
				}
				s.GoTo(s.Steps() - stretch/2)
				check("back")
				s.StepBack()
				check("a step back")
				s.GoTo(s.Steps() + stretch/3)
				check("forward again")
			}
			if got := s.Machine().Hazards(); !reflect.DeepEqual(got, want) {
				t.Fatalf("at the end: %d findings %+v\na plain run's %d: %+v", len(got), got, len(want), want)
			}
			s.GoTo(0)
			check("the start")
			for !s.Done() {
				s.Step()
			}
			if got := s.Machine().Hazards(); !reflect.DeepEqual(got, want) {
				t.Fatalf("stepped again to the end: %d findings %+v\na plain run's %d: %+v", len(got), got, len(want), want)
			}
		})
	}
}
