package sim

// tcgen05_pair_test.go: .cta_group::2 against the PTX ISA (§9.7.17.5 CTA
// pair and peer CTA, issue granularity; §9.7.17.7.1 alloc, dealloc,
// relinquish_alloc_permit): one warp in each CTA of the pair performs the
// allocation together (the first waits for the other), both CTAs get the
// same columns and each warp's [dst] the address; the pair is the two
// CTAs whose %cluster_ctarank differs in bit 0; every tcgen05 instruction
// of a kernel names the same .cta_group.

import (
	"fmt"
	"strings"
	"testing"
)

// pairKernel runs BODY in every thread of each CTA of a cluster; %tp is
// the shared address of two .b32 words for tcgen05.alloc, %out the output,
// %tid, %wid, %rank the thread, warp and cluster rank.
const pairKernel = `.version 8.7
.target sm_100a
.address_size 64

.visible .entry k(.param .u64 pout)
{
	.shared .align 8 .b32 tptr[4];
	.shared .align 8 .b64 mbar[2];
	.shared .align 1024 .b8 sbuf[2048];
	.reg .pred %p<16>;
	.reg .b16 %rs<4>;
	.reg .b32 %r<64>;
	.reg .b64 %rd<16>;
	.reg .b32 %tid, %wid, %rank, %tp, %ta, %tb, %mb, %sb;
	.reg .b64 %out;
	mov.u32 %tid, %tid.x;
	shr.u32 %wid, %tid, 5;
	mov.u32 %rank, %cluster_ctarank;
	mov.u32 %tp, tptr;
	mov.u32 %mb, mbar;
	mov.u32 %sb, sbuf;
	ld.param.u64 %out, [pout];
BODY
	ret;
}
`

func runPair(t *testing.T, body string, ctas, cluster, block, words int) ([]uint32, string) {
	out, msg, _ := runPairM(t, body, ctas, cluster, block, words)
	return out, msg
}

func runPairM(t *testing.T, body string, ctas, cluster, block, words int) ([]uint32, string, *Machine) {
	t.Helper()
	src := strings.Replace(pairKernel, "BODY", body, 1)
	p := compilePTX(t, "pair.ptx", src)
	m, err := newCluster(p, [3]uint32{uint32(ctas), 1, 1}, [3]uint32{uint32(block), 1, 1}, [3]uint32{uint32(cluster), 1, 1}, words)
	if err != nil {
		t.Fatal(err)
	}
	msg := runFault(t, m, src, 1_000_000)
	b, _ := m.BufferByName("out")
	out := make([]uint32, words)
	for i := range out {
		out[i] = uint32(b.Uint(i*4, 4))
	}
	return out, msg, m
}

// TestTmemPairAlloc: warp 1 of each CTA of a pair allocates 64 then 128
// columns with .cta_group::2 (the odd CTA late, after a loop, so the
// even CTA's warp waits for it), frees the first, allocates 32 (which
// takes the freed columns 0-31: the lowest run free in both CTAs), and
// each CTA writes the addresses its [dst] received.
func TestTmemPairAlloc(t *testing.T) {
	body := `
	setp.eq.u32 %p1, %wid, 1;
	setp.eq.u32 %p2, %rank, 1;
	mov.u32 %r1, 0;
SPIN:
	@!%p2 bra SPUN;
	add.u32 %r1, %r1, 1;
	setp.lt.u32 %p3, %r1, 300;
	@%p3 bra SPIN;
SPUN:
	@%p1 tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%tp], 64;
	add.u32 %r2, %tp, 4;
	@%p1 tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%r2], 128;
	bar.sync 0;
	ld.shared.b32 %ta, [%tp];
	ld.shared.b32 %tb, [%tp+4];
	@%p1 tcgen05.dealloc.cta_group::2.sync.aligned.b32 %ta, 64;
	add.u32 %r3, %tp, 8;
	@%p1 tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%r3], 32;
	bar.sync 0;
	ld.shared.b32 %r4, [%tp+8];
	setp.eq.u32 %p4, %tid, 0;
	mul.wide.u32 %rd1, %rank, 16;
	add.s64 %rd2, %out, %rd1;
	@%p4 st.global.v2.u32 [%rd2], {%ta, %tb};
	@%p4 st.global.u32 [%rd2+8], %r4;
	@%p1 tcgen05.dealloc.cta_group::2.sync.aligned.b32 %tb, 128;
	@%p1 tcgen05.dealloc.cta_group::2.sync.aligned.b32 %r4, 32;
	@%p1 tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;
`
	out, msg, m := runPairM(t, body, 2, 2, 64, 8)
	if msg != "" {
		t.Fatal(msg)
	}
	// The snapshot of either CTA shows its pair's other CTA's tensor memory.
	for cta, peer := range []int{1, 0} {
		v := m.Snapshot(SnapshotOptions{CTA: cta, Warp: -1}).Tmem
		if v == nil || v.Peer == nil || v.PeerRank != peer || !v.Relinquished || !v.Peer.Relinquished {
			t.Errorf("CTA %d's snapshot: tmem %+v, want its pair's (rank %d) too, both relinquished", cta, v, peer)
		}
	}
	want := []uint32{0, 128, 0, 0, 0, 128, 0, 0} // columns 0-63, 128-255, then 0-31 again; lane 0
	for i, w := range want {
		if out[i] != w {
			t.Errorf("CTA rank %d's word %d = 0x%08x, want 0x%08x", i/4, i%4, out[i], w)
		}
	}
}

