//go:build js && wasm

// benchhook_js.go: ptxplayBench(kernel, ms[, "session"]) in the page's
// console runs one of core/launch's benchmark kernels ("alu", "reduce",
// "diverge", "vadd", "transpose") inside the page's own WebAssembly
// instance for at least ms milliseconds and returns {kernel,
// threadInstructions, warpInstructions, ms, perSecond, runs,
// bestPerSecond} (bestPerSecond: the fastest single run's rate, see
// launch.BenchResult). Plainly it times Machine.Run (launch.RunBench); with
// "session" it runs the kernel as the page's Run does, through a
// sim.Session that keeps history, in slices of 20000 steps. The browser
// benchmark (docs/benchmarks.md) reads the simulator's speed in the
// browser through it.

package web

import (
	"errors"
	"syscall/js"
	"time"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/ptx"
	"github.com/ptxplay/ptxplay/core/sim"
)

func init() {
	js.Global().Set("ptxplayBench", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) < 2 {
			return "usage: ptxplayBench(kernel, ms)"
		}
		name, ms := args[0].String(), args[1].Int()
		session := len(args) > 2 && args[2].String() == "session"
		for _, k := range launch.BenchKernels() {
			if k.Name != name {
				continue
			}
			run := launch.RunBench
			if session {
				run = runSessionBench
			}
			r, err := run(k, time.Duration(ms)*time.Millisecond)
			if err != nil {
				return err.Error()
			}
			return map[string]any{
				"kernel":             r.Kernel,
				"threadInstructions": float64(r.ThreadInstructions),
				"warpInstructions":   float64(r.WarpInstructions),
				"ms":                 float64(r.Elapsed.Microseconds()) / 1000,
				"perSecond":          r.PerSecond(),
				"runs":               r.Runs,
				"bestPerSecond":      r.BestPerSecond(),
				"gcRuns":             r.GCRuns,
				"gcMs":               float64(r.GCTime.Microseconds()) / 1000,
			}
		}
		return "unknown kernel " + name
	}))
}

// runSessionBench is launch.RunBench through a session with history.
func runSessionBench(k launch.BenchKernel, minTime time.Duration) (launch.BenchResult, error) {
	r := launch.BenchResult{Kernel: k.Name}
	for r.Elapsed < minTime {
		mod, perrs := ptx.Parse(k.Name+".ptx", k.Source)
		if err := perrs.Err(); err != nil {
			return r, err
		}
		cp, cerrs := check.Check(mod)
		if err := cerrs.Err(); err != nil {
			return r, err
		}
		p, err := sim.Load(cp)
		if err != nil {
			return r, err
		}
		spec, err := launch.ParseSpec(k.Launch)
		if err != nil {
			return r, err
		}
		m, err := launch.Prepare(p, spec, &launch.Result{Buffers: map[string]*launch.Buffer{}})
		if err != nil {
			return r, err
		}
		start := time.Now()
		s := sim.NewSession(m, 0)
		for !s.Done() {
			s.Continue(nil, 20000)
		}
		d := time.Since(start)
		r.Elapsed += d
		if f := m.Fault(); f != nil {
			return r, errors.New(f.Msg)
		}
		r.AddRun(d, s.Machine().Stats())
	}
	return r, nil
}
