// sanitize_relacq.go: release and acquire for racecheck, per thread (ISA
// 8.8 "Release and acquire patterns": a release pattern makes prior
// operations of the current thread visible; an acquire pattern makes
// operations of other threads visible to later operations of the current
// thread; under independent thread scheduling each lane is a thread).
//
// A release (fence/membar, st/atom/red .release or .acq_rel) is an event
// of the lanes that execute it, carrying a snapshot of what their warp
// has synchronised with so far (its vector clock, its lanes'
// bar.warp.sync state), so that causality order stays transitive (ISA
// 8.9.2): a write that a barrier or a __syncwarp ordered before the
// releasing thread's release is released too. An acquire (fence/membar,
// ld/atom .acquire or .acq_rel) is recorded per lane, and travels on
// through barriers, bar.warp.sync, barrier.cluster and mbarrier phases as
// the vector clocks do: a thread that a barrier orders after an acquire
// is ordered after the release it acquired.
//
// As before, an acquire is taken to observe every release of a scope that
// holds both threads made earlier in the schedule (ptxplay does not check
// that the acquire read the flag the release wrote); for fence.sc this is
// the model's own rule (Fence-SC order synchronizes), for the other forms
// it can miss a race, never invent one.

package sim

import (
	"math/bits"
	"slices"
	"sort"
)

// relEvent is one release instruction of one warp.
type relEvent struct {
	step  int64
	scope uint8
	warp  uint8
	cpos  int32
	lanes uint32 // the lanes that released
	snap  *relSnap
}

// relSnap is what a warp had synchronised with at a release.
type relSnap struct {
	vc           []uint32
	lsync, lmask [32]uint32
}

// release records the release of the lanes w.mask executing o (once per
// instruction: the memory hook calls it lane by lane).
func (s *sanitizer) release(m *Machine, w *warp, sem *opSem) {
	step := m.stats.WarpInstructions
	if sem.relStep == step {
		return
	}
	sem.relStep = step
	sw := s.warp(m, w)
	if p := sw.snap; p == nil || !slices.Equal(p.vc, sw.vc) || p.lsync != sw.lsync || p.lmask != sw.lmask {
		sw.snap = &relSnap{vc: slices.Clone(sw.vc), lsync: sw.lsync, lmask: sw.lmask}
	}
	s.rels = append(s.rels, relEvent{step: step, scope: sem.scope, warp: uint8(w.id), cpos: int32(w.cta.pos), lanes: w.mask, snap: sw.snap})
}

// acquire records an acquire at sem's scope by the lanes of w in lanes.
func (s *sanitizer) acquire(m *Machine, w *warp, sem *opSem, lanes uint32) {
	step := m.stats.WarpInstructions
	sw := s.warp(m, w)
	s.acqSeen = true
	for l := lanes; l != 0; l &= l - 1 {
		a := &sw.acq[bits.TrailingZeros32(l)]
		for k := 0; k <= int(sem.scope); k++ {
			a[k] = step
		}
	}
}

// acqJoin folds the acquires of lanes of sw into j (a barrier's arrivals);
// nothing to do before the first acquire.
func (s *sanitizer) acqJoin(j *[3]int64, sw *sanWarp, lanes uint32) {
	if !s.acqSeen {
		return
	}
	for l := lanes; l != 0; l &= l - 1 {
		a := &sw.acq[bits.TrailingZeros32(l)]
		for k := range j {
			j[k] = max(j[k], a[k])
		}
	}
}

// acqGive gives the lanes of sw the acquires of j (a barrier's waiters).
func (s *sanitizer) acqGive(sw *sanWarp, j *[3]int64, lanes uint32) {
	if !s.acqSeen {
		return
	}
	for l := lanes; l != 0; l &= l - 1 {
		a := &sw.acq[bits.TrailingZeros32(l)]
		for k := range j {
			a[k] = max(a[k], j[k])
		}
	}
}

// releasedTo reports whether a release that the access a happens before
// was acquired by cur's thread before cur: a release event after a, of a
// scope holding its thread and cur's, whose thread had a in its causal
// past, with an acquire at that scope in cur's thread's causal past after
// it.
func (s *sanitizer) releasedTo(m *Machine, w *warp, sw *sanWarp, a, cur *sanAcc) bool {
	acq := &sw.acq[cur.lane]
	if acq[0] <= a.step { // acq[0] is the latest acquire at any scope
		return false
	}
	rs := s.rels
	i := sort.Search(len(rs), func(i int) bool { return rs[i].step > a.step })
	for ; i < len(rs) && rs[i].step < acq[0]; i++ {
		e := &rs[i]
		lvl := s.level(m, e.cpos, cur.cpos)
		if int(e.scope) < lvl || acq[lvl] <= e.step {
			continue
		}
		if s.releases(m, w, e, a) {
			return true
		}
	}
	return false
}

// releases reports whether the release e covers the access a: a in the
// program order of a lane of e, or ordered before it by bar.warp.sync or
// a barrier.
func (s *sanitizer) releases(m *Machine, w *warp, e *relEvent, a *sanAcc) bool {
	if e.cpos == a.cpos && e.warp == a.warp {
		if e.lanes>>a.lane&1 != 0 {
			return true
		}
		for l := e.lanes; l != 0; l &= l - 1 {
			k := bits.TrailingZeros32(l)
			if e.snap.lsync[k] > a.sgen && e.snap.lmask[k]>>a.lane&1 != 0 {
				return true
			}
		}
	}
	sz := m.cl.size
	if int(e.cpos)/sz == int(a.cpos)/sz {
		slot := int(a.cpos)%sz*len(w.cta.warps) + int(a.warp)
		if slot < len(e.snap.vc) && e.snap.vc[slot] > a.clock {
			return true
		}
	}
	return false
}

// level is the narrowest scope holding the threads of CTAs p and q.
func (s *sanitizer) level(m *Machine, p, q int32) int {
	switch {
	case p == q:
		return scopeCTA
	case int(p)/m.cl.size == int(q)/m.cl.size:
		return scopeCluster
	}
	return scopeGPU
}
