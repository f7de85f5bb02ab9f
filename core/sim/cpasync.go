// cpasync.go: cp.async (PTX ISA §9.7.9.26.3), the sm_80 non-bulk
// asynchronous copies from global to shared memory, and their groups.
//
// The model: cp.async reads its source when it issues (faults name the
// lane there) and holds the bytes, zero-filled past src-size (or all zero
// when ignore-src is true), in the issuing thread's list of pending
// copies. cp.async.commit_group closes that list into a group; the bytes
// land in shared memory only when the thread waits for their group
// (cp.async.wait_group N completes all but the newest N groups,
// cp.async.wait_all every copy). Until then the destination keeps its old
// bytes, so a kernel that reads shared memory before waiting sees them, as
// it may on a GPU.

package sim

import (
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/isa"
)

func init() {
	lowerers["cp.async"] = lowerCpAsync
	lowerers["cp.async.commit_group"] = func(l *lowering, in *check.Inst, o *op) error {
		o.exec = execCommitGroup
		return nil
	}
	lowerers["cp.async.wait_group"] = func(l *lowering, in *check.Inst, o *op) error {
		if len(in.Args) != 1 || in.Args[0].Kind != check.ArgImm {
			return invalid("cp.async.wait_group takes a constant count")
		}
		n := int(in.Args[0].Imm)
		o.flags |= flagMem
		o.exec = func(m *Machine, w *warp, o *op) { execWaitGroup(m, w, o, n) }
		return nil
	}
	lowerers["cp.async.wait_all"] = func(l *lowering, in *check.Inst, o *op) error {
		o.flags |= flagMem
		o.exec = func(m *Machine, w *warp, o *op) {
			execCommitGroup(m, w, o)
			execWaitGroup(m, w, o, 0)
		}
		return nil
	}
}

// asyncCopy is one pending cp.async of one thread.
type asyncCopy struct {
	dst  uint64 // shared-space address
	n    uint8  // cp-size
	data [16]byte
}

// asyncState is a warp's pending copies, lane by lane, oldest first; ends
// marks the committed groups: copies[:ends[0]] is the oldest, and copies
// past the last end are not committed yet. The slices keep their capacity
// from group to group.
type asyncState struct {
	copies [32][]asyncCopy
	ends   [32][]int
}

func (a *asyncState) clone() *asyncState {
	if a == nil {
		return nil
	}
	c := &asyncState{}
	for l := range a.copies {
		c.copies[l] = append([]asyncCopy(nil), a.copies[l]...)
		c.ends[l] = append([]int(nil), a.ends[l]...)
	}
	return c
}

// AsyncView is one cp.async copy that has not landed in shared memory:
// it waits for its group (Group counts the lane's committed groups from
// the oldest, 1-based; 0 means not committed yet).
type AsyncView struct {
	Warp   int    `json:"warp"`
	Lane   int    `json:"lane"`
	Shared uint64 `json:"shared"` // destination address in shared memory
	Size   int    `json:"size"`
	Group  int    `json:"group"`
}

// maxAsyncViews caps the copies a snapshot lists.
const maxAsyncViews = 1024

// asyncViews lists the pending copies of CTA c's warps.
func asyncViews(c *cta) []AsyncView {
	if c == nil {
		return nil
	}
	var vs []AsyncView
	for _, w := range c.warps {
		a := w.async
		if a == nil {
			continue
		}
		for lane := range a.copies {
			g := 0
			for i, cp := range a.copies[lane] {
				for g < len(a.ends[lane]) && i >= a.ends[lane][g] {
					g++
				}
				group := g + 1
				if g >= len(a.ends[lane]) {
					group = 0
				}
				if len(vs) == maxAsyncViews {
					return vs
				}
				vs = append(vs, AsyncView{Warp: w.id, Lane: lane, Shared: cp.dst, Size: int(cp.n), Group: group})
			}
		}
	}
	return vs
}

// cpAsyncOp is the lowered operands of a cp.async.
type cpAsyncOp struct {
	dstBase, srcBase int32 // address registers (-1: none)
	dstOff, srcOff   int64
	size             int
	srcSize          int32 // slot of src-size, -1 if none
	ignore           int32 // predicate slot of ignore-src, -1 if none
	ignoreNeg        bool
}

// addrOperand lowers an address operand the way lowering.arg does.
func (l *lowering) addrOperand(a check.Arg) (base int32, off int64, err error) {
	base, off = -1, a.Off
	switch {
	case a.Reg != nil:
		base = l.f.slots[a.Reg.Index]
	case a.Var != nil:
		loc, ok := l.p.vars[a.Var]
		if !ok {
			return 0, 0, fmt.Errorf("variable %s (%s) cannot be addressed", a.Var.Name, a.Var.Space)
		}
		off += int64(loc.off)
		if loc.space == spaceLocal {
			base = l.constSlot(0, true)
		}
	}
	return base, off, nil
}

