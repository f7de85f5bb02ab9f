// struct_copy: whole-struct copies that carry padding and a member nothing
// wrote (Rec.val), as C allows: through a function's return value, an
// assignment, and a local array indexed at run time. Only tag and w are
// used. Compiled at -O0 (struct_copy_o0.ptx, every variable in .local
// memory, copies byte by byte or word by word) and -O2: initcheck must
// find nothing in either, since a copy of undefined bytes is no use of
// them.
// clang-also-O0
#include "cuda_prelude.h"

struct Rec {
  unsigned char tag;  // 3 bytes of padding follow
  u32 val;            // never written
  double w;
  unsigned short h;   // 6 bytes of padding follow
};

__device__ __noinline__ struct Rec mk(u32 t) {
  struct Rec r;
  r.tag = (unsigned char)t;
  r.w = t * 0.5;
  r.h = (unsigned short)(t + 1);
  return r;
}

extern "C" __global__ void copy(const u32 *sel, u32 *out, double *outw) {
  u32 t = threadIdx.x;
  u32 i = sel[t] & 3, j = (sel[t] + 1) & 3;
  struct Rec a = mk(t);
  struct Rec b = a;
  struct Rec arr[4];
  arr[i] = b;
  arr[j] = mk(t + 7);
  struct Rec c = arr[(t & 1) ? i : j];
  out[t] = c.tag + c.h;
  outw[t] = c.w;
}
