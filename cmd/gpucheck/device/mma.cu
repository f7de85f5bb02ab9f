// mma.cu: runs mma.sync on random inputs whose exponents vary, to measure
// how the tensor cores round their f32 accumulation (gpucheck mma DIR fits
// and checks ptxplay's model against it).
//   nvcc -O2 -arch=sm_90 -o mma mma.cu && ./mma DIR
// Per shape, T trials of one warp each; writes DIR/SHAPE.{a,b,c,d}.bin:
// A row-major MxK, B row-major KxN (element types as the shape says), C and D
// row-major MxN f32.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define T 2048

static uint32_t state = 0x9e3779b9;
static uint32_t rnd() {
	state ^= state << 13;
	state ^= state >> 17;
	state ^= state << 5;
	return state;
}

// A float with a random sign, an exponent in [lo, hi] and a random mantissa
// of mbits bits (then rounded to the input type by truncation of zeros).
static float rfloat(int lo, int hi, int mbits) {
	uint32_t r = rnd();
	int e = lo + (int)(r % (uint32_t)(hi - lo + 1));
	uint32_t m = (rnd() & ((1u << mbits) - 1)) << (23 - mbits);
	uint32_t s = (rnd() & 1) << 31;
	if ((r >> 16) % 16 == 0) {
		return 0.0f; // some zeros
	}
	uint32_t bits = s | (uint32_t)(e + 127) << 23 | m;
	float f;
	memcpy(&f, &bits, 4);
	return f;
}

static uint16_t toHalf(float f) { // exact for the values rfloat makes with mbits <= 10, |e| <= 14
	uint32_t b;
	memcpy(&b, &f, 4);
	if ((b & 0x7fffffff) == 0) {
		return (uint16_t)(b >> 16);
	}
	int e = (int)((b >> 23) & 0xff) - 127;
	return (uint16_t)((b >> 16) & 0x8000 | (uint32_t)(e + 15) << 10 | (b >> 13) & 0x3ff);
}
static uint16_t toBF16(float f) { // exact for mbits <= 7
	uint32_t b;
	memcpy(&b, &f, 4);
	return (uint16_t)(b >> 16);
}

__global__ void f16k(const uint16_t *A, const uint16_t *B, const float *C, float *D) {
	int t = blockIdx.x, lane = threadIdx.x, g = lane >> 2, q = lane & 3;
	const uint16_t *a = A + t * 256, *b = B + t * 128;
	const float *c = C + t * 128;
	float *d = D + t * 128;
#define AH(r, k) ((uint32_t)a[(r) * 16 + (k)])
#define BH(k, n) ((uint32_t)b[(k) * 8 + (n)])
	uint32_t a0 = AH(g, 2 * q) | AH(g, 2 * q + 1) << 16, a1 = AH(g + 8, 2 * q) | AH(g + 8, 2 * q + 1) << 16;
	uint32_t a2 = AH(g, 2 * q + 8) | AH(g, 2 * q + 9) << 16, a3 = AH(g + 8, 2 * q + 8) | AH(g + 8, 2 * q + 9) << 16;
	uint32_t b0 = BH(2 * q, g) | BH(2 * q + 1, g) << 16, b1 = BH(2 * q + 8, g) | BH(2 * q + 9, g) << 16;
	float c0 = c[g * 8 + 2 * q], c1 = c[g * 8 + 2 * q + 1], c2 = c[(g + 8) * 8 + 2 * q], c3 = c[(g + 8) * 8 + 2 * q + 1];
	float d0, d1, d2, d3;
	asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
	             : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
	             : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
	d[g * 8 + 2 * q] = d0, d[g * 8 + 2 * q + 1] = d1, d[(g + 8) * 8 + 2 * q] = d2, d[(g + 8) * 8 + 2 * q + 1] = d3;
}

__global__ void bf16k(const uint16_t *A, const uint16_t *B, const float *C, float *D) {
	int t = blockIdx.x, lane = threadIdx.x, g = lane >> 2, q = lane & 3;
	const uint16_t *a = A + t * 256, *b = B + t * 128;
	const float *c = C + t * 128;
	float *d = D + t * 128;
	uint32_t a0 = AH(g, 2 * q) | AH(g, 2 * q + 1) << 16, a1 = AH(g + 8, 2 * q) | AH(g + 8, 2 * q + 1) << 16;
	uint32_t a2 = AH(g, 2 * q + 8) | AH(g, 2 * q + 9) << 16, a3 = AH(g + 8, 2 * q + 8) | AH(g + 8, 2 * q + 9) << 16;
	uint32_t b0 = BH(2 * q, g) | BH(2 * q + 1, g) << 16, b1 = BH(2 * q + 8, g) | BH(2 * q + 9, g) << 16;
	float c0 = c[g * 8 + 2 * q], c1 = c[g * 8 + 2 * q + 1], c2 = c[(g + 8) * 8 + 2 * q], c3 = c[(g + 8) * 8 + 2 * q + 1];
	float d0, d1, d2, d3;
	asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
	             : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
	             : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
	d[g * 8 + 2 * q] = d0, d[g * 8 + 2 * q + 1] = d1, d[(g + 8) * 8 + 2 * q] = d2, d[(g + 8) * 8 + 2 * q + 1] = d3;
}

