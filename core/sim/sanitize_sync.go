// sanitize_sync.go: the sanitizers' hooks in barriers, bar.warp.sync,
// fences and the .sync warp instructions (synccheck, and the barrier
// order racecheck builds on). See sanitize.go.

package sim

import (
	"fmt"
	"math/bits"
	"strings"
)

// sanLowered wraps the exec of the instructions the sanitizers watch
// (lower.go calls it for every op). Off, each costs a nil test.
func sanLowered(o *op) {
	if o.inst == nil || o.exec == nil || o.flags&flagNoExec != 0 {
		return
	}
	inner := o.exec
	switch o.inst.Entry.Name {
	case "fence", "membar":
		o.exec = func(m *Machine, w *warp, o *op) {
			if m.san != nil && w.mask != 0 {
				m.san.fence(m, w, o)
			}
			inner(m, w, o)
		}
	case "mbarrier.arrive", "mbarrier.arrive_drop":
		o.exec = func(m *Machine, w *warp, o *op) {
			if m.san != nil && w.mask != 0 && m.san.on&SanRace != 0 {
				m.san.mbarArrive(m, w, o) // sanitize_mbar.go
			}
			inner(m, w, o)
		}
	case "mbarrier.test_wait", "mbarrier.try_wait":
		o.exec = func(m *Machine, w *warp, o *op) {
			inner(m, w, o)
			if m.san != nil && w.mask != 0 && m.san.on&SanRace != 0 && m.err == nil {
				m.san.mbarWaited(m, w, o) // sanitize_mbar.go
			}
		}
	case "barrier.cluster":
		o.exec = func(m *Machine, w *warp, o *op) {
			if m.san == nil || w.mask == 0 {
				inner(m, w, o)
				return
			}
			phase := m.cl.phases
			arrive := o.mode == 0
			inner(m, w, o)
			m.san.clusterBarrier(m, w, arrive, phase)
		}
	}
}

// warpSyncOp is the sanitizers' hook in a .sync warp instruction
// (shfl.sync, vote.sync, match.sync, redux.sync, bar.warp.sync), called
// by the machine with the lanes that execute it together (syncwait.go).
func (s *sanitizer) warpSyncOp(m *Machine, w *warp, o *op) {
	if w.mask == 0 {
		return
	}
	if o.inst.Entry.Name == "bar.warp.sync" {
		s.warpSync(m, w, o)
	} else if s.on&SanSync != 0 {
		s.memberMask(m, w, o)
	}
}

// laneMasks reads the membermask operand slot of each executing lane:
// lanes of one warp may run one .sync instruction together, each naming
// its own group (two half-warps' __ballot_sync(half, ...) in one issue).
// out gathers the lanes whose mask leaves themselves out, absent the
// lanes named by some mask that do not execute the instruction; outMask
// and absMask are the first such masks, absLane the lane that gave it.
func laneMasks(w *warp, slot int32) (masks [32]uint32, out, absent, outMask, absMask uint32, absLane int) {
	r := w.reg(slot)
	for l := w.mask; l != 0; l &= l - 1 {
		i := bits.TrailingZeros32(l)
		mk := uint32(r[i])
		masks[i] = mk
		if mk>>i&1 == 0 {
			if out == 0 {
				outMask = mk
			}
			out |= 1 << i
		}
		if a := mk &^ w.mask; a != 0 {
			if absent == 0 {
				absMask, absLane = mk, i
			}
			absent |= a
		}
	}
	return
}

// warpSync is bar.warp.sync membermask (__syncwarp): each executing lane
// orders its accesses with the executing lanes of its mask; synccheck
// wants each executing lane in its mask and no exited lane named.
func (s *sanitizer) warpSync(m *Machine, w *warp, o *op) {
	masks, out, absent, outMask, absMask, absLane := laneMasks(w, o.s[0])
	if s.on&SanSync != 0 {
		if out != 0 {
			me := s.me(m, w, o, firstLane(out))
			s.report(Hazard{Kind: "sync", HazardAccess: me, Message: fmt.Sprintf("bar.warp.sync (__syncwarp) with membermask %#08x executed by lanes %#08x of warp %d that the mask leaves out (the executing thread must be in membermask)", outMask, out, w.id)})
		}
		if gone := absent & (w.exited | ^w.valid); gone != 0 {
			me := s.me(m, w, o, absLane)
			s.report(Hazard{Kind: "sync", HazardAccess: me, Message: fmt.Sprintf("bar.warp.sync (__syncwarp) membermask %#08x names lanes %#08x of warp %d that have exited or do not exist: they never arrive", absMask, gone, w.id)})
		}
	}
	sw := s.warp(m, w)
	sw.sgen++
	var give [32][3]int64
	for l := w.mask &^ out; l != 0; l &= l - 1 {
		i := bits.TrailingZeros32(l)
		s.acqJoin(&give[i], sw, w.mask&masks[i])
	}
	for l := w.mask &^ out; l != 0; l &= l - 1 {
		i := bits.TrailingZeros32(l)
		s.acqGive(sw, &give[i], 1<<i)
		sw.lsync[i], sw.lmask[i] = sw.sgen, masks[i]
	}
}

