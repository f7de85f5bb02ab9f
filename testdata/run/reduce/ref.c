// Reference for reduce: out[b] = sum of in[i] for i in [512b, 512b+512) and i < n, mod 2^32.
#include "refjson.h"
#define N 1400
#define BLOCK 256
#define GRID 3

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t in[N], out[GRID] = {0};
  rng_seed(2);
  for (int i = 0; i < N; i++) in[i] = rng_u32();
  for (int b = 0; b < GRID; b++)
    for (int i = b * 2 * BLOCK; i < (b + 1) * 2 * BLOCK && i < N; i++) out[b] += in[i];
  if (launch) {
    j_launch_begin("reduce", GRID, 1, 1, BLOCK, 1, 1, 0);
    j_buf("reduce_param_0", J_U32, in, N);
    j_buf_count("reduce_param_1", J_U32, GRID);
    j_arg_u64("reduce_param_2", N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("reduce_param_1", J_U32, out, GRID);
    j_expected_end();
  }
  return 0;
}
