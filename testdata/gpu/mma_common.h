// mma_common.h: kernels that run one mma.sync per warp on inputs made from a
// hash of (trial, element), so the same PTX runs in ptxplay and on a GPU with
// no input buffers: each testdata/gpu/mma_* case includes this with one of
// its kernels, and its expected.json holds what an H200 computed (see
// testdata/gpu/README.md). Inputs are integers turned into bit patterns, so
// nothing but the mma itself is floating point.
//
// Trial classes (trial % 4): 0 exponents of A and B in [-10, 10], C in
// [-12, 12]; 1 A and B in [-2, 2] (much cancellation); 2 C in [8, 24]
// (large against the products); 3 C zero. From trial special_from on, about one
// element in 32 of A, B and C is Inf, NaN, a subnormal, the largest finite
// value or -0, and tf32 inputs carry low bits that tf32 drops.
#include "../cuda_prelude.h"

typedef unsigned short u16;

static __device__ u32 mix(u32 x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

// which: 0 A, 1 B, 2 C; i the element's index in its row-major matrix.
static __device__ u32 hashOf(u32 trial, u32 which, u32 i) { return mix(mix(trial * 3u + which) ^ i * 0x9e3779b9u); }

static __device__ int expOf(u32 h, u32 trial) {
  int narrow = trial % 4 == 1;
  return narrow ? -2 + (int)((h >> 9) % 5u) : -10 + (int)((h >> 9) % 21u);
}

static __device__ u32 genF16(u32 h, u32 trial, u32 special) {
  const u32 sp[8] = {0x7c00, 0xfc00, 0x7e00, 0x0001, 0x03ff, 0x7bff, 0x8000, 0x0200};
  if (special && (h & 31) == 0)
    return sp[(h >> 5) % 8] | (h >> 20 & 0x1ff) * ((h >> 5) % 8 == 7);
  if (((h >> 5) & 15) == 0)
    return (h >> 31) << 15;
  return (h >> 31) << 15 | (u32)(expOf(h, trial) + 15) << 10 | (h >> 16 & 0x3ff);
}

static __device__ u32 genBF16(u32 h, u32 trial, u32 special) {
  const u32 sp[8] = {0x7f80, 0xff80, 0x7fc0, 0x0001, 0x007f, 0x7f7f, 0x8000, 0x0040};
  if (special && (h & 31) == 0)
    return sp[(h >> 5) % 8] | (h >> 20 & 0x3f) * ((h >> 5) % 8 == 7);
  if (((h >> 5) & 15) == 0)
    return (h >> 31) << 15;
  return (h >> 31) << 15 | (u32)(expOf(h, trial) + 127) << 7 | (h >> 16 & 0x7f);
}

static __device__ u32 genTF32(u32 h, u32 trial, u32 special) {
  const u32 sp[8] = {0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0x007fe000, 0x7f7fe000, 0x80000000, 0x00400000};
  if (special && (h & 31) == 0)
    return sp[(h >> 5) % 8];
  if (((h >> 5) & 15) == 0)
    return (h >> 31) << 31;
  u32 low = special ? mix(h) & 0x1fff : 0; // bits tf32 does not have
  return (h >> 31) << 31 | (u32)(expOf(h, trial) + 127) << 23 | (h >> 16 & 0x3ff) << 13 | low;
}

static __device__ u32 genC(u32 h, u32 trial, u32 special) {
  const u32 sp[8] = {0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0x7f7fffff, 0x80000000, 0x7f000000, 0x00400000};
  if (special && (h & 31) == 0)
    return sp[(h >> 5) % 8];
  u32 cls = trial % 4;
  if (cls == 3)
    return 0;
  int e = cls == 2 ? 8 + (int)((h >> 9) % 17u) : -12 + (int)((h >> 9) % 25u);
  return (h >> 31) << 31 | (u32)(e + 127) << 23 | (mix(h) & 0x7fffff);
}

static __device__ u32 genC16(u32 h, u32 trial, u32 special) {
  if (trial % 4 == 3)
    return 0;
  return genF16(h, trial, special);
}

#define FRAG_SETUP                                                                                   \
  u32 t = blockIdx.x, lane = threadIdx.x, g = lane >> 2, q = lane & 3, special = t >= special_from; \
  (void)g;                                                                                           \
  (void)q;

// A(r, k) of a K-wide A, B(k, n) of an 8-wide B, C(r, n) of a 16x8 C.
#define A_(gen, r, k, K) gen(hashOf(t, 0, (r) * (K) + (k)), t, special)
#define B_(gen, k, n) gen(hashOf(t, 1, (k) * 8 + (n)), t, special)
#define C_(r, n) genC(hashOf(t, 2, (r) * 8 + (n)), t, special)
#define PAIR(lo, hi) ((lo) | (hi) << 16)

#define STORE_F32                                                                                    \
  d[t * 128 + g * 8 + 2 * q] = d0, d[t * 128 + g * 8 + 2 * q + 1] = d1;                           \
  d[t * 128 + (g + 8) * 8 + 2 * q] = d2, d[t * 128 + (g + 8) * 8 + 2 * q + 1] = d3;

// m16n8k16 with f16 or bf16 inputs (TYPE names the PTX type, GEN the generator).
#define MMA_K16(NAME, TYPE, GEN)                                                                     \
  extern "C" __global__ void NAME(u32 *d, u32 special_from) {                                           \
    FRAG_SETUP                                                                                       \
    u32 a0 = PAIR(A_(GEN, g, 2 * q, 16), A_(GEN, g, 2 * q + 1, 16));                                \
    u32 a1 = PAIR(A_(GEN, g + 8, 2 * q, 16), A_(GEN, g + 8, 2 * q + 1, 16));                        \
    u32 a2 = PAIR(A_(GEN, g, 2 * q + 8, 16), A_(GEN, g, 2 * q + 9, 16));                            \
    u32 a3 = PAIR(A_(GEN, g + 8, 2 * q + 8, 16), A_(GEN, g + 8, 2 * q + 9, 16));                    \
    u32 b0 = PAIR(B_(GEN, 2 * q, g), B_(GEN, 2 * q + 1, g));                                        \
    u32 b1 = PAIR(B_(GEN, 2 * q + 8, g), B_(GEN, 2 * q + 9, g));                                    \
    u32 c0 = C_(g, 2 * q), c1 = C_(g, 2 * q + 1), c2 = C_(g + 8, 2 * q), c3 = C_(g + 8, 2 * q + 1); \
    u32 d0, d1, d2, d3;                                                                              \
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32." TYPE "." TYPE                              \
                 ".f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"                    \
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)                                            \
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1), "r"(c2),  \
                   "r"(c3));                                                                         \
    STORE_F32                                                                                        \
  }

// m16n8k8 with f16 inputs.
#define MMA_F16_K8(NAME)                                                                             \
  extern "C" __global__ void NAME(u32 *d, u32 special_from) {                                           \
    FRAG_SETUP                                                                                       \
    u32 a0 = PAIR(A_(genF16, g, 2 * q, 8), A_(genF16, g, 2 * q + 1, 8));                            \
    u32 a1 = PAIR(A_(genF16, g + 8, 2 * q, 8), A_(genF16, g + 8, 2 * q + 1, 8));                    \
    u32 b0 = PAIR(B_(genF16, 2 * q, g), B_(genF16, 2 * q + 1, g));                                  \
    u32 c0 = C_(g, 2 * q), c1 = C_(g, 2 * q + 1), c2 = C_(g + 8, 2 * q), c3 = C_(g + 8, 2 * q + 1); \
    u32 d0, d1, d2, d3;                                                                              \
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, "   \
                 "{%7,%8,%9,%10};"                                                                   \
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)                                            \
                 : "r"(a0), "r"(a1), "r"(b0), "r"(c0), "r"(c1), "r"(c2), "r"(c3));                   \
    STORE_F32                                                                                        \
  }

// m16n8k8 with tf32 inputs.
#define MMA_TF32(NAME)                                                                               \
  extern "C" __global__ void NAME(u32 *d, u32 special_from) {                                           \
    FRAG_SETUP                                                                                       \
    u32 a0 = A_(genTF32, g, q, 8), a1 = A_(genTF32, g + 8, q, 8);                                   \
    u32 a2 = A_(genTF32, g, q + 4, 8), a3 = A_(genTF32, g + 8, q + 4, 8);                           \
    u32 b0 = B_(genTF32, q, g), b1 = B_(genTF32, q + 4, g);                                         \
    u32 c0 = C_(g, 2 * q), c1 = C_(g, 2 * q + 1), c2 = C_(g + 8, 2 * q), c3 = C_(g + 8, 2 * q + 1); \
    u32 d0, d1, d2, d3;                                                                              \
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, " \
                 "{%8,%9}, {%10,%11,%12,%13};"                                                       \
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)                                            \
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1), "r"(c2),  \
                   "r"(c3));                                                                         \
    STORE_F32                                                                                        \
  }

// m16n8k16 f16 inputs with an f16 accumulator: D's elements go out one a word.
#define MMA_F16_ACC(NAME)                                                                            \
  extern "C" __global__ void NAME(u32 *d, u32 special_from) {                                           \
    FRAG_SETUP                                                                                       \
    u32 a0 = PAIR(A_(genF16, g, 2 * q, 16), A_(genF16, g, 2 * q + 1, 16));                          \
    u32 a1 = PAIR(A_(genF16, g + 8, 2 * q, 16), A_(genF16, g + 8, 2 * q + 1, 16));                  \
    u32 a2 = PAIR(A_(genF16, g, 2 * q + 8, 16), A_(genF16, g, 2 * q + 9, 16));                      \
    u32 a3 = PAIR(A_(genF16, g + 8, 2 * q + 8, 16), A_(genF16, g + 8, 2 * q + 9, 16));              \
    u32 b0 = PAIR(B_(genF16, 2 * q, g), B_(genF16, 2 * q + 1, g));                                  \
    u32 b1 = PAIR(B_(genF16, 2 * q + 8, g), B_(genF16, 2 * q + 9, g));                              \
    u32 c0 = PAIR(genC16(hashOf(t, 2, g * 8 + 2 * q), t, special),                                 \
                  genC16(hashOf(t, 2, g * 8 + 2 * q + 1), t, special));                             \
    u32 c1 = PAIR(genC16(hashOf(t, 2, (g + 8) * 8 + 2 * q), t, special),                           \
                  genC16(hashOf(t, 2, (g + 8) * 8 + 2 * q + 1), t, special));                       \
    u32 d0, d1;                                                                                      \
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, " \
                 "{%8,%9};"                                                                          \
                 : "=r"(d0), "=r"(d1)                                                                \
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1));          \
    d[t * 128 + g * 8 + 2 * q] = d0 & 0xffff, d[t * 128 + g * 8 + 2 * q + 1] = d0 >> 16;            \
    d[t * 128 + (g + 8) * 8 + 2 * q] = d1 & 0xffff, d[t * 128 + (g + 8) * 8 + 2 * q + 1] = d1 >> 16; \
  }

// 8-bit floats: e4m3 (bias 7, no Inf, NaN 0x7f/0xff, largest 448 = 0x7e)
// and e5m2 (bias 15, Inf 0x7c, NaN 0x7d-0x7f, largest 57344 = 0x7b).
// Exponents in [-6, 7] (class 1: [-2, 2]), every mantissa.
static __device__ u32 genE4M3(u32 h, u32 trial, u32 special) {
  const u32 sp[8] = {0x7f, 0xff, 0x7e, 0x01, 0x07, 0xfe, 0x80, 0x08};
  if (special && (h & 31) == 0)
    return sp[(h >> 5) % 8];
  if (((h >> 5) & 15) == 0)
    return (h >> 31) << 7;
  int e = trial % 4 == 1 ? -2 + (int)((h >> 9) % 5u) : -6 + (int)((h >> 9) % 14u);
  return (h >> 31) << 7 | (u32)(e + 7) << 3 | (h >> 16 & 7);
}

static __device__ u32 genE5M2(u32 h, u32 trial, u32 special) {
  const u32 sp[8] = {0x7c, 0xfc, 0x7e, 0x01, 0x03, 0x7b, 0x80, 0x04};
  if (special && (h & 31) == 0)
    return sp[(h >> 5) % 8];
  if (((h >> 5) & 15) == 0)
    return (h >> 31) << 7;
  int e = trial % 4 == 1 ? -2 + (int)((h >> 9) % 5u) : -6 + (int)((h >> 9) % 14u);
  return (h >> 31) << 7 | (u32)(e + 15) << 2 | (h >> 16 & 3);
}

#define QUAD(e0, e1, e2, e3) ((e0) | (e1) << 8 | (e2) << 16 | (e3) << 24)
#define AQ(GEN, r, k) QUAD(A_(GEN, r, k, 32), A_(GEN, r, (k) + 1, 32), A_(GEN, r, (k) + 2, 32), A_(GEN, r, (k) + 3, 32))
#define BQ(GEN, k, n) QUAD(B_(GEN, k, n), B_(GEN, (k) + 1, n), B_(GEN, (k) + 2, n), B_(GEN, (k) + 3, n))

// m16n8k32 with 8-bit float inputs (sm_89+): a0/a2 rows g, a1/a3 rows
// g+8, k 4q..4q+3 (a0, a1) and 16 more (a2, a3); b0 k 4q..4q+3, b1 16 more,
// column g.
#define MMA_K32_F8(NAME, TYPE, GEN)                                                                  \
  extern "C" __global__ void NAME(u32 *d, u32 special_from) {                                           \
    FRAG_SETUP                                                                                       \
    u32 a0 = AQ(GEN, g, 4 * q), a1 = AQ(GEN, g + 8, 4 * q);                                         \
    u32 a2 = AQ(GEN, g, 4 * q + 16), a3 = AQ(GEN, g + 8, 4 * q + 16);                               \
    u32 b0 = BQ(GEN, 4 * q, g), b1 = BQ(GEN, 4 * q + 16, g);                                        \
    u32 c0 = C_(g, 2 * q), c1 = C_(g, 2 * q + 1), c2 = C_(g + 8, 2 * q), c3 = C_(g + 8, 2 * q + 1); \
    u32 d0, d1, d2, d3;                                                                              \
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f32." TYPE "." TYPE                              \
                 ".f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"                    \
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)                                            \
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1), "r"(c2),  \
                   "r"(c3));                                                                         \
    STORE_F32                                                                                        \
  }
