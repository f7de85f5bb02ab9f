// machine.go: the machine, its CTAs, warps and frames, and the scheduler.

package sim

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"unsafe"
)

// Launch configures one kernel launch.
type Launch struct {
	Grid      [3]uint32
	Block     [3]uint32
	Cluster   [3]uint32 // the launch's cluster shape; zeros: the kernel's directives, else 1x1x1 (cluster.go)
	SharedMem int       // dynamic shared memory in bytes
	Params    []byte    // the kernel parameter buffer, laid out as Program.ParamLayout says
}

// Stats counts what a run executed.
type Stats struct {
	WarpInstructions   int64 `json:"warp_instructions"`
	ThreadInstructions int64 `json:"thread_instructions"`
}

// Machine runs one launch of one kernel.
type Machine struct {
	prog   *Program
	kern   *fn
	launch Launch
	global globalMem
	params []byte

	ctas []*cta // by start position (cluster.go): created as they start; clusters run one after another

	keptFrom  int   // the oldest CTA not yet released (see warpEnded)
	keptBytes int64 // bytes of the finished CTAs from keptFrom on
	nctas     int
	cur       *cta
	stats     Stats
	err       *Fault
	done      bool
	last      lastStep

	// Recording for the debugger (off for plain runs): what the last step
	// accessed, lane by lane, and which bytes it wrote.
	record     bool
	lastAccess []laneAccess
	lastWrites []memWrite
	releases   int64       // barrier releases so far (all CTAs)
	left       int64       // issue's budget past the running burst's end (scratch: see issue)
	frag       *fragRecord // the last matrix instruction's fragments (fragview.go)

	out console // printf output (printf.go)

	cl clusterState // the cluster shape and the running cluster's barrier (cluster.go)

	tcgroup     int   // the .cta_group of the launch's first tcgen05 instruction, 0 before (tmem.go)
	tcgroupLine int32 // its line

	epoch  uint64   // the pages this machine may write in place (pages.go)
	copied int64    // bytes of shared pages it copied since it was last cloned
	cloned bool     // it shares pages with a clone (some CTAs are held: recycle)
	spare  [][]byte // local pages of a released CTA, for the next (recycle)
	chunk  []byte   // zeroed bytes that new pages are cut from (pageBytes)

	warmZero  [][2]int32 // the rows a restarted CTA zeroes (warmZeroRuns)
	warmParm  bool       // and whether its kernel frames' .param bytes (frameParamWritten)
	unviewed  bool       // nothing looks at its registers but its instructions (Unviewed)
	spareCTA  *cta       // a released CTA with its blocks, for the next (recycle, restartCTA)
	spareCTAs []*cta     // more of them: those of the machine a Session left (adoptCTAs)
	keep      int        // finished CTAs kept for snapshots (0: KeepCTAs; see KeepFinished)

	// warmMasks is a restarted CTA's predicate and written masks as
	// fillFrame leaves them (the same in every CTA: constants, special
	// registers, true predicates), copied from the first restart's;
	// warmSregs the special registers whose rows differ between CTAs,
	// the first warmOne of them one value in every lane and warp of a
	// CTA (%ctaid...: restartCTA finds it once a CTA).
	warmMasks []uint32
	warmSregs []sregInit
	warmOne   int

	san *sanitizer // racecheck, synccheck, initcheck (sanitize.go); nil: off

	// part holds the generated lane loops' partial results (gen_lanes.go,
	// grouped): scratch that no step reads back.
	part [8]uint64
}

// laneAccess is one lane's memory access in the last step.
type laneAccess struct {
	lane  int
	space space // as written in the instruction (generic included)
	addr  uint64
	size  int
	write bool
}

// memWrite is a byte range the last step wrote.
type memWrite struct {
	space space // resolved: never generic
	addr  uint64
	size  int
	lane  int
	warp  int
	cta   int // shared and local writes: the linear index of the CTA whose memory it is
}

// Event describes the last instruction a Step issued: which CTA and warp,
// its pc, line and column, the warp's active mask and the lanes that
// executed it (the active lanes whose guard held).
type Event struct {
	CTA    [3]uint32
	Warp   int
	PC     int
	Active uint32
	Exec   uint32
	op     *op
	frag   *fragRecord
	note   string // tcgen05.mma: the decoded instruction descriptor (tcgen05_mma.go)
}

// Note is a line about what the event did beyond its text: for a
// tcgen05.mma, its decoded instruction descriptor ("M=128 N=64 K=16, A
// bf16 K-major, B bf16 K-major, D f32"); else "".
func (e Event) Note() string { return e.note }

// Frag is the fragment view when the event is a matrix instruction
// (mma, wmma, ldmatrix, ...), else nil.
func (e Event) Frag() *FragView { return e.frag.view() }

// Line and Col give the event's source position (0 for the implicit
// return at the end of a function).
func (e Event) Line() int { return int(e.op.line) }
func (e Event) Col() int  { return int(e.op.col) }

// Text is the instruction as written in the source.
func (e Event) Text() string {
	if e.op == nil || e.op.inst == nil {
		return "ret  // end of function"
	}
	return e.op.text
}

// Record turns on recording of each step's instruction and memory
// accesses (Last, snapshots); sessions turn it on, plain runs leave it off.
func (m *Machine) Record(on bool) { m.record = on }

// KeepFinished sets how many of the most recent finished CTAs keep their
// registers and shared memory for snapshots (KeepCTAs unless set; at least
// the newest always stays). A caller that never looks at finished CTAs
// (the command line, the benchmarks) sets 1: the next CTA then starts in
// the blocks of the one just released, still in the caches, instead of
// those of the CTA KeepCTAs back; on an Unviewed machine of one-CTA
// clusters no finished CTA stays while another runs, only the grid's
// last after the run (see warpEnded).
func (m *Machine) KeepFinished(n int) { m.keep = max(n, 1) }

// Last returns the event of the most recent Step (with Record on).
func (m *Machine) Last() Event {
	l := m.last
	e := Event{CTA: l.cta, Warp: int(l.warp), PC: int(l.pc), Active: l.active, Exec: l.exec}
	if l.fn >= 0 {
		e.op = &m.prog.funcs[l.fn].code[l.pc]
	}
	if m.frag != nil && m.frag.step == m.stats.WarpInstructions {
		e.frag = m.frag
	}
	e.note = m.tmemNote()
	return e
}

// lastStep is the last issued instruction, kept as plain numbers (no
// pointers) so that recording it on every step costs no write barrier.
type lastStep struct {
	cta          [3]uint32
	warp, fn, pc int32
	active, exec uint32
}

type cta struct {
	id         [3]uint32
	index      int // linear index in the grid
	pos        int // start position: its index in Machine.ctas (cluster.go)
	rank       int // %cluster_ctarank
	warps      []*warp
	shared     []byte
	rr         int // round-robin position: the warp that issues next
	burst      int // instructions the current warp has issued in a row
	bars       [16]barrier
	barsWaited uint16       // the barriers a warp has waited at (execBar): those warpEnded looks at
	arena      ctaArena     // the blocks its kernel frames and shared memory use (startCTA)
	mbars      []mbarRecord // the mbarriers initialized in its shared memory, by address (mbarrier.go)
	bulk       []bulkCopy   // bulk copies in flight, oldest first (bulk.go)
	landed     []bulkCopy   // the last maxLanded copies that landed in its shared memory, for the views (bulk.go)
	tmem       *tmemState   // its tensor memory, from the first tcgen05.alloc (tmem.go)

	// What a clone (a checkpoint) may hold of it, so that recycle must
	// not hand it to the next CTA: the struct and everything in it (held:
	// a finished CTA the clone shares), or its local pages (pagesHeld: a
	// CTA running when cloned, whose page tables the clone copied).
	held, pagesHeld bool

	doneWarps uint64 // the warps that ended (bit per warp index)
	done      bool
	bytes     int64 // its memory: the state made at start (shared, frames), plus its local pages once it finishes
}

