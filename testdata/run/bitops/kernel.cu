// bitops: __popc, __clz, __brev, __byte_perm (prmt with data-chosen
// selectors, including sign-replicating ones), __funnelshift_l (shf.l.wrap),
// a clamped right funnel shift (shf.r.clamp), bit-field extracts written as
// shifts and masks (bfe.u32 / bfe.s32), __dp4a (signed and unsigned),
// __sad, __umulhi, 64-bit popc, and shifts by amounts >= 32 (clamped).
#include "cuda_prelude.h"

#define OUTS 18

static __device__ inline u32 shr_u32(u32 a, u32 n) { u32 r; asm("shr.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(n)); return r; }
static __device__ inline u32 shr_s32(u32 a, u32 n) { u32 r; asm("shr.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(n)); return r; }
static __device__ inline u32 shl_b32(u32 a, u32 n) { u32 r; asm("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(n)); return r; }

extern "C" __global__ void bitops(const u32 *a, const u32 *b, u32 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  u32 x = a[t], y = b[t];
  u32 *o = out + OUTS * t;
  o[0] = __popc(x);
  o[1] = __clz(x);
  o[2] = __brev(x);
  o[3] = __byte_perm(x, y, y & 0xffff);
  o[4] = __funnelshift_l(x, y, y);
  o[5] = __funnelshift_rc(x, y, y & 63);
  o[6] = (x >> 7) & 0x3ff;
  o[7] = (u32)(((s32)x << 5) >> 20);
  o[8] = (u32)__dp4a((s32)x, (s32)y, (s32)t);
  o[9] = __dp4a_u(x, y, 7);
  o[10] = __sad((s32)x, (s32)y, t);
  o[11] = __umulhi(x, y);
  o[12] = __popcll(((u64)x << 32) | y);
  o[13] = shr_u32(x, y & 63);
  o[14] = shr_s32(x, y & 63);
  o[15] = shl_b32(x, y & 63);
  o[16] = (x & 0xffff00ffu) | ((y & 0xff) << 8);
  o[17] = (x & ~y) | (y ^ (x >> 3));
}
