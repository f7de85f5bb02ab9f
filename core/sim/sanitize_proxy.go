// sanitize_proxy.go: racecheck across memory proxies. A shared-memory
// byte that a thread wrote through the generic proxy (st, atom, red) and
// that the async proxy then reads (wgmma.mma_async's descriptor operands;
// cp.async.bulk, cp.reduce.async.bulk and their .tensor forms reading a
// shared::cta source) needs a proxy fence between the two. The PTX ISA,
// 9.7.9.25.2 "Async Proxy": "The cp{.reduce}.async.bulk operations are
// performed in the asynchronous proxy (or async proxy). Accessing the same
// memory location across multiple proxies needs a cross-proxy fence. For
// the async proxy, fence.proxy.async should be used to synchronize memory
// between generic proxy and the async proxy." Its wgmma section lists the
// steps: "fence.proxy.async operation to make the generic proxy operations
// visible to the async proxy", then "The wgmma.mma_async operation is
// performed in the async proxy."
//
// The fence (membar/fence, "Bi-directional proxy fences ... take effect
// within a single thread ... Their cross-proxy synchronizing effect
// composes with other forms of synchronization according to the rules of
// the Memory Consistency Model"; "The memory ordering is limited only to
// operations performed on objects in the state space specified. If no
// state space is specified, then the memory ordering applies on all state
// spaces.") is modelled per thread:
//   - each shared byte remembers its last generic write: the thread, the
//     instruction, the writer's clocks (as racecheck's records) and the
//     count of proxy fences the writer had executed then;
//   - fence.proxy.async by a thread counts one more fence of that thread
//     for the bytes its state space covers: no space and .shared::cluster
//     cover all shared memory, .shared::cta the thread's own CTA's (a
//     peer CTA's bytes written through shared::cluster stay pending),
//     .global none; the .release.sync_restrict::shared::cta form counts as
//     .shared::cta, the .acquire.sync_restrict::shared::cluster form as
//     .shared::cluster;
//   - an async-proxy read of a byte is fine when the writer fenced after
//     its write (the usual order: stores, fence, barrier, the read), or
//     when the reading thread fenced after the write was ordered before
//     it (stores, barrier, the issuing thread's fence, the read: the
//     fence composing with the barrier); otherwise it is a finding (kind
//     "race"), with the write as its other access;
//   - the write must also be ordered before the read as racecheck orders
//     two accesses (a barrier phase, bar.warp.sync, release and acquire,
//     an mbarrier phase): an async read is invisible to racecheck
//     otherwise, so a missing barrier is reported here too.
// Writes of the async proxy itself (bulk copies and TMA landing) replace
// the byte's pending write: their completion (mbarrier complete_tx or a
// bulk async-group) carries the implicit generic-async proxy fence the
// ISA names. tcgen05.mma's A and B descriptor reads and tcgen05.cp's
// source are async-proxy reads as well (§9.7.17.6.5 "Shared Memory
// Accesses": "The shared memory accesses by tcgen05.mma and tcgen05.cp
// operations are performed in the asynchronous proxy (async proxy).
// Accessing the same memory location across miltiple [sic] proxies needs a
// cross-proxy fence"), in each CTA of a .cta_group::2 pair. Global memory
// (bulk copies and TMA loads read global memory through the async proxy
// too) is not checked; cp.async (non-bulk) and st.async write through the generic
// proxy without reaching racecheck, so their bytes are not pending.
//
// The shadow is kept only when the kernel has an instruction that reads
// shared memory through the async proxy (proxyReader): 32 bytes per byte
// of each running CTA's shared memory.

package sim

import (
	"fmt"
	"slices"
)

// proxyW is the last generic-proxy write of one shared byte.
type proxyW struct {
	step  int64
	op    uint32 // 1 + index in sanProxy.ops; 0: no write pending
	clock uint32 // the writer warp's own clock then
	sgen  uint32 // its bar.warp.sync generation then
	epoch uint32 // the writer thread's proxy fences of the byte's class then
	cpos  int32
	warp  uint8
	lane  uint8
}

