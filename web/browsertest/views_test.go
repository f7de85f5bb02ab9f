//go:build !js

package browsertest

// views_test.go: the data views on the playground page (register grid,
// warp view, memory views), driven by the page's own controls. Expected
// values come from the vadd example's arithmetic, not from the page.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/examples"
)

// viewCell is one grid or buffer cell as the page shows it.
type viewCell struct {
	Text  string `json:"text"`
	Class string `json:"class"`
}

func (c viewCell) has(cls string) bool {
	for _, f := range strings.Fields(c.Class) {
		if f == cls {
			return true
		}
	}
	return false
}

func cellAt(p *page, sel string) viewCell {
	p.t.Helper()
	return eval[viewCell](p, fmt.Sprintf(`(() => { const c = document.querySelector(%q); return c ? {text: c.textContent, class: c.className} : {text: "<none>", class: ""}; })()`, sel))
}

func regAt(p *page, reg string, lane int) viewCell {
	p.t.Helper()
	return cellAt(p, fmt.Sprintf(`#regs td[data-reg="%s"][data-lane="%d"]`, reg, lane))
}

func bufAt(p *page, buf string, i int) viewCell {
	p.t.Helper()
	return cellAt(p, fmt.Sprintf(`td[data-buf="%s"][data-index="%d"]`, buf, i))
}

// stepsTo is the number of steps of a one-warp CTA from the first
// instruction of src through the first line containing s: one a line, as
// the example writes one instruction a line.
func stepsTo(t *testing.T, src, first, s string) int {
	a, b := lineOf(src, first), lineOf(src, s)
	if a == 0 || b < a {
		t.Fatalf("no %q before %q in the example", first, s)
	}
	n := 0
	for _, l := range strings.Split(src, "\n")[a-1 : b] {
		if f := strings.TrimSpace(l); f != "" && !strings.HasPrefix(f, "//") && !strings.HasSuffix(f, ":") {
			n++
		}
	}
	return n
}

