//go:build !js

package dvbench

// views_test.go: the data views in a real browser. Values come from the
// kernels' arithmetic (see app/grid.ptx and app/mem.ptx), as in the
// native tests of package web; here they are read back from the DOM.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/examples"
)

// cell is one grid or buffer cell as the page shows it.
type cell struct {
	Text  string `json:"text"`
	Class string `json:"class"`
}

func regCell(p *page, reg string, lane int) cell {
	p.t.Helper()
	return eval[cell](p, fmt.Sprintf(`(() => { const c = document.querySelector('td[data-reg="%s"][data-lane="%d"]'); return c ? {text: c.textContent, class: c.className} : {text: "<none>", class: ""}; })()`, reg, lane))
}

func bufCell(p *page, buf string, index int) cell {
	p.t.Helper()
	return eval[cell](p, fmt.Sprintf(`(() => { const c = document.querySelector('td[data-buf="%s"][data-index="%d"]'); return c ? {text: c.textContent, class: c.className} : {text: "<none>", class: ""}; })()`, buf, index))
}

func hasClass(c cell, cls string) bool {
	for _, f := range strings.Fields(c.Class) {
		if f == cls {
			return true
		}
	}
	return false
}

// gridDump is every grid cell's text and class, in order.
func gridDump(p *page) string {
	return eval[string](p, `Array.from(document.querySelectorAll('#regs td')).map((c) => c.dataset.reg + "/" + c.dataset.lane + "=" + c.textContent + "." + c.className).join(" ")`)
}

func (p *page) click(id string) {
	p.t.Helper()
	eval[bool](p, fmt.Sprintf(`(document.getElementById(%q).click(), true)`, id))
	p.settle()
}

func stepCount(p *page) string {
	return eval[string](p, `document.getElementById("step-count").textContent`)
}

