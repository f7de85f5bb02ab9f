// reduce.go: the minimiser. It shrinks a failing program while it keeps
// failing the same way: it drops statements, flattens ifs and loops,
// replaces expressions by their operands or by constants, and drops
// helpers nobody calls; each candidate is compiled and run again.
package main

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// failure is how a program fails at one level, its signature: for a
// disagreement its class (mismatch, clang-bug, gcc-bug), the output it
// names and the class of both values ("mismatch: (u64)sv10.m1: ptxplay 0,
// host other"), so that a reduction keeps the same disagreement and does
// not slide to another one; for an error the ptxplay error text without
// its line numbers. A candidate whose host build has undefined behaviour
// (a guard the reduction took away) fails nothing: its host output means
// nothing.
func failure(tools Tools, p *Program, opt, dir string) string {
	found, err := Batch(tools, []*Program{p}, []string{opt}, dir)
	if err != nil || len(found) == 0 {
		return ""
	}
	f := found[0]
	sig := signature(f)
	if sig == "" {
		return ""
	}
	if tools.CC != "" && !tools.UBSan {
		ub := tools
		ub.UBSan = true
		if _, err := Batch(ub, []*Program{p}, nil, dir); err != nil {
			return ""
		}
	}
	return sig
}

// signature is a finding's class as failure compares it.
func signature(f Finding) string {
	switch f.What {
	case "mismatch", "clang-bug", "gcc-bug":
		m := outputDiff.FindStringSubmatch(f.Detail)
		if m == nil {
			return f.What
		}
		return fmt.Sprintf("%s: %s: ptxplay %s, host %s", f.What, m[1], valueClass(m[2]), valueClass(m[3]))
	}
	d := f.Detail
	if i := strings.Index(d, "("); i > 0 {
		d = d[:i]
	}
	if strings.HasPrefix(d, "run: line ") {
		if i := strings.Index(d, ": "); i > 0 {
			d = d[i+2:]
		}
		if i := strings.Index(d, ": "); i > 0 {
			d = d[i+2:]
		}
	}
	// Line numbers and hex values (addresses, lane masks) change with
	// every edit: the reduction keeps the message's words.
	d = errNumbers.ReplaceAllStringFunc(d, func(x string) string {
		if strings.HasPrefix(x, "0x") {
			return "0x?"
		}
		return "line ?"
	})
	return f.What + ": " + strings.TrimSpace(d)
}

var errNumbers = regexp.MustCompile(`line \d+|0x[0-9a-f]+`)

// outputDiff reads runKernel's first difference: the output's name and
// both values.
var outputDiff = regexp.MustCompile(`^output thread \d+ slot \d+ \((.*)\): ptxplay 0x([0-9a-f]+), host 0x([0-9a-f]+)`)

// valueClass sorts an output value: zero, one, all ones, a canonical NaN
// (f2u/d2u), or other.
func valueClass(hex string) string {
	v, _ := strconv.ParseUint(hex, 16, 64)
	switch v {
	case 0:
		return "0"
	case 1:
		return "1"
	case 0x7fffffff, 0x7fffffffffffffff:
		return "NaN"
	case 0xffffffffffffffff:
		return "all ones"
	}
	return "other"
}

// edit is one candidate change: apply makes it, undo takes it back.
type edit struct{ apply, undo func() }

// Reduce shrinks p in place while failure(p) stays want; log reports
// progress.
func Reduce(tools Tools, p *Program, opt string, log func(string)) (string, error) {
	dir, err := os.MkdirTemp("", "difftest-reduce")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	want := failure(tools, p, opt, dir)
	if want == "" {
		return "", fmt.Errorf("seed %d %s does not fail", p.Seed, opt)
	}
	log("reducing seed " + fmt.Sprint(p.Seed) + " " + opt + ": " + want)
	for round := 0; ; round++ {
		changed := false
		for _, pass := range []func(*Program) []edit{stmtEdits, funcEdits, exprEdits} {
			for i := 0; ; i++ {
				es := pass(p)
				if i >= len(es) {
					break
				}
				e := es[i]
				before := p.C()
				e.apply()
				if p.C() == before {
					e.undo() // changes nothing (a loop already at one pass...)
					continue
				}
				if failure(tools, p, opt, dir) == want {
					changed = true
					i-- // the list shifted: look at the same index again
					log(fmt.Sprintf("  %d bytes", len(p.C())))
				} else {
					e.undo()
				}
			}
		}
		if !changed {
			return want, nil
		}
	}
}

// blocks lists every statement list of the program with its owner.
func blocks(p *Program) []*[]*Stmt {
	var out []*[]*Stmt
	var walk func(ss *[]*Stmt)
	walk = func(ss *[]*Stmt) {
		out = append(out, ss)
		for _, s := range *ss {
			if s.Then != nil {
				walk(&s.Then)
			}
			if s.Else != nil {
				walk(&s.Else)
			}
			for i := range s.Cases {
				walk(&s.Cases[i])
			}
		}
	}
	for _, f := range p.Funcs {
		walk(&f.Body)
	}
	walk(&p.Body.Body)
	return out
}

