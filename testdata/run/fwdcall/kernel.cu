// clang-flags: -O3
// fwdcall: non-inlined device functions called before their definitions.
// clang prints a prototype at the top of the module for every function used
// before it is defined (".func (.param .b32 r) g (.param .b32 a, ...);") and
// the definition later: the kernel calls f and collatz_steps, f calls g with
// mixed-width parameters, and is_even/is_odd recurse into each other.
// fwdcall_o0 compiles this same source at -O0.
#include "cuda_prelude.h"

__device__ __noinline__ u64 g(unsigned char a, short b, u64 c, float x, double y);
__device__ __noinline__ u32 f(u32 a);
__device__ __noinline__ int is_odd(u32 n);
__device__ __noinline__ u32 collatz_steps(u64 n, u32 limit);

__device__ __noinline__ int is_even(u32 n) { return n == 0 ? 1 : is_odd(n - 1); }
__device__ __noinline__ int is_odd(u32 n) { return n == 0 ? 0 : is_even(n - 1); }

extern "C" __global__ void fwdcall(const u32 *in, u32 *out, u32 *parity, u32 *steps) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  u32 x = in[i];
  out[i] = f(x);
  parity[i] = is_even(x % 97) * 2 + is_odd(i);
  steps[i] = collatz_steps(x + 1, 200);
}

__device__ __noinline__ u32 f(u32 a) {
  return (u32)g((unsigned char)a, (short)(a >> 3), (u64)a * 0x100000001ull, (float)(a & 0xfff) * 0.5f, (double)a * 0.25) + 7;
}

__device__ __noinline__ u64 g(unsigned char a, short b, u64 c, float x, double y) {
  return (c >> (a & 31)) + (u64)(s64)b + (u64)(s64)(x * 8.0f) + (u64)(s64)y;
}

__device__ __noinline__ u32 collatz_steps(u64 n, u32 limit) {
  if (n == 1 || limit == 0)
    return 0;
  return 1 + collatz_steps((n & 1) ? 3 * n + 1 : n / 2, limit - 1);
}
