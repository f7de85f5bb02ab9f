// convert: integer and float conversions of every width: cvt.s8/u8/s16/u16
// sign and zero extension, truncation to narrower integers, cvt.f64.f32,
// cvt.rn.f32.f64, float<->integer of 32 and 64 bits, .sat clamps, and
// loads/stores of 8- and 16-bit values (ld.global.s8/.u16).
#include "cuda_prelude.h"

extern "C" __global__ void convert(const signed char *s8, const unsigned short *u16, const float *f,
                                   const double *d, s64 *o64, int *o32, short *o16, float *of) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  signed char a = s8[i];
  unsigned short b = u16[i];
  float x = f[i];
  double y = d[i];
  o64[4 * i + 0] = a;
  o64[4 * i + 1] = b;
  o64[4 * i + 2] = (s64)x;
  o64[4 * i + 3] = (s64)(u64)y;
  o32[2 * i + 0] = (int)(short)(a * b);
  o32[2 * i + 1] = (int)(unsigned char)(b >> 3);
  o16[i] = (short)x;
  of[3 * i + 0] = (float)y;
  of[3 * i + 1] = (float)(s64)b * (float)a;
  of[3 * i + 2] = (float)((double)x * y);
}
