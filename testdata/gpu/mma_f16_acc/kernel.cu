// mma_f16_acc: see ../mma_common.h and ../README.md.
// clang-bin: clang-19
#include "../mma_common.h"
MMA_F16_ACC(mma_f16_acc)