// Proxy-fence classes: the writer's own CTA's shared memory (covered by
// .shared::cta, .shared::cluster and no space) and a peer CTA's (covered
// by .shared::cluster and no space).
const (
	pxCTA = iota
	pxCluster
)

// sanProxy is the sanitizer's cross-proxy state.
type sanProxy struct {
	ops     []*op
	opIdx   map[*op]uint32
	lastOp  *op
	lastIdx uint32
}

// warpProxy is a warp's proxy fences, per lane and class: how many, and
// the last one's step and what the warp had synchronised with then.
type warpProxy struct {
	epoch [32][2]uint32
	fence [32][2]pxFence
}

type pxFence struct {
	step int64
	snap *relSnap
}

// proxyReader reports whether o reads shared memory through the async
// proxy.
func proxyReader(o *op) bool {
	if o.inst == nil {
		return false
	}
	switch o.inst.Entry.Name {
	case "wgmma.mma_async", "tcgen05.mma", "tcgen05.mma.ws", "tcgen05.cp":
		return true
	case "cp.async.bulk", "cp.reduce.async.bulk", "cp.async.bulk.tensor", "cp.reduce.async.bulk.tensor":
		ss := stateSpaces(o.inst)
		return len(ss) == 2 && ss[1] != ".global"
	}
	return false
}

// proxyStart turns the cross-proxy check on when the kernel reads shared
// memory through the async proxy.
func (s *sanitizer) proxyStart(p *Program) {
	if s.on&SanRace == 0 || p == nil {
		return
	}
	for _, f := range p.funcs {
		for i := range f.code {
			if proxyReader(&f.code[i]) {
				s.px = &sanProxy{opIdx: map[*op]uint32{}}
				return
			}
		}
	}
}

func (sw *sanWarp) proxy() *warpProxy {
	if sw.px == nil {
		sw.px = new(warpProxy)
	}
	return sw.px
}

// proxyWrite records lane's generic write of n bytes at off of t's shared
// memory.
func (s *sanitizer) proxyWrite(m *Machine, w *warp, o *op, lane int, t *cta, sc *sanCTA, off uint64, n int) {
	px := s.px
	if px.lastOp != o {
		i, ok := px.opIdx[o]
		if !ok {
			px.ops = append(px.ops, o)
			i = uint32(len(px.ops))
			px.opIdx[o] = i
		}
		px.lastOp, px.lastIdx = o, i
	}
	if sc.px == nil {
		sc.px = make([]proxyW, len(t.shared))
	}
	sw := s.warp(m, w)
	class := pxCTA
	if t != w.cta {
		class = pxCluster
	}
	var epoch uint32
	if sw.px != nil {
		epoch = sw.px.epoch[lane][class]
	}
	rec := proxyW{step: m.stats.WarpInstructions, op: px.lastIdx, clock: sw.vc[sw.self], sgen: sw.sgen, epoch: epoch,
		cpos: int32(w.cta.pos), warp: uint8(w.id), lane: uint8(lane)}
	end := min(off+uint64(n), uint64(len(sc.px)))
	for i := off; i < end; i++ {
		sc.px[i] = rec
	}
}

// proxyLanded forgets the pending generic writes of bytes the async proxy
// wrote (a bulk copy or TMA landing in c's shared memory).
func (s *sanitizer) proxyLanded(m *Machine, c *cta, off uint64, n int) {
	sc := s.cta(m, c)
	if sc.px == nil {
		return
	}
	end := min(off+uint64(n), uint64(len(sc.px)))
	for i := off; i < end; i++ {
		sc.px[i].op = 0
	}
}

