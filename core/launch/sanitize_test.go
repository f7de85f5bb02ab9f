package launch

// sanitize_test.go: the sanitizers on whole kernels: no finding on any
// correct example, testdata kernel or benchmark launch (the false-positive
// sweep; the corpus kernels' runs in corpus_mma_test.go and the
// instruction tests' harness in core/sim are sanitized too), and the
// classic bugs of testdata/sanitize (clang-14 output of the .cu beside
// each) found at their lines, their fixed versions clean.

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

func hazardLines(hz []sim.Hazard) []string {
	var s []string
	for _, h := range hz {
		if h.Other != nil {
			s = append(s, fmt.Sprintf("%s %d<-%d", h.Kind, h.Line, h.Other.Line))
		} else {
			s = append(s, fmt.Sprintf("%s %d", h.Kind, h.Line))
		}
	}
	sort.Strings(s)
	return s
}

func runSanitizedFile(t *testing.T, kernel, spec string) *Result {
	t.Helper()
	src, err := os.ReadFile(kernel)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	return Run(kernel, src, sp, Options{Sanitize: sim.SanAll})
}

// knownFindings are the findings of kernels that show a bug on purpose.
var knownFindings = map[string][]string{
	// "ld.shared.u32 %r22, [%r3];  // too early: the copies have not landed"
	"examples/mma_ldmatrix": {"init 34"},
	// The two races on purpose: each level of the tree reads what the
	// level before wrote, with no barrier (race_reduce), and warp 0's
	// volatile steps with no __syncwarp (warp_sync_reduce): every read
	// after the write before it, every write after the read before it.
	// The first plain read of each atomicCAS loop (lines 67 and 94, as
	// the CUDA programming guide writes the loop) against the CAS of the
	// other threads (72, 99): a plain read is not strong, so it races
	// with the atomics (ISA 8.7.1), inside warp 0 and across warps. The
	// CAS rereads the word, so the sums come out right all the same.
	"testdata/run/atomics":      {"race 67<-72", "race 72<-67", "race 94<-99", "race 99<-94"},
	"examples/race_reduce":      {"race 36<-40", "race 46<-42", "race 52<-48", "race 58<-54", "race 64<-60", "race 72<-66"},
	"examples/warp_sync_reduce": {"race 38<-37", "race 41<-38", "race 42<-41", "race 45<-42", "race 46<-45", "race 49<-46", "race 50<-49", "race 53<-50", "race 54<-53", "race 57<-54"},
}

func TestSanitizeCleanCorpus(t *testing.T) {
	var dirs []string
	for _, pat := range []string{"../../examples/*/launch.json", "../../testdata/run/*/launch.json"} {
		m, _ := filepath.Glob(pat)
		dirs = append(dirs, m...)
	}
	if len(dirs) < 40 {
		t.Fatalf("found %d kernels, expected the examples and testdata/run", len(dirs))
	}
	type run struct{ name, kernel, spec string }
	var runs []run
	for _, spec := range dirs {
		dir := filepath.Dir(spec)
		runs = append(runs, run{strings.TrimPrefix(dir, "../../"), filepath.Join(dir, "kernel.ptx"), spec})
	}
	// The benchmark GEMMs' launches (examples/gemm128_test.go); the
	// corpus kernels run sanitized in corpus_mma_test.go, the printf and
	// instruction test kernels in core/sim.
	runs = append(runs,
		run{"testdata/bench/gemm128 wgmma", "../../testdata/bench/gemm128/wgmma.ptx", "../../testdata/bench/gemm128/wgmma.json"},
		run{"testdata/bench/gemm128 mma", "../../testdata/run/mma_gemm/kernel.ptx", "../../testdata/bench/gemm128/mma.json"})
	for _, r := range runs {
		name, spec := r.name, r.spec
		want := knownFindings[name]
		t.Run(name, func(t *testing.T) {
			res := runSanitizedFile(t, r.kernel, spec)
			got := hazardLines(res.Hazards)
			if strings.Join(got, ", ") != strings.Join(want, ", ") {
				for _, h := range res.Hazards {
					t.Logf("%d:%d: %s: %s", h.Line, h.Col, h.Kind, h.Message)
				}
				t.Errorf("findings %v, want %v", got, want)
			}
		})
	}
}

func TestSanitizeClassicBugs(t *testing.T) {
	for _, c := range []struct {
		name, bug, fixed, spec string // files of testdata/sanitize ("" : the name's)
		want                   []string
	}{
		// Each tree level reads s[t+stride] (lines 44..76) that the level
		// before wrote (40..70) with no __syncthreads() between: inside
		// warp 0 a warp-level race; the first level's write by warp 1
		// after warp 0 already read it at the second.
		{"missing_sync", "", "", "", []string{"race 40<-44", "race 50<-46", "race 56<-52", "race 62<-58", "race 68<-64", "race 76<-70"}},
		// The bar.sync inside if (t < n), n = 40: warp 1 reaches it with
		// lanes 32..39 only.
		{"cond_barrier", "", "", "", []string{"sync 38"}},
		// The first atomicAdd on a counter nothing zeroed.
		{"uninit_acc", "", "", "", []string{"init 33"}},
		// a[6] and a[7] (n = 6) summed but never written: at -O2 the
		// unrolled sum loads all eight (lines 92..100) and the adds of
		// lines 106 and 107 use the two undefined ones (loaded at 99 and
		// 100); at -O0 the loop's add (86) uses what the load at 84 read.
		{"uninit_local", "", "", "", []string{"init 106<-99", "init 107<-100"}},
		{"uninit_local -O0", "uninit_local_o0", "uninit_local_fixed_o0", "uninit_local", []string{"init 86<-84"}},
		// Whole-struct copies of padding and a member nothing wrote
		// (through a return value, an assignment, a local array): copies,
		// never uses, so nothing is found at -O2 or -O0.
		{"struct_copy", "", "-", "", nil},
		{"struct_copy -O0", "struct_copy_o0", "-", "struct_copy", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			bug, fixed, spec := c.bug, c.fixed, c.spec
			if bug == "" {
				bug = c.name
			}
			if fixed == "" {
				fixed = c.name + "_fixed"
			}
			if spec == "" {
				spec = c.name
			}
			dir := "../../testdata/sanitize"
			specFile := filepath.Join(dir, spec+".launch.json")
			res := runSanitizedFile(t, filepath.Join(dir, bug+".ptx"), specFile)
			if !res.OK {
				t.Fatalf("run failed: %v", res.Errors)
			}
			if got := hazardLines(res.Hazards); strings.Join(got, ", ") != strings.Join(c.want, ", ") {
				for _, h := range res.Hazards {
					t.Logf("%d:%d: %s: %s", h.Line, h.Col, h.Kind, h.Message)
				}
				t.Errorf("findings %v, want %v", got, c.want)
			}
			if fixed == "-" {
				return
			}
			res2 := runSanitizedFile(t, filepath.Join(dir, fixed+".ptx"), specFile)
			if !res2.OK || len(res2.Hazards) != 0 {
				t.Errorf("fixed version: ok %v, findings %v (errors %v)", res2.OK, hazardLines(res2.Hazards), res2.Errors)
			}
		})
	}
}
