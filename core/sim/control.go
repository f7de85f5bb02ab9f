// control.go: branches and reconvergence, calls and returns, exit,
// barriers, special registers.

package sim

import (
	"math/bits"
	"slices"
)

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
// same holds for the lanes a guarded exit (@p exit) ends.
//
// So the post-dominators are taken towards one end at a time, every other
// exit a dead end: first the rets (with running off the function's last
// instruction; in a kernel, its ret blocks), then each unguarded exit
// block, the one most blocks reach first (a block that is one bra alone,
// no work, not counted) (a kernel's final exit, wherever it stands in the text: an
// impossible case's exit stub is reached from its switch only; on a tie
// the later block). A branch takes the first end it reaches by paths that
// exit nowhere else, and meets at its immediate post-dominator towards that
// end. Taking the ends in one order for every branch keeps the meeting
// points nested: an inner branch that reaches its outer branch's end takes
// the same end; one that does not never reaches the outer meeting point
// either (that point reaches the end). A guarded exit is a dead end towards
// every end (its other lanes go on). A branch that reaches no end so (a
// loop that only a guarded exit leaves) takes every exit as a path to the
// end.
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
	last := func(b int) *op {
		if b+1 < nb {
			return &f.code[starts[b+1]-1]
		}
		return &f.code[n-1]
	}
	// ends reports whether op l ends its lanes' threads: exit, and ret in
	// a kernel (ISA, ret: "ret executed in a kernel ... terminates the
	// thread" as exit does).
	ends := func(l *op) bool { return l.ctl == ctlExit || l.ctl == ctlRet && f.entry }
	// lone: a block that is one unguarded thread end and nothing else, the
	// kernel's `ret` that clang -O3 jumps to from each early return and
	// that the last block falls into. Several paths reach it without
	// meeting (their lanes end there, whichever comes), so each edge into
	// it is an end of its own (endAt.from).
	lone := make([]bool, nb)
	for b := range starts {
		l := last(b)
		lone[b] = ends(l) && l.guard < 0 && &f.code[starts[b]] == l
	}
	shared := make([]bool, nb) // a lone end taken as one end per edge into it (set below)
	// succ: every exit is a path to the end. alive (build): the paths
	// towards one end, the exits but the live one dead ends.
	succ := make([][]int, nb)
	alive := make([][]int, nb)
	var exitBlocks []endAt // the ends but the rets: blocks that end in an unguarded thread end, or edges into a lone one
	build := func(live endAt) {
		for b := range succ {
			succ[b], alive[b] = succ[b][:0], alive[b][:0]
		}
		for b := range starts {
			end := n
			if b+1 < nb {
				end = starts[b+1]
			}
			l := last(b)
			add := func(to int, dead bool) {
				if to < nb && lone[to] && shared[to] && (live.blk != to || live.from != b) {
					dead = true // an edge into a shared lone end, not the live one
				}
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
			case l.ctl == ctlBra:
				if t := int(l.target); t < n {
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
				if l.guard >= 0 {
					fall()
				}
			case l.ctl == ctlExit || l.ctl == ctlRet:
				add(exit, ends(l) && (l.guard >= 0 || b != live.blk || live.from >= 0 && !shared[b]))
				if l.guard >= 0 {
					fall()
				}
			default:
				fall()
			}
		}
	}
	build(endAt{-1, -1})
	into := make([]int, nb)
	for b := range succ {
		for _, s := range succ[b] {
			if s < nb {
				into[s]++
			}
		}
	}
	// reachFrom: the blocks with a path to the end over the edges of g.
	reachFrom := func(g [][]int) []bool {
		reach := make([]bool, nb+1)
		reach[exit] = true
		for changed := true; changed; {
			changed = false
			for b := nb - 1; b >= 0; b-- {
				for _, s := range g[b] {
					if reach[s] && !reach[b] {
						reach[b], changed = true, true
					}
				}
			}
		}
		return reach
	}
	// assign gives every branch its meeting point, the ends as shared says.
	assign := func() {
		exitBlocks = exitBlocks[:0]
		for b := range starts {
			if l := last(b); ends(l) && l.guard < 0 && !shared[b] {
				exitBlocks = append(exitBlocks, endAt{-1, b})
			}
		}
		for b := range succ {
			for _, s := range succ[b] {
				if s < nb && shared[s] && !slices.Contains(exitBlocks, endAt{b, s}) {
					exitBlocks = append(exitBlocks, endAt{b, s})
				}
			}
		}
		// The exits in the order their ends are tried: most reaching blocks
		// first, then one that is no stub (below), then the later block.
		build(endAt{-1, -1})
		all := postDominators(succ, nb)
		const maxEnds = 16 // past these, a branch takes every exit as a path to the end
		if len(exitBlocks) > 4*maxEnds {
			// too many to count (a search each): the later ones first
			slices.Reverse(exitBlocks)
		} else if len(exitBlocks) > 1 {
			pred := make([][]int, nb)
			for b := range succ {
				for _, s := range succ[b] {
					if s < nb {
						pred[s] = append(pred[s], b)
					}
				}
			}
			reaching := map[endAt]int{}
			seen := make([]int, nb) // the end whose search saw it, +1
			// jump: a block of one unguarded bra and nothing else, as
			// clang writes an impossible switch default's edge to its exit
			// stub (cmd/difftest seed 10400291, clang 19): no work of the
			// kernel, so it does not count towards the end it reaches (it
			// made the stub outnumber the kernel's ret by one, and the
			// lanes of a loop before the ret ran the rest apart).
			jump := func(b int) bool {
				l := last(b)
				return l.ctl == ctlBra && l.guard < 0 && len(f.brx[int32(starts[b])]) == 0 && &f.code[starts[b]] == l
			}
			var queue []int
			for k, e := range exitBlocks {
				// blocks with a path to e: a search back over pred (for an
				// edge into a lone end, from the edge's block)
				from := e.blk
				if e.from >= 0 {
					from = e.from
					reaching[e]++ // the lone end itself
				}
				queue = append(queue[:0], from)
				seen[from] = k + 1
				for len(queue) > 0 {
					b := queue[len(queue)-1]
					queue = queue[:len(queue)-1]
					if !jump(b) {
						reaching[e]++
					}
					for _, p := range pred[b] {
						if seen[p] != k+1 {
							seen[p] = k + 1
							queue = append(queue, p)
						}
					}
				}
			}
			// stub: a block of a lone exit that nothing falls into, as
			// clang writes unreachable code (after the kernel's ret or exit)
			stub := func(e endAt) bool {
				b := e.blk
				if e.from >= 0 || b+1 < nb && starts[b+1]-starts[b] > 1 || b+1 == nb && n-starts[b] > 1 {
					return false
				}
				if b == 0 {
					return false
				}
				p := last(b - 1)
				return p.guard < 0 && (p.ctl == ctlBra || p.ctl == ctlExit || p.ctl == ctlRet)
			}
			// ret: an end that is a kernel's ret. A kernel that has one ends
			// there; its exits are error paths and clang 19's stubs for
			// unreachable code, which may have blocks of their own on the
			// way (phi copies before the jump), so a ret goes first.
			ret := func(e endAt) bool { return last(e.blk).ctl == ctlRet }
			slices.SortStableFunc(exitBlocks, func(a, b endAt) int {
				if ra, rb := ret(a), ret(b); ra != rb {
					if ra {
						return -1
					}
					return 1
				}
				if reaching[a] != reaching[b] {
					return reaching[b] - reaching[a]
				}
				if sa, sb := stub(a), stub(b); sa != sb {
					if sa {
						return 1
					}
					return -1
				}
				if b.blk != a.blk {
					return b.blk - a.blk
				}
				return b.from - a.from
			})
		}
		endList := append([]endAt{{-1, -1}}, exitBlocks...)
		if len(endList) > maxEnds {
			endList = endList[:maxEnds]
		}
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
		set := func(i, r int) {
			if r < 0 || r == exit {
				f.code[i].reconv = int32(n) // only at the function's end
			} else {
				f.code[i].reconv = int32(starts[r])
			}
		}
		var todo []int // branches not yet given a meeting point
		for i := range f.code {
			if f.code[i].ctl == ctlBra {
				todo = append(todo, i)
			}
		}
		for _, e := range endList {
			if len(todo) == 0 {
				break
			}
			build(e)
			reach := reachFrom(alive)
			var live [][]uint64
			rest := todo[:0]
			for _, i := range todo {
				b := blockOf[i]
				if !reach[b] {
					rest = append(rest, i)
					continue
				}
				if live == nil {
					live = postDominators(alive, nb)
				}
				set(i, ipdom(live, b, func(c int) bool { return reach[c] }))
			}
			todo = rest
		}
		for _, i := range todo {
			set(i, ipdom(all, blockOf[i], func(int) bool { return true }))
		}
	}
	assign()
	// A lone end that several edges reach becomes one end per edge only
	// where a branch that does not jump to it straight meets there: the
	// lanes that stay were split between its paths (clang -O3's early
	// return after a first branch), and the code after the join ran once
	// per group. A branch that jumps to the end straight (vadd's `@p bra
	// DONE`) keeps it: its lanes that leave wait there for the others, as
	// the page shows them.
	split := false
	for b := range starts {
		if !lone[b] || into[b] < 2 {
			continue
		}
		for i := range f.code {
			if f.code[i].ctl != ctlBra || int(f.code[i].reconv) != starts[b] {
				continue
			}
			if !slices.Contains(succ[blockOf[i]], b) {
				shared[b], split = true, true
				break
			}
		}
	}
	if split {
		assign()
	}
}

// endAt is an end that reconvergence is taken towards: block blk's thread
// end (from -1), or the edge from block from into the lone end blk; blk
// -1 for the rets of a function (and running off its last instruction).
type endAt struct{ from, blk int }

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
