// exec_int.go: the integer and bit families: the forms of add, sub, mul and
// mad the hot lowerers pass on (.sat, .cc, .hi, .wide, 16-bit, packed
// halves), the carry chain (addc, subc, madc), mul24, mad24, sad, div, rem,
// abs, neg, min, max, popc, clz, bfind, fns, brev, bfe, bfi, bmsk, szext,
// dp4a, dp2a, prmt, lop3, shf, shl, shr, cnot, and the integer forms of
// setp, set, slct and cvt.
//
// The per-lane semantics live in package alu and core/bits; this file picks
// them at load time and runs them over the active lanes. setp and the
// shifts, which sit in every loop, are plain loops; mul.wide and the common
// cvt widenings too, since nvcc emits them for every address.

package sim

import (
	"fmt"
	"math/bits"

	ptxbits "github.com/ptxplay/ptxplay/core/bits"
	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/isa"
	"github.com/ptxplay/ptxplay/core/sim/alu"
)

// floatArith holds the floating-point forms of the families this file
// lowers (add, sub, mul, mad, div, abs, neg, min, max, setp, set, slct,
// cvt, ...): the float semantics file fills it, and a lowerer here hands a
// float-typed instruction to floatArith[entry name].
var floatArith = map[string]func(l *lowering, in *check.Inst, o *op) error{}

func init() {
	addSub := intOrFloat(2, lowerAddSub)
	fallbacks["add"] = addSub
	fallbacks["sub"] = addSub
	fallbacks["mul"] = intOrFloat(2, lowerMul)
	fallbacks["mad"] = intOrFloat(3, lowerMad)
	lowerers["addc"] = lowerCarryChain
	lowerers["subc"] = lowerCarryChain
	lowerers["madc"] = lowerCarryChain
	lowerers["mul24"] = lowerMul24
	lowerers["mad24"] = lowerMul24
	lowerers["sad"] = lowerSad
	lowerers["div"] = intOrFloat(2, lowerDivRem)
	lowerers["rem"] = intOrFloat(2, lowerDivRem)
	lowerers["abs"] = intOrFloat(1, lowerAbsNeg)
	lowerers["neg"] = intOrFloat(1, lowerAbsNeg)
	lowerers["min"] = lowerMinMax
	lowerers["max"] = lowerMinMax
	lowerers["popc"] = lowerBitCount
	lowerers["clz"] = lowerBitCount
	lowerers["bfind"] = lowerBitCount
	lowerers["brev"] = lowerBitCount
	lowerers["cnot"] = lowerBitCount
	lowerers["fns"] = lowerFns
	lowerers["bfe"] = lowerBitField
	lowerers["bfi"] = lowerBitField
	lowerers["bmsk"] = lowerBitField
	lowerers["szext"] = lowerBitField
	lowerers["dp4a"] = lowerDot
	lowerers["dp2a"] = lowerDot
	lowerers["prmt"] = lowerPrmt
	lowerers["lop3"] = lowerLop3
	lowerers["shf"] = lowerShf
	lowerers["shl"] = lowerShift
	lowerers["shr"] = lowerShift
	lowerers["setp"] = lowerSetp
	lowerers["set"] = lowerSet
	lowerers["slct"] = lowerSlct
	lowerers["cvt"] = lowerCvt

	// lowerIntArith (exec.go) takes every 32-bit add and sub without .sat
	// or .cc, the packed .u16x2/.s16x2/.u8x4/.s8x4 ones too, which must
	// not carry from one element into the next: route those here. (This
	// init runs after exec.go's: files initialize in name order.)
	for _, name := range []string{"add", "sub"} {
		if hot := lowerers[name]; hot != nil {
			lowerers[name] = func(l *lowering, in *check.Inst, o *op) error {
				if _, ok := simdWidth(o.typ); ok {
					return addSub(l, in, o)
				}
				return hot(l, in, o)
			}
		}
	}
}

// toFloat hands a float form to the float semantics.
func toFloat(l *lowering, in *check.Inst, o *op) error {
	if f := floatArith[in.Entry.Name]; f != nil {
		return f(l, in, o)
	}
	return fmt.Errorf("%s%s is not simulated yet", in.Entry.Name, joinMods(in))
}

// intOrFloat wraps f, the integer lowerer of an instruction with one
// destination and ns sources: a float form goes to the float semantics,
// and an integer one reaches f with its operand shape checked.
func intOrFloat(ns int, f func(l *lowering, in *check.Inst, o *op) error) func(l *lowering, in *check.Inst, o *op) error {
	return func(l *lowering, in *check.Inst, o *op) error {
		if o.typ.float {
			return toFloat(l, in, o)
		}
		if err := needSrcs(in, o, 1, ns); err != nil {
			return err
		}
		return f(l, in, o)
	}
}

func unsupported(in *check.Inst) error {
	return fmt.Errorf("%s%s is not simulated", in.Entry.Name, joinMods(in))
}

// needSrcs checks the operand shape the exec functions index blindly.
func needSrcs(in *check.Inst, o *op, nd, ns int) error {
	if len(o.d) != nd || len(o.s) != ns {
		return fmt.Errorf("%s%s: expected %d destination and %d source operands, found %d and %d",
			in.Entry.Name, joinMods(in), nd, ns, len(o.d), len(o.s))
	}
	return nil
}

