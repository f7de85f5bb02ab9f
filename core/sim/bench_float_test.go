package sim

// bench_float_test.go: the float ALU hot path (add.f32, mul.f32,
// fma.rn.f32 over full warps) measured in thread-instructions per second.

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// benchFloatKernel runs n iterations of a loop of 24 float instructions (8
// each of fma.rn.f32, add.f32 and mul.f32, in four independent chains
// whose values stay finite) and 3 of loop control, then stores a result.
const benchFloatKernel = `.version 8.0
.target sm_80
.address_size 64

.visible .entry fbench(.param .u64 out, .param .u32 n)
{
	.reg .pred %p;
	.reg .b32 %i, %n, %tid;
	.reg .f32 %a<4>, %b<4>, %c<4>;
	.reg .b64 %o, %off;
	mov.u32 %tid, %tid.x;
	ld.param.u32 %n, [n];
	ld.param.u64 %o, [out];
	cvt.rn.f32.u32 %a0, %tid;
	mul.f32 %a0, %a0, 0f3A800000;
	add.f32 %a1, %a0, 0f3F800000;
	add.f32 %a2, %a0, 0f40000000;
	add.f32 %a3, %a0, 0f40400000;
	mov.f32 %c0, %a0;
	mov.f32 %c1, %a1;
	mov.f32 %c2, %a2;
	mov.f32 %c3, %a3;
	mov.u32 %i, 0;
LOOP:
BODY
	add.u32 %i, %i, 1;
	setp.lt.u32 %p, %i, %n;
	@%p bra LOOP;
	add.f32 %a0, %a0, %c1;
	add.f32 %a2, %c2, %c3;
	add.f32 %a0, %a0, %a2;
	mul.wide.u32 %off, %tid, 4;
	add.s64 %o, %o, %off;
	st.global.f32 [%o], %a0;
	ret;
}
`

func benchFloatProgram(b *testing.B) *Program {
	var body strings.Builder
	for r := 0; r < 2; r++ {
		for k := 0; k < 4; k++ {
			// a = a*0.99976 + 2^-10 (converges), b = a + c, c = b/2 (bounded).
			fmt.Fprintf(&body, "\tfma.rn.f32 %%a%d, %%a%d, 0f3F7FF000, 0f3A800000;\n", k, k)
			fmt.Fprintf(&body, "\tadd.f32 %%b%d, %%a%d, %%c%d;\n", k, k, k)
			fmt.Fprintf(&body, "\tmul.f32 %%c%d, %%b%d, 0f3F000000;\n", k, k)
		}
	}
	src := strings.Replace(benchFloatKernel, "BODY", body.String(), 1)
	return compilePTX(b, "fbench.ptx", src)
}

// BenchmarkFloatALU: one CTA of 256 threads (8 full warps), 1000 loop
// iterations: about 6.9 million thread-instructions, 89% of them float.
func BenchmarkFloatALU(b *testing.B) {
	const threads, iters = 256, 1000
	p := benchFloatProgram(b)
	ps, size, _ := p.Params("fbench")
	var threadInstrs int64
	for b.Loop() {
		params := make([]byte, size)
		m, err := New(p, "fbench", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{threads, 1, 1}, Params: params})
		if err != nil {
			b.Fatal(err)
		}
		out := m.Alloc("out", 4*threads)
		for _, pi := range ps {
			switch pi.Name {
			case "out":
				binary.LittleEndian.PutUint64(params[pi.Offset:], out)
			case "n":
				binary.LittleEndian.PutUint32(params[pi.Offset:], iters)
			}
		}
		m.Run(0)
		if f := m.Fault(); f != nil {
			b.Fatal(f)
		}
		threadInstrs += m.Stats().ThreadInstructions
	}
	b.ReportMetric(float64(threadInstrs)/b.Elapsed().Seconds(), "thread-inst/s")
}
