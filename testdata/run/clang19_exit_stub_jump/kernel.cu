// clang19_exit_stub_jump: an exit stub (clang 19's unreachable default) reached through a block of one bra.uni: lanes of a loop before the kernel's ret must meet before its bar.sync
// Found by cmd/difftest (seed 10400291, -O3), reduced; see docs/difftest.md.
// clang-flags: -O3 -ffp-contract=off
// clang-bin: clang-19
#include "cuda_prelude.h"
typedef __fp16 h16;
typedef unsigned __int128 u128;
typedef __int128 s128;
#define DEV __device__
#define SHARED __shared__
#define DEVVAR __device__
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
/* Intrinsics (Config.Intrin): clang's __nvvm builtins. */
#define I_f2i_rn(a) __nvvm_f2i_rn(a)
#define I_f2ui_rn(a) __nvvm_f2ui_rn(a)
#define I_f2ll_rn(a) __nvvm_f2ll_rn(a)
#define I_f2ull_rn(a) __nvvm_f2ull_rn(a)
#define I_d2i_rn(a) __nvvm_d2i_rn(a)
#define I_d2ui_rn(a) __nvvm_d2ui_rn(a)
#define I_d2ll_rn(a) __nvvm_d2ll_rn(a)
#define I_d2ull_rn(a) __nvvm_d2ull_rn(a)
#define I_i2f_rn(a) __nvvm_i2f_rn(a)
#define I_ui2f_rn(a) __nvvm_ui2f_rn(a)
#define I_ll2f_rn(a) __nvvm_ll2f_rn(a)
#define I_ull2f_rn(a) __nvvm_ull2f_rn(a)
#define I_ll2d_rn(a) __nvvm_ll2d_rn(a)
#define I_ull2d_rn(a) __nvvm_ull2d_rn(a)
#define I_f2i_rm(a) __nvvm_f2i_rm(a)
#define I_f2ui_rm(a) __nvvm_f2ui_rm(a)
#define I_f2ll_rm(a) __nvvm_f2ll_rm(a)
#define I_f2ull_rm(a) __nvvm_f2ull_rm(a)
#define I_d2i_rm(a) __nvvm_d2i_rm(a)
#define I_d2ui_rm(a) __nvvm_d2ui_rm(a)
#define I_d2ll_rm(a) __nvvm_d2ll_rm(a)
#define I_d2ull_rm(a) __nvvm_d2ull_rm(a)
#define I_i2f_rm(a) __nvvm_i2f_rm(a)
#define I_ui2f_rm(a) __nvvm_ui2f_rm(a)
#define I_ll2f_rm(a) __nvvm_ll2f_rm(a)
#define I_ull2f_rm(a) __nvvm_ull2f_rm(a)
#define I_ll2d_rm(a) __nvvm_ll2d_rm(a)
#define I_ull2d_rm(a) __nvvm_ull2d_rm(a)
#define I_f2i_rp(a) __nvvm_f2i_rp(a)
#define I_f2ui_rp(a) __nvvm_f2ui_rp(a)
#define I_f2ll_rp(a) __nvvm_f2ll_rp(a)
#define I_f2ull_rp(a) __nvvm_f2ull_rp(a)
#define I_d2i_rp(a) __nvvm_d2i_rp(a)
#define I_d2ui_rp(a) __nvvm_d2ui_rp(a)
#define I_d2ll_rp(a) __nvvm_d2ll_rp(a)
#define I_d2ull_rp(a) __nvvm_d2ull_rp(a)
#define I_i2f_rp(a) __nvvm_i2f_rp(a)
#define I_ui2f_rp(a) __nvvm_ui2f_rp(a)
#define I_ll2f_rp(a) __nvvm_ll2f_rp(a)
#define I_ull2f_rp(a) __nvvm_ull2f_rp(a)
#define I_ll2d_rp(a) __nvvm_ll2d_rp(a)
#define I_ull2d_rp(a) __nvvm_ull2d_rp(a)
#define I_d2f_rn(a) __nvvm_d2f_rn(a)
#define I_add_rn_f(a, b) __nvvm_add_rn_f(a, b)
#define I_mul_rn_f(a, b) __nvvm_mul_rn_f(a, b)
#define I_div_rn_f(a, b) __nvvm_div_rn_f(a, b)
#define I_fma_rn_f(a, b, c) __nvvm_fma_rn_f(a, b, c)
#define I_sqrt_rn_f(a) __nvvm_sqrt_rn_f(a)
#define I_rcp_rn_f(a) __nvvm_rcp_rn_f(a)
#define I_add_rn_d(a, b) __nvvm_add_rn_d(a, b)
#define I_mul_rn_d(a, b) __nvvm_mul_rn_d(a, b)
#define I_div_rn_d(a, b) __nvvm_div_rn_d(a, b)
#define I_fma_rn_d(a, b, c) __nvvm_fma_rn_d(a, b, c)
#define I_sqrt_rn_d(a) __nvvm_sqrt_rn_d(a)
#define I_rcp_rn_d(a) __nvvm_rcp_rn_d(a)
#define I_d2f_rz(a) __nvvm_d2f_rz(a)
#define I_add_rz_f(a, b) __nvvm_add_rz_f(a, b)
#define I_mul_rz_f(a, b) __nvvm_mul_rz_f(a, b)
#define I_div_rz_f(a, b) __nvvm_div_rz_f(a, b)
#define I_fma_rz_f(a, b, c) __nvvm_fma_rz_f(a, b, c)
#define I_sqrt_rz_f(a) __nvvm_sqrt_rz_f(a)
#define I_rcp_rz_f(a) __nvvm_rcp_rz_f(a)
#define I_add_rz_d(a, b) __nvvm_add_rz_d(a, b)
#define I_mul_rz_d(a, b) __nvvm_mul_rz_d(a, b)
#define I_div_rz_d(a, b) __nvvm_div_rz_d(a, b)
#define I_fma_rz_d(a, b, c) __nvvm_fma_rz_d(a, b, c)
#define I_sqrt_rz_d(a) __nvvm_sqrt_rz_d(a)
#define I_rcp_rz_d(a) __nvvm_rcp_rz_d(a)
#define I_d2f_rm(a) __nvvm_d2f_rm(a)
#define I_add_rm_f(a, b) __nvvm_add_rm_f(a, b)
#define I_mul_rm_f(a, b) __nvvm_mul_rm_f(a, b)
#define I_div_rm_f(a, b) __nvvm_div_rm_f(a, b)
#define I_fma_rm_f(a, b, c) __nvvm_fma_rm_f(a, b, c)
#define I_sqrt_rm_f(a) __nvvm_sqrt_rm_f(a)
#define I_rcp_rm_f(a) __nvvm_rcp_rm_f(a)
#define I_add_rm_d(a, b) __nvvm_add_rm_d(a, b)
#define I_mul_rm_d(a, b) __nvvm_mul_rm_d(a, b)
#define I_div_rm_d(a, b) __nvvm_div_rm_d(a, b)
#define I_fma_rm_d(a, b, c) __nvvm_fma_rm_d(a, b, c)
#define I_sqrt_rm_d(a) __nvvm_sqrt_rm_d(a)
#define I_rcp_rm_d(a) __nvvm_rcp_rm_d(a)
#define I_d2f_rp(a) __nvvm_d2f_rp(a)
#define I_add_rp_f(a, b) __nvvm_add_rp_f(a, b)
#define I_mul_rp_f(a, b) __nvvm_mul_rp_f(a, b)
#define I_div_rp_f(a, b) __nvvm_div_rp_f(a, b)
#define I_fma_rp_f(a, b, c) __nvvm_fma_rp_f(a, b, c)
#define I_sqrt_rp_f(a) __nvvm_sqrt_rp_f(a)
#define I_rcp_rp_f(a) __nvvm_rcp_rp_f(a)
#define I_add_rp_d(a, b) __nvvm_add_rp_d(a, b)
#define I_mul_rp_d(a, b) __nvvm_mul_rp_d(a, b)
#define I_div_rp_d(a, b) __nvvm_div_rp_d(a, b)
#define I_fma_rp_d(a, b, c) __nvvm_fma_rp_d(a, b, c)
#define I_sqrt_rp_d(a) __nvvm_sqrt_rp_d(a)
#define I_rcp_rp_d(a) __nvvm_rcp_rp_d(a)
#define I_fmin_f(a, b) (__nvvm_fmin_f((a), (b)) + 0.0f)
#define I_fmax_f(a, b) (__nvvm_fmax_f((a), (b)) + 0.0f)
#define I_fmin_d(a, b) (__nvvm_fmin_d((a), (b)) + 0.0)
#define I_fmax_d(a, b) (__nvvm_fmax_d((a), (b)) + 0.0)
#define I_sat_f(a) (__nvvm_saturate_f(a) + 0.0f)
#define I_sat_d(a) (__nvvm_saturate_d(a) + 0.0)
#define I_prmt(a, b, s) (u32)__nvvm_prmt((a), (b), (s))
#define I_mulhi_ll(a, b) (s64)__nvvm_mulhi_ll((a), (b))
#define I_mulhi_ull(a, b) (u64)__nvvm_mulhi_ull((a), (b))
#define I_sad_i(a, b, c) (s32)__nvvm_sad_i((a), (b), (c))
#define I_sad_ui(a, b, c) (u32)__nvvm_sad_ui((a), (b), (c))
#define I_mul24_i(a, b) (s32)__nvvm_mul24_i((a), (b))
#define I_mul24_ui(a, b) (u32)__nvvm_mul24_ui((a), (b))
#define I_brev32(a) (u32)__builtin_bitreverse32(a)
#define I_brev64(a) (u64)__builtin_bitreverse64(a)
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
/* Intrinsics only clang 19 knows (Config.Intrin19). */
#define I_fmin_nan_f(a, b) (__nvvm_fmin_nan_f((a), (b)) + 0.0f)
#define I_fmax_nan_f(a, b) (__nvvm_fmax_nan_f((a), (b)) + 0.0f)
#define I_fmin_f16(a, b) ((h16)((float)__nvvm_fmin_f16((a), (b)) + 0.0f))
#define I_fmax_f16(a, b) ((h16)((float)__nvvm_fmax_f16((a), (b)) + 0.0f))
#define I_fmin_nan_f16(a, b) ((h16)((float)__nvvm_fmin_nan_f16((a), (b)) + 0.0f))
#define I_fmax_nan_f16(a, b) ((h16)((float)__nvvm_fmax_nan_f16((a), (b)) + 0.0f))
#define I_f2tf32_rna(a) ctf32(__nvvm_f2tf32_rna(a))
#define I_fma_rn_f16(a, b, c) __nvvm_fma_rn_f16((a), (b), (c))
#define I_fma_rn_relu_f16(a, b, c) ((h16)((float)__nvvm_fma_rn_relu_f16((a), (b), (c)) + 0.0f))
#define I_ff2f16x2_rn(a, b) c16x2(__builtin_bit_cast(u32, __nvvm_ff2f16x2_rn((a), (b))), 0, 0)
#define I_ff2bf16x2_rn(a, b) c16x2(__builtin_bit_cast(u32, __nvvm_ff2bf16x2_rn((a), (b))), 0, 1)
#define I_f2bf16_rn(a) (u16)c16x2(__builtin_bit_cast(u16, __nvvm_f2bf16_rn(a)), 0, 1)
#define I_ff2f16x2_rn_relu(a, b) c16x2(__builtin_bit_cast(u32, __nvvm_ff2f16x2_rn_relu((a), (b))), 1, 0)
#define I_ff2bf16x2_rn_relu(a, b) c16x2(__builtin_bit_cast(u32, __nvvm_ff2bf16x2_rn_relu((a), (b))), 1, 1)
#define I_f2bf16_rn_relu(a) (u16)c16x2(__builtin_bit_cast(u16, __nvvm_f2bf16_rn_relu(a)), 1, 1)
#define I_ff2f16x2_rz(a, b) c16x2(__builtin_bit_cast(u32, __nvvm_ff2f16x2_rz((a), (b))), 0, 0)
#define I_ff2bf16x2_rz(a, b) c16x2(__builtin_bit_cast(u32, __nvvm_ff2bf16x2_rz((a), (b))), 0, 1)
#define I_f2bf16_rz(a) (u16)c16x2(__builtin_bit_cast(u16, __nvvm_f2bf16_rz(a)), 0, 1)
#define I_ff2f16x2_rz_relu(a, b) c16x2(__builtin_bit_cast(u32, __nvvm_ff2f16x2_rz_relu((a), (b))), 1, 0)
#define I_ff2bf16x2_rz_relu(a, b) c16x2(__builtin_bit_cast(u32, __nvvm_ff2bf16x2_rz_relu((a), (b))), 1, 1)
#define I_f2bf16_rz_relu(a) (u16)c16x2(__builtin_bit_cast(u16, __nvvm_f2bf16_rz_relu(a)), 1, 1)
/* Extended precision (Config.Carry): inline add.cc, addc, sub.cc, subc,
   mad.cc, madc. */
