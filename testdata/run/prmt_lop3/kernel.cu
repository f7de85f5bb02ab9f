// prmt_lop3: byte permutes in every prmt mode (f4e, b4e, rc8, ecl, ecr,
// rc16 and the generic selector form), lop3 with several truth tables, bfe
// (.u32 and .s32) and bfi with data-dependent positions and lengths
// (including zero lengths and fields past bit 31), bfind (.u32, .s32,
// .shiftamt), and the funnel shifts shf.l.clamp / shf.r.wrap. The
// instructions are written as inline PTX, as CUDA's own headers do.
#include "cuda_prelude.h"

#define OUTS 24

#define PRMT(mode, d, a, b, c) asm("prmt.b32" mode " %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c))
#define LOP3(lut, d, a, b, c) asm("lop3.b32 %0, %1, %2, %3, " #lut ";" : "=r"(d) : "r"(a), "r"(b), "r"(c))

extern "C" __global__ void prmt_lop3(const u32 *A, const u32 *B, const u32 *C, u32 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  u32 a = A[t], b = B[t], c = C[t];
  u32 *o = out + OUTS * t;
  u32 r;
  PRMT(".f4e", r, a, b, c); o[0] = r;
  PRMT(".b4e", r, a, b, c); o[1] = r;
  PRMT(".rc8", r, a, b, c); o[2] = r;
  PRMT(".ecl", r, a, b, c); o[3] = r;
  PRMT(".ecr", r, a, b, c); o[4] = r;
  PRMT(".rc16", r, a, b, c); o[5] = r;
  PRMT("", r, a, b, c); o[6] = r;
  LOP3(0x96, r, a, b, c); o[7] = r;
  LOP3(0xE8, r, a, b, c); o[8] = r;
  LOP3(0xCA, r, a, b, c); o[9] = r;
  LOP3(0x1A, r, a, b, c); o[10] = r;
  LOP3(0x00, r, a, b, c); o[11] = r;
  LOP3(0xFF, r, a, b, c); o[12] = r;
  u32 pos = b & 0x3f, len = c & 0x3f;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(pos), "r"(len)); o[13] = r;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(pos), "r"(len)); o[14] = r;
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(pos), "r"(len)); o[15] = r;
  asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(a)); o[16] = r;
  asm("bfind.s32 %0, %1;" : "=r"(r) : "r"(a)); o[17] = r;
  asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r) : "r"(a)); o[18] = r;
  asm("bfind.shiftamt.s32 %0, %1;" : "=r"(r) : "r"(a)); o[19] = r;
  asm("shf.l.clamp.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(len)); o[20] = r;
  asm("shf.r.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c)); o[21] = r;
  u64 w = ((u64)b << 32) | a;
  u32 r64;
  asm("bfind.u64 %0, %1;" : "=r"(r64) : "l"(w)); o[22] = r64;
  u64 e;
  asm("bfe.s64 %0, %1, %2, %3;" : "=l"(e) : "l"(w), "r"(pos), "r"(len)); o[23] = (u32)(e >> 16);
}
