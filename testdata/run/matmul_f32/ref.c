// Reference for matmul_f32 (exact small-integer data).
#include "refjson.h"
#define NN 32

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  static float A[NN * NN], B[NN * NN], C[NN * NN];
  rng_seed(20);
  for (int i = 0; i < NN * NN; i++) {
    A[i] = (float)((int)rng_below(17) - 8);
    B[i] = (float)((int)rng_below(17) - 8) * 0.5f;
  }
  for (int r = 0; r < NN; r++)
    for (int c = 0; c < NN; c++) {
      float acc = 0.0f;
      for (int k = 0; k < NN; k++) acc += A[r * NN + k] * B[k * NN + c];
      C[r * NN + c] = acc;
    }
  if (launch) {
    j_launch_begin("matmul_f32", 2, 2, 1, 16, 16, 1, 0);
    j_buf("matmul_f32_param_0", J_F32, A, NN * NN);
    j_buf("matmul_f32_param_1", J_F32, B, NN * NN);
    j_buf_count("matmul_f32_param_2", J_F32, NN * NN);
    j_arg_u64("matmul_f32_param_3", NN);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("matmul_f32_param_2", J_F32, C, NN * NN);
    j_expected_end();
  }
  return 0;
}
