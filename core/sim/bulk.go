// bulk.go: the Hopper bulk asynchronous copies (PTX ISA §9.7.9.25.4,
// §9.7.9.25.5): cp.async.bulk, cp.reduce.async.bulk, cp.async.bulk.prefetch,
// cp.async.bulk.commit_group and wait_group, and the landing of every bulk
// and tensor (TMA) copy.
//
// The model: a bulk copy reads its source when it issues (faults name the
// lane there) and holds the bytes in its CTA's list of copies in flight.
// Its destination keeps the old bytes until the copy lands, which happens
// at the first of:
//
//   - a thread tests the copy's mbarrier (mbarrier.test_wait or try_wait):
//     the copy engine is taken to be done by the time anyone looks;
//   - cp.async.bulk.wait_group (without .read) covering its bulk group;
//   - no warp of the CTA can issue (they all wait): time passes;
//   - the CTA's last warp exits.
//
// Landing writes the bytes (or applies the reduction) and, for the
// .mbarrier::complete_tx::bytes forms, performs complete-tx with the
// copy's size on the mbarrier, which may complete its phase. Copies land in
// the order they were issued. wait_group.read waits only for the sources to
// be read, which happened at issue. The prefetches and the L2 cache hint
// change nothing a program can observe and run as no-ops.
package sim

import (
	"fmt"
	"math"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/fp"
)

// bulkCopy is one bulk or tensor copy in flight.
type bulkCopy struct {
	toGlobal bool
	dst      uint64    // shared offset (destination in shared memory)
	segs     []bulkSeg // global destination: where each run of data goes
	mbar     uint64    // 1 + shared offset of the mbarrier to complete_tx (0: bulk group)
	data     []byte    // the bytes read at issue (never changed after)
	red      uint8     // 0: a copy; else the reduction's atom op
	rtyp     typeInfo  // the reduction's element type
	warp     int16     // the issuing thread
	lane     int8
	group    int32 // its bulk async-group (-1: not committed yet)
	swz      uint8 // tensor loads: the swizzle mode its 16-byte chunks land with (tensormap.go)
	line     int32
	what     string // for the view: "cp.async.bulk", "tensor 2d box 64x8", ...
	src      uint64 // for the view: the global source address, or the shared source offset of a copy to global
	srcSwz   uint8  // for the view: the swizzle a tensor store read its shared source with
	tens     *TensorCopyView
}

// bulkSeg is a run of a copy's data bound for global memory.
type bulkSeg struct {
	addr uint64
	off  int
	n    int
}

// BulkView is one bulk copy in flight (or landed), for the views.
type BulkView struct {
	Warp   int    `json:"warp"`
	Lane   int    `json:"lane"`
	Line   int    `json:"line"`
	What   string `json:"what"`
	Bytes  int    `json:"bytes"`
	Space  string `json:"space"` // destination: "shared" or "global"
	Dst    uint64 `json:"dst"`   // shared offset, or the first global address
	Mbar   int64  `json:"mbar"`  // shared address of its mbarrier, -1 for a bulk group
	Group  int    `json:"group"` // bulk group (1-based per thread), 0: not committed
	Reduce bool   `json:"reduce,omitempty"`
	Src    uint64 `json:"src"` // the global source address, or the shared source offset of a copy to global
	// Shared lists the bytes of the CTA's shared memory the copy writes
	// (a copy to shared memory: where its swizzled chunks land) or read
	// (a copy to global memory), as merged [offset, length] runs.
	Shared [][2]int        `json:"shared,omitempty"`
	Tensor *TensorCopyView `json:"tensor,omitempty"` // a tensor copy's map and coordinates (tensormap.go)
	Landed bool            `json:"landed,omitempty"` // in Snapshot.Landed
}

const (
	maxBulkViews = 256
	maxLanded    = 8 // landed copies a CTA remembers for the views
)

