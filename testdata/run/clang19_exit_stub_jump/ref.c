// Reference for clang19_exit_stub_jump: the same C as kernel.cu, compiled by gcc for the host,
// run for every thread on the same inputs (cmd/difftest's generator).
// cc-flags: -O0 (gcc 12 at -O1 and above miscompiles some programs: docs/difftest.md)
#include "refjson.h"
// refjson.h has its own f2u and u2f (raw bits); the generator's canonicalise NaN.
#define f2u difftest_f2u
#define u2f difftest_u2f
#define d2u difftest_d2u
#define u2d difftest_u2d
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wtautological-compare"
#include <stdio.h>
#include <string.h>
#include <fenv.h>
#include <math.h>
#include <setjmp.h>
typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef long long s64;
typedef _Float16 h16;
typedef unsigned __int128 u128;
typedef __int128 s128;
#define DEV
#define SHARED static
#define DEVVAR static
/* A thread's end where it is (Config.Exit): back to the loop over the
   threads, which calls the body under setjmp. */
static jmp_buf exit_jb;
#define EXIT() longjmp(exit_jb, 1)
#ifdef __cplusplus
#define EXTC extern "C"
#else
#define EXTC
#endif
#define NOINLINE __attribute__((noinline))
typedef unsigned char u8;
typedef signed char s8;
typedef unsigned short u16;
typedef short s16;
/* Float bits, NaN canonicalised: the GPU returns its canonical NaN where x86
   keeps payloads, so a NaN's bits must never reach an output as they are. */
static DEV inline u32 f2u(float x) { u32 u; __builtin_memcpy(&u, &x, 4); return x != x ? 0x7fffffffu : u; }
static DEV inline u64 d2u(double x) { u64 u; __builtin_memcpy(&u, &x, 8); return x != x ? 0x7fffffffffffffffull : u; }
static DEV inline float u2f(u32 u) { float x; __builtin_memcpy(&x, &u, 4); return x; }
static DEV inline double u2d(u64 u) { double x; __builtin_memcpy(&x, &u, 8); return x; }
/* Half bits (F16), NaN canonicalised as the GPU's 0x7fff. clang takes no
   __fp16 parameter or result: the functions pass the (exact) float. */
static DEV inline u16 h2u_(float x) { h16 h = (h16)x; u16 u; __builtin_memcpy(&u, &h, 2); return x != x ? 0x7fffu : u; }
static DEV inline float u2h_(u16 u) { h16 x; __builtin_memcpy(&x, &u, 2); return (float)x; }
#define h2u(x) h2u_((float)(x))
#define u2h(u) ((h16)u2h_(u))
/* Exits (Config.Exit): AT(u) is thread u's inputs; UNI(f, m) is f of the
   first thread of t's warp (m 31u) or CTA (m 63u), the same in all of its
   threads; CTASRC(g, l, j) is the source l of a CTA exchange, or this
   thread when g says l has left. */
#define AT(u) (in + ((s64)(u) - (s64)t) * 8)
#define UNI(f, m) f(t & ~(m), AT(t & ~(m)))
#define CTASRC(g, l, j) (g((t & ~63u) | (l), AT((t & ~63u) | (l)), (j)) ? (t & 63u) : (l))
/* NLIVE(g, j): the threads of t's CTA that stay, its warps 0 and 1. */
#define NLIVE(g, j) (64u - (g(t & ~63u, AT(t & ~63u), (j)) ? 32u : 0u) - (g((t & ~63u) | 32u, AT((t & ~63u) | 32u), (j)) ? 32u : 0u))
static DEV inline u32 nogone(u32 t, const u64 *in, u32 j) { return 0; }
static DEV inline u32 nogone_mask(u32 t, const u64 *in, u32 j) { return 0xffffffffu; }
/* Shapes (Config.Shapes): SHP, defined before each program, is the pitch
   of its CTAs (a power of two, at least 32 and the CTA's threads): t is
   slot ME of the CTA whose first slot is CTA0. CTASRCS(g, l, j) is
   CTASRC's. */
#define SHM (SHP - 1u)
#define ME (t & SHM)
#define CTA0 (t & ~SHM)
#define CTASRCS(g, l, j) (g(CTA0 | (l), AT(CTA0 | (l)), (j)) ? ME : (l))
/* The source thread of XCHG (Config.Exchange) as PTX's shfl.sync and a
   shared-memory exchange pick it; l is already masked (& 31u, & 63u). An
   up or down shuffle whose source falls outside the warp keeps its own.
   WSRC(mode, l, g, j): that source, or this thread when g says it left. */
