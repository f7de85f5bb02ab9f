// tcgen05_mma.go: tcgen05.mma (PTX ISA §9.7.17.10) for .cta_group::1 and
// the kinds .kind::f16, ::tf32, ::f8f6f4, ::i8 and the block-scaled
// ::mxf8f6f4, ::mxf4, ::mxf4nvf4 (their formats and scales:
// tcgen05_kinds.go), and tcgen05.commit (§9.7.17.12.1).
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
// D in tensor memory (M = 128): row i is lane (d's lane + i), column j is
// column (d's column + j), one 32-bit cell per element (an f16 D in the
// low 16 bits). A in tensor memory: row i in lane i, its K elements packed
// into consecutive 32-bit columns, low bits first. M = 64 (whose D takes
// half of each warp's lanes) is refused for now.
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

// check validates the descriptor for kind k and returns the element
// kinds of A, B and D, or why not.
func (d tcIdesc) check(k tcKind) (a, b, dk ekind, msg string) {
	if bs := tcBlockScaled[k.name]; bs != nil {
		return d.checkBS(k, bs)
	}
	var ok bool
	switch {
	case d.sparse:
		return 0, 0, 0, "the sparse bit (2) is set: sparse tcgen05.mma (.sp) is not simulated"
	case d.maxShift != 0:
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
	if d.m != 128 {
		if d.m == 64 {
			return 0, 0, 0, "M = 64 is not simulated yet (M = 128 is)"
		}
		return 0, 0, 0, fmt.Sprintf("M = %d (bits 24-28) is not 64 or 128, what .cta_group::1 allows", d.m)
	}
	if msg := d.nRule(); msg != "" {
		return 0, 0, 0, msg
	}
	return a, b, dk, ""
}

// nRule checks N for M = 128.
func (d tcIdesc) nRule() string {
	if d.n < 16 || d.n > 256 || d.n%16 != 0 {
		return fmt.Sprintf("N = %d (bits 17-22) is not a multiple of 16 from 16 to 256, what M = 128 allows", d.n)
	}
	return ""
}

// describe writes the descriptor as the views show it.
func (d tcIdesc) describe(k tcKind) string {
	a, b, dk, msg := d.check(k)
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
	return decodeIdesc(v).describe(k)
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
	d, a      tmemOperand
	aTmem     bool
	aSlot     int32 // A's descriptor
	bSlot     int32
	iSlot     int32 // the instruction descriptor
	maskSlots []int32
	enablePS  int // index in o.ps of enable-input-d
	scale     int // scale-input-d, 0 when none
	bs        *tcBSOperands
}

func lowerTcMMA(l *lowering, in *check.Inst, o *op) error {
	if err := ctaGroup1(in); err != nil {
		return err
	}
	for _, m := range []string{".ashift", ".collector::a::fill", ".collector::a::use", ".collector::a::lastuse"} {
		if hasMod(in, m) != "" {
			return fmt.Errorf("tcgen05.mma%s is not simulated yet", m)
		}
	}
	d := &tcMMA{name: "tcgen05" + joinMods(in), enablePS: len(o.ps) - 1}
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
		if len(rest[0].Elems) != 4 {
			return invalid("tcgen05.mma.cta_group::1: the disable-output-lane mask takes 4 registers (128 lanes), got %d", len(rest[0].Elems))
		}
		for _, e := range rest[0].Elems {
			d.maskSlots = append(d.maskSlots, l.valueSlot(e))
		}
		rest = rest[1:]
	}
	if len(rest) > 1 && rest[1].Kind == check.ArgImm {
		d.scale = int(rest[1].Imm)
		if d.scale < 0 || d.scale > 15 {
			return invalid("tcgen05.mma: scale-input-d %d is outside 0..15", d.scale)
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

func (d *tcMMA) exec(m *Machine, w *warp, o *op, lane int) {
	fail := func(format string, a ...any) { m.raise(w, o, lane, d.name+": "+fmt.Sprintf(format, a...)) }
	id := decodeIdesc(uint32(w.reg(d.iSlot)[lane]))
	at, bt, dt, msg := id.check(d.kind)
	if msg != "" {
		fail("instruction descriptor 0x%08x: %s", id.raw, msg)
		return
	}
	M, N, K := id.m, id.n, d.kind.k
	c := w.cta
	sh := c.shared
	// D: M lanes from its lane, N columns.
	daddr := d.d.value(w, lane)
	dl, dc := splitTaddr(daddr)
	if dl+M > TmemLanes || dc+N > TmemCols {
		fail("D at 0x%08x (lane %d, column %d) with M=%d N=%d runs past the 128 lanes x 512 columns of tensor memory", daddr, dl, dc, M, N)
		return
	}
	if bad, ok := c.tmem.allocated(dc, N); !ok {
		fail("D's column %d (address 0x%08x) is not allocated", bad, daddr)
		return
	}
	tm := c.tmem
	a := make([]uint64, M*K) // row-major
	b := make([]uint64, N*K) // b[j*K+kk] is B(kk, j)
	if d.aTmem {
		aaddr := d.a.value(w, lane)
		al, ac := splitTaddr(aaddr)
		bits := tcElemBits(d.kind, at)
		cols := (K*bits + 31) / 32
		if al+M > TmemLanes || ac+cols > TmemCols {
			fail("A at 0x%08x runs past tensor memory", aaddr)
			return
		}
		if bad, ok := tm.allocated(ac, cols); !ok {
			fail("A's column %d (address 0x%08x) is not allocated", bad, aaddr)
			return
		}
		for i := 0; i < M; i++ {
			for kk := 0; kk < K; kk++ {
				bit := kk * bits
				v := uint64(*tm.at(al+i, ac+bit/32)) >> (bit % 32)
				a[i*K+kk] = tcTmemElem(d.kind, at, v&(1<<bits-1))
			}
		}
	} else {
		s, bad := decodeUmmaDesc(w.reg(d.aSlot)[lane])
		if bad == "" {
			bad = readTcOperand(sh, s, id.aMN, M, K, d.kind, at, func(r, kk int, v uint64) { a[r*K+kk] = v })
		}
		if bad != "" {
			fail("A descriptor 0x%016x: %s", w.reg(d.aSlot)[lane], bad)
			return
		}
	}
	s, bad := decodeUmmaDesc(w.reg(d.bSlot)[lane])
	if bad == "" {
		bad = readTcOperand(sh, s, id.bMN, N, K, d.kind, bt, func(r, kk int, v uint64) { b[r*K+kk] = v })
	}
	if bad != "" {
		fail("B descriptor 0x%016x: %s", w.reg(d.bSlot)[lane], bad)
		return
	}
	enable := pred(w, o, d.enablePS)&(1<<lane) != 0
	var mask [4]uint32
	for i, slot := range d.maskSlots {
		mask[i] = uint32(w.reg(slot)[lane])
	}
	var sc *tcScales
	if d.bs != nil {
		if sc, msg = d.bs.read(tm, w, lane, id, M, N, K); msg != "" {
			fail("%s", msg)
			return
		}
	}
	scale := float32(math.Ldexp(1, -d.scale))
	for i := 0; i < M; i++ {
		if mask[i/32]>>(i%32)&1 != 0 {
			continue // a disabled output lane keeps its D
		}
		ar := a[i*K : i*K+K]
		for j := 0; j < N; j++ {
			cell := tm.at(dl+i, dc+j)
			bc := b[j*K : j*K+K]
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
				continue
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
	}
	if m.record {
		v := &TmemMMAView{Line: int(o.line), Desc: id.describe(d.kind), Lane: dl, Col: dc, M: M, N: N, Cells: make([]string, 0, M*N)}
		for i := 0; i < M; i++ {
			for j := 0; j < N; j++ {
				x := *tm.at(dl+i, dc+j)
				switch {
				case d.kind.isInt:
					v.Cells = append(v.Cells, strconv.Itoa(int(int32(x))))
				case dt == ekF16:
					v.Cells = append(v.Cells, fmtFloat(floatOf(ekF16, uint64(x&0xffff))))
				default:
					v.Cells = append(v.Cells, fmtFloat(math.Float32frombits(x)))
				}
			}
		}
		tm.mma, tm.mmaStep = v, m.stats.WarpInstructions
	}
}

func fmtFloat(f float32) string { return strconv.FormatFloat(float64(f), 'g', -1, 32) }

// tcCommit is a lowered tcgen05.commit.
type tcCommit struct {
	mb       *mbarOp
	maskSlot int32
}

func lowerTcCommit(l *lowering, in *check.Inst, o *op) error {
	if err := ctaGroup1(in); err != nil {
		return err
	}
	c := &tcCommit{mb: &mbarOp{kind: mbArrive, name: "tcgen05.commit", countSlot: -1}, maskSlot: -1}
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
			t, off, ok := m.mbarAt(w, o, lane, "tcgen05.commit")
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
						m.raise(w, o, lane, fmt.Sprintf("tcgen05.commit: ctaMask names rank %d, which has exited", r))
						return
					}
					m.mbarLane(cl[r], w, o, c.mb, lane, off)
				}
				if mask>>len(cl) != 0 {
					m.raise(w, o, lane, fmt.Sprintf("tcgen05.commit: ctaMask 0x%x names ranks beyond the cluster's %d CTAs", mask, len(cl)))
				}
			}
			if m.err != nil {
				return
			}
		}
	}
	return nil
}
