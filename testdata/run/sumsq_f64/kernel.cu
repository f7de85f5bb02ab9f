// sumsq_f64: sum of squares in f64. Each thread accumulates its grid-stride
// share with fma(x, x, s) in a fixed order, each CTA reduces its 128
// partials by a fixed shared-memory tree into partial[blockIdx.x], and
// thread 0 of each CTA adds its partial into *total with atomicAdd on f64.
// With exactly two CTAs the total is 0 + p0 + p1 or 0 + p1 + p0, which are
// equal, so every output is exact.
#include "cuda_prelude.h"

extern "C" __global__ void sumsq_f64(const double *x, u32 n, double *partial, double *total) {
  __shared__ double s[128];
  u32 t = threadIdx.x;
  double acc = 0.0;
  for (u32 i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
    acc = fma_(x[i], x[i], acc);
  s[t] = acc;
  __syncthreads();
  for (u32 st = blockDim.x / 2; st > 0; st >>= 1) {
    if (t < st)
      s[t] = s[t] + s[t + st];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
    atomicAdd(total, s[0]);
  }
}