static DEV inline u32 src_idx(u32 t, u32 l) { return (t & ~31u) | l; }
static DEV inline u32 src_up(u32 t, u32 l) { return (t & 31u) >= l ? t - l : t; }
static DEV inline u32 src_down(u32 t, u32 l) { return (t & 31u) + l <= 31u ? t + l : t; }
static DEV inline u32 src_xor(u32 t, u32 l) { return (t & ~31u) | ((t & 31u) ^ l); }
static DEV inline u32 src_cta(u32 t, u32 l) { return (t & ~63u) | l; }
#define WSRC(mode, l, g, j) (g(src_##mode(t, (l)), AT(src_##mode(t, (l))), (j)) ? t : src_##mode(t, (l)))
/* Intrinsics in C (Config.Intrin), the same on both sides. */
#define I_fshl(hi, lo, n) (u32)(((((u64)(hi) << 32) | (u64)(lo)) << ((n) & 31u)) >> 32)
#define I_fshr(hi, lo, n) (u32)((((u64)(hi) << 32) | (u64)(lo)) >> ((n) & 31u))
#define I_fshl64(hi, lo, n) (u64)(((((u128)(hi) << 64) | (u128)(lo)) << ((n) & 63u)) >> 64)
#define I_fshr64(hi, lo, n) (u64)((((u128)(hi) << 64) | (u128)(lo)) >> ((n) & 63u))
#define I_bfe_u32(x, c, l) (u32)(((u32)(x) >> (c)) & ((1u << (l)) - 1u))
#define I_bfe_s32(x, c, l) (s32)((s32)((u32)(x) << (32u - (c) - (l))) >> (32u - (l)))
#define I_bfe_u64(x, c, l) (u64)(((u64)(x) >> (c)) & ((1ull << (l)) - 1ull))
#define I_bfe_s64(x, c, l) (s64)((s64)((u64)(x) << (64u - (c) - (l))) >> (64u - (l)))
#define I_bfi32(x, y, c, l) (u32)(((u32)(x) & ~(((1u << (l)) - 1u) << (c))) | (((u32)(y) & ((1u << (l)) - 1u)) << (c)))
#define I_bfi64(x, y, c, l) (u64)(((u64)(x) & ~(((1ull << (l)) - 1ull) << (c))) | (((u64)(y) & ((1ull << (l)) - 1ull)) << (c)))
#define I_abs32(x) (s32)((s32)(x) < 0 ? 0u - (u32)(x) : (u32)(x))
#define I_abs64(x) (s64)((s64)(x) < 0 ? 0ull - (u64)(x) : (u64)(x))
#define I_min(a, b) ((a) < (b) ? (a) : (b))
#define I_max(a, b) ((a) > (b) ? (a) : (b))
/* Intrinsics (Config.Intrin) as the PTX ISA defines them. */
static const int rmode_[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
static double rint_m(double x, int m) { return m == 0 ? nearbyint(x) : m == 1 ? trunc(x) : m == 2 ? floor(x) : ceil(x); }
static s32 h_f2i(double x, int m, u64 nan) { if (x != x) return (s32)(u32)nan; x = rint_m(x, m); return x <= -2147483648.0 ? (s32)0x80000000u : x >= 2147483647.0 ? 0x7fffffff : (s32)x; }
static u32 h_f2ui(double x, int m, u64 nan) { if (x != x) return (u32)nan; x = rint_m(x, m); return x <= 0.0 ? 0u : x >= 4294967295.0 ? 0xffffffffu : (u32)x; }
static s64 h_f2ll(double x, int m, u64 nan) { if (x != x) return (s64)nan; x = rint_m(x, m); return x <= -9223372036854775808.0 ? (s64)0x8000000000000000ull : x >= 9223372036854775808.0 ? 0x7fffffffffffffffll : (s64)x; }
static u64 h_f2ull(double x, int m, u64 nan) { if (x != x) return nan; x = rint_m(x, m); return x <= 0.0 ? 0ull : x >= 18446744073709551616.0 ? 0xffffffffffffffffull : (u64)x; }
#define H_RND(T, m, expr) { int o_ = fegetround(); fesetround(rmode_[m]); volatile T r_ = (expr); fesetround(o_); return r_; }
static NOINLINE float h_s2f(s64 x, int m) { volatile s64 v = x; H_RND(float, m, (float)v) }
static NOINLINE float h_u2f(u64 x, int m) { volatile u64 v = x; H_RND(float, m, (float)v) }
static NOINLINE double h_s2d(s64 x, int m) { volatile s64 v = x; H_RND(double, m, (double)v) }
static NOINLINE double h_u2d(u64 x, int m) { volatile u64 v = x; H_RND(double, m, (double)v) }
static NOINLINE float h_d2f(double x, int m) { volatile double v = x; H_RND(float, m, (float)v) }
static NOINLINE float h_addf(float a, float b, int m) { volatile float x = a, y = b; H_RND(float, m, x + y) }
static NOINLINE float h_mulf(float a, float b, int m) { volatile float x = a, y = b; H_RND(float, m, x * y) }
static NOINLINE float h_divf(float a, float b, int m) { volatile float x = a, y = b; H_RND(float, m, x / y) }
static NOINLINE float h_fmaf(float a, float b, float c, int m) { volatile float x = a, y = b, z = c; H_RND(float, m, fmaf(x, y, z)) }
static NOINLINE float h_sqrtf(float a, int m) { volatile float x = a; H_RND(float, m, sqrtf(x)) }
static NOINLINE float h_rcpf(float a, int m) { volatile float x = a; H_RND(float, m, 1.0f / x) }
static NOINLINE double h_addd(double a, double b, int m) { volatile double x = a, y = b; H_RND(double, m, x + y) }
static NOINLINE double h_muld(double a, double b, int m) { volatile double x = a, y = b; H_RND(double, m, x * y) }
static NOINLINE double h_divd(double a, double b, int m) { volatile double x = a, y = b; H_RND(double, m, x / y) }
static NOINLINE double h_fmad(double a, double b, double c, int m) { volatile double x = a, y = b, z = c; H_RND(double, m, fma(x, y, z)) }
static NOINLINE double h_sqrtd(double a, int m) { volatile double x = a; H_RND(double, m, sqrt(x)) }
static NOINLINE double h_rcpd(double a, int m) { volatile double x = a; H_RND(double, m, 1.0 / x) }
#define H_MINMAX(name, T, op) static T name(T a, T b) { if (a != a && b != b) return a; if (a != a) return b; if (b != b) return a; return a op b ? a : b; }
H_MINMAX(h_fminf, float, <) H_MINMAX(h_fmaxf, float, >) H_MINMAX(h_fmind, double, <) H_MINMAX(h_fmaxd, double, >)
static float h_satf(float x) { return x != x || x <= 0.0f ? 0.0f : x >= 1.0f ? 1.0f : x; }
static double h_satd(double x) { return x != x || x <= 0.0 ? 0.0 : x >= 1.0 ? 1.0 : x; }
static u32 h_prmt(u32 a, u32 b, u32 s) {
  u64 v = ((u64)b << 32) | a; u32 r = 0;
  for (int i = 0; i < 4; i++) { u32 n = s >> (4 * i) & 15u, y = (u32)(v >> (8 * (n & 7u))) & 0xffu; if (n & 8u) y = y & 0x80u ? 0xffu : 0u; r |= y << (8 * i); }
  return r;
}
static u32 h_sad(u32 a, u32 b, u32 c, int sgn) { int lt = sgn ? (s32)a < (s32)b : a < b; return c + (lt ? b - a : a - b); }
static u32 h_mul24(u32 a, u32 b, int sgn) {
  if (!sgn) return (a & 0xffffffu) * (b & 0xffffffu);
  s64 x = (s64)((s32)(a << 8) >> 8), y = (s64)((s32)(b << 8) >> 8);
  return (u32)(u64)(x * y);
}
static u64 h_brev(u64 x, int n) { u64 r = 0; for (int i = 0; i < n; i++) r |= (x >> i & 1u) << (n - 1 - i); return r; }
#define I_fmin_f(a, b) (h_fminf((a), (b)) + 0.0f)
#define I_fmax_f(a, b) (h_fmaxf((a), (b)) + 0.0f)
#define I_fmin_d(a, b) (h_fmind((a), (b)) + 0.0)
#define I_fmax_d(a, b) (h_fmaxd((a), (b)) + 0.0)
#define I_sat_f(a) (h_satf(a) + 0.0f)
#define I_sat_d(a) (h_satd(a) + 0.0)
#define I_prmt(a, b, s) h_prmt((a), (b), (s))
#define I_mulhi_ll(a, b) (s64)(((s128)(a) * (s128)(b)) >> 64)
#define I_mulhi_ull(a, b) (u64)(((u128)(a) * (u128)(b)) >> 64)
#define I_sad_i(a, b, c) (s32)h_sad((u32)(a), (u32)(b), (u32)(c), 1)
#define I_sad_ui(a, b, c) h_sad((a), (b), (c), 0)
#define I_mul24_i(a, b) (s32)h_mul24((u32)(a), (u32)(b), 1)
#define I_mul24_ui(a, b) h_mul24((a), (b), 0)
#define I_brev32(a) (u32)h_brev((a), 32)
#define I_brev64(a) h_brev((a), 64)
#define I_f2i_rn(a) h_f2i((double)(a), 0, 0ull)
#define I_f2ui_rn(a) h_f2ui((double)(a), 0, 0ull)
#define I_f2ll_rn(a) h_f2ll((double)(a), 0, 0x8000000000000000ull)
#define I_f2ull_rn(a) h_f2ull((double)(a), 0, 0x8000000000000000ull)
#define I_d2i_rn(a) h_f2i((double)(a), 0, 0x80000000ull)
#define I_d2ui_rn(a) h_f2ui((double)(a), 0, 0x80000000ull)
#define I_d2ll_rn(a) h_f2ll((double)(a), 0, 0x8000000000000000ull)
#define I_d2ull_rn(a) h_f2ull((double)(a), 0, 0x8000000000000000ull)
#define I_i2f_rn(a) h_s2f((a), 0)
#define I_ui2f_rn(a) h_u2f((a), 0)
#define I_ll2f_rn(a) h_s2f((a), 0)
#define I_ull2f_rn(a) h_u2f((a), 0)
#define I_ll2d_rn(a) h_s2d((a), 0)
#define I_ull2d_rn(a) h_u2d((a), 0)
#define I_f2i_rm(a) h_f2i((double)(a), 2, 0ull)
#define I_f2ui_rm(a) h_f2ui((double)(a), 2, 0ull)
#define I_f2ll_rm(a) h_f2ll((double)(a), 2, 0x8000000000000000ull)
#define I_f2ull_rm(a) h_f2ull((double)(a), 2, 0x8000000000000000ull)
#define I_d2i_rm(a) h_f2i((double)(a), 2, 0x80000000ull)
#define I_d2ui_rm(a) h_f2ui((double)(a), 2, 0x80000000ull)
#define I_d2ll_rm(a) h_f2ll((double)(a), 2, 0x8000000000000000ull)
#define I_d2ull_rm(a) h_f2ull((double)(a), 2, 0x8000000000000000ull)
#define I_i2f_rm(a) h_s2f((a), 2)
#define I_ui2f_rm(a) h_u2f((a), 2)
#define I_ll2f_rm(a) h_s2f((a), 2)
#define I_ull2f_rm(a) h_u2f((a), 2)
#define I_ll2d_rm(a) h_s2d((a), 2)
#define I_ull2d_rm(a) h_u2d((a), 2)
#define I_f2i_rp(a) h_f2i((double)(a), 3, 0ull)
#define I_f2ui_rp(a) h_f2ui((double)(a), 3, 0ull)
#define I_f2ll_rp(a) h_f2ll((double)(a), 3, 0x8000000000000000ull)
#define I_f2ull_rp(a) h_f2ull((double)(a), 3, 0x8000000000000000ull)
#define I_d2i_rp(a) h_f2i((double)(a), 3, 0x80000000ull)
#define I_d2ui_rp(a) h_f2ui((double)(a), 3, 0x80000000ull)
#define I_d2ll_rp(a) h_f2ll((double)(a), 3, 0x8000000000000000ull)
#define I_d2ull_rp(a) h_f2ull((double)(a), 3, 0x8000000000000000ull)
#define I_i2f_rp(a) h_s2f((a), 3)
#define I_ui2f_rp(a) h_u2f((a), 3)
#define I_ll2f_rp(a) h_s2f((a), 3)
#define I_ull2f_rp(a) h_u2f((a), 3)
#define I_ll2d_rp(a) h_s2d((a), 3)
#define I_ull2d_rp(a) h_u2d((a), 3)
#define I_d2f_rn(a) h_d2f((a), 0)
#define I_add_rn_f(a, b) h_addf((a), (b), 0)
#define I_mul_rn_f(a, b) h_mulf((a), (b), 0)
#define I_div_rn_f(a, b) h_divf((a), (b), 0)
#define I_fma_rn_f(a, b, c) h_fmaf((a), (b), (c), 0)
#define I_sqrt_rn_f(a) h_sqrtf((a), 0)
#define I_rcp_rn_f(a) h_rcpf((a), 0)
#define I_add_rn_d(a, b) h_addd((a), (b), 0)
#define I_mul_rn_d(a, b) h_muld((a), (b), 0)
#define I_div_rn_d(a, b) h_divd((a), (b), 0)
#define I_fma_rn_d(a, b, c) h_fmad((a), (b), (c), 0)
#define I_sqrt_rn_d(a) h_sqrtd((a), 0)
#define I_rcp_rn_d(a) h_rcpd((a), 0)
#define I_d2f_rz(a) h_d2f((a), 1)
#define I_add_rz_f(a, b) h_addf((a), (b), 1)
#define I_mul_rz_f(a, b) h_mulf((a), (b), 1)
#define I_div_rz_f(a, b) h_divf((a), (b), 1)
#define I_fma_rz_f(a, b, c) h_fmaf((a), (b), (c), 1)
#define I_sqrt_rz_f(a) h_sqrtf((a), 1)
#define I_rcp_rz_f(a) h_rcpf((a), 1)
#define I_add_rz_d(a, b) h_addd((a), (b), 1)
#define I_mul_rz_d(a, b) h_muld((a), (b), 1)
#define I_div_rz_d(a, b) h_divd((a), (b), 1)
#define I_fma_rz_d(a, b, c) h_fmad((a), (b), (c), 1)
#define I_sqrt_rz_d(a) h_sqrtd((a), 1)
#define I_rcp_rz_d(a) h_rcpd((a), 1)
#define I_d2f_rm(a) h_d2f((a), 2)
#define I_add_rm_f(a, b) h_addf((a), (b), 2)
#define I_mul_rm_f(a, b) h_mulf((a), (b), 2)
#define I_div_rm_f(a, b) h_divf((a), (b), 2)
#define I_fma_rm_f(a, b, c) h_fmaf((a), (b), (c), 2)
#define I_sqrt_rm_f(a) h_sqrtf((a), 2)
#define I_rcp_rm_f(a) h_rcpf((a), 2)
#define I_add_rm_d(a, b) h_addd((a), (b), 2)
#define I_mul_rm_d(a, b) h_muld((a), (b), 2)
#define I_div_rm_d(a, b) h_divd((a), (b), 2)
#define I_fma_rm_d(a, b, c) h_fmad((a), (b), (c), 2)
#define I_sqrt_rm_d(a) h_sqrtd((a), 2)
#define I_rcp_rm_d(a) h_rcpd((a), 2)
#define I_d2f_rp(a) h_d2f((a), 3)
#define I_add_rp_f(a, b) h_addf((a), (b), 3)
#define I_mul_rp_f(a, b) h_mulf((a), (b), 3)
#define I_div_rp_f(a, b) h_divf((a), (b), 3)
#define I_fma_rp_f(a, b, c) h_fmaf((a), (b), (c), 3)
#define I_sqrt_rp_f(a) h_sqrtf((a), 3)
#define I_rcp_rp_f(a) h_rcpf((a), 3)
#define I_add_rp_d(a, b) h_addd((a), (b), 3)
#define I_mul_rp_d(a, b) h_muld((a), (b), 3)
#define I_div_rp_d(a, b) h_divd((a), (b), 3)
#define I_fma_rp_d(a, b, c) h_fmad((a), (b), (c), 3)
#define I_sqrt_rp_d(a) h_sqrtd((a), 3)
#define I_rcp_rp_d(a) h_rcpd((a), 3)
static DEV inline u32 c16x2(u32 u, u32 relu, u32 bf) {
  u32 r = 0;
  for (u32 i = 0; i < 32; i += 16) {
    u32 h = u >> i & 0xffffu;
    if ((h & 0x7fffu) > (bf ? 0x7f80u : 0x7c00u)) h = 0x7fffu;
    if (relu && h == 0x8000u) h = 0;
    r |= h << i;
  }
  return r;
}
static DEV inline u32 ctf32(u32 u) { return (u & 0x7fffffffu) > 0x7f800000u ? 0x7fffffffu : u; }
/* Intrinsics only clang 19 knows (Config.Intrin19), from the ISA. */
static u16 hb_f16(float x, int m, int relu) {
  if (x != x) return 0x7fff;
  if (relu && x < 0.0f) return 0;
  if (m == 0) { h16 h = (h16)x; u16 u; memcpy(&u, &h, 2); return u; }
  u16 s = signbit(x) ? 0x8000 : 0; double a = fabs((double)x);
  if (isinf(a)) return s | 0x7c00;
  if (a >= 65504.0) return s | 0x7bff;
  if (a < 0x1p-14) return s | (u16)(a * 0x1p24);
  int e; frexp(a, &e);
  u32 mnt = (u32)ldexp(a, 11 - e);
  return s | (u16)((e - 1 + 15) << 10) | (u16)(mnt - 1024u);
}
static u16 hb_bf16(float x, int m, int relu) {
  if (x != x) return 0x7fff;
  if (relu && x < 0.0f) return 0;
  u32 u; memcpy(&u, &x, 4);
  return m == 1 ? (u16)(u >> 16) : (u16)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
static u32 h_tf32(float x) { u32 u; memcpy(&u, &x, 4); return x != x ? u & 0xffffe000u : (u & 0x80000000u) | (((u & 0x7fffffffu) + 0x1000u) & 0xffffe000u); }
#define H_MINMAXH(name, op, nan) static h16 name(h16 a, h16 b) { float x = (float)a, y = (float)b; \
  return x != x ? (nan || y != y ? a : b) : y != y ? (nan ? b : a) : x op y ? a : b; }
H_MINMAXH(h_fminh, <, 0) H_MINMAXH(h_fmaxh, >, 0) H_MINMAXH(h_fminnanh, <, 1) H_MINMAXH(h_fmaxnanh, >, 1)
static float h_fminnanf(float a, float b) { return a != a ? a : b != b ? b : a < b ? a : b; }
static float h_fmaxnanf(float a, float b) { return a != a ? a : b != b ? b : a > b ? a : b; }
static h16 h_fmah(h16 a, h16 b, h16 c, int relu) {
  h16 r = (h16)fma((double)a, (double)b, (double)c);
  return relu && (float)r < 0.0f ? (h16)0.0f : r;
}
#define I_fmin_nan_f(a, b) (h_fminnanf((a), (b)) + 0.0f)
#define I_fmax_nan_f(a, b) (h_fmaxnanf((a), (b)) + 0.0f)
#define I_fmin_f16(a, b) ((h16)((float)h_fminh((a), (b)) + 0.0f))
#define I_fmax_f16(a, b) ((h16)((float)h_fmaxh((a), (b)) + 0.0f))
#define I_fmin_nan_f16(a, b) ((h16)((float)h_fminnanh((a), (b)) + 0.0f))
#define I_fmax_nan_f16(a, b) ((h16)((float)h_fmaxnanh((a), (b)) + 0.0f))
#define I_f2tf32_rna(a) ctf32(h_tf32(a))
#define I_fma_rn_f16(a, b, c) h_fmah((a), (b), (c), 0)
#define I_fma_rn_relu_f16(a, b, c) ((h16)((float)h_fmah((a), (b), (c), 1) + 0.0f))
#define I_ff2f16x2_rn(a, b) c16x2((u32)hb_f16((a), 0, 0) << 16 | hb_f16((b), 0, 0), 0, 0)
#define I_ff2bf16x2_rn(a, b) c16x2((u32)hb_bf16((a), 0, 0) << 16 | hb_bf16((b), 0, 0), 0, 1)
#define I_f2bf16_rn(a) (u16)c16x2(hb_bf16((a), 0, 0), 0, 1)
#define I_ff2f16x2_rn_relu(a, b) c16x2((u32)hb_f16((a), 0, 1) << 16 | hb_f16((b), 0, 1), 1, 0)
#define I_ff2bf16x2_rn_relu(a, b) c16x2((u32)hb_bf16((a), 0, 1) << 16 | hb_bf16((b), 0, 1), 1, 1)
#define I_f2bf16_rn_relu(a) (u16)c16x2(hb_bf16((a), 0, 1), 1, 1)
#define I_ff2f16x2_rz(a, b) c16x2((u32)hb_f16((a), 1, 0) << 16 | hb_f16((b), 1, 0), 0, 0)
#define I_ff2bf16x2_rz(a, b) c16x2((u32)hb_bf16((a), 1, 0) << 16 | hb_bf16((b), 1, 0), 0, 1)
#define I_f2bf16_rz(a) (u16)c16x2(hb_bf16((a), 1, 0), 0, 1)
#define I_ff2f16x2_rz_relu(a, b) c16x2((u32)hb_f16((a), 1, 1) << 16 | hb_f16((b), 1, 1), 1, 0)
#define I_ff2bf16x2_rz_relu(a, b) c16x2((u32)hb_bf16((a), 1, 1) << 16 | hb_bf16((b), 1, 1), 1, 1)
#define I_f2bf16_rz_relu(a) (u16)c16x2(hb_bf16((a), 1, 1), 1, 1)
/* Extended precision (Config.Carry), from the ISA's semantics. */
static u64 I_cc_add64(u64 a, u64 b) { return a + b; }
static u32 I_cc_addcarry(u64 a, u64 b) { return a + b < a; }
static u64 I_cc_sub64(u64 a, u64 b) { return a - b; }
static u32 I_cc_subborrow(u64 a, u64 b) { return a < b ? 0xffffffffu : 0u; }
static u64 I_cc_add96(u64 a, u64 b, u32 c) { u64 s = a + b; return (u64)(2u * c + (u32)(s < a)) << 32 | (s >> 32); }
static u64 I_cc_mullo(u64 a, u64 b) { return a * b; }
static u64 I_cc_mulhi(u64 a, u64 b) { return (u64)(((u128)a * b) >> 64); }
static s64 I_cc_sadd64(s64 a, s64 b) { return (s64)((u64)a + (u64)b); }
static DEV inline u32 sc_add(u32 a, u32 b) { return a + b; }
static DEV inline u32 sc_umax(u32 a, u32 b) { return a > b ? a : b; }
static DEV inline u32 sc_xor(u32 a, u32 b) { return a ^ b; }
static DEV inline u32 sc_fadd(u32 a, u32 b) { return f2u(u2f(a) + u2f(b)); }
/* Tiles (Config.Tiles): TV(f, u, k) is what thread u writes on trip k;
   TME is this thread's element, TCTA0 its CTA's first thread. */
#define TN 64u
#define TR 8u
#define TC 8u
#define TV(f, u, k) (f((u), AT(u)) * (2u * (k) + 1u) + (k))
#define TME (t & (TN - 1u))
#define TCTA0 (t & ~(TN - 1u))
/* Rounding to integral values (Config.Round), the C library. */
#define I_trunc_f(a) truncf(a)
#define I_floor_f(a) floorf(a)
#define I_ceil_f(a) ceilf(a)
#define I_rint_f(a) rintf(a)
#define I_round_f(a) roundf(a)
#define I_copysign_f(a, b) copysignf((a), nan1f(b))
#define I_trunc_d(a) trunc(a)
#define I_floor_d(a) floor(a)
#define I_ceil_d(a) ceil(a)
#define I_rint_d(a) rint(a)
#define I_round_d(a) round(a)
#define I_copysign_d(a, b) copysign((a), nan1d(b))
#define I_const_u32(i) ro_u32[(i) & 15u]
#define I_const_u64(i) ro_u64[(i) & 15u]
#define I_const_f32(i) ro_f32[(i) & 15u]
#define I_const_f64(i) ro_f64[(i) & 15u]
#define I_ldg_u32(i) rg_u32[(i) & 15u]
#define I_ldg_u64(i) rg_u64[(i) & 15u]
#define I_ldg_f32(i) rg_f32[(i) & 15u]
#define I_ldg_f64(i) rg_f64[(i) & 15u]
#define ROCONST static const __attribute__((unused))
#define ROGLOBAL static const __attribute__((unused))
static DEV inline float nan1f(float x) { return x != x ? u2f(0x7fffffffu) : x; }
static DEV inline double nan1d(double x) { return x != x ? u2d(0x7fffffffffffffffull) : x; }
ROCONST u32 ro_u32[16] = {0x0u, 0x1u, 0x7fu, 0x80u, 0xffu, 0x7fffu, 0x8000u, 0xffffu, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0x12345678u, 0xdeadbeefu, 0x1fu, 0x20u, 0x10000u};
ROCONST u64 ro_u64[16] = {0x0ull, 0x1ull, 0x7fffffffffffffffull, 0x8000000000000000ull, 0xffffffffffffffffull, 0xffffffffull, 0x100000000ull, 0x123456789abcdef0ull, 0xfedcba9876543210ull, 0x3full, 0x40ull, 0x8000ull, 0x80000000ull, 0xdeadbeefcafebabeull, 0x3ull, 0x20000000000001ull};
ROCONST float ro_f32[16] = {0x0p+00f, -0x0p+0f, 0x1p+00f, -0x1p+00f, 0x1p-01f, __builtin_inff(), -__builtin_inff(), __builtin_nanf(""), 0x1p-149f, -0x1.fffffcp-127f, 0x1.fffffep+127f, 0x1.000002p+23f, 0x1.8p+00f, -0x1.4p+01f, 0x1.fffffep+30f, 0x1.fffffep-02f};
ROCONST double ro_f64[16] = {0x0p+00, -0x0p+0, 0x1p+00, -0x1p+00, 0x1p-01, __builtin_inf(), -__builtin_inf(), __builtin_nan(""), 0x1p-1074, -0x1.ffffffffffffep-1023, 0x1.fffffffffffffp+1023, 0x1.0000000000001p+52, 0x1.8p+00, -0x1.4p+01, 0x1.fffffffffffffp+62, 0x1.fffffffffffffp-02};
ROGLOBAL u32 rg_u32[16] = {0x0u, 0x1u, 0x7fu, 0x80u, 0xffu, 0x7fffu, 0x8000u, 0xffffu, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0x12345678u, 0xdeadbeefu, 0x1fu, 0x20u, 0x10000u};
ROGLOBAL u64 rg_u64[16] = {0x0ull, 0x1ull, 0x7fffffffffffffffull, 0x8000000000000000ull, 0xffffffffffffffffull, 0xffffffffull, 0x100000000ull, 0x123456789abcdef0ull, 0xfedcba9876543210ull, 0x3full, 0x40ull, 0x8000ull, 0x80000000ull, 0xdeadbeefcafebabeull, 0x3ull, 0x20000000000001ull};
ROGLOBAL float rg_f32[16] = {0x0p+00f, -0x0p+0f, 0x1p+00f, -0x1p+00f, 0x1p-01f, __builtin_inff(), -__builtin_inff(), __builtin_nanf(""), 0x1p-149f, -0x1.fffffcp-127f, 0x1.fffffep+127f, 0x1.000002p+23f, 0x1.8p+00f, -0x1.4p+01f, 0x1.fffffep+30f, 0x1.fffffep-02f};
ROGLOBAL double rg_f64[16] = {0x0p+00, -0x0p+0, 0x1p+00, -0x1p+00, 0x1p-01, __builtin_inf(), -__builtin_inf(), __builtin_nan(""), 0x1p-1074, -0x1.ffffffffffffep-1023, 0x1.fffffffffffffp+1023, 0x1.0000000000001p+52, 0x1.8p+00, -0x1.4p+01, 0x1.fffffffffffffp+62, 0x1.fffffffffffffp-02};
/* nvcc's instructions (Config.Asm), as the PTX ISA defines them. */
static u32 I_lop3(u32 a, u32 b, u32 c, u32 l) { u32 r = 0; for (int i = 0; i < 32; i++) r |= ((l >> ((a >> i & 1u) << 2 | (b >> i & 1u) << 1 | (c >> i & 1u))) & 1u) << i; return r; }
static u32 h_bfind(u64 a, int msb, int sgn, int sa) {
  if (sgn && (a >> msb & 1u)) a = ~a;
  for (int i = msb; i >= 0; i--) if (a >> i & 1u) return sa ? (u32)(msb - i) : (u32)i;
  return 0xffffffffu;
}
#define I_bfind_u32(a) h_bfind((u32)(a), 31, 0, 0)
#define I_bfind_s32(a) h_bfind((u32)(a), 31, 1, 0)
#define I_bfind_u64(a) h_bfind((u64)(a), 63, 0, 0)
#define I_bfind_s64(a) h_bfind((u64)(a), 63, 1, 0)
#define I_bfind_sa_u32(a) h_bfind((u32)(a), 31, 0, 1)
#define I_bfind_sa_s32(a) h_bfind((u32)(a), 31, 1, 1)
#define I_bfind_sa_u64(a) h_bfind((u64)(a), 63, 0, 1)
#define I_bfind_sa_s64(a) h_bfind((u64)(a), 63, 1, 1)
static s64 h_b(u32 x, int i, int sgn) { u32 y = x >> (8 * i) & 0xffu; return sgn ? (s64)(s8)y : (s64)y; }
static s64 h_h(u32 x, int i, int sgn) { u32 y = x >> (16 * i) & 0xffffu; return sgn ? (s64)(s16)y : (s64)y; }
static u32 h_dp4a(u32 a, u32 b, u32 c, int sa, int sb) { u64 d = c; for (int i = 0; i < 4; i++) d += (u64)(h_b(a, i, sa) * h_b(b, i, sb)); return (u32)d; }
static u32 h_dp2a(u32 a, u32 b, u32 c, int sa, int sb, int hi) { u64 d = c; for (int i = 0; i < 2; i++) d += (u64)(h_h(a, i, sa) * h_b(b, 2 * hi + i, sb)); return (u32)d; }
#define I_dp4a_uu(a, b, c) h_dp4a((a), (b), (c), 0, 0)
#define I_dp4a_ss(a, b, c) (s32)h_dp4a((a), (b), (u32)(c), 1, 1)
#define I_dp4a_us(a, b, c) (s32)h_dp4a((a), (b), (u32)(c), 0, 1)
#define I_dp4a_su(a, b, c) (s32)h_dp4a((a), (b), (u32)(c), 1, 0)
#define I_dp2a_lo_uu(a, b, c) h_dp2a((a), (b), (c), 0, 0, 0)
#define I_dp2a_hi_ss(a, b, c) (s32)h_dp2a((a), (b), (u32)(c), 1, 1, 1)
#define I_dp2a_lo_su(a, b, c) (s32)h_dp2a((a), (b), (u32)(c), 1, 0, 0)
#define I_dp2a_hi_us(a, b, c) (s32)h_dp2a((a), (b), (u32)(c), 0, 1, 1)
/* prmt's modes: for each mode and c[1:0], the source byte of result bytes
   0, 1, 2, 3 (the ISA's table). */
static const unsigned char prmt_m[6][4][4] = {
  {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},   /* f4e */
  {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},   /* b4e */
  {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},   /* rc8 */
  {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},   /* ecl */
  {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},   /* ecr */
  {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}};  /* rc16 */
static u32 h_prmtm(u32 a, u32 b, u32 c, int m) { u64 v = (u64)b << 32 | a; u32 r = 0; for (int i = 0; i < 4; i++) r |= (u32)(v >> (8 * prmt_m[m][c & 3u][i]) & 0xffu) << (8 * i); return r; }
#define I_prmt_f4e(a, b, c) h_prmtm((a), (b), (c), 0)
#define I_prmt_b4e(a, b, c) h_prmtm((a), (b), (c), 1)
#define I_prmt_rc8(a, b, c) h_prmtm((a), (b), (c), 2)
#define I_prmt_ecl(a, b, c) h_prmtm((a), (b), (c), 3)
#define I_prmt_ecr(a, b, c) h_prmtm((a), (b), (c), 4)
#define I_prmt_rc16(a, b, c) h_prmtm((a), (b), (c), 5)
static u32 I_shf_l_clamp(u32 a, u32 b, u32 c) { u32 n = c < 32u ? c : 32u; return (u32)((((u64)b << 32 | a) << n) >> 32); }
static u32 I_shf_r_clamp(u32 a, u32 b, u32 c) { u32 n = c < 32u ? c : 32u; return (u32)(((u64)b << 32 | a) >> n); }
#define I_slct_s32(a, b, c) ((s32)(c) >= 0 ? (u32)(a) : (u32)(b))
#define I_slct_f32(a, b, c) ((float)(c) >= 0.0f ? (u32)(a) : (u32)(b))
#define I_slct_u64_s32(a, b, c) ((s32)(c) >= 0 ? (u64)(a) : (u64)(b))
#define I_slct_f64_f32(a, b, c) ((float)(c) >= 0.0f ? (double)(a) : (double)(b))
#define I_testp_finite_f32(a) (u32)isfinite((float)(a))
#define I_testp_infinite_f32(a) (u32)(isinf((float)(a)) != 0)
#define I_testp_number_f32(a) (u32)!isnan((float)(a))
#define I_testp_notanumber_f32(a) (u32)(isnan((float)(a)) != 0)
#define I_testp_normal_f32(a) (u32)(isnormal((float)(a)) || (float)(a) == 0.0f)
#define I_testp_subnormal_f32(a) (u32)(fpclassify((float)(a)) == FP_SUBNORMAL)
#define I_testp_finite_f64(a) (u32)isfinite((double)(a))
#define I_testp_normal_f64(a) (u32)(isnormal((double)(a)) || (double)(a) == 0.0)
#define I_testp_subnormal_f64(a) (u32)(fpclassify((double)(a)) == FP_SUBNORMAL)
#define I_testp_notanumber_f64(a) (u32)(isnan((double)(a)) != 0)
#define I_copysign_i_f32(a, b) copysignf((b), nan1f(a))
#define I_copysign_i_f64(a, b) copysign((b), nan1d(a))
#define I_cnot_b16(a) (u16)((u16)(a) == 0)
#define I_cnot_b32(a) (u32)((u32)(a) == 0)
#define I_cnot_b64(a) (u64)((u64)(a) == 0)
static s64 h_s24(u32 x) { return (s64)((s32)(x << 8) >> 8); }
#define I_mul24_hi_u32(a, b) (u32)(((u64)((u32)(a) & 0xffffffu) * ((u32)(b) & 0xffffffu)) >> 16)
#define I_mul24_hi_s32(a, b) (s32)(u32)((u64)(h_s24((u32)(a)) * h_s24((u32)(b))) >> 16)
#define I_mad24_lo_u32(a, b, c) (u32)((u64)((u32)(a) & 0xffffffu) * ((u32)(b) & 0xffffffu) + (u32)(c))
#define I_mad24_hi_s32(a, b, c) (s32)((u32)((u64)(h_s24((u32)(a)) * h_s24((u32)(b))) >> 16) + (u32)(c))
#define I_set_lt_u32_u32(a, b) ((u32)(a) < (u32)(b) ? 0xffffffffu : 0u)
#define I_set_ge_u32_s32(a, b) ((s32)(a) >= (s32)(b) ? 0xffffffffu : 0u)
#define I_set_ne_u32_s64(a, b) ((s64)(a) != (s64)(b) ? 0xffffffffu : 0u)
#define I_set_ltu_u32_f32(a, b) (!((float)(a) >= (float)(b)) ? 0xffffffffu : 0u)
#define I_set_gt_u32_f64(a, b) ((double)(a) > (double)(b) ? 0xffffffffu : 0u)
#define I_set_nan_u32_f32(a, b) (isnan((float)(a)) || isnan((float)(b)) ? 0xffffffffu : 0u)
#define I_set_equ_s32_f32(a, b) (s32)(!((float)(a) < (float)(b) || (float)(a) > (float)(b)) ? 0xffffffffu : 0u)
#define I_set_le_f32_s32(a, b) ((s32)(a) <= (s32)(b) ? 1.0f : 0.0f)
#define I_set_neu_f32_f64(a, b) (!((double)(a) == (double)(b)) ? 1.0f : 0.0f)
#define XCHG(mode, f, l) f(src_##mode(t, (l)), in + ((s64)src_##mode(t, (l)) - (s64)t) * 8)
#define XCHGN(f, l, g, j) XCHG(cta, f, l)
#define XCHGM(mode, f, l, g, j) f(WSRC(mode, l, g, j), AT(WSRC(mode, l, g, j)))
/* XRED(mode, f): f over the 32 threads of t's warp or the 64 of its CTA;
   XREDG(mode, f, g, j) and XREDM over those that have not left, as g says
   (Config.Exit: a barrier waits for the threads that stay; a warp
   collective names them in its membermask). */
typedef u32 (*xfn)(u32, const u64 *);
/* The pitch of the program's CTAs: SHP under Config.Shapes, set by main. */
static u32 shp_ = 64u;
typedef u32 (*xgone)(u32, const u64 *, u32);
#define XF(u) f(u, in + ((s64)(u) - (s64)t) * 8)
#define XS(u) !g(u, in + ((s64)(u) - (s64)t) * 8, j)
#define XRARGS u32 t, const u64 *in, xfn f, xgone g, u32 j
static u32 xlive(XRARGS) { u32 r = 0; for (u32 l = 0; l < 32; l++) if (XS((t & ~31u) | l)) r |= 1u << l; return r; }
static u32 xred_ballot(XRARGS) { u32 r = 0; for (u32 l = 0; l < 32; l++) if (XS((t & ~31u) | l)) r |= (XF((t & ~31u) | l) & 1u) << l; return r; }
static u32 xred_any(XRARGS) { return xred_ballot(t, in, f, g, j) != 0; }
static u32 xred_all(XRARGS) { return xred_ballot(t, in, f, g, j) == xlive(t, in, f, g, j); }
static u32 xred_uni(XRARGS) { u32 b = xred_ballot(t, in, f, g, j); return b == 0 || b == xlive(t, in, f, g, j); }
static u32 xred_matchany(XRARGS) { u32 r = 0, v = XF(t); for (u32 l = 0; l < 32; l++) if (XS((t & ~31u) | l)) r |= (u32)(XF((t & ~31u) | l) == v) << l; return r; }
static u32 xred_redadd(XRARGS) { u32 r = 0; for (u32 l = 0; l < 32; l++) if (XS((t & ~31u) | l)) r += XF((t & ~31u) | l); return r; }
static u32 xred_redumax(XRARGS) { u32 r = 0; for (u32 l = 0; l < 32; l++) if (XS((t & ~31u) | l)) { u32 x = XF((t & ~31u) | l); r = x > r ? x : r; } return r; }
static u32 xred_redor(XRARGS) { u32 r = 0; for (u32 l = 0; l < 32; l++) if (XS((t & ~31u) | l)) r |= XF((t & ~31u) | l); return r; }
static u32 xred_atomadd(XRARGS) { u32 r = 0; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r += XF((t & ~(shp_ - 1u)) | l); return r; }
static u32 xred_atomaddg(XRARGS) { return xred_atomadd(t, in, f, g, j); }
static u32 xred_atommin(XRARGS) { u32 r = 0xffffffffu; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) { u32 x = XF((t & ~(shp_ - 1u)) | l); r = x < r ? x : r; } return r; }
static u32 xred_atommax(XRARGS) { u32 r = 0; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) { u32 x = XF((t & ~(shp_ - 1u)) | l); r = x > r ? x : r; } return r; }
static u32 xred_atommaxs(XRARGS) { s32 r = (s32)0x80000000u; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) { s32 x = (s32)XF((t & ~(shp_ - 1u)) | l); r = x > r ? x : r; } return (u32)r; }
static u32 xred_atomand(XRARGS) { u32 r = 0xffffffffu; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r &= XF((t & ~(shp_ - 1u)) | l); return r; }
static u32 xred_atomor(XRARGS) { u32 r = 0; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r |= XF((t & ~(shp_ - 1u)) | l); return r; }
static u32 xred_atomxor(XRARGS) { u32 r = 0; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r ^= XF((t & ~(shp_ - 1u)) | l); return r; }
static u32 xred_syncount(XRARGS) { u32 r = 0; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r += XF((t & ~(shp_ - 1u)) | l) & 1u; return r; }
static u32 xred_syncand(XRARGS) { u32 r = 1; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r &= XF((t & ~(shp_ - 1u)) | l) & 1u; return r; }
static u32 xred_syncor(XRARGS) { u32 r = 0; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r |= XF((t & ~(shp_ - 1u)) | l) & 1u; return r; }
#undef XF
#undef XS
/* XCHGD, XBALD, XREDD (Config.Diverge): each lane's value from its own
   path, c saying which. */
