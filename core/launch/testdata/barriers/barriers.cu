// barriers.cu: CTA barriers of every shape the scheduler hands warps over
// at (core/launch/handover_test.go): named barriers with thread counts,
// bar.arrive, __syncthreads_count/and/or (bar.red), a partial last warp,
// a warp that exits while the others wait, a barrier number in a register,
// and barriers on both paths of a branch that parts a warp's lanes. Each
// kernel's result is defined by the PTX ISA (barrier, bar.red, exit), and
// the test checks it besides the schedule.
//
// clang-14 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 \
//   -Xclang -target-feature -Xclang +ptx70 -O2 -S -I ../../../../testdata \
//   -include cuda_prelude.h barriers.cu -o barriers.ptx
typedef unsigned int u32;

// named: warps 0 and 1 fill s and arrive at barrier 1 (bar.arrive) for
// warps 2 and 3, which wait there (bar.sync 1, 128: the 64 producers and
// the 64 consumers); warps 0 and 1 meet at barrier 2 (64 threads).
// out[c*128+t] = t < 64 ? (t^32)*3 + c : (t-64)*3 + c + 1.
__global__ void named(u32 *out) {
  __shared__ u32 s[128];
  u32 t = threadIdx.x;
  s[t] = t * 3 + blockIdx.x;
  u32 v;
  if (t < 64) {
    asm volatile("bar.arrive 1, 128;" ::: "memory");
    asm volatile("bar.sync 2, 64;" ::: "memory");
    v = s[t ^ 32];
  } else {
    asm volatile("bar.sync 1, 128;" ::: "memory");
    v = s[t - 64] + 1;
  }
  out[blockIdx.x * 128 + t] = v;
}

// counts: __syncthreads_count/and/or, then rounds of a rotation through
// shared memory between two __syncthreads, in a CTA of blockDim.x
// threads (80: the last warp has 16 lanes).
// out[c*n+t] = ((t+rounds)%n + 1000c + rounds) + (popc << 16) + (and << 24) + (or << 25).
__global__ void counts(u32 *out, int rounds) {
  __shared__ u32 s[1024];
  u32 t = threadIdx.x, n = blockDim.x;
  u32 c = __nvvm_bar0_popc(t % 3 == 0);
  u32 a = __nvvm_bar0_and(t < n);
  u32 o = __nvvm_bar0_or(t == n - 1);
  u32 v = t + blockIdx.x * 1000;
  for (int r = 0; r < rounds; r++) {
    s[t] = v;
    __syncthreads();
    v = s[(t + 1) % n] + 1;
    __syncthreads();
  }
  out[blockIdx.x * n + t] = v + (c << 16) + (a << 24) + (o << 25);
}

// leave: warp 1 computes a while and exits; warps 0 and 2 wait for it at
// barrier.sync 0 (its exit releases them: ISA, exit), then run rounds of
// bar.sync id, 64 (the barrier number in a register) and read each
// other's words.
// out[c*96+t] = warp 1: x after 20*rounds steps of x = 3x + 1 from t;
// else (t^64) + rounds.
__global__ void leave(u32 *out, int rounds, u32 id) {
  __shared__ u32 s[96];
  u32 t = threadIdx.x;
  s[t] = t;
  if (t / 32 == 1) {
    u32 x = t;
    for (int i = 0; i < rounds * 20; i++)
      x = x * 3 + 1;
    out[blockIdx.x * 96 + t] = x;
    return;
  }
  asm volatile("barrier.sync 0;" ::: "memory");
  for (int r = 0; r < rounds; r++) {
    asm volatile("bar.sync %0, 64;" ::"r"(id) : "memory");
    s[t] += 1;
  }
  asm volatile("bar.sync %0, 64;" ::"r"(id) : "memory");
  out[blockIdx.x * 96 + t] = s[t ^ 64];
}

// parted: a branch parts each warp's lanes (lane < 16 or not); each path
// writes its words, meets the other warp's lanes of the same path at
// barrier.sync 1 (no .aligned: its threads may be on different paths),
// and reads the other warp's word. The barrier is the last instruction
// of the path the branch takes (lane >= 16, which runs first), so those
// lanes meet the others right after it.
// out[t] = lane < 16 ? (t^32) + 7 : (t^32) * 5.
__global__ void parted(u32 *out) {
  __shared__ u32 s[64];
  u32 t = threadIdx.x;
  if (t % 32 < 16) {
    s[t] = t + 7;
    asm volatile("barrier.sync 1;" ::: "memory");
  } else {
    s[t] = t * 5;
    asm volatile("barrier.sync 1;" ::: "memory");
  }
  out[t] = s[t ^ 32];
}
