//go:build !js

package dvbench

// page_trace_test.go: where the main thread's time of a page step goes,
// from a Chromium performance trace (the Tracing domain, the timeline
// categories that DevTools' Performance panel records):
//
//	go test ./web/dvbench/ -run '^$' -bench PageStepTrace -benchtime 1x
//
// PTXPLAY_DIST, PTXPLAY_DIST_B and PTXPLAY_CSS_B as for BenchmarkPageStep.

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceEvent is one event of Chromium's trace format.
type traceEvent struct {
	Name string          `json:"name"`
	Cat  string          `json:"cat"`
	Ph   string          `json:"ph"`
	Ts   float64         `json:"ts"`   // us
	Dur  float64         `json:"dur"`  // us, for "X"
	Tts  float64         `json:"tts"`  // the thread's CPU clock, us
	Tdur float64         `json:"tdur"` // the thread's CPU time, us, for "X"
	Pid  int64           `json:"pid"`
	Tid  int64           `json:"tid"`
	Args json.RawMessage `json:"args"`
}

// traceGroups names the kind of work of a timeline event, by its name.
var traceGroups = map[string]string{
	"FunctionCall": "script", "EvaluateScript": "script", "EventDispatch": "script",
	"TimerFire": "script", "FireAnimationFrame": "script", "v8.callFunction": "script",
	"V8.Execute": "script", "RunMicrotasks": "script", "v8.run": "script",
	"V8.CompileCode": "script", "v8.compile": "script", "V8.ParseFunction": "script",
	"FireIdleCallback": "script", "XHRReadyStateChange": "script",
	"UpdateLayoutTree": "style", "RecalculateStyles": "style", "ParseAuthorStyleSheet": "style",
	"Layout": "layout", "LocalFrameView::performLayout": "layout", "Document::recalcStyle": "style",
	"Document::updateStyle": "style", "PaintArtifactCompositor::Update": "paint",
	"Blink.CompositingInputs.UpdateTime": "paint", "LocalFrameView::RunPaintLifecyclePhase": "paint", "UpdateLayer": "paint", "UpdateLayerTree": "paint",
	"PrePaint": "paint", "Paint": "paint", "PaintImage": "paint", "Layerize": "paint",
	"Commit": "paint", "CompositeLayers": "paint", "PaintSetup": "paint",
	"HitTest": "hit-test",
	"MinorGC": "gc", "MajorGC": "gc", "BlinkGC.AtomicPhase": "gc", "V8.GCScavenger": "gc",
	"V8.GCCompactor": "gc", "V8.GC_MC_BACKGROUND_MARKING": "gc", "ThreadState::performIdleLazySweep": "gc",
	"BlinkGC.LazySweepInIdle": "gc", "BlinkGC.CompleteSweep": "gc", "V8.GCFinalizeMC": "gc",
	"V8.GCIncrementalMarking": "gc", "V8.GCIncrementalMarkingStart": "gc", "V8.GCIncrementalMarkingFinalize": "gc",
}

// BenchmarkPageStepTrace: 40 steps of the ALU kernel's CTA (after 10) on
// the playground page as in BenchmarkPageStep, traced; reports the
// renderer main thread's busy time per step in groups (script: all
// JavaScript and wasm; style; layout; paint: pre-paint, paint, layerize
// and commit; gc; other: the tasks' own time), and logs the 20 events of
// most self time and the area painted per step.
func BenchmarkPageStepTrace(b *testing.B) {
	exe := chromium(b)
	dirs := pageStepBuilds(b)
	const steps = 40
	for range b.N {
		for _, d := range dirs {
			evs := pageStepTraceRound(b, exe, d[1], d[2], steps)
			groups, names, counts, paint := traceShares(evs)
			total := 0.0
			for _, v := range groups {
				total += v
			}
			keys := make([]string, 0, len(groups))
			for k := range groups {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			var line []string
			for _, k := range keys {
				b.ReportMetric(groups[k]/1000/steps, d[0]+"-"+k+"-ms/step")
				line = append(line, fmt.Sprintf("%s %.2f ms (%.0f%%)", k, groups[k]/1000/steps, 100*groups[k]/total))
			}
			b.ReportMetric(total/1000/steps, d[0]+"-main-busy-ms/step")
			b.Logf("%s (%s): main thread per step: %s; painted %s", d[0], d[1], strings.Join(line, ", "), paint)
			type kv struct {
				k string
				v float64
			}
			var l []kv
			for k, v := range names {
				l = append(l, kv{k, v})
			}
			sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v })
			for i := 0; i < len(l) && i < 30; i++ {
				fmt.Printf("trace %s: self %-40s %.2f ms/step, %d events\n", d[0], l[i].k, l[i].v/1000/steps, counts[l[i].k])
			}
		}
	}
}

