// cond_barrier: a __syncthreads() inside if (threadIdx.x < n): the
// threads past n never reach it (the classic bug). cond_barrier_fixed.cu
// moves the barrier out of the condition.
#include "cuda_prelude.h"

extern "C" __global__ void scale(const u32 *in, u32 *out, u32 n) {
  __shared__ u32 s[64];
  u32 t = threadIdx.x;
  if (t < n) {
    s[t] = in[t] * 3;
    __syncthreads();  // BUG: only threads t < n arrive
    out[t] = s[n - 1 - t];
  }
}
