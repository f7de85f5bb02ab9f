package launch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
	"github.com/ptxplay/ptxplay/core/sim"
)

// FuzzRun: any source that parses and checks can be loaded and run (with
// made-up arguments and a small budget) without an internal error.
func FuzzRun(f *testing.F) {
	for _, g := range []string{"../../testdata/run/*/kernel.ptx", "benchdata/*.ptx"} {
		files, _ := filepath.Glob(g)
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil && len(b) < 16000 {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
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
				if pr.Size == 8 {
					args = append(args, `"`+pr.Name+`": {"type": "u32", "count": 256, "fill": "iota"}`)
				} else if pr.Size <= 8 {
					args = append(args, `"`+pr.Name+`": 3`)
				}
			}
			spec := `{"kernel": "` + k + `", "grid": 2, "block": 40, "args": {` + strings.Join(args, ", ") + `}}`
			res := Run("f.ptx", src, []byte(spec), Options{StepBudget: 20000})
			for _, e := range res.Errors {
				if strings.Contains(e.Message, "internal error") || strings.Contains(e.Message, "BUG") {
					t.Fatalf("%s: %s", k, e.Message)
				}
			}
		}
	})
}
