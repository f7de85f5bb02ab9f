// pages.go: memory held in pages that a machine and its checkpoints share
// (copy on write), allocated on first write.
//
// Global buffers and each frame's local memory are pagedMems. Cloning a
// machine copies page tables, not pages, and gives both sides a new epoch:
// a page is written in place only by the machine whose epoch owns it, and
// a machine that writes a page it does not own (one it shares with a
// checkpoint) writes a private copy. So a checkpoint of a machine with a
// 512 MB buffer costs the buffer's page table, and history holds only the
// pages the run changed. A nil page reads as zeros until its first write,
// so memory costs what a kernel touches, not what it declares: a zeroed
// output buffer or a big .local array is free until written.

package sim

import (
	"encoding/binary"
	"io"
	"sync/atomic"
)

// pageShift sets the page size: the unit that checkpoints share and that
// a first write copies or allocates.
const (
	pageShift = 14
	pageSize  = 1 << pageShift
	pageMask  = pageSize - 1
)

// zeroPage is what a page nothing has written reads as.
var zeroPage [pageSize]byte

type page struct {
	b     []byte
	owner uint64 // epoch of the machine that may write b in place
	seen  uint64 // last history walk that counted it (see Session.recount)
}

// pagedMem is size bytes in pages of pageSize (the last may be shorter).
// Accesses are aligned to their power-of-two size and the memory's offsets
// to 32 bytes, so an access never crosses a page.
type pagedMem struct {
	pages []*page
	size  int
}

var epochs, walks atomic.Uint64 // 64 bits: they never wrap

// eachPage calls f for every page of m's global and local memory.
func (m *Machine) eachPage(f func(*page)) {
	visit := func(pm *pagedMem) {
		for _, p := range pm.pages {
			if p != nil {
				f(p)
			}
		}
	}
	for _, b := range m.global.bufs {
		visit(&b.mem)
	}
	for _, c := range m.ctas {
		if c == nil {
			continue
		}
		for _, w := range c.warps {
			for _, fr := range w.frames {
				visit(&fr.local)
			}
		}
	}
}

// nextEpoch returns an epoch no machine has had; 0 is never one, so a
// page owned by 0 is owned by nobody.
func nextEpoch() uint64 { return epochs.Add(1) }

// newPagedMem returns size bytes of zeros, allocated by first writes.
func newPagedMem(size int) pagedMem {
	return pagedMem{pages: make([]*page, (size+pageMask)>>pageShift), size: size}
}

// read returns the n bytes at offset o for reading.
func (pm *pagedMem) read(o uint64, n int) []byte {
	off := o & pageMask
	if p := pm.pages[o>>pageShift]; p != nil {
		return p.b[off : off+uint64(n)]
	}
	return zeroPage[off : off+uint64(n)]
}

// write returns the n bytes at offset o for writing by machine m.
func (pm *pagedMem) write(o uint64, n int, m *Machine) []byte {
	p := pm.pages[o>>pageShift]
	if p == nil || p.owner != m.epoch {
		p = pm.own(int(o>>pageShift), m)
	}
	off := o & pageMask
	return p.b[off : off+uint64(n)]
}

// own gives m a page i of its own: a copy of the shared one, or zeros;
// an input page m sealed (SealInputs) it takes over as it is.
func (pm *pagedMem) own(i int, m *Machine) *page {
	old := pm.pages[i]
	if old != nil && old.owner == sealed(m.epoch) {
		old.owner = m.epoch
		return old
	}
	n := min(pageSize, pm.size-i<<pageShift)
	p := &page{b: m.pageBytes(n), owner: m.epoch}
	if old != nil {
		copy(p.b, old.b)
		m.copied += int64(n)
	}
	pm.pages[i] = p
	return p
}

// sealed is the owner of the input pages of the machine of epoch e
// (SealInputs): an epoch no machine has (epochs stay below 2^63), so
// that every write to such a page asks own, which takes it over; a clone
// gives both machines new epochs, and so copies sealed pages as shared.
func sealed(e uint64) uint64 { return e | 1<<63 }

// SealInputs marks the pages of the global buffers that m's launch code
// has written (its inputs, filled before the run) as sealed: the run's
// first write to each takes it over (own: no copy, nothing allocated), so
// that WrittenPages can tell the pages the run wrote from those it left.
func (m *Machine) SealInputs() {
	for _, b := range m.global.bufs {
		for _, p := range b.mem.pages {
			if p != nil && p.owner == m.epoch {
				p.owner = sealed(m.epoch)
			}
		}
	}
}

// WrittenPages calls f, in order, with the byte range [off, off+n) of
// each page of the global buffer name that m may have written since
// SealInputs, until f returns false: every page but those that still
// hold what the inputs put there (a sealed page, the shared page of
// StoreRepeat: neither is written in place) and those nothing wrote
// (zeros). A page that a write left as it was is among them: the caller
// compares. It returns false if there is no such buffer.
func (m *Machine) WrittenPages(name string, f func(off, n int) bool) bool {
	for i := len(m.global.bufs) - 1; i >= 0; i-- {
		b := m.global.bufs[i]
		if b.name != name {
			continue
		}
		for j, p := range b.mem.pages {
			if p == nil || p.owner == 0 || p.owner == sealed(m.epoch) {
				continue
			}
			if !f(j<<pageShift, min(pageSize, b.mem.size-j<<pageShift)) {
				break
			}
		}
		return true
	}
	return false
}

