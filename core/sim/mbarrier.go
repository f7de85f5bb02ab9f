// mbarrier.go: mbarrier objects (PTX ISA §9.7.13.15): init, inval,
// expect_tx, complete_tx, arrive{.expect_tx,.noComplete}, arrive_drop,
// test_wait, try_wait, pending_count, cp.async.mbarrier.arrive.
//
// The object is 8 bytes of shared memory holding its whole state, so that
// checkpoints (which copy shared memory) and step back need nothing more.
// The ISA calls its contents opaque; ptxplay's encoding is
//
//	bits  0-19  pending arrivals of the current phase (0 .. 2^20-1)
//	bits 20-39  expected arrivals: what pending is reset to when a phase completes
//	bits 40-60  tx-count, 21-bit two's complement (-(2^20-1) .. 2^20-1)
//	bit  62     valid: set by mbarrier.init, cleared by mbarrier.inval
//	bit  63     the current phase's parity
//
// A phase completes when pending arrivals and tx-count are both zero
// (§9.7.13.15.6), checked after every operation that changes either;
// completion flips the parity and reloads pending from expected. The state
// token that mbarrier.arrive returns is the object as it was before the
// instruction: mbarrier.pending_count reads bits 0-19 of it, and test_wait
// with a token compares its bit 63 with the current parity.
//
// Waiting: a try_wait whose phase has not completed suspends its warp
// (the instruction stays the next one to issue) until the phase of that
// barrier completes, then runs again; the warp view shows the barrier it
// waits on. When no warp of the CTA can issue, the bulk copies in flight
// land (time passes, see bulk.go); if still no warp can issue, the run
// stops with a deadlock naming each waiting warp and its barrier.
//
// What the ISA calls undefined stops the run with a fault: an operation on
// memory that holds no initialized mbarrier, init over a valid one, counts
// out of range, more arrivals than are pending, and a .noComplete arrive
// that would complete the phase.
package sim

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
)

// Field limits of the mbarrier object (§9.7.13.15.2).
const (
	mbarMaxCount = 1<<20 - 1
	mbarMaxTx    = 1<<20 - 1
	mbarValid    = 1 << 62
	mbarParity   = 1 << 63
)

// mbarState is the decoded mbarrier object.
type mbarState struct {
	pending, expected uint32
	tx                int32
	valid             bool
	parity            uint8
}

func decodeMbar(v uint64) mbarState {
	tx := int32(v>>40&(1<<21-1)) << 11 >> 11 // sign-extend 21 bits
	return mbarState{
		pending:  uint32(v & mbarMaxCount),
		expected: uint32(v >> 20 & mbarMaxCount),
		tx:       tx,
		valid:    v&mbarValid != 0,
		parity:   uint8(v >> 63),
	}
}

func (s mbarState) encode() uint64 {
	v := uint64(s.pending&mbarMaxCount) | uint64(s.expected&mbarMaxCount)<<20 | uint64(uint32(s.tx)&(1<<21-1))<<40
	if s.valid {
		v |= mbarValid
	}
	if s.parity != 0 {
		v |= mbarParity
	}
	return v
}

// mbarRecord is what a CTA knows of an mbarrier beyond its 8 bytes: where
// it is (for the view) and how many phases it has completed.
type mbarRecord struct {
	addr   uint64 // shared address
	phases uint64
	line   int32 // the mbarrier.init that made it
}

// Operations.
const (
	mbInit = iota
	mbInval
	mbExpectTx
	mbCompleteTx
	mbArrive
	mbArriveDrop
	mbTestWait
	mbTryWait
	mbPendingCount
	mbCpAsyncArrive
	mbCheckLayout
)

// mbarOp is a lowered mbarrier instruction.
type mbarOp struct {
	kind      int
	name      string
	space     space
	expectTx  bool // .expect_tx: the operand is a tx count and the arrival count is 1
	noComp    bool // .noComplete
	parity    bool // .parity wait
	noinc     bool // cp.async.mbarrier.arrive.noinc
	countSlot int32
}

