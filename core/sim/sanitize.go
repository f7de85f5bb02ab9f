// sanitize.go: the sanitizers: racecheck, synccheck and initcheck, as
// NVIDIA's compute-sanitizer names them, exact because the machine sees
// every access of every thread in one fixed order.
//
// They are off unless Machine.Sanitize turns them on before the first step.
// Off, the machine pays one nil test where an access leaves the warp-wide
// fast path (fastmem.go) and one in each barrier; on, every access takes
// the lane-by-lane path and reaches sanitizer.access.
//
// Findings (Hazard) are not faults: the run goes on and computes what it
// would compute without them; only a barrier that can never complete (a
// hang on the GPU) stops it, as it always did, now with a sync finding.
//
// Step back: a Session whose machine sanitizes takes the findings back
// with each step back. A checkpoint holds the sanitizers' state as it was
// (sanitize_clone.go): the shadow and the warps' and CTAs' records are
// shared with the running machine and copied on its first change after
// the checkpoint, a chunk of shadow, a warp or a CTA at a time. The page
// runs the sanitizers on a machine of its own, beside the session
// (web/sanitize.go), so that its history stays small.
//
// The model (racecheck), after the PTX ISA memory consistency model (ISA
// 8.x "Memory Consistency Model": conflicting accesses, morally strong
// operations, synchronizes-with) and the CUDA programming guide's
// independent thread scheduling:
//   - Two accesses conflict when they overlap, come from different threads
//     and at least one writes. They are ordered (no race) when a barrier
//     phase both threads took part in lies between them (bar/barrier .sync,
//     .red, .arrive with the arrival releasing and the wait acquiring;
//     barrier.cluster arrive/wait), when both are lanes of one warp in one
//     instruction, when a bar.warp.sync whose mask names both lanes lies
//     between them, or when the first thread released (fence/membar,
//     st/red/atom .release or .acq_rel) after the first access and the
//     second thread acquired (fence/membar, ld/atom .acquire or .acq_rel)
//     after that release, at a scope that includes both threads.
//   - Two morally strong accesses never race (ISA 8.7 "Morally strong
//     operations", 8.7.1 "Conflict and data-races"): both strong (atom,
//     red, .relaxed, .acquire, .release; .volatile, which ISA 8.4.2 makes
//     a relaxed operation at system scope) and each with a scope that
//     includes the other's thread (.cta: the same CTA; .cluster: the same
//     cluster; .gpu, .sys and no scope on an atomic: every thread). Two
//     .volatile accesses are the exception, reported as races: a racing
//     volatile read still sees either value, and warp-synchronous code
//     that leaned on it is exactly what independent thread scheduling
//     broke.
//   - Vector clocks over the warps of a cluster carry barrier order; lanes
//     of one warp are told apart by step and by their bar.warp.sync
//     generation; release and acquire are kept per thread, each lane its
//     own, with barriers and bar.warp.sync carrying them on (causality
//     order is transitive): sanitize_relacq.go.
//   - Two plain stores that race but write the bytes already there are not
//     reported: either order leaves the same memory (redundant warps, as
//     Triton's epilogues have, storing one tile together).
//   - A plain (weak) access racing an atomic is a data race, read or
//     write, in either order: atomics are race-free only among strong
//     operations. The first plain read of an atomicCAS loop is one; its
//     fix is a strong read (ld.relaxed, a volatile read, atomicAdd(p, 0)).
//   - initcheck watches shared memory and the global buffers a launch makes
//     with "count" alone, per byte, at the load; atomics count as writes.
//     Local memory is checked where an undefined value is used, the value
//     followed through registers (sanitize_local.go): compilers at -O0
//     copy structs whole through it, unset members and padding included,
//     which C allows.
//   - Shadow memory: one record of the last write and two of the last
//     concurrent reads per 4-byte granule, with a byte mask each, and a
//     bit per byte for initcheck, in chunks of 1 KiB of memory (sanPage)
//     made when first touched: shared memory per CTA of the running
//     cluster, global memory per buffer, within ShadowBytes.

package sim

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"strings"
)

// Sanitize selects sanitizers.
type Sanitize uint8

const (
	SanRace Sanitize = 1 << iota // racecheck: shared and global memory
	SanSync                      // synccheck: barriers and warp-synchronous masks
	SanInit                      // initcheck: reads of bytes nothing wrote
	SanAll  = SanRace | SanSync | SanInit
)

// ParseSanitize reads "race,sync,init", "all" or "none" (or "").
func ParseSanitize(s string) (Sanitize, error) {
	var k Sanitize
	for _, f := range strings.Split(s, ",") {
		switch strings.TrimSpace(f) {
		case "race":
			k |= SanRace
		case "sync":
			k |= SanSync
		case "init":
			k |= SanInit
		case "all":
			k |= SanAll
		case "none", "":
		default:
			return 0, fmt.Errorf("unknown sanitizer %q (use race, sync, init, all or none)", strings.TrimSpace(f))
		}
	}
	return k, nil
}

func (k Sanitize) String() string {
	var s []string
	for i, n := range []string{"race", "sync", "init"} {
		if k&(1<<i) != 0 {
			s = append(s, n)
		}
	}
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ",")
}

// HazardAccess is one thread's side of a finding.
type HazardAccess struct {
	Line   int       `json:"line"`
	Col    int       `json:"col"`
	Thread [3]uint32 `json:"thread"`
	CTA    [3]uint32 `json:"cta"`
	Warp   int       `json:"warp"`
	Lane   int       `json:"lane"`
	Step   int64     `json:"step"`
	Access string    `json:"access,omitempty"` // read, write, atomic (races and reads of uninitialised bytes); use (of an undefined local value)
}

