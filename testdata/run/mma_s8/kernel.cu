// mma_s8: D = A*B + C with mma.sync.m16n8k32 on signed 8-bit integers,
// one warp per 16x8 tile, fragments loaded straight from global memory by
// the ISA's layout (A row-major M x 32, B stored column by column: 32
// consecutive k of column n at B + 32n; C row-major). Each tile is
// computed twice: plain (the s32 sum wraps) and with .satfinite (it
// clamps); C holds values near the int32 limits so that both matter.
// clang-ptx: ptx71
#include "cuda_prelude.h"

extern "C" __global__ void mma_s8(const u32 *A, const u32 *B, const s32 *C, s32 *D, s32 *Dsat, int M) {
  unsigned lane = threadIdx.x & 31, tm = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (tm >= (unsigned)M / 16) return;
  unsigned g = lane >> 2, t = lane & 3;
  const u32 *a = A + tm * 16 * 8;  // 8 words (32 bytes) a row
  // a0..a3: rows g and g+8, byte columns 4t..4t+3 and 16+4t..16+4t+3.
  u32 a0 = a[g * 8 + t], a1 = a[(g + 8) * 8 + t], a2 = a[g * 8 + 4 + t], a3 = a[(g + 8) * 8 + 4 + t];
  // b0, b1: column g, k = 4t..4t+3 and 16+4t..16+4t+3.
  u32 b0 = B[g * 8 + t], b1 = B[g * 8 + 4 + t];
  const s32 *c = C + tm * 16 * 8;
  s32 c0 = c[g * 8 + 2 * t], c1 = c[g * 8 + 2 * t + 1], c2 = c[(g + 8) * 8 + 2 * t], c3 = c[(g + 8) * 8 + 2 * t + 1];
  s32 d0, d1, d2, d3;
  asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
               : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1), "r"(c2), "r"(c3));
  s32 *d = D + tm * 16 * 8;
  d[g * 8 + 2 * t] = d0;
  d[g * 8 + 2 * t + 1] = d1;
  d[(g + 8) * 8 + 2 * t] = d2;
  d[(g + 8) * 8 + 2 * t + 1] = d3;
  asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
               : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1), "r"(c2), "r"(c3));
  d = Dsat + tm * 16 * 8;
  d[g * 8 + 2 * t] = d0;
  d[g * 8 + 2 * t + 1] = d1;
  d[(g + 8) * 8 + 2 * t] = d2;
  d[(g + 8) * 8 + 2 * t + 1] = d3;
}
