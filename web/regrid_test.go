package web

// regrid_test.go: the register grid against real machine states. Patches
// go to modelTable, which applies them as web/js/patch.js does (the record
// format is the contract between the two), so a test reads the cells a
// browser would show: text, class, data-reg and data-lane.

import (
	"bytes"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/ptx"
	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/vugu/html"
	"github.com/vugu/html/atom"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/staticrender"
)

// modelTable is a <table> element patched the way patch.js patches it.
type modelTable struct {
	t       testing.TB
	tag     atom.Atom
	root    *html.Node
	cells   []*html.Node // <td> in document order
	patches int
	records int
	mode    string // the last M record's compact mode
}

func newModelTable(t testing.TB) *modelTable {
	return &modelTable{t: t, tag: atom.Table, root: &html.Node{Type: html.ElementNode, Data: "table", DataAtom: atom.Table}}
}

func (m *modelTable) apply(patch string) {
	m.patches++
	for _, rec := range strings.Split(patch, string(recSep)) {
		m.records++
		f := strings.Split(rec, string(fieldSep))
		switch f[0] {
		case "H":
			if len(f) != 2 {
				m.t.Fatalf("H record with %d fields", len(f))
			}
			for c := m.root.FirstChild; c != nil; c = m.root.FirstChild {
				m.root.RemoveChild(c)
			}
			nodes, err := html.ParseFragment(strings.NewReader(f[1]), m.root)
			if err != nil {
				m.t.Fatalf("H record: %v", err)
			}
			for _, n := range nodes {
				m.root.AppendChild(n)
			}
			m.cells = m.cells[:0]
			var walk func(n *html.Node)
			walk = func(n *html.Node) {
				if n.Type == html.ElementNode && n.DataAtom == atom.Td {
					m.cells = append(m.cells, n)
				}
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					walk(c)
				}
			}
			walk(m.root)
		case "C", "I":
			if len(f) != 4 {
				m.t.Fatalf("%s record with %d fields: %q", f[0], len(f), rec)
			}
			var i int
			fmt.Sscan(f[1], &i)
			if i < 0 || i >= len(m.cells) {
				m.t.Fatalf("%s record for cell %d of %d", f[0], i, len(m.cells))
			}
			c := m.cells[i]
			for k := c.FirstChild; k != nil; k = c.FirstChild {
				c.RemoveChild(k)
			}
			if f[0] == "C" {
				c.AppendChild(&html.Node{Type: html.TextNode, Data: f[2]})
			} else {
				nodes, err := html.ParseFragment(strings.NewReader(f[2]), c)
				if err != nil {
					m.t.Fatal(err)
				}
				for _, n := range nodes {
					c.AppendChild(n)
				}
			}
			setAttr(c, "class", f[3])
		case "M":
			if len(f) != 2 || f[1] != "auto" && f[1] != "on" && f[1] != "off" {
				m.t.Fatalf("bad M record %q", rec)
			}
			m.mode = f[1]
		default:
			m.t.Fatalf("unknown record %q", rec)
		}
	}
}

