// snapshot.go: the view of the machine the UI draws, without touching
// internals: warps (pc, line, masks, SIMT stack, barrier), registers lane
// by lane, memory regions with what the last step wrote, and the last
// memory access analysed for coalescing and bank conflicts.

package sim

import (
	"crypto/sha256"
	"encoding/binary"
	"sort"
)

// Snapshot is the state of one CTA after some step.
type Snapshot struct {
	Step      int64          `json:"step"`
	Done      bool           `json:"done"`
	Fault     *Fault         `json:"fault,omitempty"`
	Stats     Stats          `json:"stats"`
	History   HistoryStats   `json:"history"`
	CTA       [3]uint32      `json:"cta"`
	CTAs      int            `json:"ctas"`              // CTAs in the grid
	Cluster   *ClusterView   `json:"cluster,omitempty"` // the CTA's cluster, when the launch has clusters (cluster.go)
	State     string         `json:"state"`             // "not started", "running", "done"
	Last      *StepInfo      `json:"last,omitempty"`
	Next      *NextInfo      `json:"next,omitempty"` // what the next step will issue
	Warps     []WarpView     `json:"warps"`
	Memory    []Region       `json:"memory"`
	Access    *Access        `json:"access,omitempty"`    // the last step's memory access
	Frag      *FragView      `json:"frag,omitempty"`      // the last matrix instruction's fragments
	FragNext  *FragView      `json:"frag_next,omitempty"` // the next instruction's A, B and C when it is an mma
	Async     []AsyncView    `json:"async,omitempty"`     // the CTA's cp.async copies not landed yet (cpasync.go)
	Mbarriers []MbarrierView `json:"mbarriers,omitempty"` // the CTA's mbarriers (mbarrier.go)
	Bulk      []BulkView     `json:"bulk,omitempty"`      // the CTA's bulk copies in flight (bulk.go)
	Landed    []BulkView     `json:"landed,omitempty"`    // its last copies that landed in its shared memory, oldest first (bulk.go)
	Tmem      *TmemView      `json:"tmem,omitempty"`      // the CTA's tensor memory (tmem.go)
	Stdout    string         `json:"stdout,omitempty"`    // the launch's printf output so far
}

// StepInfo describes the instruction the last step executed.
type StepInfo struct {
	CTA    [3]uint32 `json:"cta"`
	Warp   int       `json:"warp"`
	Line   int       `json:"line"`
	Col    int       `json:"col"`
	Text   string    `json:"text"`
	Active uint32    `json:"active"`
	Exec   uint32    `json:"exec"`
}

// NextInfo says which warp issues next and from which line.
type NextInfo struct {
	CTA  int `json:"cta"` // linear index
	Warp int `json:"warp"`
	Line int `json:"line"`
}

// WarpView is one warp.
type WarpView struct {
	ID       int         `json:"id"`
	PC       int         `json:"pc"`
	Line     int         `json:"line"`
	Col      int         `json:"col"`
	Func     string      `json:"func"`
	Active   uint32      `json:"active"`
	Valid    uint32      `json:"valid"`
	Exited   uint32      `json:"exited"`
	Done     bool        `json:"done"`
	Barrier  int         `json:"barrier"`            // the barrier it waits at, -1 if none; 16: the cluster barrier
	Mbarrier *int64      `json:"mbarrier,omitempty"` // shared address of the mbarrier it waits on in try_wait
	MaxNReg  int         `json:"maxnreg,omitempty"`  // its register count from setmaxnreg, 0 if none ran
	Stack    []StackView `json:"stack"`              // bottom first
	Calls    []string    `json:"calls"`              // function names, outermost first
	Regs     []RegView   `json:"regs,omitempty"`
	Frag     *FragView   `json:"frag,omitempty"` // its last matrix instruction's fragments (fragview.go)
}

// StackView is one SIMT stack entry: lanes Mask run from PC until RPC.
type StackView struct {
	PC    int    `json:"pc"`
	Line  int    `json:"line"`
	RPC   int    `json:"rpc"`   // -1: none (the bottom entry)
	RLine int    `json:"rline"` // the reconvergence line, 0 if none
	Mask  uint32 `json:"mask"`
}

// RegView is one register of a warp, lane by lane.
type RegView struct {
	Name    string     `json:"name"`
	Type    string     `json:"type"`
	Values  [32]uint64 `json:"values"`  // predicates: 0 or 1
	Written uint32     `json:"written"` // lanes that have written it
	Changed uint32     `json:"changed"` // lanes the last step wrote
}

