// tmemview.go: the tensor memory of the shown CTA (Blackwell's tcgen05):
// its allocated column ranges and their owners, and the accumulator tile of
// the last tcgen05.mma labelled by lane and column, the lanes the shown
// warp may reach (32(w%4) to 32(w%4)+31) lit. Drawn in the Fragments panel.

package web

import (
	"fmt"
	"strings"

	"github.com/ptxplay/ptxplay/core/sim"
)

// tmemMaxCols is how many columns of the accumulator tile are drawn.
const tmemMaxCols = 16

func (c *Fragview) tmem() *sim.TmemView {
	if c.Snap == nil {
		return nil
	}
	return c.Snap.Tmem
}

// tmemLines lists the allocations (and the relinquished permit).
func (c *Fragview) tmemLines() []string {
	t := c.tmem()
	if t == nil {
		return nil
	}
	var lines []string
	for _, a := range t.Allocs {
		lines = append(lines, fmt.Sprintf("columns %d-%d (%d): allocated by warp %d at line %d", a.Col, a.Col+a.N-1, a.N, a.Warp, a.Line))
	}
	if len(t.Allocs) == 0 {
		lines = append(lines, "no columns allocated")
	}
	if t.Relinquished {
		lines = append(lines, "allocation permit relinquished")
	}
	if p := t.Peer; p != nil {
		var cols []string
		for _, a := range p.Allocs {
			cols = append(cols, fmt.Sprintf("%d-%d (warp %d)", a.Col, a.Col+a.N-1, a.Warp))
		}
		held := "none"
		if len(cols) > 0 {
			held = strings.Join(cols, ", ")
		}
		lines = append(lines, fmt.Sprintf("the CTA pair's other CTA (cluster rank %d), .cta_group::2: columns %s allocated", t.PeerRank, held))
	}
	return lines
}

func (c *Fragview) tmemTitle() string {
	t := c.tmem()
	if t == nil || t.MMA == nil {
		return ""
	}
	return c.tmemTitleOf(t.MMA, "last tcgen05.mma")
}

// tmemPeerTitle heads the pair's other CTA's tile (.cta_group::2).
func (c *Fragview) tmemPeerTitle() string {
	t := c.tmem()
	if t == nil || t.Peer == nil || t.Peer.MMA == nil {
		return ""
	}
	return c.tmemTitleOf(t.Peer.MMA, fmt.Sprintf("in the pair's other CTA (cluster rank %d), last tcgen05.mma", t.PeerRank))
}

func (c *Fragview) tmemTitleOf(m *sim.TmemMMAView, head string) string {
	s := fmt.Sprintf("%s (line %d, idesc 0x%08x): %s; D at lane %d, column %d", head, m.Line, m.Idesc, m.Desc, m.Lane, m.Col)
	if m.Layout != "" {
		s += "; layout " + m.Layout
	}
	if m.Peer >= 0 && m.Rows > 0 && m.Rows < m.M {
		s += fmt.Sprintf("; this CTA holds rows %d-%d of D, the CTA of cluster rank %d the others", m.Row0, m.Row0+m.Rows-1, m.Peer)
	}
	if cols := tmemCols(m); cols > tmemMaxCols {
		s += fmt.Sprintf(" (columns %d-%d of %d shown)", m.Col, m.Col+tmemMaxCols-1, cols)
	}
	if c.Warp >= 0 {
		q := c.Warp % 4
		s += fmt.Sprintf("; warp %d reaches lanes %d-%d (lit)", c.Warp, 32*q, 32*q+31)
	}
	return s
}

// tmemCols is how many columns the tile spans (N, or N/2 when the layout
// splits N across the lane halves).
func tmemCols(m *sim.TmemMMAView) int {
	if m.Cols > 0 {
		return m.Cols
	}
	return m.N
}

// tmemTile is the accumulator tile as rows of cells, a header row of
// column numbers first; each row starts with its lane. Lanes that hold no
// element of D (layout F uses 16 of each warp's 32) are left out.
func (c *Fragview) tmemTile() []fvRow {
	t := c.tmem()
	if t == nil || t.MMA == nil {
		return nil
	}
	return c.tmemTileOf(t.MMA)
}

// tmemPeerTile is the pair's other CTA's tile (.cta_group::2).
func (c *Fragview) tmemPeerTile() []fvRow {
	t := c.tmem()
	if t == nil || t.Peer == nil || t.Peer.MMA == nil {
		return nil
	}
	return c.tmemTileOf(t.Peer.MMA)
}

func (c *Fragview) tmemTileOf(m *sim.TmemMMAView) []fvRow {
	all := tmemCols(m)
	cols := min(all, tmemMaxCols)
	lanes := m.Lanes
	if lanes == 0 {
		lanes = m.M
	}
	head := fvRow{Cells: []fvCell{{Value: "lane", Class: "fv-cell"}}}
	for j := 0; j < cols; j++ {
		head.Cells = append(head.Cells, fvCell{Value: fmt.Sprint(m.Col + j), Label: "col", Class: "fv-cell"})
	}
	rows := []fvRow{head}
	lo, hi := -1, -1
	if c.Warp >= 0 {
		lo, hi = 32*(c.Warp%4), 32*(c.Warp%4)+31
	}
	for l := 0; l < lanes; l++ {
		if _, _, ok := m.Elem(l, 0); !ok {
			continue
		}
		lane := m.Lane + l
		cls := "fv-cell"
		if lane >= lo && lane <= hi {
			cls += " fv-lit"
		}
		r := fvRow{Cells: []fvCell{{Value: fmt.Sprint(lane), Class: cls}}}
		for j := 0; j < cols && l*all+j < len(m.Cells); j++ {
			i, jj, _ := m.Elem(l, j)
			r.Cells = append(r.Cells, fvCell{Value: m.Cells[l*all+j], Title: fmt.Sprintf("D(%d,%d): lane %d, column %d", i, jj, lane, m.Col+j), Lane: -1, Class: cls})
		}
		rows = append(rows, r)
	}
	return rows
}
