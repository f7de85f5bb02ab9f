// Reference for matmul_int: C[r][c] = sum_k A[r][k]*B[k][c] mod 2^32.
#include "refjson.h"
#define NN 32

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  static uint32_t A[NN * NN], B[NN * NN], C[NN * NN];
  rng_seed(7);
  for (int i = 0; i < NN * NN; i++) {
    A[i] = i % 3 ? rng_u32() : rng_below(50);
    B[i] = i % 2 ? rng_u32() : rng_below(50);
  }
  for (int r = 0; r < NN; r++)
    for (int c = 0; c < NN; c++) {
      uint32_t acc = 0;
      for (int k = 0; k < NN; k++) acc += A[r * NN + k] * B[k * NN + c];
      C[r * NN + c] = acc;
    }
  if (launch) {
    j_launch_begin("matmul_int", 2, 2, 1, 16, 16, 1, 0);
    j_buf("matmul_int_param_0", J_U32, A, NN * NN);
    j_buf("matmul_int_param_1", J_U32, B, NN * NN);
    j_buf_count("matmul_int_param_2", J_U32, NN * NN);
    j_arg_u64("matmul_int_param_3", NN);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("matmul_int_param_2", J_U32, C, NN * NN);
    j_expected_end();
  }
  return 0;
}
