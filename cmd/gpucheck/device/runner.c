// runner.c: runs one kernel that cmd/gpucheck described on a real NVIDIA GPU
// through the CUDA driver API, and writes back every buffer's bytes.
//
// Built on the GPU machine (it has CUDA's headers and driver, no Go):
//   nvcc -O2 -o runner runner.c -lcuda     (or gcc -I$CUDA/include ... -lcuda)
// Run:   runner CASE.spec
// The spec is the text gpucheck writes (main.go, writeSpec): one directive a
// line, paths relative to the spec's folder. Prints "ok" or "error PHASE:
// MESSAGE" and exits 0 or 1. A kernel fault poisons the CUDA context, so
// gpucheck's script runs one process per case.
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *dir = ".";

static void fail(const char *phase, const char *msg) {
	printf("error %s: %s\n", phase, msg);
	exit(1);
}

static void check(CUresult r, const char *phase) {
	if (r != CUDA_SUCCESS) {
		const char *name = "?", *text = "?";
		cuGetErrorName(r, &name);
		cuGetErrorString(r, &text);
		char msg[512];
		snprintf(msg, sizeof msg, "%s (%s)", name, text);
		fail(phase, msg);
	}
}

static char *readFile(const char *name, size_t *n) {
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f) {
		fail("spec", path);
	}
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = malloc(size + 1);
	if (fread(b, 1, size, f) != (size_t)size) {
		fail("spec", path);
	}
	b[size] = 0;
	fclose(f);
	*n = size;
	return b;
}

#define MAXN 64

typedef struct {
	size_t bytes;
	char in[256], out[256];
	CUdeviceptr d;
} Buffer;

typedef struct {
	int buf, dtype, rank, interleave, swizzle, oob;
	cuuint64_t dims[5], strides[5];
	cuuint32_t box[5], estrides[5];
	CUtensorMap map __attribute__((aligned(64)));
	CUdeviceptr inGlobal;
} TMap;

typedef struct {
	int size;
	int kind; // 0 bytes, 1 buffer address, 2 tensor map, 3 tensor map address
	int ref;
	unsigned char bytes[256];
} Param;

static Buffer bufs[MAXN];
static TMap maps[MAXN];
static Param params[MAXN];