func bulkViews(c *cta) []BulkView {
	if c == nil {
		return nil
	}
	var vs []BulkView
	for i := range c.bulk {
		if len(vs) == maxBulkViews {
			break
		}
		vs = append(vs, c.bulk[i].view())
	}
	return vs
}

func landedViews(c *cta) []BulkView {
	if c == nil || len(c.landed) == 0 {
		return nil
	}
	vs := make([]BulkView, len(c.landed))
	for i := range c.landed {
		vs[i] = c.landed[i].view()
		vs[i].Landed = true
	}
	return vs
}

func (b *bulkCopy) view() BulkView {
	v := BulkView{Warp: int(b.warp), Lane: int(b.lane), Line: int(b.line), What: b.what, Bytes: len(b.data), Space: "shared", Dst: b.dst, Mbar: int64(b.mbar) - 1, Group: int(b.group) + 1, Reduce: b.red != 0, Src: b.src, Tensor: b.tens}
	if b.toGlobal {
		v.Space = "global"
		if len(b.segs) > 0 {
			v.Dst = b.segs[0].addr
		}
		v.Shared = chunkRanges(b.src, len(b.data), int(b.srcSwz))
	} else {
		v.Shared = chunkRanges(b.dst, len(b.data), int(b.swz))
	}
	return v
}

// chunkRanges lists where size bytes laid out densely from shared offset
// base lie with a swizzle mode (each 16-byte chunk moved by swizzleAddr),
// as merged [offset, length] runs in address order.
func chunkRanges(base uint64, size, swz int) [][2]int {
	if size <= 0 {
		return nil
	}
	if swz == 0 {
		return [][2]int{{int(base), size}}
	}
	var rs [][2]int
	for k := 0; k < size; k += 16 {
		p := int(swizzleAddr(base+uint64(k), swz))
		rs = append(rs, [2]int{p, min(16, size-k)})
	}
	return mergeRanges(rs)
}

// landBulk lands, in issue order, the copies of c that keep selects.
func (m *Machine) landBulk(c *cta, keep func(*bulkCopy) bool) {
	if len(c.bulk) == 0 {
		return
	}
	rest := c.bulk[:0:0]
	for i := range c.bulk {
		b := &c.bulk[i]
		if m.err != nil || !keep(b) {
			rest = append(rest, *b)
			continue
		}
		m.landOne(c, b)
	}
	c.bulk = rest
}

// landClusterBulk lands every copy in flight in c's cluster and reports
// whether there were any.
func (m *Machine) landClusterBulk(c *cta) bool {
	any := false
	for _, t := range m.cluster(c) {
		if len(t.bulk) > 0 {
			any = true
			m.landBulk(t, func(*bulkCopy) bool { return true })
		}
	}
	return any
}

// landBulkOn lands the copies that complete on the mbarrier at off.
func (m *Machine) landBulkOn(c *cta, off uint64) {
	m.landBulk(c, func(b *bulkCopy) bool { return b.mbar == off+1 })
}

func (m *Machine) bulkFault(c *cta, b *bulkCopy, msg string) {
	if m.err == nil {
		m.err = &Fault{Msg: fmt.Sprintf("%s (copy issued by warp %d lane %d at line %d)", msg, b.warp, b.lane, b.line), Line: int(b.line), CTA: c.id, Warp: int(b.warp), Lane: int(b.lane)}
	}
}

