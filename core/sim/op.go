// Package sim is the SIMT machine: it lowers a checked PTX program once into
// flat ops over register slots and runs grids of CTAs of 32-lane warps,
// deterministically, with divergence handled by a reconvergence stack.
package sim

// op.go: the lowered instruction.

import (
	"github.com/ptxplay/ptxplay/core/check"
)

// execFn runs one op over the warp's active lanes (w.mask).
type execFn func(m *Machine, w *warp, o *op)

// op is one lowered instruction. Register operands are slots in the
// frame's register file; constants and special registers are slots too
// (filled once per frame), so semantics never branch on operand kind.
type op struct {
	exec execFn
	ctl  ctlKind // what kind of control op (ctlNone for the rest)
	d    []int32 // value destinations (vector elements expanded); -1 = sink
	d1   int32   // d[0] when it is the only destination and not a sink, else -1
	s    []int32 // value sources in operand order
	// rd is the row d[0] writes (the function's sink slot for "_"); ra,
	// rb and rc are s[0], s[1] and s[2]: the hot lane loops index the
	// register rows with them directly (see exec_lanes.go).
	rd, ra, rb, rc int32

	// wm is where burst's short path marks the lanes written
	// (flagPlain ops): in wregs[:cap(wregs)] (see frame), d1, or pd
	// after the value slots, or the mask past both when it writes neither.
	wm int32
	// blk is, for a plain op (flagPlain) with no guard, how many ops
	// from this one on in code order are plain with no guard, at most
	// maxBlock: burst issues such a stretch in one call of fused
	// (exec_lanes.go). 1 for
	// a guarded plain op, 0 for the rest.
	blk int32
	// lane is, for a plain op, its lane kind (laneKind): which of fused's
	// cases runs its lanes in place; 0 for none (its handler).
	lane uint8

	pd   int32   // predicate destination (setp p, the p of d|p), -1 if none
	pd2  int32   // second predicate destination (setp p|q), -1 if none
	ps   []int32 // predicate sources
	pneg uint32  // bit i set: ps[i] is negated (!%p)

	guard    int32 // predicate slot guarding the op, -1 if none
	guardNeg bool
	// gp and gx give burst the guard with no test: the lanes it lets run
	// are preds[gp] ^ gx, gp a slot that holds every lane when the op has
	// no guard, gx every lane when it is negated.
	gp int32
	gx uint32

	// Memory operands.
	space  space
	base   int32 // address register slot, -1 for none
	off    int64 // constant offset, or absolute address when base < 0 (b's value for the lane forms with an immediate b: immForm)
	size   uint8 // access size in bytes of one element
	signed bool  // sign-extend loads

	typ    typeInfo // the instruction type
	typ2   typeInfo // the second type (cvt source, etc.)
	mode   uint8    // rounding mode or sub-operation selector
	flags  uint16   // opFlag bits
	aux    uint64   // extra constant (e.g. shfl clamp, lop3 table; c's value for the lane forms with an immediate c: immForm)
	target int32    // branch target pc
	reconv int32    // reconvergence pc of a branch (-1: function end)
	callee *fn
	call   *callInfo

	inst *check.Inst
	text string // the instruction as written, for traces
	line int32
	col  int32
}

type ctlKind uint8

const (
	ctlNone ctlKind = iota
	ctlBra
	ctlExit
	ctlRet
	ctlCall
	ctlBar
)

type opFlag = uint16

const (
	flagFtz opFlag = 1 << iota
	flagSat
	flagClock // reads a dynamic special register: refresh before exec
	flagUni   // .uni: the compiler promises a uniform branch
	flagControl
	flagMem
	flagNoExec
	flagCC // writes the carry flag
	flagUseCC
	flagRelu
	flagNaN
	flagApprox
	// flagPlain: not a control op, no dynamic special register to
	// refresh, and one destination at most, a value (d1) or a predicate
	// (pd): burst's short path issues it (set by markPlain, with wm).
	flagPlain
	// flagBra: a bra (not brx.idx): burst's short path moves the pc for
	// a uniform branch in place.
	flagBra
	// flagBarSync: bar.sync or barrier.sync with an immediate barrier
	// number (in aux) and no thread count: burst's short path arrives in
	// place (execBar does the rest).
	flagBarSync
)

// typeInfo is a decoded PTX type.
type typeInfo struct {
	name   string
	bits   uint8
	signed bool
	float  bool
}

func (o *op) has(f opFlag) bool { return o.flags&f != 0 }