// TestViewsOnPage steps the vadd example (2 CTAs of 32 threads, 40
// elements) through its first warp: i = ctaid*ntid + tid, then
// out[i] = a[i] + b[i] with a = iota and b repeating 0.5, 0.25, -1, 100,
// 1e10, -0, 3.5, 7.
func TestViewsOnPage(t *testing.T) {
	ex, ok := examples.Get("vadd")
	if !ok {
		t.Skip("no vadd example")
	}
	p := openPage(t, "/?ex=vadd", 1280, 900, false)
	mad := stepsTo(t, ex.Source, "mov.u32", "mad.lo.s32")
	for range mad {
		p.click("step")
	}
	// The mad wrote %r4 = i in every lane of warp 0 of CTA 0: one row lit.
	// %r4 is a .b32, shown in hex by default.
	if c := regAt(p, "%r4", 5); c.Text != "5" || !c.has("c") {
		t.Errorf("%%r4 lane 5 after the mad = %+v, want 5 lit", c)
	}
	if n := eval[int](p, `document.querySelectorAll("#regs td.c").length`); n != 32 {
		t.Errorf("%d lit cells after a one-register step of a full warp, want 32", n)
	}
	if c := regAt(p, "%f3", 0); c.Text != "?" || !c.has("u") {
		t.Errorf("%%f3 lane 0 before the add = %+v, want uninitialized", c)
	}
	// The warp view: all 32 lanes active, one SIMT stack entry.
	if got := eval[string](p, `document.querySelector("#warp-view .wv-masktext").textContent`); got != "0xffffffff · 32 of 32 lanes" {
		t.Errorf("active mask %q", got)
	}

	// The store: out[0..31] written and lit, the rest not.
	st := stepsTo(t, ex.Source, "mov.u32", "st.global.f32")
	for range st - mad {
		p.click("step")
	}
	for _, tc := range []struct {
		i    int
		text string
		hex  string
		lit  bool
	}{
		{0, "0.5", "3f000000", true},   // 0 + 0.5
		{3, "103", "42ce0000", true},   // 3 + 100
		{4, "1e+10", "501502f9", true}, // 4 + 1e10 rounds to 1e10 in f32
		{5, "5", "40a00000", true},     // 5 + -0
		{31, "38", "42180000", true},   // 31 + 7
		{32, "0", "00000000", false},   // CTA 1 has not run
	} {
		c := bufAt(p, "out", tc.i)
		hex := eval[string](p, fmt.Sprintf(`document.querySelector('td[data-buf="out"][data-index="%d"]').nextElementSibling.textContent`, tc.i))
		if c.Text != tc.text || c.has("c") != tc.lit || hex != tc.hex {
			t.Errorf("out[%d] = %+v hex %s, want %s hex %s lit %v", tc.i, c, hex, tc.text, tc.hex, tc.lit)
		}
	}
	if c := regAt(p, "%f3", 3); c.Text != "103" {
		t.Errorf("%%f3 lane 3 = %+v, want 103", c)
	}
	// The access tab: 32 lanes storing 4 consecutive bytes from a
	// 256-aligned buffer: 4 sectors, 1 transaction.
	p.click("mem-tab-access")
	fig := eval[string](p, `document.getElementById("mem-access-figures").textContent`)
	if want := "32 lanes, 128 bytes: 4 sectors of 32 B, 1 transaction of 128 B (4 sectors at best)"; fig != want {
		t.Errorf("access figures %q, want %q", fig, want)
	}
	p.shot("page-views-access.png")
	p.click("mem-tab-buffers")

	// CTA 1 (threads 32-39): lanes 8-31 leave through the branch. After
	// its setp and branch, they wait and are dimmed.
	p.click("step") // ret of CTA 0's warp: the CTA ends
	br := stepsTo(t, ex.Source, "mov.u32", "@%p1 bra")
	for range br {
		p.click("step")
	}
	if c := regAt(p, "%r4", 7); c.Text != "27" || c.has("i") { // i = 39 = 0x27
		t.Errorf("CTA 1 %%r4 lane 7 = %+v, want 27 (hex of 39), active", c)
	}
	if c := regAt(p, "%r4", 9); c.Text != "29" || !c.has("i") { // i = 41 >= n
		t.Errorf("CTA 1 %%r4 lane 9 = %+v, want 29 (hex of 41) dimmed", c)
	}
	// The unsigned view shows i in decimal.
	p.selectOption("reg-view", "unsigned")
	if c := regAt(p, "%r4", 9); c.Text != "41" {
		t.Errorf("CTA 1 %%r4 lane 9 unsigned = %+v, want 41", c)
	}
	p.shot("page-views-divergence.png")
	p.noErrors()
}

// TestMbarrierPanel steps the TMA example: after thread 0 issues the
// tensor copy, the mbarrier panel shows the barrier waiting for 1024
// bytes and the copy in flight; the first try_wait lands it and completes
// phase 0; a step back puts the copy in flight again.
func TestMbarrierPanel(t *testing.T) {
	p := openPage(t, "/", 1280, 900, false)
	p.selectOption("examples", "tma_tile")
	p.waitJS(`document.querySelector("#editor .cm-content").innerText.includes("tma_tile")`)
	text := func(id string) string {
		return eval[string](p, fmt.Sprintf(`(document.getElementById(%q) || {innerText: ""}).innerText`, id))
	}
	for i := 0; i < 40 && !strings.Contains(text("bulk-copies"), "tensor 2d box"); i++ {
		p.click("step")
	}
	copies, bars := text("bulk-copies"), text("mbarriers")
	if !strings.Contains(copies, "tensor 2d box 64x8 at (0, 0), 128B swizzle, 1024 bytes to shared 0x0, completes tx on the mbarrier at 0x400") {
		t.Fatalf("bulk copies: %q", copies)
	}
	if !strings.Contains(bars, "0 (parity 0)") || !strings.Contains(bars, "0 of 1 pending") || !strings.Contains(bars, "1024") {
		t.Fatalf("mbarriers: %q", bars)
	}
	eval[bool](p, `(document.getElementById("bulk-copies").scrollIntoView({block: "end"}), true)`)
	p.shot("page-tma-mbarrier.png")
	for i := 0; i < 40 && !strings.Contains(text("mbarriers"), "1 (parity 1)"); i++ {
		p.click("step")
	}
	if bars := text("mbarriers"); !strings.Contains(bars, "1 (parity 1)") || strings.Contains(text("bulk-copies"), "tensor") {
		t.Fatalf("after the wait: mbarriers %q, copies %q", bars, text("bulk-copies"))
	}
	p.click("step-back")
	if bars := text("mbarriers"); !strings.Contains(bars, "0 (parity 0)") || !strings.Contains(text("bulk-copies"), "tensor 2d box") {
		t.Errorf("after a step back: mbarriers %q, copies %q", bars, text("bulk-copies"))
	}
	p.noErrors()
}