// Region is a memory region and the byte ranges the last step wrote.
type Region struct {
	Name    string   `json:"name"`
	Space   string   `json:"space"`
	Base    uint64   `json:"base"` // global address, or 0
	Size    int      `json:"size"`
	Thread  int      `json:"thread,omitempty"` // local memory: linear thread index
	Written [][2]int `json:"written,omitempty"`
	Mem     Mem      `json:"-"` // the bytes, as they are when read
}

// SnapshotOptions chooses what a snapshot includes.
type SnapshotOptions struct {
	CTA   int  // linear CTA index; -1 = the running one
	Warp  int  // registers of this warp only; -1 = every warp
	Local bool // include each thread's local memory
}

// Snapshot describes the session's current state.
func (s *Session) Snapshot(opt SnapshotOptions) *Snapshot {
	snap := s.m.Snapshot(opt)
	snap.Step = s.step
	snap.History = s.History()
	return snap
}

// Snapshot describes the machine's state.
func (m *Machine) Snapshot(opt SnapshotOptions) *Snapshot {
	snap := &Snapshot{Done: m.done, Fault: m.err, Stats: m.stats, CTAs: m.nctas, Stdout: m.Stdout(), Frag: m.frag.view(), FragNext: m.fragNext()}
	if m.stats.WarpInstructions > 0 && m.last.fn >= 0 {
		e := m.Last()
		snap.Last = &StepInfo{CTA: e.CTA, Warp: e.Warp, Line: e.Line(), Col: e.Col(), Text: e.Text(), Active: e.Active, Exec: e.Exec}
	}
	if ci, wi, o := m.peek(); o != nil {
		snap.Next = &NextInfo{CTA: ci, Warp: wi, Line: int(o.line)}
	}
	var c *cta
	switch {
	case opt.CTA < 0:
		c = m.cur
	case opt.CTA < m.nctas && m.posOf(opt.CTA) < len(m.ctas):
		c = m.ctaAt(m.posOf(opt.CTA))
	}
	if c == nil {
		snap.State = "not started"
		snap.CTA = m.ctaID(max(opt.CTA, 0))
	} else {
		snap.Cluster = m.clusterView(c)
		snap.CTA = c.id
		snap.State = "running"
		if c.done {
			snap.State = "done"
		}
		for _, w := range c.warps {
			snap.Warps = append(snap.Warps, m.warpView(w, opt.Warp < 0 || opt.Warp == w.id, c == m.cur))
		}
	}
	snap.Memory = m.regions(c, opt.Local)
	snap.Access = m.analyseAccess()
	snap.Async = asyncViews(c)
	snap.Mbarriers = mbarViews(c)
	snap.Tmem = m.tmemPairView(c)
	snap.Bulk = bulkViews(c)
	snap.Landed = landedViews(c)
	return snap
}

func (m *Machine) warpView(w *warp, regs, current bool) WarpView {
	v := WarpView{ID: w.id, Valid: w.valid, Exited: w.exited & w.valid, Done: w.done, Barrier: max(w.wait-1, -1), MaxNReg: int(w.maxnreg)}
	if w.wait < 0 && w.mbarWait > 0 {
		a := int64(w.mbarWait - 1)
		v.Mbarrier = &a
	}
	v.Frag = w.frag.view()
	if len(w.frames) == 0 {
		return v // a CTA finished long ago: only its masks remain
	}
	f := w.top()
	for _, fr := range w.frames {
		v.Calls = append(v.Calls, fr.fn.name)
	}
	v.Func = f.fn.name
	lineOf := func(pc int32) int {
		if pc >= 0 && int(pc) < len(f.fn.code) {
			return int(f.fn.code[pc].line)
		}
		return 0
	}
	for _, e := range f.stack {
		sv := StackView{PC: int(e.pc), Line: lineOf(e.pc), RPC: int(e.rpc), Mask: e.mask}
		if e.rpc >= 0 {
			sv.RLine = lineOf(e.rpc)
		}
		v.Stack = append(v.Stack, sv)
	}
	if len(f.stack) > 0 {
		t := f.stack[len(f.stack)-1]
		v.PC, v.Active = int(t.pc), t.mask
		if !w.done && int(t.pc) < len(f.fn.code) {
			v.Line, v.Col = int(f.fn.code[t.pc].line), int(f.fn.code[t.pc].col)
		}
	}
	if !regs {
		return v
	}
	// Lanes the last step changed, when this warp issued it.
	var changedD map[int32]bool
	var changedP map[int32]bool
	var exec uint32
	if last := m.Last(); current && last.op != nil && last.Warp == w.id && m.cur == w.cta {
		o := last.op
		exec = last.Exec
		changedD, changedP = map[int32]bool{}, map[int32]bool{}
		for _, d := range o.d {
			changedD[d] = true
		}
		if o.pd >= 0 {
			changedP[o.pd] = true
		}
		if o.pd2 >= 0 {
			changedP[o.pd2] = true
		}
	}
	fn := f.fn
	for _, r := range fn.src.Regs {
		slot := fn.slots[r.Index]
		if r.Type.Name == ".pred" {
			rv := RegView{Name: r.Name, Type: r.Type.Name, Written: f.wpreds[slot]}
			for i := range 32 {
				rv.Values[i] = uint64(f.preds[slot] >> i & 1)
			}
			if changedP[slot] {
				rv.Changed = exec
			}
			v.Regs = append(v.Regs, rv)
			continue
		}
		n := max(1, r.Vec)
		for k := 0; k < n; k++ {
			s := slot + int32(k)
			name := r.Name
			if r.Vec > 0 {
				name += "." + string("xyzw"[k%4])
			}
			rv := RegView{Name: name, Type: r.Type.Name, Written: f.wregs[s]}
			rv.Values = f.regs[s]
			if changedD[s] {
				rv.Changed = exec
			}
			v.Regs = append(v.Regs, rv)
		}
	}
	return v
}

