package sim

// bench_mma_test.go: the tensor-core path measured on the same product two
// ways, both from testdata/run/mma_gemm (clang-14 compiled): mma_gemm
// (cp.async + ldmatrix + mma.sync.m16n8k16 tiles) and fma_gemm (one thread
// per element of C, a scalar fma loop). Both report thread-instructions
// per second and the time of one whole 64x64x256 product.

import (
	"encoding/binary"
	"math"
	"os"
	"testing"

	"github.com/ptxplay/ptxplay/core/fp"
)

func benchGemm(b *testing.B, kernel string, grid, block uint32) {
	benchGemmOpt(b, kernel, grid, block, false)
}

// BenchmarkGemmMMARecord: mma_gemm with recording on, as sessions (the
// page) run it: every matrix instruction builds its fragment view.
func BenchmarkGemmMMARecord(b *testing.B) { benchGemmOpt(b, "mma_gemm", 8, 128, true) }

func benchGemmOpt(b *testing.B, kernel string, grid, block uint32, record bool) {
	src, err := os.ReadFile("../../testdata/run/mma_gemm/kernel.ptx")
	if err != nil {
		b.Fatal(err)
	}
	p := compilePTX(b, "mma_gemm.ptx", string(src))
	const M, N, K = 64, 64, 256
	ps, size, _ := p.Params(kernel)
	var threads int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		params := make([]byte, size)
		m, err := New(p, kernel, Launch{Grid: [3]uint32{grid, 1, 1}, Block: [3]uint32{block, 1, 1}, Params: params})
		if err != nil {
			b.Fatal(err)
		}
		a, bb, c := m.Alloc("A", 2*M*K), m.Alloc("B", 2*K*N), m.Alloc("C", 4*M*N)
		for j, buf := range [][]byte{m.Buffer(a), m.Buffer(bb)} {
			for k := 0; k < len(buf); k += 2 {
				v := float64((k/2*(7+j))%9 - 4)
				binary.LittleEndian.PutUint16(buf[k:], fp.CvtF64ToF16(math.Float64bits(v), fp.RN, false))
			}
			m.Store([]uint64{a, bb}[j], 0, buf)
		}
		for j, v := range []uint64{a, bb, c, M, N, K} {
			if j < 3 {
				binary.LittleEndian.PutUint64(params[ps[j].Offset:], v)
			} else {
				binary.LittleEndian.PutUint32(params[ps[j].Offset:], uint32(v))
			}
		}
		m.Record(record)
		b.StartTimer()
		m.Run(0)
		if f := m.Fault(); f != nil {
			b.Fatal(f)
		}
		threads += m.Stats().ThreadInstructions
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(threads)/s/1e6, "Mthread-inst/s")
	b.ReportMetric(float64(M*N*K)*float64(b.N)/s/1e6, "MMAC/s")
}

// BenchmarkGemmMMA: 32 warps, each 16 steps of cp.async, ldmatrix x2 and
// one mma.sync.m16n8k16.
func BenchmarkGemmMMA(b *testing.B) { benchGemm(b, "mma_gemm", 8, 128) }

// BenchmarkGemmFMA: 4096 threads, each 256 scalar fma steps.
func BenchmarkGemmFMA(b *testing.B) { benchGemm(b, "fma_gemm", 32, 128) }
