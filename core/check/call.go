// call.go: checking call, whose operand shapes vary too much for a form:
//   call{.uni} (ret), func, (args);   call{.uni} func, (args);   call{.uni} func;
//   call{.uni} (ret), %fptr, (args), prototype_or_table;

package check

import (
	"strings"

	"github.com/ptxplay/ptxplay/core/ptx"
)

// Call operands are stored as Args: [0] the return list (ArgList, maybe
// empty), [1] the callee (ArgFunc, or ArgReg for an indirect call), [2] the
// argument list (ArgList).
func (c *checker) call(s *scope, in *Inst) {
	ops := in.Src.Args
	var rets, args *ptx.List
	if len(ops) > 0 {
		if l, ok := ops[0].(*ptx.List); ok {
			rets, ops = l, ops[1:]
		}
	}
	if len(ops) == 0 {
		c.errorf(in.Src.OpPos, "call expects a function operand")
		return
	}
	callee := ops[0]
	ops = ops[1:]
	if len(ops) > 0 {
		if l, ok := ops[0].(*ptx.List); ok {
			args, ops = l, ops[1:]
		}
	}
	var target Arg
	id, ok := callee.(*ptx.Ident)
	if !ok {
		c.errorf(callee.Pos(), "expected function, found %s", describe(s, callee))
		return
	}
	switch obj := c.resolve(s, id).(type) {
	case *Func:
		target = Arg{Kind: ArgFunc, Func: obj, Pos: id.Pos()}
	case *Reg:
		target = Arg{Kind: ArgReg, Reg: obj, Pos: id.Pos()}
		if len(ops) == 0 {
			c.errorf(id.Pos(), "indirect call through %s needs a prototype or target list", id.Name)
		}
	case nil:
		if isRuntimeIntrinsic(id.Name) {
			return // resolved by the OptiX/driver linker; refused at run time
		}
		c.errorf(id.Pos(), "undefined function %s", id.Name)
		return
	default:
		c.errorf(id.Pos(), "expected function, found %s", describe(s, callee))
		return
	}
	if len(ops) > 1 {
		c.errorf(ops[1].Pos(), "unexpected operand %s in call", operandText(ops[1]))
	}
	// A trailing prototype label or function table is accepted unresolved
	// when it names a .callprototype.
	list := func(l *ptx.List) Arg {
		a := Arg{Kind: ArgList}
		if l == nil {
			return a
		}
		a.Pos = l.Pos()
		for _, e := range l.Elems {
			a.Elems = append(a.Elems, c.value(s, in, e, "", false, true))
		}
		return a
	}
	r, p := list(rets), list(args)
	if f := target.Func; f != nil {
		if len(r.Elems) != len(f.Rets) {
			c.errorf(in.Src.OpPos, "call of %s: expected %d return values, found %d", f.Name, len(f.Rets), len(r.Elems))
		}
		if len(p.Elems) != len(f.Params) {
			c.errorf(in.Src.OpPos, "call of %s: expected %d arguments, found %d", f.Name, len(f.Params), len(p.Elems))
		}
	}
	in.Args = []Arg{r, target, p}
}

// isRuntimeIntrinsic recognizes calls that compilers emit to runtime
// functions the module never declares (OptiX's _rt_* and _optix_*).
func isRuntimeIntrinsic(name string) bool {
	return strings.HasPrefix(name, "_rt_") || strings.HasPrefix(name, "_optix_")
}
