// This file implements testp (PTX ISA 9.7.3.1), the floating-point comparison
// operators of set and setp (9.3.1.2, 9.7.5.1-2, 9.7.6) and min/max
// (9.7.3.11-12, 9.7.4.7-8).

package fp

// CmpOp is a floating-point comparison operator of set and setp (PTX ISA
// 9.3.1.2 "Floating Point Comparisons").
type CmpOp uint8

const (
	EQ  CmpOp = iota // a == b, false if either is NaN
	NE               // a != b, false if either is NaN
	LT               // a < b, false if either is NaN
	LE               // a <= b, false if either is NaN
	GT               // a > b, false if either is NaN
	GE               // a >= b, false if either is NaN
	EQU              // a == b, true if either is NaN
	NEU              // a != b, true if either is NaN
	LTU              // a < b, true if either is NaN
	LEU              // a <= b, true if either is NaN
	GTU              // a > b, true if either is NaN
	GEU              // a >= b, true if either is NaN
	NUM              // neither is NaN
	NAN              // either is NaN
)

var cmpNames = [...]string{"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"}

// String returns the operator as PTX spells it ("eq", "ltu", ...).
func (op CmpOp) String() string {
	if int(op) < len(cmpNames) {
		return cmpNames[op]
	}
	return "CmpOp(?)"
}

// ParseCmpOp returns the floating-point operator PTX spells s, without the
// leading dot.
func ParseCmpOp(s string) (CmpOp, bool) {
	for i, n := range cmpNames {
		if n == s {
			return CmpOp(i), true
		}
	}
	return 0, false
}

// cmp evaluates op given the ordering of a and b: c is -1, 0 or +1 when
// neither is NaN, and unordered is true when either is.
func cmp(op CmpOp, c int, unordered bool) bool {
	switch op {
	case NUM:
		return !unordered
	case NAN:
		return unordered
	}
	if unordered {
		return op >= EQU
	}
	switch op {
	case EQ, EQU:
		return c == 0
	case NE, NEU:
		return c != 0
	case LT, LTU:
		return c < 0
	case LE, LEU:
		return c <= 0
	case GT, GTU:
		return c > 0
	case GE, GEU:
		return c >= 0
	}
	return false
}

// order compares two non-NaN encodings of format f numerically: -1, 0, +1.
// +0 and -0 compare equal.
func order(a, b uint64, f *format) int {
	ka, kb := key(a, f), key(b, f)
	if f.isZero(a) && f.isZero(b) {
		return 0
	}
	switch {
	case ka < kb:
		return -1
	case ka > kb:
		return 1
	}
	return 0
}

// key maps an encoding to an unsigned integer that orders like its value,
// with -0 just below +0.
func key(x uint64, f *format) uint64 {
	if x&f.signBit() != 0 {
		return f.signBit() - 1 - x&f.absMask()
	}
	return x | f.signBit()
}

func compare(op CmpOp, a, b uint64, f *format, ftz bool) bool {
	if ftz {
		a, b = f.flush(a), f.flush(b)
	}
	if f.isNaN(a) || f.isNaN(b) {
		return cmp(op, 0, true)
	}
	return cmp(op, order(a, b, f), false)
}

// CmpF32 evaluates setp.op{.ftz}.f32 / set.op{.ftz}.*.f32 (PTX ISA 9.7.5.1,
// 9.7.5.2, operators of 9.3.1.2). .ftz flushes subnormal inputs to zero.
func CmpF32(op CmpOp, a, b uint32, ftz bool) bool {
	if ftz {
		a, b = flush32(a), flush32(b)
	}
	x, y := f32(a), f32(b)
	switch {
	case x != x || y != y:
		return cmp(op, 0, true)
	case x < y:
		return cmp(op, -1, false)
	case x > y:
		return cmp(op, 1, false)
	}
	return cmp(op, 0, false)
}

// CmpF64 evaluates setp.op.f64 / set.op.*.f64 (PTX ISA 9.7.5.1, 9.7.5.2).
func CmpF64(op CmpOp, a, b uint64) bool {
	x, y := f64(a), f64(b)
	switch {
	case x != x || y != y:
		return cmp(op, 0, true)
	case x < y:
		return cmp(op, -1, false)
	case x > y:
		return cmp(op, 1, false)
	}
	return cmp(op, 0, false)
}

