package web

import (
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/ptxplay/ptxplay/examples"
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
	last, next := &sim.FragView{Op: "last"}, &sim.FragView{Op: "next", Next: true}
	c := &Fragview{Snap: &sim.Snapshot{Frag: last}}
	if c.frag() != last || !strings.HasPrefix(c.title(), "last: ") {
		t.Errorf("with only Frag: %q", c.title())
	}
	c.Snap.FragNext = next
	if c.frag() != next || !strings.HasPrefix(c.title(), "next (inputs): ") {
		t.Errorf("with FragNext: %q", c.title())
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
