// cvt_common.h: conversions of many inputs each, the same PTX in ptxplay and
// on a GPU (testdata/gpu/README.md). Inputs come from the thread index:
// cvt_f32 takes the f32 pattern specials[i] for i < 32, else i*0x9e3779b9
// (a bijection, so a launch of 2^k threads covers every exponent and sign);
// cvt_16 takes the 16-bit pattern i*40503. Each thread writes NOUT words.
#include "../cuda_prelude.h"

typedef unsigned short u16;

#define CVT1(out, text, in, ci, co) asm volatile(text " %0, %1;" : co(out) : ci(in))
#define CVT2(out, text, a, b) asm volatile(text " %0, %1, %2;" : "=r"(out) : "f"(a), "f"(b))
