// Reference for int64. Inputs avoid division by zero and INT_MIN / -1
// (undefined in C, unspecified in PTX).
#include "refjson.h"
#define N 64
#define OUTS 16

static uint64_t umulhi64(uint64_t a, uint64_t b) { return (uint64_t)(((unsigned __int128)a * b) >> 64); }
static uint64_t smulhi64(int64_t a, int64_t b) { return (uint64_t)(((__int128)a * b) >> 64); }

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint64_t a[N], b[N], out[OUTS * N];
  rng_seed(15);
  for (int i = 0; i < N; i++) {
    switch (i % 4) {
    case 0: a[i] = rng_u64(); b[i] = rng_u64(); break;                     // both wide
    case 1: a[i] = rng_u32(); b[i] = 1 + rng_below(1000); break;            // 32-bit fast path
    case 2: a[i] = rng_u64(); b[i] = (uint64_t)-(int64_t)(1 + rng_below(99)); break; // negative divisor
    case 3: a[i] = (uint64_t)-(int64_t)rng_u32(); b[i] = rng_u64() >> rng_below(60); break;
    }
  }
  a[1] = 0x8000000000000000ull; b[1] = 7;
  a[2] = 0xffffffffffffffffull; b[2] = 0xffffffffffffffffull; // -1 / -1
  a[3] = 5; b[3] = 0x7fffffffffffffffull;
  a[5] = 0x123456789abcdefull; b[5] = 1ull << 40 | 3;
  for (int i = 0; i < N; i++) {
    if (b[i] == 0) b[i] = 1;
    if ((uint32_t)b[i] == 0) b[i] |= 5;
    if ((int32_t)b[i] == -1 && (int32_t)a[i] == INT32_MIN) a[i] ^= 1;
    if (b[i] == UINT64_MAX && a[i] == 0x8000000000000000ull) a[i] ^= 1;
  }
  for (int t = 0; t < N; t++) {
    uint64_t x = a[t], y = b[t], *o = out + OUTS * t;
    int64_t sx = (int64_t)x, sy = (int64_t)y;
    uint32_t s = y & 63;
    o[0] = umulhi64(x, y);
    o[1] = smulhi64(sx, sy);
    o[2] = x * y;
    o[3] = x / y;
    o[4] = x % y;
    o[5] = (uint64_t)(sx / sy);
    o[6] = (uint64_t)(sx % sy);
    o[7] = x >> s;
    o[8] = (uint64_t)(sx >> s);
    o[9] = x << s;
    o[10] = (uint64_t)(x + y < x) + (x - y) * 3;
    o[11] = (x << 13) | (x >> 51);
    o[12] = (uint64_t)(uint32_t)x * (uint32_t)y;
    o[13] = (uint32_t)x / (uint32_t)y + ((uint64_t)((uint32_t)x % (uint32_t)y) << 32);
    o[14] = (uint64_t)(int64_t)((int32_t)x / (int32_t)y) ^ ((uint64_t)(uint32_t)((int32_t)x % (int32_t)y) << 32);
    o[15] = (uint64_t)(sx < sy) | (uint64_t)(x < y) << 1 | (uint64_t)(sx >= 0) << 2 | (uint64_t)(x == y) << 3;
  }
  if (launch) {
    j_launch_begin("int64", 2, 1, 1, 32, 1, 1, 0);
    j_buf("int64_param_0", J_U64, a, N);
    j_buf("int64_param_1", J_U64, b, N);
    j_buf_count("int64_param_2", J_U64, OUTS * N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("int64_param_2", J_U64, out, OUTS * N);
    j_expected_end();
  }
  return 0;
}
