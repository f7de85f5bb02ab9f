// quickrender.go: a render without Vugu's renderer when a build changed
// only values, not the page's shape.
//
// Vugu v0.4.0 renders the whole page on every event: its Go renderer walks
// every node of the build and sends an instruction for each, and its
// script (vugu.js) walks the DOM along. A step of the simulator changes a
// few texts and attributes (the step count, the warp menu's "follow (N)")
// besides the data views, which Go patches itself; walking the ~300 nodes
// Vugu owns cost a third of a step (docs/benchmarks.md, issue 24).
//
// A QuickTree is a build laid out as Vugu's renderer lays it out in the
// DOM: components replaced by their output, a vg-template's children in
// its place, no children under a vg-content element. When two builds have
// the same shape (the same elements and nodes at the same places, with the
// same events, vg-js-populate and vg-content elements), Diff describes the
// second as a patch of the first: the texts, attributes and vg-content
// that differ, every JS property (Vugu sets them on every render), the
// elements whose vg-js-populate callbacks must run, and the event handlers
// by Vugu's position IDs (each build makes new handler closures, which
// Vugu's renderer would store under those IDs). Anything else is a full
// render.

package web

import (
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/vugu/vugu"
)

// qnode is one DOM node of a build.
type qnode struct {
	n      *vugu.VGNode
	parent int32 // index in QuickTree.nodes, -1 for the root
	slot   int32 // the index among the parent's DOM children
	nchild int32 // DOM children Vugu owns (none under vg-content)
	pos    string
}

// QuickTree is one build's DOM, in document order.
type QuickTree struct {
	nodes []qnode
	css   []*vugu.VGNode // the components' style and link tags
	pos   []byte         // scratch: the position ID being built
	buf   []byte         // the last patch Diff wrote, for the next to reuse
}

// NewQuickTree lays out a build's result as Vugu's DOM renderer does. It
// returns nil when the build has something the quick path does not
// handle (a root <html>, a vg-js-create, an empty vg-template, a
// component with a Rendered callback); such a build always renders fully.
// A spare tree, if not nil, gives its memory to the new one and must not
// be used again.
func NewQuickTree(br *vugu.BuildResults, spare *QuickTree) *QuickTree {
	if br == nil || br.Out == nil || len(br.Out.Out) != 1 {
		return nil
	}
	root := br.Out.Out[0]
	if root.Type != vugu.ElementNode || root.Data == "html" || root.Component != nil || root.IsTemplate() {
		return nil
	}
	t := &QuickTree{pos: []byte("0")}
	if spare != nil {
		clear(spare.nodes) // no build kept alive by the spare's old nodes
		clear(spare.css)
		t.nodes, t.css, t.buf = spare.nodes[:0], spare.css[:0], spare.buf
	}
	if !t.css1(br, br.Out) {
		return nil
	}
	var slot int32
	if !t.add(br, root, -1, &slot) {
		return nil
	}
	return t
}

// css1 collects the CSS of a build output and its components, in the
// order Vugu's renderer writes it.
func (t *QuickTree) css1(br *vugu.BuildResults, bo *vugu.BuildOut) bool {
	t.css = append(t.css, bo.CSS...)
	for _, c := range bo.Components {
		switch c.(type) {
		case interface{ Rendered(vugu.RenderedCtx) }, interface{ Rendered() }:
			return false
		}
		next := br.ResultFor(c)
		if next == nil || !t.css1(br, next) {
			return false
		}
	}
	return true
}

// add places n (an element, a text or a comment, or a component or a
// template standing for its output) at the parent's next DOM slots, as
// domrender's visitSyncNode does.
func (t *QuickTree) add(br *vugu.BuildResults, n *vugu.VGNode, parent int32, slot *int32) bool {
	if n.Component != nil {
		out := br.ResultFor(n.Component)
		if out == nil || len(out.Out) != 1 {
			return false
		}
		return t.add(br, out.Out[0], parent, slot)
	}
	if n.IsTemplate() {
		if n.FirstChild == nil {
			return false
		}
		base := len(t.pos)
		i := 1
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			t.pos = strconv.AppendInt(append(t.pos[:base], "_t_"...), int64(i), 10)
			if !t.add(br, c, parent, slot) {
				return false
			}
			i++
		}
		t.pos = t.pos[:base]
		return true
	}
	switch n.Type {
	case vugu.ElementNode, vugu.TextNode, vugu.CommentNode:
	default:
		return false
	}
	if n.JSCreateHandler != nil {
		return false
	}
	idx := int32(len(t.nodes))
	q := qnode{n: n, parent: parent, slot: *slot}
	if len(n.DOMEventHandlerSpecList) > 0 {
		q.pos = string(t.pos)
	}
	t.nodes = append(t.nodes, q)
	*slot++
	if n.Type != vugu.ElementNode || n.InnerHTML != nil {
		return true
	}
	base := len(t.pos)
	var cslot int32
	i := 1
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		t.pos = strconv.AppendInt(append(t.pos[:base], '_'), int64(i), 10)
		if !t.add(br, c, idx, &cslot) {
			return false
		}
		i++
	}
	t.pos = t.pos[:base]
	t.nodes[idx].nchild = cslot
	return true
}

