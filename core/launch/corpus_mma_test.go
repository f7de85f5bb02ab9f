package launch

// corpus_mma_test.go: the real corpus kernels that use tensor cores
// (wmma, mma.sync with ldmatrix and cp.async) run to the end with
// launches written here, and their outputs equal a plain matrix multiply.
// The corpus's Triton sm_90a matmul (wgmma) is the last test here.

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/ptxplay/ptxplay/core/fp"
	"github.com/ptxplay/ptxplay/core/sim"
)

func f16Val(b uint64) float64 {
	return float64(math.Float32frombits(fp.CvtF16ToF32(uint16(b), false, false)))
}

func runCorpus(t *testing.T, file string, spec map[string]any) *Result {
	t.Helper()
	code, err := os.ReadFile("../ptx/testdata/corpus/" + file)
	if err != nil {
		t.Fatal(err)
	}
	js, _ := json.Marshal(spec)
	// With the sanitizers on: these are correct kernels, so the run is
	// also the false-positive sweep's (sanitize_test.go) for the corpus.
	res := Run(file, code, js, Options{Sanitize: sim.SanAll})
	if !res.OK {
		t.Fatalf("%s: %+v", file, res.Errors)
	}
	for _, h := range res.Hazards {
		t.Errorf("%s:%d:%d: %s: %s", file, h.Line, h.Col, h.Kind, h.Message)
	}
	return res
}

// TestCorpusWmma: nvcc's 16x16x16 wmma (f16 A row-major, B column-major,
// f32 D row-major, all with leading dimension 16).
func TestCorpusWmma(t *testing.T) {
	const k = "_Z17warp_mma_16x16x16P6__halfS0_Pf"
	var a, b []float64
	for i := 0; i < 256; i++ {
		a = append(a, float64(i%7-3))
		b = append(b, float64(i%5-2))
	}
	res := runCorpus(t, "KnowingNothing__MatmulTutorial__single-wmma.ptx", map[string]any{
		"kernel": k, "grid": []int{1, 1, 1}, "block": []int{32, 1, 1},
		"args": map[string]any{
			k + "_param_0": map[string]any{"type": "f16", "data": a},
			k + "_param_1": map[string]any{"type": "f16", "data": b},
			k + "_param_2": map[string]any{"type": "f32", "count": 256},
		},
	})
	d := res.Buffers[k+"_param_2"].Data
	for i := 0; i < 16; i++ {
		for j := 0; j < 16; j++ {
			want := 0.0
			for kk := 0; kk < 16; kk++ {
				want += a[i*16+kk] * b[j*16+kk] // B is column-major: element (kk, j) at j*16+kk
			}
			if got := float64(math.Float32frombits(uint32(d[i*16+j]))); got != want {
				t.Fatalf("D[%d][%d] = %v, want %v", i, j, got, want)
			}
		}
	}
}

// TestCorpusTritonMmaTF32: Triton's matmul for sm_89 (cp.async.ca into
// dynamic shared memory, ldmatrix.x4, mma.m16n8k8 tf32, f16 output):
// C = A*B with f32 A (M x K, row stride K), B (K x N, row stride N).
func TestCorpusTritonMmaTF32(t *testing.T) {
	for _, sz := range [][3]int{{32, 32, 32}, {16, 48, 64}, {48, 16, 16}} {
		M, N, K := sz[0], sz[1], sz[2]
		t.Run(fmt.Sprintf("%dx%dx%d", M, N, K), func(t *testing.T) {
			av, bv := make([]float64, M*K), make([]float64, K*N)
			for i := range av {
				av[i] = float64((i*7)%9 - 4)
			}
			for i := range bv {
				bv[i] = float64((i*5)%7 - 3)
			}
			p := "matmul_kernel_param_"
			res := runCorpus(t, "anneouyang__kernel-data-exploration__matmul_kernel.ptx", map[string]any{
				"kernel": "matmul_kernel", "grid": []int{(M / 16) * (N / 16), 1, 1}, "block": []int{128, 1, 1},
				"shared_mem": 16384,
				"args": map[string]any{
					p + "0": map[string]any{"type": "f32", "data": av},
					p + "1": map[string]any{"type": "f32", "data": bv},
					p + "2": map[string]any{"type": "f16", "count": M * N},
					p + "3": M, p + "4": N, p + "5": K, p + "6": K, p + "7": N, p + "8": N,
				},
			})
			checkMatmul(t, res.Buffers[p+"2"].Data, f16Val, av, bv, M, N, K)
		})
	}
}

