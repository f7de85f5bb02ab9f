// sanitize_mbar.go: happens-before from mbarrier phases (mbarrier.go) for
// racecheck: an arrival (mbarrier.arrive, arrive_drop) releases what its
// warp did before it into the phase; a wait that sees the phase complete
// (test_wait, try_wait) acquires every completed phase's arrivals. The
// hook wraps those instructions (sanLowered) and reads the CTA's mbarrier
// record for its phase count; mbarrier.go itself is unchanged.

package sim

// sanMbar is the synchronisation state of one mbarrier object.
type sanMbar struct {
	gen   uint64   // copy on write (sanitize_clone.go)
	phase uint64   // the phase cur collects (the record's phase count then)
	cur   []uint32 // join of the arrivals of that phase
	done  []uint32 // join of every completed phase's arrivals

	acq, acqDone [3]int64 // the same for the arrivals' acquires (sanitize_relacq.go)
}

type mbarKey struct {
	pos int
	off uint64
}

// mbarOf finds the mbarrier lane of w names through o (nil when the
// address is not a valid one: the instruction itself faults).
func (s *sanitizer) mbarOf(m *Machine, w *warp, o *op, lane int) (*cta, *sanMbar) {
	sp, addr := o.space, m.addr(w, o, lane)
	if sp == spaceGeneric {
		sp, addr = genericToSpace(addr)
	}
	c := w.cta
	switch sp {
	case spaceShared:
	case spaceSharedCluster:
		t, off, _ := m.sharedTarget(w.cta, addr)
		if t == nil {
			return nil, nil
		}
		c, addr = t, off
	default:
		return nil, nil
	}
	r := c.mbarRecordAt(addr)
	if r == nil {
		return nil, nil
	}
	if s.mbars == nil {
		s.mbars = map[mbarKey]*sanMbar{}
	}
	k := mbarKey{c.pos, addr}
	b := s.mbars[k]
	if b == nil {
		b = &sanMbar{gen: s.gen, phase: r.phases}
		s.mbars[k] = b
	} else if b.gen != s.gen {
		b = s.ownMbar(k) // sanitize_clone.go
	}
	if r.phases > b.phase { // the phase cur collected has completed
		if b.done == nil {
			b.done = make([]uint32, len(b.cur))
		}
		joinInto(b.done, b.cur)
		for k := range b.acq {
			b.acqDone[k] = max(b.acqDone[k], b.acq[k])
		}
		b.cur, b.phase, b.acq = nil, r.phases, [3]int64{}
	}
	return c, b
}

// mbarArrive: the warp's arrival releases what it did before.
func (s *sanitizer) mbarArrive(m *Machine, w *warp, o *op) {
	sw := s.warp(m, w)
	sw.vc[sw.self]++
	for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		if _, b := s.mbarOf(m, w, o, lane); b != nil {
			if b.cur == nil {
				b.cur = make([]uint32, len(sw.vc))
			}
			joinInto(b.cur, sw.vc)
			s.acqJoin(&b.acq, sw, 1<<lane)
		}
	}
}

// mbarWaited: after a test_wait or try_wait that did not suspend the warp,
// the lanes that saw their phase complete acquire the completed phases.
func (s *sanitizer) mbarWaited(m *Machine, w *warp, o *op) {
	if w.wait != 0 {
		return // suspended: it runs again when the phase completes
	}
	sw := s.warp(m, w)
	for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		if o.pd >= 0 && w.f.preds[o.pd]>>lane&1 == 0 {
			continue // test_wait that found the phase still open
		}
		if _, b := s.mbarOf(m, w, o, lane); b != nil && b.done != nil {
			joinInto(sw.vc, b.done)
			s.acqGive(sw, &b.acqDone, 1<<lane)
		}
	}
}

// wroteShared notes bytes of c's shared memory that something other than
// a thread's access wrote (bulk copies and TMA landing, tcgen05.alloc's
// address): initialised for initcheck. They come through the async proxy,
// ordered by their mbarrier, so racecheck leaves them be, but for
// replacing the bytes' pending generic writes (sanitize_proxy.go).
func (s *sanitizer) wroteShared(m *Machine, c *cta, off uint64, n int) {
	if s.px != nil {
		s.proxyLanded(m, c, off, n) // sanitize_proxy.go
	}
	if s.on&SanInit == 0 {
		return
	}
	sc := s.cta(m, c)
	for i := off; i < off+uint64(n) && i < uint64(len(c.shared)); i++ {
		p := s.sharedPage(sc, i>>shadowShift)
		j := i & shadowMask
		p.init[j>>6] |= 1 << (j & 63)
	}
}

// wroteGlobal is wroteShared for global memory (bulk copies to global).
func (s *sanitizer) wroteGlobal(m *Machine, addr uint64, n int) {
	if s.on&SanInit == 0 {
		return
	}
	b := m.global.find(addr, n)
	if b == nil {
		return
	}
	sb := s.buf(m.global.last, b) // find leaves last at b's index
	if !sb.uninit {
		return
	}
	for a := addr - b.base; a < addr-b.base+uint64(n); a++ {
		p := s.page(sb, a>>shadowShift)
		if p == nil {
			return
		}
		po := a & shadowMask
		p.init[po>>6] |= 1 << (po & 63)
	}
}
