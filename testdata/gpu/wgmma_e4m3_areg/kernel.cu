// wgmma_e4m3_areg: see ../wgmma_fp8.h.
// clang-bin: clang-19
// clang-arch: sm_90a
// clang-ptx: ptx85
#include "../wgmma_fp8.h"
WGMMA_K32_F8_AREG(wgmma_e4m3_areg, "e4m3", genE4M3)
