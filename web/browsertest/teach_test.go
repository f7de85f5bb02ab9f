//go:build !js

package browsertest

// teach_test.go: the bit visualizers driven in the page (issue 13), and
// the embed page inside an iframe of a course page.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/ptxplay/ptxplay/core/bits"
	"github.com/ptxplay/ptxplay/web/internal/browser"
)

// stepTo presses Step n times.
func (p *page) stepTimes(n int) {
	p.t.Helper()
	for range n {
		p.click("step")
	}
}

// setField types a value into an input and fires its change event.
func (p *page) setField(id, value string) {
	p.t.Helper()
	eval[bool](p, fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q; e.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, id, value))
	p.settle()
}

func (p *page) text(id string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`(document.getElementById(%q) || {}).textContent || ""`, id))
}

func (p *page) value(id string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`(document.getElementById(%q) || {}).value || ""`, id))
}

// shotPanel saves a picture of the visualizer panel alone: it is pinned
// to the top left of the viewport for the picture, then put back.
func (p *page) shotPanel(name string, width int) {
	p.t.Helper()
	eval[bool](p, fmt.Sprintf(`(() => { const e = document.getElementById("viz-panel"); e.dataset.css = e.style.cssText; e.style.cssText = "position:fixed;top:0;left:0;z-index:999;background:var(--bg);width:%dpx;padding:8px;border:1px solid var(--line)"; return true; })()`, width))
	p.settle()
	buf, err := chromedp.Run(p.ctx, chromedp.Screenshot("#viz-panel"))
	if err != nil {
		p.t.Fatal(err)
	}
	eval[bool](p, `(() => { const e = document.getElementById("viz-panel"); e.style.cssText = e.dataset.css; return true; })()`)
	saveShot(p.t, name, buf)
}

