package web

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/examples"
	"github.com/vugu/html"
	"github.com/vugu/html/atom"
	"github.com/vugu/vugu/staticrender"
)

// parseOptions parses a select's markup as the browser's innerHTML does
// and lists its options as "group/value=label" (a * after a selected one).
func parseOptions(t *testing.T, markup string) []string {
	t.Helper()
	sel := &html.Node{Type: html.ElementNode, Data: "select", DataAtom: atom.Select}
	nodes, err := html.ParseFragment(strings.NewReader(markup), sel)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(n *html.Node, group string)
	walk = func(n *html.Node, group string) {
		switch {
		case n.Type == html.ElementNode && n.Data == "optgroup":
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c, attr(n, "label"))
			}
		case n.Type == html.ElementNode && n.Data == "option":
			s := group + "/" + attr(n, "value") + "=" + textOf(n)
			for _, a := range n.Attr {
				if a.Key == "selected" {
					s += "*"
				}
			}
			out = append(out, s)
		case n.Type == html.ElementNode:
			t.Errorf("a %s in the menu", n.Data)
		}
	}
	for _, n := range nodes {
		walk(n, "")
	}
	return out
}

// TestExamplesMenu: the examples menu holds "Examples…" and every example
// under its group, the open one selected, whatever the titles hold.
func TestExamplesMenu(t *testing.T) {
	for _, open := range []string{"", "vadd", "dsmem_exchange"} {
		app := NewApp()
		if open != "" {
			if err := app.LoadExample(open); err != nil {
				t.Fatal(err)
			}
		} else {
			app.Example = ""
		}
		c := &Root{A: app}
		want := []string{"/=Examples…"}
		for _, ex := range examples.All() {
			s := ex.Group + "/" + ex.Name + "=" + ex.Title
			if ex.Name == open {
				s += "*"
			}
			want = append(want, s)
		}
		got := parseOptions(t, string(c.examplesMenu()))
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("open %q: menu\n%s\nwant\n%s", open, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestWarpMenu: the warp menu follows the issuing warp ("follow (N)") or
// selects one of the CTA's warps, and is made again when either changes.
func TestWarpMenu(t *testing.T) {
	app := NewApp()
	app.Example = ""
	app.S, app.Snap = nil, nil
	c := &Root{A: app}
	if got := parseOptions(t, string(c.warpMenu())); len(got) != 1 || got[0] != "/-1=follow*" {
		t.Errorf("before a launch: %v, want only follow, selected", got)
	}
	if err := app.LoadExample("shfl_reduce"); err != nil {
		t.Fatal(err)
	}
	app.Step()
	n := len(app.Snap.Warps)
	if n < 2 {
		t.Fatalf("the first example has %d warps; the test wants 2 or more", n)
	}
	want := func(sel int) []string {
		// "follow (N)" names the warp followed; with a warp chosen, "follow".
		w := []string{"/-1=follow"}
		if sel < 0 {
			w[0] = fmt.Sprintf("/-1=follow (%d)*", app.ShownWarp())
		}
		for i := range n {
			s := fmt.Sprintf("/%d=%d", i, i)
			if i == sel {
				s += "*"
			}
			w = append(w, s)
		}
		return w
	}
	for _, sel := range []int{-1, 1, 0, -1} {
		app.Warp = sel
		app.refresh()
		if got := parseOptions(t, string(c.warpMenu())); strings.Join(got, " ") != strings.Join(want(sel), " ") {
			t.Errorf("warp %d: %v, want %v", sel, got, want(sel))
		}
	}
}

// TestMenuEscapes: markup characters in a label or value come back as
// themselves.
func TestMenuEscapes(t *testing.T) {
	var m menuHTML
	m.group(`a "b" <c> & d`)
	m.option(`v"&<>`+"\u00a0", `x < y & z > "w"`+"\u00a0", true)
	m.endGroup()
	got := parseOptions(t, string(m.b))
	want := `a "b" <c> & d/v"&<>` + "\u00a0" + `=x < y & z > "w"` + "\u00a0*"
	if len(got) != 1 || got[0] != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestTypeMenu: a buffer's type menu lists ElemTypes with the argument's
// type selected (none for a type not in the list).
func TestTypeMenu(t *testing.T) {
	for _, typ := range []string{"f32", "u8", "f64", "x9", ""} {
		for range 2 { // made, then from the cache
			var want []string
			for _, e := range ElemTypes {
				s := "/" + e + "=" + e
				if e == typ {
					s += "*"
				}
				want = append(want, s)
			}
			if got := parseOptions(t, string(typeMenu(typ))); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("type %q: %v, want %v", typ, got, want)
			}
		}
	}
}

// TestMenusInThePage: the page's build carries each menu as markup (a
// vg-content of type string would be escaped into text), so the examples
// and warp <select>s hold options.
func TestMenusInThePage(t *testing.T) {
	root, env := stepPage(t)
	var buf bytes.Buffer
	if err := staticrender.New(&buf).Render(env.RunBuild(root)); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]int{"examples": len(examples.All()) + 1, "warp": 33} {
		sels := findAll(doc, func(n *html.Node) bool { return n.Data == "select" && attr(n, "id") == id })
		if len(sels) != 1 {
			t.Fatalf("%d select#%s in the page", len(sels), id)
		}
		opts := findAll(sels[0], func(n *html.Node) bool { return n.Data == "option" })
		if len(opts) != want {
			t.Errorf("select#%s holds %d options, want %d", id, len(opts), want)
		}
	}
}
