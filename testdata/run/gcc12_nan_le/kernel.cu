// gcc12_nan_le: a switch on x <= x of a NaN float: gcc 12 -O1+ folds it to true (dom3 jump threading), the host build gave 0x76 where the C and ptxplay give 0
// Found by cmd/difftest (seed 902040, -O0), reduced; see docs/difftest.md.
// clang-flags: -O0 -ffp-contract=off
#include "cuda_prelude.h"
#define DEV __device__
#ifdef __cplusplus
#define EXTC extern "C"
#else
#define EXTC
#endif
#define NOINLINE __attribute__((noinline))
typedef unsigned char u8;
typedef signed char s8;
typedef unsigned short u16;
typedef short s16;
/* Float bits, NaN canonicalised: the GPU returns its canonical NaN where x86
   keeps payloads, so a NaN's bits must never reach an output as they are. */
static DEV inline u32 f2u(float x) { u32 u; __builtin_memcpy(&u, &x, 4); return x != x ? 0x7fffffffu : u; }
static DEV inline u64 d2u(double x) { u64 u; __builtin_memcpy(&u, &x, 8); return x != x ? 0x7fffffffffffffffull : u; }
static DEV inline float u2f(u32 u) { float x; __builtin_memcpy(&x, &u, 4); return x; }
static DEV inline double u2d(u64 u) { double x; __builtin_memcpy(&x, &u, 8); return x; }
/* program p902040: seed 902040 */
typedef struct { u32 m0; } p902040_S0;
typedef struct { s16 m0; u16 m1; double m2; } p902040_S1;
typedef struct { s32 m0; u8 m1; u32 m2; } p902040_S2;
static DEV void p902040_body(u32 t, const u64 *in, u64 *out) {
  float v1 = u2f((u32)in[0]);
  float v2 = u2f((u32)in[1]);
  u8 v6 = (u8)((v2 > -1.0 && v2 < 256.0) ? (u8)v2 : (u8)0);
  switch ((u32)(u2f((u32)in[1]) <= v2) % 3u) {
  case 0u: {
    break;
  }
  case 1u: {
    v6 = (u8)(u32)0x37549276u;
    break;
  }
  default: {
    for (u32 i7 = 0; i7 < ((u32)(u32)0x1u & 7u); i7++) {
      if ((s64)((v1 >= -9223372036854775808.0 && v1 < 9223372036854775808.0) ? (s64)v1 : (s64)0)) continue;
    }
    break;
  }
  }
  p902040_S1 sv10 = {(s16)((s16)0xffu), (u16)((u16)v6), (double)(0e+00)};
  v6 = (u8)0x0u;
  out[0] = (u64)f2u(v1);
  out[1] = (u64)f2u(v2);
  out[2] = (u64)v6;
  out[3] = (u64)sv10.m0;
  out[4] = (u64)sv10.m1;
  out[5] = d2u(sv10.m2);
}
EXTC __global__ void p902040_k(const u64 *in, u64 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  p902040_body(t, in + (u64)t * 8, out + (u64)t * 6);
}
