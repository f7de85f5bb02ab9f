// Reference for mma_m884: four plain 8x8x4 matrix multiplies of small
// integers (exact in f16 and f32).
#include "refjson.h"

static uint16_t f16(int v) {
  if (v == 0) return 0;
  uint16_t s = v < 0 ? 0x8000 : 0;
  unsigned a = v < 0 ? -v : v, e = 0;
  while ((a >> e) > 1) e++;
  return s | (uint16_t)((e + 15) << 10) | (uint16_t)(((a << 10) >> e) & 0x3ff);
}

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  static int a[4][8][4], b[4][4][8], c[4][8][8];
  static uint16_t ha[128], hb[128];
  static float fc[256], fd[256];
  rng_seed(884);
  for (int q = 0; q < 4; q++) {
    for (int r = 0; r < 8; r++)
      for (int k = 0; k < 4; k++) { a[q][r][k] = (int)rng_below(15) - 7; ha[32 * q + r * 4 + k] = f16(a[q][r][k]); }
    for (int k = 0; k < 4; k++)
      for (int n = 0; n < 8; n++) { b[q][k][n] = (int)rng_below(15) - 7; hb[32 * q + n * 4 + k] = f16(b[q][k][n]); }
    for (int r = 0; r < 8; r++)
      for (int n = 0; n < 8; n++) {
        c[q][r][n] = (int)rng_below(201) - 100;
        fc[64 * q + r * 8 + n] = (float)c[q][r][n];
        int s = c[q][r][n];
        for (int k = 0; k < 4; k++) s += a[q][r][k] * b[q][k][n];
        fd[64 * q + r * 8 + n] = (float)s;
      }
  }
  if (launch) {
    j_launch_begin("mma_m884", 1, 1, 1, 32, 1, 1, 0);
    j_buf("mma_m884_param_0", J_U16, ha, 128);
    j_buf("mma_m884_param_1", J_U16, hb, 128);
    j_buf("mma_m884_param_2", J_F32, fc, 256);
    j_buf_count("mma_m884_param_3", J_F32, 256);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("mma_m884_param_3", J_F32, fd, 256);
    j_expected_end();
  }
  return 0;
}