func setAttr(n *html.Node, key, val string) {
	for i := range n.Attr {
		if n.Attr[i].Key == key {
			if val == "" {
				n.Attr = append(n.Attr[:i], n.Attr[i+1:]...)
			} else {
				n.Attr[i].Val = val
			}
			return
		}
	}
	if val != "" {
		n.Attr = append(n.Attr, html.Attribute{Key: key, Val: val})
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// find returns the cell whose attributes match, failing if none or many.
func (m *modelTable) find(kv ...string) *html.Node {
	m.t.Helper()
	var found []*html.Node
	for _, c := range m.cells {
		ok := true
		for i := 0; i+1 < len(kv); i += 2 {
			if attr(c, kv[i]) != kv[i+1] {
				ok = false
			}
		}
		if ok {
			found = append(found, c)
		}
	}
	if len(found) != 1 {
		m.t.Fatalf("%d cells match %v", len(found), kv)
	}
	return found[0]
}

// regCell returns the text and class of register reg in lane.
func (m *modelTable) regCell(reg string, lane int) (string, string) {
	m.t.Helper()
	c := m.find("data-reg", reg, "data-lane", fmt.Sprint(lane))
	return textOf(c), attr(c, "class")
}

// newSession runs the pipeline a page runs: parse, check, load, prepare.
func newSession(t testing.TB, src, spec string) (*sim.Session, *launch.Result) {
	t.Helper()
	mod, perrs := ptx.Parse("k.ptx", []byte(src))
	if len(perrs) > 0 {
		t.Fatalf("parse: %v", perrs)
	}
	prog, cerrs := check.Check(mod)
	if len(cerrs) > 0 {
		t.Fatalf("check: %v", cerrs)
	}
	p, err := sim.Load(prog)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := launch.ParseSpec([]byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	res := &launch.Result{Buffers: map[string]*launch.Buffer{}}
	m, err := launch.Prepare(p, sp, res)
	if err != nil {
		t.Fatal(err)
	}
	return sim.NewSession(m, 0), res
}

// stepUntil steps until the last step's text contains want.
func stepUntil(t testing.TB, s *sim.Session, want string) {
	t.Helper()
	for range 10000 {
		if !s.Step() {
			break
		}
		snap := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: -1})
		if snap.Last != nil && strings.Contains(snap.Last.Text, want) {
			return
		}
	}
	t.Fatalf("no step ran %q", want)
}

// gridKernel: 40 threads, so warp 1 has lanes 0-7 only. Lanes with tid < 4
// branch around the first add; tid 6 exits early.
const gridKernel = `.version 7.0
.target sm_80
.address_size 64

.visible .entry k(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .u32 %r<4>;
	.reg .s32 %s<2>;
	.reg .f32 %f<2>;
	.reg .b32 %b<2>;
	mov.u32 %r1, %tid.x;
	mov.s32 %s1, 5;
	sub.s32 %s1, %s1, %r1;
	cvt.rn.f32.u32 %f1, %r1;
	mov.b32 %b1, %f1;
	setp.lt.u32 %p1, %r1, 4;
	@%p1 bra SKIP;
	add.u32 %r2, %r1, 100;
SKIP:
	setp.eq.u32 %p2, %r1, 6;
	@%p2 exit;
	add.u32 %r3, %r1, 1000;
	ret;
}
`

const gridLaunch = `{"grid": 1, "block": 40, "args": {"out": {"type": "u32", "count": 40}}}`

func TestRegridCells(t *testing.T) {
	s, _ := newSession(t, gridKernel, gridLaunch)
	g := &Regrid{}
	tbl := newModelTable(t)
	g.target = tbl
	draw := func(warp int) {
		g.Snap = s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: warp})
		g.Warp = warp
		g.draw()
	}

	stepUntil(t, s, "mov.u32 %r1")
	draw(0)
	if tbl.patches != 1 {
		t.Fatalf("first draw sent %d patches, want 1", tbl.patches)
	}
	// Registers in declaration order: %p1 %p2, %r1..%r3, %s1, %f1, %b1.
	var names []string
	for r := tbl.root.FirstChild.NextSibling.FirstChild; r != nil; r = r.NextSibling {
		names = append(names, textOf(r.FirstChild))
	}
	if got, want := strings.Join(names, " "), "%p0 %p1 %p2 %r0 %r1 %r2 %r3 %s0 %s1 %f0 %f1 %b0 %b1"; got != want {
		t.Errorf("rows = %s, want %s", got, want)
	}
	if len(tbl.cells) != 13*32 {
		t.Fatalf("%d cells, want %d", len(tbl.cells), 13*32)
	}
	// The mov wrote %r1 = tid in every lane of warp 0, and nothing else.
	for _, tc := range []struct {
		reg   string
		lane  int
		text  string
		class []string // must have
		not   []string // must not have
	}{
		{"%r1", 0, "0", []string{clsChanged}, []string{clsUninit, clsInactive}},
		{"%r1", 31, "31", []string{clsChanged}, nil},
		{"%r2", 5, uninitText, []string{clsUninit}, []string{clsChanged}},
		{"%p1", 0, uninitText, []string{clsUninit}, nil},
	} {
		text, class := tbl.regCell(tc.reg, tc.lane)
		if text != tc.text {
			t.Errorf("%s lane %d = %q, want %q", tc.reg, tc.lane, text, tc.text)
		}
		for _, c := range tc.class {
			if !hasClass(class, c) {
				t.Errorf("%s lane %d class %q lacks %q", tc.reg, tc.lane, class, c)
			}
		}
		for _, c := range tc.not {
			if hasClass(class, c) {
				t.Errorf("%s lane %d class %q has %q", tc.reg, tc.lane, class, c)
			}
		}
	}

	// One more step changes only %s1 (and unlights %r1): 32 + 32 cells.
	before := tbl.records
	stepUntil(t, s, "mov.s32 %s1")
	draw(0)
	if got := tbl.records - before; got != 64 {
		t.Errorf("a one-register step sent %d cell records, want 64", got)
	}
	if text, class := tbl.regCell("%r1", 3); text != "3" || class != "" {
		t.Errorf("%%r1 lane 3 = %q %q, want 3 unlit", text, class)
	}
	// Drawing the same snapshot again sends nothing.
	n := tbl.patches
	g.draw()
	if tbl.patches != n {
		t.Errorf("an unchanged snapshot sent a patch")
	}

	// Natural views: .s32 signed, .f32 float, .b32 hex, .pred marks.
	stepUntil(t, s, "setp.lt.u32")
	draw(0)
	for _, tc := range []struct {
		reg, text string
		lane      int
	}{
		{"%s1", "-2", 7},       // 5 - 7
		{"%s1", "5", 0},        // 5 - 0
		{"%f1", "3", 3},        // float(3)
		{"%b1", "40400000", 3}, // bits of 3.0f
		{"%b1", "0", 0},
		{"%p1", predTrue, 3}, // 3 < 4
		{"%p1", predFalse, 4},
	} {
		if text, _ := tbl.regCell(tc.reg, tc.lane); text != tc.text {
			t.Errorf("%s lane %d = %q, want %q", tc.reg, tc.lane, text, tc.text)
		}
	}
	if _, class := tbl.regCell("%p1", 3); !hasClass(class, clsTrue) || !hasClass(class, clsChanged) {
		t.Errorf("true predicate class %q, want %s and %s", class, clsTrue, clsChanged)
	}
	// Every view of %s1 in lane 7 (-2): hex, unsigned, signed, float.
	for _, tc := range []struct {
		v    View
		want string
	}{
		{ViewHex, "fffffffe"},
		{ViewUnsigned, "4294967294"},
		{ViewSigned, "-2"},
		{ViewFloat, "nan"},
		{ViewNatural, "-2"},
	} {
		g.View = tc.v
		g.draw()
		if text, _ := tbl.regCell("%s1", 7); text != tc.want {
			t.Errorf("%%s1 lane 7 in view %v = %q, want %q", tc.v, text, tc.want)
		}
	}
	if text, _ := tbl.regCell("%f1", 3); text != "3" {
		t.Errorf("%%f1 lane 3 back in the natural view = %q", text)
	}

	// Lanes 0-3 branch straight to SKIP, the reconvergence point, so after
	// the branch lanes 4-31 run the add while lanes 0-3 wait.
	stepUntil(t, s, "bra")
	draw(0)
	if text, class := tbl.regCell("%r2", 2); text != uninitText || !hasClass(class, clsInactive) || !hasClass(class, clsUninit) || hasClass(class, clsChanged) {
		t.Errorf("%%r2 lane 2 = %q %q, want an inactive uninitialized cell", text, class)
	}
	if _, class := tbl.regCell("%r1", 2); !hasClass(class, clsInactive) {
		t.Errorf("%%r1 lane 2 class %q, want inactive", class)
	}
	if _, class := tbl.regCell("%r1", 4); hasClass(class, clsInactive) {
		t.Errorf("%%r1 lane 4 class %q, want active", class)
	}
	stepUntil(t, s, "add.u32 %r2")
	draw(0)
	if text, class := tbl.regCell("%r2", 4); text != "104" || !hasClass(class, clsChanged) {
		t.Errorf("%%r2 lane 4 = %q %q, want 104 lit", text, class)
	}
	if text, class := tbl.regCell("%r2", 2); text != uninitText || hasClass(class, clsChanged) {
		t.Errorf("%%r2 lane 2 = %q %q, want unwritten", text, class)
	}

	// After tid 6 exits, the last add runs without it.
	stepUntil(t, s, "add.u32 %r3")
	draw(0)
	if text, class := tbl.regCell("%r3", 6); text != uninitText || !hasClass(class, clsExited) {
		t.Errorf("%%r3 lane 6 = %q %q, want exited and uninitialized", text, class)
	}
	if text, _ := tbl.regCell("%r3", 2); text != "1002" {
		t.Errorf("%%r3 lane 2 = %q, want 1002", text)
	}

	// Warp 1 has 8 threads (32-39): lanes 8-31 have none. Its registers
	// have the same shape, so switching warps patches cells, no new table.
	hBefore := tbl.patches
	root := tbl.root.FirstChild
	draw(1)
	if tbl.patches != hBefore+1 || tbl.root.FirstChild != root {
		t.Errorf("switching to a warp of the same function rebuilt the table")
	}
	if text, class := tbl.regCell("%r1", 9); text != "" || class != clsNoThread {
		t.Errorf("warp 1 lane 9 = %q %q, want an empty %s cell", text, class, clsNoThread)
	}
}

