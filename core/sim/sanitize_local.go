// sanitize_local.go: initcheck of local memory, reported where an
// undefined value is used rather than where it is loaded.
//
// compute-sanitizer's initcheck reports accesses of uninitialised device
// global memory at the access. Local memory needs another rule: C lets a
// program copy a struct whose padding or members it never set (clang at
// -O0 copies such a struct whole through .local, word by word, and passes
// it on in .param), so a load of undefined bytes is no bug in itself. The
// rule here, as MemorySanitizer's:
//   - every byte of a frame's local memory starts undefined; a store
//     defines the bytes it writes, unless the value it stores is itself
//     undefined (then they stay or become undefined);
//   - ld and ldu of local bytes nothing defined mark the destination
//     register of the lane undefined, byte by byte; mov copies that mark
//     to its destination; st stores it (a copy into .param, .shared or
//     .global is no finding and defines what it writes there);
//   - any other instruction reading a register whose every byte is
//     undefined (arithmetic, a comparison, an address, an atomic's
//     operand, a shuffle) is a finding, at that instruction's line, with
//     the load as its other side. A value with some defined bytes (a
//     field read together with the padding beside it) is not reported.
//
// A register's mark is cleared when anything writes it. Values that pass
// through .param (a call's arguments and results) or through another
// thread's memory lose the mark: initcheck can miss a use, never invent
// one.

package sim

import (
	"fmt"
	"math/bits"
)

// sanFrame is the initcheck state of one frame of a warp: the defined
// bits of its local memory (lane*localSize + offset, as frame.local) and
// its registers holding undefined bytes.
type sanFrame struct {
	f    *frame
	init map[uint64]*[pageSize / 64]uint64 // defined bits, by page of the frame's local memory
	rows map[int32]*undefRow               // value slot -> lanes holding undefined bytes
}

// undefRow is a register's undefined bytes in each lane.
type undefRow struct {
	lanes uint32
	lane  [32]undefVal
}

// undefVal says which bytes of a lane's value are undefined and where
// they were loaded.
type undefVal struct {
	mask uint16 // undefined bytes of the value (bit i: byte i)
	size uint8  // bytes the load gave
	col  uint16
	line int32
	step int64
	addr uint64
}

// frameOf returns the initcheck state of w's frame at depth d, made
// fresh when the frame there is another than the one it described.
func (s *sanitizer) frameOf(m *Machine, w *warp, d int) *sanFrame {
	sw := s.warp(m, w)
	for len(sw.frames) <= d {
		sw.frames = append(sw.frames, nil)
	}
	sf := sw.frames[d]
	if sf == nil || sf.f != w.frames[d] {
		if sf != nil {
			s.undefRows -= len(sf.rows)
		}
		sf = &sanFrame{f: w.frames[d], init: map[uint64]*[pageSize / 64]uint64{}, rows: map[int32]*undefRow{}}
		sw.frames[d] = sf
	}
	return sf
}

// localAccess is initcheck's hook for lane's access of n bytes at addr
// in local memory.
func (s *sanitizer) localAccess(m *Machine, w *warp, o *op, lane int, addr uint64, n int, write bool) {
	d := -1
	var off uint64
	for i := len(w.frames) - 1; i >= 0; i-- {
		f := w.frames[i]
		size := uint64(f.fn.localSize)
		if rel := addr - f.localBase; addr >= f.localBase && rel+uint64(n) <= size {
			d, off = i, uint64(lane)*size+rel
			break
		}
	}
	if d < 0 {
		return // the access faults
	}
	sf := s.frameOf(m, w, d)
	name := ""
	if o.inst != nil {
		name = o.inst.Entry.Name
	}
	top := s.frameOf(m, w, len(w.frames)-1)
	esz := int(o.size)
	if write {
		if name != "st" || esz == 0 || n != esz*len(o.s) {
			sf.define(off, n, 0)
			return
		}
		for k, slot := range o.s {
			var undef uint16
			if r := top.rows[slot]; r != nil && r.lanes>>lane&1 != 0 {
				undef = r.lane[lane].mask
			}
			sf.define(off+uint64(k*esz), esz, undef)
		}
		return
	}
	if name != "ld" && name != "ldu" || esz == 0 || esz > 16 || n != esz*len(o.d) {
		return
	}
	for k, slot := range o.d {
		if slot < 0 {
			continue
		}
		mask := sf.undefined(off+uint64(k*esz), esz)
		if mask == 0 {
			continue
		}
		s.setUndef(top, slot, lane, undefVal{mask: mask, size: uint8(esz), line: o.line, col: uint16(o.col),
			step: m.stats.WarpInstructions, addr: addr + uint64(k*esz)})
	}
}

