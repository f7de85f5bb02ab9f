// Reference for match.
#include "refjson.h"
#define N 96 /* one CTA of 96 threads = 3 warps */

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t key[N], val[N], out[6 * N];
  rng_seed(13);
  for (int i = 0; i < N; i++) {
    key[i] = rng_below(6) * 0x10001u;
    val[i] = rng_u32();
  }
  for (int i = 0; i < 32; i++) val[i] = 0xdeadbeef;       // warp 0: all equal
  for (int i = 32; i < 64; i++) val[i] = 5;               // warp 1: all equal but one
  val[50] = 6;
  for (int i = 64; i < 96; i++) key[i] = 0x80000000u | i; // warp 2: all keys distinct
  for (int w = 0; w < N / 32; w++) {
    uint32_t *K = key + 32 * w, *V = val + 32 * w;
    int allEq = 1;
    uint32_t sum = 0, mx = 0, orr = 0;
    for (int l = 0; l < 32; l++) {
      allEq &= V[l] == V[0];
      sum += V[l] * K[l];
      if (K[l] * 0x01000193u > mx) mx = K[l] * 0x01000193u;
      orr |= 1u << (K[l] & 31);
    }
    for (int l = 0; l < 32; l++) {
      uint32_t any = 0, *o = out + 6 * (32 * w + l);
      for (int m = 0; m < 32; m++) any |= (uint32_t)(K[m] == K[l]) << m;
      o[0] = any;
      o[1] = allEq ? 0xffffffffu : 0;
      o[2] = allEq;
      o[3] = sum;
      o[4] = mx;
      o[5] = orr;
    }
  }
  if (launch) {
    j_launch_begin("match", 1, 1, 1, N, 1, 1, 0);
    j_buf("match_param_0", J_U32, key, N);
    j_buf("match_param_1", J_U32, val, N);
    j_buf_count("match_param_2", J_U32, 6 * N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("match_param_2", J_U32, out, 6 * N);
    j_expected_end();
  }
  return 0;
}
