// fp16: half precision through __fp16 (storage type): cvt.rn.f16.f32 and
// cvt.f32.f16 on .b16 registers, f16 loads and stores, and the sm_80
// paired conversions cvt.rn.f16x2.f32 / cvt.rn.bf16x2.f32 and f32->bf16.
#include "cuda_prelude.h"

extern "C" __global__ void half_axpy(const __fp16 *x, __fp16 *y, float a, u32 n) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = (__fp16)(a * (float)x[i] + (float)y[i]);
}

extern "C" __global__ void pack_pairs(const float *in, u32 *h2, u32 *bf2, unsigned short *bf) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  float lo = in[2 * i], hi = in[2 * i + 1];
  h2[i] = (u32)__builtin_bit_cast(u32, __nvvm_ff2f16x2_rn(hi, lo));
  bf2[i] = __builtin_bit_cast(u32, __nvvm_ff2bf16x2_rn(hi, lo));
  bf[i] = __builtin_bit_cast(unsigned short, __nvvm_f2bf16_rn(lo));
}