// barrier is one of a CTA's 16 named barriers.
type barrier struct {
	arrived      int    // threads arrived
	waiting      uint64 // warps waiting (bit per warp index)
	arrivedWarps uint64 // warps that arrived without waiting (bar.arrive)
	want         int    // threads expected (0 = all of the CTA)
	red          uint32 // .red accumulator (.popc counts, .and/.or booleans)
	redInit      bool
}

type warp struct {
	cta        *cta
	id         int
	frames     []*frame
	f          *frame // the top frame, and its registers and code (see enter)
	regs       [][32]uint64
	code       []op
	valid      uint32 // lanes that exist (a partial last warp has fewer)
	exited     uint32
	mask       uint32       // active lanes of the op being executed
	cc         uint32       // carry flag per lane
	wait       int          // 1 + barrier id the warp waits at, -1 on an mbarrier, 0 when running
	waitOp     *op          // the barrier op it waits on, where one needs it (see release)
	mbarWait   uint64       // 1 + shared address of the mbarrier it waits on (wait -1)
	bulkGroups [32]int32    // bulk async-groups each lane committed (bulk.go)
	async      *asyncState  // pending cp.async copies (cpasync.go)
	frag       *fragRecord  // its last matrix instruction's fragments (fragview.go)
	clArr      uint32       // lanes arrived at the cluster barrier in its current phase (cluster.go)
	maxnreg    uint16       // its register count from setmaxnreg, 0 if none ran (sm90.go)
	tmemWait   *tmemPending // its operands while it waits for the peer CTA's warp (tmem.go)
	// syncPend: live lanes that the membermask of a .sync warp
	// instruction (syncPendOp, its lanes' masks syncPendMask) named but
	// that did not execute it (exec_warp.go, syncWaits).
	syncPend     uint32
	syncPendMask uint32
	syncPendOp   *op
	done         bool
}

type frame struct {
	fn    *fn
	regs  [][32]uint64 // slot -> lanes
	preds []uint32     // predicate slot -> lane mask
	// wregs (value slot -> lanes written) and wpreds are parts of one
	// block, wregs[:cap(wregs)] (written): wregs, then wpreds, then one
	// mask nothing reads, so that burst's short path marks an op's one
	// destination, value or predicate, or none, by one index (op.wm)
	// without a test.
	wregs     []uint32
	wpreds    []uint32
	local     pagedMem // lane*localSize + offset, allocated by first writes
	localBase uint64
	param     []byte // lane*paramSize + offset
	stack     []entry
	call      *op   // the call that made this frame (nil for the kernel)
	callPC    int32 // its pc in the caller
	entryMask uint32
	returned  uint32 // lanes that executed ret while others had not yet
}

// entry is one SIMT stack entry: run pc with mask until pc reaches rpc.
type entry struct {
	pc, rpc int32
	mask    uint32
}

func (w *warp) top() *frame { return w.frames[len(w.frames)-1] }

// clock is the simulated cycle counter: four cycles per warp instruction
// issued, machine-wide, so it is deterministic.
func (m *Machine) clock() uint64 { return 4 * uint64(m.stats.WarpInstructions) }

// reg returns the 32 lanes of a value slot in the current frame.
func (w *warp) reg(slot int32) *[32]uint64 {
	return &w.regs[slot]
}

// enter makes the top frame current (after a call, return or exit).
func (w *warp) enter() {
	w.f = w.frames[len(w.frames)-1]
	w.regs, w.code = w.f.regs, w.f.fn.code
}

// New prepares a machine for a launch of the named kernel.
func New(p *Program, kernel string, l Launch) (*Machine, error) {
	k := p.byName[kernel]
	if k == nil || !k.entry {
		return nil, fmt.Errorf("no kernel named %q", kernel)
	}
	for i := range l.Grid {
		if l.Grid[i] == 0 {
			l.Grid[i] = 1
		}
		if l.Block[i] == 0 {
			l.Block[i] = 1
		}
	}
	threads := int(l.Block[0]) * int(l.Block[1]) * int(l.Block[2])
	if threads > 1024 || l.Block[0] > 1024 || l.Block[1] > 1024 || l.Block[2] > 64 {
		return nil, fmt.Errorf("block of %dx%dx%d = %d threads exceeds the limit of 1024 threads (x, y <= 1024, z <= 64)", l.Block[0], l.Block[1], l.Block[2], threads)
	}
	n := int64(l.Grid[0]) * int64(l.Grid[1]) * int64(l.Grid[2])
	if n > 1<<20 || l.Grid[1] > 65535 || l.Grid[2] > 65535 {
		return nil, fmt.Errorf("grid of %dx%dx%d CTAs exceeds the simulator's limit of 2^20 CTAs", l.Grid[0], l.Grid[1], l.Grid[2])
	}
	if l.SharedMem < 0 || p.sharedSize(k)+l.SharedMem > 228*1024 {
		return nil, fmt.Errorf("shared memory of %d bytes exceeds the 227 KiB a CTA may use", p.sharedSize(k)+l.SharedMem)
	}
	if len(l.Params) < k.paramSize {
		return nil, fmt.Errorf("kernel %s needs %d bytes of parameters, got %d", kernel, k.paramSize, len(l.Params))
	}
	cl, err := clusterShape(k, l)
	if err != nil {
		return nil, err
	}
	m := &Machine{prog: p, kern: k, launch: l, params: l.Params, nctas: int(n), last: lastStep{fn: -1}, epoch: nextEpoch(), cl: cl}
	for _, g := range p.globals {
		b := m.global.alloc(g.name, len(g.init))
		b.mem.storeAt(g.init, 0, m)
	}
	return m, nil
}

// Alloc creates a zeroed global buffer of size bytes and returns its
// address; launch code calls it before Run for each buffer argument.
func (m *Machine) Alloc(name string, size int) uint64 {
	b := m.global.alloc(name, size)
	return b.base
}

// Buffer returns a copy of the bytes of the global allocation at base.
func (m *Machine) Buffer(base uint64) []byte {
	if b := m.bufferAt(base); b != nil {
		return b.mem.view(0, b.mem.size).Bytes()
	}
	return nil
}

// Store writes p at offset off of the global allocation at base (launch
// code filling its inputs; not a simulated access).
func (m *Machine) Store(base uint64, off int, p []byte) {
	if b := m.bufferAt(base); b != nil && off >= 0 && off+len(p) <= b.mem.size {
		b.mem.storeAt(p, off, m)
	}
}

// StoreElems writes vals as little-endian elements of es bytes from the
// start of the global allocation at base (launch code filling its
// inputs). Zeros are skipped: the allocation reads as zeros already, and
// pages nothing writes take no memory.
func (m *Machine) StoreElems(base uint64, es int, vals []uint64) {
	b := m.bufferAt(base)
	if b == nil || len(vals)*es > b.mem.size {
		return
	}
	// A page at a time, encoded in place, and only the pages with a value
	// that is not zero.
	for i := 0; i < len(vals); {
		k := min(len(vals)-i, (pageSize-(i*es)&pageMask)/es) // elements to the page's end
		vs, nz := vals[i:i+k], uint64(0)
		for _, v := range vs {
			nz |= v
		}
		if nz == 0 {
			i += k
			continue
		}
		c := b.mem.write(uint64(i*es), k*es, m)
		switch es { // a loop per size: no switch an element
		case 1:
			for j, v := range vs {
				c[j] = byte(v)
			}
		case 2:
			for j, v := range vs {
				binary.LittleEndian.PutUint16(c[2*j:], uint16(v))
			}
		case 4:
			for j, v := range vs {
				binary.LittleEndian.PutUint32(c[4*j:], uint32(v))
			}
		default:
			for j, v := range vs {
				binary.LittleEndian.PutUint64(c[8*j:], v)
			}
		}
		i += k
	}
}

