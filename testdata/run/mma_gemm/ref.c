// Reference for mma_gemm: a plain matrix multiply of small integers (exact
// in f16 and in every f32 order of summation).
#include "refjson.h"
#define M 32
#define N 32
#define K 64

// f16 bits of a small integer.
static uint16_t f16(int v) {
  if (v == 0) return 0;
  uint16_t s = v < 0 ? 0x8000 : 0;
  unsigned a = v < 0 ? -v : v, e = 0;
  while ((a >> e) > 1) e++;
  return s | (uint16_t)((e + 15) << 10) | (uint16_t)(((a << 10) >> e) & 0x3ff);
}

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  static int a[M * K], b[K * N];
  static uint16_t ha[M * K], hb[K * N];
  static float c[M * N];
  rng_seed(14);
  for (int i = 0; i < M * K; i++) { a[i] = (int)rng_below(13) - 6; ha[i] = f16(a[i]); }
  for (int i = 0; i < K * N; i++) { b[i] = (int)rng_below(13) - 6; hb[i] = f16(b[i]); }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      int s = 0;
      for (int k = 0; k < K; k++) s += a[i * K + k] * b[k * N + j];
      c[i * N + j] = (float)s;
    }
  if (launch) {
    j_launch_begin("mma_gemm", (M / 16) * (N / 8) / 4, 1, 1, 128, 1, 1, 0);
    j_buf("mma_gemm_param_0", J_U16, ha, M * K);
    j_buf("mma_gemm_param_1", J_U16, hb, K * N);
    j_buf_count("mma_gemm_param_2", J_F32, M * N);
    j_arg_s64("mma_gemm_param_3", M);
    j_arg_s64("mma_gemm_param_4", N);
    j_arg_s64("mma_gemm_param_5", K);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("mma_gemm_param_2", J_F32, c, M * N);
    j_expected_end();
  }
  return 0;
}
