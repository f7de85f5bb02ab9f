// Reference for wmma_mix: six plain matrix multiplies of small integers
// (exact in every input type and in any order of summation), the inputs
// laid out in memory as the kernel's comments say.
#include "refjson.h"
#define NIN 2368
#define NOUT 1216

static uint32_t in[NIN], out[NOUT];

static uint16_t f16(int v) {
  if (v == 0) return 0;
  uint16_t s = v < 0 ? 0x8000 : 0;
  unsigned a = v < 0 ? -v : v, e = 0;
  while ((a >> e) > 1) e++;
  return s | (uint16_t)((e + 15) << 10) | (uint16_t)(((a << 10) >> e) & 0x3ff);
}
static uint16_t bf16(int v) { float f = (float)v; uint32_t b; memcpy(&b, &f, 4); return (uint16_t)(b >> 16); }
static int small(void) { return (int)rng_below(9) - 4; }

// Element (r, c) of a matrix at word offset w with leading dimension ld,
// row- or column-major, of 2-, 4- or 8-byte elements.
static void put16(int w, int ld, int row, int r, int c, uint16_t v) { memcpy((char *)(in + w) + 2 * (row ? r * ld + c : c * ld + r), &v, 2); }
static void put32(uint32_t *buf, int w, int ld, int row, int r, int c, uint32_t v) { buf[w + (row ? r * ld + c : c * ld + r)] = v; }
static void put64(uint32_t *buf, int w, int ld, int row, int r, int c, double v) { memcpy((char *)(buf + w) + 8 * (row ? r * ld + c : c * ld + r), &v, 8); }
static void put8(int w, int ld, int row, int r, int c, int8_t v) { ((int8_t *)(in + w))[row ? r * ld + c : c * ld + r] = v; }
static uint32_t fbits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }

// A generic M x N x K product of integer matrices a (M x K), b (K x N), c.
static void matmul(int M, int N, int K, const int *a, const int *b, const int *c, long long *d) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      long long s = c[i * N + j];
      for (int k = 0; k < K; k++) s += (long long)a[i * K + k] * b[k * N + j];
      d[i * N + j] = s;
    }
}

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  static int a[512], b[512], c[256];
  static long long d[256];
  rng_seed(70);
  // f16 m16n16k16: A row at 0, B col at 128, C row at 256 (f32), D at out 0.
  for (int i = 0; i < 256; i++) { a[i] = small(); b[i] = small(); c[i] = (int)rng_below(201) - 100; }
  for (int r = 0; r < 16; r++)
    for (int k = 0; k < 16; k++) { put16(0, 16, 1, r, k, f16(a[r * 16 + k])); put16(128, 16, 0, r, k, f16(b[r * 16 + k])); }
  for (int i = 0; i < 256; i++) in[256 + i] = fbits((float)c[i]);
  matmul(16, 16, 16, a, b, c, d);
  for (int i = 0; i < 256; i++) out[i] = fbits((float)d[i]);
  // s8 m16n16k16: A col at 512, B row at 576, C at 640 (s32), D at out 256.
  for (int i = 0; i < 256; i++) { a[i] = (int)(int8_t)rng_u32(); b[i] = (int)(int8_t)rng_u32(); c[i] = (int)(rng_u32() >> 8) - (1 << 23); }
  for (int r = 0; r < 16; r++)
    for (int k = 0; k < 16; k++) { put8(512, 16, 0, r, k, (int8_t)a[r * 16 + k]); put8(576, 16, 1, r, k, (int8_t)b[r * 16 + k]); }
  for (int i = 0; i < 256; i++) in[640 + i] = (uint32_t)c[i];
  matmul(16, 16, 16, a, b, c, d);
  for (int i = 0; i < 256; i++) out[256 + i] = (uint32_t)(int32_t)d[i];
  // tf32 m16n16k8: A (16x8) row at 896 ld 8, B (8x16) row at 1024 ld 16, C at 1152, D at out 512.
  for (int i = 0; i < 128; i++) { a[i] = small(); b[i] = small(); }
  for (int i = 0; i < 256; i++) c[i] = (int)rng_below(201) - 100;
  for (int i = 0; i < 128; i++) { in[896 + i] = fbits((float)a[i]); in[1024 + i] = fbits((float)b[i]); }
  for (int i = 0; i < 256; i++) in[1152 + i] = fbits((float)c[i]);
  matmul(16, 16, 8, a, b, c, d);
  for (int i = 0; i < 256; i++) out[512 + i] = fbits((float)d[i]);
  // f64 m8n8k4: A (8x4) row at 1408 ld 4, B (4x8) col at 1472 ld 4, C (8x8) at 1536 ld 8, D at out 768.
  for (int i = 0; i < 32; i++) { a[i] = small(); b[i] = small(); }
  for (int i = 0; i < 64; i++) c[i] = (int)rng_below(201) - 100;
  for (int r = 0; r < 8; r++)
    for (int k = 0; k < 4; k++) put64(in, 1408, 4, 1, r, k, a[r * 4 + k]);
  for (int k = 0; k < 4; k++)
    for (int n = 0; n < 8; n++) put64(in, 1472, 4, 0, k, n, b[k * 8 + n]);
  for (int i = 0; i < 64; i++) put64(in, 1536, 8, 1, i / 8, i % 8, c[i]);
  matmul(8, 8, 4, a, b, c, d);
  for (int i = 0; i < 64; i++) put64(out, 768, 8, 1, i / 8, i % 8, (double)d[i]);
  // bf16 m32n8k16: A (32x16) row at 1664 ld 16, B (16x8) col at 1920 ld 16, C (32x8) at 1984 ld 8, D at out 896.
  for (int i = 0; i < 512; i++) a[i] = small();
  for (int i = 0; i < 128; i++) b[i] = small();
  for (int i = 0; i < 256; i++) c[i] = (int)rng_below(201) - 100;
  for (int r = 0; r < 32; r++)
    for (int k = 0; k < 16; k++) put16(1664, 16, 1, r, k, bf16(a[r * 16 + k]));
  for (int k = 0; k < 16; k++)
    for (int n = 0; n < 8; n++) put16(1920, 16, 0, k, n, bf16(b[k * 8 + n]));
  for (int i = 0; i < 256; i++) in[1984 + i] = fbits((float)c[i]);
  matmul(32, 8, 16, a, b, c, d);
  for (int i = 0; i < 256; i++) out[896 + i] = fbits((float)d[i]);
  // b1 m8n8k128: A (8x128 bits) row at 2240, B (128x8) col at 2272 (column n = 128 bits), C at 2304, D at out 1152.
  for (int i = 0; i < 64; i++) { in[2240 + i] = rng_u32(); } /* A and B words */
  for (int i = 0; i < 64; i++) c[i] = (int)rng_below(1001) - 500;
  for (int i = 0; i < 64; i++) in[2304 + i] = (uint32_t)c[i];
  for (int r = 0; r < 8; r++)
    for (int n = 0; n < 8; n++) {
      int s = c[r * 8 + n];
      for (int w = 0; w < 4; w++) s += __builtin_popcount(in[2240 + r * 4 + w] ^ in[2272 + n * 4 + w]);
      out[1152 + r * 8 + n] = (uint32_t)s;
    }
  if (launch) {
    j_launch_begin("wmma_mix", 1, 1, 1, 32, 1, 1, 0);
    j_buf("wmma_mix_param_0", J_U32, in, NIN);
    j_buf_count("wmma_mix_param_1", J_U32, NOUT);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("wmma_mix_param_1", J_U32, out, NOUT);
    j_expected_end();
  }
  return 0;
}
