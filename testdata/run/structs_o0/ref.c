// Reference for structs_o0: the one of structs.
#include "../structs/ref.c"