#define XD(s) ((c((s), in + ((s64)(s) - (s64)t) * 8) & 1u) ? fb((s), in + ((s64)(s) - (s64)t) * 8) : fc((s), in + ((s64)(s) - (s64)t) * 8) * k)
static u32 xchgd(u32 t, const u64 *in, xfn c, xfn fb, xfn fc, u32 l) { u32 k = 1u, s = (t & ~31u) | l; return XD(s); }
static u32 xbald(u32 t, const u64 *in, xfn c, xfn fb, xfn fc) { u32 k = 1u, r = 0; for (u32 l = 0; l < 32; l++) r |= (XD((t & ~31u) | l) & 1u) << l; return r; }
static u32 xredd(u32 t, const u64 *in, xfn c, xfn fb, xfn fc) { u32 k = 3u, r = 0; for (u32 l = 0; l < 32; l++) r += XD((t & ~31u) | l); return r; }
#undef XD
#define XCHGD(c, fb, fc, lb, lc) xchgd(t, in, c, fb, fc, (c(t, in) & 1u) ? ((lb) & 31u) : ((lc) & 31u))
#define XBALD(c, fb, fc) xbald(t, in, c, fb, fc)
#define XREDD(c, fb, fc) xredd(t, in, c, fb, fc)
#define XRED(mode, f) xred_##mode(t, in, f, nogone, 0u)
#define XREDG(mode, f, g, j) xred_##mode(t, in, f, g, j)
#define XREDM(mode, f, g, j) xred_##mode(t, in, f, g, j)
#define XREDS(mode, f, g, j) xred_##mode(t, in, f, g, j)
#define XCHGS(f, l, g, j) f(CTA0 | CTASRCS(g, l, j), AT(CTA0 | CTASRCS(g, l, j)))
#define XCHGNS(f, l, g, j) XCHGS(f, l, g, j)
/* Read-modify-writes (Config.Atomics) as PTX's atom does them: inc wraps
   to 0 past v, dec to v below 1 or above v, and atom.add.f32 flushes
   subnormal inputs and results to a zero of their sign on global memory
   (ISA, atom) but keeps them on shared memory (as an H200 does:
   testdata/gpu/atom_add_f32). */
