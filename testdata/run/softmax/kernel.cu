// softmax: one warp per row of `cols` floats: a max over the row with
// __shfl_xor_sync (butterfly), e = ex2.approx((x - max) * log2(e)), a
// butterfly sum, then y = e * (1 / sum). ex2.approx is approximate, so the
// expected output carries a relative tolerance.
#include "cuda_prelude.h"

#define LOG2E 1.44269504088896340736f

extern "C" __global__ void softmax(const float *x, float *y, u32 cols) {
  u32 lane = threadIdx.x % 32;
  u32 row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  const float *xr = x + row * cols;
  float *yr = y + row * cols;
  float m = -__builtin_inff();
  for (u32 c = lane; c < cols; c += 32)
    m = __builtin_fmaxf(m, xr[c]);
  for (int off = 16; off > 0; off >>= 1)
    m = __builtin_fmaxf(m, __shfl_xor_sync_f(FULL_MASK, m, off));
  float s = 0.0f;
  for (u32 c = lane; c < cols; c += 32) {
    float e = ex2_approx((xr[c] - m) * LOG2E);
    yr[c] = e;
    s += e;
  }
  for (int off = 16; off > 0; off >>= 1)
    s += __shfl_xor_sync_f(FULL_MASK, s, off);
  float inv = 1.0f / s;
  for (u32 c = lane; c < cols; c += 32)
    yr[c] *= inv;
}
