// exec_warp.go: the warp-wide instructions: shfl (and shfl.sync), vote
// (and vote.sync), match.sync, redux.sync, activemask, elect.sync.

package sim

import (
	"fmt"
	"math/bits"

	"github.com/ptxplay/ptxplay/core/check"
)

func init() {
	lowerers["shfl"] = lowerShfl
	lowerers["shfl.sync"] = lowerShfl
	lowerers["vote"] = lowerVote
	lowerers["vote.sync"] = lowerVote
	lowerers["match"] = lowerMatch
	lowerers["match.sync"] = lowerMatch
	lowerers["redux"] = lowerRedux
	lowerers["redux.sync"] = lowerRedux
	lowerers["activemask"] = func(l *lowering, in *check.Inst, o *op) error {
		o.exec = func(m *Machine, w *warp, o *op) {
			d, act := dst(w, o, 0), uint64(w.mask)
			for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
				if mk&1 != 0 {
					d[i] = act
				}
			}
		}
		return nil
	}
	lowerers["elect"] = lowerElect
	lowerers["elect.sync"] = lowerElect
}

func hasMod(in *check.Inst, names ...string) string {
	for _, m := range in.Src.Mods {
		for _, n := range names {
			if m.Name == n {
				return n
			}
		}
	}
	return ""
}

const (
	shflUp = iota
	shflDown
	shflBfly
	shflIdx
)

// shfl{.sync}.mode.b32 d[|p], a, b, c{, membermask} (PTX ISA 3.1 §8.7.9.6).
func lowerShfl(l *lowering, in *check.Inst, o *op) error {
	switch hasMod(in, ".up", ".down", ".bfly", ".idx") {
	case ".up":
		o.mode = shflUp
	case ".down":
		o.mode = shflDown
	case ".bfly":
		o.mode = shflBfly
	case ".idx":
		o.mode = shflIdx
	default:
		return fmt.Errorf("shfl: missing mode")
	}
	o.exec = execShfl
	waitingSync(in, o, 3) // syncwait.go
	return nil
}

func execShfl(m *Machine, w *warp, o *op) {
	d, a, b, c := dst(w, o, 0), src(w, o, 0), src(w, o, 1), src(w, o, 2)
	var out [32]uint64
	var ok uint32
	for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		j, p := shflSource(o.mode, lane, b[lane], c[lane])
		out[lane] = a[j]
		if p {
			ok |= 1 << lane
		}
	}
	for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
		if mk&1 != 0 {
			d[lane] = out[lane]
		}
	}
	setPred(w, o.pd, ok)
}

// shflSource is the lane a shfl lane reads (itself when out of range)
// and whether it is in range (the predicate p).
func shflSource(mode uint8, lane int, b, c uint64) (int, bool) {
	bval := int(b & 31)
	cval := int(c & 31)
	seg := int(c >> 8 & 31)
	maxLane := lane&seg | cval&^seg
	minLane := lane & seg
	var j int
	var p bool
	switch mode {
	case shflUp:
		j = lane - bval
		p = j >= maxLane
	case shflDown:
		j = lane + bval
		p = j <= maxLane
	case shflBfly:
		j = lane ^ bval
		p = j <= maxLane
	case shflIdx:
		j = minLane | bval&^seg
		p = j <= maxLane
	}
	if !p || j < 0 || j > 31 {
		j = lane
	}
	return j, p
}

// vote{.sync}.mode: .all .any .uni on predicates, .ballot.b32, over the
// threads of the membermask (vote.sync) or the active lanes (vote).
func lowerVote(l *lowering, in *check.Inst, o *op) error {
	mode := hasMod(in, ".all", ".any", ".uni", ".ballot")
	if mode == "" {
		return fmt.Errorf("vote: missing mode")
	}
	o.exec = func(m *Machine, w *warp, o *op) {
		p := pred(w, o, 0)
		var res uint32
		memberGroups(w, o, 0, func(g, lanes uint32) {
			pg := p & g
			switch mode {
			case ".ballot":
				d := dst(w, o, 0)
				for r := lanes; r != 0; r &= r - 1 {
					d[bits.TrailingZeros32(r)] = uint64(pg)
				}
			case ".all":
				if pg == g {
					res |= lanes
				}
			case ".any":
				if pg != 0 {
					res |= lanes
				}
			case ".uni":
				if pg == 0 || pg == g {
					res |= lanes
				}
			}
		})
		setPred(w, o.pd, res)
	}
	waitingSync(in, o, 0)
	return nil
}