// CmpF16 evaluates setp.op{.ftz}.f16 (PTX ISA 9.7.6.2).
func CmpF16(op CmpOp, a, b uint16, ftz bool) bool {
	return compare(op, uint64(a), uint64(b), fmtF16, ftz)
}

// CmpBF16 evaluates setp.op.bf16 (PTX ISA 9.7.6.2).
func CmpBF16(op CmpOp, a, b uint16) bool {
	return compare(op, uint64(a), uint64(b), fmtBF16, false)
}

// CmpF16x2 evaluates setp.op{.ftz}.f16x2 (PTX ISA 9.7.6.2) on each half:
// lo for element 0 (bits 0-15), hi for element 1.
func CmpF16x2(op CmpOp, a, b uint32, ftz bool) (lo, hi bool) {
	return CmpF16(op, uint16(a), uint16(b), ftz), CmpF16(op, uint16(a>>16), uint16(b>>16), ftz)
}

// CmpBF16x2 evaluates setp.op.bf16x2 (PTX ISA 9.7.6.2) on each half.
func CmpBF16x2(op CmpOp, a, b uint32) (lo, hi bool) {
	return CmpBF16(op, uint16(a), uint16(b)), CmpBF16(op, uint16(a>>16), uint16(b>>16))
}

// TestOp is a testp property (PTX ISA 9.7.3.1).
type TestOp uint8

const (
	Finite     TestOp = iota // not infinite and not NaN
	Infinite                 // +Inf or -Inf
	Number                   // not NaN
	NotANumber               // NaN
	Normal                   // normal or zero ("positive and negative zero are considered normal numbers")
	Subnormal                // subnormal
)

var testNames = [...]string{"finite", "infinite", "number", "notanumber", "normal", "subnormal"}

// String returns the property as PTX spells it ("finite", ...).
func (op TestOp) String() string {
	if int(op) < len(testNames) {
		return testNames[op]
	}
	return "TestOp(?)"
}

// ParseTestOp returns the testp property PTX spells s, without the dot.
func ParseTestOp(s string) (TestOp, bool) {
	for i, n := range testNames {
		if n == s {
			return TestOp(i), true
		}
	}
	return 0, false
}

func testp(op TestOp, x uint64, f *format) bool {
	switch op {
	case Finite:
		return x&f.absMask() < f.inf()
	case Infinite:
		return f.isInf(x)
	case Number:
		return !f.isNaN(x)
	case NotANumber:
		return f.isNaN(x)
	case Normal:
		return f.isZero(x) || x&f.absMask() >= f.minNormal() && x&f.absMask() < f.inf()
	case Subnormal:
		return f.isSub(x)
	}
	return false
}

// TestpF32 implements testp.op.f32 p, a (PTX ISA 9.7.3.1).
func TestpF32(op TestOp, a uint32) bool { return testp(op, uint64(a), fmtF32) }

// TestpF64 implements testp.op.f64 p, a (PTX ISA 9.7.3.1).
func TestpF64(op TestOp, a uint64) bool { return testp(op, a, fmtF64) }

// minMax is min/max for formats whose NaN results are canonical (f32, f16,
// bf16), following the semantics of PTX ISA 9.7.3.11: with one NaN operand
// the other is returned, with two (or with .NaN and any) the canonical NaN;
// -0 is less than +0. With xorsignAbs the magnitudes are compared and the
// result takes the XOR of the operands' signs unless it is NaN.
func minMax(a, b uint64, f *format, isMax, nanMode, xorsignAbs, ftz bool) uint64 {
	if ftz {
		a, b = f.flush(a), f.flush(b)
	}
	var xs uint64
	if xorsignAbs {
		xs = (a ^ b) & f.signBit()
		a &^= f.signBit()
		b &^= f.signBit()
	}
	r, nan := pick(a, b, f, isMax, nanMode)
	if nan {
		return f.qnan
	}
	if xorsignAbs {
		r = r&^f.signBit() | xs
	}
	return r
}

