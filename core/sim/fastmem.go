// fastmem.go: warp-wide global and shared accesses in one piece.
//
// When every active lane's address falls in one page of one global buffer
// (or in the CTA's shared memory) and all are aligned, a warp's load,
// store or atomic is one bounds check and one slice: the lanes then copy
// from or into it in lane order, which is what the lane-by-lane path
// (access, resolve) would do, without its per-lane lookups. Anything else
// (a lane out of bounds or misaligned, lanes over two pages or buffers,
// local, const and param memory, or a recorded step, which notes each
// lane's access for the page) takes the lane-by-lane path, so faults, their
// lane and message, and access records come out of one place.
// fastmem_test.go pins what both must agree on.

package sim

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// warpSpan returns the bytes the active lanes of w access through o, n
// bytes each at base register + offset, and the address of its first
// byte; nil when the lane-by-lane path must run. A write span is the
// machine's own (copied from a checkpoint's page first, as access does).
// st: every lane is active and lane i accesses the span's bytes
// [i*st.d, i*st.d+n) (see stride).
func (m *Machine) warpSpan(w *warp, o *op, n int, write bool) (b []byte, lo uint64, st stride) {
	if m.record || o.base < 0 || n&(n-1) != 0 || w.mask == 0 {
		return nil, 0, st
	}
	if m.san != nil && m.san.mem {
		return m.sanSpan(w, o, n, write) // sanitize_warp.go
	}
	sp := o.space
	if sp != spaceGlobal && sp != spaceShared && sp != spaceGeneric {
		return nil, 0, stride{}
	}
	a, off := w.reg(o.base), uint64(o.off)
	var hi, or uint64
	if mk := w.mask; mk == ^uint32(0) {
		// Lanes one stride apart (a coalesced row, a tile's column, one
		// address for all) span from lane 0's address to lane 31's, all
		// aligned when the first and the stride are; an ascending stride
		// of at most 2^32 that does not wrap past the top of the address
		// space keeps every lane's address at x0 + i*d. Others: spanLanes.
		// (strideLanes and spanLanes: the 32 lanes written out, see
		// fastmem_lanes.go.)
		x0 := a[0] + off
		var d uint64
		var ok bool
		if useAVX2 { // fastmem_amd64.go
			d, ok = strideLanesAVX2(a)
		} else {
			d, ok = strideLanes(&m.part, a)
		}
		if ok && d <= 1<<32 && x0+31*d >= x0 {
			lo, hi, or, st = x0, x0+31*d, x0|d, stride{d, true}
		} else {
			lo, hi, or = spanLanes(a, off)
		}
	} else {
		lo = ^uint64(0)
		for ; mk != 0; mk &= mk - 1 {
			x := a[bits.TrailingZeros32(mk)&31] + off
			lo, hi, or = min(lo, x), max(hi, x), or|x
		}
	}
	end := hi + uint64(n)
	if or&uint64(n-1) != 0 || end < hi {
		return nil, 0, stride{}
	}
	if sp == spaceGeneric {
		switch {
		case end <= sharedWindow:
			sp = spaceGlobal
		case lo >= sharedWindow && end <= sharedWindow+windowSize:
			sh := w.cta.shared
			if end-sharedWindow <= uint64(len(sh)) {
				return sh[lo-sharedWindow : end-sharedWindow], lo, st
			}
			return nil, 0, stride{}
		default:
			return nil, 0, stride{}
		}
	}
	if sp == spaceShared {
		if sh := w.cta.shared; end <= uint64(len(sh)) {
			return sh[lo:end], lo, st
		}
		return nil, 0, stride{}
	}
	g := m.global.find(lo, int(min(end-lo, 1<<30)))
	if g == nil {
		return nil, 0, stride{}
	}
	first, last := lo-g.base, end-1-g.base
	if first>>pageShift != last>>pageShift {
		return nil, 0, stride{}
	}
	k := int(last - first + 1)
	if write {
		return g.mem.write(first, k, m), lo, st
	}
	return g.mem.read(first, k), lo, st
}

// stride is what warpSpan found of a full warp's addresses: lane i at
// the span's first address + i*d (ok); d equal to the access's size is
// the coalesced access of consecutive elements, 0 every lane on one
// address, more a tile's column.
type stride struct {
	d  uint64
	ok bool
}

