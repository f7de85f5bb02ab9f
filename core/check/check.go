// check.go: the resolver and type checker.

package check

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/isa"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// MaxErrors caps the diagnostics of one Check.
const MaxErrors = 100

// Limits that keep a hostile or mistyped source from exhausting memory.
const (
	MaxRegs     = 1 << 16 // registers in one parameterized declaration
	MaxVarBytes = 1 << 30 // bytes of one variable
)

// Check resolves and checks m. It always returns a Program (possibly with
// unresolved parts) and every problem it found, sorted by position.
func Check(m *ptx.Module) (*Program, ptx.ErrorList) {
	c := &checker{
		prog: &Program{Module: m, File: m.File, AddrSize: 64, funcs: map[string]*Func{}},
	}
	c.module = &scope{names: map[string]any{}}
	c.header()
	c.collect()
	for _, f := range c.prog.Funcs {
		if f.Defined() {
			c.function(f)
		}
	}
	if len(c.errs) == 0 && Invalid != nil {
		c.errs = Invalid(c.prog) // see notsim.go
	}
	c.errs.Sort()
	return c.prog, c.errs
}

type checker struct {
	prog   *Program
	module *scope
	errs   ptx.ErrorList
	fn     *Func
	protos map[*Label]*protoSig     // labels of .callprototype directives
	targs  map[*Label][]ptx.Operand // labels of .calltargets directives: the functions
	btargs map[*Label]bool          // labels of .branchtargets directives (brx.idx's lists)
}

type scope struct {
	parent *scope
	names  map[string]any // *Reg, *Var, *Label, *Func
}

func (s *scope) lookup(name string) any {
	for ; s != nil; s = s.parent {
		if o, ok := s.names[name]; ok {
			return o
		}
	}
	return nil
}

func (c *checker) errorf(pos ptx.Pos, format string, args ...any) {
	if len(c.errs) >= MaxErrors {
		return
	}
	c.errs.Add(c.prog.File.Position(pos), fmt.Sprintf(format, args...))
}

func (c *checker) header() {
	m := c.prog.Module
	c.versionFirst()
	if d := m.Version; d != nil && len(d.Args) > 0 {
		txt := operandText(d.Args[0])
		if v, ok := isa.ParseVersion(txt); ok {
			c.prog.Version = v
		} else {
			c.errorf(d.Args[0].Pos(), "invalid .version %s", txt)
		}
	}
	targets := []*ptx.Directive{m.Target}
	for _, d := range m.Decls {
		if dir, ok := d.(*ptx.Directive); ok && dir.Name == ".target" {
			targets = append(targets, dir)
		}
	}
	for _, d := range targets {
		if d == nil {
			continue
		}
		for _, a := range d.Args {
			txt := operandText(a)
			n := isa.ParseTarget(txt)
			if n > 0 && c.prog.SM == 0 {
				c.prog.SM, c.prog.Suffix = n, isa.TargetSuffix(txt)
			}
			// PTX ISA 3.1 .target, "PTX ISA Notes": each target string
			// from the version that introduced it.
			if v, ok := isa.TargetPTX(n); ok && c.prog.Version > 0 && c.prog.Version < v {
				c.errorf(a.Pos(), "%s requires .version %s or later (module has .version %s)", txt, v, c.prog.Version)
			}
		}
	}
	if d := m.AddressSize; d != nil && len(d.Args) > 0 {
		if n, ok := d.Args[0].(*ptx.Int); ok && (n.Val == 32 || n.Val == 64) {
			c.prog.AddrSize = int(n.Val)
		} else {
			c.errorf(d.Args[0].Pos(), "invalid .address_size: expected 32 or 64")
		}
	} else if c.prog.Version != 0 && c.prog.Version < 23 {
		c.prog.AddrSize = 32 // before .address_size existed, addresses were 32-bit
	}
}

