package examples

// tcgen05_pair_test.go: testdata/tcgen05_pair, a CTA pair's GEMM with
// tcgen05.mma.cta_group::2 (M = 256: each CTA holds 128 rows of A and D
// and 32 columns of B), compiled from CUDA-style C by
// scripts/gen-tcgen05-example.sh, against a plain Go matrix product.

import (
	"math"
	"os"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch"
)

func TestTcgen05Pair(t *testing.T) {
	const dir = "../testdata/tcgen05_pair/"
	src, err := os.ReadFile(dir + "kernel.ptx")
	if err != nil {
		t.Fatal(err)
	}
	spec, err := os.ReadFile(dir + "launch.json")
	if err != nil {
		t.Fatal(err)
	}
	res := launch.Run("kernel.ptx", src, spec, launch.Options{})
	if !res.OK {
		t.Fatalf("%+v", res.Errors)
	}
	a, bt := res.Buffers["tcgen05_pair_param_0"].Data, res.Buffers["tcgen05_pair_param_1"].Data
	d := res.Buffers["tcgen05_pair_param_2"].Data
	if len(a) != 256*64 || len(bt) != 64*64 || len(d) != 256*64 {
		t.Fatalf("buffers of %d, %d, %d elements", len(a), len(bt), len(d))
	}
	bad := 0
	for r := 0; r < 256; r++ {
		for c := 0; c < 64; c++ {
			s := 0.0 // small integers: the sum is exact in any order
			for k := 0; k < 64; k++ {
				s += float64(f16val(a[r*64+k])) * float64(f16val(bt[c*64+k]))
			}
			if want := uint64(math.Float32bits(float32(s))); d[r*64+c] != want && bad < 5 {
				bad++
				t.Errorf("D[%d][%d] = %v, want %v", r, c, math.Float32frombits(uint32(d[r*64+c])), s)
			}
		}
	}
}
