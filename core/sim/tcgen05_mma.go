// tcgen05_mma.go: tcgen05.mma (PTX ISA §9.7.17.10) for .cta_group::1 and
// ::2 and the kinds .kind::f16, ::tf32, ::f8f6f4, ::i8 and the
// block-scaled ::mxf8f6f4, ::mxf4, ::mxf4nvf4 (their formats and scales:
// tcgen05_kinds.go; .cta_group::1 only), and tcgen05.commit
// (§9.7.17.12.1).
//
// tcgen05.mma is issued by one thread: every active thread that executes
// it issues its own MMA with its own operands (CUTLASS elects one). It
// computes D (M x N, in tensor memory at [d-tmem]) = A (M x K) x B (K x N)
// (+ D when enable-input-d is true, scaled by 2^-scale-input-d when that
// immediate is given). A comes from shared memory through a matrix
// descriptor or from tensor memory ([a-tmem]); B from shared memory.
//
// The 32-bit instruction descriptor (§9.7.17.10.2; CUTLASS's
// UMMA::InstrDescriptor):
//
//	bits  0-1  sparsity selector      bit 2  sparse (refused: .sp is not simulated)
//	bit   3    saturate (.kind::i8)   bits 4-5  D format: 0 f16, 1 f32, 2 s32
//	bits  7-9  A format, 10-12 B format: .kind::f16 0 f16, 1 bf16; ::tf32 2 tf32;
//	           ::f8f6f4 0 e4m3, 1 e5m2, 3 e2m3, 4 e3m2, 5 e2m1; ::i8 0 u8, 1 s8
//	           (the block-scaled kinds lay bits 4-5 and 23-31 out otherwise:
//	           tcgen05_kinds.go)
//	bit  13/14 negate A / B           bit 15/16  A / B major: 0 K-major, 1 MN-major
//	bits 17-22 N >> 3                 bits 24-28 M >> 4
//	bits 30-31 maximum shift (.ws only; must be 0 here)
//
// The 64-bit shared-memory matrix descriptor (§9.7.17.10.4; CUTLASS's
// UMMA::SmemDescriptor): start address >> 4 in bits 0-13, leading byte
// offset >> 4 in 16-29, stride byte offset >> 4 in 32-45, the fixed
// version 0b001 in bits 46-48, the base offset in 49-51 (must be 0 here),
// the LBO mode in bit 52 (must be 0 here) and the swizzle in bits 61-63:
// 0 none, 2 128-byte, 4 64-byte, 6 32-byte (1, 128-byte with 32-byte
// atoms, is refused). The canonical layouts, with T = 16 bytes of
// elements and W the swizzle width, are (CUTLASS's make_umma_desc):
//
//	K-major, none:  ((8,m),(T,2k)):((1T,SBO),(1,LBO))
//	K-major, W:     ((8,m),(T,2k)):((W/16 T,SBO),(1,T))
//	MN-major, none: ((T,1,m),(8,k)):((1,T,SBO),(1T,LBO))
//	MN-major, W:    ((T,W/16,m),(8,k)):((1,T,LBO),(W/16 T,SBO))
//
// and the swizzle XORs address bits 4.. with bits 7.. (log2(W/16) bits),
// as for wgmma (the K-major address and the swizzle are wgmma.go's).
//
// Shapes (§9.7.17.2.1): M = 64 or 128 with .cta_group::1, 128 or 256 with
// ::2 (a CTA pair computing one product, each CTA holding half of A's and
// D's rows and of B's columns); N per kind as tcShape says. D in tensor
// memory follows the ISA's data-path layouts (tcLayout), one 32-bit cell
// per element (an f16 D in the low 16 bits). A in tensor memory: the row
// feeding a D element sits in that element's lane, its K elements packed
// into consecutive 32-bit columns, low bits first.
//
// tcgen05.mma.ws (§9.7.17.10.9.3, .cta_group::1) is the same product with
// M = 32, 64 or 128 and N = 64, 128 or 256 (layouts G, E, D) and the B
// collector buffers b0-b3: ::fill keeps the B it read in buffer N, ::use
// and ::lastuse take B from the buffer instead of shared memory (a fault
// when no fill since the last ::lastuse or ::discard left one, or when
// it holds another shape), ::lastuse and ::discard (the default, which
// reads B from shared memory) empty it. The idesc's maximum shift (bits
// 30-31, "while attempting B matrix reuse") does not change the result.
// The zero-column mask descriptor is taken when its Non-Zero Mask bit
// (39) and column shift are 0 (every column used); a generated mask is
// refused.
//
// The A collector buffer of tcgen05.mma (.collector::a::fill/use/lastuse/
// discard, one a CTA) works the same way for A: ::use and ::lastuse take
// the A that a ::fill kept (from shared or tensor memory, the same shape
// and type) without reading [a-tmem] or a-desc; ::lastuse and ::discard
// (the default) empty it. .ashift is refused.
//
// Arithmetic (the same model as mma and wgmma): integer products and sums
// exact, wrapping to 32 bits (clamped with the saturate bit);
// floating-point inputs convert exactly, each product is exact in f32, and
// the sum runs in f32 rounded to nearest in k order, starting from D (or
// 0); an f16 D is rounded once at the end. One tcgen05.mma covers K = 32
// bytes of A's row; a longer K is several instructions accumulating in D.
//
// The MMA completes at issue (a valid order: the ISA only promises
// completion by the time an mbarrier tracking it through tcgen05.commit
// completes its phase), so tcgen05.commit arrives on its mbarrier at once:
// mbarrier.arrive with count 1, on each CTA of ctaMask with
// .multicast::cluster (the mbarrier at the same shared offset).
package sim

