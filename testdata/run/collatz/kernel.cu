// collatz: per thread, the number of Collatz steps from start[i] down to 1
// and the largest value reached (64-bit): a divergent, data-dependent loop.
// clang-flags: -O1
#include "cuda_prelude.h"

extern "C" __global__ void collatz(const u32 *start, u32 *steps, u64 *peak) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  u64 x = start[i];
  u64 m = x;
  u32 s = 0;
  while (x != 1) {
    if (x & 1)
      x = 3 * x + 1;
    else
      x >>= 1;
    if (x > m)
      m = x;
    s++;
  }
  steps[i] = s;
  peak[i] = m;
}
