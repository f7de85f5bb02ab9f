// bitonic: sorts 256 u32 keys ascending in shared memory with one CTA of
// 256 threads (bitonic network, a barrier after every compare-exchange step).
#include "cuda_prelude.h"

#define N 256

extern "C" __global__ void bitonic(u32 *keys) {
  __shared__ u32 s[N];
  u32 t = threadIdx.x;
  s[t] = keys[t];
  __syncthreads();
  for (u32 k = 2; k <= N; k <<= 1) {
    for (u32 j = k >> 1; j > 0; j >>= 1) {
      u32 ixj = t ^ j;
      if (ixj > t) {
        u32 a = s[t], b = s[ixj];
        bool up = (t & k) == 0;
        if (up ? a > b : a < b) {
          s[t] = b;
          s[ixj] = a;
        }
      }
      __syncthreads();
    }
  }
  keys[t] = s[t];
}
