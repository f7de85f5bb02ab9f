package alu

// arith.go: integer arithmetic (PTX ISA 9.7.1): add, sub, mul, mad, mul24,
// mad24, sad, div, rem, abs, neg, min, max.

import "math/bits"

// Add is add.{u,s}{16,32,64}: a + b, wrapping.
func Add(a, b uint64, w uint) uint64 { return Trunc(a+b, w) }

// Sub is sub.{u,s}{16,32,64}: a - b, wrapping.
func Sub(a, b uint64, w uint) uint64 { return Trunc(a-b, w) }

// AddSat32 is add.sat.s32: a + b clamped to [MININT, MAXINT].
func AddSat32(a, b uint32) uint32 {
	return uint32(clampS(int64(int32(a))+int64(int32(b)), 32))
}

// SubSat32 is sub.sat.s32: a - b clamped to [MININT, MAXINT].
func SubSat32(a, b uint32) uint32 {
	return uint32(clampS(int64(int32(a))-int64(int32(b)), 32))
}

// Add16x2 is add.{u16x2,s16x2}: two independent wrapping 16-bit additions.
func Add16x2(a, b uint32) uint32 {
	lo := (a + b) & 0xffff
	hi := (a>>16 + b>>16) << 16
	return hi | lo
}

// MulLo is mul.lo: the low w bits of a * b (the same for .s and .u).
func MulLo(a, b uint64, w uint) uint64 { return Trunc(a*b, w) }

// MulHi is mul.hi: the high w bits of the 2w-bit product a * b.
func MulHi(a, b uint64, signed bool, w uint) uint64 {
	if w == 64 {
		hi, _ := bits.Mul64(a, b)
		if signed {
			// Two's complement correction of the unsigned product.
			if int64(a) < 0 {
				hi -= b
			}
			if int64(b) < 0 {
				hi -= a
			}
		}
		return hi
	}
	if signed {
		return Trunc(uint64(sval(a, w)*sval(b, w)>>w), w)
	}
	return Trunc(Trunc(a, w)*Trunc(b, w)>>w, w)
}

// MulWide is mul.wide.{u,s}{16,32}: the whole 2w-bit product of two w-bit
// operands.
func MulWide(a, b uint64, signed bool, w uint) uint64 {
	if w > 32 {
		panic("BUG: alu.MulWide: .wide needs a 16- or 32-bit type")
	}
	if signed {
		return Trunc(uint64(sval(a, w)*sval(b, w)), 2*w)
	}
	return Trunc(a, w) * Trunc(b, w)
}

// MadLo is mad.lo: (a * b)<w-1..0> + c, wrapping.
func MadLo(a, b, c uint64, w uint) uint64 { return Trunc(a*b+c, w) }

// MadHi is mad.hi: (a * b)<2w-1..w> + c, wrapping.
func MadHi(a, b, c uint64, signed bool, w uint) uint64 {
	return Trunc(MulHi(a, b, signed, w)+c, w)
}

// MadWide is mad.wide.{u,s}{16,32}: a * b + c where c and the result are 2w
// bits wide.
func MadWide(a, b, c uint64, signed bool, w uint) uint64 {
	return Trunc(MulWide(a, b, signed, w)+c, 2*w)
}

// MadHiSat32 is mad.hi.sat.s32: (a * b)<63..32> + c clamped to
// [MININT, MAXINT].
func MadHiSat32(a, b, c uint32) uint32 {
	hi := int64(int32(a)) * int64(int32(b)) >> 32
	return uint32(clampS(hi+int64(int32(c)), 32))
}

// mul24 is the 48-bit product of the low 24 bits of a and b, sign-extended
// for .s32 (PTX ISA 9.7.1.5: "two 24-bit integer values held in 32-bit
// source registers").
func mul24(a, b uint32, signed bool) int64 {
	if signed {
		return sval(uint64(a), 24) * sval(uint64(b), 24)
	}
	return int64(a&0xffffff) * int64(b&0xffffff)
}

// Mul24Lo is mul24.lo: bits 31..0 of the 48-bit product.
func Mul24Lo(a, b uint32, signed bool) uint32 { return uint32(mul24(a, b, signed)) }

// Mul24Hi is mul24.hi: bits 47..16 of the 48-bit product.
func Mul24Hi(a, b uint32, signed bool) uint32 { return uint32(mul24(a, b, signed) >> 16) }

// Mad24Lo is mad24.lo: bits 31..0 of the 48-bit product, plus c.
func Mad24Lo(a, b, c uint32, signed bool) uint32 { return Mul24Lo(a, b, signed) + c }

