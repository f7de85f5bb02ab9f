// control.go: branches and reconvergence, calls and returns, exit,
// barriers, special registers.

package sim

import "math/bits"

// computeReconvergence finds, for every branch, the immediate
// post-dominator of its block: where the diverged lanes meet again.
//
// A block that ends in exit ends its lanes: no lane that reaches it
// comes back, so its paths do not count against the meeting point (the
// lanes leave every stack entry when they exit). Compilers end such paths
// with exit (clang 19 lowers unreachable code, a switch's impossible
// default, to `exit`); counting them as paths to the function's end would
// put the meeting point at the end, and lanes that took different
// branches would run on apart through shfl.sync, vote and bar.sync. The
// same holds for the lanes a guarded exit (@p exit) ends. The
// post-dominators are taken with exits as dead ends for every branch that
// can reach a ret. A kernel that ends in exit rather than ret (hand-written
// PTX, or one that falls off its end) has its last block's exit as its end
// and every other exit as a dead end; failing that (the entry reaches no
// such end), only guarded exits are dead ends. A branch none of whose paths
// reaches an end keeps every exit as a path to the end.
func computeReconvergence(f *fn) {
	n := len(f.code)
	if n == 0 {
		return
	}
	// Basic blocks.
	leader := make([]bool, n+1)
	leader[0] = true
	for i := range f.code {
		o := &f.code[i]
		if o.ctl == ctlBra {
			if t := int(o.target); t >= 0 && t <= n {
				leader[t] = true
			}
			for _, t := range f.brx[int32(i)] { // brx.idx: every target
				leader[t] = true
			}
			leader[i+1] = true
		}
		if o.ctl == ctlExit || o.ctl == ctlRet {
			leader[i+1] = true
		}
	}
	blockOf := make([]int, n)
	var starts []int
	for i := 0; i < n; i++ {
		if leader[i] {
			starts = append(starts, i)
		}
		blockOf[i] = len(starts) - 1
	}
	nb := len(starts)
	exit := nb // virtual exit node
	// succ: every exit is a path to the end; alive: exits are dead ends,
	// but (tier 1) the last block's unguarded exit, or (tier 2) every
	// unguarded exit.
	succ := make([][]int, nb)
	alive := make([][]int, nb)
	build := func(tier int) {
		for b := range succ {
			succ[b], alive[b] = succ[b][:0], alive[b][:0]
		}
		for b := range starts {
			end := n
			if b+1 < nb {
				end = starts[b+1]
			}
			last := &f.code[end-1]
			add := func(to int, dead bool) {
				succ[b] = append(succ[b], to)
				if !dead {
					alive[b] = append(alive[b], to)
				}
			}
			fall := func() {
				if end < n {
					add(blockOf[end], false)
				} else {
					add(exit, false)
				}
			}
			switch {
			case last.ctl == ctlBra:
				if t := int(last.target); t < n {
					add(blockOf[t], false)
				} else {
					add(exit, false)
				}
				for _, t := range f.brx[int32(end-1)] {
					if int(t) < n {
						add(blockOf[t], false)
					} else {
						add(exit, false)
					}
				}
				if last.guard >= 0 {
					fall()
				}
			case last.ctl == ctlExit || last.ctl == ctlRet:
				live := tier == 2 && last.guard < 0 || tier == 1 && last.guard < 0 && end == n
				add(exit, last.ctl == ctlExit && !live)
				if last.guard >= 0 {
					fall()
				}
			default:
				fall()
			}
		}
	}
	// reach: the blocks with a path to the end that exits nowhere.
	reach := make([]bool, nb+1)
	reaches := func() {
		clear(reach)
		reach[exit] = true
		for changed := true; changed; {
			changed = false
			for b := nb - 1; b >= 0; b-- {
				for _, s := range alive[b] {
					if reach[s] && !reach[b] {
						reach[b], changed = true, true
					}
				}
			}
		}
	}
	for tier := 0; tier <= 2; tier++ {
		build(tier)
		if reaches(); reach[0] {
			break // the entry reaches an end: a ret, else the last exit
		}
	}
	all, live := postDominators(succ, nb), postDominators(alive, nb)
	count := func(pdom [][]uint64, b int) int {
		c := 0
		for _, x := range pdom[b] {
			c += bits.OnesCount64(x)
		}
		return c
	}
	ipdom := func(pdom [][]uint64, b int, ok func(int) bool) int {
		best, bestN := -1, -1
		for c := 0; c <= nb; c++ {
			if c == b || !ok(c) || pdom[b][c/64]>>(c%64)&1 == 0 {
				continue
			}
			if k := count(pdom, c); k > bestN {
				best, bestN = c, k
			}
		}
		return best
	}
	for i := range f.code {
		o := &f.code[i]
		if o.ctl == ctlBra {
			b := blockOf[i]
			var r int
			if reach[b] {
				r = ipdom(live, b, func(c int) bool { return reach[c] })
			} else {
				r = ipdom(all, b, func(int) bool { return true })
			}
			if r < 0 || r == exit {
				o.reconv = int32(n) // only at the function's end
			} else {
				o.reconv = int32(starts[r])
			}
		}
	}
}