func init() {
	for name, kind := range map[string]int{
		"mbarrier.init": mbInit, "mbarrier.inval": mbInval,
		"mbarrier.expect_tx": mbExpectTx, "mbarrier.complete_tx": mbCompleteTx,
		"mbarrier.arrive": mbArrive, "mbarrier.arrive_drop": mbArriveDrop,
		"mbarrier.test_wait": mbTestWait, "mbarrier.try_wait": mbTryWait,
		"mbarrier.pending_count": mbPendingCount, "cp.async.mbarrier.arrive": mbCpAsyncArrive,
		"mbarrier.check_layout": mbCheckLayout,
	} {
		lowerers[name] = func(l *lowering, in *check.Inst, o *op) error { return lowerMbar(l, in, o, kind) }
	}
}

func lowerMbar(l *lowering, in *check.Inst, o *op, kind int) error {
	mb := &mbarOp{kind: kind, name: in.Entry.Name, countSlot: -1}
	mb.expectTx = hasMod(in, ".expect_tx") != ""
	mb.noComp = hasMod(in, ".noComplete") != ""
	mb.parity = hasMod(in, ".parity") != ""
	mb.noinc = hasMod(in, ".noinc") != ""
	if kind == mbPendingCount {
		o.exec = func(m *Machine, w *warp, o *op) {
			d, s := w.reg(o.d[0]), w.reg(o.s[0])
			for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
				if mk&1 != 0 {
					d[lane] = s[lane] & mbarMaxCount
				}
			}
		}
		return nil
	}
	o.space = spaceOf(l, in, o)
	// The count or tx operand, when there is one, is the source after the
	// address; wait forms take the token or parity there.
	switch kind {
	case mbInit, mbExpectTx, mbCompleteTx, mbTestWait, mbTryWait:
		if len(o.s) > 0 {
			mb.countSlot = o.s[0]
		}
	case mbArrive, mbArriveDrop:
		if len(o.s) > 0 {
			mb.countSlot = o.s[0]
		}
	}
	o.flags |= flagMem
	switch kind {
	case mbTryWait:
		o.flags |= flagControl
		o.exec = func(m *Machine, w *warp, o *op) { m.execMbarWait(w, o, mb, true) }
	case mbTestWait:
		o.exec = func(m *Machine, w *warp, o *op) { m.execMbarWait(w, o, mb, false) }
	default:
		o.exec = func(m *Machine, w *warp, o *op) { m.execMbar(w, o, mb) }
	}
	return nil
}

// mbarAt returns the CTA and shared offset of the mbarrier a lane names,
// or a fault message. Generic addresses must fall in the shared window.
func (m *Machine) mbarAt(w *warp, o *op, lane int, name string) (*cta, uint64, bool) {
	return m.mbarAtAddr(w, o, lane, name, o.space, m.addr(w, o, lane))
}

func (m *Machine) mbarAtAddr(w *warp, o *op, lane int, name string, sp space, addr uint64) (*cta, uint64, bool) {
	if sp == spaceGeneric {
		sp, addr = genericToSpace(addr)
		if sp != spaceShared && sp != spaceSharedCluster {
			m.raise(w, o, lane, fmt.Sprintf("%s: generic address 0x%x is not in shared memory (an mbarrier lives in .shared)", name, m.addr(w, o, lane)))
			return nil, 0, false
		}
	}
	c, off, msg := w.cta, addr, ""
	switch sp {
	case spaceShared:
	case spaceSharedCluster:
		c, off, msg = m.sharedTarget(w.cta, addr)
	default:
		m.raise(w, o, lane, fmt.Sprintf("%s: an mbarrier lives in .shared, not %s", name, sp))
		return nil, 0, false
	}
	if msg == "" && off%8 != 0 {
		msg = "is not 8-byte aligned (an mbarrier object is a .b64)"
	}
	if msg == "" && off+8 > uint64(len(c.shared)) {
		msg = fmt.Sprintf("is outside the CTA's %d bytes of shared memory", len(c.shared))
	}
	if msg != "" {
		m.raise(w, o, lane, fmt.Sprintf("%s: shared address 0x%x %s", name, addr, msg))
		return nil, 0, false
	}
	return c, off, true
}

