// kernel.cu: the source of kernel.ptx, compiled from the repository root with
//   clang-19 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_90a \
//     -Xclang -target-feature -Xclang +ptx80 -O2 -S \
//     -include testdata/cuda_prelude.h examples/ws_gemm/kernel.cu -o examples/ws_gemm/kernel.ptx
//
// A warp-specialized Hopper GEMM, C (M x N, f32) = A (M x K, f16) * B, with
// B given transposed (Bt, N x K), both K-major as wgmma wants them. Each CTA
// computes a 64 x 32 tile of C with 160 threads:
//   warps 0-3, the consumer warpgroup: one wgmma.m64n32k16 per k-tile;
//   warp 4, the producer: TMA loads of the A and Bt tiles of each k-tile
//   into a ring of STAGES shared-memory buffers.
// Two mbarriers per stage hand the buffers back and forth: full[s] (the
// producer announces the bytes, the TMA completes them) and empty[s] (the
// consumer arrives when it has read the stage).

struct __attribute__((aligned(64))) TensorMap { unsigned long long opaque[16]; };

#define STAGES 3
#define BM 64
#define BN 32
#define BK 16

static __device__ inline unsigned smem_addr(const void *p) {
  unsigned a;
  asm("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(a) : "l"(p));
  return a;
}

static __device__ inline void wait_phase(unsigned bar, unsigned parity) {
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(bar), "r"(parity) : "memory");
}

// A wgmma shared-memory descriptor: start address / 16 (bits 0-13), 256
// bytes between groups of 8 rows (bits 32-45), the 32-byte swizzle (bits 62-63).
static __device__ inline unsigned long long desc(unsigned addr) {
  return (unsigned long long)(addr >> 4) | 0xC000001000000000ull;
}

extern "C" __global__ void ws_gemm(const TensorMap *mapA, const TensorMap *mapB, float *C, int K, int N) {
  __shared__ __attribute__((aligned(1024))) unsigned short sA[STAGES][BM * BK];
  __shared__ __attribute__((aligned(1024))) unsigned short sB[STAGES][BN * BK];
  __shared__ __attribute__((aligned(8))) unsigned long long full[STAGES], empty[STAGES];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN, ktiles = K / BK;

  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; s++) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_addr(&full[s])));
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_addr(&empty[s])));
    }
  }
  __syncthreads();

  if (warp == 4) {
    // Producer: lane 0 alone issues the copies.
    if (lane == 0) {
      for (int kt = 0; kt < ktiles; kt++) {
        int s = kt % STAGES;
        unsigned round = kt / STAGES;
        // Wait until the consumer has emptied this stage in the previous
        // round (parity of phase round-1; a fresh barrier passes at once).
        wait_phase(smem_addr(&empty[s]), (round & 1) ^ 1);
        unsigned fb = smem_addr(&full[s]);
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(fb), "r"((BM + BN) * BK * 2));
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                     " [%0], [%1, {%2, %3}], [%4];"
                     ::"r"(smem_addr(sA[s])), "l"(mapA), "r"(kt * BK), "r"(m0), "r"(fb) : "memory");
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                     " [%0], [%1, {%2, %3}], [%4];"
                     ::"r"(smem_addr(sB[s])), "l"(mapB), "r"(kt * BK), "r"(n0), "r"(fb) : "memory");
      }
    }
    return;
  }

  // Consumer warpgroup: 16 accumulators a thread (m64n32 f32).
  float d[16];
  for (int i = 0; i < 16; i++)
    d[i] = 0.0f;
  for (int kt = 0; kt < ktiles; kt++) {
    int s = kt % STAGES;
    wait_phase(smem_addr(&full[s]), (kt / STAGES) & 1);
    unsigned long long da = desc(smem_addr(sA[s])), db = desc(smem_addr(sB[s]));
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
    asm volatile("wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 "
                 "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15}, "
                 "%16, %17, 1, 1, 1, 0, 0;"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
                   "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15])
                 : "l"(da), "l"(db));
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    // The stage is read: hand it back to the producer.
    if (threadIdx.x == 0)
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(&empty[s])) : "memory");
  }

  // Thread t of the warpgroup holds rows 16*warp + lane/4 and 8 below,
  // columns 8j + 2*(lane%4) and +1 (j = 0..3): mma's C layout, four warps deep.
  int row = m0 + 16 * warp + lane / 4;
  for (int j = 0; j < 4; j++) {
    int col = n0 + 8 * j + 2 * (lane % 4);
    C[row * N + col] = d[4 * j];
    C[row * N + col + 1] = d[4 * j + 1];
    C[(row + 8) * N + col] = d[4 * j + 2];
    C[(row + 8) * N + col + 1] = d[4 * j + 3];
  }
}