import (
	"fmt"
	"math"
	"strconv"

	"github.com/ptxplay/ptxplay/core/check"
)

func init() {
	lowerers["tcgen05.mma"] = lowerTcMMA
	lowerers["tcgen05.mma.ws"] = lowerTcMMA
	lowerers["tcgen05.commit"] = lowerTcCommit
}

// tcIdesc is a decoded instruction descriptor.
type tcIdesc struct {
	raw        uint32
	sparse     bool
	sat        bool
	dfmt       int
	afmt, bfmt int
	negA, negB bool
	aMN, bMN   bool
	n, m       int
	maxShift   int
}

func decodeIdesc(v uint32) tcIdesc {
	return tcIdesc{
		raw:      v,
		sparse:   v>>2&1 != 0,
		sat:      v>>3&1 != 0,
		dfmt:     int(v >> 4 & 3),
		afmt:     int(v >> 7 & 7),
		bfmt:     int(v >> 10 & 7),
		negA:     v>>13&1 != 0,
		negB:     v>>14&1 != 0,
		aMN:      v>>15&1 != 0,
		bMN:      v>>16&1 != 0,
		n:        int(v>>17&0x3f) << 3,
		m:        int(v>>24&0x1f) << 4,
		maxShift: int(v >> 30 & 3),
	}
}

// tcKind is one .kind of tcgen05.mma.
type tcKind struct {
	name  string
	k     int            // K of one instruction
	fmts  map[int]ekind  // A/B format code -> element
	d     map[int]ekind  // D format code -> element
	note  map[int]string // format codes that exist but are not simulated
	isInt bool
}

var tcKinds = map[string]tcKind{
	".kind::f16":    {name: "f16", k: 16, fmts: map[int]ekind{0: ekF16, 1: ekBF16}, d: map[int]ekind{0: ekF16, 1: ekF32}},
	".kind::tf32":   {name: "tf32", k: 8, fmts: map[int]ekind{2: ekTF32}, d: map[int]ekind{1: ekF32}},
	".kind::f8f6f4": {name: "f8f6f4", k: 32, fmts: map[int]ekind{0: ekE4M3, 1: ekE5M2, 3: ekE2M3, 4: ekE3M2, 5: ekE2M1}, d: map[int]ekind{0: ekF16, 1: ekF32}},
	".kind::i8":     {name: "i8", k: 32, fmts: map[int]ekind{0: ekU8, 1: ekS8}, d: map[int]ekind{2: ekS32}, isInt: true},
}

// check validates the descriptor for kind k under .cta_group::group (ws:
// tcgen05.mma.ws) and returns the element kinds of A, B and D, or why not.
func (d tcIdesc) check(k tcKind, group int, ws bool) (a, b, dk ekind, msg string) {
	if bs := tcBlockScaled[k.name]; bs != nil {
		if group != 1 {
			return 0, 0, 0, fmt.Sprintf(".kind::%s with .cta_group::2 is not simulated (.cta_group::1 is)", k.name)
		}
		return d.checkBS(k, bs)
	}
	var ok bool
	switch {
	case d.sparse:
		return 0, 0, 0, "the sparse bit (2) is set: sparse tcgen05.mma (.sp) is not simulated"
	case d.maxShift != 0 && !ws:
		return 0, 0, 0, "the maximum-shift field (bits 30-31) is for tcgen05.mma.ws only: it must be 0"
	}
	if a, ok = k.fmts[d.afmt]; !ok {
		if n := k.note[d.afmt]; n != "" {
			return 0, 0, 0, fmt.Sprintf("A format %d (%s) is not simulated yet", d.afmt, n)
		}
		return 0, 0, 0, fmt.Sprintf("A format %d (bits 7-9) is not one .kind::%s defines", d.afmt, k.name)
	}
	if b, ok = k.fmts[d.bfmt]; !ok {
		if n := k.note[d.bfmt]; n != "" {
			return 0, 0, 0, fmt.Sprintf("B format %d (%s) is not simulated yet", d.bfmt, n)
		}
		return 0, 0, 0, fmt.Sprintf("B format %d (bits 10-12) is not one .kind::%s defines", d.bfmt, k.name)
	}
	if msg := tcMajorRule(d, a, b); msg != "" {
		return 0, 0, 0, msg
	}
	if k.name == "f16" && a != b {
		return 0, 0, 0, fmt.Sprintf(".kind::f16 takes A and B of one type, not %s and %s", a, b)
	}
	if dk, ok = k.d[d.dfmt]; !ok {
		return 0, 0, 0, fmt.Sprintf("D format %d (bits 4-5) is not one .kind::%s defines", d.dfmt, k.name)
	}
	if d.sat && !k.isInt {
		return 0, 0, 0, "the saturate bit (3) is for .kind::i8 only"
	}
	if k.isInt && (d.negA || d.negB) {
		return 0, 0, 0, "the negate bits (13, 14) must be 0 for .kind::i8"
	}
	if msg := tcShape(k, d.m, d.n, group, ws); msg != "" {
		return 0, 0, 0, msg
	}
	return a, b, dk, ""
}

