// tcgen05_pair: a CTA pair computes D (256 x 64, f32) = A (256 x 64, f16)
// * B (64 x 64, f16) with one tcgen05.mma.cta_group::2 per K-step (M =
// 256, the ISA's layout A): the pair's even CTA (cluster rank 0) holds
// rows 0-127 of A and columns 0-31 of B (as Bt, rows of K) in its shared
// memory, the odd CTA rows 128-255 and columns 32-63; one thread of the
// even CTA issues the four MMAs (K = 16 each) for both, and each CTA's
// tensor memory receives its 128 rows of D, all 64 columns. The pair
// allocates its tensor memory together (.cta_group::2: a warp in each
// CTA), and the commit multicasts its arrival to both CTAs' mbarriers.
//
// Compiled by scripts/gen-tcgen05-example.sh (clang-19 for sm_90a, then
// .version 8.7 / .target sm_100a). Launch: grid 2, cluster 2, block 128.
#include "../cuda_prelude.h"

#define M 256 // the pair's rows; 128 a CTA
#define N 64  // 32 columns of B a CTA
#define K 64

__shared__ __attribute__((aligned(1024))) unsigned short sA[128 * K];   // 16 KB: this CTA's rows of A
__shared__ __attribute__((aligned(1024))) unsigned short sBt[32 * K];   // 4 KB: this CTA's columns of B
__shared__ __attribute__((aligned(8))) u64 barMma;                      // the MMAs are done
__shared__ u32 tmemBase;                                                // tcgen05.alloc writes the TMEM address here

static __device__ inline u32 smem(const void *p) {
  u32 r;
  asm("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(r) : "l"(p));
  return r;
}

static __device__ inline u32 try_wait(u32 bar, u32 parity) {
  u32 ok;
  asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
               : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
  return ok;
}

static __device__ inline void cluster_sync(void) {
  asm volatile("barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;" ::: "memory");
}

// A K-major operand in the 128-byte swizzle (as tcgen05_gemm): start >> 4,
// LBO 1, SBO 1024 bytes >> 4, version 1, layout 2.
static __device__ inline u64 desc(u32 addr) {
  return (u64)((addr >> 4) & 0x3fff) | (u64)1 << 16 | (u64)(1024 >> 4) << 32 | (u64)1 << 46 | (u64)2 << 61;
}

extern "C" __global__ void tcgen05_pair(const u64 *A, const u64 *Bt, u32 *D) { // f16 rows as 8-byte words; D's f32 bits
  u32 tid = threadIdx.x, warp = tid / 32, lane = tid % 32, rank;
  asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  u32 bar = smem(&barMma);
  // This CTA's rows of A and Bt into shared memory, each 16-byte chunk j
  // of row r at chunk j ^ (r % 8): the 128-byte swizzle.
  for (u32 c = tid; c < (128 + 32) * 8; c += 128) {
    u32 r = c / 8, j = c % 8;
    const u64 *src = r < 128 ? A + ((rank * 128 + r) * K + j * 8) / 4 : Bt + ((rank * 32 + r - 128) * K + j * 8) / 4;
    u32 dst = r < 128 ? smem(sA) + r * 128 + ((j ^ (r % 8)) * 16) : smem(sBt) + (r - 128) * 128 + ((j ^ (r % 8)) * 16);
    u64 lo = src[0], hi = src[1];
    asm volatile("st.shared.v2.u64 [%0], {%1, %2};" ::"r"(dst), "l"(lo), "l"(hi) : "memory");
  }
  if (warp == 0) { // warp 0 of each CTA: the pair allocates 64 columns in both CTAs together
    asm volatile("tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [%0], 64;" ::"r"(smem(&tmemBase)) : "memory");
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;");
  }
  if (tid == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bar) : "memory");
  // The MMAs read A and Bt through the async proxy (PTX ISA 9.7.17.6.5:
  // "The shared memory accesses by tcgen05.mma and tcgen05.cp operations
  // are performed in the asynchronous proxy"), the stores above wrote them
  // through the generic proxy: each thread fences its own stores before the
  // barrier (as examples/wgmma_swizzle, which read stale data on an H200
  // without it).
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  // Both CTAs' operands, tensor memory and mbarriers are ready before the
  // even CTA issues: a cluster barrier (the tcgen05 fences around it).
  asm volatile("tcgen05.fence::before_thread_sync;");
  cluster_sync();
  asm volatile("tcgen05.fence::after_thread_sync;");
  u32 tmem = tmemBase;

  if (rank == 0 && tid == 0) {
    // D f32, A and B f16, both K-major, N >> 3 (bits 17-22), M >> 4 = 16 (bits 24-28).
    u32 idesc = 1u << 4 | (N >> 3) << 17 | (M >> 4) << 24;
    u64 da = desc(smem(sA)), db = desc(smem(sBt)); // the same offsets in both CTAs
    for (int k = 0; k < K / 16; k++)
      asm volatile("{ .reg .pred p; setp.ne.u32 p, %4, 0; tcgen05.mma.cta_group::2.kind::f16 [%0], %1, %2, %3, p; }"
                   ::"r"(tmem), "l"(da + 2 * k), "l"(db + 2 * k), "r"(idesc), "r"(k) : "memory");
    // One arrival on the mbarrier at the same offset in both CTAs (ctaMask 0b11).
    asm volatile("tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%0], %1;"
                 ::"r"(bar), "h"((unsigned short)3) : "memory");
  }

  while (!try_wait(bar, 0)) {
  }
  asm volatile("tcgen05.fence::after_thread_sync;");
  // Warp w reads lanes 32w..32w+31: rows rank*128 + 32w + lane of D.
  u32 row = rank * 128 + warp * 32 + lane;
  for (int c0 = 0; c0 < N; c0 += 16) {
    u32 v[16];
    asm volatile("tcgen05.ld.sync.aligned.32x32b.x16.b32 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15}, [%16];"
                 : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3]), "=r"(v[4]), "=r"(v[5]), "=r"(v[6]), "=r"(v[7]),
                   "=r"(v[8]), "=r"(v[9]), "=r"(v[10]), "=r"(v[11]), "=r"(v[12]), "=r"(v[13]), "=r"(v[14]), "=r"(v[15])
                 : "r"(tmem + ((warp * 32) << 16) + c0));
    asm volatile("tcgen05.wait::ld.sync.aligned;" ::: "memory");
    for (int j = 0; j < 16; j++)
      D[row * N + c0 + j] = v[j];
  }
  // Neither CTA frees the pair's tensor memory while the other may still
  // read it (the ISA's example: a cluster barrier, then the dealloc).
  asm volatile("tcgen05.fence::before_thread_sync;");
  cluster_sync();
  if (warp == 0)
    asm volatile("tcgen05.dealloc.cta_group::2.sync.aligned.b32 %0, 64;" ::"r"(tmem));
}