// proxyFence runs for fence and membar: fence.proxy.async (and the
// uni-directional async::generic forms) counts a fence of each executing
// lane for the classes its state space covers.
func (s *sanitizer) proxyFence(m *Machine, w *warp, o *op) {
	var classes [2]bool
	async := false
	for _, md := range o.inst.Src.Mods {
		switch md.Name {
		case ".async", ".async::generic":
			async = true
		case ".shared::cta", ".sync_restrict::shared::cta":
			classes[pxCTA] = true
		case ".shared::cluster", ".sync_restrict::shared::cluster":
			classes[pxCTA], classes[pxCluster] = true, true
		case ".global":
			return // global memory only: no shared byte is covered
		}
	}
	if !async {
		return
	}
	if !classes[pxCTA] && !classes[pxCluster] { // no state space: all of them
		classes = [2]bool{true, true}
	}
	sw := s.warp(m, w)
	if p := sw.snap; p == nil || !slices.Equal(p.vc, sw.vc) || p.lsync != sw.lsync || p.lmask != sw.lmask {
		sw.snap = &relSnap{vc: slices.Clone(sw.vc), lsync: sw.lsync, lmask: sw.lmask}
	}
	wp := sw.proxy()
	f := pxFence{step: m.stats.WarpInstructions, snap: sw.snap}
	for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		for k, on := range classes {
			if on {
				wp.epoch[lane][k]++
				wp.fence[lane][k] = f
			}
		}
	}
}

// pxScan gathers the pending bytes one async-proxy read of one lane takes
// into runs of one writer, each run a finding.
type pxScan struct {
	s    *sanitizer
	m    *Machine
	w    *warp
	o    *op
	lane int
	c    *cta
	sc   *sanCTA
	rec  proxyW
	why  uint8  // the run's pxUnfenced | pxUnordered
	a, b uint64 // the run [a, b), none when equal
}

// What is wrong with an async-proxy read of a byte's last generic write.
const (
	pxUnfenced  = 1 << iota // no proxy fence orders the write before the read
	pxUnordered             // nothing orders the write before the read: a plain race
)

// asyncRead checks lane's async-proxy read of n bytes at off of c's
// shared memory (a bulk copy's source).
func (s *sanitizer) asyncRead(m *Machine, w *warp, o *op, lane int, c *cta, off uint64, n int) {
	if s.px == nil {
		return
	}
	p := s.scan(m, w, o, lane, c)
	if p == nil {
		return
	}
	p.bytes(off, n)
	p.flush()
}

// asyncReadSwz checks a tensor store's read of size bytes of the box at
// smem, 16-byte chunks placed by the swizzle mode (tensormap.go).
func (s *sanitizer) asyncReadSwz(m *Machine, w *warp, o *op, lane int, c *cta, smem uint64, size, swz int) {
	if s.px == nil {
		return
	}
	p := s.scan(m, w, o, lane, c)
	if p == nil {
		return
	}
	for k := 0; k < size; k += 16 {
		p.bytes(swizzleAddr(smem+uint64(k), swz), min(16, size-k))
	}
	p.flush()
}

// wgmmaRead checks the shared-memory operands of a wgmma.mma_async that
// warp w issued (lane: the lane whose descriptors it read): its rows of A
// when A is in shared memory, and all of B.
func (s *sanitizer) wgmmaRead(m *Machine, w *warp, o *op, lane int, d *wgmmaDesc) {
	if s.px == nil {
		return
	}
	p := s.scan(m, w, o, lane, w.cta)
	if p == nil {
		return
	}
	rowBytes := uint64(d.k * d.at.bits() / 8)
	if d.aRegs == 0 {
		if a, bad := decodeDesc(w.reg(d.aSlot)[lane]); bad == "" {
			p.rows(a, 16*(w.id%4), 16, rowBytes)
		}
	}
	if b, bad := decodeDesc(w.reg(d.bSlot)[lane]); bad == "" {
		p.rows(b, 0, d.n, uint64(d.k*d.bt.bits()/8))
	}
	p.flush()
}

