package sim

// sanitize_test.go: racecheck, synccheck and initcheck, a row per
// synchronisation that orders and per one that does not (PTX ISA 3.1
// §8.7.12 bar, membar; PTX ISA 9.x memory consistency model: data races,
// morally strong operations, release and acquire patterns; the CUDA
// programming guide: __syncthreads in conditional code, independent
// thread scheduling and __syncwarp).
//
// Each row's body marks what must be found on its own lines:
//   // @x         names the line (the earlier access of a race)
//   // RACE:x     a race reported here whose other access is on line @x
//   // SYNC       a synccheck finding here
//   // INIT       an initcheck finding here
//   // USE:x      an initcheck finding here: a use of an undefined value
//                 that the load on line @x took from local memory
// and nothing else may be found.

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

const sanKernel = `.version 8.0
.target sm_90
.address_size 64

.visible .entry k(.param .u64 pg, .param .u64 pu)
{
	.reg .pred %p<8>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<32>;
	.reg .b32 %t, %w, %lane, %sa, %sn, %gi;
	.reg .b64 %g, %u, %ga, %ua;
	.shared .align 8 .b8 s[1024];
	.local .align 8 .b8 l[64];
	mov.u32 %t, %tid.x;
	mov.u32 %lane, %laneid;
	shr.u32 %w, %t, 5;
	ld.param.u64 %g, [pg];
	ld.param.u64 %u, [pu];
	mov.u32 %sa, s;
	mad.lo.u32 %sa, %t, 4, %sa;
	add.u32 %r31, %t, 1;
	mov.u32 %r30, %ntid.x;
	rem.u32 %r31, %r31, %r30;
	mov.u32 %sn, s;
	mad.lo.u32 %sn, %r31, 4, %sn;
	mov.u32 %r29, %ctaid.x;
	mad.lo.u32 %gi, %r29, %r30, %t;
	mul.wide.u32 %rd1, %gi, 4;
	add.s64 %ga, %g, %rd1;
	add.s64 %ua, %u, %rd1;
	setp.eq.u32 %p7, %w, 0;
BODY
	ret;
}
`

type sanRow struct {
	desc    string
	grid    uint32
	block   uint32
	body    string
	cluster uint32 // CTAs a cluster (0: none)
}

