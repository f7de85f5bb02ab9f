//go:build !js

package browsertest

// layout_test.go: the page's controls at the common screen sizes, from the
// bounding boxes the browser computes (no screenshot diff).

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/ptxplay/ptxplay/core/launch"
)

// layoutSizes are the common screens: the smallest laptop or projector,
// the classroom projector, the most common laptop, a desktop.
var layoutSizes = [][2]int{{1024, 768}, {1280, 720}, {1366, 768}, {1920, 1080}}

// controlsJS lists the problems of the page's visible controls: a control
// overlapping another, or one cut off by a box that clips it (a panel,
// a scroller, the viewport).
//
// A control's visible part is its box clipped by every ancestor whose
// overflow is not visible. A control with no visible part (scrolled out of
// its scroller vertically, in a closed <details>) is not checked. Two visible parts
// may not intersect by more than 1 px in both directions, unless one
// control holds the other. A control is cut off when its visible part is
// narrower than its box (horizontally, clipping is never by design here),
// or shorter than its box because of an ancestor that does not scroll
// (overflow hidden or clip): scrolling a panel up or down is fine.
const controlsJS = `(() => {
	const sel = "button, input, select, textarea, summary, [role=tab]";
	const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
		(e.className && typeof e.className === "string" ? "." + e.className.trim().split(/\s+/).join(".") : "") +
		(e.textContent && e.tagName !== "SELECT" && e.tagName !== "TEXTAREA" ? "[" + e.textContent.trim().slice(0, 20) + "]" : "");
	const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
	const out = [];
	const items = [];
	for (const e of document.querySelectorAll(sel)) {
		if (e.closest(".cm-editor")) continue; // CodeMirror's own widgets
		const cs = getComputedStyle(e);
		if (cs.visibility === "hidden" || cs.display === "none" || e.type === "hidden") continue;
		const r = e.getBoundingClientRect();
		if (r.width < 1 || r.height < 1) continue;
		// The document scrolls vertically where it is taller than the
		// viewport, never sideways (checked below).
		let vis = {l: Math.max(r.left, 0), t: r.top, r: Math.min(r.right, vw), b: r.bottom};
		let hardT = -Infinity, hardB = Infinity;
		for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
			const s = getComputedStyle(a);
			const ox = s.overflowX, oy = s.overflowY;
			const ar = a.getBoundingClientRect();
			// The clipping box is the padding box (inside the borders).
			const bl = parseFloat(s.borderLeftWidth), br = parseFloat(s.borderRightWidth);
			const bt = parseFloat(s.borderTopWidth), bb = parseFloat(s.borderBottomWidth);
			if (ox !== "visible") { vis.l = Math.max(vis.l, ar.left + bl); vis.r = Math.min(vis.r, ar.left + bl + a.clientWidth); }
			if (oy !== "visible") {
				const top = ar.top + bt, bot = ar.top + bt + a.clientHeight;
				vis.t = Math.max(vis.t, top); vis.b = Math.min(vis.b, bot);
				if (oy === "hidden" || oy === "clip") { hardT = Math.max(hardT, top); hardB = Math.min(hardB, bot); }
			}
		}
		if (vis.b - vis.t < 1) continue; // scrolled out of view
		const n = name(e);
		if (vis.l > r.left + 1 || vis.r < r.right - 1) {
			out.push("cut off: " + n + " is " + Math.round(r.left) + ".." + Math.round(r.right) + " wide, shown " + Math.round(vis.l) + ".." + Math.round(vis.r));
		}
		if (r.top < hardT - 1 || r.bottom > hardB + 1) {
			out.push("cut off: " + n + " is " + Math.round(r.top) + ".." + Math.round(r.bottom) + " high, clipped to " + Math.round(hardT) + ".." + Math.round(hardB));
		}
		if (vis.r - vis.l >= 1) items.push({e, n, vis});
	}
	for (let i = 0; i < items.length; i++) {
		for (let j = i + 1; j < items.length; j++) {
			const a = items[i], b = items[j];
			if (a.e.contains(b.e) || b.e.contains(a.e)) continue;
			const w = Math.min(a.vis.r, b.vis.r) - Math.max(a.vis.l, b.vis.l);
			const h = Math.min(a.vis.b, b.vis.b) - Math.max(a.vis.t, b.vis.t);
			if (w > 1 && h > 1) {
				out.push("overlap: " + a.n + " and " + b.n + " share " + Math.round(w) + "x" + Math.round(h) + " px at (" + Math.round(Math.max(a.vis.l, b.vis.l)) + ", " + Math.round(Math.max(a.vis.t, b.vis.t)) + ")");
			}
		}
	}
	if (document.documentElement.scrollWidth > vw + 1) out.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " px wide");
	return out;
})()`

