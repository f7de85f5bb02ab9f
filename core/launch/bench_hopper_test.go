package launch

// bench_hopper_test.go: the warp-specialized Hopper GEMM example (TMA
// loads into a 3-stage ring guarded by mbarriers, a consumer warpgroup
// running wgmma) against the same 64x64x256 product through mma.sync
// (testdata/run/mma_gemm), both through the launch contract. Only the
// run is timed.
//
//	go test ./core/launch -run XXX -bench HopperGEMM -benchtime 2s -count 2

import (
	"os"
	"testing"
)

const wsGemm64x64x256 = `{"kernel": "ws_gemm", "grid": [2, 1], "block": 160,
 "buffers": {"A": {"type": "f16", "count": 16384, "fill": 1}, "Bt": {"type": "f16", "count": 16384, "fill": 1}},
 "args": {
  "ws_gemm_param_0": {"type": "tensormap", "buffer": "A", "dtype": "f16", "dims": [256, 64], "strides": [512], "box": [16, 64], "swizzle": "32B"},
  "ws_gemm_param_1": {"type": "tensormap", "buffer": "Bt", "dtype": "f16", "dims": [256, 64], "strides": [512], "box": [16, 32], "swizzle": "32B"},
  "ws_gemm_param_2": {"type": "f32", "count": 4096},
  "ws_gemm_param_3": 256, "ws_gemm_param_4": 64}}`

func BenchmarkHopperGEMM(b *testing.B) {
	mmaSpec, err := os.ReadFile("../../testdata/run/mma_gemm/launch.json")
	if err != nil {
		b.Fatal(err)
	}
	for _, k := range []struct{ name, src, spec string }{
		{"ws_gemm", "../../examples/ws_gemm/kernel.ptx", wsGemm64x64x256},
		{"mma_gemm", "../../testdata/run/mma_gemm/kernel.ptx", string(mmaSpec)},
	} {
		b.Run(k.name, func(b *testing.B) {
			src, err := os.ReadFile(k.src)
			if err != nil {
				b.Fatal(err)
			}
			p, spec, err := load(k.name, src, []byte(k.spec))
			if err != nil {
				b.Fatal(err)
			}
			var threads int64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				m, err := Prepare(p, spec, &Result{Buffers: map[string]*Buffer{}})
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				m.Run(0)
				if f := m.Fault(); f != nil {
					b.Fatal(f)
				}
				threads += m.Stats().ThreadInstructions
			}
			s := b.Elapsed().Seconds()
			b.ReportMetric(float64(threads)/s/1e6, "Mthread-inst/s")
			b.ReportMetric(64*64*256*float64(b.N)/s/1e6, "MMAC/s")
		})
	}
}
