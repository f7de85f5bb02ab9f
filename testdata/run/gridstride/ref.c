// Reference for gridstride: element i is written by CTA (i / blockDim) % gridDim
// in round i / (blockDim * gridDim).
#include "refjson.h"
#define N 1000
#define BLOCK 64
#define GRID 3

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t in[N], out[N + 24];
  rng_seed(17);
  for (int i = 0; i < N; i++) in[i] = rng_u32();
  for (uint32_t i = 0; i < N; i++) {
    uint32_t stride = BLOCK * GRID, cta = (i / BLOCK) % GRID;
    out[i] = in[i] * 2654435761u + cta * 1000 + GRID * 100000 + i / stride;
  }
  for (int i = N; i < N + 24; i++) out[i] = 0; // slack the kernel must not touch
  if (launch) {
    j_launch_begin("gridstride", GRID, 1, 1, BLOCK, 1, 1, 0);
    j_buf("gridstride_param_0", J_U32, in, N);
    j_buf_count("gridstride_param_1", J_U32, N + 24);
    j_arg_u64("gridstride_param_2", N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("gridstride_param_1", J_U32, out, N + 24);
    j_expected_end();
  }
  return 0;
}