// tcShape says why M x N is not a shape of kind k under .cta_group::group
// (the ISA's table of kinds and shapes, §9.7.17.2.1: for .cta_group::1
// M = 64 or 128 and N from 8 to 256 in steps of 8; for .cta_group::2 M =
// 128 or 256 and N from 16 to 256 in steps of 16; .kind::i8 takes N = 8,
// 16, 24, 32, then steps of 16 (::1) and N from 32 in steps of 32 (::2)),
// "" when it is one. tcgen05.mma.ws (.cta_group::1) takes M = 32, 64 or
// 128 and N = 64, 128 or 256.
func tcShape(k tcKind, m, n, group int, ws bool) string {
	if ws {
		if m != 32 && m != 64 && m != 128 {
			return fmt.Sprintf("M = %d (bits 24-28) is not 32, 64 or 128, what tcgen05.mma.ws allows", m)
		}
		if n != 64 && n != 128 && n != 256 {
			return fmt.Sprintf("N = %d (bits 17-22) is not 64, 128 or 256, what tcgen05.mma.ws allows", n)
		}
		return ""
	}
	ms, nstep, nmin := [2]int{64, 128}, 8, 8
	if group == 2 {
		ms, nstep, nmin = [2]int{128, 256}, 16, 16
	}
	if m != ms[0] && m != ms[1] {
		return fmt.Sprintf("M = %d (bits 24-28) is not %d or %d, what .cta_group::%d allows", m, ms[0], ms[1], group)
	}
	switch {
	case k.isInt && group == 1:
		if n > 256 || n < 8 || n%8 != 0 || n > 32 && n%16 != 0 {
			return fmt.Sprintf("N = %d (bits 17-22) is not 8, 16, 24, 32 or a multiple of 16 up to 256, what .kind::i8 with .cta_group::1 allows", n)
		}
	case k.isInt:
		if n > 256 || n < 32 || n%32 != 0 {
			return fmt.Sprintf("N = %d (bits 17-22) is not a multiple of 32 from 32 to 256, what .kind::i8 with .cta_group::2 allows", n)
		}
	case n > 256 || n < nmin || n%nstep != 0:
		return fmt.Sprintf("N = %d (bits 17-22) is not a multiple of %d from %d to 256, what .cta_group::%d allows", n, nstep, nmin, group)
	}
	return ""
}

// tcLayout is where D's elements lie in a CTA's tensor memory: the ISA's
// data-path layouts (§9.7.17.10.5, the layouts CUTLASS's UMMA::tmem_frg
// builds in cute/atom/mma_traits_sm100_frag.hpp). A CTA holds rows rows
// of D (M, or M/2 of a pair's MMA); with blocks column blocks (1, 2, 4) its rows
// sit blocks times in the 128 lanes, each copy holding N/blocks columns:
//
//	Layout D (M = 128, ::1), A (M = 256, ::2): 4x1, D(i, j) in lane i, column j
//	Layout B (M = 128, ::2, 64 rows a CTA):   2x2, lane i + 64*(j / (N/2)), column j % (N/2)
//	Layout E (M = 64, .ws):                   2x2, as layout B
//	Layout G (M = 32, .ws):                   1x4, lane i + 32*(j / (N/4)), column j % (N/4)
//	Layout F (M = 64, ::1):                   half the data path: lane 32*(i/16) + i%16
//	                                          (+ 16 when D's lane is 16), column j
//
// relative to D's address; A in tensor memory is read in the same lane as
// the D element it feeds (so the 2x2 layout needs A's rows in lanes 0-63
// and again in 64-127, CUTLASS's TmemAllocMode::Duplicated).
type tcLayout struct {
	name   string
	rows   int  // rows of D in one CTA
	blocks int  // column blocks (1, 2 or 4)
	half   bool // layout F
}

func tcLayoutOf(m, group int, ws bool) tcLayout {
	switch {
	case ws && m == 32:
		return tcLayout{"G (M = 32, .ws)", 32, 4, false}
	case ws && m == 64:
		return tcLayout{"E (M = 64, .ws)", 64, 2, false}
	case ws:
		return tcLayout{"D (M = 128, .ws)", 128, 1, false}
	case group == 1 && m == 64:
		return tcLayout{"F (M = 64)", 64, 1, true}
	case group == 1:
		return tcLayout{"D (M = 128, .cta_group::1)", 128, 1, false}
	case m == 128:
		return tcLayout{"B (M = 128, .cta_group::2)", 64, 2, false}
	}
	return tcLayout{"A (M = 256)", 128, 1, false}
}

// cell is the lane and column offsets of D(i, j) (i < rows) for N = n.
func (l tcLayout) cell(i, j, n int) (int, int) {
	if l.half {
		return 32*(i/16) + i%16, j
	}
	w := n / l.blocks
	return i + l.rows*(j/w), j % w
}

// elem is the inverse of cell: the D element (row within the CTA's rows,
// column) at lane and column offsets (lo, co), ok false when none.
func (l tcLayout) elem(lo, co, n int) (int, int, bool) {
	if l.half {
		if lo%32 >= 16 || lo >= 128 || co >= n {
			return 0, 0, false
		}
		return 16*(lo/32) + lo%16, co, true
	}
	w := n / l.blocks
	if lo >= l.rows*l.blocks || co >= w {
		return 0, 0, false
	}
	return lo % l.rows, co + w*(lo/l.rows), true
}

// lanes is how many lanes from D's lane the layout spans.
func (l tcLayout) lanes() int {
	if l.half {
		return 112
	}
	return l.rows * l.blocks
}

