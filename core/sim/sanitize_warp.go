// sanitize_warp.go: racecheck and initcheck of a warp's access in one
// piece (fastmem.go warpSpan). The lane-by-lane path (mem.go access) costs
// more than the sanitizers' own work for each lane, and the sanitizers need
// only each lane's address, in lane order: so a span the fast path takes
// reaches them lane by lane before the warp's bytes are read or written,
// and the fast path does the rest.
//
// Before or after the warp's bytes move is the same to the sanitizers
// but for one check: a store that races with another thread's write of
// the same bytes is no finding when it writes what is there already
// (sanitizer.rewrites), and the lane-by-lane path reads "what is there"
// after the lanes before it stored. So a plain store whose lanes' bytes
// overlap goes lane by lane; lanes in one instruction are ordered among
// themselves, so nothing else of one lane's check reads another's.

package sim

import "math/bits"

// sanSpan is warpSpan under racecheck or initcheck: the span, its lanes
// checked; nil when the lane-by-lane path must run.
func (m *Machine) sanSpan(w *warp, o *op, n int, write bool) ([]byte, uint64, stride) {
	s := m.san
	m.san = nil // warpSpan's own test: the span as the unsanitized machine finds it
	b, lo, st := m.warpSpan(w, o, n, write)
	m.san = s
	if b == nil || !s.span(m, w, o, n, write, st) {
		return nil, 0, stride{}
	}
	return b, lo, st
}

// span runs the sanitizers' hook for each active lane's access of n bytes
// through o, in lane order; false, checking nothing, when o is a plain
// store whose lanes' bytes overlap.
func (s *sanitizer) span(m *Machine, w *warp, o *op, n int, write bool, st stride) bool {
	a, off := w.reg(o.base), uint64(o.off)
	if write && !(st.ok && st.d >= uint64(n)) && o.inst != nil && o.inst.Entry.Name == "st" {
		// Disjoint when each lane's bytes lie above the lane's before.
		var next uint64
		for mk := w.mask; mk != 0; mk &= mk - 1 {
			x := a[bits.TrailingZeros32(mk)&31] + off
			if x < next {
				return false
			}
			next = x + uint64(n)
		}
	}
	sp := o.space
	if sp == spaceGeneric || sp == spaceShared && s.px != nil {
		for mk := w.mask; mk != 0; mk &= mk - 1 {
			i := bits.TrailingZeros32(mk) & 31
			s.access(m, w, o, i, sp, a[i]+off, n, write)
		}
		return true
	}
	s.spanLanes(m, w, o, a, off, n, write)
	return true
}

// spanLanes is access for each active lane of a span of shared or global
// memory, what is the same for all of them looked up once: the
// instruction's class, its release, the CTA's or buffer's shadow, the
// warp's record, the chunk of shadow while the lanes stay in it. Each
// lane then does what access does, in the same order.
func (s *sanitizer) spanLanes(m *Machine, w *warp, o *op, a *[32]uint64, off uint64, n int, write bool) {
	sem := s.classify(o)
	if sem.release {
		s.release(m, w, sem)
	}
	var sc *sanCTA
	var sb *sanBuf
	var b *buffer
	base := uint64(0) // the addresses' offset in the shadow's memory
	initOn, raceOn := s.on&SanInit != 0, s.on&SanRace != 0
	if o.space == spaceShared {
		sc = s.cta(m, w.cta)
	} else {
		if b = m.global.find(a[bits.TrailingZeros32(w.mask)&31]+off, n); b == nil {
			return // (warpSpan found the lanes in one buffer)
		}
		sb = s.buf(m.global.last, b) // find leaves last at b's index
		base = b.base
		initOn = initOn && sb.uninit
	}
	if !initOn && !raceOn {
		if sem.acquire {
			s.acquire(m, w, sem, w.mask)
		}
		return
	}
	var r sanRace
	if raceOn {
		if len(s.clWaiters) > 0 {
			s.clusterAcquire(m)
		}
		sp := "shared"
		if sb != nil {
			sp = "global"
		}
		s.raceStart(&r, m, w, o, n, write, sem, sp)
	}
	var bb *buffer // initBits' buffer: nil for shared memory
	if sb != nil {
		bb = b
	}
	iw, atomic := write && !sem.atomic, sem.atomic
	var p *sanPage
	pi := ^uint64(0)
	for mk := w.mask; mk != 0; mk &= mk - 1 {
		i := bits.TrailingZeros32(mk) & 31
		addr := a[i] + off
		x := addr - base
		if ci := x >> shadowShift; ci != (x+uint64(n)-1)>>shadowShift {
			s.shadowAccess(m, w, o, i, sc, sb, x, addr, n, write, sem, r.space) // over two chunks
		} else {
			if ci != pi {
				p, pi = s.chunk(sc, sb, ci), ci
			}
			if p != nil {
				if initOn {
					// initBits' common case in place: a plain write, or a
					// read of bytes all initialised, in one word of bits.
					xo := x & shadowMask
					word := &p.init[xo>>6]
					mask := (^uint64(0) >> (64 - uint(n))) << (xo & 63)
					switch {
					case n > 64 || xo&63+uint64(n) > 64 || atomic:
						s.initBits(m, w, o, i, &p.init, xo, addr, n, iw, atomic, bb)
					case iw:
						*word |= mask
					case ^*word&mask != 0:
						s.initBits(m, w, o, i, &p.init, xo, addr, n, iw, atomic, bb)
					}
				}
				if raceOn {
					if gr := &p.gran[(x&shadowMask)>>2]; n == 4 && x&3 == 0 && gr.sp == nil && gr.w.mask == 0 && gr.r0.mask == 0 && (r.cur.flags&accWrite == 0 || gr.r1.mask == 0) {
						// raceGrans for a whole granule that nothing
						// wrote and nothing else holds (vector add's
						// loads and store, a tile's first touch): no
						// check, the access its one record.
						r.cur.lane, r.cur.mask = uint8(i), 0xf
						if r.cur.flags&accWrite != 0 {
							gr.w = r.cur
						} else {
							gr.r0 = r.cur
						}
					} else {
						s.raceGrans(&r, i, &p.gran, x&shadowMask, addr)
					}
				}
			}
		}
		if sem.acquire {
			s.acquire(m, w, sem, 1<<i)
		}
	}
}