func lowerCpAsync(l *lowering, in *check.Inst, o *op) error {
	if len(in.Args) < 3 || in.Args[0].Kind != check.ArgAddr || in.Args[1].Kind != check.ArgAddr || in.Args[2].Kind != check.ArgImm {
		return invalid("cp.async: expected [dst], [src], cp-size")
	}
	c := &cpAsyncOp{size: int(in.Args[2].Imm), srcSize: -1, ignore: -1}
	var err error
	if c.dstBase, c.dstOff, err = l.addrOperand(in.Args[0]); err != nil {
		return err
	}
	if c.srcBase, c.srcOff, err = l.addrOperand(in.Args[1]); err != nil {
		return err
	}
	switch {
	case c.size != 4 && c.size != 8 && c.size != 16:
		return invalid("cp.async: cp-size must be 4, 8 or 16, not %d", c.size)
	case hasMod(in, ".cg") != "" && c.size != 16:
		return invalid("cp.async.cg copies 16 bytes only (cp-size %d)", c.size)
	}
	rest := in.Args[3:]
	if hasMod(in, ".L2::cache_hint") != "" && len(rest) > 0 {
		rest = rest[:len(rest)-1] // the cache policy
	}
	if len(rest) > 0 {
		a := rest[0]
		switch {
		case a.Kind == check.ArgReg && a.Reg.Type.Kind == isa.KindPred:
			c.ignore, c.ignoreNeg = l.f.slots[a.Reg.Index], a.Neg
		case a.Kind == check.ArgImm && in.Match.Form.Operands[3].Type == ".pred":
			if a.Imm != 0 {
				c.ignore = l.predConst(true)
			}
		case a.Kind == check.ArgReg:
			c.srcSize = l.f.slots[a.Reg.Index] + int32(a.Comp)
		case a.Kind == check.ArgImm:
			if int(a.Imm) > c.size {
				return invalid("cp.async: src-size %d exceeds cp-size %d", a.Imm, c.size)
			}
			c.srcSize = l.constSlot(a.Imm, false)
		}
	}
	o.flags |= flagMem
	o.exec = func(m *Machine, w *warp, o *op) { c.exec(m, w, o) }
	return nil
}

func (c *cpAsyncOp) exec(m *Machine, w *warp, o *op) {
	if w.async == nil {
		w.async = &asyncState{}
	}
	for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		dst, src := uint64(c.dstOff), uint64(c.srcOff)
		if c.dstBase >= 0 {
			dst += w.reg(c.dstBase)[lane]
		}
		if c.srcBase >= 0 {
			src += w.reg(c.srcBase)[lane]
		}
		n := c.size
		if c.srcSize >= 0 {
			n = int(uint32(w.reg(c.srcSize)[lane]))
			if n > c.size {
				m.raise(w, o, lane, fmt.Sprintf("cp.async: src-size %d exceeds cp-size %d", n, c.size))
				return
			}
		}
		if c.ignore >= 0 {
			p := w.f.preds[c.ignore]>>lane&1 != 0
			if p != c.ignoreNeg {
				n = 0
			}
		}
		if dst%uint64(c.size) != 0 || src%uint64(c.size) != 0 {
			m.raise(w, o, lane, fmt.Sprintf("cp.async: %d-byte copy from global 0x%x to shared 0x%x is not %d-byte aligned", c.size, src, dst, c.size))
			return
		}
		if _, msg := m.resolve(w, lane, spaceShared, dst, c.size, false); msg != "" {
			m.raise(w, o, lane, fmt.Sprintf("cp.async: destination shared address 0x%x %s", dst, msg))
			return
		}
		cp := asyncCopy{dst: dst, n: uint8(c.size)}
		data := cp.data[:c.size]
		if n == c.size {
			b := m.access(w, o, lane, spaceGlobal, src, n, false)
			if b == nil {
				return
			}
			copy(data, b)
		} else {
			for i := 0; i < n; i++ {
				b := m.access(w, o, lane, spaceGlobal, src+uint64(i), 1, false)
				if b == nil {
					return
				}
				data[i] = b[0]
			}
		}
		w.async.copies[lane] = append(w.async.copies[lane], cp)
	}
}

func execCommitGroup(m *Machine, w *warp, o *op) {
	if w.async == nil {
		w.async = &asyncState{}
	}
	a := w.async
	for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
		if mk&1 != 0 {
			a.ends[lane] = append(a.ends[lane], len(a.copies[lane]))
		}
	}
}

// execWaitGroup lands every group of each active lane but the newest n.
func execWaitGroup(m *Machine, w *warp, o *op, n int) {
	a := w.async
	if a == nil {
		return
	}
	for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
		if mk&1 == 0 || len(a.ends[lane]) <= n {
			continue
		}
		k := len(a.ends[lane]) - n // groups to land
		e := a.ends[lane][k-1]     // their copies
		for _, cp := range a.copies[lane][:e] {
			b := m.access(w, o, lane, spaceShared, cp.dst, int(cp.n), true)
			if b == nil {
				return
			}
			copy(b, cp.data[:cp.n])
		}
		a.copies[lane] = append(a.copies[lane][:0], a.copies[lane][e:]...)
		rest := append(a.ends[lane][:0], a.ends[lane][k:]...)
		for i := range rest {
			rest[i] -= e
		}
		a.ends[lane] = rest
	}
}

// landCpAsyncLane lands every cp.async copy the lane has issued, committed
// or not (cp.async.mbarrier.arrive: the arrive-on is triggered when they
// complete, and ptxplay completes them there). Its committed groups stay,
// empty, so later wait_group counts are unchanged.
func (m *Machine) landCpAsyncLane(w *warp, o *op, lane int) {
	a := w.async
	if a == nil || len(a.copies[lane]) == 0 {
		return
	}
	for _, cp := range a.copies[lane] {
		b := m.access(w, o, lane, spaceShared, cp.dst, int(cp.n), true)
		if b == nil {
			return
		}
		copy(b, cp.data[:cp.n])
	}
	a.copies[lane] = a.copies[lane][:0]
	for i := range a.ends[lane] {
		a.ends[lane][i] = 0
	}
}
