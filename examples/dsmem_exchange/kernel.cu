// kernel.cu: the source of kernel.ptx, compiled from the repository root with
//   clang-19 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_90a -O2 -S \
//     -include testdata/cuda_prelude.h examples/dsmem_exchange/kernel.cu -o examples/dsmem_exchange/kernel.ptx
// The cluster intrinsics are inline asm, as CUTLASS (cute/arch/cluster_sm90.hpp)
// and the H100 tutorials write them. clang-19 has no __cluster_dims__, so the
// cluster shape (2, 1, 1) is in launch.json.

// %cluster_ctarank: this CTA's rank in its cluster.
static __device__ inline unsigned cluster_ctarank() {
  unsigned r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}

// cluster.sync(): every thread of the cluster arrives, then waits for all.
static __device__ inline void cluster_sync() {
  asm volatile("barrier.cluster.arrive.release.aligned;\n\t"
               "barrier.cluster.wait.acquire.aligned;" ::: "memory");
}

// The shared::cta address of a pointer into this CTA's shared memory.
static __device__ inline unsigned smem_addr(const void *p) {
  unsigned a;
  asm("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(a) : "l"(p));
  return a;
}

// mapa: the same shared address in the CTA of the given rank.
static __device__ inline unsigned map_to_rank(unsigned addr, unsigned rank) {
  unsigned r;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(addr), "r"(rank));
  return r;
}

// A load from another CTA's shared memory (distributed shared memory).
static __device__ inline float ld_dsmem(unsigned addr) {
  float v;
  asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(v) : "r"(addr) : "memory");
  return v;
}

// Each cluster of two CTAs holds 2 * blockDim.x elements of in: rank 0 the
// first half, rank 1 the second. Each CTA stages its half in shared memory,
// then reads the other CTA's half straight from that CTA's shared memory
// and writes it where its own half came from, so out is in with the two
// halves of every cluster swapped, each element scaled by its reader's
// rank + 1 (so that a test sees which CTA read it).
extern "C" __global__ void exchange(const float *in, float *out) {
  __shared__ float half[128];
  unsigned t = threadIdx.x;
  unsigned rank = cluster_ctarank();
  unsigned i = blockIdx.x * blockDim.x + t;
  half[t] = in[i];
  cluster_sync(); // 1: both halves are staged

  unsigned other = map_to_rank(smem_addr(&half[t]), rank ^ 1);
  float v = ld_dsmem(other);
  out[i] = v * (float)(rank + 1);

  cluster_sync(); // 2: the other CTA may still be reading my half: stay alive
}
