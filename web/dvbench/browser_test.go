//go:build !js

package dvbench

// browser_test.go: builds the bench page, serves it and opens it in
// headless Chromium.

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/ptxplay/ptxplay/web/internal/browser"
)

var screenshots = flag.Bool("screenshots", false, "write the screenshots to docs/screenshots/")

const indexHTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ptxplay data views</title>
<link rel="icon" href="data:,">
<style>:root { color-scheme: light dark; } body { margin: 8px; }</style>
<script type="module" src="patch.js"></script>
<script src="wasm_exec.js"></script>
<script>
// dvTime(fn): runs fn, waits for the page to change, and returns the
// main-thread time until the change is laid out (work) and the time of
// the next frame's paint (paint), in milliseconds.
window.dvTime = async (fn) => {
	const app = document.body;
	const changed = new Promise((res) => {
		const mo = new MutationObserver(() => { mo.disconnect(); res(); });
		mo.observe(app, {subtree: true, childList: true, characterData: true, attributes: true});
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
};
</script>
</head><body><div id="app"></div>
<script type="module">
// A module, so that it runs after patch.js (modules run in document
// order, after parsing): the views' first render needs ptxPatch.
const go = new Go();
WebAssembly.instantiateStreaming(fetch("main.wasm"), go.importObject).then((r) => go.run(r.instance));
</script></body></html>
`

var site struct {
	once sync.Once
	dir  string
	err  error
}

// repoRoot is the module's root, two levels up from this package.
func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// buildSite builds the page into a temporary folder, once per test binary.
func buildSite(t testing.TB) string {
	site.once.Do(func() {
		dir, err := os.MkdirTemp("", "dvbench")
		if err != nil {
			site.err = err
			return
		}
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "main.wasm"), "./web/dvbench/wasm")
		cmd.Dir = repoRoot()
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := cmd.CombinedOutput(); err != nil {
			site.err = fmt.Errorf("building the page: %v\n%s", err, out)
			return
		}
		goroot, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			site.err = err
			return
		}
		copies := map[string]string{
			filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"): "wasm_exec.js",
			filepath.Join(repoRoot(), "web", "js", "patch.js"):                              "patch.js",
		}
		for from, to := range copies {
			b, err := os.ReadFile(from)
			if err != nil {
				site.err = err
				return
			}
			if err := os.WriteFile(filepath.Join(dir, to), b, 0o644); err != nil {
				site.err = err
				return
			}
		}
		site.err = os.WriteFile(filepath.Join(dir, "index.html"), []byte(indexHTML), 0o644)
		site.dir = dir
	})
	if site.err != nil {
		t.Fatal(site.err)
	}
	return site.dir
}

// chromium finds the browser (or skips: see browser.Find).
func chromium(t testing.TB) string { return browser.Find(t) }

// page is one browser tab on the bench page.
type page struct {
	t      testing.TB
	ctx    context.Context
	mu     sync.Mutex
	errors []string // console errors and uncaught exceptions
}

// openPage starts a browser on the page showing kernel k.
func openPage(t testing.TB, k string, dark bool) *page {
	return openPageServed(t, k, dark, http.FileServer(http.Dir(buildSite(t))))
}

// openIsolatedPage is openPage with the page cross-origin isolated (COOP
// and COEP headers): Chromium then gives performance.now(), Go's clock in
// wasm, 5 us steps rather than 100 us, which the timing of single runs of
// a millisecond or two needs.
func openIsolatedPage(t testing.TB, k string) *page {
	p := openPageServed(t, k, false, isolated(buildSite(t)))
	if !eval[bool](p, `crossOriginIsolated`) {
		t.Fatal("the bench page is not cross-origin isolated: its clock would step by 100 us")
	}
	return p
}

// isolated serves the files of dir with the COOP and COEP headers that
// make a page cross-origin isolated.
func isolated(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cross-Origin-Opener-Policy", "same-origin")
		w.Header().Set("Cross-Origin-Embedder-Policy", "require-corp")
		files.ServeHTTP(w, r)
	})
}

// openIsolatedPlayground opens the playground itself, the site of dir
// (scripts/build's dist/), cross-origin isolated, once its first render is
// on the page.
func openIsolatedPlayground(t testing.TB, dir string) *page {
	srv := httptest.NewServer(isolated(dir))
	t.Cleanup(srv.Close)
	p := &page{t: t, ctx: browser.Start(t, chromium(t), 1280, 800, 3*time.Minute)}
	p.do(chromedp.Navigate(srv.URL + "/"))
	p.waitJS(`typeof ptxReady === "function" && ptxReady()`)
	if !eval[bool](p, `crossOriginIsolated`) {
		t.Fatal("the playground is not cross-origin isolated: its clock would step by 100 us")
	}
	return p
}

func openPageServed(t testing.TB, k string, dark bool, h http.Handler) *page {
	exe := chromium(t)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	ctx := browser.Start(t, exe, 1280, 800, 3*time.Minute)
	p := &page{t: t, ctx: ctx}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	if dark {
		dm := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, dm); err != nil {
			t.Fatal(err)
		}
	}
	console := chromedp.Events(ctx, cdpruntime.ConsoleAPICalled)
	exceptions := chromedp.Events(ctx, cdpruntime.ExceptionThrown)
	go func() {
		for ev, err := range console {
			if err != nil {
				return
			}
			if ev.Type == cdpruntime.ConsoleAPICalledTypeError || ev.Type == cdpruntime.ConsoleAPICalledTypeWarning {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				p.mu.Lock()
				p.errors = append(p.errors, "console."+string(ev.Type)+": "+strings.Join(parts, " "))
				p.mu.Unlock()
			}
		}
	}()
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			p.mu.Lock()
			p.errors = append(p.errors, "exception: "+msg)
			p.mu.Unlock()
		}
	}()
	p.do(chromedp.Navigate(srv.URL + "/?k=" + k))
	p.waitJS(`typeof dvReady === "function" && dvReady() && document.getElementById("regs") !== null`)
	return p
}

func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// waitJS waits until a JavaScript condition holds.
func (p *page) waitJS(cond string) {
	p.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !eval[bool](p, "!!("+cond+")") {
		if time.Now().After(deadline) {
			p.t.Fatalf("timed out waiting for %s; page errors: %v", cond, p.pageErrors())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// settle waits until Go has rendered everything queued.
func (p *page) settle() {
	p.t.Helper()
	eval[bool](p, `new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(true), 0)))`)
	eval[bool](p, `new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(true), 0)))`)
}

func (p *page) pageErrors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.errors...)
}

// noErrors fails on any console error or exception so far.
func (p *page) noErrors() {
	p.t.Helper()
	for _, e := range p.pageErrors() {
		p.t.Errorf("page: %s", e)
	}
}

// shot takes a screenshot of the page and, with -screenshots, saves it
// as docs/screenshots/name.
func (p *page) shot(name string) {
	p.t.Helper()
	buf, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatal(err)
	}
	if len(buf) < 8 || string(buf[1:4]) != "PNG" {
		p.t.Fatalf("screenshot %s is not a PNG", name)
	}
	if *screenshots {
		out := filepath.Join(repoRoot(), "docs", "screenshots", name)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			p.t.Fatal(err)
		}
		if err := os.WriteFile(out, buf, 0o644); err != nil {
			p.t.Fatal(err)
		}
	}
}