// regions lists global buffers, the CTA's shared memory and, optionally,
// each thread's local memory, with the ranges the last step wrote.
func (m *Machine) regions(c *cta, local bool) []Region {
	var rs []Region
	for _, b := range m.global.bufs {
		r := Region{Name: b.name, Space: "global", Base: b.base, Size: b.mem.size, Mem: b.mem.view(0, b.mem.size)}
		for _, w := range m.lastWrites {
			if w.space == spaceGlobal && w.addr >= b.base && w.addr < b.end() {
				r.Written = append(r.Written, [2]int{int(w.addr - b.base), w.size})
			}
		}
		r.Written = mergeRanges(r.Written)
		rs = append(rs, r)
	}
	if c != nil {
		r := Region{Name: "shared", Space: "shared", Size: len(c.shared), Mem: flatMem(c.shared)}
		{
			for _, w := range m.lastWrites {
				if w.space == spaceShared && w.cta == c.index {
					r.Written = append(r.Written, [2]int{int(w.addr), w.size})
				}
			}
		}
		r.Written = mergeRanges(r.Written)
		rs = append(rs, r)
		if local {
			for _, w := range c.warps {
				if len(w.frames) == 0 {
					continue
				}
				f := w.frames[0]
				size := f.fn.localSize
				if size == 0 {
					continue
				}
				for lane := 0; lane < 32; lane++ {
					if w.valid>>lane&1 == 0 {
						continue
					}
					r := Region{Name: "local", Space: "local", Thread: w.id*32 + lane, Size: size, Mem: f.local.view(lane*size, size)}
					for _, wr := range m.lastWrites {
						if wr.space == spaceLocal && wr.warp == w.id && wr.lane == lane && c == m.cur {
							r.Written = append(r.Written, [2]int{int(wr.addr), wr.size})
						}
					}
					r.Written = mergeRanges(r.Written)
					rs = append(rs, r)
				}
			}
		}
	}
	return rs
}

func mergeRanges(rs [][2]int) [][2]int {
	if len(rs) < 2 {
		return rs
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i][0] < rs[j][0] })
	out := rs[:1]
	for _, r := range rs[1:] {
		last := &out[len(out)-1]
		if r[0] <= last[0]+last[1] {
			last[1] = max(last[1], r[0]+r[1]-last[0])
			continue
		}
		out = append(out, r)
	}
	return out
}

// Access is one warp-wide memory instruction as the memory system sees
// it: each lane's address and size, and what they cost.
type Access struct {
	Space string       `json:"space"`
	Write bool         `json:"write"`
	Lanes []LaneAccess `json:"lanes"`
	// Global (and generic-to-global) accesses: distinct 32-byte sectors
	// and 128-byte lines touched — 4 sectors and 1 line for 32 lanes
	// reading consecutive words.
	Sectors int `json:"sectors,omitempty"`
	Lines   int `json:"lines,omitempty"`
	// Shared accesses: the bank-conflict degree, the most distinct 4-byte
	// words any one of the 32 banks must serve (1 = conflict-free; lanes
	// reading the same word are a broadcast, not a conflict).
	Conflict int `json:"conflict,omitempty"`
}

// LaneAccess is one lane's part of an access.
type LaneAccess struct {
	Lane int    `json:"lane"`
	Addr uint64 `json:"addr"`
	Size int    `json:"size"`
}

