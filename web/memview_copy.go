// memview_copy.go: bulk and tensor (TMA) copies over the shared-memory
// table: the bytes a copy in flight will write (class cp-p), a store's
// shared source (cp-s) and the bytes the last copies to land wrote (cp-l),
// each cell's card naming the copy and its mbarrier, and a line above the
// table per copy that pages to it.

package web

import (
	"fmt"
	"strings"

	"github.com/ptxplay/ptxplay/core/sim"
)

// memCopy is one copy as the shared table marks it.
type memCopy struct {
	ranges [][2]int // shared bytes, [offset, length] runs
	state  string   // "in flight", "landed", or "source" (a copy to global reading shared memory)
	what   string   // the copy, its issuer and its completion
}

// Cell classes of the shared table for copies.
const (
	clsCopyPending = "cp-p"
	clsCopyLanded  = "cp-l"
	clsCopySource  = "cp-s"
)

// sharedCopies lists the copies to mark in the CTA's shared memory: those
// in flight first, in issue order, then the landed ones, newest first (a
// cell takes the first copy that covers it).
func sharedCopies(s *sim.Snapshot) []memCopy {
	if s == nil {
		return nil
	}
	var cs []memCopy
	for _, b := range s.Bulk {
		if len(b.Shared) == 0 {
			continue
		}
		st := "in flight"
		if b.Space == "global" {
			st = "source"
		}
		cs = append(cs, memCopy{ranges: b.Shared, state: st, what: copyWhat(&b)})
	}
	for i := len(s.Landed) - 1; i >= 0; i-- {
		b := &s.Landed[i]
		if len(b.Shared) > 0 {
			cs = append(cs, memCopy{ranges: b.Shared, state: "landed", what: copyWhat(b)})
		}
	}
	return cs
}

// copyWhat describes a copy for a card: what it moves, who issued it and
// what completes it.
func copyWhat(b *sim.BulkView) string {
	s := fmt.Sprintf("%s, %d bytes (line %d, warp %d lane %d)", b.What, b.Bytes, b.Line, b.Warp, b.Lane)
	switch {
	case b.Mbar >= 0 && b.Landed:
		s += fmt.Sprintf("; completed tx on the mbarrier at 0x%x", b.Mbar)
	case b.Mbar >= 0:
		s += fmt.Sprintf("; completes tx on the mbarrier at 0x%x", b.Mbar)
	case b.Group > 0:
		s += fmt.Sprintf("; bulk group %d", b.Group)
	default:
		s += "; bulk group not committed yet"
	}
	return s
}

func (m *memCopy) class() string {
	switch m.state {
	case "in flight":
		return clsCopyPending
	case "source":
		return clsCopySource
	}
	return clsCopyLanded
}

func (m *memCopy) cardLine() cardLine {
	switch m.state {
	case "in flight":
		return cardLine{"copy", "in flight, lands here: " + m.what}
	case "source":
		return cardLine{"copy", "source of a copy to global memory: " + m.what}
	}
	return cardLine{"copy", "landed here: " + m.what}
}

func (m *memCopy) covers(off, n int) bool {
	for _, r := range m.ranges {
		if off < r[0]+r[1] && off+n > r[0] {
			return true
		}
	}
	return false
}

// copyAt is the index of the first copy covering bytes [off, off+n), or -1.
func (s *memSource) copyAt(off, n int) int {
	for k := range s.copies {
		if s.copies[k].covers(off, n) {
			return k
		}
	}
	return -1
}

// copyNote is a line above the shared table for one copy: it pages to
// the copy's first element.
type copyNote struct {
	Class string
	Text  string
	Page  int
}

func copyNotes(src *memSource) []copyNote {
	var ns []copyNote
	es := elemSize(src.typ)
	for i := range src.copies {
		m := &src.copies[i]
		var rs []string
		for _, r := range m.ranges {
			rs = append(rs, fmt.Sprintf("[0x%x, 0x%x)", r[0], r[0]+r[1]))
		}
		if len(rs) > 3 {
			rs = append(rs[:2], fmt.Sprintf("… %d runs", len(m.ranges)))
		}
		ns = append(ns, copyNote{Class: "mv-copy " + m.class(), Text: m.state + " " + strings.Join(rs, " ∪ ") + ": " + m.what, Page: m.ranges[0][0] / es / memPageRows})
	}
	return ns
}
