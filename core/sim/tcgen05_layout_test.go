package sim

// tcgen05_layout_test.go: tcgen05.mma's shapes and data-path layouts
// (§9.7.17.2.1, §9.7.17.10.5) on one CTA and on a CTA pair
// (.cta_group::2), against a plain Go matrix product with integer-valued
// inputs.

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"
)

// tcLayoutCase is one MMA: D (m x n) = A x B over ksteps instructions,
// on one CTA or a CTA pair.
type tcLayoutCase struct {
	desc   string
	kind   string
	at, bt ekind
	dfmt   uint32 // c_format
	afmt   uint32
	bfmt   uint32
	a, b   operandLayout
	m      int // 0: 128
	n      int
	ksteps int
	aTmem  bool
	preD   bool // D starts at 1000 (stored with tcgen05.st) and enable-input-d is true from the first step
	negA   bool
	scale  int  // scale-input-d
	pair   bool // .cta_group::2: a cluster of 2 CTAs
	issuer int  // the cluster rank whose thread 0 issues (pair)
	dlane  int  // D's (and A's) lane: 16 for M = 64's second alignment
	ws     bool // tcgen05.mma.ws
	// .ws with two steps: the first fills collector buffer b1 with B's
	// first K-block, the second uses it (its own B descriptor, one K-block
	// on, is not read): D = A0 x B0 + A1 x B0
	collUse bool
	// two steps, the first filling the A collector buffer, the second
	// using it (its A, one K-block on, unread): D = A0 x B0 + A0 x B1
	collA bool
}

// tcDPlace is where the ISA's data-path layouts (§9.7.17.10.5; CUTLASS's
// UMMA::tmem_frg) put D(i, j) of an M x N MMA: the CTA of the pair (0
// even, 1 odd), the lane and the column offset from D's address.
//
//	M = 128, ::1 (layout D) and M = 256, ::2 (layout A): 128 rows a CTA, row i in lane i
//	M = 64, ::1 (layout F): rows 16q..16q+15 in lanes 32q..32q+15
//	M = 128, ::2 (layout B): 64 rows a CTA; columns 0..N/2-1 in lanes 0-63,
//	                         N/2..N-1 in lanes 64-127 (at columns 0..N/2-1)
//
// and for tcgen05.mma.ws (CUTLASS's tmem_frg_ws): M = 128 as layout D,
// M = 64 (layout E) as layout B in one CTA, M = 32 (layout G) four
// column blocks: lane i + 32*(j/(N/4)), column j % (N/4).
func tcDPlace(m, n int, pair, ws bool, i, j int) (cta, lane, col int) {
	switch {
	case ws && m == 32:
		return 0, i + 32*(j/(n/4)), j % (n / 4)
	case ws && m == 64:
		return 0, i + 64*(j/(n/2)), j % (n / 2)
	case ws:
		return 0, i, j
	case !pair && m == 64:
		return 0, 32*(i/16) + i%16, j
	case !pair:
		return 0, i, j
	case m == 128:
		return i / 64, i%64 + 64*(j/(n/2)), j % (n / 2)
	}
	return i / 128, i % 128, j
}