// TestTmemPairFaults: the ISA's rules for .cta_group::2 and what it
// leaves undefined stop the run naming them.
func TestTmemPairFaults(t *testing.T) {
	const alloc = "@%p1 tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%tp], 32;\n"
	cases := []struct {
		desc                 string
		ctas, cluster, block int
		body                 string
		fault                string
	}{
		{"no cluster: no peer CTA", 1, 1, 32, "setp.eq.u32 %p1, %wid, 0;\n" + alloc,
			"tcgen05.alloc.cta_group::2: the launch has no clusters, so this CTA has no peer CTA"},
		{"rank 2 of a cluster of 3 has no peer", 3, 3, 32, "setp.eq.u32 %p1, %rank, 2;\n" + alloc,
			"cluster rank 2 has no peer: rank 3 is outside the cluster of 3 CTAs"},
		{"the two warps ask for different column counts", 2, 2, 32, `
	setp.eq.u32 %p1, %rank, 0;
	selp.u32 %r1, 32, 64, %p1;
	tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%tp], %r1;`,
			"taddr 0x00000000, nCols 64 here, but the peer CTA's warp 0 (line 26) gives 0x00000000, 32: both warps of the pair must give the same"},
		{"the peer's warp is at another operation", 2, 2, 32, `
	setp.eq.u32 %p1, %rank, 0;
	@%p1 tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%tp], 32;
	@!%p1 tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;`,
			"tcgen05.relinquish_alloc_permit.cta_group::2: the peer CTA's warp 0 waits at tcgen05.alloc.cta_group::2 (line 25)"},
		{"the peer never allocates: the waiting warp is named", 2, 2, 32, "setp.eq.u32 %p1, %rank, 0;\n" + alloc,
			"warp 0 at a .cta_group::2 tcgen05 allocation instruction (waiting for a warp of the peer CTA)"},
		{"a .cta_group::1 alloc, then a .cta_group::2 commit", 2, 2, 32, `
	setp.eq.u32 %p1, %wid, 0;
	@%p1 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 32;
	tcgen05.commit.cta_group::2.mbarrier::arrive::one.b64 [%mb];`,
			"tcgen05.commit.cta_group::2: .cta_group::2, but line 25 used .cta_group::1; all tcgen05 instructions within a kernel must specify the same .cta_group"},
		{"a commit after the peer CTA exited", 2, 2, 32, `
	setp.eq.u32 %p1, %rank, 1;
	@%p1 bra END;
	mov.u32 %r1, 0;
SPIN:
	add.u32 %r1, %r1, 1;
	setp.lt.u32 %p3, %r1, 300;
	@%p3 bra SPIN;
	setp.eq.u32 %p2, %tid, 0;
	@%p2 mbarrier.init.shared::cta.b64 [%mb], 1;
	@%p2 tcgen05.commit.cta_group::2.mbarrier::arrive::one.b64 [%mb];
END:`,
			"the peer CTA (1,0,0) (cluster rank 1) has exited"},
		{"an allocation left at exit (in each CTA)", 2, 2, 32, "setp.eq.u32 %p1, %wid, 0;\n" + alloc,
			"exits with tensor memory still allocated: columns 0-31 by warp 0"},
		{"a dealloc of columns not allocated", 2, 2, 32, `
	tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%tp], 32;
	tcgen05.dealloc.cta_group::2.sync.aligned.b32 32, 32;`,
			"tcgen05.dealloc.cta_group::2: address 0x00000020 (lane 0, column 32) with 32 columns is not an allocation tcgen05.alloc made"},
		{"the ninth 64-column allocation finds no columns free in both", 2, 2, 32, strings.Repeat("\ttcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%tp], 64;\n", 9),
			"no run of 64 columns free in both CTAs of the pair"},
	}
	for _, c := range cases {
		_, msg := runPair(t, c.body, c.ctas, c.cluster, c.block, 4)
		if !strings.Contains(msg, c.fault) {
			t.Errorf("%s: fault %q, want %q", c.desc, msg, c.fault)
		}
	}
}

