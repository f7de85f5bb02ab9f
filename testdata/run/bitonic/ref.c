// Reference for bitonic: runs the same compare-exchange network sequentially
// (each step's pairs are disjoint, so sequential order is exact), then checks
// that the result is sorted.
#include "refjson.h"
#define N 256

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t keys[N], s[N];
  rng_seed(6);
  for (int i = 0; i < N; i++) {
    uint32_t r = rng_u32();
    keys[i] = i % 5 == 0 ? r % 16 : r; // duplicates and values >= 2^31
  }
  memcpy(s, keys, sizeof s);
  for (uint32_t k = 2; k <= N; k <<= 1)
    for (uint32_t j = k >> 1; j > 0; j >>= 1)
      for (uint32_t t = 0; t < N; t++) {
        uint32_t ixj = t ^ j;
        if (ixj > t) {
          uint32_t a = s[t], b = s[ixj];
          int up = (t & k) == 0;
          if (up ? a > b : a < b) { s[t] = b; s[ixj] = a; }
        }
      }
  for (int i = 1; i < N; i++)
    if (s[i - 1] > s[i]) { fprintf(stderr, "bitonic ref: not sorted\n"); return 1; }
  if (launch) {
    j_launch_begin("bitonic", 1, 1, 1, N, 1, 1, 0);
    j_buf("bitonic_param_0", J_U32, keys, N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("bitonic_param_0", J_U32, s, N);
    j_expected_end();
  }
  return 0;
}
