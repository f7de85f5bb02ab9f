// Vector add, one thread per element: two coalesced loads and a store.
#include "cuda_prelude.h"

extern "C" __global__ void vadd(const float *a, const float *b, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a[i] + b[i];
}
