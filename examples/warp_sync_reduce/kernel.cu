// kernel.cu: the source of kernel.ptx, compiled from the repository root with
//   clang-14 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 \
//     -Xclang -target-feature -Xclang +ptx70 -O2 -S \
//     -include testdata/cuda_prelude.h examples/warp_sync_reduce/kernel.cu -o examples/warp_sync_reduce/kernel.ptx
//
// The last steps of a reduction done "warp-synchronously", as CUDA samples
// did before Volta: the 32 threads of warp 0 add through volatile shared
// memory with no __syncwarp(), trusting the warp to run in lockstep.
extern "C" __global__ void wsum(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[64];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 32) {
    volatile unsigned *v = s;
    v[t] += v[t + 32];
    v[t] += v[t + 16];
    v[t] += v[t + 8];
    v[t] += v[t + 4];
    v[t] += v[t + 2];
    v[t] += v[t + 1];
  }
  if (t == 0)
    *out = s[0];
}
