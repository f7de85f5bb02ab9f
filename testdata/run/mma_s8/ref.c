// Reference for mma_s8: exact integer products and sums, wrapped to 32
// bits (two's complement) or clamped (.satfinite).
#include "refjson.h"
#define M 64
#define K 32
#define N 8

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  static int8_t a[M * K], b[N * K]; /* b: column-major, b[n*K + k] */
  static int32_t c[M * N], d[M * N], dsat[M * N];
  rng_seed(8);
  for (int i = 0; i < M * K; i++) a[i] = (int8_t)rng_u32();
  for (int i = 0; i < N * K; i++) b[i] = (int8_t)rng_u32();
  for (int i = 0; i < M * N; i++) {
    uint32_t r = rng_below(4);
    c[i] = r == 0 ? INT32_MAX - (int32_t)rng_below(300000) : r == 1 ? INT32_MIN + (int32_t)rng_below(300000) : (int32_t)(rng_u32() >> 12) - (1 << 19);
  }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      int64_t s = c[i * N + j];
      for (int k = 0; k < K; k++) s += (int64_t)a[i * K + k] * b[j * K + k];
      d[i * N + j] = (int32_t)(uint32_t)(uint64_t)s;
      dsat[i * N + j] = s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : (int32_t)s;
    }
  if (launch) {
    j_launch_begin("mma_s8", M / 16 / 2, 1, 1, 64, 1, 1, 0);
    j_buf("mma_s8_param_0", J_U32, a, M * K / 4);
    j_buf("mma_s8_param_1", J_U32, b, N * K / 4);
    j_buf("mma_s8_param_2", J_S32, c, M * N);
    j_buf_count("mma_s8_param_3", J_S32, M * N);
    j_buf_count("mma_s8_param_4", J_S32, M * N);
    j_arg_s64("mma_s8_param_5", M);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("mma_s8_param_3", J_S32, d, M * N);
    j_buf("mma_s8_param_4", J_S32, dsat, M * N);
    j_expected_end();
  }
  return 0;
}
