// wgmma_fp8.h: one wgmma.mma_async.m64n8k32 with 8-bit float inputs into
// f32 per CTA (128 threads, one trial), inputs from mma_common.h's hash:
// A(r, k) = GEN(hashOf(t, 0, r*32 + k)) for r < 64, B(k, n) =
// GEN(hashOf(t, 1, k*8 + n)), C(r, n) = genC(hashOf(t, 2, r*8 + n)), as
// the mma.sync cases with 64 rows. A and B^T sit in shared memory in the
// 32-byte swizzled K-major layout of examples/wgmma_swizzle (rows of 32
// bytes = 32 k); D(r, n) goes to word t*512 + r*8 + n.
#include "gpu/mma_common.h"

static __device__ u32 smemAddr(const void *p) {
  u32 a;
  asm("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(a) : "l"(p));
  return a;
}

// A and B^T of trial t in shared memory (descriptors da, db), and this
// thread's fragment coordinates: warp w, rows r0 and r1, column pair q.
#define WGMMA_F8_AB(GEN)                                                                             \
    __shared__ __attribute__((aligned(1024))) unsigned char sA[2048];                                \
    __shared__ __attribute__((aligned(1024))) unsigned char sB[256];                                 \
    u32 t = blockIdx.x, tid = threadIdx.x, special = t >= special_from;                             \
    u32 row = tid >> 1, ch = tid & 1, off = row * 32 + ((ch ^ ((row >> 2) & 1)) << 4);              \
    for (u32 j = 0; j < 16; j++)                                                                     \
      sA[off + j] = GEN(hashOf(t, 0, row * 32 + ch * 16 + j), t, special);                          \
    if (tid < 16)                                                                                    \
      for (u32 j = 0; j < 16; j++)                                                                   \
        sB[off + j] = GEN(hashOf(t, 1, (ch * 16 + j) * 8 + row), t, special);                        \
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");                                   \
    __syncthreads();                                                                                 \
    u64 da = (u64)(smemAddr(sA) >> 4) | 0xC000001000000000ull;                                      \
    u64 db = (u64)(smemAddr(sB) >> 4) | 0xC000001000000000ull;                                      \
    u32 w = tid >> 5, lane = tid & 31, g = lane >> 2, q = lane & 3;                                  \
    u32 r0 = 16 * w + g, r1 = r0 + 8;

#define WGMMA_K32_F8(NAME, TYPE, GEN)                                                                \
  extern "C" __global__ void NAME(u32 *d, u32 special_from) {                                        \
    WGMMA_F8_AB(GEN)                                                                                 \
    u32 d0 = genC(hashOf(t, 2, r0 * 8 + 2 * q), t, special);                                        \
    u32 d1 = genC(hashOf(t, 2, r0 * 8 + 2 * q + 1), t, special);                                    \
    u32 d2 = genC(hashOf(t, 2, r1 * 8 + 2 * q), t, special);                                        \
    u32 d3 = genC(hashOf(t, 2, r1 * 8 + 2 * q + 1), t, special);                                    \
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"                                         \
                 "wgmma.fence.sync.aligned;\n"                                                       \
                 "wgmma.mma_async.sync.aligned.m64n8k32.f32." TYPE "." TYPE                          \
                 " {%0,%1,%2,%3}, %4, %5, p, 1, 1;\n"                                                \
                 "wgmma.commit_group.sync.aligned;\n"                                                \
                 "wgmma.wait_group.sync.aligned 0;\n}"                                               \
                 : "+r"(d0), "+r"(d1), "+r"(d2), "+r"(d3)                                            \
                 : "l"(da), "l"(db)                                                                  \
                 : "memory");                                                                        \
    d[t * 512 + r0 * 8 + 2 * q] = d0, d[t * 512 + r0 * 8 + 2 * q + 1] = d1;                         \
    d[t * 512 + r1 * 8 + 2 * q] = d2, d[t * 512 + r1 * 8 + 2 * q + 1] = d3;                         \
  }

// The same m64n8k32 into an f16 D: C(r, n) = genC16(hashOf(t, 2, r*8 + n)),
// D(r, n) to word t*512 + r*8 + n, one half a word.
#define WGMMA_K32_F8_F16ACC(NAME, TYPE, GEN)                                                         \
  extern "C" __global__ void NAME(u32 *d, u32 special_from) {                                        \
    WGMMA_F8_AB(GEN)                                                                                 \
    u32 d0 = PAIR(genC16(hashOf(t, 2, r0 * 8 + 2 * q), t, special),                                 \
                  genC16(hashOf(t, 2, r0 * 8 + 2 * q + 1), t, special));                             \
    u32 d1 = PAIR(genC16(hashOf(t, 2, r1 * 8 + 2 * q), t, special),                                 \
                  genC16(hashOf(t, 2, r1 * 8 + 2 * q + 1), t, special));                             \
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"                                         \
                 "wgmma.fence.sync.aligned;\n"                                                       \
                 "wgmma.mma_async.sync.aligned.m64n8k32.f16." TYPE "." TYPE                          \
                 " {%0,%1}, %2, %3, p, 1, 1;\n"                                                      \
                 "wgmma.commit_group.sync.aligned;\n"                                                \
                 "wgmma.wait_group.sync.aligned 0;\n}"                                               \
                 : "+r"(d0), "+r"(d1)                                                                \
                 : "l"(da), "l"(db)                                                                  \
                 : "memory");                                                                        \
    d[t * 512 + r0 * 8 + 2 * q] = d0 & 0xffff, d[t * 512 + r0 * 8 + 2 * q + 1] = d0 >> 16;          \
    d[t * 512 + r1 * 8 + 2 * q] = d1 & 0xffff, d[t * 512 + r1 * 8 + 2 * q + 1] = d1 >> 16;          \
  }

// The same m64n8k32 into f32 with A from registers: warp w holds rows
// 16w..16w+15 in mma.m16n8k32's A layout (a0/a2 row 16w+g, a1/a3 row
// 16w+g+8, k 4q..4q+3 and 16 more); B from shared memory as above.
#define WGMMA_K32_F8_AREG(NAME, TYPE, GEN)                                                           \
  extern "C" __global__ void NAME(u32 *d, u32 special_from) {                                        \
    __shared__ __attribute__((aligned(1024))) unsigned char sB[256];                                 \
    u32 t = blockIdx.x, tid = threadIdx.x, special = t >= special_from;                             \
    u32 row = tid >> 1, ch = tid & 1, off = row * 32 + ((ch ^ ((row >> 2) & 1)) << 4);              \
    if (tid < 16)                                                                                    \
      for (u32 j = 0; j < 16; j++)                                                                   \
        sB[off + j] = GEN(hashOf(t, 1, (ch * 16 + j) * 8 + row), t, special);                        \
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");                                   \
    __syncthreads();                                                                                 \
    u64 db = (u64)(smemAddr(sB) >> 4) | 0xC000001000000000ull;                                      \
    u32 w = tid >> 5, lane = tid & 31, g = lane >> 2, q = lane & 3;                                  \
    u32 r0 = 16 * w + g, r1 = r0 + 8;                                                                \
    u32 a0 = AQ(GEN, r0, 4 * q), a1 = AQ(GEN, r1, 4 * q);                                           \
    u32 a2 = AQ(GEN, r0, 4 * q + 16), a3 = AQ(GEN, r1, 4 * q + 16);                                 \
    u32 d0 = genC(hashOf(t, 2, r0 * 8 + 2 * q), t, special);                                        \
    u32 d1 = genC(hashOf(t, 2, r0 * 8 + 2 * q + 1), t, special);                                    \
    u32 d2 = genC(hashOf(t, 2, r1 * 8 + 2 * q), t, special);                                        \
    u32 d3 = genC(hashOf(t, 2, r1 * 8 + 2 * q + 1), t, special);                                    \
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"                                         \
                 "wgmma.fence.sync.aligned;\n"                                                       \
                 "wgmma.mma_async.sync.aligned.m64n8k32.f32." TYPE "." TYPE                          \
                 " {%0,%1,%2,%3}, {%4,%5,%6,%7}, %8, p, 1, 1;\n"                                     \
                 "wgmma.commit_group.sync.aligned;\n"                                                \
                 "wgmma.wait_group.sync.aligned 0;\n}"                                               \
                 : "+r"(d0), "+r"(d1), "+r"(d2), "+r"(d3)                                            \
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "l"(db)                                       \
                 : "memory");                                                                        \
    d[t * 512 + r0 * 8 + 2 * q] = d0, d[t * 512 + r0 * 8 + 2 * q + 1] = d1;                         \
    d[t * 512 + r1 * 8 + 2 * q] = d2, d[t * 512 + r1 * 8 + 2 * q + 1] = d3;                         \
  }
