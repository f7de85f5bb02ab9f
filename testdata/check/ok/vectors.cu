// vectors: vector loads and stores (ld.global.v4.f32, ld.global.v2.u32,
// st.global.v4.u32), struct copies, and .v2.f64 accesses through aligned
// structs.
#include "cuda_prelude.h"

struct __attribute__((aligned(16))) f4 { float x, y, z, w; };
struct __attribute__((aligned(8))) u2 { u32 x, y; };
struct __attribute__((aligned(16))) d2 { double x, y; };

extern "C" __global__ void vec4(const f4 *a, const u2 *b, const d2 *c, f4 *out, u2 *out2, d2 *out3) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  f4 v = a[i];
  u2 w = b[i];
  d2 z = c[i];
  f4 r = {v.x + v.w, v.y * v.z, v.z - (float)w.x, v.w + (float)w.y};
  out[i] = r;
  u2 s = {w.y ^ w.x, w.x + w.y};
  out2[i] = s;
  d2 t = {z.y, z.x * 2.0};
  out3[i] = t;
}