#define ATOM(name, T, new) static T atom_##name(T *p, T v) { T o = *p; *p = (new); return o; }
static float ftz32(float x) { return x == x && __builtin_fabsf(x) < 1.17549435e-38f ? __builtin_copysignf(0.0f, x) : x; }
ATOM(add_u32, u32, o + v) ATOM(sub_u32, u32, o - v) ATOM(min_u32, u32, o < v ? o : v)
ATOM(max_u32, u32, o > v ? o : v) ATOM(and_u32, u32, o & v) ATOM(or_u32, u32, o | v)
ATOM(xor_u32, u32, o ^ v) ATOM(exch_u32, u32, v) ATOM(inc_u32, u32, o >= v ? 0 : o + 1)
ATOM(dec_u32, u32, o == 0 || o > v ? v : o - 1) ATOM(add_s32, s32, (s32)((u32)o + (u32)v))
ATOM(min_s32, s32, o < v ? o : v) ATOM(max_s32, s32, o > v ? o : v) ATOM(add_u64, u64, o + v)
ATOM(max_u64, u64, o > v ? o : v) ATOM(xor_u64, u64, o ^ v) ATOM(min_s64, s64, o < v ? o : v)
ATOM(add_float, float, ftz32(ftz32(o) + ftz32(v))) ATOM(add_float_shared, float, o + v)
ATOM(add_double, double, o + v)
static u32 atom_cas_u32(u32 *p, u32 c, u32 v) { u32 o = *p; *p = o == c ? v : o; return o; }
static u64 atom_cas_u64(u64 *p, u64 c, u64 v) { u64 o = *p; *p = o == c ? v : o; return o; }
/* Warp scans (Config.Scan) on an array of the warp's lanes. shfl_src is
   the source lane of shfl.sync (PTX ISA, shfl.sync, Semantics): bval =
   b[4:0], cval = c[4:0], mask = c[12:8], maxLane = (lane & mask) | (cval &
   ~mask), minLane = lane & mask; up: j = lane - bval, in range when j >=
   maxLane; down: j = lane + bval, j <= maxLane; bfly: j = lane ^ bval, j <=
   maxLane; idx: j = minLane | (bval & ~mask), j <= maxLane; out of range
   the lane reads its own value. */
