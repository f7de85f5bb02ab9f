package sim

import (
	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// Static shared memory is a kernel's own: a CTA holds the .shared
// variables its kernel can reach (those its code and the code of the
// functions it calls name), as ptxas allocates them, not every .shared
// variable of the module. A module of several kernels, each with its
// own array (nvcc writes a kernel's __shared__ arrays at module scope),
// gives each kernel's CTA its own array's size, not their sum.
//
// Each variable still has one offset, for every kernel that reaches it
// (a function called from two kernels names it at one address):
// variables are placed in declaration order, each at the first offset
// past the variables placed before it that share a kernel with it. A
// module of one kernel so keeps the plain layout, one variable after
// another.

// kernelSets reports, for every .shared variable a kernel reaches, the
// kernels that reach it as a bit set over the entries in p.funcs's
// order (a variable no kernel reaches has none). A kernel with an indirect call reaches every
// function (not kernel), and a .shared variable named in an initializer every kernel
// (neither is tracked further).
func (p *Program) kernelSets() (vars map[*check.Var][]uint64) {
	var kernels []*fn
	for _, f := range p.funcs {
		if f.entry {
			kernels = append(kernels, f)
		}
	}
	words := (len(kernels) + 63) / 64
	// Calls and the variables each function names itself.
	calls := map[*check.Func][]*check.Func{}
	named := map[*check.Func][]*check.Var{}
	indirect := map[*check.Func]bool{}
	for _, f := range p.funcs {
		cf := f.src
		var walk func(a check.Arg)
		walk = func(a check.Arg) {
			if a.Var != nil && a.Var.Space == ".shared" {
				named[cf] = append(named[cf], a.Var)
			}
			if a.Func != nil {
				calls[cf] = append(calls[cf], a.Func)
			}
			for _, e := range a.Elems {
				walk(e)
			}
		}
		for _, in := range cf.Code {
			for _, a := range in.Args {
				walk(a)
			}
			if in.Entry != nil && in.Entry.Name == "call" && len(in.Args) > 1 && in.Args[1].Kind == check.ArgReg {
				indirect[cf] = true
			}
		}
		for _, v := range cf.Vars {
			if v.Space == ".shared" {
				named[cf] = append(named[cf], v)
			}
		}
	}
	vars = map[*check.Var][]uint64{}
	set := func(v *check.Var) []uint64 {
		s := vars[v]
		if s == nil {
			s = make([]uint64, words)
			vars[v] = s
		}
		return s
	}
	for i, k := range kernels {
		// The functions k reaches, by a walk of the call graph.
		seen := map[*check.Func]bool{k.src: true}
		todo := []*check.Func{k.src}
		for len(todo) > 0 {
			cf := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for _, v := range named[cf] {
				set(v)[i/64] |= 1 << (i % 64)
			}
			next := calls[cf]
			if indirect[cf] {
				next = nil
				for _, f := range p.funcs {
					if !f.entry { // (a kernel is no call's target)
						next = append(next, f.src)
					}
				}
			}
			for _, g := range next {
				if !seen[g] {
					seen[g] = true
					todo = append(todo, g)
				}
			}
		}
	}
	// A .shared variable named in an initializer (generic(v)) is every
	// kernel's.
	all := make([]uint64, words)
	for i := range kernels {
		all[i/64] |= 1 << (i % 64)
	}
	byName := map[string]*check.Var{}
	for _, v := range p.chk.Globals {
		if v.Space == ".shared" {
			byName[v.Name] = v
		}
	}
	var walkInit func(in *ptx.Init)
	var walkExpr func(e ptx.Operand)
	walkExpr = func(e ptx.Operand) {
		switch e := e.(type) {
		case *ptx.Ident:
			if v := byName[e.Name]; v != nil {
				copy(set(v), all)
			}
		case *ptx.Unary:
			walkExpr(e.X)
		case *ptx.Binary:
			walkExpr(e.X)
			walkExpr(e.Y)
		case *ptx.Cond:
			walkExpr(e.X)
			walkExpr(e.A)
			walkExpr(e.B)
		}
	}
	walkInit = func(in *ptx.Init) {
		if in == nil {
			return
		}
		walkExpr(in.Expr)
		for _, e := range in.Elems {
			walkInit(e)
		}
	}
	for _, v := range p.chk.Globals {
		walkInit(v.Init)
	}
	for _, f := range p.chk.Funcs {
		for _, v := range f.Vars {
			walkInit(v.Init)
		}
	}
	return vars
}

// overlaps reports whether two kernel sets share a kernel.
func overlaps(a, b []uint64) bool {
	for i := range a {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}

// layoutShared places the static .shared variables (statics, in
// declaration order) and the .extern ones (extern), and sets each
// kernel's static shared size (fn.shared).
func (p *Program) layoutShared(statics, extern []*check.Var) {
	sets := p.kernelSets()
	type placed struct {
		set []uint64
		end int
	}
	var done []placed
	ends := map[*fn]int{} // each kernel's end of its static variables
	for _, v := range statics {
		s := sets[v] // nil: no kernel reaches it
		off := 0
		for _, q := range done {
			if s != nil && overlaps(s, q.set) {
				off = max(off, q.end)
			}
		}
		off = alignUp(off, v.Align)
		p.vars[v] = varLoc{spaceShared, uint64(off)}
		end := off + int(v.Size)
		if s != nil {
			done = append(done, placed{s, end})
		}
		p.forKernels(s, func(k *fn) { ends[k] = max(ends[k], end) })
	}
	// Every kernel's size is its end rounded up to the dynamic array's
	// alignment; the .extern arrays (all at one offset) start past the
	// static variables of every kernel that reaches one.
	dyn := 0
	usesExtern := map[*fn]bool{}
	for _, v := range extern {
		p.forKernels(sets[v], func(k *fn) {
			usesExtern[k] = true
			dyn = max(dyn, alignUp(ends[k], p.dynAlign))
		})
	}
	for _, v := range extern {
		p.vars[v] = varLoc{spaceShared, uint64(dyn)}
	}
	p.dynShared = len(extern) > 0
	for _, k := range p.funcs {
		if k.entry {
			k.shared = alignUp(ends[k], p.dynAlign)
			if usesExtern[k] {
				k.shared = dyn
			}
		}
	}
}

// forKernels calls do for each kernel of the set s (kernelSets's bits).
func (p *Program) forKernels(s []uint64, do func(k *fn)) {
	i := 0
	for _, f := range p.funcs {
		if !f.entry {
			continue
		}
		if s != nil && s[i/64]&(1<<(i%64)) != 0 {
			do(f)
		}
		i++
	}
}
