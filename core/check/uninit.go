package check

// uninit.go: reads of registers that no instruction can have written.
//
// PTX registers start undefined (ISA 3.1 section 5.1.1: a register's
// contents are undefined until written). A read that no write reaches along
// any path through the function is always a bug, so it is reported. The
// analysis is a may-be-written data flow over the function's control flow:
// a register counts as written after any instruction that writes it, under
// any guard and in any lane, so only reads that are undefined in every lane
// on every path are reported; a read that is undefined only in some lanes
// or on some paths goes unreported.

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/ptxplay/ptxplay/core/isa"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// regSet is a bit set of register indexes (Reg.Index).
type regSet []uint64

func (s regSet) has(i int) bool { return s[i/64]>>(i%64)&1 != 0 }
func (s regSet) add(i int)      { s[i/64] |= 1 << (i % 64) }
func (s regSet) del(i int)      { s[i/64] &^= 1 << (i % 64) }

// union adds t to s and reports whether s grew.
func (s regSet) union(t regSet) bool {
	grew := false
	for i := range s {
		if n := s[i] | t[i]; n != s[i] {
			s[i], grew = n, true
		}
	}
	return grew
}

// regSets returns n empty sets of words words each, cut from one
// allocation: the analyses below keep a set or two per instruction, and a
// run that compacts its kernel (core/sim compact.go) pays for them.
func regSets(n, words int) []regSet {
	all := make(regSet, n*words)
	sets := make([]regSet, n)
	for i := range sets {
		sets[i] = all[i*words : (i+1)*words : (i+1)*words]
	}
	return sets
}

// intersect keeps in s only what t has and reports whether s shrank.
func (s regSet) intersect(t regSet) bool {
	shrank := false
	for i := range s {
		if n := s[i] & t[i]; n != s[i] {
			s[i], shrank = n, true
		}
	}
	return shrank
}

// Warnings returns the problems of a checked program that do not stop it
// from running, sorted by position: for now, reads of registers that no
// instruction can have written before them. Real compilers emit such reads
// now and then (a value the program never uses), so they are warnings; a
// read whose result matters is a bug worth a look.
func Warnings(p *Program) ptx.ErrorList {
	var list ptx.ErrorList
	for _, f := range p.Funcs {
		if f.Defined() {
			uninitReads(p, f, &list)
		}
	}
	removedLater(p, &list)
	if NotSimulated != nil {
		list = append(list, NotSimulated(p)...) // see notsim.go
	}
	list.Sort()
	return list
}

// removedLater warns at each instruction whose entry a later PTX ISA
// removes for this target (vote and shfl without .sync on sm_70 and up,
// removed from PTX ISA 6.4, Entry.Removed) in a module older than that:
// the checker accepts it, and ptxas warns as it does ("Instruction 'vote'
// without '.sync' may produce unpredictable results on sm_70 and later
// architectures"), since from sm_70 the lanes of a warp need not run
// together when they reach it.
func removedLater(p *Program, list *ptx.ErrorList) {
	for _, f := range p.Funcs {
		for _, in := range f.Code {
			r := in.Entry.Removed
			if r.PTX == 0 || p.SM < r.SM || r.Applies(p.Version, p.SM) {
				continue
			}
			list.Add(p.File.Position(in.Src.Pos()), fmt.Sprintf("%s may produce unpredictable results on sm_%d and later (ptxas warns so): the lanes of a warp need not run it together; PTX ISA %s removes it for these targets, write %s", written(in.Src), r.SM, r.PTX, r.Use))
		}
	}
}

