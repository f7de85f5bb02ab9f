package web

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/vugu/vugu"
	vjs "github.com/vugu/vugu/js"
)

// qtComp is a test component: Build returns a copy of tree (made by mk),
// with kids as its child components.
type qtComp struct {
	mk   func() *vugu.VGNode
	kids []vugu.Builder
	css  string
}

func (c *qtComp) Build(in *vugu.BuildIn) *vugu.BuildOut {
	out := &vugu.BuildOut{Out: []*vugu.VGNode{c.mk()}, Components: c.kids}
	if c.css != "" {
		st := el("style")
		st.AppendChild(text(c.css))
		out.CSS = []*vugu.VGNode{st}
	}
	return out
}

func el(tag string, attrs ...string) *vugu.VGNode {
	n := &vugu.VGNode{Type: vugu.ElementNode, Data: tag}
	for i := 0; i+1 < len(attrs); i += 2 {
		n.Attr = append(n.Attr, vugu.VGAttribute{Key: attrs[i], Val: attrs[i+1]})
	}
	return n
}

func text(s string) *vugu.VGNode { return &vugu.VGNode{Type: vugu.TextNode, Data: s} }

func kids(n *vugu.VGNode, cs ...*vugu.VGNode) *vugu.VGNode {
	for _, c := range cs {
		n.AppendChild(c)
	}
	return n
}

func content(n *vugu.VGNode, html string) *vugu.VGNode { n.InnerHTML = &html; return n }

func onClick(n *vugu.VGNode, f func(vugu.DOMEvent)) *vugu.VGNode {
	n.DOMEventHandlerSpecList = append(n.DOMEventHandlerSpecList, vugu.DOMEventHandlerSpec{EventType: "click", Func: f})
	return n
}

type popFunc func(vjs.Value)

func (f popFunc) JSValueHandle(v vjs.Value) { f(v) }

// page is the test tree: a root with a toolbar (a counter, a button with
// a handler), a template of two items, a vg-content element, a populate
// table, and an input with a JS property.
type qtState struct {
	count  string
	title  string
	html   string
	value  string
	items  int // 2: the template; 3: a third item (another shape)
	button bool
}

func qtTree(s qtState, child *qtComp) func() *vugu.VGNode {
	return func() *vugu.VGNode {
		tmpl := &vugu.VGNode{Type: vugu.ElementNode} // a vg-template
		for i := 0; i < s.items; i++ {
			kids(tmpl, kids(el("li"), text("item")))
		}
		in := el("input", "id", "in")
		in.Prop = []vugu.VGProperty{{Key: "value", JSONVal: []byte(`"` + s.value + `"`)}}
		table := el("table", "id", "t")
		table.JSPopulateHandler = popFunc(func(vjs.Value) {})
		root := kids(el("div", "class", "root"),
			kids(el("header"), kids(el("span", "id", "count", "title", s.title), text(s.count))),
			kids(el("ul"), tmpl),
			content(el("div", "id", "html"), s.html),
			table,
			in,
		)
		if s.button {
			kids(root.FirstChild, onClick(el("button", "id", "b"), func(vugu.DOMEvent) {}))
		}
		if child != nil {
			root.AppendChild(&vugu.VGNode{Component: child})
		}
		return root
	}
}

func quickBuild(t *testing.T, env *vugu.BuildEnv, c vugu.Builder) *QuickTree {
	t.Helper()
	q := NewQuickTree(env.RunBuild(c), nil)
	if q == nil {
		t.Fatal("NewQuickTree: nil for a tree it handles")
	}
	return q
}

