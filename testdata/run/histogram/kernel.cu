// histogram: 64 bins. Each CTA counts its grid-stride share of the data with
// atomicAdd on a shared histogram, then adds the non-zero bins to the global
// histogram with atomicAdd (order-independent, so the result is exact).
#include "cuda_prelude.h"

#define BINS 64

extern "C" __global__ void histogram(const u32 *data, u32 n, u32 *hist) {
  __shared__ u32 h[BINS];
  for (u32 i = threadIdx.x; i < BINS; i += blockDim.x)
    h[i] = 0;
  __syncthreads();
  for (u32 i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&h[data[i] % BINS], 1u);
  __syncthreads();
  for (u32 i = threadIdx.x; i < BINS; i += blockDim.x)
    if (h[i] != 0)
      atomicAdd(&hist[i], h[i]);
}
