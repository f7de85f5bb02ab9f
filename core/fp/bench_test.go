// Benchmarks of the per-lane hot paths, and a check that none allocates.

package fp

import (
	"math/rand/v2"
	"testing"
)

// benchOperands are varied, ordinary operands (no NaN), so that branch
// prediction sees realistic data.
var benchOperands = func() (ops [1024][3]uint64) {
	r := rand.New(rand.NewPCG(7, 7))
	for i := range ops {
		for j := range ops[i] {
			ops[i][j] = randNear(r, 1023, 30, fmtF64)
		}
	}
	return ops
}()

func bench32(b *testing.B, fn func(x, y, z uint32) uint32) {
	var sink uint32
	for i := 0; b.Loop(); i++ {
		o := &benchOperands[i&1023]
		sink += fn(uint32(o[0]>>32), uint32(o[1]>>32), uint32(o[2]>>32))
	}
	_ = sink
}

func bench64(b *testing.B, fn func(x, y, z uint64) uint64) {
	var sink uint64
	for i := 0; b.Loop(); i++ {
		o := &benchOperands[i&1023]
		sink += fn(o[0], o[1], o[2])
	}
	_ = sink
}

func BenchmarkAddF32(b *testing.B) {
	bench32(b, func(x, y, _ uint32) uint32 { return AddF32(x, y, RN, false, false) })
}
func BenchmarkAddF32Ftz(b *testing.B) {
	bench32(b, func(x, y, _ uint32) uint32 { return AddF32(x, y, RN, true, false) })
}
func BenchmarkAddF32RZ(b *testing.B) {
	bench32(b, func(x, y, _ uint32) uint32 { return AddF32(x, y, RZ, false, false) })
}
func BenchmarkMulF32(b *testing.B) {
	bench32(b, func(x, y, _ uint32) uint32 { return MulF32(x, y, RN, false, false) })
}
func BenchmarkFmaF32(b *testing.B) {
	bench32(b, func(x, y, z uint32) uint32 { return FmaF32(x, y, z, RN, false, false) })
}
func BenchmarkFmaF32Ftz(b *testing.B) {
	bench32(b, func(x, y, z uint32) uint32 { return FmaF32(x, y, z, RN, true, false) })
}
func BenchmarkFmaF32RM(b *testing.B) {
	bench32(b, func(x, y, z uint32) uint32 { return FmaF32(x, y, z, RM, false, false) })
}
func BenchmarkDivF32(b *testing.B) {
	bench32(b, func(x, y, _ uint32) uint32 { return DivF32(x, y, RN, false) })
}
func BenchmarkDivF32RP(b *testing.B) {
	bench32(b, func(x, y, _ uint32) uint32 { return DivF32(x, y, RP, false) })
}
func BenchmarkSqrtF32(b *testing.B) {
	bench32(b, func(x, _, _ uint32) uint32 { return SqrtF32(x&absF32, RN, false) })
}
func BenchmarkMinF32(b *testing.B) {
	bench32(b, func(x, y, _ uint32) uint32 { return MinF32(x, y, false, false, false) })
}
func BenchmarkCmpF32(b *testing.B) {
	bench32(b, func(x, y, _ uint32) uint32 { return uint32(b2u(CmpF32(LT, x, y, false))) })
}
func BenchmarkAddF64(b *testing.B) {
	bench64(b, func(x, y, _ uint64) uint64 { return AddF64(x, y, RN) })
}
func BenchmarkAddF64RM(b *testing.B) {
	bench64(b, func(x, y, _ uint64) uint64 { return AddF64(x, y, RM) })
}
func BenchmarkMulF64RZ(b *testing.B) {
	bench64(b, func(x, y, _ uint64) uint64 { return MulF64(x, y, RZ) })
}
func BenchmarkFmaF64(b *testing.B) {
	bench64(b, func(x, y, z uint64) uint64 { return FmaF64(x, y, z, RN) })
}
func BenchmarkFmaF64RP(b *testing.B) {
	bench64(b, func(x, y, z uint64) uint64 { return FmaF64(x, y, z, RP) })
}
func BenchmarkDivF64RZ(b *testing.B) {
	bench64(b, func(x, y, _ uint64) uint64 { return DivF64(x, y, RZ) })
}
func BenchmarkSqrtF64RM(b *testing.B) {
	bench64(b, func(x, _, _ uint64) uint64 { return SqrtF64(x&absF64, RM) })
}
func BenchmarkAddF16x2(b *testing.B) {
	bench32(b, func(x, y, _ uint32) uint32 { return AddF16x2(x, y, false, false) })
}
func BenchmarkFmaF16x2(b *testing.B) {
	bench32(b, func(x, y, z uint32) uint32 { return FmaF16x2(x, y, z, false, false, false) })
}
func BenchmarkFmaBF16x2(b *testing.B) {
	bench32(b, func(x, y, z uint32) uint32 { return FmaBF16x2(x, y, z, false) })
}
func BenchmarkCvtF32ToF16(b *testing.B) {
	bench32(b, func(x, _, _ uint32) uint32 { return uint32(CvtF32ToF16(x, RN, false, false, false, false)) })
}
func BenchmarkCvtF16x2F32(b *testing.B) {
	bench32(b, func(x, y, _ uint32) uint32 { return CvtF16x2F32(x, y, RN, false, false) })
}
func BenchmarkCvtF32ToS32(b *testing.B) {
	bench32(b, func(x, _, _ uint32) uint32 { return uint32(CvtF32ToInt(x, S32, RZ, false)) })
}
func BenchmarkCvtS32ToF32(b *testing.B) {
	bench32(b, func(x, _, _ uint32) uint32 { return CvtIntToF32(uint64(x), S32, RN, false) })
}
func BenchmarkEx2ApproxF32(b *testing.B) {
	bench32(b, func(x, _, _ uint32) uint32 { return Ex2ApproxF32(x, true) })
}
func BenchmarkSinApproxF32(b *testing.B) {
	bench32(b, func(x, _, _ uint32) uint32 { return SinApproxF32(x, true) })
}
func BenchmarkRsqrtApproxF32(b *testing.B) {
	bench32(b, func(x, _, _ uint32) uint32 { return RsqrtApproxF32(x, true) })
}