var sanRows = []sanRow{
	// racecheck: shared memory in a CTA
	{"store then neighbour's load, no barrier: a warp-level race inside warp 0 and a race across warps 0 and 1 (thread 31 reads s[32] before thread 32 writes it)", 1, 64, `
	st.shared.u32 [%sa], %t;      // @st RACE:ld
	ld.shared.u32 %r1, [%sn];   // @ld RACE:st INIT (s[32] before warp 1 wrote it)`, 0},
	{"a byte a thread: each lane stores its own byte of a granule and reads it back, no other thread touches it: no race", 1, 64, `
	mov.u32 %r5, s;
	add.u32 %r5, %r5, %t;
	st.shared.u8 [%r5], %t;
	ld.shared.u8 %r1, [%r5];
	st.shared.u8 [%r5], %r1;
	ld.shared.u8 %r2, [%r5];`, 0},
	{"a byte a thread, then the neighbour's byte with no barrier: a race with the neighbour's store, in the warp and across warps 0 and 1", 1, 64, `
	mov.u32 %r5, s;
	add.u32 %r5, %r5, %t;
	st.shared.u8 [%r5], %t;      // @st RACE:ld
	ld.shared.u8 %r1, [%r5+1];   // @ld RACE:st INIT (byte 64: nobody wrote it)`, 0},
	{"bytes split granules, another warp's whole words join them, bytes split them again: the neighbour's byte races with the second split's stores (not the whole words', ordered by the barrier)", 1, 64, `
	mov.u32 %r5, s;
	add.u32 %r5, %r5, %t;
	st.shared.u8 [%r5], %t;
	bar.sync 0;
	setp.ge.u32 %p1, %t, 32;
	setp.lt.and.u32 %p1, %t, 40, %p1;
	@%p1 st.shared.u32 [%sa+-128], %t;
	bar.sync 0;
	@%p7 st.shared.u8 [%r5], %t;      // @st
	@%p7 ld.shared.u8 %r1, [%r5+1];   // RACE:st`, 0},
	{"a thread's write subsumes its own read of the word: a neighbour's unordered write races with the write alone", 1, 32, `
	st.shared.u32 [%sa], %t;
	bar.sync 0;
	ld.shared.u32 %r1, [%sa];
	add.u32 %r1, %r1, 1;
	st.shared.u32 [%sa], %r1;   // @st
	st.shared.u32 [%sn], %t;    // RACE:st`, 0},
	{"a thread's read and its neighbour's of one word, then the thread's write: a race with the neighbour's read (the second read record), not with its own", 1, 32, `
	st.shared.u32 [%sa], %t;
	bar.sync 0;
	ld.shared.u32 %r1, [%sa];
	ld.shared.u32 %r2, [%sn];   // @rd
	st.shared.u32 [%sa], %t;    // RACE:rd`, 0},
	{"bytes of a word by two lanes, then one of them reads the word: a race with the other lane's byte (the byte records, not the word's newest writer)", 1, 32, `
	st.shared.u8 [%sn], %t;
	st.shared.u8 [%sa+1], %t;     // @b
	ld.shared.u32 %r1, [%sn];     // RACE:b INIT (bytes 2 and 3: nobody wrote them)`, 0},
	{"three lanes read a word, a fourth writes it: races with the first read record and the last (two records of reads, the middle one replaced)", 1, 32, `
	st.shared.u32 [%sa], %t;
	bar.sync 0;
	ld.shared.u32 %r1, [%sa];     // @p
	ld.shared.u32 %r2, [%sn];
	add.u32 %r7, %t, 2;
	rem.u32 %r7, %r7, 32;
	mov.u32 %r8, s;
	mad.lo.u32 %r9, %r7, 4, %r8;
	ld.shared.u32 %r3, [%r9];     // @r
	add.u32 %r7, %t, 3;
	rem.u32 %r7, %r7, 32;
	mad.lo.u32 %r10, %r7, 4, %r8;
	st.shared.u32 [%r10], %t;     // RACE:p RACE:r`, 0},
	{"a warp's words over the end of a 1 KiB chunk of shadow (global words 240 to 271), written by warp 0 and read by warp 1 with no barrier", 1, 64, `
	mul.wide.u32 %rd2, %lane, 4;
	add.s64 %rd3, %g, %rd2;
	@%p7 st.global.u32 [%rd3+960], %t;     // @st
	@!%p7 ld.global.u32 %r1, [%rd3+960];   // RACE:st`, 0},
	{"bar.sync between store and load orders them (ISA bar: memory accesses before the barrier are performed before those after)", 1, 64, `
	st.shared.u32 [%sa], %t;
	bar.sync 0;
	ld.shared.u32 %r1, [%sn];`, 0},
	{"barrier.sync with a thread count covering both warps orders them", 1, 64, `
	st.shared.u32 [%sa], %t;
	barrier.sync 1, 64;
	ld.shared.u32 %r1, [%sn];`, 0},
	{"bar.red.popc orders as bar.sync does", 1, 64, `
	st.shared.u32 [%sa], %t;
	setp.ne.u32 %p1, %t, 0;
	bar.red.popc.u32 %r2, 0, %p1;
	ld.shared.u32 %r1, [%sn];`, 0},
	{"producer warp 1 writes, bar.arrive; consumer warp 0 bar.sync then reads: ordered", 1, 64, `
	@%p7 bra CONS;
	st.shared.u32 [%sa], %t;
	bar.arrive 1, 64;
	bra DONE;
CONS:
	bar.sync 1, 64;
	ld.shared.u32 %r1, [%sa+128];
DONE:`, 0},
	{"consumer reads before its bar.sync: the producer's later write races with the read", 1, 64, `
	@%p7 bra CONS;
	st.shared.u32 [%sa], %t;  // RACE:rd
	bar.arrive 1, 64;
	bra DONE;
CONS:
	ld.shared.u32 %r1, [%sa+128];  // @rd INIT (read before warp 1 wrote)
	bar.sync 1, 64;
DONE:`, 0},
	{"bar.arrive does not acquire: the arriving warp's read after it races with a write before the other warp's bar.sync", 1, 64, `
	@%p7 bra W0;
	st.shared.u32 [%sa], %t;  // RACE:rd
	bar.sync 1, 64;
	bra DONE;
W0:
	bar.arrive 1, 64;
	ld.shared.u32 %r1, [%sa+128];  // @rd INIT (read before warp 1 wrote)
DONE:`, 0},
	{"a second phase: reads of phase 1 and writes after the next barrier are ordered", 1, 64, `
	st.shared.u32 [%sa], %t;
	bar.sync 0;
	ld.shared.u32 %r1, [%sn];
	bar.sync 0;
	st.shared.u32 [%sa], %r1;`, 0},
	{"the write after one barrier races with the neighbour's read before the next (no second barrier)", 1, 64, `
	st.shared.u32 [%sa], %t;
	bar.sync 0;
	ld.shared.u32 %r1, [%sn];  // @rd RACE:wr
	st.shared.u32 [%sa], %r1;    // @wr RACE:rd`, 0},
	{"__syncwarp (bar.warp.sync -1) orders the lanes of one warp", 1, 32, `
	st.shared.u32 [%sa], %t;
	bar.warp.sync -1;
	ld.shared.u32 %r1, [%sn];`, 0},
	{"without __syncwarp the lanes of one warp race (independent thread scheduling)", 1, 32, `
	st.shared.u32 [%sa], %t;     // @st
	ld.shared.u32 %r1, [%sn];  // RACE:st`, 0},
	{"ld.volatile does not order: the warp-synchronous reduction step races", 1, 32, `
	st.volatile.shared.u32 [%sa], %t;     // @st
	ld.volatile.shared.u32 %r1, [%sn];  // RACE:st`, 0},
	{"bar.warp.sync whose mask leaves the reader's neighbour out does not order it", 1, 32, `
	st.shared.u32 [%sa], %t;       // @st
	and.b32 %r3, %lane, 1;
	setp.eq.u32 %p1, %r3, 0;
	bar.warp.sync 0x55555555;     // SYNC
	ld.shared.u32 %r1, [%sn];    // RACE:st`, 0},
	{"lanes of one warp in one instruction do not race (all write s[0])", 1, 32, `
	mov.u32 %r2, s;
	st.shared.u32 [%r2], %t;`, 0},
	{"atomics to one address never race with each other", 1, 64, `
	mov.u32 %r2, s;
	atom.shared.add.u32 %r1, [%r2], 1;  // INIT (an atomic reads s[0], which nothing zeroed)`, 0},
	{"a plain store races with another warp's atomic", 1, 64, `
	mov.u32 %r2, s;
	@%p7 atom.shared.add.u32 %r1, [%r2], 1;  // @at INIT (nothing zeroed s[0])
	@!%p7 st.shared.u32 [%r2], %t;          // RACE:at`, 0},
	{"relaxed loads and stores are morally strong: no data race between them", 1, 64, `
	st.relaxed.cta.shared.u32 [%sa], %t;
	ld.relaxed.cta.shared.u32 %r1, [%sn];  // INIT (s[32] before warp 1 wrote it)`, 0},
	{"membar.cta without a flag to observe orders nothing", 1, 64, `
	st.shared.u32 [%sa], %t;      // @st RACE:ld
	membar.cta;
	ld.shared.u32 %r1, [%sn];   // @ld RACE:st INIT (s[32] before warp 1 wrote it)`, 0},

	// racecheck: global memory across CTAs
	{"each thread its own element: no race", 4, 32, `
	st.global.u32 [%ga], %t;
	ld.global.u32 %r1, [%ga];
	st.global.u32 [%ga], %r1;`, 0},
	{"two CTAs write their own ids to one element: a race across CTAs (no barrier orders them)", 2, 32, `
	setp.eq.u32 %p1, %t, 0;
	mov.u32 %r5, %ctaid.x;
	@%p1 st.global.u32 [%g], %r5;  // @wr RACE:wr`, 0},
	{"two CTAs write the same value to one element: the bytes come out the same in either order, not reported", 2, 32, `
	setp.eq.u32 %p1, %t, 0;
	@%p1 st.global.u32 [%g], 7;`, 0},
	{"two warps store the same 8 bytes to one shared word (redundant warps, as Triton's epilogue), then bar.sync and a read: clean", 1, 64, `
	mov.u32 %r2, s;
	mov.b64 %rd2, 0x0102030405060708;
	st.shared.u64 [%r2+8], %rd2;
	bar.sync 0;
	ld.shared.u64 %rd3, [%r2+8];`, 0},
	{"two warps store different bytes to one shared word without a barrier: a race", 1, 64, `
	mov.u32 %r2, s;
	st.shared.u32 [%r2], %w;   // @wr RACE:wr`, 0},
	{"message passing: data, membar.gl, flag store; other CTA reads flag, membar.gl, data: ordered", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p1, %t, 0;
	@%p1 bra DONE;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	st.global.u32 [%g+4], 42;
	membar.gl;
	st.relaxed.gpu.global.u32 [%g], 1;
	bra DONE;
RD:
	ld.relaxed.gpu.global.u32 %r1, [%g];
	membar.gl;
	ld.global.u32 %r2, [%g+4];
DONE:`, 0},
	{"message passing with st.release and ld.acquire at .gpu scope: ordered", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p1, %t, 0;
	@%p1 bra DONE;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	st.global.u32 [%g+4], 42;
	st.release.gpu.global.u32 [%g], 1;
	bra DONE;
RD:
	ld.acquire.gpu.global.u32 %r1, [%g];
	ld.global.u32 %r2, [%g+4];
DONE:`, 0},
	{"release at .cta scope does not reach another CTA: the data read races, and so does the flag (.cta scopes leave each other out: not morally strong)", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p1, %t, 0;
	@%p1 bra DONE;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	st.global.u32 [%g+4], 42;           // @wr
	st.release.cta.global.u32 [%g], 1;     // @fl
	bra DONE;
RD:
	ld.acquire.cta.global.u32 %r1, [%g];   // RACE:fl
	ld.global.u32 %r2, [%g+4];          // RACE:wr
DONE:`, 0},
	{"without fences the flag passes nothing: the data read races", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p1, %t, 0;
	@%p1 bra DONE;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	st.global.u32 [%g+4], 42;           // @wr
	st.relaxed.gpu.global.u32 [%g], 1;
	bra DONE;
RD:
	ld.relaxed.gpu.global.u32 %r1, [%g];
	ld.global.u32 %r2, [%g+4];          // RACE:wr
DONE:`, 0},

	// racecheck: plain accesses against atomics (ISA 8.7.1: a data race
	// is two conflicting accesses, unordered, that are not morally strong;
	// a plain ld or st is not strong, an atom is)
	{"the first plain read of an atomicCAS loop races with the other threads' CAS: lanes of the warp, then the other CTA", 2, 32, `
	ld.global.u32 %r1, [%g];                 // @ld RACE:at
	atom.global.cas.b32 %r2, [%g], %r1, 7;   // @at RACE:ld`, 0},
	{"a plain read by warp 0, then warp 1's atomic with no barrier: the atomic races with the read", 1, 64, `
	@%p7 ld.global.u32 %r1, [%g];            // @ld
	@!%p7 atom.global.add.u32 %r2, [%g], 1;  // RACE:ld`, 0},
	{"warp 0's atomics, then warp 1's plain read with no barrier: the read races with an atomic", 1, 64, `
	@%p7 atom.global.add.u32 %r2, [%g], 1;   // @at
	@!%p7 ld.global.u32 %r1, [%g];           // RACE:at`, 0},
	{"atomics, bar.sync, then the other warp's plain read: ordered", 1, 64, `
	@%p7 atom.global.add.u32 %r2, [%g], 1;
	bar.sync 0;
	@!%p7 ld.global.u32 %r1, [%g];`, 0},
	{"a plain read, bar.sync, then the other warp's atomics: ordered", 1, 64, `
	@!%p7 ld.global.u32 %r1, [%g];
	bar.sync 0;
	@%p7 atom.global.add.u32 %r2, [%g], 1;`, 0},
	{"ld.relaxed.gpu of a counter other threads update with atom: morally strong, no race", 2, 32, `
	ld.relaxed.gpu.global.u32 %r1, [%g];
	atom.global.cas.b32 %r2, [%g], %r1, 7;`, 0},
	{"ld.volatile spinning on a flag another CTA sets with atom.exch: .volatile is relaxed at system scope (ISA 8.4.2), no race", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p1, %t, 0;
	@%p1 bra DONE;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	atom.global.exch.b32 %r2, [%g], 1;
	bra DONE;
RD:
	ld.volatile.global.u32 %r1, [%g];
DONE:`, 0},
	{"ld.relaxed.cta in another CTA than the atomic: its scope leaves the atomic's thread out, so they are not morally strong", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p1, %t, 0;
	@%p1 bra DONE;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	atom.global.add.u32 %r2, [%g], 1;     // @at
	bra DONE;
RD:
	ld.relaxed.cta.global.u32 %r1, [%g];  // RACE:at
DONE:`, 0},
	{"atom.cta on one global word from two CTAs: each scope leaves the other out, a race", 2, 32, `
	setp.ne.u32 %p1, %t, 0;
	@%p1 bra DONE;
	atom.cta.global.add.u32 %r2, [%g], 1;   // @at RACE:at
DONE:`, 0},
	{"message passing with an atomic as the data: atom, membar.gl, relaxed flag; the other CTA reads the flag, membar.gl, then a plain read of the counter: ordered", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p1, %t, 0;
	@%p1 bra DONE;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	atom.global.add.u32 %r2, [%g+4], 1;
	membar.gl;
	st.relaxed.gpu.global.u32 [%g], 1;
	bra DONE;
RD:
	ld.relaxed.gpu.global.u32 %r1, [%g];
	fence.acq_rel.gpu;
	ld.global.u32 %r2, [%g+4];
DONE:`, 0},
	{"the same without the fences: the plain read races with the atomic", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p1, %t, 0;
	@%p1 bra DONE;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	atom.global.add.u32 %r2, [%g+4], 1;   // @at
	st.relaxed.gpu.global.u32 [%g], 1;
	bra DONE;
RD:
	ld.relaxed.gpu.global.u32 %r1, [%g];
	ld.global.u32 %r2, [%g+4];            // RACE:at
DONE:`, 0},

	// racecheck: release and acquire per thread (ISA 8.8: a release
	// pattern makes prior operations of the current thread visible, an
	// acquire pattern makes them visible to later operations of the
	// current thread; ISA 8.9.2: causality order is transitive through
	// program order and synchronization, barriers included; ISA 8.9.4:
	// fence.sc synchronizes with a later fence.sc). CTA 0 produces,
	// CTA 1 consumes.
	{"lane 1 writes the data, lane 0 of the same warp fences and sets the flag: the release covers lane 0's own accesses only, so the consumer's read races with lane 1's write", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.gt.u32 %p1, %t, 1;
	@%p1 bra DONE;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	setp.eq.u32 %p3, %t, 1;
	@%p3 st.global.u32 [%g+4], 42;   // @wr
	@!%p3 membar.gl;
	@!%p3 st.relaxed.gpu.global.u32 [%g], 1;
	bra DONE;
RD:
	setp.ne.u32 %p4, %t, 0;
	@%p4 bra DONE;
	ld.relaxed.gpu.global.u32 %r1, [%g];
	membar.gl;
	ld.global.u32 %r2, [%g+4];       // RACE:wr
DONE:`, 0},
	{"the same with __syncwarp between lane 1's write and lane 0's release: the write is in the release's causal past, ordered", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.gt.u32 %p1, %t, 1;
	@%p1 bra DONE;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	setp.eq.u32 %p3, %t, 1;
	@%p3 st.global.u32 [%g+4], 42;
	bar.warp.sync 3;
	@!%p3 membar.gl;
	@!%p3 st.relaxed.gpu.global.u32 [%g], 1;
	bra DONE;
RD:
	setp.ne.u32 %p4, %t, 0;
	@%p4 bra DONE;
	ld.relaxed.gpu.global.u32 %r1, [%g];
	membar.gl;
	ld.global.u32 %r2, [%g+4];
DONE:`, 0},
	{"warp 1 writes, bar.sync, thread 0 releases (fence.acq_rel, flag); the other CTA's thread 0 acquires and reads warp 1's data: ordered through the barrier", 2, 64, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	@!%p7 st.global.u32 [%ga], %t;
	bar.sync 0;
	setp.ne.u32 %p1, %t, 0;
	@%p1 bra DONE;
	fence.acq_rel.gpu;
	st.relaxed.gpu.global.u32 [%g+1024], 1;
	bra DONE;
RD:
	setp.ne.u32 %p4, %t, 0;
	@%p4 bra DONE;
	ld.relaxed.gpu.global.u32 %r1, [%g+1024];
	fence.acq_rel.gpu;
	ld.global.u32 %r2, [%g+160];
DONE:`, 0},
	{"thread 0 writes and releases; the other CTA's thread 0 acquires, bar.sync, then every thread reads: ordered through the barrier", 2, 64, `
	mov.u32 %r5, %ctaid.x;
	mul.wide.u32 %rd2, %t, 4;
	add.s64 %rd3, %g, %rd2;
	setp.ne.u32 %p4, %t, 0;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	@%p4 bra DONE;
	st.global.u32 [%g+4], 42;
	st.release.gpu.global.u32 [%g+1024], 1;
	bra DONE;
RD:
	@%p4 bra WAIT;
	ld.acquire.gpu.global.u32 %r1, [%g+1024];
WAIT:
	bar.sync 0;
	ld.global.u32 %r2, [%g+4];
DONE:`, 0},
	{"thread 0 writes and releases; the other CTA's lane 0 acquires, then all 32 lanes read with no __syncwarp: lanes 1..31 acquired nothing, a race", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p4, %t, 0;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	@%p4 bra DONE;
	st.global.u32 [%g+4], 42;                  // @wr
	st.release.gpu.global.u32 [%g+1024], 1;
	bra DONE;
RD:
	@%p4 bra WAIT;
	ld.acquire.gpu.global.u32 %r1, [%g+1024];
WAIT:
	ld.global.u32 %r2, [%g+4];                 // RACE:wr
DONE:`, 0},
	{"the same with __syncwarp after lane 0's acquire: the lanes it names are ordered after it", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p4, %t, 0;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	@%p4 bra DONE;
	st.global.u32 [%g+4], 42;
	st.release.gpu.global.u32 [%g+1024], 1;
	bra DONE;
RD:
	@%p4 bra WAIT;
	ld.acquire.gpu.global.u32 %r1, [%g+1024];
WAIT:
	bar.warp.sync -1;
	ld.global.u32 %r2, [%g+4];
DONE:`, 0},
	{"fence.sc.gpu after the write and fence.sc.gpu before the other CTA's read: fence.sc synchronizes with the later fence.sc (Fence-SC order), ordered", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p4, %t, 0;
	@%p4 bra DONE;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	st.global.u32 [%g+4], 42;
	fence.sc.gpu;
	bra DONE;
RD:
	fence.sc.gpu;
	ld.global.u32 %r2, [%g+4];
DONE:`, 0},
	{"fence.sc.cta on both sides in different CTAs: the scopes leave each other out, a race", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p4, %t, 0;
	@%p4 bra DONE;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	st.global.u32 [%g+4], 42;     // @wr
	fence.sc.cta;
	bra DONE;
RD:
	fence.sc.cta;
	ld.global.u32 %r2, [%g+4];    // RACE:wr
DONE:`, 0},
	{"fence.sc after the write, no fence before the read: a race", 2, 32, `
	mov.u32 %r5, %ctaid.x;
	setp.ne.u32 %p4, %t, 0;
	@%p4 bra DONE;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra RD;
	st.global.u32 [%g+4], 42;     // @wr
	fence.sc.gpu;
	bra DONE;
RD:
	ld.global.u32 %r2, [%g+4];    // RACE:wr
DONE:`, 0},

	// racecheck: distributed shared memory in a cluster of two CTAs
	{"barrier.cluster arrive.release/wait.acquire orders a write before the other CTA's read through mapa", 2, 32, `
	st.shared.u32 [%sa], %t;
	barrier.cluster.arrive.release.aligned;
	barrier.cluster.wait.acquire.aligned;
	mov.u32 %r5, %cluster_ctarank;
	xor.b32 %r5, %r5, 1;
	mapa.shared::cluster.u32 %r6, %sa, %r5;
	ld.shared::cluster.u32 %r1, [%r6];
	barrier.cluster.arrive.aligned;   // keeps each CTA's shared memory alive for the other
	barrier.cluster.wait.aligned;`, 2},
	{"without barrier.cluster the CTAs of a cluster race on each other's shared memory", 2, 32, `
	st.shared.u32 [%sa], %t;   // @wr RACE:rd
	mov.u32 %r5, %cluster_ctarank;
	xor.b32 %r5, %r5, 1;
	mapa.shared::cluster.u32 %r6, %sa, %r5;
	ld.shared::cluster.u32 %r1, [%r6];   // @rd RACE:wr INIT (rank 0 reads before rank 1 wrote)
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;`, 2},

	// racecheck: mbarrier phases (ISA mbarrier: the arrive-on operation
	// has release semantics, the test_wait/try_wait that observes the
	// phase's completion acquire semantics)
	{"warp 1 writes then arrives on an mbarrier; warp 0 try_waits for the phase, then reads: ordered", 1, 64, `
	mov.u32 %r10, s;
	add.u32 %r10, %r10, 1016;
	setp.eq.u32 %p1, %t, 0;
	@%p1 mbarrier.init.shared.b64 [%r10], 32;
	bar.sync 0;
	@%p7 bra CONS;
	st.shared.u32 [%sa], %t;
	mbarrier.arrive.shared.b64 %rd5, [%r10];
	bra DONE;
CONS:
	mbarrier.try_wait.parity.shared.b64 %p2, [%r10], 0;
	@!%p2 bra CONS;
	ld.shared.u32 %r1, [%sa+128];
DONE:`, 0},
	{"the same without the wait: the read races with warp 1's write", 1, 64, `
	mov.u32 %r10, s;
	add.u32 %r10, %r10, 1016;
	setp.eq.u32 %p1, %t, 0;
	@%p1 mbarrier.init.shared.b64 [%r10], 32;
	bar.sync 0;
	@%p7 bra CONS;
	st.shared.u32 [%sa], %t;   // @wr (warp 1 issues first after the bar.sync)
	mbarrier.arrive.shared.b64 %rd5, [%r10];
	bra DONE;
CONS:
	ld.shared.u32 %r1, [%sa+128];   // RACE:wr
DONE:`, 0},

	// synccheck
	{"bar.sync inside if (threadIdx.x < 16): reached by half a warp", 1, 32, `
	setp.ge.u32 %p1, %t, 16;
	@%p1 bra SKIP;
	bar.sync 0;   // SYNC
SKIP:`, 0},
	{"bar.sync reached by warp 0 while warp 1 exits without it", 1, 64, `
	@!%p7 bra SKIP;
	bar.sync 0;   // SYNC
SKIP:`, 0},
	{"two warps at different __syncthreads of one barrier", 1, 64, `
	@%p7 bra A;
	bar.sync 0;   // SYNC
	bra DONE;
A:
	bar.sync 0;
DONE:`, 0},
	{"named barrier with counts at different instructions is fine (producer/consumer)", 1, 64, `
	@%p7 bra A;
	bar.sync 1, 64;
	bra DONE;
A:
	bar.sync 1, 64;
DONE:`, 0},
	{"arrivals of one phase with different counts", 1, 96, `
	setp.eq.u32 %p1, %w, 2;
	@%p1 bra DONE;
	@%p7 bra A;
	bar.sync 1, 64;   // SYNC
	bra DONE;
A:
	bar.sync 1, 96;
DONE:`, 0},
	{"__syncwarp with a mask that leaves executing lanes out", 1, 32, `
	bar.warp.sync 0x0000ffff;   // SYNC`, 0},
	{"__syncwarp naming lanes that exited", 1, 32, `
	setp.ge.u32 %p1, %t, 16;
	@%p1 exit;
	bar.warp.sync -1;   // SYNC`, 0},
	{"vote.sync and __syncwarp where each half-warp names only itself, all in one issue (two groups' __ballot_sync(half, ...)): no finding", 1, 32, `
	setp.lt.u32 %p1, %lane, 16;
	selp.b32 %r4, 0x0000ffff, 0xffff0000, %p1;
	vote.sync.ballot.b32 %r2, %p1, %r4;
	bar.warp.sync %r4;`, 0},
	{"__syncwarp per half-warp orders each half's lanes only: lane 15 reads lane 16's write and lane 31 lane 0's, across the halves, a race", 1, 32, `
	st.shared.u32 [%sa], %t;        // @st
	setp.lt.u32 %p1, %lane, 16;
	selp.b32 %r4, 0x0000ffff, 0xffff0000, %p1;
	bar.warp.sync %r4;
	ld.shared.u32 %r1, [%sn];       // RACE:st`, 0},
	{"shfl.sync with the full mask inside if (lane < 16), the other lanes exiting without one: no finding (it waits for the non-exited threads of the mask, ISA shfl.sync; syncwait_test.go has them execute one)", 1, 32, `
	setp.ge.u32 %p1, %t, 16;
	@%p1 bra SKIP;
	shfl.sync.bfly.b32 %r1, %t, 1, 31, -1;
SKIP:`, 0},
	{"shfl.sync.bfly by 16 after lanes 16-31 exited: lanes 0-15 read exited lanes (undefined)", 1, 32, `
	setp.ge.u32 %p1, %t, 16;
	@%p1 exit;
	shfl.sync.bfly.b32 %r1, %t, 16, 31, -1;   // SYNC`, 0},
	{"shfl.sync.bfly by 1 with the full mask after lanes 16-31 exited: the sources stayed, no finding (the ISA waits for the non-exited threads)", 1, 32, `
	setp.ge.u32 %p1, %t, 16;
	@%p1 exit;
	shfl.sync.bfly.b32 %r1, %t, 1, 31, -1;`, 0},
	{"shfl.sync and vote.sync with the full mask in converged code are fine", 1, 32, `
	shfl.sync.bfly.b32 %r1, %t, 1, 31, -1;
	setp.ne.u32 %p1, %r1, 0;
	vote.sync.ballot.b32 %r2, %p1, -1;`, 0},
	{"a hang: warps wait at different named barriers that each need 64 threads", 1, 64, `
	@%p7 bra A;
	bar.sync 2, 64;   // SYNC
	bra DONE;
A:
	bar.sync 1, 64;   // SYNC
DONE:`, 0},

	// initcheck
	{"a shared load of bytes nothing wrote", 1, 32, `
	ld.shared.u32 %r1, [%sa];   // INIT`, 0},
	{"store, barrier, load: initialised", 1, 64, `
	st.shared.u32 [%sa], %t;
	bar.sync 0;
	ld.shared.u32 %r1, [%sn];`, 0},
	{"one byte written, four read", 1, 32, `
	st.shared.u8 [%sa], %t;
	ld.shared.u32 %r1, [%sa];   // INIT`, 0},
	{"a load from a buffer made with count alone", 1, 32, `
	ld.global.u32 %r1, [%ua];   // INIT`, 0},
	{"store then load of a count buffer; atomics on it count as writes", 1, 32, `
	st.global.u32 [%ua], %t;
	ld.global.u32 %r1, [%ua];
	atom.global.add.u32 %r2, [%u+256], 1;
	bar.warp.sync -1;
	ld.global.u32 %r1, [%u+256];`, 0},
	{"a buffer with data is initialised", 1, 32, `
	ld.global.u32 %r1, [%ga];`, 0},

	// initcheck of local memory (sanitize_local.go): a load of undefined
	// bytes marks the register; a use of a fully undefined value is the
	// finding, a copy is not.
	{"a local load of bytes nothing wrote, then an add of the value: found at the add", 1, 32, `
	ld.local.u32 %r1, [l];       // @ld
	add.u32 %r2, %r1, 1;         // USE:ld
	st.global.u32 [%ga], %r2;`, 0},
	{"store, then load and use: defined", 1, 32, `
	st.local.u32 [l], %t;
	ld.local.u32 %r1, [l];
	add.u32 %r2, %r1, 1;`, 0},
	{"a copy of undefined bytes (local to local, local to global, through mov) is no finding", 1, 32, `
	ld.local.u32 %r1, [l+8];
	st.local.u32 [l+16], %r1;
	ld.local.u64 %rd2, [l+24];
	mov.b64 %rd3, %rd2;
	st.global.u32 [%ua], %r1;
	st.local.u64 [l+32], %rd3;`, 0},
	{"the undefined mark survives the copy: a use of the copied value is found, with the load of the copy", 1, 32, `
	ld.local.u32 %r1, [l+8];
	st.local.u32 [l+16], %r1;
	ld.local.u32 %r2, [l+16];    // @ld2
	mov.u32 %r3, %r2;
	setp.eq.u32 %p1, %r3, 0;     // USE:ld2`, 0},
	{"storing an undefined value makes defined bytes undefined", 1, 32, `
	st.local.u32 [l], 5;
	ld.local.u32 %r1, [l+4];
	st.local.u32 [l], %r1;
	ld.local.u32 %r2, [l];       // @ld
	mul.lo.u32 %r3, %r2, 3;      // USE:ld`, 0},
	{"a value with some defined bytes (a field and the padding beside it) is not reported", 1, 32, `
	st.local.u8 [l], %t;
	ld.local.u32 %r1, [l];
	and.b32 %r2, %r1, 255;`, 0},
	{"a vector load: each element its own value", 1, 32, `
	st.local.u32 [l], 1;
	ld.local.v2.u32 {%r1, %r2}, [l];   // @ld
	add.u32 %r3, %r1, 1;
	add.u32 %r4, %r2, 1;               // USE:ld`, 0},
	{"local memory is per thread: lane 0's store defines nothing for the other lanes", 1, 32, `
	setp.eq.u32 %p1, %lane, 0;
	@%p1 st.local.u32 [l], 1;
	ld.local.u32 %r1, [l];   // @ld
	add.u32 %r2, %r1, 1;     // USE:ld`, 0},
	{"a register written after the undefined load is defined again", 1, 32, `
	ld.local.u32 %r1, [l];
	mov.u32 %r1, 7;
	add.u32 %r2, %r1, 1;`, 0},
	{"through a generic address (cvta.local), as clang -O0 writes it", 1, 32, `
	mov.u64 %rd2, l;
	cvta.local.u64 %rd3, %rd2;
	st.u32 [%rd3], %t;
	ld.u32 %r1, [%rd3];
	ld.u32 %r2, [%rd3+4];   // @ld
	add.u32 %r3, %r1, %r2;  // USE:ld`, 0},
}

var markRe = regexp.MustCompile(`(@\w+|RACE:\w+|USE:\w+|SYNC|INIT)`)

func TestSanitizeTable(t *testing.T) {
	for _, row := range sanRows {
		t.Run(row.desc, func(t *testing.T) {
			src := strings.Replace(sanKernel, "BODY", row.body, 1)
			lines := strings.Split(src, "\n")
			names := map[string]int{}
			var want []string
			type pend struct {
				line int
				name string
			}
			var races, uses []pend
			for i, l := range lines {
				k := strings.Index(l, "//")
				if k < 0 {
					continue
				}
				for _, mk := range markRe.FindAllString(l[k:], -1) {
					switch {
					case mk[0] == '@':
						names[mk[1:]] = i + 1
					case strings.HasPrefix(mk, "RACE:"):
						races = append(races, pend{i + 1, mk[5:]})
					case strings.HasPrefix(mk, "USE:"):
						uses = append(uses, pend{i + 1, mk[4:]})
					default:
						want = append(want, fmt.Sprintf("%s at %d", strings.ToLower(mk), i+1))
					}
				}
			}
			for _, r := range races {
				want = append(want, fmt.Sprintf("race at %d with %d", r.line, names[r.name]))
			}
			for _, u := range uses {
				want = append(want, fmt.Sprintf("init at %d from %d", u.line, names[u.name]))
			}
			p := compilePTX(t, "san.ptx", src)
			hz, m := runSanitized(t, p, row.grid, row.block, row.cluster)
			var got []string
			for _, h := range hz {
				switch {
				case h.Kind == "race":
					got = append(got, fmt.Sprintf("race at %d with %d", h.Line, h.Other.Line))
				case h.Kind == "init" && h.Other != nil:
					got = append(got, fmt.Sprintf("init at %d from %d", h.Line, h.Other.Line))
				default:
					got = append(got, fmt.Sprintf("%s at %d", h.Kind, h.Line))
				}
			}
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, "; ") != strings.Join(want, "; ") {
				var msgs []string
				for _, h := range hz {
					msgs = append(msgs, fmt.Sprintf("%d:%d: %s: %s", h.Line, h.Col, h.Kind, h.Message))
				}
				t.Errorf("got %v, want %v\n%s\nfault: %v\n%s", got, want, strings.Join(msgs, "\n"), m.Fault(), numbered(src))
			}
		})
	}
}