// memberMask checks a .sync warp instruction's membermask (its last
// source) lane by lane: every executing lane in its mask, and no lane a
// mask names exited. Lanes a mask names that are on another path of a
// branch or guarded off are the machine's to judge: the instruction
// waits for them unless they exit first, and the machine stops with a
// fault when they execute such an instruction instead (syncWaits).
func (s *sanitizer) memberMask(m *Machine, w *warp, o *op) {
	if len(o.s) == 0 {
		return
	}
	_, out, absent, outMask, absMask, _ := laneMasks(w, o.s[len(o.s)-1])
	if out != 0 {
		me := s.me(m, w, o, firstLane(out))
		s.report(Hazard{Kind: "sync", HazardAccess: me, Message: fmt.Sprintf("%s with membermask %#08x executed by lanes %#08x of warp %d that the mask leaves out (undefined: the executing thread must be in membermask)", o.inst.Entry.Name, outMask, out, w.id)})
	}
	// vote, match and redux take the non-exited threads of the mask (the
	// ISA); a shuffle whose source lane exited reads an undefined value
	// ("results are undefined if source thread j is an inactive thread").
	if o.inst.Entry.Name == "shfl.sync" && absent&w.valid&w.exited != 0 {
		b, c := w.reg(o.s[1]), w.reg(o.s[2])
		var gone uint32
		lane := -1
		for l := w.mask; l != 0; l &= l - 1 {
			i := bits.TrailingZeros32(l)
			if j, _ := shflSource(o.mode, i, b[i], c[i]); w.exited>>j&1 != 0 {
				gone |= 1 << j
				if lane < 0 {
					lane = i
				}
			}
		}
		if gone != 0 {
			me := s.me(m, w, o, lane)
			s.report(Hazard{Kind: "sync", HazardAccess: me, Message: fmt.Sprintf("%s reads lanes %#08x of warp %d, which exited (membermask %#08x): an undefined value (the source thread must be active)", o.inst.Entry.Name, gone, w.id, absMask)})
		}
	}
}

