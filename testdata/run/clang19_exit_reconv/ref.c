// Reference for clang19_exit_reconv: the same C as kernel.cu, compiled by gcc for the host,
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
/* The source thread of XCHG (Config.Exchange) as PTX's shfl.sync and a
   shared-memory exchange pick it; l is already masked (& 31u, & 63u). An
   up or down shuffle whose source falls outside the warp keeps its own. */
static u32 src_idx(u32 t, u32 l) { return (t & ~31u) | l; }
static u32 src_up(u32 t, u32 l) { return (t & 31u) >= l ? t - l : t; }
static u32 src_down(u32 t, u32 l) { return (t & 31u) + l <= 31u ? t + l : t; }
static u32 src_xor(u32 t, u32 l) { return (t & ~31u) | ((t & 31u) ^ l); }
static u32 src_cta(u32 t, u32 l) { return (t & ~63u) | l; }
#define XCHG(mode, f, l) f(src_##mode(t, (l)), in + ((s64)src_##mode(t, (l)) - (s64)t) * 8)
/* XRED(mode, f): f over the 32 threads of t's warp or the 64 of its CTA. */
typedef u32 (*xfn)(u32, const u64 *);
#define XF(u) f(u, in + ((s64)(u) - (s64)t) * 8)
static u32 xred_ballot(u32 t, const u64 *in, xfn f) { u32 r = 0; for (u32 l = 0; l < 32; l++) r |= (XF((t & ~31u) | l) & 1u) << l; return r; }
static u32 xred_any(u32 t, const u64 *in, xfn f) { return xred_ballot(t, in, f) != 0; }
static u32 xred_all(u32 t, const u64 *in, xfn f) { return xred_ballot(t, in, f) == 0xffffffffu; }
static u32 xred_uni(u32 t, const u64 *in, xfn f) { u32 b = xred_ballot(t, in, f); return b == 0 || b == 0xffffffffu; }
static u32 xred_matchany(u32 t, const u64 *in, xfn f) { u32 r = 0, v = XF(t); for (u32 l = 0; l < 32; l++) r |= (u32)(XF((t & ~31u) | l) == v) << l; return r; }
static u32 xred_redadd(u32 t, const u64 *in, xfn f) { u32 r = 0; for (u32 l = 0; l < 32; l++) r += XF((t & ~31u) | l); return r; }
static u32 xred_redumax(u32 t, const u64 *in, xfn f) { u32 r = 0; for (u32 l = 0; l < 32; l++) { u32 x = XF((t & ~31u) | l); r = x > r ? x : r; } return r; }
static u32 xred_redor(u32 t, const u64 *in, xfn f) { u32 r = 0; for (u32 l = 0; l < 32; l++) r |= XF((t & ~31u) | l); return r; }
static u32 xred_atomadd(u32 t, const u64 *in, xfn f) { u32 r = 0; for (u32 l = 0; l < 64; l++) r += XF((t & ~63u) | l); return r; }
static u32 xred_atomaddg(u32 t, const u64 *in, xfn f) { return xred_atomadd(t, in, f); }
static u32 xred_atommin(u32 t, const u64 *in, xfn f) { u32 r = 0xffffffffu; for (u32 l = 0; l < 64; l++) { u32 x = XF((t & ~63u) | l); r = x < r ? x : r; } return r; }
static u32 xred_atommax(u32 t, const u64 *in, xfn f) { u32 r = 0; for (u32 l = 0; l < 64; l++) { u32 x = XF((t & ~63u) | l); r = x > r ? x : r; } return r; }
static u32 xred_atommaxs(u32 t, const u64 *in, xfn f) { s32 r = (s32)0x80000000u; for (u32 l = 0; l < 64; l++) { s32 x = (s32)XF((t & ~63u) | l); r = x > r ? x : r; } return (u32)r; }
static u32 xred_atomand(u32 t, const u64 *in, xfn f) { u32 r = 0xffffffffu; for (u32 l = 0; l < 64; l++) r &= XF((t & ~63u) | l); return r; }
static u32 xred_atomor(u32 t, const u64 *in, xfn f) { u32 r = 0; for (u32 l = 0; l < 64; l++) r |= XF((t & ~63u) | l); return r; }
static u32 xred_atomxor(u32 t, const u64 *in, xfn f) { u32 r = 0; for (u32 l = 0; l < 64; l++) r ^= XF((t & ~63u) | l); return r; }
#undef XF
#define XRED(mode, f) xred_##mode(t, in, f)
/* Read-modify-writes (Config.Atomics) as PTX's atom does them: inc wraps
   to 0 past v, dec to v below 1 or above v, and atom.add.f32 flushes
   subnormal inputs and results to a zero of their sign (ISA, atom). */
