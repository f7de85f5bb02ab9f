package launch

// corpus_sm100_test.go: the corpus's other kernels for sm_100 and newer
// (the Hopper one, Triton's wgmma matmul, is in corpus_mma_test.go) run to
// the end with launches written here, checked against what their source
// computes: cuTile's vector add (one 16-element tile per cluster, read
// through %clusterid), CuTe's half-to-float view and an RMS norm.

import (
	"math"
	"testing"
)

func TestCorpusTileirasVadd(t *testing.T) {
	const n = 40
	var a, b []float64
	for i := 0; i < n; i++ {
		a = append(a, float64(i)*0.25)
		b = append(b, float64(100-i))
	}
	for _, cluster := range []any{nil, 1} {
		spec := map[string]any{
			"kernel": "vadd", "grid": 3, "block": 128, // 16 elements a cluster of one CTA; .reqntid 128
			"args": map[string]any{
				"vadd_param_0": map[string]any{"type": "f32", "data": a}, "vadd_param_1": n, "vadd_param_2": 1,
				"vadd_param_3": map[string]any{"type": "f32", "data": b}, "vadd_param_4": n, "vadd_param_5": 1,
				"vadd_param_6": map[string]any{"type": "f32", "count": 48}, "vadd_param_7": n, "vadd_param_8": 1, "vadd_param_9": 1,
			},
		}
		if cluster != nil {
			spec["cluster"] = cluster
		}
		out := runCorpus(t, "jool-space__PTX.jl__tileiras_vadd_sm121a.ptx", spec).Buffers["vadd_param_6"].Data
		for i := 0; i < 48; i++ {
			want := 0.0
			if i < n {
				want = a[i] + b[i]
			}
			if got := math.Float32frombits(uint32(out[i])); float64(got) != want {
				t.Errorf("cluster %v: out[%d] = %g, want %g", cluster, i, got, want)
			}
		}
	}
}

func TestCorpusCuteHello(t *testing.T) {
	const k = "_Z19test_col_major_viewPK6__halfPf"
	out := runCorpus(t, "chisuhua__PTX-EMU__cute_hello_col_major.ptx", map[string]any{
		"grid": 2, "block": 32,
		"args": map[string]any{k + "_param_0": map[string]any{"type": "f16", "data": []float64{1, -2.5, 3}}, k + "_param_1": map[string]any{"type": "f32", "count": 2}},
	}).Buffers[k+"_param_1"].Data
	for i := 0; i < 2; i++ { // thread 0 of CTA 0 writes element 1 of the half view to both
		if got := math.Float32frombits(uint32(out[i])); got != -2.5 {
			t.Errorf("out[%d] = %g, want -2.5", i, got)
		}
	}
}

func TestCorpusRMSNorm(t *testing.T) {
	const k = "_Z14rmsnorm_kernelIfEvPKT_PS0_iif"
	const rows, cols, block = 3, 70, 32
	var in []float64
	for i := 0; i < rows*cols; i++ {
		in = append(in, float64(i%11)-4.5)
	}
	out := runCorpus(t, "chisuhua__PTX-EMU__regression_cute_rmsnorm_f16_register.ptx", map[string]any{
		"grid": rows, "block": block, "shared_mem": 4 * block,
		"args": map[string]any{
			k + "_param_0": map[string]any{"type": "f32", "data": in}, k + "_param_1": map[string]any{"type": "f32", "count": rows * cols},
			k + "_param_2": rows, k + "_param_3": cols, k + "_param_4": 1e-5,
		},
	}).Buffers[k+"_param_1"].Data
	for r := 0; r < rows; r++ {
		ss := 0.0
		for c := 0; c < cols; c++ {
			ss += in[r*cols+c] * in[r*cols+c]
		}
		scale := 1 / math.Sqrt(ss/cols+1e-5)
		for c := 0; c < cols; c++ {
			want := in[r*cols+c] * scale
			got := float64(math.Float32frombits(uint32(out[r*cols+c])))
			if math.Abs(got-want) > 1e-5*math.Abs(want)+1e-6 { // rsqrt.approx.f32 and f32 sums
				t.Fatalf("row %d col %d: got %g, want %g", r, c, got, want)
			}
		}
	}
}
