// mma_f16_k8: see ../mma_common.h and ../README.md.
// clang-bin: clang-19
#include "../mma_common.h"
MMA_F16_K8(mma_f16_k8)
