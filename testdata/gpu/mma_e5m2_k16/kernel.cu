// mma_e5m2_k16: see ../fp8_probe.h.
// clang-bin: clang-19
// clang-arch: sm_90
// clang-ptx: ptx85
// ptx-version: 8.7 (clang-19 emits at most PTX 8.5; ptxas needs 8.7 for this form)
#include "../fp8_probe.h"
MMA_K16_F8(mma_e5m2_k16, "e5m2", genE5M2)
