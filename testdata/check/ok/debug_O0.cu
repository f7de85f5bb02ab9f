// debug_O0: compiled with -O0 -g: full DWARF in .section .debug_abbrev /
// .debug_info / .debug_loc blocks (.b8/.b32/.b64 data, label references and
// differences), .file/.loc line tables, Ltmp labels, a __local_depot frame,
// and an unoptimized call to a device function.
// clang-flags: -O0 -g
#include "cuda_prelude.h"

struct Pair {
  int a;
  float b;
};

__device__ __noinline__ float weigh(Pair p, float w) { return p.a * w + p.b; }

extern "C" __global__ void debug_kernel(const Pair *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Pair p = in[i];
    float acc = 0;
    for (int k = 0; k < 3; k++)
      acc += weigh(p, (float)k);
    out[i] = acc;
  }
}