#define CC_LO(x) ((u32)(u64)(x))
#define CC_HI(x) ((u32)((u64)(x) >> 32))
static DEV inline u64 I_cc_add64(u64 a, u64 b) { u32 l, h;
  asm("add.cc.u32 %0, %2, %4;\n\taddc.u32 %1, %3, %5;" : "=&r"(l), "=&r"(h) : "r"(CC_LO(a)), "r"(CC_HI(a)), "r"(CC_LO(b)), "r"(CC_HI(b)));
  return (u64)h << 32 | l; }
static DEV inline u32 I_cc_addcarry(u64 a, u64 b) { u32 l, h, c;
  asm("add.cc.u32 %0, %3, %5;\n\taddc.cc.u32 %1, %4, %6;\n\taddc.u32 %2, 0, 0;" : "=&r"(l), "=&r"(h), "=&r"(c) : "r"(CC_LO(a)), "r"(CC_HI(a)), "r"(CC_LO(b)), "r"(CC_HI(b)));
  return c; }
static DEV inline u64 I_cc_sub64(u64 a, u64 b) { u32 l, h;
  asm("sub.cc.u32 %0, %2, %4;\n\tsubc.u32 %1, %3, %5;" : "=&r"(l), "=&r"(h) : "r"(CC_LO(a)), "r"(CC_HI(a)), "r"(CC_LO(b)), "r"(CC_HI(b)));
  return (u64)h << 32 | l; }
