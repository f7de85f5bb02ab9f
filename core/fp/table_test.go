// Table tests for the rules the ISA states case by case: NaN results,
// min/max, testp, comparisons, cvt saturation and NaN, .sat, .ftz, .relu and
// the special-value tables of the .approx instructions.

package fp

import (
	"math"
	"testing"
)

// f32 encodings used below.
const (
	pz32    = 0x00000000
	nz32    = 0x80000000
	one32   = 0x3F800000
	none32  = 0xBF800000
	two32   = 0x40000000
	half32  = 0x3F000000
	three32 = 0x40400000
	nthree  = 0xC0400000
	five32  = 0x40A00000
	nfive   = 0xC0A00000
	inf32   = 0x7F800000
	ninf32  = 0xFF800000
	qnan32  = 0x7FC00000
	nqnan32 = 0xFFC00001
	snan32  = 0x7F800001
	sub32   = 0x00000001
	nsub32  = 0x80000001
	min32   = 0x00800000
	cnan32  = 0x7FFFFFFF
)

// f64 and half encodings used below.
const (
	one64   = 0x3FF0000000000000
	two64   = 0x4000000000000000
	inf64   = 0x7FF0000000000000
	ninf64  = 0xFFF0000000000000
	snan64  = 0x7FF0000000000001
	pnan64  = 0xFFF8000000001234
	cnan64  = 0x7FFFFFFFFFFFFFFF
	one16   = 0x3C00
	two16   = 0x4000
	none16  = 0xBC00
	nan16   = 0x7E00
	inf16   = 0x7C00
	oneBF   = 0x3F80
	noneBF  = 0xBF80
	nanBF   = 0x7FC0
	cnanHlf = 0x7FFF
)

