// Reference for vote: evaluates each warp's predicates lane by lane.
#include "refjson.h"
#define N 128 /* 2 CTAs x 64 threads = 4 warps */

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t in[N], out[6 * N];
  rng_seed(12);
  for (int i = 0; i < N; i++) in[i] = rng_below(1000);
  // Warp 1: every value > 100 (so __all_sync is 1) and one lane holds 77? no: 77 <= 100.
  for (int i = 32; i < 64; i++) in[i] = 101 + rng_below(899);
  in[70] = 77; // warp 2 has a 77
  for (int i = 96; i < 128; i++) in[i] = 3 * rng_below(300); // warp 3: every lane takes the branch
  for (int w = 0; w < N / 32; w++) {
    uint32_t ballot = 0, all = 1, any = 0, taken = 0, bit2 = 0, big = 0;
    for (int l = 0; l < 32; l++) {
      uint32_t v = in[32 * w + l];
      ballot |= (v & 1) << l;
      all &= v > 100;
      any |= v == 77;
      taken |= (uint32_t)(v % 3 == 0) << l;
      bit2 |= (uint32_t)((v & 2) != 0) << l;
      big |= (uint32_t)(v > 500) << l;
    }
    for (int l = 0; l < 32; l++) {
      uint32_t v = in[32 * w + l], *o = out + 6 * (32 * w + l);
      int tk = v % 3 == 0;
      o[0] = ballot;
      o[1] = all;
      o[2] = any;
      o[3] = tk ? taken : 0;
      o[4] = tk ? (bit2 & taken) : 0;
      o[5] = taken ^ big;
    }
  }
  if (launch) {
    j_launch_begin("vote", 2, 1, 1, 64, 1, 1, 0);
    j_buf("vote_param_0", J_U32, in, N);
    j_buf_count("vote_param_1", J_U32, 6 * N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("vote_param_1", J_U32, out, 6 * N);
    j_expected_end();
  }
  return 0;
}
