// funcptr: calls through device function pointers: clang emits a
// .callprototype declaration and an indirect call (call (ret), %rd, (args),
// prototype;), and a table of function addresses in .global memory.
#include "cuda_prelude.h"

typedef float (*unop)(float, int);

__device__ __noinline__ float op_scale(float x, int k) { return x * (float)k; }
__device__ __noinline__ float op_shift(float x, int k) { return x + (float)k; }
__device__ __noinline__ float op_square(float x, int k) { return x * x - (float)k; }

__device__ unop table[3] = {op_scale, op_shift, op_square};

extern "C" __global__ void apply(const float *in, float *out, const int *which) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  unop f = table[which[i] % 3];
  out[i] = f(in[i], (int)i);
}
