// exec_brx.go: brx.idx (PTX ISA 9.7.13.4): a branch to the index-th label
// of a .branchtargets list, each lane to its own. Lanes that go to
// different labels diverge like the two sides of a bra and meet again at
// the immediate post-dominator of the branch (computeReconvergence counts
// every label of the list as a successor).

package sim

import (
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
)

func init() { lowerers["brx.idx"] = lowerBrx }

// branchTargets finds the label list of the .branchtargets directive that
// the label name marks in the body of f.
func branchTargets(f *check.Func, name string) ([]string, bool) {
	var walk func(stmts []ptx.Stmt) ([]string, bool)
	walk = func(stmts []ptx.Stmt) ([]string, bool) {
		for i, st := range stmts {
			switch st := st.(type) {
			case *ptx.Label:
				if st.Name != name || i+1 >= len(stmts) {
					continue
				}
				if d, ok := stmts[i+1].(*ptx.Directive); ok && d.Name == ".branchtargets" {
					var ls []string
					for _, a := range d.Args {
						if id, ok := a.(*ptx.Ident); ok {
							ls = append(ls, id.Name)
						}
					}
					return ls, true
				}
			case *ptx.Block:
				if ls, ok := walk(st.Stmts); ok {
					return ls, true
				}
			}
		}
		return nil, false
	}
	if f.Decl == nil || f.Decl.Body == nil {
		return nil, false
	}
	return walk(f.Decl.Body.Stmts)
}

func lowerBrx(l *lowering, in *check.Inst, o *op) error {
	if len(in.Args) != 2 || in.Args[1].Label == nil || len(o.s) != 1 {
		return fmt.Errorf("brx.idx: expected an index and a .branchtargets label")
	}
	list := in.Args[1].Label.Name
	names, ok := branchTargets(l.f.src, list)
	if !ok || len(names) == 0 {
		return fmt.Errorf("brx.idx: %s does not label a .branchtargets list", list)
	}
	var targets []int32
	for _, n := range names {
		found := false
		for _, lb := range l.f.src.Labels {
			if lb.Name == n {
				targets = append(targets, int32(lb.Index))
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("brx.idx: label %s of %s is not in this function", n, list)
		}
	}
	if l.f.brx == nil {
		l.f.brx = map[int32][]int32{}
	}
	pc := int32(-1)
	for i, c := range l.f.src.Code {
		if c == in {
			pc = int32(i)
		}
	}
	l.f.brx[pc] = targets
	o.target = targets[0]
	o.ctl, o.flags = ctlBra, flagControl
	if in.Match.Has(".uni") {
		o.flags |= flagUni
	}
	o.exec = func(m *Machine, w *warp, o *op) { execBrx(m, w, o, targets, list) }
	return nil
}

// execBrx sends each active lane to targets[index]; lanes whose guard
// fails fall through. Groups run in the order of their lowest lane, the
// fall-through lanes last, each until the reconvergence pc.
func execBrx(m *Machine, w *warp, o *op, targets []int32, list string) {
	f := w.top()
	e := &f.stack[len(f.stack)-1]
	pc := e.pc
	idx := w.reg(o.s[0])
	var groups []entry
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		k := uint32(idx[i])
		if int(k) >= len(targets) {
			m.raise(w, o, i, fmt.Sprintf("brx.idx: index %d is outside %s, which lists %d labels", k, list, len(targets)))
			return
		}
		t := targets[k]
		found := false
		for g := range groups {
			if groups[g].pc == t {
				groups[g].mask |= 1 << i
				found = true
			}
		}
		if !found {
			groups = append(groups, entry{pc: t, rpc: o.reconv, mask: 1 << i})
		}
	}
	fall := e.mask &^ w.mask
	switch {
	case len(groups) == 0:
		e.pc = pc + 1
		return
	case len(groups) == 1 && fall == 0:
		e.pc = groups[0].pc
		return
	}
	e.pc = o.reconv
	if fall != 0 {
		f.stack = append(f.stack, entry{pc: pc + 1, rpc: o.reconv, mask: fall})
	}
	for g := len(groups) - 1; g >= 0; g-- {
		f.stack = append(f.stack, groups[g])
	}
}
