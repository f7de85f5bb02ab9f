// spmv_csr: sparse matrix-vector product in CSR form, one warp per row with
// a __shfl_down_sync reduction, plus the scalar one-thread-per-row variant;
// f64 values and 32-bit column indices.
#include "cuda_prelude.h"

extern "C" __global__ void spmv_csr_scalar(u32 rows, const u32 *rowptr, const u32 *col,
                                           const double *val, const double *x, double *y) {
  u32 r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    double s = 0.0;
    for (u32 j = rowptr[r]; j < rowptr[r + 1]; j++)
      s += val[j] * x[col[j]];
    y[r] = s;
  }
}

static __device__ inline double shfl_down_d(double v, int off) {
  int lo = __shfl_down_sync(FULL_MASK, (int)__nvvm_bitcast_d2ll(v), off);
  int hi = __shfl_down_sync(FULL_MASK, (int)(__nvvm_bitcast_d2ll(v) >> 32), off);
  return __nvvm_bitcast_ll2d(((u64)(u32)hi << 32) | (u32)lo);
}

extern "C" __global__ void spmv_csr_vector(u32 rows, const u32 *rowptr, const u32 *col,
                                           const double *val, const double *x, double *y) {
  u32 lane = threadIdx.x & 31;
  u32 r = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (r >= rows)
    return;
  double s = 0.0;
  for (u32 j = rowptr[r] + lane; j < rowptr[r + 1]; j += 32)
    s += val[j] * x[col[j]];
  for (int off = 16; off > 0; off >>= 1)
    s += shfl_down_d(s, off);
  if (lane == 0)
    y[r] = s;
}