// QuickHandlers are the event handlers of one element under its position
// ID, as Vugu's renderer stores them.
type QuickHandlers struct {
	Pos   string
	Specs []vugu.DOMEventHandlerSpec
}

// QuickPlan is a build rendered as a patch of the one before.
type QuickPlan struct {
	// Patch is the JSON that web/js/quick.js applies: {"c": [[path, kind,
	// tag, value], ...], "p": [[path, tag], ...]}. A path is the child
	// indices from the mount element; tag names the element there ("#" for
	// a text or comment node) to check that the DOM has the shape; kind is
	// "t" (a text or comment's value), "a" (an element's attributes, all of
	// them as [name, value] pairs), "h" (vg-content, its inner HTML) or "p"
	// (JS properties, [name, JSON value] pairs). "p" lists the
	// vg-js-populate elements, whose elements come back in that order.
	Patch    string
	Populate []vugu.JSValueHandler
	Handlers []QuickHandlers
	Changes  int // texts, attributes and vg-contents that differ
}

// Diff returns cur as a patch of t, or nil when the two differ in shape.
// The patch is written as encoding/json would write quickPatch's records
// (appendJSONString), without building them.
func (t *QuickTree) Diff(cur *QuickTree) *QuickPlan {
	if t == nil || cur == nil || len(t.nodes) != len(cur.nodes) || len(t.css) != len(cur.css) {
		return nil
	}
	for i := range t.css {
		if !sameCSS(t.css[i], cur.css[i]) {
			return nil
		}
	}
	plan := &QuickPlan{}
	c := append(cur.buf[:0], `{"c":[`...)
	first := true
	rec := func(i int, kind, tag string) {
		if !first {
			c = append(c, ',')
		}
		first = false
		c = append(c, '[')
		c = cur.appendPath(c, i)
		c = append(c, `,"`...)
		c = append(c, kind...)
		c = append(c, `",`...)
		c = appendJSONString(c, tag)
		c = append(c, ',')
	}
	for i := range cur.nodes {
		a, b := &t.nodes[i], &cur.nodes[i]
		if !sameShape(a, b) {
			return nil
		}
		n := b.n
		// A node of a kept build (LaunchPanel) is the same object in both:
		// its text, attributes and content cannot differ, only what is
		// written on every render below.
		kept := a.n == n
		switch n.Type {
		case vugu.TextNode, vugu.CommentNode:
			if !kept && !sameString(a.n.Data, n.Data) {
				rec(i, "t", "#")
				c = appendJSONString(c, n.Data)
				c = append(c, ']')
				plan.Changes++
			}
			continue
		}
		if !kept && !sameAttrs(a.n.Attr, n.Attr) {
			if n.Namespace != "" {
				return nil // namespaced attributes: Vugu's renderer handles them
			}
			rec(i, "a", n.Data)
			c = append(c, '[')
			for j, at := range n.Attr {
				if at.Namespace != "" {
					return nil
				}
				c = appendPair(c, j, at.Key, at.Val)
			}
			c = append(c, "]]"...)
			plan.Changes++
		}
		if !kept && n.InnerHTML != nil && !sameString(*n.InnerHTML, *a.n.InnerHTML) {
			rec(i, "h", n.Data)
			c = appendJSONString(c, *n.InnerHTML)
			c = append(c, ']')
			plan.Changes++
		}
		if len(n.Prop) > 0 {
			rec(i, "p", n.Data)
			c = append(c, '[')
			for j, p := range n.Prop {
				c = appendPair(c, j, p.Key, string(p.JSONVal))
			}
			c = append(c, "]]"...)
		}
		if n.JSPopulateHandler != nil && n.InnerHTML == nil {
			plan.Populate = append(plan.Populate, n.JSPopulateHandler)
		}
		if len(n.DOMEventHandlerSpecList) > 0 {
			plan.Handlers = append(plan.Handlers, QuickHandlers{b.pos, n.DOMEventHandlerSpecList})
		}
	}
	c = append(c, `],"p":[`...)
	k := 0
	for i := range cur.nodes {
		n := cur.nodes[i].n
		if n.Type == vugu.ElementNode && n.JSPopulateHandler != nil && n.InnerHTML == nil {
			if k > 0 {
				c = append(c, ',')
			}
			k++
			c = append(c, '[')
			c = cur.appendPath(c, i)
			c = append(c, ',')
			c = appendJSONString(c, n.Data)
			c = append(c, ']')
		}
	}
	c = append(c, "]}"...)
	cur.buf = c
	plan.Patch = string(c)
	return plan
}

