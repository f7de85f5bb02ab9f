// kernel.cu: the source of kernel.ptx, compiled from the repository root with
//   clang-19 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_90a \
//     -Xclang -target-feature -Xclang +ptx80 -O2 -S \
//     -include testdata/cuda_prelude.h examples/tma_tile/kernel.cu -o examples/tma_tile/kernel.ptx
//
// A TMA (tensor memory accelerator) load of one 64 x 8 tile of a 96 x 40
// u16 matrix into shared memory with the 128-byte swizzle, as CUTLASS and
// the Hopper GEMM tutorials write it: one thread initializes an mbarrier,
// announces the bytes it expects and issues the copy; every thread waits
// on the barrier's phase 0, then copies out the tile twice: the shared
// bytes as they lie (swizzled) and the elements read back through the
// swizzle (the tile as the matrix has it).

// The tensor map (CUDA's CUtensorMap, 128 opaque bytes) is in global
// memory, passed by address (clang-19 has no __grid_constant__).
struct __attribute__((aligned(64))) TensorMap { unsigned long long opaque[16]; };

// The shared-window address of a shared variable (CUDA's __cvta_generic_to_shared).
static __device__ inline unsigned smem_addr(const void *p) {
  unsigned a;
  asm("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(a) : "l"(p));
  return a;
}


extern "C" __global__ void tma_tile(const TensorMap *tmap,
                                    unsigned short *raw, unsigned short *tile) {
  __shared__ __attribute__((aligned(1024))) unsigned short buf[64 * 8];
  __shared__ __attribute__((aligned(8))) unsigned long long bar;
  unsigned sbuf = smem_addr(buf), sbar = smem_addr(&bar);
  int x = blockIdx.x * 64, y = blockIdx.y * 8;

  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(sbar));
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 1024;" ::"r"(sbar));
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];"
                 ::"r"(sbuf), "l"(tmap), "r"(x), "r"(y), "r"(sbar) : "memory");
  }
  __syncthreads();
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done) : "r"(sbar) : "memory");

  // 64 threads: thread t handles row t / 8 and 16-byte chunk t % 8.
  int t = threadIdx.x, row = t / 8, chunk = t % 8;
  int cta = blockIdx.y * gridDim.x + blockIdx.x;
  for (int i = 0; i < 8; i++)
    raw[cta * 512 + row * 64 + chunk * 8 + i] = buf[row * 64 + chunk * 8 + i];
  // Element (row, col) of the tile: byte offset row*128 + col*2, whose
  // 16-byte chunk index (bits 4-6) is XORed with the row (bits 7-9).
  for (int i = 0; i < 8; i++) {
    int col = chunk * 8 + i;
    int off = row * 128 + col * 2;
    int phys = off ^ ((row & 7) << 4);
    tile[(y + row) * 128 + x + col] = buf[phys / 2];
  }
}
