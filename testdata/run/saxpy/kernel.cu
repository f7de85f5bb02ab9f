// saxpy: y[i] = fma(a, x[i], y[i]) in f32 (fma.rn.f32, one rounding), with
// subnormal, signed-zero, infinite and NaN inputs among ordinary ones.
#include "cuda_prelude.h"

extern "C" __global__ void saxpy(float a, const float *x, float *y, u32 n) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = fmaf_(a, x[i], y[i]);
}