// TestQuickTreeDiff: two builds of the test tree, the second changed as
// each row says; want is the patch's changes ("c" records) or no plan.
func TestQuickTreeDiff(t *testing.T) {
	base := qtState{count: "step 1", title: "a", html: "<b>x</b>", value: "v", items: 2, button: true}
	// The DOM: div.root > [header > [span#count > "step 1", button#b],
	// ul > [li, li] (the template's children in its place),
	// div#html, table#t, input#in, (child's div > "child")].
	props := `[[4],"p","input",[["value","\"v\""]]]`
	cases := []struct {
		desc string
		edit func(s *qtState)
		want []string // the "c" records; nil: no plan (a full render)
	}{
		{"nothing changed: only the JS properties, which Vugu sets on every render", func(s *qtState) {}, []string{props}},
		{"a text changes", func(s *qtState) { s.count = "step 2" }, []string{`[[0,0,0],"t","#","step 2"]`, props}},
		{"an attribute changes: the element's whole list", func(s *qtState) { s.title = "b" }, []string{`[[0,0],"a","span",[["id","count"],["title","b"]]]`, props}},
		{"a vg-content changes", func(s *qtState) { s.html = "<i>y</i>" }, []string{`[[2],"h","div","\u003ci\u003ey\u003c/i\u003e"]`, props}},
		{"a property changes", func(s *qtState) { s.value = "w" }, []string{`[[4],"p","input",[["value","\"w\""]]]`}},
		{"an item more in the template: another shape", func(s *qtState) { s.items = 3 }, nil},
		{"the button goes: another shape", func(s *qtState) { s.button = false }, nil},
	}
	for _, c := range cases {
		t.Run(c.desc, func(t *testing.T) {
			env, _ := vugu.NewBuildEnv(nil)
			s := base
			comp := &qtComp{mk: qtTree(s, nil)}
			first := quickBuild(t, env, comp)
			c.edit(&s)
			comp.mk = qtTree(s, nil)
			second := quickBuild(t, env, comp)
			plan := first.Diff(second)
			if c.want == nil {
				if plan != nil {
					t.Fatalf("got a plan %s, want none (a full render)", plan.Patch)
				}
				return
			}
			if plan == nil {
				t.Fatal("got no plan, want one")
			}
			var got struct {
				C []json.RawMessage `json:"c"`
				P []json.RawMessage `json:"p"`
			}
			if err := json.Unmarshal([]byte(plan.Patch), &got); err != nil {
				t.Fatalf("patch %s: %v", plan.Patch, err)
			}
			var cs []string
			for _, r := range got.C {
				cs = append(cs, string(r))
			}
			if !reflect.DeepEqual(cs, c.want) {
				t.Errorf("changes\n got %s\nwant %s", strings.Join(cs, " "), strings.Join(c.want, " "))
			}
			if len(got.P) != 1 || string(got.P[0]) != `[[3],"table"]` || len(plan.Populate) != 1 {
				t.Errorf("populate: %s (%d handlers), want the table at [3]", plan.Patch, len(plan.Populate))
			}
			// The button's handler under Vugu's position ID: the root is
			// "0", the header its first child "0_1", the button the
			// header's second "0_1_2".
			if len(plan.Handlers) != 1 || plan.Handlers[0].Pos != "0_1_2" || plan.Handlers[0].Specs[0].EventType != "click" {
				t.Errorf("handlers %+v, want the button's click at 0_1_2", plan.Handlers)
			}
		})
	}
}

// TestQuickTreeComponentsAndTemplates: a child component stands in its
// place in the DOM, a template's children in its place (with their
// position IDs "_t_N" under the template's), and a change of a
// component's CSS or of a child's shape is a full render.
func TestQuickTreeComponentsAndTemplates(t *testing.T) {
	env, _ := vugu.NewBuildEnv(nil)
	childText := "child"
	child := &qtComp{css: ".c{}"}
	child.mk = func() *vugu.VGNode {
		tmpl := kids(&vugu.VGNode{Type: vugu.ElementNode}, text("x"), onClick(el("a"), func(vugu.DOMEvent) {}))
		return kids(el("div", "id", "child"), text(childText), tmpl)
	}
	root := &qtComp{kids: []vugu.Builder{child}}
	root.mk = func() *vugu.VGNode {
		return kids(el("div"), el("span"), &vugu.VGNode{Component: child})
	}
	first := quickBuild(t, env, root)
	// div > [span, div#child > ["child", "x", a]]: the component's div is
	// the root's second child ("0_2"), the template's a its third DOM
	// child, the template's second ("0_2_2_t_2").
	if n := len(first.nodes); n != 6 {
		t.Fatalf("%d nodes, want 6 (div, span, div#child, its text, the template's text and a)", n)
	}
	childText = "changed"
	second := quickBuild(t, env, root)
	plan := first.Diff(second)
	if plan == nil {
		t.Fatal("no plan for a text change inside a component")
	}
	if !strings.Contains(plan.Patch, `[[1,0],"t","#","changed"]`) {
		t.Errorf("patch %s lacks the component's text at [1,0]", plan.Patch)
	}
	if len(plan.Handlers) != 1 || plan.Handlers[0].Pos != "0_2_2_t_2" {
		t.Errorf("handlers %+v, want the template's a at 0_2_2_t_2", plan.Handlers)
	}
	if a := first.nodes[5]; a.n.Data != "a" || a.slot != 2 || a.parent != 2 {
		t.Errorf("the template's a: %q at slot %d of node %d, want a at slot 2 of node 2", a.n.Data, a.slot, a.parent)
	}
	child.css = ".c{color:red}"
	if first.Diff(quickBuild(t, env, root)) != nil {
		t.Error("a plan across a change of CSS, want a full render")
	}
}

