// walk.go implements Inspect, a depth-first traversal of the AST.
package ptx

// InspectModule calls Inspect for the header directives and declarations
// of m in source order.
func InspectModule(m *Module, f func(Node) bool) {
	for _, d := range []*Directive{m.Version, m.Target, m.AddressSize} {
		if d != nil {
			Inspect(d, f)
		}
	}
	for _, d := range m.Decls {
		Inspect(d, f)
	}
}

// Inspect calls f for n and, while f returns true, for every node inside
// it in source order, as go/ast.Inspect does. Nil nodes are skipped.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	switch n := n.(type) {
	case *Directive:
		for _, a := range n.Args {
			Inspect(a, f)
		}
		if n.Proto != nil {
			Inspect(n.Proto, f)
		}
		for _, s := range n.Body {
			Inspect(s, f)
		}
	case *Func:
		for _, p := range n.Rets {
			Inspect(p, f)
		}
		for _, p := range n.Params {
			Inspect(p, f)
		}
		for _, d := range n.Perf {
			Inspect(d, f)
		}
		if n.Body != nil {
			Inspect(n.Body, f)
		}
	case *VarDecl:
		for _, v := range n.Names {
			Inspect(v, f)
		}
	case *VarName:
		if n.Init != nil {
			Inspect(n.Init, f)
		}
	case *Init:
		if n.Expr != nil {
			Inspect(n.Expr, f)
		}
		for _, e := range n.Elems {
			Inspect(e, f)
		}
	case *Block:
		for _, s := range n.Stmts {
			Inspect(s, f)
		}
	case *Instr:
		if n.Guard != nil {
			Inspect(n.Guard, f)
		}
		for _, a := range n.Args {
			Inspect(a, f)
		}
	case *Unary:
		Inspect(n.X, f)
	case *Binary:
		Inspect(n.X, f)
		Inspect(n.Y, f)
	case *Cond:
		Inspect(n.X, f)
		Inspect(n.A, f)
		Inspect(n.B, f)
	case *Addr:
		if n.Base != nil {
			Inspect(n.Base, f)
		}
		for _, a := range n.Args {
			Inspect(a, f)
		}
	case *Vector:
		for _, e := range n.Elems {
			Inspect(e, f)
		}
	case *Pair:
		Inspect(n.D, f)
		Inspect(n.P, f)
	case *List:
		for _, e := range n.Elems {
			Inspect(e, f)
		}
	}
}
