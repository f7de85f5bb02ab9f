// tcgen05_gemm: one CTA of four warps computes D (128 x 64, f32) = A (128 x
// 64, f16) * B (64 x 64, f16) on Blackwell's fifth-generation tensor
// cores. B is given transposed (Bt, N x K), so both operands are K-major.
// The bulk-copy engine (TMA) moves A and Bt into shared memory in 16-byte
// chunks, each to its place in the 128-byte swizzle, under an mbarrier;
// one thread issues four tcgen05.mma (K = 16 each) into tensor memory and
// commits them to a second mbarrier; then the four warps read their 32
// lanes of the accumulator with tcgen05.ld and store D.
//
// Compiled by scripts/gen-tcgen05-example.sh (clang-19 for sm_90a, then
// .version 8.7 / .target sm_100a: clang-19 does not know sm_100a; every
// tcgen05 instruction is inline asm, as CUTLASS writes them).
#include "../../testdata/cuda_prelude.h"

#define M 128
#define N 64
#define K 64

__shared__ __attribute__((aligned(1024))) unsigned short sA[M * K];  // 16 KB
__shared__ __attribute__((aligned(1024))) unsigned short sBt[N * K]; // 8 KB
__shared__ __attribute__((aligned(8))) u64 bars[2]; // 0: the copies landed, 1: the MMAs are done
__shared__ u32 tmemBase;                            // tcgen05.alloc writes the TMEM address here

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

// A Blackwell shared-memory matrix descriptor for a K-major operand in the
// 128-byte swizzle: start >> 4 (bits 0-13), LBO 1 (unused), SBO 1024 bytes
// (8 rows of 128 bytes) >> 4 (bits 32-45), version 1 (bit 46), layout 2
// (128-byte swizzle, bits 61-63).
static __device__ inline u64 desc(u32 addr) {
  return (u64)((addr >> 4) & 0x3fff) | (u64)1 << 16 | (u64)(1024 >> 4) << 32 | (u64)1 << 46 | (u64)2 << 61;
}

extern "C" __global__ void tcgen05_gemm(const unsigned short *A, const unsigned short *Bt, u32 *D) { // D's f32 bits
  u32 tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  u32 barTma = smem(&bars[0]), barMma = smem(&bars[1]);
  if (warp == 0) { // a whole warp allocates 64 columns (one per column of D)
    asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 64;" ::"r"(smem(&tmemBase)) : "memory");
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;");
  }
  if (tid == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(barTma) : "memory");
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(barMma) : "memory");
  }
  asm volatile("tcgen05.fence::before_thread_sync;");
  __syncthreads();
  asm volatile("tcgen05.fence::after_thread_sync;");
  u32 tmem = tmemBase;

  if (tid == 0) // the mbarrier expects both tiles' bytes (one arrival: this one)
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(barTma), "r"((M + N) * K * 2) : "memory");
  // Every thread starts 12 bulk copies of 16 bytes: chunk j of row r (a
  // row is 64 f16 = 128 bytes = 8 chunks) goes to chunk j ^ (r % 8) of
  // the row: the 128-byte swizzle the tensor cores read.
  for (u32 c = tid; c < (M + N) * 8; c += 128) {
    u32 r = c / 8, j = c % 8;
    const unsigned short *src = r < M ? A + r * K + j * 8 : Bt + (r - M) * K + j * 8;
    u32 dst = r < M ? smem(sA) + r * 128 + ((j ^ (r % 8)) * 16) : smem(sBt) + (r - M) * 128 + ((j ^ (r % 8)) * 16);
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 16, [%2];"
                 ::"r"(dst), "l"(src), "r"(barTma) : "memory");
  }
  if (tid == 0) {
    while (!try_wait(barTma, 0)) {
    }
    asm volatile("tcgen05.fence::after_thread_sync;");
    // Instruction descriptor: D f32 (bits 4-5 = 1), A and B f16 (bits 7-9
    // and 10-12 = 0), both K-major, N >> 3 (bits 17-22), M >> 4 (24-28).
    u32 idesc = 1u << 4 | (N >> 3) << 17 | (M >> 4) << 24;
    u64 da = desc(smem(sA)), db = desc(smem(sBt));
    for (int k = 0; k < K / 16; k++) {
      // K = 16 f16 = 32 bytes a step: the start address moves 32 bytes
      // (2 in 16-byte units) inside the swizzled 128-byte rows.
      asm volatile("{ .reg .pred p; setp.ne.u32 p, %4, 0; tcgen05.mma.cta_group::1.kind::f16 [%0], %1, %2, %3, p; }"
                   ::"r"(tmem), "l"(da + 2 * k), "l"(db + 2 * k), "r"(idesc), "r"(k) : "memory");
    }
    asm volatile("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%0];" ::"r"(barMma) : "memory");
  }

  while (!try_wait(barMma, 0)) {
  }
  asm volatile("tcgen05.fence::after_thread_sync;");
  // Warp w reads lanes 32w..32w+31 (rows of D), 16 columns at a time.
  u32 row = warp * 32 + lane;
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
  asm volatile("tcgen05.fence::before_thread_sync;");
  __syncthreads();
  if (warp == 0)
    asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, 64;" ::"r"(tmem));
}
