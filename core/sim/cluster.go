// cluster.go: thread-block clusters (sm_90): the launch's cluster shape,
// the order in which CTAs start, the scheduler's turns among the CTAs of
// a cluster, the cluster special registers, barrier.cluster, and the
// shared::cluster addresses of distributed shared memory.
//
// # Schedule
//
// The CTAs of a cluster are resident together: they start together, in
// rank order, and run until all of them have ended; then the next cluster
// starts. Clusters start in the order of %clusterid (x fastest), so
// Machine.ctas is indexed by start position, which is the CTA's linear
// index whenever the cluster is one CTA (or a row of CTAs along x of a
// one-row grid). Inside a cluster the CTAs take turns: when a warp's burst
// ends (Quantum instructions, a barrier, its end), the next CTA by rank
// that has a warp ready issues next. Everything stays deterministic, so
// step back and replay work as before.
//
// # Addresses
//
// A .shared::cta address is an offset into the executing CTA's shared
// memory, [0, its size). A .shared::cluster address names a CTA of the
// cluster and an offset in its shared memory:
//
//	[0, ClusterSlot)                         the executing CTA (its shared::cta window)
//	[(r+1)*ClusterSlot, (r+2)*ClusterSlot)   the CTA of rank r, offset addr mod ClusterSlot
//
// so the shared::cta window is contained in the shared::cluster window and
// a shared::cta address of the executing CTA is also a shared::cluster
// address of it, as the ISA requires; mapa of the CTA's own rank gives
// the same bytes at another address (an alias). ClusterSlot is 256 KiB,
// more than the 227 KiB a CTA may have, and a cluster has at most 16
// CTAs, so the window fits in the simulator's 16 MiB generic window for
// shared memory: the generic address of shared::cluster address a is
// 0xC000_0000 + a (cvta.shared::cta of a shared::cta address is the same
// sum).
package sim