// pairDests sets the predicate destinations from the first operand: the
// p|q of setp (predFirst: pd = p, pd2 = q; p may be the sink) or the d|p
// of lop3 (pd = p, also when d is the sink). The generic operand lowering
// cannot tell that the sink of setp's _|q stands for a predicate.
func pairDests(l *lowering, in *check.Inst, o *op, predFirst bool) {
	if len(in.Args) == 0 {
		return
	}
	a := in.Args[0]
	second := int32(-1)
	if a.Pred != nil {
		second = l.f.slots[a.Pred.Index]
	}
	if !predFirst {
		o.pd, o.pd2 = second, -1
		return
	}
	o.pd, o.pd2 = -1, second
	if a.Kind == check.ArgReg && a.Reg.Type.Kind == isa.KindPred {
		o.pd = l.f.slots[a.Reg.Index] + int32(a.Comp)
	}
	if a.Kind == check.ArgSink && len(o.d) > 0 && o.d[0] < 0 {
		o.d = o.d[1:] // the sink p of _|q is no value destination
	}
}

// lane1..lane4 wrap a per-lane function as an exec function.
func lane1(f func(a uint64) uint64) execFn {
	return func(m *Machine, w *warp, o *op) { map1(w, o, f) }
}

func lane2(f func(a, b uint64) uint64) execFn {
	return func(m *Machine, w *warp, o *op) { map2(w, o, f) }
}

func lane3(f func(a, b, c uint64) uint64) execFn {
	return func(m *Machine, w *warp, o *op) { map3(w, o, f) }
}

func lane4(f func(a, b, c, e uint64) uint64) execFn {
	return func(m *Machine, w *warp, o *op) {
		d, a, b, c, e := dst(w, o, 0), src(w, o, 0), src(w, o, 1), src(w, o, 2), src(w, o, 3)
		for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
			if mk&1 != 0 {
				d[i] = f(a[i], b[i], c[i], e[i])
			}
		}
	}
}

// either returns x when c holds, else y: it picks one of an
// instruction's two functions (abs or neg, max or min) at load time.
func either[F any](c bool, x, y F) F {
	if c {
		return x
	}
	return y
}

// ---- add, sub, mul, mad (PTX ISA 9.7.1.1-4) and the carry chain (9.7.2)

// lowerAddSub takes the add and sub forms lowerIntArith passes on.
func lowerAddSub(l *lowering, in *check.Inst, o *op) error {
	t := o.typ
	sub := in.Entry.Name == "sub"
	if in.Match.Has(".cc") {
		if sub {
			return lowerCarry(in, o, carrySub, false, true)
		}
		return lowerCarry(in, o, carryAdd, false, true)
	}
	sat := in.Match.Has(".sat")
	if n, ok := simdWidth(t); ok {
		signed, wd := t.signed, n
		f := either(sub, func(x, y int64) int64 { return x - y }, func(x, y int64) int64 { return x + y })
		o.exec = lane2(func(a, b uint64) uint64 { return simd(a, b, wd, signed, sat, false, f) })
		return nil
	}
	wd := uint(t.bits)
	switch {
	case sat && t.bits == 32 && t.signed && sub:
		o.exec = lane2(func(a, b uint64) uint64 { return uint64(alu.SubSat32(uint32(a), uint32(b))) })
	case sat && t.bits == 32 && t.signed:
		o.exec = lane2(func(a, b uint64) uint64 { return uint64(alu.AddSat32(uint32(a), uint32(b))) })
	case sat && t.bits == 32 && !sub: // add.sat.u32 (PTX ISA 9.2)
		o.exec = lane2(func(a, b uint64) uint64 { return min(uint64(uint32(a))+uint64(uint32(b)), 0xffffffff) })
	case sat:
		return unsupported(in)
	case sub:
		o.exec = lane2(func(a, b uint64) uint64 { return alu.Sub(a, b, wd) })
	default:
		o.exec = lane2(func(a, b uint64) uint64 { return alu.Add(a, b, wd) })
	}
	return nil
}

// simdWidth returns the element width of a packed integer type.
func simdWidth(t typeInfo) (uint, bool) {
	switch t.name {
	case ".u16x2", ".s16x2":
		return 16, true
	case ".u8x4", ".s8x4":
		return 8, true
	}
	return 0, false
}

// simd applies f to each n-bit element of the 32-bit values a and b,
// extended as signed says; with sat it clamps each result to the element's
// range, with relu it turns negative results into 0.
func simd(a, b uint64, n uint, signed, sat, relu bool, f func(x, y int64) int64) uint64 {
	var d uint64
	m := alu.Mask(n)
	for i := uint(0); i < 32; i += n {
		x, y := int64(a>>i&m), int64(b>>i&m)
		lo, hi := int64(0), int64(m)
		if signed {
			x, y = int64(alu.Sext(uint64(x), n)), int64(alu.Sext(uint64(y), n))
			lo, hi = -1<<(n-1), 1<<(n-1)-1
		}
		r := f(x, y)
		if sat {
			r = max(lo, min(r, hi))
		}
		if relu && r < 0 {
			r = 0
		}
		d |= uint64(r) & m << i
	}
	return d
}

