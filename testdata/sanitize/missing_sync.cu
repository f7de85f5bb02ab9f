// missing_sync: a shared-memory tree reduction without __syncthreads()
// between its levels (the classic bug): each level reads partial sums
// that other warps may not have written yet. missing_sync_fixed.cu is the
// same kernel with the barriers.
#include "cuda_prelude.h"

extern "C" __global__ void reduce(const u32 *in, u32 *out) {
  __shared__ u32 s[128];
  u32 t = threadIdx.x;
  s[t] = in[blockIdx.x * 128 + t];
  __syncthreads();
  for (u32 stride = 64; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];  // BUG: no __syncthreads() after each level
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
