// Reference for sumsq_f64: the same fma chain per thread and the same tree.
#include "refjson.h"
#define N 1000
#define BLOCK 128
#define GRID 2

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  double x[N], partial[GRID], total = 0.0;
  rng_seed(22);
  for (int i = 0; i < N; i++) {
    double m = (double)(rng_u64() >> 11) / 9007199254740992.0; // [0, 1) with 53 random bits
    x[i] = ldexp(m, (int)rng_below(21) - 10) * (rng_below(2) ? -1.0 : 1.0);
  }
  for (int b = 0; b < GRID; b++) {
    double s[BLOCK];
    for (int t = 0; t < BLOCK; t++) {
      double acc = 0.0;
      for (int i = b * BLOCK + t; i < N; i += BLOCK * GRID) acc = fma(x[i], x[i], acc);
      s[t] = acc;
    }
    for (int st = BLOCK / 2; st > 0; st >>= 1)
      for (int t = 0; t < st; t++) s[t] = s[t] + s[t + st];
    partial[b] = s[0];
  }
  total = 0.0 + partial[0] + partial[1];
  if (launch) {
    j_launch_begin("sumsq_f64", GRID, 1, 1, BLOCK, 1, 1, 0);
    j_buf("sumsq_f64_param_0", J_F64, x, N);
    j_arg_u64("sumsq_f64_param_1", N);
    j_buf_count("sumsq_f64_param_2", J_F64, GRID);
    j_buf_count("sumsq_f64_param_3", J_F64, 1);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("sumsq_f64_param_2", J_F64, partial, GRID);
    j_buf("sumsq_f64_param_3", J_F64, &total, 1);
    j_expected_end();
  }
  return 0;
}
