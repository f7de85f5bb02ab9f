// templates: one template instantiated for several types gives several
// .entry kernels with mangled names (_Z...), weak ODR device functions
// (.weak .func), and 8/16/64-bit element types in one module.
#include "cuda_prelude.h"

template <typename T>
__device__ __noinline__ T clampv(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }

template <typename T>
__global__ void clamp_all(T *data, u32 n, T lo, T hi) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = clampv(data[i], lo, hi);
}

template __global__ void clamp_all<signed char>(signed char *, u32, signed char, signed char);
template __global__ void clamp_all<unsigned short>(unsigned short *, u32, unsigned short, unsigned short);
template __global__ void clamp_all<long long>(long long *, u32, long long, long long);
template __global__ void clamp_all<float>(float *, u32, float, float);
template __global__ void clamp_all<double>(double *, u32, double, double);
