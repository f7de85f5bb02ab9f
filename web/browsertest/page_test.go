//go:build !js

package browsertest

// page_test.go: what a person does with the playground, in a real browser.

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/ptxplay/ptxplay/core/fp"
	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/examples"
)

// ids are the stable hooks every automation may rely on.
var ids = []string{"editor", "run", "stop", "step", "step-warp", "step-back", "continue", "reset", "launch", "examples", "cta", "warp", "diagnostics", "step-count"}

func TestPageLoads(t *testing.T) {
	p := openPage(t, "/", 1280, 720, false)
	for _, id := range ids {
		if !eval[bool](p, fmt.Sprintf("document.getElementById(%q) !== null", id)) {
			t.Errorf("no element with id %q", id)
		}
	}
	if got := eval[string](p, `document.getElementById("step-count").textContent`); !strings.HasPrefix(got, "step 0 / ") {
		t.Errorf("step counter on first visit: %q", got)
	}
	// A first visit opens an example, ready to run.
	if got := eval[string](p, `document.getElementById("examples").value`); got == "" {
		t.Error("no example selected on the first visit")
	}
	if !strings.Contains(eval[string](p, `document.querySelector("#editor .cm-content").innerText`), ".entry") {
		t.Error("the editor does not show the example's kernel")
	}
	// Everything fits a 1280x720 screen: the toolbar, editor and panels
	// do not push the page into scrolling.
	if h := eval[float64](p, `document.documentElement.scrollHeight`); h > 720 {
		t.Errorf("page is %v px high at 1280x720", h)
	}
	p.shot("page-first-visit.png")
	p.noErrors()
}

// expectedCell formats a buffer element as the memory view's natural view
// does: unsigned and signed decimal, float, hex for untyped bits.
func expectedCell(typ string, v uint64) string {
	typ = strings.TrimPrefix(typ, ".")
	if typ == "bf16" {
		return fp.FormatBF16(uint16(v))
	}
	bits, _ := strconv.Atoi(typ[1:])
	if bits < 64 {
		v &= 1<<bits - 1
	}
	switch typ[0] {
	case 'u':
		return strconv.FormatUint(v, 10)
	case 's':
		sh := uint(64 - bits)
		return strconv.FormatInt(int64(v<<sh)>>sh, 10)
	case 'f':
		if bits == 16 {
			return fp.FormatF16(uint16(v))
		}
		if bits == 32 {
			return fp.FormatF32(uint32(v))
		}
		if bits == 64 {
			return fp.FormatF64(v)
		}
	}
	return strconv.FormatUint(v, 16)
}

func TestExamplesRun(t *testing.T) {
	p := openPage(t, "/", 1280, 800, false)
	for _, ex := range examples.All() {
		t.Run(ex.Name, func(t *testing.T) {
			p.t = t
			p.selectOption("examples", ex.Name)
			p.waitJS(fmt.Sprintf(`document.querySelector("#editor .cm-content").innerText.includes(%q)`, firstEntry(ex.Source)))
			st := p.runToEnd()
			// The same launch through the core, as the CLI runs it.
			res := launch.Run(ex.Name+".ptx", []byte(ex.Source), []byte(ex.Launch), launch.Options{})
			if !res.OK {
				// an example that shows a fault: the page shows the same one
				if len(res.Errors) == 0 || res.Errors[0].Phase != "run" || !st.Fault || st.Line != res.Errors[0].Line {
					t.Fatalf("core run: %+v; page: %+v", res.Errors, st)
				}
			} else if !st.Done || st.Fault {
				t.Fatalf("run did not finish: %+v", st)
			}
			checked := 0
			for _, name := range res.Names {
				b := res.Buffers[name]
				n := min(len(b.Data), 128) // the first page of the table
				got := eval[[]string](p, fmt.Sprintf(`Array.from(document.querySelectorAll('td[data-buf=%q]')).slice(0, %d).map((c) => c.textContent)`, name, n))
				if len(got) != n {
					t.Errorf("buffer %s: %d cells on the page, want %d", name, len(got), n)
					continue
				}
				for i := 0; i < n; i++ {
					if want := expectedCell(b.Type, b.Data[i]); got[i] != want {
						t.Errorf("%s[%d] shows %q, want %q", name, i, got[i], want)
					}
					checked++
				}
			}
			if checked == 0 {
				t.Error("no buffer cells checked")
			}
			if ex.Name == "vadd" {
				// out[i] = a[i] + b[i], from the launch's data, in float32.
				out := eval[[]string](p, `Array.from(document.querySelectorAll('td[data-buf="out"]')).slice(0, 8).map((c) => c.textContent)`)
				bs := []float32{0.5, 0.25, -1, 100, 1e10, 0, 3.5, 7}
				for i, b := range bs {
					if want := fp.FormatF32(math.Float32bits(float32(i) + b)); out[i] != want {
						t.Errorf("vadd out[%d] = %q, want %q", i, out[i], want)
					}
				}
				p.shot("page-vadd-done.png")
			}
			p.noErrors()
		})
	}
}

