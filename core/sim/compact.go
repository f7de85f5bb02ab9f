package sim

// compact.go: an Unviewed machine's kernel with fewer register rows.
//
// Lowering gives every register of the text its own row (the views show
// them by name), so a kernel written as clang writes it, a new register
// for every value, touches a new 256-byte row at nearly every instruction:
// the tiled transpose's 84 registers are 172 KiB of rows a CTA, which no
// first-level cache holds, and each CTA's first write to a row misses.
// Nothing but its instructions looks at an Unviewed machine's registers
// (no snapshot, no sanitizer, no recording), so its kernel may run with
// registers that are never live at once sharing a row (check.Interferences),
// as a compiler's register allocation would: the transpose then needs 16.
// It pays where CTAs restart in released ones' blocks (restartCTA), which
// then find fewer rows and those still in the caches: grids of three CTAs
// or more; the analysis, about 200,000 machine instructions for a small
// kernel, is part of the run.

import (
	"math/bits"
	"slices"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/isa"
)

// compactOff turns compaction off (tests: the same kernels uncompacted,
// to compare).
var compactOff bool

// compactOps are the instructions, besides the lane-local ones
// (laneLocal), that a compacted kernel may hold: their lowering keeps
// every register slot in the op's own fields (d, s, base...), which
// compactKernel rewrites.
var compactOps = map[string]bool{
	"bar": true, "barrier": true, "bar.sync": true, "bar.arrive": true, "bar.red": true,
	"barrier.sync": true, "barrier.arrive": true, "barrier.red": true, "bar.warp.sync": true,
}