// StoreRepeat fills the global allocation at base with elem repeated
// (launch code filling an input with one value; len(elem) a power of two
// up to 8). Every page of it holds the same bytes, so one page made here
// stands for all of them, owned by no machine as a checkpoint's pages
// are: the run's first write to a page copies it (pages.go), and the
// pages it never writes cost no memory and no time to fill.
func (m *Machine) StoreRepeat(base uint64, elem []byte) {
	b := m.bufferAt(base)
	if b == nil || len(elem) == 0 || pageSize%len(elem) != 0 || b.mem.size%len(elem) != 0 {
		return
	}
	one := make([]byte, pageSize)
	n := copy(one, elem)
	for n < len(one) { // the pattern doubled: copies at memmove's speed
		n += copy(one[n:], one[:n])
	}
	shared := &page{b: one} // owner 0: nobody's
	for i := range b.mem.pages {
		if k := b.mem.size - i<<pageShift; k < pageSize {
			b.mem.pages[i] = &page{b: one[:k]} // the last page, shorter
		} else {
			b.mem.pages[i] = shared
		}
	}
}

func (m *Machine) bufferAt(base uint64) *buffer {
	for _, b := range m.global.bufs {
		if b.base == base {
			return b
		}
	}
	return nil
}

// Stats returns what has run so far.
func (m *Machine) Stats() Stats { return m.stats }

// Fault returns the fault that stopped the run, or nil.
func (m *Machine) Fault() *Fault { return m.err }

// Done reports whether the kernel finished (or faulted).
func (m *Machine) Done() bool { return m.done }

// startCTA starts the CTA at start position pos with its warps and frames:
// in the struct and blocks of a released CTA when recycle kept one or a
// Session handed some over (adoptCTAs), restartCTA, else in new ones.
func (m *Machine) startCTA(pos int) *cta {
	i := m.linearOf(pos)
	threads := int(m.launch.Block[0] * m.launch.Block[1] * m.launch.Block[2])
	nw := (threads + 31) / 32
	if m.san != nil {
		m.san.forgetBlocks() // its caches may name a recycled CTA's struct or warps
	}
	if len(m.ctas) == 0 && m.unviewed && m.san == nil && !m.record && m.nctas > 2 {
		// compact.go: registers never live at once share a row, so that a
		// CTA restarted in a released one's blocks (a grid of three CTAs
		// or more) finds fewer of them, still in the caches.
		if g := compactKernel(m.kern); g != nil {
			m.kern = g
		}
	}
	c := m.spareCTA
	m.spareCTA = nil
	for c == nil && len(m.spareCTAs) > 0 {
		n := len(m.spareCTAs) - 1
		c, m.spareCTAs[n] = m.spareCTAs[n], nil
		m.spareCTAs = m.spareCTAs[:n]
	}
	if c != nil && m.restartable(c, nw) {
		m.restartCTA(c, i, pos)
		m.ctas = append(m.ctas, c)
		return c
	}
	c = &cta{index: i, pos: pos, rank: pos % m.cl.size, id: m.ctaID(i)}
	// One allocation per kind for all the CTA's kernel frames and its
	// shared memory.
	k := m.kern
	c.arena = ctaArena{
		kern:      k,
		rows:      make([][32]uint64, nw*k.nregs),
		masks:     make([]uint32, nw*frameMasks(k)),
		bytes:     make([]byte, nw*32*k.paramSize),
		shared:    make([]byte, m.prog.sharedSize(k)+m.launch.SharedMem),
		warps:     make([]warp, nw),
		frames:    make([]frame, nw),
		stacks:    make([]entry, 4*nw),
		framePtrs: make([]*frame, nw),
		warpPtrs:  make([]*warp, nw),
	}
	c.shared = c.arena.shared
	a := &frameArena{rows: c.arena.rows, masks: c.arena.masks, bytes: c.arena.bytes, frames: c.arena.frames}
	ws, stacks, frames := c.arena.warps, c.arena.stacks, c.arena.framePtrs
	c.warps = c.arena.warpPtrs[:0]
	c.bytes = c.arena.size()
	for wi := 0; wi < nw; wi++ {
		w := &ws[wi]
		w.cta, w.id = c, wi
		n := min(32, threads-wi*32)
		w.valid = uint32(1<<n - 1)
		if n == 32 {
			w.valid = ^uint32(0)
		}
		w.exited = ^w.valid
		f := m.newFrame(w, m.kern, 0, a)
		f.stack = append(stacks[4*wi:4*wi:4*wi+4], entry{pc: 0, rpc: -1, mask: w.valid})
		f.entryMask = w.valid
		frames[wi] = f
		w.frames = frames[wi : wi+1 : wi+1]
		w.enter()
		c.warps = append(c.warps, w)
	}
	m.ctas = append(m.ctas, c)
	return c
}

// size is what a CTA started in a's blocks counts as its memory.
func (a *ctaArena) size() int64 {
	return int64(len(a.shared)) + int64(len(a.rows))*256 + int64(len(a.masks))*4 + int64(len(a.bytes)) + int64(len(a.warps))*512
}

// restartable reports whether c, a released CTA that recycle kept whole,
// still holds the blocks startCTA made for a CTA of nw warps of this
// machine's kernel (a clone's CTAs hold none).
func (m *Machine) restartable(c *cta, nw int) bool {
	a := &c.arena
	k := m.kern
	return a.kern == k && len(a.warps) == nw && len(c.warps) == nw && nw > 0 && c.warps[0] == &a.warps[0] &&
		len(a.rows) == nw*k.nregs && len(a.masks) == nw*frameMasks(k) && len(a.bytes) == nw*32*k.paramSize &&
		len(a.shared) == m.prog.sharedSize(k)+m.launch.SharedMem && len(c.shared) == len(a.shared)
}

