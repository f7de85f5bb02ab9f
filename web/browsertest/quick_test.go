//go:build !js

package browsertest

// quick_test.go: the page drawn by the quick render (web/quickrender.go,
// web/js/quick.js, which patch only what a build changed when the page
// keeps its shape) is the page Vugu's own renderer draws from the same
// state, after steps, steps back, a warp switch and the actions of the
// memory, sanitizer, fragment, mbarrier, TMA and tensor-memory views.

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// pageDOM is everything the page shows that a render sets: the markup of
// Vugu's tree (which includes the data views' tables Go patches) and the
// form fields' values, which are properties, not markup.
const pageDOM = `(() => {
	const root = window.vuguState.mountPointEl;
	const fields = Array.from(root.querySelectorAll("input, select, textarea"), (e) =>
		[e.id || e.className, e.value, e.checked, e.selectedIndex === undefined ? -1 : e.selectedIndex]);
	return root.outerHTML + "\n" + JSON.stringify(fields);
})()`

type renders struct {
	Full  int `json:"full"`
	Quick int `json:"quick"`
}

func (p *page) renders() renders {
	p.t.Helper()
	var st struct {
		Renders renders `json:"renders"`
	}
	if err := json.Unmarshal([]byte(eval[string](p, "ptxState()")), &st); err != nil {
		p.t.Fatal(err)
	}
	return st.Renders
}

// sameAsFullRender checks that the page is what Vugu's renderer draws
// from the same state: it takes the page, turns the quick render off
// (which renders the page again with Vugu's renderer), takes it again,
// and turns it back on.
func (p *page) sameAsFullRender(what string) {
	p.t.Helper()
	p.settle()
	quick := eval[string](p, pageDOM)
	before := p.renders()
	eval[bool](p, `(ptxQuickRender(false), true)`)
	p.settle()
	if r := p.renders(); r.Full != before.Full+1 {
		p.t.Fatalf("%s: turning the quick render off rendered %+v, want one full render more than %+v", what, r, before)
	}
	full := eval[string](p, pageDOM)
	eval[bool](p, `(ptxQuickRender(true), true)`)
	p.settle()
	if quick != full {
		i := 0
		for i < len(quick) && i < len(full) && quick[i] == full[i] {
			i++
		}
		lo := max(0, i-300)
		p.t.Errorf("%s: the quick render's page differs from Vugu's at byte %d:\nquick: …%s…\nfull:  …%s…", what, i,
			quick[lo:min(len(quick), i+200)], full[lo:min(len(full), i+200)])
	}
}

func TestQuickRenderDrawsWhatVuguDraws(t *testing.T) {
	cases := []struct {
		name, path string
		steps      int
		actions    func(p *page)
	}{
		{"the default kernel: steps, step back, a warp, step warp", "/", 6, func(p *page) {
			p.click("step-back")
			p.sameAsFullRender("step back")
			p.selectOption("warp", "1")
			p.click("step-warp")
			p.sameAsFullRender("step warp on warp 1")
		}},
		{"a race: the sanitizer's findings and go to step", "/?ex=race_reduce", 40, func(p *page) {
			p.waitJS(`document.querySelector("#diagnostics li.pp-race .pp-goto-step") !== null`)
			eval[bool](p, `(document.querySelector("#diagnostics li.pp-race .pp-goto-step").click(), true)`)
			p.sameAsFullRender("go to the race's step")
			p.click("step")
			p.sameAsFullRender("a step after it")
		}},
		{"shared memory and fragments: mma_ldmatrix", "/?ex=mma_ldmatrix", 30, func(p *page) {
			p.click("mem-tab-shared")
			p.click("step")
			p.sameAsFullRender("shared tab, a step")
		}},
		{"mbarrier and TMA: tma_tile", "/?ex=tma_tile", 25, nil},
		{"tensor memory: tcgen05_gemm", "/?ex=tcgen05_gemm", 25, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := openPage(t, c.path, 1280, 800, false)
			start := p.renders()
			for i := range c.steps {
				p.click("step")
				if i%7 == 3 || i == c.steps-1 {
					p.sameAsFullRender(fmt.Sprintf("step %d", i+1))
				}
			}
			if r := p.renders(); r.Quick <= start.Quick {
				t.Errorf("%d steps drew no quick render: %+v, then %+v", c.steps, start, r)
			}
			if c.actions != nil {
				c.actions(p)
			}
			p.noErrors()
		})
	}
}

