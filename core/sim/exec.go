// exec.go: lane-loop helpers and the lowering of the hottest instructions
// (mov, add, sub, mul, mad, selp, logic on 32/64-bit integers); their lane
// loops over *[32]uint64 rows are generated into exec_lanes.go.

package sim

//go:generate go run gen_lanes.go

import (
	"fmt"
	"math/bits"
	"reflect"

	"github.com/ptxplay/ptxplay/core/check"
)

const fullMask = ^uint32(0)

// sink absorbs writes to "_".
var sink [32]uint64

// dst returns destination i of o (the sink for "_").
func dst(w *warp, o *op, i int) *[32]uint64 {
	if i >= len(o.d) || o.d[i] < 0 {
		return &sink
	}
	return w.reg(o.d[i])
}

func src(w *warp, o *op, i int) *[32]uint64 { return w.reg(o.s[i]) }

func widthMask(bits uint8) uint64 {
	if bits >= 64 {
		return ^uint64(0)
	}
	return 1<<bits - 1
}

// map1, map2 and map3 apply a per-lane function to the active lanes: the
// general path for instructions not worth a hand-written loop.
func map1(w *warp, o *op, f func(a uint64) uint64) {
	d, a := dst(w, o, 0), src(w, o, 0)
	for i, m := 0, w.mask; m != 0; i, m = i+1, m>>1 {
		if m&1 != 0 {
			d[i] = f(a[i])
		}
	}
}

func map2(w *warp, o *op, f func(a, b uint64) uint64) {
	d, a, b := dst(w, o, 0), src(w, o, 0), src(w, o, 1)
	for i, m := 0, w.mask; m != 0; i, m = i+1, m>>1 {
		if m&1 != 0 {
			d[i] = f(a[i], b[i])
		}
	}
}

func map3(w *warp, o *op, f func(a, b, c uint64) uint64) {
	d, a, b, c := dst(w, o, 0), src(w, o, 0), src(w, o, 1), src(w, o, 2)
	for i, m := 0, w.mask; m != 0; i, m = i+1, m>>1 {
		if m&1 != 0 {
			d[i] = f(a[i], b[i], c[i])
		}
	}
}

// setPred writes a predicate destination for the active lanes: bit i of
// val is lane i's result.
func setPred(w *warp, slot int32, val uint32) {
	if slot < 0 {
		return
	}
	p := &w.f.preds[slot]
	*p = *p&^w.mask | val&w.mask
}

// pred reads predicate source i of o, negated when written !%p.
func pred(w *warp, o *op, i int) uint32 {
	p := w.f.preds[o.ps[i]]
	if o.pneg>>i&1 != 0 {
		p = ^p
	}
	return p
}

func init() {
	lowerers["mov"] = lowerMov
	lowerers["add"] = lowerIntArith
	lowerers["sub"] = lowerIntArith
	lowerers["mul"] = lowerIntArith
	lowerers["mad"] = lowerIntArith
	lowerers["and"] = lowerLogic
	lowerers["or"] = lowerLogic
	lowerers["xor"] = lowerLogic
	lowerers["not"] = lowerLogic
	lowerers["selp"] = lowerSelp
}

// fallbacks lets the other instruction files take over forms a hot
// lowerer does not handle (floats, .cc, .sat, .hi, .wide, ...): a lowerer
// that returns errFallback passes the instruction on.
var fallbacks = map[string]func(l *lowering, in *check.Inst, o *op) error{}

func fallback(l *lowering, in *check.Inst, o *op) error {
	if f := fallbacks[in.Entry.Name]; f != nil {
		return f(l, in, o)
	}
	return fmt.Errorf("%s%s is not simulated yet", in.Entry.Name, joinMods(in))
}

func joinMods(in *check.Inst) string {
	s := ""
	for _, m := range in.Src.Mods {
		s += m.Name
	}
	return s
}

func lowerMov(l *lowering, in *check.Inst, o *op) error {
	switch {
	case o.pd >= 0 && len(o.ps) == 1:
		o.exec = func(m *Machine, w *warp, o *op) { setPred(w, o.pd, pred(w, o, 0)) }
	case lowerMovVec(o): // {a, b, ...} <- {c, d, ...}: exec_pack.go
	case len(o.d) == 1 && len(o.s) > 1: // pack {a, b, ...} into d
		n := uint(o.typ.bits) / uint(len(o.s))
		o.aux = uint64(n)
		o.exec = execPack
	case len(o.d) > 1 && len(o.s) == 1: // unpack d into {a, b, ...}
		o.aux = uint64(uint(o.typ.bits) / uint(len(o.d)))
		o.exec = execUnpack
	case len(o.d) == 1 && len(o.s) == 1:
		o.aux = widthMask(o.typ.bits)
		if o.typ.bits == 0 {
			o.aux = ^uint64(0)
		}
		o.exec = execMov
	default:
		return fmt.Errorf("unsupported mov form")
	}
	return nil
}

func execPack(m *Machine, w *warp, o *op) {
	d, n := dst(w, o, 0), uint(o.aux)
	part := widthMask(uint8(n))
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		var v uint64
		for k := range o.s {
			v |= (w.reg(o.s[k])[i] & part) << (n * uint(k))
		}
		d[i] = v
	}
}

