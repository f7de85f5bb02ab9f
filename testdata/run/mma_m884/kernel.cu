// mma_m884: the Volta-style mma.m8n8k4 (f16 inputs, f32 accumulators): one
// warp computes four independent 8x8x4 products, one per quad-pair (lanes
// 4q..4q+3 and 16+4q..16+4q+3). Each lane gathers its fragment elements from
// global memory by the ISA's formulas (row-major A, column-major B, f32 C)
// and scatters D the same way. A[q] is 8x4 f16 at A + 32q, B[q] 4x8 f16
// (stored column by column) at B + 32q, C[q] and D[q] 8x8 f32 at +64q.
// clang-ptx: ptx71
#include "cuda_prelude.h"

typedef unsigned short f16bits;

extern "C" __global__ void mma_m884(const f16bits *A, const f16bits *B, const float *C, float *D) {
  unsigned lane = threadIdx.x & 31, q = (lane >> 2) & 3, hi = lane >= 16 ? 4 : 0;
  const f16bits *a = A + 32 * q, *b = B + 32 * q;
  const float *c = C + 64 * q;
  float *d = D + 64 * q;
  // A row-major: row = lane%4 (+4 high), col = i.
  unsigned ar = lane % 4 + hi;
  unsigned a01 = a[ar * 4 + 0] | (unsigned)a[ar * 4 + 1] << 16, a23 = a[ar * 4 + 2] | (unsigned)a[ar * 4 + 3] << 16;
  // B column-major: row = i, col = lane%4 (+4 high); column n is b[4n..4n+3].
  unsigned bc = lane % 4 + hi;
  unsigned b01 = b[bc * 4 + 0] | (unsigned)b[bc * 4 + 1] << 16, b23 = b[bc * 4 + 2] | (unsigned)b[bc * 4 + 3] << 16;
  // C/D f32: row = (lane&1) + (i&2) (+4 high), col = (i&4) + (lane&2) + (i&1).
  float cv[8], dv[8];
  for (int i = 0; i < 8; i++) cv[i] = c[((lane & 1) + (i & 2) + hi) * 8 + (i & 4) + (lane & 2) + (i & 1)];
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9}, {%10,%11}, {%12,%13,%14,%15,%16,%17,%18,%19};"
               : "=f"(dv[0]), "=f"(dv[1]), "=f"(dv[2]), "=f"(dv[3]), "=f"(dv[4]), "=f"(dv[5]), "=f"(dv[6]), "=f"(dv[7])
               : "r"(a01), "r"(a23), "r"(b01), "r"(b23),
                 "f"(cv[0]), "f"(cv[1]), "f"(cv[2]), "f"(cv[3]), "f"(cv[4]), "f"(cv[5]), "f"(cv[6]), "f"(cv[7]));
  for (int i = 0; i < 8; i++) d[((lane & 1) + (i & 2) + hi) * 8 + (i & 4) + (lane & 2) + (i & 1)] = dv[i];
}