// lowerMul takes the mul forms lowerIntArith passes on: .hi, .wide, and
// 16-bit .lo.
func lowerMul(l *lowering, in *check.Inst, o *op) error {
	t := o.typ
	if _, ok := simdWidth(t); ok {
		return unsupported(in)
	}
	wd, signed := uint(t.bits), t.signed
	switch {
	case in.Match.Has(".wide"):
		switch {
		case wd == 32 && signed:
			o.exec = execMulWideS32
		case wd == 32:
			o.exec = execMulWideU32
		case wd == 16:
			o.exec = lane2(func(a, b uint64) uint64 { return alu.MulWide(a, b, signed, 16) })
		default:
			return fmt.Errorf("mul.wide needs a 16- or 32-bit type, found %s", t.name)
		}
	case in.Match.Has(".hi"):
		o.exec = lane2(func(a, b uint64) uint64 { return alu.MulHi(a, b, signed, wd) })
	default:
		o.exec = lane2(func(a, b uint64) uint64 { return alu.MulLo(a, b, wd) })
	}
	return nil
}

// execMulWideS32 and execMulWideU32: exec_lanes.go.

// lowerMad takes the mad forms lowerIntArith passes on: .hi, .wide,
// .hi.sat.s32, .cc, and 16-bit .lo.
func lowerMad(l *lowering, in *check.Inst, o *op) error {
	t := o.typ
	if in.Match.Has(".cc") {
		return lowerCarry(in, o, carryMad, false, true)
	}
	wd, signed := uint(t.bits), t.signed
	switch {
	case in.Match.Has(".sat"):
		if !in.Match.Has(".hi") || t.name != ".s32" {
			return unsupported(in)
		}
		o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(alu.MadHiSat32(uint32(a), uint32(b), uint32(c))) })
	case in.Match.Has(".wide"):
		if wd != 16 && wd != 32 {
			return fmt.Errorf("mad.wide needs a 16- or 32-bit type, found %s", t.name)
		}
		o.exec = lane3(func(a, b, c uint64) uint64 { return alu.MadWide(a, b, c, signed, wd) })
	case in.Match.Has(".hi"):
		o.exec = lane3(func(a, b, c uint64) uint64 { return alu.MadHi(a, b, c, signed, wd) })
	default:
		o.exec = lane3(func(a, b, c uint64) uint64 { return alu.MadLo(a, b, c, wd) })
	}
	return nil
}

const (
	carryAdd = iota
	carrySub
	carryMad
)

// lowerCarryChain: addc{.cc}, subc{.cc}, madc{.hi,.lo}{.cc}.
func lowerCarryChain(l *lowering, in *check.Inst, o *op) error {
	setCC := in.Match.Has(".cc")
	switch in.Entry.Name {
	case "addc":
		return lowerCarry(in, o, carryAdd, true, setCC)
	case "subc":
		return lowerCarry(in, o, carrySub, true, setCC)
	}
	return lowerCarry(in, o, carryMad, true, setCC)
}

// lowerCarry wires the instructions that read or write the carry flag
// (w.cc, one bit per lane). sub.cc is a + ~b + 1 and subc a + ~b + CF, as
// the hardware computes them (see package alu).
func lowerCarry(in *check.Inst, o *op, kind int, useCC, setCC bool) error {
	t := o.typ
	if t.float || (t.bits != 32 && t.bits != 64) {
		return unsupported(in)
	}
	nsrc := 2
	if kind == carryMad {
		nsrc = 3
	}
	if err := needSrcs(in, o, 1, nsrc); err != nil {
		return err
	}
	if setCC {
		o.flags |= flagCC
	}
	if useCC {
		o.flags |= flagUseCC
	}
	wd, signed, hi := uint(t.bits), t.signed, in.Match.Has(".hi")
	var cin uint32 // the carry in when the flag is not read
	if kind == carrySub {
		cin = fullMask
	}
	o.exec = func(m *Machine, w *warp, o *op) {
		d, a, b := dst(w, o, 0), src(w, o, 0), src(w, o, 1)
		c := a
		if kind == carryMad {
			c = src(w, o, 2)
		}
		ci := cin
		if useCC {
			ci = w.cc
		}
		var cout uint32
		for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
			if mk&1 == 0 {
				continue
			}
			cf := ci>>i&1 != 0
			var r uint64
			var co bool
			switch kind {
			case carryAdd:
				r, co = alu.AddC(a[i], b[i], cf, wd)
			case carrySub:
				r, co = alu.SubC(a[i], b[i], cf, wd)
			default:
				r, co = alu.MadC(a[i], b[i], c[i], cf, hi, signed, wd)
			}
			d[i] = r
			if co {
				cout |= 1 << i
			}
		}
		if setCC {
			w.cc = w.cc&^w.mask | cout
		}
	}
	return nil
}

// ---- mul24, mad24, sad, div, rem, abs, neg, min, max (9.7.1.5-13)

func lowerMul24(l *lowering, in *check.Inst, o *op) error {
	t := o.typ
	mad := in.Entry.Name == "mad24"
	n := 2
	if mad {
		n = 3
	}
	if err := needSrcs(in, o, 1, n); err != nil {
		return err
	}
	if t.bits != 32 || t.float {
		return unsupported(in)
	}
	signed, hi := t.signed, in.Match.Has(".hi")
	switch {
	case in.Match.Has(".sat"):
		if !mad || !hi || !signed {
			return unsupported(in)
		}
		o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(alu.Mad24HiSat32(uint32(a), uint32(b), uint32(c))) })
	case mad && hi:
		o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(alu.Mad24Hi(uint32(a), uint32(b), uint32(c), signed)) })
	case mad:
		o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(alu.Mad24Lo(uint32(a), uint32(b), uint32(c), signed)) })
	case hi:
		o.exec = lane2(func(a, b uint64) uint64 { return uint64(alu.Mul24Hi(uint32(a), uint32(b), signed)) })
	default:
		o.exec = lane2(func(a, b uint64) uint64 { return uint64(alu.Mul24Lo(uint32(a), uint32(b), signed)) })
	}
	return nil
}