// restartCTA starts the CTA of linear index i at start position pos in
// c, a released CTA of this machine with its blocks (restartable): it
// leaves c as startCTA leaves a CTA in new blocks (TestCTARestartAsNew
// compares the two field by field), but writes only what differs. Most
// of a CTA's pointers (its warps, their frames and the frames' rows)
// stay what they were, and not writing them again spares the garbage
// collector's write barriers, which cost most while it marks (in the
// page, where marking runs on the one thread, for long stretches).
// Rows keep their constants and special registers (warmZeroRuns), and
// in an Unviewed machine the registers every thread writes before it
// reads them; the others are zeroed.
func (m *Machine) restartCTA(c *cta, i, pos int) {
	k := m.kern
	a := &c.arena
	c.id, c.index, c.pos, c.rank = m.ctaID(i), i, pos, pos%m.cl.size
	c.rr, c.burst = 0, 0
	c.bars, c.barsWaited = [16]barrier{}, 0
	c.held, c.pagesHeld = false, false
	c.doneWarps, c.done = 0, false
	if c.mbars != nil {
		c.mbars = nil
	}
	if c.bulk != nil {
		c.bulk = nil
	}
	if c.landed != nil {
		c.landed = nil
	}
	if c.tmem != nil {
		c.tmem = nil
	}
	c.bytes = a.size()
	if m.warmZero == nil {
		m.warmZero, m.warmParm = warmZeroRuns(k, m.unviewed), frameParamWritten(k)
		m.warmSregs, m.warmOne = []sregInit{}, 0
		for _, one := range []bool{true, false} {
			for _, s := range k.sregs {
				if !sameInEveryCTA(s.name) && oneInCTA(&s) == one {
					m.warmSregs = append(m.warmSregs, s)
				}
			}
			if one {
				m.warmOne = len(m.warmSregs)
			}
		}
	}
	// Those one value in the whole CTA, found once (a few: on the stack).
	var ones [4]uint64
	nOne := min(m.warmOne, len(ones))
	for i := range nOne {
		s := &m.warmSregs[i]
		ones[i] = m.sregValue(c.warps[0], 0, s.name, s.comp)
	}
	// The masks as fillFrame leaves them, in one copy, where an earlier
	// restart of this machine made them (all but the rows' special
	// registers: fillWarm below); else cleared and marked warp by warp.
	warm := len(m.warmMasks) == len(a.masks)
	if warm {
		copy(a.masks, m.warmMasks)
	} else {
		clear(a.masks)
	}
	if m.warmParm {
		clear(a.bytes) // else still the zeros the blocks were made with
	}
	clear(a.shared)
	clear(a.stacks) // past each frame's first entry too: as new blocks are
	nw := len(c.warps)
	for wi := range nw {
		rows := a.rows[wi*k.nregs : (wi+1)*k.nregs]
		for _, r := range m.warmZero {
			clear(rows[r[0]:r[1]])
		}
	}
	if restartPoison != 0 && m.unviewed {
		poisonRows(a.rows, k)
	}
	fa := frameArena{rows: a.rows, masks: a.masks, bytes: a.bytes}
	for wi, w := range c.warps {
		f := &a.frames[wi]
		// The warp: cta, id and valid stay.
		if len(w.frames) != 1 || w.frames[0] != f {
			w.frames = a.framePtrs[wi : wi+1 : wi+1]
		}
		w.exited, w.mask, w.cc = ^w.valid, 0, 0
		w.wait, w.mbarWait, w.clArr, w.maxnreg = 0, 0, 0, 0
		w.bulkGroups = [32]int32{}
		w.syncPend, w.syncPendMask = 0, 0
		w.done = false
		if w.syncPendOp != nil {
			w.syncPendOp = nil
		}
		if w.waitOp != nil {
			w.waitOp = nil
		}
		if w.async != nil {
			w.async = nil
		}
		if w.frag != nil {
			w.frag = nil
		}
		if w.tmemWait != nil {
			w.tmemWait = nil
		}
		// Its kernel frame: the same slices of the blocks as before.
		written := fa.takeMasks(k.nregs + k.npreds + 1)
		keepSlice(&f.regs, fa.takeRows(k.nregs))
		keepSlice(&f.preds, fa.takeMasks(k.npreds))
		keepSlice(&f.wregs, written[:k.nregs])
		keepSlice(&f.wpreds, written[k.nregs:k.nregs+k.npreds:k.nregs+k.npreds])
		keepSlice(&f.param, fa.takeBytes(32*k.paramSize))
		if f.fn != k {
			f.fn = k
		}
		f.localBase, f.callPC, f.returned, f.entryMask = 0, 0, 0, w.valid
		if f.call != nil {
			f.call = nil
		}
		clearPages(&f.local, 32*k.localSize)
		if st := a.stacks[4*wi : 4*wi+1 : 4*wi+4]; unsafe.SliceData(f.stack) == unsafe.SliceData(st) {
			f.stack = f.stack[:1]
		} else {
			f.stack = st
		}
		f.stack[0] = entry{pc: 0, rpc: -1, mask: w.valid}
		if warm {
			for i := range nOne {
				if r := &f.regs[m.warmSregs[i].slot]; useAVX2 {
					fillLanesAVX2(r, ones[i])
				} else {
					fillLanes(r, ones[i])
				}
			}
			for i := nOne; i < len(m.warmSregs); i++ {
				m.fillSreg(w, f, &m.warmSregs[i])
			}
		} else {
			m.fillFrame(w, f, true)
		}
		if w.f != f {
			w.f = f
		}
		keepSlice(&w.regs, f.regs)
		keepSlice(&w.code, k.code)
	}
	if !warm {
		m.warmMasks = slices.Clone(a.masks)
	}
}

// keepSlice sets *dst to s unless it is s already (the same array, length
// and capacity), which costs no write barrier.
func keepSlice[T any](dst *[]T, s []T) {
	if unsafe.SliceData(*dst) != unsafe.SliceData(s) || len(*dst) != len(s) || cap(*dst) != cap(s) {
		*dst = s
	}
}

// clearPages makes pm size bytes of zeros that no page holds, reusing its
// page table when that has the length asked (recycle handed the pages to
// m.spare, or a clone holds them: neither may stay in the table).
func clearPages(pm *pagedMem, size int) {
	if n := (size + pageMask) >> pageShift; len(pm.pages) != n {
		*pm = newPagedMem(size)
		return
	}
	for i, p := range pm.pages {
		if p != nil {
			pm.pages[i] = nil
		}
	}
	pm.size = size
}

// newFrame makes a frame for fn in warp w: registers filled with the
// function's constants and special registers.
func (m *Machine) newFrame(w *warp, f *fn, localBase uint64, a *frameArena) *frame {
	if a == nil {
		a = &frameArena{}
	}
	fr := a.takeFrame()
	written := a.takeMasks(f.nregs + f.npreds + 1)
	*fr = frame{
		fn:        f,
		regs:      a.takeRows(f.nregs),
		preds:     a.takeMasks(f.npreds),
		wregs:     written[:f.nregs],
		wpreds:    written[f.nregs : f.nregs+f.npreds : f.nregs+f.npreds],
		local:     newPagedMem(32 * f.localSize),
		param:     a.takeBytes(32 * f.paramSize),
		localBase: localBase,
	}
	m.fillFrame(w, fr, false)
	return fr
}

// fillFrame fills a new frame's zeroed rows and masks with its function's
// constants and special registers, and marks them written. Warm: its rows
// already hold the constants and the special registers that are the same
// in every CTA (warmZeroRuns); the marks are set all the same.
func (m *Machine) fillFrame(w *warp, fr *frame, warm bool) {
	f := fr.fn
	for _, c := range f.consts {
		fr.wregs[c.slot] = ^uint32(0)
		if warm {
			continue
		}
		v := c.val
		if c.localRel {
			v += fr.localBase
		}
		r := &fr.regs[c.slot]
		for i := range r {
			r[i] = v
		}
	}
	for _, p := range f.ptrue {
		fr.preds[p] = ^uint32(0)
		fr.wpreds[p] = ^uint32(0)
	}
	if p := f.pexplicit - 1; p >= 0 {
		if m.cl.explicit {
			fr.preds[p] = ^uint32(0)
		}
		fr.wpreds[p] = ^uint32(0)
	}
	for i := range f.sregs {
		s := &f.sregs[i]
		fr.wregs[s.slot] = ^uint32(0)
		if warm && sameInEveryCTA(s.name) {
			continue
		}
		m.fillSreg(w, fr, s)
	}
}

// fillSreg fills the row of special register s in frame fr of warp w.
func (m *Machine) fillSreg(w *warp, fr *frame, s *sregInit) {
	r := &fr.regs[s.slot]
	if !s.perLane {
		if v := m.sregValue(w, 0, s.name, s.comp); useAVX2 { // fastmem_amd64.go
			fillLanesAVX2(r, v)
		} else {
			fillLanes(r, v) // fastmem_lanes.go
		}
		return
	}
	switch s.name {
	case "%tid": // the most common: computed here, not through the name lane by lane
		b := m.launch.Block
		t := m.threadIdx(w.id * 32) // lane 0's, then counted up
		for lane := range 32 {
			r[lane] = uint64(t[max(s.comp, 0)])
			if t[0]++; t[0] == b[0] {
				t[0] = 0
				if t[1]++; t[1] == b[1] {
					t[1] = 0
					t[2]++
				}
			}
		}
	case "%laneid":
		for lane := range 32 {
			r[lane] = uint64(lane)
		}
	default:
		for lane := range 32 {
			r[lane] = m.sregValue(w, lane, s.name, s.comp)
		}
	}
}

// oneInCTA reports whether special register s has one value in every
// lane and warp of a CTA (sregValue: all but the per-lane ones and
// %warpid; the clocks read the machine's count, which a CTA's start
// does not move).
func oneInCTA(s *sregInit) bool { return !s.perLane && s.name != "%warpid" }

// sameInEveryCTA reports whether a special register has the same value
// in a given warp of every CTA of a launch.
func sameInEveryCTA(name string) bool {
	switch name {
	case "%tid", "%ntid", "%nctaid", "%laneid", "%lanemask_eq", "%lanemask_le", "%lanemask_lt", "%lanemask_ge", "%lanemask_gt":
		return true
	}
	return false
}