func saveShot(t testing.TB, name string, buf []byte) {
	t.Helper()
	if len(buf) < 8 || string(buf[1:4]) != "PNG" {
		t.Fatalf("screenshot %s is not a PNG", name)
	}
	if *screenshots {
		out := filepath.Join(repoRoot(), "docs", "screenshots", name)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, buf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLop3Visualizer: stepping onto a lop3 opens its truth table with the
// lane's operands; clicking a row flips that immLut bit; the expression
// and immLut fields each rewrite the others.
func TestLop3Visualizer(t *testing.T) {
	p := openPage(t, "/?ex=lop3_tables", 1280, 900, false)
	p.stepTimes(8) // to line 22: lop3.b32 %r6, %r2, %r3, %r4, 0xe8
	p.waitJS(`document.getElementById("lop3-lut") !== null`)
	if got := p.value("lop3-lut"); got != "0xe8" {
		t.Fatalf("immLut on line 22: %q, want 0xe8", got)
	}
	if got := p.text("viz-origin"); !strings.Contains(got, "lane 0, line 22: lop3.b32") {
		t.Errorf("origin %q", got)
	}
	// Lane 0 holds the columns 0xf0, 0xcc, 0xaa: the result is immLut.
	if got := p.text("lop3-d"); got != "0x000000e8" {
		t.Errorf("lane 0's result %q, want 0x000000e8", got)
	}
	p.shotPanel("viz-lop3.png", 640)
	p.click("lop3-row-0") // a = b = c = 0 now gives 1: bit 0 of immLut
	if got := p.value("lop3-lut"); got != "0xe9" {
		t.Errorf("after clicking row 0: immLut %q, want 0xe9", got)
	}
	if got, want := p.value("lop3-expr"), bits.DescribeLut(0xe9); got != want {
		t.Errorf("expression after the click %q, want %q", got, want)
	}
	p.click("lop3-row-7")
	if got := p.value("lop3-lut"); got != "0x69" {
		t.Errorf("after clicking row 7: immLut %q, want 0x69", got)
	}
	p.setField("lop3-expr", "a & ~b | c")
	if got := p.value("lop3-lut"); got != "0xba" {
		t.Errorf("expression a & ~b | c gave immLut %q, want 0xba", got)
	}
	outs := eval[[]string](p, `Array.from(document.querySelectorAll("#lop3-table tbody .viz-out")).map((c) => c.textContent)`)
	if strings.Join(outs, "") != "01011101" { // 0xba, row 0 first
		t.Errorf("table outputs %v, want 0xba's rows 0..7 = 0 1 0 1 1 1 0 1", outs)
	}
	p.setField("lop3-lut", "0x96")
	if got := p.value("lop3-expr"); got != "a ^ b ^ c" {
		t.Errorf("immLut 0x96 gave expression %q", got)
	}
	p.setField("lop3-expr", "a & (b")
	if got := p.text("viz-err"); !strings.Contains(got, "expected )") {
		t.Errorf("a bad expression says %q", got)
	}
	p.noErrors()
}

// TestPrmtVisualizer: stepping onto a prmt opens the byte routes; a new
// selector nibble or mode changes the result bytes at once.
func TestPrmtVisualizer(t *testing.T) {
	p := openPage(t, "/?ex=prmt_modes", 1280, 900, false)
	p.stepTimes(7) // to line 24: prmt.b32 %r5, %r2, %r3, %r4
	p.waitJS(`document.getElementById("prmt-c") !== null`)
	// A click on lane 4's %r4 in the register grid picks lane 4, whose
	// selector is 0x5140.
	p.do(chromedp.Click(chromedp.CSS(`td[data-reg="%r4"][data-lane="4"]`)))
	p.settle()
	if got := p.value("viz-lane"); got != "4" {
		t.Fatalf("after clicking lane 4 in the grid the panel shows lane %q", got)
	}
	dst := func() string {
		return eval[string](p, `[3, 2, 1, 0].map((i) => document.getElementById("prmt-dst-" + i).dataset.value).join("")`)
	}
	const a, b = 0x33221100, 0xf7e6d5c4
	if got, want := dst(), fmt.Sprintf("%08x", bits.Prmt(a, b, 0x5140, bits.PrmtGeneric)); got != want {
		t.Fatalf("lane 4's result bytes %s, want %s", got, want)
	}
	p.shotPanel("viz-prmt.png", 640)
	p.setField("prmt-sel-0", "7") // d.b0 <- b.b3 = 0xf7
	if got := dst(); got != "d511c4f7" {
		t.Errorf("selector 0x5147: result bytes %s, want d511c4f7", got)
	}
	if got := p.value("prmt-c"); got != "0x00005147" {
		t.Errorf("c after the edit %q", got)
	}
	if got := eval[string](p, `document.getElementById("prmt-route-0").dataset.src`); got != "7" {
		t.Errorf("route of d.b0 starts at byte %s, want 7", got)
	}
	p.setField("prmt-sel-3", "c") // d.b3 <- sign of b.b0 (0xc4 < 0)
	if got := dst(); got != "ff11c4f7" {
		t.Errorf("selector 0xc147: result bytes %s, want ff11c4f7", got)
	}
	p.selectOption("prmt-mode", ".rc8")
	if got, want := p.text("prmt-d"), fmt.Sprintf("0x%08x", bits.Prmt(a, b, 0xc147, bits.PrmtRC8)); got != want {
		t.Errorf(".rc8: d %s, want %s", got, want)
	}
	// The next instruction is prmt.f4e: following the lane, the panel
	// switches to it.
	p.setField("viz-follow", "")
	eval[bool](p, `(() => { const e = document.getElementById("viz-follow"); e.checked = true; e.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	p.settle()
	p.click("step")
	if got := p.value("prmt-mode"); got != ".f4e" {
		t.Errorf("after stepping to line 25 the mode is %q, want .f4e", got)
	}
	p.noErrors()
}

// TestBitDiagramsAndMenu: the shf diagram follows a funnel shift; bfe and
// bfi open alone from the menu.
func TestBitDiagramsAndMenu(t *testing.T) {
	p := openPage(t, "/?ex=byteswap_funnel", 1400, 900, false)
	p.stepTimes(12) // to line 25: shf.l.clamp.b32 %r8, %r2, %r3, %r4
	p.waitJS(`document.getElementById("bits-caption") !== null`)
	p.setField("viz-lane", "4") // x = 0x80000001, hi = 0x11111111, n = 8
	if got := p.text("bits-caption"); got != "shf.l.clamp: n = 8, d = bits 24..55 of {b, a}" {
		t.Errorf("caption %q", got)
	}
	if got := p.text("bits-d"); got != "0x11111180" {
		t.Errorf("shf.l.clamp d = %s, want 0x11111180", got)
	}
	p.shotPanel("viz-shf.png", 820)
	p.selectOption("viz-kind", "bfe")
	if got := p.text("bits-d"); got != "0xfffffdbe" { // bfe.s32 0xdeadbeef, 8, 12
		t.Errorf("bfe from the menu: d = %s, want 0xfffffdbe", got)
	}
	p.setField("bits-pos", "4")
	if got := p.text("bits-d"); got != "0xfffffbee" {
		t.Errorf("bfe pos 4: d = %s, want 0xfffffbee", got)
	}
	p.shotPanel("viz-bfe.png", 560)
	p.selectOption("viz-kind", "bfi")
	if got := p.text("bits-d"); got != "0xffff0050" { // bfi 5 into 0xffff0000 at 4, 8 bits
		t.Errorf("bfi from the menu: d = %s, want 0xffff0050", got)
	}
	p.noErrors()
}

// TestEmbedInIframe: a course page holds the embed page in an 800x500
// iframe; it loads, steps, goes back, plays, fits, and links to the full
// page.
func TestEmbedInIframe(t *testing.T) {
	exe := chromium(t)
	dir := builtSite(t)
	mux := http.NewServeMux()
	mux.Handle("/", siteHandler(dir))
	mux.HandleFunc("/course.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html><head><meta charset="utf-8"><title>A course page</title></head>
<body style="margin:16px;font-family:sans-serif"><h1 style="font-size:18px">Lesson 3: divergence</h1>
<iframe id="f" src="/?embed=1&ex=divergent_loop&speed=64" width="800" height="500" style="border:1px solid #ccc" title="ptxplay"></iframe>
</body></html>`)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	ctx := browser.Start(t, exe, 900, 620, 3*time.Minute)
	p := &page{t: t, ctx: ctx, url: srv.URL}
	reportCSP(t, ctx)
	p.do(chromedp.Navigate(srv.URL + "/course.html"))
	const fw = `document.getElementById("f").contentWindow`
	p.waitJS(fw + `.ptxReady && ` + fw + `.ptxReady() && ` + fw + `.document.getElementById("em-step") !== null`)
	state := func() pageState {
		var s pageState
		if err := jsonUnmarshal(eval[string](p, fw+`.ptxState()`), &s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	click := func(id string) {
		eval[bool](p, fmt.Sprintf(`(() => { %s.document.getElementById(%q).click(); return true; })()`, fw, id))
		p.settle()
	}
	s := state()
	if s.Step != 0 || s.Line != 15 {
		t.Fatalf("embed at start: %+v", s)
	}
	for range 5 {
		click("em-step")
	}
	if s = state(); s.Step != 5 || s.Line != 20 {
		t.Errorf("after 5 steps: %+v", s)
	}
	if got := eval[string](p, fw+`.document.querySelector(".em-line.cur .em-ln").textContent`); got != "20" {
		t.Errorf("the listing marks line %s, want 20", got)
	}
	click("em-back")
	if s = state(); s.Step != 4 {
		t.Errorf("after Back: step %d, want 4", s.Step)
	}
	// The page fits the iframe: no scroll bars on the embed document.
	fits := eval[[]int](p, `(() => { const d = `+fw+`.document.documentElement; return [d.scrollWidth, d.scrollHeight, d.clientWidth, d.clientHeight]; })()`)
	if fits[0] > fits[2] || fits[1] > fits[3] {
		t.Errorf("the embed page overflows its 800x500 frame: scroll %dx%d, client %dx%d", fits[0], fits[1], fits[2], fits[3])
	}
	if href := eval[string](p, fw+`.document.getElementById("em-full").getAttribute("href")`); href != "/?ex=divergent_loop" {
		t.Errorf("full-page link %q", href)
	}
	// Step a little into the loop for the picture, then Play (64 steps a
	// second) runs to the end by itself.
	for range 8 {
		click("em-step")
	}
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	saveShot(t, "embed.png", buf)
	click("em-play")
	p.waitJSFor(`JSON.parse(`+fw+`.ptxState()).done`, 60*time.Second)
	if s = state(); !s.Done || s.Step < 20 {
		t.Errorf("after Play: %+v", s)
	}
	if got := eval[string](p, fw+`.document.getElementById("em-play").textContent`); got != "Play" {
		t.Errorf("the Play button reads %q after the end", got)
	}
	p.noErrors()
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// TestNotesAndWarning: an example's teacher notes sit beside the views, and
// the uninitialized-register example shows its warning in the diagnostics
// panel while the run still goes to the end.
func TestNotesAndWarning(t *testing.T) {
	p := openPage(t, "/?ex=fault_uninit", 1280, 800, false)
	if got := p.text("notes"); !strings.Contains(got, "Failure: uninitialized register") || !strings.Contains(got, "mov.u32 %r5, 0") {
		t.Errorf("notes panel: %q", got)
	}
	if n := eval[int](p, `document.querySelectorAll("#notes code").length`); n < 2 {
		t.Errorf("the notes show %d code spans, want the backquoted ones as code", n)
	}
	warn := eval[string](p, `(document.querySelector("#diagnostics .pp-warning") || {}).textContent || ""`)
	if !strings.Contains(warn, "%r5 is read here") || !strings.Contains(warn, "22") {
		t.Errorf("diagnostics warning: %q", warn)
	}
	if st := p.runToEnd(); !st.Done || st.Fault {
		t.Errorf("the run with a warning: %+v", st)
	}
	p.selectOption("examples", "vadd")
	p.waitJS(`document.getElementById("notes").textContent.includes("Vector add")`)
	if n := eval[int](p, `document.querySelectorAll("#diagnostics .pp-warning").length`); n != 0 {
		t.Errorf("vadd shows %d warnings", n)
	}
	p.noErrors()
}
