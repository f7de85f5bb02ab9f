// scan_warp: prefix-sum variants: an inclusive warp scan with
// __shfl_up_sync, an exclusive block scan built from warp scans and a shared
// array of warp totals, and a Blelloch (up-sweep/down-sweep) scan.
#include "cuda_prelude.h"

static __device__ inline u32 warp_scan(u32 v) {
  u32 lane = threadIdx.x & 31;
  for (u32 d = 1; d < 32; d <<= 1) {
    u32 o = __shfl_up_sync(FULL_MASK, v, d);
    if (lane >= d)
      v += o;
  }
  return v;
}

extern "C" __global__ void scan_warp_inclusive(const u32 *in, u32 *out) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = warp_scan(in[i]);
}

extern "C" __global__ void scan_block_exclusive(const u32 *in, u32 *out, u32 *block_sums) {
  __shared__ u32 warp_tot[32];
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  u32 lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  u32 v = in[i];
  u32 inc = warp_scan(v);
  if (lane == 31)
    warp_tot[w] = inc;
  __syncthreads();
  if (w == 0) {
    u32 nw = blockDim.x >> 5;
    u32 t = lane < nw ? warp_tot[lane] : 0;
    warp_tot[lane] = warp_scan(t);
  }
  __syncthreads();
  u32 before = w ? warp_tot[w - 1] : 0;
  out[i] = before + inc - v;
  if (threadIdx.x == blockDim.x - 1)
    block_sums[blockIdx.x] = before + inc;
}

extern "C" __global__ void scan_blelloch(u32 *data) {
  __shared__ u32 s[512];
  u32 t = threadIdx.x;
  s[2 * t] = data[2 * t];
  s[2 * t + 1] = data[2 * t + 1];
  u32 off = 1;
  for (u32 d = 256; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d)
      s[off * (2 * t + 2) - 1] += s[off * (2 * t + 1) - 1];
    off <<= 1;
  }
  if (t == 0)
    s[511] = 0;
  for (u32 d = 1; d < 512; d <<= 1) {
    off >>= 1;
    __syncthreads();
    if (t < d) {
      u32 ai = off * (2 * t + 1) - 1, bi = off * (2 * t + 2) - 1;
      u32 tmp = s[ai];
      s[ai] = s[bi];
      s[bi] += tmp;
    }
  }
  __syncthreads();
  data[2 * t] = s[2 * t];
  data[2 * t + 1] = s[2 * t + 1];
}