// seq reports whether lane i accesses the span's bytes [i*n, i*n+n).
func (st stride) seq(n int) bool { return st.ok && st.d == uint64(n) }

// sharedSeq4 is warpSpan's answer for the commonest shared access, a full
// warp's 4-byte one at unit stride inside the CTA's shared memory (a
// reduction's or a tile's row), found with fewer tests and calls (under
// WebAssembly each call costs tens of instructions): the 128 bytes, or nil
// when warpSpan must decide. Only for an op of one 4-byte element whose
// space is .shared.
func (m *Machine) sharedSeq4(w *warp, o *op) *[128]byte {
	if w.mask != fullMask || o.base < 0 || m.record || m.san != nil && m.san.mem {
		return nil
	}
	a, sh := w.reg(o.base), w.cta.shared
	x := a[0] + uint64(o.off)
	if x&3 != 0 || x >= uint64(len(sh)) || uint64(len(sh))-x < 128 || a[1]-a[0] != 4 || a[31]-a[0] != 124 {
		return nil // (lanes 1 and 31 first: a tile's column is refused without a pass over the lanes, which warpSpan then makes)
	}
	if useAVX2 { // fastmem_amd64.go
		if d, ok := strideLanesAVX2(a); !ok || d != 4 {
			return nil
		}
	} else if d, ok := strideLanes(&m.part, a); !ok || d != 4 {
		return nil
	}
	return (*[128]byte)(sh[x:])
}

// sharedLanes4 is, for the shared forms (execLdShared4, execStShared4), a
// partial warp's 4-byte access of one register in the CTA's shared memory
// in one function (a reduction's last rounds): what warpSpan and loadSpan
// or storeSpan do for it, the active lanes in lane order, when every one
// is aligned and in bounds; false, with nothing done, where one is not
// (execLoad or execStore then fault at the first such lane), or for a
// full warp, a recorded step or the sanitizers' memory checks. Under
// WebAssembly warpSpan's and loadSpan's calls and tests cost about 1,400
// V8 instructions a call in reduce's last rounds (docs/benchmarks.md,
// session 15).
func (m *Machine) sharedLanes4(w *warp, o *op, store bool) bool {
	if w.mask == fullMask || m.record || m.san != nil && m.san.mem {
		return false
	}
	a, sh, off := &w.regs[o.base], w.cta.shared, uint64(o.off)
	if len(sh) < 4 {
		return false
	}
	last := uint64(len(sh) - 4)
	for mk := uint64(w.mask); mk != 0; mk &= mk - 1 {
		if x := a[bits.TrailingZeros64(mk)&31] + off; x&3 != 0 || x > last {
			return false
		}
	}
	if store {
		v := &w.regs[o.ra]
		for mk := uint64(w.mask); mk != 0; mk &= mk - 1 {
			i := bits.TrailingZeros64(mk) & 31
			binary.LittleEndian.PutUint32(sh[a[i]+off:], uint32(v[i]))
		}
		return true
	}
	d := &w.regs[o.d1]
	for mk := uint64(w.mask); mk != 0; mk &= mk - 1 {
		i := bits.TrailingZeros64(mk) & 31
		d[i] = uint64(binary.LittleEndian.Uint32(sh[a[i]+off:]))
	}
	return true
}

// globalSeq4 is warpSpan's answer for the commonest global access, a
// full warp's 4-byte one at unit stride inside one page of one buffer
// (vector add's loads and store, a tile's rows), found with fewer tests
// and calls: the 128 bytes (the machine's own page for a write, as
// warpSpan's), or nil when warpSpan must decide. Only for an op of one
// 4-byte element whose space is .global.
func (m *Machine) globalSeq4(w *warp, o *op, write bool) *[128]byte {
	if w.mask != fullMask || o.base < 0 || m.record || m.san != nil && m.san.mem {
		return nil
	}
	a := w.reg(o.base)
	x := a[0] + uint64(o.off)
	if x&3 != 0 || x > ^uint64(0)-128 || a[1]-a[0] != 4 || a[31]-a[0] != 124 {
		return nil
	}
	if useAVX2 { // fastmem_amd64.go
		if d, ok := strideLanesAVX2(a); !ok || d != 4 {
			return nil
		}
	} else if d, ok := strideLanes(&m.part, a); !ok || d != 4 {
		return nil
	}
	return m.globalPage4(x, write)
}