func lowerSad(l *lowering, in *check.Inst, o *op) error {
	t := o.typ
	if t.float {
		return unsupported(in)
	}
	if err := needSrcs(in, o, 1, 3); err != nil {
		return err
	}
	wd, signed := uint(t.bits), t.signed
	o.exec = lane3(func(a, b, c uint64) uint64 { return alu.Sad(a, b, c, signed, wd) })
	return nil
}

func lowerDivRem(l *lowering, in *check.Inst, o *op) error {
	wd, signed := uint(o.typ.bits), o.typ.signed
	f := either(in.Entry.Name == "rem", alu.Rem, alu.Div)
	o.exec = lane2(func(a, b uint64) uint64 { return f(a, b, signed, wd) })
	return nil
}

func lowerAbsNeg(l *lowering, in *check.Inst, o *op) error {
	abs := in.Entry.Name == "abs"
	if n, ok := simdWidth(o.typ); ok {
		f := either(abs, func(x, _ int64) int64 { return max(x, -x) }, func(x, _ int64) int64 { return -x })
		o.exec = lane1(func(a uint64) uint64 { return simd(a, 0, n, true, false, false, f) })
		return nil
	}
	wd := uint(o.typ.bits)
	f := either(abs, alu.Abs, alu.Neg)
	o.exec = lane1(func(a uint64) uint64 { return f(a, wd) })
	return nil
}

// lowerMinMax: min and max on integers, .relu, packed halves, and the
// three-input form (min(min(a, b), c)).
func lowerMinMax(l *lowering, in *check.Inst, o *op) error {
	t := o.typ
	if t.float {
		return toFloat(l, in, o)
	}
	if len(o.d) != 1 || len(o.s) < 2 || len(o.s) > 3 {
		return needSrcs(in, o, 1, 2)
	}
	isMax, relu, signed := in.Entry.Name == "max", in.Match.Has(".relu"), t.signed
	if relu {
		o.flags |= flagRelu
	}
	var f func(a, b uint64) uint64
	if n, ok := simdWidth(t); ok {
		if n == 16 {
			g := either(isMax, alu.Max16x2, alu.Min16x2)
			f = func(a, b uint64) uint64 { return uint64(g(uint32(a), uint32(b), signed, relu)) }
		} else {
			g := either(isMax, func(x, y int64) int64 { return max(x, y) }, func(x, y int64) int64 { return min(x, y) })
			f = func(a, b uint64) uint64 { return simd(a, b, n, signed, false, relu && signed, g) }
		}
	} else {
		wd := uint(t.bits)
		g := either(isMax, alu.Max, alu.Min)
		f = func(a, b uint64) uint64 { return g(a, b, signed, wd) }
		if relu {
			ff := f
			f = func(a, b uint64) uint64 {
				r := ff(a, b)
				if signed && int64(alu.Sext(r, wd)) < 0 {
					return 0
				}
				return r
			}
		}
	}
	if len(o.s) == 3 {
		// Relu applies once, to the final result; min and max commute with
		// it, so applying it at each step gives the same.
		o.exec = lane3(func(a, b, c uint64) uint64 { return f(f(a, b), c) })
		return nil
	}
	o.exec = lane2(f)
	return nil
}

// ---- bit counts and fields (9.7.1.14-22) and cnot (9.7.8.2)

// lowerBitCount: popc, clz, bfind{.shiftamt}, brev, cnot.
func lowerBitCount(l *lowering, in *check.Inst, o *op) error {
	t := o.typ
	if err := needSrcs(in, o, 1, 1); err != nil {
		return err
	}
	if t.float || t.bits == 0 || t.bits > 64 {
		return unsupported(in)
	}
	wd := uint(t.bits)
	switch in.Entry.Name {
	case "popc":
		o.exec = lane1(func(a uint64) uint64 { return uint64(alu.Popc(a, wd)) })
	case "clz":
		o.exec = lane1(func(a uint64) uint64 { return uint64(alu.Clz(a, wd)) })
	case "bfind":
		signed, sa := t.signed, in.Match.Has(".shiftamt")
		o.exec = lane1(func(a uint64) uint64 { return uint64(alu.Bfind(a, signed, sa, wd)) })
	case "brev":
		o.exec = lane1(func(a uint64) uint64 { return alu.Brev(a, wd) })
	case "cnot":
		o.exec = lane1(func(a uint64) uint64 { return alu.Cnot(a, wd) })
	}
	return nil
}

// fns.b32 d, mask, base, offset (offset is .s32).
func lowerFns(l *lowering, in *check.Inst, o *op) error {
	if err := needSrcs(in, o, 1, 3); err != nil {
		return err
	}
	o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(alu.Fns(uint32(a), uint32(b), int32(c))) })
	return nil
}

