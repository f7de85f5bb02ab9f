// atomics: global atomics whose final values do not depend on the order the
// threads run in: add/min/max (signed and unsigned), and/or/xor, inc/dec
// with a wrap limit (every thread applies the same function), a CAS loop
// that adds, exch on per-thread slots (each returned old value is known),
// and 64-bit add/max/xor/CAS.
#include "cuda_prelude.h"

extern "C" __global__ void atomics(const u32 *in, u32 *g, u32 *slots, u32 *old, u64 *g64) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  u32 v = in[t];
  atomicAdd(&g[0], v);
  atomicMin(&g[1], v);
  atomicMax(&g[2], v);
  atomicMin((s32 *)&g[3], (s32)v);
  atomicMax((s32 *)&g[4], (s32)v);
  atomicAnd(&g[5], v | 0x10000001u);
  atomicOr(&g[6], v & 0x0f0f0f0fu);
  atomicXor(&g[7], v);
  atomicInc(&g[8], 17);
  atomicDec(&g[9], 13);
  atomicSub(&g[10], v >> 4);
  // Add (v ^ 0x5a5a) to g[11] with a compare-and-swap loop.
  u32 cur = g[11], seen;
  do {
    seen = cur;
    cur = atomicCAS(&g[11], seen, seen + (v ^ 0x5a5a));
  } while (cur != seen);
  old[t] = atomicExch(&slots[t], v * 7 + t);
  atomicAdd(&g64[0], (u64)v * v);
  atomicMax(&g64[1], (u64)v << 24 | t);
  atomicXor(&g64[2], (u64)v << (t & 31));
  u64 c64 = g64[3], s64v;
  do {
    s64v = c64;
    c64 = atomicCAS(&g64[3], s64v, s64v + ((u64)v << 20));
  } while (c64 != s64v);
}