// pageStepTraceRound opens the page of one build, takes 10 steps, and
// returns the trace of the next n.
func pageStepTraceRound(b *testing.B, exe, dir, css string, n int) []traceEvent {
	p, cancel := pageStepOpen(b, exe, dir, css)
	defer cancel()
	for range 10 {
		eval[timing](p, `dvTime(() => document.getElementById("step").click())`)
		p.settle()
	}
	var (
		mu   sync.Mutex
		raw  [][]byte
		done = make(chan struct{})
	)
	if err := chromedp.Listen(p.ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range ev.Value {
				raw = append(raw, append([]byte(nil), v...))
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(done)
		}
	}); err != nil {
		b.Fatal(err)
	}
	cats := []string{"devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink", "blink_gc", "__metadata"}
	if _, err := chromedp.Call(p.ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: cats, ExcludedCategories: []string{"*"}},
	}); err != nil {
		b.Fatal(err)
	}
	for range n {
		eval[timing](p, `dvTime(() => document.getElementById("step").click())`)
		p.settle()
	}
	if _, err := chromedp.Call(p.ctx, tracing.End, cdp.Empty{}); err != nil {
		b.Fatal(err)
	}
	select {
	case <-done:
	case <-p.ctx.Done():
		b.Fatal("the trace did not complete")
	}
	mu.Lock()
	defer mu.Unlock()
	evs := make([]traceEvent, 0, len(raw))
	for _, r := range raw {
		var e traceEvent
		if json.Unmarshal(r, &e) == nil {
			evs = append(evs, e)
		}
	}
	return evs
}

// traceShares sums the self time (us) of the events on the renderer's
// main thread (the CrRendererMain thread with the most busy time), by
// group and by name, and describes the painted areas.
func traceShares(evs []traceEvent) (groups, names map[string]float64, counts map[string]int, paint string) {
	type tkey struct{ pid, tid int64 }
	main := map[tkey]bool{}
	for _, e := range evs {
		if e.Ph == "M" && e.Name == "thread_name" && strings.Contains(string(e.Args), "CrRendererMain") {
			main[tkey{e.Pid, e.Tid}] = true
		}
	}
	byThread := map[tkey][]traceEvent{}
	for _, e := range evs {
		k := tkey{e.Pid, e.Tid}
		if main[k] && (e.Ph == "X" || e.Ph == "B" || e.Ph == "E") {
			byThread[k] = append(byThread[k], e)
		}
	}
	var best []traceEvent
	bestBusy := -1.0
	for _, l := range byThread {
		busy := 0.0
		for _, e := range l {
			if e.Name == "RunTask" || e.Name == "ThreadControllerImpl::RunTask" {
				busy += e.Dur
			}
		}
		if busy > bestBusy {
			best, bestBusy = l, busy
		}
	}
	// B/E pairs become X events.
	var xs []traceEvent
	var open []traceEvent
	for _, e := range best {
		switch e.Ph {
		case "X":
			xs = append(xs, e)
		case "B":
			open = append(open, e)
		case "E":
			for i := len(open) - 1; i >= 0; i-- {
				if open[i].Name == e.Name || e.Name == "" {
					o := open[i]
					o.Ph, o.Dur, o.Tdur = "X", e.Ts-o.Ts, e.Tts-o.Tts
					xs = append(xs, o)
					open = append(open[:i], open[i+1:]...)
					break
				}
			}
		}
	}
	sort.Slice(xs, func(i, j int) bool {
		if xs[i].Ts != xs[j].Ts {
			return xs[i].Ts < xs[j].Ts
		}
		return xs[i].Dur > xs[j].Dur
	})
	groups, names, counts = map[string]float64{}, map[string]float64{}, map[string]int{}
	self := make([]float64, len(xs))
	var stack []int
	for i, e := range xs {
		for len(stack) > 0 && xs[stack[len(stack)-1]].Ts+xs[stack[len(stack)-1]].Dur <= e.Ts {
			stack = stack[:len(stack)-1]
		}
		self[i] = e.Tdur
		if len(stack) > 0 {
			self[stack[len(stack)-1]] -= e.Tdur
		}
		stack = append(stack, i)
	}
	nPaint, area := 0, 0.0
	for i, e := range xs {
		if self[i] < 0 {
			self[i] = 0
		}
		g, ok := traceGroups[e.Name]
		if !ok {
			g = "other"
			if strings.HasPrefix(e.Name, "V8.GC") || strings.HasPrefix(e.Name, "BlinkGC") {
				g = "gc"
			}
		}
		groups[g] += self[i]
		names[e.Name] += self[i]
		counts[e.Name]++
		if e.Name == "Paint" {
			var a struct {
				Data struct {
					Clip []float64 `json:"clip"`
				} `json:"data"`
			}
			if json.Unmarshal(e.Args, &a) == nil && len(a.Data.Clip) == 8 {
				c := a.Data.Clip // a quad: x0 y0 x1 y1 x2 y2 x3 y3
				area += (c[2] - c[0]) * (c[5] - c[3])
				nPaint++
			}
		}
	}
	paint = fmt.Sprintf("%d Paint events, %.0f px² each on average", nPaint, area/max(1, float64(nPaint)))
	return groups, names, counts, paint
}
