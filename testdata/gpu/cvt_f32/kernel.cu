// cvt_f32: f32 to f16, bf16, e4m3/e5m2 pairs, tf32, integers of each
// rounding, f32 rounded to an integer, saturated, relu and ftz forms.
// clang-bin: clang-19
// clang-arch: sm_90a
// clang-ptx: ptx81
#include "../cvt_common.h"

#define NOUT 24

__device__ static const u32 specials[32] = {
    0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x00800000, 0x3f800000, 0xbf800000,
    0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001, 0x7fc12345,
    0x477fe000, 0x477ff000, 0x477fefff, 0x33000000, 0x33000001, 0x387fc000, 0x43e00000, 0x43f00000,
    0x4f000000, 0xcf000000, 0x4f800000, 0x5f000000, 0xdf000000, 0x3f000000, 0x3fc00000, 0xbfc00000};

extern "C" __global__ void cvt_f32(u32 *out) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  u32 bits = i < 32 ? specials[i] : i * 0x9e3779b9u;
  float x = __builtin_bit_cast(float, bits), nx = -x;
  u32 *o = out + i * NOUT;
  u16 h;
  u32 r;
  unsigned long long l;
  float f;
  CVT1(h, "cvt.rn.f16.f32", x, "f", "=h"); o[0] = h;
  CVT1(h, "cvt.rz.f16.f32", x, "f", "=h"); o[1] = h;
  CVT1(h, "cvt.rm.f16.f32", x, "f", "=h"); o[2] = h;
  CVT1(h, "cvt.rp.f16.f32", x, "f", "=h"); o[3] = h;
  CVT1(h, "cvt.rn.bf16.f32", x, "f", "=h"); o[4] = h;
  CVT1(h, "cvt.rz.bf16.f32", x, "f", "=h"); o[5] = h;
  asm volatile("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(h) : "f"(x), "f"(nx)); o[6] = h;
  asm volatile("cvt.rn.satfinite.e5m2x2.f32 %0, %1, %2;" : "=h"(h) : "f"(x), "f"(nx)); o[7] = h;
  CVT1(r, "cvt.rna.tf32.f32", x, "f", "=r"); o[8] = r;
  CVT1(r, "cvt.rn.tf32.f32", x, "f", "=r"); o[9] = r;
  CVT1(r, "cvt.rni.s32.f32", x, "f", "=r"); o[10] = r;
  CVT1(r, "cvt.rzi.s32.f32", x, "f", "=r"); o[11] = r;
  CVT1(r, "cvt.rmi.u32.f32", x, "f", "=r"); o[12] = r;
  CVT1(l, "cvt.rpi.s64.f32", x, "f", "=l"); o[13] = (u32)l; o[14] = (u32)(l >> 32);
  CVT1(l, "cvt.rzi.u64.f32", x, "f", "=l"); o[15] = (u32)l;
  CVT1(f, "cvt.rni.f32.f32", x, "f", "=f"); o[16] = __builtin_bit_cast(u32, f);
  CVT1(f, "cvt.sat.f32.f32", x, "f", "=f"); o[17] = __builtin_bit_cast(u32, f);
  CVT1(h, "cvt.rn.relu.f16.f32", x, "f", "=h"); o[18] = h;
  CVT2(r, "cvt.rn.f16x2.f32", x, nx); o[19] = r;
  CVT2(r, "cvt.rn.satfinite.f16x2.f32", x, nx); o[20] = r;
  CVT1(f, "cvt.ftz.f32.f32", x, "f", "=f"); o[21] = __builtin_bit_cast(u32, f);
  CVT1(f, "cvt.rzi.ftz.sat.f32.f32", x, "f", "=f"); o[22] = __builtin_bit_cast(u32, f);
  CVT2(r, "cvt.rn.relu.bf16x2.f32", x, nx); o[23] = r;
}
