// syncwait.go: the .sync warp instructions wait for the lanes their
// membermask names (shfl.sync, vote.sync, match.sync, redux.sync,
// bar.warp.sync).
//
// The ISA: the executing thread waits "until all non-exited threads
// corresponding to membermask have executed" an instruction of the same
// kind "with the same qualifiers and same membermask value" (bar.warp.sync:
// "all threads corresponding to membermask"). For .target sm_6x or below
// they must execute "the same ... instruction in convergence"; from sm_70
// on the other lanes may execute another instruction of that kind on their
// own path, and the instructions run together (Volta's independent thread
// scheduling: an if and its else each with __shfl_sync(FULL_MASK, ...)).
//
// This machine runs the paths of a divergent branch one after the other
// (the SIMT stack). When the lanes at a .sync instruction find lanes of
// their membermask on a sibling path of the same branch (an entry of the
// stack with the same meeting point, not yet there), they wait: their
// entry moves below that path's, which runs until it reaches an
// instruction of the same kind (or its meeting point). When every sibling
// path holding lanes of the mask is at such an instruction, the lanes
// execute together: the instruction of the waiting lanes runs over all of
// them, each lane reading its operands from its own instruction and
// writing its results to its own instruction's destinations. Lanes of the
// mask elsewhere (at the meeting point already, outside the branch, or
// guarded off) cannot be waited for here: the instruction runs over the
// lanes that are at it, which is the ISA's answer when those lanes exit
// first; when one of them executes a .sync warp instruction instead, the
// run stops with a fault (syncWaits, exec_warp.go).

package sim

import (
	"math/bits"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
)

// syncNames are the warp instructions that wait for their membermask.
var syncNames = map[string]bool{"shfl.sync": true, "vote.sync": true, "match.sync": true, "redux.sync": true, "bar.warp.sync": true, "elect.sync": true}

// waitingSync makes o, a .sync warp instruction whose membermask is value
// source maskIdx and whose semantics o.exec already has, wait for the
// lanes of its mask on sibling paths (see the file comment). It is a
// control op: it moves the pc itself.
func waitingSync(in *check.Inst, o *op, maskIdx int) {
	if !syncNames[in.Entry.Name] || maskIdx >= len(o.s) {
		return // the pre-sm_70 forms have no membermask
	}
	sem := o.exec
	o.flags |= flagControl
	o.exec = func(m *Machine, w *warp, o *op) { execSync(m, w, o, maskIdx, sem) }
}

// syncKey is what two instructions must share to run together: the
// instruction, its qualifiers and its operands' shape.
func syncKey(o *op) string {
	var b strings.Builder
	b.WriteString(o.inst.Entry.Name)
	for _, mo := range o.inst.Src.Mods {
		b.WriteString(mo.Name)
	}
	b.WriteByte(byte('0' + len(o.s)))
	b.WriteByte(byte('0' + len(o.d)))
	b.WriteByte(byte('0' + len(o.ps)))
	if o.pd >= 0 {
		b.WriteByte('p')
	}
	if o.pd2 >= 0 {
		b.WriteByte('q')
	}
	return b.String()
}

func execSync(m *Machine, w *warp, o *op, maskIdx int, sem func(*Machine, *warp, *op)) {
	f := w.top()
	e := &f.stack[len(f.stack)-1]
	if w.mask == 0 {
		e.pc++
		return
	}
	live := w.valid &^ w.exited
	named := memberLanes(w, o, maskIdx, w.mask)
	if w.syncPend&live&w.mask == 0 {
		if absent := named & live &^ w.mask; absent != 0 {
			if syncTogether(m, w, f, o, maskIdx, absent, sem) {
				return
			}
		}
	}
	// The lanes here run it alone (syncWaits faults or notes the absent).
	if syncWaits(m, w, o, named) {
		return
	}
	if m.san != nil {
		m.san.warpSyncOp(m, w, o) // sanitize_sync.go
	}
	sem(m, w, o)
	markWritten(f, o, w.mask)
	e.pc++
}

