// constmem: __constant__ arrays with initializers (.const .align 4 .b8 with
// byte lists, .const f32 table), ld.const with a data-dependent index, a
// .global initialized table, and a polynomial evaluated from constants.
#include "cuda_prelude.h"

__constant__ float coeffs[8] = {1.0f, -0.5f, 0.25f, -0.125f, 0.0625f, 3.5f, -7.25f, 1e-3f};
__constant__ u32 perm[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
__device__ u32 counters[4] = {10, 20, 30, 40};

extern "C" __global__ void poly(const float *x, float *y, u32 *z) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i], acc = 0.0f;
  for (int k = 7; k >= 0; k--)
    acc = acc * v + coeffs[k];
  y[i] = acc;
  z[i] = perm[i & 15] + counters[i & 3];
  if (i == 0)
    counters[0] += 1;
}
