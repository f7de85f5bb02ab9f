package launch

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

// newMachine builds a fresh machine for a kernel file and launch spec.
func newMachine(t testing.TB, src, spec []byte) *sim.Machine {
	t.Helper()
	m, _, err := Load("k.ptx", src, spec, 0)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

type kernelCase struct {
	name      string
	src, spec []byte
}

func historyKernels(t *testing.T) []kernelCase {
	var ks []kernelCase
	dirs, _ := filepath.Glob("../../testdata/run/*/launch.json")
	for _, lj := range dirs {
		src, err := os.ReadFile(filepath.Join(filepath.Dir(lj), "kernel.ptx"))
		if err != nil {
			t.Fatal(err)
		}
		spec, _ := os.ReadFile(lj)
		ks = append(ks, kernelCase{filepath.Base(filepath.Dir(lj)), src, spec})
	}
	for _, k := range BenchKernels() {
		ks = append(ks, kernelCase{"bench_" + k.Name, k.Source, k.Launch})
	}
	return ks
}

// TestStepBackExact: N steps forward then N single steps back gives the
// starting state bit for bit; forward again gives the same state as the
// first time; and jumping to any step matches a straight run to it.
func TestStepBackExact(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, k := range historyKernels(t) {
		t.Run(k.name, func(t *testing.T) {
			s := sim.NewSession(newMachine(t, k.src, k.spec), 0)
			start := s.Machine().Fingerprint()
			n := int64(200 + rng.Intn(600))
			s.GoTo(n)
			n = s.Steps() // the kernel may end sooner
			fwd := s.Machine().Fingerprint()
			if fwd == start {
				t.Fatalf("%d steps left the fingerprint unchanged", n)
			}
			for i := int64(0); i < n; i++ {
				if !s.StepBack() {
					t.Fatalf("StepBack failed at step %d", s.Steps())
				}
			}
			if s.Steps() != 0 || s.Machine().Fingerprint() != start {
				t.Fatalf("after %d steps forward and back: state differs from the start", n)
			}
			s.GoTo(n)
			if s.Machine().Fingerprint() != fwd {
				t.Fatalf("forward again to step %d: state differs from the first time", n)
			}
			// Random jumps against straight runs on a fresh machine.
			for j := 0; j < 4; j++ {
				target := rng.Int63n(n + 1)
				s.GoTo(target)
				ref := newMachine(t, k.src, k.spec)
				for i := int64(0); i < target; i++ {
					ref.Step()
				}
				if s.Machine().Fingerprint() != ref.Fingerprint() {
					t.Fatalf("GoTo(%d) differs from a straight run of %d steps", target, target)
				}
			}
		})
	}
}

// TestHistoryBudget: a long run keeps its checkpoints within the budget
// and can still go back to any step.
func TestHistoryBudget(t *testing.T) {
	k := BenchKernels()[0] // alu: 1024 threads
	s := sim.NewSession(newMachine(t, k.Source, k.Launch), 1<<19)
	for s.Step() {
	}
	h := s.History()
	if h.Bytes > h.Budget {
		t.Fatalf("history uses %d bytes, budget %d", h.Bytes, h.Budget)
	}
	if h.Thinned == 0 {
		t.Fatalf("expected thinning in a %d-step run with a 512 KiB budget: %+v", s.Steps(), h)
	}
	end := s.Machine().Fingerprint()
	total := s.Steps()
	s.GoTo(total / 3)
	ref := newMachine(t, k.Source, k.Launch)
	for i := int64(0); i < total/3; i++ {
		ref.Step()
	}
	if s.Machine().Fingerprint() != ref.Fingerprint() {
		t.Fatal("GoTo after thinning differs from a straight run")
	}
	s.GoTo(total)
	if s.Machine().Fingerprint() != end {
		t.Fatal("back at the end: state differs")
	}
}

// TestStepBackOverFault: stepping back from a fault restores the state
// before it, and stepping forward faults again the same way.
func TestStepBackOverFault(t *testing.T) {
	k := benchKernel(t, "diverge")
	// 64 threads write 64 results into a buffer of 40: lanes 40.. fault.
	spec := []byte(`{"kernel": "diverge", "grid": 1, "block": 64, "args": {"out": {"type": "u32", "count": 40}}}`)
	s := sim.NewSession(newMachine(t, k.Source, spec), 0)
	if stop := s.Continue(nil, 1_000_000); stop != sim.StopFault {
		t.Fatalf("stopped for %v, want a fault", stop)
	}
	fault := s.Machine().Fault().Msg
	n := s.Steps()
	if !s.StepBack() || s.Machine().Fault() != nil || s.Done() {
		t.Fatalf("after StepBack: fault %v, done %v", s.Machine().Fault(), s.Done())
	}
	ref := newMachine(t, k.Source, spec)
	for i := int64(0); i < n-1; i++ {
		ref.Step()
	}
	if s.Machine().Fingerprint() != ref.Fingerprint() {
		t.Fatal("state before the fault differs from a straight run")
	}
	s.Step()
	if f := s.Machine().Fault(); f == nil || f.Msg != fault {
		t.Fatalf("stepping again: %v, want %q", f, fault)
	}
}

// TestStepBackManyCTAs: history stays exact across the release of old
// CTAs' registers.
func TestStepBackManyCTAs(t *testing.T) {
	k := benchKernel(t, "diverge")
	spec := []byte(`{"kernel": "diverge", "grid": 100, "block": 32, "args": {"out": {"type": "u32", "count": 3200}}}`)
	s := sim.NewSession(newMachine(t, k.Source, spec), 0)
	s.Continue(nil, 1<<40)
	end := s.Steps()
	for _, n := range []int64{end / 3, end - 1, end / 2, 5} {
		s.GoTo(n)
		ref := newMachine(t, k.Source, spec)
		for i := int64(0); i < n; i++ {
			ref.Step()
		}
		if s.Machine().Fingerprint() != ref.Fingerprint() {
			t.Fatalf("GoTo(%d) of %d differs from a straight run", n, end)
		}
	}
}

// TestShortPathMatchesGeneralPath: a plain run issues most instructions
// by burst's short paths (sim's flagPlain ops, and bra); a machine that
// records its steps issues every one by the general path. Both runs of
// every test and benchmark kernel, and of the divergent kernels of
// testdata/shortpath (faults, a trap and exits inside divergent code,
// calls from part of a warp, every shape of branch execBra tells apart),
// are compared at about 30 points on the way (Run's budget ends a burst
// there) and at the end: state, statistics and fault; and again with the
// sanitizers on (plain ops keep the short path under racecheck and
// synccheck, not under initcheck), their findings too.
func TestShortPathMatchesGeneralPath(t *testing.T) {
	ks := historyKernels(t)
	dir := "testdata/shortpath"
	div, err := os.ReadFile(filepath.Join(dir, "divergent.ptx"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"divfault", "divcall", "divtrap", "edges"} {
		src := div
		if n == "edges" {
			if src, err = os.ReadFile(filepath.Join(dir, "edges.ptx")); err != nil {
				t.Fatal(err)
			}
		}
		spec, err := os.ReadFile(filepath.Join(dir, n+".json"))
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, kernelCase{"shortpath_" + n, src, spec})
	}
	blocks, err := os.ReadFile(filepath.Join(dir, "blocks.ptx"))
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j <= 20; j++ { // store j faults (see blocks.ptx); none for j = 20
		spec := fmt.Sprintf(`{"kernel": "blocks", "grid": 1, "block": 40, "args": {"out": {"type": "u32", "count": %d}}}`, 1248+j)
		ks = append(ks, kernelCase{fmt.Sprintf("shortpath_blocks_fault%d", j), blocks, []byte(spec)})
	}
	for _, san := range []struct {
		name string
		k    sim.Sanitize
	}{{"plain", 0}, {"race+sync", sim.SanRace | sim.SanSync}, {"all", sim.SanAll}} {
		for _, k := range ks {
			t.Run(san.name+"/"+k.name, func(t *testing.T) {
				if san.k != 0 && strings.HasPrefix(k.name, "bench_") && testing.Short() {
					t.Skip("a benchmark kernel under the sanitizers: long")
				}
				short := newMachine(t, k.src, k.spec)
				general := newMachine(t, k.src, k.spec)
				general.Record(true)
				short.Sanitize(san.k)
				general.Sanitize(san.k)
				const limit = 5_000_000
				for budget := int64(37); ; budget += budget / 2 {
					short.Run(budget)
					general.Run(budget)
					steps := short.Stats().WarpInstructions
					if got, want := short.Stats(), general.Stats(); got != want {
						t.Fatalf("stats: short path %+v, general path %+v", got, want)
					}
					if short.Fingerprint() != general.Fingerprint() {
						t.Fatalf("the state after %d warp instructions differs", steps)
					}
					if short.Done() || steps >= limit {
						break
					}
				}
				if short.Done() != general.Done() {
					t.Errorf("done: short path %v, general path %v", short.Done(), general.Done())
				}
				faults := k.name == "shortpath_divfault" || k.name == "shortpath_divtrap" ||
					strings.HasPrefix(k.name, "shortpath_blocks_") && k.name != "shortpath_blocks_fault20"
				if faults != (short.Fault() != nil) {
					t.Errorf("fault %v, want one: %v", short.Fault(), faults)
				}
				if got, want := short.Fault(), general.Fault(); (got == nil) != (want == nil) || got != nil && got.Msg != want.Msg {
					t.Errorf("fault: short path %v, general path %v", got, want)
				}
				if got, want := short.Hazards(), general.Hazards(); !reflect.DeepEqual(got, want) {
					t.Errorf("findings: short path %+v, general path %+v", got, want)
				}
			})
		}
	}
}