// pageBytes returns n zeroed bytes for a new page, reusing a spare one;
// an Unviewed machine cuts whole pages from blocks of pageChunk, so that
// a run writing a large output buffer makes one allocation every
// pageChunk pages rather than one a page (each 16 KiB object its own span
// of the collector's).
func (m *Machine) pageBytes(n int) []byte {
	if k := len(m.spare); k > 0 && n == pageSize {
		b := m.spare[k-1]
		m.spare = m.spare[:k-1]
		clear(b)
		return b
	}
	if n == pageSize && m.unviewed {
		if len(m.chunk) < pageSize {
			m.chunk = make([]byte, pageChunk*pageSize)
		}
		b := m.chunk[:pageSize:pageSize]
		m.chunk = m.chunk[pageSize:]
		return b
	}
	return make([]byte, n)
}

// pageChunk is how many pages an Unviewed machine allocates at once.
const pageChunk = 8

// recycle keeps the blocks and local pages of a released CTA for the CTAs
// after it, so a grid runs in the memory of the CTAs it keeps, not in
// whatever the garbage collector has yet to free: in a plain run and in a
// session alike, except what a checkpoint may hold (c.held, c.pagesHeld:
// a CTA that was in the machine when it was cloned). The spares of one
// CTA at most are kept.
func (m *Machine) recycle(c *cta) {
	if c.held {
		return
	}
	m.spareCTA = c // with its blocks (c.arena): startCTA restarts it
	if c.pagesHeld {
		return
	}
	m.spare = m.spare[:0]
	for _, w := range c.warps {
		for _, f := range w.frames {
			for _, p := range f.local.pages {
				if p != nil && len(p.b) == pageSize {
					m.spare = append(m.spare, p.b)
				}
			}
		}
	}
}

// clone copies the page table; the pages stay shared.
func (pm pagedMem) clone() pagedMem {
	return pagedMem{pages: append([]*page(nil), pm.pages...), size: pm.size}
}

// tableBytes is what a clone of the table costs.
func (pm *pagedMem) tableBytes() int64 { return 8*int64(len(pm.pages)) + 32 }

// allocated is the bytes of the pages that exist.
func (pm *pagedMem) allocated() int64 {
	var n int64
	for _, p := range pm.pages {
		if p != nil {
			n += int64(len(p.b))
		}
	}
	return n
}

// hash writes the contents to h, a page nothing wrote as its zeros, so
// that equal contents hash equally however they are held.
func (pm *pagedMem) hash(h io.Writer) {
	for i, p := range pm.pages {
		if p != nil {
			h.Write(p.b)
		} else {
			h.Write(zeroPage[:min(pageSize, pm.size-i<<pageShift)])
		}
	}
}

// loadAt copies bytes [off, off+len(dst)) into dst.
func (pm *pagedMem) loadAt(dst []byte, off int) {
	for len(dst) > 0 {
		o := uint64(off)
		k := min(len(dst), pageSize-int(o&pageMask))
		copy(dst[:k], pm.read(o, k))
		dst, off = dst[k:], off+k
	}
}

// storeAt copies src into bytes [off, off+len(src)) as machine m.
func (pm *pagedMem) storeAt(src []byte, off int, m *Machine) {
	for len(src) > 0 {
		o := uint64(off)
		k := min(len(src), pageSize-int(o&pageMask))
		copy(pm.write(o, k, m), src[:k])
		src, off = src[k:], off+k
	}
}

// view is a read-only view of bytes [off, off+n).
func (pm *pagedMem) view(off, n int) Mem { return Mem{pm: pm, off: off, n: n} }

// Mem is a read-only view of a memory region, which may be held in pages.
// It sees the memory as it is when read.
type Mem struct {
	pm   *pagedMem // nil: flat
	flat []byte
	off  int
	n    int
}

func flatMem(b []byte) Mem { return Mem{flat: b, n: len(b)} }

// Len is the region's size in bytes.
func (v Mem) Len() int { return v.n }

// At returns byte i.
func (v Mem) At(i int) byte {
	if v.pm == nil {
		return v.flat[i]
	}
	return v.pm.read(uint64(v.off+i), 1)[0]
}

// Read copies bytes [off, off+len(dst)) into dst.
func (v Mem) Read(dst []byte, off int) {
	if v.pm == nil {
		copy(dst, v.flat[off:])
		return
	}
	v.pm.loadAt(dst, v.off+off)
}

// Span returns bytes [off, off+n) where they lie in one page, without a
// copy (nil where they cross pages: Read them): the memory's own bytes, to
// read only and only until the machine next runs (launch reads a held
// output this way, a page at a time, to print it).
func (v Mem) Span(off, n int) []byte {
	if v.pm == nil {
		return v.flat[off : off+n : off+n]
	}
	o := uint64(v.off + off)
	if n <= 0 || o>>pageShift != (o+uint64(n)-1)>>pageShift {
		return nil
	}
	b := v.pm.read(o, n)
	return b[:n:n]
}

// Uint reads the little-endian integer of n <= 8 bytes at off.
func (v Mem) Uint(off, n int) uint64 {
	var b [8]byte
	v.Read(b[:n], off)
	return binary.LittleEndian.Uint64(b[:])
}

// Bytes returns a copy of the whole region.
func (v Mem) Bytes() []byte {
	b := make([]byte, v.n)
	v.Read(b, 0)
	return b
}

// Ident identifies the region's storage, for a view that redraws only
// when it changes (comparable with ==).
func (v Mem) Ident() any {
	if v.pm == nil {
		if len(v.flat) == 0 {
			return nil
		}
		return &v.flat[0]
	}
	return [2]any{v.pm, v.off}
}