func (c *cta) mbarWord(off uint64) mbarState {
	return decodeMbar(binary.LittleEndian.Uint64(c.shared[off:]))
}

func (m *Machine) putMbar(c *cta, w *warp, lane int, off uint64, s mbarState) {
	binary.LittleEndian.PutUint64(c.shared[off:], s.encode())
	if m.record {
		m.lastWrites = append(m.lastWrites, memWrite{space: spaceShared, addr: off, size: 8, lane: lane, warp: w.id, cta: c.index})
	}
}

// mbarRecordAt returns the CTA's record of the mbarrier at off, or nil.
func (c *cta) mbarRecordAt(off uint64) *mbarRecord {
	i := sort.Search(len(c.mbars), func(i int) bool { return c.mbars[i].addr >= off })
	if i < len(c.mbars) && c.mbars[i].addr == off {
		return &c.mbars[i]
	}
	return nil
}

func (c *cta) addMbarRecord(r mbarRecord) {
	i := sort.Search(len(c.mbars), func(i int) bool { return c.mbars[i].addr >= r.addr })
	if i < len(c.mbars) && c.mbars[i].addr == r.addr {
		c.mbars[i] = r
		return
	}
	c.mbars = append(c.mbars, mbarRecord{})
	copy(c.mbars[i+1:], c.mbars[i:])
	c.mbars[i] = r
}

func (c *cta) dropMbarRecord(off uint64) {
	i := sort.Search(len(c.mbars), func(i int) bool { return c.mbars[i].addr >= off })
	if i < len(c.mbars) && c.mbars[i].addr == off {
		c.mbars = append(c.mbars[:i], c.mbars[i+1:]...)
	}
}

// maybeComplete moves a barrier whose pending arrivals and tx-count are
// both zero into its next phase and wakes the warps waiting on it.
func (m *Machine) maybeComplete(c *cta, off uint64, s *mbarState) {
	if s.pending != 0 || s.tx != 0 {
		return
	}
	s.parity ^= 1
	s.pending = s.expected
	m.releases++ // a phase completing releases its waiters, as a barrier does (StepOverBarrier)
	if r := c.mbarRecordAt(off); r != nil {
		r.phases++
	}
	for _, w := range c.warps {
		if w.wait < 0 && w.mbarWait == off+1 {
			w.wait, w.mbarWait = 0, 0
		}
	}
}

// mbarChange applies one state change, checks the ranges the ISA gives,
// completes the phase when it can, and writes the object back.
func (m *Machine) execMbar(w *warp, o *op, mb *mbarOp) {
	for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		c, off, ok := m.mbarAt(w, o, lane, mb.name)
		if !ok {
			return
		}
		m.mbarLane(c, w, o, mb, lane, off)
		if m.err != nil {
			return
		}
	}
}