enum { SH_up, SH_down, SH_bfly, SH_idx };
static u32 shfl_src(int mode, u32 lane, u32 b, u32 c) {
  int bval = b & 31, cval = c & 31, mask = (c >> 8) & 31, ln = lane & 31;
  int maxl = (ln & mask) | (cval & ~mask), minl = ln & mask, j, in;
  switch (mode) {
  case SH_up: j = ln - bval; in = j >= maxl; break;
  case SH_down: j = ln + bval; in = j <= maxl; break;
  case SH_bfly: j = ln ^ bval; in = j <= maxl; break;
  default: j = minl | (bval & ~mask); in = j <= maxl; break;
  }
  return in ? (u32)j : (u32)ln;
}
#define SCLANES(f) u32 v[32], n_[32], w0 = t & ~31u, me = t & 31u; \
  for (u32 l = 0; l < 32; l++) v[l] = f(w0 | l, in + ((s64)(w0 | l) - (s64)t) * 8)
static u32 wscanup(u32 t, const u64 *in, xfn f, u32 w) {
  SCLANES(f);
  for (u32 o = 1; o < w; o <<= 1) {
    for (u32 l = 0; l < 32; l++) { u32 u = v[shfl_src(SH_up, l, o, (32u - w) << 8)]; n_[l] = (l & (w - 1u)) >= o ? v[l] + u : v[l]; }
    memcpy(v, n_, sizeof v);
  }
  return v[me];
}
typedef u32 (*scop)(u32, u32);
static u32 wbfly(u32 t, const u64 *in, scop op, xfn f, u32 w) {
  SCLANES(f);
  for (u32 o = w >> 1; o > 0; o >>= 1) {
    for (u32 l = 0; l < 32; l++) n_[l] = op(v[l], v[shfl_src(SH_bfly, l, o, ((32u - w) << 8) | 31u)]);
    memcpy(v, n_, sizeof v);
  }
  return v[me];
}
static u32 wdown(u32 t, const u64 *in, xfn f, u32 w) {
  SCLANES(f);
  for (u32 o = w >> 1; o > 0; o >>= 1) {
    for (u32 l = 0; l < 32; l++) n_[l] = v[l] + v[shfl_src(SH_down, l, o, ((32u - w) << 8) | 31u)];
    memcpy(v, n_, sizeof v);
  }
  return v[me];
}
/* WSEG: lanes below n, then the others; a source outside the membermask
   never occurs (up from below n stays below n, down from n or above stays
   at n or above, past 31 it is the lane itself). */
static u32 wseg(u32 t, const u64 *in, xfn f, u32 n) {
  SCLANES(f);
  for (u32 o = 1; o < n; o <<= 1) {
    for (u32 l = 0; l < n; l++) { u32 u = v[shfl_src(SH_up, l, o, 0)]; n_[l] = l >= o ? v[l] + u : v[l]; }
    memcpy(v, n_, n * sizeof v[0]);
  }
  for (u32 o = 1; o < 32u - n; o <<= 1) {
    for (u32 l = n; l < 32; l++) n_[l] = v[l] ^ (v[shfl_src(SH_down, l, o, 31)] * 3u);
    memcpy(v + n, n_ + n, (32 - n) * sizeof v[0]);
  }
  return v[me];
}
/* WSHFL: b is this lane's; every lane's b is its own, so the source is
   picked with this lane's b (the ISA's j is per lane). */
static u32 wshfl(u32 t, const u64 *in, int mode, xfn f, u32 b, u32 c) {
  u32 s = (t & ~31u) | shfl_src(mode, t & 31u, b, c);
  return f(s, in + ((s64)s - (s64)t) * 8);
}
#define WSCANUP(f, w) wscanup(t, in, f, (w))
#define WBFLY(op, f, w) wbfly(t, in, op, f, (w))
#define WDOWN(f, w) wdown(t, in, f, (w))
#define WSEG(f, n) wseg(t, in, f, (n))
#define WSHFL(mode, f, b, c) wshfl(t, in, SH_##mode, f, (b), (c))
#define TMM(T, fa, fb, n) ({ T acc_ = 0; u32 r_ = TME / TC, c_ = TME % TC; \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { for (u32 k_ = 0; k_ < TR; k_++) { \
    u32 ua_ = TCTA0 | (r_ * TC + k_), ub_ = TCTA0 | (k_ * TC + c_); \
    acc_ += (T)TV(fa, ua_, k0_) * (T)TV(fb, ub_, k0_); } } acc_; })
#define TTR(T, f, n) ({ T acc_ = 0; u32 u_ = TCTA0 | ((TME % TR) * TC + TME / TR); \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { acc_ = acc_ * (T)3 + (T)TV(f, u_, k0_); } acc_; })
#define TVOL(T, f, n) TTR(T, f, n)
#define TCP(sz, j0, d, n) ({ u64 acc_ = 0; u32 u_ = TCTA0 | ((TME + (d)) % TN); const u64 *q_ = AT(u_); \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { u32 j_ = ((j0) + k0_) & 7u; \
    u64 x_ = (sz) == 4 ? (u64)((const u32 *)(q_ + j_))[k0_ & 1u] : (sz) == 8 ? q_[j_] : q_[j_ & 6u] ^ (q_[(j_ & 6u) + 1] << 1); \
    acc_ += x_ * (k0_ + 1u); } acc_; })