const tcLayoutKernel = `.version 8.7
.target sm_100a
.address_size 64

.visible .entry k(.param .u64 pin, .param .u64 pout)
{
	.shared .align 8 .b32 tptr[4];
	.shared .align 8 .b64 mbar[2];
	.shared .align 1024 .b8 sbuf[32768];
	.reg .pred %p<16>;
	.reg .b16 %rs<4>;
	.reg .b32 %r<300>;
	.reg .b64 %rd<64>;
	.reg .b32 %tid, %wid, %lane, %tp, %ta, %sb, %mb, %rank;
	.reg .b64 %in, %out, %oa, %img;
	mov.u32 %tid, %tid.x;
	shr.u32 %wid, %tid, 5;
	mov.u32 %lane, %laneid;
	mov.u32 %rank, %cluster_ctarank;
	mov.u32 %tp, tptr;
	mov.u32 %sb, sbuf;
	mov.u32 %mb, mbar;
	mov.b16 %rs1, 3;
	ld.param.u64 %in, [pin];
	ld.param.u64 %out, [pout];
	mul.wide.u32 %rd60, %rank, 32768;
	add.s64 %img, %in, %rd60;        // this CTA's shared-memory image
	setp.eq.u32 %p0, %tid, 0;
	setp.eq.u32 %p6, %rank, ISSUER;
	and.pred %p7, %p0, %p6;          // the issuing thread
	shl.b32 %r1, %tid, 2;
COPY:
	setp.ge.u32 %p3, %r1, 32768;
	@%p3 bra COPIED;
	cvt.u64.u32 %rd1, %r1;
	add.s64 %rd2, %img, %rd1;
	ld.global.u32 %r2, [%rd2+64];
	add.u32 %r3, %sb, %r1;
	st.shared.u32 [%r3], %r2;
	add.u32 %r1, %r1, 512;
	bra COPY;
COPIED:
	fence.proxy.async.shared::cta;   // the stores before the MMAs' async-proxy reads (9.7.17.6.5)
	setp.eq.u32 %p1, %wid, 0;
	@%p1 tcgen05.alloc.cta_group::GROUP.sync.aligned.shared::cta.b32 [%tp], 512;
	@%p0 mbarrier.init.shared::cta.b64 [%mb], 1;
	bar.sync 0;
	ld.shared.b32 %ta, [%tp];
	shl.b32 %r202, %wid, 21;
	add.u32 %r203, %ta, %r202;       // this warp's lanes, column 0
PRE
	tcgen05.fence::before_thread_sync;
	barrier.cluster.arrive;
	barrier.cluster.wait;
	tcgen05.fence::after_thread_sync;
	ld.global.u64 %rd10, [%in];      // A descriptor without its start address
	ld.global.u64 %rd11, [%in+8];    // B descriptor
	ld.global.u32 %r20, [%in+16];    // instruction descriptor
	ld.global.u64 %rd13, [%in+24];   // A start step (16-byte units) per instruction
	ld.global.u64 %rd14, [%in+32];   // B start step
	cvt.u64.u32 %rd12, %sb;
	shr.u64 %rd12, %rd12, 4;
	add.s64 %rd10, %rd10, %rd12;
	add.s64 %rd12, %rd12, 1024;      // B at sbuf + 16384
	add.s64 %rd11, %rd11, %rd12;
	add.u32 %r21, %ta, 256;          // A in TMEM at column 256
	add.u32 %r21, %r21, DLANE;       // D's and A's lane
	add.u32 %r23, %ta, DLANE;
	mov.b64 %rd15, 1;                // a zero-column mask descriptor with bit 39 clear: no column masked
MMAS
	@%p7 COMMIT
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p5, [%mb], 0;
	@!%p5 bra WAIT;
	tcgen05.fence::after_thread_sync;
LOADS
	tcgen05.wait::ld.sync.aligned;
	tcgen05.fence::before_thread_sync;
	barrier.cluster.arrive;
	barrier.cluster.wait;
	@%p1 tcgen05.dealloc.cta_group::GROUP.sync.aligned.b32 %ta, 512;
	ret;
}
`