int main(int argc, char **argv) {
	if (argc != 2) {
		fail("usage", "runner CASE.spec");
	}
	char *slash = strrchr(argv[1], '/');
	if (slash) {
		*slash = 0;
		dir = argv[1];
	}
	size_t n;
	char *spec = readFile(slash ? slash + 1 : argv[1], &n);
	char ptxName[256] = "", kernel[256] = "";
	unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1}, cluster[3] = {0, 0, 0};
	unsigned shared = 0;
	int jitOpt = -1; // the driver's default (4, the most)
	int nb = 0, nm = 0, np = 0;
	for (char *line = strtok(spec, "\n"); line; line = strtok(NULL, "\n")) {
		char word[32];
		int used = 0;
		if (sscanf(line, "%31s %n", word, &used) != 1) {
			continue;
		}
		char *rest = line + used;
		if (!strcmp(word, "ptx")) {
			sscanf(rest, "%255s", ptxName);
		} else if (!strcmp(word, "kernel")) {
			sscanf(rest, "%255s", kernel);
		} else if (!strcmp(word, "grid")) {
			sscanf(rest, "%u %u %u", &grid[0], &grid[1], &grid[2]);
		} else if (!strcmp(word, "block")) {
			sscanf(rest, "%u %u %u", &block[0], &block[1], &block[2]);
		} else if (!strcmp(word, "cluster")) {
			sscanf(rest, "%u %u %u", &cluster[0], &cluster[1], &cluster[2]);
		} else if (!strcmp(word, "shared")) {
			sscanf(rest, "%u", &shared);
		} else if (!strcmp(word, "jitopt")) {
			sscanf(rest, "%d", &jitOpt);
		} else if (!strcmp(word, "buffer")) {
			Buffer *b = &bufs[nb++];
			if (sscanf(rest, "%zu %255s %255s", &b->bytes, b->in, b->out) != 3) {
				fail("spec", line);
			}
		} else if (!strcmp(word, "tmap")) {
			TMap *t = &maps[nm++];
			int k = 0, off = 0;
			if (sscanf(rest, "%d %d %d %d %d %d%n", &t->buf, &t->dtype, &t->rank, &t->interleave, &t->swizzle, &t->oob, &k) != 6) {
				fail("spec", line);
			}
			off = k;
			for (int i = 0; i < t->rank; i++) {
				unsigned long long v;
				sscanf(rest + off, "%llu%n", &v, &k);
				off += k;
				t->dims[i] = v;
			}
			for (int i = 0; i + 1 < t->rank; i++) {
				unsigned long long v;
				sscanf(rest + off, "%llu%n", &v, &k);
				off += k;
				t->strides[i] = v;
			}
			for (int i = 0; i < t->rank; i++) {
				sscanf(rest + off, "%u%n", &t->box[i], &k);
				off += k;
			}
			for (int i = 0; i < t->rank; i++) {
				sscanf(rest + off, "%u%n", &t->estrides[i], &k);
				off += k;
			}
		} else if (!strcmp(word, "param")) {
			Param *p = &params[np++];
			char kind[16];
			int k = 0;
			if (sscanf(rest, "%d %15s%n", &p->size, kind, &k) != 2 || p->size > 256) {
				fail("spec", line);
			}
			char *v = rest + k;
			if (!strcmp(kind, "bytes")) {
				p->kind = 0;
				for (int i = 0; i < p->size; i++) {
					unsigned x;
					sscanf(v + 1 + 2 * i, "%2x", &x);
					p->bytes[i] = x;
				}
			} else {
				p->kind = !strcmp(kind, "buffer") ? 1 : !strcmp(kind, "tmap") ? 2 : 3;
				sscanf(v, "%d", &p->ref);
			}
		} else {
			fail("spec", line);
		}
		if (nb >= MAXN || nm >= MAXN || np >= MAXN) {
			fail("spec", "too many buffers, maps or parameters");
		}
	}

	size_t ptxLen;
	char *ptx = readFile(ptxName, &ptxLen);
	CUdevice dev;
	CUcontext ctx;
	check(cuInit(0), "init");
	check(cuDeviceGet(&dev, 0), "init");
	check(cuDevicePrimaryCtxRetain(&ctx, dev), "init");
	check(cuCtxSetCurrent(ctx), "init");
	// The driver's default stack is 1 KB a thread; ptxplay's call stack has
	// no such limit, so give recursive kernels room (fwdcall recurses 200 deep).
	check(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 32 * 1024), "init");

	char log[8192] = "";
	CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_OPTIMIZATION_LEVEL};
	void *vals[] = {log, (void *)(uintptr_t)sizeof log, (void *)(uintptr_t)jitOpt};
	CUmodule mod;
	CUresult r = cuModuleLoadDataEx(&mod, ptx, jitOpt < 0 ? 2 : 3, opts, vals);
	if (r != CUDA_SUCCESS) {
		for (char *c = log; *c; c++) {
			if (*c == '\n') {
				*c = ' ';
			}
		}
		const char *name = "?";
		cuGetErrorName(r, &name);
		char msg[8400];
		snprintf(msg, sizeof msg, "%s %s", name, log);
		fail("load", msg);
	}
	CUfunction fn;
	check(cuModuleGetFunction(&fn, mod, kernel), "load");

	for (int i = 0; i < nb; i++) {
		Buffer *b = &bufs[i];
		size_t size = (b->bytes + 255) / 256 * 256;
		if (size == 0) {
			size = 256;
		}
		check(cuMemAlloc(&b->d, size), "alloc");
		check(cuMemsetD8(b->d, 0, size), "alloc");
		size_t got;
		char *in = readFile(b->in, &got);
		if (got != b->bytes) {
			fail("spec", b->in);
		}
		if (got) {
			check(cuMemcpyHtoD(b->d, in, got), "copy in");
		}
		free(in);
	}
	for (int i = 0; i < nm; i++) {
		TMap *t = &maps[i];
		check(cuTensorMapEncodeTiled(&t->map, (CUtensorMapDataType)t->dtype, t->rank, (void *)(uintptr_t)bufs[t->buf].d,
		                             t->dims, t->strides, t->box, t->estrides, (CUtensorMapInterleave)t->interleave,
		                             (CUtensorMapSwizzle)t->swizzle, CU_TENSOR_MAP_L2_PROMOTION_NONE,
		                             (CUtensorMapFloatOOBfill)t->oob),
		      "tensor map");
		check(cuMemAlloc(&t->inGlobal, sizeof t->map), "alloc");
		check(cuMemcpyHtoD(t->inGlobal, &t->map, sizeof t->map), "copy in");
	}
	void *args[MAXN];
	for (int i = 0; i < np; i++) {
		Param *p = &params[i];
		CUdeviceptr a = 0;
		switch (p->kind) {
		case 1:
			a = bufs[p->ref].d;
			break;
		case 2:
			args[i] = &maps[p->ref].map;
			continue;
		case 3:
			a = maps[p->ref].inGlobal;
			break;
		}
		if (p->kind != 0) {
			for (int k = 0; k < p->size && k < 8; k++) {
				p->bytes[k] = (unsigned char)(a >> (8 * k));
			}
		}
		args[i] = p->bytes;
	}

	if (shared > 48 * 1024) {
		check(cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared), "launch");
	}
	CUlaunchAttribute attr[1];
	memset(attr, 0, sizeof attr);
	CUlaunchConfig cfg;
	memset(&cfg, 0, sizeof cfg);
	cfg.gridDimX = grid[0];
	cfg.gridDimY = grid[1];
	cfg.gridDimZ = grid[2];
	cfg.blockDimX = block[0];
	cfg.blockDimY = block[1];
	cfg.blockDimZ = block[2];
	cfg.sharedMemBytes = shared;
	if (cluster[0]) {
		attr[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
		attr[0].value.clusterDim.x = cluster[0];
		attr[0].value.clusterDim.y = cluster[1];
		attr[0].value.clusterDim.z = cluster[2];
		cfg.attrs = attr;
		cfg.numAttrs = 1;
		if (cluster[0] * cluster[1] * cluster[2] > 8) {
			check(cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1), "launch");
		}
	}
	check(cuLaunchKernelEx(&cfg, fn, args, NULL), "launch");
	check(cuCtxSynchronize(), "run");

	for (int i = 0; i < nb; i++) {
		Buffer *b = &bufs[i];
		char *out = malloc(b->bytes + 1);
		if (b->bytes) {
			check(cuMemcpyDtoH(out, b->d, b->bytes), "copy out");
		}
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, b->out);
		FILE *f = fopen(path, "wb");
		if (!f || fwrite(out, 1, b->bytes, f) != b->bytes) {
			fail("copy out", path);
		}
		fclose(f);
		free(out);
	}
	printf("ok\n");
	return 0;
}
