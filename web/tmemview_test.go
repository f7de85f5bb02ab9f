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
		MMA:          &sim.TmemMMAView{Line: 137, Desc: "M=128 N=32 K=16, A bf16 K-major, B bf16 K-major, D f32", Idesc: 0x08080490, M: 128, N: 32, Cells: cells},
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
	for _, w := range []string{"line 137, idesc 0x08080490", "M=128 N=32 K=16, A bf16 K-major", "columns 0-15 of 32 shown", "warp 5 reaches lanes 32-63"} {
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

// TestTmemViewLayouts: the tile of a pair's M = 128 MMA (layout B: this
// CTA's 64 rows twice, columns N/2.. in lanes 64-127) and of M = 64
// (layout F: lanes 0-15 of each warp's 32, the others left out), each
// cell titled with the element of D the ISA's layout puts there.
func TestTmemViewLayouts(t *testing.T) {
	cells := make([]string, 128*16)
	pair := &sim.TmemMMAView{Line: 9, Desc: "M=128 N=32 K=16", Layout: "B (M = 128, .cta_group::2)", M: 128, N: 32, Row0: 64, Rows: 64, Peer: 0, Lanes: 128, Cols: 16, Blocks: 2, Cells: cells}
	c := &Fragview{Snap: &sim.Snapshot{Tmem: &sim.TmemView{MMA: pair}}, Warp: -1}
	if title := c.tmemTitle(); !strings.Contains(title, "this CTA holds rows 64-127 of D, the CTA of cluster rank 0 the others") {
		t.Errorf("title %q", title)
	}
	rows := c.tmemTile()
	if len(rows) != 129 {
		t.Fatalf("%d rows, want 129", len(rows))
	}
	for _, x := range []struct {
		lane, col int
		want      string
	}{
		{0, 0, "D(64,0): lane 0, column 0"},
		{63, 15, "D(127,15): lane 63, column 15"},
		{64, 0, "D(64,16): lane 64, column 0"},
		{70, 3, "D(70,19): lane 70, column 3"},
	} {
		if got := rows[1+x.lane].Cells[1+x.col].Title; got != x.want {
			t.Errorf("lane %d column %d: %q, want %q", x.lane, x.col, got, x.want)
		}
	}
	half := &sim.TmemMMAView{M: 64, N: 8, Rows: 64, Peer: -1, Lanes: 112, Cols: 8, Half: true, Lane: 16, Cells: make([]string, 112*8)}
	c.Snap.Tmem.MMA = half
	rows = c.tmemTile()
	if len(rows) != 65 {
		t.Fatalf("M = 64: %d rows, want 65 (a header, 64 lanes)", len(rows))
	}
	for _, x := range []struct {
		row  int
		want string
	}{
		{1, "D(0,0): lane 16, column 0"},
		{16, "D(15,0): lane 31, column 0"},
		{17, "D(16,0): lane 48, column 0"},
		{64, "D(63,0): lane 127, column 0"},
	} {
		if got := rows[x.row].Cells[1].Title; got != x.want {
			t.Errorf("M = 64 row %d: %q, want %q", x.row, got, x.want)
		}
	}
}

// TestTmemViewPair: with .cta_group::2 the panel lists the pair's other
// CTA's allocations and draws its tile under its own title.
func TestTmemViewPair(t *testing.T) {
	mk := func(row0, peer int) *sim.TmemMMAView {
		return &sim.TmemMMAView{Line: 9, Desc: "M=256 N=16 K=16", M: 256, N: 16, Row0: row0, Rows: 128, Peer: peer, Lanes: 128, Cols: 16, Cells: make([]string, 128*16)}
	}
	snap := &sim.Snapshot{Tmem: &sim.TmemView{
		Allocs:   []sim.TmemAllocView{{Col: 0, N: 32, Warp: 1, Line: 20}},
		MMA:      mk(0, 1),
		Peer:     &sim.TmemView{Allocs: []sim.TmemAllocView{{Col: 0, N: 32, Warp: 1, Line: 20}}, MMA: mk(128, 0)},
		PeerRank: 1,
	}}
	c := &Fragview{Snap: snap, Warp: -1}
	lines := c.tmemLines()
	if want := "the CTA pair's other CTA (cluster rank 1), .cta_group::2: columns 0-31 (warp 1) allocated"; lines[len(lines)-1] != want {
		t.Errorf("lines %q, want the last %q", lines, want)
	}
	if title := c.tmemPeerTitle(); !strings.Contains(title, "in the pair's other CTA (cluster rank 1), last tcgen05.mma (line 9, idesc 0x00000000)") || !strings.Contains(title, "this CTA holds rows 128-255 of D") {
		t.Errorf("peer title %q", title)
	}
	rows := c.tmemPeerTile()
	if len(rows) != 129 {
		t.Fatalf("peer tile: %d rows, want 129", len(rows))
	}
	if got := rows[1].Cells[1].Title; got != "D(128,0): lane 0, column 0" {
		t.Errorf("peer tile cell %q", got)
	}
	c.Snap.Tmem.Peer = nil
	if c.tmemPeerTile() != nil || c.tmemPeerTitle() != "" {
		t.Error("a peer tile without a pair")
	}
}
