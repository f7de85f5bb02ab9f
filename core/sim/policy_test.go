package sim

import (
	"math"
	"testing"
)

// TestCreatePolicy: createpolicy runs and writes ptxplay's documented
// encoding (exec_policy.go) of what was asked, per lane; the hinted
// accesses that read the policy run as plain ones.
func TestCreatePolicy(t *testing.T) {
	f32 := func(f float32) uint64 { return uint64(math.Float32bits(f)) }
	for _, c := range []struct {
		body string
		want func(lane int) uint64
	}{
		{"createpolicy.fractional.L2::evict_last.b64 %rd1, 1.0;", func(int) uint64 { return 1<<60 | 2<<56 | f32(1) }},
		{"createpolicy.fractional.L2::evict_first.b64 %rd1;", func(int) uint64 { return 1<<60 | 1<<56 | f32(1) }},
		{"createpolicy.fractional.L2::evict_normal.L2::evict_first.b64 %rd1, 0.25;", func(int) uint64 { return 1<<60 | 0<<56 | 1<<52 | f32(0.25) }},
		{"createpolicy.fractional.L2::evict_unchanged.L2::evict_unchanged.b64 %rd1, 0.5;", func(int) uint64 { return 1<<60 | 3<<56 | f32(0.5) }},
		// A fraction from a register: lane i asks for i/32.
		{"cvt.rn.f32.u32 %f0, %lane;\n\tmul.f32 %f0, %f0, 0.03125;\n\tcreatepolicy.fractional.L2::evict_last.b64 %rd1, %f0;",
			func(l int) uint64 { return 1<<60 | 2<<56 | f32(float32(l)/32) }},
		{"createpolicy.range.global.L2::evict_first.b64 %rd1, [%ia], 4096, 65536;", func(int) uint64 { return 2<<60 | 1<<56 | 4096 }},
		{"mov.b64 %rd2, 0x0123456789abcdef;\n\tcreatepolicy.cvt.L2.b64 %rd1, %rd2;", func(int) uint64 { return 0x0123456789abcdef }},
	} {
		body := "\t" + c.body + "\n\tld.global.L2::cache_hint.u64 %rd3, [%ia], %rd1;\n\tst.global.u64 [%oa], %rd1;\n"
		out := runHarness(t, compileHarness(t, "", "", body), [][32]uint64{{}}, 1)
		for lane := 0; lane < 32; lane++ {
			if got, want := out[0][lane], c.want(lane); got != want {
				t.Fatalf("%s: lane %d = %#x, want %#x", c.body, lane, got, want)
			}
		}
	}
}
