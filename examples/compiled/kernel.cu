// kernel.cu: the source of kernel.ptx, compiled from the repository root with
//   clang-14 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 \
//     -Xclang -target-feature -Xclang +ptx70 -O2 -S \
//     -include testdata/cuda_prelude.h examples/compiled/kernel.cu -o examples/compiled/kernel.ptx
// (cuda_prelude.h supplies __shfl_down_sync and atomicAdd without a CUDA SDK).

// The sum of the squares of in[0..n): a grid-stride loop, a warp-shuffle
// reduction, and one atomic add per warp.
extern "C" __global__ void sumsq(const int *in, int n, unsigned *out) {
  unsigned s = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    s += (unsigned)(in[i] * in[i]);
  for (int d = 16; d > 0; d >>= 1)
    s += __shfl_down_sync(FULL_MASK, s, d);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(out, s);
}
