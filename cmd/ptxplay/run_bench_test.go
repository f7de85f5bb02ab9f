// Benchmarks of ptxplay run whole, as the process runs it but for its start:
// reading the files, parse, check, load, filling the buffers, the run,
// reading them back and writing the JSON.

package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkRunJSON runs `ptxplay run --json` on vadd over 4096 x 256
// threads (three f32 buffers of 1M elements) and on hcopy (1M f16 elements,
// every f16 value 16 times), the output discarded. With -cpuprofile it
// shows where the process spends its time outside the simulator's loop.
func BenchmarkRunJSON(b *testing.B) {
	vadd := filepath.Join(b.TempDir(), "vadd4096.json")
	if err := os.WriteFile(vadd, []byte(`{"kernel": "vadd", "grid": 4096, "block": 256,
 "args": {"a": {"type": "f32", "fill": "iota", "count": 1048576},
          "b": {"type": "f32", "fill": 0.5, "count": 1048576},
          "out": {"type": "f32", "count": 1048576}, "n": 1048576}}`), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, launch, ptx string }{
		{"vadd4096", vadd, "../../examples/vadd/kernel.ptx"},
		{"hcopy1M", "../../testdata/bench/hcopy/hcopy.json", "../../testdata/bench/hcopy/hcopy.ptx"},
	} {
		b.Run(c.name, func(b *testing.B) {
			var stderr strings.Builder
			for b.Loop() {
				if code := run([]string{"run", "--json", "--launch", c.launch, c.ptx}, nil, io.Discard, &stderr); code != 0 {
					b.Fatalf("exit %d: %s", code, stderr.String())
				}
			}
		})
	}
}