// nRule checks N for the block-scaled kinds' M = 128 under .cta_group::1
// (tcgen05_kinds.go): N from 8 to 256 in steps of 8, as for the other
// kinds (§9.7.17.2.1; CUTLASS's SM100_MMA_MXF8F6F4_SS and SM100_MMA_MXF4_SS
// assert the same).
func (d tcIdesc) nRule() string {
	if d.n < 8 || d.n > 256 || d.n%8 != 0 {
		return fmt.Sprintf("N = %d (bits 17-22) is not a multiple of 8 from 8 to 256, what M = 128 allows", d.n)
	}
	return ""
}

// describe writes the descriptor as the views show it.
func (d tcIdesc) describe(k tcKind, group int, ws bool) string {
	a, b, dk, msg := d.check(k, group, ws)
	if msg != "" {
		return fmt.Sprintf("idesc 0x%08x: %s", d.raw, msg)
	}
	major := func(mn bool) string {
		if mn {
			return "MN-major"
		}
		return "K-major"
	}
	s := fmt.Sprintf("M=%d N=%d K=%d, A %s %s, B %s %s, D %s", d.m, d.n, k.k, a, major(d.aMN), b, major(d.bMN), dk)
	if d.negA {
		s += ", -A"
	}
	if d.negB {
		s += ", -B"
	}
	if d.sat {
		s += ", saturate"
	}
	if tcBlockScaled[k.name] != nil {
		s += d.describeBS()
	}
	return s
}

// DescribeIdesc decodes a tcgen05.mma instruction descriptor for kind
// ("f16", "tf32", "f8f6f4", "i8", "mxf8f6f4", "mxf4", "mxf4nvf4") as the
// views show it.
func DescribeIdesc(kind string, v uint32) string {
	k, ok := tcKinds[".kind::"+kind]
	if !ok {
		return "unknown kind " + kind
	}
	return decodeIdesc(v).describe(k, 1, false)
}

// decodeUmmaDesc decodes a Blackwell shared-memory matrix descriptor.
func decodeUmmaDesc(v uint64) (smemDesc, string) {
	d := smemDesc{start: v & 0x3fff << 4, lbo: v >> 16 & 0x3fff << 4, sbo: v >> 32 & 0x3fff << 4}
	if ver := v >> 46 & 7; ver != 1 {
		return d, fmt.Sprintf("descriptor bits 46-48 are %d; the ISA fixes them at 0b001", ver)
	}
	if v>>49&7 != 0 {
		return d, "a matrix base offset (descriptor bits 49-51) is not simulated"
	}
	if v>>52&1 != 0 {
		return d, "the absolute leading-byte-offset mode (descriptor bit 52) is not simulated"
	}
	switch lt := v >> 61; lt {
	case 0:
	case 2:
		d.swizzle = 128
	case 4:
		d.swizzle = 64
	case 6:
		d.swizzle = 32
	case 1:
		return d, "the 128-byte swizzle with 32-byte atoms (layout type 1) is not simulated"
	default:
		return d, fmt.Sprintf("layout type %d (descriptor bits 61-63) is not one the ISA defines", lt)
	}
	return d, ""
}

// addrMN is the shared address of element (i, kk) of an MN-major operand
// (i along M or N, contiguous; kk along K) of esize-byte elements.
func (s smemDesc) addrMN(i, kk int, esize uint64) uint64 {
	t := 16 / esize // elements in 16 bytes
	ii := uint64(i)
	if s.swizzle == 0 {
		return s.start + ii%t*esize + ii/t*s.sbo + uint64(kk%8)*16 + uint64(kk/8)*s.lbo
	}
	x := uint64(s.swizzle / 16)
	a := s.start + ii%t*esize + ii/t%x*16 + ii/(t*x)*s.lbo + uint64(kk%8)*uint64(s.swizzle) + uint64(kk/8)*s.sbo
	bitsN := map[int]uint{32: 1, 64: 2, 128: 3}[s.swizzle]
	return a ^ (a >> 7 & (uint64(1)<<bitsN - 1) << 4)
}

// readSmemOperand reads rows x kLen elements (rows along M or N) into put.
func readSmemOperand(sh []byte, s smemDesc, mn bool, rows, kLen int, k ekind, put func(r, kk int, v uint64)) string {
	if !mn {
		return readOperand(sh, s, 0, rows, kLen, k, put)
	}
	es := uint64(k.bits() / 8)
	for r := 0; r < rows; r++ {
		for kk := 0; kk < kLen; kk++ {
			a := s.addrMN(r, kk, es)
			if a+es > uint64(len(sh)) {
				return fmt.Sprintf("its shared-memory operand reaches address 0x%x, outside the CTA's %d bytes of shared memory", a, len(sh))
			}
			v := uint64(0)
			for j := uint64(0); j < es; j++ {
				v |= uint64(sh[a+j]) << (8 * j)
			}
			put(r, kk, v)
		}
	}
	return ""
}

// tmemOperand is a [taddr] operand: a register (or none) plus an offset.
type tmemOperand struct {
	slot int32
	off  int64
}

func (t tmemOperand) value(w *warp, lane int) uint32 {
	v := uint64(t.off)
	if t.slot >= 0 {
		v += w.reg(t.slot)[lane]
	}
	return uint32(v)
}

func (l *lowering) tmemOperand(a check.Arg) tmemOperand {
	t := tmemOperand{slot: -1, off: a.Off}
	if a.Reg != nil {
		t.slot = l.f.slots[a.Reg.Index]
	}
	return t
}