// barArrive is a warp's arrival at CTA barrier id through o (execBar).
func (s *sanitizer) barArrive(m *Machine, w *warp, o *op, id int) {
	want := 0 // the count this arrival gives (0: every thread of the CTA)
	if len(o.s) > 1 {
		want = int(w.reg(o.s[1])[firstLane(w.mask)])
	}
	sc := s.cta(m, w.cta)
	sw := s.warp(m, w)
	bar := &sc.bars[id]
	if s.on&SanSync != 0 {
		aligned := barAligned(o)
		f := w.top()
		active := f.stack[len(f.stack)-1].mask
		live := w.valid &^ w.exited
		if p := sw.barPend & w.mask &^ w.exited; p != 0 {
			// Lanes an earlier arrival of this warp went without (on
			// another path) reach a barrier: they did not exit first, so
			// that barrier completed without them.
			s.report(sw.barPendHz)
		}
		sw.barPend &^= w.mask | w.exited
		if w.mask != live {
			me := s.me(m, w, o, firstLane(w.mask))
			missing := live &^ w.mask
			why := "on another path of a branch"
			if active == live {
				why = "guarded off by the predicate"
			}
			msg := fmt.Sprintf("barrier %d reached by lanes %#08x of warp %d but not by its lanes %#08x, %s and not exited", id, w.mask, w.id, missing, why)
			if aligned {
				msg += fmt.Sprintf(": %s is .aligned, so every thread of the warp must execute it together (a __syncthreads() in divergent code, e.g. inside if (threadIdx.x < n))", opName(o))
				s.report(Hazard{Kind: "sync", HazardAccess: me, Message: msg})
			} else {
				msg += ": they must arrive too before the barrier completes (on the GPU it would wait for them)"
				hz := Hazard{Kind: "sync", HazardAccess: me, Message: msg}
				// barrier.sync without .aligned counts threads, and an
				// exit releases a barrier its thread held up (ISA,
				// exit): lanes on another path that exit before they
				// reach a barrier are no finding. Which they do shows
				// later: the finding waits for them to reach one.
				if guarded := active & live &^ w.mask; guarded != 0 {
					s.report(hz)
				} else if sw.barPend == 0 {
					sw.barPendHz = hz
				}
				sw.barPend |= live &^ active
			}
		} else if gone := w.valid & w.exited; gone != 0 && want == 0 && aligned {
			// Some lanes left before this barrier (they are dead ends for
			// reconvergence, so they leave first): on the GPU a
			// __syncthreads() that some threads skip is undefined, as
			// for whole warps (barRelease).
			me := s.me(m, w, o, firstLane(w.mask))
			s.report(Hazard{Kind: "sync", HazardAccess: me, Message: fmt.Sprintf("barrier %d reached by lanes %#08x of warp %d without its lanes %#08x, which exited without reaching it: a __syncthreads() that not every thread of the CTA runs (the CUDA guide: allowed in conditional code only when the condition is the same for the whole block)", id, w.mask, w.id, gone)})
		}
		if bar.count > 0 {
			if bar.want != want || want == 0 && bar.op != o {
				me := s.me(m, w, o, firstLane(w.mask))
				other := HazardAccess{Line: int(bar.op.line), Col: int(bar.op.col), CTA: w.cta.id, Warp: bar.warp, Lane: bar.lane, Thread: m.threadIdx(bar.warp*32 + bar.lane), Step: bar.step}
				var msg string
				if bar.want != want {
					msg = fmt.Sprintf("barrier %d: warp %d arrives expecting %s, but warp %d arrived in this phase at %d:%d expecting %s (every arrival of a phase must give the same count)", id, w.id, countName(want), bar.warp, other.Line, other.Col, countName(bar.want))
				} else {
					msg = fmt.Sprintf("barrier %d: warp %d arrives at this __syncthreads while warp %d waits at the one at %d:%d: threads of a CTA must reach the same barrier (a barrier in code that not every thread runs)", id, w.id, bar.warp, other.Line, other.Col)
				}
				s.report(Hazard{Kind: "sync", HazardAccess: me, Message: msg, Other: &other})
			}
		} else {
			bar.op, bar.want, bar.warp, bar.lane, bar.step = o, want, w.id, firstLane(w.mask), m.stats.WarpInstructions
		}
	}
	bar.count++
	// Release: what the warp did so far is ordered before every access
	// after the phase completes.
	sw.vc[sw.self]++
	if bar.join == nil {
		bar.join = make([]uint32, len(sw.vc))
	}
	joinInto(bar.join, sw.vc)
	s.acqJoin(&bar.acq, sw, w.mask)
}

// barAligned: o is bar (bar.sync, __syncthreads) or barrier with
// .aligned, which every thread of a warp must execute together.
func barAligned(o *op) bool {
	return o.inst.Entry.Name == "bar" || o.inst.Match.Has(".aligned")
}

func countName(want int) string {
	if want == 0 {
		return "every thread of the CTA"
	}
	return fmt.Sprintf("%d threads", want)
}

// barRelease completes barrier id's phase: the waiting warps acquire what
// every arrival released (tryRelease).
func (s *sanitizer) barRelease(m *Machine, c *cta, id int, b *barrier) {
	sc := s.cta(m, c)
	bar := &sc.bars[id]
	if gone := c.doneWarps &^ (b.waiting | b.arrivedWarps); s.on&SanSync != 0 && b.want == 0 && gone != 0 && bar.op != nil && barAligned(bar.op) {
		// Completed only because warps exited: on the GPU a
		// __syncthreads() that some threads skip is undefined (the
		// ISA's barrier.sync without .aligned is released by them).
		me := HazardAccess{Line: int(bar.op.line), Col: int(bar.op.col), CTA: c.id, Warp: bar.warp, Lane: bar.lane, Thread: m.threadIdx(bar.warp*32 + bar.lane), Step: bar.step}
		var ws []string
		for g := gone; g != 0; g &= g - 1 {
			ws = append(ws, fmt.Sprint(bits.TrailingZeros64(g)))
		}
		s.report(Hazard{Kind: "sync", HazardAccess: me, Message: fmt.Sprintf("barrier %d completes without warps %s of CTA %s, which exited without reaching it: a __syncthreads() that not every thread of the CTA runs (the CUDA guide: allowed in conditional code only when the condition is the same for the whole block)", id, strings.Join(ws, ", "), tup(c.id))})
	}
	for ws := b.waiting; ws != 0; ws &= ws - 1 {
		w := c.warps[bits.TrailingZeros64(ws)]
		if bar.join != nil {
			joinInto(s.warp(m, w).vc, bar.join)
		}
		s.acqGive(s.warp(m, w), &bar.acq, w.valid)
	}
	*bar = sanBar{}
}

