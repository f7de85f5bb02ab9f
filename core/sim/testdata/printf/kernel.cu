// kernel.cu: printf from a CUDA kernel, as clang lowers it to vprintf.
// ref.c prints what this kernel prints, with the host's printf, in the
// order the simulator runs the calls: CTA by CTA, warp by warp (round
// robin), call by call, lane by lane.
// Regenerate kernel.ptx (from core/sim/testdata/printf):
//   clang-14 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 \
//     -Xclang -target-feature -Xclang +ptx70 -O2 -I ../../../../testdata -S -o kernel.ptx kernel.cu
#include "cuda_prelude.h"

extern "C" __device__ int printf(const char *, ...);

__device__ char names[4][8] = {"zero", "one", "two", "three"};

extern "C" __global__ void show(int *out, double scale, long long tag) {
  int t = threadIdx.x, b = blockIdx.x;
  int r1 = 0, r2 = 0;
  if (t % 3 == 0) {
    r1 = printf("b%d t%02d: %5.2f %-6s|%#llx %e %c %u %g\n", b, t, t * 0.5f,
                names[t % 4], (unsigned long long)t << 33 | tag, scale * t,
                'a' + t % 26, (unsigned)-t, 1.0 / (t + 1));
  }
  if (t == 1) {
    r2 = printf("a bad format prints nothing and returns -1: %y %d\n", t);
  }
  if (t == blockDim.x - 1) {
    r2 = printf("end of CTA %d: %s%%\n", b, "100");
  }
  out[b * blockDim.x + t] = r1 * 100 + r2;
}
