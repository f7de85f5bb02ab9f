// fmath: float math instructions: sqrt.rn, rsqrt.approx, rcp.rn/.approx,
// div.rn/.approx/.full-like, sin/cos/lg2/ex2 .approx (.ftz variants), abs,
// neg, min/max, fma in f32 and f64, testp-like NaN checks (setp.nan/.num),
// copysign via bit ops, and selp on floats.
#include "cuda_prelude.h"

extern "C" __global__ void fmath(const float *x, const double *dx, float *out, double *dout) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  double d = dx[i];
  float *o = out + 16 * i;
  o[0] = __nvvm_sqrt_rn_f(v);
  o[1] = __nvvm_rsqrt_approx_f(v);
  o[2] = __nvvm_div_approx_f(1.0f, v);
  o[3] = __nvvm_sin_approx_f(v);
  o[4] = __nvvm_cos_approx_ftz_f(v);
  o[5] = __nvvm_lg2_approx_f(v);
  o[6] = __nvvm_ex2_approx_ftz_f(v);
  o[7] = __builtin_fabsf(v) + -v;
  o[8] = __builtin_fminf(v, 2.0f) * __builtin_fmaxf(v, -2.0f);
  o[9] = v != v ? 1.0f : 0.0f;
  o[10] = __builtin_isunordered(v, o[1]) ? 3.0f : o[1];
  o[11] = __builtin_copysignf(1.5f, v);
  o[12] = __nvvm_floor_f(v) + __nvvm_ceil_f(v) + __nvvm_trunc_f(v) + __nvvm_round_f(v);
  o[13] = __nvvm_saturate_f(v);
  o[14] = __nvvm_fma_rz_f(v, v, 1.0f);
  o[15] = v / 3.0f;
  double *q = dout + 4 * i;
  q[0] = __nvvm_sqrt_rn_d(d);
  q[1] = __nvvm_rcp_rn_d(d);
  q[2] = __nvvm_fma_rn_d(d, d, -1.0);
  q[3] = __nvvm_rsqrt_approx_d(d) + __nvvm_ex2_approx_d(d) + __nvvm_lg2_approx_d(d);
}
