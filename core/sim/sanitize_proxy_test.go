package sim

// sanitize_proxy_test.go: racecheck across proxies (sanitize_proxy.go), a
// row per fence that orders a generic-proxy store before an async-proxy
// read and per one that does not, from the PTX ISA: 9.7.9.25.2 "Async
// Proxy" ("Accessing the same memory location across multiple proxies
// needs a cross-proxy fence. For the async proxy, fence.proxy.async should
// be used to synchronize memory between generic proxy and the async
// proxy"), the membar/fence section (bi-directional proxy fences "take
// effect within a single thread"; "The memory ordering is limited only to
// operations performed on objects in the state space specified. If no
// state space is specified, then the memory ordering applies on all state
// spaces"), and wgmma ("fence.proxy.async operation to make the generic
// proxy operations visible to the async proxy"; "The wgmma.mma_async
// operation is performed in the async proxy").
//
// Marks, on the row's own lines:
//   // @x          names the line (a store)
//   // PROXY:x=N   a cross-proxy finding here (the async read) whose other
//                  access is the store on line @x, N occurrences (one per
//                  writer thread's run of bytes): ordered, not fenced
//   // RACE:x=N    the same for a read nothing orders after the store
//                  (fenced by its writer)
//   // BOTH:x=N    neither ordered nor fenced
//   PROXY-AT:x=N  (anywhere in the row) as PROXY, at the kernel's line
//                  marked // ASYNC-READ (the wgmma or tcgen05 read)
// and nothing else may be found.

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// proxyKernel: thread t of 64 stores word t of buf (%sa); the rows add
// fences and barriers, and thread 0 (%p7) copies buf to global memory
// with cp.async.bulk, an async-proxy read of all 256 bytes.
const proxyKernel = `.version 8.0
.target sm_90a
.address_size 64

.visible .entry k(.param .u64 pg, .param .u64 pu)
{
	.reg .pred %p<8>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<32>;
	.reg .b32 %t, %sa, %buf, %bar, %lane;
	.reg .b64 %g;
	.shared .align 128 .b8 buf[256];
	.shared .align 8 .b64 bar;
	mov.u32 %t, %tid.x;
	mov.u32 %lane, %laneid;
	ld.param.u64 %g, [pg];
	mov.u32 %buf, buf;
	mov.u32 %bar, bar;
	mad.lo.u32 %sa, %t, 4, %buf;
	setp.eq.u32 %p7, %t, 0;
BODY
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
	ret;
}
`

// wgmmaProxyKernel: 128 threads; thread t stores bytes 16t..16t+15 of A
// (64 rows of 32 bytes, f16, K-major, no swizzle: 8x16-byte core
// matrices, LBO 128, SBO 256), threads 0-15 bytes 16t.. of B (8 rows);
// the rows add fences; then one wgmma.mma_async reads them.
const wgmmaProxyKernel = `.version 8.0
.target sm_90a
.address_size 64

.visible .entry k(.param .u64 pg, .param .u64 pu)
{
	.reg .pred %p<8>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<32>;
	.reg .f32 %d<4>;
	.reg .b32 %t, %sa, %sb;
	.shared .align 1024 .b8 sA[2048];
	.shared .align 1024 .b8 sB[256];
	mov.u32 %t, %tid.x;
	mov.u32 %sa, sA;
	mad.lo.u32 %sa, %t, 16, %sa;
	mov.u32 %sb, sB;
	mad.lo.u32 %sb, %t, 16, %sb;
	setp.lt.u32 %p1, %t, 16;
	st.shared.v4.u32 [%sa], {%t, %t, %t, %t};    // @sta
	@%p1 st.shared.v4.u32 [%sb], {%t, %t, %t, %t};   // @stb
BODY
	bar.sync 0;
	mov.u32 %r1, sA;
	cvt.u64.u32 %rd1, %r1;
	shr.u64 %rd1, %rd1, 4;
	or.b64 %rd1, %rd1, 0x0000001000080000;
	mov.u32 %r2, sB;
	cvt.u64.u32 %rd2, %r2;
	shr.u64 %rd2, %rd2, 4;
	or.b64 %rd2, %rd2, 0x0000001000080000;
	wgmma.fence.sync.aligned;
	wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%d0, %d1, %d2, %d3}, %rd1, %rd2, 0, 1, 1, 0, 0;   // ASYNC-READ
	wgmma.commit_group.sync.aligned;
	wgmma.wait_group.sync.aligned 0;
	ret;
}
`

