// vadd: c[i] = a[i] + b[i] (u32, wraps) for i < n; the last CTA is partial.
#include "cuda_prelude.h"

extern "C" __global__ void vadd(const u32 *a, const u32 *b, u32 *c, u32 n) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}
