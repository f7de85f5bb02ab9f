// kernel.cu: the source of kernel.ptx, compiled from the repository root with
//   clang-14 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 \
//     -Xclang -target-feature -Xclang +ptx70 -O2 -S \
//     -include testdata/cuda_prelude.h examples/race_reduce/kernel.cu -o examples/race_reduce/kernel.ptx
//
// A shared-memory tree reduction of 128 values with the classic bug: no
// __syncthreads() between the levels of the tree.
extern "C" __global__ void reduce(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[128];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned stride = 64; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    // the fix: __syncthreads(); here, reached by every thread
  }
  if (t == 0)
    *out = s[0];
}
