// Reference for bitops: each operation written from the PTX ISA definition.
#include "refjson.h"
#define N 64
#define OUTS 18

static uint32_t popc(uint64_t x) { uint32_t n = 0; for (; x; x &= x - 1) n++; return n; }
static uint32_t clz(uint32_t x) { uint32_t n = 0; for (int i = 31; i >= 0 && !(x >> i & 1); i--) n++; return n; }
static uint32_t brev(uint32_t x) { uint32_t r = 0; for (int i = 0; i < 32; i++) r |= (x >> i & 1) << (31 - i); return r; }
static uint32_t prmt(uint32_t a, uint32_t b, uint32_t c) { /* generic mode */
  uint64_t tmp = (uint64_t)b << 32 | a;
  uint32_t d = 0;
  for (int i = 0; i < 4; i++) {
    uint32_t sel = c >> (4 * i) & 0xf;
    uint32_t byte = tmp >> (8 * (sel & 7)) & 0xff;
    if (sel & 8) byte = (byte & 0x80) ? 0xff : 0;
    d |= byte << (8 * i);
  }
  return d;
}
static uint32_t shf_l_wrap(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t n = c & 31;
  return (uint32_t)((((uint64_t)b << 32 | a) << n) >> 32);
}
static uint32_t shf_r_clamp(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t n = c < 32 ? c : 32;
  return (uint32_t)(((uint64_t)b << 32 | a) >> n);
}
static int32_t sext8(uint32_t v) { return (int8_t)(v & 0xff); }
static uint32_t dp4a_s(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t d = c;
  for (int i = 0; i < 4; i++) d += (uint32_t)(sext8(a >> 8 * i) * sext8(b >> 8 * i));
  return d;
}
static uint32_t dp4a_u(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t d = c;
  for (int i = 0; i < 4; i++) d += (a >> 8 * i & 0xff) * (b >> 8 * i & 0xff);
  return d;
}
static uint32_t sad_s32(uint32_t a, uint32_t b, uint32_t c) {
  return c + ((int32_t)a < (int32_t)b ? b - a : a - b);
}

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t a[N], b[N], out[OUTS * N];
  rng_seed(14);
  for (int i = 0; i < N; i++) {
    a[i] = rng_u32() >> rng_below(32);
    b[i] = rng_u32();
  }
  uint32_t sa[] = {0, 0xffffffffu, 0x80000000u, 1, 0x7fffffffu, 0x00ff00ffu, 0x12345678u, 0x80808080u};
  uint32_t sb[] = {0, 0xffffffffu, 32, 31, 0x7f7f7f7fu, 0x0000ba98u, 0x3210u, 0x8888u};
  for (int i = 0; i < 8; i++) { a[i] = sa[i]; b[i] = sb[i]; }
  for (uint32_t t = 0; t < N; t++) {
    uint32_t x = a[t], y = b[t], *o = out + OUTS * t, s = y & 63;
    o[0] = popc(x);
    o[1] = clz(x);
    o[2] = brev(x);
    o[3] = prmt(x, y, y & 0xffff);
    o[4] = shf_l_wrap(x, y, y);
    o[5] = shf_r_clamp(x, y, y & 63);
    o[6] = (x >> 7) & 0x3ff;
    o[7] = (uint32_t)((int32_t)(x << 5) >> 20);
    o[8] = dp4a_s(x, y, t);
    o[9] = dp4a_u(x, y, 7);
    o[10] = sad_s32(x, y, t);
    o[11] = (uint32_t)(((uint64_t)x * y) >> 32);
    o[12] = popc((uint64_t)x << 32 | y);
    o[13] = s >= 32 ? 0 : x >> s;
    o[14] = s >= 32 ? ((int32_t)x < 0 ? 0xffffffffu : 0) : (uint32_t)((int32_t)x >> s);
    o[15] = s >= 32 ? 0 : x << s;
    o[16] = (x & 0xffff00ffu) | ((y & 0xff) << 8);
    o[17] = (x & ~y) | (y ^ (x >> 3));
  }
  if (launch) {
    j_launch_begin("bitops", 1, 1, 1, N, 1, 1, 0);
    j_buf("bitops_param_0", J_U32, a, N);
    j_buf("bitops_param_1", J_U32, b, N);
    j_buf_count("bitops_param_2", J_U32, OUTS * N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("bitops_param_2", J_U32, out, OUTS * N);
    j_expected_end();
  }
  return 0;
}