// Hazard is one finding of a sanitizer. Findings with the same kind and
// the same source positions (both sides) are one Hazard, the first
// occurrence, with Count saying how many there were.
type Hazard struct {
	Kind    string `json:"kind"` // race, sync, init
	Message string `json:"message"`
	HazardAccess
	Space string        `json:"space,omitempty"` // shared, global, local
	Addr  uint64        `json:"address,omitempty"`
	Size  int           `json:"size,omitempty"`
	Other *HazardAccess `json:"other,omitempty"` // the earlier access of a race; the other arrival of a barrier mismatch
	Count int           `json:"count"`
	// Uninit lists the bytes nothing had written that the reads of an
	// init finding in shared or global memory took, over all its Count
	// occurrences: [address, length] runs (shared: offsets in the CTA's
	// shared memory), sorted and merged, at most MaxUninitRuns.
	Uninit [][2]uint64 `json:"uninit,omitempty"`
}

// MarshalJSON writes "address" whenever the finding has a space, 0
// included (the first word of shared memory is a real address); a finding
// with no space (a barrier mismatch) has none.
func (h Hazard) MarshalJSON() ([]byte, error) {
	type plain Hazard
	if h.Space == "" {
		return json.Marshal(plain(h))
	}
	return json.Marshal(struct {
		plain
		Addr uint64 `json:"address"` // shallower than plain's, so it wins
	}{plain(h), h.Addr})
}

// MaxUninitRuns bounds Hazard.Uninit; runs past it are dropped.
const MaxUninitRuns = 4096

// ShadowBytes bounds the racecheck shadow memory of global buffers; past
// it, pages not yet shadowed go unchecked and a note says so.
var ShadowBytes int64 = 512 << 20

// MaxHazards bounds the distinct findings kept; the rest are counted.
const MaxHazards = 1000

// Sanitize turns the sanitizers k on (0: off). Call it before the first
// step; uninitialised global buffers are named with SanitizeUninit.
func (m *Machine) Sanitize(k Sanitize) {
	if k == 0 {
		m.san = nil
		return
	}
	m.san = &sanitizer{on: k, mem: k&(SanRace|SanInit) != 0, index: map[hzKey]int{}, warps: map[int64]*sanWarp{}, ctas: map[int]*sanCTA{},
		curCluster: -1, gen: nextEpoch()}
	m.san.proxyStart(m.prog) // sanitize_proxy.go
}

// SanitizeUninit marks the global buffer at base as holding no initialised
// byte (a launch buffer made with "count" only): initcheck reports its
// bytes read before written.
func (m *Machine) SanitizeUninit(base uint64) {
	if m.san == nil {
		return
	}
	for i, b := range m.global.bufs {
		if b.base == base {
			m.san.buf(i, b).uninit = true
		}
	}
}

// Sanitizing reports the sanitizers on.
func (m *Machine) Sanitizing() Sanitize {
	if m.san == nil {
		return 0
	}
	return m.san.on
}

// Hazards returns the findings so far, in the order they were found.
func (m *Machine) Hazards() []Hazard {
	if m.san == nil {
		return nil
	}
	h := append([]Hazard(nil), m.san.hz...)
	if m.san.dropped > 0 {
		h = append(h, Hazard{Kind: "note", Message: fmt.Sprintf("%d more findings at other lines were not kept (the first %d are listed)", m.san.dropped, MaxHazards), Count: m.san.dropped})
	}
	if m.san.shadowFull {
		h = append(h, Hazard{Kind: "note", Message: fmt.Sprintf("racecheck: global memory past %d MiB of shadow state went unchecked", ShadowBytes>>20), Count: 1})
	}
	return h
}

type hzKey struct {
	kind         string
	line, col    int
	oline, ocol  int
	access, oacc string
}

type sanitizer struct {
	on      Sanitize
	hz      []Hazard
	index   map[hzKey]int
	dropped int

	warps      map[int64]*sanWarp // by cta position * 64 + warp id, the running cluster's
	ctas       map[int]*sanCTA    // by cta position, the running cluster's
	curCluster int
	bufs       []*sanBuf  // by the buffer's index in the machine's globalMem.bufs
	rels       []relEvent // release events in step order (sanitize_relacq.go)
	shadow     int64
	shadowFull bool

	// barrier.cluster: the join of the phase in progress and of the last
	// completed one, and the warps waiting to acquire it.
	clPhase, clDonePhase int64
	clJoin, clDone       []uint32
	clAcq, clAcqDone     [3]int64 // the acquires the phases carry (sanitize_relacq.go)
	clWaiters            []int64  // their keys (sanitizer.warps)

	mbars map[mbarKey]*sanMbar // mbarrier phases (sanitize_mbar.go), the running cluster's

	// Caches: the op last classified, the warp and CTA last looked up.
	op     *op
	sem    opSem
	lastW  *warp
	lastSW *sanWarp
	lastC  *cta
	lastSC *sanCTA

	mem bool // race or init: every access must reach access (no warp-wide fast path)

	// undefRows counts the registers holding undefined bytes loaded from
	// local memory (sanitize_local.go); while it is 0 the issue loop does
	// not call regUse.
	undefRows int

	acqSeen bool // some thread acquired: barriers carry acquires from then on (sanitize_relacq.go)

	px *sanProxy // racecheck across proxies, when the kernel reads shared memory through the async proxy (sanitize_proxy.go)

	// Copy on write (sanitize_clone.go): the warps, CTAs, buffers,
	// mbarriers and chunks of shadow whose gen is another than gen are
	// shared with a clone and copied before they change; hzShared: hz
	// and index are. copied counts the bytes copied since the last clone.
	gen      uint64
	hzShared bool
	copied   int64
}

