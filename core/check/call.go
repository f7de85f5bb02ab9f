// call.go: checking call, whose operand shapes vary too much for a form:
//   call{.uni} (ret), func, (args);   call{.uni} func, (args);   call{.uni} func;
//   call{.uni} (ret), %fptr, (args), prototype_or_table;
// and the arguments and return values against the callee's declaration
// (PTX ISA 3.1 §7.1 and call in §8.7.10).

package check

import (
	"fmt"
	"strings"

	"github.com/ptxplay/ptxplay/core/isa"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// Call operands are stored as Args: [0] the return list (ArgList, maybe
// empty), [1] the callee (ArgFunc, or ArgReg for an indirect call), [2] the
// argument list (ArgList). A whole vector register in a list is an ArgVec of
// its components.
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
	// The declaration the operands must match: the callee's, or for an
	// indirect call the .callprototype its last operand names.
	var fname string
	var formals, formalRets []*Var
	known := false
	switch obj := c.resolve(s, id).(type) {
	case *Func:
		target = Arg{Kind: ArgFunc, Func: obj, Pos: id.Pos()}
		fname, formals, formalRets, known = obj.Name, obj.Params, obj.Rets, true
		if id.Pos() < obj.First {
			// ISA 7.1: "A function must be declared or defined prior to
			// being called" (clang and nvcc print a prototype first).
			c.errorf(id.Pos(), "call of %s before its declaration at line %d: declare it (.func ... %s (...);) before the call", obj.Name, c.prog.File.Position(obj.First).Line, obj.Name)
		}
	case *Reg:
		target = Arg{Kind: ArgReg, Reg: obj, Pos: id.Pos()}
		if obj.Type.Kind == isa.KindPred || obj.Type.Kind == isa.KindFloat || obj.Vec > 0 {
			c.errorf(id.Pos(), "expected function or integer register holding a function address, found %s register %s", obj.Type.Name, obj.Name)
		}
		if len(ops) == 0 {
			c.errorf(id.Pos(), "indirect call through %s needs a prototype or target list", id.Name)
		} else if pid, ok := ops[0].(*ptx.Ident); ok {
			// "the call operands are type-checked against the type
			// signature of the functions indicated by flist", or against
			// the prototype.
			var targets []*Func
			switch o := s.lookup(pid.Name).(type) {
			case *Label:
				if p := c.protos[o]; p != nil {
					fname = "prototype " + pid.Name
					formals, formalRets, known = p.params, p.rets, true
				}
				for _, a := range c.targs[o] {
					if id, ok := a.(*ptx.Ident); ok {
						if f, ok := s.lookup(id.Name).(*Func); ok {
							targets = append(targets, f)
						}
					}
				}
			case *Var:
				if o.Init != nil && o.Init.List {
					for _, e := range o.Init.Elems {
						if id, ok := e.Expr.(*ptx.Ident); ok {
							if f, ok := s.lookup(id.Name).(*Func); ok {
								targets = append(targets, f)
							}
						}
					}
				}
			}
			if len(targets) > 0 {
				first := targets[0]
				fname = first.Name + " (through " + pid.Name + ")"
				formals, formalRets, known = first.Params, first.Rets, true
				// Every function of the list must take what the call passes:
				// one signature for all, or the run would fail the call.
				for _, f := range targets[1:] {
					if why := sigDiff(first, f); why != "" {
						c.errorf(pid.Pos(), "call through %s: %s and %s differ (%s): every target must take the call's operands", pid.Name, first.Name, f.Name, why)
						break
					}
				}
			}
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
	if target.Kind == ArgFunc && len(ops) > 0 {
		c.errorf(ops[0].Pos(), "unexpected operand %s in a direct call", operandText(ops[0]))
	} else if len(ops) > 1 {
		c.errorf(ops[1].Pos(), "unexpected operand %s in call", operandText(ops[1]))
	}
	// A trailing prototype label or function table is accepted unresolved
	// when it names a .callprototype.
	list := func(l *ptx.List, formals []*Var, ret bool) Arg {
		a := Arg{Kind: ArgList}
		if l == nil {
			return a
		}
		a.Pos = l.Pos()
		for i, e := range l.Elems {
			// A return value is written, but may be a .param variable:
			// value's rules for destinations would refuse that.
			x := c.value(s, in, e, "", false, true)
			if ret && !known && x.Kind == ArgImm {
				c.errorf(e.Pos(), "expected register or .param variable for a return value, found constant %s", operandText(e))
			}
			if x.Kind == ArgReg && x.Reg != nil && x.Reg.Vec > 0 {
				if id, ok := e.(*ptx.Ident); ok && id.Name == x.Reg.Name {
					// The whole vector register, component by component.
					x.Kind = ArgVec
					for k := 0; k < x.Reg.Vec; k++ {
						x.Elems = append(x.Elems, Arg{Kind: ArgReg, Reg: x.Reg, Comp: k, Pos: e.Pos()})
					}
				}
			}
			if known && i < len(formals) {
				c.callOperand(s, fname, formals[i], e, x, ret)
			}
			a.Elems = append(a.Elems, x)
		}
		return a
	}
	r, p := list(rets, formalRets, true), list(args, formals, false)
	if known {
		if len(r.Elems) != len(formalRets) {
			at := in.Src.OpPos
			if rets != nil {
				at = rets.Pos()
			}
			c.errorf(at, "call of %s: expected %d return values, found %d", fname, len(formalRets), len(r.Elems))
		}
		if len(p.Elems) != len(formals) {
			at := in.Src.OpPos
			if args != nil {
				at = args.Pos()
			}
			c.errorf(at, "call of %s: expected %d arguments, found %d", fname, len(formals), len(p.Elems))
		}
	}
	in.Args = []Arg{r, target, p}
}

// callOperand checks one argument (or return value) a, written o, against
// its formal parameter f (§7.1): a register or a .param variable of the
// caller of matching type and size, or, for an argument, a constant that
// fits the type; a .param byte array formal takes only a .param array of the
// same size and type, aligned at least as strictly.
func (c *checker) callOperand(s *scope, fname string, f *Var, o ptx.Operand, a Arg, ret bool) {
	what := "argument"
	if ret {
		what = "return value"
	}
	want := formalDesc(f)
	bad := func(found string) {
		c.errorf(o.Pos(), "call of %s: expected %s %s for %s, found %s", fname, want, what, f.Name, found)
	}
	switch a.Kind {
	case ArgReg, ArgVec:
		r := a.Reg
		vec := 0
		if a.Kind == ArgVec {
			if len(a.Elems) == 0 {
				return
			}
			r, vec = a.Elems[0].Reg, a.Elems[0].Reg.Vec
		}
		if r == nil {
			return
		}
		found := fmt.Sprintf("%s register %s", vecName(vec)+r.Type.Name, operandText(o))
		if f.Dims != nil || vec != f.Vec || !compatible(f.Type.Name, r.Type, false, false) || r.Type.Bits != f.Type.Bits {
			bad(found)
		}
	case ArgImm:
		if ret {
			bad("constant " + operandText(o))
			return
		}
		if f.Dims != nil || f.Vec > 0 || !fitsConst(f.Type, a) {
			bad("constant " + operandText(o))
		}
	case ArgSym:
		v := a.Var
		if v.Space != ".param" || v.Func == nil || v.Param || a.Off != 0 {
			c.errorf(o.Pos(), "call of %s: expected register, constant or .param variable of the caller as %s for %s, found %s", fname, what, f.Name, describe(s, o))
			return
		}
		found := fmt.Sprintf(".param %s %s", arrayDesc(v), v.Name)
		switch {
		case f.Dims != nil || v.Dims != nil:
			if f.Dims == nil || v.Dims == nil || v.Size != f.Size || v.Type.Bits != f.Type.Bits {
				bad(found)
			} else if v.Align < f.Align {
				c.errorf(o.Pos(), "call of %s: %s %s is aligned to %d bytes; %s needs %d", fname, what, v.Name, v.Align, f.Name, f.Align)
			}
		case v.Vec != f.Vec || !compatible(f.Type.Name, v.Type, false, false) || v.Type.Bits != f.Type.Bits:
			bad(found)
		}
	case ArgSink:
		// value reported it.
	default:
		c.errorf(o.Pos(), "call of %s: expected register, constant or .param variable as %s for %s, found %s", fname, what, f.Name, describe(s, o))
	}
}

// formalDesc names what a formal parameter takes: ".b32", ".v2 .u32" or
// ".param .b8 [12] array".
func formalDesc(f *Var) string {
	if f.Dims != nil {
		return ".param " + arrayDesc(f)
	}
	return vecName(f.Vec) + f.Type.Name
}

func arrayDesc(v *Var) string {
	if v.Dims == nil {
		return vecName(v.Vec) + v.Type.Name
	}
	return fmt.Sprintf("%s[%d]", v.Type.Name, v.Size/max(1, v.ElemSize()))
}

func vecName(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(".v%d ", n)
}

// fitsConst reports whether a constant can be represented in type t: an
// integer in t's size (signed or unsigned), a float for a float or bit-size
// type, 0 or 1 for a predicate.
func fitsConst(t isa.Type, a Arg) bool {
	switch t.Kind {
	case isa.KindPred:
		return !a.Float && a.Imm <= 1
	case isa.KindFloat:
		return true
	}
	if a.Float {
		return t.Kind == isa.KindBits && (t.Bits == 64 || t.Bits == 32 && a.F32)
	}
	if t.Bits >= 64 {
		return true
	}
	v := int64(a.Imm)
	return v >= -(1<<(t.Bits-1)) && v < 1<<t.Bits
}

// protoSig is the signature of a .callprototype.
type protoSig struct{ params, rets []*Var }

// isRuntimeIntrinsic recognizes calls that compilers emit to runtime
// functions the module never declares (OptiX's _rt_* and _optix_*).
func isRuntimeIntrinsic(name string) bool {
	return strings.HasPrefix(name, "_rt_") || strings.HasPrefix(name, "_optix_")
}

// sigDiff says how the interfaces of two functions differ, or "".
func sigDiff(f, g *Func) string {
	for _, l := range []struct {
		what string
		a, b []*Var
	}{{"return values", f.Rets, g.Rets}, {"parameters", f.Params, g.Params}} {
		if len(l.a) != len(l.b) {
			return fmt.Sprintf("%d %s and %d", len(l.a), l.what, len(l.b))
		}
		for i := range l.a {
			if x, y := paramSig(l.a[i]), paramSig(l.b[i]); x != y {
				return fmt.Sprintf("%s %d: %s and %s", strings.TrimSuffix(l.what, "s"), i+1, x, y)
			}
		}
	}
	return ""
}
