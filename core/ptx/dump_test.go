// dump_test.go renders AST nodes as compact text for the table tests.
package ptx

import (
	"fmt"
	"strings"
)

// opString renders an operand: %r1, int:5, int:5U, f32:3f800000,
// f64:3ff0000000000000, "s", (-x), (x+y), [%rd+8], {a, b}, _, a|b, (a, b).
func opString(x Operand) string {
	switch x := x.(type) {
	case nil:
		return "<nil>"
	case *Ident:
		return x.Name
	case *Int:
		u := ""
		if x.Unsigned {
			u = "U"
		}
		return fmt.Sprintf("int:%d%s", int64(x.Val), u)
	case *Float:
		if x.Double {
			return fmt.Sprintf("f64:%016x", x.Bits)
		}
		return fmt.Sprintf("f32:%08x", x.Bits)
	case *String:
		return fmt.Sprintf("%q", x.Val)
	case *Unary:
		return "(" + x.Op + opString(x.X) + ")"
	case *Binary:
		return "(" + opString(x.X) + x.Op + opString(x.Y) + ")"
	case *Cond:
		return "(" + opString(x.X) + "?" + opString(x.A) + ":" + opString(x.B) + ")"
	case *Addr:
		var b strings.Builder
		b.WriteByte('[')
		if x.Base != nil {
			b.WriteString(opString(x.Base))
			if x.Off != 0 {
				fmt.Fprintf(&b, "%+d", x.Off)
			}
		} else {
			fmt.Fprintf(&b, "%d", x.Off)
		}
		for _, a := range x.Args {
			b.WriteString(", " + opString(a))
		}
		b.WriteByte(']')
		return b.String()
	case *Vector:
		return "{" + opList(x.Elems) + "}"
	case *Sink:
		return "_"
	case *Pair:
		return opString(x.D) + "|" + opString(x.P)
	case *List:
		return "(" + opList(x.Elems) + ")"
	}
	return fmt.Sprintf("<%T>", x)
}

func opList(xs []Operand) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = opString(x)
	}
	return strings.Join(s, ", ")
}

// stmtString renders a statement on one line.
func stmtString(s Stmt) string {
	switch s := s.(type) {
	case *Instr:
		var b strings.Builder
		if g := s.Guard; g != nil {
			b.WriteByte('@')
			if g.Neg {
				b.WriteByte('!')
			}
			b.WriteString(g.Name + " ")
		}
		b.WriteString(s.Op)
		for _, m := range s.Mods {
			b.WriteString(" " + m.Name)
		}
		if len(s.Args) > 0 {
			b.WriteString(" " + opList(s.Args))
		}
		return b.String()
	case *Label:
		return s.Name + ":"
	case *Block:
		parts := make([]string, len(s.Stmts))
		for i, x := range s.Stmts {
			parts[i] = stmtString(x)
		}
		return "{" + strings.Join(parts, "; ") + "}"
	case *VarDecl:
		return declString(s)
	case *Directive:
		return dirString(s)
	}
	return fmt.Sprintf("<%T>", s)
}

func dirString(d *Directive) string {
	var b strings.Builder
	b.WriteString(d.Name)
	if len(d.Args) > 0 {
		b.WriteString(" " + opList(d.Args))
	}
	if d.Proto != nil {
		b.WriteString(" " + funcString(d.Proto))
	}
	if d.Body != nil {
		b.WriteString(" {")
		for i, s := range d.Body {
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(stmtString(s))
		}
		b.WriteString("}")
	}
	return b.String()
}

func declString(v *VarDecl) string {
	var b strings.Builder
	for _, s := range []string{v.Linkage, v.Space} {
		if s != "" {
			b.WriteString(s + " ")
		}
	}
	if v.Align != 0 {
		fmt.Fprintf(&b, "align=%d ", v.Align)
	}
	if v.Vec != 0 {
		fmt.Fprintf(&b, "v%d ", v.Vec)
	}
	b.WriteString(v.Type)
	for i, n := range v.Names {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(" " + n.Name)
		if n.Count != 0 {
			fmt.Fprintf(&b, "<%d>", n.Count)
		}
		for _, d := range n.Dims {
			fmt.Fprintf(&b, "[%d]", d)
		}
		if n.Init != nil {
			b.WriteString(" = " + initString(n.Init))
		}
	}
	return b.String()
}

func initString(in *Init) string {
	if !in.List {
		return opString(in.Expr)
	}
	parts := make([]string, len(in.Elems))
	for i, e := range in.Elems {
		parts[i] = initString(e)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func paramString(p *Param) string {
	var b strings.Builder
	b.WriteString(p.Space)
	if p.Align != 0 {
		fmt.Fprintf(&b, " align=%d", p.Align)
	}
	if p.Vec != 0 {
		fmt.Fprintf(&b, " v%d", p.Vec)
	}
	b.WriteString(" " + p.Type)
	if p.Ptr {
		b.WriteString(" ptr")
		if p.PtrSpace != "" {
			b.WriteString(" " + p.PtrSpace)
		}
		if p.PtrAlign != 0 {
			fmt.Fprintf(&b, " align=%d", p.PtrAlign)
		}
	}
	b.WriteString(" " + p.Name)
	for _, d := range p.Dims {
		fmt.Fprintf(&b, "[%d]", d)
	}
	return b.String()
}

func funcString(f *Func) string {
	var b strings.Builder
	if f.Linkage != "" {
		b.WriteString(f.Linkage + " ")
	}
	if f.Entry {
		b.WriteString(".entry ")
	} else if f.Body != nil || f.Name != "_" {
		b.WriteString(".func ")
	}
	if f.Rets != nil {
		b.WriteString("(" + paramsString(f.Rets) + ") ")
	}
	b.WriteString(f.Name)
	b.WriteString(" (" + paramsString(f.Params) + ")")
	for _, d := range f.Perf {
		b.WriteString(" " + dirString(d))
	}
	if f.Body != nil {
		b.WriteString(fmt.Sprintf(" body=%d", len(f.Body.Stmts)))
	}
	return b.String()
}

func paramsString(ps []*Param) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = paramString(p)
	}
	return strings.Join(s, ", ")
}

// declStr renders a module-scope item.
func declStr(d Decl) string {
	switch d := d.(type) {
	case *Func:
		return funcString(d)
	case *VarDecl:
		return declString(d)
	case *Directive:
		return dirString(d)
	}
	return fmt.Sprintf("<%T>", d)
}
