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
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

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
func BenchmarkPageStep(b *testing.B) {
	exe := chromium(b)
	dir := builtSite(b)
	var k launch.BenchKernel
	for _, bk := range launch.BenchKernels() {
		if bk.Name == "alu" {
			k = bk
		}
	}
	for range b.N {
		srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
		ctx, cancel := browser.Open(exe, 1280, 720, 3*time.Minute)
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
		var ts []timing
		for i := range 50 {
			t := eval[timing](p, `dvTime(() => document.getElementById("step").click())`)
			if i >= 10 {
				ts = append(ts, t)
			}
			p.settle()
		}
		summarize(b, "page-step", ts)
		if *screenshots {
			p.shot("page-step-alu.png")
		}
		cancel()
		srv.Close()
	}
}