func runTcLayout(t *testing.T, c tcLayoutCase) {
	t.Helper()
	kd := tcKinds[".kind::"+c.kind]
	K := kd.k * c.ksteps
	M := c.m
	if M == 0 {
		M = 128
	}
	nctas, group := 1, 1
	if c.pair {
		nctas, group = 2, 2
	}
	Mc, Nc := M/nctas, c.n/nctas
	ea, eb := c.at.bits()/8, c.bt.bits()/8
	av := func(i, k int) int { return (i*3+k*5)%7 - 3 }
	bv := func(k, j int) int { return (k*2+j*7)%5 - 2 }
	if c.at == ekU8 {
		av = func(i, k int) int { return (i*3 + k*5) % 7 * 30 }
	}
	if c.bt == ekU8 {
		bv = func(k, j int) int { return (k*2 + j*7) % 5 * 40 }
	}
	// Shared images, one a CTA: A's rows of that CTA at 0, B's columns of
	// that CTA at 16384, all of K in one layout; each instruction's
	// descriptor starts one K-block further.
	img := make([]byte, 32768*nctas)
	put := func(base, off, e int, v uint64) {
		for j := 0; j < e; j++ {
			img[base+off+j] = byte(v >> (8 * j))
		}
	}
	var alb, asb, blb, bsb, tileA, tileB int
	for v := 0; v < nctas; v++ {
		for i := 0; i < Mc; i++ {
			for k := 0; k < K; k++ {
				off, l, st, step := c.a.place(i, k, Mc, K, kd.k, ea)
				alb, asb, tileA = l, st, step
				put(v*32768, off, ea, tcElem(c.at, float64(av(v*Mc+i, k))))
			}
		}
		for j := 0; j < Nc; j++ {
			for k := 0; k < K; k++ {
				off, l, st, step := c.b.place(j, k, Nc, K, kd.k, eb)
				blb, bsb, tileB = l, st, step
				put(v*32768+16384, off, eb, tcElem(c.bt, float64(bv(k, v*Nc+j))))
			}
		}
	}
	adesc, bdesc := c.a.desc(alb, asb), c.b.desc(blb, bsb)
	f := tcIdescMap(c.dfmt, c.afmt, c.bfmt, c.n, M, c.a.mn, c.b.mn, c.negA)
	idesc := idescFields(f)
	in := make([]byte, 64+len(img))
	binary.LittleEndian.PutUint64(in[0:], adesc)
	binary.LittleEndian.PutUint64(in[8:], bdesc)
	binary.LittleEndian.PutUint32(in[16:], idesc)
	binary.LittleEndian.PutUint64(in[24:], uint64(tileA>>4))
	binary.LittleEndian.PutUint64(in[32:], uint64(tileB>>4))
	copy(in[64:], img)
	// dcols: the columns D takes in a CTA (half of N in layout B)
	dcols := 0
	for j := 0; j < c.n; j++ {
		_, _, col := tcDPlace(M, c.n, c.pair, c.ws, 0, j)
		dcols = max(dcols, col+1)
	}

	// PRE: D's initial value (1000 in each cell, in D's format) when preD;
	// A into TMEM (columns 256.., packed) when aTmem.
	var pre strings.Builder
	if c.preD {
		init := uint32(1000)
		switch c.dfmt {
		case 0:
			init = uint32(tcElem(ekF16, 1000))
		case 1:
			init = math.Float32bits(1000)
		}
		fmt.Fprintf(&pre, "\tmov.u32 %%r30, %d;\n", init)
		for c0 := 0; c0 < dcols; c0 += 8 {
			fmt.Fprintf(&pre, "\tadd.u32 %%r204, %%r203, %d;\n\ttcgen05.st.sync.aligned.32x32b.x8.b32 [%%r204], {%s};\n", c0, strings.Repeat("%r30, ", 7)+"%r30")
		}
	}
	if c.aTmem {
		// The A row each lane feeds (the D row in that lane) in each
		// lane: each 32-bit column packs 32/bits elements.
		per := 4 / ea
		cols := kd.k * ea / 4
		rowOf := make([]int, 128) // -1: no row
		for l := range rowOf {
			rowOf[l] = -1
		}
		for i := 0; i < Mc; i++ {
			for j := 0; j < c.n; j++ {
				_, l, _ := tcDPlace(M, c.n, c.pair, c.ws, i, j)
				rowOf[l+c.dlane] = i
			}
		}
		for s := 0; s < c.ksteps; s++ {
			var regs []string
			for col := 0; col < cols; col++ {
				fmt.Fprintf(&pre, "\tld.global.u32 %%r%d, [%%rd40+%d];\n", 40+col, 4*(s*cols+col))
				regs = append(regs, fmt.Sprintf("%%r%d", 40+col))
			}
			fmt.Fprintf(&pre, "\tadd.u32 %%r204, %%r203, %d;\n\ttcgen05.st.sync.aligned.32x32b.x%d.b32 [%%r204], {%s};\n", 256+s*cols, cols, strings.Join(regs, ", "))
		}
		// the table: CTA v's lane l's words at in + 64 + 32768*nctas + (v*128+l)*ksteps*cols*4
		tab := make([]byte, nctas*128*c.ksteps*cols*4)
		for v := 0; v < nctas; v++ {
			for l := 0; l < 128; l++ {
				if rowOf[l] < 0 {
					continue
				}
				r := v*Mc + rowOf[l]
				for s := 0; s < c.ksteps; s++ {
					for col := 0; col < cols; col++ {
						var w uint32
						for p := 0; p < per; p++ {
							w |= uint32(tcElem(c.at, float64(av(r, s*kd.k+col*per+p)))) << (8 * ea * p)
						}
						binary.LittleEndian.PutUint32(tab[4*(((v*128+l)*c.ksteps+s)*cols+col):], w)
					}
				}
			}
		}
		in = append(in, tab...)
		p0 := fmt.Sprintf("\tmad.lo.u32 %%r31, %%rank, 128, %%tid;\n\tmul.lo.u32 %%r31, %%r31, %d;\n\tcvt.u64.u32 %%rd41, %%r31;\n\tadd.s64 %%rd40, %%in, %%rd41;\n\tadd.s64 %%rd40, %%rd40, %d;\n", c.ksteps*cols*4, 64+32768*nctas)
		s := pre.String()
		pre.Reset()
		pre.WriteString(p0 + s)
	}
	var mmas strings.Builder
	for s := 0; s < c.ksteps; s++ {
		en := "1"
		if s == 0 && !c.preD {
			en = "0"
		}
		fmt.Fprintf(&mmas, "\tsetp.ne.u32 %%p4, %s, 0;\n", en)
		a := "%rd10"
		if c.aTmem {
			cols := kd.k * ea / 4
			fmt.Fprintf(&mmas, "\tadd.u32 %%r22, %%r21, %d;\n", s*cols)
			a = "[%r22]"
		}
		scale := ""
		if c.scale != 0 {
			scale = fmt.Sprintf(", %d", c.scale)
		}
		if c.ws {
			coll := ""
			if c.collUse {
				coll = []string{".collector::b1::fill", ".collector::b1::use"}[s]
			}
			fmt.Fprintf(&mmas, "\t@%%p7 tcgen05.mma.ws.cta_group::1.kind::%s%s [%%r23], %s, %%rd11, %%r20, %%p4, %%rd15;\n", c.kind, coll, a)
		} else {
			coll := ""
			if c.collA {
				coll = []string{".collector::a::fill", ".collector::a::use"}[s]
			}
			fmt.Fprintf(&mmas, "\t@%%p7 tcgen05.mma.cta_group::%d.kind::%s%s [%%r23], %s, %%rd11, %%r20, %%p4%s;\n", group, c.kind, coll, a, scale)
		}
		fmt.Fprintf(&mmas, "\tadd.s64 %%rd10, %%rd10, %%rd13;\n\tadd.s64 %%rd11, %%rd11, %%rd14;\n")
	}
	commit := "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%mb];"
	if c.pair {
		commit = "tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%mb], %rs1;"
	}
	// LOADS: every lane's dcols columns of D's region (32x32b: thread t
	// of warp w reads lane 32w+t) to out[(rank*128 + tid)*dcols + col].
	var loads strings.Builder
	for c0 := 0; c0 < dcols; c0 += 8 {
		var regs []string
		for r := 0; r < 8; r++ {
			regs = append(regs, fmt.Sprintf("%%r%d", 100+r))
		}
		fmt.Fprintf(&loads, "\tadd.u32 %%r204, %%r203, %d;\n\ttcgen05.ld.sync.aligned.32x32b.x8.b32 {%s}, [%%r204];\n\ttcgen05.wait::ld.sync.aligned;\n", c0, strings.Join(regs, ", "))
		fmt.Fprintf(&loads, "\tmad.lo.u32 %%r6, %%rank, 128, %%tid;\n\tmad.lo.u32 %%r6, %%r6, %d, %d;\n\tmul.wide.u32 %%rd1, %%r6, 4;\n\tadd.s64 %%oa, %%out, %%rd1;\n", dcols, c0)
		for r := 0; r < 8; r += 4 {
			fmt.Fprintf(&loads, "\tst.global.v4.u32 [%%oa+%d], {%s};\n", 4*r, strings.Join(regs[r:r+4], ", "))
		}
	}
	src := strings.NewReplacer("PRE", pre.String(), "MMAS", mmas.String(), "LOADS", loads.String(), "COMMIT", commit,
		"GROUP", fmt.Sprint(group), "ISSUER", fmt.Sprint(c.issuer), "DLANE", fmt.Sprint(c.dlane<<16)).Replace(tcLayoutKernel)
	p := compilePTX(t, "tcmma.ptx", src)
	m, _, oa := newInOut(t, p, Launch{Grid: [3]uint32{uint32(nctas), 1, 1}, Block: [3]uint32{128, 1, 1}, Cluster: [3]uint32{uint32(nctas), 1, 1}}, in, 4*nctas*128*dcols)
	m.Run(5000000)
	if f := m.Fault(); f != nil {
		t.Errorf("%s: fault: %s", c.desc, f.Msg)
		return
	} else if !m.Done() {
		t.Fatalf("%s: did not finish", c.desc)
	}
	ob := m.Buffer(oa)
	bad := 0
	for i := 0; i < M; i++ {
		for j := 0; j < c.n; j++ {
			want := 0
			for k := 0; k < K; k++ {
				kb, ka := k, k
				if c.collUse {
					kb = k % kd.k // B's first K-block, from the collector buffer
				}
				if c.collA {
					ka = k % kd.k // A's first K-block, from the collector buffer
				}
				want += av(i, ka) * bv(kb, j)
			}
			if c.negA {
				want = -want
			}
			if c.preD {
				want += 1000 >> c.scale
			}
			cta, lane, col := tcDPlace(M, c.n, c.pair, c.ws, i, j)
			lane += c.dlane
			raw := binary.LittleEndian.Uint32(ob[4*((cta*128+lane)*dcols+col):])
			var got float64
			switch c.dfmt {
			case 0:
				got = float64(floatOf(ekF16, uint64(raw&0xffff)))
			case 1:
				got = float64(math.Float32frombits(raw))
			default:
				got = float64(int32(raw))
			}
			if got != float64(want) && bad < 5 {
				bad++
				t.Errorf("%s: D[%d][%d] (CTA %d, lane %d, column %d) = %v, want %d", c.desc, i, j, cta, lane, col, got, want)
			}
		}
	}
}

