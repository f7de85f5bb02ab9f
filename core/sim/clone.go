// clone.go: copies of the machine state, the checkpoints of history.
//
// Everything a step can change lives in flat slices (register rows,
// predicate and written masks, byte arenas), small structs and paged
// memory, so a checkpoint is a handful of copies: global and local memory
// copy their page tables and share the pages (pages.go). Finished CTAs
// never change again and are shared between a machine and its clones.

package sim

import "slices"

// clone returns an independent copy of m's state; m is unchanged.
func (m *Machine) clone() *Machine {
	c := *m
	// Neither side may now write the pages they share in place.
	m.epoch, c.epoch = nextEpoch(), nextEpoch()
	m.copied, c.copied = 0, 0
	m.cloned, c.cloned = true, true
	m.spare, c.spare = nil, nil
	c.chunk = nil    // the rest of m's block is m's to cut pages from (pageBytes)
	c.spareCTA = nil // m's spare is its own (recycle)
	c.spareCTAs = nil
	c.global = globalMem{next: m.global.next, bufs: make([]*buffer, len(m.global.bufs)), spans: slices.Clone(m.global.spans)}
	for i, b := range m.global.bufs {
		nb := *b
		nb.mem = b.mem.clone()
		c.global.bufs[i] = &nb
	}
	c.ctas = make([]*cta, len(m.ctas))
	for i, t := range m.ctas {
		if t == nil || t.done && t != m.cur {
			c.ctas[i] = t // immutable from now on
			if t != nil {
				t.held = true
			}
			continue
		}
		t.pagesHeld = true
		c.ctas[i] = t.clone()
		if t == m.cur {
			c.cur = c.ctas[i]
		}
	}
	c.out = m.out.clone()
	c.lastWrites = append([]memWrite(nil), m.lastWrites...)
	c.lastAccess = append([]laneAccess(nil), m.lastAccess...)
	if m.san != nil {
		c.san = m.san.clone(m, &c) // sanitize_clone.go
	}
	return &c
}

// adoptCTAs hands m, a clone of a checkpoint, the CTAs of old, the
// machine a Session leaves for it (GoTo), that nothing else holds, so that
// the CTAs m starts restart in their blocks (startCTA, restartCTA) rather
// than in new ones: a step back or a run again from the start replays
// CTAs that old had already started. A checkpoint holds none of them:
// the finished CTAs it shares are marked held (clone), and it copied the
// blocks of those running when it was taken (their local pages it shares,
// and restartCTA drops those from the page tables). Clones of a
// checkpoint's running CTAs own no blocks (cta.clone) and stay out. m
// gets no more than the CTAs it has yet to start.
func (m *Machine) adoptCTAs(old *Machine) {
	room := m.nctas - len(m.ctas)
	take := func(t *cta) {
		if len(m.spareCTAs) < room && t != nil && !t.held && t.arena.kern != nil {
			m.spareCTAs = append(m.spareCTAs, t)
		}
	}
	take(old.spareCTA)
	for _, t := range old.spareCTAs {
		take(t)
	}
	for _, t := range old.ctas {
		take(t)
	}
}

func (t *cta) clone() *cta {
	c := *t
	c.arena = ctaArena{} // the blocks stay with t
	c.shared = append([]byte(nil), t.shared...)
	c.mbars = append([]mbarRecord(nil), t.mbars...)
	c.bulk = append([]bulkCopy(nil), t.bulk...) // a copy's bytes never change once read
	c.landed = append([]bulkCopy(nil), t.landed...)
	c.tmem = t.tmem.clone()
	c.warps = make([]*warp, len(t.warps))
	for i, w := range t.warps {
		nw := *w
		nw.cta = &c
		nw.async = w.async.clone()
		nw.frames = make([]*frame, len(w.frames))
		for k, f := range w.frames {
			nw.frames[k] = f.clone()
		}
		nw.enter()
		c.warps[i] = &nw
	}
	return &c
}

func (f *frame) clone() *frame {
	c := *f
	c.regs = append([][32]uint64(nil), f.regs...)
	c.preds = append([]uint32(nil), f.preds...)
	written := append([]uint32(nil), f.wregs[:cap(f.wregs)]...) // wregs, wpreds and the mask after them (frame)
	nr, np := len(f.wregs), len(f.wpreds)
	c.wregs, c.wpreds = written[:nr], written[nr:nr+np:nr+np]
	c.local = f.local.clone()
	c.param = append([]byte(nil), f.param...)
	c.stack = append([]entry(nil), f.stack...)
	return &c
}

// stateBytes estimates the memory a clone of m takes, pages not counted
// (they are shared: see Session.recount); with the sanitizers on, what
// their copies on write since the last clone left to it too
// (sanitize_clone.go).
func (m *Machine) stateBytes() int64 {
	n := int64(512)
	if m.san != nil {
		n += m.san.stateBytes()
	}
	for _, b := range m.global.bufs {
		n += b.mem.tableBytes() + 64
	}
	for _, t := range m.ctas {
		if t == nil || t.done && t != m.cur {
			continue
		}
		n += int64(len(t.shared)) + 256
		if t.tmem != nil {
			n += 4 * int64(len(t.tmem.cells))
		}
		for _, w := range t.warps {
			n += 128
			for _, f := range w.frames {
				n += f.local.tableBytes() + int64(256*len(f.regs)+4*(len(f.preds)+len(f.wregs)+len(f.wpreds))+len(f.param)+12*len(f.stack)) + 256
			}
		}
	}
	return n
}