// tcProxyKernel: 128 threads; warp 0 allocates 32 columns of tensor
// memory; thread t stores bytes 16t..16t+15 of sA (2048 bytes) and
// threads 0-15 bytes 16t.. of sB (256); the rows add fences and the
// barrier; then thread 0 issues TCREAD, a tcgen05.mma or tcgen05.cp (one
// thread's async-proxy read, PTX ISA 9.7.17.6.5), waits for it through
// tcgen05.commit and the mbarrier, and warp 0 frees the columns. %rd1
// and %rd2 are K-major descriptors of sA and sB with no swizzle: LBO 128,
// SBO 256, version 1 (row r's 16-byte chunk c at (r/8)*256 + (r%8)*16 +
// c*128, so 64 rows of 32 bytes fill sA's 2048 bytes, 8 rows sB's 256);
// %rd3 one of sA with SBO 128 (row r's first chunk at 16r, its second at
// 16r + 128); %rd4 an MN-major one of sA in the 128-byte swizzle, SBO
// 1024 (element (i, kk) at 2(i%8) + 16(i/8) + 128(kk%8) + 1024(kk/8),
// chunks swapped within each 128 bytes: 64 x 16 f16 fill sA; read as
// K-major it would run past sA from row 16 on).
const tcProxyKernel = `.version 8.7
.target sm_100a
.address_size 64

.visible .entry k(.param .u64 pg, .param .u64 pu)
{
	.reg .pred %p<8>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<32>;
	.reg .b32 %t, %sa, %sb, %tp, %ta, %mb;
	.shared .align 1024 .b8 sA[2048];
	.shared .align 1024 .b8 sB[256];
	.shared .align 8 .b32 tptr;
	.shared .align 8 .b64 mbar;
	mov.u32 %t, %tid.x;
	mov.u32 %tp, tptr;
	mov.u32 %mb, mbar;
	setp.lt.u32 %p6, %t, 32;
	setp.eq.u32 %p7, %t, 0;
	@%p6 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 32;
	@%p7 mbarrier.init.shared::cta.b64 [%mb], 1;
	mov.u32 %sa, sA;
	mad.lo.u32 %sa, %t, 16, %sa;
	mov.u32 %sb, sB;
	mad.lo.u32 %sb, %t, 16, %sb;
	setp.lt.u32 %p1, %t, 16;
	st.shared.v4.u32 [%sa], {%t, %t, %t, %t};    // @sta
	@%p1 st.shared.v4.u32 [%sb], {%t, %t, %t, %t};   // @stb
BODY
	tcgen05.fence::after_thread_sync;
	ld.shared.b32 %ta, [%tp];
	mov.u32 %r1, sA;
	cvt.u64.u32 %rd1, %r1;
	shr.u64 %rd1, %rd1, 4;
	or.b64 %rd3, %rd1, 0x0000400800080000;
	or.b64 %rd4, %rd1, 0x4000404000010000;
	or.b64 %rd1, %rd1, 0x0000401000080000;
	mov.u32 %r2, sB;
	cvt.u64.u32 %rd2, %r2;
	shr.u64 %rd2, %rd2, 4;
	or.b64 %rd2, %rd2, 0x0000401000080000;
	mov.u32 %r3, IDESC;
	setp.ne.u32 %p2, %t, %t;
	TCREAD   // ASYNC-READ
	@%p7 tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%mb];
W:
	mbarrier.try_wait.parity.shared::cta.b64 %p3, [%mb], 0;
	@!%p3 bra W;
	tcgen05.fence::before_thread_sync;
	bar.sync 0;
	@%p6 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %ta, 32;
	ret;
}
`

// tcKernel is tcProxyKernel issuing async with instruction descriptor
// idesc (%r3).
func tcKernel(async string, idesc uint32) string {
	return strings.NewReplacer("TCREAD", async, "IDESC", fmt.Sprint(idesc)).Replace(tcProxyKernel)
}

// tcMMAKernelAt is tcProxyKernel with an M = 64, N = 8, K = 16
// tcgen05.mma, f16 into f32, A and B K-major (%rd1, %rd2), or A MN-major
// (%rd4) with aMN: it reads all of sA and sB.
func tcMMAKernelAt(aMN bool) string {
	f := map[string]uint32{"c_format": 1, "n_dim": 8 >> 3, "m_dim": 64 >> 4}
	a := "%rd1"
	if aMN {
		f["a_major"], a = 1, "%rd4"
	}
	return tcKernel("@%p7 tcgen05.mma.cta_group::1.kind::f16 [%ta], "+a+", %rd2, %r3, %p2;", idescFields(f))
}