type row struct {
	sec  string // the PTX ISA section the rule comes from
	desc string
	got  uint64
	want uint64
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func runRows(t *testing.T, rows []row) {
	t.Helper()
	for _, r := range rows {
		if r.got != r.want {
			t.Errorf("%s %s: got %#x, want %#x", r.sec, r.desc, r.got, r.want)
		}
	}
}

func TestNaNResults(t *testing.T) {
	runRows(t, []row{
		{"9.7.3", "add.f32 sNaN+1 is the canonical NaN", uint64(AddF32(snan32, one32, RN, false, false)), cnan32},
		{"9.7.3", "add.rz.f32 -NaN+1 is the canonical NaN", uint64(AddF32(nqnan32, one32, RZ, false, false)), cnan32},
		{"9.7.3", "add.f32 Inf-Inf is the canonical NaN", uint64(AddF32(inf32, ninf32, RN, false, false)), cnan32},
		{"9.7.3", "mul.f32 0*Inf", uint64(MulF32(pz32, inf32, RP, false, false)), cnan32},
		{"9.7.3", "fma.f32 Inf*1-Inf", uint64(FmaF32(inf32, one32, ninf32, RN, false, false)), cnan32},
		{"9.7.3", "div.f32 0/0", uint64(DivF32(pz32, nz32, RN, false)), cnan32},
		{"9.7.3", "sqrt.f32 -1", uint64(SqrtF32(none32, RM, false)), cnan32},
		{"9.7.3", "add.f64 keeps the payload of a NaN operand and quiets it", AddF64(snan64, one64, RN), snan64 | quietF64},
		{"9.7.3", "add.f64 returns the first NaN operand", AddF64(pnan64, snan64, RZ), pnan64},
		{"9.7.3", "sub.f64 does not flip a NaN's sign", SubF64(one64, pnan64, RN), pnan64},
		{"9.7.3", "mul.rp.f64 NaN propagates", MulF64(one64, snan64, RP), snan64 | quietF64},
		{"9.7.3", "fma.f64 NaN in c propagates", FmaF64(one64, two64, pnan64, RN), pnan64},
		{"9.7.3", "fma.rm.f64 NaN in a wins over c", FmaF64(snan64, two64, pnan64, RM), snan64 | quietF64},
		{"9.7.3", "add.f64 Inf-Inf makes the canonical NaN", AddF64(inf64, ninf64, RN), cnan64},
		{"9.7.3", "div.rz.f64 Inf/Inf", DivF64(inf64, ninf64, RZ), cnan64},
		{"9.7.3", "sqrt.f64 -1", SqrtF64(0xBFF0000000000000, RN), cnan64},
		{"9.7.4", "add.f16 NaN is 0x7FFF", uint64(AddF16(nan16, one16, false, false)), cnanHlf},
		{"9.7.4", "fma.bf16 0*Inf is 0x7FFF", uint64(FmaBF16(0, 0x7F80, oneBF, false)), cnanHlf},
		{"9.7.3.9", "abs.f32 NaN is unspecified: canonical", uint64(AbsF32(nqnan32, false)), cnan32},
		{"9.7.3.9", "abs.f64 NaN passes through unchanged", AbsF64(pnan64), pnan64},
		{"9.7.3.10", "neg.f32 NaN: canonical", uint64(NegF32(qnan32, false)), cnan32},
		{"9.7.3.10", "neg.f64 NaN: unchanged", NegF64(pnan64), pnan64},
		{"9.7.4.5", "neg.bf16 NaN: canonical", uint64(NegBF16(nanBF)), cnanHlf},
		{"9.7.3.9", "abs.f32 -0 is +0", uint64(AbsF32(nz32, false)), pz32},
		{"9.7.3.10", "neg.f32 +0 is -0", uint64(NegF32(pz32, false)), nz32},
		{"9.7.3.2", "copysign.f32 takes the sign of a, the rest of b", uint64(CopysignF32(none32, qnan32)), 0xFFC00000},
		{"9.7.3.2", "copysign.f64", CopysignF64(one64, 0xC000000000000000), two64},
		{"9.7.3.8", "div.rn.f64 1/-0 is -Inf", DivF64(one64, signF64, RN), ninf64},
		{"9.7.3.15", "sqrt.rz.f32 -0 is -0", uint64(SqrtF32(nz32, RZ, false)), nz32},
		{"9.7.3.15", "sqrt.rp.f64 -0 is -0", SqrtF64(signF64, RP), signF64},
	})
}

func TestMinMax(t *testing.T) {
	runRows(t, []row{
		{"9.7.3.11", "min NaN,1 is 1", uint64(MinF32(qnan32, one32, false, false, false)), one32},
		{"9.7.3.11", "min 1,NaN is 1", uint64(MinF32(one32, snan32, false, false, false)), one32},
		{"9.7.3.11", "min NaN,NaN is the canonical NaN", uint64(MinF32(qnan32, nqnan32, false, false, false)), cnan32},
		{"9.7.3.11", "min sNaN,-Inf is -Inf", uint64(MinF32(snan32, ninf32, false, false, false)), ninf32},
		{"9.7.3.11", "min.NaN NaN,1 is the canonical NaN", uint64(MinF32(qnan32, one32, false, true, false)), cnan32},
		{"9.7.3.11", "min.NaN 1,2 is 1", uint64(MinF32(one32, two32, false, true, false)), one32},
		{"9.7.3.11", "min -0,+0 is -0", uint64(MinF32(nz32, pz32, false, false, false)), nz32},
		{"9.7.3.11", "min +0,-0 is -0", uint64(MinF32(pz32, nz32, false, false, false)), nz32},
		{"9.7.3.12", "max -0,+0 is +0", uint64(MaxF32(nz32, pz32, false, false, false)), pz32},
		{"9.7.3.12", "max +0,-0 is +0", uint64(MaxF32(pz32, nz32, false, false, false)), pz32},
		{"9.7.3.12", "max NaN,-1 is -1", uint64(MaxF32(qnan32, none32, false, false, false)), none32},
		{"9.7.3.11", "min.xorsign.abs -5,3 is -3", uint64(MinF32(nfive, three32, false, false, true)), nthree},
		{"9.7.3.11", "min.xorsign.abs 5,-3 is -3", uint64(MinF32(five32, nthree, false, false, true)), nthree},
		{"9.7.3.11", "min.xorsign.abs -5,-3 is 3", uint64(MinF32(nfive, nthree, false, false, true)), three32},
		{"9.7.3.12", "max.xorsign.abs -5,3 is -5", uint64(MaxF32(nfive, three32, false, false, true)), nfive},
		{"9.7.3.11", "min.xorsign.abs +NaN,-3: NaN ignored, sign XORed: -3", uint64(MinF32(qnan32, nthree, false, false, true)), nthree},
		{"9.7.3.11", "min.NaN.xorsign.abs NaN,1: canonical NaN, signs ignored", uint64(MinF32(nqnan32, one32, false, true, true)), cnan32},
		{"9.7.3.11", "min.ftz -subnormal,+0 is -0", uint64(MinF32(nsub32, pz32, true, false, false)), nz32},
		{"9.7.3.11", "min -subnormal,+0 is -subnormal", uint64(MinF32(nsub32, pz32, false, false, false)), nsub32},
		{"9.7.3.12", "max.ftz subnormal,-0 is +0", uint64(MaxF32(sub32, nz32, true, false, false)), pz32},
		{"9.7.3.11", "min a,b,c: 3,NaN,1 is 1", uint64(Min3F32(three32, qnan32, one32, false, false, false)), one32},
		{"9.7.3.11", "min.abs -3,2,-1 is 1", uint64(Min3F32(nthree, two32, none32, false, false, true)), one32},
		{"9.7.3.12", "max.NaN 1,2,NaN is the canonical NaN", uint64(Max3F32(one32, two32, qnan32, false, true, false)), cnan32},
		{"9.7.3.12", "max.abs -5,3,1 is 5", uint64(Max3F32(nfive, three32, one32, false, false, true)), five32},
		{"9.7.3.11", "min.f64 NaN,1 is 1", MinF64(pnan64, one64), one64},
		{"9.7.3.11", "min.f64 NaN,NaN is the first, quiet", MinF64(snan64, pnan64), snan64 | quietF64},
		{"9.7.3.12", "max.f64 -0,+0 is +0", MaxF64(signF64, 0), 0},
		{"9.7.4.7", "min.f16 NaN,1 is 1", uint64(MinF16(nan16, one16, false, false, false)), one16},
		{"9.7.4.7", "min.f16 NaN,NaN is 0x7FFF", uint64(MinF16(nan16, 0xFE00, false, false, false)), cnanHlf},
		{"9.7.4.8", "max.NaN.bf16 1,NaN is 0x7FFF", uint64(MaxBF16(oneBF, nanBF, true, false)), cnanHlf},
		{"9.7.4.8", "max.xorsign.abs.bf16 -1,-2 is 2", uint64(MaxBF16(noneBF, 0xC000, false, true)), 0x4000},
		{"9.7.4.7", "min.ftz.f16 -subnormal,+0 is -0", uint64(MinF16(0x8001, 0, true, false, false)), 0x8000},
		{"9.7.4.7", "min.f16x2 works per half", uint64(MinF16x2(one16<<16|nan16, two16<<16|none16, false, false, false)), one16<<16 | none16},
		{"9.7.4.8", "max.NaN.bf16x2 per half", uint64(MaxBF16x2(oneBF<<16|nanBF, noneBF<<16|oneBF, true, false)), oneBF<<16 | cnanHlf},
	})
}

func TestTestp(t *testing.T) {
	type tc struct {
		op   TestOp
		x    uint32
		want bool
	}
	cases := []tc{
		{Finite, one32, true}, {Finite, inf32, false}, {Finite, qnan32, false}, {Finite, sub32, true},
		{Infinite, ninf32, true}, {Infinite, qnan32, false}, {Infinite, 0x7F7FFFFF, false},
		{Number, inf32, true}, {Number, snan32, false}, {Number, pz32, true},
		{NotANumber, nqnan32, true}, {NotANumber, ninf32, false},
		{Normal, pz32, true}, {Normal, nz32, true}, {Normal, min32, true}, {Normal, sub32, false},
		{Normal, inf32, false}, {Normal, qnan32, false},
		{Subnormal, sub32, true}, {Subnormal, nsub32, true}, {Subnormal, 0x007FFFFF, true},
		{Subnormal, pz32, false}, {Subnormal, min32, false}, {Subnormal, qnan32, false},
	}
	for _, c := range cases {
		if got := TestpF32(c.op, c.x); got != c.want {
			t.Errorf("9.7.3.1 testp.%v.f32 %#x: got %v, want %v", c.op, c.x, got, c.want)
		}
		w := math.Float64bits(float64(f32(c.x)))
		if isNaN32(c.x) {
			w = snan64
		}
		if c.x&infF32 == 0 && c.x&absF32 != 0 {
			w = uint64(c.x&absF32) | uint64(c.x&signF32)<<32 // an f64 subnormal
		}
		if got := TestpF64(c.op, w); got != c.want {
			t.Errorf("9.7.3.1 testp.%v.f64 %#x: got %v, want %v", c.op, w, got, c.want)
		}
	}
}

func TestCompare(t *testing.T) {
	type tc struct {
		op   CmpOp
		a, b uint32
		ftz  bool
		want bool
	}
	cases := []tc{
		{EQ, qnan32, qnan32, false, false}, {EQU, qnan32, one32, false, true},
		{NE, qnan32, one32, false, false}, {NEU, qnan32, one32, false, true},
		{LT, one32, qnan32, false, false}, {LTU, one32, qnan32, false, true},
		{LE, qnan32, one32, false, false}, {LEU, qnan32, one32, false, true},
		{GT, one32, qnan32, false, false}, {GTU, one32, qnan32, false, true},
		{GE, qnan32, qnan32, false, false}, {GEU, qnan32, qnan32, false, true},
		{NUM, one32, two32, false, true}, {NUM, one32, qnan32, false, false},
		{NAN, qnan32, one32, false, true}, {NAN, one32, two32, false, false},
		{EQ, pz32, nz32, false, true}, {LT, nz32, pz32, false, false}, {LE, nz32, pz32, false, true},
		{NE, one32, two32, false, true}, {LT, ninf32, inf32, false, true}, {GE, inf32, inf32, false, true},
		{GT, none32, two32, false, false}, {LTU, one32, two32, false, true}, {GEU, one32, two32, false, false},
		{EQ, sub32, pz32, false, false}, {EQ, sub32, pz32, true, true},
		{LT, nsub32, sub32, false, true}, {LT, nsub32, sub32, true, false},
	}
	for _, c := range cases {
		if got := CmpF32(c.op, c.a, c.b, c.ftz); got != c.want {
			t.Errorf("9.3.1.2 setp.%v ftz=%v .f32 %#x, %#x: got %v, want %v", c.op, c.ftz, c.a, c.b, got, c.want)
		}
		if c.ftz || c.a&0x7F800000 == 0 && c.a&absF32 != 0 {
			continue
		}
		a, b := math.Float64bits(float64(f32(c.a))), math.Float64bits(float64(f32(c.b)))
		if got := CmpF64(c.op, a, b); got != c.want {
			t.Errorf("9.3.1.2 setp.%v.f64 %#x, %#x: got %v, want %v", c.op, a, b, got, c.want)
		}
		h, k := CvtF32ToF16(c.a, RN, false, false, false, false), CvtF32ToF16(c.b, RN, false, false, false, false)
		if got := CmpF16(c.op, h, k, false); got != c.want {
			t.Errorf("9.7.6.2 setp.%v.f16 %#x, %#x: got %v, want %v", c.op, h, k, got, c.want)
		}
		h, k = CvtF32ToBF16(c.a, RN, false, false, false, false), CvtF32ToBF16(c.b, RN, false, false, false, false)
		if got := CmpBF16(c.op, h, k); got != c.want {
			t.Errorf("9.7.6.2 setp.%v.bf16 %#x, %#x: got %v, want %v", c.op, h, k, got, c.want)
		}
	}
	lo, hi := CmpF16x2(LT, one16<<16|two16, two16<<16|one16, false)
	if lo || !hi {
		t.Errorf("9.7.6.2 setp.lt.f16x2: got lo=%v hi=%v, want false true", lo, hi)
	}
	if lo, hi := CmpF16x2(EQ, 0x0001, 0, true); !lo || !hi {
		t.Errorf("9.7.6.2 setp.eq.ftz.f16x2 subnormal: got %v %v", lo, hi)
	}
}

func sx(v int64) uint64 { return uint64(v) }

func TestCvtIntSaturationAndNaN(t *testing.T) {
	f := func(v float32) uint32 { return math.Float32bits(v) }
	d := func(v float64) uint64 { return math.Float64bits(v) }
	runRows(t, []row{
		{"9.7.9.21", "cvt.rzi.s32.f32 NaN is 0", CvtF32ToInt(qnan32, S32, RZ, false), 0},
		{"9.7.9.21", "cvt.rzi.u32.f32 NaN is 0", CvtF32ToInt(qnan32, U32, RZ, false), 0},
		{"9.7.9.21", "cvt.rni.u8.f16 NaN is 0", CvtF16ToInt(nan16, U8, RN), 0},
		{"9.7.9.21", "cvt.rzi.s64.f32 NaN is MININT", CvtF32ToInt(qnan32, S64, RZ, false), 1 << 63},
		{"9.7.9.21", "cvt.rzi.u64.f32 NaN is 1<<63", CvtF32ToInt(qnan32, U64, RZ, false), 1 << 63},
		{"9.7.9.21", "cvt.rzi.u64.bf16 NaN is 1<<63", CvtBF16ToInt(nanBF, U64, RZ), 1 << 63},
		{"9.7.9.21", "cvt.rzi.s32.f64 NaN is 0x80000000 (sign-extended)", CvtF64ToInt(pnan64, S32, RZ), sx(math.MinInt32)},
		{"9.7.9.21", "cvt.rzi.u32.f64 NaN is 0x80000000", CvtF64ToInt(pnan64, U32, RZ), 0x80000000},
		{"9.7.9.21", "cvt.rzi.u8.f64 NaN is 0x80", CvtF64ToInt(pnan64, U8, RZ), 0x80},
		{"9.7.9.21", "cvt.rzi.s16.f64 NaN is -32768", CvtF64ToInt(pnan64, S16, RZ), sx(math.MinInt16)},
		{"9.7.9.21", "cvt.rzi.s32.f32 +Inf clamps to MAXINT", CvtF32ToInt(inf32, S32, RZ, false), math.MaxInt32},
		{"9.7.9.21", "cvt.rzi.s32.f32 -Inf clamps to MININT", CvtF32ToInt(ninf32, S32, RZ, false), sx(math.MinInt32)},
		{"9.7.9.21", "cvt.rzi.u32.f32 -1.5 clamps to 0", CvtF32ToInt(f(-1.5), U32, RZ, false), 0},
		{"9.7.9.21", "cvt.rzi.u32.f32 4.3e9 clamps", CvtF32ToInt(f(4.3e9), U32, RZ, false), math.MaxUint32},
		{"9.7.9.21", "cvt.rni.s8.f32 200 clamps to 127", CvtF32ToInt(f(200), S8, RN, false), 127},
		{"9.7.9.21", "cvt.rni.s8.f32 -200 clamps to -128", CvtF32ToInt(f(-200), S8, RN, false), sx(-128)},
		{"9.7.9.21", "cvt.rni.u16.f32 -0.4 is 0", CvtF32ToInt(f(-0.4), U16, RN, false), 0},
		{"9.7.9.21", "cvt.rzi.u64.f64 1.9e19 clamps", CvtF64ToInt(d(1.9e19), U64, RZ), math.MaxUint64},
		{"9.7.9.21", "cvt.rzi.s64.f64 9.3e18 clamps", CvtF64ToInt(d(9.3e18), S64, RZ), math.MaxInt64},
		{"9.7.9.21", "cvt.rzi.s64.f64 -2^63 is exact", CvtF64ToInt(d(-0x1p63), S64, RZ), 1 << 63},
		{"9.7.9.21", "cvt.rni.s32.f32 2.5 is 2", CvtF32ToInt(f(2.5), S32, RN, false), 2},
		{"9.7.9.21", "cvt.rni.s32.f32 -2.5 is -2", CvtF32ToInt(f(-2.5), S32, RN, false), sx(-2)},
		{"9.7.9.21", "cvt.rmi.s32.f32 -0.5 is -1", CvtF32ToInt(f(-0.5), S32, RM, false), sx(-1)},
		{"9.7.9.21", "cvt.rpi.s32.f32 -0.5 is 0", CvtF32ToInt(f(-0.5), S32, RP, false), 0},
		{"9.7.9.21", "cvt.rzi.s32.f32 -1.9 is -1", CvtF32ToInt(f(-1.9), S32, RZ, false), sx(-1)},
		{"9.7.9.21", "cvt.rpi.s32.f32 1.1 is 2", CvtF32ToInt(f(1.1), S32, RP, false), 2},
		{"9.7.9.21", "cvt.rmi.s32.f32 -subnormal is -1", CvtF32ToInt(nsub32, S32, RM, false), sx(-1)},
		{"9.7.9.21", "cvt.rmi.ftz.s32.f32 -subnormal is 0", CvtF32ToInt(nsub32, S32, RM, true), 0},
		{"9.7.9.21", "cvt.rpi.ftz.u32.f32 subnormal is 0", CvtF32ToInt(sub32, U32, RP, true), 0},
		{"9.7.9.21", "cvt.rz.f32.u64 max is 0x5F7FFFFF", uint64(CvtIntToF32(math.MaxUint64, U64, RZ, false)), 0x5F7FFFFF},
		{"9.7.9.21", "cvt.rn.f32.u64 max is 2^64", uint64(CvtIntToF32(math.MaxUint64, U64, RN, false)), 0x5F800000},
		{"9.7.9.21", "cvt.rn.f32.s8 reads the low byte signed", uint64(CvtIntToF32(0x1FF, S8, RN, false)), none32},
		{"9.7.9.21", "cvt.rm.f32.s64 min is -2^63", uint64(CvtIntToF32(1<<63, S64, RM, false)), 0xDF000000},
		{"9.7.9.21", "cvt.rn.f16.u32 65519 is 65504", uint64(CvtIntToF16(65519, U32, RN, false)), 0x7BFF},
		{"9.7.9.21", "cvt.rn.f16.u32 65520 is Inf", uint64(CvtIntToF16(65520, U32, RN, false)), inf16},
		{"9.7.9.21", "cvt.rz.f16.u32 100000 is 65504", uint64(CvtIntToF16(100000, U32, RZ, false)), 0x7BFF},
		{"9.7.9.21", "cvt.rn.sat.f32.s32 -5 is +0", uint64(CvtIntToF32(sx(-5), S32, RN, true)), 0},
		{"9.7.9.21", "cvt.rn.sat.f32.s32 7 is 1", uint64(CvtIntToF32(7, S32, RN, true)), one32},
	})
}

func TestCvtFloat(t *testing.T) {
	runRows(t, []row{
		{"9.7.9.21", "cvt.rn.sat.f32.f64 2 is 1", uint64(CvtF64ToF32(two64, RN, false, true)), one32},
		{"9.7.9.21", "cvt.rn.sat.f32.f64 -3 is +0", uint64(CvtF64ToF32(0xC008000000000000, RN, false, true)), 0},
		{"9.7.9.21", "cvt.rn.sat.f32.f64 NaN is +0", uint64(CvtF64ToF32(pnan64, RN, false, true)), 0},
		{"9.7.9.21", "cvt.rn.f32.f64 NaN keeps sign and top payload, quiet", uint64(CvtF64ToF32(0x7FF4000000000000, RN, false, false)), 0x7FE00000},
		{"9.7.9.21", "cvt.rn.f32.f64 -NaN", uint64(CvtF64ToF32(pnan64, RN, false, false)), 0xFFC00000},
		{"9.7.9.21", "cvt.rn.f16.f64 NaN keeps sign and top payload", uint64(CvtF64ToF16(0xFFF4000000000000, RN, false)), 0xFF00},
		{"9.7.9.21", "cvt.rz.f32.f64 1e39 is max", uint64(CvtF64ToF32(math.Float64bits(1e39), RZ, false, false)), 0x7F7FFFFF},
		{"9.7.9.21", "cvt.rn.ftz.f32.f64 1e-40 is +0", uint64(CvtF64ToF32(math.Float64bits(1e-40), RN, true, false)), 0},
		{"9.7.9.21", "cvt.rn.f32.f64 1e-40 is subnormal", uint64(CvtF64ToF32(math.Float64bits(1e-40), RN, false, false)), 0x000116C2},
		{"9.7.9.21", "cvt.rp.f32.f64 tiny is min subnormal", uint64(CvtF64ToF32(1, RP, false, false)), sub32},
		{"9.7.9.21", "cvt.rm.f32.f64 -tiny is -min subnormal", uint64(CvtF64ToF32(signF64|1, RM, false, false)), nsub32},
		{"9.7.9.21", "cvt.rn.f16.f32 NaN is 0x7FFF", uint64(CvtF32ToF16(nqnan32, RN, false, false, false, false)), cnanHlf},
		{"9.7.9.21", "cvt.rn.bf16.f32 NaN is 0x7FFF", uint64(CvtF32ToBF16(snan32, RN, false, false, false, false)), cnanHlf},
		{"9.7.9.21", "cvt.rn.f16.f32 70000 is Inf", uint64(CvtF32ToF16(math.Float32bits(70000), RN, false, false, false, false)), inf16},
		{"9.7.9.21", "cvt.rz.f16.f32 70000 is 65504", uint64(CvtF32ToF16(math.Float32bits(70000), RZ, false, false, false, false)), 0x7BFF},
		{"9.7.9.21", "cvt.rn.satfinite.f16.f32 1e6 is 65504", uint64(CvtF32ToF16(math.Float32bits(1e6), RN, false, false, false, true)), 0x7BFF},
		{"9.7.9.21", "cvt.rn.satfinite.f16.f32 -Inf is -65504", uint64(CvtF32ToF16(ninf32, RN, false, false, false, true)), 0xFBFF},
		{"9.7.9.21", "cvt.rn.satfinite.f16.f32 NaN stays NaN", uint64(CvtF32ToF16(qnan32, RN, false, false, false, true)), cnanHlf},
		{"9.7.9.21", "cvt.rn.satfinite.bf16.f32 Inf is max", uint64(CvtF32ToBF16(inf32, RN, false, false, false, true)), 0x7F7F},
		{"9.7.9.21", "cvt.rn.relu.f16.f32 -1 is +0", uint64(CvtF32ToF16(none32, RN, false, false, true, false)), 0},
		{"9.7.9.21", "cvt.rn.relu.f16.f32 -0 is +0", uint64(CvtF32ToF16(nz32, RN, false, false, true, false)), 0},
		{"9.7.9.21", "cvt.rn.relu.f16.f32 NaN is canonical", uint64(CvtF32ToF16(nqnan32, RN, false, false, true, false)), cnanHlf},
		{"9.7.9.21", "cvt.rn.relu.bf16.f32 2 is 2", uint64(CvtF32ToBF16(two32, RN, false, false, true, false)), 0x4000},
		{"9.7.9.21", "cvt.rp.f16.f32 subnormal f32 is the min f16 subnormal", uint64(CvtF32ToF16(sub32, RP, false, false, false, false)), 1},
		{"9.7.9.21", "cvt.rp.ftz.f16.f32 subnormal f32 is flushed first", uint64(CvtF32ToF16(sub32, RP, true, false, false, false)), 0},
		{"9.7.9.21", "cvt.rn.f16x2.f32 puts a in the upper half", uint64(CvtF16x2F32(one32, two32, RN, false, false)), one16<<16 | two16},
		{"9.7.9.21", "cvt.rn.relu.f16x2.f32 per half", uint64(CvtF16x2F32(none32, two32, RN, true, false)), two16},
		{"9.7.9.21", "cvt.rz.bf16x2.f32 puts a in the upper half", uint64(CvtBF16x2F32(two32, 0x3F80FFFF, RZ, false, false)), 0x4000<<16 | 0x3F80},
		{"9.7.9.21", "cvt.rn.bf16x2.f32 rounds to nearest even", uint64(CvtBF16x2F32(0x3F818000, 0x3F808000, RN, false, false)), 0x3F82<<16 | 0x3F80},
		{"9.7.9.21", "cvt.rna.tf32.f32 ties away from zero", uint64(CvtF32ToTF32(0x3F801000, RNA, false, false)), 0x3F802000},
		{"9.7.9.21", "cvt.rn.tf32.f32 ties to even", uint64(CvtF32ToTF32(0x3F801000, RN, false, false)), 0x3F800000},
		{"9.7.9.21", "cvt.rz.tf32.f32 truncates", uint64(CvtF32ToTF32(0xBF801FFF, RZ, false, false)), 0xBF800000},
		{"9.7.9.21", "cvt.rn.tf32.f32 NaN is 0x7FFFE000", uint64(CvtF32ToTF32(nqnan32, RN, false, false)), 0x7FFFE000},
		{"9.7.9.21", "cvt.rna.tf32.f32 rounds the NaN encoding", uint64(CvtF32ToTF32(qnan32, RNA, false, false)), qnan32},
		{"9.7.9.21", "cvt.rna.satfinite.tf32.f32 max rounds up, then saturates", uint64(CvtF32ToTF32(0x7F7FFFFF, RNA, false, true)), 0x7F7FE000},
		{"9.7.9.21", "cvt.rn.satfinite.tf32.f32 -Inf", uint64(CvtF32ToTF32(ninf32, RN, false, true)), 0xFF7FE000},
		{"9.7.9.21", "cvt.rn.relu.tf32.f32 -2 is +0", uint64(CvtF32ToTF32(0xC0000000, RN, true, false)), 0},
		{"9.7.9.21", "cvt.f32.f16 NaN is the canonical NaN (an H200's answer for every f16 NaN)", uint64(CvtF16ToF32(0x7D00, false, false)), 0x7FFFFFFF},
		{"9.7.9.21", "cvt.f32.f16 negative NaN is the canonical NaN too", uint64(CvtF16ToF32(0xFDD1, false, false)), 0x7FFFFFFF},
		{"9.7.9.21", "cvt.f32.bf16 signaling NaN keeps its bits (an H200)", uint64(CvtBF16ToF32(0x7F87, false, false)), 0x7F870000},
		{"9.7.9.21", "cvt.rna.tf32.f32 NaN: payload truncated, not rounded (an H200)", uint64(CvtF32ToTF32(0x7F9A3C08, RNA, false, false)), 0x7F9A2000},
		{"9.7.9.21", "cvt.rna.tf32.f32 finite: rounded, ties away", uint64(CvtF32ToTF32(0x3F801000, RNA, false, false)), 0x3F802000},
		{"9.7.9.21", "cvt.ftz.f32.f16 NaN is canonical", uint64(CvtF16ToF32(0x7D00, true, false)), cnan32},
		{"9.7.9.21", "cvt.f32.f16 subnormal is exact (normal in f32)", uint64(CvtF16ToF32(1, true, false)), 0x33800000},
		{"9.7.9.21", "cvt.ftz.f32.bf16 subnormal is flushed", uint64(CvtBF16ToF32(0x8001, true, false)), nz32},
		{"9.7.9.21", "cvt.f32.bf16 subnormal is kept", uint64(CvtBF16ToF32(0x8001, false, false)), 0x80010000},
		{"9.7.9.21", "cvt.sat.f32.f16 2 is 1", uint64(CvtF16ToF32(two16, false, true)), one32},
		{"9.7.9.21", "cvt.f64.f32 NaN keeps payload, quiet", CvtF32ToF64(snan32, false, false), 0x7FF8000020000000},
		{"9.7.9.21", "cvt.ftz.f64.f32 NaN is the canonical f32 NaN widened", CvtF32ToF64(snan32, true, false), 0x7FFFFFFFE0000000},
		{"9.7.9.21", "cvt.ftz.f64.f32 subnormal is flushed", CvtF32ToF64(nsub32, true, false), signF64},
		{"9.7.9.21", "cvt.f64.bf16 NaN keeps sign and payload", CvtBF16ToF64(0xFF81, false), 0xFFF8200000000000},
		{"9.7.9.21", "cvt.rn.bf16.f16 NaN is 0x7FFF", uint64(CvtF16ToBF16(0xFE01, RN, false)), cnanHlf},
		{"9.7.9.21", "cvt.rz.f16.bf16 3.0e38 is 65504", uint64(CvtBF16ToF16(0x7F61, RZ, false)), 0x7BFF},
		{"9.7.9.21", "cvt.f32.f32 keeps a subnormal", uint64(CvtF32F32(sub32, false, false)), sub32},
		{"9.7.9.21", "cvt.ftz.f32.f32 flushes a subnormal", uint64(CvtF32F32(nsub32, true, false)), nz32},
		{"9.7.9.21", "cvt.ftz.f32.f32 NaN is canonical", uint64(CvtF32F32(snan32, true, false)), cnan32},
		{"9.7.9.21", "cvt.f32.f32 NaN passes through", uint64(CvtF32F32(snan32, false, false)), snan32},
		{"9.7.9.21", "cvt.sat.f32.f32 -Inf is +0", uint64(CvtF32F32(ninf32, false, true)), 0},
		{"9.7.9.21", "cvt.sat.f64.f64 3 is 1", CvtF64F64(0x4008000000000000, true), one64},
		{"9.7.9.21", "cvt.rni.f32.f32 NaN is canonical", uint64(RoundIntF32(snan32, RN, false, false)), cnan32},
		{"9.7.9.21", "cvt.rni.f32.f32 2.5 is 2", uint64(RoundIntF32(0x40200000, RN, false, false)), two32},
		{"9.7.9.21", "cvt.rmi.f32.f32 -subnormal is -1", uint64(RoundIntF32(nsub32, RM, false, false)), none32},
		{"9.7.9.21", "cvt.rmi.ftz.f32.f32 -subnormal is -0", uint64(RoundIntF32(nsub32, RM, true, false)), nz32},
		{"9.7.9.21", "cvt.rpi.f32.f32 -0.5 is -0", uint64(RoundIntF32(0xBF000000, RP, false, false)), nz32},
		{"9.7.9.21", "cvt.rzi.f64.f64 NaN keeps payload, quiet", RoundIntF64(snan64, RZ, false), snan64 | quietF64},
		{"9.7.9.21", "cvt.rpi.bf16.bf16 1.5 is 2", uint64(RoundIntBF16(0x3FC0, RP, false)), 0x4000},
		{"9.7.9.21", "cvt.rni.f16.f16 NaN is 0x7FFF", uint64(RoundIntF16(nan16, RN, false)), cnanHlf},
	})
}

func TestSatFtzRelu(t *testing.T) {
	runRows(t, []row{
		{"9.7.3.3", "add.sat.f32 0.75+0.5 is 1", uint64(AddF32(0x3F400000, half32, RN, false, true)), one32},
		{"9.7.3.3", "add.sat.f32 -1+0.5 is +0", uint64(AddF32(none32, half32, RN, false, true)), 0},
		{"9.7.3.3", "add.sat.f32 NaN is +0", uint64(AddF32(inf32, ninf32, RN, false, true)), 0},
		{"9.7.3.3", "add.rm.sat.f32 0.5+0.25", uint64(AddF32(half32, 0x3E800000, RM, false, true)), 0x3F400000},
		{"9.7.3.5", "mul.sat.f32 -0 is +0", uint64(MulF32(nz32, one32, RN, false, true)), 0},
		{"9.7.3.6", "fma.rz.sat.f32 2*2+0 is 1", uint64(FmaF32(two32, two32, 0, RZ, false, true)), one32},
		{"9.7.4.1", "add.sat.f16 1+1 is 1", uint64(AddF16(one16, one16, false, true)), one16},
		{"9.7.4.4", "fma.sat.f16 NaN is +0", uint64(FmaF16(nan16, one16, one16, false, true, false)), 0},
		{"9.7.4.1", "add.sat.f16x2 per half", uint64(AddF16x2(one16<<16|none16, one16<<16|0x3800, false, true)), one16 << 16},
		{"9.7.3", "add.ftz.f32 subnormal+0 is +0", uint64(AddF32(sub32, 0, RN, true, false)), 0},
		{"9.7.3", "add.f32 subnormals are kept", uint64(AddF32(sub32, sub32, RN, false, false)), 2},
		{"9.7.3", "add.rp.ftz.f32 subnormal result is flushed", uint64(AddF32(min32|1, 0x80800000, RP, true, false)), 0},
		{"9.7.3", "mul.rn.f32 (1-2^-24)*2^-126: subnormal rounding ties up to 2^-126", uint64(MulF32(0x3F7FFFFF, min32, RN, false, false)), min32},
		{"9.7.3", "mul.rn.ftz.f32 same: tiny after rounding, flushed", uint64(MulF32(0x3F7FFFFF, min32, RN, true, false)), 0},
		{"9.7.3", "mul.rn.ftz.f32 2^-126(1-2^-46) rounds to 2^-126, not flushed", uint64(MulF32(0x3F7FFFFE, min32|1, RN, true, false)), min32},
		{"9.7.3", "mul.rz.ftz.f32 same rounds down: flushed", uint64(MulF32(0x3F7FFFFE, min32|1, RZ, true, false)), 0},
		{"9.7.3", "fma.rn.ftz.f32 same through fma", uint64(FmaF32(0x3F7FFFFE, min32|1, nz32, RN, true, false)), min32},
		{"9.7.3", "mul.rp.ftz.f32 -(...) rounds toward zero: flushed to -0", uint64(MulF32(0xBF7FFFFE, min32|1, RP, true, false)), nz32},
		{"9.7.3", "div.ftz.f32 1/2^127 is flushed", uint64(DivF32(one32, 0x7F000000, RN, true)), 0},
		{"9.7.3", "div.f32 1/2^127 is subnormal", uint64(DivF32(one32, 0x7F000000, RN, false)), 0x00400000},
		{"9.7.3", "neg.ftz.f32 subnormal is -0", uint64(NegF32(sub32, true)), nz32},
		{"9.7.3", "sqrt.ftz.f32 -subnormal is -0", uint64(SqrtF32(nsub32, RN, true)), nz32},
		{"9.7.4.1", "add.ftz.f16 subnormal is flushed", uint64(AddF16(1, 0, true, false)), 0},
		{"9.7.4.3", "mul.ftz.f16 tiny result is flushed", uint64(MulF16(0x0400, 0x3800, true, false)), 0},
		{"9.7.4.3", "mul.f16 tiny result is subnormal", uint64(MulF16(0x0400, 0x3800, false, false)), 0x0200},
		{"9.7.4.6", "abs.ftz.f16 -subnormal is +0", uint64(AbsF16(0x8001, true)), 0},
		{"9.7.4.4", "fma.rn.relu.f16 1*-2+0 is +0", uint64(FmaF16(one16, 0xC000, 0, false, false, true)), 0},
		{"9.7.4.4", "fma.rn.relu.f16 NaN is canonical", uint64(FmaF16(nan16, one16, 0, false, false, true)), cnanHlf},
		{"9.7.4.4", "fma.rn.relu.f16 -1*0-0 = -0 is +0", uint64(FmaF16(none16, 0, 0x8000, false, false, true)), 0},
		{"9.7.4.4", "fma.rn.relu.f16 1*1+1 is 2", uint64(FmaF16(one16, one16, one16, false, false, true)), two16},
		{"9.7.4.4", "fma.rn.relu.bf16 -1*1+0 is +0", uint64(FmaBF16(noneBF, oneBF, 0, true)), 0},
		{"9.7.4.4", "fma.rn.relu.bf16x2 per half", uint64(FmaBF16x2(oneBF<<16|noneBF, oneBF<<16|oneBF, 0, true)), oneBF << 16},
		{"9.7.4.4", "fma.rn.ftz.relu.f16x2 per half", uint64(FmaF16x2(one16<<16|none16, one16<<16|one16, 0, false, false, true)), one16 << 16},
	})
}

func TestApproxSpecials(t *testing.T) {
	runRows(t, []row{
		{"9.7.3.13", "rcp.approx.f32 -Inf is -0", uint64(RcpApproxF32(ninf32, false)), nz32},
		{"9.7.3.13", "rcp.approx.f32 -0 is -Inf", uint64(RcpApproxF32(nz32, false)), ninf32},
		{"9.7.3.13", "rcp.approx.ftz.f32 subnormal is +Inf", uint64(RcpApproxF32(sub32, true)), inf32},
		{"9.7.3.13", "rcp.approx.f32 NaN", uint64(RcpApproxF32(snan32, false)), cnan32},
		{"9.7.3.13", "rcp.approx.f32 2 is 0.5", uint64(RcpApproxF32(two32, false)), half32},
		{"9.7.3.14", "rcp.approx.ftz.f64 NaN is 0x7FFFFFFF00000000", RcpApproxFtzF64(pnan64), 0x7FFFFFFF00000000},
		{"9.7.3.14", "rcp.approx.ftz.f64 2 is 0.5", RcpApproxFtzF64(two64), 0x3FE0000000000000},
		{"9.7.3.14", "rcp.approx.ftz.f64 ignores the low word", RcpApproxFtzF64(two64 | 0x12345678), 0x3FE0000000000000},
		{"9.7.3.14", "rcp.approx.ftz.f64 3 has a zero low word", RcpApproxFtzF64(0x4008000000000000) & 0xFFFFFFFF, 0},
		{"9.7.3.14", "rcp.approx.ftz.f64 -subnormal is -Inf", RcpApproxFtzF64(signF64 | 1<<40), ninf64},
		{"9.7.3.14", "rcp.approx.ftz.f64 +Inf is +0", RcpApproxFtzF64(inf64), 0},
		{"9.7.3.17", "rsqrt.approx.ftz.f64 4 is 0.5", RsqrtApproxFtzF64(0x4010000000000000), 0x3FE0000000000000},
		{"9.7.3.17", "rsqrt.approx.ftz.f64 -0 is -Inf", RsqrtApproxFtzF64(signF64), ninf64},
		{"9.7.3.17", "rsqrt.approx.ftz.f64 NaN", RsqrtApproxFtzF64(pnan64), 0x7FFFFFFF00000000},
		{"9.7.3.17", "rsqrt.approx.ftz.f64 reads only a[63:32]: a NaN payload in the low word reads as +Inf", RsqrtApproxFtzF64(snan64), 0},
		{"9.7.3.16", "rsqrt.approx.f64 NaN keeps payload", RsqrtApproxF64(snan64), snan64 | quietF64},
		{"9.7.3.16", "rsqrt.approx.f64 -1 is NaN", RsqrtApproxF64(0xBFF0000000000000), cnan64},
		{"9.7.3.16", "rsqrt.approx.f32 -0 is -Inf", uint64(RsqrtApproxF32(nz32, false)), ninf32},
		{"9.7.3.16", "rsqrt.approx.f32 +Inf is +0", uint64(RsqrtApproxF32(inf32, false)), 0},
		{"9.7.3.16", "rsqrt.approx.f32 -normal is NaN", uint64(RsqrtApproxF32(none32, false)), cnan32},
		{"9.7.3.16", "rsqrt.approx.ftz.f32 -subnormal is -Inf", uint64(RsqrtApproxF32(nsub32, true)), ninf32},
		{"9.7.3.15", "sqrt.approx.f32 -0 is -0", uint64(SqrtApproxF32(nz32, false)), nz32},
		{"9.7.3.15", "sqrt.approx.f32 -Inf is NaN", uint64(SqrtApproxF32(ninf32, false)), cnan32},
		{"9.7.3.15", "sqrt.approx.f32 4 is 2", uint64(SqrtApproxF32(0x40800000, false)), two32},
		{"9.7.3.18", "sin.approx.f32 -0 is -0", uint64(SinApproxF32(nz32, false)), nz32},
		{"9.7.3.18", "sin.approx.f32 +Inf is NaN", uint64(SinApproxF32(inf32, false)), cnan32},
		{"9.7.3.18", "sin.approx.ftz.f32 -subnormal is -0", uint64(SinApproxF32(nsub32, true)), nz32},
		{"9.7.3.19", "cos.approx.f32 -0 is 1", uint64(CosApproxF32(nz32, false)), one32},
		{"9.7.3.19", "cos.approx.f32 -Inf is NaN", uint64(CosApproxF32(ninf32, false)), cnan32},
		{"9.7.3.20", "lg2.approx.f32 -0 is -Inf", uint64(Lg2ApproxF32(nz32, false)), ninf32},
		{"9.7.3.20", "lg2.approx.f32 +0 is -Inf", uint64(Lg2ApproxF32(pz32, false)), ninf32},
		{"9.7.3.20", "lg2.approx.f32 -normal is NaN", uint64(Lg2ApproxF32(none32, false)), cnan32},
		{"9.7.3.20", "lg2.approx.f32 +Inf is +Inf", uint64(Lg2ApproxF32(inf32, false)), inf32},
		{"9.7.3.20", "lg2.approx.f32 8 is 3", uint64(Lg2ApproxF32(0x41000000, false)), three32},
		{"9.7.3.20", "lg2.approx.ftz.f32 subnormal is -Inf", uint64(Lg2ApproxF32(sub32, true)), ninf32},
		{"9.7.3.20", "lg2.approx.f32 subnormal 2^-149 is -149", uint64(Lg2ApproxF32(sub32, false)), 0xC3150000},
		{"9.7.3.21", "ex2.approx.f32 -Inf is +0", uint64(Ex2ApproxF32(ninf32, false)), 0},
		{"9.7.3.21", "ex2.approx.f32 -0 is 1", uint64(Ex2ApproxF32(nz32, false)), one32},
		{"9.7.3.21", "ex2.approx.f32 +Inf is +Inf", uint64(Ex2ApproxF32(inf32, false)), inf32},
		{"9.7.3.21", "ex2.approx.f32 -149 is the min subnormal", uint64(Ex2ApproxF32(0xC3150000, false)), sub32},
		{"9.7.3.21", "ex2.approx.ftz.f32 -149 is flushed", uint64(Ex2ApproxF32(0xC3150000, true)), 0},
		{"9.7.3.21", "ex2.approx.f32 128 overflows", uint64(Ex2ApproxF32(0x43000000, false)), inf32},
		{"9.7.3.22", "tanh.approx.f32 -Inf is -1", uint64(TanhApproxF32(ninf32)), none32},
		{"9.7.3.22", "tanh.approx.f32 -0 is -0", uint64(TanhApproxF32(nz32)), nz32},
		{"9.7.3.22", "tanh.approx.f32 passes subnormals through", uint64(TanhApproxF32(nsub32)), nsub32},
		{"9.7.3.22", "tanh.approx.f32 NaN", uint64(TanhApproxF32(qnan32)), cnan32},
		{"9.7.3.8", "div.approx.f32 1/2^127 is +0 (|b| > 2^126)", uint64(DivApproxF32(one32, 0x7F000000, false)), 0},
		{"9.7.3.8", "div.approx.f32 -1/2^127 is -0", uint64(DivApproxF32(none32, 0x7F000000, false)), nz32},
		{"9.7.3.8", "div.approx.f32 Inf/2^127 is NaN", uint64(DivApproxF32(inf32, 0x7F000000, false)), cnan32},
		{"9.7.3.8", "div.approx.f32 6/3 is 2", uint64(DivApproxF32(0x40C00000, three32, false)), two32},
		{"9.7.3.8", "div.approx.f32 1/0 is +Inf", uint64(DivApproxF32(one32, 0, false)), inf32},
		{"9.7.3.8", "div.full.f32 1/2^127 is subnormal", uint64(DivFullF32(one32, 0x7F000000, false)), 0x00400000},
		{"9.7.4.10", "ex2.approx.f16 -Inf is +0", uint64(Ex2ApproxF16(0xFC00)), 0},
		{"9.7.4.10", "ex2.approx.f16 -0 is 1", uint64(Ex2ApproxF16(0x8000)), one16},
		{"9.7.4.10", "ex2.approx.f16 +Inf", uint64(Ex2ApproxF16(inf16)), inf16},
		{"9.7.4.10", "ex2.approx.f16 NaN", uint64(Ex2ApproxF16(nan16)), cnanHlf},
		{"9.7.4.10", "ex2.approx.f16 -24 is the min subnormal", uint64(Ex2ApproxF16(0xCE00)), 1},
		{"9.7.4.10", "ex2.approx.ftz.bf16 -subnormal is 1", uint64(Ex2ApproxBF16(0x8001)), oneBF},
		{"9.7.4.10", "ex2.approx.ftz.bf16 -127 is flushed", uint64(Ex2ApproxBF16(0xC2FE)), 0},
		{"9.7.4.10", "ex2.approx.ftz.bf16x2 per half", uint64(Ex2ApproxBF16x2(0x3F80<<16 | 0x8000)), 0x4000<<16 | oneBF},
		{"9.7.4.9", "tanh.approx.f16 -Inf is -1", uint64(TanhApproxF16(0xFC00)), none16},
		{"9.7.4.9", "tanh.approx.bf16 subnormal passes", uint64(TanhApproxBF16(0x0001)), 1},
		{"9.7.4.9", "tanh.approx.f16x2 per half", uint64(TanhApproxF16x2(0x7C00<<16 | 0x8000)), one16<<16 | 0x8000},
	})
}

// TestFastPathsMatchGeneric: the f32 fast paths of min, max and setp agree
// with the generic format-driven code on random operands.
func TestFastPathsMatchGeneric(t *testing.T) {
	r := newRand(t)
	for range count(200000) {
		a, b := uint32(randBits(r, fmtF32)), uint32(randBits(r, fmtF32))
		if r.IntN(4) == 0 {
			b = a ^ uint32(r.IntN(2))<<31
		}
		ftz, nan := r.IntN(2) == 0, r.IntN(2) == 0
		for _, isMax := range []bool{false, true} {
			got := minMax32(a, b, isMax, nan, ftz)
			want := uint32(minMax(uint64(a), uint64(b), fmtF32, isMax, nan, false, ftz))
			if got != want {
				t.Fatalf("max=%v nan=%v ftz=%v (%#x, %#x): got %#x, want %#x", isMax, nan, ftz, a, b, got, want)
			}
		}
		op := CmpOp(r.IntN(14))
		if got, want := CmpF32(op, a, b, ftz), compare(op, uint64(a), uint64(b), fmtF32, ftz); got != want {
			t.Fatalf("setp.%v ftz=%v (%#x, %#x): got %v, want %v", op, ftz, a, b, got, want)
		}
		a64, b64 := randBits(r, fmtF64), randBits(r, fmtF64)
		if got, want := CmpF64(op, a64, b64), compare(op, a64, b64, fmtF64, false); got != want {
			t.Fatalf("setp.%v.f64 (%#x, %#x): got %v, want %v", op, a64, b64, got, want)
		}
	}
}