// postDominators are the post-dominator sets of blocks 0..nb-1 and the
// virtual exit nb, as bitsets, iterated to a fixed point. A block with no
// successor (a dead end) post-dominates nothing but itself and is
// post-dominated by every block: it does not constrain its predecessors.
func postDominators(succ [][]int, nb int) [][]uint64 {
	exit := nb
	words := (nb + 1 + 63) / 64
	pdom := make([][]uint64, nb+1)
	for b := range pdom {
		pdom[b] = make([]uint64, words)
		if b == exit {
			pdom[b][b/64] |= 1 << (b % 64)
			continue
		}
		for i := range pdom[b] {
			pdom[b][i] = ^uint64(0)
		}
	}
	tmp := make([]uint64, words)
	for changed := true; changed; {
		changed = false
		for b := nb - 1; b >= 0; b-- {
			for i := range tmp {
				tmp[i] = ^uint64(0)
			}
			for _, s := range succ[b] {
				for i := range tmp {
					tmp[i] &= pdom[s][i]
				}
			}
			tmp[b/64] |= 1 << (b % 64)
			for i := range tmp {
				if tmp[i] != pdom[b][i] {
					copy(pdom[b], tmp)
					changed = true
					break
				}
			}
		}
	}
	return pdom
}

// Divergent lanes run taken path first, each until the reconvergence pc.
func execBra(m *Machine, w *warp, o *op) {
	f := w.top()
	e := &f.stack[len(f.stack)-1]
	pc := e.pc
	taken, fall := w.mask, e.mask&^w.mask
	switch {
	case fall == 0:
		e.pc = o.target
	case taken == 0:
		e.pc = pc + 1
	case e.rpc == o.reconv && pc+1 == o.reconv:
		// The lanes that fall through are already where this entry
		// reconverges, so they can wait in the entry that holds them there
		// (the one below that pushed this one, at pc reconv): this entry
		// goes on with the taken lanes alone. A loop whose back edge some
		// lanes leave each time keeps a flat stack instead of two more
		// entries an iteration. The lanes run in the same order either way.
		e.mask, e.pc = taken, o.target
	case e.rpc == o.reconv && o.target == o.reconv:
		e.mask, e.pc = fall, pc+1 // the same, taken lanes waiting
	default:
		e.pc = o.reconv
		f.stack = append(f.stack,
			entry{pc: pc + 1, rpc: o.reconv, mask: fall},
			entry{pc: o.target, rpc: o.reconv, mask: taken})
	}
}

// execExit ends the active lanes.
func execExit(m *Machine, w *warp, o *op) {
	f := w.top()
	if w.mask == 0 {
		f.stack[len(f.stack)-1].pc++
		return
	}
	top := len(f.stack) - 1
	m.exitLanes(w, w.mask)
	if !w.done && w.top() == f && len(f.stack) == top+1 {
		f.stack[top].pc++ // the entry's guarded-off lanes go on
	}
}

// exitLanes removes lanes from every stack entry of every frame.
func (m *Machine) exitLanes(w *warp, lanes uint32) {
	w.exited |= lanes
	for _, f := range w.frames {
		for i := range f.stack {
			f.stack[i].mask &^= lanes
		}
	}
	if w.exited == ^uint32(0) {
		w.done = true
		w.cta.doneWarps |= 1 << w.id
		return
	}
	m.clusterRelease(w.cta) // exited threads no longer hold the cluster barrier up
	// Drop frames whose lanes all left, then empty entries.
	for len(w.frames) > 1 && w.top().stack[0].mask == 0 {
		w.frames = w.frames[:len(w.frames)-1]
	}
	w.enter()
	popEmpty(w.top())
}

