// matmul_f32: C = A * B for 32x32 f32 matrices, tiled 16x16 through shared
// memory. The data are small integers, so every product and partial sum is
// exact and the result does not depend on the summation order or on fusing.
#include "cuda_prelude.h"

#define T 16

extern "C" __global__ void matmul_f32(const float *A, const float *B, float *C, u32 n) {
  __shared__ float As[T][T], Bs[T][T];
  u32 tx = threadIdx.x, ty = threadIdx.y;
  u32 row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float acc = 0.0f;
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
