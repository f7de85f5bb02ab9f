//go:build !js

package dvbench

// page_bench_test.go: one step of a 1024-thread CTA on the playground page
// itself (dist/, built by scripts/build), with the editor, the launch
// panel and every view on screen:
//
//	go test ./web/dvbench/ -run '^$' -bench PageStep -benchtime 1x
//
// PTXPLAY_DIST=dir uses a site built already instead of running
// scripts/build.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/web/internal/browser"
)

var dist struct {
	once sync.Once
	dir  string
	err  error
}

// builtSite returns the folder of the built playground.
func builtSite(b testing.TB) string {
	dist.once.Do(func() {
		if d := os.Getenv("PTXPLAY_DIST"); d != "" {
			dist.dir = d
			return
		}
		cmd := exec.Command("scripts/build")
		cmd.Dir = repoRoot()
		if out, err := cmd.CombinedOutput(); err != nil {
			dist.err = fmt.Errorf("scripts/build: %v\n%s", err, out)
			return
		}
		dist.dir = filepath.Join(repoRoot(), "dist")
	})
	if dist.err != nil {
		b.Fatal(dist.err)
	}
	if _, err := os.Stat(filepath.Join(dist.dir, "index.html")); err != nil {
		b.Skipf("no built site in %s", dist.dir)
	}
	return dist.dir
}

// dvTimeJS is the index.html helper of the bench page, for the real page.
const dvTimeJS = `window.dvTime = async (fn) => {
	const changed = new Promise((res) => {
		const mo = new MutationObserver(() => { mo.disconnect(); res(); });
		mo.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
	});
	const t0 = performance.now();
	fn();
	await changed;
	void document.body.offsetHeight;
	const t1 = performance.now();
	await new Promise((r) => requestAnimationFrame(r));
	const t2 = performance.now();
	await new Promise((r) => setTimeout(r, 0));
	const t3 = performance.now();
	return {work: t1 - t0, paint: t3 - t2};
}; true`