type proxyRow struct {
	desc    string
	kernel  string
	block   uint32
	cluster uint32
	body    string
}

var proxyRows = []proxyRow{
	// cp.async.bulk reading shared::cta (an async-proxy read of the source)
	{"stores, bar.sync, bulk copy of the stored words: no proxy fence, each of the 64 writers is found", proxyKernel, 64, 0, `
	st.shared.u32 [%sa], %t;      // @st
	bar.sync 0;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 256;   // PROXY:st=64`},
	{"each writer fence.proxy.async.shared::cta after its store, then bar.sync: ordered", proxyKernel, 64, 0, `
	st.shared.u32 [%sa], %t;
	fence.proxy.async.shared::cta;
	bar.sync 0;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 256;`},
	{"fence.proxy.async with no state space applies on all state spaces: ordered", proxyKernel, 64, 0, `
	st.shared.u32 [%sa], %t;
	fence.proxy.async;
	bar.sync 0;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 256;`},
	{"fence.proxy.async.shared::cluster covers the CTA's own shared memory (shared::cta lies in the shared::cluster window): ordered", proxyKernel, 64, 0, `
	st.shared.u32 [%sa], %t;
	fence.proxy.async.shared::cluster;
	bar.sync 0;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 256;`},
	{"fence.proxy.async.global orders global memory only: every shared store is still found", proxyKernel, 64, 0, `
	st.shared.u32 [%sa], %t;      // @st
	fence.proxy.async.global;
	bar.sync 0;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 256;   // PROXY:st=64`},
	{"a fence by a thread other than the writer does not cover the writer's store: thread 63 fences after the barrier, thread 0 copies; only thread 63's own word is ordered", proxyKernel, 64, 0, `
	st.shared.u32 [%sa], %t;      // @st
	bar.sync 0;
	setp.eq.u32 %p1, %t, 63;
	@%p1 fence.proxy.async.shared::cta;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 256;   // PROXY:st=63`},
	{"the copying thread fences before the barrier, before the other threads' stores are ordered before it: only its own word is ordered", proxyKernel, 64, 0, `
	st.shared.u32 [%sa], %t;      // @st
	@%p7 fence.proxy.async.shared::cta;
	bar.sync 0;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 256;   // PROXY:st=63`},
	{"stores, bar.sync, then the copying thread's own fence: the barrier orders the stores before its fence, which orders them before its copy (the fence composes with the barrier)", proxyKernel, 64, 0, `
	st.shared.u32 [%sa], %t;
	bar.sync 0;
	@%p7 fence.proxy.async.shared::cta;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 256;`},
	{"inside one warp: the stores, __syncwarp, lane 0's fence, lane 0's copy of warp 0's words: ordered", proxyKernel, 32, 0, `
	st.shared.u32 [%sa], %t;
	bar.warp.sync -1;
	@%p7 fence.proxy.async.shared::cta;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 128;`},
	{"inside one warp with no __syncwarp: lane 0's fence covers its own store only, and nothing orders the other lanes' stores before its copy", proxyKernel, 32, 0, `
	st.shared.u32 [%sa], %t;      // @st
	@%p7 fence.proxy.async.shared::cta;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 128;   // BOTH:st=31`},
	{"inside one warp, every lane fences its store but there is no __syncwarp: the stores of lanes 1-31 are not ordered before lane 0's copy (independent thread scheduling), a plain race", proxyKernel, 32, 0, `
	st.shared.u32 [%sa], %t;      // @st
	fence.proxy.async.shared::cta;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 128;   // RACE:st=31`},
	{"producer warp 1 stores, fences and arrives on an mbarrier; consumer warp 0 waits for the phase, then copies warp 1's words: ordered and fenced", proxyKernel, 64, 0, `
	setp.lt.u32 %p1, %t, 32;
	@!%p7 bra S;
	mbarrier.init.shared::cta.b64 [%bar], 32;
S:
	bar.sync 0;
	@%p1 bra C;
	st.shared.u32 [%sa], %t;
	fence.proxy.async.shared::cta;
	mbarrier.arrive.shared::cta.b64 _, [%bar];
	bra D;
C:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%bar], 0;
	@!%p2 bra C;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf+128], 128;
D:`},
	{"the same producer without its fence: the mbarrier orders the stores, the copy still reads them through the other proxy", proxyKernel, 64, 0, `
	setp.lt.u32 %p1, %t, 32;
	@!%p7 bra S;
	mbarrier.init.shared::cta.b64 [%bar], 32;
S:
	bar.sync 0;
	@%p1 bra C;
	st.shared.u32 [%sa], %t;      // @st
	mbarrier.arrive.shared::cta.b64 _, [%bar];
	bra D;
C:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%bar], 0;
	@!%p2 bra C;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf+128], 128;   // PROXY:st=32
D:`},
	{"a store after the fence is not covered by it: the second store of each thread is found", proxyKernel, 64, 0, `
	st.shared.u32 [%sa], %t;
	fence.proxy.async.shared::cta;
	st.shared.u32 [%sa], %lane;   // @st2
	bar.sync 0;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 256;   // PROXY:st2=64`},
	{"only the bytes the copy reads count: the unfenced stores of words 32-63 lie outside a 128-byte copy", proxyKernel, 64, 0, `
	setp.lt.u32 %p1, %t, 32;
	st.shared.u32 [%sa], %t;
	@%p1 fence.proxy.async.shared::cta;
	bar.sync 0;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 128;`},
	{"cp.reduce.async.bulk reads its shared::cta source through the async proxy too", proxyKernel, 64, 0, `
	st.shared.u32 [%sa], %t;      // @st
	bar.sync 0;
	@%p7 cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%g], [%buf], 64;   // PROXY:st=16`},
	{"an atomic is a generic-proxy write too: a fenced store, then an atomic on the word", proxyKernel, 64, 0, `
	st.shared.u32 [%sa], %t;
	fence.proxy.async.shared::cta;
	atom.shared.add.u32 %r1, [%sa], 1;   // @at
	bar.sync 0;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 256;   // PROXY:at=64`},
	{"bytes a bulk copy then wrote (the async proxy, completed through the mbarrier) no longer hold the unfenced store", proxyKernel, 64, 0, `
	st.shared.u32 [%sa], %t;
	bar.sync 0;
	@!%p7 bra W;
	mbarrier.init.shared::cta.b64 [%bar], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%bar], 256;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%buf], [%g], 256, [%bar];
L:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%bar], 0;
	@!%p2 bra L;
W:
	bar.sync 0;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 256;`},

	// a peer CTA's shared memory, written through shared::cluster
	{"a peer CTA's store through shared::cluster fenced with .shared::cta: the fence covers the writer's own CTA's shared memory only", proxyKernel, 64, 2, `
	mov.u32 %r1, %cluster_ctarank;
	xor.b32 %r2, %r1, 1;
	mapa.shared::cluster.u32 %r3, %sa, %r2;
	st.shared::cluster.u32 [%r3], %t;      // @st
	fence.proxy.async.shared::cta;
	barrier.cluster.arrive.release;
	barrier.cluster.wait.acquire;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 256;   // PROXY:st=128
	barrier.cluster.arrive.release;
	barrier.cluster.wait.acquire;`},
	{"the same with .shared::cluster: ordered", proxyKernel, 64, 2, `
	mov.u32 %r1, %cluster_ctarank;
	xor.b32 %r2, %r1, 1;
	mapa.shared::cluster.u32 %r3, %sa, %r2;
	st.shared::cluster.u32 [%r3], %t;
	fence.proxy.async.shared::cluster;
	barrier.cluster.arrive.release;
	barrier.cluster.wait.acquire;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 256;
	barrier.cluster.arrive.release;
	barrier.cluster.wait.acquire;`},

	// wgmma.mma_async reading A and B through descriptors
	{"wgmma after stores and bar.sync with no proxy fence (examples/wgmma_swizzle before session 10): each warp's wgmma reads its 16 rows of A (32 writers) and all of B (16 writers)", wgmmaProxyKernel, 128, 0, `
	// PROXY-AT:sta=128 PROXY-AT:stb=64`},
	{"wgmma with every writer's fence.proxy.async.shared::cta before bar.sync: ordered", wgmmaProxyKernel, 128, 0, `
	fence.proxy.async.shared::cta;`},
	{"wgmma with the fence by threads 16-127 only: the stores of threads 0-15 (their A rows, read by warp 0, and all of B) stay unfenced", wgmmaProxyKernel, 128, 0, `
	@!%p1 fence.proxy.async.shared::cta;
	// PROXY-AT:sta=16 PROXY-AT:stb=64`},

	// tcgen05.mma and tcgen05.cp reading shared memory through descriptors
	// (9.7.17.6.5: "The shared memory accesses by tcgen05.mma and
	// tcgen05.cp operations are performed in the asynchronous proxy")
	{"tcgen05.mma after the stores and bar.sync with no proxy fence (testdata/tcgen05_pair before session 11): thread 0 reads all 64 rows of A (128 writers) and of B (16 writers)", tcMMAKernelAt(false), 128, 0, `
	bar.sync 0;
	// PROXY-AT:sta=128 PROXY-AT:stb=16`},
	{"tcgen05.mma with every writer's fence.proxy.async.shared::cta before bar.sync: ordered", tcMMAKernelAt(false), 128, 0, `
	fence.proxy.async.shared::cta;
	bar.sync 0;`},
	{"tcgen05.mma with the fence by threads 16-127 only: threads 0-15's A chunks and all of B stay unfenced", tcMMAKernelAt(false), 128, 0, `
	@!%p1 fence.proxy.async.shared::cta;
	bar.sync 0;
	// PROXY-AT:sta=16 PROXY-AT:stb=16`},
	{"tcgen05.mma after bar.sync and the issuing thread's own fence: the barrier orders the stores before its fence, the fence before its MMA", tcMMAKernelAt(false), 128, 0, `
	bar.sync 0;
	@%p7 fence.proxy.async.shared::cta;`},
	{"tcgen05.mma with the writers' fence.proxy.async.global: no shared byte is covered", tcMMAKernelAt(false), 128, 0, `
	fence.proxy.async.global;
	bar.sync 0;
	// PROXY-AT:sta=128 PROXY-AT:stb=16`},
	{"a CTA of one warp: every writer fences, no __syncwarp: lanes 1-31's stores are not ordered before thread 0's MMA (independent thread scheduling), a plain race; thread 0's own chunks are", tcMMAKernelAt(false), 32, 0, `
	fence.proxy.async.shared::cta;
	// RACE-AT:sta=31 RACE-AT:stb=15`},
	{"a CTA of one warp: every writer fences, then __syncwarp: ordered", tcMMAKernelAt(false), 32, 0, `
	fence.proxy.async.shared::cta;
	bar.warp.sync -1;`},
	{"tcgen05.mma with A MN-major (a_major) in the 128-byte swizzle: all 2048 bytes of sA read element by element, 8 elements a writer's chunk, and B", tcMMAKernelAt(true), 128, 0, `
	bar.sync 0;
	// PROXY-AT:sta=128 PROXY-AT:stb=16`},
	{"tcgen05.cp.128x128b of sA (128 rows of 16 bytes, row r at 16r): each of the 128 writers", tcKernel("@%p7 tcgen05.cp.cta_group::1.128x128b [%ta], %rd3;", 0), 128, 0, `
	bar.sync 0;
	// PROXY-AT:sta=128`},
	{"tcgen05.cp.4x256b of sA reads only rows 0-3 of 32 bytes, their chunks at 16r and 16r + 128: the stores of threads 0-3 and 8-11", tcKernel("@%p7 tcgen05.cp.cta_group::1.4x256b [%ta], %rd3;", 0), 128, 0, `
	bar.sync 0;
	// PROXY-AT:sta=8`},
	{"tcgen05.cp after fenced stores: ordered", tcKernel("@%p7 tcgen05.cp.cta_group::1.128x128b [%ta], %rd3;", 0), 128, 0, `
	fence.proxy.async.shared::cta;
	bar.sync 0;`},
}

