// local_o0: a per-thread array indexed by data, compiled at -O0 so every
// variable lives in .local memory (the __local_depot frame, %SP/%SPL,
// cvta.local, ld.local/st.local and generic loads through %SP).
// clang-flags: -O0
#include "cuda_prelude.h"

extern "C" __global__ void local_o0(const u32 *idx, const u32 *in, u32 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  u32 arr[16];
  for (int k = 0; k < 16; k++)
    arr[k] = in[t] * (k + 1) + k;
  u32 acc = 0;
  for (int k = 0; k < 8; k++) {
    u32 j = idx[t * 8 + k] & 15;
    acc += arr[j];
    arr[(j + 3) & 15] ^= acc;
  }
  out[t] = acc ^ arr[in[t] & 15];
}
