// mma_tf32: see ../mma_common.h and ../README.md.
// clang-bin: clang-19
#include "../mma_common.h"
MMA_TF32(mma_tf32)