func firstEntry(src string) string {
	i := strings.Index(src, ".entry")
	if i < 0 {
		return ""
	}
	return strings.Fields(src[i:])[1][:min(len(strings.Fields(src[i:])[1]), 8)]
}

func TestStepAndBackGiveTheSameGrid(t *testing.T) {
	p := openPage(t, "/", 1280, 800, false)
	for range 3 {
		p.click("step")
	}
	grid := `document.getElementById("regs").innerHTML + document.getElementById("warp-view").innerHTML`
	before := eval[string](p, grid)
	if !strings.Contains(before, "data-reg") {
		t.Fatalf("no register cells after 3 steps")
	}
	for range 5 {
		p.click("step")
	}
	if st := p.state(); st.Step != 8 {
		t.Fatalf("after 8 steps the page is at step %d", st.Step)
	}
	mid := eval[string](p, grid)
	p.shot("page-stepping.png")
	for range 5 {
		p.click("step-back")
	}
	if st := p.state(); st.Step != 3 {
		t.Fatalf("after 5 steps back the page is at step %d", st.Step)
	}
	after := eval[string](p, grid)
	if after != before {
		t.Errorf("step 5 and back 5 changed the grid")
	}
	if mid == before {
		t.Errorf("5 steps did not change the grid at all")
	}
	if got := eval[string](p, `document.getElementById("step-count").textContent`); !strings.HasPrefix(got, "step 3 / ") {
		t.Errorf("counter %q", got)
	}
	p.noErrors()
}