type tcMMA struct {
	kind      tcKind
	name      string
	group     int // .cta_group
	d, a      tmemOperand
	aTmem     bool
	aSlot     int32 // A's descriptor
	bSlot     int32
	iSlot     int32 // the instruction descriptor
	maskSlots []int32
	enablePS  int // index in o.ps of enable-input-d
	scale     int // scale-input-d, 0 when none
	bs        *tcBSOperands
	ws        bool  // tcgen05.mma.ws
	coll      int   // .ws: the collector buffer bN
	collOp    int   // .ws: collFill, collUse, collLastuse, collDiscard
	zcolSlot  int32 // .ws: the zero-column mask descriptor, -1 when none
	collAOp   int   // .collector::a::fill/use/lastuse/discard (the A collector buffer)
}

// The collector-buffer operations of tcgen05.mma.ws.
const (
	collDiscard = iota
	collFill
	collUse
	collLastuse
)

// tcCollector is the B matrix a tcgen05.mma.ws filled a collector buffer
// with (.collector::bN::fill): its values, element kind and shape, and
// the line that filled it.
type tcCollector struct {
	b    []uint64
	bt   ekind
	n, k int
	line int32
	tmem bool // A's collector: A came from tensor memory (b by lane), in lane
	lane int
}

func lowerTcMMA(l *lowering, in *check.Inst, o *op) error {
	for _, m := range []string{".ashift"} {
		if hasMod(in, m) != "" {
			return fmt.Errorf("tcgen05.mma%s is not simulated yet", m)
		}
	}
	d := &tcMMA{name: "tcgen05" + joinMods(in), group: ctaGroupOf(in), enablePS: len(o.ps) - 1, ws: in.Entry.Name == "tcgen05.mma.ws", zcolSlot: -1}
	for op, name := range []string{"discard", "fill", "use", "lastuse"} {
		if hasMod(in, ".collector::a::"+name) != "" {
			d.collAOp = op
		}
	}
	if d.ws {
		d.name = in.Entry.Name + joinMods(in)
		for b := 0; b < 4; b++ {
			for op, name := range []string{"discard", "fill", "use", "lastuse"} {
				if hasMod(in, fmt.Sprintf(".collector::b%d::%s", b, name)) != "" {
					d.coll, d.collOp = b, op
				}
			}
		}
	}
	for k, v := range tcKinds {
		if hasMod(in, k) != "" {
			d.kind = v
		}
	}
	if d.kind.name == "" {
		return fmt.Errorf("%s: this kind is not simulated yet", d.name)
	}
	args := in.Args
	if len(args) < 5 || args[0].Kind != check.ArgAddr {
		return invalid("tcgen05.mma: expected [d-tmem], a-desc or [a-tmem], b-desc, idesc, enable-input-d")
	}
	d.d = l.tmemOperand(args[0])
	if args[1].Kind == check.ArgAddr {
		d.aTmem, d.a = true, l.tmemOperand(args[1])
	} else {
		d.aSlot = l.valueSlot(args[1])
	}
	d.bSlot, d.iSlot = l.valueSlot(args[2]), l.valueSlot(args[3])
	rest := args[4:]
	if hasMod(in, ".block_scale") != "" {
		var err error
		if rest, err = d.lowerBlockScale(l, in, rest); err != nil {
			return err
		}
	} else if tcBlockScaled[d.kind.name] != nil {
		return invalid("tcgen05.mma.kind::%s needs .block_scale and its [scale-A-tmem], [scale-B-tmem]", d.kind.name)
	}
	if len(rest) > 0 && rest[0].Kind == check.ArgVec {
		if want := 4 * d.group; len(rest[0].Elems) != want {
			return invalid("tcgen05.mma.cta_group::%d: the disable-output-lane mask takes %d registers (%d lanes), got %d", d.group, want, 32*want, len(rest[0].Elems))
		}
		for _, e := range rest[0].Elems {
			d.maskSlots = append(d.maskSlots, l.valueSlot(e))
		}
		rest = rest[1:]
	}
	if d.ws && len(rest) > 1 {
		d.zcolSlot = l.valueSlot(rest[1])
	}
	if len(rest) > 1 && rest[1].Kind == check.ArgImm && !d.ws {
		d.scale = int(rest[1].Imm)
		if d.scale < 0 || d.scale > 15 {
			return invalid("tcgen05.mma: scale-input-d %d is outside 0..15", d.scale)
		}
		if d.scale != 0 && d.kind.name == "i8" {
			// The ISA gives scale-input-d to .kind::f16 and .kind::tf32
			// only; ptxas 13.0 takes it with .kind::i8 too (the table
			// does, docs/gpucheck.md "Session 17"), with no meaning the
			// ISA states: refused at run time, not checked out.
			return fmt.Errorf("tcgen05.mma.kind::i8 with a scale-input-d is not simulated (the ISA defines the scale for .kind::f16 and .kind::tf32)")
		}
		if d.scale != 0 && d.kind.name != "f16" && d.kind.name != "tf32" {
			return invalid("tcgen05.mma: scale-input-d is for .kind::f16 and .kind::tf32 only")
		}
	}
	if len(o.ps) == 0 {
		return invalid("tcgen05.mma: enable-input-d must be a predicate")
	}
	d.enablePS = len(o.ps) - 1
	o.exec = func(m *Machine, w *warp, o *op) {
		for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
			if mk&1 != 0 {
				d.exec(m, w, o, lane)
				if m.err != nil {
					return
				}
			}
		}
	}
	return nil
}