// lowerBitField: bfe d, a, pos, len; bfi d, a, b, pos, len;
// bmsk.{clamp,wrap} d, a, b; szext.{clamp,wrap}.{u32,s32} d, a, b.
func lowerBitField(l *lowering, in *check.Inst, o *op) error {
	t := o.typ
	if t.float {
		return unsupported(in)
	}
	wd, signed, clamp := uint(t.bits), t.signed, in.Match.Has(".clamp")
	switch in.Entry.Name {
	case "bfe":
		if err := needSrcs(in, o, 1, 3); err != nil {
			return err
		}
		o.exec = lane3(func(a, b, c uint64) uint64 { return alu.Bfe(a, uint32(b), uint32(c), signed, wd) })
	case "bfi":
		if err := needSrcs(in, o, 1, 4); err != nil {
			return err
		}
		o.exec = lane4(func(a, b, c, e uint64) uint64 { return alu.Bfi(a, b, uint32(c), uint32(e), wd) })
	case "bmsk":
		if err := needSrcs(in, o, 1, 2); err != nil {
			return err
		}
		o.exec = lane2(func(a, b uint64) uint64 { return uint64(alu.Bmsk(uint32(a), uint32(b), clamp)) })
	case "szext":
		if err := needSrcs(in, o, 1, 2); err != nil {
			return err
		}
		o.exec = lane2(func(a, b uint64) uint64 { return uint64(alu.Szext(uint32(a), uint32(b), signed, clamp)) })
	}
	return nil
}

// lowerDot: dp4a.atype.btype d, a, b, c; dp2a.{lo,hi}.atype.btype d, a, b, c.
func lowerDot(l *lowering, in *check.Inst, o *op) error {
	if err := needSrcs(in, o, 1, 3); err != nil {
		return err
	}
	ts := in.Match.Types()
	if len(ts) != 2 {
		return fmt.Errorf("%s%s: expected two types (.atype.btype)", in.Entry.Name, joinMods(in))
	}
	as, bs := typeOf(ts[0]).signed, typeOf(ts[1]).signed
	if in.Entry.Name == "dp4a" {
		o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(alu.Dp4a(uint32(a), uint32(b), uint32(c), as, bs)) })
		return nil
	}
	hi := in.Match.Has(".hi")
	o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(alu.Dp2a(uint32(a), uint32(b), uint32(c), as, bs, hi)) })
	return nil
}

// ---- prmt (9.7.9.7), lop3 (9.7.8.6), shf, shl, shr (9.7.8.7-9)

func lowerPrmt(l *lowering, in *check.Inst, o *op) error {
	if err := needSrcs(in, o, 1, 3); err != nil {
		return err
	}
	mode := ptxbits.PrmtGeneric
	for _, v := range in.Match.Vals {
		if v == "" {
			continue
		}
		if pm, ok := ptxbits.ParsePrmtMode(v); ok {
			mode = pm
		}
	}
	o.mode = uint8(mode)
	o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(ptxbits.Prmt(uint32(a), uint32(b), uint32(c), mode)) })
	return nil
}

// lop3.b32 d, a, b, c, immLut and lop3.{or,and}.b32 d|p, a, b, c, immLut, q
// (p = (d != 0) BoolOp q).
func lowerLop3(l *lowering, in *check.Inst, o *op) error {
	if len(in.Args) < 5 || in.Args[4].Kind != check.ArgImm {
		return fmt.Errorf("lop3: expected a constant immLut as the fifth operand")
	}
	lut := uint8(in.Args[4].Imm)
	o.aux = uint64(lut)
	or := in.Match.Has(".or")
	if in.Match.Has(".and") || or {
		pairDests(l, in, o, false)
		if len(o.d) != 1 || len(o.s) != 4 || len(o.ps) != 1 {
			return fmt.Errorf("lop3%s: expected d|p, a, b, c, immLut, q", joinMods(in))
		}
		o.exec = func(m *Machine, w *warp, o *op) {
			d, a, b, c, q := dst(w, o, 0), src(w, o, 0), src(w, o, 1), src(w, o, 2), pred(w, o, 0)
			var nz uint32
			for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
				if mk&1 != 0 {
					r := ptxbits.Lop3(uint32(a[i]), uint32(b[i]), uint32(c[i]), lut)
					d[i] = uint64(r)
					if r != 0 {
						nz |= 1 << i
					}
				}
			}
			if or {
				setPred(w, o.pd, nz|q)
			} else {
				setPred(w, o.pd, nz&q)
			}
		}
		return nil
	}
	if err := needSrcs(in, o, 1, 4); err != nil {
		return err
	}
	o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(ptxbits.Lop3(uint32(a), uint32(b), uint32(c), lut)) })
	return nil
}

// shf.{l,r}.{clamp,wrap}.b32 d, a, b, c.
func lowerShf(l *lowering, in *check.Inst, o *op) error {
	if err := needSrcs(in, o, 1, 3); err != nil {
		return err
	}
	clamp := in.Match.Has(".clamp")
	f := either(in.Match.Has(".l"), alu.ShfL, alu.ShfR)
	o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(f(uint32(a), uint32(b), uint32(c), clamp)) })
	return nil
}

