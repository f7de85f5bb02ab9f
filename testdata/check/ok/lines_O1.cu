// lines_O1: compiled with -O1 -g (line tables only in clang 14): .file and
// .loc directives interleaved with optimized code, Ltmp/Lfunc_end labels and
// an empty .section .debug_loc { }.
// clang-flags: -O1 -g
#include "cuda_prelude.h"

extern "C" __global__ void lines(float *a, const float *b, u32 n) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = b[i];
  if (x > 0.0f)
    a[i] = x * 2.0f;
  else
    a[i] = -x;
}
