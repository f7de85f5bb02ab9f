// uninit_local: a per-thread array filled for the first n elements only,
// then summed over all eight (the classic bug: a local array starts
// undefined). The sum adds a[6] and a[7], which nothing wrote, when n = 6.
// uninit_local_fixed.cu sums the n elements it filled.
// clang-also-O0
#include "cuda_prelude.h"

extern "C" __global__ void partial(const u32 *in, u32 n, u32 *out) {
  u32 t = threadIdx.x;
  u32 a[8];
  for (u32 k = 0; k < n; k++)
    a[k] = in[t * 8 + k];
  u32 s = 0;
  for (u32 k = 0; k < 8; k++)
    s += a[k];  // BUG: a[k] for k >= n was never written
  out[t] = s;
}
