// grid3d: a 3-D grid (2,1,2) of 3-D blocks (8,4,2): every thread records its
// %tid/%ctaid coordinates, the %ntid/%nctaid sizes, and %laneid, its warp
// (threads are numbered x fastest, then y, then z) and popc(%lanemask_lt).
#include "cuda_prelude.h"

extern "C" __global__ void grid3d(u32 *out) {
  u32 nthreads = blockDim.x * blockDim.y * blockDim.z;
  u32 cta = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  u32 ltid = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  u32 *o = out + 3 * (cta * nthreads + ltid);
  o[0] = threadIdx.x | threadIdx.y << 4 | threadIdx.z << 8 | blockIdx.x << 12 | blockIdx.y << 16 | blockIdx.z << 20;
  o[1] = blockDim.x | blockDim.y << 4 | blockDim.z << 8 | gridDim.x << 12 | gridDim.y << 16 | gridDim.z << 20;
  o[2] = __laneid() | (ltid / 32) << 8 | __popc(__lanemask_lt()) << 16;
}