// markWritten marks o's destinations written for lanes (the page's
// register view).
func markWritten(f *frame, o *op, lanes uint32) {
	for _, d := range o.d {
		if d >= 0 {
			f.wregs[d] |= lanes
		}
	}
	if o.pd >= 0 {
		f.wpreds[o.pd] |= lanes
	}
	if o.pd2 >= 0 {
		f.wpreds[o.pd2] |= lanes
	}
}

// syncTogether handles the lanes absent from o's membermask that wait on
// sibling paths: it parks the executing lanes behind the first sibling
// path not yet at an instruction of o's kind, or, when every sibling
// path with lanes of the mask is at one, runs them all together. It
// returns false when some absent lanes are not on a sibling path (or a
// sibling waits at another kind of .sync instruction: a hang on the GPU),
// and the lanes here go on alone.
func syncTogether(m *Machine, w *warp, f *frame, o *op, maskIdx int, absent uint32, sem func(*Machine, *warp, *op)) bool {
	top := len(f.stack) - 1
	e := f.stack[top]
	key := ""
	var cover uint32
	park := -1
	var ready []int
	for k := top - 1; k >= 0; k-- {
		s := f.stack[k]
		if s.rpc != e.rpc {
			break // the branch's own entry, waiting at the meeting point
		}
		if s.pc == s.rpc {
			continue // an inner branch's own entry (its paths are above it)
		}
		if s.mask&absent == 0 {
			continue
		}
		cover |= s.mask
		y := &w.code[s.pc]
		switch {
		case y.inst != nil && syncNames[y.inst.Entry.Name]:
			if key == "" {
				key = syncKey(o)
			}
			if syncKey(y) != key {
				return false // waits at another kind: they never meet
			}
			ready = append(ready, k)
		case park < 0:
			park = k
		}
	}
	if absent&^cover != 0 {
		return releaseMeeting(f, absent&^cover)
	}
	if park >= 0 {
		// Wait: the sibling path not yet at such an instruction runs
		// next (it moves to the top), the lanes here after it.
		n := f.stack[park]
		copy(f.stack[park:top], f.stack[park+1:top+1])
		f.stack[top] = n
		return true
	}
	runTogether(m, w, f, o, maskIdx, ready, sem)
	return true
}

// releaseMeeting handles lanes of the mask that wait at the meeting
// point of the branch the executing lanes are in (left in the entry that
// pushed the paths, or in an entry of their own there): with no wait at
// meeting points on the GPU they go on, and so they do here when every
// absent lane waits there (a path that ends the kernel is a dead end, so
// clang's layout of if (c) {...; return} else {...; return} has the other
// lanes wait where the branch falls through). The branch's own entry,
// holding the lanes at its pc, the meeting point, moves to the top with
// only those lanes, and the paths' entries below it meet where it meets
// (its rpc); its lanes then run on to an instruction of the kind (or to
// that point), and syncTogether finds the executing lanes as a path
// below it. It reports whether it moved them.
func releaseMeeting(f *frame, absent uint32) bool {
	top := len(f.stack) - 1
	meet := f.stack[top].rpc
	p := top - 1
	for p >= 0 && f.stack[p].rpc == meet {
		p--
	}
	if p < 0 || f.stack[p].pc != meet || meet < 0 {
		return false
	}
	var paths []entry
	var running uint32 // lanes of the paths that have not reached the meeting point
	for k := p + 1; k <= top; k++ {
		if s := f.stack[k]; s.pc != s.rpc && s.mask != 0 {
			paths = append(paths, s)
			running |= s.mask
		}
	}
	b := f.stack[p]
	b.mask &^= running
	if absent&^b.mask != 0 {
		return false // some wait elsewhere
	}
	for i := range paths {
		paths[i].rpc = b.rpc
	}
	f.stack = append(append(f.stack[:p], paths...), b)
	return true
}