static DEV inline u32 I_cc_subborrow(u64 a, u64 b) { u32 l, h, c;
  asm("sub.cc.u32 %0, %3, %5;\n\tsubc.cc.u32 %1, %4, %6;\n\tsubc.u32 %2, 0, 0;" : "=&r"(l), "=&r"(h), "=&r"(c) : "r"(CC_LO(a)), "r"(CC_HI(a)), "r"(CC_LO(b)), "r"(CC_HI(b)));
  return c; }
static DEV inline u64 I_cc_add96(u64 a, u64 b, u32 c) { u32 l, m, h;
  asm("add.cc.s32 %0, %3, %5;\n\taddc.cc.s32 %1, %4, %6;\n\taddc.s32 %2, %7, %7;" : "=&r"(l), "=&r"(m), "=&r"(h) : "r"(CC_LO(a)), "r"(CC_HI(a)), "r"(CC_LO(b)), "r"(CC_HI(b)), "r"(c));
  return (u64)h << 32 | m; }
static DEV inline void cc_mul128(u64 a, u64 b, u32 *r) {
  asm("mul.lo.u32 %0, %4, %6;\n\tmul.hi.u32 %1, %4, %6;\n\tmad.lo.cc.u32 %1, %5, %6, %1;\n\tmadc.hi.u32 %2, %5, %6, 0;\n\t"
      "mad.lo.cc.u32 %1, %4, %7, %1;\n\tmadc.hi.cc.u32 %2, %4, %7, %2;\n\taddc.u32 %3, 0, 0;\n\t"
      "mad.lo.cc.u32 %2, %5, %7, %2;\n\tmadc.hi.u32 %3, %5, %7, %3;"
      : "=&r"(r[0]), "=&r"(r[1]), "=&r"(r[2]), "=&r"(r[3]) : "r"(CC_LO(a)), "r"(CC_HI(a)), "r"(CC_LO(b)), "r"(CC_HI(b))); }
