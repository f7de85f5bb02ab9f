// reduce: per-block sum (u32, wraps) of 2*blockDim elements: a shared-memory
// tree down to 32 partial sums, then a __shfl_down_sync tail in warp 0.
#include "cuda_prelude.h"

extern "C" __global__ void reduce(const u32 *in, u32 *out, u32 n) {
  __shared__ u32 s[256];
  u32 t = threadIdx.x;
  u32 i = blockIdx.x * blockDim.x * 2 + t;
  u32 v = 0;
  if (i < n)
    v = in[i];
  if (i + blockDim.x < n)
    v += in[i + blockDim.x];
  s[t] = v;
  __syncthreads();
  for (u32 st = blockDim.x / 2; st >= 32; st >>= 1) {
    if (t < st)
      s[t] += s[t + st];
    __syncthreads();
  }
  if (t < 32) {
    v = s[t];
    for (int off = 16; off > 0; off >>= 1)
      v += __shfl_down_sync(FULL_MASK, v, off);
    if (t == 0)
      out[blockIdx.x] = v;
  }
}
