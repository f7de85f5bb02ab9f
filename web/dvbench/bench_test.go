//go:build !js

package dvbench

// bench_test.go: the browser figures of docs/benchmarks.md (the data views'
// section). They are benchmarks that report metrics, never timed tests:
//
//	go test ./web/dvbench/ -run '^$' -bench . -benchtime 1x

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ptxplay/ptxplay/core/launch"
)

type benchOut struct {
	ThreadInstructions float64 `json:"threadInstructions"`
	Ms                 float64 `json:"ms"`
	PerSecond          float64 `json:"perSecond"`
	Runs               int     `json:"runs"`
	BestPerSecond      float64 `json:"bestPerSecond"`
	GCRuns             int     `json:"gcRuns"`
	GCMs               float64 `json:"gcMs"`
}

// BenchmarkBrowserALU: thread-instructions per second of core/launch's ALU
// kernel run inside the page's wasm (ptxplayBench), in a fresh page's first
// 100 ms (V8's baseline tier and its tier-up), over 2 s after that, and
// over 2 s through a session with history as the page's Run does; and
// natively in this process right after, with the ratio.
func BenchmarkBrowserALU(b *testing.B) {
	var k launch.BenchKernel
	for _, bk := range launch.BenchKernels() {
		if bk.Name == "alu" {
			k = bk
		}
	}
	for range b.N {
		p := openPage(b, "alu", false)
		cold := eval[benchOut](p, `ptxplayBench("alu", 100)`)
		warm := eval[benchOut](p, `ptxplayBench("alu", 2000)`)
		session := eval[benchOut](p, `ptxplayBench("alu", 2000, "session")`)
		native, err := launch.RunBench(k, 2*time.Second)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(cold.PerSecond, "cold-thread-inst/s")
		b.ReportMetric(warm.PerSecond, "browser-thread-inst/s")
		b.ReportMetric(session.PerSecond, "browser-session-thread-inst/s")
		b.ReportMetric(native.PerSecond(), "native-thread-inst/s")
		b.ReportMetric(warm.PerSecond/native.PerSecond(), "browser/native")
		p.noErrors()
	}
}

