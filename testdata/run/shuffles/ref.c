// Reference for shuffles: the shfl.sync pseudo-code of the PTX ISA, run for
// all 32 lanes of each warp from the values before the instruction.
#include "refjson.h"
#define N 64
#define OUTS 12

enum { UP, DOWN, BFLY, IDX };

// Returns the value lane `lane` reads; *pval tells whether the source was in range.
static uint32_t shfl(const uint32_t *vals, uint32_t lane, int mode, uint32_t b, uint32_t c, int *pval) {
  uint32_t bval = b & 31, cval = c & 31, mask = (c >> 8) & 31;
  uint32_t maxLane = (lane & mask) | (cval & ~mask), minLane = lane & mask;
  int32_t j;
  int ok;
  switch (mode) {
  case UP: j = (int32_t)lane - (int32_t)bval; ok = j >= (int32_t)maxLane; break;
  case DOWN: j = (int32_t)(lane + bval); ok = j <= (int32_t)maxLane; break;
  case BFLY: j = (int32_t)(lane ^ bval); ok = j <= (int32_t)maxLane; break;
  default: j = (int32_t)(minLane | (bval & ~mask)); ok = j <= (int32_t)maxLane; break;
  }
  if (!ok) j = (int32_t)lane;
  *pval = ok;
  return vals[j];
}

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t in[N], src[N], out[OUTS * N];
  rng_seed(25);
  for (int i = 0; i < N; i++) {
    in[i] = rng_u32();
    src[i] = rng_u32() >> rng_below(28);
  }
  for (int w = 0; w < N / 32; w++) {
    const uint32_t *V = in + 32 * w, *S = src + 32 * w;
    for (uint32_t l = 0; l < 32; l++) {
      uint32_t *o = out + OUTS * (32 * w + l), s = S[l];
      int p;
      o[0] = shfl(V, l, IDX, s, 0x1f, &p);
      o[1] = shfl(V, l, UP, 3, 0, &p);
      o[2] = shfl(V, l, DOWN, 5, 0x1f, &p);
      o[3] = shfl(V, l, BFLY, s & 31, 0x1f, &p);
      o[4] = shfl(V, l, IDX, s, (24 << 8) | 0x1f, &p);
      o[5] = shfl(V, l, UP, 2, 24 << 8, &p);
      o[6] = shfl(V, l, DOWN, 3, (24 << 8) | 0x1f, &p);
      o[7] = shfl(V, l, BFLY, 5, (24 << 8) | 0x1f, &p);
      uint32_t d;
      d = shfl(V, l, UP, 4, 0, &p); o[8] = d ^ ((uint32_t)p << 31);
      d = shfl(V, l, DOWN, s & 7, (24 << 8) | 0x1f, &p); o[9] = d ^ ((uint32_t)p << 31);
      d = shfl(V, l, IDX, s, (16 << 8) | 0x1f, &p); o[10] = d ^ ((uint32_t)p << 31);
      d = shfl(V, l, BFLY, 16, 0x0f, &p); o[11] = d ^ ((uint32_t)p << 31);
    }
  }
  if (launch) {
    j_launch_begin("shuffles", 1, 1, 1, N, 1, 1, 0);
    j_buf("shuffles_param_0", J_U32, in, N);
    j_buf("shuffles_param_1", J_U32, src, N);
    j_buf_count("shuffles_param_2", J_U32, OUTS * N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("shuffles_param_2", J_U32, out, OUTS * N);
    j_expected_end();
  }
  return 0;
}
