// fragview.go: the fragment view of the last matrix instruction (mma,
// wmma, ldmatrix, stmatrix, movmatrix): its matrices as grids, each
// element labelled with the lane and register that hold it, the selected
// lane's elements lit. The core computes the view (sim.FragView); this
// component only lays it out.

package web

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/vugu/vugu"
)

// Fragview shows the fragments of warp Warp's last matrix instruction,
// or of the mma it is about to issue. Place it as
//
//	<web:Fragview :Snap="c.Snap" :Warp="c.Warp"></web:Fragview>
//
// with Warp -1 for the machine's last matrix instruction, any warp.
type Fragview struct {
	Snap *sim.Snapshot
	Warp int
	Lane int // the lit lane (clicking an element selects its holder)
}

// fragMaxCols is the widest matrix drawn cell by cell; wider ones (the
// .b1 k128/k256 operands) are summarized.
const fragMaxCols = 64

// fvMatrix is one drawn matrix (one quad-pair group of it).
type fvMatrix struct {
	Title string
	Rows  []fvRow
	Note  string
}

type fvRow struct {
	Cells []fvCell
}

type fvCell struct {
	Value string
	Label string // "T5 a2.1": lane 5, the fragment's register 2, element 1
	Title string
	Lane  int
	Class string
}

// frag is the view to draw: the inputs of the instruction about to issue
// when it is an mma, else the last matrix instruction's matrices.
func (c *Fragview) frag() *sim.FragView {
	if c.Snap == nil {
		return nil
	}
	if n := c.Snap.FragNext; n != nil && (c.Warp < 0 || n.Warp == c.Warp && n.CTA == c.Snap.CTA) {
		return n
	}
	if c.Warp >= 0 {
		for _, w := range c.Snap.Warps {
			if w.ID == c.Warp {
				return w.Frag
			}
		}
		return nil
	}
	return c.Snap.Frag
}

func (c *Fragview) title() string {
	f := c.frag()
	if f == nil {
		return ""
	}
	when := "last"
	if f.Next {
		when = "next (inputs)"
	}
	return fmt.Sprintf("%s: %s — line %d, warp %d of CTA (%d,%d,%d)", when, f.Op, f.Line, f.Warp, f.CTA[0], f.CTA[1], f.CTA[2])
}

func (c *Fragview) text() string {
	if f := c.frag(); f != nil {
		return f.Text
	}
	return ""
}

// matrices lays out every matrix of the view for lane c.Lane.
func (c *Fragview) matrices() []fvMatrix {
	return fragMatrices(c.frag(), c.Lane)
}

func fragMatrices(f *sim.FragView, lane int) []fvMatrix {
	if f == nil {
		return nil
	}
	var out []fvMatrix
	for _, m := range f.Matrices {
		for g := 0; g < m.Groups; g++ {
			fm := fvMatrix{Title: fmt.Sprintf("%s  %dx%d .%s", m.Name, m.Rows, m.Cols, m.Type)}
			if m.Groups > 1 {
				fm.Title += fmt.Sprintf("  (quad-pair %d: lanes %d-%d, %d-%d)", g, 4*g, 4*g+3, 16+4*g, 16+4*g+3)
			}
			if m.Cols > fragMaxCols {
				fm.Note = fmt.Sprintf("%d columns: too wide to draw; lane %d holds %s", m.Cols, lane, heldBy(m, g, lane))
				out = append(out, fm)
				continue
			}
			cells := m.Cells[g*m.Rows*m.Cols : (g+1)*m.Rows*m.Cols]
			for r := 0; r < m.Rows; r++ {
				var row fvRow
				for col := 0; col < m.Cols; col++ {
					x := cells[r*m.Cols+col]
					cell := fvCell{Value: x.Value, Lane: x.Lane, Label: "T" + strconv.Itoa(x.Lane) + " r" + strconv.Itoa(x.Index) + "." + strconv.Itoa(x.Part)}
					cell.Title = fmt.Sprintf("%s[%d][%d] = %s: lane %d, register %d of the fragment", m.Name, r, col, x.Value, x.Lane, x.Index)
					if x.Reg != "" {
						cell.Title += " (" + x.Reg + ")"
					}
					cell.Title += fmt.Sprintf(", element %d (low to high)", x.Part)
					if x.Copies > 1 {
						cell.Title += fmt.Sprintf("; held %d times, first by this lane", x.Copies)
					}
					if m.Type == "addr" { // ldmatrix/stmatrix row addresses
						cell.Label = "T" + strconv.Itoa(x.Lane)
						cell.Title = fmt.Sprintf("row %d of %s: address %s, given by lane %d", r, m.Name, x.Value, x.Lane)
						if x.Reg != "" {
							cell.Title += " in " + x.Reg
						}
					}
					cell.Class = "fv-cell"
					if x.Lane == lane {
						cell.Class += " fv-lit"
					}
					row.Cells = append(row.Cells, cell)
				}
				fm.Rows = append(fm.Rows, row)
			}
			out = append(out, fm)
		}
	}
	return out
}

// heldBy lists the elements (row, column) a lane holds in a matrix group.
func heldBy(m sim.FragMatrix, g, lane int) string {
	s, n := "", 0
	for i, x := range m.Cells[g*m.Rows*m.Cols : (g+1)*m.Rows*m.Cols] {
		if x.Lane != lane {
			continue
		}
		if n < 8 {
			if s != "" {
				s += " "
			}
			s += fmt.Sprintf("(%d,%d)", i/m.Cols, i%m.Cols)
		}
		n++
	}
	if n > 8 {
		s += fmt.Sprintf(" … %d elements", n)
	}
	if n == 0 {
		return "none"
	}
	return s
}

// show says whether there is anything to draw.
func (c *Fragview) show() bool {
	return c.frag() != nil || (c.Snap != nil && (len(c.Snap.Async) > 0 || c.Snap.Tmem != nil))
}

// asyncLines summarizes the cp.async copies that have not landed, warp by
// warp: how many in each group (1 = the oldest committed) and how many
// are not committed yet.
func (c *Fragview) asyncLines() []string {
	if c.Snap == nil {
		return nil
	}
	return asyncSummary(c.Snap.Async)
}

func asyncSummary(as []sim.AsyncView) []string {
	type key struct{ warp, group int }
	counts := map[key]int{}
	bytes := map[int]int{}
	var warps, groups []int
	seenW, seenG := map[int]bool{}, map[int]bool{}
	for _, a := range as {
		counts[key{a.Warp, a.Group}]++
		bytes[a.Warp] += a.Size
		if !seenW[a.Warp] {
			seenW[a.Warp] = true
			warps = append(warps, a.Warp)
		}
		if !seenG[a.Group] {
			seenG[a.Group] = true
			groups = append(groups, a.Group)
		}
	}
	sort.Ints(warps)
	sort.Ints(groups)
	var lines []string
	for _, w := range warps {
		line := fmt.Sprintf("warp %d: %d bytes not in shared memory yet —", w, bytes[w])
		for _, g := range groups {
			n := counts[key{w, g}]
			if n == 0 {
				continue
			}
			if g == 0 {
				line += fmt.Sprintf(" %d copies not committed;", n)
			} else {
				line += fmt.Sprintf(" %d copies in group %d;", n, g)
			}
		}
		lines = append(lines, strings.TrimSuffix(line, ";"))
	}
	return lines
}

func (c *Fragview) setLane(e vugu.DOMEvent) {
	if n, err := strconv.Atoi(e.PropString("target", "value")); err == nil && n >= 0 && n < 32 {
		c.Lane = n
	}
}

func (c *Fragview) pick(lane int) { c.Lane = lane }