// TestControlsActOnce: each stepping control (its clicks go to Go through
// ptxDo, web/js/boot.js) does its action once per click, as its shortcut
// does, and a disabled one nothing: the page after the clicks is the page
// after the same shortcuts on a page of its own.
func TestControlsActOnce(t *testing.T) {
	p := openPage(t, "/", 1280, 800, false)
	q := openPage(t, "/", 1280, 800, false)
	keys := map[string]string{"step": "F7", "step-warp": "F8", "step-back": "Shift-F7", "reset": "Alt-0", "run": "Alt-r", "continue": "F5"}
	grid := `document.getElementById("regs").innerHTML + document.getElementById("warp-view").innerHTML + document.getElementById("step-count").textContent`
	steps := []struct {
		id   string
		want func(before, after pageState) bool
	}{
		{"step", func(b, a pageState) bool { return a.Step == b.Step+1 }},
		{"step", func(b, a pageState) bool { return a.Step == b.Step+1 }},
		{"stop", func(b, a pageState) bool { return a.Step == b.Step && !a.Running }}, // disabled: not running
		{"step-warp", func(b, a pageState) bool { return a.Step > b.Step }},
		{"step-back", func(b, a pageState) bool { return a.Step == b.Step-1 }},
		{"reset", func(b, a pageState) bool { return a.Step == 0 }},
		{"run", func(b, a pageState) bool { return a.Done && !a.Running }},
		{"reset", func(b, a pageState) bool { return a.Step == 0 && !a.Done }},
		{"continue", func(b, a pageState) bool { return a.Done }},
	}
	for i, s := range steps {
		before := p.state()
		p.click(s.id)
		if s.id == "run" || s.id == "continue" {
			p.waitJS(`!JSON.parse(ptxState()).running`)
		}
		after := p.state()
		if !s.want(before, after) {
			t.Fatalf("click %d on %s: step %d (done %v) -> %d (done %v, running %v)", i, s.id, before.Step, before.Done, after.Step, after.Done, after.Running)
		}
		if k := keys[s.id]; k != "" {
			eval[bool](q, fmt.Sprintf(`(ptxKey(%q), true)`, k))
			q.settle()
			q.waitJS(`!JSON.parse(ptxState()).running`)
		}
		if got, want := eval[string](p, grid), eval[string](q, grid); got != want {
			t.Fatalf("click %d on %s: the page differs from the one after its shortcut:\n got %.300s\nwant %.300s", i, s.id, got, want)
		}
	}
	p.noErrors()
	q.noErrors()
}

// lineOf is the 1-based line of the first line containing s.
func lineOf(src, s string) int {
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	return 0
}

func TestGutterBreakpointAndContinue(t *testing.T) {
	p := openPage(t, "/", 1280, 800, false)
	ex, _ := examples.Get("vadd")
	p.selectOption("examples", "vadd")
	line := lineOf(ex.Source, "st.global.f32")
	eval[bool](p, fmt.Sprintf(`(ptxEditor.current.goto(%d), true)`, line))
	p.settle()
	xy := eval[[]float64](p, fmt.Sprintf(`(() => {
		const lines = document.querySelectorAll("#editor .cm-content .cm-line");
		const r = lines[%d].getBoundingClientRect();
		const g = document.querySelector("#editor .cm-bp-gutter").getBoundingClientRect();
		return [g.left + g.width / 2, r.top + r.height / 2];
	})()`, line-1))
	p.do(chromedp.MouseClickXY(xy[0], xy[1]))
	p.settle()
	if n := eval[int](p, `document.querySelectorAll("#editor .cm-bp").length`); n != 1 {
		t.Fatalf("%d breakpoint marks after one gutter click", n)
	}
	if got := eval[string](p, `ptxEditor.current.breakpoints()`); got != fmt.Sprintf("[%d]", line) {
		t.Errorf("the editor's breakpoints are %s, want [%d]", got, line)
	}
	// the mark sits on the line clicked
	top := eval[float64](p, `document.querySelector("#editor .cm-bp").getBoundingClientRect().top`)
	if top > xy[1] || xy[1]-top > 30 {
		t.Errorf("breakpoint mark at y=%v, clicked y=%v", top, xy[1])
	}
	time.Sleep(100 * time.Millisecond)
	p.click("continue")
	p.waitJS(`!JSON.parse(ptxState()).running`)
	p.settle()
	st := p.state()
	if st.Line != line || st.Done {
		t.Fatalf("continue stopped at line %d (done %v), want the breakpoint at line %d", st.Line, st.Done, line)
	}
	cur := p.markedLine("cm-current")
	if !strings.Contains(cur, "st.global.f32") {
		t.Errorf("the current line shows %q", cur)
	}
	p.shot("page-breakpoint.png")
	p.noErrors()
}

