// match: __match_any_sync (match.any.sync.b32), __match_all_sync with its
// predicate (match.all.sync.b32 d|p), and the sm_80 warp reductions
// __reduce_add_sync / __reduce_umax_sync / __reduce_or_sync (redux.sync).
#include "cuda_prelude.h"

extern "C" __global__ void match(const u32 *key, const u32 *val, u32 *out) {
  u32 t = blockIdx.x * blockDim.x + threadIdx.x;
  u32 k = key[t], v = val[t];
  u32 *o = out + 6 * t;
  int pred;
  o[0] = __match_any_sync(FULL_MASK, k);
  o[1] = __match_all_sync(FULL_MASK, v, &pred);
  o[2] = pred;
  o[3] = __reduce_add_sync(FULL_MASK, v * k);
  o[4] = __reduce_umax_sync(FULL_MASK, k * 0x01000193u);
  o[5] = __reduce_or_sync(FULL_MASK, 1u << (k & 31));
}