func TestRegridCard(t *testing.T) {
	s, _ := newSession(t, gridKernel, gridLaunch)
	g := &Regrid{target: newModelTable(t)}
	stepUntil(t, s, "cvt.rn.f32.u32")
	g.Snap = s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0})
	g.draw()
	// Row 10 is %f1 (%p0-2, %r0-3, %s0-1, %f0 come first); lane 3 holds 3.0f.
	card := g.card(10*32 + 3)
	for _, want := range []string{"%f1 .f32 · lane 3 · thread 3", "hex\t0x40400000", "unsigned\t1077936128", "signed\t1077936128", "f32\t3", "f16 x2\t0, 2", "written by the last step"} {
		if !strings.Contains(card, want) {
			t.Errorf("card lacks %q:\n%s", want, card)
		}
	}
	if card := g.card(5*32 + 0); !strings.Contains(card, "uninitialized") {
		t.Errorf("card of an unwritten register: %s", card)
	}
	if g.card(-1) != "" || g.card(13*32) != "" {
		t.Errorf("cards outside the grid are not empty")
	}
}

// TestRegridStatic renders the component as Vugu would and finds the
// frame and the empty table Go owns.
func TestRegridStatic(t *testing.T) {
	env, err := vugu.NewBuildEnv(nil)
	if err != nil {
		t.Fatal(err)
	}
	g := &Regrid{Warp: 2}
	var buf bytes.Buffer
	if err := staticrender.New(&buf).Render(env.RunBuild(g)); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{`<table id="regs" class="regrid-table"></table>`, `<select id="reg-view"`, `<option selected="selected" value="natural">natural</option>`, `no launch yet`} {
		if !strings.Contains(out, want) {
			t.Errorf("static render lacks %s:\n%s", want, out)
		}
	}
}

