package sim

import (
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// TestInvalidIsCheckError: what ptxas refuses but only lowering sees (a
// matrix fragment of the wrong size or width, a cp.async size the ISA does
// not allow) is a check error at the instruction, not a warning and a run
// that stops when it gets there; the correct forms check clean.
func TestInvalidIsCheckError(t *testing.T) {
	const head = ".version 7.8\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n" +
		"\t.reg .b32 %r<12>;\n\t.reg .f32 %f<12>;\n\t.reg .b64 %rd<4>;\n\t.reg .f64 %fd<4>;\n\t.shared .align 16 .b8 s[64];\n" +
		"\tld.param.u64 %rd1, [p];\n\tmov.u32 %r0, s;\n"
	for _, c := range []struct{ body, want string }{
		{"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0, %f1, %f2}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f4, %f5, %f6, %f7};",
			"mma: the D fragment (16x8 .f32) takes 4 registers, got 3"},
		{"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0, %f1, %f2, %f3}, {%r1, %r2, %r3}, {%r5, %r6}, {%f4, %f5, %f6, %f7};",
			"mma: the A fragment (16x16 .f16) takes 4 registers, got 3"},
		{"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%fd0, %fd1}, {%r1}, {%fd2}, {%fd0, %fd1};",
			"A fragment register %r1 is 32-bit; .f64 elements take 64-bit registers"},
		{"ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r1, %r2}, [%r0];",
			"ldmatrix.x4 moves 4 matrices: it takes 4 registers, got 2"},
		{"cp.async.cg.shared.global [%r0], [%rd1], 8;", "cp.async.cg copies 16 bytes only (cp-size 8)"},
		{"cp.async.ca.shared.global [%r0], [%rd1], 12;", "cp-size must be 4, 8 or 16, not 12"},
		{"cp.async.ca.shared.global [%r0], [%rd1], 8, 9;", "src-size 9 exceeds cp-size 8"},
		{"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0, %f1, %f2, %f3}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f4, %f5, %f6, %f7};", ""},
		{"ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%r1, %r2}, [%r0];", ""},
		{"cp.async.ca.shared.global [%r0], [%rd1], 8, 4;", ""},
	} {
		src := head + "\t" + c.body + "\n\tret;\n}\n"
		m, perrs := ptx.Parse("k.ptx", []byte(src))
		if len(perrs) > 0 {
			t.Fatalf("%s: parse: %v", c.body, perrs)
		}
		_, errs := check.Check(m)
		if c.want == "" {
			if len(errs) > 0 {
				t.Errorf("%s: %v", c.body, errs)
			}
			continue
		}
		if len(errs) != 1 || !strings.Contains(errs[0].Msg, c.want) || errs[0].Pos.Line != 13 || errs[0].Pos.Col != 2 {
			t.Errorf("%s:\n got %v\nwant 13:2 %q", c.body, errs, c.want)
		}
	}
}