// versionFirst reports a module that does not begin with .version (PTX ISA
// 3.1 §4.1: "Each PTX module must begin with a .version directive"; ptxas
// refuses it otherwise), at the first item, or at the start of an empty
// module.
func (c *checker) versionFirst() {
	m := c.prog.Module
	var first ptx.Node
	consider := func(n ptx.Node) {
		if n != nil && n.Pos().IsValid() && (first == nil || n.Pos() < first.Pos()) {
			first = n
		}
	}
	for _, d := range []*ptx.Directive{m.Version, m.Target, m.AddressSize} {
		if d != nil {
			consider(d)
		}
	}
	if len(m.Decls) > 0 {
		consider(m.Decls[0])
	}
	const hint = "; a module begins with .version and .target, such as \".version 8.0\" and \".target sm_80\""
	switch {
	case m.Version == nil && first == nil:
		c.errs.Add(ptx.Position{Filename: c.prog.File.Name, Line: 1, Col: 1}, "missing .version directive"+hint)
	case m.Version == nil:
		c.errorf(first.Pos(), "missing .version directive before %s%s", itemName(first), hint)
	case first != m.Version:
		c.errorf(first.Pos(), ".version must come first, found %s before it", itemName(first))
	default:
		c.headerOrder()
	}
}

// headerOrder checks the directives after .version (PTX ISA 3.1 §10.1):
// "Each PTX module must begin with a .version directive, immediately
// followed by a .target directive"; ".address_size ... must immediately
// follow the .target directive if present"; "no other .version directive is
// allowed anywhere else within the module" and "Redefinition of this
// directive [.address_size] within a module is not allowed". Later .target
// directives are allowed.
func (c *checker) headerOrder() {
	m := c.prog.Module
	var items []ptx.Node
	for _, d := range []*ptx.Directive{m.Target, m.AddressSize} {
		if d != nil {
			items = append(items, d)
		}
	}
	for _, d := range m.Decls {
		items = append(items, d)
	}
	slices.SortFunc(items, func(a, b ptx.Node) int { return int(a.Pos()) - int(b.Pos()) })
	after := m.Version.End()
	switch {
	case m.Target == nil:
		c.errorf(m.Version.Pos(), "missing .target directive: .version must be followed by .target, such as \".target sm_80\"")
	case len(items) > 0 && items[0] != ptx.Node(m.Target):
		c.errorf(items[0].Pos(), ".target must come right after .version, found %s", itemName(items[0]))
	default:
		after = m.Target.End()
	}
	if a := m.AddressSize; a != nil && m.Target != nil && len(items) > 1 && items[1] != ptx.Node(a) && a.Pos() > after {
		c.errorf(a.Pos(), ".address_size must come right after .target")
	}
	for _, d := range m.Decls {
		if dir, ok := d.(*ptx.Directive); ok {
			switch dir.Name {
			case ".version":
				c.errorf(dir.Pos(), "a module has one .version directive, at its start")
			case ".address_size":
				c.errorf(dir.Pos(), ".address_size given twice")
			}
		}
	}
}

// itemName names a module-scope item for messages.
func itemName(n ptx.Node) string {
	switch n := n.(type) {
	case *ptx.Directive:
		return n.Name
	case *ptx.Func:
		if n.Entry {
			return ".entry " + n.Name
		}
		return ".func " + n.Name
	case *ptx.VarDecl:
		return n.Space + " declaration"
	}
	return "a declaration"
}

// collect declares the module-scope functions and variables so that uses
// may precede definitions.
func (c *checker) collect() {
	for _, d := range c.prog.Module.Decls {
		switch d := d.(type) {
		case *ptx.Directive:
			if !knownDirectives[d.Name] {
				c.errorf(d.Pos(), "unknown directive %s", d.Name)
			}
		case *ptx.Func:
			c.declareFunc(d)
		case *ptx.VarDecl:
			for _, v := range c.declareVars(c.module, d, nil) {
				c.prog.Globals = append(c.prog.Globals, v)
			}
		}
	}
}

func (c *checker) declareFunc(d *ptx.Func) {
	if old, ok := c.module.names[d.Name]; ok {
		if f, ok := old.(*Func); ok {
			switch {
			case d.Body == nil:
				c.sameSignature(f, d, c.params(d.Params, nil), c.params(d.Rets, nil)) // another prototype
				return
			case !f.Defined():
				// The definition after a prototype: one signature for the
				// checker's calls and the machine's frames, the definition's.
				ps, rs := c.params(d.Params, f), c.params(d.Rets, f)
				c.sameSignature(f, d, ps, rs)
				f.Decl, f.Entry = d, d.Entry
				f.Params, f.Rets = ps, rs
				return
			}
			c.errorf(d.NamePos, "duplicate function %s", d.Name)
			return
		}
		c.errorf(d.NamePos, "%s redeclared", d.Name)
		return
	}
	f := &Func{Name: d.Name, Decl: d, First: d.NamePos, Entry: d.Entry}
	f.Params = c.params(d.Params, f)
	f.Rets = c.params(d.Rets, f)
	c.module.names[d.Name] = f
	c.prog.Funcs = append(c.prog.Funcs, f)
	c.prog.funcs[d.Name] = f
}