// warmZeroRuns lists, as [from, to) runs of slots, the rows of a kernel
// frame that restartCTA must zero: all but the constants and the special
// registers, which no instruction writes (those the same in every CTA
// keep their values, fillFrame writes every lane of the others), and,
// unviewed (Machine.Unviewed), the registers every thread writes before
// it reads them (writtenFirstRows).
func warmZeroRuns(f *fn, unviewed bool) [][2]int32 {
	keep := make([]bool, f.nregs)
	if unviewed {
		keep = writtenFirstRows(f)
	}
	for _, c := range f.consts {
		keep[c.slot] = true // a kernel frame's local base is 0: the same value every time
	}
	for _, s := range f.sregs {
		keep[s.slot] = true
	}
	runs := [][2]int32{}
	for i := 0; i < f.nregs; i++ {
		if keep[i] {
			continue
		}
		j := i
		for j < f.nregs && !keep[j] {
			j++
		}
		runs = append(runs, [2]int32{int32(i), int32(j)})
		i = j
	}
	return runs
}

// ctaArena is the blocks a CTA's kernel frames and shared memory are cut
// from, kept with the CTA when it is released so that the next CTA starts
// in them (recycle, restartCTA): a grid of many CTAs then starts each in
// memory the caches hold, not in fresh memory the collector must clear
// and sweep.
type ctaArena struct {
	kern   *fn // the kernel whose frames rows holds (restartable)
	rows   [][32]uint64
	masks  []uint32
	bytes  []byte
	shared []byte

	// The warps, their kernel frames and first SIMT stack entries.
	warps     []warp
	frames    []frame
	stacks    []entry
	framePtrs []*frame
	warpPtrs  []*warp
}

// frameArena hands out a frame's zeroed slices from larger blocks, so
// that starting a CTA costs a few allocations instead of a few per warp.
// An empty arena allocates each slice on its own.
type frameArena struct {
	rows   [][32]uint64
	masks  []uint32
	bytes  []byte
	frames []frame
}

func (a *frameArena) takeFrame() *frame {
	if len(a.frames) == 0 {
		return new(frame)
	}
	f := &a.frames[0]
	a.frames = a.frames[1:]
	return f
}

func (a *frameArena) takeRows(n int) [][32]uint64 {
	if n > len(a.rows) {
		return make([][32]uint64, n)
	}
	r := a.rows[:n:n]
	a.rows = a.rows[n:]
	return r
}

// frameMasks is how many mask words a frame of f takes from its arena:
// its written marks (a register's, a predicate's, and one past them that
// op.wm names for an op writing neither) and its predicates (newFrame and
// restartCTA take them in that order).
func frameMasks(f *fn) int { return f.nregs + f.npreds + 1 + f.npreds }

func (a *frameArena) takeMasks(n int) []uint32 {
	if n > len(a.masks) {
		return make([]uint32, n)
	}
	r := a.masks[:n:n]
	a.masks = a.masks[n:]
	return r
}

func (a *frameArena) takeBytes(n int) []byte {
	if n > len(a.bytes) {
		return make([]byte, n)
	}
	r := a.bytes[:n:n]
	a.bytes = a.bytes[n:]
	return r
}

// Run executes until the kernel ends, a fault, or budget more warp
// instructions (budget <= 0: no limit). It reports whether the kernel ended.
func (m *Machine) Run(budget int64) bool {
	if !m.done {
		m.bursts(budget)
	}
	return m.done
}

// bursts is Run's loop: one burst after another until the kernel ends or
// the budget is spent, under one deferred contain rather than one a
// burst.
func (m *Machine) bursts(budget int64) {
	defer m.contain()
	start := m.stats.WarpInstructions
	for !m.done {
		left := int64(1) << 62
		if budget > 0 {
			if left = budget - (m.stats.WarpInstructions - start); left <= 0 {
				return
			}
		}
		m.issue(left)
	}
}

// Step executes the next warp instruction of the deterministic schedule:
// clusters (one CTA each without clusters) run one after another; the
// CTAs of a cluster take turns a warp's burst at a time (cluster.go);
// within a CTA, warps take turns round-robin (see Quantum), skipping
// warps that wait at a barrier or have ended.
func (m *Machine) Step() { m.burst(1) }

// burst issues up to n instructions of the warp the scheduler picks, and
// stops where the schedule moves to another warp. Step and Run share its
// issue, so stepping and running follow the same schedule exactly.
func (m *Machine) burst(n int64) {
	if m.done {
		return
	}
	defer m.contain()
	m.issue(n)
}