// descRows checks an async-proxy read through a shared-memory matrix
// descriptor of c's shared memory (tcgen05.mma's K-major A or B,
// tcgen05.cp's source): rows of rowBytes bytes each, 16-byte chunk by
// chunk as readOperand reads them.
func (s *sanitizer) descRows(m *Machine, w *warp, o *op, lane int, c *cta, d smemDesc, rows int, rowBytes uint64) {
	if s.px == nil {
		return
	}
	if p := s.scan(m, w, o, lane, c); p != nil {
		p.rows(d, 0, rows, rowBytes)
		p.flush()
	}
}

// descMN checks tcgen05.mma's read of an MN-major operand: rows x kLen
// elements of esize bytes at smemDesc.addrMN, as readSmemOperand reads
// them.
func (s *sanitizer) descMN(m *Machine, w *warp, o *op, lane int, c *cta, d smemDesc, rows, kLen int, esize uint64) {
	if s.px == nil {
		return
	}
	if p := s.scan(m, w, o, lane, c); p != nil {
		for kk := 0; kk < kLen; kk++ { // r inner: its elements lie side by side
			for r := 0; r < rows; r++ {
				p.bytes(d.addrMN(r, kk, esize), int(esize))
			}
		}
		p.flush()
	}
}

// tcOperandRead checks tcgen05.mma's read of its A or B operand of kind
// k through descriptor d in c's shared memory, laid out as
// readTcOperand reads it: sub-byte kinds as K-major rows of 32 bytes,
// others K-major rows or MN-major elements.
func (s *sanitizer) tcOperandRead(m *Machine, w *warp, o *op, lane int, c *cta, d smemDesc, mn bool, rows, kLen int, k ekind) {
	switch {
	case k.subByte():
		s.descRows(m, w, o, lane, c, d, rows, 32)
	case mn:
		s.descMN(m, w, o, lane, c, d, rows, kLen, uint64(k.bits()/8))
	default:
		s.descRows(m, w, o, lane, c, d, rows, uint64(kLen*k.bits()/8))
	}
}

func (s *sanitizer) scan(m *Machine, w *warp, o *op, lane int, c *cta) *pxScan {
	if len(s.clWaiters) > 0 {
		s.clusterAcquire(m) // as race does: cluster-barrier waiters that may go on
	}
	sc := s.cta(m, c)
	if sc.px == nil {
		return nil // nothing written there yet
	}
	return &pxScan{s: s, m: m, w: w, o: o, lane: lane, c: c, sc: sc}
}

// rows reads rows r0.. of a K-major descriptor operand, 16-byte chunk by
// chunk (wgmma.go, smemDesc.addr).
func (p *pxScan) rows(d smemDesc, r0, rows int, rowBytes uint64) {
	for r := r0; r < r0+rows; r++ {
		for b := uint64(0); b < rowBytes; b += 16 {
			p.bytes(d.addr(r, b), int(min(16, rowBytes-b)))
		}
	}
}

func (p *pxScan) bytes(off uint64, n int) {
	end := min(off+uint64(n), uint64(len(p.sc.px)))
	for i := off; i < end; i++ {
		r := &p.sc.px[i]
		why := uint8(0)
		if r.op != 0 {
			why = p.s.pending(p.m, p.w, p.lane, p.c, r)
		}
		if why == 0 {
			p.flush()
			continue
		}
		if p.a != p.b && p.b == i && why == p.why && r.op == p.rec.op && r.step == p.rec.step && r.cpos == p.rec.cpos && r.warp == p.rec.warp && r.lane == p.rec.lane {
			p.b++
			continue
		}
		p.flush()
		p.rec, p.why, p.a, p.b = *r, why, i, i+1
	}
}

// pending says what is wrong with lane of w's async-proxy read of the
// write r of a byte of c's shared memory (0: nothing). The write must be
// ordered before the read as racecheck orders two accesses (a barrier, a
// bar.warp.sync, release and acquire, an mbarrier phase), and covered by
// a proxy fence.
func (s *sanitizer) pending(m *Machine, w *warp, lane int, c *cta, r *proxyW) uint8 {
	sw := s.warp(m, w)
	a := sanAcc{step: r.step, clock: r.clock, sgen: r.sgen, cpos: r.cpos, warp: r.warp, lane: r.lane}
	cur := sanAcc{step: m.stats.WarpInstructions, cpos: int32(w.cta.pos), warp: uint8(w.id), lane: uint8(lane)}
	var why uint8
	if !s.ordered(m, w, sw, &a, &cur) {
		why = pxUnordered
	}
	if s.unfenced(m, w, sw, lane, c, r) {
		why |= pxUnfenced
	}
	return why
}