func (m *Machine) mbarLane(c *cta, w *warp, o *op, mb *mbarOp, lane int, off uint64) {
	raw := binary.LittleEndian.Uint64(c.shared[off:])
	s := decodeMbar(raw)
	count := uint64(1)
	if mb.countSlot >= 0 {
		count = uint64(uint32(w.reg(mb.countSlot)[lane]))
	}
	fail := func(format string, a ...any) {
		m.raise(w, o, lane, fmt.Sprintf("%s: mbarrier at shared 0x%x: ", mb.name, off)+fmt.Sprintf(format, a...))
	}
	if c != w.cta {
		// §9.7.13.15.8: another CTA's mbarrier takes arrive, expect_tx and
		// complete_tx only, and an arrive there returns no state.
		switch mb.kind {
		case mbArrive, mbArriveDrop, mbExpectTx, mbCompleteTx:
			if d := o.d; (mb.kind == mbArrive || mb.kind == mbArriveDrop) && len(d) > 0 && d[0] >= 0 {
				fail("an arrive on another CTA's mbarrier (CTA (%d,%d,%d)) returns no state: write _ as its destination", c.id[0], c.id[1], c.id[2])
				return
			}
		default:
			fail("%s works on the executing CTA's own mbarriers only (this one is CTA (%d,%d,%d)'s)", mb.name, c.id[0], c.id[1], c.id[2])
			return
		}
	}
	if mb.kind == mbCheckLayout {
		// p: whether the memory holds a valid mbarrier object.
		if o.pd >= 0 {
			bit := uint32(1) << lane
			if s.valid {
				w.f.preds[o.pd] |= bit
			} else {
				w.f.preds[o.pd] &^= bit
			}
		}
		return
	}
	if mb.kind == mbInit {
		if s.valid && c.mbarRecordAt(off) != nil {
			fail("init over a valid mbarrier (mbarrier.inval it first; let one thread initialize it)")
			return
		}
		if count < 1 || count > mbarMaxCount {
			fail("expected arrival count %d is outside 1..2^20-1", count)
			return
		}
		m.putMbar(c, w, lane, off, mbarState{pending: uint32(count), expected: uint32(count), valid: true})
		c.addMbarRecord(mbarRecord{addr: off, line: o.line})
		return
	}
	if !s.valid {
		fail("no initialized mbarrier there (mbarrier.init it first)")
		return
	}
	switch mb.kind {
	case mbInval:
		s.valid = false
		m.putMbar(c, w, lane, off, s)
		c.dropMbarRecord(off)
		return
	case mbExpectTx, mbCompleteTx:
		tx := int64(s.tx)
		if mb.kind == mbExpectTx {
			tx += int64(count)
		} else {
			tx -= int64(count)
		}
		if tx > mbarMaxTx || tx < -mbarMaxTx {
			fail("tx-count %d would leave the range -(2^20-1)..2^20-1", tx)
			return
		}
		s.tx = int32(tx)
	case mbArrive, mbArriveDrop:
		if d := o.d; len(d) > 0 && d[0] >= 0 {
			w.reg(d[0])[lane] = raw // the state token: the object before this arrive
		}
		if mb.expectTx {
			tx := int64(s.tx) + int64(count)
			if tx > mbarMaxTx {
				fail("tx-count %d would exceed 2^20-1", tx)
				return
			}
			s.tx = int32(tx)
			count = 1
		}
		if count < 1 || count > mbarMaxCount {
			fail("arrival count %d is outside 1..2^20-1", count)
			return
		}
		if mb.kind == mbArriveDrop {
			if uint64(s.expected) < count {
				fail("arrive_drop of %d with only %d expected arrivals", count, s.expected)
				return
			}
			s.expected -= uint32(count)
		}
		if uint64(s.pending) < count {
			fail("arrive of %d with only %d arrivals pending in phase %d (more threads arrive than mbarrier.init counted)", count, s.pending, s.parity)
			return
		}
		s.pending -= uint32(count)
		if mb.noComp && s.pending == 0 && s.tx == 0 {
			fail(".noComplete arrive would complete the phase (undefined behaviour)")
			return
		}
	case mbCpAsyncArrive:
		// The arrive-on happens when this thread's earlier cp.async copies
		// complete: they land now, and so does the arrival. Without
		// .noinc the pending count was raised by one first: no net change.
		m.landCpAsyncLane(w, o, lane)
		if m.err != nil {
			return
		}
		if !mb.noinc {
			m.putMbar(c, w, lane, off, s)
			return
		}
		if s.pending < 1 {
			fail("cp.async.mbarrier.arrive.noinc with no arrivals pending")
			return
		}
		s.pending--
	}
	m.maybeComplete(c, off, &s)
	m.putMbar(c, w, lane, off, s)
}