#define ATOM(name, T, new) static T atom_##name(T *p, T v) { T o = *p; *p = (new); return o; }
static float ftz32(float x) { return x == x && __builtin_fabsf(x) < 1.17549435e-38f ? __builtin_copysignf(0.0f, x) : x; }
ATOM(add_u32, u32, o + v) ATOM(sub_u32, u32, o - v) ATOM(min_u32, u32, o < v ? o : v)
ATOM(max_u32, u32, o > v ? o : v) ATOM(and_u32, u32, o & v) ATOM(or_u32, u32, o | v)
ATOM(xor_u32, u32, o ^ v) ATOM(exch_u32, u32, v) ATOM(inc_u32, u32, o >= v ? 0 : o + 1)
ATOM(dec_u32, u32, o == 0 || o > v ? v : o - 1) ATOM(add_s32, s32, (s32)((u32)o + (u32)v))
ATOM(min_s32, s32, o < v ? o : v) ATOM(max_s32, s32, o > v ? o : v) ATOM(add_u64, u64, o + v)
ATOM(max_u64, u64, o > v ? o : v) ATOM(xor_u64, u64, o ^ v) ATOM(min_s64, s64, o < v ? o : v)
ATOM(add_float, float, ftz32(ftz32(o) + ftz32(v))) ATOM(add_double, double, o + v)
static u32 atom_cas_u32(u32 *p, u32 c, u32 v) { u32 o = *p; *p = o == c ? v : o; return o; }
static u64 atom_cas_u64(u64 *p, u64 c, u64 v) { u64 o = *p; *p = o == c ? v : o; return o; }
/* program p1030027: seed 1030027 */
typedef struct __attribute__((aligned(8))) { double m0; s8 m1; double m2; } p1030027_S0;
typedef struct __attribute__((aligned(8))) { s16 m0; h16 m1; float m2; s32 m3; h16 m4; } p1030027_S1;
typedef struct __attribute__((aligned(16))) { u32 m0; u32 m1; u32 m2; u32 m3; } p1030027_V;
static DEV u32 p1030027_x0(u32 t, const u64 *in) { return (u32)h2u((h16)((float)(h16)-5.3216e+04f / (float)(h16)-5.9604645e-08f)); }
static DEV u32 p1030027_x1(u32 t, const u64 *in) { return (u32)((u32)(u32)in[5] + (u32)(u32)in[7]); }
static DEV void p1030027_body(u32 t, const u64 *in, u64 *out) {
  s16 v1 = (s16)in[0];
  float v5 = 1e+00f;
  switch ((u32)(s32)v1 % 4u) {
  case 0u: {
    break;
  }
  case 1u: {
    break;
  }
  case 2u: {
    v5 = 0e+00f;
    break;
  }
  default: {
    v5 = 0e+00f;
    break;
  }
  }
  u32 v6 = XCHG(down, p1030027_x0, (u32)0x1fu);
  out[0] = (u64)v1;
  out[1] = (u64)f2u(v5);
  out[2] = (u64)v6;
}
static const u64 in[1024] = {
  0x2bdc53b6a03f0f72ull, 0x3ff6b37d3f02deb0ull, 0xeb8bd6db198e1cccull, 0xffffffffffffffd5ull, 0xa246277d00800000ull, 0x8e8b210c121d2582ull, 
  0xfffffffffffffff2ull, 0x1full, 0x1dull, 0xf5a910183f800000ull, 0x77bffb7a4f000000ull, 0xffffffffffffffe3ull, 
  0x7fffffffull, 0xffffffffffffffedull, 0x3ull, 0x3full, 0x3fffce493f0f6f92ull, 0xfffffffffffffff8ull, 
  0x807b72c280000000ull, 0xffffffffffffffe8ull, 0xfe7ac858cf000000ull, 0x431cdbe9562e23ebull, 0x1ull, 0x771fd3572a16e9c4ull, 
  0xffffffffffffffceull, 0x20ull, 0x7ff0000000000001ull, 0x1ull, 0x13558af6a276b0d1ull, 0x78e03c4e11881d88ull, 
  0x18ull, 0x8ull, 0x1b1cfcd9dec82ddaull, 0xfa9308a066e1f4cbull, 0x3ffba2b43ff295cdull, 0x80ull, 
  0xc3eb56907d1e15ccull, 0x3ff7edac3f616be2ull, 0x8000000000000000ull, 0x31ull, 0xffffffffffffffe1ull, 0xffffffffffffffe0ull, 
  0x3ff69d673f2697c1ull, 0x7ff0000000000001ull, 0x7fffffffffffffffull, 0x21ull, 0x4c47156af3167151ull, 0xfdfbbe767f7fffffull, 
  0x8ull, 0xa8d30b56a71bb417ull, 0x3ff7f9473fcc853full, 0x7ff0000000000000ull, 0x7ull, 0x14ull, 
  0x22ull, 0x80ull, 0x3ff82e183fa1a8eaull, 0x4f80c3043f800000ull, 0x13ull, 0x6988c69585357f3bull, 
  0xc3a33713df1512b1ull, 0x7bac0a20c38333dfull, 0x9ee7b64b227bd8ecull, 0x7b279e100000001ull, 0x3ff349c63f1a3af2ull, 0x3ffc3eb03f397a86ull, 
  0xffffffffffffffe1ull, 0xe5f1a78428dc9df8ull, 0x3ff3e7443f990a63ull, 0x3dull, 0xffffffffffffffe1ull, 0xf1b3ac738f009a07ull, 
  0xa4593ac6d09c162cull, 0x619b58886674064bull, 0xffffffffffffffcaull, 0x2aull, 0xfffffffffffffffaull, 0x3ff3809c3f9d7737ull, 
  0x3bull, 0xc3e0000000000000ull, 0x33ull, 0x7ff8000000000000ull, 0xc8914872bf800000ull, 0x3ffdb7c43fdc40adull, 
  0x3ffec9723ffda6eeull, 0x80ull, 0xf3d89d2fede486a2ull, 0x7ff0000000000000ull, 0x2full, 0x83a36fbc00000001ull, 
  0x7ull, 0x100000000ull, 0x2cull, 0x3fffc7b83f137b84ull, 0x11ull, 0x831bd414f000000ull, 
  0xd24cd84e5f000000ull, 0x23ull, 0x3ff8c5e63f12a95bull, 0x1full, 0xffffffffffffffc4ull, 0x1fbb74153effffffull, 
  0xdf28288b7f800001ull, 0xc3e0000000000000ull, 0xba350f1dd7c22a48ull, 0x4d4a392342fe0000ull, 0x38ull, 0x16ull, 
  0x176d31d8d9841577ull, 0x3ff41b3b3f23065bull, 0xc97f9754b66dea32ull, 0xf74be1e3abd52fd1ull, 0x3ffb9b8e3fe64efbull, 0xffffffffffffffd5ull, 
  0x758512bb807fffffull, 0xbdeee99cef2faba3ull, 0x2ull, 0x21ull, 0x1892a975e693efe5ull, 0x3dull, 
  0x41c871914c2307e6ull, 0xffffffffffffffd2ull, 0xe9285d0717df10f8ull, 0x3ff3c0c23f9d2a96ull, 0xffffffffull, 0xb8492d44da3e7244ull, 
  0xe0e154dfad164fb2ull, 0x40ull, 0x7a8603ae1a34c550ull, 0x7fffffffull, 0x43e0000000000000ull, 0x3ff8d9f63fdc83dfull, 
  0x34c9810396e8c655ull, 0xbd896e9d74a00036ull, 0xffffffffffffffe3ull, 0x3ull, 0x3full, 0x3ff83ff63f4822baull, 
  0xffffull, 0x3ff131a53ffa3495ull, 0x43e0000000000000ull, 0x32ull, 0x3296fe61d1ee2054ull, 0x7fffull, 
  0xde54b79f791b1ea6ull, 0x479033fe716ebee7ull, 0x75af20b000000000ull, 0xe4ec929be0b99ad3ull, 0x3ffe6d283f33fda7ull, 0xffffffffffffffc1ull, 
  0x3ff689483fe529b5ull, 0x57419a993f97ac8cull, 0xd2600437bf800000ull, 0xffffffffffffffd7ull, 0x3ffa87223fa1f262ull, 0x7fffull, 
  0xfffffffffffffull, 0x17ull, 0x1eull, 0xa0ed9f363f800000ull, 0x7a9ba72042fe0000ull, 0xcde45e88cfb87045ull, 
  0x2999f00d6404661bull, 0x1927bb454f000000ull, 0x3ff682b03fa2d3abull, 0x3ff0000000000000ull, 0xb106a5af107c409ull, 0x7ull, 
  0x1ull, 0xffffffffffffffe9ull, 0xcfc67828e03b7c79ull, 0xfffffffffffffffeull, 0x6c8759a25c072d32ull, 0x0ull, 
  0x30ull, 0x29902c14b222276eull, 0x1ull, 0xc182d90984481686ull, 0x8ull, 0x3fff17ae3fc909bcull, 
  0xc0e7c1faf1e7ff41ull, 0x3ff4fea93f8af319ull, 0x5189d46daa570fffull, 0x0ull, 0x1aull, 0x15ull, 
  0x80f21914b6de251eull, 0xffffffffffffffe9ull, 0x3ull, 0x40ull, 0x8fe69617f800000ull, 0x44079c5e7f800001ull, 
  0xcfcb222f00000000ull, 0xffffffffffffffecull, 0x72de80a3fbcba238ull, 0xc3e0000000000000ull, 0xb81d86a5cad2ef99ull, 0x3ff5b2263fc7f3deull, 
  0xffffffffffffffeeull, 0xffffffffffffffe6ull, 0x100000000ull, 0x20e3e6b0e7dd4997ull, 0x875ef9d75f000000ull, 0x647db97542fe0000ull, 
  0x318ff5e8da69e461ull, 0xfffffffffffffff6ull, 0xffffffff80000000ull, 0xffffffffffffffc1ull, 0x90102884e4fc21feull, 0xffull, 
  0x0ull, 0x41e0000000000000ull, 0x1ull, 0x4c6509f5dded0652ull, 0xcef08d2742fe0000ull, 0x7ff0000000000000ull, 
  0x3fff6d323f080f7bull, 0x87a0abf2d24be705ull, 0xffffffff80000000ull, 0xa7de628fb0632d93ull, 0x3ff393d13f5810aeull, 0x1ce2309d73c071e0ull, 
  0x15aa38682d03d072ull, 0x3full, 0x3ffbcf543fda8c66ull, 0x3ffb640f3f1f3b11ull, 0xffffffffffffffdfull, 0x11ull, 
  0x17135a69cb629b62ull, 0xffffffffffffffe1ull, 0x9b73a4478179a562ull, 0x4580505bcbf5de85ull, 0x1ad5b33d00000000ull, 0xc0a69cd7f7fffffull, 
  0xca836104ff800000ull, 0x7ff0000000000000ull, 0x94d2893f7f7fffffull, 0xfff0000000000000ull, 0x7ff0000000000000ull, 0x1013373beac20717ull, 
  0x1eull, 0xc1e0000000000000ull, 0x21ull, 0xffffffffffffffe0ull, 0x6ull, 0xffffffffffffffd5ull, 
  0x3bull, 0xffffffffffffffffull, 0xfffffffffffffffbull, 0x4330000000000001ull, 0x5ce7c68f1a87d5b1ull, 0xc1e0000000000000ull, 
  0xbff0000000000000ull, 0x63ac4e6e86773cbaull, 0x3ffc15fe3fde534full, 0x20ull, 0x24a0deb17f7fffffull, 0x3ff08e173f329722ull, 
  0x80ull, 0x7a0ec7543d44d90ull, 0x15f3f7567539184ull, 0x3ff8738c3f1a9cd6ull, 0x62c88be700000000ull, 0x31ull, 
  0xabc8015e4329da09ull, 0x2ull, 0x3ff68c1d3f7990d8ull, 0x3ff6a3a83f5aa5fcull, 0x1ull, 0xde030d9ca477e727ull, 
  0xffffffffffffffd5ull, 0x681a4ad351d4aa38ull, 0xdb3195c7dc9e51beull, 0xffffffffffffffffull, 0x26ull, 0x3ffd628c3f06b27aull, 
  0x751b339599a95c33ull, 0xffffffffffffffc4ull, 0xbff0000000000000ull, 0xffffffffffffffc6ull, 0x3fe0000000000000ull, 0x7ff0000000000000ull, 
  0xad25d2543effffffull, 0xffffffffffffffffull, 0x38ull, 0xfffffffffffffull, 0x22ull, 0x43f0000000000000ull, 
  0x5ee0b1e2b5753a3ull, 0x38ull, 0x3f9ce12200800000ull, 0x3ff1fe873fa66d75ull, 0x64e0157c3000000ull, 0x3ffa40ac3fcc399full, 
  0x3ffbcc8e3fd0c9deull, 0x43e0000000000000ull, 0x8000ull, 0xffffffffffffffdfull, 0xffffffffffffffc9ull, 0x8000000000000000ull, 
  0x7fffull, 0x85bb6c8dccc39c59ull, 0x1ull, 0x10ull, 0xfull, 0xfffffffffffffffcull, 
  0xfffffffffffffff8ull, 0x27ull, 0xffffffffull, 0xffffffffffffffe6ull, 0xffffffffffffffe4ull, 0x12ull, 
  0x2full, 0xfffffffffffffull, 0x78308c7177d90a1aull, 0xffffffffffffffc7ull, 0x7full, 0x3b95db2c3000000ull, 
  0xe143f76baf48dc10ull, 0x4256e9bd4b800001ull, 0x3ff041203f53ad6eull, 0xfffffffffffffull, 0xdf8f30b43f800000ull, 0xd8f7e183d51319dull, 
  0x8928d3d444c44f20ull, 0xfe0f311500000000ull, 0xfffffffffffffff6ull, 0x3ff4d0653ff8bd05ull, 0xfc2fdb574415dab7ull, 0xb25d78c7ff800000ull, 
  0x100000000ull, 0x0ull, 0x47057998462b164full, 0x5c4b3210a25d3afull, 0x7ff0000000000001ull, 0x1bull, 
  0x5e8d1b658cfbaa10ull, 0x41e0000000000000ull, 0x4c7dbb905f000000ull, 0x16ull, 0x8000000000000000ull, 0x20ull, 
  0xffffffffffffffecull, 0x96ef18e108c4f09dull, 0x8000000000000000ull, 0x54f06a5029d057a6ull, 0x3fff22673f43f257ull, 0x3ff508bf3fec7389ull, 
  0x43f0000000000000ull, 0x3cfb350a889a5305ull, 0xe240f70c9bb1c0a2ull, 0x43e0000000000000ull, 0xeb322e1cc3000000ull, 0xffffffffffff8000ull, 
  0x586ddd2600800000ull, 0xec9de621ff800000ull, 0x22ull, 0xda3ac9888f462c82ull, 0x13ull, 0x3aull, 
  0x1ull, 0x7ull, 0xf04aa56842fe0000ull, 0x73984f7c0e183178ull, 0xffffffffffffffd9ull, 0x1ull, 
  0x1e7fc93abf800000ull, 0x10ull, 0xffffffffffffffd1ull, 0xffffffffffffffd4ull, 0xfffffffffffffffdull, 0xdefc97abaa92555ull, 
  0x836cfd8a00800000ull, 0xffffffffffffffd9ull, 0x18ull, 0x2463ba87f800000ull, 0xd9bf4d527bf141deull, 0x3ff56fd13f001ffbull, 
  0x3ff392d43f2f2814ull, 0x0ull, 0x32ba41b8eb75d286ull, 0x785e075186976185ull, 0xc3e0000000000000ull, 0x8ull, 
  0x62c56f4b8c644bcull, 0x7fd5eb28ed392f5bull, 0xc6da368090a04d26ull, 0x61d14b438b23be22ull, 0xfff0000000000000ull, 0x4656801e0f651166ull, 
  0xf6d106418022b50bull, 0x858633989c6058cull, 0xa10c03767f800000ull, 0xb2ad570af3156c47ull, 0xa43d9a6626755c80ull, 0x71b8837b85386a2cull, 
  0x7ff0000000000000ull, 0xffffffffffffffeeull, 0x60d6f9203106694cull, 0x1047c40c4efaf5b6ull, 0x8000000000000000ull, 0xc70453f4ec95f227ull, 
  0xfffffffffffffff0ull, 0x20ull, 0x3ff532a33f573a6eull, 0xe1a4057fac66ebd8ull, 0x30ull, 0x7fffffffull, 
  0x8000000000000000ull, 0xffffffffffff8000ull, 0x40ull, 0x71fbc42c46c51483ull, 0x20ull, 0xaa4b1000290c9daull, 
  0x1af889811be0a7a5ull, 0x3ff73f3e3f10d008ull, 0x143b26942f2db935ull, 0xe6a227c84f000000ull, 0x225f0095694555a6ull, 0xa1f31cbdbf800000ull, 
  0xffull, 0x99b05c295dc49208ull, 0xffffffffffffffd4ull, 0x8e96e77badffe5ffull, 0x38ull, 0x3ff88d043f776861ull, 
  0x35ull, 0xfffffffffffffff5ull, 0x5e65733a222ae60bull, 0x40ull, 0x7ff8000000000000ull, 0x5e6a47f7cfc0f10ull, 
  0x0ull, 0x31ull, 0x6b0eb52b792d2d09ull, 0xf6e35c5a243ea990ull, 0xfdb85ed4942181daull, 0x3ff235823f8274d1ull, 
  0x7568edb34f000000ull, 0x3ff695213fdb7ac2ull, 0xbff0000000000000ull, 0xffffffffffffffd2ull, 0xffffffffffffffd5ull, 0x41e0000000000000ull, 
  0xffffffff80000000ull, 0xecff4df9fce4807ull, 0xed2aee2b7f800000ull, 0xfccfcbb49d18b270ull, 0xad75784456a35274ull, 0xffffull, 
  0x3ff2122e3f60905bull, 0xa73420ad00000000ull, 0x43e0000000000000ull, 0x3fe0000000000000ull, 0x79c78d6f4f000000ull, 0x20ull, 
  0xa42c09e8b0fd9c00ull, 0x635c1ea7bf800000ull, 0xffffffff80000000ull, 0x3ff100103fc874feull, 0xfffffffffffffff6ull, 0x4330000000000001ull, 
  0x55b64cf59eb2a221ull, 0x1aull, 0xfffffffffffffffeull, 0x3ff878b13ff255bdull, 0x3ffc86853fe5ed33ull, 0x6c80965f7f800001ull, 
  0xffffffffffffffd2ull, 0x3ffd524f3f7fa0d9ull, 0xe904f8cbc0334a99ull, 0x1eull, 0x2dull, 0x8000000000000000ull, 
  0xfffffffffffffull, 0xffffffffffffffd2ull, 0x1ull, 0x3ff5c7483f74607aull, 0x1bae306d8e3c6bb8ull, 0xd037fc924ba7bcadull, 
  0x938d851942fe0000ull, 0x80ull, 0x3ff0cd2e3f036231ull, 0x3ffabffd3f822d5bull, 0xad06bba4a9a1f1e6ull, 0xcb2d54f6ee94bab6ull, 
  0x93d328587deeab2eull, 0x3ffe581d3fd28f96ull, 0x21ull, 0x7ff0000000000001ull, 0x3ffd59e63fffda50ull, 0xffffffffffffffcbull, 
  0x3ffa6b353f9befbfull, 0x4f140bb24f000000ull, 0x1aull, 0xffffffffffffffe9ull, 0xfff0000000000000ull, 0x7full, 
  0xffffffffffffffc3ull, 0xb6cdca6c12d7345cull, 0x3fff0b783fd12b2full, 0xffffffffffffff80ull, 0x100ull, 0x3full, 
  0xffffffffffffffd7ull, 0x3ff3b3d03fd71f51ull, 0x343ad1eab6463112ull, 0xfff0000000000000ull, 0x67bdc7b58ee061d9ull, 0x3ff6b6a33f763823ull, 
  0xffffffffffffffe8ull, 0x9f92cc880000000ull, 0x3ffe9afd3f2f8367ull, 0x3bull, 0x70c34c25322fbb66ull, 0x43f0000000000000ull, 
  0xa6b298ecff800000ull, 0x439e6ec32a92345eull, 0x9093b4397f800001ull, 0x8000000000000000ull, 0xfffffffffffffffdull, 0x21ull, 
  0xb2cdd7c87f7fffffull, 0x3ff036be3f38d0b7ull, 0x3ff8d8333f87bb6bull, 0x39ull, 0x0ull, 0x41e0000000000000ull, 
  0x3ff218653f50c3b3ull, 0xffffffffffff8000ull, 0xfffffffffffffffcull, 0xffffffffffffffeeull, 0x3ff15eaa3ff39304ull, 0x29e962e300000001ull, 
  0x8ull, 0xd738fd1edc41809ull, 0xa17b720a7f800000ull, 0x6149090d51599866ull, 0x3ffea1253f9fb8caull, 0x8ull, 
  0x8000000000000000ull, 0xd52f5272e0556e99ull, 0x43f0000000000000ull, 0x3ffd73113fe09891ull, 0xffffffffffffffe1ull, 0xffffffffffffffe9ull, 
  0xfffffffffffffffeull, 0xcf1d6f394b800001ull, 0x39ull, 0xffffffffull, 0xffffffffffffffdeull, 0x3ff599153fa792beull, 
  0x35ull, 0x80ull, 0xffffffffull, 0x9e5df072807fffffull, 0xf8c8f3f5f7c35294ull, 0x4aec72ba4ec37711ull, 
  0xffffffffffffffe6ull, 0x86866906a67f7248ull, 0x3ff9bad53f74ca00ull, 0x7f880954ab849a8dull, 0x2cull, 0x3ff17a743fe79d55ull, 
  0xe94fba60928c5a40ull, 0xc85167457f3d1ad1ull, 0xbc55dadaf3dde559ull, 0x5285884442fe0000ull, 0xd8168761db9cc3b7ull, 0x2353f594837f19abull, 
  0x14e68c7c5f000000ull, 0xef095ba328f99ef7ull, 0xd61d91ad7aa92968ull, 0x40082a43f45d7f43ull, 0x3ffcb7933fba2488ull, 0x120a9e477017d5d3ull, 
  0x9ull, 0x80000000ull, 0xf1c10bc320297008ull, 0x3ff864903fd015d5ull, 0x1399196480000000ull, 0xffffffffffffffc2ull, 
  0xa58a1b2900000000ull, 0x7ff0000000000000ull, 0xffffffffffffffd3ull, 0xfff0000000000000ull, 0xffffffff80000000ull, 0xffffffffffffffd0ull, 
  0x3ff494d53f2554d0ull, 0xca64e22180000000ull, 0x23ull, 0x7ff0000000000001ull, 0xc5c0388ea0227c10ull, 0x7ff8000000000000ull, 
  0x16ull, 0xffffffffffffffe0ull, 0x4053555ef183d564ull, 0xfffffffffffffffcull, 0x3ffe73893f39a6e0ull, 0x13ull, 
  0xd04a4381c172eb66ull, 0xcull, 0x9299f28b10601a4aull, 0x7fffffffffffffffull, 0x1eull, 0x9eb55245af18ea3cull, 
  0x69a0cffa49d472abull, 0x2ull, 0xd5b857ab7f800001ull, 0xffffffffffffffeeull, 0x0ull, 0x254c781437dd1a06ull, 
  0x79e0a6ec092848c7ull, 0x2bull, 0x32b14f416fbc6f79ull, 0x3ff630463f16b404ull, 0xffffffffffffffc4ull, 0x80ddb1e5f64a903bull, 
  0x2b95bdf35204c40aull, 0xdd0c81985b716537ull, 0xa5cd6c01c2d3421eull, 0x3fff39b13fee4751ull, 0x0ull, 0x34ull, 
  0x0ull, 0x6bfd4554b800001ull, 0xdbca8d3c7fc00000ull, 0xffffffffffffffe5ull, 0xfffffffffffffffeull, 0xc121cfce636de165ull, 
  0x249981facb06f9f4ull, 0xffffffffffffffd2ull, 0xc44adc32e8f0f0fbull, 0x3eull, 0x0ull, 0x28f34b9e7f7fffffull, 
  0x7ff0000000000000ull, 0x795801ec63d9b0b6ull, 0xef99b51277cfc298ull, 0x8d1601639806f0f1ull, 0xffffull, 0x23ull, 
  0x2dull, 0x7ff8000000000000ull, 0xdf5cad10c3000000ull, 0x3fe0000000000000ull, 0xf292609d3effffffull, 0x43e0000000000000ull, 
  0xf8775d09430320d9ull, 0xfull, 0x6725e6697f800001ull, 0x5b480c105f000000ull, 0x7aa55598bf800000ull, 0x84cc63e7a6cac57eull, 
  0x7cc451af9c261690ull, 0xcull, 0x2ull, 0x7e2921d3e9d728b5ull, 0x3ff6e3653f4d668dull, 0x3ffb8bd53faca900ull, 
  0x5f0de96f17d2134full, 0xfffffffffffffff3ull, 0xffffffff80000000ull, 0x3ff72dcb3f0756e7ull, 0xffffffff80000000ull, 0x41e0000000000000ull, 
  0x3full, 0x3ff0000000000000ull, 0x8ull, 0xfffffffffffffff1ull, 0xfffffffffffffff5ull, 0x3fff8df83f651140ull, 
  0x7ull, 0xbb0be49a705bae3ull, 0x3ff00b743fa35482ull, 0xe2206d747b0fee86ull, 0x3ff92e643fb29925ull, 0x3ffe60a13fc85c18ull, 
  0x7ff8000000000000ull, 0xffffffffffffffd0ull, 0xd91445259b75f0f9ull, 0x7ff8000000000000ull, 0xeull, 0xffffffffffffffccull, 
  0x3ff451193f0c50a0ull, 0x3ff0000000000000ull, 0x37ull, 0x7252a07f9b81b671ull, 0xec7b28dc73a2c0a8ull, 0xffffffffffffffe0ull, 
  0xfull, 0xbe9833c180000000ull, 0x1ull, 0x5d6097e1f9a66b50ull, 0xe2f78ad6ee3d7134ull, 0x1d3a903f7f7fffffull, 
  0x3ff6f2363fcdff6cull, 0x20ull, 0x31dc82d219d45d05ull, 0x383ea48f00000000ull, 0xffffffffffffffe7ull, 0xfb73a57700000001ull, 
  0x3ffd55c73f8f37d7ull, 0x3fff02303f878827ull, 0xffffffffffffff80ull, 0xee8340fc3000000ull, 0xffffffffffffffe5ull, 0x8000ull, 
  0xc1797cc2cba91edfull, 0xd86b469a166bb37bull, 0x3ff42c383f59bd3aull, 0x53562dbc4b800001ull, 0xffffffffffffffc8ull, 0x1d7c222d3effffffull, 
  0x3c61b7df249ca00full, 0x1cull, 0x3ull, 0x2full, 0x7fffull, 0xb4bd11ef42fe0000ull, 
  0x3ff1efeb3facadd9ull, 0x36ull, 0xffffffffffffffeeull, 0xffffffff80000000ull, 0xc3e0000000000000ull, 0x1aull, 
  0xad750d2a00000000ull, 0x9a4e326a77478051ull, 0x2d88408e7f7fffffull, 0x28771e9102aa45e4ull, 0x8ff6da1743533664ull, 0x14ull, 
  0x9ull, 0x3ff1c0923f759c13ull, 0xc80a4f86a4f22f21ull, 0x6bce65b47f800001ull, 0x107c563200000000ull, 0x7fffffffffffffffull, 
  0xe1e4f627dae9ebb8ull, 0x41e0000000000000ull, 0x42eef30e4b800001ull, 0x3fe0000000000000ull, 0x3fe0000000000000ull, 0x4f1b74234b800001ull, 
  0x100ull, 0x71c8b8e8f09bc380ull, 0xffffffffffffffdfull, 0xc6f6edc7cb280e1aull, 0xffffffffffffffdeull, 0xfffffffffffffull, 
  0x3full, 0x3ff8177e3ffefd96ull, 0xf42b838500800000ull, 0x381d6ae17fc00000ull, 0x572e68eb0087982bull, 0x976b64de00000001ull, 
  0xffffffffffffffe6ull, 0x29ull, 0x48c40ca20775a124ull, 0x3fe0000000000000ull, 0xffffffffffffffdaull, 0xcb3cf3854de4e54eull, 
  0x960578ae807fffffull, 0xa6a3444a2840ea1bull, 0x5d1893ac7f800001ull, 0xffffffffffffffcfull, 0x81b506f1310405f2ull, 0x20ull, 
  0xf41d947476362185ull, 0x9d2a5e1b63bcce57ull, 0x41e0000000000000ull, 0x3ff0ad723fcbd681ull, 0x3ff3d1343f8bc66bull, 0x3ff01a503f18205dull, 
  0x7ull, 0x2cbd410e59c81e76ull, 0x18ull, 0xffffffffffffffd9ull, 0x385854db24db5a1ull, 0x3ff3f4f63f375b0aull, 
  0xfffffffffffffull, 0x3ff672db3f37c252ull, 0x7full, 0x3ffd99083f024978ull, 0xbff0000000000000ull, 0xffffffffffffffdbull, 
  0x3ffc0b093ff97df6ull, 0x3ffde6a03f9c125dull, 0x1311ccad4f000000ull, 0x3ffb84bf3f8c2cf4ull, 0x43f0000000000000ull, 0x56edddfd3effffffull, 
  0xfffffffffffffffbull, 0x3ff416493f658a28ull, 0xb595ca5887aa6676ull, 0x77e09b7700000001ull, 0x3ffc8a6d3f6b80a1ull, 0xf43d71e3f4831a0dull, 
  0x3ff3156d3f404024ull, 0xf4b30101c9cd3d1ull, 0xeb55943f4b800001ull, 0x3ffc8f043fe3df13ull, 0x16ull, 0xffffffffffffffd6ull, 
  0x1full, 0x7fffffffffffffffull, 0xd87609820e30fa15ull, 0x3ff0f1653f5b7e0eull, 0x3ff844443f4fde14ull, 0x82635ba07cfd1faaull, 
  0xb4a406973c1e769cull, 0x81fcb2e8daabc801ull, 0x8ull, 0x3cull, 0x0ull, 0xc3e0000000000000ull, 
  0x45f7ce14807fffffull, 0xffffffffffffffcfull, 0x1full, 0x4be29bf000800000ull, 0x5a3acabac8982450ull, 0x10ull, 
  0x0ull, 0x3ff594a33fa94518ull, 0xffffffff80000000ull, 0x17ull, 0xffffffffffffffcbull, 0x0ull, 
  0x3ffff8383f948313ull, 0x5c5d379b3f800000ull, 0x1aull, 0xc3e0000000000000ull, 0x49d7253e20e8f423ull, 0x3ffbb4803fbcd9cbull, 
  0x4330000000000001ull, 0x76314ab5f5894f5eull, 0xfull, 0x48a508dc1d0c2fb1ull, 0xffffffffffffffebull, 0xffffffffull, 
  0x7ff8000000000000ull, 0x20ull, 0xf5643857807fffffull, 0xffffffffffff8000ull, 0xc1e0000000000000ull, 0x8000000000000000ull, 
  0xdaa071f580000000ull, 0x802e28907f800001ull, 0x3ff4f8993fb274a4ull, 0x798b61ed00000001ull, 0xffffffffffffffcdull, 0xe720a162efcee871ull, 
  0x3d3f59b642fe0000ull, 0x7fffull, 0x237971fde77f7349ull, 0x3ffe970c3f208b53ull, 0xd63ac59544a7d258ull, 0xffffffff80000000ull, 
  0x3ffeb8023fa67e40ull, 0x43f0000000000000ull, 0xffffffffffffffe8ull, 0x4590737f601c3f60ull, 0xfffffffffffffff4ull, 0x4330000000000001ull, 
  0xffffffffffffffc1ull, 0xfffffffffffffffeull, 0x7077d1ffa0fb23a9ull, 0x8000000000000000ull, 0x41e0000000000000ull, 0xffffffffffffff80ull, 
  0x1full, 0xbc0418ae5f000000ull, 0x389d1673ce1cb84aull, 0x3ff1cf543f98e30dull, 0xff6f303c4b800001ull, 0xffffffffffffffd0ull, 
  0x15ull, 0x3ff51f243f08af34ull, 0x1ull, 0x6a64b1d51915cdd9ull, 0x7fffull, 0xcb3ed9c146845795ull, 
  0xe497d6e82b611629ull, 0xd9d0e29100000000ull, 0x83007f85e7b53945ull, 0x1a0126b94e87b6beull, 0x14ull, 0x8000000000000000ull, 
  0xb2247261241aa40eull, 0xf7328524b36b4941ull, 0xd4ab10cb90edc919ull, 0xdf6e20cc39f04f41ull, 0x4957ada99a463664ull, 0xfffffffffffffff0ull, 
  0x3ffa85a43f6ca4c9ull, 0x3ff6ec213f8d8a9aull, 0xa0306dc960b79b8eull, 0x4330000000000001ull, 0x8132eb0b00800000ull, 0x3ffb13923f09bfa3ull, 
  0x0ull, 0x1ull, 0xc1e0000000000000ull, 0xc26f1bbee7ce3486ull, 0x3ff89f373f08d6efull, 0x96a8a86bf800000ull, 
  0x9ull, 0x0ull, 0xc46ea400ff800000ull, 0xcf5cb6cd56b8650full, 0x21ull, 0x3ff9775a3f02ab4eull, 
  0xffffffffffff8000ull, 0xada7d36982d9f36aull, 0x0ull, 0x1full, 0xffffffffffffffcdull, 0xddadee594b800001ull, 
  0x2ull, 0x7ff8000000000000ull, 0x8ull, 0xffffffffffffffceull, 0xffffffffffffffe8ull, 0x3ff37e2f3f068f20ull, 
  0xfffffffffffffffdull, 0xbff0000000000000ull, 0xc63cd8513b9cd6c3ull, 0x23ull, 0xbc4cd31d76a69c80ull, 0x3ffffeb13f03881cull, 
  0x16ull, 0x3ffef30d3fa8d70bull, 0xfffffffffffffull, 0x1b4b0da5a79cc84full, 0x8000ull, 0x3ffe538f3fd416f5ull, 
  0xda905dd10ced6a3ull, 0xc3e0000000000000ull, 0xd9e6701f8d85a0f5ull, 0x7ff0000000000001ull, 0xd877b6c1e2c8b5b7ull, 0xb152f317f800001ull, 
  0x4fad9529a748eacfull, 0xfffffffffffffff1ull, 0x20ull, 0x3963e0ee3f800000ull, 0xfffffffffffffull, 0xffffffffffff8000ull, 
  0x1cull, 0xffffffffffffffccull, 0x6cf1e5537f800000ull, 0x3ffa97b13fa40cffull, 0x5a3de9f57b617d78ull, 0xd1e17337cf000000ull, 
  0xfffffffffffffff2ull, 0x11ull, 0x32ull, 0xffffffff80000000ull, 0x86693971a7a23a8full, 0x1a9d0831f1b89998ull, 
  0x2ull, 0x7ull, 0x862f880e865cc6full, 0x27ull, 0xae3fc309bbcf8c6dull, 0xbff0000000000000ull, 
  0x3ff1b8993fa867abull, 0x8000000000000000ull, 0xfadb6b8842fe0000ull, 0xffffffffffffffd4ull, 0x3f1d63e07fc00000ull, 0xb306482f5fbd2f9bull, 
  0x10a600067f800000ull, 0xffffffffffffffdfull, 0x3fe0000000000000ull, 0x3ff0000000000000ull, 0x3aull, 0x3full, 
  0x791818921fecf97ull, 0x3ff51f8d3fbc6781ull, 0x3ff109e43f30c7bfull, 0x37ull, 0x2315c79a41b6c5cdull, 0x7ff8000000000000ull, 
  0x416c2162a520538aull, 0x8000000000000000ull, 0x1246aed62015549full, 0xfffffffffffffull, 0xffffffffffff8000ull, 0x20ull, 
  0xffffffffffffffccull, 0x40ull, 0xb1d7c0279bf822b2ull, 0x6ull, 0x4f1c4ae5ff800000ull, 0xffffffffull, 
  0x7fffffffull, 0xc8720bcbebf8a324ull, 0x3ff658b83f87b857ull, 0x3ff94c333f71e03cull, 0x3ff5c1553f4e5b31ull, 0x1f6caa233f800000ull, 
  0x3ffd1fee3fdd01f4ull, 0x10ull, 0x3ff038903fc4df80ull, 0x27ull, 0x100ull, 0x3fffcbc73f35ed6aull, 
  0xc3e0000000000000ull, 0xecdb3075b20e4423ull, 0xfb97eaea016f55dcull, 0xdd69e70739e91ecdull, 0xffull, 0x43edce83db04913bull, 
  0x36ull, 0xfffffffffffffffaull, 0xfffffffffffffull, 0x82939937fc00000ull, 0xbd5ffbc38c0b1704ull, 0xffffffffffffffd9ull, 
  0x7fffull, 0xffffffffffffffe3ull, 0x5620ffad7f800001ull, 0x8000ull, 
};

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  static u64 out[384];
  for (u32 t = 0; t < 128; t++) p1030027_body(t, in + t * 8, out + t * 3);
  if (launch) {
    j_launch_begin("p1030027_k", 2, 1, 1, 64, 1, 1, 0);
    j_buf("p1030027_k_param_0", J_U64, in, 1024);
    j_buf_count("p1030027_k_param_1", J_U64, 384);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("p1030027_k_param_1", J_U64, out, 384);
    j_expected_end();
  }
  return 0;
}