// opSem is what racecheck needs of a memory instruction.
type opSem struct {
	atomic, strong    bool
	volatile          bool
	acquire, release  bool
	scope             uint8 // scopeCTA, scopeCluster, scopeGPU
	relStep           int64 // the step its release was recorded at (once a step)
	name              string
	proxyAsync, write bool
}

const (
	scopeCTA = iota
	scopeCluster
	scopeGPU
)

// sanWarp is a warp's synchronisation state.
type sanWarp struct {
	gen   uint64 // copy on write (sanitize_clone.go)
	key   int64
	self  int      // its slot in vc: cluster rank * warps per CTA + warp id
	vc    []uint32 // vector clock over the cluster's warps
	sgen  uint32   // bar.warp.sync generation
	lsync [32]uint32
	lmask [32]uint32
	acq   [32][3]int64 // per lane: the step of the last acquire at each scope level (and wider) in its causal past
	snap  *relSnap     // the last release's snapshot, reused while unchanged
	clArr int64        // 1 + the cluster-barrier phase it arrived in, 0 if none pending
	// barPend: live lanes on another path when the warp arrived at a
	// barrier without .aligned (synccheck); barPendHz the finding, made
	// when one of them reaches a barrier before it exits.
	barPend   uint32
	barPendHz Hazard

	frames []*sanFrame // initcheck of local memory, by frame depth (sanitize_local.go)
	px     *warpProxy  // proxy fences (sanitize_proxy.go)
}

// sanCTA is a CTA's shadow of its shared memory and its barriers.
type sanCTA struct {
	gen   uint64     // copy on write (sanitize_clone.go)
	pages []*sanPage // the shadow of its shared memory, by chunk
	bars  [16]sanBar
	px    []proxyW // each byte's last generic-proxy write (sanitize_proxy.go)
}

type sanBar struct {
	join  []uint32
	acq   [3]int64 // the arrivals' acquires
	op    *op
	want  int
	warp  int
	lane  int
	step  int64
	count int
}

// sanBuf is a global buffer's shadow.
type sanBuf struct {
	gen    uint64 // copy on write (sanitize_clone.go)
	uninit bool
	pages  []*sanPage // by chunk
}

// The shadow's chunk: 1 KiB of memory. Smaller than the machine's pages
// (pages.go) because a checkpoint's copy on write copies a chunk whole,
// at 26 bytes of shadow a byte.
const (
	shadowShift = 10
	shadowSize  = 1 << shadowShift
	shadowMask  = shadowSize - 1
)

// sanPage is the shadow of a chunk of shared or global memory: racecheck's
// granules and initcheck's bits (set: the byte is initialised). Its one
// pointer comes first: the collector's scan of a chunk ends there, and
// the granules, which hold no pointer, cost it nothing.
type sanPage struct {
	split [][4]sanAcc // the granules' byte records (sanGran.sp)
	gen   uint64      // copy on write (sanitize_clone.go)
	gran  [shadowSize / 4]sanGran
	init  [shadowSize / 64]uint64
}

// shadowCost is what a chunk counts against ShadowBytes.
const shadowCost = shadowSize * 25

// sanGran is a 4-byte granule's race shadow. w is the last write; when
// two threads' writes hold different bytes of the granule (the lanes of a
// warp storing neighbouring bytes, a u8 element a thread), its page's
// split[sp-1] holds the last write of each byte instead, so that a thread
// reading its own byte does not race with its neighbour's store. sp < 0:
// not split now, split[-sp-1] its record for the next split (so a chunk
// holds at most a record a granule).
type sanGran struct {
	w      sanAcc
	r0, r1 sanAcc
	sp     int32
}

// splitOf is g's byte records in p, nil when g is not split.
func (p *sanPage) splitOf(g *sanGran) *[4]sanAcc {
	if g.sp <= 0 {
		return nil
	}
	return &p.split[g.sp-1]
}

// sanAcc is one recorded access.
type sanAcc struct {
	step  int64
	clock uint32
	sgen  uint32
	cpos  int32
	line  int32
	col   uint16
	warp  uint8
	lane  uint8
	mask  uint8 // bytes of the granule (0: no access recorded)
	flags uint8
}

const (
	accWrite = 1 << iota
	accAtomic
	accStrong
	accVolatile
	accScope0 // two bits from here: the scope of a strong access (scopeCTA, scopeCluster, scopeGPU)
)

// buf returns the shadow of b, the machine's buffer i, the sanitizer's
// own to change.
func (s *sanitizer) buf(i int, b *buffer) *sanBuf {
	if i >= len(s.bufs) {
		s.bufs = append(s.bufs, make([]*sanBuf, i+1-len(s.bufs))...)
	}
	sb := s.bufs[i]
	if sb == nil {
		sb = &sanBuf{gen: s.gen, pages: make([]*sanPage, (b.mem.size+shadowMask)>>shadowShift)}
		s.bufs[i] = sb
	} else if sb.gen != s.gen {
		sb = s.ownBuf(i)
	}
	return sb
}