func joinInto(dst, src []uint32) {
	for i, v := range src {
		if i < len(dst) && v > dst[i] {
			dst[i] = v
		}
	}
}

// clusterBarrier is barrier.cluster.arrive (a release into the phase's
// join) and .wait (an acquire of the completed phase's join).
func (s *sanitizer) clusterBarrier(m *Machine, w *warp, arrive bool, phase int64) {
	sw := s.warp(m, w)
	if arrive {
		// Join first: this arrival may be the one that completed the
		// phase, and the waiters must acquire it too.
		sw.vc[sw.self]++
		if s.clJoin != nil && s.clPhase != phase {
			s.clusterAcquire(m) // an older phase's join: it has completed
		}
		if s.clJoin == nil {
			s.clPhase, s.clJoin, s.clAcq = phase, make([]uint32, len(sw.vc)), [3]int64{}
		}
		joinInto(s.clJoin, sw.vc)
		s.acqJoin(&s.clAcq, sw, w.mask)
		sw.clArr = phase + 1
		s.clusterAcquire(m) // this arrival may have completed the phase
		return
	}
	if sw.clArr != 0 {
		s.clWaiters = append(s.clWaiters, sw.key)
	}
	s.clusterAcquire(m)
}

// clusterAcquire settles a completed cluster-barrier phase and gives the
// warps that waited for it its join (called at each cluster-barrier
// instruction and each access while warps wait).
func (s *sanitizer) clusterAcquire(m *Machine) {
	if s.clJoin != nil && m.cl.phases > s.clPhase {
		if s.clDone != nil && s.clDonePhase == s.clPhase {
			joinInto(s.clDone, s.clJoin) // an arrival hooked after its phase completed
			for k := range s.clAcq {
				s.clAcqDone[k] = max(s.clAcqDone[k], s.clAcq[k])
			}
		} else {
			s.clDone, s.clDonePhase, s.clAcqDone = s.clJoin, s.clPhase, s.clAcq
		}
		s.clJoin = nil
	}
	k := 0
	for _, key := range s.clWaiters {
		sw := s.warps[key]
		if sw.gen != s.gen {
			sw = s.ownWarp(key) // sanitize_clone.go
		}
		if s.clDone != nil && s.clDonePhase == sw.clArr-1 {
			joinInto(sw.vc, s.clDone)
			s.acqGive(sw, &s.clAcqDone, ^uint32(0))
			sw.clArr = 0
			continue
		}
		if m.cl.phases > sw.clArr { // a later phase passed: nothing left to give
			continue
		}
		s.clWaiters[k] = key
		k++
	}
	s.clWaiters = s.clWaiters[:k]
}

// deadlock turns a barrier that can never complete into sync findings,
// one per barrier a warp waits at.
func (s *sanitizer) deadlock(m *Machine, c *cta) {
	if s.on&SanSync == 0 {
		return
	}
	for _, t := range m.cluster(c) {
		for _, w := range t.warps {
			if w.wait == 0 || w.waitOp == nil {
				continue
			}
			me := s.me(m, w, w.waitOp, firstLane(w.valid&^w.exited))
			me.Step = m.stats.WarpInstructions
			s.report(Hazard{Kind: "sync", HazardAccess: me, Message: fmt.Sprintf("hang: warp %d waits at %s, which can never complete (every running warp waits, and the threads it counts on never arrive): a barrier that not every thread reaches", w.id, barrierName(w.wait-1))})
		}
	}
}

// opName is the instruction's opcode with its modifiers, as written.
func opName(o *op) string {
	if f := strings.Fields(o.text); len(f) > 0 {
		return f[0]
	}
	return o.inst.Entry.Name
}
