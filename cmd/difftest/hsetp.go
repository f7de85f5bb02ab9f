// hsetp.go: Config.HSetp, the half-precision compares of users' PTX
// that Config.Half2's set never reaches, as inline PTX: setp of f16x2
// and bf16x2 writing p|q (p the low halves' compare, q the high
// halves', PTX ISA 9.7.4.? "setp": t[0], t[1] of the low and high
// halves, p = BoolOp(t[0], c), q = BoolOp(t[1], c)), with and without a
// BoolOp and its {!}c, .ftz; setp of f16 and bf16 with a BoolOp; set of
// f16x2 and bf16x2 with a BoolOp into f16x2, bf16x2, u32 and s32, .ftz.
// The bf16 forms want sm_90 (PTX 7.8): the module header is rewritten as
// for Config.SM90. A macro's value: p | q << 1 (setp), the lanes (set).
// The host computes each from the ISA's semantics (hsetpHost); TestHSetp
// checks it against hsetpModel, written apart in Go.
package main

import (
	"fmt"
	"strings"
)

// hsetpOp is one instruction: setp (set == "") or set into set's type,
// of bf16 or f16, one or two lanes, its compare, BoolOp ("" none), a
// negated c, .ftz.
type hsetpOp struct {
	set   string
	bf    bool
	lanes int
	cmp   string
	bop   string
	negc  bool
	ftz   bool
}

var hsetpList = []hsetpOp{
	{lanes: 2, cmp: "lt"},
	{lanes: 2, cmp: "gtu", bop: "and"},
	{lanes: 2, cmp: "eq", bop: "or", negc: true},
	{lanes: 2, cmp: "nan", bop: "xor"},
	{lanes: 2, cmp: "ne", ftz: true},
	{lanes: 2, cmp: "leu", bop: "and", negc: true, ftz: true},
	{bf: true, lanes: 2, cmp: "ge"},
	{bf: true, lanes: 2, cmp: "neu", bop: "and", negc: true},
	{bf: true, lanes: 2, cmp: "num", bop: "or"},
	{lanes: 1, cmp: "ltu", bop: "xor"},
	{lanes: 1, cmp: "gt", ftz: true},
	{bf: true, lanes: 1, cmp: "le", bop: "or", negc: true},
	{bf: true, lanes: 1, cmp: "equ"},
	{set: "f16x2", lanes: 2, cmp: "lt", bop: "and"},
	{set: "u32", lanes: 2, cmp: "ne", bop: "or", negc: true},
	{set: "s32", lanes: 2, cmp: "geu", bop: "xor", ftz: true},
	{set: "f16x2", lanes: 2, cmp: "leu", ftz: true},
	{set: "bf16x2", bf: true, lanes: 2, cmp: "gt"},
	{set: "u32", bf: true, lanes: 2, cmp: "le", bop: "and"},
	{set: "bf16x2", bf: true, lanes: 2, cmp: "nan", bop: "or", negc: true},
}

// typ is the operands' PTX type.
func (o hsetpOp) typ() string {
	t := "f16"
	if o.bf {
		t = "bf16"
	}
	if o.lanes == 2 {
		t += "x2"
	}
	return t
}

func (o hsetpOp) ins() string {
	s := "setp." + o.cmp
	if o.set != "" {
		s = "set." + o.cmp
	}
	if o.bop != "" {
		s += "." + o.bop
	}
	if o.ftz {
		s += ".ftz"
	}
	if o.set != "" {
		s += "." + o.set
	}
	return s + "." + o.typ()
}

func (o hsetpOp) name() string {
	n := "hp_" + strings.ReplaceAll(o.ins(), ".", "_")
	if o.negc {
		n += "_notc"
	}
	return n
}

// kinds: a lane pair in a u32, a lone lane in a u16; c a u32 (bit 0).
func (o hsetpOp) kinds() (Kind, []Kind) {
	k := U32
	if o.lanes == 1 {
		k = U16
	}
	args := []Kind{k, k}
	if o.bop != "" {
		args = append(args, U32)
	}
	return U32, args
}

var hsetpOps = func() []intrinOp {
	ops := make([]intrinOp, len(hsetpList))
	for i, o := range hsetpList {
		r, a := o.kinds()
		ops[i] = intrinOp{name: o.name(), ret: r, args: a}
	}
	return ops
}()

