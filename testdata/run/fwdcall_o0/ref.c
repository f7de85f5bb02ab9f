// Reference for fwdcall_o0: the one of fwdcall.
#include "../fwdcall/ref.c"
