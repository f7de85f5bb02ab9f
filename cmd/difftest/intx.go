// intx.go: Config.IntX, integer forms of users' PTX that clang never
// selects for plain C and the other features never write, as inline
// PTX: add.sat.s32 and sub.sat.s32, mad.hi of every 32- and 64-bit type
// and mad.hi.sat.s32, mad.lo of 16 and 64 bits, mad.wide of s16, u32 and
// s32, mul.hi and mul.wide of 16 bits, sad of s16, u64 and s64, and fns
// (the n-th set bit from a base, up or down). The host computes each
// from the ISA's semantics (intxHost); TestIntX checks it against values
// worked out by hand.
package main

import (
	"fmt"
	"strings"
)

// intxOp is one instruction: its PTX, the operands' kind (the result's
// too unless wide), its operand count, and the C of its meaning (a, b,
// c of the operand types named T and W, W twice as wide as T).
type intxOp struct {
	ins  string
	k    Kind
	wide bool // the result and c are twice as wide
	n    int
	host string
}

var intxList = []intxOp{
	{"add.sat.s32", S32, false, 2, "(s32)h_clamp32((s64)a + (s64)b)"},
	{"sub.sat.s32", S32, false, 2, "(s32)h_clamp32((s64)a - (s64)b)"},
	{"mad.hi.u32", U32, false, 3, "(u32)(((u64)a * b) >> 32) + c"},
	{"mad.hi.s32", S32, false, 3, "(s32)((u32)(((s64)a * b) >> 32) + (u32)c)"},
	{"mad.hi.sat.s32", S32, false, 3, "(s32)h_clamp32((s64)(s32)(((s64)a * b) >> 32) + (s64)c)"},
	{"mad.hi.u64", U64, false, 3, "(u64)(((u128)a * b) >> 64) + c"},
	{"mad.hi.s64", S64, false, 3, "(s64)((u64)(((s128)a * b) >> 64) + (u64)c)"},
	{"mad.lo.u16", U16, false, 3, "(u16)((u32)a * b + c)"},
	{"mad.lo.s64", S64, false, 3, "(s64)((u64)a * (u64)b + (u64)c)"},
	{"mad.wide.s16", S16, true, 3, "(s32)((u32)((s32)a * (s32)b) + (u32)c)"},
	{"mad.wide.u32", U32, true, 3, "(u64)a * b + c"},
	{"mad.wide.s32", S32, true, 3, "(s64)((u64)((s64)a * b) + (u64)c)"},
	{"mul.hi.u16", U16, false, 2, "(u16)(((u32)a * b) >> 16)"},
	{"mul.hi.s16", S16, false, 2, "(s16)(((s32)a * b) >> 16)"},
	{"mul.wide.u16", U16, true, 2, "(u32)a * b"},
	{"mul.wide.s16", S16, true, 2, "(s32)a * b"},
	{"sad.s16", S16, false, 3, "(s16)(u16)((u32)c + (u32)(a < b ? (s32)b - a : (s32)a - b))"},
	{"sad.u64", U64, false, 3, "c + (a < b ? b - a : a - b)"},
	{"sad.s64", S64, false, 3, "(s64)((u64)c + (a < b ? (u64)b - (u64)a : (u64)a - (u64)b))"},
	{"fns.b32", U32, false, 3, "h_fns(a, b & 31u, (s32)FNSOFF(c))"},
}

func (o intxOp) name() string { return "ix_" + strings.ReplaceAll(o.ins, ".", "_") }

func (o intxOp) wideKind() Kind {
	if !o.wide {
		return o.k
	}
	return o.k + 2 // U16 -> U32, S16 -> S32, U32 -> U64, S32 -> S64
}

var intxOps = func() []intrinOp {
	ops := make([]intrinOp, len(intxList))
	for i, o := range intxList {
		args := []Kind{o.k, o.k}
		if o.n == 3 {
			args = append(args, o.wideKind())
		}
		ops[i] = intrinOp{name: o.name(), ret: o.wideKind(), args: args}
	}
	return ops
}()

