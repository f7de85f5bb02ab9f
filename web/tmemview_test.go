package web

import (
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

// TestTmemView: the allocations listed with their owners, the last MMA's
// tile labelled by lane and column (at most tmemMaxCols columns), and the
// lanes the shown warp reaches (32(w%4)..+31) lit.
func TestTmemView(t *testing.T) {
	cells := make([]string, 128*32)
	for i := range cells {
		cells[i] = "x"
	}
	snap := &sim.Snapshot{Tmem: &sim.TmemView{
		Allocs:       []sim.TmemAllocView{{Col: 0, N: 64, Warp: 0, Line: 45}},
		Relinquished: true,
		MMA:          &sim.TmemMMAView{Line: 137, Desc: "M=128 N=32 K=16, A bf16 K-major, B bf16 K-major, D f32", M: 128, N: 32, Cells: cells},
	}}
	c := &Fragview{Snap: snap, Warp: 5}
	if !c.show() {
		t.Fatal("the panel hides a CTA with tensor memory")
	}
	lines := c.tmemLines()
	if len(lines) != 2 || lines[0] != "columns 0-63 (64): allocated by warp 0 at line 45" || lines[1] != "allocation permit relinquished" {
		t.Errorf("lines %q", lines)
	}
	title := c.tmemTitle()
	for _, w := range []string{"line 137", "M=128 N=32 K=16, A bf16 K-major", "columns 0-15 of 32 shown", "warp 5 reaches lanes 32-63"} {
		if !strings.Contains(title, w) {
			t.Errorf("title %q lacks %q", title, w)
		}
	}
	rows := c.tmemTile()
	if len(rows) != 129 || len(rows[0].Cells) != 17 {
		t.Fatalf("%d rows of %d cells, want 129 of 17 (a header, 128 lanes; the lane, 16 columns)", len(rows), len(rows[0].Cells))
	}
	for lane := 0; lane < 128; lane++ {
		lit := strings.Contains(rows[1+lane].Cells[1].Class, "fv-lit")
		if want := lane >= 32 && lane < 64; lit != want {
			t.Errorf("lane %d lit = %v, want %v", lane, lit, want)
		}
	}
	if got := rows[2].Cells[3].Title; got != "D(1,2): lane 1, column 2" {
		t.Errorf("cell title %q", got)
	}
}
