// wgmma.cu: the product of examples/tcgen05_gemm (D 128 x 64 f32 = A 128 x
// 64 bf16 * B, B given as Bt 64 x 64) on Hopper's warpgroup tensor cores,
// for the comparison in docs/benchmarks.md. The same TMA loads (128-byte
// swizzle) under an mbarrier; two warpgroups each issue four
// wgmma.mma_async.m64n64k16 (rows 64g..64g+63, K in steps of 16) with the
// accumulator in registers, then store it. Compiled by
// scripts/gen-tcgen05-example.sh (clang-19, sm_90a).
#include "../../cuda_prelude.h"

#define M 128
#define N 64
#define K 64

__shared__ __attribute__((aligned(1024))) unsigned short sA[M * K];
__shared__ __attribute__((aligned(1024))) unsigned short sBt[N * K];
__shared__ __attribute__((aligned(8))) u64 bar;

static __device__ inline u32 smem(const void *p) {
  u32 r;
  asm("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(r) : "l"(p));
  return r;
}

static __device__ inline u32 try_wait(u32 b, u32 parity) {
  u32 ok;
  asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
               : "=r"(ok) : "r"(b), "r"(parity) : "memory");
  return ok;
}

// Hopper matrix descriptor: K-major, 128-byte swizzle (1 in bits 62-63),
// SBO 1024 bytes between groups of 8 rows.
static __device__ inline u64 desc(u32 addr) {
  return (u64)((addr >> 4) & 0x3fff) | (u64)1 << 16 | (u64)(1024 >> 4) << 32 | (u64)1 << 62;
}

#define R8(i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), "+f"(d[i + 4]), "+f"(d[i + 5]), "+f"(d[i + 6]), "+f"(d[i + 7])

extern "C" __global__ void wgmma_gemm(const void *tmA, const void *tmBt, float *D) {
  u32 tid = threadIdx.x, wg = tid / 128, warp = tid / 32 % 4, lane = tid % 32;
  u32 b = smem(&bar);
  if (tid == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b) : "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"((M + N) * K * 2) : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                 ::"r"(smem(sA)), "l"(tmA), "r"(0), "r"(0), "r"(b) : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                 ::"r"(smem(sBt)), "l"(tmBt), "r"(0), "r"(0), "r"(b) : "memory");
  }
  __syncthreads();
  while (!try_wait(b, 0)) {
  }
  float d[32];
  for (int i = 0; i < 32; i++)
    d[i] = 0;
  u64 da = desc(smem(sA) + wg * 64 * 128), db = desc(smem(sBt));
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (int k = 0; k < K / 16; k++) {
    asm volatile("wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 "
                 "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
                 "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
                 "%32, %33, 1, 1, 1, 0, 0;"
                 : R8(0), R8(8), R8(16), R8(24)
                 : "l"(da + 2 * k), "l"(db + 2 * k)
                 : "memory");
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  // Lane l of warp w holds rows 16w + l/4 (+8) and, for each 8 columns j,
  // columns 8j + 2(l%4) (+1): mma.m16n8's C, eight times across.
  u32 row = wg * 64 + warp * 16 + lane / 4;
  for (int j = 0; j < 8; j++) {
    u32 col = 8 * j + 2 * (lane % 4);
    D[row * N + col] = d[4 * j];
    D[row * N + col + 1] = d[4 * j + 1];
    D[(row + 8) * N + col] = d[4 * j + 2];
    D[(row + 8) * N + col + 1] = d[4 * j + 3];
  }
}
