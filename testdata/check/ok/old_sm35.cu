// old_sm35: an older target and PTX version (.version 4.3, .target sm_35):
// non-sync warp shuffles (shfl.down.b32), vote.ballot.b32 without .sync,
// __ldg (ld.global.nc), and mul24.
// clang-arch: sm_35
// clang-ptx: ptx43
#include "cuda_prelude.h"

extern "C" __global__ void old_reduce(const float *in, float *out, u32 *ballots) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = __nvvm_ldg_f(in + i);
  for (int off = 16; off > 0; off >>= 1)
    v += __nvvm_shfl_down_f32(v, off, 0x1f);
  // LLVM 14 cannot select llvm.nvvm.vote.ballot: use inline asm with a
  // scoped predicate register, as CUDA's own headers do.
  u32 b;
  asm("{\n\t.reg .pred p;\n\tsetp.gt.f32 p, %1, 0f00000000;\n\tvote.ballot.b32 %0, p;\n\t}" : "=r"(b) : "f"(v));
  if ((threadIdx.x & 31) == 0) {
    out[i >> 5] = v;
    ballots[i >> 5] = b + (u32)__nvvm_mul24_i((int)i, 3);
  }
}
