package sim_test

// restartpoison_test.go: the rows an Unviewed machine's restarted CTAs
// leave unzeroed (check.WrittenFirst) are never read before a write, on
// every kernel the repository runs: filled with two different poisons
// instead of what the last CTA left, every observable of launch.Run
// stays the same.

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/sim"
)

func TestRestartPoisonChangesNothing(t *testing.T) {
	var dirs []string
	for _, g := range []string{"../../examples/*/launch.json", "../../testdata/run/*/launch.json", "../../testdata/gpu/*/launch.json"} {
		m, _ := filepath.Glob(g)
		for _, lj := range m {
			dirs = append(dirs, filepath.Dir(lj))
		}
	}
	if len(dirs) < 60 {
		t.Fatalf("only %d kernels", len(dirs))
	}
	type kernel struct{ name, src, spec string }
	var ks []kernel
	for _, d := range dirs {
		src, err1 := os.ReadFile(filepath.Join(d, "kernel.ptx"))
		spec, err2 := os.ReadFile(filepath.Join(d, "launch.json"))
		if err1 != nil || err2 != nil {
			continue // a folder of launches with kernels of other names
		}
		ks = append(ks, kernel{d, string(src), string(spec)})
	}
	for _, k := range launch.BenchKernels() {
		ks = append(ks, kernel{k.Name, string(k.Source), string(k.Launch)})
	}
	for _, k := range ks {
		run := func(poison uint64) *launch.Result {
			defer sim.SetRestartPoison(poison)()
			return launch.Run("kernel.ptx", []byte(k.src), []byte(k.spec), launch.Options{})
		}
		base := run(0)
		for _, poison := range []uint64{0x5a5a5a5a5a5a5a5a, ^uint64(0)} {
			got := run(poison)
			if d := resultDiff(base, got); d != "" {
				t.Errorf("%s, poison %#x: %s", k.name, poison, d)
			}
		}
	}
}

// resultDiff names what differs between two results: the buffers, the
// errors, statistics, printf output and hazards.
func resultDiff(a, b *launch.Result) string {
	switch {
	case a.OK != b.OK || !reflect.DeepEqual(a.Errors, b.Errors):
		return "errors differ"
	case a.Stats != b.Stats:
		return "statistics differ"
	case a.Stdout != b.Stdout:
		return "printf output differs"
	case !reflect.DeepEqual(a.Hazards, b.Hazards):
		return "hazards differ"
	case len(a.Buffers) != len(b.Buffers):
		return "buffers differ"
	}
	for n, x := range a.Buffers {
		if y := b.Buffers[n]; y == nil || !reflect.DeepEqual(x.Data, y.Data) {
			return "buffer " + n + " differs"
		}
	}
	return ""
}
