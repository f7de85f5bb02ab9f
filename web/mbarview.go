// mbarview.go: the mbarrier panel: each mbarrier of the selected CTA
// (address, phase, expected and pending arrivals, transaction bytes still
// expected, bytes in flight towards it, the warps waiting on it) and the
// bulk and tensor (TMA) copies in flight. The core decodes the barriers
// (sim.MbarrierView) and lists the copies (sim.BulkView); this component
// lays them out.

package web

import (
	"fmt"
	"strings"

	"github.com/ptxplay/ptxplay/core/sim"
)

// Mbarview shows the mbarriers and bulk copies of a snapshot's CTA:
//
//	<web:Mbarview :Snap="c.Snap"></web:Mbarview>
type Mbarview struct {
	Snap *sim.Snapshot
}

// MbarRow is one barrier, as the table shows it.
type MbarRow struct {
	Addr, Phase, Arrivals, Tx, InFlight, Waiting, Title string
}

func (c *Mbarview) show() bool {
	return c.Snap != nil && (len(c.Snap.Mbarriers) > 0 || len(c.Snap.Bulk) > 0 || len(c.Snap.Landed) > 0)
}

func (c *Mbarview) rows() []MbarRow {
	if c.Snap == nil {
		return nil
	}
	return mbarRows(c.Snap.Mbarriers)
}

func mbarRows(ms []sim.MbarrierView) []MbarRow {
	var rows []MbarRow
	for _, m := range ms {
		r := MbarRow{
			Addr:     fmt.Sprintf("0x%x", m.Addr),
			Phase:    fmt.Sprintf("%d (parity %d)", m.Phase, m.Parity),
			Arrivals: fmt.Sprintf("%d of %d pending", m.Pending, m.Expected),
			Tx:       fmt.Sprintf("%d", m.Tx),
			InFlight: "",
			Title:    fmt.Sprintf("initialized at line %d; the phase completes when pending arrivals and tx-count are both 0", m.Line),
		}
		if m.InFlight > 0 {
			r.InFlight = fmt.Sprintf("%d bytes", m.InFlight)
		}
		var ws []string
		for _, w := range m.Waiting {
			ws = append(ws, fmt.Sprintf("warp %d", w))
		}
		r.Waiting = strings.Join(ws, ", ")
		rows = append(rows, r)
	}
	return rows
}

func (c *Mbarview) copies() []string {
	if c.Snap == nil {
		return nil
	}
	return bulkLines(c.Snap.Bulk)
}

// bulkLines describes each copy in flight: who issued it, what it moves
// where, and what completes it.
func bulkLines(bs []sim.BulkView) []string {
	var lines []string
	for _, b := range bs {
		what := b.What
		if b.Reduce {
			what += " (reduction)"
		}
		l := fmt.Sprintf("line %d, warp %d lane %d: %s, %d bytes to %s 0x%x", b.Line, b.Warp, b.Lane, what, b.Bytes, b.Space, b.Dst)
		switch {
		case b.Mbar >= 0:
			l += fmt.Sprintf(", completes tx on the mbarrier at 0x%x", b.Mbar)
		case b.Group > 0:
			l += fmt.Sprintf(", bulk group %d", b.Group)
		default:
			l += ", bulk group not committed yet"
		}
		lines = append(lines, l)
	}
	return lines
}
