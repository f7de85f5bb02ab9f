// matmul_int: C = A * B for n x n u32 matrices (mod 2^32), tiled 16x16
// through shared memory; n is a multiple of 16.
#include "cuda_prelude.h"

#define T 16

extern "C" __global__ void matmul_int(const u32 *A, const u32 *B, u32 *C, u32 n) {
  __shared__ u32 As[T][T], Bs[T][T];
  u32 tx = threadIdx.x, ty = threadIdx.y;
  u32 row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  u32 acc = 0;
  for (u32 k0 = 0; k0 < n; k0 += T) {
    As[ty][tx] = A[row * n + k0 + tx];
    Bs[ty][tx] = B[(k0 + ty) * n + col];
    __syncthreads();
    for (u32 k = 0; k < T; k++)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
