// asm_layout: inline PTX written the way CUDA programmers write it, which
// clang copies verbatim into the module: an mma.sync whose operand groups
// each start on a new line, an ldmatrix with its modifiers in another order
// than the manual's (.x4.trans.m8n8, as ptxas takes them), div.ftz.rn.f32,
// and a void __noinline__ device function called with a pointer argument.
#include "cuda_prelude.h"

__device__ __noinline__ void store_tile(float *out, float d0, float d1, float d2, float d3) {
  out[0] = d0;
  out[1] = d1;
  out[2] = d2;
  out[3] = d3;
}

extern "C" __global__ void tile(const u32 *a, const u32 *b, float *out, float x, float y) {
  __shared__ unsigned short smem[8 * 8 * 4];
  u32 t = threadIdx.x;
  for (u32 i = t; i < 8 * 8 * 4; i += blockDim.x)
    smem[i] = (unsigned short)i;
  __syncthreads();
  u32 a0, a1, a2, a3;
  asm volatile("{\n\t.reg .u64 p64;\n\t.reg .u32 p;\n\tcvta.to.shared.u64 p64, %4;\n\tcvt.u32.u64 p, p64;\n\t"
               "ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16\n\t\t{%0, %1, %2, %3},\n\t\t[p];\n\t}"
               : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
               : "l"(&smem[(t % 32) * 8]));
  float d0, d1, d2, d3;
  u32 b0 = b[2 * t], b1 = b[2 * t + 1];
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32\n\t"
               "{%0, %1, %2, %3},\n\t"
               "{%4, %5, %6, %7},\n\t"
               "{%8, %9},\n\t"
               "{%10, %11, %12, %13};"
               : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
               : "r"(a0 ^ a[t]), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1),
                 "f"(0.0f), "f"(0.0f), "f"(0.0f), "f"(0.0f));
  float q;
  asm("div.ftz.rn.f32 %0, %1, %2;" : "=f"(q) : "f"(x), "f"(y));
  store_tile(out + 4 * t, d0 + q, d1, d2, d3);
}
