// gridstride: a grid-stride loop over n elements with 3 CTAs; each output
// also records which CTA wrote it (blockIdx.x) and the grid size (gridDim.x).
#include "cuda_prelude.h"

extern "C" __global__ void gridstride(const u32 *in, u32 *out, u32 n) {
  u32 stride = blockDim.x * gridDim.x;
  for (u32 i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = in[i] * 2654435761u + blockIdx.x * 1000 + gridDim.x * 100000 + i / stride;
}