// TestLayoutNoOverlap: at each common size, in the light and dark themes,
// with and without the large font, with the launch panel's JSON view open
// and closed, and stepped once so that every view and its controls are on
// screen, no visible control overlaps another and none is cut off; then
// the same at each size with a cluster example loaded (the toolbar's
// Cluster menu showing), whose toolbar wraps by whole groups (toolbarJS).
func TestLayoutNoOverlap(t *testing.T) {
	p := openPage(t, "/", 1280, 720, false)
	p.click("step")
	p.waitJS(`document.getElementById("reg-view") !== null && document.getElementById("mem-view") !== null`)
	theme := func(want string) {
		for range 3 {
			if eval[string](p, `document.documentElement.dataset.theme || ""`) == want {
				return
			}
			p.click("theme")
		}
		t.Fatalf("theme %q not reached", want)
	}
	large := func(want bool) {
		if eval[bool](p, `document.documentElement.hasAttribute("data-large") && document.documentElement.dataset.large !== ""`) != want {
			p.click("large")
		}
	}
	jsonView := func(open bool) {
		if eval[bool](p, `document.getElementById("launch-json") !== null`) != open {
			p.click("launch-json-toggle")
		}
	}
	checked := 0
	for _, th := range []string{"light", "dark"} {
		theme(th)
		for _, lg := range []bool{false, true} {
			large(lg)
			for _, js := range []bool{false, true} {
				jsonView(js)
				for _, sz := range layoutSizes {
					p.do(chromedp.EmulateViewport(int64(sz[0]), int64(sz[1])))
					p.settle()
					what := fmt.Sprintf("%dx%d %s large=%v json=%v", sz[0], sz[1], th, lg, js)
					if n := eval[int](p, `document.querySelectorAll(".pp-bar button, .pp-side button, .pp-side select, .pp-side input").length`); n < 20 {
						t.Fatalf("%s: only %d controls on the page", what, n)
					}
					for _, prob := range eval[[]string](p, controlsJS) {
						t.Errorf("%s: %s", what, prob)
					}
					if th == "light" && !lg && js {
						p.shot(fmt.Sprintf("page-layout-%dx%d.png", sz[0], sz[1]))
					}
					checked++
				}
			}
		}
	}
	if checked != 32 {
		t.Errorf("checked %d layouts, want 32", checked)
	}

	// A cluster example adds the Cluster menu to the toolbar, which then
	// no longer fits one row at 1280 px or less: it must wrap by whole
	// groups, with nothing overlapping.
	theme("light")
	large(false)
	p.do(chromedp.EmulateViewport(1280, 720))
	p.selectOption("examples", "dsmem_exchange")
	p.click("step")
	p.waitJS(`document.getElementById("cluster").offsetWidth > 0 && !document.getElementById("cluster").disabled`)
	checked = 0
	for _, js := range []bool{false, true} {
		jsonView(js)
		for _, sz := range layoutSizes {
			p.do(chromedp.EmulateViewport(int64(sz[0]), int64(sz[1])))
			p.settle()
			what := fmt.Sprintf("%dx%d dsmem_exchange json=%v", sz[0], sz[1], js)
			for _, prob := range append(eval[[]string](p, controlsJS), eval[[]string](p, toolbarJS)...) {
				t.Errorf("%s: %s", what, prob)
			}
			if sz == [2]int{1280, 720} && !js {
				p.shot("page-layout-cluster-1280x720.png")
			}
			checked++
		}
	}
	if checked != 8 {
		t.Errorf("checked %d layouts with clusters, want 8", checked)
	}
	p.noErrors()
}