/* program p10400291: seed 10400291 */
#undef TN
#undef TR
#undef TC
#define TN 64u
#define TR 8u
#define TC 8u
typedef struct { h16 m0; u16 m1; u64 m2; } p10400291_S0;
typedef struct { u8 m0; h16 m1; h16 m2; float m3; } p10400291_S1;
static DEV u32 p10400291_x0(u32 t, const u64 *in) { return (u32)((s8)((u32)(s8)in[5] + (u32)(s8)0x25u) < (s8)(s32)(((s64)(s32)in[7] * (s64)(s32)t) >> 32)); }
static DEV u32 p10400291_x1(u32 t, const u64 *in) { return (u32)((4.2949672955e+09 > -1.0 && 4.2949672955e+09 < 4294967296.0) ? (u32)4.2949672955e+09 : (u32)0); }
static DEV u32 p10400291_x2(u32 t, const u64 *in) { return I_ff2f16x2_rn_relu((float)5e-01f, (float)u2f((u32)in[6])); }
static DEV void p10400291_body(u32 t, const u64 *in, u64 *out) {
  float v2 = 0e+00f;
  s32 v5 = (s32)in[4];
  u64 v8 = (u64)0x1ull;
  for (u32 i10 = 0; i10 < ((u32)(u32)in[1] & 7u); i10++) {
    switch ((u32)(u8)v5 % 4u) {
    case 0u: {
      break;
    }
    case 1u: {
      v8 = (u64)0x0ull;
      break;
    }
    case 2u: {
      break;
    }
    default: {
      v2 = 1e+00f;
      break;
    }
    }
  }
  double v14 = TMM(double, p10400291_x1, p10400291_x2, (u32)0x2u);
  out[0] = (u64)f2u(v2);
  out[1] = (u64)v5;
  out[2] = (u64)v8;
  out[3] = d2u(v14);
}
static const u64 in[1024] = {
  0x53e8276a80000000ull, 0x7e8121af4b800001ull, 0xbff0000000000000ull, 0xffffffffffffffceull, 0x3bull, 0xffffffffull, 
  0x93f5aa026dc218a8ull, 0x8ull, 0x12ull, 0x3fe0000000000000ull, 0x4b03a419f00362d4ull, 0x767c1984ea48061aull, 
  0x3ba4919042fe0000ull, 0x53fc4eba088b4cedull, 0xb5e6cc3639069816ull, 0x1ull, 0x1aefe5dd31cdd289ull, 0x2b682d00b3259a11ull, 
  0x63689e8d7f7fffffull, 0xae1288b4d9269a87ull, 0xee8ba502ff800000ull, 0xffffffffffffffdbull, 0xfffffffffffffff6ull, 0x34ull, 
  0xd817401e0108de86ull, 0xffffffffffffffecull, 0x3ffddbfb3f512996ull, 0x43f0000000000000ull, 0xffffffffffffffd7ull, 0xf7ea7b3708b56d90ull, 
  0xb473712856abba53ull, 0x7e9dde643e40866bull, 0x78107a074e72f949ull, 0x34bda8e24b6853e5ull, 0x3ff0c4843ff3cf4bull, 0x8ull, 
  0x3a4332e1b511ae2ull, 0xf578fe058c3f89e5ull, 0x5bfeb1f3cd3c84aeull, 0xc2032be23effffffull, 0x20ull, 0x0ull, 
  0x3cull, 0x0ull, 0x7ff0000000000001ull, 0xffffffffffffffccull, 0x3ff7ae003f4ccaebull, 0x21ull, 
  0x30221fb67fc00000ull, 0x3ff61ace3fc17b22ull, 0xffffffffffffffd3ull, 0x3ff954aa3f8b608eull, 0x21ull, 0xffffffffffffffc8ull, 
  0x3ffbe78b3ff9973dull, 0x3ff0b51b3fd38497ull, 0xfffffffffffffull, 0x43e0000000000000ull, 0xffffffffull, 0x1add5b0266045523ull, 
  0x1aull, 0xefc688939e266dd9ull, 0x39bf9184632c9a1cull, 0x86ee035de2f96fd7ull, 0x548dd18fb17cfd16ull, 0xfafed9773fa85eafull, 
  0x3ff99bd23fcf58c3ull, 0x43e0000000000000ull, 0x21ull, 0x5e15bdee8f19a9bfull, 0x7ff0000000000001ull, 0x7ff0000000000000ull, 
  0x10ull, 0xb87cf317c3000000ull, 0xd34db9467f800001ull, 0x8000ull, 0x19ull, 0xd5e71329aa9575beull, 
  0x8000ull, 0x43e0000000000000ull, 0x13ull, 0x8000000000000000ull, 0x7ull, 0xc1e0000000000000ull, 
  0x1ull, 0x390835172786e0d5ull, 0xcadef99ffc9e8f9aull, 0xe3d62a37bf800000ull, 0x31ull, 0x33ull, 
  0x3ff196e53ffdb82dull, 0x43f0000000000000ull, 0x3ff63bbe3f21edd0ull, 0x3984b0f780e11d8aull, 0x3ff1799a3ffaacc6ull, 0x8479f1cf4f64fbc3ull, 
  0x2e5e5a4208c759c4ull, 0x38760ab8fb73e066ull, 0x7ff0000000000000ull, 0x308ff8f66f33c5e9ull, 0xeb1a90dbf0ed3442ull, 0x4b1d1a8218c6978ull, 
  0x3ff8825f3fb5ac64ull, 0x80000000ull, 0x3ffaf0823f36b6dbull, 0x3ffbf5f33f37f3afull, 0x3ffad5ef3f5b1030ull, 0x3ff9d67b3fe7d03dull, 
  0xfff0000000000000ull, 0xfffffffffffffff1ull, 0x7ff0000000000001ull, 0xcd3160c0b896a41full, 0x7ff0000000000000ull, 0xffffffffffffffcbull, 
  0x30ull, 0x3fe0000000000000ull, 0x3ff75b7b3f75359cull, 0xfull, 0xffffffffffffffc5ull, 0x2bull, 
  0xc3e0000000000000ull, 0xffffffffffffffd1ull, 0x526fd28ae836a9f9ull, 0x3ff232543fcc07feull, 0xffffffffffffffefull, 0x82fc09cddfded9d0ull, 
  0xffffffffffffffdaull, 0x7f3b2016d6750ca4ull, 0x5ull, 0x479eccaaaf34c319ull, 0x3ff044ab3fe3b9e3ull, 0x3ffea41b3f3fd2a2ull, 
  0x7ff0000000000000ull, 0x7ff0000000000000ull, 0x1ull, 0x7bb16ad1c3000000ull, 0x4defd7647efa24e6ull, 0x0ull, 
  0x1ull, 0x41e0000000000000ull, 0xe853c8804008dd51ull, 0x91faed1b3effffffull, 0x8411ca75abe9f7b3ull, 0x7c3519a2bd725633ull, 
  0x4330000000000001ull, 0x8f01abedd8586c9dull, 0x43f0000000000000ull, 0xe3e8ff033f800000ull, 0x3ff60fd63f0ff4d1ull, 0xfffffffffffffffcull, 
  0xabf6906380000000ull, 0x1ull, 0x41e0000000000000ull, 0x21ull, 0x3ffd991e3f50cc29ull, 0x3ff237803fae68ccull, 
  0x6259721a3e6c4e90ull, 0xdeeaa0cfb842d657ull, 0xedfa6d6dff800000ull, 0x0ull, 0x46edd8fbe8973d88ull, 0x3fffdb953ff36cdaull, 
  0x56e0bb82e1bb6bf9ull, 0xffffffffffffffefull, 0x7f17ac3d4b800001ull, 0xfffffffffffffffbull, 0x38d799753effffffull, 0x2b98dc4e9995d822ull, 
  0x3ff0401c3f84a8b4ull, 0x1aull, 0xffffffffffffffc3ull, 0xeull, 0xffffffffffffffe8ull, 0xc3e0000000000000ull, 
  0xbff0000000000000ull, 0x43e0000000000000ull, 0xfull, 0x3ff1e9da3fb1c7eeull, 0x3fff19a13f4c1084ull, 0xb0e7ebfeaabfaf04ull, 
  0xad1ccbeba51110fdull, 0x7ff8000000000000ull, 0xfffffffffffffff8ull, 0xb7ee86df476cb73bull, 0x3fff487a3f27b70eull, 0xaull, 
  0x3eull, 0x3ff072873fc01491ull, 0xc36ad8e659591de0ull, 0x3ff28c5b3fa7f768ull, 0xffffffffffffffd5ull, 0xc7dc8d2fe19c9aeaull, 
  0xc1cdba058864b6bcull, 0xfffffffffffffff2ull, 0x55ebd70fcbe8aa97ull, 0xffffffff80000000ull, 0xc3e0000000000000ull, 0xffffull, 
  0x7ff8000000000000ull, 0x8b7bbd881358846eull, 0x3ff0dd6c3f6cf2e4ull, 0x0ull, 0xffffffffffffffd3ull, 0xfffffffffffffff1ull, 
  0x468300d65b13daa8ull, 0x3ff2006e3f6fc096ull, 0xfb1e087da1e3496eull, 0x80000000ull, 0x19ull, 0x2bull, 
  0x35ull, 0xffffffffffffffecull, 0x1ull, 0x4d0e89fa7f800000ull, 0xd3afc90942fe0000ull, 0x80ull, 
  0x119bd06af456663full, 0x3ff7fcf43f086432ull, 0x41e0000000000000ull, 0x7ff0000000000000ull, 0xb4a9931149ad3cbfull, 0x8ull, 
  0x3ffbb73a3fa59e2cull, 0x3ff0ce803ff712a7ull, 0x0ull, 0x3ffa23843f315e27ull, 0xe2116e571d5bcf5dull, 0xffffffffffffffe4ull, 
  0x5338c41ded92b528ull, 0x8db5bae8bf800000ull, 0x7960717e47b4f09cull, 0xfff0000000000000ull, 0xeee2b1197093e8f2ull, 0x3ff7928e3f0feed1ull, 
  0x18ull, 0x41e0000000000000ull, 0x3ff1e2ba3fc7e5b5ull, 0xffffffffffffffdcull, 0x0ull, 0xffffffffffffffd6ull, 
  0x4a748cd00a193437ull, 0x3ff014413f4d9d89ull, 0xbbd6bdb65af5ebfeull, 0x53569cf77cd57253ull, 0xdull, 0x83260b76c34135e2ull, 
  0x1ull, 0x7full, 0x9fecde3a20b25117ull, 0xfffffffffffffffcull, 0xc1e0000000000000ull, 0x447bcccff8ecd434ull, 
  0x100ull, 0x15dec6b53f800000ull, 0x43f0000000000000ull, 0x0ull, 0x3ffa533c3fc44b41ull, 0x9256b8547fc00000ull, 
  0xdc8d68c183267bf0ull, 0xffffffffffffffd8ull, 0x3ff0000000000000ull, 0x8dd9c0437f800001ull, 0xfull, 0xffffffffffffffd0ull, 
  0xffffffffffffffe7ull, 0x0ull, 0x27ull, 0x9ull, 0xa1331b088f0bf1daull, 0x0ull, 
  0x1dac7607ea1a6d32ull, 0xfffffffffffffff7ull, 0x1a3779a100000000ull, 0x3fe0000000000000ull, 0xfff0000000000000ull, 0x7fffffffffffffffull, 
  0x3cull, 0x7ff8000000000000ull, 0x0ull, 0x3full, 0x50df235e80000000ull, 0xfffffffffffffff0ull, 
  0xffffffffffffffeeull, 0xb09c33160f34f828ull, 0xffffffffffffffedull, 0x3ff554f83f964f4aull, 0x100ull, 0x43f0000000000000ull, 
  0x40ull, 0xffffffffffffffd2ull, 0x9b7b8c0b230b5645ull, 0x3ffa50f63f4eeebaull, 0xf455f6a4bd160d47ull, 0xffffffffffffffceull, 
  0x3ff0000000000000ull, 0xfffffffffffffff6ull, 0x654d39df80d05fefull, 0xc9e8798a80000000ull, 0xfffffffffffffff6ull, 0x3ff529513f1c7968ull, 
  0x3ff548593f0f595cull, 0xffc60a30bd46f997ull, 0xffffffffffffffedull, 0x32ull, 0xa1838a1860c05761ull, 0xccf01deb3effffffull, 
  0x18069fe2f04471d0ull, 0x3fe0000000000000ull, 0x41e0000000000000ull, 0x8000000000000000ull, 0x8bf5eaee54df5bf5ull, 0xfffffffffffffff8ull, 
  0x3ffaa6503f24d7adull, 0xffffffffffffffd0ull, 0x3ff6f1a53f3c5aa1ull, 0x5ce3b75a36c559b3ull, 0x9230c4fd00000001ull, 0x45c4cf413effffffull, 
  0xc0f3df2a7e36edeaull, 0x8f1bf49c00000000ull, 0x3full, 0x3ffe16ee3fc6d482ull, 0x98d5688c1b04deefull, 0x0ull, 
  0xffffffffffffffd3ull, 0xffffffffffffffe5ull, 0xbc0231a687a62982ull, 0xdfafc66d7f800000ull, 0xc1e0000000000000ull, 0x477756b482d7444ull, 
  0x15b3f70d3f800000ull, 0x1full, 0xde697d6077475f75ull, 0x39c00fff36cec692ull, 0x29ull, 0xf43e03db425d840bull, 
  0x10000ull, 0xffffffffffffffc3ull, 0xfffffffffffffffeull, 0xffffffffffffffddull, 0xfffffffffffffffcull, 0x21ull, 
  0xfffffffffffffff6ull, 0x1aull, 0x3ffb933f3f72fc99ull, 0x3ffe9a853f9f6c82ull, 0x22ull, 0x32310eb142fe0000ull, 
  0x3ff3863c3f18261cull, 0x6dea3f6128e2241aull, 0x41e0000000000000ull, 0xc771a69ae12d896cull, 0xee0805a8c3000000ull, 0x8000000000000000ull, 
  0xb0c23f9f76e12ce8ull, 0xecb0befe5f000000ull, 0xffffffffffffffc3ull, 0x11f0a23862a9114eull, 0x5ec2ef9d42df8d86ull, 0x4400b56925d96fbaull, 
  0xee92841f439d9832ull, 0x8000000000000000ull, 0x14ull, 0x3fe0000000000000ull, 0x2aull, 0x89c3dbe8807fffffull, 
  0x3ff33bec3fe6e2c1ull, 0x8ull, 0xffffffffffffffebull, 0x57178b5f561cabd4ull, 0x8ull, 0x39ull, 
  0x47412e83d0792d8bull, 0x3ff8a72c3f592848ull, 0x139aed094409f6b0ull, 0xbff0000000000000ull, 0x4330000000000001ull, 0x24ull, 
  0x3ff4b4633fa4bf7cull, 0xffffull, 0x563bc35594da07ceull, 0x40ull, 0xbc0c2937ff800000ull, 0x3ffe08d33f8f8703ull, 
  0x3ull, 0x0ull, 0xffffffffffffffe3ull, 0x0ull, 0x3fe0000000000000ull, 0x83304bfb7f7fffffull, 
  0xab858f614b800001ull, 0xceac48c9989fc3f8ull, 0x8000000000000000ull, 0xfffffffffffffffbull, 0xefb2ea8facd51807ull, 0xffffffffffffffd1ull, 
  0x7ull, 0x6e21fa806480fb31ull, 0xffffffffffffffd8ull, 0xffffffffffffffdeull, 0x4c22de3fb6f6c1bbull, 0x43e0000000000000ull, 
  0x1dull, 0x412ca70d20a3a615ull, 0xffffffffffffffeaull, 0xfffffffffffffff1ull, 0x600a871655a5afe9ull, 0x1full, 
  0x7ff0000000000001ull, 0x3136e45aefe55428ull, 0x6f6d9e403effffffull, 0x1466c07b195421e4ull, 0x3cull, 0x3ff9f78a3face72bull, 
  0x3ffd83cd3fdb8735ull, 0x7ull, 0xfffffffffffffffeull, 0x3ff0000000000000ull, 0xfffffffffffffff0ull, 0xffffffffffffffc1ull, 
  0x57460079431bd563ull, 0xffffffffffffffc2ull, 0x32ull, 0xee2b330fbe64c83full, 0xffffull, 0x34ull, 
  0x5ab1b3a71c241aacull, 0xdd3f461e5f000000ull, 0x3969fbdc3f800000ull, 0x3ffb677b3f713862ull, 0x6edb7f8c7f800001ull, 0x3ff757df3ff54df2ull, 
  0xfffffffffffffffeull, 0x8000000000000000ull, 0x70fe4598e6339f87ull, 0x48398a100000000ull, 0xffffull, 0x3349f255764b4c0bull, 
  0xfffffffffffffff0ull, 0xffffffffffffffd2ull, 0xffffffffffffffd0ull, 0xae18caa47f800000ull, 0x38ull, 0xa8571413d62ae82cull, 
  0xffffffffffffffcfull, 0xa2cea49d5055aad7ull, 0x3ff7d5f53f33b986ull, 0x60c4a5fc00000000ull, 0xffffffff80000000ull, 0xb008c51ed69a03ull, 
  0x43f0000000000000ull, 0x1ull, 0x2full, 0xffffffffffffffcbull, 0x41e0000000000000ull, 0x6059f5550918d523ull, 
  0xfull, 0x3ffda8a93fb8fabfull, 0x3ff263bf3f8ffb7aull, 0xd39b8951287abf7dull, 0xb2ac800a9514fa45ull, 0xd9a7984cc3000000ull, 
  0xe3c3cfbbff800000ull, 0x24e2a3b0889d2d0bull, 0x2ull, 0xf9dec25838b52917ull, 0x21ull, 0x3ff3ad863f4e8508ull, 
  0xffffffff80000000ull, 0x3ff9b3353f0043f0ull, 0xffffffffffffffe7ull, 0x3ff7b3d43fb87aa0ull, 0xffffffffffffffd1ull, 0xffffffffffffffe7ull, 
  0xfull, 0x0ull, 0x9b29865f4ae358bfull, 0x100000000ull, 0x875ce86a5fbbe766ull, 0xa59a4677390d3a2full, 
  0x22d81c4b37ba0438ull, 0xbff0000000000000ull, 0x3ff5fc113f4c94c9ull, 0xfffffffffffffull, 0x20b23ac08b9c2c24ull, 0x43e0000000000000ull, 
  0x3ff02a8c3f9a94e3ull, 0xfff0000000000000ull, 0x226b78887f7fffffull, 0xa3da89bfcc4e581eull, 0x0ull, 0x0ull, 
  0xb849d35d3effffffull, 0x3ff2fc2c3f2d8aaeull, 0x9ae7c1254a8337e1ull, 0xe71726e20a890007ull, 0x3ffe8cb43ff0272dull, 0xc77510b738f3a8ull, 
  0x7fffull, 0x20ull, 0x3ff5c14b3f974cecull, 0x8c4105372249f907ull, 0xffull, 0x7430ae234b800001ull, 
  0x3ff063a83f8f457bull, 0x2ull, 0xb07eb6604224a326ull, 0xffffffffull, 0x5188327f4b800001ull, 0x86155fee6c07420ull, 
  0xbd123560b3d0a6fcull, 0x54751f8f8e963413ull, 0xffffffffffffffe6ull, 0xa0f3b3797f7fffffull, 0x34ull, 0x9f0d3044f5f71ae3ull, 
  0x8dde97a13da652c8ull, 0x3fffa1be3fd2d9f5ull, 0x18ull, 0x1c70c74600800000ull, 0x5b77494fc3000000ull, 0xc1e0000000000000ull, 
  0xffffffffffff8000ull, 0x3ff41a033f39ccfbull, 0x2375a180e674e23cull, 0x7247add00000001ull, 0x7fffffffull, 0x8da602bb3649a76cull, 
  0x41e0000000000000ull, 0xa167e329fd798170ull, 0x3eull, 0xaec7e233ff800000ull, 0xd0b99969ab576675ull, 0x3ull, 
  0xc1e0000000000000ull, 0x10ull, 0x6473a223807fffffull, 0x7ff0000000000000ull, 0x3ff3ddda3fdf54c4ull, 0x21ull, 
  0xccbecea03f800000ull, 0x20ull, 0x3ff89bbc3ff6f288ull, 0x3ff18d943fffa520ull, 0x7c025f482ba5f4b9ull, 0x3fffc4323f2f1ec3ull, 
  0x4be810e85f000000ull, 0xb6d99e247f7fffffull, 0x1ee274d40f9be0d3ull, 0x4330000000000001ull, 0xdull, 0x3ff66ae13f14183full, 
  0xffffffffffffffcdull, 0xffffffffffffffe8ull, 0x6386c676d5953b4full, 0xbff0000000000000ull, 0x9a2398d0ccb95049ull, 0x35ull, 
  0x3ff7e09e3f8af708ull, 0x80ull, 0x142f932266c54a69ull, 0x17ull, 0x3fe0000000000000ull, 0xffffull, 
  0xf6e93e69e0a6a627ull, 0xff4510ecbf800000ull, 0x20ull, 0x3ff69e443f5e19b0ull, 0x0ull, 0xffffffffffffffd7ull, 
  0x8000000000000000ull, 0x43e0000000000000ull, 0x2ull, 0x8777e2db7fab1bb2ull, 0xbull, 0xffffffffull, 
  0x3c68c5a4b33dce16ull, 0x7ff0000000000000ull, 0xfffffffffffffffbull, 0x3ff8a3b43f808776ull, 0x528ab3e742fe0000ull, 0x62f7a69a6f1b5e4eull, 
  0x3fff18803fa345b1ull, 0xc679e17cda4f550full, 0x3ffbc3ee3fa8c933ull, 0xffffffffffffffceull, 0xffffffffffffffe3ull, 0xc06c2b63a5bb2084ull, 
  0x8000ull, 0x3ff78ec23fe0d516ull, 0x1full, 0xffffffffffffffc6ull, 0x4a71bfa2406cac23ull, 0x3ff8831e3f1724afull, 
  0xffffffffffffffebull, 0xe484d3ecfcfd5ddeull, 0xbb10de122a8b5b6dull, 0xf7d129f4df3a2654ull, 0x20ull, 0x21ull, 
  0x2ull, 0x86cc863a9a4ca75bull, 0x1ull, 0x3fe0000000000000ull, 0xfffffffffffffff1ull, 0x3full, 
  0x3ffeb7423f40fda5ull, 0xb519cf7e7f7fffffull, 0xff4f2fa0ef5b4db4ull, 0xc5922fce60499b4bull, 0x3dull, 0xffffffffffffffefull, 
  0xbff0000000000000ull, 0x3ff4cb933fff7c3aull, 0xba9c3cbb4cc11b81ull, 0x7ff0000000000000ull, 0x7fffffffffffffffull, 0xffffffffull, 
  0x75fe15e40e1cffe3ull, 0xffffffffffffffccull, 0x7ff0000000000001ull, 0x7ff0000000000001ull, 0x14ull, 0xffffffffffffffdcull, 
  0x40ull, 0x16ull, 0x3ff60b373fa77c2dull, 0xe7d608997f800000ull, 0x4330000000000001ull, 0x7full, 
  0x43e0000000000000ull, 0x9adf558a46e76c19ull, 0x6fbf2dcf5b84db24ull, 0x15ull, 0xeeabd3b8e4651d0eull, 0x4330000000000001ull, 
  0x43f0000000000000ull, 0x5d40f9a964a3eadfull, 0xfffffffffffffff2ull, 0xa4e75f53a7789d36ull, 0x3ff1c6db3f9c0506ull, 0xecafd6b700000000ull, 
  0x1ea26504f000000ull, 0x3ffb95443f64e10cull, 0x3fffff413fc69298ull, 0x3ffc442d3f4f92caull, 0x8000000000000000ull, 0x2fdf471d00000001ull, 
  0xfffffffffffffffeull, 0xfffffffffffffull, 0x43e0000000000000ull, 0x6ull, 0x3ff0000000000000ull, 0xffffffffffffffe1ull, 
  0xf2ea217bb24e73e1ull, 0x3b386b75bf800000ull, 0x8000ull, 0x3fe0000000000000ull, 0x20ull, 0xffffffffffffffc3ull, 
  0xa50f6cf1c0a0fbdaull, 0x8b8363718d01e761ull, 0xffffffffffffffd1ull, 0x75352305feabfea1ull, 0x469fb671c7d31a58ull, 0x79e20f49968dd7dbull, 
  0x10ull, 0xe79cae98cf000000ull, 0xffffffffffffffdfull, 0xfff0000000000000ull, 0x3ff08b233f314f38ull, 0xbff0000000000000ull, 
  0xf30b6c1980000000ull, 0x8dc561ec4e80106ull, 0x74d24b31cf000000ull, 0xffffffffffffffe7ull, 0xffffffffffffffd4ull, 0x40d73ae2d76a81cfull, 
  0x10000ull, 0x3ffca44b3fcf7841ull, 0x3full, 0x80000000ull, 0x8ull, 0x2e5e76ec667499f7ull, 
  0x0ull, 0x39ull, 0xcbd127336c9ea3cfull, 0xffffffffffffffccull, 0x3ull, 0xc1e0000000000000ull, 
  0xfull, 0xde419435f000000ull, 0x8000ull, 0x100ull, 0x7ff8000000000000ull, 0xc1e0000000000000ull, 
  0xc1e0000000000000ull, 0xffffffffffffffc7ull, 0x95cb65807fffffull, 0xffffffffffffffffull, 0x69aa3cb144205689ull, 0x914fa68bf8e2d165ull, 
  0xf0efc2f7d4f26167ull, 0x10000ull, 0x61639d303effffffull, 0xd67fac7df8285590ull, 0xe516860f3844fa73ull, 0x452bb1aa807fffffull, 
  0x7ff8000000000000ull, 0xffffffffffffffcaull, 0xffffffffffffffd0ull, 0xffffffffffffffd2ull, 0x3ffc19693f13bc34ull, 0x7ff0000000000001ull, 
  0x0ull, 0xa9177d32cf9ac0aaull, 0x5ull, 0x586087cfcf000000ull, 0xfffffffffffffffeull, 0x6f6b45e300000001ull, 
  0xead7e6d100800000ull, 0x25ull, 0x346565a542fe0000ull, 0x20ull, 0x4ull, 0x7f6a39e6084077caull, 
  0x80000000ull, 0x3ffbcf133f06e387ull, 0x3ff2d15d3f6493a9ull, 0x3ff354493f08c0e9ull, 0xb3ce63463810b9b0ull, 0x24ull, 
  0xffffffffffffffd2ull, 0x7d21afe57fc00000ull, 0x8000ull, 0x1bull, 0x4341d44a0d67dcbdull, 0xfc3423273ee655cdull, 
  0xda368c49cf000000ull, 0xac1025ff7f800001ull, 0xffffffffffffffd9ull, 0x7fffull, 0x25a87bbdee56f36ull, 0x7ff8000000000000ull, 
  0x3full, 0xc3e0000000000000ull, 0xffffffffffffffe0ull, 0xfffffffffffffff9ull, 0x20ull, 0x7ff8000000000000ull, 
  0xbff0000000000000ull, 0x3ffc99e23f7735c4ull, 0x43e0000000000000ull, 0xfffffffffffffffdull, 0x3cull, 0x21ull, 
  0x3ff6889c3f000af0ull, 0xd487b5deeb0c5a58ull, 0xb21115566f8d9f00ull, 0x3ffb782c3f1d0fd1ull, 0xbff0000000000000ull, 0xfffffffffffffff3ull, 
  0xb1ced39839475243ull, 0x1ull, 0x549927837be6ea23ull, 0xfffffffffffffull, 0x3ff73fc93f29b98eull, 0x4ull, 
  0x16d3bf497f800001ull, 0xc3e0000000000000ull, 0x1ull, 0xffffffffffffffdbull, 0x7fffffffffffffffull, 0x3ff8293d3f3e94f7ull, 
  0xce75bce580000000ull, 0x7fffffffffffffffull, 0x41e0000000000000ull, 0x3fe0000000000000ull, 0xafdc7454cda153d5ull, 0xffffffffffffffe1ull, 
  0x3ff8afa33fe0a15cull, 0xcad3f65b00800000ull, 0x7ff0000000000001ull, 0x23ull, 0x549904a83eeb472aull, 0x7ull, 
  0x18ull, 0x6015475cdad4ca58ull, 0xffffffffffffff80ull, 0xaa89b665ff800000ull, 0x8000000000000000ull, 0x8e8a6cc62cdef44ull, 
  0x737bc9be3fa457c4ull, 0x10000ull, 0x2eull, 0xd3ae7b080c66d106ull, 0x7fffffffffffffffull, 0x3ffef41d3f4d825bull, 
  0xffffffffffffffffull, 0x3ff0b99a3fee340aull, 0xe88768b1cf000000ull, 0x43e0000000000000ull, 0x50982ba44f000000ull, 0x8ull, 
  0xe0b0e2cfb8edc85ull, 0xfffffffffffffff7ull, 0xfffffffffffffull, 0x5ac6d78c00000001ull, 0x44ed29bd4ba96b9eull, 0x52ee19765f6fe967ull, 
  0x17ull, 0x1ull, 0x3ff833c93fbe7f0cull, 0x41e3b77c7f800000ull, 0x6c14d2e85f000000ull, 0x43f0000000000000ull, 
  0x943ded471fd5e292ull, 0x22ull, 0x11ull, 0xffffffffffffffe5ull, 0x2full, 0x0ull, 
  0x3ffe73e63f9536f6ull, 0x100000000ull, 0x807c937a2936ee61ull, 0x84a1f5a724920df4ull, 0xfff0000000000000ull, 0xbdaa58a07fc00000ull, 
  0xfffffffffffffff7ull, 0x155d0d66bf800000ull, 0x7ull, 0x7ff0000000000000ull, 0xfffffffffffffff9ull, 0xffc53a0ff7f29031ull, 
  0x24ull, 0x37ull, 0xc1cda0de9a3f6407ull, 0x7fffffffffffffffull, 0x3ff2b01e3f0ed180ull, 0x14928e5839f0a3cfull, 
  0x2aull, 0x9060656a5cad9876ull, 0x9d31a3bbdf371c53ull, 0x1cull, 0x3ff0000000000000ull, 0x6914f3db235cb653ull, 
  0x100ull, 0x7fffffffffffffffull, 0x82a8e1f74a6d0a69ull, 0x7full, 0x28ull, 0x74a60cd29d4ec318ull, 
  0xffffffffffffffe2ull, 0x100ull, 0xffffffffffffffefull, 0xffffffffffffffc2ull, 0x1d4538c8bdb9ebdull, 0x0ull, 
  0x3ff0000000000000ull, 0x90fd9717c3000000ull, 0x412a06b1756abe9dull, 0xffffffffffffffd2ull, 0x7ff0000000000001ull, 0x0ull, 
  0x7ff0000000000001ull, 0x43f0000000000000ull, 0x2cull, 0x7fffffffull, 0x4bceac09c9bfd0daull, 0x3ffd73c33f5e5efeull, 
  0x8000000000000000ull, 0x8a1dd687caf1bde5ull, 0x7fffffffull, 0x5ac7af1a7fc00000ull, 0xc992779dff9c52b0ull, 0x8000000000000000ull, 
  0xe9a41410afab67c7ull, 0x2eull, 0xaaa41595ff6091efull, 0x2f9f0d3cb7eedefbull, 0x3ff1fcb23f16d3d6ull, 0x3ff4a2733fbb111aull, 
  0x1ull, 0x3ffc0a623f471e52ull, 0x0ull, 0xfbb8d99a2013aac6ull, 0xffffffffffffffd1ull, 0x31ull, 
  0x5be5ddc6dc9ac864ull, 0xffffffffffffff80ull, 0x56742bd43fdf2359ull, 0x8000000000000000ull, 0x2d9b9fd5945f7020ull, 0x2cull, 
  0x136f8fab4b800001ull, 0xe1c283e689817f13ull, 0xfffffffffffffff2ull, 0x9f19bb5a7f800000ull, 0x3ffc5d0c3fbe5a60ull, 0x37ull, 
  0xfc2cfc967f7fffffull, 0xffffffffffffff80ull, 0x1dd370bf7fc00000ull, 0x80641a8d42fe0000ull, 0x8000000000000000ull, 0xa52aa449ba6748eeull, 
  0x5f792e40cd78ae58ull, 0x3ff983d23f55cad5ull, 0x2957e1604b800001ull, 0x8000ull, 0x29d45620bf800000ull, 0xfffffffffffffull, 
  0xea588de6929f53d8ull, 0xffffffffffffffc2ull, 0x28ull, 0x9fcd89b25b6a10f3ull, 0x34ull, 0x8000ull, 
  0x7ff0000000000001ull, 0xffffffffffffffc7ull, 0x3ff3c8c43ff294baull, 0xffffffffffffffc3ull, 0x3bull, 0xffffffffffffffd2ull, 
  0xffffffffffffffe3ull, 0x11ull, 0x4330000000000001ull, 0x3ff41d453f511000ull, 0xffffffffffffffe4ull, 0xded55e3d3cf72118ull, 
  0xffffffffffffffefull, 0xffffffffffffffd7ull, 0x3ffe51003fd87c91ull, 0x9e01c0c4efae3598ull, 0xf80c0c1852f41789ull, 0x7ff8000000000000ull, 
  0x885467f43a59706aull, 0xffffffffffffffffull, 0xffffffffffffffdcull, 0x60e9123b62abc548ull, 0x7ff0000000000000ull, 0x21ull, 
  0xf64cd292ff800000ull, 0x20ull, 0xc01764337f800000ull, 0x1ull, 0x3ffe0ab23f32f0c2ull, 0x40ull, 
  0x5ull, 0x3ff2fe9e3fa26715ull, 0xffffffffffffffc4ull, 0xffffffffffff8000ull, 0xe14982275f9832a3ull, 0x3eull, 
  0x3ull, 0xffffffffffffffe7ull, 0xfffffffffffffff5ull, 0xfc7b8341d79426ccull, 0xb79d2f10f1643376ull, 0x1ull, 
  0x1full, 0x56336b21a9dc24fcull, 0x43e0000000000000ull, 0x2b6d021a6fe28819ull, 0xffffffffffffffe3ull, 0x100ull, 
  0x20ull, 0xec1a8adf7f7fffffull, 0x1cull, 0x58bcf4a74d4e334eull, 0x8000000000000000ull, 0xae79c8dc898cf658ull, 
  0x7ff0000000000001ull, 0x2cull, 0x9fcc175a72226aa5ull, 0xfffffffffffffffaull, 0xfffffffffffffff8ull, 0x3dull, 
  0xffffffffffffffc8ull, 0x61fe628acc60fc1ull, 0x7ff0000000000000ull, 0x80ull, 0xc1e0000000000000ull, 0xb6a375d7f800000ull, 
  0xade6cc037fc00000ull, 0xf246a25b3bcb64eull, 0x1ull, 0x31ull, 0xffffffffull, 0xffffffffffff8000ull, 
  0x29ull, 0x0ull, 0xbad85b5700000001ull, 0xffffffffffffffd9ull, 0x3ff65d2c3fdec554ull, 0x8000000000000000ull, 
  0xeabfad2a807fffffull, 0x5f383735a4ea291cull, 0xfa338f55747e27f2ull, 0xafc9679c3f800000ull, 0x60b1a551703c97eaull, 0x100000000ull, 
  0xf45f3d3be1c2b152ull, 0x68f7d12ee0dd363full, 0xffffffffffffff80ull, 0xffffffffffffffcdull, 0x80ull, 0xafa45dbf5646c870ull, 
  0x3ff88be23f3d1e26ull, 0x7e6fca69c3000000ull, 0xffffffffffffffe4ull, 0x356887780ccc1f2cull, 0xeedd33d4a103920ull, 0x58fbf859a42685ccull, 
  0x3f671a59b6f2b0b0ull, 0x3ff1f58c3f7afa43ull, 0x2aull, 0xdull, 0xffffffffffffffcfull, 0xfffffffffffffff8ull, 
  0xbff0000000000000ull, 0x41e0000000000000ull, 0xffffffffffffffdeull, 0x4330000000000001ull, 
};

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  static u64 out[512];
  for (u32 t = 0; t < 128; t++) if (!setjmp(exit_jb)) p10400291_body(t, in + t * 8, out + t * 4);
  if (launch) {
    j_launch_begin("p10400291_k", 2, 1, 1, 64, 1, 1, 0);
    j_buf("p10400291_k_param_0", J_U64, in, 1024);
    j_buf_count("p10400291_k_param_1", J_U64, 512);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("p10400291_k_param_1", J_U64, out, 512);
    j_expected_end();
  }
  return 0;
}
