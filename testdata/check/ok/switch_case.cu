// switch_case: a dense switch (LLVM lowers it to a branch tree or a
// lookup table in .global memory), selp chains, and an unrolled bytecode
// interpreter loop with many basic blocks and bra.uni.
#include "cuda_prelude.h"

extern "C" __global__ void interp(const unsigned char *code, u32 len, const int *init, int *result) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  int acc = init[i], reg = (int)i;
  for (u32 pc = 0; pc < len; pc++) {
    switch (code[pc]) {
    case 0: acc += reg; break;
    case 1: acc -= reg; break;
    case 2: acc *= 3; break;
    case 3: acc ^= reg << 2; break;
    case 4: reg = acc; break;
    case 5: acc = acc < 0 ? -acc : acc; break;
    case 6: if (acc & 1) pc++; break;
    case 7: acc >>= 1; break;
    default: acc = ~acc; break;
    }
  }
  result[i] = acc;
}

extern "C" __global__ void lookup(const u32 *k, u32 *v) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  u32 r;
  switch (k[i] & 7) {
  case 0: r = 11; break;
  case 1: r = 23; break;
  case 2: r = 37; break;
  case 3: r = 41; break;
  case 4: r = 59; break;
  case 5: r = 61; break;
  case 6: r = 73; break;
  default: r = 89; break;
  }
  v[i] = r;
}