// lowerShift: shl.b{16,32,64} and shr.{b,u,s}{16,32,64}. The count is an
// unsigned 32-bit value; counts of the width or more give 0 (or all sign
// bits for shr.sN). Go's shifts already behave so for counts of 64 and up.
func lowerShift(l *lowering, in *check.Inst, o *op) error {
	t := o.typ
	if err := needSrcs(in, o, 1, 2); err != nil {
		return err
	}
	if t.float || t.bits == 0 || t.bits > 64 {
		return unsupported(in)
	}
	o.aux = widthMask(t.bits)
	if a := in.Args[len(in.Args)-1]; len(in.Args) == 3 && a.Kind == check.ArgImm && a.Imm < 64 {
		// An immediate count below 64 (most shifts): the Imm forms shift
		// by o.mode, which Go's wasm code does without a select per lane
		// for counts of 64 and up. (A larger immediate takes the general
		// forms, as does a signed 32-bit shift by 32 to 63.)
		o.mode = uint8(a.Imm)
		switch {
		case in.Entry.Name == "shl":
			o.exec = execShlImm
			return nil
		case !t.signed:
			o.exec = execShrUImm
			return nil
		case t.bits == 32 && a.Imm < 32:
			o.exec = execShrS32Imm
			return nil
		case t.bits == 64:
			o.exec = execShrS64Imm
			return nil
		}
	}
	switch {
	case in.Entry.Name == "shl":
		o.exec = execShl
	case !t.signed:
		o.exec = execShrU
	case t.bits == 32:
		o.exec = execShrS32
	case t.bits == 64:
		o.exec = execShrS64
	default:
		o.exec = execShrS
	}
	return nil
}

// execShrS is shr.s16 (and any other signed width): sign-extend, shift,
// mask.
func execShrS(m *Machine, w *warp, o *op) {
	d, a, b, k := dst(w, o, 0), src(w, o, 0), src(w, o, 1), o.aux
	s := uint(64 - bits.OnesCount64(k))
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 != 0 {
			d[i] = uint64(int64(a[i]<<s)>>s>>uint32(b[i])) & k
		}
	}
}

// ---- setp, set (9.7.4.1-2), slct (9.7.4.4)

// Integer comparisons reduce to "a == b" or "a < b" (unsigned), with the
// operands maybe swapped and the result maybe negated; a signed comparison
// flips the sign bits first, which maps signed order onto unsigned order.
const (
	cmpLess   = 1 << iota // a < b, else a == b
	cmpSwap               // compare b with a
	cmpNegate             // negate the result
)

// cmpBopShift places the BoolOp in o.mode: o.mode>>cmpBopShift is bopNone,
// bopAnd, bopOr or bopXor.
const cmpBopShift = 4

const (
	bopNone = iota
	bopAnd
	bopOr
	bopXor
)

// lowerIntCmp sets o.mode and o.aux for the comparison of a setp or set of
// integer type t.
func lowerIntCmp(in *check.Inst, o *op, t typeInfo) error {
	cmp := ""
	for _, v := range in.Match.Vals {
		switch v {
		case ".eq", ".ne", ".lt", ".le", ".gt", ".ge", ".lo", ".ls", ".hi", ".hs",
			".equ", ".neu", ".ltu", ".leu", ".gtu", ".geu", ".num", ".nan":
			cmp = v
		}
	}
	signed := t.signed
	var mode uint8
	switch cmp {
	case ".eq":
	case ".ne":
		mode = cmpNegate
	case ".lt":
		mode = cmpLess
	case ".le":
		mode = cmpLess | cmpSwap | cmpNegate
	case ".gt":
		mode = cmpLess | cmpSwap
	case ".ge":
		mode = cmpLess | cmpNegate
	case ".lo":
		mode, signed = cmpLess, false
	case ".ls":
		mode, signed = cmpLess|cmpSwap|cmpNegate, false
	case ".hi":
		mode, signed = cmpLess|cmpSwap, false
	case ".hs":
		mode, signed = cmpLess|cmpNegate, false
	case "":
		return fmt.Errorf("%s%s: missing comparison operator", in.Entry.Name, joinMods(in))
	default:
		return fmt.Errorf("%s%s: %s compares floating-point values, not %s", in.Entry.Name, joinMods(in), cmp, t.name)
	}
	switch {
	case in.Match.Has(".and"):
		mode |= bopAnd << cmpBopShift
	case in.Match.Has(".or"):
		mode |= bopOr << cmpBopShift
	case in.Match.Has(".xor"):
		mode |= bopXor << cmpBopShift
	}
	o.mode = mode
	o.aux = 0
	if signed && t.bits > 0 {
		o.aux = 1 << (t.bits - 1)
	}
	if t.bits == 0 || t.bits > 64 {
		return unsupported(in)
	}
	if mode>>cmpBopShift != bopNone && len(o.ps) != 1 {
		return fmt.Errorf("%s%s: expected a predicate operand c for the boolean operation", in.Entry.Name, joinMods(in))
	}
	if len(o.s) != 2 {
		return fmt.Errorf("%s%s: expected two operands to compare", in.Entry.Name, joinMods(in))
	}
	return nil
}

// borrow is 1 where x < y (unsigned), else 0.
func borrow(x, y uint64) uint64 {
	_, b := bits.Sub64(x, y, 0)
	return b
}

// isZero is 1 where x is 0, else 0.
func isZero(x uint64) uint64 { return (x|-x)>>63 ^ 1 }

