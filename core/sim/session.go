// session.go: time travel. A Session runs a machine step by step and can
// go back to any earlier step exactly.
//
// History is periodic checkpoints (copies, see clone.go) plus the
// machine's determinism: going back to step n restores the last checkpoint
// at or before n and replays the few steps after it. Replay reproduces
// every bit (registers, written flags, memory, SIMT stacks, statistics),
// so stepping back is exact for every kind of step — divergence, barriers,
// atomics, shuffles, calls, faults — with no per-instruction undo code to
// get wrong. A memory budget bounds the checkpoints: when it is exceeded,
// every other one is dropped. New checkpoints keep coming at the same
// interval, so the old ones thin out most, and history ends up dense near
// the current step (where a person steps back) and sparse far behind it.
// Step 0 is always kept, so every step stays reachable.

package sim

// DefaultHistoryBudget is the checkpoint memory a session may use.
const DefaultHistoryBudget = 64 << 20

// Session is a machine with history, stepping and breakpoints.
type Session struct {
	m      *Machine
	step   int64
	cps    []checkpoint // sorted by step; cps[0] is step 0
	every  int64        // steps between checkpoints
	budget int64
	used   int64
	thins  int // how many times history was thinned
}

type checkpoint struct {
	step  int64
	m     *Machine
	bytes int64
}

// NewSession takes a machine that has not run yet. budget <= 0 means
// DefaultHistoryBudget.
func NewSession(m *Machine, budget int64) *Session {
	if budget <= 0 {
		budget = DefaultHistoryBudget
	}
	m.record = true
	s := &Session{m: m, every: 256, budget: budget}
	s.checkpoint()
	return s
}

// Machine is the current state.
func (s *Session) Machine() *Machine { return s.m }

// Steps is the number of warp instructions executed so far.
func (s *Session) Steps() int64 { return s.step }

// Done reports whether the kernel has ended (or faulted).
func (s *Session) Done() bool { return s.m.Done() }

// checkpointBytesPerStep sets the checkpoint interval from the state's
// size: a checkpoint of B bytes is taken every B/16 steps (at least every
// 256, in powers of two), so the state part of history grows by about 16
// bytes a step whatever the kernel (plus the pages the kernel writes), and
// a step back near the newest checkpoint replays at most that many steps.
const checkpointBytesPerStep = 16

func (s *Session) checkpoint() {
	state, copied := s.m.stateBytes(), s.m.copied
	s.cps = append(s.cps, checkpoint{step: s.step, m: s.m.clone(), bytes: state})
	for s.every*checkpointBytesPerStep < state {
		s.every *= 2
	}
	// Each page the machine copied since the last checkpoint left its old
	// contents to history alone; the count overestimates after a step back
	// (the machine shares a checkpoint's pages again), so it is redone
	// exactly before anything is dropped.
	s.used += state + copied
	if s.used > s.budget {
		s.recount()
	}
	for s.used > s.budget && len(s.cps) > 2 {
		s.thin()
	}
}

// thin drops every other checkpoint, keeping step 0 and the newest one.
func (s *Session) thin() {
	kept := s.cps[:1]
	for i := 1; i < len(s.cps); i++ {
		if i%2 == 0 || i == len(s.cps)-1 {
			kept = append(kept, s.cps[i])
		}
	}
	clear(s.cps[len(kept):])
	s.cps = kept
	s.thins++
	s.recount()
}

// recount measures the memory history holds: each checkpoint's own state,
// and each page the checkpoints hold but neither the current machine nor
// the launch's inputs (the pages of step 0, bounded by the launch limits)
// do, counted once however many checkpoints share it.
func (s *Session) recount() {
	walk := walks.Add(1)
	mark := func(p *page) { p.seen = walk }
	s.m.eachPage(mark)
	s.cps[0].m.eachPage(mark)
	s.used = 0
	for _, c := range s.cps {
		s.used += c.bytes
		c.m.eachPage(func(p *page) {
			if p.seen != walk {
				p.seen = walk
				s.used += int64(len(p.b))
			}
		})
	}
}

// Step executes one warp instruction. It reports false when the kernel
// had already ended.
func (s *Session) Step() bool {
	if s.m.Done() {
		return false
	}
	s.m.Step()
	s.step = s.m.stats.WarpInstructions // a step is one warp instruction
	if s.step%s.every == 0 && s.step > s.cps[len(s.cps)-1].step {
		s.checkpoint()
	}
	return true
}

// advance runs up to n steps as fast as a plain run: recording is off but
// for the last step of each stretch between checkpoints (so the last
// step's event and accesses are right), and checkpoints are taken on the
// way as Step would take them.
func (s *Session) advance(n int64) {
	for n > 0 && !s.m.Done() {
		chunk := min(n, s.every-s.step%s.every) // up to the next checkpoint
		if chunk > 1 {
			s.m.record = false
			s.m.Run(chunk - 1)
			s.m.record = true
			done := s.m.stats.WarpInstructions - s.step
			s.step += done
			n -= done
			if done < chunk-1 {
				continue // the kernel ended (or deadlocked)
			}
		}
		if !s.Step() {
			return
		}
		n--
	}
}

// StepBack undoes the last step exactly. It reports false at step 0.
func (s *Session) StepBack() bool {
	if s.step == 0 {
		return false
	}
	s.GoTo(s.step - 1)
	return true
}

// GoTo moves to step n, forward (running) or back (restoring and
// replaying). Going forward stops early if the kernel ends.
func (s *Session) GoTo(n int64) {
	if n < 0 {
		n = 0
	}
	if n >= s.step {
		s.advance(n - s.step)
		return
	}
	i := len(s.cps) - 1
	for s.cps[i].step > n {
		i--
	}
	prev := s.m
	s.m = s.cps[i].m.clone()
	s.m.adoptCTAs(prev) // prev is gone: nothing but the session held it
	s.m.record = true
	s.step = s.cps[i].step
	s.advance(n - s.step)
}