func stmtEdits(p *Program) []edit {
	var es []edit
	for _, bp := range blocks(p) {
		bp := bp
		for i, s := range *bp {
			i, s := i, s
			old := *bp
			// Drop the statement (and its variable from the outputs).
			es = append(es, edit{func() {
				n := append(append([]*Stmt{}, old[:i]...), old[i+1:]...)
				*bp = n
				if s.Kind == sDecl {
					p.Body.Locals = without(p.Body.Locals, s.V)
				}
			}, func() {
				*bp = old
				if s.Kind == sDecl {
					p.Body.Locals = restoreLocal(p, s.V)
				}
			}})
			// Flatten an if or a switch into one of its branches, a loop
			// into one pass of its body.
			if s.Kind == sIf || s.Kind == sFor || s.Kind == sSwitch {
				for _, br := range append([][]*Stmt{s.Then, s.Else}, s.Cases...) {
					if s.Kind == sFor && br == nil {
						continue
					}
					br := br
					if s.Kind == sFor {
						continue // the body reads the counter: keep loops whole
					}
					es = append(es, edit{func() {
						n := append(append(append([]*Stmt{}, old[:i]...), br...), old[i+1:]...)
						*bp = n
					}, func() { *bp = old }})
				}
				if s.Kind == sFor {
					oc := s.Cond
					es = append(es, edit{func() { s.Cond = &Expr{Op: "const", T: Ty{K: U32}, C: 1} }, func() { s.Cond = oc }})
				}
			}
		}
	}
	return es
}

func without(vs []*Var, v *Var) []*Var {
	var out []*Var
	for _, w := range vs {
		if w != v {
			out = append(out, w)
		}
	}
	return out
}

// restoreLocal puts v back among the outputs in declaration order.
func restoreLocal(p *Program, v *Var) []*Var {
	var out []*Var
	for _, s := range p.Body.Body {
		if s.Kind == sDecl && (s.V == v || contains(p.Body.Locals, s.V)) {
			out = append(out, s.V)
		}
	}
	return out
}

func contains(vs []*Var, v *Var) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

// funcEdits drops helpers that no statement calls.
func funcEdits(p *Program) []edit {
	var es []edit
	text := p.C()
	for i, f := range p.Funcs {
		i, f := i, f
		if strings.Count(text, f.Name+"(") > 1+btoi(p.Cfg.Fwd) {
			continue
		}
		oldF, oldO := p.Funcs, p.Order
		es = append(es, edit{func() {
			p.Funcs = append(append([]*Func{}, oldF[:i]...), oldF[i+1:]...)
			var o []int
			for _, j := range oldO {
				switch {
				case j < i:
					o = append(o, j)
				case j > i:
					o = append(o, j-1)
				}
			}
			p.Order = o
		}, func() { p.Funcs, p.Order = oldF, oldO }})
	}
	return es
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// exprEdits replaces an expression by one of its operands of the same
// type, or by the constant 0 or 1.
func exprEdits(p *Program) []edit {
	var es []edit
	var visit func(ep **Expr)
	visit = func(ep **Expr) {
		e := *ep
		if e == nil {
			return
		}
		if e.Op != "const" && e.T.K != Struct {
			for _, a := range e.A {
				if a.T == e.T {
					a := a
					es = append(es, edit{func() { *ep = a }, func() { *ep = e }})
				}
			}
			if e.Op != "var" || true {
				for _, c := range []uint64{0, 1} {
					c := c
					if e.Op == "var" && c == 1 {
						continue
					}
					es = append(es, edit{func() { *ep = &Expr{Op: "const", T: e.T, C: constOne(e.T.K, c)} }, func() { *ep = e }})
				}
			}
		}
		for i := range e.A {
			visit(&e.A[i])
		}
	}
	var stmts func(ss []*Stmt)
	stmts = func(ss []*Stmt) {
		for _, s := range ss {
			visit(&s.E)
			visit(&s.Cond)
			visit(&s.Idx)
			for i := range s.Init {
				visit(&s.Init[i])
			}
			stmts(s.Then)
			stmts(s.Else)
			for _, c := range s.Cases {
				stmts(c)
			}
		}
	}
	for _, f := range p.Funcs {
		stmts(f.Body)
		visit(&f.Result)
	}
	stmts(p.Body.Body)
	return es
}

// constOne is the bits of 0 or 1 in kind k.
func constOne(k Kind, c uint64) uint64 {
	if c == 0 {
		return 0
	}
	switch k {
	case F32:
		return 0x3f800000
	case F64:
		return 0x3ff0000000000000
	}
	return 1
}
