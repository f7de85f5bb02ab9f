// Tiled matrix transpose through shared memory (the CUDA samples' padded
// tile): a CTA of 32 x 8 threads moves one 32 x 32 tile, each thread four
// rows, with a padding column so that a warp reads a tile column from 32
// banks. width and height are multiples of 32.
#include "cuda_prelude.h"

#define TILE 32
#define ROWS 8

extern "C" __global__ void transpose(const float *in, float *out, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