var proxyMarkRe = regexp.MustCompile(`(@\w+|(PROXY|RACE|BOTH)(-AT)?:\w+=\d+)`)

// proxyClass names a finding by its message: "proxy" (ordered, not
// fenced), "race" (fenced, not ordered), "both", or the kind of another.
func proxyClass(h Hazard) string {
	switch {
	case strings.Contains(h.Message, "with no fence.proxy.async by that thread in between"):
		return "proxy"
	case strings.Contains(h.Message, "with no barrier between"):
		return "race"
	case strings.Contains(h.Message, "with no barrier and no fence.proxy.async"):
		return "both"
	}
	return h.Kind
}

func TestSanitizeProxy(t *testing.T) {
	for _, row := range proxyRows {
		t.Run(row.desc, func(t *testing.T) {
			src := strings.Replace(row.kernel, "BODY", row.body, 1)
			lines := strings.Split(src, "\n")
			names := map[string]int{}
			asyncLine := 0
			type pend struct {
				line  int
				class string
				name  string
				count int
			}
			var marks []pend
			for i, l := range lines {
				k := strings.Index(l, "//")
				if k < 0 {
					continue
				}
				if strings.Contains(l[k:], "ASYNC-READ") {
					asyncLine = i + 1
				}
				for _, mk := range proxyMarkRe.FindAllString(l[k:], -1) {
					if mk[0] == '@' {
						names[mk[1:]] = i + 1
						continue
					}
					kind, rest, _ := strings.Cut(mk, ":")
					name, n, _ := strings.Cut(rest, "=")
					c, _ := strconv.Atoi(n)
					line := i + 1
					if k, ok := strings.CutSuffix(kind, "-AT"); ok {
						kind, line = k, -1 // the async read's line, known once read
					}
					marks = append(marks, pend{line, strings.ToLower(kind), name, c})
				}
			}
			var want []string
			for _, mk := range marks {
				if mk.line < 0 {
					mk.line = asyncLine
				}
				want = append(want, fmt.Sprintf("%s at %d with %d x%d", mk.class, mk.line, names[mk.name], mk.count))
			}
			p := compilePTX(t, "proxy.ptx", src)
			hz, m := runSanitized(t, p, max(1, row.cluster), row.block, row.cluster)
			var got []string
			for _, h := range hz {
				if h.Other != nil {
					got = append(got, fmt.Sprintf("%s at %d with %d x%d", proxyClass(h), h.Line, h.Other.Line, h.Count))
				} else {
					got = append(got, fmt.Sprintf("%s at %d x%d", h.Kind, h.Line, h.Count))
				}
			}
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, "; ") != strings.Join(want, "; ") {
				var msgs []string
				for _, h := range hz {
					msgs = append(msgs, fmt.Sprintf("%d:%d: %s: %s (%d times)", h.Line, h.Col, h.Kind, h.Message, h.Count))
				}
				t.Errorf("got %v, want %v\n%s\nfault: %v\n%s", got, want, strings.Join(msgs, "\n"), m.Fault(), numbered(src))
			}
		})
	}
}