// sameSignature reports a declaration d of f whose interface (ISA 7.1:
// the return and input parameters; their names aside) differs from the
// one f was first declared with.
func (c *checker) sameSignature(f *Func, d *ptx.Func, ps, rs []*Var) {
	line := c.prog.File.Position(f.Decl.NamePos).Line
	if kind := map[bool]string{true: ".entry", false: ".func"}; f.Entry != d.Entry {
		c.errorf(d.NamePos, "%s: %s here, %s in its declaration at line %d", f.Name, kind[d.Entry], kind[f.Entry], line)
		return
	}
	diff := func(what string, old, new []*Var) bool {
		if len(old) != len(new) {
			c.errorf(d.NamePos, "%s: %d %s here, %d in its declaration at line %d", f.Name, len(new), what, len(old), line)
			return true
		}
		for i := range old {
			if a, b := paramSig(old[i]), paramSig(new[i]); a != b {
				c.errorf(d.NamePos, "%s: %s %d is %s here, %s in its declaration at line %d", f.Name, strings.TrimSuffix(what, "s"), i+1, b, a, line)
				return true
			}
		}
		return false
	}
	if !diff("return values", f.Rets, rs) {
		diff("parameters", f.Params, ps)
	}
}

// paramSig spells a parameter's declaration without its name.
func paramSig(v *Var) string {
	var b strings.Builder
	b.WriteString(v.Space)
	if v.Align != max(1, int(v.ElemSize())) {
		fmt.Fprintf(&b, " .align %d", v.Align)
	}
	if v.Vec > 0 {
		fmt.Fprintf(&b, " .v%d", v.Vec)
	}
	b.WriteString(" " + v.Type.Name)
	for _, d := range v.Dims {
		if d < 0 {
			b.WriteString("[]")
		} else {
			fmt.Fprintf(&b, "[%d]", d)
		}
	}
	return b.String()
}

func (c *checker) params(ps []*ptx.Param, f *Func) []*Var {
	var vs []*Var
	for _, p := range ps {
		t, ok := isa.LookupType(p.Type)
		if !ok {
			c.errorf(p.Pos(), "unknown type %s", p.Type)
		} else if !t.Fundamental() {
			c.errorf(p.Pos(), "%s is not a fundamental type: it types instructions only; declare parameter %s as %s (PTX ISA §5.2.3)", p.Type, p.Name, t.BitsType())
		}
		if p.Vec > 0 && (t.Kind == isa.KindPred || t.Bits*p.Vec > 128) { // §5.4.2: "Vectors cannot exceed 128-bits"
			c.errorf(p.Pos(), "invalid vector parameter type .v%d %s: vectors hold at most 128 bits of a non-predicate type", p.Vec, p.Type)
		}
		v := &Var{Name: p.Name, Space: p.Space, Type: t, Vec: p.Vec, Align: p.Align, Dims: p.Dims, Pos: p.NamePos, Func: f, Param: true, Ptr: p.PtrSpace}
		v.Size = c.size(v)
		if v.Align == 0 {
			v.Align = max(1, int(v.ElemSize()))
		}
		vs = append(vs, v)
	}
	return vs
}

func (c *checker) size(v *Var) int64 {
	n := v.ElemSize()
	for _, d := range v.Dims {
		if n > MaxVarBytes || d > MaxVarBytes {
			return MaxVarBytes + 1 // too large; reported by the caller
		}
		if d < 0 {
			if v.Init != nil && v.Init.List {
				n *= int64(len(v.Init.Elems))
				continue
			}
			return 0
		}
		n *= int64(d)
	}
	return n
}

// declWhat names what a declaration declares, for messages.
func declWhat(d *ptx.VarDecl) string {
	what := "the variable"
	if d.Space == ".reg" {
		what = "the register"
	}
	if len(d.Names) > 0 {
		what += " " + d.Names[0].Name
	}
	return what
}

