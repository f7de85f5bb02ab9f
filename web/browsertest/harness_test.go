//go:build !js

package browsertest

// harness_test.go: serves the built site (dist/, from scripts/build) and
// drives it in headless Chromium with chromedp.

import (
	"context"
	"encoding/json"
	"errors"
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
	cdppage "github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ptxplay/ptxplay/web/internal/browser"
	"github.com/ptxplay/ptxplay/web/server"
)

var screenshots = flag.Bool("screenshots", false, "write the screenshots to docs/screenshots/page-*.png")

func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

var site struct {
	once sync.Once
	err  error
}

// builtSite returns the site folder, running scripts/build when it has
// not been built (scripts/test builds it first).
func builtSite(t testing.TB) string {
	dir := filepath.Join(repoRoot(), "dist")
	site.once.Do(func() {
		if _, err := os.Stat(filepath.Join(dir, "index.html")); err == nil {
			return
		}
		cmd := exec.Command("scripts/build")
		cmd.Dir = repoRoot()
		if out, err := cmd.CombinedOutput(); err != nil {
			site.err = fmt.Errorf("scripts/build: %v\n%s", err, out)
		}
	})
	if site.err != nil {
		t.Fatal(site.err)
	}
	return dir
}

// chromium finds the browser (or skips: see browser.Find).
func chromium(t testing.TB) string { return browser.Find(t) }

// page is one browser tab on the playground.
type page struct {
	t      testing.TB
	ctx    context.Context
	url    string
	mu     sync.Mutex
	errors []string
}

// openPage starts a browser on the page (path: "/" plus a query or fragment).
func openPage(t testing.TB, path string, width, height int, dark bool) *page {
	chromium(t)
	dir := builtSite(t)
	srv := httptest.NewServer(siteHandler(dir))
	t.Cleanup(srv.Close)
	return openPageAt(t, srv.URL, path, width, height, dark)
}

// openPageAt opens a fresh browser on a page of a server already running
// (share_test.go serves through web/server to have the share service).
func openPageAt(t testing.TB, base, path string, width, height int, dark bool) *page {
	exe := chromium(t)
	ctx := browser.Start(t, exe, width, height, 4*time.Minute)
	p := &page{t: t, ctx: ctx, url: base}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
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
			if os.Getenv("PTXPLAY_CONSOLE") != "" {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value))
				}
				fmt.Println("console:", strings.Join(parts, " "))
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
	reportCSP(t, ctx)
	p.navigate(base + path)
	p.waitJS(`typeof ptxReady === "function" && ptxReady() && document.getElementById("run") !== null && document.querySelector("#editor .cm-editor") !== null`)
	return p
}

// navigate opens url and waits for its load event. wrangler dev (the
// worker's local simulator) now and then never answers one of the page's
// script requests while it streams main.wasm to the same tab, so the load
// event never comes (seen on a quiet box: boot.js never answered after
// app.js, vugu.js and wasm_exec.js came); a load that has not ended in
// 60 s is reloaded (navigating to the same URL again would only move to
// its fragment), once, and said in the test's log.
func (p *page) navigate(url string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	err := chromedp.Do(ctx, chromedp.Navigate(url))
	cancel()
	if err != nil && p.ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
		p.t.Logf("loading %s stalled for 60 s (page errors: %v); reloading it", url, p.pageErrors())
		err = chromedp.Do(p.ctx, chromedp.Reload())
	}
	if err != nil {
		p.t.Fatalf("%v; page errors: %v", err, p.pageErrors())
	}
}

func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatalf("%v; page errors: %v", err, p.pageErrors())
	}
}

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
	p.waitJSFor(cond, 30*time.Second)
}

func (p *page) waitJSFor(cond string, d time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(d)
	for !eval[bool](p, "!!("+cond+")") {
		if time.Now().After(deadline) {
			p.t.Fatalf("timed out waiting for %s; state %s; page errors: %v", cond, eval[string](p, "ptxState()"), p.pageErrors())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// settle waits until Go has rendered everything queued.
func (p *page) settle() {
	p.t.Helper()
	for range 2 {
		eval[bool](p, `new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(true), 0)))`)
	}
}

// pageState is ptxState() of wasm/main_wasm.go.
type pageState struct {
	Step        int64 `json:"step"`
	Total       int64 `json:"total"`
	Running     bool  `json:"running"`
	Done        bool  `json:"done"`
	Line        int   `json:"line"`
	Fault       bool  `json:"fault"`
	Diagnostics []struct {
		Kind string
		Line int
		Col  int
		Msg  string
	} `json:"diagnostics"`
}

func (p *page) state() pageState {
	p.t.Helper()
	var s pageState
	if err := json.Unmarshal([]byte(eval[string](p, "ptxState()")), &s); err != nil {
		p.t.Fatal(err)
	}
	return s
}

// click clicks the element with id and waits for the render.
func (p *page) click(id string) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS("#" + id)))
	p.settle()
}