// globalPage4 is globalSeq4's answer once the lanes are found to step by 4
// from x (aligned, x+128 not past the top of the address space): the 128
// bytes at x inside one page of one buffer (the machine's own page for a
// write), or nil.
func (m *Machine) globalPage4(x uint64, write bool) *[128]byte {
	// The buffer: a launch's few scanned here (one kernel's accesses
	// take turns between them, so find's last one seldom is the one),
	// more by find.
	g := &m.global
	var b *buffer
	if len(g.spans) <= 8 {
		for i, s := range g.spans {
			if x >= s.base && x+128 <= s.end {
				b = g.bufs[i]
				break
			}
		}
	} else {
		b = g.find(x, 128)
	}
	if b == nil {
		return nil
	}
	off := x - b.base
	if off&pageMask > pageSize-128 {
		return nil // across two pages
	}
	p := b.mem.pages[off>>pageShift]
	if write {
		if p == nil || p.owner != m.epoch {
			p = b.mem.own(int(off>>pageShift), m)
		}
	} else if p == nil {
		return (*[128]byte)(zeroPage[off&pageMask:])
	}
	return (*[128]byte)(p.b[off&pageMask:])
}

// loadSpan is execLoad's lane loop over a warp span b starting at address
// lo (st: see warpSpan).
func loadSpan(w *warp, o *op, b []byte, lo uint64, st stride) {
	a, off := w.reg(o.base), uint64(o.off)-lo
	n := int(o.size)
	if len(o.d) == 1 && !o.signed {
		d := dst(w, o, 0)
		switch n {
		case 4:
			switch {
			case st.seq(4):
				if useAVX2 {
					loadSeq4AVX2(d, (*[4 * 32]byte)(b))
				} else {
					loadSeq4(d, (*[4 * 32]byte)(b))
				}
			case st.ok && hostLE:
				loadStride4(d, b, st.d)
			case w.mask == ^uint32(0):
				loadGather4(d, a, b, off)
			default:
				for mk := w.mask; mk != 0; mk &= mk - 1 {
					i := bits.TrailingZeros32(mk) & 31
					d[i] = uint64(binary.LittleEndian.Uint32(b[a[i]+off:]))
				}
			}
			return
		case 8:
			switch {
			case st.seq(8):
				loadSeq8(d, (*[8 * 32]byte)(b))
			case st.ok && hostLE:
				loadStride8(d, b, st.d)
			case w.mask == ^uint32(0):
				loadGather8(d, a, b, off)
			default:
				for mk := w.mask; mk != 0; mk &= mk - 1 {
					i := bits.TrailingZeros32(mk) & 31
					d[i] = binary.LittleEndian.Uint64(b[a[i]+off:])
				}
			}
			return
		}
	}
	for mk := w.mask; mk != 0; mk &= mk - 1 {
		i := bits.TrailingZeros32(mk) & 31
		p := b[a[i]+off:]
		for k := range o.d {
			v := load(p[k*n : k*n+n])
			if o.signed && n < 8 {
				sh := 64 - 8*uint(n)
				v = uint64(int64(v<<sh)>>sh) & o.aux
			}
			dst(w, o, k)[i] = v
		}
	}
}

