// cvt_16: the 16-bit pattern a = i*40503 mod 2^16 (every one in a launch of
// 65,536 threads, spread over all of them in a smaller one) as f16, bf16, an
// e4m3 or e5m2 pair, and (a, a^0x8000) as an f16 pair.
// clang-bin: clang-19
// clang-arch: sm_90a
// clang-ptx: ptx80
#include "../cvt_common.h"

#define NOUT 10

extern "C" __global__ void cvt_16(u32 *out) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  u16 a = (u16)(i * 40503u), hs;
  u32 pair = a | (a ^ 0x8000u) << 16, r;
  u32 *o = out + i * NOUT;
  float f;
  double d;
  CVT1(f, "cvt.f32.f16", a, "h", "=f"); o[0] = __builtin_bit_cast(u32, f);
  CVT1(f, "cvt.f32.bf16", a, "h", "=f"); o[1] = __builtin_bit_cast(u32, f);
  CVT1(r, "cvt.rn.f16x2.e4m3x2", a, "h", "=r"); o[2] = r;
  CVT1(r, "cvt.rn.f16x2.e5m2x2", a, "h", "=r"); o[3] = r;
  CVT1(hs, "cvt.rni.s16.f16", a, "h", "=h"); o[4] = hs;
  CVT1(hs, "cvt.rzi.u16.f16", a, "h", "=h"); o[5] = hs;
  CVT1(d, "cvt.f64.f16", a, "h", "=d"); o[6] = (u32)__builtin_bit_cast(unsigned long long, d); o[7] = (u32)(__builtin_bit_cast(unsigned long long, d) >> 32);
  CVT1(hs, "cvt.rn.satfinite.e4m3x2.f16x2", pair, "r", "=h"); o[8] = hs;
  CVT1(hs, "cvt.rn.bf16.f16", a, "h", "=h"); o[9] = hs;
}
