// local_volatile: at -O2, a volatile per-thread array stays in .local
// memory (ld.volatile.local / st.volatile.local); a per-thread stack
// machine whose opcodes come from the input.
#include "cuda_prelude.h"

extern "C" __global__ void local_volatile(const u32 *prog, u32 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  volatile u32 stack[8];
  u32 sp = 0;
  stack[sp++] = t;
  for (int k = 0; k < 12; k++) {
    u32 op = prog[t * 12 + k];
    switch (op & 3) {
    case 0: // push
      if (sp < 8)
        stack[sp++] = op >> 2;
      break;
    case 1: // add top two
      if (sp >= 2) {
        sp--;
        stack[sp - 1] = stack[sp - 1] + stack[sp];
      }
      break;
    case 2: // multiply top by a constant
      stack[sp - 1] = stack[sp - 1] * 2654435761u;
      break;
    default: // swap the bottom with a data-chosen slot
      {
        u32 j = (op >> 2) % sp;
        u32 tmp = stack[0];
        stack[0] = stack[j];
        stack[j] = tmp;
      }
    }
  }
  u32 h = sp;
  for (u32 k = 0; k < sp; k++)
    h = h * 31 + stack[k];
  out[t] = h;
}