func intxReg(k Kind) string {
	switch k.bits() {
	case 16:
		return "h"
	case 32:
		return "r"
	}
	return "l"
}

// intxCUDA: each instruction one asm statement.
var intxCUDA = func() string {
	var b strings.Builder
	b.WriteString("/* Integer forms (Config.IntX), inline PTX. */\n" + intxShared)
	for _, o := range intxList {
		w := o.wideKind()
		params, ops, ins := "a, b", fmt.Sprintf("\"%s\"((%s)(a)), \"%s\"((%s)(b))", intxReg(o.k), o.k, intxReg(o.k), o.k), "%0, %1, %2"
		if o.n == 3 {
			params += ", c"
			ops += fmt.Sprintf(", \"%s\"((%s)(c))", intxReg(w), w)
			ins += ", %3"
		}
		if o.ins == "fns.b32" { // base below 32 (the ISA: larger is undefined), offset FNSOFF's
			ops = strings.Replace(ops, "\"r\"((u32)(b))", "\"r\"((u32)(b) & 31u)", 1)
			ops = strings.Replace(ops, "\"r\"((u32)(c))", "\"r\"(FNSOFF((u32)(c)))", 1)
		}
		fmt.Fprintf(&b, "#define I_%s(%s) ({ %s r_; asm(\"%s %s;\" : \"=%s\"(r_) : %s); r_; })\n", o.name(), params, w, o.ins, ins, intxReg(w), ops)
	}
	return b.String()
}()

// intxShared: fns's offset, both sides: one time in two (bit 7 of c
// clear) a small one, -8 to 7, so that the n-th set bit is often there.
const intxShared = "#define FNSOFF(c) (((c) & 0x80u) ? (u32)(c) : (u32)((s32)((c) & 15u) - 8))\n"

// intxHost: the ISA's semantics. add/sub.sat and mad.hi.sat clamp the
// exact result to the s32 range; mad.hi adds c to the product's upper
// half, mad.lo to its lower half, mad.wide to the whole product (each
// modulo the result's width); mul.hi: the upper half of the 32-bit
// product of 16-bit operands; sad: c + |a - b|, modulo the width; fns
// (ISA 9.7.1.18): the position of the offset-th set bit of mask counting
// up (offset > 0) or down (offset < 0) from base, base itself where
// offset is 0 and its bit is set, else 0xffffffff (base below 32: the
// macro takes base & 31, the ISA leaves larger ones undefined).
var intxHost = intxShared + `/* Integer forms (Config.IntX), as the PTX ISA defines them. */
static s64 h_clamp32(s64 v) { return v < -2147483648ll ? -2147483648ll : v > 2147483647ll ? 2147483647ll : v; }
static u32 h_fns(u32 mask, u32 base, s32 offset) {
  if (offset == 0) return (mask >> base & 1u) ? base : 0xffffffffu;
  s64 count = (offset > 0 ? (s64)offset : -(s64)offset) - 1;
  int inc = offset > 0 ? 1 : -1;
  for (int pos = (int)base; pos >= 0 && pos < 32; pos += inc)
    if (mask >> pos & 1u) { if (count == 0) return (u32)pos; count--; }
  return 0xffffffffu;
}
` + func() string {
	var b strings.Builder
	for _, o := range intxList {
		w := o.wideKind()
		params, decl := "a_, b_", fmt.Sprintf("%s a = (%s)(a_), b = (%s)(b_);", o.k, o.k, o.k)
		if o.n == 3 {
			params += ", c_"
			decl += fmt.Sprintf(" %s c = (%s)(c_);", w, w)
		}
		fmt.Fprintf(&b, "#define I_%s(%s) ({ %s (%s)(%s); })\n", o.name(), params, decl, w, o.host)
	}
	return b.String()
}()