// runSanitized runs p's kernel k with every sanitizer on: pg a buffer of
// 4 KiB with data, pu one of 4 KiB made with count alone.
func runSanitized(t *testing.T, p *Program, grid, block, cluster uint32) ([]Hazard, *Machine) {
	t.Helper()
	ps, size, _ := p.Params("k")
	params := make([]byte, size)
	l := Launch{Grid: [3]uint32{grid, 1, 1}, Block: [3]uint32{block, 1, 1}, Params: params}
	if cluster > 0 {
		l.Cluster = [3]uint32{cluster, 1, 1}
	}
	m, err := New(p, "k", l)
	if err != nil {
		t.Fatal(err)
	}
	m.Sanitize(SanAll)
	g := m.Alloc("g", 4096)
	m.Store(g, 0, make([]byte, 4096))
	u := m.Alloc("u", 4096)
	m.SanitizeUninit(u)
	for _, pi := range ps {
		switch pi.Name {
		case "pg":
			binary.LittleEndian.PutUint64(params[pi.Offset:], g)
		case "pu":
			binary.LittleEndian.PutUint64(params[pi.Offset:], u)
		}
	}
	m.Run(100000)
	if f := m.Fault(); f != nil && !strings.HasPrefix(f.Msg, "deadlock") {
		t.Fatalf("run: %v", f)
	}
	return m.Hazards(), m
}