func execUnpack(m *Machine, w *warp, o *op) {
	a, n := src(w, o, 0), uint(o.aux)
	part := widthMask(uint8(n))
	for k := range o.d {
		d := dst(w, o, k)
		for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
			if mk&1 != 0 {
				d[i] = a[i] >> (n * uint(k)) & part
			}
		}
	}
}

// lowerIntArith takes the plain integer forms of add, sub, mul.lo and
// mad.lo; everything else goes to the fallbacks.
func lowerIntArith(l *lowering, in *check.Inst, o *op) error {
	t := o.typ
	if t.float || len(in.Match.Vals) == 0 || in.Match.Has(".sat") || in.Match.Has(".cc") ||
		in.Match.Has(".hi") || in.Match.Has(".wide") || (t.bits != 32 && t.bits != 64) {
		return fallback(l, in, o)
	}
	name := in.Entry.Name
	if t.bits == 32 {
		switch name {
		case "add":
			o.exec = execAdd32
		case "sub":
			o.exec = execSub32
		case "mul":
			o.exec = execMul32
		case "mad":
			o.exec = execMad32
		}
		return nil
	}
	switch name {
	case "add":
		o.exec = execAdd64
	case "sub":
		o.exec = execSub64
	case "mul":
		o.exec = execMul64
	case "mad":
		o.exec = execMad64
	}
	return nil
}

// lowerLogic: and, or, xor, not on bits and predicates.
func lowerLogic(l *lowering, in *check.Inst, o *op) error {
	name := in.Entry.Name
	if o.pd >= 0 { // .pred forms work on lane masks
		switch name {
		case "and":
			o.exec = func(m *Machine, w *warp, o *op) { setPred(w, o.pd, pred(w, o, 0)&pred(w, o, 1)) }
		case "or":
			o.exec = func(m *Machine, w *warp, o *op) { setPred(w, o.pd, pred(w, o, 0)|pred(w, o, 1)) }
		case "xor":
			o.exec = func(m *Machine, w *warp, o *op) { setPred(w, o.pd, pred(w, o, 0)^pred(w, o, 1)) }
		case "not":
			o.exec = func(m *Machine, w *warp, o *op) { setPred(w, o.pd, ^pred(w, o, 0)) }
		}
		return nil
	}
	k := widthMask(o.typ.bits)
	o.aux = k
	switch name {
	case "and":
		o.exec = execAnd
	case "or":
		o.exec = execOr
	case "xor":
		o.exec = execXor
	case "not":
		o.exec = func(m *Machine, w *warp, o *op) {
			k := o.aux
			map1(w, o, func(a uint64) uint64 { return ^a & k })
		}
	}
	return nil
}

// selp d, a, b, c: d = c ? a : b.
func lowerSelp(l *lowering, in *check.Inst, o *op) error {
	o.exec = func(m *Machine, w *warp, o *op) {
		d, a, b, p := dst(w, o, 0), src(w, o, 0), src(w, o, 1), pred(w, o, 0)
		for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
			if mk&1 != 0 {
				if p>>i&1 != 0 {
					d[i] = a[i]
				} else {
					d[i] = b[i]
				}
			}
		}
	}
	return nil
}

// denseLanes is how many active lanes make the generated lane loops
// (exec_lanes.go) compute all 32 lanes and keep the inactive ones' old
// values by a select, rather than visit the active lanes one by one: under
// WebAssembly each visit is a back edge through the function's dispatch
// loop (about 35 x86 instructions in V8's code a lane, against about 12
// for a lane of the select form).
const denseLanes = 10

// laneSel maps an op's lane kind (op.lane) to fused's case for each mask
// class (laneClass): a value op's full-warp case (the kind), its dense
// case (laneDense), or none for a sparse mask (its handler's loop); a
// setp's one case for every class.
var laneSel = func() (t [3][256]uint8) {
	for k := 1; k <= len(laneHandlers); k++ {
		t[0][k], t[1][k], t[2][k] = uint8(k), uint8(k), uint8(k)
		if d := laneDense[k-1]; d != 0 {
			t[1][k], t[2][k] = d, 0
		}
	}
	return t
}()

// laneClass is mask's class for laneSel: 0 every lane, 1 at least
// denseLanes, 2 fewer. It is arithmetic (selects), not a switch: under
// WebAssembly each branch of fused's entry was a trip through its
// dispatch loop. (fused writes the same expression out.)
func laneClass(mask uint32) int {
	return oneIf(mask != fullMask) + oneIf(bits.OnesCount32(mask) < denseLanes)
}

// laneKind is the lane kind (op.lane) of an op run by exec: its index in
// laneHandlers plus one, or 0.
func laneKind(exec execFn) uint8 {
	if exec == nil {
		return 0
	}
	p := reflect.ValueOf(exec).Pointer()
	for i, h := range laneHandlers {
		if reflect.ValueOf(h).Pointer() == p {
			return uint8(i + 1)
		}
	}
	return 0
}