// tf32 m16n8k8: A 16x8, B 8x8 (f32 words holding tf32 values).
__global__ void tf32k(const uint32_t *A, const uint32_t *B, const float *C, float *D) {
	int t = blockIdx.x, lane = threadIdx.x, g = lane >> 2, q = lane & 3;
	const uint32_t *a = A + t * 128, *b = B + t * 64;
	const float *c = C + t * 128;
	float *d = D + t * 128;
	uint32_t a0 = a[g * 8 + q], a1 = a[(g + 8) * 8 + q], a2 = a[g * 8 + q + 4], a3 = a[(g + 8) * 8 + q + 4];
	uint32_t b0 = b[q * 8 + g], b1 = b[(q + 4) * 8 + g];
	float c0 = c[g * 8 + 2 * q], c1 = c[g * 8 + 2 * q + 1], c2 = c[(g + 8) * 8 + 2 * q], c3 = c[(g + 8) * 8 + 2 * q + 1];
	float d0, d1, d2, d3;
	asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
	             : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
	             : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
	d[g * 8 + 2 * q] = d0, d[g * 8 + 2 * q + 1] = d1, d[(g + 8) * 8 + 2 * q] = d2, d[(g + 8) * 8 + 2 * q + 1] = d3;
}

static void save(const char *dir, const char *name, const void *p, size_t n) {
	char path[512];
	snprintf(path, sizeof path, "%s/%s.bin", dir, name);
	FILE *f = fopen(path, "wb");
	fwrite(p, 1, n, f);
	fclose(f);
}

template <typename E>
static void run(const char *dir, const char *name, int na, int nb, E (*conv)(float), int mbits,
                void (*k)(const E *, const E *, const float *, float *)) {
	static E a[T * 256], b[T * 256];
	static float c[T * 128], d[T * 128];
	for (int t = 0; t < T; t++) {
		// Trial classes: wide exponents; narrow; C large against the products; C zero.
		int cls = t % 4, lo = cls == 1 ? -2 : -10, hi = cls == 1 ? 2 : 10;
		for (int i = 0; i < na; i++) a[t * na + i] = conv(rfloat(lo, hi, mbits));
		for (int i = 0; i < nb; i++) b[t * nb + i] = conv(rfloat(lo, hi, mbits));
		for (int i = 0; i < 128; i++) c[t * 128 + i] = cls == 3 ? 0.0f : cls == 2 ? rfloat(8, 24, 23) : rfloat(-12, 12, 23);
	}
	E *da, *db;
	float *dc, *dd;
	cudaMalloc(&da, sizeof a);
	cudaMalloc(&db, sizeof b);
	cudaMalloc(&dc, sizeof c);
	cudaMalloc(&dd, sizeof d);
	cudaMemcpy(da, a, T * na * sizeof(E), cudaMemcpyHostToDevice);
	cudaMemcpy(db, b, T * nb * sizeof(E), cudaMemcpyHostToDevice);
	cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice);
	k<<<T, 32>>>(da, db, dc, dd);
	cudaMemcpy(d, dd, sizeof d, cudaMemcpyDeviceToHost);
	char n[64];
	snprintf(n, sizeof n, "%s.a", name), save(dir, n, a, T * na * sizeof(E));
	snprintf(n, sizeof n, "%s.b", name), save(dir, n, b, T * nb * sizeof(E));
	snprintf(n, sizeof n, "%s.c", name), save(dir, n, c, sizeof c);
	snprintf(n, sizeof n, "%s.d", name), save(dir, n, d, sizeof d);
	printf("%s: %s\n", name, cudaGetErrorString(cudaGetLastError()));
}

static uint32_t toTF32(float f) { // rfloat with mbits <= 10 is a tf32 value
	uint32_t b;
	memcpy(&b, &f, 4);
	return b;
}

int main(int argc, char **argv) {
	const char *dir = argc > 1 ? argv[1] : ".";
	run<uint16_t>(dir, "f16", 256, 128, toHalf, 10, f16k);
	run<uint16_t>(dir, "bf16", 256, 128, toBF16, 7, bf16k);
	run<uint32_t>(dir, "tf32", 128, 64, toTF32, 10, tf32k);
	return 0;
}
