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
// .cta_group::2 (§9.7.17.5): the two CTAs of a cluster whose
// %cluster_ctarank differs in bit 0 only form a CTA pair. A .cta_group::2
// alloc, dealloc or relinquish is performed by one warp in each CTA of the
// pair together: the first to arrive waits (shown as a barrier) for the
// other; an allocation takes the same columns in both CTAs' tensor memory
// and writes the address to each warp's own [dst]. Every tcgen05
// instruction of a kernel must name the same .cta_group (the first one a
// launch executes fixes it; another stops the run naming both lines).
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
	mma          *TmemMMAView    // the last tcgen05.mma's accumulator tile, for the view
	mmaStep      int64           // the step (warp instructions so far) that made mma
	coll         [4]*tcCollector // tcgen05.mma.ws's B collector buffers b0-b3 (tcgen05_mma.go)
	collA        *tcCollector    // tcgen05.mma's A collector buffer
	descs        []tcDescSeen    // the descriptor each tcgen05.mma line last ran with (tcgen05_desc.go)
}

// tmemNote is the decoded descriptor of a tcgen05.mma the last step
// issued, for the trace; "" otherwise.
func (m *Machine) tmemNote() string {
	c := m.cur
	if c == nil || c.tmem == nil || c.tmem.mma == nil || c.tmem.mmaStep != m.stats.WarpInstructions {
		return ""
	}
	return fmt.Sprintf("tcgen05.mma idesc 0x%08x: %s", c.tmem.mma.Idesc, c.tmem.mma.Desc)
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
	pair     bool // .cta_group::2
	colsSlot int32
	addrSlot int32 // dealloc's taddr
}

func init() {
	for name, kind := range map[string]int{"tcgen05.alloc": 0, "tcgen05.dealloc": 1, "tcgen05.relinquish_alloc_permit": 2} {
		lowerers[name] = func(l *lowering, in *check.Inst, o *op) error { return lowerTmemAlloc(l, in, o, kind) }
	}
}

// ctaGroupOf is 2 for .cta_group::2, else 1.
func ctaGroupOf(in *check.Inst) int {
	if hasMod(in, ".cta_group::2") != "" {
		return 2
	}
	return 1
}

// tcGroup enforces the ISA's rule that every tcgen05 instruction of a
// kernel names the same .cta_group (§9.7.17.7.1, .10.9.1, .12.1): the
// first one the launch executes fixes it.
func (m *Machine) tcGroup(w *warp, o *op, lane, group int, name string) bool {
	switch m.tcgroup {
	case 0:
		m.tcgroup, m.tcgroupLine = group, o.line
	case group:
	default:
		m.raise(w, o, lane, fmt.Sprintf("%s: .cta_group::%d, but line %d used .cta_group::%d; all tcgen05 instructions within a kernel must specify the same .cta_group", name, group, m.tcgroupLine, m.tcgroup))
		return false
	}
	return true
}

func lowerTmemAlloc(l *lowering, in *check.Inst, o *op, kind int) error {
	t := &tmemOp{kind: kind, name: in.Entry.Name + ".cta_group::1", pair: ctaGroupOf(in) == 2, colsSlot: -1, addrSlot: -1}
	if t.pair {
		t.name = in.Entry.Name + ".cta_group::2"
	}
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
	if t.pair {
		// The first warp of the pair waits for the peer CTA's (a control
		// op: it moves its own pc).
		o.flags |= flagControl
		o.exec = func(m *Machine, w *warp, o *op) { m.execTmemPair(w, o, t) }
		return nil
	}
	o.exec = func(m *Machine, w *warp, o *op) { m.execTmemAlloc(w, o, t) }
	return nil
}

// tmemOf is c's tensor memory, made on first use.
func tmemOf(c *cta) *tmemState {
	if c.tmem == nil {
		c.tmem = &tmemState{}
	}
	return c.tmem
}

