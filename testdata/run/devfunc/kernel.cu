// devfunc: non-inlined device functions called from a kernel (.func with
// .param arguments and return values): a recursive fib, a gcd (tail
// recursion, which LLVM turns into a loop), a function with mixed-width
// parameters, and a recursive function that passes a pointer to a
// caller's local array (so each frame has its own .local depot).
#include "cuda_prelude.h"

__device__ __noinline__ u32 fib(u32 n) {
  if (n < 2)
    return n;
  return fib(n - 1) + fib(n - 2);
}

__device__ __noinline__ u32 gcd(u32 a, u32 b) {
  if (b == 0)
    return a;
  return gcd(b, a % b);
}

__device__ __noinline__ u64 mix(u32 a, u64 b, unsigned short c) {
  return (b ^ ((u64)a << 17)) * 0x9E3779B97F4A7C15ull + c;
}

// Sum of the base-4 digits of x, written most significant first into buf;
// returns the number of digits.
__device__ __noinline__ u32 digits(u32 x, u32 *buf, u32 depth) {
  u32 k = 0;
  if (x >= 4)
    k = digits(x / 4, buf, depth + 1);
  buf[k] = x % 4 + depth;
  return k + 1;
}

extern "C" __global__ void devfunc(const u32 *a, const u32 *b, u32 *out, u64 *mixed) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  u32 x = a[i], y = b[i];
  u32 buf[16];
  u32 nd = digits(x & 0xffff, buf, 0);
  u32 dsum = 0;
  for (u32 k = 0; k < nd; k++)
    dsum = dsum * 3 + buf[k];
  out[4 * i + 0] = fib(x % 13);
  out[4 * i + 1] = gcd(x, y);
  out[4 * i + 2] = nd;
  out[4 * i + 3] = dsum;
  mixed[i] = mix(x, ((u64)y << 32) | x, (unsigned short)(y >> 3));
}
