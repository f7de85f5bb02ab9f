// dynshared: dynamic shared memory (extern __shared__, sized by the launch's
// shared_mem = 2 * blockDim.x * 4 bytes): each CTA stages two arrays in it,
// then every thread reads other threads' entries after a barrier.
#include "cuda_prelude.h"

extern __shared__ u32 dyn[];

extern "C" __global__ void dynshared(const u32 *in, u32 *out) {
  u32 t = threadIdx.x, nb = blockDim.x;
  u32 base = blockIdx.x * nb;
  u32 *lo = dyn, *hi = dyn + nb;
  lo[t] = in[base + t];
  hi[t] = in[base + t] * t;
  __syncthreads();
  out[base + t] = lo[nb - 1 - t] + hi[(t + 1) % nb];
}
