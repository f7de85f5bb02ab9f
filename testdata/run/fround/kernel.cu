// fround: IEEE rounding modes and conversions, bit for bit: add/mul/div/sqrt
// with .rz/.rm/.rp/.rn, rcp.rn, f64->f32 with three modes (overflow and
// subnormal results), int->f32 with .rz/.rp, and float->int conversions
// (cvt.rni/.rzi/.rmi/.rpi) that clamp out-of-range values to the
// destination range. No input converted to an integer is NaN.
#include "cuda_prelude.h"

#define NF 15
#define NI 8

extern "C" __global__ void fround(const float *xs, const float *ys, const double *ds, const u32 *is,
                                  float *of, u32 *oi, u64 *o64) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  float x = xs[t], y = ys[t];
  double d = ds[t];
  u32 i = is[t];
  float *f = of + NF * t;
  f[0] = __nvvm_add_rz_f(x, y);
  f[1] = __nvvm_add_rm_f(x, y);
  f[2] = __nvvm_add_rp_f(x, y);
  f[3] = __nvvm_mul_rz_f(x, y);
  f[4] = __nvvm_mul_rm_f(x, y);
  f[5] = __nvvm_div_rn_f(x, y);
  f[6] = __nvvm_div_rz_f(x, y);
  f[7] = __nvvm_sqrt_rn_f(__builtin_fabsf(x));
  f[8] = __nvvm_sqrt_rp_f(__builtin_fabsf(x));
  f[9] = __nvvm_d2f_rn(d);
  f[10] = __nvvm_d2f_rz(d);
  f[11] = __nvvm_d2f_rm(d);
  // clang 14 lowers __nvvm_i2f_rz to cvt.rn.f32.s32, so say it directly.
  float fi;
  asm("cvt.rz.f32.s32 %0, %1;" : "=f"(fi) : "r"(i));
  f[12] = fi;
  f[13] = __nvvm_ui2f_rp(i);
  f[14] = __nvvm_rcp_rn_f(y);
  u32 *n = oi + NI * t;
  n[0] = (u32)__nvvm_f2i_rn(x);
  n[1] = (u32)__nvvm_f2i_rz(x);
  n[2] = (u32)__nvvm_f2i_rm(x);
  n[3] = (u32)__nvvm_f2i_rp(x);
  n[4] = __nvvm_f2ui_rz(x);
  n[5] = __nvvm_f2ui_rn(x);
  n[6] = (u32)__nvvm_d2i_rz(d);
  n[7] = __nvvm_d2ui_rn(d);
  o64[2 * t] = (u64)__nvvm_f2ll_rz(x);
  o64[2 * t + 1] = __nvvm_d2ull_rn(d);
}
