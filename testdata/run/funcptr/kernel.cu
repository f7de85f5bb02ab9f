// funcptr: calls through device function pointers chosen per thread, so
// the lanes of a warp call different functions (an indirect call with
// divergent targets) and meet again after the call.
#include "cuda_prelude.h"

typedef u32 (*binop)(u32, u32);

__device__ __noinline__ u32 op_mix(u32 x, u32 k) { return x * 2654435761u + k; }
__device__ __noinline__ u32 op_rot(u32 x, u32 k) { return (x << (k & 31)) | (x >> ((32 - (k & 31)) & 31)); }
__device__ __noinline__ u32 op_sub(u32 x, u32 k) { return k - x; }

__device__ binop table[3] = {op_mix, op_rot, op_sub};

extern "C" __global__ void apply(const u32 *in, u32 *out, const u32 *which) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  binop f = table[which[i] % 3];
  out[i] = f(in[i], i);
}
