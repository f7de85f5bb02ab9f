package launch

// handover_test.go: Run hands a warp's turn to the next warp inside one
// issue (machine.go) and arrives at a plain bar.sync in place
// (flagBarSync); Step goes through the scheduler's next and execBar for
// every instruction. Both must follow one schedule to the same state.

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

// barrierKernels are testdata/barriers' launches of barriers.ptx.
func barrierKernels(t *testing.T) []kernelCase {
	src, err := os.ReadFile("testdata/barriers/barriers.ptx")
	if err != nil {
		t.Fatal(err)
	}
	var ks []kernelCase
	for _, n := range []string{"named", "counts", "counts_cluster", "leave", "parted"} {
		spec, err := os.ReadFile(filepath.Join("testdata/barriers", n+".json"))
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, kernelCase{"barriers_" + n, src, spec})
	}
	return ks
}

// TestBarrierKernels: each kernel of testdata/barriers gives what the ISA
// defines (see barriers.cu), with and without the sanitizers (under
// which every arrival takes execBar).
func TestBarrierKernels(t *testing.T) {
	want := map[string]func(i uint32) uint32{
		"named": func(i uint32) uint32 {
			c, t := i/128, i%128
			if t < 64 {
				return (t^32)*3 + c
			}
			return (t-64)*3 + c + 1
		},
		"counts": func(i uint32) uint32 {
			const n, rounds = 80, 5
			c, t := i/n, i%n
			// 27 threads of 80 have t%3 == 0; every t < n; thread 79 is n-1.
			return (t+rounds)%n + 1000*c + rounds + 27<<16 + 1<<24 + 1<<25
		},
		"leave": func(i uint32) uint32 {
			const rounds = 4
			t := i % 96
			if t/32 == 1 {
				x := t
				for range 20 * rounds {
					x = 3*x + 1
				}
				return x
			}
			return t ^ 64 + rounds
		},
		"parted": func(t uint32) uint32 {
			if t%32 < 16 {
				return t ^ 32 + 7
			}
			return (t ^ 32) * 5
		},
	}
	want["counts_cluster"] = want["counts"]
	for _, k := range barrierKernels(t) {
		name := strings.TrimPrefix(k.name, "barriers_")
		for _, san := range []Options{{}, {Sanitize: sim.SanRace | sim.SanSync}} {
			t.Run(fmt.Sprintf("%s/sanitize=%v", name, san.Sanitize), func(t *testing.T) {
				res := Run("barriers.ptx", k.src, k.spec, san)
				if !res.OK {
					t.Fatalf("run failed: %v", res.Errors)
				}
				// parted's barrier completes with the lanes of one path of
				// each warp (a barrier counts a warp's arrival as its 32
				// threads), where the GPU's would wait for all 64 threads:
				// synccheck says so, and nothing else.
				wantFinding := name == "parted" && san.Sanitize != 0
				if wantFinding != (len(res.Hazards) > 0) {
					t.Errorf("findings %+v, want some: %v", res.Hazards, wantFinding)
				}
				for _, h := range res.Hazards {
					if h.Kind != "sync" || !strings.Contains(h.Message, "barrier 1 reached by lanes 0xffff0000 of warp") || !strings.Contains(h.Message, "on another path of a branch") {
						t.Errorf("finding %+v, want a barrier 1 reached on one path of a branch", h)
					}
				}
				var out *Buffer
				for _, b := range res.Buffers {
					out = b
				}
				f := want[name]
				for i, v := range out.Data {
					if got, want := uint32(v), f(uint32(i)); got != want {
						t.Fatalf("out[%d] = %d, want %d", i, got, want)
					}
				}
			})
		}
	}
}

// TestRunFollowsSteps: a run in chunks of growing budgets (one issue hands
// the turn from warp to warp) and a general-path run (Record: execBar,
// no hand-over by the short paths' flags) reach, after each chunk, the
// state of as many single Steps (the scheduler's next and an issue for
// each), bit for bit: on every example, test, GPU-case and benchmark
// kernel, and on testdata/barriers (named barriers with counts,
// bar.arrive, bar.red, a partial warp, an exited warp holding up a
// barrier, a barrier number in a register, barriers on parted paths, a
// cluster of three CTAs each with its barriers).
func TestRunFollowsSteps(t *testing.T) {
	ks := append(barrierKernels(t), historyKernels(t)...)
	for _, g := range []string{"../../examples/*/launch.json", "../../testdata/gpu/*/launch.json"} {
		m, _ := filepath.Glob(g)
		for _, lj := range m {
			src, err1 := os.ReadFile(filepath.Join(filepath.Dir(lj), "kernel.ptx"))
			spec, err2 := os.ReadFile(lj)
			if err1 != nil || err2 != nil {
				continue // a folder of launches with kernels of other names
			}
			ks = append(ks, kernelCase{filepath.Base(filepath.Dir(lj)), src, spec})
		}
	}
	if len(ks) < 100 {
		t.Fatalf("only %d kernels", len(ks))
	}
	for _, k := range ks {
		t.Run(k.name, func(t *testing.T) {
			if testing.Short() && strings.HasPrefix(k.name, "bench_") {
				t.Skip("a benchmark kernel stepped one instruction at a time: long")
			}
			run := newMachine(t, k.src, k.spec)
			stepped := newMachine(t, k.src, k.spec)
			general := newMachine(t, k.src, k.spec)
			general.Record(true)
			const limit = 3_000_000
			for budget := int64(1); ; budget += budget/2 + 1 {
				n := runAlongSteps(t, run, general, stepped, budget)
				if run.Done() || n >= limit {
					break
				}
			}
			if run.Done() != stepped.Done() {
				t.Errorf("done: run %v, steps %v", run.Done(), stepped.Done())
			}
			if got, want := run.Fault(), stepped.Fault(); !reflect.DeepEqual(got, want) {
				t.Errorf("fault: run %v, steps %v", got, want)
			}
		})
	}
}

// runAlongSteps runs run and general (the machine on its general path)
// for budget more warp instructions, steps stepped to the count run
// reached, and fails t unless the three have the same statistics and
// state; it returns that count.
func runAlongSteps(t *testing.T, run, general, stepped *sim.Machine, budget int64) int64 {
	t.Helper()
	run.Run(budget)
	general.Run(budget)
	n := run.Stats().WarpInstructions
	for !stepped.Done() && stepped.Stats().WarpInstructions < n {
		stepped.Step()
	}
	if got, want := run.Stats(), stepped.Stats(); got != want {
		t.Fatalf("stats: run %+v, steps %+v", got, want)
	}
	if got, want := general.Stats(), stepped.Stats(); got != want {
		t.Fatalf("stats: general path %+v, steps %+v", got, want)
	}
	if run.Fingerprint() != stepped.Fingerprint() {
		t.Fatalf("after %d warp instructions (a run of %d) the run's state differs from the steps'", n, budget)
	}
	if general.Fingerprint() != stepped.Fingerprint() {
		t.Fatalf("after %d warp instructions (a run of %d) the general path's state differs from the steps'", n, budget)
	}
	return n
}
