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

	"github.com/ptxplay/ptxplay/core/isa"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// regSet is a bit set of register indexes (Reg.Index).
type regSet []uint64

func (s regSet) has(i int) bool { return s[i/64]>>(i%64)&1 != 0 }
func (s regSet) add(i int)      { s[i/64] |= 1 << (i % 64) }

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
	if NotSimulated != nil {
		list = append(list, NotSimulated(p)...) // see notsim.go
	}
	list.Sort()
	return list
}

// uninitReads reports the reads in f of registers that no path from the
// function's start writes first.
func uninitReads(p *Program, f *Func, list *ptx.ErrorList) {
	n := len(f.Code)
	if n == 0 || len(f.Regs) == 0 {
		return
	}
	// One bit a register, and one an element of a vector register (v.x
	// and v.y are written and read apart).
	base := make([]int, len(f.Regs))
	bits := 0
	for i, r := range f.Regs {
		base[i] = bits
		bits += max(1, r.Vec)
	}
	words := (bits + 63) / 64
	// Registers defined on entry: .reg parameters and module-scope
	// registers (materialized into f.Regs, but not declared in the body).
	entry := make(regSet, words)
	body := f.Decl.Body.Pos()
	for _, r := range f.Regs {
		if !r.Pos.IsValid() || r.Pos < body {
			for k := range max(1, r.Vec) {
				entry.add(base[r.Index] + k)
			}
		}
	}
	// The writes and the successors of each instruction.
	writes := make([]regSet, n)
	succ := make([][]int, n)
	allLabels := make([]int, 0, len(f.Labels))
	for _, l := range f.Labels {
		if l.Index >= 0 && l.Index < n {
			allLabels = append(allLabels, l.Index)
		}
	}
	for i, in := range f.Code {
		w := make(regSet, words)
		writes[i] = w
		if in.Args == nil && len(in.Src.Args) > 0 {
			// Operands not resolved (instructions the simulator does not
			// run): assume they write everything, so nothing is reported.
			for j := range w {
				w[j] = ^uint64(0)
			}
		}
		forEachReg(in, func(r *Reg, comp int, dest bool) {
			if dest {
				w.add(base[r.Index] + comp)
			}
		})
		name := in.Entry.Name
		falls := true
		switch name {
		case "bra":
			for _, a := range in.Args {
				if a.Kind == ArgLabel && a.Label != nil && a.Label.Index >= 0 && a.Label.Index < n {
					succ[i] = append(succ[i], a.Label.Index)
				}
			}
			falls = in.Guard != nil
		case "brx.idx":
			succ[i] = append(succ[i], allLabels...)
			falls = in.Guard != nil
		case "ret", "exit", "trap":
			falls = in.Guard != nil
		}
		if falls && i+1 < n {
			succ[i] = append(succ[i], i+1)
		}
	}
	// Forward may-analysis: in[i] = union of (in[p] + writes[p]) over the
	// predecessors p; the entry has the parameters.
	in := make([]regSet, n)
	for i := range in {
		in[i] = make(regSet, words)
	}
	in[0].union(entry)
	work := []int{0}
	queued := make([]bool, n)
	queued[0] = true
	out := make(regSet, words)
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		queued[i] = false
		copy(out, in[i])
		out.union(writes[i])
		for _, s := range succ[i] {
			if in[s].union(out) && !queued[s] {
				queued[s] = true
				work = append(work, s)
			}
		}
	}
	reached := reachable(succ) // dead code never runs, so never reads
	for i, inst := range f.Code {
		if !reached[i] {
			continue
		}
		reported := map[int]bool{}
		forEachReg(inst, func(r *Reg, comp int, dest bool) {
			b := base[r.Index] + comp
			if dest || reported[b] || in[i].has(b) {
				return
			}
			reported[b] = true
			name := r.Name
			if r.Vec > 0 {
				name += "." + string("xyzw"[comp%4])
			}
			list.Add(p.File.Position(inst.Src.Pos()), fmt.Sprintf("%s is read here, but no instruction before it writes it: registers start undefined (write %s first)", name, name))
		})
	}
}

func reachable(succ [][]int) []bool {
	seen := make([]bool, len(succ))
	if len(succ) == 0 {
		return seen
	}
	stack := []int{0}
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

// forEachReg calls fn for every register operand of in (the guard too),
// with the element of a vector register (0 for a scalar), saying whether
// the instruction writes it.
func forEachReg(in *Inst, fn func(r *Reg, comp int, dest bool)) {
	if in.Guard != nil {
		fn(in.Guard, 0, false)
	}
	var ops []isa.OperandSpec
	if in.Match != nil {
		ops = in.Match.Form.Operands
	}
	var visit func(a Arg, dest bool)
	visit = func(a Arg, dest bool) {
		if a.Pred != nil { // the p of d|p, also after a sink d
			fn(a.Pred, 0, dest)
		}
		switch a.Kind {
		case ArgReg:
			if a.Reg != nil {
				fn(a.Reg, a.Comp, dest)
			}
		case ArgAddr:
			if a.Reg != nil {
				fn(a.Reg, 0, false) // an address register is read even by a store
			}
		case ArgVec, ArgList:
			for _, e := range a.Elems {
				visit(e, dest)
			}
		}
	}
	if in.Entry.Name == "call" {
		// [returns, target, arguments]
		for k, a := range in.Args {
			visit(a, k == 0)
		}
		return
	}
	for k, a := range in.Args {
		dest := k < len(ops) && ops[k].Dest
		visit(a, dest)
	}
}
