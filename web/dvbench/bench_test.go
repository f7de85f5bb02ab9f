//go:build !js

package dvbench

// bench_test.go: the browser figures of docs/benchmarks.md (the data views'
// section). They are benchmarks that report metrics, never timed tests:
//
//	go test ./web/dvbench/ -run '^$' -bench . -benchtime 1x

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/ptxplay/ptxplay/core/launch"
)

type benchOut struct {
	ThreadInstructions float64 `json:"threadInstructions"`
	Ms                 float64 `json:"ms"`
	PerSecond          float64 `json:"perSecond"`
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
// reduce, diverge, vadd, transpose) inside the page's wasm through
// ptxplayBench, 2 s each after 300 ms of warm-up (V8's optimizing tier),
// each followed at once by the same kernel natively in this process for
// 2 s; per kernel the two rates and browser/native. Alternating kernel by
// kernel keeps each ratio within one stretch of the machine's load.
func BenchmarkBrowserKernels(b *testing.B) {
	for range b.N {
		p := openPage(b, "alu", false)
		for _, k := range launch.BenchKernels() {
			eval[benchOut](p, fmt.Sprintf(`ptxplayBench(%q, 300)`, k.Name))
			warm := eval[benchOut](p, fmt.Sprintf(`ptxplayBench(%q, 2000)`, k.Name))
			native, err := launch.RunBench(k, 2*time.Second)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(warm.PerSecond, k.Name+"-browser-thread-inst/s")
			b.ReportMetric(native.PerSecond(), k.Name+"-native-thread-inst/s")
			b.ReportMetric(warm.PerSecond/native.PerSecond(), k.Name+"-browser/native")
		}
		p.noErrors()
	}
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
