// Reference for voidcall.
#include "refjson.h"
#define N 64
#define BLOCKS 2
#define THREADS 32

static void order(uint32_t *a, uint32_t *b) {
  if (*a > *b) {
    uint32_t t = *a;
    *a = *b;
    *b = t;
  }
}

static void scale(uint32_t *dst, unsigned char k, short s, uint64_t w, float f, double d) {
  *dst = (uint32_t)((w >> k) + (uint64_t)(int64_t)s) ^ (uint32_t)(int32_t)(f * 4.0f) ^ (uint32_t)(int64_t)(d * 0.5);
}

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t lo[N], hi[N], lo2[N], hi2[N], mixed[N], count[BLOCKS] = {0};
  rng_seed(21);
  for (int i = 0; i < N; i++) {
    lo[i] = rng_below(1u << 20);
    hi[i] = rng_below(1u << 20);
  }
  lo[0] = 5; hi[0] = 5;        // equal: no swap
  lo[1] = 0; hi[1] = 999;      // a - 1000 wraps below zero as a short
  lo[2] = 1000; hi[2] = 0;     // swapped
  for (int i = 0; i < N; i++) {
    uint32_t a = lo[i], b = hi[i];
    order(&a, &b);
    lo2[i] = a;
    hi2[i] = b;
    uint32_t m;
    scale(&m, (unsigned char)(i % 40), (short)(a - 1000), ((uint64_t)b << 20) | a, (float)(int32_t)a, (double)b);
    mixed[i] = m;
    if (a & 1) count[i / THREADS]++;
  }
  if (launch) {
    j_launch_begin("voidcall", BLOCKS, 1, 1, THREADS, 1, 1, 0);
    j_buf("voidcall_param_0", J_U32, lo, N);
    j_buf("voidcall_param_1", J_U32, hi, N);
    j_buf_count("voidcall_param_2", J_U32, N);
    j_buf_count("voidcall_param_3", J_U32, BLOCKS);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("voidcall_param_0", J_U32, lo2, N);
    j_buf("voidcall_param_1", J_U32, hi2, N);
    j_buf("voidcall_param_2", J_U32, mixed, N);
    j_buf("voidcall_param_3", J_U32, count, BLOCKS);
    j_expected_end();
  }
  return 0;
}