func (m *Machine) landOne(c *cta, b *bulkCopy) {
	if !b.toGlobal {
		switch {
		case b.swz != 0:
			for k := 0; k < len(b.data); k += 16 {
				p := swizzleAddr(b.dst+uint64(k), int(b.swz))
				copy(c.shared[p:p+16], b.data[k:k+16])
			}
		case b.red == 0:
			copy(c.shared[b.dst:], b.data)
		default:
			es := int(b.rtyp.bits) / 8
			for i := 0; i+es <= len(b.data); i += es {
				p := c.shared[b.dst+uint64(i) : b.dst+uint64(i+es)]
				store(p, reduceApply(b.red-1, b.rtyp, load(p), load(b.data[i:i+es])))
			}
		}
		if m.record {
			m.lastWrites = append(m.lastWrites, memWrite{space: spaceShared, addr: b.dst, size: len(b.data), lane: int(b.lane), warp: int(b.warp), cta: c.index})
		}
		if m.san != nil {
			m.san.wroteShared(m, c, b.dst, len(b.data)) // sanitize_mbar.go
		}
		if len(c.landed) == maxLanded {
			c.landed = append(c.landed[:0:0], c.landed[1:]...)
		}
		c.landed = append(c.landed, *b) // its data is never changed: the views share it

	} else {
		for _, s := range b.segs {
			g := m.global.find(s.addr, s.n)
			if g == nil {
				m.bulkFault(c, b, fmt.Sprintf("bulk copy to global 0x%x: out of bounds of every global buffer", s.addr))
				return
			}
			src := b.data[s.off : s.off+s.n]
			if b.red == 0 {
				g.mem.storeAt(src, int(s.addr-g.base), m)
			} else {
				es := int(b.rtyp.bits) / 8
				for i := 0; i+es <= len(src); i += es {
					p := g.mem.write(s.addr-g.base+uint64(i), es, m)
					store(p, reduceApply(b.red-1, b.rtyp, load(p), load(src[i:i+es])))
				}
			}
			if m.record {
				m.lastWrites = append(m.lastWrites, memWrite{space: spaceGlobal, addr: s.addr, size: s.n, lane: int(b.lane), warp: int(b.warp)})
			}
			if m.san != nil {
				m.san.wroteGlobal(m, s.addr, s.n) // sanitize_mbar.go
			}
		}
	}
	if b.mbar == 0 {
		return
	}
	off := b.mbar - 1
	s := c.mbarWord(off)
	if !s.valid {
		m.bulkFault(c, b, fmt.Sprintf("complete-tx on shared 0x%x: no initialized mbarrier there", off))
		return
	}
	tx := int64(s.tx) - int64(len(b.data))
	if tx < -mbarMaxTx {
		m.bulkFault(c, b, fmt.Sprintf("complete-tx of %d bytes on the mbarrier at shared 0x%x takes its tx-count to %d, below -(2^20-1)", len(b.data), off, tx))
		return
	}
	s.tx = int32(tx)
	m.maybeComplete(c, off, &s)
	c.putMbarRaw(off, s)
	if m.record {
		m.lastWrites = append(m.lastWrites, memWrite{space: spaceShared, addr: off, size: 8, lane: int(b.lane), warp: int(b.warp), cta: c.index})
	}
}

func (c *cta) putMbarRaw(off uint64, s mbarState) {
	v := s.encode()
	for i := range 8 {
		c.shared[off+uint64(i)] = byte(v >> (8 * i))
	}
}

// reduceApply is one element of cp.reduce.async.bulk (§9.7.9.25.4.2):
// integer and bitwise operations as atom's, f32 add keeping subnormals
// (an H200 keeps them, as its shared-memory atomics do: 1+1 in bits gives
// 2, testdata/gpu/bulk_copy; the tensor form, testdata/gpu/tma_reduce,
// the same), f64 add, and f16/bf16 add (.noftz), min and max.
func reduceApply(k uint8, t typeInfo, old, v uint64) uint64 {
	if t.float && t.bits == 16 {
		a, b := uint16(old), uint16(v)
		bf := t.name == ".bf16"
		switch {
		case k == atomAdd && bf:
			return uint64(fp.AddBF16(a, b))
		case k == atomAdd:
			return uint64(fp.AddF16(a, b, false, false))
		case k == atomMin && bf:
			return uint64(fp.MinBF16(a, b, false, false))
		case k == atomMin:
			return uint64(fp.MinF16(a, b, false, false, false))
		case k == atomMax && bf:
			return uint64(fp.MaxBF16(a, b, false, false))
		case k == atomMax:
			return uint64(fp.MaxF16(a, b, false, false, false))
		}
		return old
	}
	if t.float && t.bits == 64 && k == atomAdd {
		return math.Float64bits(math.Float64frombits(old) + math.Float64frombits(v))
	}
	if t.float && t.bits == 32 && k == atomAdd {
		return addF32(old, v, true)
	}
	return atomApply(&op{typ: t, mode: k}, old, v, 0, false)
}

