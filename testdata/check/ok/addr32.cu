// addr32: the 32-bit PTX target (nvptx-nvidia-cuda, .address_size 32):
// pointers are .u32 params, address arithmetic in 32-bit registers,
// cvta.to.global.u32, and 32-bit shared addresses.
// clang-flags: -O2 -m32
#include "cuda_prelude.h"

extern "C" __global__ void addr32(const int *in, int *out, int n) {
  __shared__ int buf[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  buf[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  if (i < n)
    out[i] = buf[threadIdx.x ^ 1] - buf[threadIdx.x];
}
