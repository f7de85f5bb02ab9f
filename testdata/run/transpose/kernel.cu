// transpose: out (width x height) = transpose of in (height rows x width
// columns), through a 32x33 shared tile (+1 padding against bank conflicts).
// Blocks are 32x8; each thread moves 4 elements. The matrix is 48x64, so the
// CTAs with blockIdx.y == 1 are partly outside it.
#include "cuda_prelude.h"

#define TILE 32
#define ROWS 8

extern "C" __global__ void transpose(const u32 *in, u32 *out, u32 width, u32 height) {
  __shared__ u32 tile[TILE][TILE + 1];
  u32 x = blockIdx.x * TILE + threadIdx.x;
  u32 y = blockIdx.y * TILE + threadIdx.y;
  for (u32 j = 0; j < TILE; j += ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (u32 j = 0; j < TILE; j += ROWS)
    if (x < height && y + j < width)
      out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
