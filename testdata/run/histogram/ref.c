// Reference for histogram: hist[b] = initial[b] + #{i < n : data[i] % 64 == b}.
#include "refjson.h"
#define N 1000
#define BINS 64

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t data[N], hist0[BINS], hist[BINS];
  rng_seed(5);
  // Skewed data: many collisions on a few bins, some bins empty.
  for (int i = 0; i < N; i++) {
    uint32_t r = rng_u32();
    data[i] = (r & 0xffffff00u) | ((r % 7) * (r % 9));
  }
  for (int b = 0; b < BINS; b++) hist[b] = hist0[b] = b == 5 ? 1000000 : 0;
  for (int i = 0; i < N; i++) hist[data[i] % BINS]++;
  if (launch) {
    j_launch_begin("histogram", 2, 1, 1, 128, 1, 1, 0);
    j_buf("histogram_param_0", J_U32, data, N);
    j_arg_u64("histogram_param_1", N);
    j_buf("histogram_param_2", J_U32, hist0, BINS);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("histogram_param_2", J_U32, hist, BINS);
    j_expected_end();
  }
  return 0;
}