// toolbarJS lists how the toolbar's rows split what belongs together: the
// step and its go-to field, the CTA, Cluster and Warp menus, and the tools
// (Share, Short link, the sanitizers, theme and font) must each stay on
// one row, and the tools end at the toolbar's right edge on whichever row
// they are, as on a single row.
const toolbarJS = `(() => {
	const out = [];
	const box = (id) => document.getElementById(id).getBoundingClientRect();
	const oneRow = (what, ids) => {
		const bs = ids.map(box).filter((r) => r.width > 0);
		const top = Math.max(...bs.map((r) => r.top)), bottom = Math.min(...bs.map((r) => r.bottom));
		if (bottom - top < 1) out.push(what + " are split over rows: " + ids.map((id) => id + " at y " + Math.round(box(id).top)).join(", "));
	};
	oneRow("the step and go-to field", ["step-count", "goto-step"]);
	oneRow("the CTA, Cluster and Warp menus", ["cta", "cluster", "warp"]);
	oneRow("the tools", ["share", "short-link", "sanitize", "theme", "large"]);
	const bar = document.querySelector(".pp-bar"), cs = getComputedStyle(bar);
	const edge = bar.getBoundingClientRect().right - parseFloat(cs.paddingRight) - parseFloat(cs.borderRightWidth);
	const r = box("large");
	if (Math.abs(edge - r.right) > 2) out.push("the tools end at x " + Math.round(r.right) + ", not at the toolbar's right edge " + Math.round(edge));
	return out;
})()`

// TestLayoutCheckFindsOverlap holds the layout check to its word: two
// controls placed over each other and one pushed out of its panel are
// reported.
func TestLayoutCheckFindsOverlap(t *testing.T) {
	p := openPage(t, "/", 1280, 720, false)
	// A style sheet, not the elements' own style: a render of the page
	// between this and the check would write those back.
	eval[bool](p, `(() => {
		const r = document.getElementById("step").getBoundingClientRect();
		const s = document.createElement("style");
		s.textContent = "#reset { position: fixed !important; left: " + (r.left + 4) + "px !important; top: " + (r.top + 2) + "px !important; }" +
			" #launch-grid { margin-left: 3000px !important; }";
		document.head.appendChild(s);
		return true;
	})()`)
	probs := strings.Join(eval[[]string](p, controlsJS), "\n")
	if !strings.Contains(probs, "overlap: button#step") || !strings.Contains(probs, "button#reset") {
		t.Errorf("the Step and Reset buttons placed over each other are not reported:\n%s", probs)
	}
	if !strings.Contains(probs, "cut off: input#launch-grid") {
		t.Errorf("the grid input pushed out of its panel is not reported:\n%s", probs)
	}
}

// gridFitJS measures the register grid: the lanes whose header and cells
// lie inside both the viewport and the grid's scroller (not scrolled out
// sideways), and the rows in which at least 24 lanes show 8 hex digits.
const gridFitJS = `(() => {
	const t = document.getElementById("regs"), sc = t.closest(".dv-scroll");
	const s = sc.getBoundingClientRect(), vw = document.documentElement.clientWidth;
	const inside = (r) => r.left >= s.left - 1 && r.right <= Math.min(s.right, vw) + 1 && r.width > 0;
	const heads = Array.from(t.tHead.rows[0].cells).slice(1);
	let lanes = 0;
	heads.forEach((h, i) => {
		let ok = inside(h.getBoundingClientRect());
		for (const row of t.tBodies[0].rows) {
			const c = row.cells[i + 1];
			if (c && !inside(c.getBoundingClientRect())) ok = false;
		}
		if (ok) lanes++;
	});
	let hexRows = 0;
	for (const row of t.tBodies[0].rows) {
		const n = Array.from(row.cells).slice(1).filter((c) => /^[0-9a-f]{8}$/.test(c.textContent)).length;
		if (n >= 24) hexRows++;
	}
	return {lanes, heads: heads.length, hexRows, compact: t.tHead.classList.contains("rg-compact"),
		pressed: getComputedStyle(document.getElementById("compact")).fontWeight,
		scrolls: sc.scrollWidth > sc.clientWidth + 1, font: parseFloat(getComputedStyle(t).fontSize)};
})()`

