// mem.go: the memory spaces, the generic address map and checked accesses.

package sim

import (
	"encoding/binary"
	"fmt"
	"sort"
)

type space uint8

const (
	spaceGeneric space = iota
	spaceGlobal
	spaceShared
	spaceLocal
	spaceConst
	spaceParam // kernel parameters (read-only, shared by all threads)
	spaceFrameParam
	spaceSharedCluster // distributed shared memory: a shared::cluster address (cluster.go)
)

func (s space) String() string {
	return [...]string{"generic", "global", "shared", "local", "const", "param", "param", "shared::cluster"}[s]
}

// The generic address map. Global addresses are generic addresses (as on
// the GPU, cvta.global is the identity); the other spaces have windows.
// Everything fits in 32 bits so that .address_size 32 modules work too.
const (
	globalBase   = 0x1000_0000
	globalLimit  = 0xC000_0000
	sharedWindow = 0xC000_0000
	localWindow  = 0xD000_0000
	constWindow  = 0xE000_0000
	paramWindow  = 0xF000_0000
	windowSize   = 0x0100_0000
)

// buffer is one allocation in global memory.
type buffer struct {
	name string
	base uint64
	mem  pagedMem
}

func (b *buffer) end() uint64 { return b.base + uint64(b.mem.size) }

// globalMem holds the launch's buffers and the module's .global variables.
type globalMem struct {
	bufs  []*buffer // sorted by base
	spans []bufSpan // bufs[i]'s addresses, for find's scan (no load through a pointer a buffer)
	next  uint64
	last  int // the index of the buffer find returned last: an index, not a pointer, so that setting it costs no write barrier while the collector marks
}

// bufSpan is a buffer's addresses, [base, end).
type bufSpan struct{ base, end uint64 }

func (g *globalMem) alloc(name string, size int) *buffer {
	if g.next == 0 {
		g.next = globalBase
	}
	b := &buffer{name: name, base: g.next, mem: newPagedMem(size)}
	g.next += uint64((size + 255) &^ 255)
	if size == 0 {
		g.next += 256
	}
	g.bufs = append(g.bufs, b)
	g.spans = append(g.spans, bufSpan{b.base, b.end()})
	return b
}

// find returns the buffer holding [addr, addr+n), or nil.
func (g *globalMem) find(addr uint64, n int) *buffer {
	end := addr + uint64(n)
	if i := g.last; i < len(g.spans) {
		if s := g.spans[i]; addr >= s.base && end <= s.end {
			return g.bufs[i]
		}
	}
	if len(g.spans) <= 8 { // a launch's few buffers: a scan beats a search
		for i, s := range g.spans {
			if addr >= s.base && end <= s.end {
				g.last = i
				return g.bufs[i]
			}
		}
		return nil
	}
	i := sort.Search(len(g.spans), func(i int) bool { return g.spans[i].end > addr })
	if i < len(g.spans) {
		if s := g.spans[i]; addr >= s.base && end <= s.end {
			g.last = i
			return g.bufs[i]
		}
	}
	return nil
}

// Fault is a memory or execution error at a lane.
type Fault struct {
	Msg  string
	Line int
	Col  int
	CTA  [3]uint32
	Warp int
	Lane int
}

func (f *Fault) Error() string { return f.Msg }

// resolve maps an address in space sp for lane of warp w to the byte slice
// holding it, for writing when write is set. A nil slice with a message
// means a fault.
func (m *Machine) resolve(w *warp, lane int, sp space, addr uint64, n int, write bool) ([]byte, string) {
	switch sp {
	case spaceGeneric:
		rs, ra := genericToSpace(addr)
		return m.resolve(w, lane, rs, ra, n, write)
	case spaceGlobal:
		if b := m.global.find(addr, n); b != nil {
			o := addr - b.base
			// The common case inline: a page that exists and, for a
			// write, is this machine's own.
			if p := b.mem.pages[o>>pageShift]; p != nil && (!write || p.owner == m.epoch) {
				if off := o & pageMask; off+uint64(n) <= uint64(len(p.b)) {
					return p.b[off : off+uint64(n)], ""
				}
			}
			return pagedSpan(&b.mem, o, n, write, m)
		}
		if addr < 4096 {
			return nil, "out of bounds of every global buffer (a null pointer?)"
		}
		return nil, "out of bounds of every global buffer"
	case spaceShared:
		sh := w.cta.shared
		if addr+uint64(n) <= uint64(len(sh)) && addr < uint64(len(sh)) {
			return sh[addr : addr+uint64(n)], ""
		}
		msg := fmt.Sprintf("outside the CTA's %d bytes of shared memory", len(sh))
		if m.prog.dynShared && m.launch.SharedMem == 0 {
			msg += ` (the kernel uses dynamic shared memory: set "shared_mem" in the launch)`
		}
		return nil, msg
	case spaceSharedCluster:
		return m.resolveCluster(w, addr, n)
	case spaceLocal:
		// Each frame owns [localBase, localBase+localSize) of the thread's
		// local space, so pointers into a caller's frame stay valid.
		for i := len(w.frames) - 1; i >= 0; i-- {
			f := w.frames[i]
			size := uint64(f.fn.localSize)
			if rel := addr - f.localBase; addr >= f.localBase && rel+uint64(n) <= size {
				return pagedSpan(&f.local, uint64(lane)*size+rel, n, write, m)
			}
		}
		return nil, "outside the thread's local memory"
	case spaceConst:
		c := m.prog.constMem
		if addr+uint64(n) <= uint64(len(c)) && addr < uint64(len(c)) {
			return c[addr : addr+uint64(n)], ""
		}
		return nil, fmt.Sprintf("outside the %d bytes of constant memory", len(c))
	case spaceParam:
		p := m.params
		if addr+uint64(n) <= uint64(len(p)) && addr < uint64(len(p)) {
			return p[addr : addr+uint64(n)], ""
		}
		return nil, fmt.Sprintf("outside the %d bytes of kernel parameters", len(p))
	case spaceFrameParam:
		f := w.top()
		size := uint64(f.fn.paramSize)
		if addr+uint64(n) <= size && addr < size {
			o := uint64(lane)*size + addr
			return f.param[o : o+uint64(n)], ""
		}
		return nil, fmt.Sprintf("outside the function's %d bytes of parameters", size)
	}
	return nil, "bad state space"
}

