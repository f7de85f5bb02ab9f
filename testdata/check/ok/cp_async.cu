// cp_async: sm_80 asynchronous copies global -> shared (cp.async.ca/.cg
// .shared.global with 4/8/16-byte sizes, cp.async.commit_group,
// cp.async.wait_group / wait_all), mbarrier init/arrive/test_wait on a
// shared 64-bit barrier, and barrier.sync with a thread count.
#include "cuda_prelude.h"

#define SH(p) ((__attribute__((address_space(3))) void *)(p))
#define SHL(p) ((__attribute__((address_space(3))) long *)(p))
#define GL(p) ((const __attribute__((address_space(1))) void *)(p))

extern "C" __global__ void cp_async(const u32 *in, u32 *out) {
  __shared__ __attribute__((aligned(16))) u32 buf[4 * 128];
  __shared__ u64 bar;
  u32 t = threadIdx.x;
  if (t == 0)
    __nvvm_mbarrier_init_shared(SHL(&bar), blockDim.x);
  __syncthreads();
  const u32 *src = in + blockIdx.x * 4 * 128;
  __nvvm_cp_async_ca_shared_global_4(SH(buf + t), GL(src + t));
  __nvvm_cp_async_ca_shared_global_8(SH(buf + 128 + (t & ~1u)), GL(src + 128 + (t & ~1u)));
  __nvvm_cp_async_commit_group();
  __nvvm_cp_async_cg_shared_global_16(SH(buf + 256 + 4 * (t & 63)), GL(src + 256 + 4 * (t & 63)));
  __nvvm_cp_async_commit_group();
  __nvvm_cp_async_wait_group(1);
  __nvvm_cp_async_wait_all();
  u64 token = __nvvm_mbarrier_arrive_shared(SHL(&bar));
  while (!__nvvm_mbarrier_test_wait_shared(SHL(&bar), token))
    ;
  __nvvm_barrier_sync_cnt(0, blockDim.x);
  out[blockIdx.x * 128 + t] = buf[t] + buf[128 + t] + buf[256 + t] + buf[384 + t];
}