static DEV inline u64 I_cc_mullo(u64 a, u64 b) { u32 r[4]; cc_mul128(a, b, r); return (u64)r[1] << 32 | r[0]; }
static DEV inline u64 I_cc_mulhi(u64 a, u64 b) { u32 r[4]; cc_mul128(a, b, r); return (u64)r[3] << 32 | r[2]; }
static DEV inline s64 I_cc_sadd64(s64 a, s64 b) { return (s64)I_cc_add64((u64)a, (u64)b); }
static DEV inline u32 sc_add(u32 a, u32 b) { return a + b; }
static DEV inline u32 sc_umax(u32 a, u32 b) { return a > b ? a : b; }
static DEV inline u32 sc_xor(u32 a, u32 b) { return a ^ b; }
static DEV inline u32 sc_fadd(u32 a, u32 b) { return f2u(u2f(a) + u2f(b)); }
/* Warp scans (Config.Scan), CUDA's loops of shfl.sync. */
#define WSCANUP(f, w) ({ u32 v_ = f(t, in); for (u32 o_ = 1; o_ < (w); o_ <<= 1) { \
  u32 u_ = (u32)__nvvm_shfl_sync_up_i32(FULL_MASK, (int)v_, (int)o_, (int)((32u - (w)) << 8)); \
  if ((t & ((w) - 1u)) >= o_) v_ += u_; } v_; })
#define WBFLY(op, f, w) ({ u32 v_ = f(t, in); for (u32 o_ = (w) >> 1; o_ > 0; o_ >>= 1) \
  v_ = op(v_, (u32)__nvvm_shfl_sync_bfly_i32(FULL_MASK, (int)v_, (int)o_, (int)(((32u - (w)) << 8) | 31u))); v_; })
#define WDOWN(f, w) ({ u32 v_ = f(t, in); for (u32 o_ = (w) >> 1; o_ > 0; o_ >>= 1) \
  v_ += (u32)__nvvm_shfl_sync_down_i32(FULL_MASK, (int)v_, (int)o_, (int)(((32u - (w)) << 8) | 31u)); v_; })
#define WSEG(f, n) ({ u32 v_ = f(t, in); if ((t & 31u) < (n)) { u32 m_ = (1u << (n)) - 1u; \
  for (u32 o_ = 1; o_ < (n); o_ <<= 1) { u32 u_ = (u32)__nvvm_shfl_sync_up_i32(m_, (int)v_, (int)o_, 0); \
  if ((t & 31u) >= o_) v_ += u_; } } else { u32 m_ = ~((1u << (n)) - 1u); \
  for (u32 o_ = 1; o_ < 32u - (n); o_ <<= 1) v_ ^= (u32)__nvvm_shfl_sync_down_i32(m_, (int)v_, (int)o_, 31) * 3u; } v_; })
#define WSHFL(mode, f, b, c) ((u32)__nvvm_shfl_sync_##mode##_i32(FULL_MASK, (int)f(t, in), (int)(b), (int)(c)))
/* Tiles (Config.Tiles): TV(f, u, k) is what thread u writes on trip k;
   TME is this thread's element, TCTA0 its CTA's first thread. */
#define TN 64u
#define TR 8u
#define TC 8u
#define TV(f, u, k) (f((u), AT(u)) * (2u * (k) + 1u) + (k))
#define TME (t & (TN - 1u))
#define TCTA0 (t & ~(TN - 1u))
#define AS3(p) ((__attribute__((address_space(3))) void *)(p))
#define AS1(p) ((__attribute__((address_space(1))) const void *)(p))
#define TMM(T, fa, fb, n) ({ __shared__ T a_[TR][TC]; __shared__ T b_[TR][TC]; T acc_ = 0; \
  u32 r_ = TME / TC, c_ = TME % TC; \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { a_[r_][c_] = (T)TV(fa, t, k0_); b_[r_][c_] = (T)TV(fb, t, k0_); __syncthreads(); \
    for (u32 k_ = 0; k_ < TR; k_++) acc_ += a_[r_][k_] * b_[k_][c_]; \
    __syncthreads(); } acc_; })
#define TTR(T, f, n) ({ __shared__ T s_[TR][TC + 1]; T acc_ = 0; \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { s_[TME / TC][TME % TC] = (T)TV(f, t, k0_); __syncthreads(); \
    acc_ = acc_ * (T)3 + s_[TME % TR][TME / TR]; __syncthreads(); } acc_; })
#define TVOL(T, f, n) ({ volatile __shared__ T s_[TR][TC + 1]; T acc_ = 0; \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { s_[TME / TC][TME % TC] = (T)TV(f, t, k0_); __syncthreads(); \
    acc_ = acc_ * (T)3 + s_[TME % TR][TME / TR]; __syncthreads(); } acc_; })
/* TCP: cp.async of inputs j0 + k (mod 8; even for 16 bytes) of each
   thread into buffer k & 1, two groups in flight. */
#define TCPCOPY(sz, j0, s_, k) do { u32 j_ = ((j0) + (k)) & 7u; \
  if ((sz) == 4) __nvvm_cp_async_ca_shared_global_4(AS3(&((u32 *)s_[(k) & 1u])[TME]), AS1((const u32 *)(in + j_) + ((k) & 1u))); \
  else if ((sz) == 8) __nvvm_cp_async_ca_shared_global_8(AS3(&s_[(k) & 1u][TME][0]), AS1(in + j_)); \
  else __nvvm_cp_async_cg_shared_global_16(AS3(&s_[(k) & 1u][TME][0]), AS1(in + (j_ & 6u))); } while (0)