// TestTcgen05Layouts: tcgen05.mma results against a plain matrix product
// in the lanes and columns the ISA's data-path layouts name (tcDPlace):
// N in steps of 8, M = 64 in both lane alignments, and .cta_group::2's
// M = 128 and 256 across a CTA pair, issued from either CTA.
func TestTcgen05Layouts(t *testing.T) {
	k := func(mn bool, sw int) operandLayout { return operandLayout{mn: mn, swizzle: sw} }
	cases := []tcLayoutCase{
		{desc: "N = 24 (a multiple of 8, M = 128)", kind: "f16", at: ekF16, bt: ekF16, dfmt: 1, a: k(false, 0), b: k(false, 0), n: 24, ksteps: 1},
		{desc: "M = 64 (layout F: lanes 0-15 of each warp's quarter), N = 8", kind: "f16", at: ekBF16, bt: ekBF16, dfmt: 1, afmt: 1, bfmt: 1, a: k(false, 128), b: k(false, 0), m: 64, n: 8, ksteps: 2},
		{desc: "M = 64 at lane 16 (the other half of the data path), D preloaded", kind: "i8", at: ekS8, bt: ekS8, dfmt: 2, afmt: 1, bfmt: 1, a: k(false, 64), b: k(true, 64), m: 64, n: 64, ksteps: 1, preD: true, dlane: 16},
		{desc: "M = 64 at lane 16 with A from tensor memory in the same lanes", kind: "tf32", at: ekTF32, bt: ekTF32, dfmt: 1, afmt: 2, bfmt: 2, a: k(false, 0), b: k(false, 128), m: 64, n: 16, ksteps: 2, aTmem: true, dlane: 16},
		{desc: "pair, M = 128 (layout B: 64 rows a CTA, N split across lane halves)", kind: "f16", at: ekBF16, bt: ekBF16, dfmt: 1, afmt: 1, bfmt: 1, a: k(false, 128), b: k(false, 128), n: 64, ksteps: 2, pair: true},
		{desc: "pair, M = 128 issued by the odd CTA, B MN-major", kind: "f16", at: ekF16, bt: ekF16, dfmt: 1, a: k(false, 64), b: k(true, 32), n: 32, ksteps: 1, pair: true, issuer: 1},
		{desc: "pair, M = 256 (layout A: 128 rows a CTA), D preloaded", kind: "i8", at: ekS8, bt: ekU8, dfmt: 2, afmt: 1, bfmt: 0, a: k(false, 128), b: k(false, 128), m: 256, n: 64, ksteps: 2, pair: true, preD: true},
		{desc: "pair, M = 128 with A from tensor memory (duplicated in both lane halves)", kind: "f16", at: ekBF16, bt: ekBF16, dfmt: 1, afmt: 1, bfmt: 1, a: k(false, 0), b: k(false, 0), n: 32, ksteps: 1, pair: true, aTmem: true},
		{desc: "pair, M = 256 e4m3, issued by the odd CTA", kind: "f8f6f4", at: ekE4M3, bt: ekE4M3, dfmt: 1, a: k(false, 128), b: k(true, 128), m: 256, n: 256, ksteps: 1, pair: true, issuer: 1},
	}
	ws := []tcLayoutCase{
		{desc: ".ws M = 32 (layout G: four column blocks of N/4 in lanes 0-31, 32-63, ...)", kind: "f16", at: ekBF16, bt: ekBF16, dfmt: 1, afmt: 1, bfmt: 1, a: k(false, 128), b: k(false, 128), m: 32, n: 64, ksteps: 2, ws: true},
		{desc: ".ws M = 64 (layout E: 2x2), i8 D preloaded", kind: "i8", at: ekS8, bt: ekS8, dfmt: 2, afmt: 1, bfmt: 1, a: k(false, 0), b: k(true, 128), m: 64, n: 128, ksteps: 1, ws: true, preD: true},
		{desc: ".ws M = 128, tf32, N = 256", kind: "tf32", at: ekTF32, bt: ekTF32, dfmt: 1, afmt: 2, bfmt: 2, a: k(false, 128), b: k(false, 32), m: 128, n: 256, ksteps: 1, ws: true},
		{desc: ".ws M = 32 with A from tensor memory (in each column block's lanes)", kind: "f16", at: ekF16, bt: ekF16, dfmt: 1, a: k(false, 0), b: k(false, 0), m: 32, n: 64, ksteps: 1, ws: true, aTmem: true},
		{desc: ".ws collector b1: fill, then use (the second B descriptor unread)", kind: "f16", at: ekBF16, bt: ekBF16, dfmt: 1, afmt: 1, bfmt: 1, a: k(false, 128), b: k(false, 128), m: 64, n: 64, ksteps: 2, ws: true, collUse: true},
	}
	collA := []tcLayoutCase{
		{desc: "A collector: fill, then use (the second A descriptor unread)", kind: "f16", at: ekBF16, bt: ekBF16, dfmt: 1, afmt: 1, bfmt: 1, a: k(false, 128), b: k(false, 128), n: 32, ksteps: 2, collA: true},
		{desc: "A collector with A from tensor memory", kind: "i8", at: ekS8, bt: ekS8, dfmt: 2, afmt: 1, bfmt: 1, a: k(false, 0), b: k(false, 0), n: 32, ksteps: 2, aTmem: true, collA: true},
		{desc: "A collector on a pair (M = 256): each CTA keeps its own rows", kind: "f16", at: ekF16, bt: ekF16, dfmt: 1, a: k(false, 64), b: k(false, 64), m: 256, n: 32, ksteps: 2, pair: true, collA: true},
	}
	for _, c := range append(append(cases, ws...), collA...) {
		runTcLayout(t, c)
	}
}