// TestClosedPanelsStayClosed: the launch panel, once closed, is not built
// (its form leaves the page) and stays closed through steps and a run
// (a full render); opened again, its form is back with the launch.
func TestClosedPanelsStayClosed(t *testing.T) {
	p := openPage(t, "/", 1280, 800, false)
	grid := p.value("launch-grid")
	if grid == "" {
		t.Fatal("no grid in the launch form")
	}
	p.do(chromedp.Click(chromedp.CSS("#launch > summary")))
	p.settle()
	closed := `!document.getElementById("launch").open && document.getElementById("launch-grid") === null`
	if !eval[bool](p, closed) {
		t.Fatal("the launch panel, its summary clicked, is open or still has its form")
	}
	p.click("step")
	p.click("step")
	if !eval[bool](p, closed) {
		t.Error("two steps opened the launch panel or built its form")
	}
	p.runToEnd()
	if !eval[bool](p, closed) {
		t.Error("a run opened the launch panel or built its form")
	}
	p.do(chromedp.Click(chromedp.CSS("#launch > summary")))
	p.settle()
	if !eval[bool](p, `document.getElementById("launch").open`) || p.value("launch-grid") != grid {
		t.Errorf("opened again: open %v, grid %q, want %q", eval[bool](p, `document.getElementById("launch").open`), p.value("launch-grid"), grid)
	}
	p.noErrors()
}

// TestQuickContentIsInnerHTML: quick.js writes a vg-content by its own
// path (the element's one text node takes a value without markup), and
// the element must end as the innerHTML assignment vugu.js makes leaves
// it: the same markup and the same child nodes, for values with markup,
// character references, carriage returns, whitespace, an empty value,
// and elements whose content the HTML parser reads otherwise.
func TestQuickContentIsInnerHTML(t *testing.T) {
	p := openPage(t, "/", 1280, 800, false)
	rows := []struct {
		desc, tag, before, value string
	}{
		{"plain text into a span's text", "span", "step 70 / ?", "step 71 / ?"},
		{"the same text again", "span", "line 21", "line 21"},
		{"text into a td", "td", "line 19", "line 21"},
		{"a character reference is parsed", "span", "a", "a &amp; b"},
		{"a bare ampersand", "span", "a", "a & b"},
		{"markup replaces the text", "span", "a", "<b>bold</b>"},
		{"text replaces markup", "span", "<i>x</i>", "plain"},
		{"text into an empty element", "span", "", "plain"},
		{"empty value removes the text", "span", "some", ""},
		{"a carriage return is normalized by the parser", "span", "a", "one\r\ntwo"},
		{"a newline kept", "span", "a", "one\ntwo"},
		{"leading and trailing spaces", "span", "a", "  spaced  "},
		{"non-ASCII text", "span", "a", "0xffffffff · 32 of 32 lanes → ok"},
		{"a pre's leading newline", "pre", "a", "\nfirst"},
		{"a textarea's text", "textarea", "a", "b < c"},
		{"a select reads text otherwise", "select", "", "text"},
		{"a table reads text otherwise", "table", "", "text"},
		{"a tr reads text otherwise", "tr", "", "x"},
	}
	for _, r := range rows {
		args, _ := json.Marshal([]string{r.tag, r.before, r.value})
		got := eval[string](p, fmt.Sprintf(`(() => {
			const [tag, before, value] = %s;
			const mk = () => { const e = document.createElement(tag); e.innerHTML = before; return e; };
			const want = mk(), got = mk();
			want.innerHTML = value;
			ptxQuickContent(got, value);
			const kids = (e) => Array.from(e.childNodes, (n) => n.nodeType + ":" + (n.nodeType === 1 ? n.outerHTML : n.nodeValue)).join("|");
			if (want.outerHTML !== got.outerHTML || kids(want) !== kids(got)) {
				return "got " + JSON.stringify([got.outerHTML, kids(got)]) + ", want " + JSON.stringify([want.outerHTML, kids(want)]);
			}
			return "";
		})()`, args))
		if got != "" {
			t.Errorf("%s (%s %q -> %q): %s", r.desc, r.tag, r.before, r.value, got)
		}
	}
	p.noErrors()
}
