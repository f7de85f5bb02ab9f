//go:build js && wasm

// benchhook_js.go: ptxplayBench(kernel, ms) in the page's console runs one
// of core/launch's benchmark kernels ("alu", "reduce", "diverge") inside
// the page's own WebAssembly instance for at least ms milliseconds and
// returns {kernel, threadInstructions, warpInstructions, ms, perSecond}.
// The browser benchmark (docs/benchmarks.md) reads the simulator's speed
// in the browser through it.

package web

import (
	"syscall/js"
	"time"

	"github.com/ptxplay/ptxplay/core/launch"
)

func init() {
	js.Global().Set("ptxplayBench", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) < 2 {
			return "usage: ptxplayBench(kernel, ms)"
		}
		name, ms := args[0].String(), args[1].Int()
		for _, k := range launch.BenchKernels() {
			if k.Name != name {
				continue
			}
			r, err := launch.RunBench(k, time.Duration(ms)*time.Millisecond)
			if err != nil {
				return err.Error()
			}
			return map[string]any{
				"kernel":             r.Kernel,
				"threadInstructions": float64(r.ThreadInstructions),
				"warpInstructions":   float64(r.WarpInstructions),
				"ms":                 float64(r.Elapsed.Microseconds()) / 1000,
				"perSecond":          r.PerSecond(),
			}
		}
		return "unknown kernel " + name
	}))
}
