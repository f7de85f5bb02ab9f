// tmem.go: Blackwell's tensor memory (PTX ISA §9.7.17.7) and its
// allocation: tcgen05.alloc, tcgen05.dealloc, tcgen05.relinquish_alloc_permit.
//
// Each CTA has 128 lanes x 512 columns of 32-bit cells. A TMEM address is
// a 32-bit value with the lane in bits 31-16 and the column in bits 15-0
// (§9.7.17.6.1). The cells are part of the CTA's state: a checkpoint copies
// them with the shared memory (clone.go), so step back restores them. The
// cells are made on the CTA's first tcgen05.alloc; a CTA that never
// allocates carries none.
//
// Allocation (§9.7.17.7.1) is by columns: nCols is a power of two from 32
// to 512, the columns are taken from the lowest free run that starts at a
// multiple of nCols (so allocations never straddle and a freed run is
// whole again), and the address (lane 0, the first column) is written to
// the shared-memory word [dst]. The instructions are warp-collective
// (.sync.aligned: every lane executes them, with the same operands: lane
// 0's are used). On hardware a request that cannot be met blocks until
// columns are freed; ptxplay stops the run with a fault naming who holds
// the columns instead (within one CTA nothing else frees them while the
// warp waits in the programs this is for). tcgen05.dealloc frees exactly
// a run that tcgen05.alloc returned; after relinquish_alloc_permit the CTA
// may not allocate again. A CTA whose last warp exits with columns still
// allocated stops the run with a fault naming the tcgen05.alloc (the ISA
// requires every allocation freed before the kernel exits).
//
// Access rule (§9.7.17.6.2): warp w of a warpgroup (w = warp id mod 4)
// reaches lanes 32w to 32w+31 only; tcgen05.ld/st outside them, or on
// columns no allocation holds, stop the run with a fault naming the warp.
package sim

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
)

// Tensor memory geometry (§9.7.17.6).
const (
	TmemLanes = 128
	TmemCols  = 512
)

// tmemAlloc is one run of allocated columns.
type tmemAlloc struct {
	col, n int   // first column and count
	warp   int   // the warp that allocated it
	line   int32 // the tcgen05.alloc
	pos    int32 // its column in the source line
}

// tmemState is a CTA's tensor memory.
type tmemState struct {
	cells        []uint32    // lane-major: cells[lane*TmemCols+col]
	allocs       []tmemAlloc // by column
	relinquished bool
	mma          *TmemMMAView // the last tcgen05.mma's accumulator tile, for the view
	mmaStep      int64        // the step (warp instructions so far) that made mma
}

// tmemNote is the decoded descriptor of a tcgen05.mma the last step
// issued, for the trace; "" otherwise.
func (m *Machine) tmemNote() string {
	c := m.cur
	if c == nil || c.tmem == nil || c.tmem.mma == nil || c.tmem.mmaStep != m.stats.WarpInstructions {
		return ""
	}
	return "tcgen05.mma: " + c.tmem.mma.Desc
}

func (t *tmemState) clone() *tmemState {
	if t == nil {
		return nil
	}
	c := *t
	c.cells = append([]uint32(nil), t.cells...)
	c.allocs = append([]tmemAlloc(nil), t.allocs...)
	return &c
}

func (t *tmemState) at(lane, col int) *uint32 { return &t.cells[lane*TmemCols+col] }

// TmemAddr encodes a TMEM address (lane in bits 31-16, column in 15-0).
func TmemAddr(lane, col int) uint32 { return uint32(lane)<<16 | uint32(col)&0xffff }

// splitTaddr decodes a TMEM address.
func splitTaddr(a uint32) (lane, col int) { return int(a >> 16), int(a & 0xffff) }

// allocated reports whether columns col..col+n-1 all belong to
// allocations, and the first one that does not.
func (t *tmemState) allocated(col, n int) (int, bool) {
	for c := col; c < col+n; c++ {
		if t == nil || t.owner(c) == nil {
			return c, false
		}
	}
	return 0, true
}

func (t *tmemState) owner(col int) *tmemAlloc {
	for i := range t.allocs {
		if a := &t.allocs[i]; col >= a.col && col < a.col+a.n {
			return a
		}
	}
	return nil
}

