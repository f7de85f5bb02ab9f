// divedges.cu: divergent code at the edges of burst's short paths, for
// TestDivergentEdges (core/launch): every kernel runs in two CTAs of 40
// threads, so each CTA's second warp is a partial one of 8 lanes. Compiled
// by clang-14 as scripts/gen-testdata.sh does:
//
//   clang-14 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 \
//     -Xclang -target-feature -Xclang +ptx70 -O2 -I ../../../../testdata -S -o divedges.ptx divedges.cu
#include "cuda_prelude.h"

// nested: a loop whose lanes leave at different trips, an if/else inside
// it and another inside its odd arm: three levels of divergence at once.
extern "C" __global__ void nested(const u32 *in, u32 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  u32 v = in[t], s = 0, odd = 0;
  while (v > 1 && s < 40) {
    if (v & 1) {
      if (v & 2)
        v = 3 * v + 1;
      else
        v = (3 * v + 1) >> 1;
      odd++;
    } else {
      v >>= 1;
    }
    s++;
  }
  out[t] = s * 1000 + odd;
}

// exitdiv: lanes return from inside the loop's odd arm, while the rest of
// the warp is split between the arms; the others store after the loop.
extern "C" __global__ void exitdiv(const u32 *in, u32 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  u32 v = in[t], s = 0;
  while (v != 1) {
    if (v & 1) {
      if (v % 7 == 0 && s > 2)
        return;
      v = 3 * v + 1;
    } else {
      v >>= 1;
    }
    s++;
  }
  out[t] = s;
}

// bardiv: a divergent loop, then bar.sync once the lanes have met again,
// then each thread reads its neighbour's count from shared memory.
extern "C" __global__ void bardiv(const u32 *in, u32 *out) {
  __shared__ u32 sh[40];
  u32 t = threadIdx.x;
  u32 v = in[blockIdx.x * blockDim.x + t], s = 0;
  while (v != 1) {
    v = (v & 1) ? 3 * v + 1 : v >> 1;
    s++;
  }
  sh[t] = s;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s + 1000 * sh[(t + 1) % blockDim.x];
}