// flow is a function's registers as bits (one a register, and one an
// element of a vector register: v.x and v.y are written and read apart)
// and its control flow, for the data flow analyses of this file.
type flow struct {
	base    []int    // Reg.Index -> its first bit
	words   int      // regSet length
	entry   regSet   // defined on entry: .reg parameters and module-scope registers
	writes  []regSet // the bits each instruction writes
	succ    [][]int  // each instruction's successors
	blind   bool     // an instruction's operands are not resolved: it may name any register
	reached []bool   // instructions some path from the start reaches

	// Each instruction's register operands (addUses), instruction i's uses[at[i]:at[i+1]]: listed once, so that the
	// analyses below run down an array, not a callback per operand
	// (a run that compacts its kernel pays for them, in wasm too).
	uses []use
	at   []int32
}

// use is one register operand of an instruction: the register, its
// element's bit, and whether the instruction writes it.
type use struct {
	reg  int32 // Reg.Index
	bit  int32
	dest bool
}

// usesOf returns instruction i's register operands.
func (fl *flow) usesOf(i int) []use { return fl.uses[fl.at[i]:fl.at[i+1]] }

// newFlow builds f's flow; nil when f has no code or no registers.
func newFlow(f *Func) *flow {
	n := len(f.Code)
	if n == 0 || len(f.Regs) == 0 {
		return nil
	}
	fl := &flow{base: make([]int, len(f.Regs))}
	bits := 0
	for i, r := range f.Regs {
		fl.base[i] = bits
		bits += max(1, r.Vec)
	}
	words := (bits + 63) / 64
	fl.words = words
	// Registers defined on entry: .reg parameters and module-scope
	// registers (materialized into f.Regs, but not declared in the body).
	fl.entry = make(regSet, words)
	body := f.Decl.Body.Pos()
	for _, r := range f.Regs {
		if !r.Pos.IsValid() || r.Pos < body {
			for k := range max(1, r.Vec) {
				fl.entry.add(fl.base[r.Index] + k)
			}
		}
	}
	// The writes and the successors of each instruction.
	fl.writes = regSets(n, words)
	fl.at = make([]int32, n+1)
	fl.uses = make([]use, 0, 3*n)
	fl.succ = make([][]int, n)
	// Each instruction's successors, cut from one growing array (an
	// earlier cut keeps the array it was cut from when it grows).
	succ := make([]int, 0, 2*n)
	allLabels := make([]int, 0, len(f.Labels))
	for _, l := range f.Labels {
		if l.Index >= 0 && l.Index < n {
			allLabels = append(allLabels, l.Index)
		}
	}
	for i, in := range f.Code {
		w := fl.writes[i]
		if in.Args == nil && len(in.Src.Args) > 0 {
			// Operands not resolved (instructions the simulator does not
			// run): assume they write everything.
			for j := range w {
				w[j] = ^uint64(0)
			}
			fl.blind = true
		}
		fl.addUses(in)
		for _, u := range fl.uses[fl.at[i]:] {
			if u.dest {
				w.add(int(u.bit))
			}
		}
		fl.at[i+1] = int32(len(fl.uses))
		falls := true
		from := len(succ)
		switch in.Entry.Name {
		case "bra":
			for _, a := range in.Args {
				if a.Kind == ArgLabel && a.Label != nil && a.Label.Index >= 0 && a.Label.Index < n {
					succ = append(succ, a.Label.Index)
				}
			}
			falls = in.Guard != nil
		case "brx.idx":
			succ = append(succ, allLabels...)
			falls = in.Guard != nil
		case "ret", "exit", "trap":
			falls = in.Guard != nil
		}
		if falls && i+1 < n {
			succ = append(succ, i+1)
		}
		if len(succ) > from {
			fl.succ[i] = succ[from:len(succ):len(succ)]
		}
	}
	fl.reached = reachable(fl.succ) // dead code never runs, so never reads
	return fl
}

