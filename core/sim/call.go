// call.go: call and ret with .param passing, and the control-flow
// instructions' lowerers.

package sim

import (
	"encoding/binary"
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/isa"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// MaxCallDepth bounds recursion.
const MaxCallDepth = 256

// callInfo says where a call's arguments and return values live in the
// caller: a register, a constant slot, or the caller frame's .param memory.
type callInfo struct {
	args, rets []argLoc
}

type argLoc struct {
	reg   int32 // value or predicate slot, -1 for memory
	pred  bool
	vec   int // > 1: a vector register, vec slots of esize bytes each
	esize int
	space space
	off   int
}

func init() {
	lowerers["bra"] = func(l *lowering, in *check.Inst, o *op) error {
		o.exec, o.ctl, o.flags = execBra, ctlBra, flagControl|flagBra
		if in.Match.Has(".uni") {
			o.flags |= flagUni
		}
		return nil
	}
	lowerers["exit"] = func(l *lowering, in *check.Inst, o *op) error {
		o.exec, o.ctl, o.flags = execExit, ctlExit, flagControl
		return nil
	}
	lowerers["ret"] = func(l *lowering, in *check.Inst, o *op) error {
		o.exec, o.ctl, o.flags = execRet, ctlRet, flagControl
		return nil
	}
	lowerers["trap"] = func(l *lowering, in *check.Inst, o *op) error {
		o.exec, o.flags = refuse("trap: the kernel aborted"), flagControl
		return nil
	}
	lowerers["call"] = lowerCall
	for _, n := range []string{"membar", "fence", "nanosleep", "prefetch", "prefetchu", "pmevent", "brkpt", "discard", "applypriority"} {
		lowerers[n] = lowerNop
	}
}

// lowerNop lowers an instruction that changes nothing the machine models
// (orderings and hints: one warp runs at a time, and there is no cache).
func lowerNop(l *lowering, in *check.Inst, o *op) error {
	o.exec = func(*Machine, *warp, *op) {}
	return nil
}

func lowerCall(l *lowering, in *check.Inst, o *op) error {
	if len(in.Args) != 3 {
		// The checker let through a call of a runtime function that the
		// module never declares (OptiX's _rt_*): name it.
		for _, a := range in.Src.Args {
			if id, ok := a.(*ptx.Ident); ok {
				return fmt.Errorf("%s is a runtime function the simulator does not provide", id.Name)
			}
		}
		return fmt.Errorf("call of an unknown function")
	}
	target := in.Args[1]
	var callee *fn
	printf := false
	switch target.Kind {
	case check.ArgFunc:
		if callee = l.p.byName[target.Func.Name]; callee == nil {
			if target.Func.Name != "vprintf" {
				return noBody(target.Func.Name)
			}
			printf = true // the runtime's: see printf.go
		}
	case check.ArgReg:
		o.base = l.f.slots[target.Reg.Index] // indirect: the callee's address
	default:
		return fmt.Errorf("malformed call target")
	}
	ci := &callInfo{}
	loc := func(a check.Arg) (argLoc, error) {
		switch a.Kind {
		case check.ArgReg:
			return argLoc{reg: l.f.slots[a.Reg.Index] + int32(a.Comp), pred: a.Reg.Type.Kind == isa.KindPred}, nil
		case check.ArgVec:
			// A whole vector register: its components are consecutive slots.
			if len(a.Elems) == 0 || a.Elems[0].Kind != check.ArgReg {
				return argLoc{}, fmt.Errorf("unsupported call operand")
			}
			r := a.Elems[0].Reg
			return argLoc{reg: l.f.slots[r.Index], vec: len(a.Elems), esize: max(1, r.Type.Bits/8)}, nil
		case check.ArgImm:
			return argLoc{reg: l.constSlot(a.Imm, false)}, nil
		case check.ArgSym:
			v, ok := l.p.vars[a.Var]
			if !ok {
				return argLoc{}, fmt.Errorf("cannot pass %s", a.Var.Name)
			}
			return argLoc{reg: -1, space: v.space, off: int(v.off) + int(a.Off)}, nil
		}
		return argLoc{}, fmt.Errorf("unsupported call operand")
	}
	for _, a := range in.Args[0].Elems {
		al, err := loc(a)
		if err != nil {
			return err
		}
		ci.rets = append(ci.rets, al)
	}
	for _, a := range in.Args[2].Elems {
		al, err := loc(a)
		if err != nil {
			return err
		}
		ci.args = append(ci.args, al)
	}
	if printf {
		return lowerPrintf(l, o, ci)
	}
	if callee != nil && (len(ci.args) != len(callee.params) || len(ci.rets) != len(callee.rets)) {
		return fmt.Errorf("BUG: call of %s: %d arguments and %d results checked, the callee takes %d and %d", callee.name, len(ci.args), len(ci.rets), len(callee.params), len(callee.rets))
	}
	o.callee, o.call = callee, ci
	o.exec, o.ctl, o.flags = execCall, ctlCall, flagControl
	return nil
}

// execCall enters the callee with the active lanes. Lanes of the entry
// that the guard excludes skip the call and wait after it.
func execCall(m *Machine, w *warp, o *op) {
	f := w.top()
	e := &f.stack[len(f.stack)-1]
	pc := e.pc
	if w.mask == 0 {
		e.pc++
		return
	}
	callee, lanes := o.callee, w.mask
	if callee == nil {
		// Indirect: lanes may hold different targets. The lanes of the
		// lowest lane's target call now; the others call when their turn
		// on the stack comes.
		r := w.reg(o.base)
		lead := firstLane(w.mask)
		if callee = m.prog.funcAt(r[lead]); callee == nil {
			m.raise(w, o, lead, fmt.Sprintf("indirect call to 0x%x, which is not the address of a function", r[lead]))
			return
		}
		lanes = 0
		for i := 0; i < 32; i++ {
			if w.mask>>i&1 != 0 && r[i] == r[lead] {
				lanes |= 1 << i
			}
		}
		if len(o.call.args) != len(callee.params) || len(o.call.rets) != len(callee.rets) {
			m.raise(w, o, lead, fmt.Sprintf("indirect call of %s with %d arguments and %d results; it takes %d and %d", callee.name, len(o.call.args), len(o.call.rets), len(callee.params), len(callee.rets)))
			return
		}
	}
	if lanes != e.mask {
		// Lanes that do not call now wait after the call (guarded off) or
		// call later (another target).
		e.pc = pc + 1
		if rest := w.mask &^ lanes; rest != 0 {
			f.stack = append(f.stack, entry{pc: pc, rpc: pc + 1, mask: rest})
		}
		f.stack = append(f.stack, entry{pc: pc, rpc: pc + 1, mask: lanes})
	}
	if len(w.frames) >= MaxCallDepth {
		m.raise(w, o, firstLane(lanes), fmt.Sprintf("call depth exceeds %d frames (runaway recursion?)", MaxCallDepth))
		return
	}
	base := f.localBase + uint64(f.fn.localSize)
	nf := m.newFrame(w, callee, base, nil)
	nf.call, nf.callPC, nf.entryMask = o, pc, lanes
	nf.stack = append(nf.stack, entry{pc: 0, rpc: -1, mask: lanes})
	copyParams(m, w, f, nf, o.call.args, callee.params, lanes, true)
	w.frames = append(w.frames, nf)
	w.enter()
}

// copyParams moves arguments into the callee (toCallee) or return values
// back to the caller, lane by lane: every byte of the formal, however
// large (a struct passed by value is a .param byte array of its size).
func copyParams(m *Machine, w *warp, caller, callee *frame, locs []argLoc, formals []paramLoc, lanes uint32, toCallee bool) {
	var buf [16]byte // a register holds at most 16 bytes (.v4 .b32, .v2 .b64)
	for i, a := range locs {
		p := formals[i]
		src, dst := caller, callee
		sl, dl := a, argLoc{reg: p.reg, pred: p.pred, vec: p.vec, esize: p.esize, space: spaceFrameParam, off: p.off}
		if !toCallee {
			src, dst, sl, dl = callee, caller, dl, a
		}
		if sl.reg < 0 && dl.reg < 0 {
			// .param memory to .param memory: the bytes as they are.
			for lane := 0; lane < 32; lane++ {
				if lanes>>lane&1 != 0 {
					copy(paramBytes(dst, dl, lane, p.size), paramBytes(src, sl, lane, p.size))
				}
			}
			continue
		}
		size := min(p.size, len(buf))
		for lane := 0; lane < 32; lane++ {
			if lanes>>lane&1 == 0 {
				continue
			}
			clear(buf[:size])
			readArg(src, sl, lane, buf[:size])
			writeArg(dst, dl, lane, buf[:size])
		}
	}
}

// paramBytes is the n bytes of a lane's .param memory at a, or nil where
// they lie outside the frame's (the checker matched the sizes).
func paramBytes(f *frame, a argLoc, lane, n int) []byte {
	size := f.fn.paramSize
	if a.space != spaceFrameParam || a.off < 0 || a.off+n > size {
		return nil
	}
	return f.param[lane*size+a.off : lane*size+a.off+n]
}

func readArg(f *frame, a argLoc, lane int, b []byte) {
	switch {
	case a.reg >= 0 && a.pred:
		b[0] = byte(f.preds[a.reg] >> lane & 1)
	case a.reg >= 0 && a.vec > 1:
		var t [8]byte
		for c := 0; c < a.vec && (c+1)*a.esize <= len(b); c++ {
			binary.LittleEndian.PutUint64(t[:], f.regs[a.reg+int32(c)][lane])
			copy(b[c*a.esize:(c+1)*a.esize], t[:])
		}
	case a.reg >= 0:
		var t [8]byte
		binary.LittleEndian.PutUint64(t[:], f.regs[a.reg][lane])
		copy(b, t[:])
	case a.space == spaceFrameParam:
		size := f.fn.paramSize
		if a.off+len(b) <= size {
			copy(b, f.param[lane*size+a.off:])
		}
	}
}

func writeArg(f *frame, a argLoc, lane int, b []byte) {
	switch {
	case a.reg >= 0 && a.pred:
		f.preds[a.reg] = f.preds[a.reg]&^(1<<lane) | uint32(b[0]&1)<<lane
		f.wpreds[a.reg] |= 1 << lane
	case a.reg >= 0 && a.vec > 1:
		for c := 0; c < a.vec && (c+1)*a.esize <= len(b); c++ {
			var t [8]byte
			copy(t[:], b[c*a.esize:(c+1)*a.esize])
			r := a.reg + int32(c)
			f.regs[r][lane] = binary.LittleEndian.Uint64(t[:])
			f.wregs[r] |= 1 << lane
		}
	case a.reg >= 0:
		var t [8]byte
		copy(t[:], b)
		f.regs[a.reg][lane] = binary.LittleEndian.Uint64(t[:])
		f.wregs[a.reg] |= 1 << lane
	case a.space == spaceFrameParam:
		size := f.fn.paramSize
		if a.off+len(b) <= size {
			copy(f.param[lane*size+a.off:], b)
		}
	}
}