func TestGridInBrowser(t *testing.T) {
	p := openPage(t, "grid", false)
	if n := eval[int](p, `document.querySelectorAll("#regs td").length`); n != 0 {
		t.Errorf("%d grid cells before the CTA started", n)
	}
	if note := eval[string](p, `document.querySelector(".regrid .dv-note").textContent`); note != "warp 0 has not started" {
		t.Errorf("note before the first step: %q", note)
	}
	p.click("step") // mov.u32 %r1, %tid.x
	if s := stepCount(p); s != "step 1" {
		t.Fatalf("step count %q", s)
	}
	if got := regCell(p, "%r2", 5); got.Text != "?" || !hasClass(got, "u") {
		t.Errorf("%%r2 lane 5 = %+v, want an uninitialized cell", got)
	}
	if got := regCell(p, "%r1", 5); got.Text != "5" || !hasClass(got, "c") {
		t.Errorf("%%r1 lane 5 = %+v, want 5 lit", got)
	}
	if n := eval[int](p, `document.querySelectorAll('#regs td.c').length`); n != 32 {
		t.Errorf("%d lit cells after a one-register step of a full warp, want 32", n)
	}
	p.click("step") // mov.s32 %s1, 5
	p.click("step") // sub.s32 %s1, %s1, %r1
	if got := regCell(p, "%s1", 7); got.Text != "-2" || !hasClass(got, "c") {
		t.Errorf("%%s1 lane 7 = %+v, want -2 lit", got)
	}
	if got := regCell(p, "%r1", 5); hasClass(got, "c") {
		t.Errorf("%%r1 lane 5 still lit two steps later: %+v", got)
	}
	p.click("step-back")
	if got := regCell(p, "%s1", 7); got.Text != "5" {
		t.Errorf("after a step back %%s1 lane 7 = %+v, want 5", got)
	}

	// Five steps forward and five back leave the grid exactly as it was.
	before := gridDump(p)
	for range 5 {
		p.click("step")
	}
	if gridDump(p) == before {
		t.Fatalf("five steps changed nothing")
	}
	for range 5 {
		p.click("step-back")
	}
	if after := gridDump(p); after != before {
		t.Errorf("five steps and five back changed the grid:\nbefore %s\nafter  %s", before, after)
	}

	// The hex view of -2, then back to natural.
	setSelect := func(id, v string) {
		eval[bool](p, fmt.Sprintf(`(() => { const s = document.getElementById(%q); s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, id, v))
		p.settle()
	}
	p.click("step") // sub again: %s1 lane 7 = -2
	setSelect("reg-view", "hex")
	if got := regCell(p, "%s1", 7); got.Text != "fffffffe" {
		t.Errorf("%%s1 lane 7 in hex = %+v", got)
	}
	setSelect("reg-view", "natural")

	// The hover card lists every view.
	eval[bool](p, `document.querySelector('td[data-reg="%s1"][data-lane="7"]').dispatchEvent(new MouseEvent("mouseover", {bubbles: true})), true`)
	card := eval[string](p, `(() => { const c = document.querySelector(".ptx-card"); return c && !c.hidden ? c.innerText : ""; })()`)
	for _, want := range []string{"%s1 .s32 · lane 7 · thread 7", "0xfffffffe", "4294967294", "-2"} {
		if !strings.Contains(card, want) {
			t.Errorf("hover card lacks %q:\n%s", want, card)
		}
	}
	p.shot("dataviews-grid.png")

	// Warp 1 has threads 32-39 only: lanes 8-31 have none.
	setSelect("warp", "1")
	if got := regCell(p, "%r1", 9); got.Text != "" || got.Class != "n" {
		t.Errorf("warp 1 lane 9 = %+v, want an empty no-thread cell", got)
	}
	p.noErrors()
}

func TestMemoryInBrowser(t *testing.T) {
	p := openPage(t, "mem", false)
	// out[tid] = 3*tid is the seventh instruction of warp 0.
	eval[bool](p, `(dvStep(7, 0), true)`)
	p.settle()
	if s := stepCount(p); s != "step 7" {
		t.Fatalf("step count %q", s)
	}
	for _, tc := range []struct {
		i    int
		text string
		lit  bool
	}{{5, "15", true}, {31, "93", true}, {32, "0", false}} {
		if got := bufCell(p, "out", tc.i); got.Text != tc.text || hasClass(got, "c") != tc.lit {
			t.Errorf("out[%d] = %+v, want %s lit %v", tc.i, got, tc.text, tc.lit)
		}
	}
	// big has a million elements; the page holds one page of them.
	if n := eval[int](p, `document.querySelectorAll('td[data-buf="big"]').length`); n != 128 {
		t.Errorf("%d cells of big in the page, want one page of 128", n)
	}
	if got := bufCell(p, "big", 3); got.Text != "3" {
		t.Errorf("big[3] = %+v", got)
	}
	eval[bool](p, `(() => { const i = document.querySelector("#mem-big").closest(".mv-buf").querySelector(".mv-goto"); i.value = "500000"; i.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	p.settle()
	if got := bufCell(p, "big", 500000); got.Text != "500000" {
		t.Errorf("big[500000] = %+v", got)
	}
	// The access tab: 32 lanes storing 4 consecutive bytes each.
	p.click("mem-tab-access")
	fig := eval[string](p, `document.getElementById("mem-access-figures").textContent`)
	if want := "32 lanes, 128 bytes: 4 sectors of 32 B, 1 transaction of 128 B (4 sectors at best)"; fig != want {
		t.Errorf("access figures %q, want %q", fig, want)
	}
	p.shot("dataviews-access.png")
	// Shared memory after the strided store sh[2*tid] = tid, the fourth
	// instruction after the global store.
	eval[bool](p, `(dvStep(4, 0), true)`)
	p.settle()
	fig = eval[string](p, `document.getElementById("mem-access-figures").textContent`)
	if !strings.Contains(fig, "2-way bank conflict") {
		t.Errorf("shared store figures %q, want a 2-way bank conflict", fig)
	}
	p.click("mem-tab-shared")
	if got := bufCell(p, "shared", 62); got.Text != "31" || !hasClass(got, "c") {
		t.Errorf("shared[62] = %+v, want 31 lit", got)
	}
	p.click("mem-tab-buffers")
	if got := bufCell(p, "out", 5); got.Text != "15" || hasClass(got, "c") {
		t.Errorf("back on the buffers tab out[5] = %+v, want 15 unlit", got)
	}
	p.noErrors()
}

// TestDarkTheme renders the ALU kernel mid-run with the dark scheme.
func TestDarkTheme(t *testing.T) {
	p := openPage(t, "alu", true)
	eval[bool](p, `(dvStep(300, 0), true)`)
	p.settle()
	eval[bool](p, `(dvStep(1, dvNextWarp()), true)`) // so the selected warp has lit cells
	p.settle()
	if bg := eval[string](p, `getComputedStyle(document.querySelector("#regs td.c")).backgroundColor`); bg == "rgba(0, 0, 0, 0)" {
		t.Errorf("lit cells have no background in the dark scheme")
	}
	p.shot("dataviews-dark.png")
	p.noErrors()
}

// lineOf is the 1-based line of the first line of src containing s, or of
// the first instruction after it when s is a label.
func lineOf(t *testing.T, src, s string) int {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if !strings.Contains(l, s) {
			continue
		}
		if strings.HasSuffix(strings.TrimSpace(l), ":") {
			for j := i + 1; j < len(lines); j++ {
				if f := strings.TrimSpace(lines[j]); f != "" && !strings.HasPrefix(f, "//") {
					return j + 1
				}
			}
		}
		return i + 1
	}
	t.Fatalf("no line with %q", s)
	return 0
}

// TestDivergenceInBrowser: the example's loop lets lane 0 (input 0) leave
// on the first trip: after the first `@%p1 bra DONE` the warp runs the
// loop body with lanes 1-31 while lane 0 waits at DONE, the reconvergence
// point.
func TestDivergenceInBrowser(t *testing.T) {
	ex, ok := examples.Get("divergent_loop")
	if !ok {
		t.Skip("no divergent_loop example")
	}
	body := lineOf(t, ex.Source, "add.s32          %r4")
	done := lineOf(t, ex.Source, "DONE:")
	p := openPage(t, "ex:divergent_loop", false)
	stepTo := func(want string) {
		t.Helper()
		for range 100 {
			p.click("step")
			if strings.Contains(eval[string](p, `document.querySelector("#warp-view .dv-title").textContent`), want) {
				return
			}
		}
		t.Fatalf("never reached %q", want)
	}
	stepTo(fmt.Sprintf("at line %d", body))
	lanes := eval[[]string](p, `Array.from(document.querySelectorAll("#active-mask [data-lane]")).map((e) => e.className)`)
	if len(lanes) != 32 || lanes[0] != "wv-lane i" || lanes[1] != "wv-lane a" || lanes[31] != "wv-lane a" {
		t.Errorf("lane marks %v, want lane 0 waiting and 1-31 active", lanes)
	}
	rows := eval[[]string](p, `Array.from(document.querySelectorAll("#simt-stack tbody tr")).map((r) => Array.from(r.cells).map((c) => c.textContent).join("|"))`)
	want := []string{
		fmt.Sprintf("1|line %d|line %d|0xfffffffe|31: 1-31", body, done),
		fmt.Sprintf("0|line %d||0xffffffff|32: 0-31", done),
	}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("SIMT stack\n%s\nwant\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
	if got := regCell(p, "%r2", 0); got.Text != "0" || !hasClass(got, "i") {
		t.Errorf("%%r2 lane 0 = %+v, want 0 dimmed", got)
	}
	// A few trips later more lanes wait; the screenshot shows them.
	for range 40 {
		p.click("step")
	}
	p.shot("dataviews-divergence.png")
	p.noErrors()
}

// TestGridWindowInBrowser: 200 registers put a window of 64 rows in the
// page; scrolling to the end brings the last rows in, and the spacer rows
// keep the scroller as long as the whole grid.
func TestGridWindowInBrowser(t *testing.T) {
	p := openPage(t, "many", false)
	p.click("step")
	if n := eval[int](p, `document.querySelectorAll("#regs tbody tr:not(.rg-spacer)").length`); n != 64 {
		t.Fatalf("%d register rows in the page, want a window of 64", n)
	}
	rowH := eval[float64](p, `document.querySelector("#regs tbody tr:not(.rg-spacer)").getBoundingClientRect().height`)
	tableH := eval[float64](p, `document.getElementById("regs").tBodies[0].getBoundingClientRect().height`)
	if tableH < 199*rowH || tableH > 201*rowH {
		t.Errorf("the grid's rows are %v px high, want about 200 rows of %v px", tableH, rowH)
	}
	if c := regCell(p, "%r0", 3); c.Text != "3" {
		t.Errorf("%%r0 lane 3 = %+v", c)
	}
	eval[bool](p, `(() => { const s = document.querySelector(".regrid-scroll"); s.scrollTop = s.scrollHeight; return true; })()`)
	p.waitJS(`document.querySelector('#regs td[data-reg="%r199"]') !== null`)
	if c := regCell(p, "%r199", 0); c.Text != "?" || !hasClass(c, "u") {
		t.Errorf("%%r199 lane 0 = %+v, want uninitialized", c)
	}
	if n := eval[int](p, `document.querySelectorAll('#regs td[data-reg="%r0"]').length`); n != 0 {
		t.Errorf("%%r0 is still in the page after scrolling to the end")
	}
	p.shot("dataviews-window.png")
	// Back to step 0 empties the grid and the scroller goes to the top;
	// the next step's table must hold the rows now in view, not the
	// window the grid had before.
	p.click("step-back")
	p.click("step")
	p.waitJS(`document.querySelector('#regs td[data-reg="%r0"]') !== null`)
	if top := eval[float64](p, `document.querySelector(".regrid-scroll").scrollTop`); top != 0 {
		t.Errorf("scroller at %v after the grid emptied", top)
	}
	p.noErrors()
}
