// vote: warp vote (__ballot_sync, __all_sync, __any_sync) over full warps,
// and __activemask() inside a data-dependent branch (it sees the lanes that
// took the branch), plus a ballot over only those lanes.
#include "cuda_prelude.h"

extern "C" __global__ void vote(const u32 *in, u32 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  u32 v = in[t];
  u32 *o = out + 6 * t;
  o[0] = __ballot_sync(FULL_MASK, v & 1);
  o[1] = __all_sync(FULL_MASK, v > 100);
  o[2] = __any_sync(FULL_MASK, v == 77);
  u32 am = 0, sub = 0;
  if (v % 3 == 0) {
    am = __activemask();
    sub = __ballot_sync(am, v & 2);
  }
  o[3] = am;
  o[4] = sub;
  o[5] = __ballot_sync(FULL_MASK, am != 0) ^ __ballot_sync(FULL_MASK, v > 500);
}