// manyRegsKernel declares n .b32 registers, each the mad of the one
// before: %r0 = tid, %rK = %r(K-1) * 1664525 + 7919*K.
func manyRegsKernel(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".version 7.0\n.target sm_80\n.address_size 64\n\n.visible .entry many()\n{\n\t.reg .b32 %%r<%d>;\n\tmov.u32 %%r0, %%tid.x;\n", n)
	for k := 1; k < n; k++ {
		fmt.Fprintf(&b, "\tmad.lo.u32 %%r%d, %%r%d, 1664525, %d;\n", k, k-1, 7919*k)
	}
	b.WriteString("\tret;\n}\n")
	return b.String()
}

// TestRegridWindow: a function with 200 registers puts a window of 64 rows
// in the page, moves it when the view scrolls, and still patches only the
// changed cells of the window.
func TestRegridWindow(t *testing.T) {
	s, _ := newSession(t, manyRegsKernel(200), `{"grid": 1, "block": 32, "args": {}}`)
	g := &Regrid{}
	tbl := newModelTable(t)
	g.target = tbl
	draw := func() {
		g.Snap = s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0})
		g.draw()
	}
	s.Step() // mov %r0
	draw()
	if len(tbl.cells) != 32*gridWindow {
		t.Fatalf("%d cells in the page, want a window of %d rows", len(tbl.cells), gridWindow)
	}
	spacers := findAll(tbl.root, func(n *html.Node) bool { return attr(n, "class") == "rg-spacer" })
	if len(spacers) != 1 || attr(spacers[0], "data-rows") != "136" {
		t.Fatalf("spacers %d, want one for the 136 rows below the window", len(spacers))
	}
	if text, _ := tbl.regCell("%r0", 3); text != "3" {
		t.Errorf("%%r0 lane 3 = %q", text)
	}
	// Scrolling to rows 150-169 moves the window so that they are in it.
	g.scrolled(150, 20)
	if g.grid.first > 150 || g.grid.first+g.grid.n < 170 {
		t.Fatalf("window [%d, %d) does not hold rows 150-169", g.grid.first, g.grid.first+g.grid.n)
	}
	if n := len(findAll(tbl.root, func(n *html.Node) bool { return attr(n, "data-reg") == "%r5" })); n != 0 {
		t.Errorf("%%r5 is still in the page")
	}
	// A scroll inside the window changes nothing.
	p := tbl.patches
	g.scrolled(g.grid.first+1, 20)
	if tbl.patches != p {
		t.Errorf("a scroll inside the window sent a patch")
	}
	// Step to the mad that writes %r150: its row lights up and %r149's
	// goes out, 64 cells.
	for range 149 {
		s.Step()
	}
	draw()
	s.Step()
	before := tbl.records
	draw()
	if got := tbl.records - before; got != 64 {
		t.Errorf("the step wrote %d cell records, want 64", got)
	}
	v := uint32(3)
	for k := 1; k <= 150; k++ {
		v = v*1664525 + uint32(7919*k)
	}
	if text, class := tbl.regCell("%r150", 3); text != strconv.FormatUint(uint64(v), 16) || class != clsChanged {
		t.Errorf("%%r150 lane 3 = %q %q, want %x lit", text, class, v)
	}
	// Cards count from the window's first row.
	i := (150-g.grid.first)*32 + 3
	if card := g.card(i); !strings.HasPrefix(card, "%r150 .b32 · lane 3") {
		t.Errorf("card of cell %d: %q", i, card)
	}
	if g.card(32*g.grid.n) != "" {
		t.Errorf("a card past the window")
	}
}

