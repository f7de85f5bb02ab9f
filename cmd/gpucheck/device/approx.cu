// approx.cu: evaluates PTX's approximate functions on the GPU for a fixed
// sample of inputs, so that `gpucheck approx DIR` can measure how far
// ptxplay's models (core/fp/approx.go) are from the hardware.
//   nvcc -O2 -arch=sm_90 -o approx approx.cu && ./approx DIR
// f32 functions: 262,144 inputs, bit pattern i<<14 | (i*2654435761 mod 2^14),
// so every exponent and sign with varied mantissas. f16/bf16 functions: all
// 65,536 patterns. Writes DIR/NAME.bin (the results as little-endian words).
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

#define N32 (1 << 18)
#define N16 (1 << 16)

#define F32(name, text)                                                             \
	__global__ void k_##name(const uint32_t *in, uint32_t *out) {                     \
		int i = blockIdx.x * blockDim.x + threadIdx.x;                                \
		float x = __uint_as_float(in[i]), y;                                          \
		asm volatile(text " %0, %1;" : "=f"(y) : "f"(x));                            \
		out[i] = __float_as_uint(y);                                                  \
	}
#define F16(name, text)                                                             \
	__global__ void k_##name(const uint16_t *in, uint16_t *out) {                     \
		int i = blockIdx.x * blockDim.x + threadIdx.x;                                \
		uint16_t y;                                                                   \
		asm volatile(text " %0, %1;" : "=h"(y) : "h"(in[i]));                        \
		out[i] = y;                                                                   \
	}

// x2 forms: input i holds i in its low half and (i*40503+12345) mod 2^16 in
// its high half.
#define X2(name, text)                                                              \
	__global__ void k_##name(const uint32_t *in, uint32_t *out) {                     \
		int i = blockIdx.x * blockDim.x + threadIdx.x;                                \
		uint32_t y;                                                                   \
		asm volatile(text " %0, %1;" : "=r"(y) : "r"(in[i]));                        \
		out[i] = y;                                                                   \
	}

F32(ex2_f32, "ex2.approx.f32")
F32(ex2_ftz_f32, "ex2.approx.ftz.f32")
F32(lg2_f32, "lg2.approx.f32")
F32(lg2_ftz_f32, "lg2.approx.ftz.f32")
F32(rcp_f32, "rcp.approx.f32")
F32(rcp_ftz_f32, "rcp.approx.ftz.f32")
F32(rsqrt_f32, "rsqrt.approx.f32")
F32(rsqrt_ftz_f32, "rsqrt.approx.ftz.f32")
F32(sqrt_f32, "sqrt.approx.f32")
F32(sqrt_ftz_f32, "sqrt.approx.ftz.f32")
F32(sin_f32, "sin.approx.f32")
F32(sin_ftz_f32, "sin.approx.ftz.f32")
F32(cos_f32, "cos.approx.f32")
F32(cos_ftz_f32, "cos.approx.ftz.f32")
F32(tanh_f32, "tanh.approx.f32")
F16(ex2_f16, "ex2.approx.f16")
F16(ex2_ftz_bf16, "ex2.approx.ftz.bf16")
F16(tanh_f16, "tanh.approx.f16")
F16(tanh_bf16, "tanh.approx.bf16")
X2(ex2_f16x2, "ex2.approx.f16x2")
X2(ex2_ftz_bf16x2, "ex2.approx.ftz.bf16x2")
X2(tanh_f16x2, "tanh.approx.f16x2")
X2(tanh_bf16x2, "tanh.approx.bf16x2")

static void save(const char *dir, const char *name, const void *d, size_t bytes) {
	static char host[N32 * 4];
	cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost);
	char path[512];
	snprintf(path, sizeof path, "%s/%s.bin", dir, name);
	FILE *f = fopen(path, "wb");
	fwrite(host, 1, bytes, f);
	fclose(f);
}

int main(int argc, char **argv) {
	const char *dir = argc > 1 ? argv[1] : ".";
	static uint32_t in32[N32];
	static uint16_t in16[N16];
	for (uint32_t i = 0; i < N32; i++) {
		in32[i] = i << 14 | ((i * 2654435761u) & 0x3fff);
	}
	for (uint32_t i = 0; i < N16; i++) {
		in16[i] = i;
	}
	uint32_t *d32, *o32;
	uint16_t *d16, *o16;
	cudaMalloc(&d32, sizeof in32);
	cudaMalloc(&o32, sizeof in32);
	cudaMalloc(&d16, sizeof in16);
	cudaMalloc(&o16, sizeof in16);
	cudaMemcpy(d32, in32, sizeof in32, cudaMemcpyHostToDevice);
	cudaMemcpy(d16, in16, sizeof in16, cudaMemcpyHostToDevice);
#define RUN32(name)                                                                 \
	k_##name<<<N32 / 256, 256>>>(d32, o32);                                           \
	save(dir, #name, o32, sizeof in32);
#define RUN16(name)                                                                 \
	k_##name<<<N16 / 256, 256>>>(d16, o16);                                           \
	save(dir, #name, o16, sizeof in16);
	RUN32(ex2_f32) RUN32(ex2_ftz_f32) RUN32(lg2_f32) RUN32(lg2_ftz_f32) RUN32(rcp_f32) RUN32(rcp_ftz_f32)
	RUN32(rsqrt_f32) RUN32(rsqrt_ftz_f32) RUN32(sqrt_f32) RUN32(sqrt_ftz_f32) RUN32(sin_f32) RUN32(sin_ftz_f32)
	RUN32(cos_f32) RUN32(cos_ftz_f32) RUN32(tanh_f32)
	RUN16(ex2_f16) RUN16(ex2_ftz_bf16) RUN16(tanh_f16) RUN16(tanh_bf16)
	static uint32_t inx2[N16];
	for (uint32_t i = 0; i < N16; i++) {
		inx2[i] = i | ((i * 40503u + 12345u) & 0xffff) << 16;
	}
	cudaMemcpy(d32, inx2, sizeof inx2, cudaMemcpyHostToDevice);
#define RUNX2(name)                                                                 \
	k_##name<<<N16 / 256, 256>>>(d32, o32);                                           \
	save(dir, #name, o32, sizeof inx2);
	RUNX2(ex2_f16x2) RUNX2(ex2_ftz_bf16x2) RUNX2(tanh_f16x2) RUNX2(tanh_bf16x2)
	cudaError_t e = cudaDeviceSynchronize();
	printf("approx: %s\n", cudaGetErrorString(e));
	return e != cudaSuccess;
}
