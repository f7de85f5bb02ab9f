// mma_e5m2: see ../mma_common.h and ../README.md.
// clang-bin: clang-19
// clang-arch: sm_90
// clang-ptx: ptx85
#include "../mma_common.h"
MMA_K32_F8(mma_e5m2, "e5m2", genE5M2)