// memberGroups calls fn once for each distinct set of threads that the
// active lanes' membermask operand (value source i) names, with that set g
// and the lanes that named it. A .sync warp instruction acts over the
// non-exited threads of its membermask (vote.sync, match.sync, redux.sync in
// the ISA); in this machine those are the active lanes of the mask, since a
// thread on another path cannot be at this instruction. Lanes usually all
// pass one mask, so fn usually runs once. Without a membermask operand (vote,
// the pre-sm_70 form) the group is the active lanes.
func memberGroups(w *warp, o *op, i int, fn func(g, lanes uint32)) {
	if i >= len(o.s) {
		fn(w.mask, w.mask)
		return
	}
	mm := src(w, o, i)
	for rest := w.mask; rest != 0; {
		g := uint32(mm[bits.TrailingZeros32(rest)]) & w.mask
		var lanes uint32
		for r := rest; r != 0; r &= r - 1 {
			if l := bits.TrailingZeros32(r); uint32(mm[l])&w.mask == g {
				lanes |= 1 << l
			}
		}
		fn(g, lanes)
		rest &^= lanes
	}
}

// syncWaits keeps the .sync warp instructions (shfl.sync, vote.sync,
// match.sync, redux.sync, bar.warp.sync) from giving an answer this
// machine cannot compute. The ISA has the executing thread wait "until
// all non-exited threads corresponding to membermask have executed" an
// instruction of the same kind with the same membermask; from sm_70 on
// that may be another instruction, on the other lanes' own path (an if
// and its else each with __shfl_sync(FULL_MASK, ...): Volta's
// independent thread scheduling). This machine runs the paths of a
// divergent branch one after the other and meets them only where they
// join, so a membermask (named: the lanes the executing lanes' masks
// name) naming live lanes that are not executing the instruction now (on
// another path, or guarded off) runs it over the lanes here. That is
// the ISA's answer when those lanes exit before they execute any such
// instruction (the wait ends when they exit), so the lanes are only
// noted (warp.syncPend). When a noted lane executes a .sync warp
// instruction before it exits, the earlier one would have waited for it
// and run with it: the run stops with a fault here, rather than give the
// answer it gave without a word before (with synccheck off).
func syncWaits(m *Machine, w *warp, o *op, named uint32) bool {
	live := w.valid &^ w.exited
	if p := w.syncPend & live & w.mask; p != 0 {
		q := w.syncPendOp
		m.raise(w, o, firstLane(p), fmt.Sprintf("%s: lanes %#08x of warp %d execute it after the %s at line %d ran without them, though its membermask %#08x named them "+
			"(they were on another path of a divergent branch, or guarded off): the ISA has that %s wait until they execute a %s with the same membermask "+
			"(from sm_70 on, possibly another instruction on their own path) unless they exit first; ptxplay does not model that wait "+
			"(it runs the paths of a divergent branch one after the other and meets them only where they join), "+
			"so it stops rather than give an answer (make the lanes of the mask reach one instruction together, or name only the lanes on each path)",
			o.inst.Entry.Name, p, w.id, q.inst.Entry.Name, q.line, w.syncPendMask, q.inst.Entry.Name, q.inst.Entry.Name))
		return true
	}
	notePending(w, o, named, w.mask)
	return false
}

func boolMask(b bool) uint32 {
	if b {
		return fullMask
	}
	return 0
}