// BenchmarkBrowserKernels: every benchmark kernel of core/launch (alu,
// reduce, diverge, vadd, transpose) inside the playground page's wasm
// through ptxplayBench and natively in this process (launch.RunBench), as
// paired slices. The page is the playground itself as it is served
// (scripts/build's dist/, or PTXPLAY_DIST=dir: see builtSite), so that
// its figures are those of the wasm a user downloads, with the page's own
// collector pacing (web/gcpace.go), not of a test build.
//
// Warm-up. The page's wasm starts in V8's baseline tier (Liftoff); a hot
// function is compiled by TurboFan on a background thread and its new
// code used from its next call on. Every function of a run is entered at
// least once a run, so no run is stuck in a loop of baseline code, but on
// a loaded machine the background compiles (fused alone takes 0.27 s) land
// seconds after the first runs. So per kernel the page warms up in slices
// of -slice ms for at least -warm ms (default 2000) and until the fastest
// run of a slice has not beaten the fastest before it by more than 3% for
// three slices in a row (at most 40 slices); natively -warm ms. (At load 8
// on this two-core box, alu's fastest page run went 4e7, 1.7e8, 3.8e8,
// 5.9e8 in the first second and a half and reached 1.2e9 only after two
// seconds.)
//
// Rounds. Then -rounds rounds (default 10), each a page slice and a native
// slice of -slice ms (default 250) back to back, the page first in even
// rounds and native first in odd ones, then a slice of the page's Run
// button (ptxplayBench's "session": the kernel run from step 0 through
// the page's App, with its history, in its slices). Both sides time the same thing with
// the same kind of clock: the wall time of Machine.Run alone, set-up
// excluded (RunBench; in the page Go's monotonic clock is
// performance.now()). Wall, not CPU time: the page's wasm has one thread
// and does its collector's work inline, while natively the collector's
// background workers run on the other core, which process CPU time
// (getrusage) counts and the run's wall time does not; what a user waits
// for on each side is the wall time. A round's ratio is its page rate over
// its native rate, the two measured within half a second of each other so
// that the machine's load stretches both alike; the median of the rounds'
// ratios is the figure. Per kernel K:
//
//   - K-browser/native: the median paired ratio; K-browser/native-min and
//     -max its extremes over the rounds.
//   - K-browser-thread-inst/s, K-native-thread-inst/s: the median rates.
//   - K-native-thread-inst/cpu-s: the median native rate per second of
//     process CPU (getrusage), for comparison with the wall rate.
//   - K-browser-run/native: the median over the rounds of the Run
//     button's rate in the page over the round's native rate (the user's
//     run on the page against `ptxplay run`'s), with
//     K-browser-run-thread-inst/s its median rate and
//     K-browser-run/native-best its fastest run over native's fastest.
//   - K-browser/native-best: the page's fastest run over the native
//     fastest run, each over all rounds (K-browser-best-thread-inst/s,
//     K-native-best-thread-inst/s): the runs the least interrupted by
//     other processes and without a collection, a figure the load moves
//     less than the slices' (a run is 1-6 ms natively).
//
// -rounds.v logs the warm-up and every round to stderr as they end.
func BenchmarkBrowserKernels(b *testing.B) {
	slice := time.Duration(*benchSliceMs) * time.Millisecond
	t0 := time.Now()
	logf := func(format string, args ...any) {
		if *benchVerbose {
			// At once to stderr, to line up with the browser's output
			// under PTXPLAY_JS_FLAGS.
			fmt.Fprintf(os.Stderr, "%7.3fs "+format+"\n", append([]any{time.Since(t0).Seconds()}, args...)...)
		}
	}
	for range b.N {
		p := openIsolatedPlayground(b, builtSite(b))
		for _, k := range launch.BenchKernels() {
			if *benchKernels != "" && !slices.Contains(strings.Split(*benchKernels, ","), k.Name) {
				continue
			}
			pageSlice := func() benchOut {
				return eval[benchOut](p, fmt.Sprintf(`ptxplayBench(%q, %d)`, k.Name, *benchSliceMs))
			}
			runSlice := func() benchOut {
				return eval[benchOut](p, fmt.Sprintf(`ptxplayBench(%q, %d, "session")`, k.Name, *benchSliceMs))
			}
			nativeSlice := func(d time.Duration) launch.BenchResult {
				n, err := launch.RunBench(k, d)
				if err != nil {
					b.Fatal(err)
				}
				return n
			}
			best, flat := 0.0, 0
			for i := 0; i < 40 && (i*(*benchSliceMs) < *benchWarmMs || flat < 3); i++ {
				w := pageSlice()
				if w.BestPerSecond > best*1.03 {
					flat = 0
				} else {
					flat++
				}
				best = max(best, w.BestPerSecond)
				logf("%s warm-up %d: page %.3g, fastest run %.3g", k.Name, i, w.PerSecond, w.BestPerSecond)
			}
			nativeSlice(time.Duration(*benchWarmMs) * time.Millisecond)
			runSlice() // the App's own code (its first runs are in V8's baseline tier)
			var page, native, nativeCPU, ratio, run, runRatio []float64
			var pageBest, nativeBest, runBest float64
			for i := range *benchRounds {
				var w benchOut
				var n launch.BenchResult
				if i%2 == 0 {
					w = pageSlice()
					n = nativeSlice(slice)
				} else {
					n = nativeSlice(slice)
					w = pageSlice()
				}
				u := runSlice()
				run = append(run, u.PerSecond)
				runRatio = append(runRatio, u.PerSecond/n.PerSecond())
				runBest = max(runBest, u.BestPerSecond)
				page = append(page, w.PerSecond)
				native = append(native, n.PerSecond())
				nativeCPU = append(nativeCPU, n.PerCPUSecond())
				ratio = append(ratio, w.PerSecond/n.PerSecond())
				pageBest, nativeBest = max(pageBest, w.BestPerSecond), max(nativeBest, n.BestPerSecond())
				logf("%s round %d: page %.3g (fastest run %.3g, %d runs, %d with a collection: %.1f of %.1f ms), native %.3g (fastest run %.3g, cpu %.3g, %d runs, %d with a collection: %.1f ms), ratio %.3f",
					k.Name, i, w.PerSecond, w.BestPerSecond, w.Runs, w.GCRuns, w.GCMs, w.Ms, n.PerSecond(), n.BestPerSecond(), n.PerCPUSecond(), n.Runs, n.GCRuns, float64(n.GCTime.Microseconds())/1000, w.PerSecond/n.PerSecond())
				logf("%s round %d: Run button %.3g (fastest run %.3g, %d runs, %d with a collection: %.1f of %.1f ms), ratio %.3f",
					k.Name, i, u.PerSecond, u.BestPerSecond, u.Runs, u.GCRuns, u.GCMs, u.Ms, u.PerSecond/n.PerSecond())
			}
			b.ReportMetric(median(page), k.Name+"-browser-thread-inst/s")
			b.ReportMetric(median(native), k.Name+"-native-thread-inst/s")
			b.ReportMetric(median(nativeCPU), k.Name+"-native-thread-inst/cpu-s")
			b.ReportMetric(median(ratio), k.Name+"-browser/native")
			b.ReportMetric(slices.Min(ratio), k.Name+"-browser/native-min")
			b.ReportMetric(slices.Max(ratio), k.Name+"-browser/native-max")
			b.ReportMetric(pageBest, k.Name+"-browser-best-thread-inst/s")
			b.ReportMetric(nativeBest, k.Name+"-native-best-thread-inst/s")
			b.ReportMetric(pageBest/nativeBest, k.Name+"-browser/native-best")
			b.ReportMetric(median(run), k.Name+"-browser-run-thread-inst/s")
			b.ReportMetric(median(runRatio), k.Name+"-browser-run/native")
			b.ReportMetric(runBest/nativeBest, k.Name+"-browser-run/native-best")
		}
		p.noErrors()
	}
}

