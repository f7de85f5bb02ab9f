// Reference for prmt_lop3: each instruction's semantics from the PTX ISA
// pages (prmt mode table, lop3 truth table, bfe/bfi/bfind pseudo-code).
#include "refjson.h"
#define N 64
#define OUTS 24

static uint32_t byte_of(uint64_t v, uint32_t i) { return (uint32_t)(v >> (8 * (i & 7))) & 0xff; }

static uint32_t prmt(const char *mode, uint32_t a, uint32_t b, uint32_t c) {
  uint64_t v = (uint64_t)b << 32 | a;
  uint32_t n = c & 3, sel[4];
  if (!strcmp(mode, "")) {
    uint32_t d = 0;
    for (int i = 0; i < 4; i++) {
      uint32_t s = c >> (4 * i) & 0xf, x = byte_of(v, s & 7);
      if (s & 8) x = (x & 0x80) ? 0xff : 0;
      d |= x << (8 * i);
    }
    return d;
  }
  for (uint32_t i = 0; i < 4; i++) {
    if (!strcmp(mode, "f4e")) sel[i] = n + i;
    else if (!strcmp(mode, "b4e")) sel[i] = (n - i) & 7;
    else if (!strcmp(mode, "rc8")) sel[i] = n;
    else if (!strcmp(mode, "ecl")) sel[i] = i > n ? i : n;
    else if (!strcmp(mode, "ecr")) sel[i] = i < n ? i : n;
    else /* rc16 */ sel[i] = (n & 1) * 2 + (i & 1);
  }
  uint32_t d = 0;
  for (int i = 0; i < 4; i++) d |= byte_of(v, sel[i]) << (8 * i);
  return d;
}

static uint32_t lop3(uint32_t lut, uint32_t a, uint32_t b, uint32_t c) {
  uint32_t d = 0;
  for (int i = 0; i < 32; i++) {
    uint32_t idx = (a >> i & 1) << 2 | (b >> i & 1) << 1 | (c >> i & 1);
    d |= (lut >> idx & 1) << i;
  }
  return d;
}

static uint64_t bfe(uint64_t a, uint32_t b, uint32_t c, int msb, int is_signed) {
  uint32_t pos = b & 0xff, len = c & 0xff;
  uint64_t sbit;
  if (!is_signed || len == 0) sbit = 0;
  else sbit = a >> (pos + len - 1 < (uint32_t)msb ? pos + len - 1 : (uint32_t)msb) & 1;
  uint64_t d = 0;
  for (int i = 0; i <= msb; i++) {
    uint64_t bit = ((uint32_t)i < len && pos + i <= (uint32_t)msb) ? (a >> (pos + i) & 1) : sbit;
    d |= bit << i;
  }
  return d;
}

static uint32_t bfi(uint32_t a, uint32_t b, uint32_t c, uint32_t dl) {
  uint32_t pos = c & 0xff, len = dl & 0xff, f = b;
  for (uint32_t i = 0; i < len && pos + i <= 31; i++) f = (f & ~(1u << (pos + i))) | ((a >> i & 1) << (pos + i));
  return f;
}

static uint32_t bfind(uint64_t a, int msb, int is_signed, int shiftamt) {
  if (is_signed && (a >> msb & 1)) a = ~a;
  uint32_t d = 0xffffffffu;
  for (int i = msb; i >= 0; i--)
    if (a >> i & 1) { d = (uint32_t)i; break; }
  if (shiftamt && d != 0xffffffffu) d = (uint32_t)msb - d;
  return d;
}

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t A[N], B[N], C[N], out[OUTS * N];
  rng_seed(24);
  for (int i = 0; i < N; i++) {
    A[i] = rng_u32() >> rng_below(32);
    if (i % 3 == 0) A[i] = ~A[i]; // negative values for the signed forms
    B[i] = rng_u32();
    C[i] = rng_u32();
  }
  // Edge cases: zero, all ones, sign bit only, zero length, pos past bit 31.
  A[0] = 0; A[1] = 0xffffffffu; A[2] = 0x80000000u; A[3] = 1;
  C[4] = (C[4] & ~0x3fu) | 0;        // len 0
  B[5] = (B[5] & ~0x3fu) | 40;       // pos 40
  B[6] = (B[6] & ~0x3fu) | 28; C[6] = (C[6] & ~0x3fu) | 10; // field crosses bit 31
  C[7] = 0x8888; C[8] = 0x3210; C[9] = 0x7654;               // generic selectors
  for (int t = 0; t < N; t++) {
    uint32_t a = A[t], b = B[t], c = C[t], *o = out + OUTS * t;
    uint32_t pos = b & 0x3f, len = c & 0x3f;
    uint64_t w = (uint64_t)b << 32 | a;
    o[0] = prmt("f4e", a, b, c);
    o[1] = prmt("b4e", a, b, c);
    o[2] = prmt("rc8", a, b, c);
    o[3] = prmt("ecl", a, b, c);
    o[4] = prmt("ecr", a, b, c);
    o[5] = prmt("rc16", a, b, c);
    o[6] = prmt("", a, b, c);
    o[7] = lop3(0x96, a, b, c);
    o[8] = lop3(0xE8, a, b, c);
    o[9] = lop3(0xCA, a, b, c);
    o[10] = lop3(0x1A, a, b, c);
    o[11] = lop3(0x00, a, b, c);
    o[12] = lop3(0xFF, a, b, c);
    o[13] = (uint32_t)bfe(a, pos, len, 31, 0);
    o[14] = (uint32_t)bfe(a, pos, len, 31, 1);
    o[15] = bfi(a, b, pos, len);
    o[16] = bfind(a, 31, 0, 0);
    o[17] = bfind(a, 31, 1, 0);
    o[18] = bfind(a, 31, 0, 1);
    o[19] = bfind(a, 31, 1, 1);
    { uint32_t n = len < 32 ? len : 32; o[20] = (uint32_t)((w << n) >> 32); }
    { uint32_t n = c & 31; o[21] = (uint32_t)(w >> n); }
    o[22] = bfind(w, 63, 0, 0);
    o[23] = (uint32_t)(bfe(w, pos, len, 63, 1) >> 16);
  }
  if (launch) {
    j_launch_begin("prmt_lop3", 1, 1, 1, N, 1, 1, 0);
    j_buf("prmt_lop3_param_0", J_U32, A, N);
    j_buf("prmt_lop3_param_1", J_U32, B, N);
    j_buf("prmt_lop3_param_2", J_U32, C, N);
    j_buf_count("prmt_lop3_param_3", J_U32, OUTS * N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("prmt_lop3_param_3", J_U32, out, OUTS * N);
    j_expected_end();
  }
  return 0;
}