// TestSanitizePrintfKernel: the false-positive sweep for the printf test
// kernel (testdata/printf, clang-14): vprintf's argument buffers in local
// memory (their padding included) and the return values stored to
// global memory make no finding.
func TestSanitizePrintfKernel(t *testing.T) {
	src, err := os.ReadFile("testdata/printf/kernel.ptx")
	if err != nil {
		t.Fatal(err)
	}
	p := compilePTX(t, "kernel.ptx", string(src))
	_, size, _ := p.Params("show")
	params := make([]byte, size)
	m, err := New(p, "show", Launch{Grid: [3]uint32{2, 1, 1}, Block: [3]uint32{40, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	m.Sanitize(SanAll)
	oa := m.Alloc("out", 4*2*40)
	m.SanitizeUninit(oa)
	binary.LittleEndian.PutUint64(params[0:], oa)
	binary.LittleEndian.PutUint64(params[8:], math.Float64bits(1.25))
	binary.LittleEndian.PutUint64(params[16:], 5)
	if f := runFault(t, m, string(src), 1_000_000); f != "" {
		t.Fatal(f)
	}
	for _, h := range m.Hazards() {
		t.Errorf("%d:%d: %s: %s", h.Line, h.Col, h.Kind, h.Message)
	}
}

// TestSanitizeUninitRuns: an init finding lists every byte nothing wrote
// that its reads took, over all its occurrences (the page marks them):
// 32 lanes each read the u32 at s[8*lane], and lane 3 wrote byte 1 of
// its own first.
func TestSanitizeUninitRuns(t *testing.T) {
	src := strings.Replace(sanKernel, "BODY", `
	mov.u32 %r2, s;
	mad.lo.u32 %r3, %lane, 8, %r2;
	setp.eq.u32 %p1, %lane, 3;
	@%p1 st.shared.u8 [%r3+1], 1;
	ld.shared.u32 %r1, [%r3];`, 1)
	hz, _ := runSanitized(t, compilePTX(t, "san.ptx", src), 1, 32, 0)
	if len(hz) != 1 || hz[0].Kind != "init" {
		t.Fatalf("findings %+v, want one init finding", hz)
	}
	var want [][2]uint64
	for l := uint64(0); l < 32; l++ {
		if l == 3 {
			want = append(want, [2]uint64{24, 1}, [2]uint64{26, 2})
			continue
		}
		want = append(want, [2]uint64{8 * l, 4})
	}
	if got := hz[0].Uninit; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("uninit runs %v, want %v", got, want)
	}
	if hz[0].Count != 32 {
		t.Errorf("count %d, want 32", hz[0].Count)
	}
}

func TestAddRun(t *testing.T) {
	for _, c := range []struct {
		desc string
		rs   [][2]uint64
		r    [2]uint64
		want string
	}{
		{"into nothing", nil, [2]uint64{8, 4}, "[[8 4]]"},
		{"before, apart", [][2]uint64{{8, 4}}, [2]uint64{0, 4}, "[[0 4] [8 4]]"},
		{"after, apart", [][2]uint64{{8, 4}}, [2]uint64{16, 1}, "[[8 4] [16 1]]"},
		{"adjacent after: merged", [][2]uint64{{8, 4}}, [2]uint64{12, 2}, "[[8 6]]"},
		{"adjacent before: merged", [][2]uint64{{8, 4}}, [2]uint64{6, 2}, "[[6 6]]"},
		{"inside: unchanged", [][2]uint64{{8, 4}}, [2]uint64{9, 2}, "[[8 4]]"},
		{"bridging two runs", [][2]uint64{{0, 2}, {4, 2}, {10, 1}}, [2]uint64{1, 4}, "[[0 6] [10 1]]"},
		{"covering all", [][2]uint64{{2, 1}, {4, 1}}, [2]uint64{0, 8}, "[[0 8]]"},
	} {
		if got := fmt.Sprint(addRun(c.rs, c.r)); got != c.want {
			t.Errorf("%s: addRun(%v, %v) = %s, want %s", c.desc, c.rs, c.r, got, c.want)
		}
	}
	full := make([][2]uint64, 0, MaxUninitRuns)
	for i := range MaxUninitRuns {
		full = append(full, [2]uint64{uint64(4 * i), 1})
	}
	if got := addRun(full, [2]uint64{1 << 40, 1}); len(got) != MaxUninitRuns {
		t.Errorf("a new run past MaxUninitRuns: %d runs, want %d", len(got), MaxUninitRuns)
	}
	if got := addRun(full, [2]uint64{1, 1}); len(got) != MaxUninitRuns || got[0] != [2]uint64{0, 2} {
		t.Errorf("a run merging into a full list: %d runs, first %v", len(got), got[0])
	}
}

// TestHazardJSONAddress: a finding in a space names its address even when
// it is 0 (the first word of a CTA's shared memory is where most races of
// a reduction happen); a finding with no space (synccheck) has none.
func TestHazardJSONAddress(t *testing.T) {
	for _, c := range []struct {
		name string
		h    Hazard
		want string // "" means: no "address" key at all
	}{
		{"shared word 0", Hazard{Kind: "race", Space: "shared", Addr: 0, Size: 4}, `"address":0`},
		{"global 0x80", Hazard{Kind: "init", Space: "global", Addr: 0x80, Size: 4}, `"address":128`},
		{"barrier, no space", Hazard{Kind: "sync", Message: "bar.sync 0 reached by 1 of 2 warps"}, ""},
	} {
		b, err := json.Marshal(c.h)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		s := string(b)
		if c.want == "" {
			if strings.Contains(s, `"address"`) {
				t.Errorf("%s: %s has an address", c.name, s)
			}
		} else if !regexp.MustCompile(c.want+`[,}]`).MatchString(s) || strings.Count(s, `"address"`) != 1 {
			t.Errorf("%s: %s, want one %s", c.name, s, c.want)
		}
		if !strings.Contains(s, `"kind":"`+c.h.Kind+`"`) || !strings.Contains(s, `"count":0`) {
			t.Errorf("%s: %s lost the other fields", c.name, s)
		}
	}
}
