// cuda_prelude.h: the minimal CUDA device environment for compiling the
// testdata kernels with clang-14 -nocudainc (no CUDA SDK installed).
// See scripts/gen-testdata.sh for the exact command line.
#ifndef PTXPLAY_CUDA_PRELUDE_H
#define PTXPLAY_CUDA_PRELUDE_H

#include "__clang_cuda_builtin_vars.h"

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __noinline__ __attribute__((noinline))
#define __forceinline__ __attribute__((always_inline))

#define FULL_MASK 0xffffffffu

typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef long long s64;

// Barriers and fences.
// __syncthreads is a clang builtin (bar.sync 0).
static __device__ inline void __syncwarp(unsigned mask) { __nvvm_bar_warp_sync(mask); }
static __device__ inline void __threadfence(void) { __nvvm_membar_gl(); }

// Warp shuffles (shfl.sync). c = ((32 - width) << 8) | clamp, as CUDA does.
static __device__ inline int __shfl_sync(unsigned m, int v, int src) {
  return __nvvm_shfl_sync_idx_i32(m, v, src, 0x1f);
}
static __device__ inline int __shfl_up_sync(unsigned m, int v, unsigned d) {
  return __nvvm_shfl_sync_up_i32(m, v, d, 0);
}
static __device__ inline int __shfl_down_sync(unsigned m, int v, unsigned d) {
  return __nvvm_shfl_sync_down_i32(m, v, d, 0x1f);
}
static __device__ inline int __shfl_xor_sync(unsigned m, int v, int lm) {
  return __nvvm_shfl_sync_bfly_i32(m, v, lm, 0x1f);
}
static __device__ inline float __shfl_down_sync_f(unsigned m, float v, unsigned d) {
  return __nvvm_shfl_sync_down_f32(m, v, d, 0x1f);
}
static __device__ inline float __shfl_xor_sync_f(unsigned m, float v, int lm) {
  return __nvvm_shfl_sync_bfly_f32(m, v, lm, 0x1f);
}

// Warp vote and match.
static __device__ inline unsigned __ballot_sync(unsigned m, int p) { return __nvvm_vote_ballot_sync(m, p); }
static __device__ inline int __all_sync(unsigned m, int p) { return __nvvm_vote_all_sync(m, p); }
static __device__ inline int __any_sync(unsigned m, int p) { return __nvvm_vote_any_sync(m, p); }
static __device__ inline int __uni_sync(unsigned m, int p) { return __nvvm_vote_uni_sync(m, p); }
// clang 14 has no __nvvm_activemask builtin: CUDA's own headers use inline asm.
static __device__ inline unsigned __activemask(void) {
  unsigned r;
  asm volatile("activemask.b32 %0;" : "=r"(r));
  return r;
}
static __device__ inline unsigned __match_any_sync(unsigned m, unsigned v) { return __nvvm_match_any_sync_i32(m, v); }
static __device__ inline unsigned __match_all_sync(unsigned m, unsigned v, int *pred) {
  return __nvvm_match_all_sync_i32p(m, v, pred);
}
static __device__ inline unsigned __reduce_add_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_add(v, m); }
static __device__ inline unsigned __reduce_umax_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_umax(v, m); }
static __device__ inline unsigned __reduce_or_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_or(v, m); }

// Lane id and lane masks.
static __device__ inline unsigned __laneid(void) { return __nvvm_read_ptx_sreg_laneid(); }
static __device__ inline unsigned __lanemask_lt(void) { return __nvvm_read_ptx_sreg_lanemask_lt(); }