// hsetpCUDA: each instruction in one asm statement: c from bit 0 of the
// third operand, p and q made 1 and 2 by selp.
var hsetpCUDA = func() string {
	var b strings.Builder
	b.WriteString("/* Half compares (Config.HSetp), inline PTX. */\n")
	for _, o := range hsetpList {
		_, args := o.kinds()
		rc, rt := "r", "u32"
		if o.lanes == 1 {
			rc, rt = "h", "u16"
		}
		params := "a, b"
		ops := fmt.Sprintf("\"%s\"((%s)(a)), \"%s\"((%s)(b))", rc, rt, rc, rt)
		head, c := ".reg .pred p_, q_;", ""
		if len(args) == 3 {
			params += ", c"
			ops += ", \"r\"((u32)(c))"
			head += " .reg .pred c_; .reg .b32 t_; and.b32 t_, %3, 1; setp.ne.u32 c_, t_, 0;"
			c = ", c_"
			if o.negc {
				c = ", !c_"
			}
		}
		var body string
		switch {
		case o.set != "":
			body = fmt.Sprintf("%s %%0, %%1, %%2%s;", o.ins(), c)
		case o.lanes == 2:
			body = fmt.Sprintf("%s p_|q_, %%1, %%2%s; .reg .b32 u_; selp.u32 %%0, 1, 0, p_; selp.u32 u_, 2, 0, q_; or.b32 %%0, %%0, u_;", o.ins(), c)
		default:
			body = fmt.Sprintf("%s p_, %%1, %%2%s; selp.u32 %%0, 1, 0, p_;", o.ins(), c)
		}
		fmt.Fprintf(&b, "#define I_%s(%s) ({ u32 r_; asm(\"{ %s %s }\" : \"=r\"(r_) : %s); (u32)r_; })\n", o.name(), params, head, body, ops)
	}
	return b.String()
}()

// hsetpHost: the ISA's semantics: t = a CmpOp b per lane (the ordered
// compares false and the u ones true where a lane is NaN; .ftz takes a
// subnormal f16 as a zero of its sign), then BoolOp with c (negated
// with !c). setp: p from the low lane, q from the high; set: each lane
// 1.0 (set's f16x2 0x3c00, bf16x2 0x3f80) or all ones (u32, s32: 0xffff
// a lane) where true, else 0.
var hsetpHost = `/* Half compares (Config.HSetp), as the PTX ISA defines them. */
static int hp_t(u32 x, u32 y, int bf, int ftz, int cmp) {
  x &= 0xffffu; y &= 0xffffu;
  if (ftz && !bf) { if (!(x & 0x7c00u)) x &= 0x8000u; if (!(y & 0x7c00u)) y &= 0x8000u; }
  double a = h2v(x, bf), b = h2v(y, bf);
  int un = a != a || b != b;
  switch (cmp) {
  case 0: return !un && a == b;  case 1: return !un && a != b;
  case 2: return !un && a < b;   case 3: return !un && a <= b;
  case 4: return !un && a > b;   case 5: return !un && a >= b;
  case 6: return un || a == b;   case 7: return un || a != b;
  case 8: return un || a < b;    case 9: return un || a <= b;
  case 10: return un || a > b;   case 11: return un || a >= b;
  case 12: return !un;           default: return un;
  }
}
static int hp_b(int t, int bop, u32 c, int negc) {
  int cc = (c & 1u) != 0;
  if (negc) cc = !cc;
  return bop == 0 ? t : bop == 1 ? t && cc : bop == 2 ? t || cc : t != cc;
}
` + func() string {
	var b strings.Builder
	cmps := map[string]int{"eq": 0, "ne": 1, "lt": 2, "le": 3, "gt": 4, "ge": 5, "equ": 6, "neu": 7, "ltu": 8, "leu": 9, "gtu": 10, "geu": 11, "num": 12, "nan": 13}
	bops := map[string]int{"": 0, "and": 1, "or": 2, "xor": 3}
	for _, o := range hsetpList {
		_, args := o.kinds()
		params, c := "a, b", "0u"
		if len(args) == 3 {
			params, c = "a, b, c", "(u32)(c)"
		}
		lane := func(i int) string {
			return fmt.Sprintf("hp_b(hp_t((u32)(a) >> %d, (u32)(b) >> %d, %d, %d, %d), %d, %s, %d)", 16*i, 16*i, b2i(o.bf), b2i(o.ftz), cmps[o.cmp], bops[o.bop], c, b2i(o.negc))
		}
		var v string
		switch {
		case o.set != "":
			one := map[string]string{"f16x2": "0x3c00u", "bf16x2": "0x3f80u", "u32": "0xffffu", "s32": "0xffffu"}[o.set]
			v = fmt.Sprintf("(%s ? %s : 0u) | (%s ? %s : 0u) << 16", lane(0), one, lane(1), one)
		case o.lanes == 2:
			v = fmt.Sprintf("(u32)%s | (u32)%s << 1", lane(0), lane(1))
		default:
			v = fmt.Sprintf("(u32)%s", lane(0))
		}
		fmt.Fprintf(&b, "#define I_%s(%s) ((u32)(%s))\n", o.name(), params, v)
	}
	return b.String()
}()
