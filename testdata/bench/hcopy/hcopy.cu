// hcopy.cu: y[i] = x[i] over f16 elements, the kernel of the 1M-element f16
// launch in docs/benchmarks.md: x is filled with every 16-bit pattern in turn
// (a b16 iota), so y holds each of the 65,536 f16 values 16 times, and the
// process is set-up and output. clang-14 refuses _Float16 on nvptx; compiled
// by clang-19 -x cuda --cuda-device-only -nocudainc -nocudalib
//   --cuda-gpu-arch=sm_80 -O2 -S -o hcopy.ptx hcopy.cu
#include "../../cuda_prelude.h"

extern "C" __global__ void hcopy(const _Float16 *x, _Float16 *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
