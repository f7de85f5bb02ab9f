// sanitize.go: the page's sanitizers (core/sim sanitize.go): racecheck,
// synccheck and initcheck, on by default (the Sanitize toggle in the
// toolbar). The findings come from a second machine that runs the same
// launch with the sanitizers on, ahead of the session; the session itself
// does not sanitize, so its history carries no shadow state (a sim.Session
// that does takes its findings back exactly, at the cost of the shadow in
// its checkpoints). The schedule is fixed, so a finding's steps are the
// session's: "go to step" moves the session to each access, selects its
// CTA and warp, lights the lanes in the register grid and the address in
// the memory view.

package web

import (
	"fmt"
	"time"

	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/sim"
)

// SanitizeTime bounds the sanitized run's wall time each time it catches
// up (at Prepare, and after each action while it has not seen the whole
// kernel): a longer kernel is checked a slice at a time as the user acts,
// and the diagnostics say how far the findings go.
var SanitizeTime = 150 * time.Millisecond

// sanRun is the sanitized machine running beside the session.
type sanRun struct {
	m *sim.Machine
}

// MemMark is the address of a finding the memory view marks.
type MemMark struct {
	Space string // "shared" or "global"
	Addr  uint64
	Size  int
	// Uninit are the bytes of an init finding that nothing had written,
	// over all its occurrences (sim.Hazard.Uninit, [address, length]
	// runs, sorted): each is marked in the view.
	Uninit [][2]uint64
}

// at is the mark's place, what the view turns to when it changes.
func (m *MemMark) at() memAt { return memAt{m.Space, m.Addr, m.Size} }

type memAt struct {
	space string
	addr  uint64
	size  int
}

// SetSanitize turns the sanitizers on or off (the toolbar's toggle).
func (a *App) SetSanitize(on bool) {
	a.Sanitize = on
	a.san, a.Hazards, a.HazSel = nil, nil, -1
	if on && a.S != nil && !a.stale {
		if sp, err := launch.ParseSpec([]byte(a.Launch.JSON())); err == nil {
			a.sanitizeStart(sp)
		}
	}
}

// sanitizeStart makes the sanitized machine for spec and runs it.
func (a *App) sanitizeStart(sp *launch.Spec) {
	a.san, a.Hazards, a.HazSel = nil, nil, -1
	if !a.Sanitize || a.prog == nil {
		return
	}
	res := &launch.Result{Buffers: map[string]*launch.Buffer{}}
	m, err := prepare(a.prog, sp, res)
	if err != nil {
		return
	}
	launch.SanitizeMachine(m, res, sim.SanAll)
	a.san = &sanRun{m: m}
	a.sanitizeCatchUp()
}

// sanitizeCatchUp runs the sanitized machine to the end of the kernel
// (or, past SanitizeTime, at least as far as the session), and takes its
// findings.
func (a *App) sanitizeCatchUp() {
	r := a.san
	if r == nil || r.m.Done() {
		return
	}
	t0 := time.Now()
	for !r.m.Done() && time.Since(t0) < SanitizeTime {
		r.m.Run(5_000)
	}
	a.Hazards = r.m.Hazards()
}

// SanitizeNote says how far the findings go when the kernel is longer
// than the sanitized run got ("" when it saw the whole kernel).
func (a *App) SanitizeNote() string {
	if a.san == nil || a.san.m.Done() {
		return ""
	}
	return fmt.Sprintf("sanitizers: checked the first %d steps so far; each action checks more", a.san.m.Stats().WarpInstructions)
}

// hazardDiags are the findings as diagnostics.
func (a *App) hazardDiags() []Diag {
	var out []Diag
	for i, h := range a.Hazards {
		d := Diag{Kind: h.Kind, Line: h.Line, Col: h.Col, Msg: h.Message, Haz: i + 1, Step: h.Step}
		if h.Count > 1 {
			d.Msg += fmt.Sprintf(" (%d times)", h.Count)
		}
		if h.Other != nil {
			d.OtherLine, d.OtherStep = h.Other.Line, h.Other.Step
		}
		out = append(out, d)
	}
	if n := a.SanitizeNote(); n != "" {
		out = append(out, Diag{Kind: "note", Msg: n})
	}
	return out
}