func (t *tmemState) holders() string {
	var s []string
	for _, a := range t.allocs {
		s = append(s, fmt.Sprintf("columns %d-%d by warp %d (line %d)", a.col, a.col+a.n-1, a.warp, a.line))
	}
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

// tmemOp is a lowered alloc, dealloc or relinquish.
type tmemOp struct {
	kind     int // 0 alloc, 1 dealloc, 2 relinquish
	name     string
	colsSlot int32
	addrSlot int32 // dealloc's taddr
}

func init() {
	for name, kind := range map[string]int{"tcgen05.alloc": 0, "tcgen05.dealloc": 1, "tcgen05.relinquish_alloc_permit": 2} {
		lowerers[name] = func(l *lowering, in *check.Inst, o *op) error { return lowerTmemAlloc(l, in, o, kind) }
	}
}

// ctaGroup1 refuses .cta_group::2, which needs a CTA pair.
func ctaGroup1(in *check.Inst) error {
	if hasMod(in, ".cta_group::2") != "" {
		return fmt.Errorf("%s.cta_group::2 (a pair of CTAs sharing tensor memory) is not simulated yet", in.Entry.Name)
	}
	return nil
}

func lowerTmemAlloc(l *lowering, in *check.Inst, o *op, kind int) error {
	if err := ctaGroup1(in); err != nil {
		return err
	}
	t := &tmemOp{kind: kind, name: in.Entry.Name, colsSlot: -1, addrSlot: -1}
	switch kind {
	case 0:
		if len(in.Args) != 2 {
			return invalid("tcgen05.alloc: expected [dst], nCols")
		}
		o.space = spaceOf(l, in, o)
		t.colsSlot = l.valueSlot(in.Args[1])
		o.flags |= flagMem
	case 1:
		if len(in.Args) != 2 {
			return invalid("tcgen05.dealloc: expected taddr, nCols")
		}
		t.addrSlot, t.colsSlot = l.valueSlot(in.Args[0]), l.valueSlot(in.Args[1])
	}
	o.exec = func(m *Machine, w *warp, o *op) { m.execTmemAlloc(w, o, t) }
	return nil
}

func (m *Machine) execTmemAlloc(w *warp, o *op, t *tmemOp) {
	if !requireWarp(m, w, o, t.name) {
		return
	}
	c := w.cta
	if c.tmem == nil {
		c.tmem = &tmemState{}
	}
	tm := c.tmem
	switch t.kind {
	case 2:
		tm.relinquished = true
		return
	case 1:
		taddr := uint32(w.reg(t.addrSlot)[0])
		n := int(uint32(w.reg(t.colsSlot)[0]))
		lane, col := splitTaddr(taddr)
		i := sort.Search(len(tm.allocs), func(i int) bool { return tm.allocs[i].col >= col })
		if lane != 0 || i == len(tm.allocs) || tm.allocs[i].col != col || tm.allocs[i].n != n {
			m.raise(w, o, 0, fmt.Sprintf("tcgen05.dealloc: address 0x%08x (lane %d, column %d) with %d columns is not an allocation tcgen05.alloc made (allocated: %s)", taddr, lane, col, n, tm.holders()))
			return
		}
		tm.allocs = append(tm.allocs[:i], tm.allocs[i+1:]...)
		return
	}
	n := int(uint32(w.reg(t.colsSlot)[0]))
	if n < 32 || n > TmemCols || n&(n-1) != 0 {
		m.raise(w, o, 0, fmt.Sprintf("tcgen05.alloc: nCols %d is not a power of two from 32 to 512", n))
		return
	}
	if tm.relinquished {
		m.raise(w, o, 0, "tcgen05.alloc after tcgen05.relinquish_alloc_permit: this CTA gave up its right to allocate tensor memory")
		return
	}
	col := -1
	for s := 0; s+n <= TmemCols; s += n {
		if _, free := tm.free(s, n); free {
			col = s
			break
		}
	}
	if col < 0 {
		m.raise(w, o, 0, fmt.Sprintf("tcgen05.alloc: no run of %d free columns of tensor memory (held: %s); on hardware the warp would wait for a dealloc that never comes", n, tm.holders()))
		return
	}
	// The address goes to shared memory first: a bad [dst] allocates nothing.
	sp, addr := o.space, m.addr(w, o, 0)
	if sp == spaceGeneric {
		sp, addr = genericToSpace(addr)
	}
	if sp != spaceShared || addr+4 > uint64(len(c.shared)) || addr%4 != 0 {
		m.raise(w, o, 0, fmt.Sprintf("tcgen05.alloc: [dst] 0x%x is not a 4-byte aligned word of the CTA's %d bytes of shared memory", m.addr(w, o, 0), len(c.shared)))
		return
	}
	if tm.cells == nil {
		tm.cells = make([]uint32, TmemLanes*TmemCols)
	}
	i := sort.Search(len(tm.allocs), func(i int) bool { return tm.allocs[i].col >= col })
	tm.allocs = append(tm.allocs, tmemAlloc{})
	copy(tm.allocs[i+1:], tm.allocs[i:])
	tm.allocs[i] = tmemAlloc{col: col, n: n, warp: w.id, line: o.line, pos: o.col}
	binary.LittleEndian.PutUint32(c.shared[addr:], TmemAddr(0, col))
	if m.san != nil {
		m.san.wroteShared(m, c, addr, 4) // sanitize_mbar.go
	}
	if m.record {
		m.lastWrites = append(m.lastWrites, memWrite{space: spaceShared, addr: addr, size: 4, lane: 0, warp: w.id, cta: c.index})
	}
}

// free reports whether columns col..col+n-1 are all unallocated.
func (t *tmemState) free(col, n int) (int, bool) {
	for _, a := range t.allocs {
		if a.col < col+n && col < a.col+a.n {
			return a.col, false
		}
	}
	return 0, true
}

// tmemLeak is the fault of a CTA whose last warp exits with tensor memory
// still allocated, or nil.
func (m *Machine) tmemLeak(c *cta) *Fault {
	if c.tmem == nil || len(c.tmem.allocs) == 0 {
		return nil
	}
	a := c.tmem.allocs[0]
	f := &Fault{Line: int(a.line), Col: int(a.pos), CTA: c.id, Warp: a.warp}
	f.Msg = fmt.Sprintf("CTA (%d,%d,%d) exits with tensor memory still allocated: %s; tcgen05.dealloc every allocation before the kernel exits", c.id[0], c.id[1], c.id[2], c.tmem.holders())
	return f
}

// tmemReach checks that warp w may access lanes lane..lane+nl-1 and
// columns col..col+nc-1, raising a fault when not.
func (m *Machine) tmemReach(w *warp, o *op, name string, taddr uint32, nl, nc int) bool {
	lane, col := splitTaddr(taddr)
	q := w.id % 4
	if lane < 32*q || lane+nl > 32*q+32 {
		m.raise(w, o, 0, fmt.Sprintf("%s: warp %d (warp %d of its warpgroup) reaches TMEM lanes %d-%d only, but address 0x%08x asks for lanes %d-%d", name, w.id, q, 32*q, 32*q+31, taddr, lane, lane+nl-1))
		return false
	}
	if col+nc > TmemCols {
		m.raise(w, o, 0, fmt.Sprintf("%s: columns %d-%d run past the %d columns of tensor memory (address 0x%08x)", name, col, col+nc-1, TmemCols, taddr))
		return false
	}
	if bad, ok := w.cta.tmem.allocated(col, nc); !ok {
		held := "none"
		if w.cta.tmem != nil {
			held = w.cta.tmem.holders()
		}
		m.raise(w, o, 0, fmt.Sprintf("%s: TMEM column %d (address 0x%08x) is not allocated (allocated: %s)", name, bad, taddr, held))
		return false
	}
	return true
}

// TmemAllocView is one allocated run of columns, for the views.
type TmemAllocView struct {
	Col  int `json:"col"`
	N    int `json:"n"`
	Warp int `json:"warp"`
	Line int `json:"line"`
}

// TmemMMAView is the accumulator tile of the CTA's last tcgen05.mma.
type TmemMMAView struct {
	Line  int      `json:"line"`
	Desc  string   `json:"desc"` // the decoded instruction descriptor
	Lane  int      `json:"lane"` // first lane and column of D
	Col   int      `json:"col"`
	M     int      `json:"m"`
	N     int      `json:"n"`
	Cells []string `json:"cells"` // M x N values, row-major, formatted
}

// TmemView is a CTA's tensor memory, for the views.
type TmemView struct {
	Allocs       []TmemAllocView `json:"allocs"`
	Relinquished bool            `json:"relinquished,omitempty"`
	MMA          *TmemMMAView    `json:"mma,omitempty"`
}

func tmemView(c *cta) *TmemView {
	if c == nil || c.tmem == nil {
		return nil
	}
	v := &TmemView{Relinquished: c.tmem.relinquished, MMA: c.tmem.mma, Allocs: []TmemAllocView{}}
	for _, a := range c.tmem.allocs {
		v.Allocs = append(v.Allocs, TmemAllocView{Col: a.col, N: a.n, Warp: a.warp, Line: int(a.line)})
	}
	return v
}

// TmemCell reads one cell of the tensor memory of the CTA at start
// position pos (false when it has none, or is gone).
func (m *Machine) TmemCell(pos, lane, col int) (uint32, bool) {
	if pos < 0 || pos >= len(m.ctas) {
		return 0, false
	}
	c := m.ctas[pos]
	if c == nil || c.tmem == nil || c.tmem.cells == nil || lane < 0 || lane >= TmemLanes || col < 0 || col >= TmemCols {
		return 0, false
	}
	return *c.tmem.at(lane, col), true
}
