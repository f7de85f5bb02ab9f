// fp8_probe.h: kernels for the parts of mma.sync's 8-bit float sums
// that testdata/gpu/mma_e4m3 and mma_e5m2 do not measure (docs/tensor-cores.md).
#include "gpu/mma_common.h"

#define AQ16(GEN, r, k) QUAD(A_(GEN, r, k, 16), A_(GEN, r, (k) + 1, 16), A_(GEN, r, (k) + 2, 16), A_(GEN, r, (k) + 3, 16))

// m16n8k16 with 8-bit float inputs into f32: a0 row g, a1 row g+8, k 4q..4q+3; b0 k 4q..4q+3, column g.
#define MMA_K16_F8(NAME, TYPE, GEN)                                                                  \
  extern "C" __global__ void NAME(u32 *d, u32 special_from) {                                        \
    FRAG_SETUP                                                                                       \
    u32 a0 = AQ16(GEN, g, 4 * q), a1 = AQ16(GEN, g + 8, 4 * q);                                      \
    u32 b0 = BQ(GEN, 4 * q, g);                                                                      \
    u32 c0 = C_(g, 2 * q), c1 = C_(g, 2 * q + 1), c2 = C_(g + 8, 2 * q), c3 = C_(g + 8, 2 * q + 1); \
    u32 d0, d1, d2, d3;                                                                              \
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32." TYPE "." TYPE                              \
                 ".f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"                                \
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)                                            \
                 : "r"(a0), "r"(a1), "r"(b0), "r"(c0), "r"(c1), "r"(c2), "r"(c3));                   \
    STORE_F32                                                                                        \
  }

// m16n8k32, A e4m3 and B e5m2, into f32.
#define MMA_K32_MIXED(NAME)                                                                          \
  extern "C" __global__ void NAME(u32 *d, u32 special_from) {                                        \
    FRAG_SETUP                                                                                       \
    u32 a0 = AQ(genE4M3, g, 4 * q), a1 = AQ(genE4M3, g + 8, 4 * q);                                 \
    u32 a2 = AQ(genE4M3, g, 4 * q + 16), a3 = AQ(genE4M3, g + 8, 4 * q + 16);                       \
    u32 b0 = BQ(genE5M2, 4 * q, g), b1 = BQ(genE5M2, 4 * q + 16, g);                                \
    u32 c0 = C_(g, 2 * q), c1 = C_(g, 2 * q + 1), c2 = C_(g + 8, 2 * q), c3 = C_(g + 8, 2 * q + 1); \
    u32 d0, d1, d2, d3;                                                                              \
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, " \
                 "{%8,%9}, {%10,%11,%12,%13};"                                                       \
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)                                            \
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1), "r"(c2),  \
                   "r"(c3));                                                                         \
    STORE_F32                                                                                        \
  }

// m16n8k32 e4m3 into an f16 accumulator (C from genC16); D's elements one a word.
#define MMA_K32_F8_F16ACC(NAME)                                                                      \
  extern "C" __global__ void NAME(u32 *d, u32 special_from) {                                        \
    FRAG_SETUP                                                                                       \
    u32 a0 = AQ(genE4M3, g, 4 * q), a1 = AQ(genE4M3, g + 8, 4 * q);                                 \
    u32 a2 = AQ(genE4M3, g, 4 * q + 16), a3 = AQ(genE4M3, g + 8, 4 * q + 16);                       \
    u32 b0 = BQ(genE4M3, 4 * q, g), b1 = BQ(genE4M3, 4 * q + 16, g);                                \
    u32 c0 = PAIR(genC16(hashOf(t, 2, g * 8 + 2 * q), t, special),                                  \
                  genC16(hashOf(t, 2, g * 8 + 2 * q + 1), t, special));                             \
    u32 c1 = PAIR(genC16(hashOf(t, 2, (g + 8) * 8 + 2 * q), t, special),                            \
                  genC16(hashOf(t, 2, (g + 8) * 8 + 2 * q + 1), t, special));                       \
    u32 d0, d1;                                                                                      \
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16 {%0,%1}, {%2,%3,%4,%5}, "      \
                 "{%6,%7}, {%8,%9};"                                                                 \
                 : "=r"(d0), "=r"(d1)                                                                \
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1));          \
    d[t * 128 + g * 8 + 2 * q] = d0 & 0xffff, d[t * 128 + g * 8 + 2 * q + 1] = d0 >> 16;            \
    d[t * 128 + (g + 8) * 8 + 2 * q] = d1 & 0xffff, d[t * 128 + (g + 8) * 8 + 2 * q + 1] = d1 >> 16; \
  }

// Mostly zero e4m3 inputs (7 in 8 a signed zero) and C among -0, +0,
// subnormals and +-1: the sign of a zero sum and whether the last add
// keeps a subnormal C.
static __device__ u32 genZ8(u32 h, u32 trial, u32 special) {
  if ((h & 7) != 0)
    return (h >> 31) << 7;
  return genE4M3(h, trial, 0);
}

static __device__ u32 genCZ(u32 h, u32 trial, u32 special) {
  const u32 sp[8] = {0x80000000, 0x00000000, 0x00000001, 0x80000001, 0x00400000, 0x807fffff, 0x3f800000, 0xb4000000};
  if ((h & 1) == 0)
    return genC(h, trial, special);
  return sp[(h >> 5) % 8];
}

#define MMA_K32_ZEROS(NAME)                                                                          \
  extern "C" __global__ void NAME(u32 *d, u32 special_from) {                                        \
    FRAG_SETUP                                                                                       \
    u32 a0 = AQ(genZ8, g, 4 * q), a1 = AQ(genZ8, g + 8, 4 * q);                                     \
    u32 a2 = AQ(genZ8, g, 4 * q + 16), a3 = AQ(genZ8, g + 8, 4 * q + 16);                           \
    u32 b0 = BQ(genZ8, 4 * q, g), b1 = BQ(genZ8, 4 * q + 16, g);                                    \
    u32 c0 = genCZ(hashOf(t, 2, g * 8 + 2 * q), t, special), c1 = genCZ(hashOf(t, 2, g * 8 + 2 * q + 1), t, special); \
    u32 c2 = genCZ(hashOf(t, 2, (g + 8) * 8 + 2 * q), t, special);                                  \
    u32 c3 = genCZ(hashOf(t, 2, (g + 8) * 8 + 2 * q + 1), t, special);                              \
    u32 d0, d1, d2, d3;                                                                              \
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, " \
                 "{%8,%9}, {%10,%11,%12,%13};"                                                       \
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)                                            \
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1), "r"(c2),  \
                   "r"(c3));                                                                         \
    STORE_F32                                                                                        \
  }