type gridFit struct {
	Lanes, Heads, HexRows int
	Compact               bool
	Pressed               string
	Scrolls               bool
	Font                  float64
}

// TestCompactGridFitsAWarp: at 1280x720 beside the editor, with 8 hex
// digits in the cells (the ALU kernel's hashes in the hex view), the grid
// turns compact by itself and all 32 lanes are on screen; the compact
// button turns it off (the lanes no longer fit) and on again; the large
// font keeps its size and scrolls instead.
func TestCompactGridFitsAWarp(t *testing.T) {
	p := openPage(t, "/", 1280, 720, false)
	var k launch.BenchKernel
	for _, bk := range launch.BenchKernels() {
		if bk.Name == "alu" {
			k = bk
		}
	}
	p.paste(string(k.Source))
	p.setLaunchJSON(string(k.Launch))
	p.click("launch-json-toggle") // closed again: the grid is higher up
	p.do(chromedp.SetValue(chromedp.CSS("#goto-step"), "3000"))
	eval[bool](p, `(document.querySelector(".pp-goto").requestSubmit(), true)`)
	p.waitJS(`JSON.parse(ptxState()).step === 3000`)
	p.selectOption("warp", "0")
	p.selectOption("reg-view", "hex")
	p.waitJS(`document.querySelectorAll("#regs tbody tr").length > 5`)
	fit := eval[gridFit](p, gridFitJS)
	if fit.HexRows == 0 {
		t.Fatalf("no register row shows 8 hex digits in most lanes: %+v", fit)
	}
	if fit.Heads != 32 || fit.Lanes != 32 || !fit.Compact || fit.Pressed != "600" {
		t.Errorf("at 1280x720: %d of %d lanes on screen, compact %v (button pressed %q); want all 32, compact chosen", fit.Lanes, fit.Heads, fit.Compact, fit.Pressed)
	}
	p.shot("page-compact-grid.png")

	p.click("compact")
	fit = eval[gridFit](p, gridFitJS)
	if fit.Compact || fit.Pressed == "600" || fit.Lanes >= 32 || !fit.Scrolls {
		t.Errorf("compact turned off: %+v; want the normal grid, scrolling, fewer than 32 lanes on screen", fit)
	}
	p.click("compact")
	if fit = eval[gridFit](p, gridFitJS); !fit.Compact || fit.Lanes != 32 {
		t.Errorf("compact turned on again: %+v", fit)
	}
	p.click("compact") // off, then back to the automatic choice by a reload
	p.do(chromedp.Reload())
	p.waitJS(`typeof ptxReady === "function" && ptxReady()`)

	// The large font: the automatic choice keeps the readable size.
	p2 := openPage(t, "/", 1280, 720, false)
	p2.paste(string(k.Source))
	p2.setLaunchJSON(string(k.Launch))
	p2.click("launch-json-toggle")
	p2.do(chromedp.SetValue(chromedp.CSS("#goto-step"), "3000"))
	eval[bool](p2, `(document.querySelector(".pp-goto").requestSubmit(), true)`)
	p2.waitJS(`JSON.parse(ptxState()).step === 3000`)
	p2.selectOption("warp", "0")
	p2.selectOption("reg-view", "hex")
	p2.click("large")
	p2.settle()
	fit = eval[gridFit](p2, gridFitJS)
	if fit.Compact || !fit.Scrolls || fit.Font < 15 {
		t.Errorf("large font: %+v; want the normal grid at its large size (>= 15 px), scrolling", fit)
	}
	p2.click("large")
	p2.settle()
	if fit = eval[gridFit](p2, gridFitJS); !fit.Compact || fit.Lanes != 32 {
		t.Errorf("back from the large font: %+v; want compact, 32 lanes", fit)
	}
	p.noErrors()
	p2.noErrors()
}
