// clang-flags: -O3 -ffp-contract=off
// structs: structs passed and returned by value through non-inlined device
// functions (structs.h): every member width (1, 2, 4, 8 bytes, arrays of
// them) at every offset a struct puts them, 3- to 72-byte structs, a
// struct received as a parameter and passed on, recursion with a struct in
// and out. structs_o0 compiles this same source at -O0.
#include "cuda_prelude.h"
#define DEV __device__ __noinline__
#define INL static __device__ inline
#include "structs.h"

extern "C" __global__ void structs(const u32 *in, const double *din, u64 *out) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  compute(in[i], din[i], out + (u64)i * NOUT);
}