// TestTmaCopyDrawn steps the TMA example to after thread 0 issues its
// tensor copy and before the copy lands: the shared table marks the 1024
// destination bytes as in flight (cp-p) and names the copy's mbarrier; the
// tensor-copy panel draws the 64 x 8 box at (0, 0) of the 96 x 40 matrix,
// dashed, and the 64 chunks of the 128B swizzle, line r holding chunk k at
// position k XOR r (the ISA's table). After the try_wait the same bytes
// are marked landed (cp-l) and the drawing turns solid.
func TestTmaCopyDrawn(t *testing.T) {
	p := openPage(t, "/", 1280, 720, false)
	p.selectOption("examples", "tma_tile")
	p.waitJS(`document.querySelector("#editor .cm-content").innerText.includes("tma_tile")`)
	p.click("mem-tab-shared")
	boxState := func() string {
		return eval[string](p, `(() => { const b = document.getElementById("tma-box"); return b ? [b.dataset.x, b.dataset.y, b.dataset.w, b.dataset.h, b.getAttribute("class")].join(" ") : ""; })()`)
	}
	for i := 0; i < 40 && boxState() == ""; i++ {
		p.click("step")
	}
	chunkAt := func(pos int) string {
		return eval[string](p, fmt.Sprintf(`(() => { const g = document.querySelector('#tma-smem [data-pos="%d"]'); return g ? g.dataset.row + "." + g.dataset.chunk + " " + g.getAttribute("class") : ""; })()`, pos))
	}
	for _, st := range []struct{ state, cls string }{{"pending", "cp-p"}, {"landed", "cp-l"}} {
		if st.state == "landed" {
			for i := 0; i < 40 && !strings.HasSuffix(boxState(), "landed"); i++ {
				p.click("step")
			}
		}
		if got, want := boxState(), "0 0 64 8 tma-box "+st.state; got != want {
			t.Fatalf("box %q, want %q", got, want)
		}
		for _, c := range []struct{ pos, row, chunk int }{{0, 0, 0}, {128, 1, 1}, {144, 1, 0}, {7*128 + 16, 7, 6}, {3*128 + 5*16, 3, 6}} {
			if got, want := chunkAt(c.pos), fmt.Sprintf("%d.%d tma-chunk tma-k%d %s", c.row, c.chunk, c.chunk, st.state); got != want {
				t.Errorf("%s: shared %d draws %q, want %q", st.state, c.pos, got, want)
			}
		}
		if n := eval[int](p, `document.querySelectorAll("#tma-smem [data-pos]").length`); n != 64 {
			t.Errorf("%s: %d chunks drawn, want 64", st.state, n)
		}
		for _, i := range []int{0, 127} {
			if c := bufAt(p, "shared", i); !c.has(st.cls) {
				t.Errorf("%s: shared[%d] = %+v, want class %s", st.state, i, c, st.cls)
			}
		}
		if note := eval[string](p, `(document.querySelector(".mv-copy") || {innerText: ""}).innerText`); !strings.Contains(note, "[0x0, 0x400)") || !strings.Contains(note, "mbarrier at 0x400") {
			t.Errorf("%s: copy note %q", st.state, note)
		}
		// In flight: the shared table's marks and the panel's top; landed:
		// the whole drawing.
		if st.state == "pending" {
			eval[bool](p, `(document.getElementById("memory").scrollIntoView({block: "start"}), true)`)
		} else {
			eval[bool](p, `(document.getElementById("tma-view").scrollIntoView({block: "end"}), true)`)
		}
		p.settle()
		p.shot("page-tma-" + st.state + ".png")
	}
	p.noErrors()
}
