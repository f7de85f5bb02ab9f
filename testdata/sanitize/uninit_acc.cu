// uninit_acc: a per-block histogram in shared memory whose counters are
// never zeroed (the classic bug: __shared__ memory starts undefined).
// uninit_acc_fixed.cu zeroes them first.
#include "cuda_prelude.h"

extern "C" __global__ void hist(const u32 *in, u32 *out) {
  __shared__ u32 bins[16];
  u32 t = threadIdx.x;
  __syncthreads();
  atomicAdd(&bins[in[t] & 15], 1);
  __syncthreads();
  if (t < 16)
    out[t] = bins[t];  // BUG: bins were never set to 0
}