// TestCorpusTritonWgmmaFP8: Triton's matmul for sm_90a (cp.async.cg into
// 32-byte-swizzled shared memory, B transposed through st.shared.u8,
// wgmma.mma_async .m64n16k32 e5m2 x e5m2 into f32 with both operands
// from matrix descriptors, a 3-stage pipeline): C = A*B with A (M x K,
// row stride K), B (K x N, row stride N), C (M x N, f32). Small integers,
// so the sums are exact in any order: the test checks where each element
// comes from, which the descriptors and the swizzle decide.
func TestCorpusTritonWgmmaFP8(t *testing.T) {
	e5m2 := func(v int) uint64 { // the top byte of the f16 (exact for |v| <= 8)
		return uint64(fp.CvtF32ToF16(math.Float32bits(float32(v)), fp.RN, false, false, false, false) >> 8)
	}
	for _, sz := range [][3]int{{64, 16, 32}, {64, 16, 96}, {128, 48, 64}, {80, 24, 48}} {
		M, N, K := sz[0], sz[1], sz[2]
		t.Run(fmt.Sprintf("%dx%dx%d", M, N, K), func(t *testing.T) {
			av, bv := make([]int, M*K), make([]int, K*N)
			ab, bb := make([]uint64, M*K), make([]uint64, K*N)
			for i := range av {
				av[i] = (i*7)%9 - 4
				ab[i] = e5m2(av[i])
			}
			for i := range bv {
				bv[i] = (i*5)%7 - 3
				bb[i] = e5m2(bv[i])
			}
			p := "matmul_kernel_param_"
			res := runCorpus(t, "csullivan__triton__matmul.ptx", map[string]any{
				"kernel": "matmul_kernel", "grid": []int{((M + 63) / 64) * ((N + 15) / 16), 1, 1}, "block": []int{128, 1, 1},
				"shared_mem": 16384,
				"args": map[string]any{
					p + "0": map[string]any{"type": "u8", "data": ab},
					p + "1": map[string]any{"type": "u8", "data": bb},
					p + "2": map[string]any{"type": "f32", "count": M * N},
					p + "3": K, p + "4": N, p + "5": N, p + "6": M, p + "7": N, p + "8": K,
				},
			})
			f32 := func(v uint64) float64 { return float64(math.Float32frombits(uint32(v))) }
			checkMatmul(t, res.Buffers[p+"2"].Data, f32, floats(av), floats(bv), M, N, K)
		})
	}
}

// checkMatmul checks C (M x N, row-major, elements decoded by elem)
// against A (M x K) times B (K x N), both row-major.
func checkMatmul(t *testing.T, c []uint64, elem func(uint64) float64, a, b []float64, M, N, K int) {
	t.Helper()
	for i := 0; i < M; i++ {
		for j := 0; j < N; j++ {
			want := 0.0
			for kk := 0; kk < K; kk++ {
				want += a[i*K+kk] * b[kk*N+j]
			}
			if got := elem(c[i*N+j]); got != want {
				t.Fatalf("C[%d][%d] = %v, want %v", i, j, got, want)
			}
		}
	}
}

func floats(v []int) []float64 {
	f := make([]float64, len(v))
	for i, x := range v {
		f[i] = float64(x)
	}
	return f
}