// A vector register (ISA 5.4.2: ".reg .v2 .u32 v;") has one row per
// element, named as the source names it (%v.x, %v.y), each with its
// element's type; a mov that unpacks into it lights both rows.
func TestRegridVectorRegisters(t *testing.T) {
	s, _ := newSession(t, `.version 7.0
.target sm_80
.address_size 64

.visible .entry k(.param .u64 out)
{
	.reg .v2 .u32 %v;
	.reg .v4 .f32 %q;
	.reg .b64 %d;
	mov.u32 %v.x, %tid.x;
	mov.u32 %v.y, 7;
	mov.b64 %d, %v;
	mov.b64 %v, 0x0000000500000009;
	mov.f32 %q.b, 0f3FC00000;
	ret;
}
`, `{"grid": 1, "block": 32, "args": {"out": {"type": "u32", "count": 1}}}`)
	g := &Regrid{}
	tbl := newModelTable(t)
	g.target = tbl
	draw := func() {
		g.Snap = s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0})
		g.draw()
	}
	stepUntil(t, s, "mov.b64 %d, %v")
	draw()
	var names []string
	for r := tbl.root.FirstChild.NextSibling.FirstChild; r != nil; r = r.NextSibling {
		names = append(names, textOf(r.FirstChild))
	}
	if got, want := strings.Join(names, " "), "%v.x %v.y %q.x %q.y %q.z %q.w %d"; got != want {
		t.Errorf("rows = %s, want %s", got, want)
	}
	for _, tc := range []struct {
		reg, text string
		lane      int
	}{
		{"%v.x", "3", 3}, {"%v.y", "7", 3},
		{"%d", "700000003", 3}, // .b64 in hex: y in the high half, x in the low
	} {
		if text, _ := tbl.regCell(tc.reg, tc.lane); text != tc.text {
			t.Errorf("%s lane %d = %q, want %q", tc.reg, tc.lane, text, tc.text)
		}
	}
	stepUntil(t, s, "mov.b64 %v, 0x")
	draw()
	for _, tc := range []struct{ reg, text string }{{"%v.x", "9"}, {"%v.y", "5"}} {
		if text, class := tbl.regCell(tc.reg, 0); text != tc.text || !hasClass(class, clsChanged) {
			t.Errorf("%s lane 0 after the unpack = %q %q, want %q lit", tc.reg, text, class, tc.text)
		}
	}
	stepUntil(t, s, "mov.f32 %q.b")
	draw()
	if text, _ := tbl.regCell("%q.z", 0); text != "1.5" {
		t.Errorf("%%q.z (written as %%q.b) = %q, want 1.5", text)
	}
	if text, class := tbl.regCell("%q.x", 0); text != uninitText || !hasClass(class, clsUninit) {
		t.Errorf("%%q.x = %q %q, want unwritten", text, class)
	}
}

