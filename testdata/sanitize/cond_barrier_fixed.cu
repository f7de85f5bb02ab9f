// cond_barrier_fixed: cond_barrier.cu with the barrier reached by every
// thread of the block.
#include "cuda_prelude.h"

extern "C" __global__ void scale(const u32 *in, u32 *out, u32 n) {
  __shared__ u32 s[64];
  u32 t = threadIdx.x;
  if (t < n)
    s[t] = in[t] * 3;
  __syncthreads();
  if (t < n)
    out[t] = s[n - 1 - t];
}