// match.any.sync.type d, a, membermask: the threads of membermask holding
// my value; match.all.sync.type d[|p], a, membermask: the threads of
// membermask if they all hold one value, else 0.
func lowerMatch(l *lowering, in *check.Inst, o *op) error {
	all := hasMod(in, ".all") != ""
	k := widthMask(o.typ.bits)
	o.exec = func(m *Machine, w *warp, o *op) {
		d, a := dst(w, o, 0), src(w, o, 0)
		var p uint32
		memberGroups(w, o, 1, func(g, lanes uint32) {
			for r := lanes; r != 0; r &= r - 1 {
				i := bits.TrailingZeros32(r)
				var same uint32
				for q := g; q != 0; q &= q - 1 {
					if j := bits.TrailingZeros32(q); a[i]&k == a[j]&k {
						same |= 1 << j
					}
				}
				if all {
					if same == g {
						p |= 1 << i
					} else {
						same = 0
					}
				}
				d[i] = uint64(same)
			}
		})
		setPred(w, o.pd, p)
	}
	waitingSync(in, o, 1)
	return nil
}

// redux.sync.op.type d, a, membermask over the threads of membermask.
func lowerRedux(l *lowering, in *check.Inst, o *op) error {
	kind := hasMod(in, ".add", ".min", ".max", ".and", ".or", ".xor")
	if kind == "" {
		return fmt.Errorf("redux.sync: missing operation")
	}
	if o.typ.float {
		err := lowerReduxF32(in, o, kind) // exec_reduxf.go
		waitingSync(in, o, 1)
		return err
	}
	signed := o.typ.signed
	o.exec = func(m *Machine, w *warp, o *op) {
		d, a := dst(w, o, 0), src(w, o, 0)
		memberGroups(w, o, 1, func(g, lanes uint32) {
			var acc uint32
			first := true
			for q := g; q != 0; q &= q - 1 {
				v := uint32(a[bits.TrailingZeros32(q)])
				if first {
					acc, first = v, false
					continue
				}
				switch kind {
				case ".add":
					acc += v
				case ".and":
					acc &= v
				case ".or":
					acc |= v
				case ".xor":
					acc ^= v
				case ".min":
					if signed && int32(v) < int32(acc) || !signed && v < acc {
						acc = v
					}
				case ".max":
					if signed && int32(v) > int32(acc) || !signed && v > acc {
						acc = v
					}
				}
			}
			for r := lanes; r != 0; r &= r - 1 {
				d[bits.TrailingZeros32(r)] = uint64(acc)
			}
		})
	}
	waitingSync(in, o, 1)
	return nil
}

// elect.sync d|p, membermask: the lowest active lane of the mask leads.
//
// The ISA leaves the choice to the hardware ("deterministically, the same
// leader for the same membermask"); sm_90 elects the lowest lane, and so
// does ptxas's own emulation. Only "predicated active" threads are
// candidates: a lane of membermask whose guard is false takes no part. The
// executing thread must be in membermask, and .sync waits for every thread
// of membermask: a live lane of the mask that the warp's divergence keeps
// off this path would never come, so both are faults. Exited lanes and
// lanes past a partial warp's end do not count.
func lowerElect(l *lowering, in *check.Inst, o *op) error {
	o.exec = func(m *Machine, w *warp, o *op) {
		mask := uint32(src(w, o, 0)[firstLane(w.mask)])
		if out := w.mask &^ mask; out != 0 {
			m.raise(w, o, firstLane(out), fmt.Sprintf("elect.sync: the thread is not in membermask %#08x", mask))
			return
		}
		active := w.f.stack[len(w.f.stack)-1].mask
		if absent := mask & (w.valid &^ w.exited) &^ active; absent != 0 {
			m.raise(w, o, firstLane(w.mask), fmt.Sprintf("elect.sync: lanes %#08x of membermask %#08x are on another path of a divergent branch (.sync waits for every thread of membermask)", absent, mask))
			return
		}
		mm := mask & w.mask
		leader := bits.TrailingZeros32(mm)
		d := dst(w, o, 0)
		for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
			if mk&1 != 0 {
				d[i] = uint64(leader)
			}
		}
		if mm != 0 {
			setPred(w, o.pd, 1<<leader)
		} else {
			setPred(w, o.pd, 0)
		}
	}
	return nil
}