// bulkOp is a lowered cp.async.bulk or cp.reduce.async.bulk.
type bulkOp struct {
	name             string
	toGlobal         bool
	fromShared       bool  // the source is the executing CTA's shared memory
	dstCluster       bool  // the destination is a shared::cluster address
	maskSlot         int32 // ctaMask of .multicast::cluster, -1 if none
	dstBase, srcBase int32
	dstOff, srcOff   int64
	sizeSlot         int32
	mbarBase         int32
	mbarOff          int64
	mbar             bool
	red              uint8
	rtyp             typeInfo
	byteMask         int32 // .cp_mask: the slot of byteMask, -1 if none
}

// valueSlot is the register slot of a value operand (a constant gets one).
func (l *lowering) valueSlot(a check.Arg) int32 {
	if a.Kind == check.ArgReg {
		return l.f.slots[a.Reg.Index] + int32(a.Comp)
	}
	return l.constSlot(a.Imm, false)
}

// stateSpaces lists the instruction's state-space modifiers in order
// (destination first).
func stateSpaces(in *check.Inst) []string {
	var ss []string
	for _, md := range in.Src.Mods {
		switch md.Name {
		case ".global", ".shared", ".shared::cta", ".shared::cluster":
			ss = append(ss, md.Name)
		}
	}
	return ss
}

var bulkRedOps = map[string]uint8{".add": atomAdd, ".min": atomMin, ".max": atomMax, ".inc": atomInc, ".dec": atomDec, ".and": atomAnd, ".or": atomOr, ".xor": atomXor}

func init() {
	lowerers["cp.async.bulk"] = lowerBulk
	lowerers["cp.reduce.async.bulk"] = lowerBulk
	lowerers["cp.async.bulk.prefetch"] = lowerNop
	lowerers["cp.async.bulk.prefetch.tensor"] = lowerNop
	lowerers["cp.async.bulk.commit_group"] = func(l *lowering, in *check.Inst, o *op) error {
		o.exec = execBulkCommit
		return nil
	}
	lowerers["cp.async.bulk.wait_group"] = func(l *lowering, in *check.Inst, o *op) error {
		if len(in.Args) != 1 || in.Args[0].Kind != check.ArgImm {
			return invalid("cp.async.bulk.wait_group takes a constant count")
		}
		n := int32(in.Args[0].Imm)
		read := hasMod(in, ".read") != ""
		o.flags |= flagMem
		o.exec = func(m *Machine, w *warp, o *op) {
			if read {
				return // sources are read at issue
			}
			c := w.cta
			m.landBulk(c, func(b *bulkCopy) bool {
				if int(b.warp) != w.id || w.mask>>uint(b.lane)&1 == 0 || b.group < 0 {
					return false
				}
				return b.group < w.bulkGroups[b.lane]-n
			})
		}
		return nil
	}
}

func execBulkCommit(m *Machine, w *warp, o *op) {
	c := w.cta
	for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		g := w.bulkGroups[lane]
		for i := range c.bulk {
			if b := &c.bulk[i]; int(b.warp) == w.id && int(b.lane) == lane && b.group < 0 {
				b.group = g
			}
		}
		w.bulkGroups[lane] = g + 1
	}
}