// TestQuickTreeRefuses: builds the quick render does not lay out.
func TestQuickTreeRefuses(t *testing.T) {
	cases := []struct {
		desc string
		mk   func() *vugu.VGNode
	}{
		{"a root <html>", func() *vugu.VGNode { return kids(el("html"), el("body")) }},
		{"a vg-js-create", func() *vugu.VGNode {
			n := el("div")
			n.JSCreateHandler = popFunc(func(vjs.Value) {})
			return kids(el("div"), n)
		}},
		{"an empty vg-template (Vugu's renderer would skip a DOM node after it)", func() *vugu.VGNode {
			return kids(el("div"), &vugu.VGNode{Type: vugu.ElementNode}, el("p"))
		}},
	}
	for _, c := range cases {
		env, _ := vugu.NewBuildEnv(nil)
		if q := NewQuickTree(env.RunBuild(&qtComp{mk: c.mk}), nil); q != nil {
			t.Errorf("%s: got a quick tree of %d nodes, want nil", c.desc, len(q.nodes))
		}
	}
}

// TestQuickTreeOfThePage: the page itself, built twice around a step of
// the first example, is one patch of a few changes (the step count among
// them); opening the launch JSON view changes its shape.
func TestQuickTreeOfThePage(t *testing.T) {
	a := NewApp()
	root := &Root{A: a}
	env, _ := vugu.NewBuildEnv(nil)
	a.Step()
	first := quickBuild(t, env, root)
	a.Step()
	second := quickBuild(t, env, root)
	plan := first.Diff(second)
	if plan == nil {
		t.Fatal("a step changed the page's shape")
	}
	if !strings.Contains(plan.Patch, a.StepText()) {
		t.Errorf("the patch of a step lacks the step count %q: %s", a.StepText(), plan.Patch)
	}
	if plan.Changes == 0 || plan.Changes > 20 {
		t.Errorf("%d changes for a step: %s", plan.Changes, plan.Patch)
	}
	if len(plan.Populate) == 0 {
		t.Error("no vg-js-populate element (the register grid's table) in the patch")
	}
	root.ShowJSON = true
	if second.Diff(quickBuild(t, env, root)) != nil {
		t.Error("opening the JSON view gave a patch, want a full render")
	}
}

// TestAppendJSONString: the quick render's patch writes strings as
// encoding/json does (the browser decodes them with JSON.parse).
func TestAppendJSONString(t *testing.T) {
	for _, c := range []struct{ desc, s string }{
		{"empty", ""},
		{"plain text", "step 71 / 1024"},
		{"quotes and backslashes", `a "b" \c\`},
		{"markup: <, > and & escaped as encoding/json does", `<b class="x">&amp;</b>`},
		{"control characters, newline, tab, CR, NUL", "a\nb\tc\rd\x00e\x1ff\x7f"},
		{"multi-byte UTF-8", "lane · 3 → ∪ 😀"},
		{"line and paragraph separators", "a\u2028b\u2029c"},
		{"invalid UTF-8: a lone continuation byte, a cut sequence", "a\x80b\xe2\x82"},
		{"the patch's separators", "\x1e\x1f"},
	} {
		want, err := json.Marshal(c.s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendJSONString([]byte("x"), c.s); string(got) != "x"+string(want) {
			t.Errorf("%s: appendJSONString(%q) = %s, want %s", c.desc, c.s, got[1:], want)
		}
	}
}

// TestSameString: equal strings are the same whether or not they share
// their bytes.
func TestSameString(t *testing.T) {
	lit := "a style sheet"
	made := strings.Clone(lit)
	for _, c := range []struct {
		desc string
		a, b string
		want bool
	}{
		{"the same constant", lit, lit, true},
		{"equal bytes elsewhere in memory", lit, made, true},
		{"both empty", "", "", true},
		{"a prefix of the same bytes", lit[:5], lit, false},
		{"the same length, other bytes", "abc", "abd", false},
		{"the same bytes at another offset", lit[1:4], lit[2:5], false},
	} {
		if got := sameString(c.a, c.b); got != c.want {
			t.Errorf("%s: sameString(%q, %q) = %v, want %v", c.desc, c.a, c.b, got, c.want)
		}
	}
}
