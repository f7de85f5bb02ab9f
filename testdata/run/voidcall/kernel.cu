// voidcall: non-inlined device functions that return nothing, called from a
// kernel: clang prints these calls as "call.uni f, (param0, ...);" split over
// several lines, and a void function without parameters as "call.uni f;".
// order() sorts a pair through pointers, scale() takes mixed-width scalar
// parameters (u8, s16, u64, f32, f64), tick() has no parameters at all and
// bumps a per-block counter in shared memory.
#include "cuda_prelude.h"

__shared__ u32 ticks;

__device__ __noinline__ void order(u32 *a, u32 *b) {
  if (*a > *b) {
    u32 t = *a;
    *a = *b;
    *b = t;
  }
}

__device__ __noinline__ void scale(u32 *dst, unsigned char k, short s, u64 w, float f, double d) {
  *dst = (u32)((w >> k) + (u64)(s64)s) ^ (u32)(s32)(f * 4.0f) ^ (u32)(s64)(d * 0.5);
}

__device__ __noinline__ void tick(void) { atomicAdd(&ticks, 1u); }

extern "C" __global__ void voidcall(u32 *lo, u32 *hi, u32 *mixed, u32 *count) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    ticks = 0;
  __syncthreads();
  u32 a = lo[i], b = hi[i];
  order(&a, &b);
  lo[i] = a;
  hi[i] = b;
  u32 m;
  scale(&m, (unsigned char)(i % 40), (short)(a - 1000), ((u64)b << 20) | a, (float)(s32)a, (double)b);
  mixed[i] = m;
  if (a & 1)
    tick();
  __syncthreads();
  if (threadIdx.x == 0)
    count[blockIdx.x] = ticks;
}