// cmpMask compares sources 0 and 1 in all 32 lanes (inactive ones too: the
// caller masks) and returns bit i set where lane i's comparison holds.
func cmpMask(m *Machine, w *warp, o *op) uint32 {
	a, b := &w.regs[o.ra], &w.regs[o.rb]
	if o.mode&cmpSwap != 0 {
		a, b = b, a
	}
	k, f := widthMask(o.typ.bits), o.aux
	var t uint32
	switch {
	case o.mode&cmpLess == 0 && o.typ.bits < 64:
		t = cmpEqualNarrow(&m.part, a, b, k, f)
	case o.mode&cmpLess == 0:
		t = cmpEqual(&m.part, a, b, k, f)
	case o.typ.bits < 64 && f == 0:
		t = cmpLessNarrowU(&m.part, a, b, k, f)
	case o.typ.bits < 64:
		t = cmpLessNarrow(&m.part, a, b, k, f)
	default:
		t = cmpLessWide(&m.part, a, b, k, f)
	}
	if o.mode&cmpNegate != 0 {
		t = ^t
	}
	return t
}

// boolOp combines a comparison result with the predicate c.
func boolOp(op uint8, t, c uint32) uint32 {
	switch op {
	case bopAnd:
		return t & c
	case bopOr:
		return t | c
	case bopXor:
		return t ^ c
	}
	return t
}

// setp.CmpOp{.BoolOp}.type p[|q], a, b{, {!}c}: p = BoolOp(t, c),
// q = BoolOp(!t, c).
func lowerSetp(l *lowering, in *check.Inst, o *op) error {
	t := o.typ
	if t.float {
		return toFloat(l, in, o)
	}
	pairDests(l, in, o, true)
	if err := lowerIntCmp(in, o, t); err != nil {
		return err
	}
	switch {
	case o.mode>>cmpBopShift != bopNone:
		o.exec = execSetpBop
	case o.mode&cmpLess == 0 && t.bits < 64:
		o.exec = execSetpEqualNarrow
	case o.mode&cmpLess == 0:
		o.exec = execSetpEqual
	case t.bits < 64 && o.aux == 0:
		o.exec = execSetpLessNarrowU
	case t.bits < 64:
		o.exec = execSetpLessNarrow
	default:
		o.exec = execSetpLessWide
	}
	return nil
}

func execSetpBop(m *Machine, w *warp, o *op) {
	t, c, b := cmpMask(m, w, o), pred(w, o, 0), o.mode>>cmpBopShift
	p, q := boolOp(b, t, c), boolOp(b, ^t, c)
	setPred(w, o.pd, p)
	setPred(w, o.pd2, q)
}

// set.CmpOp{.BoolOp}.dtype.stype d, a, b{, {!}c}: d = all ones (integer
// dtype) or 1.0 (float dtype) where BoolOp(a CmpOp b, c) holds, else 0.
func lowerSet(l *lowering, in *check.Inst, o *op) error {
	ts := in.Match.Types()
	if len(ts) != 2 {
		return fmt.Errorf("set%s: expected .dtype.stype", joinMods(in))
	}
	dt, st := typeOf(ts[0]), typeOf(ts[1])
	if st.float {
		return toFloat(l, in, o)
	}
	if len(o.d) != 1 {
		return fmt.Errorf("set%s: expected one destination", joinMods(in))
	}
	o.typ, o.typ2 = st, dt
	if err := lowerIntCmp(in, o, st); err != nil {
		return err
	}
	var one uint64
	switch dt.name {
	case ".f32":
		one = 0x3f800000
	case ".f64":
		one = 0x3ff0000000000000
	case ".f16":
		one = 0x3c00
	case ".bf16":
		one = 0x3f80
	default:
		if dt.float {
			return unsupported(in)
		}
		one = widthMask(dt.bits)
	}
	bop := o.mode >> cmpBopShift
	o.exec = func(m *Machine, w *warp, o *op) {
		t := cmpMask(m, w, o)
		if bop != bopNone {
			t = boolOp(bop, t, pred(w, o, 0))
		}
		writeSet(w, o, one, t, 0, false)
	}
	return nil
}

// writeSet writes set's result to the active lanes of d: one where bit i
// of t0 is set, else 0; for an x2 form the upper 16-bit half likewise from
// t1.
func writeSet(w *warp, o *op, one uint64, t0, t1 uint32, x2 bool) {
	d := dst(w, o, 0)
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 != 0 {
			v := one & -uint64(t0>>i&1)
			if x2 {
				v |= (one & -uint64(t1>>i&1)) << 16
			}
			d[i] = v
		}
	}
}

// slct.dtype.s32 d, a, b, c and slct{.ftz}.dtype.f32 d, a, b, c:
// d = c >= 0 ? a : b. For .f32, -0 counts as 0, a NaN selects b, and
// .ftz flushes a subnormal c to (signed) zero, so a is selected.
func lowerSlct(l *lowering, in *check.Inst, o *op) error {
	ts := in.Match.Types()
	if len(ts) != 2 {
		return fmt.Errorf("slct%s: expected .dtype.ctype", joinMods(in))
	}
	if err := needSrcs(in, o, 1, 3); err != nil {
		return err
	}
	ct := typeOf(ts[1])
	o.typ2 = typeOf(ts[0])
	switch {
	case ct.name == ".f32":
		ftz := in.Match.Has(".ftz")
		o.exec = lane3(func(a, b, c uint64) uint64 {
			x := uint32(c)
			mag := x & 0x7fffffff
			if mag == 0 || x>>31 == 0 && mag <= 0x7f800000 || ftz && mag < 0x00800000 {
				return a
			}
			return b
		})
	case ct.float:
		return toFloat(l, in, o)
	case ct.bits == 32:
		o.exec = lane3(func(a, b, c uint64) uint64 {
			if int32(c) >= 0 {
				return a
			}
			return b
		})
	default:
		return unsupported(in)
	}
	return nil
}