// forward solves a forward data flow over fl's instructions: out[i] is
// in[i] plus gen[i], and meet(in[s], out[i]) merges it into each
// successor s, reporting a change (union for a may-analysis, intersect
// for a must one: no func value, whose call is an indirect one, in
// wasm dearer still); work is where it starts. in holds the answer.
func (fl *flow) forward(in, gen []regSet, must bool, work []int) {
	queued := make([]bool, len(in))
	for _, i := range work {
		queued[i] = true
	}
	out := make(regSet, fl.words)
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		queued[i] = false
		copy(out, in[i])
		out.union(gen[i])
		for _, s := range fl.succ[i] {
			var changed bool
			if must {
				changed = in[s].intersect(out)
			} else {
				changed = in[s].union(out)
			}
			if changed && !queued[s] {
				queued[s] = true
				work = append(work, s)
			}
		}
	}
}

// uninitReads reports the reads in f of registers that no path from the
// function's start writes first.
func uninitReads(p *Program, f *Func, list *ptx.ErrorList) {
	fl := newFlow(f)
	if fl == nil {
		return
	}
	n, words := len(f.Code), fl.words
	// Forward may-analysis: in[i] = union of (in[p] + writes[p]) over the
	// predecessors p; the entry has the parameters.
	in := regSets(n, words)
	in[0].union(fl.entry)
	fl.forward(in, fl.writes, false, []int{0})
	for i, inst := range f.Code {
		if !fl.reached[i] {
			continue
		}
		reported := map[int]bool{}
		for _, u := range fl.usesOf(i) {
			b := int(u.bit)
			if u.dest || reported[b] || in[i].has(b) {
				continue
			}
			reported[b] = true
			r := f.Regs[u.reg]
			name := r.Name
			if r.Vec > 0 {
				name += "." + string("xyzw"[(b-fl.base[u.reg])%4])
			}
			list.Add(p.File.Position(inst.Src.Pos()), fmt.Sprintf("%s is read here, but no instruction before it writes it: registers start undefined (write %s first)", name, name))
		}
	}
}

// WrittenFirst reports the registers of f that every thread writes
// before it reads them, whatever path it takes through f: bit k of the
// result at a register's Index is set when element k (0 for a scalar)
// is. Which instructions count is the caller's: laneLocal says that an
// instruction reads its sources, and writes its destinations in full,
// in each thread that runs it and in no other. A write counts only with
// no guard; a register that an instruction laneLocal refuses names
// (reading or writing it), a register defined on entry (a .reg
// parameter, a module-scope register), and every register of a
// function with an instruction whose operands are not resolved, are
// never reported. Registers no instruction reads are reported.
//
// The analysis is a must-be-written data flow, per thread (a thread
// follows one path through the control flow, whatever the other lanes
// of its warp do): in[i] is the intersection of out[p] over the
// predecessors p, out[i] = in[i] plus i's unguarded writes.
func WrittenFirst(f *Func, laneLocal func(*Inst) bool) []uint8 {
	return newFlow(f).writtenFirst(f, laneLocal)
}

// Compaction returns WrittenFirst(f, laneLocal) and Interferences(f,
// maxWords), from one analysis of f's control flow and operands (a
// register allocation needs both; core/sim's compaction is part of a
// run).
func Compaction(f *Func, laneLocal func(*Inst) bool, maxWords int) ([]uint8, *Interference) {
	fl := newFlow(f)
	return fl.writtenFirst(f, laneLocal), fl.interferences(f, maxWords)
}

