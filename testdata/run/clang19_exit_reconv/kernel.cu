// clang19_exit_reconv: a switch whose impossible default clang 19 lowers to an exit block, then a shfl.sync.down by 31 at the join: lane 0 of each warp must read lane 31's value (ptxplay reconverged at the function's end, and lane 0 read 0)
// Found by cmd/difftest (seed 1030027, -O3), reduced (the shuffle's 0 made 31 by hand, in ref.c too); see docs/difftest.md.
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
/* XRED(mode, f): a collective of f(t, in) over the warp or the CTA. */
static DEV inline u32 xred_ballot(u32 v) { return __ballot_sync(FULL_MASK, v & 1u); }
static DEV inline u32 xred_any(u32 v) { return __any_sync(FULL_MASK, v & 1u) != 0; }
static DEV inline u32 xred_all(u32 v) { return __all_sync(FULL_MASK, v & 1u) != 0; }
static DEV inline u32 xred_uni(u32 v) { return __uni_sync(FULL_MASK, v & 1u) != 0; }
static DEV inline u32 xred_matchany(u32 v) { return __match_any_sync(FULL_MASK, v); }
static DEV inline u32 xred_redadd(u32 v) { return __reduce_add_sync(FULL_MASK, v); }
static DEV inline u32 xred_redumax(u32 v) { return __reduce_umax_sync(FULL_MASK, v); }
static DEV inline u32 xred_redor(u32 v) { return __reduce_or_sync(FULL_MASK, v); }
#define XRED_ATOM(name, init, T, call) \
  static DEV inline u32 xred_##name(u32 v) { \
    __shared__ T a; \
    if (threadIdx.x == 0) a = (T)(init); \
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
static DEV inline u32 xred_atomaddg(u32 v) {
  if (threadIdx.x == 0) xred_counter[blockIdx.x] = 0;
  __syncthreads();
  atomicAdd(&xred_counter[blockIdx.x], v);
  __syncthreads();
  u32 r = xred_counter[blockIdx.x];
  __syncthreads();
  return r;
}
#define XRED(mode, f) xred_##mode(f(t, in))
/* Read-modify-writes (Config.Atomics). */
#define ATOM(name, T, call) static DEV inline T atom_##name(T *p, T v) { return call(p, v); }
ATOM(add_u32, u32, atomicAdd) ATOM(sub_u32, u32, atomicSub) ATOM(min_u32, u32, atomicMin)
ATOM(max_u32, u32, atomicMax) ATOM(and_u32, u32, atomicAnd) ATOM(or_u32, u32, atomicOr)
ATOM(xor_u32, u32, atomicXor) ATOM(exch_u32, u32, atomicExch) ATOM(inc_u32, u32, atomicInc)
ATOM(dec_u32, u32, atomicDec) ATOM(add_s32, s32, atomicAdd) ATOM(min_s32, s32, atomicMin)
ATOM(max_s32, s32, atomicMax) ATOM(add_u64, u64, atomicAdd) ATOM(max_u64, u64, atomicMax)
ATOM(xor_u64, u64, atomicXor) ATOM(min_s64, s64, atomicMin) ATOM(add_float, float, atomicAdd)
ATOM(add_double, double, atomicAdd)
static DEV inline u32 atom_cas_u32(u32 *p, u32 c, u32 v) { return atomicCAS(p, c, v); }
static DEV inline u64 atom_cas_u64(u64 *p, u64 c, u64 v) { return atomicCAS(p, c, v); }
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
EXTC __global__ void p1030027_k(const u64 *in, u64 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  p1030027_body(t, in + (u64)t * 8, out + (u64)t * 3);
}
