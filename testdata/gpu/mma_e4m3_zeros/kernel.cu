// mma_e4m3_zeros: see ../fp8_probe.h.
// clang-bin: clang-19
// clang-arch: sm_90
// clang-ptx: ptx85
#include "../fp8_probe.h"
MMA_K32_ZEROS(mma_e4m3_zeros)
