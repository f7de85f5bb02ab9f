// barrier.go: bar/barrier .sync, .arrive and .red, and bar.warp.sync.

package sim

import (
	"math/bits"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
)

const (
	barSync = iota
	barArrive
	barRed
)

const (
	redPopc = iota + 1
	redAnd
	redOr
)

func init() {
	lower := func(l *lowering, in *check.Inst, o *op) error {
		name := in.Entry.Name + strings.Join(modNames(in), "")
		switch {
		case strings.Contains(name, ".arrive"):
			o.mode = barArrive
		case strings.Contains(name, ".red"):
			o.mode = barRed
			switch {
			case strings.Contains(name, ".popc"):
				o.aux = redPopc
			case strings.Contains(name, ".and"):
				o.aux = redAnd
			default:
				o.aux = redOr
			}
		}
		o.exec, o.ctl, o.flags = execBar, ctlBar, flagControl
		if a := in.Args; o.mode == barSync && len(a) == 1 && a[0].Kind == check.ArgImm {
			o.flags |= flagBarSync
			o.aux = a[0].Imm & 15 // (execBar's reading of the number)
		}
		return nil
	}
	for _, n := range []string{"bar", "barrier", "bar.sync", "bar.arrive", "bar.red", "barrier.sync", "barrier.arrive", "barrier.red"} {
		lowerers[n] = lower
	}
	lowerers["bar.warp.sync"] = func(l *lowering, in *check.Inst, o *op) error {
		// The warp's lanes here run in lockstep; lanes of the mask on
		// other paths are waited for (syncwait.go).
		o.exec = func(*Machine, *warp, *op) {}
		waitingSync(in, o, 0)
		return nil
	}
}

func modNames(in *check.Inst) []string {
	var s []string
	for _, m := range in.Src.Mods {
		s = append(s, m.Name)
	}
	return s
}

// execBar arrives at a barrier; .sync and .red also wait for it.
func execBar(m *Machine, w *warp, o *op) {
	f := w.top()
	e := &f.stack[len(f.stack)-1]
	e.pc++
	if w.mask == 0 {
		return
	}
	lane := firstLane(w.mask)
	srcs := o.s // a{, b}: the barrier and the thread count
	id := int(w.reg(srcs[0])[lane] & 15)
	b := &w.cta.bars[id]
	if len(srcs) > 1 {
		b.want = int(w.reg(srcs[1])[lane])
	}
	if m.san != nil {
		m.san.barArrive(m, w, o, id) // sanitize_sync.go
	}
	b.arrived += 32
	if o.mode == barRed {
		p := f.preds[o.ps[0]]
		if o.pneg&1 != 0 {
			p = ^p
		}
		p &= w.mask
		switch o.aux {
		case redPopc:
			b.red += uint32(bits.OnesCount32(p))
		case redAnd:
			if !b.redInit {
				b.red = 1
			}
			if p != w.mask {
				b.red = 0
			}
		case redOr:
			if p != 0 {
				b.red = 1
			}
		}
		b.redInit = true
	}
	if o.mode == barArrive {
		b.arrivedWarps |= 1 << w.id
	} else {
		b.waiting |= 1 << w.id
		w.cta.barsWaited |= 1 << id
		w.wait = id + 1
		w.waitOp = o
	}
	if b.want == 0 && !b.complete(w.cta) {
		// Most arrivals: tryRelease's test, without its call (under
		// WebAssembly the call costs more than the test).
		return
	}
	m.tryRelease(w.cta, id)
}

// tryRelease lets the warps waiting at barrier id go when every expected
// thread has arrived.
func (m *Machine) tryRelease(c *cta, id int) {
	if b := &c.bars[id]; b.waiting != 0 && b.complete(c) {
		m.release(c, id, b)
	}
}

// complete: every thread barrier b expects has arrived; with no count,
// every warp that has not ended has arrived (ISA 9.7.13.1, exit: "If the
// exiting threads are holding up the barrier, the barrier is released").
func (b *barrier) complete(c *cta) bool {
	if b.want > 0 {
		return b.arrived >= b.want
	}
	live := (uint64(1)<<len(c.warps) - 1) &^ c.doneWarps
	return live&^(b.waiting|b.arrivedWarps) == 0
}

// release lets the warps waiting at the complete barrier b go.
//
// warp.waitOp is the op a warp waits at where a result or a sanitizer's
// message needs it: execBar's, barrier.cluster's and tcgen05's waits set
// it. A plain bar.sync's wait in burst's short path (never under a
// sanitizer) and a release with no bar.red in its phase leave it as it
// was (under WebAssembly a pointer store costs a write barrier's test
// and a jump), so it may name an earlier wait's op; but never a bar.red
// the warp does not wait at (releaseRed clears those), which is all
// releaseRed asks.
func (m *Machine) release(c *cta, id int, b *barrier) {
	if b.redInit {
		releaseRed(c, b)
	} else {
		// No bar.red arrived in this phase (each sets redInit): no
		// waiter has a result to take. Four waiters a round: under
		// WebAssembly each round is a trip through the function's
		// dispatch loop, which cost more than a waiter's store.
		ws := c.warps
		for s := b.waiting; s != 0; {
			ws[bits.TrailingZeros64(s)].wait = 0
			if s &= s - 1; s == 0 {
				break
			}
			ws[bits.TrailingZeros64(s)].wait = 0
			if s &= s - 1; s == 0 {
				break
			}
			ws[bits.TrailingZeros64(s)].wait = 0
			if s &= s - 1; s == 0 {
				break
			}
			ws[bits.TrailingZeros64(s)].wait = 0
			s &= s - 1
		}
	}
	if m.san != nil {
		m.san.barRelease(m, c, id, b)
	}
	*b = barrier{}
	m.releases++
}

// releaseRed lets the warps waiting at b go, those waiting at a bar.red
// with its result.
func releaseRed(c *cta, b *barrier) {
	for ws := b.waiting; ws != 0; ws &= ws - 1 {
		w := c.warps[bits.TrailingZeros64(ws)]
		w.wait = 0
		if o := w.waitOp; o != nil && o.mode == barRed {
			f := w.top()
			lanes := f.stack[len(f.stack)-1].mask
			if len(o.d) > 0 && o.d[0] >= 0 {
				r := w.reg(o.d[0])
				for i := range 32 {
					if lanes>>i&1 != 0 {
						r[i] = uint64(b.red)
					}
				}
				f.wregs[o.d[0]] |= lanes
			}
			if o.pd >= 0 {
				if b.red != 0 {
					f.preds[o.pd] |= lanes
				} else {
					f.preds[o.pd] &^= lanes
				}
				f.wpreds[o.pd] |= lanes
			}
		}
		w.waitOp = nil
	}
}