// page returns chunk i of sb's shadow, made when first needed (nil when
// the shadow bound is reached), the sanitizer's own to change.
func (s *sanitizer) page(sb *sanBuf, i uint64) *sanPage {
	if i >= uint64(len(sb.pages)) {
		return nil
	}
	p := sb.pages[i]
	if p == nil {
		if s.shadow+shadowCost > ShadowBytes {
			s.shadowFull = true
			return nil
		}
		p = &sanPage{gen: s.gen}
		if !sb.uninit {
			for k := range p.init {
				p.init[k] = ^uint64(0)
			}
		}
		s.shadow += shadowCost
		sb.pages[i] = p
	} else if p.gen != s.gen {
		p = s.ownPage(&sb.pages[i])
	}
	return p
}

// sharedPage returns chunk i of sc's shadow of shared memory (nothing
// initialised at first), the sanitizer's own to change.
func (s *sanitizer) sharedPage(sc *sanCTA, i uint64) *sanPage {
	p := sc.pages[i]
	if p == nil {
		p = &sanPage{gen: s.gen}
		sc.pages[i] = p
	} else if p.gen != s.gen {
		p = s.ownPage(&sc.pages[i])
	}
	return p
}

// enterCluster drops the state of the CTAs of a cluster that ended.
func (s *sanitizer) enterCluster(m *Machine, c *cta) {
	if k := c.pos / m.cl.size; k != s.curCluster {
		s.curCluster = k
		clear(s.ctas)
		clear(s.warps)
		s.lastW, s.lastSW, s.lastC, s.lastSC = nil, nil, nil, nil
		s.clJoin, s.clDone, s.clWaiters, s.mbars = nil, nil, nil, nil
		s.undefRows = 0
	}
}

// forgetBlocks empties the caches of the CTA and warp last looked up: a
// CTA starting in a released CTA's struct and blocks (restartCTA) has the
// same pointers, but state of its own.
func (s *sanitizer) forgetBlocks() {
	s.lastW, s.lastSW, s.lastC, s.lastSC = nil, nil, nil, nil
}

func (s *sanitizer) cta(m *Machine, c *cta) *sanCTA {
	if c == s.lastC {
		return s.lastSC
	}
	s.enterCluster(m, c)
	sc := s.ctas[c.pos]
	if sc == nil {
		sc = &sanCTA{gen: s.gen, pages: make([]*sanPage, (len(c.shared)+shadowMask)>>shadowShift)}
		s.ctas[c.pos] = sc
	} else if sc.gen != s.gen {
		sc = s.ownCTA(c.pos)
	}
	s.lastC, s.lastSC = c, sc
	return sc
}

func (s *sanitizer) warp(m *Machine, w *warp) *sanWarp {
	if w == s.lastW {
		return s.lastSW
	}
	s.enterCluster(m, w.cta)
	key := int64(w.cta.pos)*64 + int64(w.id)
	sw := s.warps[key]
	if sw == nil {
		nw := len(w.cta.warps)
		sw = &sanWarp{gen: s.gen, key: key, self: w.cta.rank*nw + w.id, vc: make([]uint32, m.cl.size*nw)}
		s.warps[key] = sw
	} else if sw.gen != s.gen {
		sw = s.ownWarp(key)
	}
	s.lastW, s.lastSW = w, sw
	return sw
}

// classify reads what racecheck needs of o (cached for the step).
func (s *sanitizer) classify(o *op) *opSem {
	if s.op == o {
		return &s.sem
	}
	s.op = o
	s.sem = opSem{scope: scopeGPU, relStep: -1}
	if o.inst == nil {
		return &s.sem
	}
	name := o.inst.Entry.Name
	s.sem.name = name
	s.sem.atomic = name == "atom" || name == "red"
	scoped := false
	for _, md := range o.inst.Src.Mods {
		switch md.Name {
		case ".relaxed":
			s.sem.strong = true
		case ".volatile":
			s.sem.volatile = true
		case ".acquire":
			s.sem.strong, s.sem.acquire = true, true
		case ".release":
			s.sem.strong, s.sem.release = true, true
		case ".acq_rel", ".sc":
			s.sem.strong, s.sem.acquire, s.sem.release = true, true, true
		case ".cta", ".shared::cta":
			if md.Name == ".cta" {
				s.sem.scope, scoped = scopeCTA, true
			}
		case ".cluster":
			s.sem.scope, scoped = scopeCluster, true
		case ".gpu", ".gl", ".sys":
			s.sem.scope, scoped = scopeGPU, true
		}
	}
	if s.sem.atomic {
		s.sem.strong = true
	}
	if name == "fence" || name == "membar" {
		s.sem.acquire, s.sem.release = true, true
		for _, md := range o.inst.Src.Mods {
			if strings.HasPrefix(md.Name, ".proxy") || md.Name == ".mbarrier_init" {
				s.sem.acquire, s.sem.release = false, false // proxy fences order proxies, not threads
			}
		}
	}
	_ = scoped
	return &s.sem
}

// fence runs for fence and membar: a release and an acquire at its scope.
func (s *sanitizer) fence(m *Machine, w *warp, o *op) {
	if s.px != nil {
		s.proxyFence(m, w, o) // sanitize_proxy.go
	}
	sem := s.classify(o)
	if sem.release {
		s.release(m, w, sem)
	}
	if sem.acquire {
		s.acquire(m, w, sem, w.mask)
	}
}