// issue is burst without its deferred contain (bursts has one for many).
func (m *Machine) issue(n int64) {
	c, w := m.next()
	if c == nil {
		if len(m.ctas) >= m.nctas {
			m.done = true
			return
		}
		c = m.startCluster()
		w = m.nextWarp(c)
	}
	m.cur, m.cl.rotate = c, false
	if w == nil && m.landClusterBulk(c) {
		// Nothing could issue: time passed and the copies in flight landed.
		if c2, w2 := m.next(); w2 != nil {
			c, w = c2, w2
			m.cur = c
		}
	}
	if w == nil {
		m.deadlock(c)
		return
	}
	// Greedy scheduling with a quantum: a warp keeps issuing until it
	// waits at a barrier, ends, or has issued Quantum instructions in a
	// row. Only control ops and faults can stop it early.
	// sp: the op flags that take the short paths (one value, and the
	// budget past the burst's end in m.left, the CTA w.cta's: under
	// WebAssembly every value live in the loop is reloaded from Go's stack
	// after each call).
	sp := m.shortPaths()
	m.left = n
handOver:
	run := w.cta.burst
	// run's value where this burst ends at the latest, and what is left
	// after it if it runs to its end (given back below)
	end := run + int(min(int64(Quantum-run), m.left))
	m.left -= int64(end - run)
	// The short paths leave the inner loop for a fault or a
	// reconvergence point: under WebAssembly a jump that does not fall
	// through costs a trip through the function's dispatch loop, and Go
	// lays out a loop's exits off the path it falls through, not an if's
	// body inside it.
burst:
	for run < end {
		for run < end {
			// Issue one instruction. This is the hottest loop of the
			// simulator, written out here rather than in a function:
			// under WebAssembly a call per instruction costs as much as
			// the rest.
			run++
			f := w.f
			e := &f.stack[len(f.stack)-1]
			// The paths that leave the frame and the top entry as they
			// were come back here for the next op (goto next): under
			// WebAssembly the fetch of both costs more than the load of
			// the two from Go's stack.
		next:
			o := &w.code[e.pc]
			mask := e.mask & (f.preds[o.gp] ^ o.gx) // (see op)
			w.mask = mask
			if o.flags&sp&flagPlain != 0 && mask != 0 {
				// The short path: what the general one below does for
				// such an op, with fewer tests and joins. The op and the
				// unguarded plain ops after it (op.blk), as many as the
				// burst and the reconvergence point allow (an rpc before
				// the pc or none, -1, makes the unsigned distance large),
				// go through one call of fused; one alone is issued here
				// (Go lays this out on the path the loop falls through).
				k := min(uint(o.blk), uint(end-run+1), uint(e.rpc-e.pc))
				if k < 2 {
					// The bookkeeping before the call and the meet after
					// it, so that fewer values live across it (Go's wasm
					// code keeps those in memory).
					m.stats.WarpInstructions++
					m.stats.ThreadInstructions += int64(bits.OnesCount32(mask))
					f.wregs[:cap(f.wregs)][o.wm] |= mask // (see frame)
					e.pc++
					// (lonesInPlace: a lone setp's lanes here, see lone_inplace.go;
					// the lane kind & 63 so that the shift needs no test.)
					if !lonesInPlace || (1<<laneSetpEqIb|1<<laneSetpLtU)>>(o.lane&63)&1 == 0 {
						o.exec(m, w, o) // (a plain op leaves the stack as it was)
					} else {
						k := ^uint64(0) >> ((64 - uint(o.typ.bits)) & 63)
						part := &m.part
						if a := &w.regs[o.ra]; o.lane == laneSetpEqIb {
							ib := uint64(o.off)
							part[0] = (((((a[0]^ib)&k - 1) >> 63) |
								((((a[1]^ib)&k - 1) >> 63) << 1)) |
								(((((a[2]^ib)&k - 1) >> 63) << 2) |
									((((a[3]^ib)&k - 1) >> 63) << 3)))
							part[1] = ((((((a[4]^ib)&k - 1) >> 63) << 4) |
								((((a[5]^ib)&k - 1) >> 63) << 5)) |
								(((((a[6]^ib)&k - 1) >> 63) << 6) |
									((((a[7]^ib)&k - 1) >> 63) << 7)))
							part[2] = ((((((a[8]^ib)&k - 1) >> 63) << 8) |
								((((a[9]^ib)&k - 1) >> 63) << 9)) |
								(((((a[10]^ib)&k - 1) >> 63) << 10) |
									((((a[11]^ib)&k - 1) >> 63) << 11)))
							part[3] = ((((((a[12]^ib)&k - 1) >> 63) << 12) |
								((((a[13]^ib)&k - 1) >> 63) << 13)) |
								(((((a[14]^ib)&k - 1) >> 63) << 14) |
									((((a[15]^ib)&k - 1) >> 63) << 15)))
							part[4] = ((((((a[16]^ib)&k - 1) >> 63) << 16) |
								((((a[17]^ib)&k - 1) >> 63) << 17)) |
								(((((a[18]^ib)&k - 1) >> 63) << 18) |
									((((a[19]^ib)&k - 1) >> 63) << 19)))
							part[5] = ((((((a[20]^ib)&k - 1) >> 63) << 20) |
								((((a[21]^ib)&k - 1) >> 63) << 21)) |
								(((((a[22]^ib)&k - 1) >> 63) << 22) |
									((((a[23]^ib)&k - 1) >> 63) << 23)))
							part[6] = ((((((a[24]^ib)&k - 1) >> 63) << 24) |
								((((a[25]^ib)&k - 1) >> 63) << 25)) |
								(((((a[26]^ib)&k - 1) >> 63) << 26) |
									((((a[27]^ib)&k - 1) >> 63) << 27)))
							part[7] = ((((((a[28]^ib)&k - 1) >> 63) << 28) |
								((((a[29]^ib)&k - 1) >> 63) << 29)) |
								(((((a[30]^ib)&k - 1) >> 63) << 30) |
									((((a[31]^ib)&k - 1) >> 63) << 31)))
						} else {
							b := &w.regs[o.rb]
							part[0] = ((((a[0]&k - b[0]&k) >> 63) |
								(((a[1]&k - b[1]&k) >> 63) << 1)) |
								((((a[2]&k - b[2]&k) >> 63) << 2) |
									(((a[3]&k - b[3]&k) >> 63) << 3)))
							part[1] = (((((a[4]&k - b[4]&k) >> 63) << 4) |
								(((a[5]&k - b[5]&k) >> 63) << 5)) |
								((((a[6]&k - b[6]&k) >> 63) << 6) |
									(((a[7]&k - b[7]&k) >> 63) << 7)))
							part[2] = (((((a[8]&k - b[8]&k) >> 63) << 8) |
								(((a[9]&k - b[9]&k) >> 63) << 9)) |
								((((a[10]&k - b[10]&k) >> 63) << 10) |
									(((a[11]&k - b[11]&k) >> 63) << 11)))
							part[3] = (((((a[12]&k - b[12]&k) >> 63) << 12) |
								(((a[13]&k - b[13]&k) >> 63) << 13)) |
								((((a[14]&k - b[14]&k) >> 63) << 14) |
									(((a[15]&k - b[15]&k) >> 63) << 15)))
							part[4] = (((((a[16]&k - b[16]&k) >> 63) << 16) |
								(((a[17]&k - b[17]&k) >> 63) << 17)) |
								((((a[18]&k - b[18]&k) >> 63) << 18) |
									(((a[19]&k - b[19]&k) >> 63) << 19)))
							part[5] = (((((a[20]&k - b[20]&k) >> 63) << 20) |
								(((a[21]&k - b[21]&k) >> 63) << 21)) |
								((((a[22]&k - b[22]&k) >> 63) << 22) |
									(((a[23]&k - b[23]&k) >> 63) << 23)))
							part[6] = (((((a[24]&k - b[24]&k) >> 63) << 24) |
								(((a[25]&k - b[25]&k) >> 63) << 25)) |
								((((a[26]&k - b[26]&k) >> 63) << 26) |
									(((a[27]&k - b[27]&k) >> 63) << 27)))
							part[7] = (((((a[28]&k - b[28]&k) >> 63) << 28) |
								(((a[29]&k - b[29]&k) >> 63) << 29)) |
								((((a[30]&k - b[30]&k) >> 63) << 30) |
									(((a[31]&k - b[31]&k) >> 63) << 31)))
						}
						t := (((part[0] |
							part[1]) |
							(part[2] |
								part[3])) |
							((part[4] |
								part[5]) |
								(part[6] |
									part[7])))
						q := &f.preds[o.pd]
						*q = *q&^mask | (uint32(t)^-uint32(o.mode/cmpNegate&1))&mask
						if e.pc != e.rpc {
							if o = &w.code[e.pc]; o.flags&flagBra != 0 && run < end {
								run++
								mask = e.mask & (f.preds[o.gp] ^ o.gx)
								w.mask = mask
								goto bra
							}
						}
					}
					// A stretch mostly ends at a bra (a loop's back edge,
					// an if's test): that goes on below, with no trip
					// round the loop and no fetch of the frame and the
					// entry, which plain ops leave as they were; other
					// ops go on at next. (Written out in both branches:
					// under WebAssembly a join after the call costs two
					// trips through the dispatch loop. The common case
					// first, a test the stretch goes on by and then a bra:
					// Go lays out a test's body on the path it falls
					// through, and each jump is a trip. A plain op ran,
					// so sp has flagBra: see shortPaths.)
					if e.pc != e.rpc && m.err == nil {
						if o = &w.code[e.pc]; o.flags&flagBra != 0 && run < end {
							run++
							mask = e.mask & (f.preds[o.gp] ^ o.gx)
							w.mask = mask
							goto bra
						}
						if run < end {
							run++
							goto next
						}
						break
					}
					if n := len(f.stack) - 1; m.err == nil && n > 0 {
						// The lanes meet: the entry goes, as normalize
						// pops it, and where the one below goes on, so
						// does this loop (no trip out of it and back).
						f.stack = f.stack[:n]
						if e = &f.stack[n-1]; e.mask != 0 && e.pc != e.rpc {
							continue
						}
					}
					break
				}
				n := m.fused(w, e.pc, int(k), mask)
				run += n - 1
				e.pc += int32(n)
				if e.pc != e.rpc && m.err == nil { // (as above)
					if o = &w.code[e.pc]; o.flags&flagBra != 0 && run < end {
						run++
						mask = e.mask & (f.preds[o.gp] ^ o.gx)
						w.mask = mask
						goto bra
					}
					if run < end {
						run++
						goto next
					}
				}
				break
			}
			if o.flags&sp&flagBarSync != 0 && mask != 0 {
				// A bar.sync with an immediate barrier and no count:
				// execBar's arrival and normalize, in place.
				m.stats.WarpInstructions++
				m.stats.ThreadInstructions += int64(bits.OnesCount32(e.mask))
				e.pc++
				id := uint(o.aux) & 15 // (as lowered: so the shifts need no test)
				c := w.cta
				b := &c.bars[id]
				b.arrived += 32
				b.waiting |= 1 << (uint(w.id) & 63)
				c.barsWaited |= 1 << id
				w.wait = int(id) + 1 // (waitOp: see release)
				// Most arrivals wait (no count, not the last live warp
				// to arrive) away from a reconvergence point; without
				// clusters, where the CTA's next warp can go and the
				// budget is not spent, that warp's burst starts here,
				// as the code after the loop and handOver would start
				// it (c.rr and c.burst are left: the burst's end sets
				// both). The tests are one value, so that this path
				// takes no jump: under WebAssembly each is a trip
				// through the function's dispatch loop.
				live := (uint64(1)<<len(c.warps) - 1) &^ c.doneWarps
				rr := (w.id + 1) * oneIf(w.id+1 != len(c.warps))
				nx := c.warps[rr]
				left := m.left + int64(end-run)
				if oneIf(b.want == 0)&oneIf(live&^(b.waiting|b.arrivedWarps) != 0)&oneIf(e.pc != e.rpc)&
					oneIf(m.cl.size == 1)&oneIf(left > 0)&oneIf(!nx.done)&oneIf(nx.wait == 0) != 0 {
					w, run, end = nx, 0, int(min(left, Quantum))
					m.left = left - int64(end)
					continue
				}
				if b.want != 0 || b.complete(c) {
					m.tryRelease(c, int(id)) // the last to arrive goes on
				}
				if e.pc == e.rpc {
					normalize(w)
				}
				if w.wait != 0 {
					break burst
				}
				continue
			}
		bra:
			if o.flags&sp&flagBra != 0 {
				// A bra: what execBra and normalize do, in place.
				// (Each case ends in a loop exit or the loop's back edge:
				// no join to jump to.)
				m.stats.WarpInstructions++
				m.stats.ThreadInstructions += int64(bits.OnesCount32(e.mask))
				fall := e.mask &^ mask
				if fall == 0 {
					if e.pc = o.target; e.pc == e.rpc {
						if n := len(f.stack) - 1; n > 0 { // (as above)
							f.stack = f.stack[:n]
							if e = &f.stack[n-1]; e.mask != 0 && e.pc != e.rpc {
								continue
							}
						}
						break
					}
					if run < end { // (the frame and the entry stay: see next)
						run++
						goto next
					}
					break
				}
				if mask == 0 {
					if e.pc++; e.pc == e.rpc {
						break
					}
					if run < end {
						run++
						goto next
					}
					break
				}
				// Lanes that part: execBra's other cases, here rather
				// than in a function of their own (under WebAssembly
				// the call cost more than the rest of the branch).
				if pc := e.pc; e.rpc == o.reconv && pc+1 == o.reconv {
					e.mask, e.pc = mask, o.target // (see execBra)
				} else if e.rpc == o.reconv && o.target == o.reconv {
					e.mask, e.pc = fall, pc+1
				} else {
					e.pc = o.reconv
					f.stack = append(f.stack,
						entry{pc: pc + 1, rpc: o.reconv, mask: fall},
						entry{pc: o.target, rpc: o.reconv, mask: mask})
					e = &f.stack[len(f.stack)-1]
				}
				if e.pc == e.rpc {
					break
				}
				continue
			}
			if m.record {
				m.recordStep(w, f, e, mask)
			}
			m.stats.WarpInstructions++
			if o.flags&flagControl != 0 {
				m.stats.ThreadInstructions += int64(bits.OnesCount32(e.mask))
				o.exec(m, w, o) // control ops move the pc themselves
				if m.err != nil {
					m.done = true
				} else {
					normalize(w)
				}
				if w.wait != 0 || w.done || m.done {
					break burst
				}
				continue
			}
			if mask != 0 {
				m.stats.ThreadInstructions += int64(bits.OnesCount32(mask))
				if o.flags&flagClock != 0 {
					m.refreshClock(w, o)
				}
				if m.san != nil && m.san.undefRows > 0 {
					m.san.regUse(m, w, o) // sanitize_local.go
				}
				o.exec(m, w, o)
				if o.flags&flagPlain != 0 {
					f.wregs[:cap(f.wregs)][o.wm] |= mask // as the short path
				} else {
					for _, d := range o.d {
						if d >= 0 {
							f.wregs[d] |= mask
						}
					}
					if o.pd >= 0 {
						f.wpreds[o.pd] |= mask
					}
					if o.pd2 >= 0 {
						f.wpreds[o.pd2] |= mask
					}
				}
			}
			e.pc++
			if m.err != nil {
				m.done = true
				break burst
			}
			if e.pc == e.rpc {
				normalize(w) // reconvergence
			}
		}
		// A short path stopped at a fault or where lanes meet again (or
		// the burst's end: then normalize finds nothing to pop).
		if m.err != nil {
			m.done = true
			break
		}
		normalize(w)
	}
	// The warp's turn ends at the quantum, a wait, its end or the run's:
	// then the CTA's next warp has the next turn, and the cluster's next
	// CTA (cluster.go). Until then rr names the warp itself, so that the
	// next issue (a Step's, or Run's after its budget) goes on with it
	// even where a warp before it in the round became ready meanwhile
	// (an mbarrier's phase completed): a run in steps follows the
	// schedule of one run. (Selects rather than branches: under
	// WebAssembly each jump is a trip through the function's dispatch
	// loop.)
	c = w.cta
	ended := oneIf(run >= Quantum)|w.wait|oneIf(w.done)|oneIf(m.done) != 0
	e1 := oneIf(ended)
	rr := (w.id + e1) * oneIf(w.id+e1 != len(c.warps))
	c.rr, c.burst, m.cl.rotate = rr, run*(1-e1), ended
	// The next warp's burst, here rather than by a return to bursts and
	// a new issue: what next and issue's start do. Under WebAssembly the
	// call and the start cost more than a short burst between barriers.
	n = m.left + int64(end-run)
	m.left = n
	if !w.done {
		// Without clusters, the CTA's next warp where it can go: the
		// tests are one value (no jumps: see above); c.done is false,
		// as w runs.
		if nx := c.warps[rr]; e1&oneIf(n > 0)&oneIf(!m.done)&oneIf(m.cl.size == 1)&oneIf(!nx.done)&oneIf(nx.wait == 0) != 0 {
			w = nx
			m.cl.rotate = false
			goto handOver
		}
	} else {
		m.warpEnded(c)
	}
	if n <= 0 || !ended || m.done {
		return
	}
	if m.cl.size != 1 || c.done {
		if c, w = m.next(); w == nil {
			return
		}
		m.cur = c
	} else if w = c.warps[rr]; w.done || w.wait != 0 {
		return // (next's search, or the end of the CTA)
	}
	m.cl.rotate = false
	goto handOver
}