func (m *Machine) execTmemAlloc(w *warp, o *op, t *tmemOp) {
	if !requireWarp(m, w, o, t.name) || !m.tcGroup(w, o, 0, 1, t.name) {
		return
	}
	tm := tmemOf(w.cta)
	switch t.kind {
	case 2:
		tm.relinquished = true
	case 1:
		taddr := uint32(w.reg(t.addrSlot)[0])
		n := int(uint32(w.reg(t.colsSlot)[0]))
		if i, msg := tm.findAlloc(taddr, n); msg != "" {
			m.raise(w, o, 0, t.name+": "+msg)
		} else {
			tm.allocs = append(tm.allocs[:i], tm.allocs[i+1:]...)
		}
	default:
		n := int(uint32(w.reg(t.colsSlot)[0]))
		if msg := tm.canAlloc(n, t.name); msg != "" {
			m.raise(w, o, 0, msg)
			return
		}
		col := tm.firstFree(n, nil)
		if col < 0 {
			m.raise(w, o, 0, fmt.Sprintf("%s: no run of %d free columns of tensor memory (held: %s); on hardware the warp would wait for a dealloc that never comes", t.name, n, tm.holders()))
			return
		}
		if addr, ok := m.allocDst(w, o, t.name); ok {
			m.allocAt(w, o, addr, col, n)
		}
	}
}

// findAlloc is the index of the allocation tcgen05.alloc returned as taddr
// with n columns, or why there is none.
func (tm *tmemState) findAlloc(taddr uint32, n int) (int, string) {
	lane, col := splitTaddr(taddr)
	i := sort.Search(len(tm.allocs), func(i int) bool { return tm.allocs[i].col >= col })
	if lane != 0 || i == len(tm.allocs) || tm.allocs[i].col != col || tm.allocs[i].n != n {
		return 0, fmt.Sprintf("address 0x%08x (lane %d, column %d) with %d columns is not an allocation tcgen05.alloc made (allocated: %s)", taddr, lane, col, n, tm.holders())
	}
	return i, ""
}

// canAlloc says why nCols n cannot be allocated, "" when it can.
func (tm *tmemState) canAlloc(n int, name string) string {
	if n < 32 || n > TmemCols || n&(n-1) != 0 {
		return fmt.Sprintf("%s: nCols %d is not a power of two from 32 to 512", name, n)
	}
	if tm.relinquished {
		return name + " after tcgen05.relinquish_alloc_permit: this CTA gave up its right to allocate tensor memory"
	}
	return ""
}

// firstFree is the lowest run of n columns, starting at a multiple of n,
// free in tm and in also (the peer CTA's, for .cta_group::2), or -1.
func (tm *tmemState) firstFree(n int, also *tmemState) int {
	for s := 0; s+n <= TmemCols; s += n {
		if _, free := tm.free(s, n); free {
			if also == nil {
				return s
			}
			if _, free := also.free(s, n); free {
				return s
			}
		}
	}
	return -1
}

// allocDst is the shared::cta offset of alloc's [dst] for warp w.
func (m *Machine) allocDst(w *warp, o *op, name string) (uint64, bool) {
	c := w.cta
	sp, addr := o.space, m.addr(w, o, 0)
	if sp == spaceGeneric {
		sp, addr = genericToSpace(addr)
	}
	if sp != spaceShared || addr+4 > uint64(len(c.shared)) || addr%4 != 0 {
		m.raise(w, o, 0, fmt.Sprintf("%s: [dst] 0x%x is not a 4-byte aligned word of the CTA's %d bytes of shared memory", name, m.addr(w, o, 0), len(c.shared)))
		return 0, false
	}
	return addr, true
}

