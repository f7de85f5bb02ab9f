// clang-flags: -O0
// fwdcall_o0: the fwdcall kernel at -O0 (every value through .local, the
// prototypes at the top of the module just the same).
#include "../fwdcall/kernel.cu"