// oneIf is 1 for true, 0 for false (a select, not a branch).
func oneIf(b bool) int {
	if b {
		return 1
	}
	return 0
}

// contain turns a panic inside the machine (a simulator bug) into a fault
// that stops the run, so that no caller — the CLI, the page, a session —
// ever crashes on one.
func (m *Machine) contain() {
	if r := recover(); r != nil {
		m.err = &Fault{Msg: fmt.Sprintf("internal error (a simulator bug, please report it): %v", r)}
		m.done = true
	}
}

// Quantum is how many instructions in a row a warp issues before the
// scheduler moves to the next warp (round-robin). A fixed number keeps
// runs reproducible; larger bursts keep a warp's registers in cache.
const Quantum = 32

func (m *Machine) nextWarp(c *cta) *warp {
	if w := c.warps[c.rr]; !w.done && w.wait == 0 {
		return w
	}
	for i := 0; i < len(c.warps); i++ {
		w := c.warps[(c.rr+i)%len(c.warps)]
		if !w.done && w.wait == 0 {
			return w
		}
	}
	return nil
}

// warpEnded finishes the CTA when its last warp is done, and lets
// barriers waiting on exited warps go.
func (m *Machine) warpEnded(c *cta) {
	if m.cl.arrived != 0 { // (clusterRelease's own first test, without the call)
		m.clusterRelease(c)
	}
	if c.doneWarps != 1<<len(c.warps)-1 {
		for ids := c.barsWaited; ids != 0; ids &= ids - 1 {
			if id := bits.TrailingZeros16(ids); c.bars[id].waiting != 0 { // (tryRelease's own first test, without the call)
				m.tryRelease(c, id)
			}
		}
		return
	}
	// Copies still in flight complete before the CTA is gone.
	m.landBulk(c, func(*bulkCopy) bool { return true })
	if f := m.tmemLeak(c); f != nil && m.err == nil {
		m.err, m.done = f, true
	}
	c.done = true
	for _, w := range c.warps {
		for _, f := range w.frames {
			c.bytes += f.local.allocated()
		}
	}
	if len(m.ctas) >= m.nctas && m.clusterDone(c) {
		m.done = true
	}
	// Release (nil: ctaAt rebuilds what is left) all but the last
	// KeepCTAs finished CTAs, and the oldest of those while they hold more
	// than KeepCTABytes (the newest cluster always stays): a CTA with much
	// local or shared memory does not stay 64 times. Amortized O(1) per CTA.
	m.keptBytes += c.bytes
	keep := KeepCTAs
	if m.keep > 0 {
		keep = m.keep
	}
	upto := c.pos - c.rank // the newest cluster stays
	if m.keep == 1 && m.unviewed && m.cl.size == 1 && !m.done {
		// KeepFinished(1) on an Unviewed machine: nothing looks at a
		// finished CTA before the run ends, so one that another will
		// follow goes now, and the next CTA restarts in the blocks this
		// one just used, still in the first-level cache (released one
		// later, two CTAs' blocks take turns, twice the cache). The
		// grid's last CTA stays, as the newest finished one always has.
		upto, keep = c.pos+1, 0
	}
	for m.keptFrom < upto && (m.keptFrom < len(m.ctas)-keep || m.keptBytes > KeepCTABytes || m.ctas[m.keptFrom] == nil) {
		if old := m.ctas[m.keptFrom]; old != nil {
			m.keptBytes -= old.bytes
			m.ctas[m.keptFrom] = nil
			m.recycle(old)
		}
		m.keptFrom++
	}
}