func TestSyntaxErrorShowsAtItsLine(t *testing.T) {
	p := openPage(t, "/", 1280, 800, false)
	ex, _ := examples.Get("vadd")
	p.selectOption("examples", "vadd")
	bad := strings.Replace(ex.Source, "add.f32 ", "add.f32.bogus ", 1)
	line := lineOf(bad, "add.f32.bogus")
	p.paste(bad)
	p.waitJS(`document.querySelector("#editor .cm-lintRange-error") !== null`)
	marked := eval[string](p, `document.querySelector("#editor .cm-lintRange-error").closest(".cm-line").textContent`)
	if !strings.Contains(marked, "add.f32.bogus") {
		t.Errorf("the error mark is on %q", marked)
	}
	found := false
	for _, d := range p.state().Diagnostics {
		found = found || (d.Kind == "error" && d.Line == line)
	}
	if !found {
		t.Errorf("no diagnostic at line %d: %+v", line, p.state().Diagnostics)
	}
	if n := eval[int](p, fmt.Sprintf(`document.querySelectorAll('#diagnostics [data-line="%d"]').length`, line)); n == 0 {
		t.Errorf("the diagnostics panel has no entry linking to line %d", line)
	}
	p.shot("page-syntax-error.png")
	p.noErrors()
}

func TestPastedCompilerFileRunsFromTemplate(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(repoRoot(), "core", "ptx", "testdata", "corpus", "daig__cuda__test.ptx"))
	if err != nil {
		t.Fatal(err)
	}
	p := openPage(t, "/", 1280, 800, false)
	p.paste(string(src))
	p.waitJS(`document.querySelectorAll("#editor .cm-lintRange-error").length === 0`)
	p.click("template")
	if n := eval[int](p, `document.querySelectorAll(".pp-bad").length`); n != 0 {
		t.Fatalf("%d launch fields in error after the template", n)
	}
	st := p.runToEnd()
	if !st.Done || st.Fault {
		t.Fatalf("the pasted kernel did not finish: %+v", st)
	}
	// After a run the toolbar's texts are at their longest ("step 42 / 42",
	// "follow (0)"): it still takes one row at 1280 px.
	if wrapped := eval[bool](p, `(() => { const r = [...document.querySelector(".pp-bar").children].filter(e => e.offsetWidth > 0 && e.offsetHeight > 0).map(e => e.getBoundingClientRect()); return Math.max(...r.map(x => x.top)) >= Math.min(...r.map(x => x.bottom)); })()`); wrapped {
		t.Errorf("the toolbar wraps at 1280 px: %s", eval[string](p, `[...document.querySelector(".pp-bar").children].map(e => (e.id || e.className) + ":" + e.offsetWidth).join(" ")`))
	}
	if n := eval[int](p, `document.querySelectorAll("#notes").length`); n != 0 {
		t.Errorf("a pasted kernel shows %d notes panels (an example's notes, or an empty one)", n)
	}
	p.shot("page-pasted-nvcc.png")
	p.noErrors()
}

const oobKernel = `.version 7.0
.target sm_80
.address_size 64
.visible .entry oob(.param .u64 out)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r1;
	ret;
}
`

func TestFaultNamesLaneAndLine(t *testing.T) {
	p := openPage(t, "/", 1280, 800, false)
	p.paste(oobKernel)
	p.setLaunchJSON(`{"grid": 1, "block": 32, "args": {"out": {"type": "u32", "count": 20}}}`)
	st := p.runToEnd()
	if !st.Fault || st.Line != 12 {
		t.Fatalf("want a fault at line 12, got %+v", st)
	}
	msg := eval[string](p, `document.querySelector("#diagnostics .pp-fault").textContent`)
	if !strings.Contains(msg, "lane 20") || !strings.Contains(msg, "12") {
		t.Errorf("fault message %q does not name lane 20 and line 12", msg)
	}
	if got := p.markedLine("cm-faultline"); !strings.Contains(got, "st.global") {
		t.Errorf("the fault's line is not marked in the editor: %q", got)
	}
	p.shot("page-fault.png")
	p.noErrors()
}