func (fl *flow) writtenFirst(f *Func, laneLocal func(*Inst) bool) []uint8 {
	res := make([]uint8, len(f.Regs))
	if fl == nil || fl.blind {
		return res
	}
	n, words := len(f.Code), fl.words
	defs := regSets(n, words)
	ok := make(regSet, words) // the bits only laneLocal instructions name
	for j := range ok {
		ok[j] = ^uint64(0)
	}
	for _, r := range f.Regs {
		if fl.entry.has(fl.base[r.Index]) {
			for k := range max(1, r.Vec) {
				ok.del(fl.base[r.Index] + k)
			}
		}
	}
	for i, in := range f.Code {
		if !fl.reached[i] {
			continue
		}
		local, guarded := laneLocal(in), in.Guard != nil
		for _, u := range fl.usesOf(i) {
			if !local {
				for k := range max(1, f.Regs[u.reg].Vec) {
					ok.del(fl.base[u.reg] + k)
				}
			} else if u.dest && !guarded {
				defs[i].add(int(u.bit))
			}
		}
	}
	// in[0] is empty; every other instruction starts full (the top of
	// the intersection) and shrinks.
	in := regSets(n, words)
	for i := 1; i < n; i++ {
		for j := range in[i] {
			in[i][j] = ^uint64(0)
		}
	}
	// Every instruction a path reaches is visited at least once.
	work := make([]int, 0, n) // an instruction is queued once at a time: n at most
	for i := n - 1; i >= 0; i-- {
		if fl.reached[i] {
			work = append(work, i)
		}
	}
	fl.forward(in, defs, true, work)
	for i := range f.Code {
		if !fl.reached[i] {
			continue
		}
		for _, u := range fl.usesOf(i) {
			if !u.dest && !in[i].has(int(u.bit)) {
				ok.del(int(u.bit))
			}
		}
	}
	for _, r := range f.Regs {
		for k := range max(1, r.Vec) {
			if ok.has(fl.base[r.Index] + k) {
				res[r.Index] |= 1 << k
			}
		}
	}
	return res
}

