// mma_e4m3: see ../mma_common.h and ../README.md.
// clang-bin: clang-19
// clang-arch: sm_90
// clang-ptx: ptx85
#include "../mma_common.h"
MMA_K32_F8(mma_e4m3, "e4m3", genE4M3)