// tcCTAs is the CTAs a .cta_group::group operation issued by w acts on:
// w's CTA, or the pair's even CTA then its odd CTA; nil after a fault.
func (m *Machine) tcCTAs(w *warp, o *op, lane, group int, name string) []*cta {
	if !m.tcGroup(w, o, lane, group, name) {
		return nil
	}
	if group == 1 {
		return []*cta{w.cta}
	}
	p, msg := m.peerCTA(w.cta)
	if p == nil {
		m.raise(w, o, lane, name+": "+msg)
		return nil
	}
	if w.cta.rank&1 == 0 {
		return []*cta{w.cta, p}
	}
	return []*cta{p, w.cta}
}

// exec runs lane's MMA. With .cta_group::2 the pair computes one M x N
// product (§9.7.17.10.9.1; CUTLASS's SM100_MMA_*_2x1SM): the pair's even
// CTA holds rows 0..M/2-1 of A and D and columns 0..N/2-1 of B, the odd
// CTA the rest, each in its own shared memory at the descriptors' offsets
// and its own tensor memory at the same [d-tmem] (and [a-tmem]), whichever
// CTA of the pair issues it.
func (d *tcMMA) exec(m *Machine, w *warp, o *op, lane int) {
	fail := func(format string, a ...any) { m.raise(w, o, lane, d.name+": "+fmt.Sprintf(format, a...)) }
	ctas := m.tcCTAs(w, o, lane, d.group, d.name)
	if ctas == nil {
		return
	}
	id := decodeIdesc(uint32(w.reg(d.iSlot)[lane]))
	at, bt, dt, msg := id.check(d.kind, d.group, d.ws)
	if msg != "" {
		fail("instruction descriptor 0x%08x: %s", id.raw, msg)
		return
	}
	M, N, K := id.m, id.n, d.kind.k
	lay := tcLayoutOf(M, d.group, d.ws)
	nc := len(ctas)
	Mc, Nc := M/nc, N/nc // rows of A and D, columns of B, a CTA holds
	cols := N / lay.blocks
	daddr := d.d.value(w, lane)
	dl, dc := splitTaddr(daddr)
	switch {
	case lay.half && dl != 0 && dl != 16:
		fail("D at 0x%08x is in lane %d; with M = 64 (layout F, half the data path) D's lane must be 0 or 16", daddr, dl)
		return
	case !lay.half && dl != 0:
		fail("D at 0x%08x is in lane %d; with layout %s D's lane must be 0", daddr, dl, lay.name)
		return
	case dc+cols > TmemCols:
		fail("D at 0x%08x (column %d) with N=%d takes %d columns: it runs past the %d columns of tensor memory", daddr, dc, N, cols, TmemCols)
		return
	}
	for _, c := range ctas {
		if bad, ok := c.tmem.allocated(dc, cols); !ok {
			fail("D's column %d (address 0x%08x) is not allocated%s", bad, daddr, ctaNote(c, w, nc))
			return
		}
	}
	var mask [8]uint32
	for i, slot := range d.maskSlots {
		mask[i] = uint32(w.reg(slot)[lane])
	}
	if nc == 2 && mask != [8]uint32{} {
		fail("a disable-output-lane mask other than 0 with .cta_group::2 is not simulated (the ISA does not say which CTA's lanes its 8 words cover)")
		return
	}
	a := make([][]uint64, nc) // per CTA: rows x K (smem), or 128 lanes x K (tmem)
	b := make([]uint64, N*K)  // b[j*K+kk] is B(kk, j)
	var aLane [2]int
	for v, c := range ctas {
		sh := c.shared
		if d.collAOp == collUse || d.collAOp == collLastuse {
			ca := c.tmem.collA
			switch {
			case ca == nil:
				fail("the A collector buffer holds no A: no .collector::a::fill since it was last discarded (or ever)%s", ctaNote(c, w, nc))
				return
			case ca.bt != at || ca.n != Mc || ca.k != K || ca.tmem != d.aTmem:
				fail("the A collector buffer holds another A (filled at line %d: %d rows x K = %d of %s)%s", ca.line, ca.n, ca.k, ca.bt, ctaNote(c, w, nc))
				return
			}
			a[v], aLane[v] = ca.b, ca.lane
		} else if d.aTmem {
			aaddr := d.a.value(w, lane)
			al, ac := splitTaddr(aaddr)
			aLane[v] = al
			bits := tcElemBits(d.kind, at)
			acols := (K*bits + 31) / 32
			switch {
			case lay.half && al != dl:
				fail("A at 0x%08x is in lane %d, D in lane %d: with M = 64 (layout F) A and D must use the same lane alignment", aaddr, al, dl)
				return
			case !lay.half && al != 0:
				fail("A at 0x%08x is in lane %d; with layout %s A's lane must be 0", aaddr, al, lay.name)
				return
			case ac+acols > TmemCols:
				fail("A at 0x%08x runs past tensor memory", aaddr)
				return
			}
			if bad, ok := c.tmem.allocated(ac, acols); !ok {
				fail("A's column %d (address 0x%08x) is not allocated%s", bad, aaddr, ctaNote(c, w, nc))
				return
			}
			rows := make([]uint64, TmemLanes*K)
			for l := al; l < TmemLanes; l++ {
				for kk := 0; kk < K; kk++ {
					bit := kk * bits
					rows[l*K+kk] = tcTmemElem(d.kind, at, uint64(*c.tmem.at(l, ac+bit/32))>>(bit%32)&(1<<bits-1))
				}
			}
			a[v] = rows
		} else {
			a[v] = make([]uint64, Mc*K)
			s, bad := decodeUmmaDesc(w.reg(d.aSlot)[lane])
			if bad == "" {
				bad = readTcOperand(sh, s, id.aMN, Mc, K, d.kind, at, func(r, kk int, x uint64) { a[v][r*K+kk] = x })
			}
			if bad != "" {
				fail("A descriptor 0x%016x: %s%s", w.reg(d.aSlot)[lane], bad, ctaNote(c, w, nc))
				return
			}
			if m.san != nil {
				m.san.tcOperandRead(m, w, o, lane, c, s, id.aMN, Mc, K, at) // sanitize_proxy.go
			}
		}
		if d.ws && (d.collOp == collUse || d.collOp == collLastuse) {
			if msg := d.fromCollector(c, b, bt, N, K); msg != "" {
				fail("%s", msg)
				return
			}
			continue
		}
		s, bad := decodeUmmaDesc(w.reg(d.bSlot)[lane])
		if bad == "" {
			bad = readTcOperand(sh, s, id.bMN, Nc, K, d.kind, bt, func(r, kk int, x uint64) { b[(v*Nc+r)*K+kk] = x })
		}
		if bad != "" {
			fail("B descriptor 0x%016x: %s%s", w.reg(d.bSlot)[lane], bad, ctaNote(c, w, nc))
			return
		}
		if m.san != nil {
			m.san.tcOperandRead(m, w, o, lane, c, s, id.bMN, Nc, K, bt) // sanitize_proxy.go
		}
	}
	if d.zcolSlot >= 0 {
		// The zero-column mask descriptor (§9.7.17.4.3): with its
		// Non-Zero Mask bit (39) clear the mask is all 0s, every column
		// of B used; the generated masks and the column shift are not
		// modelled.
		z := w.reg(d.zcolSlot)[lane]
		if z>>39&1 != 0 || z>>56&0x3f != 0 {
			fail("zero-column mask descriptor 0x%016x: a generated mask (bit 39 set) or a column shift (bits 56-61) is not simulated; with bit 39 and the shift 0 every column of B is used", z)
			return
		}
	}
	for v, c := range ctas {
		switch d.collAOp {
		case collFill:
			c.tmem.collA = &tcCollector{b: a[v], bt: at, n: Mc, k: K, line: o.line, tmem: d.aTmem, lane: aLane[v]}
		case collLastuse, collDiscard:
			c.tmem.collA = nil
		}
	}
	if d.ws {
		tm := ctas[0].tmem
		switch d.collOp {
		case collFill:
			tm.coll[d.coll] = &tcCollector{b: append([]uint64(nil), b...), bt: bt, n: N, k: K, line: o.line}
		case collLastuse, collDiscard:
			tm.coll[d.coll] = nil
		}
	}
	var sc *tcScales
	if d.bs != nil {
		// .cta_group::1 only (check): the scales are in the one CTA's TMEM.
		if sc, msg = d.bs.read(ctas[0].tmem, w, lane, id, M, N, K); msg != "" {
			fail("%s", msg)
			return
		}
	}
	enable := pred(w, o, d.enablePS)&(1<<lane) != 0
	scale := float32(math.Ldexp(1, -d.scale))
	for v, c := range ctas {
		tm := c.tmem
		for i := 0; i < Mc; i++ {
			for j := 0; j < N; j++ {
				lo, co := lay.cell(i, j, N)
				l := dl + lo
				if mask[l/32]>>(l%32)&1 != 0 {
					continue // a disabled output lane keeps its D
				}
				var ar []uint64
				if d.aTmem {
					al := aLane[v] + lo
					ar = a[v][al*K : al*K+K]
				} else {
					ar = a[v][i*K : i*K+K]
				}
				d.dot(tm.at(l, dc+co), ar, b[j*K:j*K+K], at, bt, dt, id, enable, scale, sc, v*Mc+i, j)
			}
		}
	}
	if m.record {
		desc := id.describe(d.kind, d.group, d.ws)
		for v, c := range ctas {
			peer := -1
			if nc == 2 {
				peer = ctas[1-v].rank
			}
			c.tmem.mma = tcView(o, desc, lay, c.tmem, dl, dc, M, N, v*Mc, peer, d.kind.isInt, dt)
			c.tmem.mma.Idesc = id.raw
			c.tmem.mmaStep = m.stats.WarpInstructions
			c.tmem.noteDesc(int(o.line), id.raw, desc)
		}
	}
}