func reachable(succ [][]int) []bool {
	seen := make([]bool, len(succ))
	if len(succ) == 0 {
		return seen
	}
	stack := append(make([]int, 0, len(succ)), 0) // each instruction pushed once at most
	seen[0] = true
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range succ[i] {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return seen
}

// addUses lists every register operand of in (the guard too) in
// fl.uses, with the element of a vector register (0 for a scalar),
// saying whether the instruction writes it. Direct calls, no callback:
// the flow is built in each compacting run, in wasm too, where an
// indirect call costs most.
func (fl *flow) addUses(in *Inst) {
	if in.Guard != nil {
		fl.addUse(in.Guard, 0, false)
	}
	var ops []isa.OperandSpec
	if in.Match != nil {
		ops = in.Match.Form.Operands
	}
	call := in.Entry.Name == "call" // [returns, target, arguments]
	for k := range in.Args {
		dest := k < len(ops) && ops[k].Dest
		if call {
			dest = k == 0
		}
		fl.addArg(&in.Args[k], dest)
	}
}

func (fl *flow) addArg(a *Arg, dest bool) {
	if a.Pred != nil { // the p of d|p, also after a sink d
		fl.addUse(a.Pred, 0, dest)
	}
	switch a.Kind {
	case ArgReg:
		if a.Reg != nil {
			fl.addUse(a.Reg, a.Comp, dest)
		}
	case ArgAddr:
		if a.Reg != nil {
			fl.addUse(a.Reg, 0, false) // an address register is read even by a store
		}
	case ArgVec, ArgList:
		for k := range a.Elems {
			fl.addArg(&a.Elems[k], dest)
		}
	}
}

func (fl *flow) addUse(r *Reg, comp int, dest bool) {
	fl.uses = append(fl.uses, use{reg: int32(r.Index), bit: int32(fl.base[r.Index] + comp), dest: dest})
}

// Interference is which registers of a function are live at once: two
// that are may not share storage (a simulator's register row).
type Interference struct {
	// Base numbers the register elements: element k (0 for a scalar) of
	// the register with Index i is Base[i]+k.
	Base []int
	sets []regSet
}

// Together reports whether elements a and b (numbered by Base) are live
// at once: one is written where the other is live after the write.
func (x *Interference) Together(a, b int) bool { return x.sets[a].has(b) }

// Live returns the elements live at once with element a, as a bit set:
// bit b%64 of word b/64 is Together(a, b). It is x's own: not to be
// written.
func (x *Interference) Live(a int) []uint64 { return x.sets[a] }

// together marks element d live at once with every element of s (of
// the nb that are registers' elements), both ways.
func (x *Interference) together(d int, s regSet, nb int) {
	x.sets[d].union(s)
	for w, o := range s {
		for o != 0 {
			e := w*64 + bits.TrailingZeros64(o)
			o &= o - 1
			if e < nb {
				x.sets[e].add(d)
			}
		}
	}
}

// Interferences computes which of f's register elements are live at once,
// per thread (a thread follows one path through the control flow, each
// lane its own): by a backward may-be-live data flow, in[i] = reads[i]
// plus out[i] less i's unguarded writes, out[i] the union of in[s] over
// the successors s; then every element an instruction writes (under a
// guard too) is live together with every other element live after it,
// and with every element it reads.
// Only for functions whose every read is preceded by a write on every
// path (WrittenFirst) does that cover every overlap: a register read
// before any write is live from the start, where nothing writes it.
// Nil when f has no code or registers, an instruction's operands are not
// resolved, or the sets would pass maxWords 64-bit words.
func Interferences(f *Func, maxWords int) *Interference {
	return newFlow(f).interferences(f, maxWords)
}

func (fl *flow) interferences(f *Func, maxWords int) *Interference {
	if fl == nil || fl.blind {
		return nil
	}
	n, words := len(f.Code), fl.words
	nb := 0
	for _, r := range f.Regs {
		nb += max(1, r.Vec)
	}
	if (2*n+nb)*words > maxWords {
		return nil
	}
	reads, kills := regSets(n, words), regSets(n, words)
	for i, in := range f.Code {
		guarded := in.Guard != nil
		for _, u := range fl.usesOf(i) {
			if !u.dest {
				reads[i].add(int(u.bit))
			} else if !guarded {
				kills[i].add(int(u.bit))
			}
		}
	}
	// Each instruction's predecessors, in the order of the instructions,
	// cut from one array.
	npred := make([]int, n+1)
	for _, ss := range fl.succ {
		for _, s := range ss {
			npred[s+1]++
		}
	}
	for i := range n {
		npred[i+1] += npred[i]
	}
	preds := make([]int, npred[n])
	fill := slices.Clone(npred[:n])
	for i, ss := range fl.succ {
		for _, s := range ss {
			preds[fill[s]] = i
			fill[s]++
		}
	}
	in, out := regSets(n, words), regSets(n, words)
	work := make([]int, 0, n) // n at most, as in writtenFirst
	queued := make([]bool, n)
	for i := range n {
		if fl.reached[i] {
			work = append(work, i)
			queued[i] = true
		}
	}
	next := make(regSet, words)
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		queued[i] = false
		for _, s := range fl.succ[i] {
			out[i].union(in[s])
		}
		for j := range next {
			next[j] = reads[i][j] | out[i][j]&^kills[i][j]
		}
		if in[i].union(next) {
			for _, p := range preds[npred[i]:npred[i+1]] {
				if fl.reached[p] && !queued[p] {
					queued[p] = true
					work = append(work, p)
				}
			}
		}
	}
	x := &Interference{Base: fl.base, sets: regSets(nb, words)}
	for i := range n {
		if !fl.reached[i] {
			continue
		}
		for w, word := range fl.writes[i] {
			for word != 0 {
				d := w*64 + bits.TrailingZeros64(word)
				word &= word - 1
				if d >= nb {
					break
				}
				x.together(d, out[i], nb)
			}
		}
	}
	// An instruction may write a destination before it has read all of
	// its sources (unpacking a register into two, a handler that makes two
	// passes): what it writes is live together with what it reads.
	for i := range n {
		if !fl.reached[i] {
			continue
		}
		for _, u := range fl.usesOf(i) {
			if u.dest {
				x.together(int(u.bit), reads[i], nb)
			}
		}
	}
	for b := range x.sets {
		x.sets[b].del(b)
	}
	return x
}