#define TCP(sz, j0, d, n) ({ __shared__ __attribute__((aligned(16))) u64 s_[2][TN][2]; u64 acc_ = 0; \
  TCPCOPY(sz, j0, s_, 0u); __nvvm_cp_async_commit_group(); \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { if (k0_ + 1u < (n)) TCPCOPY(sz, j0, s_, k0_ + 1u); __nvvm_cp_async_commit_group(); \
    __nvvm_cp_async_wait_group(1); __syncthreads(); \
    u32 o_ = (TME + (d)) % TN; \
    u64 x_ = (sz) == 4 ? (u64)((u32 *)s_[k0_ & 1u])[o_] : (sz) == 8 ? s_[k0_ & 1u][o_][0] : s_[k0_ & 1u][o_][0] ^ (s_[k0_ & 1u][o_][1] << 1); \
    acc_ += x_ * (k0_ + 1u); __syncthreads(); } acc_; })
/* Rounding to integral values (Config.Round). */
#define I_trunc_f(a) __builtin_truncf(a)
#define I_floor_f(a) __builtin_floorf(a)
#define I_ceil_f(a) __builtin_ceilf(a)
#define I_rint_f(a) __builtin_rintf(a)
#define I_round_f(a) __builtin_roundf(a)
#define I_copysign_f(a, b) __builtin_copysignf((a), nan1f(b))
#define I_trunc_d(a) __builtin_trunc(a)
#define I_floor_d(a) __builtin_floor(a)
#define I_ceil_d(a) __builtin_ceil(a)
#define I_rint_d(a) __builtin_rint(a)
#define I_round_d(a) __builtin_round(a)
#define I_copysign_d(a, b) __builtin_copysign((a), nan1d(b))
/* Read-only tables (Config.RO): ld.const and ld.global.nc. */
#define I_const_u32(i) ro_u32[(i) & 15u]
#define I_const_u64(i) ro_u64[(i) & 15u]
#define I_const_f32(i) ro_f32[(i) & 15u]
#define I_const_f64(i) ro_f64[(i) & 15u]
#define I_ldg_u32(i) (u32)__nvvm_ldg_ui(&rg_u32[(i) & 15u])
#define I_ldg_u64(i) (u64)__nvvm_ldg_ull(&rg_u64[(i) & 15u])
#define I_ldg_f32(i) __nvvm_ldg_f(&rg_f32[(i) & 15u])
#define I_ldg_f64(i) __nvvm_ldg_d(&rg_f64[(i) & 15u])
#define ROCONST __constant__
#define ROGLOBAL __device__
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
/* nvcc's instructions (Config.Asm), inline PTX. */
#define I_lop3(a, b, c, l) ({ u32 r_; asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r_) : "r"((u32)(a)), "r"((u32)(b)), "r"((u32)(c)), "n"(l)); r_; })
#define ASM_1(name, ins, rc, rt, ac, at) static DEV inline rt I_##name(at a) { rt r; asm(ins " %0, %1;" : "=" rc(r) : ac(a)); return r; }
#define ASM_2(name, ins, rc, rt, ac, at, bc, bt) static DEV inline rt I_##name(at a, bt b) { rt r; asm(ins " %0, %1, %2;" : "=" rc(r) : ac(a), bc(b)); return r; }
#define ASM_3(name, ins, rc, rt, ac, at, bc, bt, cc, ct) static DEV inline rt I_##name(at a, bt b, ct c) { rt r; \
  asm(ins " %0, %1, %2, %3;" : "=" rc(r) : ac(a), bc(b), cc(c)); return r; }