func (m *Machine) analyseAccess() *Access {
	if len(m.lastAccess) == 0 {
		return nil
	}
	a0 := m.lastAccess[0]
	sp, _ := a0.space, a0.addr
	if sp == spaceGeneric {
		sp, _ = genericToSpace(a0.addr)
	}
	lanes := make([]LaneAccess, 0, len(m.lastAccess))
	for _, a := range m.lastAccess {
		lanes = append(lanes, LaneAccess{Lane: a.lane, Addr: a.addr, Size: a.size})
	}
	return AnalyseAccess(sp.String(), a0.write, lanes)
}

// AnalyseAccess computes the coalescing (global) or bank-conflict (shared)
// figures for a set of lane accesses. Addresses are in the given space.
func AnalyseAccess(space string, write bool, lanes []LaneAccess) *Access {
	a := &Access{Space: space, Write: write, Lanes: lanes}
	switch space {
	case "shared":
		words := [32]map[uint64]bool{}
		for _, l := range lanes {
			for w := l.Addr / 4; w <= (l.Addr+uint64(max(l.Size, 1))-1)/4; w++ {
				b := w % 32
				if words[b] == nil {
					words[b] = map[uint64]bool{}
				}
				words[b][w] = true
			}
		}
		for _, ws := range words {
			a.Conflict = max(a.Conflict, len(ws))
		}
	default:
		sectors, lines := map[uint64]bool{}, map[uint64]bool{}
		for _, l := range lanes {
			end := l.Addr + uint64(max(l.Size, 1)) - 1
			for s := l.Addr / 32; s <= end/32; s++ {
				sectors[s] = true
			}
			for s := l.Addr / 128; s <= end/128; s++ {
				lines[s] = true
			}
		}
		a.Sectors, a.Lines = len(sectors), len(lines)
	}
	return a
}

// Fingerprint hashes the whole machine state (registers and written
// flags, predicates, memory, SIMT stacks and frames, barriers, scheduler
// position, statistics and clock): two machines with equal fingerprints
// are in the same state, bit for bit.
func (m *Machine) Fingerprint() [32]byte {
	h := sha256.New()
	var buf [8]byte
	u := func(v uint64) {
		binary.LittleEndian.PutUint64(buf[:], v)
		h.Write(buf[:])
	}
	b := func(x bool) {
		if x {
			u(1)
		} else {
			u(0)
		}
	}
	u(uint64(m.stats.WarpInstructions))
	u(uint64(m.stats.ThreadInstructions))
	u(m.clock())
	u(uint64(m.releases))
	b(m.done)
	b(m.cl.rotate)
	u(uint64(m.cl.arrived))
	u(uint64(m.cl.phases))
	if m.cur != nil {
		u(uint64(m.cur.pos))
	}
	b(m.err != nil)
	for _, g := range m.global.bufs {
		u(g.base)
		g.mem.hash(h)
	}
	u(uint64(len(m.ctas)))
	for i := range m.ctas {
		c := m.ctaAt(i)
		u(uint64(c.index))
		u(uint64(c.rank))
		u(uint64(c.rr))
		u(uint64(c.burst))
		b(c.done)
		h.Write(c.shared)
		for _, r := range c.mbars {
			u(r.addr)
			u(r.phases)
		}
		for _, b := range c.bulk {
			u(b.dst)
			u(b.mbar)
			u(uint64(len(b.data)))
		}
		for _, br := range c.bars {
			u(uint64(br.arrived))
			u(br.waiting)
			u(br.arrivedWarps)
			u(uint64(br.want))
			u(uint64(br.red))
			b(br.redInit)
		}
		for _, w := range c.warps {
			u(uint64(w.exited))
			u(uint64(w.cc))
			u(uint64(w.wait))
			u(uint64(w.clArr))
			u(uint64(w.maxnreg))
			u(w.mbarWait)
			for _, g := range w.bulkGroups {
				u(uint64(g))
			}
			b(w.done)
			u(uint64(len(w.frames)))
			for _, f := range w.frames {
				u(f.localBase)
				u(uint64(f.entryMask))
				u(uint64(f.returned))
				for _, e := range f.stack {
					u(uint64(uint32(e.pc)) | uint64(uint32(e.rpc))<<32)
					u(uint64(e.mask))
				}
				for i := range f.regs {
					for _, v := range &f.regs[i] {
						u(v)
					}
				}
				for _, p := range f.preds {
					u(uint64(p))
				}
				for _, p := range f.wregs {
					u(uint64(p))
				}
				for _, p := range f.wpreds {
					u(uint64(p))
				}
				f.local.hash(h)
				h.Write(f.param)
			}
		}
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}
