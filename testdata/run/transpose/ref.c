// Reference for transpose: out[c*H + r] = in[r*W + c].
#include "refjson.h"
#define W 64
#define H 48

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  static uint32_t in[W * H], out[W * H];
  rng_seed(4);
  for (int i = 0; i < W * H; i++) in[i] = rng_u32();
  for (int r = 0; r < H; r++)
    for (int c = 0; c < W; c++) out[c * H + r] = in[r * W + c];
  if (launch) {
    j_launch_begin("transpose", 2, 2, 1, 32, 8, 1, 0);
    j_buf("transpose_param_0", J_U32, in, W * H);
    j_buf_count("transpose_param_1", J_U32, W * H);
    j_arg_u64("transpose_param_2", W);
    j_arg_u64("transpose_param_3", H);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("transpose_param_1", J_U32, out, W * H);
    j_expected_end();
  }
  return 0;
}
