//go:build js && wasm

// benchhook_js.go: ptxplayBench(kernel, ms[, "session"]) in the page's
// console runs one of core/launch's benchmark kernels ("alu", "reduce",
// "diverge", "vadd", "transpose") inside the page's own WebAssembly
// instance for at least ms milliseconds and returns {kernel,
// threadInstructions, warpInstructions, ms, perSecond, runs,
// bestPerSecond} (bestPerSecond: the fastest single run's rate, see
// launch.BenchResult; gcRuns, gcMs: the runs a collection ended in and
// their time). Plainly it times Machine.Run (launch.RunBench), as
// `ptxplay run` runs a kernel; with "session" it runs the kernel as the
// page's Run button does (runSessionBench). The browser benchmark
// (BenchmarkBrowserKernels, docs/benchmarks.md) reads the simulator's
// speed in the browser through it, on the page itself.

package web

import (
	"errors"
	"runtime/metrics"
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

// runSessionBench is launch.RunBench as the page's Run button runs the
// kernel: an App with the kernel's source and launch (its session keeps
// HistoryBudget of history, its checkpoints and access records as on the
// page), each run StartRun(true) (back to step 0) and RunSlice until it
// ends, in slices aimed at SliceTime as on the page; only the yields to
// the event loop and the redraws between slices are left out (a
// synchronous call cannot yield). The App's set-up (Prepare: the
// sanitizer's run, the length probe) is not timed, as RunBench's set-up
// is not.
func runSessionBench(k launch.BenchKernel, minTime time.Duration) (launch.BenchResult, error) {
	r := launch.BenchResult{Kernel: k.Name}
	a := &App{CTA: -1, Warp: -1, Total: -1, HazSel: -1, Sanitize: true, Name: k.Name + ".ptx"}
	a.SetSource(string(k.Source))
	a.SetLaunchJSON(string(k.Launch))
	if !a.Prepare() {
		msg := k.Name + ": the launch did not prepare"
		if d := a.AllDiags(); len(d) > 0 {
			msg += ": " + d[0].Msg
		}
		return r, errors.New(msg)
	}
	for a.san != nil && !a.san.m.Done() { // set-up: the sanitizers' run to the end
		a.sanitizeCatchUp()
	}
	for r.Elapsed < minTime {
		gcs := gcCycles()
		start := time.Now()
		a.StartRun(true)
		for a.RunSlice() {
		}
		d := time.Since(start)
		if gcCycles() != gcs {
			r.GCRuns++
			r.GCTime += d
		}
		r.Elapsed += d
		m := a.S.Machine()
		if f := m.Fault(); f != nil {
			return r, errors.New(f.Msg)
		}
		if !m.Done() {
			return r, errors.New(k.Name + ": the run stopped before its end")
		}
		r.AddRun(d, m.Stats())
	}
	return r, nil
}

// gcCycles is how many garbage collection cycles have ended.
func gcCycles() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
