// clone.go: deep copies of the machine state, the checkpoints of history.
//
// Everything a step can change lives in flat slices (register rows,
// predicate and written masks, byte arenas) and small structs, so a
// checkpoint is a handful of copies. Finished CTAs never change again and
// are shared between a machine and its clones.

package sim

// clone returns an independent copy of m's state; m is unchanged.
func (m *Machine) clone() *Machine {
	c := *m
	c.global = globalMem{next: m.global.next, bufs: make([]*buffer, len(m.global.bufs))}
	for i, b := range m.global.bufs {
		nb := *b
		nb.data = append([]byte(nil), b.data...)
		c.global.bufs[i] = &nb
	}
	c.ctas = make([]*cta, len(m.ctas))
	for i, t := range m.ctas {
		if t == nil || t.done && t != m.cur {
			c.ctas[i] = t // immutable from now on
			continue
		}
		c.ctas[i] = t.clone()
		if t == m.cur {
			c.cur = c.ctas[i]
		}
	}
	c.out = m.out.clone()
	c.lastWrites = append([]memWrite(nil), m.lastWrites...)
	c.lastAccess = append([]laneAccess(nil), m.lastAccess...)
	return &c
}

func (t *cta) clone() *cta {
	c := *t
	c.shared = append([]byte(nil), t.shared...)
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
	c.wregs = append([]uint32(nil), f.wregs...)
	c.wpreds = append([]uint32(nil), f.wpreds...)
	c.local = append([]byte(nil), f.local...)
	c.param = append([]byte(nil), f.param...)
	c.stack = append([]entry(nil), f.stack...)
	return &c
}

// stateBytes estimates the memory a clone of m takes.
func (m *Machine) stateBytes() int64 {
	n := int64(512)
	for _, b := range m.global.bufs {
		n += int64(len(b.data)) + 64
	}
	for _, t := range m.ctas {
		if t == nil || t.done && t != m.cur {
			continue
		}
		n += int64(len(t.shared)) + 256
		for _, w := range t.warps {
			n += 128
			for _, f := range w.frames {
				n += int64(256*len(f.regs)+4*(len(f.preds)+len(f.wregs)+len(f.wpreds))+len(f.local)+len(f.param)+12*len(f.stack)) + 256
			}
		}
	}
	return n
}