func lowerBulk(l *lowering, in *check.Inst, o *op) error {
	name := in.Entry.Name
	ss := stateSpaces(in)
	if len(ss) != 2 {
		return invalid("%s: expected a destination and a source state space", name)
	}
	b := &bulkOp{name: name, toGlobal: ss[0] == ".global", fromShared: ss[1] != ".global", dstCluster: ss[0] == ".shared::cluster", sizeSlot: -1, mbarBase: -1, maskSlot: -1, byteMask: -1}
	if hasMod(in, ".cp_mask") != "" {
		// [dstMem], [srcMem], size{, cache-policy}, byteMask: the mask is last
		if !b.toGlobal || len(in.Args) < 4 || in.Args[len(in.Args)-1].Kind == check.ArgAddr {
			return invalid("%s.cp_mask: expected byteMask after the size (and the cache policy)", name)
		}
		b.byteMask = l.valueSlot(in.Args[len(in.Args)-1])
	}
	if len(in.Args) < 3 || in.Args[0].Kind != check.ArgAddr || in.Args[1].Kind != check.ArgAddr {
		return invalid("%s: expected [dstMem], [srcMem], size", name)
	}
	var err error
	if b.dstBase, b.dstOff, err = l.addrOperand(in.Args[0]); err != nil {
		return err
	}
	if b.srcBase, b.srcOff, err = l.addrOperand(in.Args[1]); err != nil {
		return err
	}
	b.sizeSlot = l.valueSlot(in.Args[2])
	if hasMod(in, ".mbarrier::complete_tx::bytes") != "" {
		if len(in.Args) < 4 || in.Args[3].Kind != check.ArgAddr {
			return invalid("%s: expected [mbar] after the size", name)
		}
		b.mbar = true
		if b.mbarBase, b.mbarOff, err = l.addrOperand(in.Args[3]); err != nil {
			return err
		}
		if hasMod(in, ".multicast::cluster") != "" {
			if len(in.Args) < 5 || in.Args[4].Kind == check.ArgAddr {
				return invalid("%s.multicast::cluster: expected ctaMask after [mbar]", name)
			}
			b.maskSlot = l.valueSlot(in.Args[4])
		}
	}
	if name == "cp.reduce.async.bulk" {
		for _, md := range in.Src.Mods {
			if k, ok := bulkRedOps[md.Name]; ok {
				b.red = k + 1
			}
		}
		b.rtyp = o.typ
		for _, md := range in.Src.Mods {
			if t := typeOf(md.Name); t.bits > 0 {
				b.rtyp = t
			}
		}
		if b.red == 0 || b.rtyp.bits == 0 {
			return invalid("%s: missing reduction operation or type", name)
		}
		if !reduceAllowed(b.red-1, b.rtyp.name, b.toGlobal) {
			return invalid("%s: %s on %s is not one of the combinations the ISA lists", name, joinMods(in), b.rtyp.name)
		}
	}
	o.flags |= flagMem
	o.exec = func(m *Machine, w *warp, o *op) { b.exec(m, w, o) }
	return nil
}

// reduceAllowed is the ISA's table of .redOp and type for a global or a
// shared::cluster destination.
func reduceAllowed(op uint8, t string, global bool) bool {
	if !global {
		switch op {
		case atomAdd:
			return t == ".u32" || t == ".s32" || t == ".u64"
		case atomMin, atomMax:
			return t == ".u32" || t == ".s32"
		case atomInc, atomDec:
			return t == ".u32"
		case atomAnd, atomOr, atomXor:
			return t == ".b32"
		}
		return false
	}
	switch op {
	case atomAdd:
		return t == ".u32" || t == ".s32" || t == ".u64" || t == ".f32" || t == ".f64" || t == ".f16" || t == ".bf16"
	case atomMin, atomMax:
		return t == ".u32" || t == ".s32" || t == ".u64" || t == ".s64" || t == ".f16" || t == ".bf16"
	case atomInc, atomDec:
		return t == ".u32"
	case atomAnd, atomOr, atomXor:
		return t == ".b32" || t == ".b64"
	}
	return false
}

