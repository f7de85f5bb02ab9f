// uninit_local_fixed: uninit_local.cu with its bug fixed: the sum reads
// only the n elements the first loop wrote.
// clang-also-O0
#include "cuda_prelude.h"

extern "C" __global__ void partial(const u32 *in, u32 n, u32 *out) {
  u32 t = threadIdx.x;
  u32 a[8];
  for (u32 k = 0; k < n; k++)
    a[k] = in[t * 8 + k];
  u32 s = 0;
  for (u32 k = 0; k < n; k++)
    s += a[k];
  out[t] = s;
}
