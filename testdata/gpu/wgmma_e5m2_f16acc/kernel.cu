// wgmma_e5m2_f16acc: see ../wgmma_fp8.h.
// clang-bin: clang-19
// clang-arch: sm_90a
// clang-ptx: ptx85
#include "../wgmma_fp8.h"
WGMMA_K32_F8_F16ACC(wgmma_e5m2_f16acc, "e5m2", genE5M2)
