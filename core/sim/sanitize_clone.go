// sanitize_clone.go: the sanitizers' state in a checkpoint (clone.go), so
// that a Session whose machine sanitizes takes its findings back with a
// step back, and replays them once.
//
// A clone shares the sanitizer's objects with the machine it was taken
// from, and both sides copy an object before they change it, as paged
// memory does (pages.go): each side gets a new gen, and an object whose
// gen is not its side's is copied first (the warps' records, the CTAs'
// barriers, the buffers' chunk tables, each 1 KiB chunk of shadow, the
// mbarriers; the findings as a whole). So a checkpoint costs the maps and
// tables, and the chunks and records that change before the next one.
// What the clone cannot share is copied at once: the small slices that
// change in place (cluster-barrier joins, the cross-proxy op table) and
// the initcheck state of local memory, which names its frame by pointer
// (sanFrame.f) and a clone's frames are new ones.

package sim

import (
	"maps"
	"slices"
	"unsafe"
)

// clone returns the sanitizer state for c, a clone of m; s stays m's.
func (s *sanitizer) clone(m, c *Machine) *sanitizer {
	n := *s
	s.gen, n.gen = nextEpoch(), nextEpoch()
	s.copied, n.copied = 0, 0
	s.hzShared, n.hzShared = true, true
	// The caches name m's CTAs and warps, and m's copies of what it owns.
	s.forgetBlocks()
	n.forgetBlocks()
	s.op, n.op = nil, nil
	n.warps = maps.Clone(s.warps)
	n.ctas = maps.Clone(s.ctas)
	n.bufs = slices.Clone(s.bufs)
	if s.mbars != nil {
		n.mbars = maps.Clone(s.mbars)
	}
	n.rels = s.rels[:len(s.rels):len(s.rels)] // appends on either side leave the other's alone
	n.clJoin, n.clDone = slices.Clone(s.clJoin), slices.Clone(s.clDone)
	n.clWaiters = slices.Clone(s.clWaiters)
	if s.px != nil {
		px := *s.px
		px.ops = s.px.ops[:len(s.px.ops):len(s.px.ops)]
		px.opIdx = maps.Clone(s.px.opIdx)
		n.px = &px
	}
	// Local memory's initcheck, frame by frame: the clone's own, naming
	// its frames.
	for key, sw := range s.warps {
		if len(sw.frames) == 0 {
			continue
		}
		nw := s.copyWarp(sw, n.gen)
		pos, id := int(key/64), int(key%64)
		var from, to *warp
		if pos < len(m.ctas) && pos < len(c.ctas) && m.ctas[pos] != nil && c.ctas[pos] != nil && id < len(m.ctas[pos].warps) {
			from, to = m.ctas[pos].warps[id], c.ctas[pos].warps[id]
		}
		for d, sf := range sw.frames {
			if sf == nil {
				continue
			}
			nf := &sanFrame{rows: make(map[int32]*undefRow, len(sf.rows)), init: make(map[uint64]*[pageSize / 64]uint64, len(sf.init))}
			if from != nil && d < len(from.frames) && d < len(to.frames) && sf.f == from.frames[d] {
				nf.f = to.frames[d]
			}
			for k, r := range sf.rows {
				nr := *r
				nf.rows[k] = &nr
			}
			for k, p := range sf.init {
				np := *p
				nf.init[k] = &np
			}
			nw.frames[d] = nf
		}
		n.warps[key] = nw
	}
	return &n
}

// copyWarp is a copy of sw for the side of gen (its frames still shared).
func (s *sanitizer) copyWarp(sw *sanWarp, gen uint64) *sanWarp {
	nw := *sw
	nw.gen = gen
	nw.vc = slices.Clone(sw.vc)
	nw.frames = slices.Clone(sw.frames)
	if sw.px != nil {
		px := *sw.px
		nw.px = &px
	}
	return &nw
}

// ownWarp makes the record of warp key the sanitizer's own. Its frames
// are: a clone takes copies of them (clone).
func (s *sanitizer) ownWarp(key int64) *sanWarp {
	sw := s.copyWarp(s.warps[key], s.gen)
	s.warps[key] = sw
	s.copied += int64(unsafe.Sizeof(*sw)) + 4*int64(len(sw.vc))
	if sw.px != nil {
		s.copied += int64(unsafe.Sizeof(*sw.px))
	}
	return sw
}

// ownCTA makes the record of the CTA at pos the sanitizer's own: its
// chunks of shadow stay shared until written (sharedPage).
func (s *sanitizer) ownCTA(pos int) *sanCTA {
	sc := *s.ctas[pos]
	sc.gen = s.gen
	sc.pages = slices.Clone(sc.pages)
	for i := range sc.bars {
		sc.bars[i].join = slices.Clone(sc.bars[i].join)
	}
	sc.px = slices.Clone(sc.px)
	s.copied += int64(unsafe.Sizeof(sc)) + 8*int64(len(sc.pages)) + int64(unsafe.Sizeof(proxyW{}))*int64(len(sc.px))
	s.ctas[pos] = &sc
	return &sc
}

// ownBuf makes the shadow of buffer i the sanitizer's own (its chunk
// table; the chunks stay shared until written).
func (s *sanitizer) ownBuf(i int) *sanBuf {
	sb := *s.bufs[i]
	sb.gen = s.gen
	sb.pages = slices.Clone(sb.pages)
	s.copied += 8 * int64(len(sb.pages))
	s.bufs[i] = &sb
	return &sb
}

// ownPage makes the chunk *pp the sanitizer's own.
func (s *sanitizer) ownPage(pp **sanPage) *sanPage {
	p := new(sanPage)
	*p = **pp
	p.gen = s.gen
	p.split = slices.Clone(p.split)
	s.copied += int64(unsafe.Sizeof(*p)) + int64(unsafe.Sizeof([4]sanAcc{}))*int64(len(p.split))
	*pp = p
	return p
}

// ownMbar makes the record of mbarrier k the sanitizer's own.
func (s *sanitizer) ownMbar(k mbarKey) *sanMbar {
	b := *s.mbars[k]
	b.gen = s.gen
	b.cur, b.done = slices.Clone(b.cur), slices.Clone(b.done)
	s.copied += int64(unsafe.Sizeof(b)) + 4*int64(len(b.cur)+len(b.done))
	s.mbars[k] = &b
	return &b
}

// ownHazards makes the findings the sanitizer's own before one changes.
func (s *sanitizer) ownHazards() {
	s.hz = slices.Clone(s.hz)
	for i := range s.hz {
		s.hz[i].Uninit = slices.Clone(s.hz[i].Uninit)
	}
	s.index = maps.Clone(s.index)
	s.hzShared = false
	s.copied += int64(unsafe.Sizeof(Hazard{})+48) * int64(len(s.hz))
}

// stateBytes estimates what a clone of the sanitizer takes at once (its
// maps and tables) and what the machine's copies since its last clone
// left to history alone (copied).
func (s *sanitizer) stateBytes() int64 {
	n := int64(unsafe.Sizeof(*s)) + 48*int64(len(s.warps)+len(s.ctas)+len(s.mbars)) + 8*int64(len(s.bufs))
	for _, sw := range s.warps {
		n += 8 * int64(len(sw.frames))
	}
	return n + s.copied
}