// unfenced reports whether no proxy fence covers the write r for lane of
// w's read: neither the writer's after the write nor the reader's after
// the write was ordered before it.
func (s *sanitizer) unfenced(m *Machine, w *warp, sw *sanWarp, lane int, c *cta, r *proxyW) bool {
	class := pxCTA
	if int(r.cpos) != c.pos {
		class = pxCluster
	}
	if ww := s.warps[int64(r.cpos)*64+int64(r.warp)]; ww != nil && ww.px != nil && ww.px.epoch[r.lane][class] != r.epoch {
		return false // the writer fenced after its write
	}
	if sw.px == nil {
		return true
	}
	f := &sw.px.fence[lane][class]
	if f.snap == nil || f.step <= r.step {
		return true
	}
	// The reading thread fenced after the write was ordered before it: by
	// a barrier (its warp's clock), or by a bar.warp.sync naming both.
	slot := int(r.cpos)%m.cl.size*len(w.cta.warps) + int(r.warp)
	if slot < len(f.snap.vc) && f.snap.vc[slot] > r.clock {
		return false
	}
	if int(r.cpos) == w.cta.pos && int(r.warp) == w.id && f.snap.lsync[lane] > r.sgen && f.snap.lmask[lane]>>r.lane&1 != 0 {
		return false
	}
	return true
}

func (p *pxScan) flush() {
	if p.a == p.b {
		return
	}
	s, m, r := p.s, p.m, &p.rec
	wo := s.px.ops[r.op-1]
	me := s.me(m, p.w, p.o, p.lane)
	me.Access = "read"
	other := HazardAccess{Line: int(wo.line), Col: int(wo.col), Warp: int(r.warp), Lane: int(r.lane), Step: r.step, Access: "write",
		CTA: m.ctaID(m.linearOf(int(r.cpos))), Thread: m.threadIdx(int(r.warp)*32 + int(r.lane))}
	wname, rname := "a store", p.o.inst.Entry.Name
	if wo.inst != nil {
		wname = wo.inst.Entry.Name + joinMods(wo.inst)
	}
	who := tup(other.Thread)
	if m.nctas > 1 {
		who += " of CTA " + tup(other.CTA)
	}
	fence := "fence.proxy.async.shared::cta"
	if int(r.cpos) != p.c.pos {
		fence = "fence.proxy.async.shared::cluster"
	}
	var msg string
	switch head := fmt.Sprintf("%s at line %d reads shared [0x%x, 0x%x) written by %s at line %d (thread %s)", rname, me.Line, p.a, p.b, wname, other.Line, who); p.why {
	case pxUnfenced:
		msg = fmt.Sprintf("%s with no fence.proxy.async by that thread in between: a cross-proxy race (%s reads through the async proxy, the store wrote through the generic proxy; "+
			"the read may see what was there before); put %s after the stores, before the barrier", head, rname, fence)
	case pxUnordered:
		msg = fmt.Sprintf("%s with no barrier between: a data race (the read may come before the store); the store's thread fenced, so a barrier after its fence orders the two", head)
	default:
		msg = fmt.Sprintf("%s with no barrier and no fence.proxy.async by that thread between: a data race (the read may come before the store, and %s reads through the async proxy "+
			"what the store wrote through the generic proxy); put %s after the stores, then a barrier, before the read", head, rname, fence)
	}
	s.report(Hazard{Kind: "race", Message: msg, HazardAccess: me, Space: "shared", Addr: p.a, Size: int(p.b - p.a), Other: &other})
	p.a, p.b = 0, 0
}
