// warpview.go: the selected warp's control state: where it is, its active
// mask lane by lane (active, waiting, exited, no thread), the barrier it
// waits at, the call stack and the SIMT stack of reconvergence points.

package web

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/vugu/vugu/js"
)

// Warpview shows one warp. Place it as
//
//	<web:Warpview :Snap="c.Snap" :Warp="c.Warp"></web:Warpview>
type Warpview struct {
	Snap *sim.Snapshot // the selected CTA; nil before a launch
	Warp int           // the selected warp's index in the CTA

	// The 32 lane marks are Go's, like the grid's cells: Vugu renders the
	// mask empty and Go sends its content only when it changes, which
	// keeps 32 elements out of every render of the page.
	mask     patchTarget
	maskHTML string  // what the mask element shows
	maskKey  maskKey // what maskHTML was made from
}

// maskKey is what the lane marks depend on: the warp's thread masks.
type maskKey struct {
	has                   bool // the warp exists
	valid, exited, active uint32
	done                  bool
}

func (c *Warpview) maskKeyNow() maskKey {
	w := c.warp()
	if w == nil {
		return maskKey{}
	}
	return maskKey{true, w.Valid, w.Exited, w.Active, w.Done}
}

// laneMark is one lane of the active mask.
type laneMark struct {
	Lane  int
	Class string // "a" active, "i" waiting (inactive), "x" exited, "n" no thread
	Title string
}

// stackRow is one SIMT stack entry, top of the stack first.
type stackRow struct {
	Depth int
	Line  string // where its lanes are
	RLine string // where they reconverge; "" for the bottom entry
	Mask  string // hex
	Count int    // lanes in the mask
	Top   bool
	Lanes string // e.g. "0-3, 8"
}

func (c *Warpview) warp() *sim.WarpView { return findWarp(c.Snap, c.Warp) }

