package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/ptxplay/ptxplay/examples"
	"github.com/vugu/html"
)

// mmaFrag runs the mma_ldmatrix example and returns the fragment view of
// its mma.sync step.
func mmaFrag(t *testing.T) *sim.FragView {
	ex, ok := examples.Get("mma_ldmatrix")
	if !ok {
		t.Fatal("no mma_ldmatrix example")
	}
	var f *sim.FragView
	res := launch.Run("kernel.ptx", []byte(ex.Source), []byte(ex.Launch), launch.Options{Trace: func(step int64, e sim.Event) {
		if v := e.Frag(); v != nil && strings.HasPrefix(v.Op, "mma.") {
			f = v
		}
	}})
	if !res.OK || f == nil {
		t.Fatalf("run: %+v, frag %v", res.Errors, f)
	}
	return f
}

func TestFragviewLayout(t *testing.T) {
	f := mmaFrag(t)
	mats := fragMatrices(f, 5)
	if len(mats) != 4 {
		t.Fatalf("%d matrices, want A, B, C, D", len(mats))
	}
	wantLit := []int{8, 4, 4, 4} // elements lane 5 holds of A (16x16), B (16x8), C and D (16x8)
	for i, m := range mats {
		lit := 0
		for r, row := range m.Rows {
			for c, x := range row.Cells {
				if strings.Contains(x.Class, "fv-lit") {
					lit++
					if x.Lane != 5 {
						t.Errorf("%s[%d][%d] lit but held by lane %d", m.Title, r, c, x.Lane)
					}
				}
			}
		}
		if lit != wantLit[i] {
			t.Errorf("%s: %d elements lit for lane 5, want %d", m.Title, lit, wantLit[i])
		}
	}
	// The ISA's A layout: a0 of lane 5 is row 5/4 = 1, column 2*(5%4) = 2.
	if x := mats[0].Rows[1].Cells[2]; x.Label != "T5 r0.0" {
		t.Errorf("A[1][2] label %q, want T5 r0.0", x.Label)
	}
	// The example's A starts -4, 3, 1, ... (see its launch.json).
	if v := mats[0].Rows[0].Cells[0].Value; v != "-4" {
		t.Errorf("A[0][0] = %s, want -4", v)
	}
	if !strings.HasPrefix(mats[3].Title, "D  16x8 .f32") {
		t.Errorf("D title %q", mats[3].Title)
	}
}

func TestFragviewPrefersNext(t *testing.T) {
	last, next := &sim.FragView{Op: "last"}, &sim.FragView{Op: "next", Next: true, Warp: 1}
	c := &Fragview{Snap: &sim.Snapshot{Frag: last}, Warp: -1}
	if c.frag() != last || !strings.HasPrefix(c.title(), "last: ") {
		t.Errorf("with only Frag: %q", c.title())
	}
	c.Snap.FragNext = next
	if c.frag() != next || !strings.HasPrefix(c.title(), "next (inputs): ") {
		t.Errorf("with FragNext: %q", c.title())
	}
	// A chosen warp shows its own: warp 0's last, not warp 1's next.
	w0 := &sim.FragView{Op: "w0"}
	c.Snap.Warps = []sim.WarpView{{ID: 0, Frag: w0}, {ID: 1}}
	c.Warp = 0
	if c.frag() != w0 {
		t.Errorf("warp 0 shows %+v", c.frag())
	}
	c.Warp = 1
	if c.frag() != next {
		t.Errorf("warp 1 shows %+v, want its next mma", c.frag())
	}
}

func TestAsyncSummary(t *testing.T) {
	var as []sim.AsyncView
	for l := 0; l < 4; l++ {
		as = append(as, sim.AsyncView{Warp: 1, Lane: l, Size: 16, Group: 1}, sim.AsyncView{Warp: 1, Lane: l, Size: 8, Group: 0})
	}
	as = append(as, sim.AsyncView{Warp: 0, Lane: 3, Size: 4, Group: 2})
	got := strings.Join(asyncSummary(as), "\n")
	want := "warp 0: 4 bytes not in shared memory yet — 1 copies in group 2\nwarp 1: 96 bytes not in shared memory yet — 4 copies not committed; 4 copies in group 1"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestFragviewRender renders the panel for the mma_ldmatrix example: before
// the mma it previews A, B and C; after it, A, B, C and D with lane 6's
// elements lit; clicking picks the holder's lane.
func TestFragviewRender(t *testing.T) {
	ex, _ := examples.Get("mma_ldmatrix")
	s, _ := newSession(t, ex.Source, ex.Launch)
	stepUntil(t, s, "ldmatrix.sync.aligned.m8n8.x2.trans")
	c := &Fragview{Snap: s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: -1}), Warp: 0, Lane: 6}
	// The next instructions are movs, then the mma: the panel shows the
	// last ldmatrix (two 8x8 matrices).
	doc := renderStatic(t, c)
	grids := findAll(doc, func(n *html.Node) bool { return attr(n, "class") == "fv-grid" })
	if len(grids) != 2 {
		t.Fatalf("%d grids after ldmatrix.x2, want 2", len(grids))
	}
	stepUntil(t, s, "mov.f32 %f3")
	c.Snap = s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: -1})
	doc = renderStatic(t, c)
	if title := textOf(findAll(doc, func(n *html.Node) bool { return attr(n, "class") == "fv-op" })[0]); !strings.HasPrefix(title, "next (inputs): mma.m16n8k16") {
		t.Fatalf("title %q", title)
	}
	if n := len(findAll(doc, func(n *html.Node) bool { return attr(n, "class") == "fv-grid" })); n != 3 {
		t.Fatalf("%d grids before the mma, want A, B and C", n)
	}
	s.Step()
	c.Snap = s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: -1})
	doc = renderStatic(t, c)
	lit := findAll(doc, func(n *html.Node) bool { return attr(n, "class") == "fv-cell fv-lit" })
	if len(lit) != 8+4+4+4 {
		t.Fatalf("%d cells lit for lane 6, want 20", len(lit))
	}
	for _, n := range lit {
		if !strings.Contains(textOf(n), "T6 r") {
			t.Fatalf("lit cell %q is not lane 6's", textOf(n))
		}
	}
	c.pick(9)
	if c.Lane != 9 {
		t.Fatal("pick did not select lane 9")
	}
}

func TestFragviewAddresses(t *testing.T) {
	f := &sim.FragView{Op: "ldmatrix.x1", Next: true, Matrices: []sim.FragMatrix{{Name: "matrix 0: row addresses", Type: "addr", Groups: 1, Rows: 8, Cols: 1}}}
	for r := 0; r < 8; r++ {
		f.Matrices[0].Cells = append(f.Matrices[0].Cells, sim.FragCell{Value: fmt.Sprintf("0x%x", 16*r), Lane: r, Reg: "%r3"})
	}
	m := fragMatrices(f, 3)
	if c := m[0].Rows[3].Cells[0]; c.Label != "T3" || c.Class != "fv-cell fv-lit" || !strings.Contains(c.Title, "address 0x30, given by lane 3 in %r3") {
		t.Errorf("row 3: %+v", c)
	}
}