// Reset goes back to the start.
func (s *Session) Reset() { s.GoTo(0) }

// StepWarp runs until warp w of the current CTA has executed one
// instruction. It reports false if that warp cannot run any more.
func (s *Session) StepWarp(w int, limit int64) bool {
	c := s.m.cur
	if c == nil || w < 0 || w >= len(c.warps) {
		if c == nil && !s.m.Done() {
			s.Step() // start the first CTA
			c = s.m.cur
			if c != nil && w >= 0 && w < len(c.warps) && int(s.m.last.warp) == w {
				return true
			}
		}
		if c == nil || w < 0 || w >= len(c.warps) {
			return false
		}
	}
	if c.warps[w].done {
		return false
	}
	for n := int64(0); n < limit && !s.m.Done() && s.m.sameCluster(s.m.cur, c); n++ {
		s.Step()
		if int(s.m.last.warp) == w && s.m.last.cta == c.id {
			return true
		}
	}
	return false
}

// StepWarpIn runs until warp w of the CTA with linear index cta has
// executed one instruction; cta < 0 means the current CTA (StepWarp).
// With clusters the CTAs of the running cluster take turns, so the page's
// selected CTA need not be the one that issued last. It reports false if
// that warp cannot run any more in the running cluster (or the CTA has not
// started).
func (s *Session) StepWarpIn(cta, w int, limit int64) bool {
	m := s.m
	if cta < 0 || m.cur == nil || cta >= m.nctas {
		return s.StepWarp(w, limit)
	}
	pos := m.posOf(cta)
	if pos >= len(m.ctas) || m.ctas[pos] == nil {
		return false
	}
	c := m.ctas[pos]
	if c == m.cur {
		return s.StepWarp(w, limit)
	}
	if !m.sameCluster(m.cur, c) || w < 0 || w >= len(c.warps) || c.warps[w].done {
		return false
	}
	for n := int64(0); n < limit && !s.m.Done() && s.m.sameCluster(s.m.cur, c); n++ {
		s.Step()
		if int(s.m.last.warp) == w && s.m.last.cta == c.id {
			return true
		}
	}
	return false
}

// StepOverBarrier runs until the current CTA's warps pass the next
// barrier (a barrier releases), its cluster ends, or limit steps.
func (s *Session) StepOverBarrier(limit int64) bool {
	r := s.m.releases
	c := s.m.cur
	for n := int64(0); n < limit && !s.m.Done(); n++ {
		s.Step()
		if s.m.releases > r || (c != nil && !s.m.sameCluster(s.m.cur, c)) {
			return true
		}
	}
	return s.m.releases > r
}

// Breakpoint stops Continue before an instruction on Line executes. CTA
// (linear index) and Warp narrow it; -1 means any.
type Breakpoint struct {
	Line int `json:"line"`
	CTA  int `json:"cta"`
	Warp int `json:"warp"`
}

// Stop says why Continue stopped.
type Stop int

const (
	StopEnd        Stop = iota // the kernel ended
	StopBreakpoint             // the next instruction is at a breakpoint
	StopFault                  // a fault
	StopLimit                  // the step limit
)

func (s Stop) String() string {
	return [...]string{"end", "breakpoint", "fault", "limit"}[s]
}

// Continue runs at least one step, then until the next instruction to
// issue is at a breakpoint, the kernel ends or faults, or limit steps.
func (s *Session) Continue(bps []Breakpoint, limit int64) Stop {
	if len(bps) == 0 {
		s.advance(limit)
		limit = 0
	}
	for n := int64(0); n < limit; n++ {
		if !s.Step() {
			break
		}
		if s.m.err != nil {
			return StopFault
		}
		if s.m.Done() {
			return StopEnd
		}
		if len(bps) > 0 {
			ci, wi, o := s.m.peek()
			for _, b := range bps {
				if o != nil && int(o.line) == b.Line && (b.CTA < 0 || b.CTA == ci) && (b.Warp < 0 || b.Warp == wi) {
					return StopBreakpoint
				}
			}
		}
	}
	switch {
	case s.m.err != nil:
		return StopFault
	case s.m.Done():
		return StopEnd
	}
	return StopLimit
}

// peek returns the CTA index, warp and op that the next Step would issue
// (nil op when the kernel is done or deadlocked).
func (m *Machine) peek() (int, int, *op) {
	if m.done {
		return -1, -1, nil
	}
	c, w := m.next()
	if c == nil {
		if len(m.ctas) >= m.nctas {
			return -1, -1, nil
		}
		return m.linearOf(len(m.ctas)), 0, &m.kern.code[0]
	}
	if w == nil {
		return c.index, -1, nil
	}
	f := w.top()
	return c.index, w.id, &f.fn.code[f.stack[len(f.stack)-1].pc]
}

// HistoryStats describes the history a session keeps.
type HistoryStats struct {
	Checkpoints int   `json:"checkpoints"`
	Bytes       int64 `json:"bytes"`
	Budget      int64 `json:"budget"`
	Interval    int64 `json:"interval"` // steps between new checkpoints (replay cost of a step back near the newest)
	Thinned     int   `json:"thinned"`  // times older history was made coarser to fit the budget
}

// History reports the session's history use.
func (s *Session) History() HistoryStats {
	return HistoryStats{Checkpoints: len(s.cps), Bytes: s.used, Budget: s.budget, Interval: s.every, Thinned: s.thins}
}