// pick chooses between a and b; nan reports a NaN result.
func pick(a, b uint64, f *format, isMax, nanMode bool) (r uint64, nan bool) {
	an, bn := f.isNaN(a), f.isNaN(b)
	switch {
	case an && bn, nanMode && (an || bn):
		return 0, true
	case an:
		return b, false
	case bn:
		return a, false
	}
	if (key(a, f) < key(b, f)) != isMax {
		return a, false
	}
	return b, false
}

// MinF32 implements min{.ftz}{.NaN}{.xorsign.abs}.f32 d, a, b (PTX ISA
// 9.7.3.11). Without .NaN a NaN operand is ignored; two NaNs, or any NaN
// with .NaN, give the canonical NaN. -0.0 is less than +0.0.
func MinF32(a, b uint32, ftz, nanMode, xorsignAbs bool) uint32 {
	if !xorsignAbs {
		return minMax32(a, b, false, nanMode, ftz)
	}
	return uint32(minMax(uint64(a), uint64(b), fmtF32, false, nanMode, xorsignAbs, ftz))
}

// MaxF32 implements max{.ftz}{.NaN}{.xorsign.abs}.f32 d, a, b (PTX ISA
// 9.7.3.12); +0.0 is greater than -0.0.
func MaxF32(a, b uint32, ftz, nanMode, xorsignAbs bool) uint32 {
	if !xorsignAbs {
		return minMax32(a, b, true, nanMode, ftz)
	}
	return uint32(minMax(uint64(a), uint64(b), fmtF32, true, nanMode, xorsignAbs, ftz))
}

// minMax32 is minMax for f32 without .xorsign.abs, on host comparisons.
func minMax32(a, b uint32, isMax, nanMode, ftz bool) uint32 {
	if ftz {
		a, b = flush32(a), flush32(b)
	}
	x, y := f32(a), f32(b)
	switch {
	case x != x || y != y:
		switch {
		case nanMode || x != x && y != y:
			return nanF32
		case x != x:
			return b
		}
		return a
	case x < y:
		if isMax {
			return b
		}
		return a
	case x > y:
		if isMax {
			return a
		}
		return b
	}
	// Equal values: only ±0 differ, and -0 < +0.
	if (a&signF32 != 0) != isMax {
		return a
	}
	return b
}

// Min3F32 implements the three-input min{.ftz}{.NaN}{.abs}.f32 d, a, b, c
// (PTX ISA 9.7.3.11, PTX 8.8): min(min(a, b), c), on magnitudes with .abs.
func Min3F32(a, b, c uint32, ftz, nanMode, abs bool) uint32 {
	return min3(a, b, c, false, ftz, nanMode, abs)
}

// Max3F32 implements the three-input max{.ftz}{.NaN}{.abs}.f32 d, a, b, c
// (PTX ISA 9.7.3.12, PTX 8.8).
func Max3F32(a, b, c uint32, ftz, nanMode, abs bool) uint32 {
	return min3(a, b, c, true, ftz, nanMode, abs)
}

func min3(a, b, c uint32, isMax, ftz, nanMode, abs bool) uint32 {
	if abs {
		a, b, c = a&absF32, b&absF32, c&absF32
	}
	d := minMax(uint64(a), uint64(b), fmtF32, isMax, nanMode, false, ftz)
	return uint32(minMax(d, uint64(c), fmtF32, isMax, nanMode, false, ftz))
}

// MinF64 implements min.f64 d, a, b (PTX ISA 9.7.3.11). With two NaN
// operands the result is the first, made quiet (f64 keeps NaN payloads).
func MinF64(a, b uint64) uint64 {
	r, nan := pick(a, b, fmtF64, false, false)
	if nan {
		return a | quietF64
	}
	return r
}

// MaxF64 implements max.f64 d, a, b (PTX ISA 9.7.3.12).
func MaxF64(a, b uint64) uint64 {
	r, nan := pick(a, b, fmtF64, true, false)
	if nan {
		return a | quietF64
	}
	return r
}
