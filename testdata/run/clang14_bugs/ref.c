// Reference for clang14_bugs: what clang 14's PTX computes by the ISA (not
// what the C in kernel.cu means; docs/difftest.md explains each bug).
#include "refjson.h"
#define THREADS 32
#define BLOCKS 2
#define N (THREADS * BLOCKS)

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint64_t in[N], out[5 * N];
  rng_seed(92);
  for (int i = 0; i < N; i++) in[i] = rng_u64();
  // Edge cases: bytes 0x12, 0x80, 0x7f, 0xff, 0; rotate amounts 0, 1, 63,
  // 64, 65, 100 and a huge one in the upper half.
  in[0] = 0x0000000000000012ull;
  in[1] = 0x0000000100000080ull;
  in[2] = 0x0000003f0000007full;
  in[3] = 0x00000040000000ffull;
  in[4] = 0x0000004100000000ull;
  in[5] = 0x0000006412345678ull;
  in[6] = 0xfffffff0deadbeefull;
  for (uint32_t t = 0; t < N; t++) {
    uint64_t x = in[t];
    int8_t v4 = (int8_t)x;
    int8_t v6 = (int8_t)(0u - (uint32_t)v4);
    out[5 * t + 0] = (uint64_t)(int64_t)v4; // cvt.s64.s8
    out[5 * t + 1] = (uint64_t)(int64_t)v6; // shr.s64 of -(x << 56) by 56
    // bfe.u64 d, a, 56, 32 with a = -(x << 56): bits 56..63 of a, then
    // zeros (the ISA's sbit is zero for .u64), where the C has 0xffffff..
    out[5 * t + 2] = (uint64_t)(uint8_t)v6;
    // mul.wide.s32 d, t, -2147483648; neg.s64: -(t * -2^31) = t * 2^31.
    out[5 * t + 3] = (uint64_t)t << 31;
    // shl.b64 lhs, x, n; sub.u32 amt2, 64, n; shr.b64 rhs, x, amt2;
    // add.u64: n = x >> 32 unmasked, and a shift by more than 63 gives 0.
    uint32_t n = (uint32_t)(x >> 32), amt2 = 64u - n;
    uint64_t lhs = n < 64 ? x << n : 0, rhs = amt2 < 64 ? x >> amt2 : 0;
    out[5 * t + 4] = lhs + rhs;
  }
  if (launch) {
    j_launch_begin("clang14_bugs", BLOCKS, 1, 1, THREADS, 1, 1, 0);
    j_buf("clang14_bugs_param_0", J_U64, in, N);
    j_buf_count("clang14_bugs_param_1", J_U64, 5 * N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("clang14_bugs_param_1", J_U64, out, 5 * N);
    j_expected_end();
  }
  return 0;
}