// declareVars declares the names of a .reg or state-space declaration in s.
func (c *checker) declareVars(s *scope, d *ptx.VarDecl, f *Func) []*Var {
	t, ok := isa.LookupType(d.Type)
	if !ok {
		c.errorf(d.Pos(), "unknown type %q in declaration", d.Type)
		return nil
	}
	if !t.Fundamental() {
		c.errorf(d.Pos(), "%s is not a fundamental type: it types instructions only; declare %s as %s (PTX ISA §5.2.3)", d.Type, declWhat(d), t.BitsType())
	}
	if d.Vec > 0 && (t.Kind == isa.KindPred || t.Bits*d.Vec > 128) {
		// §5.4.2: vectors of a non-predicate type, at most 128 bits.
		c.errorf(d.Pos(), "invalid vector type .v%d %s: vectors hold at most 128 bits of a non-predicate type", d.Vec, d.Type)
	}
	var vars []*Var
	for _, n := range d.Names {
		if d.Space == ".reg" {
			if t.Kind == isa.KindOpaque {
				c.errorf(n.Pos(), "register %s cannot have type %s", n.Name, d.Type)
			}
			if n.Count > MaxRegs {
				c.errorf(n.Pos(), "too many registers: %s<%d> (at most %d per declaration)", n.Name, n.Count, MaxRegs)
				continue
			}
			if n.Count > 0 {
				for i := 0; i < n.Count; i++ {
					c.declareReg(s, f, n.Name+strconv.Itoa(i), t, d.Vec, n.Pos())
				}
			} else {
				c.declareReg(s, f, n.Name, t, d.Vec, n.Pos())
			}
			continue
		}
		v := &Var{Name: n.Name, Space: d.Space, Type: t, Vec: d.Vec, Align: d.Align, Dims: n.Dims, Init: n.Init,
			Pos: n.Pos(), Func: f, Extern: d.Linkage == ".extern"}
		v.Size = c.size(v)
		if v.Size > MaxVarBytes || v.Size < 0 {
			c.errorf(n.Pos(), "%s is too large: at most %d bytes", n.Name, MaxVarBytes)
			v.Size = 0
		}
		if v.Align == 0 {
			v.Align = max(1, int(v.ElemSize()))
		}
		if v.Align&(v.Align-1) != 0 {
			c.errorf(d.Pos(), "alignment %d is not a power of two", v.Align)
		}
		if _, dup := s.names[n.Name]; dup {
			if s != c.module || !(d.Linkage == ".extern" || d.Linkage == ".weak") {
				c.errorf(n.Pos(), "%s redeclared in this block", n.Name)
			}
			continue
		}
		s.names[n.Name] = v
		vars = append(vars, v)
		if f != nil {
			f.Vars = append(f.Vars, v)
		}
	}
	return vars
}

func (c *checker) declareReg(s *scope, f *Func, name string, t isa.Type, vec int, pos ptx.Pos) {
	if _, dup := s.names[name]; dup {
		c.errorf(pos, "%s redeclared in this block", name)
		return
	}
	if f == nil {
		// Module-scope registers (PTX 1.x) are shared by every function:
		// kept as variables of space .reg and materialized per function.
		s.names[name] = &Var{Name: name, Space: ".reg", Type: t, Vec: vec, Pos: pos}
		return
	}
	r := &Reg{Name: name, Type: t, Vec: vec, Pos: pos, Index: len(f.Regs)}
	f.Regs = append(f.Regs, r)
	s.names[name] = r
}

// function checks one defined function.
func (c *checker) function(f *Func) {
	c.fn = f
	ps := &scope{parent: c.module, names: map[string]any{}}
	for _, v := range append(append([]*Var{}, f.Rets...), f.Params...) {
		if _, dup := ps.names[v.Name]; dup {
			c.errorf(v.Pos, "parameter %s redeclared", v.Name)
			continue
		}
		if v.Space == ".reg" {
			r := &Reg{Name: v.Name, Type: v.Type, Vec: v.Vec, Pos: v.Pos, Index: len(f.Regs)}
			f.Regs = append(f.Regs, r)
			ps.names[v.Name] = r
			continue
		}
		ps.names[v.Name] = v
	}
	c.block(ps, f.Decl.Body)
	// Resolve labels' indexes now that the code is flat.
	c.fn = nil
}