func (b *bulkOp) exec(m *Machine, w *warp, o *op) {
	c := w.cta
	for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		dst, src := uint64(b.dstOff), uint64(b.srcOff)
		if b.dstBase >= 0 {
			dst += w.reg(b.dstBase)[lane]
		}
		if b.srcBase >= 0 {
			src += w.reg(b.srcBase)[lane]
		}
		size := int(uint32(w.reg(b.sizeSlot)[lane]))
		if size%16 != 0 || dst%16 != 0 || src%16 != 0 {
			m.raise(w, o, lane, fmt.Sprintf("%s: size %d, destination 0x%x and source 0x%x must all be multiples of 16", b.name, size, dst, src))
			return
		}
		cp := bulkCopy{toGlobal: b.toGlobal, red: b.red, rtyp: b.rtyp, warp: int16(w.id), lane: int8(lane), group: -1, line: o.line, what: b.name, src: src}
		if b.toGlobal {
			if size > len(c.shared) || src+uint64(size) > uint64(len(c.shared)) {
				m.raise(w, o, lane, fmt.Sprintf("%s: source shared [0x%x, 0x%x) is outside the CTA's %d bytes of shared memory", b.name, src, src+uint64(size), len(c.shared)))
				return
			}
			if size > 0 && m.global.find(dst, size) == nil {
				m.raise(w, o, lane, fmt.Sprintf("%s: destination global [0x%x, 0x%x) is out of bounds of every global buffer", b.name, dst, dst+uint64(size)))
				return
			}
			if m.san != nil {
				m.san.asyncRead(m, w, o, lane, c, src, size) // sanitize_proxy.go
			}
			cp.data = append([]byte(nil), c.shared[src:src+uint64(size)]...)
			cp.segs = []bulkSeg{{addr: dst, n: size}}
			if b.byteMask >= 0 {
				cp.segs = maskedSegs(dst, size, uint16(w.reg(b.byteMask)[lane]))
				cp.what += fmt.Sprintf(".cp_mask 0x%04x", uint16(w.reg(b.byteMask)[lane]))
			}
			c.bulk = append(c.bulk, cp)
		} else {
			var data []byte
			if b.fromShared {
				if src+uint64(size) > uint64(len(c.shared)) {
					m.raise(w, o, lane, fmt.Sprintf("%s: source shared [0x%x, 0x%x) is outside the CTA's %d bytes of shared memory", b.name, src, src+uint64(size), len(c.shared)))
					return
				}
				if m.san != nil {
					m.san.asyncRead(m, w, o, lane, c, src, size) // sanitize_proxy.go
				}
				data = append([]byte(nil), c.shared[src:src+uint64(size)]...)
			} else {
				g := m.global.find(src, size)
				if g == nil && size > 0 {
					m.raise(w, o, lane, fmt.Sprintf("%s: source global [0x%x, 0x%x) is out of bounds of every global buffer", b.name, src, src+uint64(size)))
					return
				}
				data = make([]byte, size)
				if size > 0 {
					g.mem.loadAt(data, int(src-g.base))
				}
				if m.record {
					m.recordAccess(w, lane, spaceGlobal, src, size, false)
				}
			}
			ma := uint64(b.mbarOff)
			if b.mbarBase >= 0 {
				ma += w.reg(b.mbarBase)[lane]
			}
			if b.fromShared && b.dstCluster {
				if tc, _, msg := m.sharedTarget(c, dst); msg == "" && tc == c {
					m.raise(w, o, lane, fmt.Sprintf("%s: the destination shared::cluster 0x%x is in the executing CTA (rank %d): a copy from shared::cta to shared::cluster writes the shared memory of a peer CTA in the cluster (an H200 faults: \"not located in remote CTA\")", b.name, dst, c.rank))
					return
				}
			}
			cp.data = data
			if !m.bulkToShared(w, o, lane, b.name, b.dstCluster, dst, ma, b.maskSlot, cp) {
				return
			}
		}
	}
}