// TestNoAllocations: the simulator calls these once per lane.
func TestNoAllocations(t *testing.T) {
	o := benchOperands[3]
	x, y, z := uint32(o[0]>>32), uint32(o[1]>>32), uint32(o[2]>>32)
	for name, fn := range map[string]func(){
		"AddF32.rz":   func() { AddF32(x, y, RZ, true, true) },
		"FmaF32.rm":   func() { FmaF32(x, y, z, RM, true, false) },
		"DivF32.rp":   func() { DivF32(x, y, RP, true) },
		"FmaF64.rz":   func() { FmaF64(o[0], o[1], o[2], RZ) },
		"DivF64.rm":   func() { DivF64(o[0], o[1], RM) },
		"SqrtF64.rp":  func() { SqrtF64(o[0]&absF64, RP) },
		"FmaF16x2":    func() { FmaF16x2(x, y, z, true, false, true) },
		"MinF16x2":    func() { MinF16x2(x, y, true, true, true) },
		"AddBF16x2":   func() { AddBF16x2(x, y) },
		"CvtF32ToF16": func() { CvtF32ToF16(x, RM, true, true, true, true) },
		"CvtIntToF16": func() { CvtIntToF16(o[0], S64, RP, false) },
		"Ex2F16x2":    func() { Ex2ApproxF16x2(x) },
		"RcpFtzF64":   func() { RcpApproxFtzF64(o[0]) },
		"CmpBF16x2":   func() { CmpBF16x2(GEU, x, y) },
	} {
		if n := testing.AllocsPerRun(100, fn); n != 0 {
			t.Errorf("%s allocates %v times per call", name, n)
		}
	}
}
