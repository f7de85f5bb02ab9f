// Reference for fround: each operation runs under fesetround in a
// noinline helper on volatile operands, so the host FPU rounds exactly
// as the PTX modifier says; conversions to integers clamp as PTX does.
#include <fenv.h>
#include "refjson.h"
#define N 64
#define NF 15
#define NI 8

typedef enum { ADD, MUL, DIV, SQRT, RCP } op2;
__attribute__((noinline)) static float fop(op2 op, float a, float b, int mode) {
  volatile float va = a, vb = b, r;
  fesetround(mode);
  switch (op) {
  case ADD: r = va + vb; break;
  case MUL: r = va * vb; break;
  case DIV: r = va / vb; break;
  case SQRT: r = sqrtf(va); break;
  default: r = 1.0f / vb; break;
  }
  fesetround(FE_TONEAREST);
  return r;
}
__attribute__((noinline)) static float d2f(double d, int mode) {
  volatile double vd = d;
  volatile float r;
  fesetround(mode);
  r = (float)vd;
  fesetround(FE_TONEAREST);
  return r;
}
__attribute__((noinline)) static float i2f(int64_t i, int mode) { // exact for any int32/uint32 value
  volatile int64_t vi = i;
  volatile float r;
  fesetround(mode);
  r = (float)vi;
  fesetround(FE_TONEAREST);
  return r;
}
// Round to an integral double per the PTX .rni/.rzi/.rmi/.rpi modifier.
static double rint_mode(double v, char m) {
  switch (m) {
  case 'n': return nearbyint(v); // ties to even in the default mode
  case 'z': return trunc(v);
  case 'm': return floor(v);
  default: return ceil(v);
  }
}
static uint32_t to_s32(double v, char m) {
  v = rint_mode(v, m);
  if (v >= 2147483647.0) return 0x7fffffffu;
  if (v <= -2147483648.0) return 0x80000000u;
  return (uint32_t)(int32_t)v;
}
static uint32_t to_u32(double v, char m) {
  v = rint_mode(v, m);
  if (v >= 4294967295.0) return 0xffffffffu;
  if (v <= 0) return 0;
  return (uint32_t)v;
}
static uint64_t to_s64(double v, char m) {
  v = rint_mode(v, m);
  if (v >= 9223372036854775808.0) return 0x7fffffffffffffffull;
  if (v <= -9223372036854775808.0) return 0x8000000000000000ull;
  return (uint64_t)(int64_t)v;
}
static uint64_t to_u64(double v, char m) {
  v = rint_mode(v, m);
  if (v >= 18446744073709551616.0) return 0xffffffffffffffffull;
  if (v <= 0) return 0;
  return (uint64_t)v;
}

static float rnd_float(int lo, int hi) {
  uint32_t e = (uint32_t)(127 + lo + (int)rng_below((uint32_t)(hi - lo + 1)));
  return u2f((rng_u32() & 0x80000000u) | e << 23 | (rng_u32() & 0x7fffff));
}

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  float xs[N], ys[N], of[NF * N];
  double ds[N];
  uint32_t is[N], oi[NI * N];
  uint64_t o64[2 * N];
  rng_seed(23);
  for (int t = 0; t < N; t++) {
    xs[t] = rnd_float(-4, 34);
    ys[t] = t % 5 == 0 ? rnd_float(-126, -110) : rnd_float(-10, 10);
    double m = 1.0 + (double)(rng_u64() >> 12) / 4503599627370496.0;
    ds[t] = ldexp(m, (int)rng_below(80) - 16) * (rng_below(3) ? 1 : -1);
    is[t] = rng_u32();
  }
  // Edge cases.
  xs[0] = 2.5f; ys[0] = 1.0f; ds[0] = 2.5;
  xs[1] = -2.5f; ys[1] = -3.0f; ds[1] = -0.5;
  xs[2] = 3.5f; ys[2] = 0.0f; ds[2] = 1e300;             // x/0 = inf, rcp(0) = inf, d2f overflow
  xs[3] = -0.0f; ys[3] = -0.0f; ds[3] = -1e-310;          // 0/0 = nan, d2f of a double subnormal
  xs[4] = INFINITY; ys[4] = NAN; ds[4] = 4294967295.5;
  xs[5] = -INFINITY; ys[5] = INFINITY; ds[5] = -4294967296.0;
  xs[6] = 3e9f; ys[6] = u2f(0x00000001); ds[6] = 1.5e-45;  // f2i clamp, subnormal y
  xs[7] = -3e9f; ys[7] = u2f(0x807fffff); ds[7] = 3.4028235677973366e38; // just above FLT_MAX
  xs[8] = 1e20f; ys[8] = 1e20f; ds[8] = 1.8446744073709552e19;
  xs[9] = u2f(0x3f7fffff); ys[9] = u2f(0x33800000); ds[9] = 0.9999999999999999;
  xs[10] = 0.49999997f; ys[10] = -0.49999997f; ds[10] = -2147483648.4;
  is[0] = 0x7fffffffu; is[1] = 0x80000000u; is[2] = 0xffffffffu; is[3] = 16777217; is[4] = 0;
  for (int t = 0; t < N; t++) {
    float x = xs[t], y = ys[t], ax = fabsf(x), *f = of + NF * t;
    double d = ds[t];
    uint32_t i = is[t], *n = oi + NI * t;
    f[0] = fop(ADD, x, y, FE_TOWARDZERO);
    f[1] = fop(ADD, x, y, FE_DOWNWARD);
    f[2] = fop(ADD, x, y, FE_UPWARD);
    f[3] = fop(MUL, x, y, FE_TOWARDZERO);
    f[4] = fop(MUL, x, y, FE_DOWNWARD);
    f[5] = fop(DIV, x, y, FE_TONEAREST);
    f[6] = fop(DIV, x, y, FE_TOWARDZERO);
    f[7] = fop(SQRT, ax, 0, FE_TONEAREST);
    f[8] = fop(SQRT, ax, 0, FE_UPWARD);
    f[9] = d2f(d, FE_TONEAREST);
    f[10] = d2f(d, FE_TOWARDZERO);
    f[11] = d2f(d, FE_DOWNWARD);
    f[12] = i2f((int32_t)i, FE_TOWARDZERO);
    f[13] = i2f(i, FE_UPWARD);
    f[14] = fop(RCP, 0, y, FE_TONEAREST);
    n[0] = to_s32(x, 'n');
    n[1] = to_s32(x, 'z');
    n[2] = to_s32(x, 'm');
    n[3] = to_s32(x, 'p');
    n[4] = to_u32(x, 'z');
    n[5] = to_u32(x, 'n');
    n[6] = to_s32(d, 'z');
    n[7] = to_u32(d, 'n');
    o64[2 * t] = to_s64(x, 'z');
    o64[2 * t + 1] = to_u64(d, 'n');
  }
  if (launch) {
    j_launch_begin("fround", 1, 1, 1, N, 1, 1, 0);
    j_buf("fround_param_0", J_F32, xs, N);
    j_buf("fround_param_1", J_F32, ys, N);
    j_buf("fround_param_2", J_F64, ds, N);
    j_buf("fround_param_3", J_U32, is, N);
    j_buf_count("fround_param_4", J_F32, NF * N);
    j_buf_count("fround_param_5", J_U32, NI * N);
    j_buf_count("fround_param_6", J_U64, 2 * N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("fround_param_4", J_F32, of, NF * N);
    j_buf("fround_param_5", J_U32, oi, NI * N);
    j_buf("fround_param_6", J_U64, o64, 2 * N);
    j_expected_end();
  }
  return 0;
}
