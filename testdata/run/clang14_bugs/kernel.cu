// clang14_bugs: three clang 14 miscompilations that cmd/difftest found
// (docs/difftest.md, "Compiler bugs kept out or recognised"), from its
// reduced programs. ptxplay runs the PTX clang wrote, not the C: ref.c
// computes what this PTX computes by the ISA, which differs from what the
// C means for some inputs (out[2] when the negated byte is negative, out[3]
// for every thread but 0, out[4] for rotate amounts of 64 and more).
// clang-flags: -O3 -ffp-contract=off
#include "cuda_prelude.h"
typedef signed char s8;
extern "C" __global__ void clang14_bugs(const u64 *in, u64 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  // Seed 5374: clang selects bfe.u64 d, -(x << 56), 56, 32 for out[2]; bfe
  // fills past bit 63 with zeros where the C sign-extends.
  s8 v4 = (s8)in[t];
  s8 v6 = (s8)(0u - (u32)v4);
  u32 v9 = (u32)v6;
  out[5 * t + 0] = (u64)v4;
  out[5 * t + 1] = (u64)v6;
  out[5 * t + 2] = (u64)v9;
  // Seed 1001483: t * INT_MIN becomes -(t * 2^31) with 2^31 the immediate of
  // mul.wide.s32, which reads it as -2^31.
  s32 v10 = (s32)0x80000000u;
  s32 v14 = (s32)t;
  out[5 * t + 3] = (u64)(s64)((u64)(s64)v14 * (u64)(s64)v10);
  // Seed 92: a 64-bit rotate whose amounts the source masks; clang shifts by
  // the raw amount (x >> 32), which PTX clamps at 64.
  u32 n = (u32)(in[t] >> 32) & 127u;
  u64 x = in[t];
  out[5 * t + 4] = (x << (n & 63u)) | (x >> ((64u - (n & 63u)) & 63u));
}
