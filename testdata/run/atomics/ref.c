// Reference for atomics: applies each thread's operations in thread order
// (any order gives the same final values).
#include "refjson.h"
#define N 256 /* 2 CTAs x 128 */
#define NG 12
#define NG64 4

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t in[N], g0[NG] = {7, 0xffffffffu, 0, 0x7fffffff, 0x80000000u, 0xffffffffu, 0x100, 0x12345678u, 0, 0, 1000000, 42};
  uint32_t g[NG], slots0[N], slots[N], old[N];
  uint64_t g640[NG64] = {5, 0, 0xfedcba9876543210ull, 1ull << 63}, g64[NG64];
  rng_seed(16);
  for (int i = 0; i < N; i++) {
    in[i] = rng_u32() >> rng_below(24);
    slots0[i] = rng_u32();
  }
  memcpy(g, g0, sizeof g);
  memcpy(g64, g640, sizeof g64);
  for (uint32_t t = 0; t < N; t++) {
    uint32_t v = in[t];
    g[0] += v;
    if (v < g[1]) g[1] = v;
    if (v > g[2]) g[2] = v;
    if ((int32_t)v < (int32_t)g[3]) g[3] = v;
    if ((int32_t)v > (int32_t)g[4]) g[4] = v;
    g[5] &= v | 0x10000001u;
    g[6] |= v & 0x0f0f0f0fu;
    g[7] ^= v;
    g[8] = g[8] >= 17 ? 0 : g[8] + 1;                     // atom.inc
    g[9] = (g[9] == 0 || g[9] > 13) ? 13 : g[9] - 1;      // atom.dec
    g[10] -= v >> 4;
    g[11] += v ^ 0x5a5a;
    old[t] = slots0[t];
    slots[t] = v * 7 + t;
    g64[0] += (uint64_t)v * v;
    if (((uint64_t)v << 24 | t) > g64[1]) g64[1] = (uint64_t)v << 24 | t;
    g64[2] ^= (uint64_t)v << (t & 31);
    g64[3] += (uint64_t)v << 20;
  }
  if (launch) {
    j_launch_begin("atomics", 2, 1, 1, 128, 1, 1, 0);
    j_buf("atomics_param_0", J_U32, in, N);
    j_buf("atomics_param_1", J_U32, g0, NG);
    j_buf("atomics_param_2", J_U32, slots0, N);
    j_buf_count("atomics_param_3", J_U32, N);
    j_buf("atomics_param_4", J_U64, g640, NG64);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("atomics_param_1", J_U32, g, NG);
    j_buf("atomics_param_2", J_U32, slots, N);
    j_buf("atomics_param_3", J_U32, old, N);
    j_buf("atomics_param_4", J_U64, g64, NG64);
    j_expected_end();
  }
  return 0;
}