// TestRegridCompactMode: the grid tells patch.js its compact mode once
// (auto by default), again only when the button changes it, and a step
// does not repeat it.
func TestRegridCompactMode(t *testing.T) {
	s, _ := newSession(t, gridKernel, gridLaunch)
	g := &Regrid{}
	tbl := newModelTable(t)
	g.target = tbl
	draw := func() {
		g.Snap = s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0})
		g.draw()
	}
	stepUntil(t, s, "mov.u32 %r1")
	draw()
	if tbl.mode != "auto" {
		t.Fatalf("first draw: mode %q, want auto", tbl.mode)
	}
	for i, want := range []string{"on", "off", "on"} {
		g.toggleCompact()
		n := tbl.patches
		g.draw() // same snapshot: only the mode changed
		if tbl.patches != n+1 || tbl.mode != want {
			t.Errorf("toggle %d: %d patches, mode %q; want 1 patch, mode %q", i+1, tbl.patches-n, tbl.mode, want)
		}
	}
	tbl.mode = ""
	stepUntil(t, s, "mov.s32 %s1")
	draw()
	if tbl.mode != "" {
		t.Errorf("a step sent the mode again (%q)", tbl.mode)
	}
	// A new element (Vugu recreated the table) is told the mode again.
	g.target, g.sentMode, g.drawnSnap, g.grid = newModelTable(t), "-", nil, regState{}
	draw()
	if m := g.target.(*modelTable).mode; m != "on" {
		t.Errorf("a new element got mode %q, want on", m)
	}
}

// TestRegStateReuse: the grid built from the state drawn before (which
// takes unchanged values' text from it) is the grid built afresh, through
// steps, step back, warp switches and view changes, in kernels with
// predicates, exited lanes, divergence and uninitialized registers.
func TestRegStateReuse(t *testing.T) {
	for _, ex := range []string{"divergent_loop", "vote_ballot", "fault_uninit", "nested_ifelse", "shfl_reduce"} {
		a := NewApp()
		if err := a.LoadExample(ex); err != nil {
			t.Fatal(err)
		}
		var prev regState
		compared := 0
		for i := range 120 {
			switch {
			case i%17 == 16:
				a.Back()
			case i%29 == 28:
				a.Warp = (a.Warp + 2) % 3 // -1 (follow), 0, 1
				a.refresh()
			default:
				a.Step()
			}
			if a.Snap == nil {
				continue
			}
			vw := regViews[(i/11)%len(regViews)]
			w := a.ShownWarp()
			got := buildRegStateFrom(a.Snap, w, vw, &prev)
			want := buildRegState(a.Snap, w, vw)
			if got.shape != want.shape || !reflect.DeepEqual(got.cells, want.cells) {
				t.Fatalf("%s, step %d, warp %d, view %v: the grid built from the one before differs from the grid built afresh", ex, a.S.Steps(), w, vw)
			}
			prev = got
			compared++
		}
		if compared < 100 {
			t.Errorf("%s: %d grids compared, want 100 or more", ex, compared)
		}
	}
}