var (
	benchRounds  = flag.Int("rounds", 10, "BenchmarkBrowserKernels: paired page/native slices per kernel")
	benchSliceMs = flag.Int("slice", 250, "BenchmarkBrowserKernels: milliseconds of each slice")
	benchWarmMs  = flag.Int("warm", 2000, "BenchmarkBrowserKernels: least milliseconds of warm-up per kernel on each side")
	benchKernels = flag.String("kernels", "", "BenchmarkBrowserKernels: comma-separated kernels (default all)")
	benchVerbose = flag.Bool("rounds.v", false, "BenchmarkBrowserKernels: log the warm-up and every round to stderr")
)

// median of v (the mean of the two middle values for an even count), v
// left unchanged.
func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return (s[(len(s)-1)/2] + s[len(s)/2]) / 2
}

// timing is dvTime's result.
type timing struct {
	Work  float64 `json:"work"`
	Paint float64 `json:"paint"`
}

func summarize(b *testing.B, name string, ts []timing) {
	work := make([]float64, len(ts))
	paint := make([]float64, len(ts))
	total := make([]float64, len(ts))
	for i, t := range ts {
		work[i], paint[i], total[i] = t.Work, t.Paint, t.Work+t.Paint
	}
	med := func(v []float64) float64 { sort.Float64s(v); return v[len(v)/2] }
	mx := func(v []float64) float64 { sort.Float64s(v); return v[len(v)-1] }
	b.ReportMetric(med(work), name+"-work-ms")
	b.ReportMetric(med(paint), name+"-paint-ms")
	b.ReportMetric(med(total), name+"-median-ms")
	b.ReportMetric(mx(total), name+"-max-ms")
}

// BenchmarkBrowserStep: one step of a 1024-thread CTA on screen, from the
// click on Step until the page is laid out (work) plus the next frame's
// paint: the ALU kernel (18 registers) and the 64-register kernel of
// app/wide.ptx, each step by the selected warp so its row of the grid
// changes; and switching the selected warp of the wide kernel, which
// changes all 2048 cells of the grid (every warp's registers differ). Medians and maxima of 40 each,
// after 10 to warm up.
func BenchmarkBrowserStep(b *testing.B) {
	for range b.N {
		for _, k := range []string{"alu", "wide"} {
			p := openPage(b, k, false)
			eval[bool](p, `(dvStep(70, 0), true)`) // into the loop
			p.settle()
			var ts []timing
			for i := range 50 {
				// Select the warp that issues next, so the step lights cells.
				eval[bool](p, `(dvStep(0, dvNextWarp()), true)`)
				p.settle()
				t := eval[timing](p, `dvTime(() => document.getElementById("step").click())`)
				if i >= 10 {
					ts = append(ts, t)
				}
			}
			summarize(b, k+"-step", ts)
			if k == "wide" {
				// 1920 steps in, every warp has run 60 instructions: each
				// of its 64 registers differs from every other warp's.
				eval[bool](p, `(dvStep(1920 - 120, 0), true)`)
				p.settle()
				ts = ts[:0]
				for i := range 50 {
					w := 1 + i%31
					t := eval[timing](p, fmt.Sprintf(`dvTime(() => { const s = document.getElementById("warp"); s.value = "%d"; s.dispatchEvent(new Event("change", {bubbles: true})); })`, w))
					if i >= 10 {
						ts = append(ts, t)
					}
				}
				summarize(b, "wide-warp-switch", ts)
			}
			p.noErrors()
		}
	}
}
