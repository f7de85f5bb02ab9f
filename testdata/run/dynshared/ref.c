// Reference for dynshared.
#include "refjson.h"
#define BLOCK 128
#define GRID 2
#define N (BLOCK * GRID)

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t in[N], out[N];
  rng_seed(18);
  for (int i = 0; i < N; i++) in[i] = rng_u32();
  for (uint32_t b = 0; b < GRID; b++)
    for (uint32_t t = 0; t < BLOCK; t++) {
      uint32_t u = (t + 1) % BLOCK;
      out[b * BLOCK + t] = in[b * BLOCK + BLOCK - 1 - t] + in[b * BLOCK + u] * u;
    }
  if (launch) {
    j_launch_begin("dynshared", GRID, 1, 1, BLOCK, 1, 1, 2 * BLOCK * 4);
    j_buf("dynshared_param_0", J_U32, in, N);
    j_buf_count("dynshared_param_1", J_U32, N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("dynshared_param_1", J_U32, out, N);
    j_expected_end();
  }
  return 0;
}
