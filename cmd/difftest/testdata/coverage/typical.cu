// typical.cu: kernels of the shapes users write (a tiled matmul, a padded
// transposition, warp and block reductions, a warp scan, a shared-memory
// histogram, a softmax, a stencil, a hash with popc/clz/brev and division,
// a bitonic step, a local array, saxpy, a float4 copy), compiled by clang 14
// and 19 at -O0 and -O3 to list the instruction forms clang writes for
// typical CUDA code (docs/difftest.md, Coverage). Not run.
#include "cuda_prelude.h"
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
static __device__ inline float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
static __device__ inline float __expf(float a) { return __nvvm_ex2_approx_f(a * 1.4426950408889634f); }
#define TILE 16
extern "C" __global__ void matmul_tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int r = blockIdx.y * TILE + threadIdx.y, c = blockIdx.x * TILE + threadIdx.x;
  float acc = 0;
  for (int k0 = 0; k0 < n; k0 += TILE) {
    As[threadIdx.y][threadIdx.x] = (r < n && k0 + threadIdx.x < n) ? A[r * n + k0 + threadIdx.x] : 0.f;
    Bs[threadIdx.y][threadIdx.x] = (c < n && k0 + threadIdx.y < n) ? B[(k0 + threadIdx.y) * n + c] : 0.f;
    __syncthreads();
    for (int k = 0; k < TILE; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (r < n && c < n) C[r * n + c] = acc;
}
extern "C" __global__ void transpose(const float *in, float *out, int w, int h) {
  __shared__ float t[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) if (x < w && y + j < h) t[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) if (x < h && y + j < w) out[(y + j) * h + x] = t[threadIdx.x][threadIdx.y + j];
}
extern "C" __global__ void reduce_sum(const float *in, float *out, unsigned n) {
  __shared__ float ws[32];
  float s = 0;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) s += in[i];
  for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync_f(FULL_MASK, s, o);
  if ((threadIdx.x & 31) == 0) ws[threadIdx.x >> 5] = s;
  __syncthreads();
  if (threadIdx.x < 32) {
    s = threadIdx.x < blockDim.x / 32 ? ws[threadIdx.x] : 0;
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync_f(FULL_MASK, s, o);
    if (threadIdx.x == 0) atomicAdd(out, s);
  }
}
extern "C" __global__ void scan_warp(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int lane = threadIdx.x & 31;
  for (int o = 1; o < 32; o <<= 1) { int u = __shfl_up_sync(FULL_MASK, v, o); if (lane >= o) v += u; }
  if (i < n) out[i] = v;
}
extern "C" __global__ void histogram(const unsigned char *in, unsigned *h, int n) {
  __shared__ unsigned sh[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x) sh[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) atomicAdd(&sh[in[i]], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += blockDim.x) atomicAdd(&h[i], sh[i]);
}
extern "C" __global__ void softmax(const float *x, float *y, int cols) {
  const float *row = x + (u64)blockIdx.x * cols; float *yr = y + (u64)blockIdx.x * cols;
  float m = -__builtin_inff();
  for (int i = threadIdx.x; i < cols; i += 32) m = fmaxf(m, row[i]);
  for (int o = 16; o; o >>= 1) m = fmaxf(m, __shfl_xor_sync_f(FULL_MASK, m, o));
  float s = 0;
  for (int i = threadIdx.x; i < cols; i += 32) s += __expf(row[i] - m);
  for (int o = 16; o; o >>= 1) s += __shfl_xor_sync_f(FULL_MASK, s, o);
  for (int i = threadIdx.x; i < cols; i += 32) yr[i] = __expf(row[i] - m) / s;
}
extern "C" __global__ void stencil(const double *in, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) out[i] = 0.25 * in[i - 1] + 0.5 * in[i] + 0.25 * in[i + 1];
}
extern "C" __global__ void hash(const unsigned *in, unsigned long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long h = 1469598103934665603ull;
  unsigned x = in[i];
  for (int k = 0; k < 4; k++) { h ^= (x >> (8 * k)) & 0xff; h *= 1099511628211ull; }
  out[i] = h ^ (h >> 33) ^ __popc(x) ^ ((unsigned long long)__clz(x) << 40) ^ __brev(x) ^ (i / 7) ^ (h % 13);
}
extern "C" __global__ void bitonic(int *a, int j, int k) {
  unsigned i = threadIdx.x + blockDim.x * blockIdx.x, ixj = i ^ j;
  if (ixj > i) {
    if ((i & k) == 0) { if (a[i] > a[ixj]) { int t = a[i]; a[i] = a[ixj]; a[ixj] = t; } }
    else { if (a[i] < a[ixj]) { int t = a[i]; a[i] = a[ixj]; a[ixj] = t; } }
  }
}
__device__ int fib(int n) { int a[20]; a[0] = 0; a[1] = 1; for (int i = 2; i < 20; i++) a[i] = a[i-1] + a[i-2]; return a[n % 20]; }
extern "C" __global__ void localarr(const int *in, int *out) {
  int i = threadIdx.x; out[i] = fib(in[i]);
}
extern "C" __global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = a * x[i] + y[i];
}
extern "C" __global__ void vec4copy(const float4 *in, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) { float4 v = in[i]; v.x *= 2; out[i] = v; }
}
