package sim_test

// sanitize_clone_test.go: a checkpoint holds the sanitizers' state as it
// was (sanitize_clone.go). Cloned after any step, the clone and the
// machine it was taken from each run on to the end of the kernel with
// exactly the findings of a run with no clone: neither side's changes
// reach the other, whichever changes a shared record first (the machine
// runs to the end before the clone, as a session's does before a step
// back, and the clone is cloned again, as a step back does).

import (
	"reflect"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch/launchtest"
	"github.com/ptxplay/ptxplay/core/sim"
)

func TestSanitizerCloneAtEveryStep(t *testing.T) {
	for _, c := range []struct {
		name, kernel, spec string
		clean              bool // no findings: the clones must find none either
	}{
		// local memory's initcheck across calls and frames (-O0)
		{"uninit_local_o0", "../../testdata/sanitize/uninit_local_o0.ptx", "../../testdata/sanitize/uninit_local.launch.json", false},
		{"uninit_local", "../../testdata/sanitize/uninit_local.ptx", "../../testdata/sanitize/uninit_local.launch.json", false},
		{"uninit_acc", "../../testdata/sanitize/uninit_acc.ptx", "../../testdata/sanitize/uninit_acc.launch.json", false},
		{"cond_barrier", "../../testdata/sanitize/cond_barrier.ptx", "../../testdata/sanitize/cond_barrier.launch.json", false},
		{"race_reduce", "../../examples/race_reduce/kernel.ptx", "../../examples/race_reduce/launch.json", false},
		{"atomics", "../../testdata/run/atomics/kernel.ptx", "../../testdata/run/atomics/launch.json", false},
		// barrier.cluster and shared::cluster; mbarriers and the async proxy
		{"dsmem_exchange", "../../examples/dsmem_exchange/kernel.ptx", "../../examples/dsmem_exchange/launch.json", true},
		{"tma_tile", "../../examples/tma_tile/kernel.ptx", "../../examples/tma_tile/launch.json", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			fresh := launchtest.Machine(t, c.kernel, c.spec, sim.SanAll)
			fresh.Run(0)
			want, end := fresh.Hazards(), fresh.Stats().WarpInstructions
			if (len(want) == 0) != c.clean {
				t.Fatalf("%d findings, want some: %v", len(want), !c.clean)
			}
			stride := max(end/150, 1)
			for k := int64(0); k < end; k += stride {
				m := launchtest.Machine(t, c.kernel, c.spec, sim.SanAll)
				m.Run(k)
				cl := m.CloneForTest()
				m.Run(0)                   // on past the checkpoint, then back to it:
				again := cl.CloneForTest() // a clone of a checkpoint, as a step back takes
				again.Run(0)
				cl.Run(0)
				for _, r := range []struct {
					what string
					m    *sim.Machine
				}{{"the machine", m}, {"its clone", cl}, {"the clone's clone", again}} {
					if got := r.m.Hazards(); !reflect.DeepEqual(got, want) {
						t.Fatalf("cloned after step %d, %s ends with %d findings %+v\nwant %d: %+v", k, r.what, len(got), got, len(want), want)
					}
				}
			}
		})
	}
}