import (
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// ClusterSlot is the stride of the CTAs' windows in a shared::cluster
// address (see the file comment).
const ClusterSlot = 0x40000

// MaxClusterCTAs is the largest cluster: 16 CTAs, what sm_90 allows with
// the non-portable size attribute (8 is the portable size).
const MaxClusterCTAs = 16

// clusterBarrier is the barrier number warp.wait records (minus one) for
// a warp waiting at barrier.cluster.wait; the CTA's own are 0..15.
const clusterBarrier = 16

// clusterState is the launch's cluster shape and the state of the
// running cluster (clusters run one at a time).
type clusterState struct {
	dim      [3]uint32 // %cluster_nctaid
	size     int       // %cluster_nctarank
	explicit bool      // %is_explicit_cluster
	rotate   bool      // the last burst ended a warp's turn: the cluster's next CTA issues next
	arrived  int       // lanes arrived at barrier.cluster in the current phase
	phases   int64     // barrier.cluster phases completed (all clusters)
}

// clusterShape works out the launch's cluster from the kernel's
// .reqnctapercluster, .explicitcluster and .maxclusterrank directives and
// the launch's "cluster" field.
func clusterShape(k *fn, l Launch) (clusterState, error) {
	cs := clusterState{dim: [3]uint32{1, 1, 1}, size: 1}
	var req [3]uint32
	hasReq, explicit, maxRank := false, false, 0
	if k.src != nil && k.src.Decl != nil {
		for _, d := range k.src.Decl.Perf {
			switch d.Name {
			case ".reqnctapercluster":
				hasReq = true
				req = [3]uint32{1, 1, 1}
				for i, a := range d.Args {
					if n, ok := a.(*ptx.Int); ok && i < 3 {
						req[i] = uint32(min(n.Val, 1<<31))
					}
				}
			case ".explicitcluster":
				explicit = true
			case ".maxclusterrank":
				if len(d.Args) > 0 {
					if n, ok := d.Args[0].(*ptx.Int); ok {
						maxRank = int(min(n.Val, 1<<31))
					}
				}
			}
		}
	}
	given := l.Cluster != [3]uint32{}
	dim := [3]uint32{1, 1, 1}
	switch {
	case given:
		for i, v := range l.Cluster {
			if v > 0 {
				dim[i] = v
			}
		}
		if hasReq && dim != req {
			return cs, fmt.Errorf(`launch spec: "cluster" is %s but kernel %s declares .reqnctapercluster %d, %d, %d`, dimString(dim), k.name, req[0], req[1], req[2])
		}
	case hasReq:
		dim = req
	case explicit:
		return cs, fmt.Errorf(`kernel %s declares .explicitcluster: set "cluster" in the launch spec to its cluster shape`, k.name)
	}
	size := int64(dim[0]) * int64(dim[1]) * int64(dim[2])
	if size < 1 || size > MaxClusterCTAs {
		return cs, fmt.Errorf(`launch spec: "cluster" %s has %d CTAs; a cluster has 1 to %d`, dimString(dim), size, MaxClusterCTAs)
	}
	if maxRank > 0 && size > int64(maxRank) {
		return cs, fmt.Errorf(`launch spec: "cluster" %s has %d CTAs, more than kernel %s's .maxclusterrank %d`, dimString(dim), size, k.name, maxRank)
	}
	g := l.Grid
	for i := range g {
		if g[i] == 0 {
			g[i] = 1
		}
		if g[i]%dim[i] != 0 {
			return cs, fmt.Errorf(`launch spec: "grid" %s is not a multiple of "cluster" %s in %c`, dimString(g), dimString(dim), "xyz"[i])
		}
	}
	cs.dim, cs.size, cs.explicit = dim, int(size), given || hasReq
	return cs, nil
}

func dimString(d [3]uint32) string { return fmt.Sprintf("[%d, %d, %d]", d[0], d[1], d[2]) }

// ctaID is the %ctaid of the CTA with linear index i.
func (m *Machine) ctaID(i int) [3]uint32 {
	g := m.launch.Grid
	return [3]uint32{uint32(i) % g[0], uint32(i) / g[0] % g[1], uint32(i) / (g[0] * g[1])}
}

// linearOf is the linear index of the CTA that starts pos-th: cluster
// pos/size (in %clusterid order), rank pos%size.
func (m *Machine) linearOf(pos int) int {
	if m.cl.size <= 1 {
		return pos
	}
	g, d := m.launch.Grid, m.cl.dim
	n := [3]int{int(g[0] / d[0]), int(g[1] / d[1]), int(g[2] / d[2])}
	q, r := pos/m.cl.size, pos%m.cl.size
	cl := [3]int{q % n[0], q / n[0] % n[1], q / (n[0] * n[1])}
	cc := [3]int{r % int(d[0]), r / int(d[0]) % int(d[1]), r / int(d[0]*d[1])}
	x, y, z := cl[0]*int(d[0])+cc[0], cl[1]*int(d[1])+cc[1], cl[2]*int(d[2])+cc[2]
	return x + y*int(g[0]) + z*int(g[0])*int(g[1])
}

// posOf is the start position of the CTA with linear index i.
func (m *Machine) posOf(i int) int {
	if m.cl.size <= 1 {
		return i
	}
	g, d := m.launch.Grid, m.cl.dim
	n := [3]int{int(g[0] / d[0]), int(g[1] / d[1]), int(g[2] / d[2])}
	id := m.ctaID(i)
	q := int(id[0]/d[0]) + int(id[1]/d[1])*n[0] + int(id[2]/d[2])*n[0]*n[1]
	r := int(id[0]%d[0]) + int(id[1]%d[1])*int(d[0]) + int(id[2]%d[2])*int(d[0]*d[1])
	return q*m.cl.size + r
}

// cluster returns the CTAs of c's cluster, by rank.
func (m *Machine) cluster(c *cta) []*cta {
	base := c.pos - c.rank
	return m.ctas[base : base+m.cl.size]
}

// clusterDone reports whether every CTA of c's cluster has ended.
func (m *Machine) clusterDone(c *cta) bool {
	if m.cl.size == 1 {
		return c.done
	}
	for _, t := range m.cluster(c) {
		if !t.done {
			return false
		}
	}
	return true
}

// startCluster starts the next cluster's CTAs and returns its rank 0.
func (m *Machine) startCluster() *cta {
	first := len(m.ctas)
	for r := 0; r < m.cl.size; r++ {
		m.startCTA(first + r)
	}
	m.cl.arrived = 0
	return m.ctas[first]
}

// next returns the CTA and warp that the next step issues from: nil, nil
// when the running cluster has ended (or none has started), and a nil warp
// when no warp of the cluster can go on (a deadlock).
func (m *Machine) next() (*cta, *warp) {
	c := m.cur
	if c == nil || m.clusterDone(c) {
		return nil, nil
	}
	if !m.cl.rotate || m.cl.size == 1 {
		if w := m.nextWarp(c); w != nil || m.cl.size == 1 {
			return c, w
		}
	}
	cl := m.cluster(c)
	for i := 1; i <= len(cl); i++ {
		t := cl[(c.rank+i)%len(cl)]
		if t.done {
			continue
		}
		if w := m.nextWarp(t); w != nil {
			return t, w
		}
	}
	return c, nil
}

// sameCluster reports whether CTAs a and b are in one cluster.
func (m *Machine) sameCluster(a, b *cta) bool {
	return a != nil && b != nil && a.pos/m.cl.size == b.pos/m.cl.size
}

// barrierName names what a warp waits at (warp.wait - 1).
func barrierName(id int) string {
	switch id {
	case clusterBarrier:
		return "the cluster barrier"
	case tmemPairBarrier:
		return "a .cta_group::2 tcgen05 allocation instruction (waiting for a warp of the peer CTA)"
	}
	return fmt.Sprintf("barrier %d", id)
}

func init() {
	lowerers["barrier.cluster"] = lowerClusterBarrier
	lowerers["mapa"] = lowerMapa
	lowerers["getctarank"] = lowerGetctarank
}

// barrier.cluster.arrive{.sem}{.aligned} / barrier.cluster.wait{.acquire}{.aligned}
// (PTX ISA 9.7.13.3): arrive marks the executing threads' arrival; wait
// blocks them until the phase they arrived in completes, which happens
// when every non-exited thread of the cluster has arrived. A thread whose
// arrival's phase has completed (or that never arrived) does not wait.
// .aligned promises that every thread of the warp executes the
// instruction together: a warp that breaks the promise faults.
func lowerClusterBarrier(l *lowering, in *check.Inst, o *op) error {
	if in.Match.Has(".wait") {
		o.mode = 1
	}
	if in.Match.Has(".aligned") {
		o.aux = 1
	}
	o.exec, o.flags = execClusterBarrier, flagControl
	return nil
}

func execClusterBarrier(m *Machine, w *warp, o *op) {
	f := w.top()
	f.stack[len(f.stack)-1].pc++
	if w.mask == 0 {
		return
	}
	if live := w.valid &^ w.exited; o.aux == 1 && w.mask != live {
		m.raise(w, o, firstLane(live&^w.mask), fmt.Sprintf("barrier.cluster .aligned: every thread of the warp must execute it together (lanes %#08x do, the warp's threads are %#08x)", w.mask, live))
		return
	}
	if o.mode == 0 { // arrive
		if twice := w.clArr & w.mask; twice != 0 {
			m.raise(w, o, firstLane(twice), "barrier.cluster.arrive: the thread arrived again before the cluster barrier's phase completed (each thread arrives once a phase)")
			return
		}
		w.clArr |= w.mask
		m.cl.arrived += popcount(w.mask)
		m.clusterRelease(w.cta)
		return
	}
	if w.clArr&w.mask != 0 {
		w.wait, w.waitOp = clusterBarrier+1, o
	}
}

// clusterRelease completes the cluster barrier's phase when every
// non-exited thread of c's cluster has arrived: the arrivals are cleared
// and the waiting warps go on.
func (m *Machine) clusterRelease(c *cta) {
	if m.cl.arrived == 0 {
		return
	}
	cl := m.cluster(c)
	for _, t := range cl {
		for _, w := range t.warps {
			if live := w.valid &^ w.exited; live&^w.clArr != 0 {
				return
			}
		}
	}
	for _, t := range cl {
		for _, w := range t.warps {
			w.clArr = 0
			if w.wait == clusterBarrier+1 {
				w.wait, w.waitOp = 0, nil
			}
		}
	}
	m.cl.arrived = 0
	m.cl.phases++
	m.releases++
}

func popcount(x uint32) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// sharedTarget decodes a shared::cluster address used by CTA c: the CTA
// it names and the offset in that CTA's shared memory, or a message
// saying why there is none (asynchronous copies call it too).
func (m *Machine) sharedTarget(c *cta, addr uint64) (*cta, uint64, string) {
	if addr < ClusterSlot {
		return c, addr, ""
	}
	r := addr/ClusterSlot - 1
	if r >= uint64(m.cl.size) {
		if m.cl.size == 1 {
			return nil, 0, "outside the shared::cluster window (the launch has no clusters: its window holds only this CTA's shared memory, at rank 0)"
		}
		return nil, 0, fmt.Sprintf("outside the shared::cluster window: it names rank %d of a cluster of %d CTAs", r, m.cl.size)
	}
	t := m.cluster(c)[r]
	if t.done && t != c {
		return nil, 0, fmt.Sprintf("in the shared memory of CTA (%d,%d,%d) (cluster rank %d), which has exited: its shared memory is gone (a barrier.cluster before exiting keeps it alive for the others)", t.id[0], t.id[1], t.id[2], r)
	}
	return t, addr % ClusterSlot, ""
}

// resolveCluster maps a shared::cluster address to its bytes.
func (m *Machine) resolveCluster(w *warp, addr uint64, n int) ([]byte, string) {
	t, off, msg := m.sharedTarget(w.cta, addr)
	if t == nil {
		return nil, msg
	}
	sh := t.shared
	if off+uint64(n) <= uint64(len(sh)) {
		return sh[off : off+uint64(n)], ""
	}
	who := "the CTA's"
	if t != w.cta || addr >= ClusterSlot {
		who = fmt.Sprintf("CTA (%d,%d,%d)'s (cluster rank %d)", t.id[0], t.id[1], t.id[2], t.rank)
	}
	msg = fmt.Sprintf("outside %s %d bytes of shared memory", who, len(sh))
	if m.prog.dynShared && m.launch.SharedMem == 0 {
		msg += ` (the kernel uses dynamic shared memory: set "shared_mem" in the launch)`
	}
	return nil, msg
}

// clusterAddr is the shared::cluster address of offset off in the shared
// memory of the CTA of rank r.
func clusterAddr(r int, off uint64) uint64 { return uint64(r+1)*ClusterSlot + off }

// mapa{.shared::cluster}.type d, a, b: the address in the CTA of rank b
// that corresponds to shared address a (PTX ISA 9.7.9.24); without the
// space, a and d are generic addresses.
func lowerMapa(l *lowering, in *check.Inst, o *op) error {
	generic := !in.Match.Has(".shared::cluster")
	k := widthMask(o.typ.bits)
	o.exec = func(m *Machine, w *warp, o *op) {
		a, b, d := src(w, o, 0), src(w, o, 1), dst(w, o, 0)
		for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
			if mk&1 == 0 {
				continue
			}
			x := a[i] & k
			if generic {
				if x < sharedWindow || x >= sharedWindow+windowSize {
					m.raise(w, o, i, fmt.Sprintf("mapa: 0x%x is not a generic address of shared memory", x))
					return
				}
				x -= sharedWindow
			}
			r := uint32(b[i])
			if r >= uint32(m.cl.size) {
				m.raise(w, o, i, fmt.Sprintf("mapa: rank %d is outside the cluster of %d CTAs", r, m.cl.size))
				return
			}
			if x >= clusterAddr(m.cl.size, 0) {
				m.raise(w, o, i, fmt.Sprintf("mapa: 0x%x is outside the shared::cluster window", x))
				return
			}
			y := clusterAddr(int(r), x%ClusterSlot)
			if generic {
				y += sharedWindow
			}
			d[i] = y & k
		}
	}
	return nil
}

