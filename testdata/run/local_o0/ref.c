// Reference for local_o0.
#include "refjson.h"
#define N 64

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t idx[8 * N], in[N], out[N];
  rng_seed(10);
  for (int i = 0; i < 8 * N; i++) idx[i] = rng_u32();
  for (int i = 0; i < N; i++) in[i] = rng_u32();
  for (int t = 0; t < N; t++) {
    uint32_t arr[16], acc = 0;
    for (int k = 0; k < 16; k++) arr[k] = in[t] * (uint32_t)(k + 1) + (uint32_t)k;
    for (int k = 0; k < 8; k++) {
      uint32_t j = idx[t * 8 + k] & 15;
      acc += arr[j];
      arr[(j + 3) & 15] ^= acc;
    }
    out[t] = acc ^ arr[in[t] & 15];
  }
  if (launch) {
    j_launch_begin("local_o0", 1, 1, 1, 64, 1, 1, 0);
    j_buf("local_o0_param_0", J_U32, idx, 8 * N);
    j_buf("local_o0_param_1", J_U32, in, N);
    j_buf_count("local_o0_param_2", J_U32, N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("local_o0_param_2", J_U32, out, N);
    j_expected_end();
  }
  return 0;
}
