package examples

// gemm128_test.go: the product of tcgen05_gemm (D 128 x 64 f32 = A 128 x 64
// * B 64 x 64, small integers) three ways: Blackwell's tcgen05.mma (the
// example), Hopper's wgmma (testdata/bench/gemm128/wgmma.cu, two
// warpgroups) and mma.sync (testdata/run/mma_gemm's mma_gemm kernel with
// M=128 N=64 K=64: 64 warps of 16x8 tiles through cp.async and ldmatrix).
// The test checks the three agree; the benchmark times whole launches
// (parse, check, load, run) for docs/benchmarks.md.

import (
	"os"
	"slices"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch"
)

type gemmVersion struct{ name, ptx, spec, out string }

var gemm128 = []gemmVersion{
	{"tcgen05", "tcgen05_gemm/kernel.ptx", "tcgen05_gemm/launch.json", "tcgen05_gemm_param_2"},
	{"wgmma", "../testdata/bench/gemm128/wgmma.ptx", "../testdata/bench/gemm128/wgmma.json", "wgmma_gemm_param_2"},
	{"mma_sync", "../testdata/run/mma_gemm/kernel.ptx", "../testdata/bench/gemm128/mma.json", "mma_gemm_param_2"},
}

func runGemm128(tb testing.TB, v gemmVersion) *launch.Result {
	src, err := os.ReadFile(v.ptx)
	if err != nil {
		tb.Fatal(err)
	}
	spec, err := os.ReadFile(v.spec)
	if err != nil {
		tb.Fatal(err)
	}
	res := launch.Run(v.ptx, src, spec, launch.Options{})
	if !res.OK {
		tb.Fatalf("%s: %+v", v.name, res.Errors)
	}
	return res
}

func TestGemm128Agree(t *testing.T) {
	var first []uint64
	for _, v := range gemm128 {
		got := runGemm128(t, v).Buffers[v.out].Data
		if len(got) != 128*64 {
			t.Fatalf("%s: %d elements", v.name, len(got))
		}
		if first == nil {
			first = got
		} else if !slices.Equal(got, first) {
			t.Errorf("%s differs from %s", v.name, gemm128[0].name)
		}
	}
}

func BenchmarkGemm128(b *testing.B) {
	for _, v := range gemm128 {
		b.Run(v.name, func(b *testing.B) {
			var wi, ti int64
			for i := 0; i < b.N; i++ {
				res := runGemm128(b, v)
				wi, ti = res.Stats.WarpInstructions, res.Stats.ThreadInstructions
			}
			b.ReportMetric(float64(wi), "warp-instr")
			b.ReportMetric(float64(ti), "thread-instr")
		})
	}
}
