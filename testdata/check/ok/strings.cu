// strings: byte processing: ASCII upper-casing with u8 loads and stores, a
// per-thread strlen over NUL-terminated records, counting a character with
// 32-bit word loads and byte tests, and a Caesar shift of packed bytes.
#include "cuda_prelude.h"

extern "C" __global__ void to_upper(const unsigned char *in, unsigned char *out, u32 n) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned char c = in[i];
    out[i] = (c >= 'a' && c <= 'z') ? c - 32 : c;
  }
}

extern "C" __global__ void record_len(const char *recs, u32 stride, u32 *len) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  const char *p = recs + i * stride;
  u32 k = 0;
  while (k < stride && p[k] != 0)
    k++;
  len[i] = k;
}

extern "C" __global__ void count_char(const u32 *words, u32 nwords, unsigned char ch, u32 *count) {
  u32 c = 0;
  for (u32 i = blockIdx.x * blockDim.x + threadIdx.x; i < nwords; i += blockDim.x * gridDim.x) {
    u32 w = words[i];
    for (int b = 0; b < 4; b++)
      c += ((w >> (8 * b)) & 0xff) == ch;
  }
  atomicAdd(count, c);
}

extern "C" __global__ void caesar(u32 *packed, u32 n, u32 shift) {
  u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    u32 w = packed[i], r = 0;
    for (int b = 0; b < 4; b++) {
      u32 c = (w >> (8 * b)) & 0xff;
      if (c >= 'a' && c <= 'z')
        c = 'a' + (c - 'a' + shift) % 26;
      r |= c << (8 * b);
    }
    packed[i] = r;
  }
}
