package launch

import (
	"fmt"
	"testing"
)

// TestRestartedCTAsOfFewRegisters: launch.Run restarts each CTA after the
// second in the blocks of a finished one (sim.Machine.KeepFinished(1) and
// Unviewed). A kernel frame takes its written marks and predicates from
// the CTA's mask block; for a kernel of no registers (a lone ret, or
// predicates alone) that block was one word a warp short, so the
// predicates came from a fresh allocation the warm restart did not
// refill, the always-true guard read 0, the ret was skipped and the third
// CTA's warps ran past the end of the code ("internal error: index out of
// range"). Per the ISA every thread of such a kernel simply ends; the
// kernel with registers writes %ctaid.x to out[%ctaid.x] from thread 0,
// so each CTA must have run once.
func TestRestartedCTAsOfFewRegisters(t *testing.T) {
	const head = ".version 7.0\n.target sm_80\n.address_size 64\n"
	kernels := []struct {
		name, body string
		writes     bool // out[i] = i for every CTA i
	}{
		{"a lone ret", "{\n\tret;\n}", false},
		{"a lone exit", "{\n\texit;\n}", false},
		{"predicates, no registers", "{\n\t.reg .pred %p<2>;\n\tsetp.eq.u32 %p1, 1, 1;\n\t@%p1 bra DONE;\n\ttrap;\nDONE:\n\tret;\n}", false},
		{"one CTA index a CTA", "{\n\t.reg .pred %p<2>;\n\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<4>;\n" +
			"\tmov.u32 %r1, %tid.x;\n\tsetp.ne.u32 %p1, %r1, 0;\n\t@%p1 bra DONE;\n" +
			"\tld.param.u64 %rd1, [k_param_0];\n\tcvta.to.global.u64 %rd2, %rd1;\n\tmov.u32 %r2, %ctaid.x;\n" +
			"\tmul.wide.u32 %rd3, %r2, 4;\n\tadd.s64 %rd2, %rd2, %rd3;\n\tst.global.u32 [%rd2], %r2;\nDONE:\n\tret;\n}", true},
	}
	for _, k := range kernels {
		src := head + ".visible .entry k(.param .u64 k_param_0)\n" + k.body + "\n"
		for _, grid := range []int{1, 2, 3, 4, 7} {
			for _, block := range []int{1, 32, 64, 100, 128} {
				spec := fmt.Sprintf(`{"kernel": "k", "grid": %d, "block": %d, "args": {"k_param_0": {"type": "u32", "count": %d, "fill": 4294967295}}}`, grid, block, grid)
				res := Run("k.ptx", []byte(src), []byte(spec), Options{})
				if !res.OK {
					t.Errorf("%s, grid %d, block %d: not OK: %+v", k.name, grid, block, res.Errors)
					continue
				}
				out := res.Buffers["k_param_0"].Values()
				for i, v := range out {
					want := uint64(0xffffffff) // the fill, untouched
					if k.writes {
						want = uint64(i)
					}
					if v != want {
						t.Errorf("%s, grid %d, block %d: out[%d] = %#x, want %#x", k.name, grid, block, i, v, want)
					}
				}
			}
		}
	}
}