// execMbarWait runs test_wait (block false) and try_wait (block true).
func (m *Machine) execMbarWait(w *warp, o *op, mb *mbarOp, block bool) {
	if block {
		f := w.top()
		e := &f.stack[len(f.stack)-1]
		if w.mask == 0 {
			e.pc++
			return
		}
	}
	var done uint32
	for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		c, off, ok := m.mbarAt(w, o, lane, mb.name)
		if !ok {
			return
		}
		if c != w.cta {
			m.raise(w, o, lane, fmt.Sprintf("%s: the mbarrier at shared::cluster 0x%x is CTA (%d,%d,%d)'s: a thread waits only on its own CTA's mbarriers", mb.name, off, c.id[0], c.id[1], c.id[2]))
			return
		}
		// Copies in flight on this barrier land when someone looks.
		m.landBulkOn(c, off)
		if m.err != nil {
			return
		}
		raw := binary.LittleEndian.Uint64(c.shared[off:])
		s := decodeMbar(raw)
		if !s.valid {
			m.raise(w, o, lane, fmt.Sprintf("%s: mbarrier at shared 0x%x: no initialized mbarrier there (mbarrier.init it first)", mb.name, off))
			return
		}
		if m.record {
			m.recordAccess(w, lane, spaceShared, off, 8, false)
		}
		arg := w.reg(mb.countSlot)[lane]
		var want uint8
		if mb.parity {
			want = uint8(arg & 1)
		} else {
			want = uint8(arg >> 63)
		}
		if want != s.parity {
			done |= 1 << lane
		} else if block {
			// Suspend: this instruction issues again once the phase completes.
			w.wait, w.mbarWait = -1, off+1
			return
		}
	}
	if o.pd >= 0 {
		w.f.preds[o.pd] = w.f.preds[o.pd]&^w.mask | done
		w.f.wpreds[o.pd] |= w.mask
	}
	if block {
		f := w.top()
		f.stack[len(f.stack)-1].pc++
	}
}

// MbarrierView is one mbarrier of a CTA, decoded for the views.
type MbarrierView struct {
	Addr     uint64 `json:"addr"`   // shared address
	Line     int    `json:"line"`   // the mbarrier.init that made it
	Phase    uint64 `json:"phase"`  // phases completed so far (the current phase's number)
	Parity   int    `json:"parity"` // the current phase's parity
	Expected int    `json:"expected"`
	Pending  int    `json:"pending"` // arrivals still to come in the current phase
	Tx       int    `json:"tx"`      // tx-count: bytes still expected (negative: arrived before expected)
	InFlight int    `json:"in_flight"`
	Waiting  []int  `json:"waiting,omitempty"` // warps suspended in try_wait on it
}

func mbarViews(c *cta) []MbarrierView {
	if c == nil {
		return nil
	}
	var vs []MbarrierView
	for _, r := range c.mbars {
		if r.addr+8 > uint64(len(c.shared)) {
			continue
		}
		s := c.mbarWord(r.addr)
		v := MbarrierView{Addr: r.addr, Line: int(r.line), Phase: r.phases, Parity: int(s.parity), Expected: int(s.expected), Pending: int(s.pending), Tx: int(s.tx)}
		for _, b := range c.bulk {
			if b.mbar == r.addr+1 {
				v.InFlight += len(b.data)
			}
		}
		for _, w := range c.warps {
			if w.wait < 0 && w.mbarWait == r.addr+1 {
				v.Waiting = append(v.Waiting, w.id)
			}
		}
		vs = append(vs, v)
	}
	return vs
}

// mbarDeadlock describes the warps of c waiting on mbarriers (naming the
// CTA when the launch has clusters).
func (m *Machine) mbarDeadlock(c *cta) string {
	var parts []string
	for _, w := range c.warps {
		if w.wait >= 0 || w.mbarWait == 0 {
			continue
		}
		off := w.mbarWait - 1
		s := c.mbarWord(off)
		who := ""
		if m.cl.size > 1 {
			who = fmt.Sprintf(" CTA (%d,%d,%d)", c.id[0], c.id[1], c.id[2])
		}
		parts = append(parts, fmt.Sprintf("%s warp %d waits on the mbarrier at shared 0x%x (phase parity %d: %d of %d arrivals pending, tx-count %d);", who, w.id, off, s.parity, s.pending, s.expected, s.tx))
	}
	return strings.Join(parts, "")
}