// runTogether runs o over its lanes and those of the sibling entries
// ready, each at an instruction of o's kind. o runs as a copy whose
// operands are scratch rows (past the frame's registers and predicates,
// in copies of them): each lane's row holds the value of its own
// instruction's operand, so that two operands of o in one register (or
// one constant) may differ on the other paths. Then o's lanes take o's
// results, and the sibling lanes' results go to their own instruction's
// destinations. Every entry moves past its instruction.
func runTogether(m *Machine, w *warp, f *frame, o *op, maskIdx int, ready []int, sem func(*Machine, *warp, *op)) {
	here := w.mask
	type sib struct {
		k     int
		y     *op
		lanes uint32
	}
	sibs := make([]sib, len(ready))
	all := here
	for i, k := range ready {
		s := &f.stack[k]
		y := &w.code[s.pc]
		sibs[i] = sib{k: k, y: y, lanes: s.mask & (f.preds[y.gp] ^ y.gx)}
		all |= sibs[i].lanes
	}
	regs, preds := w.regs, f.preds
	nr, np := int32(len(regs)), int32(len(preds))
	w.regs = append(regs[:nr:nr], make([][32]uint64, len(o.s))...)
	f.preds = append(preds[:np:np], make([]uint32, len(o.ps))...)
	ox := *o
	ox.s = make([]int32, len(o.s))
	for i, slot := range o.s {
		ox.s[i] = nr + int32(i)
		row := &w.regs[nr+int32(i)]
		*row = regs[slot]
		for _, sb := range sibs {
			y := &regs[sb.y.s[i]]
			for l := sb.lanes; l != 0; l &= l - 1 {
				n := bits.TrailingZeros32(l)
				row[n] = y[n]
			}
		}
	}
	ox.ps = make([]int32, len(o.ps))
	ox.pneg = 0
	for i := range o.ps {
		ox.ps[i] = np + int32(i)
		v := pred(w, o, i) & here
		for _, sb := range sibs {
			v |= pred(w, sb.y, i) & sb.lanes
		}
		f.preds[np+int32(i)] = v
	}
	w.mask = all
	named := memberLanes(w, &ox, maskIdx, all) // each lane's own mask
	if m.san != nil {
		m.san.warpSyncOp(m, w, &ox) // sanitize_sync.go
	}
	sem(m, w, &ox)
	out, outP := w.regs, f.preds
	w.regs, f.preds = regs, preds
	w.mask = here
	give := func(from, to int32, lanes uint32) {
		r, s := &out[from], &regs[to]
		for l := lanes; l != 0; l &= l - 1 {
			n := bits.TrailingZeros32(l)
			s[n] = r[n]
		}
	}
	giveP := func(from, to int32, lanes uint32) {
		preds[to] = preds[to]&^lanes | outP[from]&lanes
	}
	for j, d := range o.d {
		if d >= 0 {
			give(d, d, here)
			for _, sb := range sibs {
				if yd := sb.y.d[j]; yd >= 0 {
					give(d, yd, sb.lanes)
				}
			}
		}
	}
	if o.pd >= 0 {
		giveP(o.pd, o.pd, here)
		for _, sb := range sibs {
			giveP(o.pd, sb.y.pd, sb.lanes)
		}
	}
	if o.pd2 >= 0 {
		giveP(o.pd2, o.pd2, here)
		for _, sb := range sibs {
			giveP(o.pd2, sb.y.pd2, sb.lanes)
		}
	}
	for _, sb := range sibs {
		markWritten(f, sb.y, sb.lanes)
		f.stack[sb.k].pc++
		m.stats.WarpInstructions++
		m.stats.ThreadInstructions += int64(bits.OnesCount32(f.stack[sb.k].mask))
	}
	markWritten(f, o, here)
	f.stack[len(f.stack)-1].pc++
	// Lanes of the mask still elsewhere: noted, as when it runs alone.
	notePending(w, o, named, all)
}

// memberLanes is the union of the membermasks (value source i) that
// lanes hold.
func memberLanes(w *warp, o *op, i int, lanes uint32) uint32 {
	mm := src(w, o, i)
	var named uint32
	for r := lanes; r != 0; r &= r - 1 {
		named |= uint32(mm[bits.TrailingZeros32(r)])
	}
	return named
}

// notePending notes the live lanes of named that did not run o with the
// lanes here (warp.syncPend, read by syncWaits).
func notePending(w *warp, o *op, named, here uint32) {
	live := w.valid &^ w.exited
	if absent := named & live &^ here; absent != 0 {
		if w.syncPend&live == 0 {
			w.syncPend, w.syncPendOp, w.syncPendMask = 0, o, named
		}
		w.syncPend |= absent
	}
}
