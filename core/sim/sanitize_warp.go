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
	s.spanLanes(m, w, o, a, off, n, write, st)
	return true
}

// spanLanes is access for each active lane of a span of shared or global
// memory, what is the same for all of them looked up once: the
// instruction's class, its release, the CTA's or buffer's shadow, the
// warp's record, the chunk of shadow while the lanes stay in it. Each
// lane then does what access does, in the same order; or spanQuick does
// it for all lanes at once.
func (s *sanitizer) spanLanes(m *Machine, w *warp, o *op, a *[32]uint64, off uint64, n int, write bool, st stride) {
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
	var vc []uint32
	vbase := 0 // the vector clock's slot of this CTA's warp 0 (quickOrdered)
	if raceOn {
		vc, vbase = r.sw.vc, w.cta.pos%m.cl.size*len(w.cta.warps)
	}
	if n == 4 && st.seq(4) && !atomic && !sem.acquire && s.spanQuick(sc, sb, &r, a[0]+off-base, initOn, raceOn, iw, vc, vbase) {
		return
	}
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
					r.cur.lane = uint8(i)
					if gr := &p.gran[(x&shadowMask)>>2]; n == 4 && x&3 == 0 && (firstTouch(gr, -(r.cur.flags&accWrite)) || quickGran(gr, &r.cur, vc, vbase)) {
						// raceGrans for a whole granule whose records
						// are all ordered before the access (a first
						// touch, a tile read after the barrier): no
						// finding, and the access its one record.
						r.cur.mask = 0xf
						quickRecord(gr, &r.cur)
					} else {
						s.raceGrans(&r, i, p, x&shadowMask, addr)
					}
				}
			}
		}
		if sem.acquire {
			s.acquire(m, w, sem, 1<<i)
		}
	}
}

// spanQuick is spanLanes' lane loop at once for a full warp's 4-byte
// plain access of consecutive words (lane i at offset x0 + 4i of the
// shadow's memory; no atomic, no acquire) in one chunk, when no lane's
// access can make a finding: it checks every lane's bytes and granule
// first, then records them all, and returns true; or it changes nothing
// (but the chunk made or copied, as the lane loop would) and returns
// false, and the lane loop runs. Lanes that touch granules and bytes of
// their own check and record the same in any order; once none can make a
// finding, lane order keeps nothing.
//
// No finding: for a read, initcheck's bits all set; for racecheck, each
// granule as quickGran finds it.
func (s *sanitizer) spanQuick(sc *sanCTA, sb *sanBuf, r *sanRace, x0 uint64, initOn, raceOn, iw bool, vc []uint32, vbase int) bool {
	ci := x0 >> shadowShift
	if ci != (x0+127)>>shadowShift {
		return false
	}
	p := s.chunk(sc, sb, ci)
	if p == nil {
		return false
	}
	xo := x0 & shadowMask
	if initOn && !iw && !bitsSet(&p.init, xo, 128) {
		return false
	}
	if raceOn {
		gs := p.gran[xo>>2 : xo>>2+32]
		cur := &r.cur
		wr := -(cur.flags & accWrite)
		for i := range gs {
			cur.lane = uint8(i)
			if !firstTouch(&gs[i], wr) && !quickGran(&gs[i], cur, vc, vbase) {
				return false
			}
		}
		cur.mask = 0xf
		for i := range gs {
			cur.lane = uint8(i)
			quickRecord(&gs[i], cur)
		}
	}
	if initOn && iw {
		setBits(&p.init, xo, 128)
	}
	return true
}

// quickGran reports whether the granule gr, checked by raceGrans for cur
// (a whole granule's access), would make no finding because each record
// that could conflict with it is ordered before it as quickOrdered finds:
// for a read the write (the read then becomes the first read record),
// for a write the write and both reads. False says nothing.
// Its callers test a first touch in place first (firstTouch).
func quickGran(gr *sanGran, cur *sanAcc, vc []uint32, vbase int) bool {
	return gr.sp <= 0 && (gr.w.mask == 0 || quickOrdered(&gr.w, cur, vc, vbase)) &&
		(gr.r0.mask == 0 || quickOrdered(&gr.r0, cur, vc, vbase)) &&
		(cur.flags&accWrite == 0 || gr.r1.mask == 0 || quickOrdered(&gr.r1, cur, vc, vbase))
}

// firstTouch reports quickGran's commonest case, small enough to inline:
// a granule with no record that could conflict (no write, no read; for
// a write no second read either). wr is -(cur.flags & accWrite).
func firstTouch(gr *sanGran, wr uint8) bool {
	return gr.w.mask|gr.r0.mask|gr.r1.mask&wr == 0 && gr.sp <= 0
}

// quickRecord is raceGrans' record of cur (mask 0xf) in a granule
// quickGran passed: a write the write record, the reads it covers gone;
// a read the first read record, the one before it ordered before it.
func quickRecord(gr *sanGran, cur *sanAcc) {
	if cur.flags&accWrite != 0 {
		gr.r0.mask, gr.r1.mask = 0, 0
		gr.w = *cur
	} else {
		gr.r0 = *cur
	}
}

// quickOrdered reports whether the recorded access a happens before cur
// by program order, by being a lane of the same warp instruction, or by
// a barrier phase of cur's CTA (a of the same CTA; vc cur's warp's
// vector clock, vbase its slot of the CTA's warp 0): sanitizer.ordered's
// first tests, the ones a tile's and a reduction's accesses pass; false
// where only ordered's others could tell.
func quickOrdered(a, cur *sanAcc, vc []uint32, vbase int) bool {
	if a.step == cur.step {
		return true
	}
	if a.cpos != cur.cpos {
		return false
	}
	if a.warp == cur.warp && a.lane == cur.lane {
		return true
	}
	slot := vbase + int(a.warp)
	return slot < len(vc) && vc[slot] > a.clock
}

// bitsSet reports whether initcheck's bits [lo, lo+n) of a chunk are all
// set.
func bitsSet(ib *[shadowSize / 64]uint64, lo, n uint64) bool {
	for k, end := lo, lo+n; k < end; {
		w := min(64-k&63, end-k)
		if mask := (^uint64(0) >> (64 - w)) << (k & 63); ^ib[k>>6&(shadowSize/64-1)]&mask != 0 {
			return false
		}
		k += w
	}
	return true
}

// setBits sets initcheck's bits [lo, lo+n) of a chunk.
func setBits(ib *[shadowSize / 64]uint64, lo, n uint64) {
	for k, end := lo, lo+n; k < end; {
		w := min(64-k&63, end-k)
		ib[k>>6&(shadowSize/64-1)] |= (^uint64(0) >> (64 - w)) << (k & 63)
		k += w
	}
}