// fromCollector copies the B a .collector::bN::fill left in c's buffer
// into b, or says why it cannot (.use and .lastuse need "a previous fill
// to the collector buffer #N to be still valid", §9.7.17.10.9.3).
func (d *tcMMA) fromCollector(c *cta, b []uint64, bt ekind, n, k int) string {
	cb := c.tmem.coll[d.coll]
	switch {
	case cb == nil:
		return fmt.Sprintf("collector buffer b%d holds no B: no .collector::b%d::fill since it was last discarded (or ever)", d.coll, d.coll)
	case cb.bt != bt || cb.n != n || cb.k != k:
		return fmt.Sprintf("collector buffer b%d holds a %dx%d B of %s (filled at line %d), this MMA reads a %dx%d B of %s", d.coll, cb.k, cb.n, cb.bt, cb.line, k, n, bt)
	}
	copy(b, cb.b)
	return ""
}

// ctaNote names c in a fault when the MMA spans a pair.
func ctaNote(c *cta, w *warp, nc int) string {
	if nc == 1 {
		return ""
	}
	who := "the issuing CTA"
	if c != w.cta {
		who = "the peer CTA"
	}
	return fmt.Sprintf(" (in %s, (%d,%d,%d), cluster rank %d)", who, c.id[0], c.id[1], c.id[2], c.rank)
}

