// printf: device printf lowers to a call of the .extern .func vprintf with a
// .local argument buffer (a __local_depot frame, %SP/%SPL) and format strings
// as .global .b8 arrays with initializers.
#include "cuda_prelude.h"

extern "C" __device__ int printf(const char *, ...);

extern "C" __global__ void hello(const int *v, double d) {
  u32 t = threadIdx.x;
  if (t < 2)
    printf("thread %u of block %u: v=%d d=%f\n", t, blockIdx.x, v[t], d);
  if (v[t] < 0)
    printf("negative at %u\n", t);
}