// allocAt records the allocation of columns col..col+n-1 by warp w and
// writes its address to w's CTA's shared memory at addr.
func (m *Machine) allocAt(w *warp, o *op, addr uint64, col, n int) {
	c := w.cta
	tm := tmemOf(c)
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

// tmemPairBarrier is the barrier number warp.wait records (minus one)
// for a warp waiting at a .cta_group::2 alloc, dealloc or relinquish for
// the peer CTA's warp.
const tmemPairBarrier = clusterBarrier + 1

// peerCTA is the other CTA of c's CTA pair (§9.7.17.5.1: the CTAs of a
// cluster whose %cluster_ctarank differs in bit 0 only), or why there is
// none.
func (m *Machine) peerCTA(c *cta) (*cta, string) {
	r := c.rank ^ 1
	if r >= m.cl.size {
		if m.cl.size == 1 {
			return nil, "the launch has no clusters, so this CTA has no peer CTA (a CTA pair is two CTAs of a cluster whose %cluster_ctarank differs in bit 0 only; set \"cluster\" in the launch)"
		}
		return nil, fmt.Sprintf("cluster rank %d has no peer: rank %d is outside the cluster of %d CTAs", c.rank, r, m.cl.size)
	}
	p := m.cluster(c)[r]
	if p.done {
		return nil, fmt.Sprintf("the peer CTA (%d,%d,%d) (cluster rank %d) has exited; it must be active when its pair issues a .cta_group::2 operation", p.id[0], p.id[1], p.id[2], r)
	}
	return p, ""
}

// tmemPending is what a warp waiting at a .cta_group::2 alloc, dealloc
// or relinquish brought: its operands, read when it arrived (the warp's
// registers cannot change while it waits).
type tmemPending struct {
	kind  int
	name  string
	n     int    // nCols
	taddr uint32 // dealloc's
	dst   uint64 // alloc's shared::cta offset
	op    *op
}

// execTmemPair runs a .cta_group::2 alloc, dealloc or relinquish
// (§9.7.17.5, §9.7.17.7.1): one warp in each CTA of the pair performs it
// collectively. The first warp waits (a barrier of the pair) until the
// peer CTA's warp executes the same instruction; then the operation is
// done for both: an allocation takes the same columns in both CTAs'
// tensor memory (the lowest run free in both) and each warp's [dst]
// receives the address; a dealloc frees the run in both; relinquish
// gives up both CTAs' permits.
func (m *Machine) execTmemPair(w *warp, o *op, t *tmemOp) {
	f := w.top()
	f.stack[len(f.stack)-1].pc++
	if w.mask == 0 {
		return
	}
	if !requireWarp(m, w, o, t.name) || !m.tcGroup(w, o, 0, 2, t.name) {
		return
	}
	me := &tmemPending{kind: t.kind, name: t.name, op: o}
	switch t.kind {
	case 0:
		me.n = int(uint32(w.reg(t.colsSlot)[0]))
		a, ok := m.allocDst(w, o, t.name)
		if !ok {
			return
		}
		me.dst = a
	case 1:
		me.n = int(uint32(w.reg(t.colsSlot)[0]))
		me.taddr = uint32(w.reg(t.addrSlot)[0])
	}
	p, msg := m.peerCTA(w.cta)
	if p == nil {
		m.raise(w, o, 0, t.name+": "+msg)
		return
	}
	var pw *warp
	for _, x := range p.warps {
		if x.wait == tmemPairBarrier+1 && x.tmemWait != nil {
			pw = x
		}
	}
	if pw == nil {
		w.wait, w.waitOp, w.tmemWait = tmemPairBarrier+1, o, me
		return
	}
	pe := pw.tmemWait
	if pe.kind != t.kind {
		m.raise(w, o, 0, fmt.Sprintf("%s: the peer CTA's warp %d waits at %s (line %d): the two warps of a CTA pair must perform the same operation", t.name, pw.id, pe.name, pe.op.line))
		return
	}
	pw.wait, pw.waitOp, pw.tmemWait = 0, nil, nil
	m.releases++
	ws, ps := [2]*warp{w, pw}, [2]*tmemPending{me, pe}
	tms := [2]*tmemState{tmemOf(w.cta), tmemOf(p)}
	if t.kind != 2 && pe.n != me.n || t.kind == 1 && pe.taddr != me.taddr {
		m.raise(w, o, 0, fmt.Sprintf("%s: taddr 0x%08x, nCols %d here, but the peer CTA's warp %d (line %d) gives 0x%08x, %d: both warps of the pair must give the same", t.name, me.taddr, me.n, pw.id, pe.op.line, pe.taddr, pe.n))
		return
	}
	switch t.kind {
	case 2:
		tms[0].relinquished, tms[1].relinquished = true, true
	case 1:
		var idx [2]int
		for i := range tms {
			i0, msg := tms[i].findAlloc(me.taddr, me.n)
			if msg != "" {
				m.raise(ws[i], ps[i].op, 0, t.name+": "+msg)
				return
			}
			idx[i] = i0
		}
		for i := range tms {
			tms[i].allocs = append(tms[i].allocs[:idx[i]], tms[i].allocs[idx[i]+1:]...)
		}
	default:
		for i := range tms {
			if msg := tms[i].canAlloc(me.n, t.name); msg != "" {
				m.raise(ws[i], ps[i].op, 0, msg)
				return
			}
		}
		col := tms[0].firstFree(me.n, tms[1])
		if col < 0 {
			m.raise(w, o, 0, fmt.Sprintf("%s: no run of %d columns free in both CTAs of the pair (held here: %s; in the peer CTA: %s); on hardware the warps would wait for a dealloc that never comes", t.name, me.n, tms[0].holders(), tms[1].holders()))
			return
		}
		for i := range ws {
			m.allocAt(ws[i], ps[i].op, ps[i].dst, col, me.n)
		}
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

// TmemMMAView is the accumulator tile of the CTA's last tcgen05.mma: the
// tensor memory cells its D occupies in this CTA, lane by lane.
type TmemMMAView struct {
	Line   int      `json:"line"`
	Desc   string   `json:"desc"`   // the decoded instruction descriptor
	Idesc  uint32   `json:"idesc"`  // its value
	Layout string   `json:"layout"` // the ISA's data-path layout, "D (M = 128, .cta_group::1)"
	Lane   int      `json:"lane"`   // D's address: lane and column
	Col    int      `json:"col"`
	M      int      `json:"m"` // the MMA's shape
	N      int      `json:"n"`
	Row0   int      `json:"row0"` // the rows of D this CTA holds: Row0 .. Row0+Rows-1
	Rows   int      `json:"rows"`
	Peer   int      `json:"peer"`  // .cta_group::2: the cluster rank of the pair's other CTA, else -1
	Lanes  int      `json:"lanes"` // the tile: Lanes lanes from Lane x Cols columns from Col
	Cols   int      `json:"cols"`
	Cells  []string `json:"cells"`            // Lanes x Cols values, row-major, formatted; "" where D has no element
	Blocks int      `json:"blocks,omitempty"` // the layout's column blocks (2: layout B, N split across lanes 0-63 and 64-127); 0 or 1: one
	Half   bool     `json:"half,omitempty"`   // layout F (M = 64): lanes 0-15 of each warp's 32
}

// Elem is the element of D (row, column) in the tile's cell at lane
// offset lo and column offset co, ok false when D has none there.
func (v *TmemMMAView) Elem(lo, co int) (i, j int, ok bool) {
	l := tcLayout{rows: v.Rows, blocks: max(v.Blocks, 1), half: v.Half}
	if l.rows == 0 {
		l.rows = v.M
	}
	i, j, ok = l.elem(lo, co, v.N)
	return v.Row0 + i, j, ok
}

// TmemView is a CTA's tensor memory, for the views.
type TmemView struct {
	Allocs       []TmemAllocView `json:"allocs"`
	Relinquished bool            `json:"relinquished,omitempty"`
	MMA          *TmemMMAView    `json:"mma,omitempty"`
	// Peer is the tensor memory of the other CTA of the CTA pair when the
	// launch uses .cta_group::2 (PeerRank its cluster rank); nil otherwise.
	Peer     *TmemView  `json:"peer,omitempty"`
	PeerRank int        `json:"peerRank,omitempty"`
	Descs    []TmemDesc `json:"descs,omitempty"` // by line: the descriptor each tcgen05.mma last ran with
}

func tmemView(c *cta) *TmemView {
	if c == nil || c.tmem == nil {
		return nil
	}
	v := &TmemView{Relinquished: c.tmem.relinquished, MMA: c.tmem.mma, Allocs: []TmemAllocView{}, Descs: c.tmem.descViews()}
	for _, a := range c.tmem.allocs {
		v.Allocs = append(v.Allocs, TmemAllocView{Col: a.col, N: a.n, Warp: a.warp, Line: int(a.line)})
	}
	return v
}

// tmemPairView is c's tensor memory and, when the launch's tcgen05
// instructions use .cta_group::2, its pair's other CTA's.
func (m *Machine) tmemPairView(c *cta) *TmemView {
	v := tmemView(c)
	if v == nil || m.tcgroup != 2 || c.rank^1 >= m.cl.size {
		return v
	}
	if p := m.cluster(c)[c.rank^1]; p != nil {
		v.Peer, v.PeerRank = tmemView(p), p.rank
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
