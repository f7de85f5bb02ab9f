// divergent.cu: kernels whose lanes part and meet again at every turn, for
// TestShortPathMatchesGeneralPath (burst's short paths for plain ops and
// bra against the general path): faults, traps and exits inside divergent
// code, and calls from divergent lanes. Compiled by clang-14 as
// scripts/gen-testdata.sh does:
//
//   clang-14 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 \
//     -Xclang -target-feature -Xclang +ptx70 -O2 -I ../../../../testdata -S -o divergent.ptx divergent.cu
#include "cuda_prelude.h"

// divfault: each lane walks the Collatz sequence from in[t]; an odd step
// that goes above lim stores at out[v], past out's end: the first lane to
// get there faults with the warp split between the odd and even paths.
extern "C" __global__ void divfault(const u32 *in, u32 *out, u32 lim) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  u32 v = in[t];
  u32 steps = 0;
  while (v != 1) {
    if (v & 1) {
      v = 3 * v + 1;
      if (v > lim)
        out[v] = steps;
    } else {
      v >>= 1;
    }
    steps++;
  }
  out[t] = steps;
}

// walk counts Collatz steps from v, at most cap of them.
__device__ __noinline__ u32 walk(u32 v, u32 cap) {
  u32 s = 0;
  while (v != 1 && s < cap) {
    if (v & 1)
      v = 3 * v + 1;
    else
      v >>= 1;
    s++;
  }
  return s;
}

// divcall: a third of the lanes exit at once; the others call walk from
// two call sites on either side of a branch, so the callee's loop runs
// with part of a warp, then vote on the results once they meet again.
extern "C" __global__ void divcall(const u32 *in, u32 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  u32 v = in[t];
  if (v % 3 == 0)
    return;
  u32 s;
  if (v & 4)
    s = walk(v, 50);
  else
    s = walk(v + 7, 200) + 1;
  u32 b = __ballot_sync(__activemask(), s > 20);
  out[t] = s + __popc(b);
}

// divtrap: lanes loop a data-dependent number of times, leaving at
// different iterations; the lane whose counter meets bad traps there.
extern "C" __global__ void divtrap(const u32 *in, u32 *out, u32 bad) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  u32 v = in[t], acc = 0;
  for (u32 i = 0; i < (v & 63); i++) {
    acc = acc * 31 + i;
    if ((acc & 1023) == bad)
      __builtin_trap();
  }
  out[t] = acc;
}