ASM_1(bfind_u32, "bfind.u32", "r", u32, "r", u32) ASM_1(bfind_s32, "bfind.s32", "r", u32, "r", s32)
ASM_1(bfind_u64, "bfind.u64", "r", u32, "l", u64) ASM_1(bfind_s64, "bfind.s64", "r", u32, "l", s64)
ASM_1(bfind_sa_u32, "bfind.shiftamt.u32", "r", u32, "r", u32) ASM_1(bfind_sa_s32, "bfind.shiftamt.s32", "r", u32, "r", s32)
ASM_1(bfind_sa_u64, "bfind.shiftamt.u64", "r", u32, "l", u64) ASM_1(bfind_sa_s64, "bfind.shiftamt.s64", "r", u32, "l", s64)
ASM_3(dp4a_uu, "dp4a.u32.u32", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(dp4a_ss, "dp4a.s32.s32", "r", s32, "r", u32, "r", u32, "r", s32)
ASM_3(dp4a_us, "dp4a.u32.s32", "r", s32, "r", u32, "r", u32, "r", s32) ASM_3(dp4a_su, "dp4a.s32.u32", "r", s32, "r", u32, "r", u32, "r", s32)
ASM_3(dp2a_lo_uu, "dp2a.lo.u32.u32", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(dp2a_hi_ss, "dp2a.hi.s32.s32", "r", s32, "r", u32, "r", u32, "r", s32)
ASM_3(dp2a_lo_su, "dp2a.lo.s32.u32", "r", s32, "r", u32, "r", u32, "r", s32) ASM_3(dp2a_hi_us, "dp2a.hi.u32.s32", "r", s32, "r", u32, "r", u32, "r", s32)
ASM_3(prmt_f4e, "prmt.b32.f4e", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(prmt_b4e, "prmt.b32.b4e", "r", u32, "r", u32, "r", u32, "r", u32)
ASM_3(prmt_rc8, "prmt.b32.rc8", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(prmt_ecl, "prmt.b32.ecl", "r", u32, "r", u32, "r", u32, "r", u32)
ASM_3(prmt_ecr, "prmt.b32.ecr", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(prmt_rc16, "prmt.b32.rc16", "r", u32, "r", u32, "r", u32, "r", u32)
ASM_3(shf_l_clamp, "shf.l.clamp.b32", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(shf_r_clamp, "shf.r.clamp.b32", "r", u32, "r", u32, "r", u32, "r", u32)
ASM_3(slct_s32, "slct.u32.s32", "r", u32, "r", u32, "r", u32, "r", s32) ASM_3(slct_f32, "slct.b32.f32", "r", u32, "r", u32, "r", u32, "f", float)
ASM_3(slct_u64_s32, "slct.u64.s32", "l", u64, "l", u64, "l", u64, "r", s32) ASM_3(slct_f64_f32, "slct.f64.f32", "d", double, "d", double, "d", double, "f", float)
#define ASM_TESTP(name, ins, ac, at) static DEV inline u32 I_##name(at a) { u32 r; \
  asm("{\n\t.reg .pred p;\n\t" ins " p, %1;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(r) : ac(a)); return r; }
ASM_TESTP(testp_finite_f32, "testp.finite.f32", "f", float) ASM_TESTP(testp_infinite_f32, "testp.infinite.f32", "f", float)
ASM_TESTP(testp_number_f32, "testp.number.f32", "f", float) ASM_TESTP(testp_notanumber_f32, "testp.notanumber.f32", "f", float)
ASM_TESTP(testp_normal_f32, "testp.normal.f32", "f", float) ASM_TESTP(testp_subnormal_f32, "testp.subnormal.f32", "f", float)
ASM_TESTP(testp_finite_f64, "testp.finite.f64", "d", double) ASM_TESTP(testp_normal_f64, "testp.normal.f64", "d", double)
ASM_TESTP(testp_subnormal_f64, "testp.subnormal.f64", "d", double) ASM_TESTP(testp_notanumber_f64, "testp.notanumber.f64", "d", double)
ASM_2(copysign_if32, "copysign.f32", "f", float, "f", float, "f", float) ASM_2(copysign_if64, "copysign.f64", "d", double, "d", double, "d", double)
#define I_copysign_i_f32(a, b) I_copysign_if32(nan1f(a), (b))
#define I_copysign_i_f64(a, b) I_copysign_if64(nan1d(a), (b))
ASM_1(cnot_b16, "cnot.b16", "h", u16, "h", u16) ASM_1(cnot_b32, "cnot.b32", "r", u32, "r", u32) ASM_1(cnot_b64, "cnot.b64", "l", u64, "l", u64)
ASM_2(mul24_hi_u32, "mul24.hi.u32", "r", u32, "r", u32, "r", u32) ASM_2(mul24_hi_s32, "mul24.hi.s32", "r", s32, "r", s32, "r", s32)
ASM_3(mad24_lo_u32, "mad24.lo.u32", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(mad24_hi_s32, "mad24.hi.s32", "r", s32, "r", s32, "r", s32, "r", s32)
ASM_2(set_lt_u32_u32, "set.lt.u32.u32", "r", u32, "r", u32, "r", u32) ASM_2(set_ge_u32_s32, "set.ge.u32.s32", "r", u32, "r", s32, "r", s32)
ASM_2(set_ne_u32_s64, "set.ne.u32.s64", "r", u32, "l", s64, "l", s64) ASM_2(set_ltu_u32_f32, "set.ltu.u32.f32", "r", u32, "f", float, "f", float)
ASM_2(set_gt_u32_f64, "set.gt.u32.f64", "r", u32, "d", double, "d", double) ASM_2(set_nan_u32_f32, "set.nan.u32.f32", "r", u32, "f", float, "f", float)
ASM_2(set_equ_s32_f32, "set.equ.s32.f32", "r", s32, "f", float, "f", float) ASM_2(set_le_f32_s32, "set.le.f32.s32", "f", float, "r", s32, "r", s32)
ASM_2(set_neu_f32_f64, "set.neu.f32.f64", "f", float, "d", double, "d", double)
/* Values of other threads (Config.Exchange): XCHG(mode, f, l) is f(t, in)
   of the source thread that mode and l name. */
static DEV inline u32 xchg_idx(u32 v, u32 l) { return (u32)__shfl_sync(FULL_MASK, (int)v, (int)l); }
static DEV inline u32 xchg_up(u32 v, u32 l) { return (u32)__shfl_up_sync(FULL_MASK, (int)v, l); }
static DEV inline u32 xchg_down(u32 v, u32 l) { return (u32)__shfl_down_sync(FULL_MASK, (int)v, l); }
static DEV inline u32 xchg_xor(u32 v, u32 l) { return (u32)__shfl_xor_sync(FULL_MASK, (int)v, (int)l); }
static DEV inline u32 xchg_cta(u32 v, u32 l) {
  __shared__ u32 x[64];
  x[threadIdx.x] = v;
  __syncthreads();
  u32 r = x[l];
  __syncthreads();
  return r;
}
#define XCHG(mode, f, l) xchg_##mode(f(t, in), (l))
/* XCHGN(f, l, g, j): XCHG(cta, f, l) through named barrier 1 (barrier.sync
   1, n), n the threads of the CTA that stay (Config.Exit). */
static DEV inline u32 xchg_ctan(u32 v, u32 l, u32 n) {
  __shared__ u32 x[64];
  x[threadIdx.x] = v;
  __nvvm_barrier_sync_cnt(1, n);
  u32 r = x[l];
  __nvvm_barrier_sync_cnt(1, n);
  return r;
}
#define XCHGN(f, l, g, j) xchg_ctan(f(t, in), (l), NLIVE(g, j))
/* XCHGM(mode, f, l, g, j): XCHG in a warp some lanes of which left
   (Config.Exit): the membermask names the lanes that stay, g##_mask, and
   a source that left gives way to this thread. */
static DEV inline u32 xchg_m(u32 v, u32 lane, u32 m) { return (u32)__shfl_sync(m, (int)v, (int)lane); }
#define XCHGM(mode, f, l, g, j) xchg_m(f(t, in), WSRC(mode, l, g, j) & 31u, g##_mask(t, in, (j)))
/* XCHGS(f, l, g, j), XCHGNS (Config.Shapes): XCHG(cta, ...) and XCHGN
   across a CTA of SHP slots, ME this thread's, g saying which slots hold
   no thread or a thread that left. NLIVES(g, j) counts the CTA's threads
   that stay, LEADS(g, j) is the first. */
static DEV inline u32 xchgs_cta(u32 v, u32 l, u32 me) {
  __shared__ u32 x[128];
  x[me] = v;
  __syncthreads();
  u32 r = x[l];
  __syncthreads();
  return r;
}
static DEV inline u32 xchgs_ctan(u32 v, u32 l, u32 n, u32 me) {
  __shared__ u32 x[128];
  x[me] = v;
  __nvvm_barrier_sync_cnt(1, n);
  u32 r = x[l];
  __nvvm_barrier_sync_cnt(1, n);
  return r;
}
#define NLIVES(g, j) ({ u32 n_ = 0; for (u32 l_ = 0; l_ < SHP; l_++) n_ += g(CTA0 | l_, AT(CTA0 | l_), (j)) ? 0u : 1u; n_; })
#define LEADS(g, j) ({ u32 l_ = 0; while (l_ < SHM && g(CTA0 | l_, AT(CTA0 | l_), (j))) l_++; l_; })
#define XCHGS(f, l, g, j) xchgs_cta(f(t, in), CTASRCS(g, l, j), ME)
#define XCHGNS(f, l, g, j) xchgs_ctan(f(t, in), CTASRCS(g, l, j), NLIVES(g, j), ME)
/* XCHGD, XBALD, XREDD (Config.Diverge): a shfl.sync.idx, vote.sync.ballot
   or redux.sync.add on each path of if (c(t, in) & 1u), both naming the
   whole warp (they run together from sm_70 on). The builtins stand here,
   not in an inline function, so that -O0 too keeps them in the body. */
#define XCHGD(c, fb, fc, lb, lc) ({ u32 r_; if (c(t, in) & 1u) r_ = (u32)__nvvm_shfl_sync_idx_i32(FULL_MASK, (int)fb(t, in), (int)((lb) & 31u), 0x1f); \
  else r_ = (u32)__nvvm_shfl_sync_idx_i32(FULL_MASK, (int)fc(t, in), (int)((lc) & 31u), 0x1f); r_; })
#define XBALD(c, fb, fc) ({ u32 r_; if (c(t, in) & 1u) r_ = __nvvm_vote_ballot_sync(FULL_MASK, (fb(t, in) & 1u) != 0); \
  else r_ = __nvvm_vote_ballot_sync(FULL_MASK, (fc(t, in) & 1u) != 0); r_; })
#define XREDD(c, fb, fc) ({ u32 r_; if (c(t, in) & 1u) r_ = __nvvm_redux_sync_add(fb(t, in), FULL_MASK); \
  else r_ = __nvvm_redux_sync_add(fc(t, in) * 3u, FULL_MASK); r_; })
/* XRED(mode, f): a collective of f(t, in) over the warp or the CTA. */
static DEV inline u32 xred_ballot(u32 v) { return __ballot_sync(FULL_MASK, v & 1u); }
static DEV inline u32 xred_any(u32 v) { return __any_sync(FULL_MASK, v & 1u) != 0; }
static DEV inline u32 xred_all(u32 v) { return __all_sync(FULL_MASK, v & 1u) != 0; }
static DEV inline u32 xred_uni(u32 v) { return __uni_sync(FULL_MASK, v & 1u) != 0; }
static DEV inline u32 xred_matchany(u32 v) { return __match_any_sync(FULL_MASK, v); }
static DEV inline u32 xred_redadd(u32 v) { return __reduce_add_sync(FULL_MASK, v); }
static DEV inline u32 xred_redumax(u32 v) { return __reduce_umax_sync(FULL_MASK, v); }
static DEV inline u32 xred_redor(u32 v) { return __reduce_or_sync(FULL_MASK, v); }
/* The counter's first value is written by thread lead of the CTA: 0, or
   32 after warp 0 has left (XREDG, Config.Exit). */
#define XRED_ATOM(name, init, T, call) \
  static DEV inline u32 xredg_##name(u32 v, u32 lead) { \
    __shared__ T a; \
    if (threadIdx.x == lead) a = (T)(init); \
    __syncthreads(); \
    call(&a, (T)v); \
    __syncthreads(); \
    u32 r = (u32)a; \
    __syncthreads(); \
    return r; \
  } \
  static DEV inline u32 xred_##name(u32 v) { return xredg_##name(v, 0u); } \
  static DEV inline u32 xreds_##name(u32 v, u32 lead, u32 me) { \
    __shared__ T a; \
    if (me == lead) a = (T)(init); \
    __syncthreads(); \
    call(&a, (T)v); \
    __syncthreads(); \
    u32 r = (u32)a; \
    __syncthreads(); \
    return r; \
  }