// maskedSegs splits a copy of size bytes to dst by .cp_mask's byteMask
// (§9.7.9.25.4.1): bit i says whether byte i of each 16-byte chunk of the
// source is copied; the bytes left out keep what the destination held.
func maskedSegs(dst uint64, size int, mask uint16) []bulkSeg {
	var segs []bulkSeg
	for k := 0; k < size; k += 16 {
		for i := 0; i < 16; {
			if mask>>i&1 == 0 {
				i++
				continue
			}
			j := i
			for j < 16 && mask>>j&1 != 0 {
				j++
			}
			segs = append(segs, bulkSeg{addr: dst + uint64(k+i), off: k + i, n: j - i})
			i = j
		}
	}
	return segs
}

// bulkToShared places a copy bound for shared memory in flight: dst and
// mbar are shared::cluster addresses (dstCluster) or the executing CTA's
// shared addresses; with a ctaMask slot the copy goes to the same
// CTA-relative offsets in every CTA of the cluster whose rank bit is set
// (.multicast::cluster). The copy joins the list of the CTA it lands in,
// whose mbarrier it completes.
func (m *Machine) bulkToShared(w *warp, o *op, lane int, name string, dstCluster bool, dst, mbar uint64, maskSlot int32, cp bulkCopy) bool {
	size := uint64(len(cp.data))
	type target struct {
		c         *cta
		off, moff uint64
	}
	var ts []target
	resolve := func(addr uint64) (*cta, uint64, string) {
		if !dstCluster {
			return w.cta, addr, ""
		}
		return m.sharedTarget(w.cta, addr)
	}
	tc, off, msg := resolve(dst)
	if msg != "" {
		m.raise(w, o, lane, fmt.Sprintf("%s: destination shared::cluster 0x%x %s", name, dst, msg))
		return false
	}
	mc, moff, msg := resolve(mbar)
	if msg != "" {
		m.raise(w, o, lane, fmt.Sprintf("%s: mbarrier shared::cluster 0x%x %s", name, mbar, msg))
		return false
	}
	if mc != tc {
		m.raise(w, o, lane, fmt.Sprintf("%s: the mbarrier (CTA (%d,%d,%d)) must be in the CTA the copy lands in (CTA (%d,%d,%d))", name, mc.id[0], mc.id[1], mc.id[2], tc.id[0], tc.id[1], tc.id[2]))
		return false
	}
	if maskSlot >= 0 {
		mask := uint16(w.reg(maskSlot)[lane])
		for r, t := range m.cluster(w.cta) {
			if mask>>r&1 != 0 {
				ts = append(ts, target{t, off, moff})
			}
		}
		if mask>>m.cl.size != 0 {
			m.raise(w, o, lane, fmt.Sprintf("%s: ctaMask 0x%x names CTAs past the cluster's %d", name, mask, m.cl.size))
			return false
		}
	} else {
		ts = append(ts, target{tc, off, moff})
	}
	for _, t := range ts {
		if t.c.done {
			m.raise(w, o, lane, fmt.Sprintf("%s: CTA (%d,%d,%d) has exited: its shared memory is gone", name, t.c.id[0], t.c.id[1], t.c.id[2]))
			return false
		}
		need := size
		if cp.swz > 0 { // a swizzled chunk stays in its aligned 32, 64 or 128 bytes
			span := uint64(16) << cp.swz
			need = (size + span - 1) / span * span
		}
		if t.off+need > uint64(len(t.c.shared)) || need > uint64(len(t.c.shared)) {
			m.raise(w, o, lane, fmt.Sprintf("%s: destination shared [0x%x, 0x%x) is outside the CTA's %d bytes of shared memory", name, t.off, t.off+size, len(t.c.shared)))
			return false
		}
		if t.moff%8 != 0 || t.moff+8 > uint64(len(t.c.shared)) {
			m.raise(w, o, lane, fmt.Sprintf("%s: mbarrier at shared 0x%x is misaligned or outside shared memory", name, t.moff))
			return false
		}
	}
	for _, t := range ts {
		c := cp
		c.dst, c.mbar = t.off, t.moff+1
		t.c.bulk = append(t.c.bulk, c)
	}
	return true
}