// BenchmarkPageStep: the ALU kernel (1 CTA x 1024 threads) typed into the
// page's editor and its launch into the launch JSON, 70 steps into the
// loop, then 40 steps timed (after 10 to warm up) from the click on Step
// to the page laid out (work) plus the next frame's paint, at 1280x720.
//
// PTXPLAY_DIST_B=dir compares two builds on this busy machine: the rounds
// alternate between the site of PTXPLAY_DIST (or dist/), reported as "a",
// and dir, reported as "b", with -benchtime Nx rounds of each
// (PTXPLAY_CSS_B: b with a style sheet added, see pageStepBuilds); each
// round's steps run under Chromium's sampling profiler, whose busy time is
// reported in shares (see profileShares); PTXPLAY_PROFILE_OUT=dir keeps
// each round's profile there (a .cpuprofile, which DevTools opens).
func BenchmarkPageStep(b *testing.B) {
	exe := chromium(b)
	dirs := pageStepBuilds(b)
	all := make([][]timing, len(dirs))
	prof := make([]map[string]float64, len(dirs))
	heap := make([]heapUse, len(dirs))
	for range b.N {
		for i, d := range dirs {
			ts, sh, h := pageStepRound(b, exe, d[1], d[2], len(dirs) > 1)
			all[i] = append(all[i], ts...)
			heap[i].add(h)
			if sh != nil {
				if prof[i] == nil {
					prof[i] = map[string]float64{}
				}
				for k, v := range sh {
					prof[i][k] += v / float64(b.N)
				}
			}
		}
	}
	for i, d := range dirs {
		summarize(b, d[0], all[i])
		tot := make([]float64, len(all[i]))
		for j, t := range all[i] {
			tot[j] = t.Work + t.Paint
		}
		sort.Float64s(tot)
		b.ReportMetric(tot[len(tot)*9/10], d[0]+"-p90-ms")
		if h := heap[i]; h.Steps > 0 {
			b.ReportMetric(float64(h.Alloc)/1024/float64(h.Steps), d[0]+"-alloc-KiB/step")
			b.ReportMetric(float64(h.Mallocs)/float64(h.Steps), d[0]+"-mallocs/step")
			b.ReportMetric(float64(h.GCs)/float64(h.Steps), d[0]+"-gcs/step")
		}
		if prof[i] != nil {
			keys := make([]string, 0, len(prof[i]))
			for k := range prof[i] {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			var line []string
			for _, k := range keys {
				line = append(line, fmt.Sprintf("%s %.0f%%", k, 100*prof[i][k]))
			}
			b.Logf("%s (%s): profile shares of the busy time: %s", d[0], d[1], strings.Join(line, ", "))
		}
	}
}

// pageStepBuilds are the builds BenchmarkPageStep and
// BenchmarkPageStepTrace compare: name, site folder and a style sheet to
// add. One ("page-step") unless PTXPLAY_DIST_B names a second site or
// PTXPLAY_CSS_B a style sheet to try on the first (a CSS experiment
// without a rebuild): then "a" and "b".
func pageStepBuilds(b *testing.B) [][3]string {
	a := builtSite(b)
	bdir, css := os.Getenv("PTXPLAY_DIST_B"), os.Getenv("PTXPLAY_CSS_B")
	if bdir == "" && css == "" {
		return [][3]string{{"page-step", a, ""}}
	}
	if bdir == "" {
		bdir = a
	}
	return [][3]string{{"a", a, ""}, {"b", bdir, css}}
}

// heapUse is what Go's heap in the page did over some steps (ptxState's
// "heap": runtime.MemStats), for builds that report it.
type heapUse struct {
	Steps               int
	Alloc, Mallocs, GCs uint64
}

func (h *heapUse) add(o heapUse) {
	h.Steps += o.Steps
	h.Alloc += o.Alloc
	h.Mallocs += o.Mallocs
	h.GCs += o.GCs
}

// heapNow reads Go's heap statistics from the page; ok is false for a
// build whose ptxState has none.
func heapNow(p *page) (h heapUse, ok bool) {
	var st struct {
		Heap *struct {
			Alloc   uint64 `json:"alloc"`
			Mallocs uint64 `json:"mallocs"`
			GCs     uint64 `json:"gcs"`
		} `json:"heap"`
	}
	if json.Unmarshal([]byte(eval[string](p, `ptxState()`)), &st) != nil || st.Heap == nil {
		return h, false
	}
	return heapUse{Alloc: st.Heap.Alloc, Mallocs: st.Heap.Mallocs, GCs: st.Heap.GCs}, true
}

// pageStepRound opens the page of one build, sets the ALU kernel up and
// times 40 steps (after 10), under the profiler when profile is set; it
// also returns Go's allocation over the timed steps (none for a build
// without it).
func pageStepRound(b *testing.B, exe, dir, css string, profile bool) ([]timing, map[string]float64, heapUse) {
	p, cancel := pageStepOpen(b, exe, dir, css)
	defer cancel()
	ctx := p.ctx
	if profile {
		b.Logf("%s: %d elements in the page, %d of them in Go's tables, %d in the editor", dir,
			eval[int](p, `document.body.querySelectorAll("*").length`),
			eval[int](p, `document.body.querySelectorAll("table[id] *, .mv-table *").length`),
			eval[int](p, `document.body.querySelectorAll(".cm-editor *").length`))
	}
	var ts []timing
	var h0 heapUse
	var heapOK bool
	for i := range 50 {
		if i == 10 {
			h0, heapOK = heapNow(p)
		}
		if profile && i == 10 {
			if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
				b.Fatal(err)
			}
			if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100}); err != nil {
				b.Fatal(err)
			}
			if _, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{}); err != nil {
				b.Fatal(err)
			}
		}
		t := eval[timing](p, `dvTime(() => document.getElementById("step").click())`)
		if i >= 10 {
			ts = append(ts, t)
		}
		p.settle()
	}
	var used heapUse
	if h1, ok := heapNow(p); ok && heapOK {
		used = heapUse{Steps: len(ts), Alloc: h1.Alloc - h0.Alloc, Mallocs: h1.Mallocs - h0.Mallocs, GCs: h1.GCs - h0.GCs}
	}
	if profile {
		b.Logf("%s: renders after the steps: %s", dir, eval[string](p, `JSON.stringify(JSON.parse(ptxState()).renders)`))
	}
	var shares map[string]float64
	if profile {
		res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
		if err != nil {
			b.Fatal(err)
		}
		shares = profileShares(res.Profile)
		if d := os.Getenv("PTXPLAY_PROFILE_OUT"); d != "" {
			js, _ := json.Marshal(res.Profile)
			f := filepath.Join(d, fmt.Sprintf("%s-%d.cpuprofile", filepath.Base(dir), time.Now().UnixNano()))
			if err := os.WriteFile(f, js, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	if *screenshots && !profile {
		p.shot("page-step-alu.png")
	}
	return ts, shares, used
}

// pageStepOpen opens the page of one build at 1280x720 with the ALU
// kernel 70 steps in, the launch JSON open, and dvTime defined; css, if
// any, is added to the page as a style sheet of its own.
func pageStepOpen(b testing.TB, exe, dir, css string) (*page, func()) {
	var k launch.BenchKernel
	for _, bk := range launch.BenchKernels() {
		if bk.Name == "alu" {
			k = bk
		}
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	ctx, cancelTab := browser.Open(exe, 1280, 720, 3*time.Minute)
	cancel := func() { cancelTab(); srv.Close() }
	p := &page{t: b, ctx: ctx}
	p.do(chromedp.Navigate(srv.URL + "/"))
	p.waitJS(`typeof ptxReady === "function" && ptxReady()`)
	// The editor's view, from its content element's tile tree.
	eval[bool](p, fmt.Sprintf(`(() => { let t = document.querySelector(".cm-content").cmTile; while (t.parent) t = t.parent; const v = t.view; v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: %q}}); return true; })()`, string(k.Source)))
	time.Sleep(1500 * time.Millisecond) // the editor debounces its change
	if eval[string](p, `document.getElementById("launch-json") ? "open" : ""`) == "" {
		p.click("launch-json-toggle")
	}
	eval[bool](p, fmt.Sprintf(`(() => { const t = document.getElementById("launch-json"); t.value = %q; t.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`, string(k.Launch)))
	time.Sleep(time.Second)
	for range 70 {
		p.click("step")
	}
	if st := eval[string](p, `ptxState()`); !strings.Contains(st, `"step":70,`) || !strings.Contains(eval[string](p, `document.querySelector(".pp-kernel").textContent`), "alu") {
		b.Fatalf("after 70 steps of alu: %s", st)
	}
	eval[bool](p, dvTimeJS)
	if css != "" {
		eval[bool](p, fmt.Sprintf(`(() => { const s = document.createElement("style"); s.textContent = %q; document.head.appendChild(s); return true; })()`, css))
		time.Sleep(300 * time.Millisecond)
	}
	return p, cancel
}

// profileShares divides a profile's busy samples (all but "(idle)") by
// where they were: the leaf's kind (go: the wasm; vugu-js: Vugu's
// renderer script, which applies a render to the DOM; browser: Chromium's
// own work outside JavaScript, style, layout and paint; gc; js: the
// other scripts), plus the inclusive shares of the editor's setCurrent,
// the data views' patch (ptxPatch's apply), vuguRender (Vugu's
// script applying a render's instructions to the DOM) and ptxQuick (the
// quick render's patch, web/js/quick.js). A forced layout
// counts where it was forced (setCurrent reading the DOM selection).
func profileShares(pr *profiler.Profile) map[string]float64 {
	parent := map[int64]int64{}
	node := map[int64]*profiler.ProfileNode{}
	for _, n := range pr.Nodes {
		node[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	out := map[string]float64{}
	jsTop := map[string]float64{} // the other scripts' leaves, for the log
	defer func() {
		type kv struct {
			k string
			v float64
		}
		var l []kv
		for k, v := range jsTop {
			l = append(l, kv{k, v})
		}
		sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v })
		for i := 0; i < len(l) && i < 6; i++ {
			fmt.Printf("profile: js leaf %q %.1f ms\n", l[i].k, l[i].v/1000)
		}
	}()
	busy := 0.0
	for i, id := range pr.Samples {
		dt := 100.0
		if i+1 < len(pr.TimeDeltas) {
			dt = float64(pr.TimeDeltas[i+1])
		}
		leaf := node[id].CallFrame
		switch {
		case leaf.FunctionName == "(idle)" || leaf.FunctionName == "(root)":
			continue
		case leaf.FunctionName == "(program)":
			out["self:browser"] += dt
		case leaf.FunctionName == "(garbage collector)":
			out["self:gc"] += dt
		case strings.HasPrefix(leaf.URL, "wasm://") || strings.HasSuffix(leaf.URL, ".wasm") || strings.HasPrefix(leaf.FunctionName, "wasm-function"):
			out["self:go"] += dt
		case strings.HasSuffix(leaf.URL, "vugu.js"):
			out["self:vugu-js"] += dt
		default:
			out["self:js"] += dt
			jsTop[leaf.FunctionName+" "+leaf.URL] += dt
		}
		busy += dt
		seen := map[string]bool{}
		for n := id; ; {
			cf := node[n].CallFrame
			switch {
			case cf.FunctionName == "setCurrent":
				seen["in:editor-setCurrent"] = true
			case cf.FunctionName == "apply" && strings.Contains(cf.URL, "app.js"):
				seen["in:ptxPatch-apply"] = true
			case strings.HasSuffix(cf.URL, "vugu.js") && strings.Contains(cf.FunctionName, "vuguRender"):
				seen["in:vuguRender"] = true
			case cf.FunctionName == "quick" && strings.Contains(cf.URL, "app.js"):
				seen["in:ptxQuick"] = true
			}
			pn, ok := parent[n]
			if !ok {
				break
			}
			n = pn
		}
		for k := range seen {
			out[k] += dt
		}
	}
	if busy > 0 {
		for k := range out {
			out[k] /= busy
		}
	}
	return out
}