// access is the hook of every checked memory access (mem.go access): lane
// of w accesses n bytes at addr in space sp through o.
func (s *sanitizer) access(m *Machine, w *warp, o *op, lane int, sp space, addr uint64, n int, write bool) {
	if sp == spaceGeneric {
		sp, addr = genericToSpace(addr)
	}
	sem := s.classify(o)
	if sem.release {
		s.release(m, w, sem)
	}
	t := w.cta
	switch sp {
	case spaceSharedCluster:
		tc, off, _ := m.sharedTarget(w.cta, addr)
		if tc == nil {
			return
		}
		t, addr = tc, off
		fallthrough
	case spaceShared:
		sc := s.cta(m, t)
		s.shadowAccess(m, w, o, lane, sc, nil, addr, addr, n, write, sem, "shared")
		if write && s.px != nil {
			s.proxyWrite(m, w, o, lane, t, sc, addr, n) // sanitize_proxy.go
		}
	case spaceLocal:
		if s.on&SanInit != 0 {
			s.localAccess(m, w, o, lane, addr, n, write) // sanitize_local.go
		}
	case spaceGlobal:
		b := m.global.find(addr, n)
		if b == nil {
			break
		}
		sb := s.buf(m.global.last, b) // find leaves last at b's index
		if (s.on&SanInit == 0 || !sb.uninit) && s.on&SanRace == 0 {
			break
		}
		s.shadowAccess(m, w, o, lane, nil, sb, addr-b.base, addr, n, write, sem, "global")
	}
	if sem.acquire {
		s.acquire(m, w, sem, 1<<lane)
	}
}

// shadowAccess checks and records lane's access of n bytes at offset off
// of sc's shared memory or of sb's buffer (the other nil); addr is the
// address shown. Aligned accesses stay inside one chunk of shadow; one
// that does not is taken a chunk at a time for racecheck.
func (s *sanitizer) shadowAccess(m *Machine, w *warp, o *op, lane int, sc *sanCTA, sb *sanBuf, off, addr uint64, n int, write bool, sem *opSem, spaceName string) {
	var b *buffer
	if sb != nil {
		b = m.global.bufs[m.global.last]
	}
	lo, hi := off>>shadowShift, (off+uint64(n)-1)>>shadowShift
	var p *sanPage
	if lo == hi {
		if p = s.chunk(sc, sb, lo); p == nil {
			return
		}
	}
	if s.on&SanInit != 0 && (sb == nil || sb.uninit) {
		if p != nil {
			s.initBits(m, w, o, lane, &p.init, off&shadowMask, addr, n, write && !sem.atomic, sem.atomic, b)
		} else {
			s.initBitsSlow(m, w, o, lane, sc, sb, off, addr, n, write && !sem.atomic, sem.atomic, b)
		}
	}
	if s.on&SanRace == 0 {
		return
	}
	if p != nil {
		s.race(m, w, o, lane, p, off&shadowMask, n, write, sem, spaceName, addr)
		return
	}
	for c := lo; c <= hi; c++ { // a chunk at a time, as the granules of one before
		q := s.chunk(sc, sb, c)
		if q == nil {
			return
		}
		a, e := max(off, c<<shadowShift), min(off+uint64(n), (c+1)<<shadowShift)
		s.race(m, w, o, lane, q, a&shadowMask, int(e-a), write, sem, spaceName, addr+(a-off))
	}
}

// chunk is chunk i of sc's or sb's shadow (nil past the shadow bound).
func (s *sanitizer) chunk(sc *sanCTA, sb *sanBuf, i uint64) *sanPage {
	if sc != nil {
		if i >= uint64(len(sc.pages)) {
			return nil
		}
		return s.sharedPage(sc, i)
	}
	return s.page(sb, i)
}

// initBits checks and sets initialised bits: ib[off..off+n) (off the
// offset in the chunk; addr the address shown; b the global buffer, or
// nil for shared memory). A write sets them; a read checks them; an atomic
// (a read and a write) checks then sets them in shared memory, where
// nothing starts defined, and only sets them in a "count" buffer, which
// ptxplay fills with zeros as a cudaMemset before a histogram would.
func (s *sanitizer) initBits(m *Machine, w *warp, o *op, lane int, ib *[shadowSize / 64]uint64, off, addr uint64, n int, write, atomic bool, b *buffer) {
	if n <= 64 && off&63+uint64(n) <= 64 { // one word's bits (every aligned access)
		word := &ib[off>>6]
		mask := (^uint64(0) >> (64 - uint(n))) << (off & 63)
		if !write && (!atomic || b == nil) {
			if miss := ^*word & mask; miss != 0 {
				var runs [][2]uint64
				for l := miss; l != 0; {
					i := uint64(bits.TrailingZeros64(l)) // a run of missing bytes from bit i
					k := uint64(bits.TrailingZeros64(^(l >> i)))
					runs = append(runs, [2]uint64{addr + i - off&63, k})
					l &^= (^uint64(0) >> (64 - k)) << i
				}
				s.reportInit(m, w, o, lane, addr, n, bits.OnesCount64(miss), b, runs)
			}
			if !atomic {
				return
			}
		}
		*word |= mask
		return
	}
	s.initBitsAt(m, w, o, lane, off, addr, n, write, atomic, b, func(i uint64) (*uint64, uint64) {
		return &ib[i>>6], 1 << (i & 63)
	})
}

