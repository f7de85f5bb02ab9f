// shuffles: shfl.sync in all four modes over full warps and over 8-lane
// segments (the c operand's segment mask, as CUDA's width argument sets
// it), data-dependent source lanes for idx and bfly, and the d|p form whose
// predicate says whether the source lane was in range.
#include "cuda_prelude.h"

#define OUTS 12

#define SHFL_P(mode, d, p, a, b, c)                                                                \
  asm("{\n\t.reg .pred q;\n\tshfl.sync." mode ".b32 %0|q, %2, %3, %4, -1;\n\tselp.u32 %1, 1, 0, q;\n\t}" \
      : "=r"(d), "=r"(p) : "r"(a), "r"(b), "r"(c))

extern "C" __global__ void shuffles(const u32 *in, const u32 *src, u32 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  u32 v = in[t], s = src[t];
  u32 *o = out + OUTS * t;
  o[0] = __shfl_sync(FULL_MASK, v, s);                 // idx, any lane (s & 31)
  o[1] = __shfl_up_sync(FULL_MASK, v, 3);              // up by 3, lanes 0..2 keep their own
  o[2] = __shfl_down_sync(FULL_MASK, v, 5);            // down by 5
  o[3] = __shfl_xor_sync(FULL_MASK, v, s & 31);        // bfly with a per-lane mask
  // 8-lane segments: c = ((32 - 8) << 8) | clamp
  o[4] = __nvvm_shfl_sync_idx_i32(FULL_MASK, v, s, (24 << 8) | 0x1f);
  o[5] = __nvvm_shfl_sync_up_i32(FULL_MASK, v, 2, 24 << 8);
  o[6] = __nvvm_shfl_sync_down_i32(FULL_MASK, v, 3, (24 << 8) | 0x1f);
  o[7] = __nvvm_shfl_sync_bfly_i32(FULL_MASK, v, 5, (24 << 8) | 0x1f);
  u32 d, p;
  SHFL_P("up", d, p, v, 4, 0);
  o[8] = d ^ (p << 31);
  SHFL_P("down", d, p, v, s & 7, (24 << 8) | 0x1f);
  o[9] = d ^ (p << 31);
  SHFL_P("idx", d, p, v, s, (16 << 8) | 0x1f);
  o[10] = d ^ (p << 31);
  SHFL_P("bfly", d, p, v, 16, 0x0f); // clamp at lane 15 of the warp
  o[11] = d ^ (p << 31);
}