// dot accumulates one element of D: cell = sum_k a[k]*b[k] (+ cell).
func (d *tcMMA) dot(cell *uint32, ar, bc []uint64, at, bt, dt ekind, id tcIdesc, enable bool, scale float32, sc *tcScales, i, j int) {
	K := len(ar)
	if d.kind.isInt {
		acc := int64(0)
		if enable {
			acc = int64(int32(*cell))
		}
		for kk := range K {
			acc += intOf(at, ar[kk]) * intOf(bt, bc[kk])
		}
		if id.sat {
			acc = max(math.MinInt32, min(math.MaxInt32, acc))
		}
		*cell = uint32(acc)
		return
	}
	acc := float32(0)
	if enable {
		if dt == ekF16 {
			acc = floatOf(ekF16, uint64(*cell&0xffff))
		} else {
			acc = math.Float32frombits(*cell)
		}
		if d.scale != 0 {
			acc *= scale
		}
	}
	for kk := range K {
		x, y := floatOf(at, ar[kk]), floatOf(bt, bc[kk])
		if id.negA {
			x = -x
		}
		if id.negB {
			y = -y
		}
		p := float32(x * y) // exact
		if sc != nil {
			p = sc.product(i, j, kk, x, y)
		}
		acc = float32(acc + p)
	}
	*cell = uint32(encodeFloat(dt, acc))
}

// tcView is the view of the D tile a CTA holds after an MMA.
func tcView(o *op, desc string, lay tcLayout, tm *tmemState, dl, dc, M, N, row0, peer int, isInt bool, dt ekind) *TmemMMAView {
	v := &TmemMMAView{Line: int(o.line), Desc: desc, Layout: lay.name, Lane: dl, Col: dc, M: M, N: N, Row0: row0, Rows: lay.rows, Peer: peer,
		Lanes: lay.lanes(), Cols: N / lay.blocks, Blocks: lay.blocks, Half: lay.half}
	v.Cells = make([]string, 0, v.Lanes*v.Cols)
	for lo := 0; lo < v.Lanes; lo++ {
		for co := 0; co < v.Cols; co++ {
			if _, _, ok := lay.elem(lo, co, N); !ok {
				v.Cells = append(v.Cells, "")
				continue
			}
			x := *tm.at(dl+lo, dc+co)
			switch {
			case isInt:
				v.Cells = append(v.Cells, strconv.Itoa(int(int32(x))))
			case dt == ekF16:
				v.Cells = append(v.Cells, fmtFloat(floatOf(ekF16, uint64(x&0xffff))))
			default:
				v.Cells = append(v.Cells, fmtFloat(math.Float32frombits(x)))
			}
		}
	}
	return v
}

func fmtFloat(f float32) string { return strconv.FormatFloat(float64(f), 'g', -1, 32) }

// tcCommit is a lowered tcgen05.commit.
type tcCommit struct {
	mb       *mbarOp
	maskSlot int32
}

// tcgen05.commit.cta_group::2 tracks the issuing thread's .cta_group::2
// operations, which completed at issue too; the pair's peer CTA must
// still be active, as for any .cta_group::2 operation.
func lowerTcCommit(l *lowering, in *check.Inst, o *op) error {
	group := ctaGroupOf(in)
	name := fmt.Sprintf("tcgen05.commit.cta_group::%d", group)
	c := &tcCommit{mb: &mbarOp{kind: mbArrive, name: name, countSlot: -1}, maskSlot: -1}
	o.space = spaceOf(l, in, o)
	if hasMod(in, ".multicast::cluster") != "" {
		if len(o.s) == 0 {
			return invalid("tcgen05.commit.multicast::cluster: expected ctaMask after [mbar]")
		}
		c.maskSlot = o.s[0]
	}
	o.flags |= flagMem
	o.exec = func(m *Machine, w *warp, o *op) {
		for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
			if mk&1 == 0 {
				continue
			}
			if m.tcCTAs(w, o, lane, group, name) == nil {
				return
			}
			t, off, ok := m.mbarAt(w, o, lane, name)
			if !ok {
				return
			}
			if c.maskSlot < 0 {
				m.mbarLane(t, w, o, c.mb, lane, off)
			} else {
				mask := uint16(w.reg(c.maskSlot)[lane])
				cl := m.cluster(w.cta)
				for r := 0; r < len(cl) && r < 16; r++ {
					if mask>>r&1 == 0 {
						continue
					}
					if cl[r] == nil || cl[r].done {
						m.raise(w, o, lane, fmt.Sprintf("%s: ctaMask names rank %d, which has exited", name, r))
						return
					}
					m.mbarLane(cl[r], w, o, c.mb, lane, off)
				}
				if mask>>len(cl) != 0 {
					m.raise(w, o, lane, fmt.Sprintf("%s: ctaMask 0x%x names ranks beyond the cluster's %d CTAs", name, mask, len(cl)))
				}
			}
			if m.err != nil {
				return
			}
		}
	}
	return nil
}
