// Reference for local_volatile: runs the same per-thread stack machine.
#include "refjson.h"
#define N 64
#define STEPS 12

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t prog[STEPS * N], out[N];
  rng_seed(11);
  for (int i = 0; i < STEPS * N; i++) prog[i] = rng_u32() >> (rng_below(3) * 8);
  for (uint32_t t = 0; t < N; t++) {
    uint32_t stack[8], sp = 0;
    stack[sp++] = t;
    for (int k = 0; k < STEPS; k++) {
      uint32_t op = prog[t * STEPS + k];
      switch (op & 3) {
      case 0:
        if (sp < 8) stack[sp++] = op >> 2;
        break;
      case 1:
        if (sp >= 2) { sp--; stack[sp - 1] = stack[sp - 1] + stack[sp]; }
        break;
      case 2:
        stack[sp - 1] = stack[sp - 1] * 2654435761u;
        break;
      default: {
        uint32_t j = (op >> 2) % sp, tmp = stack[0];
        stack[0] = stack[j];
        stack[j] = tmp;
      }
      }
    }
    uint32_t h = sp;
    for (uint32_t k = 0; k < sp; k++) h = h * 31 + stack[k];
    out[t] = h;
  }
  if (launch) {
    j_launch_begin("local_volatile", 2, 1, 1, 32, 1, 1, 0);
    j_buf("local_volatile_param_0", J_U32, prog, STEPS * N);
    j_buf_count("local_volatile_param_1", J_U32, N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("local_volatile_param_1", J_U32, out, N);
    j_expected_end();
  }
  return 0;
}
