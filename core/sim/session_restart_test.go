package sim

import (
	"fmt"
	"reflect"
	"testing"
)

// TestSessionRestartsBackAndForth steps a session of restartKernel over
// more CTAs than a machine keeps finished (KeepCTAs: CTAs released and
// restarted in their blocks, some held by checkpoints) forward, back one
// step at a time across CTA starts and ends, back further, and again from
// the start; wherever it stands, its machine must be the state a new
// machine stepped as many times is in: every register row and written
// flag, predicate, stack, shared and local byte and global buffer
// (Fingerprint), the registers the page shows of every CTA started
// (Snapshot) and the fault. A step back or a
// run again starts CTAs in the blocks of those the machine it leaves had
// started (adoptCTAs): the walk must do so, many times.
func TestSessionRestartsBackAndForth(t *testing.T) {
	p := compilePTX(t, "restart.ptx", restartKernel)
	const grid, block = KeepCTAs + 12, 64
	for _, budget := range []int64{0, 1 << 16} { // the default, and one that thins history
		// With the sanitizers on, the checkpoints hold their state too
		// (sanitize_clone.go): the findings go back with the session.
		for _, san := range []Sanitize{0, SanAll} {
			desc := fmt.Sprintf("budget %d, sanitize %v", budget, san)
			m, _ := newRestart(t, p, grid, block, 0, san)
			s := NewSession(m, budget)
			adopted, restarted := 0, 0
			// ref is a new machine stepped n times, kept while the walk
			// goes forward.
			var ref *Machine
			var refAt int64
			check := func(what string) {
				t.Helper()
				n := s.Steps()
				if ref == nil || refAt > n {
					ref, _ = newRestart(t, p, grid, block, 0, san)
					ref.record = true // as a session's: the last step's changes show
					refAt = 0
				}
				for ; refAt < n; refAt++ {
					ref.Step()
				}
				got := s.Machine()
				if got.Fingerprint() != ref.Fingerprint() {
					t.Fatalf("%s: %s, step %d: the state differs from a new machine's", desc, what, n)
				}
				if !reflect.DeepEqual(got.Hazards(), ref.Hazards()) || !reflect.DeepEqual(got.Fault(), ref.Fault()) {
					t.Fatalf("%s: %s, step %d: findings %v, fault %v; a new machine's %v, %v", desc, what, n, got.Hazards(), got.Fault(), ref.Hazards(), ref.Fault())
				}
				for i := 0; i < grid; i++ {
					a := got.Snapshot(SnapshotOptions{CTA: i, Warp: -1})
					b := ref.Snapshot(SnapshotOptions{CTA: i, Warp: -1})
					if a.State != b.State || !reflect.DeepEqual(a.Warps, b.Warps) {
						t.Fatalf("%s: %s, step %d: CTA %d (%s) shows other registers than a new machine's (%s)", desc, what, n, i, a.State, b.State)
					}
				}
			}
			// step moves one step forward, counting the CTAs that start
			// in adopted blocks.
			step := func() {
				t.Helper()
				m := s.Machine()
				spares, started := len(m.spareCTAs), len(m.ctas)
				var next *cta
				if spares > 0 && m.spareCTA == nil {
					next = m.spareCTAs[spares-1]
				}
				s.Step()
				if next != nil && len(m.ctas) > started && m.ctas[started] == next {
					restarted++
				}
			}
			back := func(to int64, what string) {
				t.Helper()
				s.GoTo(to)
				adopted += len(s.Machine().spareCTAs)
				check(what)
			}
			for !s.Done() {
				for range 37 {
					if !s.Done() {
						step()
					}
				}
				check("forward")
				if s.Steps()%5 == 0 {
					continue
				}
				for range 3 {
					back(s.Steps()-1, "a step back")
				}
				back(max(s.Steps()-300, 0), "300 steps back")
				for range 400 {
					if !s.Done() {
						step()
					}
				}
				check("forward again")
			}
			end := s.Steps()
			back(0, "the start")
			for !s.Done() {
				step()
				if s.Steps()%101 == 0 {
					check("a run again")
				}
			}
			check("the end again")
			if s.Steps() != end {
				t.Fatalf("%s: the run again ended at step %d, the first at %d", desc, s.Steps(), end)
			}
			if adopted < grid || restarted < grid {
				t.Errorf("%s: %d CTAs handed over, %d started in them: want %d or more of each", desc, adopted, restarted, grid)
			}
		}
	}
}