// initBitsSlow is initBits for an access over two chunks of shadow (off
// the offset in sc's shared memory or sb's buffer).
func (s *sanitizer) initBitsSlow(m *Machine, w *warp, o *op, lane int, sc *sanCTA, sb *sanBuf, off, addr uint64, n int, write, atomic bool, b *buffer) {
	s.initBitsAt(m, w, o, lane, off, addr, n, write, atomic, b, func(i uint64) (*uint64, uint64) {
		p := s.chunk(sc, sb, i>>shadowShift)
		if p == nil {
			return nil, 0
		}
		j := i & shadowMask
		return &p.init[j>>6], 1 << (j & 63)
	})
}

// initBitsAt is initBits byte by byte for bytes off..off+n: bit(i) is
// the word and the mask of byte i's bit (a nil word: past the shadow
// bound, unchecked).
func (s *sanitizer) initBitsAt(m *Machine, w *warp, o *op, lane int, off, addr uint64, n int, write, atomic bool, b *buffer, bit func(i uint64) (*uint64, uint64)) {
	end := off + uint64(n)
	if !write && (!atomic || b == nil) {
		missing := 0
		var runs [][2]uint64
		for i := off; i < end; i++ {
			if wd, mk := bit(i); wd != nil && *wd&mk == 0 {
				missing++
				a := addr + (i - off)
				if k := len(runs) - 1; k >= 0 && runs[k][0]+runs[k][1] == a {
					runs[k][1]++
				} else {
					runs = append(runs, [2]uint64{a, 1})
				}
			}
		}
		if missing > 0 {
			s.reportInit(m, w, o, lane, addr, n, missing, b, runs)
		}
		if !atomic {
			return
		}
	}
	for i := off; i < end; i++ {
		if wd, mk := bit(i); wd != nil {
			*wd |= mk
		}
	}
}

func (s *sanitizer) reportInit(m *Machine, w *warp, o *op, lane int, addr uint64, n, missing int, b *buffer, runs [][2]uint64) {
	me := s.me(m, w, o, lane)
	me.Access = "read"
	part, spaceName, what := "", "shared", ""
	if missing < n {
		part = fmt.Sprintf(" (%d of its bytes)", missing)
	}
	if b != nil {
		spaceName = "global"
		what = fmt.Sprintf(" (byte %d of buffer %s, made with \"count\" and no data)", addr-b.base, b.name)
	}
	s.report(Hazard{Kind: "init", HazardAccess: me, Space: spaceName, Addr: addr, Size: n, Uninit: runs,
		Message: fmt.Sprintf("read of uninitialised %s [0x%x] (%d bytes)%s by thread %s of CTA %s%s: nothing wrote these bytes before", spaceName, addr, n, part, tup(me.Thread), tup(me.CTA), what)})
}

// race checks lane's access of n bytes at offset off of the chunk p
// against the accesses recorded there, then records it.
func (s *sanitizer) race(m *Machine, w *warp, o *op, lane int, p *sanPage, off uint64, n int, write bool, sem *opSem, spaceName string, addr uint64) {
	if len(s.clWaiters) > 0 {
		s.clusterAcquire(m)
	}
	var r sanRace
	s.raceStart(&r, m, w, o, n, write, sem, spaceName)
	s.raceGrans(&r, lane, p, off, addr)
}

// sanRace is what racecheck's record of one warp instruction's accesses
// holds for all its lanes: only the lane and the bytes change between
// them (sanitize_warp.go).
type sanRace struct {
	m     *Machine
	w     *warp
	o     *op
	sw    *sanWarp
	sem   *opSem
	space string
	n     int
	write bool
	cur   sanAcc
}

func (s *sanitizer) raceStart(r *sanRace, m *Machine, w *warp, o *op, n int, write bool, sem *opSem, spaceName string) {
	sw := s.warp(m, w)
	*r = sanRace{m: m, w: w, o: o, sw: sw, sem: sem, space: spaceName, n: n, write: write,
		cur: sanAcc{step: m.stats.WarpInstructions, clock: sw.vc[sw.self], sgen: sw.sgen, cpos: int32(w.cta.pos),
			line: o.line, col: uint16(o.col), warp: uint8(w.id)}}
	cur := &r.cur
	if write {
		cur.flags |= accWrite
	}
	if sem.atomic {
		cur.flags |= accAtomic | accWrite
	}
	if sem.strong {
		cur.flags |= accStrong | sem.scope*accScope0
	}
	if sem.volatile {
		cur.flags |= accVolatile | scopeGPU*accScope0 // .sys
	}
}

