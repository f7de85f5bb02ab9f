// Reference for vadd: c[i] = a[i] + b[i] mod 2^32.
#include "refjson.h"
#define N 100

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t a[N], b[N], c[N];
  rng_seed(1);
  for (int i = 0; i < N; i++) {
    a[i] = rng_u32();
    b[i] = i % 4 == 0 ? rng_below(1000) : rng_u32();
  }
  for (int i = 0; i < N; i++) c[i] = a[i] + b[i];
  if (launch) {
    j_launch_begin("vadd", 2, 1, 1, 64, 1, 1, 0);
    j_buf("vadd_param_0", J_U32, a, N);
    j_buf("vadd_param_1", J_U32, b, N);
    j_buf_count("vadd_param_2", J_U32, N);
    j_arg_u64("vadd_param_3", N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("vadd_param_2", J_U32, c, N);
    j_expected_end();
  }
  return 0;
}