// selectOption sets a <select>'s value as a person choosing it would.
func (p *page) selectOption(id, value string) {
	p.t.Helper()
	eval[bool](p, fmt.Sprintf(`(() => { const s = document.getElementById(%q); s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, id, value))
	p.settle()
}

// paste replaces the editor's text as Ctrl+A and a paste from the
// clipboard would.
func (p *page) paste(text string) {
	p.t.Helper()
	b, _ := json.Marshal(text)
	p.do(chromedp.Click(chromedp.CSS("#editor .cm-content")))
	p.do(chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl))) // Ctrl+A
	eval[bool](p, `(() => {
		const dt = new DataTransfer();
		dt.setData("text/plain", `+string(b)+`);
		document.querySelector("#editor .cm-content").dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true, cancelable: true}));
		return true;
	})()`)
	p.waitJS(`document.querySelector("#editor .cm-content").innerText.length > 0`)
	time.Sleep(400 * time.Millisecond) // the editor's debounce, then Go's check
	p.settle()
}

// setLaunchJSON types a launch into the raw JSON view.
func (p *page) setLaunchJSON(js string) {
	p.t.Helper()
	if !eval[bool](p, `document.getElementById("launch-json") !== null`) {
		p.click("launch-json-toggle")
	}
	b, _ := json.Marshal(js)
	eval[bool](p, `(() => { const t = document.getElementById("launch-json"); t.value = `+string(b)+`; t.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	p.settle()
}

// runToEnd clicks Run and waits until the run is over.
func (p *page) runToEnd() pageState {
	p.t.Helper()
	p.click("run")
	p.waitJSFor(`(() => { const s = JSON.parse(ptxState()); return !s.running; })()`, 60*time.Second)
	p.settle()
	return p.state()
}

func (p *page) pageErrors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.errors...)
}

func (p *page) noErrors() {
	p.t.Helper()
	for _, e := range p.pageErrors() {
		p.t.Errorf("page: %s", e)
	}
}

// shot takes a screenshot of the viewport; with -screenshots it is saved
// as docs/screenshots/name.
func (p *page) shot(name string) {
	p.t.Helper()
	buf, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
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

// siteHandler serves the built site as production does: through the site's
// handler, so the page runs under its real Content-Security-Policy and
// the share service answers.
func siteHandler(dir string) http.Handler {
	return server.New(os.DirFS(dir), server.NewMemStore(), nil)
}

// reportCSP turns every Content-Security-Policy violation in any frame
// into a console error, which the page's error check then reports.
func reportCSP(t testing.TB, ctx context.Context) {
	t.Helper()
	src := `document.addEventListener("securitypolicyviolation", function (e) {
		console.error("CSP violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline") + " at " + e.sourceFile + ":" + e.lineNumber);
	});`
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: src}); err != nil {
		t.Fatalf("installing the CSP listener: %v", err)
	}
}

// markedLine returns the text of the editor line that the mark of class
// (cm-current, cm-faultline) lies over, checking that the mark's box is
// the line's box; "" when there is no such mark.
func (p *page) markedLine(class string) string {
	p.t.Helper()
	return eval[string](p, `(() => {
		const m = document.querySelector("#editor .cm-linemark.`+class+`");
		if (!m || m.hidden) return "";
		const v = ptxEditor.current.view, l = v.state.doc.line(+m.dataset.line);
		const at = v.domAtPos(l.from).node, le = (at.nodeType === 3 ? at.parentElement : at).closest(".cm-line");
		const r = m.getBoundingClientRect(), lr = le.getBoundingClientRect();
		if (Math.abs(r.top - lr.top) > 1 || Math.abs(r.bottom - lr.bottom) > 1 || r.right < lr.right - 1) {
			return "misplaced: the mark is at " + [r.left, r.top, r.right, r.bottom] + ", its line at " + [lr.left, lr.top, lr.right, lr.bottom];
		}
		return l.text;
	})()`)
}