// KeepCTABytes bounds the memory of the finished CTAs kept for snapshots.
const KeepCTABytes = 64 << 20

// KeepCTAs is how many of the most recent CTAs keep their registers and
// shared memory after they finish, for snapshots; older ones are released
// (a nil entry in m.ctas: nothing of them stays but their effects), so a
// grid of many CTAs runs in memory that does not grow with the grid.
// Checkpoints that still hold a released CTA keep their own pointer.
const KeepCTAs = 64

// ctaAt returns the started CTA at start position pos; a released CTA is
// rebuilt as what remains of it: finished warps with their lanes, every
// lane exited (a CTA is released only after all its warps ended).
func (m *Machine) ctaAt(pos int) *cta {
	if c := m.ctas[pos]; c != nil {
		return c
	}
	i := m.linearOf(pos)
	r := &cta{index: i, pos: pos, rank: pos % m.cl.size, id: m.ctaID(i), done: true}
	threads := int(m.launch.Block[0] * m.launch.Block[1] * m.launch.Block[2])
	for wi := 0; wi*32 < threads; wi++ {
		n := min(32, threads-wi*32)
		valid := uint32(1<<n - 1)
		if n == 32 {
			valid = ^uint32(0)
		}
		r.warps = append(r.warps, &warp{cta: r, id: wi, valid: valid, exited: ^uint32(0), done: true})
	}
	return r
}

func (m *Machine) deadlock(c *cta) {
	if m.san != nil {
		m.san.deadlock(m, c)
	}
	ids := ""
	for _, t := range m.cluster(c) {
		for _, w := range t.warps {
			if w.wait > 0 {
				if m.cl.size > 1 {
					ids += fmt.Sprintf(" CTA (%d,%d,%d)", t.id[0], t.id[1], t.id[2])
				}
				ids += fmt.Sprintf(" warp %d at %s;", w.id, barrierName(w.wait-1))
			}
		}
	}
	for _, t := range m.cluster(c) {
		ids += m.mbarDeadlock(t)
	}
	m.err = &Fault{Msg: "deadlock: every running warp waits at a barrier that can never complete:" + ids, CTA: c.id}
	m.done = true
}

// recordStep notes the instruction about to issue, for Last and the
// debugger's views of the step.
func (m *Machine) recordStep(w *warp, f *frame, e *entry, mask uint32) {
	m.lastAccess = m.lastAccess[:0]
	m.lastWrites = m.lastWrites[:0]
	m.last = lastStep{cta: w.cta.id, warp: int32(w.id), fn: f.fn.index, pc: e.pc, active: e.mask, exec: mask}
}

// shortPaths returns the op flags that take burst's short paths, of
// flagPlain, flagBra and flagBarSync: all three, or none while steps are recorded
// (recordStep: every op by the general path). Plain ops take the general
// path too while initcheck runs: a load from local memory may leave a
// register undefined in the middle of a burst, and from then on regUse
// must see every op (sanitize_local.go). Barriers take execBar under
// every sanitizer (racecheck and synccheck watch the arrivals).
func (m *Machine) shortPaths() opFlag {
	switch {
	case m.record:
		return 0
	case m.san == nil:
		return flagPlain | flagBra | flagBarSync
	case m.san.on&SanInit != 0:
		return flagBra
	}
	return flagPlain | flagBra
}

// issued returns n, the ops fused issued of the k it counted as thread
// instructions at its start, and takes back the count of the rest.
func (m *Machine) issued(k, n int, mask uint32) int {
	m.stats.ThreadInstructions -= int64((k - n) * bits.OnesCount32(mask))
	return n
}

// maxBlock is the most ops fused issues in one call.
const maxBlock = 16

// normalize pops finished stack entries: those that reached their
// reconvergence point, and those with no lanes left.
func normalize(w *warp) {
	f := w.f // (the top frame: see enter)
	for len(f.stack) > 1 {
		t := &f.stack[len(f.stack)-1]
		if t.mask != 0 && t.pc != t.rpc {
			break
		}
		f.stack = f.stack[:len(f.stack)-1]
	}
}

// fault stops the run with an error at lane of warp w.
func (m *Machine) raise(w *warp, o *op, lane int, msg string) {
	if m.err != nil {
		return
	}
	c := w.cta
	t := m.threadIdx(w.id*32 + lane)
	m.err = &Fault{Line: int(o.line), Col: int(o.col), CTA: c.id, Warp: w.id, Lane: lane}
	m.err.Msg = fmt.Sprintf("%s (thread (%d,%d,%d) of CTA (%d,%d,%d): warp %d lane %d, line %d)", msg, t[0], t[1], t[2], c.id[0], c.id[1], c.id[2], w.id, lane, o.line)
	if m.cl.size > 1 {
		m.err.Msg = strings.TrimSuffix(m.err.Msg, ")") + fmt.Sprintf(", cluster rank %d)", c.rank)
	}
}

func (m *Machine) threadIdx(linear int) [3]uint32 {
	b := m.launch.Block
	return [3]uint32{uint32(linear) % b[0], uint32(linear) / b[0] % b[1], uint32(linear) / (b[0] * b[1])}
}

// BufferByName returns the most recent global allocation made under name,
// as a view.
func (m *Machine) BufferByName(name string) (Mem, bool) {
	for i := len(m.global.bufs) - 1; i >= 0; i-- {
		if b := m.global.bufs[i]; b.name == name {
			return b.mem.view(0, b.mem.size), true
		}
	}
	return Mem{}, false
}

// The lane kinds (op.lane) of the setps issue runs in place where
// lonesInPlace (the handlers execSetpLessNarrowU1 and
// execSetpEqualNarrowIb1: see laneHandlers; TestLoneSetp pins them).
const (
	laneSetpLtU  = 8
	laneSetpEqIb = 12
)
