// mma_gemm: C (M x N, f32) = A (M x K, f16, row-major) * B (K x N, f16,
// row-major) on tensor cores, the way real kernels feed them: each warp
// owns a 16x8 tile of C and walks K in steps of 16; per step it copies
// its A tile (16x16) and B tile (16x8) from global to shared memory with
// cp.async (16 bytes a thread), waits for the group, then loads the mma
// fragments with ldmatrix (.x4 for A; .x2.trans for B, which lies k-major
// in memory) and accumulates with mma.sync.m16n8k16 f16 -> f32.
// fma_gemm computes the same product with a scalar fma loop (one thread
// per element of C), for the benchmark in docs/benchmarks.md.
// clang-ptx: ptx71
#include "cuda_prelude.h"

typedef unsigned short f16bits;

static __device__ inline unsigned smem(const void *p) {
  u64 a;
  asm("cvta.to.shared.u64 %0, %1;" : "=l"(a) : "l"(p));
  return (unsigned)a;
}

extern "C" __global__ void mma_gemm(const f16bits *A, const f16bits *B, float *C, int M, int N, int K) {
  __shared__ __attribute__((aligned(16))) f16bits sa[4][16 * 16];
  __shared__ __attribute__((aligned(16))) f16bits sb[4][16 * 8];
  unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int tile = blockIdx.x * 4 + warp, tn = tile % (N / 8), tm = tile / (N / 8);
  if (tm >= M / 16) return;
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  for (int k0 = 0; k0 < K; k0 += 16) {
    // A: 16 rows of 32 bytes, two 16-byte chunks a row; B: 16 rows of 16 bytes.
    const f16bits *ga = A + (tm * 16 + lane / 2) * K + k0 + (lane % 2) * 8;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(smem(&sa[warp][(lane / 2) * 16 + (lane % 2) * 8])), "l"(ga));
    if (lane < 16) {
      const f16bits *gb = B + (k0 + lane) * N + tn * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem(&sb[warp][lane * 8])), "l"(gb));
    }
    asm volatile("cp.async.commit_group;");
    asm volatile("cp.async.wait_group 0;");
    __syncwarp(FULL_MASK);
    // ldmatrix.x4: lanes 8q..8q+7 give the rows of matrix q = A rows
    // 8*(q&1) .. +7, columns 8*(q>>1) .. +7 (the a0..a7 register order).
    unsigned q = lane / 8, r = lane % 8;
    unsigned a0, a1, a2, a3, b0, b1;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
                 : "r"(smem(&sa[warp][(r + 8 * (q & 1)) * 16 + 8 * (q >> 1)])));
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
                 : "=r"(b0), "=r"(b1)
                 : "r"(smem(&sb[warp][(lane % 16) * 8])));
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                 : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    __syncwarp(FULL_MASK);
  }
  // D: lane holds rows g and g+8, columns 2t and 2t+1.
  unsigned g = lane >> 2, t = lane & 3;
  float *c = C + (tm * 16 + g) * N + tn * 8 + 2 * t;
  c[0] = d0;
  c[1] = d1;
  c[8 * N] = d2;
  c[8 * N + 1] = d3;
}

static __device__ inline float h2f(f16bits h) {
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
  return f;
}

extern "C" __global__ void fma_gemm(const f16bits *A, const f16bits *B, float *C, int M, int N, int K) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= M * N) return;
  int row = i / N, col = i % N;
  float acc = 0;
  for (int k = 0; k < K; k++) acc = __builtin_fmaf(h2f(A[row * K + k]), h2f(B[k * N + col]), acc);
  C[i] = acc;
}
