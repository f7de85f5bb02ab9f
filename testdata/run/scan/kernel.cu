// scan: block-wide inclusive prefix sum (u32, wraps), Hillis-Steele with a
// double buffer in shared memory; each block scans its own segment.
#include "cuda_prelude.h"

extern "C" __global__ void scan(const u32 *in, u32 *out) {
  __shared__ u32 buf[2][256];
  u32 t = threadIdx.x;
  u32 base = blockIdx.x * blockDim.x;
  int p = 0;
  buf[0][t] = in[base + t];
  __syncthreads();
  for (u32 off = 1; off < blockDim.x; off <<= 1) {
    u32 v = buf[p][t];
    if (t >= off)
      v += buf[p][t - off];
    buf[1 - p][t] = v;
    p = 1 - p;
    __syncthreads();
  }
  out[base + t] = buf[p][t];
}