// GoToHazard moves the session to one access of finding i (1-based, as
// Diag.Haz): the later one, or the earlier (other) one. It selects that
// access's CTA and warp, and returns its lane.
func (a *App) GoToHazard(i int, other bool) int {
	if i < 1 || i > len(a.Hazards) || !a.ensure() {
		return -1
	}
	h := a.Hazards[i-1]
	acc := h.HazardAccess
	if other && h.Other != nil {
		acc = *h.Other
	}
	a.HazSel, a.HazOther = i, other
	g := a.Grid
	a.CTA = int(acc.CTA[0] + acc.CTA[1]*g[0] + acc.CTA[2]*g[0]*g[1])
	a.Warp = acc.Warp
	a.GoTo(acc.Step)
	return acc.Lane
}

// HazardLanes are the lanes the register grid lights: those of the
// selected finding's accesses in the shown warp, at its step.
func (a *App) HazardLanes() uint32 {
	if a.HazSel < 1 || a.HazSel > len(a.Hazards) || a.S == nil {
		return 0
	}
	h := a.Hazards[a.HazSel-1]
	var lanes uint32
	w := a.ShownWarp()
	sides := []sim.HazardAccess{h.HazardAccess}
	if h.Other != nil {
		sides = append(sides, *h.Other)
	}
	g := a.Grid
	for _, s := range sides {
		if s.Warp == w && int(s.CTA[0]+s.CTA[1]*g[0]+s.CTA[2]*g[0]*g[1]) == a.CTA {
			lanes |= 1 << s.Lane
		}
	}
	return lanes
}

// HazardMark is the address the memory view marks: the selected
// finding's, while the session is at one of its steps.
func (a *App) HazardMark() *MemMark {
	if a.HazSel < 1 || a.HazSel > len(a.Hazards) || a.S == nil {
		return nil
	}
	h := a.Hazards[a.HazSel-1]
	if h.Space != "shared" && h.Space != "global" {
		return nil
	}
	return &MemMark{Space: h.Space, Addr: h.Addr, Size: max(1, h.Size), Uninit: h.Uninit}
}

// clsHazard marks the cells of a finding: its lanes in the register grid,
// its address in the memory view.
const clsHazard = "hz"

// clsUnwritten marks, in the memory view, the elements holding bytes an init
// finding read before anything wrote them (with clsHazard), and those
// bytes in the hex column.
const clsUnwritten = "un"

// markLanes adds clsHazard to the cells of lanes in st.
func markLanes(st *regState, lanes uint32) {
	if lanes == 0 {
		return
	}
	for i := range st.cells {
		if lanes>>(i%32)&1 != 0 {
			c := &st.cells[i]
			if c.class == "" {
				c.class = clsHazard
			} else {
				c.class += " " + clsHazard
			}
		}
	}
}

// markIn is the part of the finding's address inside a region of space
// sp at base, size bytes, as byte offsets.
func (c *Memview) markIn(sp string, base uint64, size int) [2]int {
	m := c.Mark
	if m == nil || m.Space != sp || m.Addr < base || m.Addr >= base+uint64(size) {
		return [2]int{}
	}
	off := int(m.Addr - base)
	return [2]int{off, min(off+m.Size, size)}
}

// uninitIn is the part of the finding's uninitialised bytes inside a
// region of space sp at base, size bytes, as sorted [start, end) byte
// offsets.
func (c *Memview) uninitIn(sp string, base uint64, size int) [][2]int {
	m := c.Mark
	if m == nil || m.Space != sp {
		return nil
	}
	var out [][2]int
	for _, r := range m.Uninit {
		lo, hi := max(r[0], base), min(r[0]+r[1], base+uint64(size))
		if lo < hi {
			out = append(out, [2]int{int(lo - base), int(hi - base)})
		}
	}
	return out
}

// followMark turns the view to a new finding's table and page.
func (c *Memview) followMark() {
	if c.Mark == nil {
		c.seenMark = memAt{}
		return
	}
	if c.Mark.at() == c.seenMark {
		return
	}
	c.seenMark = c.Mark.at()
	c.Tab = tabBuffers
	if c.Mark.Space == "shared" {
		c.Tab = tabShared
	}
	keys, srcs, _ := c.sources()
	for i, s := range srcs {
		if s.mark[1] > s.mark[0] {
			c.table(keys[i]).page = s.mark[0] / elemSize(s.typ) / memPageRows
		}
	}
}