// Integer intrinsics.
static __device__ inline int __popc(unsigned x) { return __builtin_popcount(x); }
static __device__ inline int __popcll(u64 x) { return __builtin_popcountll(x); }
static __device__ inline int __clz(unsigned x) { return x ? __builtin_clz(x) : 32; }
static __device__ inline unsigned __brev(unsigned x) { return __builtin_bitreverse32(x); }
static __device__ inline unsigned __byte_perm(unsigned a, unsigned b, unsigned s) { return __nvvm_prmt(a, b, s); }
static __device__ inline unsigned __umulhi(unsigned a, unsigned b) { return __nvvm_mulhi_ui(a, b); }
static __device__ inline u64 __umul64hi(u64 a, u64 b) { return __nvvm_mulhi_ull(a, b); }
static __device__ inline s64 __mul64hi(s64 a, s64 b) { return __nvvm_mulhi_ll(a, b); }
static __device__ inline unsigned __sad(int a, int b, unsigned c) { return __nvvm_sad_i(a, b, c); }
// No clang 14 builtins for these: inline asm, as CUDA's headers do.
static __device__ inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s) {
  unsigned r;
  asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(lo), "r"(hi), "r"(s));
  return r;
}
static __device__ inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned s) {
  unsigned r;
  asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(lo), "r"(hi), "r"(s));
  return r;
}
static __device__ inline int __dp4a(int a, int b, int c) {
  int r;
  asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}
static __device__ inline unsigned __dp4a_u(unsigned a, unsigned b, unsigned c) {
  unsigned r;
  asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}

// Atomics on generic addresses; LLVM infers .shared/.global where it can.
static __device__ inline unsigned atomicAdd(unsigned *p, unsigned v) { return __nvvm_atom_add_gen_i((int *)p, (int)v); }
static __device__ inline int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
static __device__ inline u64 atomicAdd(u64 *p, u64 v) { return __nvvm_atom_add_gen_ll((long long *)p, (long long)v); }
static __device__ inline double atomicAdd(double *p, double v) { return __nvvm_atom_add_gen_d(p, v); }
static __device__ inline float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
static __device__ inline unsigned atomicSub(unsigned *p, unsigned v) { return __nvvm_atom_add_gen_i((int *)p, -(int)v); }
static __device__ inline int atomicMin(int *p, int v) { return __nvvm_atom_min_gen_i(p, v); }
static __device__ inline unsigned atomicMin(unsigned *p, unsigned v) { return __nvvm_atom_min_gen_ui(p, v); }
static __device__ inline int atomicMax(int *p, int v) { return __nvvm_atom_max_gen_i(p, v); }
static __device__ inline unsigned atomicMax(unsigned *p, unsigned v) { return __nvvm_atom_max_gen_ui(p, v); }
static __device__ inline s64 atomicMin(s64 *p, s64 v) { return __nvvm_atom_min_gen_ll(p, v); }
static __device__ inline u64 atomicMax(u64 *p, u64 v) { return __nvvm_atom_max_gen_ull(p, v); }
static __device__ inline unsigned atomicAnd(unsigned *p, unsigned v) { return __nvvm_atom_and_gen_i((int *)p, (int)v); }
static __device__ inline unsigned atomicOr(unsigned *p, unsigned v) { return __nvvm_atom_or_gen_i((int *)p, (int)v); }
static __device__ inline unsigned atomicXor(unsigned *p, unsigned v) { return __nvvm_atom_xor_gen_i((int *)p, (int)v); }
static __device__ inline u64 atomicXor(u64 *p, u64 v) { return __nvvm_atom_xor_gen_ll((long long *)p, (long long)v); }
static __device__ inline unsigned atomicExch(unsigned *p, unsigned v) { return __nvvm_atom_xchg_gen_i((int *)p, (int)v); }
static __device__ inline unsigned atomicCAS(unsigned *p, unsigned c, unsigned v) { return __nvvm_atom_cas_gen_i((int *)p, (int)c, (int)v); }
static __device__ inline u64 atomicCAS(u64 *p, u64 c, u64 v) { return __nvvm_atom_cas_gen_ll((long long *)p, (long long)c, (long long)v); }
static __device__ inline unsigned atomicInc(unsigned *p, unsigned v) { return __nvvm_atom_inc_gen_ui(p, v); }
static __device__ inline unsigned atomicDec(unsigned *p, unsigned v) { return __nvvm_atom_dec_gen_ui(p, v); }

// Float helpers.
static __device__ inline float fmaf_(float a, float b, float c) { return __nvvm_fma_rn_f(a, b, c); }
static __device__ inline double fma_(double a, double b, double c) { return __nvvm_fma_rn_d(a, b, c); }
static __device__ inline float ex2_approx(float x) { return __nvvm_ex2_approx_f(x); }

#endif
