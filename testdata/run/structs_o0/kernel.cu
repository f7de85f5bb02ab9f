// clang-flags: -O0 -ffp-contract=off
// structs_o0: the structs kernel at -O0 (every struct built in .local and
// copied into the .param arrays byte by byte or member by member).
#include "../structs/kernel.cu"
