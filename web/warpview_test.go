package web

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/vugu/html"
	"github.com/vugu/html/atom"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/staticrender"
)

// renderStatic renders a component with Vugu's static renderer and parses
// the result.
func renderStatic(t *testing.T, c vugu.Builder) *html.Node {
	t.Helper()
	env, err := vugu.NewBuildEnv(nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := staticrender.New(&buf).Render(env.RunBuild(c)); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// findAll returns the elements for which ok holds, in document order.
func findAll(n *html.Node, ok func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && ok(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

func byID(n *html.Node, id string) *html.Node {
	if f := findAll(n, func(n *html.Node) bool { return attr(n, "id") == id }); len(f) == 1 {
		return f[0]
	}
	return nil
}

func TestWarpviewDivergence(t *testing.T) {
	s, _ := newSession(t, gridKernel, gridLaunch)
	stepUntil(t, s, "bra")
	w := &Warpview{Snap: s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0}), Warp: 0}
	doc := renderStatic(t, w)

	// Lanes 0-3 branched to SKIP, whose first instruction (line 21) is the
	// reconvergence point; lanes 4-31 run on from the add at line 19.
	lanes := maskLanes(t, w)
	if len(lanes) != 32 {
		t.Fatalf("%d lane marks, want 32", len(lanes))
	}
	for i, l := range lanes {
		want := "wv-lane a"
		if i < 4 {
			want = "wv-lane i"
		}
		if got := attr(l, "class"); got != want {
			t.Errorf("lane %d class %q, want %q", i, got, want)
		}
		if got := attr(l, "data-lane"); got != fmt.Sprint(i) {
			t.Errorf("lane %d data-lane %q", i, got)
		}
	}
	text := textOf(doc)
	for _, want := range []string{"Warp 0 at line 19 in k", "0xfffffff0 · 28 of 32 lanes"} {
		if !strings.Contains(text, want) {
			t.Errorf("warp view lacks %q:\n%s", want, text)
		}
	}
	rows := findAll(byID(doc, "simt-stack"), func(n *html.Node) bool { return n.Data == "tr" })[1:]
	if len(rows) != 2 {
		t.Fatalf("%d stack rows, want 2", len(rows))
	}
	cells := func(tr *html.Node) []string {
		var s []string
		for _, td := range findAll(tr, func(n *html.Node) bool { return n.Data == "td" }) {
			s = append(s, textOf(td))
		}
		return s
	}
	if got, want := strings.Join(cells(rows[0]), "|"), "1|line 19|line 21|0xfffffff0|28: 4-31"; got != want {
		t.Errorf("top of the stack = %s, want %s", got, want)
	}
	if attr(rows[0], "class") != "top" {
		t.Errorf("top row not marked")
	}
	if got, want := strings.Join(cells(rows[1]), "|"), "0|line 21||0xffffffff|32: 0-31"; got != want {
		t.Errorf("bottom of the stack = %s, want %s", got, want)
	}

	// Warp 1 of the 40-thread CTA has 8 threads; before it runs, its mask
	// shows them waiting and the rest as no thread.
	w.Warp = 1
	lanes = maskLanes(t, w)
	if got := attr(lanes[7], "class"); got != "wv-lane a" {
		t.Errorf("warp 1 lane 7 class %q, want active", got)
	}
	if got := attr(lanes[8], "class"); got != "wv-lane n" {
		t.Errorf("warp 1 lane 8 class %q, want no thread", got)
	}
}

// recordTarget keeps the last patch it was sent.
type recordTarget struct {
	last    string
	patches int
}

func (r *recordTarget) apply(p string) { r.last, r.patches = p, r.patches+1 }

// maskLanes draws w's active mask into a recording target and returns the
// lane marks the element would hold.
func maskLanes(t *testing.T, w *Warpview) []*html.Node {
	t.Helper()
	rec := &recordTarget{}
	w.mask, w.maskHTML = rec, ""
	w.drawMask()
	if !strings.HasPrefix(rec.last, "H"+string(fieldSep)) {
		t.Fatalf("mask patch %q is not a content record", rec.last)
	}
	span := &html.Node{Type: html.ElementNode, Data: "span", DataAtom: atom.Span}
	nodes, err := html.ParseFragment(strings.NewReader(strings.TrimPrefix(rec.last, "H"+string(fieldSep))), span)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range nodes {
		span.AppendChild(n)
	}
	// Drawing the same state again sends nothing.
	w.drawMask()
	if rec.patches != 1 {
		t.Errorf("an unchanged mask was sent again")
	}
	return findAll(span, func(n *html.Node) bool { return attr(n, "data-lane") != "" })
}

func TestLaneList(t *testing.T) {
	for _, tc := range []struct {
		m    uint32
		want string
	}{
		{0, "none"},
		{1, "0"},
		{0xffffffff, "0-31"},
		{0x80000001, "0, 31"},
		{0b1011_0000_1111, "0-3, 8-9, 11"},
	} {
		if got := laneList(tc.m); got != tc.want {
			t.Errorf("laneList(%#x) = %q, want %q", tc.m, got, tc.want)
		}
	}
}

// TestHex32: a mask as 0x and 8 lower-case hex digits, leading zeros kept.
func TestHex32(t *testing.T) {
	for _, tc := range []struct {
		desc string
		m    uint32
		want string
	}{
		{"no lanes", 0, "0x00000000"},
		{"lane 0", 1, "0x00000001"},
		{"lane 31", 1 << 31, "0x80000000"},
		{"every lane", 0xffffffff, "0xffffffff"},
		{"each digit", 0x0123abcd, "0x0123abcd"},
		{"lanes 0-3 and 8-9, 11", 0b1011_0000_1111, "0x00000b0f"},
	} {
		if got := hex32(tc.m); got != tc.want {
			t.Errorf("%s: hex32(%d) = %q, want %q", tc.desc, tc.m, got, tc.want)
		}
	}
}
