// Reference for softmax: the same float operations in the same order, with
// ex2.approx replaced by the correctly rounded exp2 (the tolerance covers
// ex2.approx's documented error).
#include "refjson.h"
#define ROWS 8 /* 2 CTAs x 4 warps */
#define COLS 80

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  static float x[ROWS * COLS], y[ROWS * COLS];
  const float LOG2E = 1.44269504088896340736f;
  rng_seed(21);
  for (int i = 0; i < ROWS * COLS; i++) x[i] = ((float)rng_below(2000001) - 1000000.0f) / 100000.0f; // [-10, 10]
  for (int c = 0; c < COLS; c++) x[3 * COLS + c] = (float)(c % 7) * 0.25f;                         // ties for the max
  x[5 * COLS + 17] = 60.0f;                                                                         // one dominant entry
  for (int r = 0; r < ROWS; r++) {
    const float *xr = x + r * COLS;
    float *yr = y + r * COLS;
    float lm[32], ls[32];
    for (int l = 0; l < 32; l++) {
      lm[l] = -INFINITY;
      for (int c = l; c < COLS; c += 32) lm[l] = fmaxf(lm[l], xr[c]);
    }
    for (int off = 16; off > 0; off >>= 1) {
      float nm[32];
      for (int l = 0; l < 32; l++) nm[l] = fmaxf(lm[l], lm[l ^ off]);
      memcpy(lm, nm, sizeof nm);
    }
    for (int l = 0; l < 32; l++) {
      ls[l] = 0.0f;
      for (int c = l; c < COLS; c += 32) {
        float d = xr[c] - lm[l];
        float arg = d * LOG2E;
        float e = (float)exp2((double)arg);
        yr[c] = e;
        ls[l] += e;
      }
    }
    for (int off = 16; off > 0; off >>= 1) {
      float ns[32];
      for (int l = 0; l < 32; l++) ns[l] = ls[l] + ls[l ^ off];
      memcpy(ls, ns, sizeof ns);
    }
    for (int l = 0; l < 32; l++) {
      float inv = 1.0f / ls[l];
      for (int c = l; c < COLS; c += 32) yr[c] *= inv;
    }
  }
  if (launch) {
    j_launch_begin("softmax", 2, 1, 1, 128, 1, 1, 0);
    j_buf("softmax_param_0", J_F32, x, ROWS * COLS);
    j_buf_count("softmax_param_1", J_F32, ROWS * COLS);
    j_arg_u64("softmax_param_2", COLS);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("softmax_param_1", J_F32, y, ROWS * COLS);
    j_tolerance_begin();
    j_tol("softmax_param_1", 2e-6);
    j_expected_end();
  }
  return 0;
}
