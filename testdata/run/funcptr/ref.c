// Reference for funcptr.
#include "refjson.h"
#define N 64

static uint32_t op_mix(uint32_t x, uint32_t k) { return x * 2654435761u + k; }
static uint32_t op_rot(uint32_t x, uint32_t k) { return (x << (k & 31)) | (x >> ((32 - (k & 31)) & 31)); }
static uint32_t op_sub(uint32_t x, uint32_t k) { return k - x; }

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t in[N], which[N], out[N];
  rng_seed(31);
  for (int i = 0; i < N; i++) {
    in[i] = rng_u32();
    which[i] = rng_u32();
  }
  for (uint32_t i = 0; i < N; i++) {
    switch (which[i] % 3) {
    case 0: out[i] = op_mix(in[i], i); break;
    case 1: out[i] = op_rot(in[i], i); break;
    default: out[i] = op_sub(in[i], i); break;
    }
  }
  if (launch) {
    j_launch_begin("apply", 2, 1, 1, 32, 1, 1, 0);
    j_buf("apply_param_0", J_U32, in, N);
    j_buf_count("apply_param_1", J_U32, N);
    j_buf("apply_param_2", J_U32, which, N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("apply_param_1", J_U32, out, N);
    j_expected_end();
  }
  return 0;
}