// ---- cvt between integer types (9.7.9.21)

// intType maps a PTX integer (or bit) type to alu's.
func intType(t typeInfo) (alu.IntType, bool) {
	var u, s alu.IntType
	switch t.bits {
	case 8:
		u, s = alu.U8, alu.S8
	case 16:
		u, s = alu.U16, alu.S16
	case 32:
		u, s = alu.U32, alu.S32
	case 64:
		u, s = alu.U64, alu.S64
	default:
		return 0, false
	}
	if t.float {
		return 0, false
	}
	if t.signed {
		return s, true
	}
	return u, true
}

// lowerCvt: cvt{.sat}.dtype.atype between integer types. The registers
// may be wider than the types (cvt is relaxed): the source's low atype
// bits are read, and the result is extended as dtype says to the width of
// the destination register.
func lowerCvt(l *lowering, in *check.Inst, o *op) error {
	if ok, err := lowerCvtF8(in, o); ok { // 8-bit floats: exec_pack.go
		return err
	}
	ts := in.Match.Types()
	if len(ts) != 2 {
		return fmt.Errorf("cvt%s: expected .dtype.atype", joinMods(in))
	}
	dt, at := typeOf(ts[0]), typeOf(ts[1])
	if dt.float || at.float {
		return toFloat(l, in, o)
	}
	if err := needSrcs(in, o, 1, 1); err != nil {
		return err
	}
	di, ok1 := intType(dt)
	ai, ok2 := intType(at)
	if !ok1 || !ok2 {
		return unsupported(in)
	}
	o.typ, o.typ2 = dt, at
	rbits := dt.bits
	if a := in.Args[0]; a.Kind == check.ArgReg && a.Reg.Type.Bits > 0 {
		rbits = uint8(a.Reg.Type.Bits)
	}
	rk := widthMask(rbits)
	// A source register narrower than atype is extended as its own type
	// says before the conversion reads atype's bits.
	var sext uint
	if a := in.Args[1]; a.Kind == check.ArgReg && a.Reg.Type.Kind == isa.KindSint && a.Reg.Type.Bits < int(at.bits) {
		sext = uint(a.Reg.Type.Bits)
	}
	if in.Match.Has(".sat") {
		o.exec = lane1(func(a uint64) uint64 {
			if sext > 0 {
				a = alu.Sext(a, sext)
			}
			return alu.Cvt(a, di, ai, true) & rk
		})
		return nil
	}
	// Without .sat, cvt is two extensions: from atype's width (sign or
	// zero), then from dtype's width, then the register's width.
	as, ds := uint(64-at.bits), uint(64-dt.bits)
	asg, dsg := at.signed, dt.signed
	switch {
	case sext == 0 && ai == alu.S32 && (di == alu.S64 || di == alu.U64) && rbits == 64:
		o.exec = execCvtS64S32
		return nil
	case sext == 0 && at.bits == 32 && !asg && dt.bits == 64 && rbits == 64:
		o.exec = execCvtU64U32
		return nil
	}
	o.exec = func(m *Machine, w *warp, o *op) {
		d, a := dst(w, o, 0), src(w, o, 0)
		for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
			if mk&1 == 0 {
				continue
			}
			v := a[i]
			if sext > 0 {
				v = alu.Sext(v, sext)
			}
			if asg {
				v = uint64(int64(v<<as) >> as)
			} else {
				v = v << as >> as
			}
			if dsg {
				v = uint64(int64(v<<ds) >> ds)
			} else {
				v = v << ds >> ds
			}
			d[i] = v & rk
		}
	}
	return nil
}

// execCvtS64S32 is cvt.s64.s32 (and cvt.u64.s32): sign extension.
func execCvtS64S32(m *Machine, w *warp, o *op) {
	d, a := dst(w, o, 0), src(w, o, 0)
	if w.mask == fullMask {
		for i := 0; i <= 28; i += 4 { // unrolled by hand (Go does not unroll)
			d[i] = uint64(int64(int32(a[i])))
			d[i+1] = uint64(int64(int32(a[i+1])))
			d[i+2] = uint64(int64(int32(a[i+2])))
			d[i+3] = uint64(int64(int32(a[i+3])))
		}
		return
	}
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 != 0 {
			d[i] = uint64(int64(int32(a[i])))
		}
	}
}

// execCvtU64U32 is cvt.{u64,s64}.u32: zero extension.
func execCvtU64U32(m *Machine, w *warp, o *op) {
	d, a := dst(w, o, 0), src(w, o, 0)
	if w.mask == fullMask {
		for i := 0; i <= 28; i += 4 { // unrolled by hand (Go does not unroll)
			d[i] = uint64(uint32(a[i]))
			d[i+1] = uint64(uint32(a[i+1]))
			d[i+2] = uint64(uint32(a[i+2]))
			d[i+3] = uint64(uint32(a[i+3]))
		}
		return
	}
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 != 0 {
			d[i] = uint64(uint32(a[i]))
		}
	}
}
