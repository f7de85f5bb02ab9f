// missing_sync_fixed: missing_sync.cu with a __syncthreads() after each
// level of the tree: every level reads sums the level before completed.
#include "cuda_prelude.h"

extern "C" __global__ void reduce(const u32 *in, u32 *out) {
  __shared__ u32 s[128];
  u32 t = threadIdx.x;
  s[t] = in[blockIdx.x * 128 + t];
  __syncthreads();
  for (u32 stride = 64; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
