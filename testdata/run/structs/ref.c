// Reference for structs (and structs_o0): the functions of structs.h
// compiled by gcc for the host, called in the kernel's order for each
// thread.
#include "refjson.h"
#define DEV static __attribute__((noinline))
#define INL static inline
#include "structs.h"
#define N 64
#define BLOCKS 2
#define THREADS 32

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  static uint32_t in[N];
  static double din[N];
  static U64 out[N * NOUT];
  rng_seed(24);
  for (int i = 0; i < N; i++) {
    in[i] = rng_u32();
    din[i] = (double)(int32_t)rng_u32() / 1024.0;
  }
  // Edge values: zero, all ones, sign boundaries of each member width.
  in[0] = 0; din[0] = 1.5;
  in[1] = 0xffffffffu; din[1] = -3.0;
  in[2] = 0x80; din[2] = 0x1p40;
  in[3] = 0x8000; din[3] = -0.0;
  in[4] = 0x7fffffff; din[4] = 100.0625;
  in[5] = 1; din[5] = 1e-310; // subnormal
  for (int i = 0; i < N; i++)
    compute(in[i], din[i], out + (size_t)i * NOUT);
  if (launch) {
    j_launch_begin("structs", BLOCKS, 1, 1, THREADS, 1, 1, 0);
    j_buf("structs_param_0", J_U32, in, N);
    j_buf("structs_param_1", J_F64, din, N);
    j_buf_count("structs_param_2", J_U64, N * NOUT);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("structs_param_2", J_U64, out, N * NOUT);
    j_expected_end();
  }
  return 0;
}