// Mad24Hi is mad24.hi: bits 47..16 of the 48-bit product, plus c.
func Mad24Hi(a, b, c uint32, signed bool) uint32 { return Mul24Hi(a, b, signed) + c }

// Mad24HiSat32 is mad24.hi.sat.s32: bits 47..16 of the signed 48-bit
// product plus c, clamped to [MININT, MAXINT].
func Mad24HiSat32(a, b, c uint32) uint32 {
	return uint32(clampS(mul24(a, b, true)>>16+int64(int32(c)), 32))
}

// Sad is sad: c + |a - b|, wrapping; the comparison is signed for .sN.
func Sad(a, b, c uint64, signed bool, w uint) uint64 {
	var less bool
	if signed {
		less = sval(a, w) < sval(b, w)
	} else {
		less = Trunc(a, w) < Trunc(b, w)
	}
	if less {
		return Trunc(c+b-a, w)
	}
	return Trunc(c+a-b, w)
}

// Div is div: a / b rounded toward zero. The ISA leaves division by zero
// machine-specific; NVIDIA GPUs give all ones (0xffffffff for 32 bits,
// whatever the signs). MININT / -1 wraps to MININT.
func Div(a, b uint64, signed bool, w uint) uint64 {
	if Trunc(b, w) == 0 {
		return Mask(w)
	}
	if signed {
		return Trunc(uint64(sval(a, w)/sval(b, w)), w)
	}
	return Trunc(a, w) / Trunc(b, w)
}

// Rem is rem: the remainder of Div, with the sign of the dividend. By zero
// it gives all ones, as Div does; MININT % -1 is 0.
func Rem(a, b uint64, signed bool, w uint) uint64 {
	if Trunc(b, w) == 0 {
		return Mask(w)
	}
	if signed {
		return Trunc(uint64(sval(a, w)%sval(b, w)), w)
	}
	return Trunc(a, w) % Trunc(b, w)
}

// Abs is abs.s{16,32,64}: |a|; abs(MININT) is MININT.
func Abs(a uint64, w uint) uint64 {
	if signBit(a, w) {
		return Trunc(-a, w)
	}
	return Trunc(a, w)
}

// Neg is neg.s{16,32,64}: -a, wrapping; neg(MININT) is MININT.
func Neg(a uint64, w uint) uint64 { return Trunc(-a, w) }

// Min is min.{u,s}{16,32,64}.
func Min(a, b uint64, signed bool, w uint) uint64 {
	if less(a, b, signed, w) {
		return Trunc(a, w)
	}
	return Trunc(b, w)
}

// Max is max.{u,s}{16,32,64}.
func Max(a, b uint64, signed bool, w uint) uint64 {
	if less(a, b, signed, w) {
		return Trunc(b, w)
	}
	return Trunc(a, w)
}

func less(a, b uint64, signed bool, w uint) bool {
	if signed {
		return sval(a, w) < sval(b, w)
	}
	return Trunc(a, w) < Trunc(b, w)
}

// MinRelu32 is min.relu.s32: min(a, b), or 0 where that is negative.
func MinRelu32(a, b uint32) uint32 { return relu32(uint32(Min(uint64(a), uint64(b), true, 32))) }

// MaxRelu32 is max.relu.s32: max(a, b), or 0 where that is negative.
func MaxRelu32(a, b uint32) uint32 { return relu32(uint32(Max(uint64(a), uint64(b), true, 32))) }

func relu32(x uint32) uint32 {
	if int32(x) < 0 {
		return 0
	}
	return x
}

// Min16x2 is min{.relu}.{u16x2,s16x2}: min of each 16-bit half; .relu
// (.s16x2 only) turns negative halves into 0.
func Min16x2(a, b uint32, signed, relu bool) uint32 { return halves(a, b, signed, relu, Min) }

// Max16x2 is max{.relu}.{u16x2,s16x2}: max of each 16-bit half; .relu
// (.s16x2 only) turns negative halves into 0.
func Max16x2(a, b uint32, signed, relu bool) uint32 { return halves(a, b, signed, relu, Max) }

func halves(a, b uint32, signed, relu bool, f func(a, b uint64, signed bool, w uint) uint64) uint32 {
	var d uint32
	for i := uint(0); i < 32; i += 16 {
		h := f(uint64(a>>i), uint64(b>>i), signed, 16)
		if relu && signed && signBit(h, 16) {
			h = 0
		}
		d |= uint32(h) << i
	}
	return d
}
