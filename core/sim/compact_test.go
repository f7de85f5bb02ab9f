package sim

// compact_test.go: which kernels compactKernel compacts, and to how many
// rows (the runs of every kernel the repository holds, compacted and not,
// are compared in restartpoison_test.go).

import (
	"os"
	"testing"

	"github.com/ptxplay/ptxplay/core/isa"
)

// TestCompactKernel: a chain of registers each read once by the next,
// with the output pointer live throughout, needs three rows (worked by
// hand: %r1..%r4 alternate two rows, each apart from the one it reads;
// %rd1 is live with all of them; %r0 and %rd0, never named, take row 0);
// the benchmark kernels compact to at least as many rows as they have
// registers live at once (vadd: %r1-%r4 read by the mad that writes %r5)
// and far fewer than their registers (vadd exactly as many); a kernel with
// shfl is not compacted.
func TestCompactKernel(t *testing.T) {
	const chain = `.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<5>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	add.u32 %r2, %r1, 1;
	add.u32 %r3, %r2, 1;
	add.u32 %r4, %r3, 1;
	st.global.u32 [%rd1], %r4;
	ret;
}
`
	// intervals: straight-line code whose registers, coloured in the
	// order they are declared, take more rows than are ever live at once
	// (worked by hand: %r1 lives over instructions 1-2, %r4 over 2-4, %r3
	// over 3-6, %r2 over 5-7, each pair that meets in one instruction
	// apart; by declaration %r1 and %r2 take row 0, %r3 row 1, %r4 row 2,
	// and %rd1, live throughout, row 3: four rows; in the order of their
	// first writes %rd1 takes row 0, %r1 and %r3 row 1, %r4 and %r2 row
	// 2: three, as many as are live at instruction 2).
	const intervals = `.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<5>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	add.u32 %r4, %r1, 1;
	add.u32 %r3, %r4, 2;
	st.global.u32 [%rd1], %r4;
	add.u32 %r2, %r3, 3;
	st.global.u32 [%rd1+4], %r3;
	st.global.u32 [%rd1+8], %r2;
	ret;
}
`
	read := func(file string) string {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	tests := []struct {
		name, src, kernel string
		min, max          int // the compacted kernel's register rows; 0, 0: not compacted
	}{
		{"chain", chain, "k", 3, 3},
		{"intervals", intervals, "k", 3, 3},
		{"vadd", read("../launch/benchdata/vadd.ptx"), "vadd", 5, 5},                 // the bound, reached
		{"transpose", read("../launch/benchdata/transpose.ptx"), "transpose", 8, 20}, // of 84
		{"reduce", read("../launch/benchdata/reduce.ptx"), "reduce", 3, 10},          // of 26
		{"shfl_reduce", read("../../examples/shfl_reduce/kernel.ptx"), "", 0, 0},
	}
	for _, tt := range tests {
		p := compilePTX(t, tt.name+".ptx", tt.src)
		var f *fn
		for _, g := range p.funcs {
			if g.entry && (tt.kernel == "" || g.name == tt.kernel) {
				f = g
			}
		}
		vals := 0
		for _, r := range f.src.Regs {
			if r.Type.Kind != isa.KindPred {
				vals += max(1, r.Vec)
			}
		}
		rows := 0
		if g := compactKernel(f); g != nil {
			rows = g.nregs - (f.nregs - vals)
		}
		if rows < tt.min || rows > tt.max {
			t.Errorf("%s: %d rows of %d, want %d to %d", tt.name, rows, vals, tt.min, tt.max)
		}
	}
}

// BenchmarkCompact: what an Unviewed run of a grid of three CTAs or more
// spends on its kernel's analyses before its first CTA (startCTA's
// compactKernel) and at its first restart (restartCTA's warmZeroRuns).
func BenchmarkCompact(b *testing.B) {
	for _, k := range []string{"reduce", "diverge", "vadd", "transpose"} {
		src, err := os.ReadFile("../launch/benchdata/" + k + ".ptx")
		if err != nil {
			b.Fatal(err)
		}
		p := compilePTX(b, k+".ptx", string(src))
		var f *fn
		for _, g := range p.funcs {
			if g.entry {
				f = g
			}
		}
		b.Run(k, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				g := compactKernel(f)
				if g == nil {
					g = f
				}
				warmZeroRuns(g, true)
			}
		})
	}
}