// TestSanitizeProxyMessage: a finding names the async read, the bytes,
// the store, its line and its thread, and says which fence fixes it.
func TestSanitizeProxyMessage(t *testing.T) {
	body := `
	st.shared.u32 [%sa], %t;
	bar.sync 0;
	@%p7 cp.async.bulk.global.shared::cta.bulk_group [%g], [%buf], 16;`
	src := strings.Replace(proxyKernel, "BODY", body, 1)
	stLine, cpLine := 0, 0
	for i, l := range strings.Split(src, "\n") {
		switch {
		case strings.Contains(l, "st.shared.u32 [%sa]"):
			stLine = i + 1
		case strings.Contains(l, "cp.async.bulk.global"):
			cpLine = i + 1
		}
	}
	hz, _ := runSanitized(t, compilePTX(t, "proxy.ptx", src), 1, 64, 0)
	if len(hz) != 1 {
		t.Fatalf("%d findings, want 1: %+v", len(hz), hz)
	}
	h := hz[0]
	wantMsg := fmt.Sprintf("cp.async.bulk at line %d reads shared [0x0, 0x4) written by st.shared.u32 at line %d (thread (0,0,0)) with no fence.proxy.async by that thread in between", cpLine, stLine)
	for _, c := range []struct {
		what      string
		got, want any
	}{
		{"message", strings.HasPrefix(h.Message, wantMsg), true},
		{"fix named", strings.Contains(h.Message, "put fence.proxy.async.shared::cta after the stores, before the barrier"), true},
		{"kind", h.Kind, "race"},
		{"line", h.Line, cpLine},
		{"access", h.Access, "read"},
		{"space", h.Space, "shared"},
		{"address", h.Addr, uint64(0)},
		{"size", h.Size, 4},
		{"other line", h.Other.Line, stLine},
		{"other access", h.Other.Access, "write"},
		{"other thread (thread 0's word comes first)", h.Other.Thread, [3]uint32{0, 0, 0}},
		{"count (threads 0-3: the 16 bytes)", h.Count, 4},
	} {
		if fmt.Sprint(c.got) != fmt.Sprint(c.want) {
			t.Errorf("%s: got %v, want %v (message %q)", c.what, c.got, c.want, h.Message)
		}
	}
}