const spinKernel = `.version 7.0
.target sm_80
.address_size 64
.visible .entry spin(.param .u32 n)
{
	.reg .b32 %r<2>;
LOOP:
	add.u32 %r1, %r1, 1;
	bra LOOP;
}
`

func TestStopEndsARunawayLoop(t *testing.T) {
	p := openPage(t, "/", 1280, 800, false)
	p.paste(spinKernel)
	p.setLaunchJSON(`{"grid": 1, "block": 64, "args": {"n": 1}}`)
	p.click("run")
	time.Sleep(600 * time.Millisecond)
	if st := p.state(); !st.Running || st.Step == 0 {
		t.Fatalf("the loop is not running: %+v", st)
	}
	// The progress line comes with a slice's render; on a loaded machine the
	// first may take a while, but it must come before the 3 s runaway stop.
	progress := `(document.getElementById("progress") || {}).textContent || ""`
	for deadline := time.Now().Add(1800 * time.Millisecond); !strings.Contains(eval[string](p, progress), "thread-instructions/s"); {
		if time.Now().After(deadline) {
			t.Errorf("no progress shown while running: %q", eval[string](p, progress))
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	t0 := time.Now()
	p.do(chromedp.Click(chromedp.CSS("#stop")))
	p.waitJSFor(`!JSON.parse(ptxState()).running`, 5*time.Second)
	// A slice is about 25 ms, so Stop lands well within a second; the bound
	// is 2 s because scripts/test runs this beside the differential test's
	// compilers on two cores. A Stop that does not work shows as the 3 s
	// runaway stop, or never.
	if el := time.Since(t0); el > 2*time.Second {
		t.Errorf("Stop took %v", el)
	}
	p.noErrors()
}

func TestRunawayLoopReportedWithinSeconds(t *testing.T) {
	p := openPage(t, "/", 1280, 800, false)
	p.paste(spinKernel)
	p.setLaunchJSON(`{"grid": 1, "block": 64, "args": {"n": 1}}`)
	t0 := time.Now()
	p.click("run")
	p.waitJSFor(`!JSON.parse(ptxState()).running`, 10*time.Second)
	if el := time.Since(t0); el > 5*time.Second {
		t.Errorf("the runaway loop was reported after %v", el)
	}
	p.settle()
	msg := eval[string](p, `(document.querySelector("#diagnostics .pp-budget") || {}).textContent || ""`)
	if !strings.Contains(msg, "loop forever") || !strings.Contains(msg, "Continue") {
		t.Errorf("budget message %q", msg)
	}
	if st := p.state(); st.Line != 8 && st.Line != 9 {
		t.Errorf("the loop's line is %d, want 8 or 9", st.Line)
	}
	p.shot("page-runaway.png")
	p.noErrors()
}

func TestDarkThemeAndLargeFont(t *testing.T) {
	p := openPage(t, "/", 1280, 720, true)
	bg := eval[string](p, `getComputedStyle(document.body).backgroundColor`)
	if bg == "rgb(255, 255, 255)" {
		t.Errorf("dark system theme, white page")
	}
	p.click("large")
	if fs := eval[string](p, `getComputedStyle(document.documentElement).fontSize`); fs != "19px" {
		t.Errorf("large font: root font size %s", fs)
	}
	for range 3 {
		p.click("step")
	}
	p.shot("page-large-font.png")
	p.click("reset")
	p.click("theme") // Auto -> Dark
	p.click("theme") // Dark -> Light
	if bg := eval[string](p, `getComputedStyle(document.body).backgroundColor`); bg != "rgb(255, 255, 255)" {
		t.Errorf("light theme: background %s", bg)
	}
	p.click("theme") // back to Auto
	p.click("large")
	for range 4 {
		p.click("step")
	}
	p.shot("page-dark.png")
	p.noErrors()
}

const printfKernel = `.version 7.0
.target sm_80
.address_size 64
.extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.global .align 1 .b8 fmt[8] = {116, 105, 100, 32, 37, 100, 10, 0};
.visible .entry hello()
{
	.local .align 8 .b8 depot[8];
	.reg .b32 %r<3>;
	.reg .b64 %rd<5>;
	mov.u64 %rd1, depot;
	cvta.local.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	st.local.u32 [%rd1], %r1;
	mov.u64 %rd3, fmt;
	cvta.global.u64 %rd4, %rd3;
	{
	.param .b64 param0;
	st.param.b64 [param0+0], %rd4;
	.param .b64 param1;
	st.param.b64 [param1+0], %rd2;
	.param .b32 retval0;
	call.uni (retval0), vprintf, (param0, param1);
	ld.param.b32 %r2, [retval0+0];
	}
	ret;
}
`

func TestPrintfConsole(t *testing.T) {
	p := openPage(t, "/", 1280, 720, false)
	p.paste(printfKernel)
	p.setLaunchJSON(`{"grid": 1, "block": 4, "args": {}}`)
	st := p.runToEnd()
	if !st.Done || st.Fault {
		t.Fatalf("printf kernel did not finish: %+v", st)
	}
	if got := eval[string](p, `(document.getElementById("console") || {}).textContent || ""`); got != "tid 0\ntid 1\ntid 2\ntid 3\n" {
		t.Errorf("console shows %q", got)
	}
	// Step back takes the output back too.
	for range 4 {
		p.click("step-back")
	}
	if got := eval[string](p, `(document.getElementById("console") || {}).textContent || ""`); got != "" {
		t.Errorf("after stepping back before the call the console shows %q", got)
	}
	p.noErrors()
}

func TestHoverDocsGoToStepAndShortcuts(t *testing.T) {
	p := openPage(t, "/", 1280, 720, false)
	p.selectOption("examples", "vadd")
	ex, _ := examples.Get("vadd")
	line := lineOf(ex.Source, "add.f32 ")
	xy := eval[[]float64](p, fmt.Sprintf(`(() => {
		const v = ptxEditor.current.view, l = v.state.doc.line(%d);
		v.dispatch({effects: []});
		const c = v.coordsAtPos(l.from + l.text.indexOf("add.f32") + 2);
		return [c.left + 2, (c.top + c.bottom) / 2];
	})()`, line))
	p.do(chromedp.MouseEvent("mouseMoved", xy[0], xy[1]))
	p.waitJS(`document.querySelector(".cm-ptx-doc") !== null`)
	doc := eval[string](p, `document.querySelector(".cm-ptx-doc").textContent`)
	if !strings.HasPrefix(doc, "add") || !strings.Contains(doc, "PTX ISA") {
		t.Errorf("hover doc for add.f32: %q", doc)
	}
	p.shot("page-hover.png")
	p.do(chromedp.MouseEvent("mouseMoved", 5, 5))

	// Go to step 12, then back to 4.
	for _, n := range []int{12, 4} {
		p.do(chromedp.SetValue(chromedp.CSS("#goto-step"), strconv.Itoa(n)))
		eval[bool](p, `(document.querySelector(".pp-goto").requestSubmit(), true)`)
		p.settle()
		if st := p.state(); st.Step != int64(n) {
			t.Errorf("go to step %d: at %d", n, st.Step)
		}
	}
	// F7 steps, Shift+F7 steps back, Alt+0 resets.
	key := func(k string, shift, alt bool) {
		eval[bool](p, fmt.Sprintf(`(document.dispatchEvent(new KeyboardEvent("keydown", {key: %q, code: %q, shiftKey: %v, altKey: %v, bubbles: true})), true)`, k, map[string]string{"0": "Digit0"}[k], shift, alt))
		time.Sleep(50 * time.Millisecond)
		p.settle()
	}
	key("F7", false, false)
	if st := p.state(); st.Step != 5 {
		t.Errorf("F7: at step %d, want 5", st.Step)
	}
	key("F7", true, false)
	if st := p.state(); st.Step != 4 {
		t.Errorf("Shift+F7: at step %d, want 4", st.Step)
	}
	key("0", false, true)
	if st := p.state(); st.Step != 0 {
		t.Errorf("Alt+0: at step %d, want 0", st.Step)
	}
	if title := eval[string](p, `document.getElementById("step").title`); !strings.Contains(title, "F7") {
		t.Errorf("Step's tooltip %q does not name its shortcut", title)
	}
	p.noErrors()
}

func TestLaunchFieldErrors(t *testing.T) {
	p := openPage(t, "/", 1280, 720, false)
	p.selectOption("examples", "vadd")
	// a bad scalar and a bad block, typed into the form
	for sel, val := range map[string]string{`tbody[data-param="n"] .pp-val`: "forty", "#launch-block": "2048"} {
		b, _ := json.Marshal(sel)
		eval[bool](p, fmt.Sprintf(`(() => { const i = document.querySelector(%s); i.value = %q; i.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`, b, val))
		p.settle()
	}
	msg := eval[string](p, `(document.querySelector('tbody[data-param="n"] .pp-err') || {}).textContent || ""`)
	if !strings.Contains(msg, "forty") {
		t.Errorf("the n row says %q", msg)
	}
	if got := eval[string](p, `(document.querySelector(".pp-form > .pp-err") || {}).textContent || ""`); !strings.Contains(got, "1024") {
		t.Errorf("the block field's message: %q", got)
	}
	p.click("run")
	if st := p.state(); st.Step != 0 || st.Running {
		t.Errorf("a launch with field errors ran: %+v", st)
	}
	p.shot("page-launch-errors.png")
	p.noErrors()
}

// TestMarkOnItsLineInALongFile: the current line's mark (a column of
// bands under the text, one a line, web/js/editor.js) lies over the line
// it marks anywhere in a file of 2251 lines, far below the first screen,
// as a fault's mark too, and still after lines are added above it; one
// band is marked at a time.
func TestMarkOnItsLineInALongFile(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "core", "ptx", "testdata", "corpus", "Malfurionzz__cuda_code__softmax.ptx"))
	if err != nil {
		t.Fatal(err)
	}
	p := openPage(t, "/", 1280, 720, false)
	eval[bool](p, fmt.Sprintf(`(ptxEditor.current.setDoc(%q), true)`, string(src)))
	time.Sleep(1500 * time.Millisecond) // the editor debounces its change
	p.settle()
	lines := strings.Split(string(src), "\n")
	mark := func(line int, fault bool, class string, want string) {
		t.Helper()
		eval[bool](p, fmt.Sprintf(`(ptxEditor.current.setCurrent(%d, %v, true), true)`, line, fault))
		p.settle()
		if got := p.markedLine(class); got != want {
			t.Errorf("line %d (%s): the mark lies over %q, want %q", line, class, got, want)
		}
		if n := eval[int](p, `document.querySelectorAll("#editor .cm-linemark").length`); n != 1 {
			t.Errorf("line %d: %d lines marked, want 1", line, n)
		}
	}
	rows := []struct {
		desc  string
		line  int
		fault bool
	}{
		{"near the top", 3, false},
		{"the middle", 1050, false},
		{"near the end", 2200, false},
		{"a fault's line", 700, true},
		{"back to a current line after the fault", 1500, false},
	}
	for _, r := range rows {
		class := "cm-current"
		if r.fault {
			class = "cm-faultline"
		}
		t.Run(r.desc, func(t *testing.T) { mark(r.line, r.fault, class, lines[r.line-1]) })
	}
	// Five lines added at the top: line 1050 now holds what was line 1045.
	eval[bool](p, `(() => { const v = ptxEditor.current.view; v.dispatch({changes: {from: 0, insert: "\n\n\n\n\n"}}); return true; })()`)
	p.settle()
	mark(1050, false, "cm-current", lines[1045-1])
}