// TestTcgen05WSFaults: .collector::bN::use and ::lastuse need a valid
// fill of that buffer (§9.7.17.10.9.3), a buffer holds one B shape, a
// generated zero-column mask is not modelled, and .ws's own shapes; the
// A collector of tcgen05.mma (§9.7.17.10.9.1) likewise.
func TestTcgen05WSFaults(t *testing.T) {
	id := func(n int) uint32 {
		return idescFields(map[string]uint32{"c_format": 1, "n_dim": uint32(n >> 3), "m_dim": 8})
	}
	desc := smemDescFields(map[string]uint64{"leading_byte_offset": 8, "stride_byte_offset": 16, "version": 1})
	const ws = "@%p5 tcgen05.mma.ws.cta_group::1.kind::f16"
	cases := []struct {
		desc, mmas, fault string
	}{
		{"use with no fill", ws + ".collector::b2::use [%ta], %rd10, %rd11, %r20, %p4;",
			"collector buffer b2 holds no B: no .collector::b2::fill since it was last discarded"},
		{"use after lastuse", ws + ".collector::b0::fill [%ta], %rd10, %rd11, %r20, %p4;\n\t" + ws + ".collector::b0::lastuse [%ta], %rd10, %rd11, %r20, %p4;\n\t" + ws + ".collector::b0::use [%ta], %rd10, %rd11, %r20, %p4;",
			"collector buffer b0 holds no B"},
		{"use after the default discard", ws + ".collector::b0::fill [%ta], %rd10, %rd11, %r20, %p4;\n\t" + ws + " [%ta], %rd10, %rd11, %r20, %p4;\n\t" + ws + ".collector::b0::use [%ta], %rd10, %rd11, %r20, %p4;",
			"collector buffer b0 holds no B"},
		{"a buffer filled with another N", ws + ".collector::b1::fill [%ta], %rd10, %rd11, %r20, %p4;\n\t" + ws + ".collector::b1::use [%ta], %rd10, %rd11, %r21, %p4;",
			"collector buffer b1 holds a 16x64 B of f16 (filled at line"},
		{"a generated zero-column mask", ws + " [%ta], %rd10, %rd11, %r20, %p4, %rd12;",
			"zero-column mask descriptor 0x0000008000000000: a generated mask (bit 39 set)"},
		{"the A collector used with no fill", "@%p5 tcgen05.mma.cta_group::1.kind::f16.collector::a::use [%ta], %rd10, %rd11, %r21, %p4;",
			"the A collector buffer holds no A: no .collector::a::fill since it was last discarded"},
		{"the A collector used after lastuse", "@%p5 tcgen05.mma.cta_group::1.kind::f16.collector::a::fill [%ta], %rd10, %rd11, %r21, %p4;\n\t@%p5 tcgen05.mma.cta_group::1.kind::f16.collector::a::lastuse [%ta], %rd10, %rd11, %r21, %p4;\n\t@%p5 tcgen05.mma.cta_group::1.kind::f16.collector::a::use [%ta], %rd10, %rd11, %r21, %p4;",
			"the A collector buffer holds no A"},
		{".ws N = 32", ws + " [%ta], %rd10, %rd11, %r22, %p4;",
			"N = 32 (bits 17-22) is not 64, 128 or 256, what tcgen05.mma.ws allows"},
	}
	for _, c := range cases {
		body := withCols(allocWarp0, 256) + fmt.Sprintf(`
	mov.u32 %%r20, %d;
	mov.u32 %%r21, %d;
	mov.u32 %%r22, %d;
	mov.b64 %%rd10, %d;
	mov.b64 %%rd11, %d;
	mov.b64 %%rd12, 0x8000000000;
	setp.ne.u32 %%p4, 0, 0;
	setp.eq.u32 %%p5, %%tid, 0;
	%s
`, id(64), id(128), id(32), desc, desc, c.mmas) + withCols(deallocWarp0, 256)
		_, msg, _ := runTmem(t, body, 32, 1)
		if !strings.Contains(msg, c.fault) {
			t.Errorf("%s: fault %q, want %q", c.desc, msg, c.fault)
		}
	}
}
