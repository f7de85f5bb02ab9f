// Reference for saxpy: C's fmaf rounds once, like fma.rn.f32.
#include "refjson.h"
#define N 120

static float rnd_float(void) {
  // sign, exponent in [-30, 30], random mantissa
  uint32_t e = 127 - 30 + rng_below(61);
  return u2f((rng_u32() & 0x80000000u) | e << 23 | (rng_u32() & 0x7fffff));
}

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  float x[N], y0[N], y[N];
  const float a = 1.3333334f;
  rng_seed(19);
  for (int i = 0; i < N; i++) {
    x[i] = rnd_float();
    y0[i] = i % 3 ? rnd_float() : -a * x[i]; // near-cancellation: fma differs from mul+add
  }
  x[0] = 0.0f; y0[0] = -0.0f;                 // 0*a + -0 = +0
  x[1] = -0.0f; y0[1] = -0.0f;                // -0*a + -0 = -0
  x[2] = INFINITY; y0[2] = 1.0f;              // inf
  x[3] = INFINITY; y0[3] = -INFINITY;         // nan
  x[4] = NAN; y0[4] = 2.0f;                   // nan
  x[5] = u2f(0x00000003); y0[5] = u2f(0x80000001); // subnormals
  x[6] = u2f(0x00800000); y0[6] = u2f(0x80800000); // result subnormal (no flush)
  x[7] = 3.0e38f; y0[7] = 1.0f;               // overflow to inf
  x[8] = 1.0f; y0[8] = u2f(0x7f7fffff);       // max float
  for (int i = 0; i < N; i++) y[i] = fmaf(a, x[i], y0[i]);
  if (launch) {
    j_launch_begin("saxpy", 2, 1, 1, 64, 1, 1, 0);
    j_arg_f32("saxpy_param_0", a);
    j_buf("saxpy_param_1", J_F32, x, N);
    j_buf("saxpy_param_2", J_F32, y0, N);
    j_arg_u64("saxpy_param_3", N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("saxpy_param_2", J_F32, y, N);
    j_expected_end();
  }
  return 0;
}