XRED_ATOM(atomadd, 0u, u32, atomicAdd)
XRED_ATOM(atommin, 0xffffffffu, u32, atomicMin)
XRED_ATOM(atommax, 0u, u32, atomicMax)
XRED_ATOM(atommaxs, 0x80000000u, s32, atomicMax)
XRED_ATOM(atomand, 0xffffffffu, u32, atomicAnd)
XRED_ATOM(atomor, 0u, u32, atomicOr)
XRED_ATOM(atomxor, 0u, u32, atomicXor)
/* A global counter, one per CTA. */
static DEV u32 xred_counter[2];
static DEV inline u32 xredg_atomaddg(u32 v, u32 lead) {
  if (threadIdx.x == lead) xred_counter[blockIdx.x] = 0;
  __syncthreads();
  atomicAdd(&xred_counter[blockIdx.x], v);
  __syncthreads();
  u32 r = xred_counter[blockIdx.x];
  __syncthreads();
  return r;
}
static DEV inline u32 xred_atomaddg(u32 v) { return xredg_atomaddg(v, 0u); }
static DEV u32 xreds_counter[4];
static DEV inline u32 xreds_atomaddg(u32 v, u32 lead, u32 me) {
  if (me == lead) xreds_counter[blockIdx.x] = 0;
  __syncthreads();
  atomicAdd(&xreds_counter[blockIdx.x], v);
  __syncthreads();
  u32 r = xreds_counter[blockIdx.x];
  __syncthreads();
  return r;
}
/* __syncthreads_count, _and, _or (bar.red.popc, .and, .or) of v & 1. */
static DEV inline u32 xred_syncount(u32 v) { return (u32)__nvvm_bar0_popc((int)(v & 1u)); }
static DEV inline u32 xred_syncand(u32 v) { return (u32)(__nvvm_bar0_and((int)(v & 1u)) != 0); }
static DEV inline u32 xred_syncor(u32 v) { return (u32)(__nvvm_bar0_or((int)(v & 1u)) != 0); }
static DEV inline u32 xredg_syncount(u32 v, u32 lead) { return xred_syncount(v); }
static DEV inline u32 xredg_syncand(u32 v, u32 lead) { return xred_syncand(v); }
static DEV inline u32 xredg_syncor(u32 v, u32 lead) { return xred_syncor(v); }
static DEV inline u32 xreds_syncount(u32 v, u32 lead, u32 me) { return xred_syncount(v); }
static DEV inline u32 xreds_syncand(u32 v, u32 lead, u32 me) { return xred_syncand(v); }
static DEV inline u32 xreds_syncor(u32 v, u32 lead, u32 me) { return xred_syncor(v); }
/* XREDS(mode, f, g, j) (Config.Shapes): XREDG across a CTA of SHP slots. */
#define XREDS(mode, f, g, j) xreds_##mode(f(t, in), LEADS(g, j), ME)
/* A thread's end where it is (Config.Exit): PTX exit, in the body or a
   helper. */
