// atomics_mix: atomics on shared and global memory of several widths and
// types: atom.shared.add.f32, red.global.add.f32/.f64 (results unused),
// atom.global.cas.b64 loops on doubles, inc/dec, and a spin lock built from
// atomicCAS/atomicExch with __threadfence (membar.gl).
#include "cuda_prelude.h"

extern "C" __global__ void atomics_mix(const float *x, float *fsum, double *dsum, u32 *lock, u32 *ticket, double *dmax) {
  __shared__ float s;
  if (threadIdx.x == 0)
    s = 0.0f;
  __syncthreads();
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  atomicAdd(&s, v);
  atomicAdd(dsum, (double)v);
  atomicInc(ticket, 1000);
  // max on doubles with a CAS loop
  u64 *p = (u64 *)dmax;
  u64 old = *p, assumed;
  do {
    assumed = old;
    double cur = __nvvm_bitcast_ll2d((s64)assumed);
    if (cur >= (double)v)
      break;
    old = atomicCAS(p, assumed, (u64)__nvvm_bitcast_d2ll((double)v));
  } while (old != assumed);
  __syncthreads();
  if (threadIdx.x == 0) {
    while (atomicCAS(lock, 0, 1) != 0)
      ;
    __threadfence();
    *fsum += s;
    __threadfence();
    atomicExch(lock, 0);
  }
}