// raceGrans is race for lane of r's instruction.
func (s *sanitizer) raceGrans(r *sanRace, lane int, p *sanPage, off, addr uint64) {
	g := &p.gran
	n := r.n // (the rest of r read where needed: the common path needs none of it)
	cur := &r.cur
	cur.lane = uint8(lane)
	for a := off; a < off+uint64(n); {
		gi := a >> 2
		if gi >= uint64(len(g)) {
			return
		}
		lo := a & 3
		hi := min(uint64(4), lo+(off+uint64(n)-a))
		cur.mask = uint8((1<<hi - 1) &^ (1<<lo - 1))
		gr := &g[gi]
		ga := addr - off + gi<<2 + lo
		if sp := p.splitOf(gr); sp != nil {
			for bi := lo; bi < hi; bi++ {
				if pw := &sp[bi]; pw.mask != 0 && s.conflict(r.m, r.w, r.sw, pw, cur) && !(pw.flags&accAtomic == 0 && s.rewrites(r.m, r.w, r.o, lane, n, r.write, r.sem)) {
					s.reportRace(r.m, r.w, r.o, lane, pw, cur, r.space, ga, n)
					break
				}
			}
		} else if gr.w.mask&cur.mask != 0 && s.conflict(r.m, r.w, r.sw, &gr.w, cur) && !(gr.w.flags&accAtomic == 0 && s.rewrites(r.m, r.w, r.o, lane, n, r.write, r.sem)) {
			s.reportRace(r.m, r.w, r.o, lane, &gr.w, cur, r.space, ga, n)
		}
		if cur.flags&accWrite != 0 {
			if gr.r0.mask&cur.mask != 0 && s.conflict(r.m, r.w, r.sw, &gr.r0, cur) {
				s.reportRace(r.m, r.w, r.o, lane, &gr.r0, cur, r.space, ga, n)
			}
			if gr.r1.mask&cur.mask != 0 && s.conflict(r.m, r.w, r.sw, &gr.r1, cur) {
				s.reportRace(r.m, r.w, r.o, lane, &gr.r1, cur, r.space, ga, n)
			}
			// The write subsumes what it covers: a later access races
			// with it, or is ordered after it and so after these too.
			gr.r0.mask &^= cur.mask
			gr.r1.mask &^= cur.mask
			// One record of the last write: the newest writer, over the
			// bytes of both when they are one thread's or the new write
			// covers the old (a later access races with it or is ordered
			// after it, and so after what it overwrote). Another thread's
			// write of other bytes splits the granule into byte records.
			switch {
			case gr.sp <= 0 && (gr.w.mask&^cur.mask == 0 || sameThread(&gr.w, cur)):
				keep := cur.mask | gr.w.mask
				gr.w = *cur
				gr.w.mask = keep
			case cur.mask == 0xf: // (so split: the case above takes an unsplit one)
				gr.sp, gr.w = -gr.sp, *cur
			default:
				sp := p.splitOf(gr)
				if sp == nil {
					if gr.sp == 0 {
						p.split = append(p.split, [4]sanAcc{})
						gr.sp = int32(len(p.split))
					} else {
						gr.sp = -gr.sp
					}
					sp = &p.split[gr.sp-1]
					*sp = [4]sanAcc{}
					for bi := range 4 {
						if gr.w.mask>>bi&1 != 0 {
							sp[bi] = gr.w
							sp[bi].mask = 1 << bi
						}
					}
				}
				for bi := lo; bi < hi; bi++ {
					sp[bi] = *cur
					sp[bi].mask = 1 << bi
				}
				gr.w.mask |= cur.mask
			}
		} else {
			switch {
			case gr.r0.mask == 0 || gr.r0.mask&^cur.mask == 0 && s.ordered(r.m, r.w, r.sw, &gr.r0, cur) || sameThread(&gr.r0, cur):
				gr.r0 = *cur
			case gr.r1.mask == 0 || s.ordered(r.m, r.w, r.sw, &gr.r1, cur) || sameThread(&gr.r1, cur):
				gr.r1 = *cur
			default:
				gr.r1 = *cur
			}
		}
		a = gi<<2 + hi
	}
}

// rewrites reports whether lane's plain st through o writes the bytes the
// memory there already holds: a write-write race of equal values leaves
// the same bytes in either order (warps that compute one tile redundantly
// and store it together, as Triton's do), so it is not reported.
func (s *sanitizer) rewrites(m *Machine, w *warp, o *op, lane int, n int, write bool, sem *opSem) bool {
	if !write || sem.atomic || o.inst == nil || o.inst.Entry.Name != "st" || int(o.size)*len(o.s) != n {
		return false
	}
	old, _ := m.resolve(w, lane, o.space, m.addr(w, o, lane), n, false)
	if len(old) != n {
		return false
	}
	sz := int(o.size)
	for k := range o.s {
		if load(old[k*sz:k*sz+sz]) != src(w, o, k)[lane]&widthMask(o.size*8) {
			return false
		}
	}
	return true
}

func sameThread(a, b *sanAcc) bool { return a.cpos == b.cpos && a.warp == b.warp && a.lane == b.lane }

// conflict reports whether the recorded access a races with cur.
func (s *sanitizer) conflict(m *Machine, w *warp, sw *sanWarp, a, cur *sanAcc) bool {
	if a.mask&cur.mask == 0 || a.flags&accWrite == 0 && cur.flags&accWrite == 0 {
		return false
	}
	if s.morallyStrong(m, a, cur) {
		return false
	}
	return !s.ordered(m, w, sw, a, cur)
}

// morallyStrong reports whether two accesses of different threads are
// morally strong (ISA 8.7): each strong, with a scope that includes the
// other's thread. Two .volatile accesses are not counted (sanitize.go).
func (s *sanitizer) morallyStrong(m *Machine, a, b *sanAcc) bool {
	const strong = accStrong | accVolatile
	if a.flags&strong == 0 || b.flags&strong == 0 || (a.flags|b.flags)&accStrong == 0 {
		return false
	}
	return s.inScope(m, a, b) && s.inScope(m, b, a)
}

// inScope reports whether the scope of a's strong access includes b's
// thread.
func (s *sanitizer) inScope(m *Machine, a, b *sanAcc) bool {
	switch a.flags / accScope0 & 3 {
	case scopeCTA:
		return a.cpos == b.cpos
	case scopeCluster:
		return int(a.cpos)/m.cl.size == int(b.cpos)/m.cl.size
	}
	return true
}