#define EXIT() asm volatile("exit;")
#define XRED(mode, f) xred_##mode(f(t, in))
/* XREDM(mode, f, g, j): XRED over the lanes of the warp that stay. */
static DEV inline u32 xredm_ballot(u32 v, u32 m) { return __ballot_sync(m, v & 1u); }
static DEV inline u32 xredm_any(u32 v, u32 m) { return __any_sync(m, v & 1u) != 0; }
static DEV inline u32 xredm_all(u32 v, u32 m) { return __all_sync(m, v & 1u) != 0; }
static DEV inline u32 xredm_uni(u32 v, u32 m) { return __uni_sync(m, v & 1u) != 0; }
static DEV inline u32 xredm_matchany(u32 v, u32 m) { return __match_any_sync(m, v); }
static DEV inline u32 xredm_redadd(u32 v, u32 m) { return __reduce_add_sync(m, v); }
static DEV inline u32 xredm_redumax(u32 v, u32 m) { return __reduce_umax_sync(m, v); }
static DEV inline u32 xredm_redor(u32 v, u32 m) { return __reduce_or_sync(m, v); }
#define XREDM(mode, f, g, j) xredm_##mode(f(t, in), g##_mask(t, in, (j)))
/* XREDG(mode, f, g, j): XRED across the CTA after exits (Config.Exit);
   g(u, AT(u), j) says whether thread u has left. */
#define XREDG(mode, f, g, j) xredg_##mode(f(t, in), g(t & ~63u, AT(t & ~63u), (j)) ? 32u : 0u)
/* Read-modify-writes (Config.Atomics). */
#define ATOM(name, T, call) static DEV inline T atom_##name(T *p, T v) { return call(p, v); }
ATOM(add_u32, u32, atomicAdd) ATOM(sub_u32, u32, atomicSub) ATOM(min_u32, u32, atomicMin)
ATOM(max_u32, u32, atomicMax) ATOM(and_u32, u32, atomicAnd) ATOM(or_u32, u32, atomicOr)
ATOM(xor_u32, u32, atomicXor) ATOM(exch_u32, u32, atomicExch) ATOM(inc_u32, u32, atomicInc)
ATOM(dec_u32, u32, atomicDec) ATOM(add_s32, s32, atomicAdd) ATOM(min_s32, s32, atomicMin)
ATOM(max_s32, s32, atomicMax) ATOM(add_u64, u64, atomicAdd) ATOM(max_u64, u64, atomicMax)
ATOM(xor_u64, u64, atomicXor) ATOM(min_s64, s64, atomicMin) ATOM(add_float, float, atomicAdd)
ATOM(add_float_shared, float, atomicAdd) ATOM(add_double, double, atomicAdd)
static DEV inline u32 atom_cas_u32(u32 *p, u32 c, u32 v) { return atomicCAS(p, c, v); }
static DEV inline u64 atom_cas_u64(u64 *p, u64 c, u64 v) { return atomicCAS(p, c, v); }
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
EXTC __global__ void p10400291_k(const u64 *in, u64 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  p10400291_body(t, in + (u64)t * 8, out + (u64)t * 4);
}