// define sets the defined bits of n bytes at off, but those of undef
// (bit i: byte i), which it clears.
func (sf *sanFrame) define(off uint64, n int, undef uint16) {
	for i := 0; i < n; i++ {
		a := off + uint64(i)
		p := sf.init[a>>pageShift]
		if p == nil {
			if undef>>i&1 != 0 {
				continue
			}
			p = new([pageSize / 64]uint64)
			sf.init[a>>pageShift] = p
		}
		b := a & pageMask
		if i < 16 && undef>>i&1 != 0 {
			p[b>>6] &^= 1 << (b & 63)
		} else {
			p[b>>6] |= 1 << (b & 63)
		}
	}
}

// undefined returns the bytes of the n at off that nothing defined.
func (sf *sanFrame) undefined(off uint64, n int) uint16 {
	var mask uint16
	for i := 0; i < n; i++ {
		a := off + uint64(i)
		p := sf.init[a>>pageShift]
		b := a & pageMask
		if p == nil || p[b>>6]>>(b&63)&1 == 0 {
			mask |= 1 << i
		}
	}
	return mask
}

func (s *sanitizer) setUndef(sf *sanFrame, slot int32, lane int, v undefVal) {
	r := sf.rows[slot]
	if r == nil {
		r = new(undefRow)
		sf.rows[slot] = r
		s.undefRows++
	}
	r.lanes |= 1 << lane
	r.lane[lane] = v
}

// clearUndef forgets the undefined bytes of slot in lanes.
func (s *sanitizer) clearUndef(sf *sanFrame, slot int32, lanes uint32) {
	if r := sf.rows[slot]; r != nil {
		if r.lanes &^= lanes; r.lanes == 0 {
			delete(sf.rows, slot)
			s.undefRows--
		}
	}
}

// regUse runs before o executes on the lanes w.mask while some register
// holds undefined bytes (the issue loop calls it): it reports the uses
// of fully undefined values, lets mov copy the marks, and clears the
// marks of the registers o writes (a load then marks them anew).
func (s *sanitizer) regUse(m *Machine, w *warp, o *op) {
	sf := s.frameOf(m, w, len(w.frames)-1)
	if len(sf.rows) == 0 || o.inst == nil {
		return
	}
	mask := w.mask
	name := o.inst.Entry.Name
	if name == "mov" && len(o.s) == 1 && len(o.d) == 1 {
		src, dst := sf.rows[o.s[0]], o.d[0]
		if dst < 0 {
			return
		}
		keep := uint32(0)
		if src != nil {
			keep = src.lanes & mask
		}
		s.clearUndef(sf, dst, mask&^keep)
		for l := keep; l != 0; l &= l - 1 {
			lane := bits.TrailingZeros32(l)
			s.setUndef(sf, dst, lane, sf.rows[o.s[0]].lane[lane])
		}
		return
	}
	if o.base >= 0 {
		s.checkUse(m, w, o, sf, o.base, mask)
	}
	if name != "st" { // st's values are stored, with their marks (localAccess)
		for _, slot := range o.s {
			s.checkUse(m, w, o, sf, slot, mask)
		}
	}
	for _, slot := range o.d {
		if slot >= 0 {
			s.clearUndef(sf, slot, mask)
		}
	}
}

// checkUse reports the lanes of mask in which o reads slot holding a
// fully undefined value.
func (s *sanitizer) checkUse(m *Machine, w *warp, o *op, sf *sanFrame, slot int32, mask uint32) {
	r := sf.rows[slot]
	if r == nil || r.lanes&mask == 0 {
		return
	}
	for l := r.lanes & mask; l != 0; l &= l - 1 {
		lane := bits.TrailingZeros32(l)
		v := r.lane[lane]
		if v.mask != 1<<v.size-1 {
			continue
		}
		me := s.me(m, w, o, lane)
		me.Access = "use"
		other := me
		other.Line, other.Col, other.Step, other.Access = int(v.line), int(v.col), v.step, "read"
		s.report(Hazard{Kind: "init", HazardAccess: me, Space: "local", Addr: v.addr, Size: int(v.size), Other: &other,
			Message: fmt.Sprintf("use of uninitialised local [0x%x] (%d bytes) by thread %s of CTA %s: %s reads the value the load at %d:%d took from bytes nothing wrote (copying such bytes is allowed; using them is not)",
				v.addr, v.size, tup(me.Thread), tup(me.CTA), opName(o), v.line, v.col)})
	}
}
