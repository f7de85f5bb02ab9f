// Reference for devfunc.
#include "refjson.h"
#define N 64

static uint32_t fib(uint32_t n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static uint32_t gcd(uint32_t a, uint32_t b) { return b == 0 ? a : gcd(b, a % b); }
static uint64_t mix(uint32_t a, uint64_t b, uint16_t c) {
  return (b ^ ((uint64_t)a << 17)) * 0x9E3779B97F4A7C15ull + c;
}
static uint32_t digits(uint32_t x, uint32_t *buf, uint32_t depth) {
  uint32_t k = 0;
  if (x >= 4) k = digits(x / 4, buf, depth + 1);
  buf[k] = x % 4 + depth;
  return k + 1;
}

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t a[N], b[N], out[4 * N];
  uint64_t mixed[N];
  rng_seed(9);
  for (int i = 0; i < N; i++) {
    uint32_t g = 1 + rng_below(60);
    a[i] = g * (1 + rng_below(5000));
    b[i] = g * (1 + rng_below(5000));
  }
  a[0] = 0; b[0] = 7;   // gcd(0, 7) = 7, digits(0) = 1
  a[1] = 12; b[1] = 0;  // gcd(12, 0) = 12
  a[2] = 0xffffffffu; b[2] = 0xfffffffeu;
  for (int i = 0; i < N; i++) {
    uint32_t buf[16];
    uint32_t nd = digits(a[i] & 0xffff, buf, 0), dsum = 0;
    for (uint32_t k = 0; k < nd; k++) dsum = dsum * 3 + buf[k];
    out[4 * i + 0] = fib(a[i] % 13);
    out[4 * i + 1] = gcd(a[i], b[i]);
    out[4 * i + 2] = nd;
    out[4 * i + 3] = dsum;
    mixed[i] = mix(a[i], ((uint64_t)b[i] << 32) | a[i], (uint16_t)(b[i] >> 3));
  }
  if (launch) {
    j_launch_begin("devfunc", 2, 1, 1, 32, 1, 1, 0);
    j_buf("devfunc_param_0", J_U32, a, N);
    j_buf("devfunc_param_1", J_U32, b, N);
    j_buf_count("devfunc_param_2", J_U32, 4 * N);
    j_buf_count("devfunc_param_3", J_U64, N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("devfunc_param_2", J_U32, out, 4 * N);
    j_buf("devfunc_param_3", J_U64, mixed, N);
    j_expected_end();
  }
  return 0;
}