// access checks and returns the bytes for one lane's access, recording a
// fault on the machine when it fails.
func (m *Machine) access(w *warp, o *op, lane int, sp space, addr uint64, n int, write bool) []byte {
	if n > 1 && misaligned(addr, n) {
		m.raise(w, o, lane, fmt.Sprintf("misaligned %d-byte %s of %s address 0x%x", n, rw(write), sp, addr))
		return nil
	}
	b, msg := m.resolve(w, lane, sp, addr, n, write)
	if b == nil {
		m.raise(w, o, lane, fmt.Sprintf("%d-byte %s of %s address 0x%x %s", n, rw(write), sp, addr, msg))
		return nil
	}
	if m.record {
		m.recordAccess(w, lane, sp, addr, n, write)
	}
	if m.san != nil && m.san.mem {
		m.san.access(m, w, o, lane, sp, addr, n, write)
	}
	if write && (sp == spaceConst || sp == spaceParam || (sp == spaceGeneric && addr >= constWindow && addr < paramWindow+windowSize)) {
		m.raise(w, o, lane, fmt.Sprintf("write to read-only %s address 0x%x", sp, addr))
		return nil
	}
	return b
}

// paramBytes is access's answer for a load of n bytes at address addr of
// the kernel's parameters when the load is aligned and in bounds (nor
// recorded nor sanitized: its caller's test), or nil: then access decides,
// its faults included.
func (m *Machine) paramBytes(addr uint64, n int) []byte {
	p := m.params
	if n&(n-1) != 0 || addr&uint64(n-1) != 0 || addr >= uint64(len(p)) || uint64(len(p))-addr < uint64(n) {
		return nil
	}
	return p[addr : addr+uint64(n)]
}

// misaligned reports whether addr is not a multiple of n (access sizes are
// powers of two: a mask, not a division, on the hot path).
func misaligned(addr uint64, n int) bool {
	if n&(n-1) == 0 {
		return addr&uint64(n-1) != 0
	}
	return addr%uint64(n) != 0
}

// pagedSpan returns the n bytes at offset o of pm, for writing when write
// is set. Aligned accesses never cross a page (see pagedMem).
func pagedSpan(pm *pagedMem, o uint64, n int, write bool, m *Machine) ([]byte, string) {
	if o&pageMask+uint64(n) > pageSize {
		return nil, "crosses a page of the simulator's memory"
	}
	if write {
		return pm.write(o, n, m), ""
	}
	return pm.read(o, n), ""
}

func rw(write bool) string {
	if write {
		return "store"
	}
	return "load"
}

func load(b []byte) uint64 {
	switch len(b) {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	case 8:
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

func store(b []byte, v uint64) {
	switch len(b) {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	case 8:
		binary.LittleEndian.PutUint64(b, v)
	}
}

// recordAccess notes an access for the debugger's last-step view.
func (m *Machine) recordAccess(w *warp, lane int, sp space, addr uint64, n int, write bool) {
	m.lastAccess = append(m.lastAccess, laneAccess{lane: lane, space: sp, addr: addr, size: n, write: write})
	if !write {
		return
	}
	rs, ra := sp, addr
	if sp == spaceGeneric {
		rs, ra = genericToSpace(addr)
	}
	ci := w.cta.index
	if rs == spaceSharedCluster {
		if t, off, _ := m.sharedTarget(w.cta, ra); t != nil {
			rs, ra, ci = spaceShared, off, t.index
		}
	}
	m.lastWrites = append(m.lastWrites, memWrite{space: rs, addr: ra, size: n, lane: lane, warp: w.id, cta: ci})
}

// genericToSpace splits a generic address into its space and the address
// within it.
func genericToSpace(addr uint64) (space, uint64) {
	switch {
	case addr >= sharedWindow && addr < sharedWindow+ClusterSlot:
		return spaceShared, addr - sharedWindow
	case addr >= sharedWindow && addr < sharedWindow+windowSize:
		return spaceSharedCluster, addr - sharedWindow
	case addr >= localWindow && addr < localWindow+windowSize:
		return spaceLocal, addr - localWindow
	case addr >= constWindow && addr < constWindow+windowSize:
		return spaceConst, addr - constWindow
	case addr >= paramWindow && addr < paramWindow+windowSize:
		return spaceParam, addr - paramWindow
	}
	return spaceGlobal, addr
}