// getctarank{.shared::cluster}.type d, a: the rank of the CTA whose shared
// memory holds address a (PTX ISA 9.7.9.25); without the space, a is a
// generic address.
func lowerGetctarank(l *lowering, in *check.Inst, o *op) error {
	generic := !in.Match.Has(".shared::cluster")
	k := widthMask(o.typ.bits)
	o.exec = func(m *Machine, w *warp, o *op) {
		a, d := src(w, o, 0), dst(w, o, 0)
		for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
			if mk&1 == 0 {
				continue
			}
			x := a[i] & k
			if generic {
				if x < sharedWindow || x >= sharedWindow+windowSize {
					m.raise(w, o, i, fmt.Sprintf("getctarank: 0x%x is not a generic address of shared memory", x))
					return
				}
				x -= sharedWindow
			}
			switch {
			case x < ClusterSlot:
				d[i] = uint64(w.cta.rank)
			case x < clusterAddr(m.cl.size, 0):
				d[i] = x/ClusterSlot - 1
			default:
				m.raise(w, o, i, fmt.Sprintf("getctarank: 0x%x is outside the shared::cluster window", x))
				return
			}
		}
	}
	return nil
}

// clusterSReg is the value of a cluster special register for CTA c.
func (m *Machine) clusterSReg(c *cta, name string, comp int) uint64 {
	d, g := m.cl.dim, m.launch.Grid
	switch name {
	case "%clusterid":
		return uint64(c.id[comp] / d[comp])
	case "%nclusterid":
		return uint64(g[comp] / d[comp])
	case "%cluster_ctaid":
		return uint64(c.id[comp] % d[comp])
	case "%cluster_nctaid":
		return uint64(d[comp])
	case "%cluster_ctarank":
		return uint64(c.rank)
	case "%cluster_nctarank":
		return uint64(m.cl.size)
	}
	return 0
}