// ordered reports whether the recorded access a happens before cur (made
// now by warp w).
func (s *sanitizer) ordered(m *Machine, w *warp, sw *sanWarp, a, cur *sanAcc) bool {
	if sameThread(a, cur) || a.step == cur.step {
		return true // program order; or lanes of one warp in one instruction
	}
	sz := m.cl.size
	if int(a.cpos)/sz == int(cur.cpos)/sz { // the same cluster: barriers order
		slot := int(a.cpos)%sz*len(w.cta.warps) + int(a.warp)
		if slot < len(sw.vc) && sw.vc[slot] > a.clock {
			return true
		}
		if a.cpos == cur.cpos && a.warp == cur.warp { // lanes of one warp: bar.warp.sync naming both
			if sw.lsync[cur.lane] > a.sgen && sw.lmask[cur.lane]>>a.lane&1 != 0 {
				return true
			}
		}
	}
	return s.releasedTo(m, w, sw, a, cur) // sanitize_relacq.go
}

func (s *sanitizer) reportRace(m *Machine, w *warp, o *op, lane int, a, cur *sanAcc, spaceName string, addr uint64, n int) {
	me := s.me(m, w, o, lane)
	me.Access = accName(cur.flags)
	other := HazardAccess{Line: int(a.line), Col: int(a.col), Warp: int(a.warp), Lane: int(a.lane), Step: a.step, Access: accName(a.flags)}
	ci := m.linearOf(int(a.cpos))
	other.CTA = m.ctaID(ci)
	other.Thread = m.threadIdx(int(a.warp)*32 + int(a.lane))
	var why string
	switch {
	case a.cpos == cur.cpos && a.warp == cur.warp:
		why = fmt.Sprintf("by thread %s of the same warp %d with no __syncwarp (bar.warp.sync) between: since Volta the lanes of a warp run independently (a warp-level hazard)", tup(other.Thread), a.warp)
	case a.cpos == cur.cpos:
		why = fmt.Sprintf("by thread %s (warp %d) with no barrier between", tup(other.Thread), a.warp)
	case int(a.cpos)/m.cl.size == int(cur.cpos)/m.cl.size:
		why = fmt.Sprintf("by thread %s of CTA %s in the same cluster with no barrier.cluster between", tup(other.Thread), tup(other.CTA))
	default:
		why = fmt.Sprintf("by thread %s of CTA %s: threads of different CTAs are ordered only by a release (fence, .release) and an acquire at .gpu scope, or by the kernel's end", tup(other.Thread), tup(other.CTA))
	}
	msg := fmt.Sprintf("%s of %s [0x%x] by thread %s", me.Access, spaceName, addr, tup(me.Thread))
	if m.nctas > 1 {
		msg += " of CTA " + tup(me.CTA)
	}
	msg += fmt.Sprintf(" after %s at %d:%d %s", other.Access, other.Line, other.Col, why)
	if (a.flags^cur.flags)&accAtomic != 0 {
		msg += "; an atomic is free of races only with strong accesses (atom/red, ld/st .relaxed/.acquire/.release or .volatile, at a scope holding both threads): the plain access is not one"
	}
	s.report(Hazard{Kind: "race", Message: msg, HazardAccess: me, Space: spaceName, Addr: addr, Size: n, Other: &other})
}

func accName(f uint8) string {
	switch {
	case f&accAtomic != 0:
		return "atomic"
	case f&accWrite != 0:
		return "write"
	}
	return "read"
}

// me describes lane of w executing o now.
func (s *sanitizer) me(m *Machine, w *warp, o *op, lane int) HazardAccess {
	return HazardAccess{Line: int(o.line), Col: int(o.col), Thread: m.threadIdx(w.id*32 + lane), CTA: w.cta.id, Warp: w.id, Lane: lane, Step: m.stats.WarpInstructions}
}

// addRun adds the run r ([address, length]) to the sorted, merged runs rs.
func addRun(rs [][2]uint64, r [2]uint64) [][2]uint64 {
	lo, hi := r[0], r[0]+r[1]
	i := sort.Search(len(rs), func(i int) bool { return rs[i][0]+rs[i][1] >= lo })
	j := i
	for j < len(rs) && rs[j][0] <= hi {
		lo, hi = min(lo, rs[j][0]), max(hi, rs[j][0]+rs[j][1])
		j++
	}
	if i == j && len(rs) >= MaxUninitRuns {
		return rs
	}
	merged := [2]uint64{lo, hi - lo}
	if i == j {
		return slices.Insert(rs, i, merged)
	}
	rs[i] = merged
	return slices.Delete(rs, i+1, j)
}

func tup(t [3]uint32) string { return fmt.Sprintf("(%d,%d,%d)", t[0], t[1], t[2]) }

// report keeps h, or counts it with the finding at the same lines.
func (s *sanitizer) report(h Hazard) {
	if s.hzShared {
		s.ownHazards() // sanitize_clone.go
	}
	k := hzKey{kind: h.Kind, line: h.Line, col: h.Col, access: h.Access}
	if h.Other != nil {
		k.oline, k.ocol, k.oacc = h.Other.Line, h.Other.Col, h.Other.Access
	}
	if i, ok := s.index[k]; ok {
		s.hz[i].Count++
		for _, r := range h.Uninit {
			s.hz[i].Uninit = addRun(s.hz[i].Uninit, r)
		}
		return
	}
	if len(s.hz) >= MaxHazards {
		s.dropped++
		return
	}
	h.Count = 1
	s.index[k] = len(s.hz)
	s.hz = append(s.hz, h)
}