// heading is the warp's one-line summary.
func (c *Warpview) heading() string {
	w := c.warp()
	if w == nil {
		if c.Snap == nil {
			return "Warp " + strconv.Itoa(c.Warp)
		}
		return "Warp " + strconv.Itoa(c.Warp) + ": not started"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Warp %d", w.ID)
	switch {
	case w.Done:
		b.WriteString(": finished")
	case w.Line > 0:
		fmt.Fprintf(&b, " at line %d", w.Line)
		if w.Func != "" {
			fmt.Fprintf(&b, " in %s", w.Func)
		}
	}
	if w.Barrier == 16 && !w.Done { // sim's number for barrier.cluster
		b.WriteString(", waiting at the cluster barrier")
	} else if w.Barrier >= 0 && !w.Done {
		fmt.Fprintf(&b, ", waiting at barrier %d", w.Barrier)
	}
	if w.Mbarrier != nil && !w.Done {
		fmt.Fprintf(&b, ", waiting in try_wait on the mbarrier at shared 0x%x", *w.Mbarrier)
	}
	return b.String()
}

// maskText is the active mask and its lane count.
func (c *Warpview) maskText() string {
	w := c.warp()
	if w == nil {
		return ""
	}
	return hex32(w.Active) + " · " + strconv.Itoa(popcount(w.Active)) + " of " + strconv.Itoa(popcount(w.Valid)) + " lanes"
}

// hex32 writes a mask as fmt's %#08x does: 0x and 8 hex digits.
func hex32(m uint32) string {
	const digits = "0123456789abcdef"
	var b [10]byte
	b[0], b[1] = '0', 'x'
	for i := 9; i >= 2; i-- {
		b[i] = digits[m&15]
		m >>= 4
	}
	return string(b[:])
}

func popcount(m uint32) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// lanes marks each lane of the warp.
func (c *Warpview) lanes() []laneMark {
	w := c.warp()
	marks := make([]laneMark, 32)
	for i := range marks {
		bit := uint32(1) << i
		m := laneMark{Lane: i}
		switch {
		case w == nil || w.Valid&bit == 0:
			m.Class, m.Title = "n", "no thread"
		case w.Exited&bit != 0:
			m.Class, m.Title = "x", "exited"
		case w.Active&bit != 0 && !w.Done:
			m.Class, m.Title = "a", "active"
		default:
			m.Class, m.Title = "i", "waiting to reconverge"
		}
		m.Title = "lane " + strconv.Itoa(i) + ": " + m.Title
		marks[i] = m
	}
	return marks
}

// maskContent is the mask's markup: one span a lane.
func (c *Warpview) maskContent() string {
	b := make([]byte, 0, 32*72)
	for _, m := range c.lanes() {
		b = append(b, `<span class="wv-lane `...)
		b = append(b, m.Class...)
		b = append(b, `" data-lane="`...)
		b = strconv.AppendInt(b, int64(m.Lane), 10)
		b = append(b, `" title="`...)
		b = append(b, escapeHTML(m.Title)...)
		b = append(b, `"></span>`...)
	}
	return string(b)
}

// drawMask sends the mask's content when it changed.
func (c *Warpview) drawMask() {
	if c.mask == nil {
		return
	}
	k := c.maskKeyNow()
	if c.maskHTML != "" && k == c.maskKey {
		return // the same marks: a step of another warp, or of no branch
	}
	c.maskKey = k
	if h := c.maskContent(); h != c.maskHTML {
		c.maskHTML = h
		var p patchBuf
		p.html(h)
		c.mask.apply(p.String())
	}
}

// populateMask is called by Vugu with the mask element after every render.
func (c *Warpview) populateMask(el js.Value) {
	if t := attachJS(c.mask, el, func(int) string { return "" }, nil); t != c.mask {
		c.mask, c.maskHTML = t, ""
	}
	c.drawMask()
}

// stack lists the SIMT stack, top (the entry running now) first.
func (c *Warpview) stack() []stackRow {
	w := c.warp()
	if w == nil || w.Done {
		return nil
	}
	rows := make([]stackRow, 0, len(w.Stack))
	for i := len(w.Stack) - 1; i >= 0; i-- {
		e := w.Stack[i]
		r := stackRow{Depth: i, Mask: hex32(e.Mask), Count: popcount(e.Mask), Top: i == len(w.Stack)-1, Lanes: laneList(e.Mask)}
		r.Line = lineText(e.Line)
		if e.RPC >= 0 {
			r.RLine = lineText(e.RLine)
		}
		rows = append(rows, r)
	}
	return rows
}

func lineText(l int) string {
	if l <= 0 {
		return "end"
	}
	return "line " + strconv.Itoa(l)
}

// laneList writes a mask as lane ranges: "0-3, 8, 30-31".
func laneList(m uint32) string {
	if m == 0 {
		return "none"
	}
	var parts []string
	for i := 0; i < 32; {
		if m>>i&1 == 0 {
			i++
			continue
		}
		j := i
		for j+1 < 32 && m>>(j+1)&1 != 0 {
			j++
		}
		if i == j {
			parts = append(parts, strconv.Itoa(i))
		} else {
			parts = append(parts, strconv.Itoa(i)+"-"+strconv.Itoa(j))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// calls is the call stack when the warp is inside a function call.
func (c *Warpview) calls() string {
	w := c.warp()
	if w == nil || len(w.Calls) < 2 {
		return ""
	}
	return strings.Join(w.Calls, " → ")
}

func (r stackRow) class() string {
	if r.Top {
		return "top"
	}
	return ""
}

func (r stackRow) lanesText() string { return strconv.Itoa(r.Count) + ": " + r.Lanes }

// clusterText shows the shown CTA's cluster special registers, "" when
// the launch has no clusters.
func (c *Warpview) clusterText() string {
	if c.Snap == nil || c.Snap.Cluster == nil {
		return ""
	}
	v := c.Snap.Cluster
	return fmt.Sprintf("CTA rank %d of %d in cluster (%d,%d,%d): %%cluster_ctaid (%d,%d,%d), %%cluster_nctaid (%d,%d,%d); cluster barrier phases done: %d",
		v.Rank, v.Size, v.ID[0], v.ID[1], v.ID[2], v.CTAID[0], v.CTAID[1], v.CTAID[2], v.Dim[0], v.Dim[1], v.Dim[2], v.Phases)
}