// storeSpan is execStore's lane loop over a warp span b starting at
// address lo, in lane order (the last lane on an address wins; st: see
// warpSpan).
func storeSpan(w *warp, o *op, b []byte, lo uint64, st stride) {
	a, off := w.reg(o.base), uint64(o.off)-lo
	n := int(o.size)
	if len(o.s) == 1 && n == 4 {
		v := src(w, o, 0)
		switch {
		case st.seq(4):
			if useAVX2 {
				storeSeq4AVX2((*[4 * 32]byte)(b), v)
			} else {
				storeSeq4((*[4 * 32]byte)(b), v)
			}
		case st.ok && hostLE:
			storeStride4(b, v, st.d)
		case w.mask == ^uint32(0):
			storeScatter4(b, a, v, off)
		default:
			for mk := w.mask; mk != 0; mk &= mk - 1 {
				i := bits.TrailingZeros32(mk) & 31
				binary.LittleEndian.PutUint32(b[a[i]+off:], uint32(v[i]))
			}
		}
		return
	}
	if len(o.s) == 1 && n == 8 {
		v := src(w, o, 0)
		switch {
		case st.seq(8):
			storeSeq8((*[8 * 32]byte)(b), v)
		case st.ok && hostLE:
			storeStride8(b, v, st.d)
		case w.mask == ^uint32(0):
			storeScatter8(b, a, v, off)
		default:
			for mk := w.mask; mk != 0; mk &= mk - 1 {
				i := bits.TrailingZeros32(mk) & 31
				binary.LittleEndian.PutUint64(b[a[i]+off:], v[i])
			}
		}
		return
	}
	for mk := w.mask; mk != 0; mk &= mk - 1 {
		i := bits.TrailingZeros32(mk) & 31
		p := b[a[i]+off:]
		for k := range o.s {
			store(p[k*n:k*n+n], src(w, o, k)[i])
		}
	}
}

// The strided full-warp loops (a tile's column, one address for every
// lane): lane i at b[i*st:], b the span from lane 0's first byte to lane
// 31's last (warpSpan), so one bounds check, the last lane's, covers all;
// the lanes' addresses come from the stride, not from their registers,
// and their words are read and written in place on a little-endian host
// (hostLE: the callers take the gather and scatter loops elsewhere).
// Stores go in lane order, so on one address the last lane wins. The
// lanes' offset is counted up by the stride, four lanes a step, not
// multiplied a lane (no pointer is made past lane 31's).

func loadStride4(d *[32]uint64, b []byte, st uint64) {
	_ = b[31*st+3] // st <= 2^32: no overflow
	p := unsafe.Pointer(unsafe.SliceData(b))
	x := uint64(0)
	for i := 0; i < 32; i += 4 {
		d[i] = uint64(*(*uint32)(unsafe.Add(p, x)))
		d[i+1] = uint64(*(*uint32)(unsafe.Add(p, x+st)))
		d[i+2] = uint64(*(*uint32)(unsafe.Add(p, x+2*st)))
		d[i+3] = uint64(*(*uint32)(unsafe.Add(p, x+3*st)))
		x += 4 * st
	}
}

func loadStride8(d *[32]uint64, b []byte, st uint64) {
	_ = b[31*st+7]
	p := unsafe.Pointer(unsafe.SliceData(b))
	x := uint64(0)
	for i := 0; i < 32; i += 4 {
		d[i] = *(*uint64)(unsafe.Add(p, x))
		d[i+1] = *(*uint64)(unsafe.Add(p, x+st))
		d[i+2] = *(*uint64)(unsafe.Add(p, x+2*st))
		d[i+3] = *(*uint64)(unsafe.Add(p, x+3*st))
		x += 4 * st
	}
}

func storeStride4(b []byte, v *[32]uint64, st uint64) {
	_ = b[31*st+3]
	p := unsafe.Pointer(unsafe.SliceData(b))
	x := uint64(0)
	for i := 0; i < 32; i += 4 {
		*(*uint32)(unsafe.Add(p, x)) = uint32(v[i])
		*(*uint32)(unsafe.Add(p, x+st)) = uint32(v[i+1])
		*(*uint32)(unsafe.Add(p, x+2*st)) = uint32(v[i+2])
		*(*uint32)(unsafe.Add(p, x+3*st)) = uint32(v[i+3])
		x += 4 * st
	}
}

func storeStride8(b []byte, v *[32]uint64, st uint64) {
	_ = b[31*st+7]
	p := unsafe.Pointer(unsafe.SliceData(b))
	x := uint64(0)
	for i := 0; i < 32; i += 4 {
		*(*uint64)(unsafe.Add(p, x)) = v[i]
		*(*uint64)(unsafe.Add(p, x+st)) = v[i+1]
		*(*uint64)(unsafe.Add(p, x+2*st)) = v[i+2]
		*(*uint64)(unsafe.Add(p, x+3*st)) = v[i+3]
		x += 4 * st
	}
}
