// Reference for fwdcall (and fwdcall_o0, the same source at -O0).
#include "refjson.h"
#define NAME "fwdcall"
#define N 64
#define BLOCKS 2
#define THREADS 32

static uint64_t g(unsigned char a, short b, uint64_t c, float x, double y) {
  return (c >> (a & 31)) + (uint64_t)(int64_t)b + (uint64_t)(int64_t)(x * 8.0f) + (uint64_t)(int64_t)y;
}

static uint32_t f(uint32_t a) {
  return (uint32_t)g((unsigned char)a, (short)(a >> 3), (uint64_t)a * 0x100000001ull, (float)(a & 0xfff) * 0.5f, (double)a * 0.25) + 7;
}

static int is_even(uint32_t n) { return n % 2 == 0; }

static uint32_t collatz_steps(uint64_t n, uint32_t limit) {
  uint32_t k = 0;
  while (n != 1 && limit != 0) {
    n = (n & 1) ? 3 * n + 1 : n / 2;
    limit--;
    k++;
  }
  return k;
}

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t in[N], out[N], parity[N], steps[N];
  rng_seed(18);
  for (int i = 0; i < N; i++)
    in[i] = rng_below(1u << 16);
  in[0] = 0;          // 0 % 97 is even; collatz of 1 takes no step
  in[1] = 96;         // the deepest is_even/is_odd recursion
  in[2] = 0xffffffffu; // x + 1 wraps to 0 in u32: collatz_steps(0) runs to the limit (200 calls deep at -O0)
  in[3] = 26;         // collatz_steps(27): 111 steps
  for (int i = 0; i < N; i++) {
    uint32_t x = in[i];
    out[i] = f(x);
    parity[i] = (uint32_t)(is_even(x % 97) * 2 + !is_even((uint32_t)i));
    steps[i] = collatz_steps((uint64_t)(uint32_t)(x + 1), 200);
  }
  if (launch) {
    j_launch_begin(NAME, BLOCKS, 1, 1, THREADS, 1, 1, 0);
    j_buf(NAME "_param_0", J_U32, in, N);
    j_buf_count(NAME "_param_1", J_U32, N);
    j_buf_count(NAME "_param_2", J_U32, N);
    j_buf_count(NAME "_param_3", J_U32, N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf(NAME "_param_1", J_U32, out, N);
    j_buf(NAME "_param_2", J_U32, parity, N);
    j_buf(NAME "_param_3", J_U32, steps, N);
    j_expected_end();
  }
  return 0;
}