// TestTcgen05CpPair: tcgen05.cp.cta_group::2 issued by one thread of the
// even CTA copies into both CTAs' tensor memory (§9.7.17.9.2), each from
// its own shared memory at the descriptor's offset: every CTA's lanes hold
// the rows of its own shared memory.
func TestTcgen05CpPair(t *testing.T) {
	l := operandLayout{}
	_, lbo, sbo, _ := l.place(0, 0, 128, 16, 16, 1)
	desc := smemDescFields(map[string]uint64{"leading_byte_offset": uint64(lbo >> 4), "stride_byte_offset": uint64(sbo >> 4), "version": 1})
	body := fmt.Sprintf(`
	mov.u32 %%r1, %%tid;
FILL:
	setp.ge.u32 %%p3, %%r1, 512;
	@%%p3 bra FILLED;
	mad.lo.u32 %%r2, %%r1, -1640531535, %%rank;
	shl.b32 %%r3, %%r1, 2;
	add.u32 %%r3, %%r3, %%sb;
	st.shared.u32 [%%r3], %%r2;
	add.u32 %%r1, %%r1, 128;
	bra FILL;
FILLED:
	fence.proxy.async.shared::cta;   // the stores before the copy's async-proxy read (9.7.17.6.5)
	setp.eq.u32 %%p1, %%wid, 0;
	@%%p1 tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%%tp], 32;
	tcgen05.fence::before_thread_sync;
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	tcgen05.fence::after_thread_sync;
	ld.shared.b32 %%ta, [%%tp];
	mov.b64 %%rd10, %d;
	cvt.u64.u32 %%rd11, %%sb;
	shr.u64 %%rd11, %%rd11, 4;
	add.s64 %%rd10, %%rd10, %%rd11;
	setp.eq.u32 %%p5, %%tid, 0;
	setp.eq.u32 %%p6, %%rank, 0;
	and.pred %%p5, %%p5, %%p6;
	@%%p5 tcgen05.cp.cta_group::2.128x128b [%%ta], %%rd10;
	tcgen05.fence::before_thread_sync;
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	tcgen05.fence::after_thread_sync;
	shl.b32 %%r20, %%wid, 21;
	add.u32 %%r20, %%r20, %%ta;
	tcgen05.ld.sync.aligned.32x32b.x4.b32 {%%r10, %%r11, %%r12, %%r13}, [%%r20];
	tcgen05.wait::ld.sync.aligned;
	mad.lo.u32 %%r21, %%rank, 128, %%tid;
	mul.wide.u32 %%rd1, %%r21, 16;
	add.s64 %%rd2, %%out, %%rd1;
	st.global.v4.u32 [%%rd2], {%%r10, %%r11, %%r12, %%r13};
	tcgen05.fence::before_thread_sync;
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	@%%p1 tcgen05.dealloc.cta_group::2.sync.aligned.b32 %%ta, 32;
`, desc)
	out, msg := runPair(t, body, 2, 2, 128, 2*128*4)
	if msg != "" {
		t.Fatal(msg)
	}
	bad := 0
	for v := 0; v < 2; v++ {
		byteAt := func(a int) byte { return byte((uint32(a/4)*2654435761 + uint32(v)) >> (8 * (a % 4))) }
		for r := 0; r < 128; r++ {
			for k := 0; k < 4; k++ {
				var w uint32
				for b := 0; b < 4; b++ {
					off, _, _, _ := l.place(r, 4*k+b, 128, 16, 16, 1)
					w |= uint32(byteAt(off)) << (8 * b)
				}
				if got := out[(v*128+r)*4+k]; got != w && bad < 4 {
					bad++
					t.Errorf("CTA rank %d lane %d column %d = 0x%08x, want 0x%08x (its own shared memory's row %d)", v, r, k, got, w, r)
				}
			}
		}
	}
}