// explicitPred is the predicate slot that holds %is_explicit_cluster,
// set when a frame is made (the launch decides it).
func (l *lowering) explicitPred() int32 {
	if l.f.pexplicit == 0 {
		l.f.pexplicit = int32(l.f.npreds) + 1
		l.f.npreds++
		l.f.pnames = append(l.f.pnames, "")
	}
	return l.f.pexplicit - 1
}

// ClusterView is a CTA's cluster as the page shows it: its special
// registers and the CTAs it holds.
type ClusterView struct {
	Dim      [3]uint32 `json:"dim"`      // %cluster_nctaid
	Grid     [3]uint32 `json:"grid"`     // %nclusterid
	ID       [3]uint32 `json:"id"`       // %clusterid
	CTAID    [3]uint32 `json:"ctaid"`    // %cluster_ctaid
	Rank     int       `json:"rank"`     // %cluster_ctarank
	Size     int       `json:"size"`     // %cluster_nctarank
	Explicit bool      `json:"explicit"` // %is_explicit_cluster
	CTAs     []int     `json:"ctas"`     // the linear indexes of its CTAs, by rank
	Phases   int64     `json:"phases"`   // barrier.cluster phases completed so far (the launch's)
}

// clusterView describes c's cluster; nil when the launch has no clusters.
func (m *Machine) clusterView(c *cta) *ClusterView {
	if !m.cl.explicit && m.cl.size == 1 {
		return nil
	}
	v := &ClusterView{Dim: m.cl.dim, Rank: c.rank, Size: m.cl.size, Explicit: m.cl.explicit, Phases: m.cl.phases}
	for i := range 3 {
		v.Grid[i] = uint32(m.clusterSReg(c, "%nclusterid", i))
		v.ID[i] = uint32(m.clusterSReg(c, "%clusterid", i))
		v.CTAID[i] = uint32(m.clusterSReg(c, "%cluster_ctaid", i))
	}
	base := c.pos - c.rank
	for r := 0; r < m.cl.size; r++ {
		v.CTAs = append(v.CTAs, m.linearOf(base+r))
	}
	return v
}

// ClusterShape is the launch's cluster shape (1, 1, 1 without clusters)
// and whether the launch gave one (%is_explicit_cluster).
func (m *Machine) ClusterShape() ([3]uint32, bool) { return m.cl.dim, m.cl.explicit }