func popEmpty(f *frame) {
	for len(f.stack) > 1 && f.stack[len(f.stack)-1].mask == 0 {
		f.stack = f.stack[:len(f.stack)-1]
	}
}

// execRet returns the active lanes to the caller; the frame ends when all
// its lanes have returned.
func execRet(m *Machine, w *warp, o *op) {
	f := w.top()
	e := &f.stack[len(f.stack)-1]
	if w.mask == 0 {
		e.pc++
		return
	}
	if f.call == nil { // ret in a kernel ends the threads
		m.exitLanes(w, w.mask)
		if !w.done && e.mask != 0 {
			e.pc++
		}
		return
	}
	rest := e.mask &^ w.mask
	if rest != 0 {
		// Some lanes return now; they wait (are removed) until the rest do.
		f.stack[0].mask &^= w.mask
		for i := range f.stack {
			f.stack[i].mask &^= w.mask
		}
		f.returned |= w.mask
		e.pc++
		return
	}
	ret := f.returned | w.mask
	for i := range f.stack {
		f.stack[i].mask = 0
	}
	m.popFrame(w, f, ret)
}

// popFrame returns from f: copies return values of lanes ret and resumes
// the caller after the call.
func (m *Machine) popFrame(w *warp, f *frame, ret uint32) {
	w.frames = w.frames[:len(w.frames)-1]
	w.enter()
	caller := w.top()
	if ci := f.call.call; ci != nil {
		copyParams(m, w, caller, f, ci.rets, f.fn.rets, ret&^w.exited, false)
	}
	ce := &caller.stack[len(caller.stack)-1]
	ce.pc = f.callPC + 1
	normalize(w)
}

// sregValue is the value of a special register for one lane.
func (m *Machine) sregValue(w *warp, lane int, name string, comp int) uint64 {
	b, g := m.launch.Block, m.launch.Grid
	c := w.cta
	if comp < 0 {
		comp = 0
	}
	switch name {
	case "%tid":
		return uint64(m.threadIdx(w.id*32 + lane)[comp])
	case "%ntid":
		return uint64(b[comp])
	case "%ctaid":
		return uint64(c.id[comp])
	case "%nctaid":
		return uint64(g[comp])
	case "%laneid":
		return uint64(lane)
	case "%warpid":
		return uint64(w.id)
	case "%nwarpid":
		return 48
	case "%smid":
		return 0
	case "%nsmid":
		return 1
	case "%gridid":
		return 1
	case "%lanemask_eq":
		return 1 << lane
	case "%lanemask_le":
		return 1<<(lane+1) - 1
	case "%lanemask_lt":
		return 1<<lane - 1
	case "%lanemask_ge":
		return uint64(^uint32(0) << lane)
	case "%lanemask_gt":
		return uint64(^uint32(0) << lane << 1)
	case "%total_smem_size", "%aggr_smem_size":
		return uint64(len(c.shared))
	case "%dynamic_smem_size":
		return uint64(m.launch.SharedMem)
	case "%clusterid", "%cluster_ctaid", "%nclusterid", "%cluster_nctaid", "%cluster_ctarank", "%cluster_nctarank":
		return m.clusterSReg(c, name, comp)
	case "%clock":
		return m.clock() & 0xffffffff
	case "%clock_hi":
		return m.clock() >> 32
	case "%clock64":
		return m.clock()
	case "%globaltimer":
		return m.clock() // one simulated cycle per nanosecond
	case "%globaltimer_lo":
		return m.clock() & 0xffffffff
	case "%globaltimer_hi":
		return m.clock() >> 32
	}
	return 0 // %pm*, %envreg*, %reserved_*: zero in the simulator
}

// refreshClock updates the dynamic special registers an op reads.
func (m *Machine) refreshClock(w *warp, o *op) {
	f := w.top()
	for _, s := range f.fn.sregs {
		if isDynamicSReg(s.name) {
			r := w.reg(s.slot)
			v := m.sregValue(w, 0, s.name, s.comp)
			for i := range r {
				r[i] = v
			}
		}
	}
}
