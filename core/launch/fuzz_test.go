package launch

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/limits"
	"github.com/ptxplay/ptxplay/core/ptx"
	"github.com/ptxplay/ptxplay/core/sim"
)

// FuzzRun: any source that parses and checks can be loaded and run (with
// made-up arguments and a small budget) without an internal error.
// `go test` runs its seeds; TestMutatedKernels below runs thousands of
// mutations deterministically. scripts/test fuzzes it for a bounded time
// with -fuzzminimizetime=0 (what looked like a stall was Go minimising
// each new input for up to 60 s; without that it runs at 10-17k execs/s).
func FuzzRun(f *testing.F) {
	for _, g := range []string{"../../testdata/run/*/kernel.ptx", "benchdata/*.ptx"} {
		files, _ := filepath.Glob(g)
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil && len(b) < 4000 {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) { runAny(t, src) })
}

// TestMutatedKernels mutates the run corpus (byte flips, cuts and
// copies) and pushes every mutant through the whole pipeline: no panic,
// no internal error, no hang.
func TestMutatedKernels(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/run/*/kernel.ptx")
	rng := rand.New(rand.NewSource(1))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for iter := 0; iter < n; iter++ {
		b, _ := os.ReadFile(files[rng.Intn(len(files))])
		for k := 0; k < 1+rng.Intn(3); k++ {
			i := rng.Intn(len(b))
			switch rng.Intn(3) {
			case 0:
				b[i] = byte(rng.Intn(256))
			case 1:
				b = append(b[:i], b[min(len(b), i+1+rng.Intn(8)):]...)
			case 2:
				j := rng.Intn(len(b))
				b = append(b[:i], append([]byte(string(b[j:min(len(b), j+10)])), b[i:]...)...)
			}
		}
		done := make(chan bool, 1)
		go func() { runAny(t, b); done <- true }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("mutant %d hangs:\n%s", iter, b)
		}
	}
}

// runAny runs every kernel of src with made-up arguments and fails on an
// internal error.
func runAny(t *testing.T, src []byte) {
	{
		mod, perrs := ptx.Parse("f.ptx", src)
		if len(perrs) > 0 {
			return
		}
		cp, cerrs := check.Check(mod)
		if len(cerrs) > 0 {
			return
		}
		p, err := sim.Load(cp)
		if err != nil {
			t.Fatalf("Load: %v", err)
		}
		for _, k := range p.Kernels() {
			params, _, _ := p.Params(k)
			var args []string
			for _, pr := range params {
				if bufferParam(pr, p.AddressSize()) == nil {
					args = append(args, `"`+pr.Name+`": {"type": "u32", "count": 256, "fill": "iota"}`)
				} else if pr.Size <= 8 {
					args = append(args, `"`+pr.Name+`": 3`)
				}
			}
			spec := `{"kernel": "` + k + `", "grid": 2, "block": 40, "args": {` + strings.Join(args, ", ") + `}}`
			res := Run("f.ptx", src, []byte(spec), Options{StepBudget: 2000})
			for _, e := range res.Errors {
				if strings.Contains(e.Message, "internal error") || strings.Contains(e.Message, "BUG") {
					t.Errorf("%s: %s\n%s", k, e.Message, src)
				}
			}
		}
	}
}

// TestRealWorldCorpusRuns: every kernel of the 40 real-world files runs
// with made-up arguments to its end, a fault, a refusal or the budget,
// never an internal error.
func TestRealWorldCorpusRuns(t *testing.T) {
	files, _ := filepath.Glob("../ptx/testdata/corpus/*.ptx")
	if len(files) < 40 {
		t.Fatalf("only %d corpus files", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(f), func(t *testing.T) { runAny(t, src) })
	}
}

// FuzzSpec: any launch spec, for any of the run corpus's kernels, is
// answered with a result or errors in the contract's words, never a panic
// or an internal error, within the page's limits.
func FuzzSpec(f *testing.F) {
	dirs, _ := filepath.Glob("../../testdata/run/*/launch.json")
	var kernels [][]byte
	for i, lj := range dirs {
		src, err1 := os.ReadFile(filepath.Join(filepath.Dir(lj), "kernel.ptx"))
		spec, err2 := os.ReadFile(lj)
		if err1 != nil || err2 != nil {
			f.Fatal(err1, err2)
		}
		kernels = append(kernels, src)
		f.Add(spec, uint8(i))
	}
	f.Add([]byte(`{"grid": [1, 1, 1], "block": 32, "args": {"a": {"type": "u8", "count": 0}}}`), uint8(0))
	lim := limits.PageLimits()
	f.Fuzz(func(t *testing.T, spec []byte, which uint8) {
		src := kernels[int(which)%len(kernels)]
		res := Run("k.ptx", src, spec, Options{StepBudget: 2000, Limits: &lim})
		for _, e := range res.Errors {
			if strings.Contains(e.Message, "internal error") || strings.Contains(e.Message, "BUG") {
				t.Errorf("%s\nspec: %s", e.Message, spec)
			}
			if len(e.Message) > 2000 {
				t.Errorf("an error of %d characters (the input echoed?)", len(e.Message))
			}
		}
	})
}
