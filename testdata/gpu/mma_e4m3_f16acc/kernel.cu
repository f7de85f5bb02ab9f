// mma_e4m3_f16acc: see ../fp8_probe.h.
// clang-bin: clang-19
// clang-arch: sm_90
// clang-ptx: ptx85
// ptx-version: 8.7 (clang-19 emits at most PTX 8.5; ptxas needs 8.7 for this form)
#include "../fp8_probe.h"
MMA_K32_F8_F16ACC(mma_e4m3_f16acc)