// compactKernel returns a copy of kernel f whose scalar value registers
// that every thread writes before reading them (check.WrittenFirst) share
// rows where they are never live at once, or nil when f holds an
// instruction other than those (laneLocal, compactOps), is too large to
// analyse, or would keep as many rows.
func compactKernel(f *fn) *fn {
	cf := f.src
	if cf == nil || !f.entry || compactOff {
		return nil
	}
	for i := range f.code {
		o := &f.code[i]
		if o.inst == nil {
			continue // the exit lowering adds at the end
		}
		if !laneLocal(o.inst) && !compactOps[o.inst.Entry.Name] || o.callee != nil || o.call != nil {
			return nil
		}
	}
	wf, x := check.Compaction(cf, laneLocal, 1<<22)
	if x == nil {
		return nil
	}
	// Old value slots 0..nvals-1 are the registers', in layoutFunc's
	// order; the constants, special registers and sink follow.
	nvals := 0
	for _, r := range cf.Regs {
		if r.Type.Kind != isa.KindPred {
			nvals += max(1, r.Vec)
		}
	}
	// Colour the scalars written first, each with the lowest row none of
	// those it is live with has; the rest keep rows of their own after.
	slot := make([]int32, f.nregs) // old -> new
	rows := int32(0)
	// In the order of their first writes: in straight-line code a
	// register is live over one interval, and intervals coloured in the
	// order they begin need no more rows than are ever live at once
	// (the registers' declaration order, by type, may need more). The
	// order by buckets of the first write's pc, each in the registers'
	// order (a stable sort, with no comparison function to call).
	first := make([]int32, f.nregs+len(f.code)+2)
	at := first[f.nregs:] // at[pc+1]: how many registers are first written at pc
	for i := range f.nregs {
		first[i] = int32(len(f.code))
	}
	for i := len(f.code) - 1; i >= 0; i-- {
		o := &f.code[i]
		for _, d := range o.d {
			if d >= 0 && int(d) < f.nregs {
				first[d] = int32(i)
			}
		}
	}
	n := 0
	for _, r := range cf.Regs {
		if r.Type.Kind == isa.KindPred || r.Vec > 0 || wf[r.Index]&1 == 0 {
			continue
		}
		at[first[f.slots[r.Index]]+1]++
		n++
	}
	for i := 1; i < len(at); i++ {
		at[i] += at[i-1]
	}
	order := make([]*check.Reg, n)
	for _, r := range cf.Regs {
		if r.Type.Kind == isa.KindPred || r.Vec > 0 || wf[r.Index]&1 == 0 {
			continue
		}
		k := &at[first[f.slots[r.Index]]]
		order[*k] = r
		*k++
	}
	// The colours of the elements coloured so far (-1: none), and the
	// rows taken by those live with the one being coloured, as bits.
	nb := 0
	for _, r := range cf.Regs {
		nb += max(1, r.Vec)
	}
	colour := make([]int32, nb)
	for i := range colour {
		colour[i] = -1
	}
	taken := make([]uint64, (n+64)/64)
	for _, r := range order {
		clear(taken)
		for w, word := range x.Live(x.Base[r.Index]) {
			for word != 0 {
				e := w*64 + bits.TrailingZeros64(word)
				word &= word - 1
				if e < len(colour) {
					if c := colour[e]; c >= 0 {
						taken[c/64] |= 1 << (c % 64)
					}
				}
			}
		}
		c := int32(0)
		for taken[c/64] == ^uint64(0) {
			c += 64
		}
		c += int32(bits.TrailingZeros64(^taken[c/64]))
		colour[x.Base[r.Index]] = c
		slot[f.slots[r.Index]] = c
		rows = max(rows, c+1)
	}
	shared := make([]bool, f.nregs)
	for _, q := range order {
		shared[f.slots[q.Index]] = true
	}
	for _, r := range cf.Regs {
		if r.Type.Kind == isa.KindPred || shared[f.slots[r.Index]] {
			continue
		}
		for k := range int32(max(1, r.Vec)) {
			slot[f.slots[r.Index]+k] = rows
			rows++
		}
	}
	if int(rows) >= nvals {
		return nil
	}
	for s := nvals; s < f.nregs; s++ {
		slot[s] = int32(s-nvals) + rows
	}
	g := *f
	g.writtenFirst = wf
	g.nregs = f.nregs - nvals + int(rows)
	re := func(s int32) int32 {
		if s < 0 || int(s) >= f.nregs {
			return s
		}
		return slot[s]
	}
	g.slots = slices.Clone(f.slots)
	for _, r := range cf.Regs {
		if r.Type.Kind != isa.KindPred {
			g.slots[r.Index] = re(f.slots[r.Index])
		}
	}
	g.names = make([]string, g.nregs)
	for s, n := range f.names {
		if g.names[slot[s]] == "" {
			g.names[slot[s]] = n
		}
	}
	g.consts = slices.Clone(f.consts)
	for i := range g.consts {
		g.consts[i].slot = re(g.consts[i].slot)
	}
	g.sregs = slices.Clone(f.sregs)
	for i := range g.sregs {
		g.sregs[i].slot = re(g.sregs[i].slot)
	}
	g.code = slices.Clone(f.code)
	// The ops' register lists, copied into one array (a compaction is
	// part of the run: one allocation, not two an op).
	n = 0
	for i := range g.code {
		n += len(g.code[i].d) + len(g.code[i].s)
	}
	lists := make([]int32, n)
	cut := func(l []int32) []int32 {
		if l == nil {
			return nil
		}
		c := lists[:len(l):len(l)]
		copy(c, l)
		lists = lists[len(l):]
		return c
	}
	for i := range g.code {
		o := &g.code[i]
		o.d, o.s = cut(o.d), cut(o.s)
		for k := range o.d {
			o.d[k] = re(o.d[k])
		}
		for k := range o.s {
			o.s[k] = re(o.s[k])
		}
		o.d1, o.rd, o.ra, o.rb, o.rc, o.base = re(o.d1), re(o.rd), re(o.ra), re(o.rb), re(o.rc), re(o.base)
		if o.flags&flagPlain != 0 {
			// wm: a value slot, or past the values (see frame).
			if int(o.wm) < f.nregs {
				o.wm = re(o.wm)
			} else {
				o.wm += int32(g.nregs - f.nregs)
			}
		}
	}
	return &g
}