// block declares a block's variables and labels, then checks its
// instructions, recursing into nested blocks in order.
func (c *checker) block(parent *scope, b *ptx.Block) {
	s := &scope{parent: parent, names: map[string]any{}}
	f := c.fn
	// First pass: declarations and labels, so uses may come before them.
	var labels []*Label
	for i, st := range b.Stmts {
		switch st := st.(type) {
		case *ptx.VarDecl:
			c.declareVars(s, st, f)
		case *ptx.Directive:
			if i == 0 || len(labels) == 0 {
				break
			}
			l, ok := b.Stmts[i-1].(*ptx.Label)
			if !ok || labels[len(labels)-1].Name != l.Name {
				break
			}
			switch {
			case st.Proto != nil:
				if c.protos == nil {
					c.protos = map[*Label]*protoSig{}
				}
				c.protos[labels[len(labels)-1]] = &protoSig{params: c.params(st.Proto.Params, nil), rets: c.params(st.Proto.Rets, nil)}
			case st.Name == ".calltargets":
				if c.targs == nil {
					c.targs = map[*Label][]ptx.Operand{}
				}
				c.targs[labels[len(labels)-1]] = st.Args
			case st.Name == ".branchtargets":
				if c.btargs == nil {
					c.btargs = map[*Label]bool{}
				}
				c.btargs[labels[len(labels)-1]] = true
			}
		case *ptx.Label:
			if old := s.lookup(st.Name); old != nil {
				if _, isLabel := old.(*Label); isLabel {
					if _, here := s.names[st.Name]; here {
						c.errorf(st.Pos(), "duplicate label %s", st.Name)
						continue
					}
				}
			}
			l := &Label{Name: st.Name, Pos: st.Pos(), Index: -1}
			s.names[st.Name] = l
			labels = append(labels, l)
		}
	}
	// Second pass: instructions, nested blocks, label positions.
	li := 0
	for _, st := range b.Stmts {
		switch st := st.(type) {
		case *ptx.Label:
			if li < len(labels) && labels[li].Name == st.Name && labels[li].Pos == st.Pos() {
				labels[li].Index = len(f.Code)
				f.Labels = append(f.Labels, labels[li])
				li++
			}
		case *ptx.Instr:
			if in := c.instr(s, st); in != nil {
				f.Code = append(f.Code, in)
			}
		case *ptx.Block:
			c.block(s, st)
		case *ptx.Directive:
			if st.Name == ".branchtargets" || st.Name == ".calltargets" {
				for _, a := range st.Args {
					id, ok := a.(*ptx.Ident)
					if !ok {
						continue
					}
					if _, isLabel := s.lookup(id.Name).(*Label); !isLabel && st.Name == ".branchtargets" {
						c.errorf(id.Pos(), "undefined label %s", id.Name)
					}
				}
			}
		}
	}
}

// knownDirectives are the module-scope directives PTX defines (plus
// .language, which NVIDIA's tileiras emits though the manual does not list it).
var knownDirectives = map[string]bool{
	".version": true, ".target": true, ".address_size": true, ".file": true, ".loc": true,
	".section": true, ".pragma": true, ".language": true, ".alias": true, ".callprototype": true,
	".branchtargets": true, ".calltargets": true, ".weak": true, ".extern": true, ".visible": true,
}

func operandText(o ptx.Operand) string {
	switch o := o.(type) {
	case *ptx.Ident:
		return o.Name
	case *ptx.Int:
		return o.Text
	case *ptx.Float:
		return o.Text
	case *ptx.String:
		return strconv.Quote(o.Val)
	case *ptx.Unary:
		return o.Op + operandText(o.X)
	case *ptx.Binary:
		return operandText(o.X) + o.Op + operandText(o.Y)
	case *ptx.Sink:
		return "_"
	case *ptx.Addr:
		var b strings.Builder
		b.WriteByte('[')
		if o.Base != nil {
			b.WriteString(operandText(o.Base))
			if o.Off != 0 {
				fmt.Fprintf(&b, "%+d", o.Off)
			}
		} else {
			fmt.Fprintf(&b, "%d", o.Off)
		}
		b.WriteByte(']')
		return b.String()
	case *ptx.Vector:
		var parts []string
		for _, e := range o.Elems {
			parts = append(parts, operandText(e))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case *ptx.List:
		var parts []string
		for _, e := range o.Elems {
			parts = append(parts, operandText(e))
		}
		return "(" + strings.Join(parts, ", ") + ")"
	case *ptx.Pair:
		return operandText(o.D) + "|" + operandText(o.P)
	}
	return "?"
}
