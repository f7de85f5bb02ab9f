// wgmma_e5m2_areg: see ../wgmma_fp8.h.
// clang-bin: clang-19
// clang-arch: sm_90a
// clang-ptx: ptx85
#include "../wgmma_fp8.h"
WGMMA_K32_F8_AREG(wgmma_e5m2_areg, "e5m2", genE5M2)
