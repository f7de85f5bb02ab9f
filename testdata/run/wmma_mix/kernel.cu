// wmma_mix: one warp, six wmma products through clang's __hmma/__imma/
// __mma/__dmma/__bmma builtins (what CUDA's mma.h calls), reading inputs
// from one u32 buffer and writing D to another (offsets in words below):
//   f16  m16n16k16, A row, B col, C/D f32 row          (ldm 16)
//   s8   m16n16k16, A col, B row, C/D s32, .satfinite   (ldm 16)
//   tf32 m16n16k8,  A row (ldm 8), B row (ldm 16), f32
//   f64  m8n8k4,    A row (ldm 4), B col (ldm 4), C/D row (ldm 8)
//   bf16 m32n8k16,  A row (ldm 16), B col (ldm 16), f32 C/D row (ldm 8)
//   b1   m8n8k128,  A row, B col (ldm 128 bits), xor.popc, s32 C/D (ldm 8)
// clang-ptx: ptx71
#include "cuda_prelude.h"

extern "C" __global__ void wmma_mix(const u32 *in, u32 *out) {
  {  // f16
    int a[8], b[8];
    float c[8], d[8];
    __hmma_m16n16k16_ld_a(a, (const int *)(in + 0), 16, 0);
    __hmma_m16n16k16_ld_b(b, (const int *)(in + 128), 16, 1);
    __hmma_m16n16k16_ld_c_f32(c, (const float *)(in + 256), 16, 0);
    __hmma_m16n16k16_mma_f32f32(d, a, b, c, 1, 0);
    __hmma_m16n16k16_st_c_f32((float *)(out + 0), d, 16, 0);
  }
  {  // s8
    int a[2], b[2], c[8], d[8];
    __imma_m16n16k16_ld_a_s8(a, (const int *)(in + 512), 16, 1);
    __imma_m16n16k16_ld_b_s8(b, (const int *)(in + 576), 16, 0);
    __imma_m16n16k16_ld_c(c, (const int *)(in + 640), 16, 0);
    __imma_m16n16k16_mma_s8(d, a, b, c, 2, 1);
    __imma_m16n16k16_st_c_i32((int *)(out + 256), d, 16, 0);
  }
  {  // tf32
    int a[4], b[4];
    float c[8], d[8];
    __mma_tf32_m16n16k8_ld_a(a, (const int *)(in + 896), 8, 0);
    __mma_tf32_m16n16k8_ld_b(b, (const int *)(in + 1024), 16, 0);
    __mma_tf32_m16n16k8_ld_c(c, (const float *)(in + 1152), 16, 0);
    __mma_tf32_m16n16k8_mma_f32(d, a, b, c, 0, 0);
    __mma_m16n16k8_st_c_f32((float *)(out + 512), d, 16, 0);
  }
  {  // f64
    double a[1], b[1], c[2], d[2];
    __dmma_m8n8k4_ld_a(a, (const double *)(in + 1408), 4, 0);
    __dmma_m8n8k4_ld_b(b, (const double *)(in + 1472), 4, 1);
    __dmma_m8n8k4_ld_c(c, (const double *)(in + 1536), 8, 0);
    __dmma_m8n8k4_mma_f64(d, a, b, c, 1, 0);
    __dmma_m8n8k4_st_c_f64((double *)(out + 768), d, 8, 0);
  }
  {  // bf16
    int a[8], b[2];
    float c[8], d[8];
    __mma_bf16_m32n8k16_ld_a(a, (const int *)(in + 1664), 16, 0);
    __mma_bf16_m32n8k16_ld_b(b, (const int *)(in + 1920), 16, 1);
    __hmma_m32n8k16_ld_c_f32(c, (const float *)(in + 1984), 8, 0);
    __mma_bf16_m32n8k16_mma_f32(d, a, b, c, 1, 0);
    __hmma_m32n8k16_st_c_f32((float *)(out + 896), d, 8, 0);
  }
  {  // b1
    int a[1], b[1], c[2], d[2];
    __bmma_m8n8k128_ld_a_b1(a, (const int *)(in + 2240), 128, 0);
    __bmma_m8n8k128_ld_b_b1(b, (const int *)(in + 2272), 128, 1);
    __bmma_m8n8k128_ld_c(c, (const int *)(in + 2304), 8, 0);
    __bmma_m8n8k128_mma_xor_popc_b1(d, a, b, c, 1);
    __bmma_m8n8k128_st_c_i32((int *)(out + 1152), d, 8, 0);
  }
}
