// int64: 64-bit integer arithmetic on data values: __umul64hi / __mul64hi
// (mul.hi.u64/.s64), mul.lo, signed and unsigned division and remainder
// (LLVM also emits a 32-bit fast path when both operands fit), 64-bit
// shifts by data amounts, carries, rotates, and 32-bit div/rem.
#include "cuda_prelude.h"

#define OUTS 16

extern "C" __global__ void int64(const u64 *a, const u64 *b, u64 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  u64 x = a[t], y = b[t];
  s64 sx = (s64)x, sy = (s64)y;
  u64 *o = out + OUTS * t;
  o[0] = __umul64hi(x, y);
  o[1] = (u64)__mul64hi(sx, sy);
  o[2] = x * y;
  o[3] = x / y;
  o[4] = x % y;
  o[5] = (u64)(sx / sy);
  o[6] = (u64)(sx % sy);
  o[7] = x >> (y & 63);
  o[8] = (u64)(sx >> (y & 63));
  o[9] = x << (y & 63);
  o[10] = (x + y < x) + (x - y) * 3;
  o[11] = (x << 13) | (x >> 51);
  o[12] = (u64)(u32)x * (u32)y;
  o[13] = (u32)x / (u32)y + ((u64)((u32)x % (u32)y) << 32);
  o[14] = (u64)(s64)((s32)x / (s32)y) ^ ((u64)(u32)((s32)x % (s32)y) << 32);
  o[15] = (sx < sy) | (x < y) << 1 | (sx >= 0) << 2 | (u64)(x == y) << 3;
}
