// mma_f16: see ../mma_common.h and ../README.md.
// clang-bin: clang-19
#include "../mma_common.h"
MMA_K16(mma_f16, "f16", genF16)
