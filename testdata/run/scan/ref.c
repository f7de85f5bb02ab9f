// Reference for scan: out[b*256+t] = in[b*256] + ... + in[b*256+t] mod 2^32.
#include "refjson.h"
#define BLOCK 256
#define GRID 2
#define N (BLOCK * GRID)

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t in[N], out[N];
  rng_seed(3);
  for (int i = 0; i < N; i++) in[i] = i < BLOCK ? rng_below(100) : rng_u32();
  for (int b = 0; b < GRID; b++) {
    uint32_t acc = 0;
    for (int t = 0; t < BLOCK; t++) out[b * BLOCK + t] = acc += in[b * BLOCK + t];
  }
  if (launch) {
    j_launch_begin("scan", GRID, 1, 1, BLOCK, 1, 1, 0);
    j_buf("scan_param_0", J_U32, in, N);
    j_buf_count("scan_param_1", J_U32, N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("scan_param_1", J_U32, out, N);
    j_expected_end();
  }
  return 0;
}
