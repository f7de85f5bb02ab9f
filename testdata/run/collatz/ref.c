// Reference for collatz.
#include "refjson.h"
#define N 128

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t start[N], steps[N];
  uint64_t peak[N];
  rng_seed(8);
  for (int i = 0; i < N; i++) start[i] = 1 + rng_below(9999);
  start[0] = 1;    // zero steps
  start[1] = 27;   // 111 steps, peak 9232
  start[2] = 6171; // 261 steps
  start[3] = 1024; // only halvings
  for (int i = 0; i < N; i++) {
    uint64_t x = start[i], m = x;
    uint32_t s = 0;
    while (x != 1) {
      x = (x & 1) ? 3 * x + 1 : x >> 1;
      if (x > m) m = x;
      s++;
    }
    steps[i] = s;
    peak[i] = m;
  }
  if (launch) {
    j_launch_begin("collatz", 2, 1, 1, 64, 1, 1, 0);
    j_buf("collatz_param_0", J_U32, start, N);
    j_buf_count("collatz_param_1", J_U32, N);
    j_buf_count("collatz_param_2", J_U64, N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("collatz_param_1", J_U32, steps, N);
    j_buf("collatz_param_2", J_U64, peak, N);
    j_expected_end();
  }
  return 0;
}