// appendJSONString appends s as encoding/json writes a string: quoted,
// with ", \\ and control characters escaped, <, > and & as \u003c, \u003e
// and \u0026, U+2028 and U+2029 escaped, and invalid UTF-8 as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendPair appends the j-th pair of a JSON array of [key, value] pairs.
func appendPair(b []byte, j int, key, val string) []byte {
	if j > 0 {
		b = append(b, ',')
	}
	b = append(b, '[')
	b = appendJSONString(b, key)
	b = append(b, ',')
	b = appendJSONString(b, val)
	return append(b, ']')
}

// sameString is a == b, at once when both are the same bytes in memory:
// most of a build's strings are the generated code's constants (the
// components' style sheets) or markup kept between builds (the menus),
// which Go's wasm code would otherwise compare byte by byte on every
// render.
func sameString(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	return len(a) == 0 || unsafe.StringData(a) == unsafe.StringData(b) || a == b
}

// sameCSS says whether two style or link tags are the same: the tag, its
// attributes and its children's text.
func sameCSS(a, b *vugu.VGNode) bool {
	if a == b {
		return true
	}
	if !sameString(a.Data, b.Data) || !sameAttrs(a.Attr, b.Attr) {
		return false
	}
	x, y := a.FirstChild, b.FirstChild
	for ; x != nil && y != nil; x, y = x.NextSibling, y.NextSibling {
		if !sameString(x.Data, y.Data) {
			return false
		}
	}
	return x == nil && y == nil
}

// sameShape says whether two nodes are the same DOM node to Vugu's
// renderer: the same kind and tag at the same place, with the same
// children, events and callbacks.
func sameShape(a, b *qnode) bool {
	if a.parent != b.parent || a.slot != b.slot || a.nchild != b.nchild || a.pos != b.pos {
		return false
	}
	x, y := a.n, b.n
	if x.Type != y.Type {
		return false
	}
	if x.Type != vugu.ElementNode {
		return true
	}
	if x.Data != y.Data || x.Namespace != y.Namespace || (x.InnerHTML == nil) != (y.InnerHTML == nil) ||
		(x.JSPopulateHandler == nil) != (y.JSPopulateHandler == nil) ||
		len(x.DOMEventHandlerSpecList) != len(y.DOMEventHandlerSpecList) || len(x.Prop) != len(y.Prop) {
		return false
	}
	for i, h := range x.DOMEventHandlerSpecList {
		g := y.DOMEventHandlerSpecList[i]
		if h.EventType != g.EventType || h.Capture != g.Capture || h.Passive != g.Passive {
			return false
		}
	}
	for i, p := range x.Prop {
		if p.Key != y.Prop[i].Key {
			return false
		}
	}
	return true
}

func sameAttrs(a, b []vugu.VGAttribute) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// appendPath appends node i's child indices from the root as a JSON array.
func (t *QuickTree) appendPath(b []byte, i int) []byte {
	var rev [64]int32
	p := rev[:0]
	for j := int32(i); t.nodes[j].parent >= 0; j = t.nodes[j].parent {
		p = append(p, t.nodes[j].slot)
	}
	b = append(b, '[')
	for k := len(p) - 1; k >= 0; k-- {
		b = strconv.AppendInt(b, int64(p[k]), 10)
		if k > 0 {
			b = append(b, ',')
		}
	}
	return append(b, ']')
}
