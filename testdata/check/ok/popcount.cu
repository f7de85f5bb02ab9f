// popcount: Hamming distances between 64-bit signatures (popc.b64),
// population counts of bit planes with __ballot_sync, and a bit-sliced
// set-bit index (brev, clz, bfind-like ffs via __builtin_ffs).
#include "cuda_prelude.h"

extern "C" __global__ void hamming(const u64 *a, const u64 *b, u32 *dist, u32 n) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dist[i] = __popcll(a[i] ^ b[i]);
}

extern "C" __global__ void bitplanes(const u32 *v, u32 *planes) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  u32 x = v[i];
  for (int b = 0; b < 32; b++) {
    u32 m = __ballot_sync(FULL_MASK, (x >> b) & 1);
    if ((threadIdx.x & 31) == 0)
      atomicAdd(&planes[b], (u32)__popc(m));
  }
}

extern "C" __global__ void lowest_highest(const u32 *v, int *lo, int *hi) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  u32 x = v[i];
  lo[i] = __builtin_ffs((int)x) - 1;
  hi[i] = 31 - __clz(x);
}
