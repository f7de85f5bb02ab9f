// This file implements IEEE add, mul, fma, div and sqrt for the formats
// narrower than f64 (f32, f16, bf16) in every rounding mode, by computing in
// float64 with an exact error term and rounding once with roundF64.

package fp

import "math"

// Why float64 is enough. For operands of at most 24 significant bits with
// exponents in [-149, 127]:
//   - a product has at most 48 bits and magnitude in [2^-298, 2^256], so it
//     is exact in float64;
//   - a sum s = RN64(x+y) has an exactly representable error (twoSum);
//   - a quotient q = RN64(x/y) has an exact remainder x - q*y = fma(-q, y, x)
//     and a root q = RN64(sqrt x) an exact remainder x - q*q, because none of
//     these quantities comes near float64's underflow threshold (2^-1022).
// roundF64 then rounds q plus the sign of the error once, correctly.

// narrowIn widens encoding x of f to float64, flushing it first under ftz.
func narrowIn(x uint64, f *format, ftz bool) float64 {
	if ftz {
		x = f.flush(x)
	}
	return widen(x, f)
}

// zeroSum is the sign rule for an exact zero sum of nonzero or opposite-sign
// operands: +0, but -0 when rounding toward -Inf (IEEE 754 6.3).
func zeroSum(f *format, rnd Round) uint64 {
	if rnd == RM {
		return f.signBit()
	}
	return 0
}

// addNarrow returns a + b in format f (not f64).
func addNarrow(a, b uint64, f *format, rnd Round, ftz bool) uint64 {
	if ftz {
		a, b = f.flush(a), f.flush(b)
	}
	switch {
	case f.isNaN(a) || f.isNaN(b):
		return f.qnan
	case f.isInf(a):
		if f.isInf(b) && (a^b)&f.signBit() != 0 {
			return f.qnan
		}
		return a
	case f.isInf(b):
		return b
	case f.isZero(a) && f.isZero(b):
		if a == b {
			return a
		}
		return zeroSum(f, rnd)
	}
	x, y := widen(a, f), widen(b, f)
	s := x + y
	if s == 0 {
		return zeroSum(f, rnd)
	}
	return roundF64(s, signOf(twoSum(x, y, s)), f, rnd, ftz)
}

// mulNarrow returns a * b in format f (not f64).
func mulNarrow(a, b uint64, f *format, rnd Round, ftz bool) uint64 {
	if ftz {
		a, b = f.flush(a), f.flush(b)
	}
	sign := (a ^ b) & f.signBit()
	switch {
	case f.isNaN(a) || f.isNaN(b):
		return f.qnan
	case f.isInf(a) || f.isInf(b):
		if f.isZero(a) || f.isZero(b) {
			return f.qnan
		}
		return sign | f.inf()
	case f.isZero(a) || f.isZero(b):
		return sign
	}
	return roundF64(widen(a, f)*widen(b, f), 0, f, rnd, ftz)
}

// fmaNarrow returns a*b + c with a single rounding in format f (not f64).
func fmaNarrow(a, b, c uint64, f *format, rnd Round, ftz bool) uint64 {
	if ftz {
		a, b, c = f.flush(a), f.flush(b), f.flush(c)
	}
	if f.isNaN(a) || f.isNaN(b) || f.isNaN(c) {
		return f.qnan
	}
	psign := (a ^ b) & f.signBit()
	if f.isInf(a) || f.isInf(b) {
		if f.isZero(a) || f.isZero(b) {
			return f.qnan // 0 * Inf
		}
		if f.isInf(c) && c&f.signBit() != psign {
			return f.qnan // Inf - Inf
		}
		return psign | f.inf()
	}
	if f.isInf(c) {
		return c
	}
	if f.isZero(a) || f.isZero(b) {
		if !f.isZero(c) {
			return c
		}
		if c == psign {
			return c
		}
		return zeroSum(f, rnd)
	}
	p := widen(a, f) * widen(b, f) // exact
	if f.isZero(c) {
		return roundF64(p, 0, f, rnd, ftz)
	}
	z := widen(c, f)
	s := p + z
	if s == 0 {
		return zeroSum(f, rnd)
	}
	return roundF64(s, signOf(twoSum(p, z, s)), f, rnd, ftz)
}

// divNarrow returns a / b in format f (not f64).
func divNarrow(a, b uint64, f *format, rnd Round, ftz bool) uint64 {
	if ftz {
		a, b = f.flush(a), f.flush(b)
	}
	sign := (a ^ b) & f.signBit()
	switch {
	case f.isNaN(a) || f.isNaN(b):
		return f.qnan
	case f.isInf(a):
		if f.isInf(b) {
			return f.qnan
		}
		return sign | f.inf()
	case f.isInf(b):
		return sign
	case f.isZero(b):
		if f.isZero(a) {
			return f.qnan
		}
		return sign | f.inf()
	case f.isZero(a):
		return sign
	}
	x, y := widen(a, f), widen(b, f)
	q := x / y
	r := math.FMA(-q, y, x) // exact: x - q*y
	return roundF64(q, signOf(r)*signOf(y), f, rnd, ftz)
}

// sqrtNarrow returns sqrt(a) in format f (not f64).
func sqrtNarrow(a uint64, f *format, rnd Round, ftz bool) uint64 {
	if ftz {
		a = f.flush(a)
	}
	switch {
	case f.isNaN(a):
		return f.qnan
	case f.isZero(a):
		return a
	case a&f.signBit() != 0:
		return f.qnan
	case f.isInf(a):
		return a
	}
	x := widen(a, f)
	q := math.Sqrt(x)
	r := math.FMA(-q, q, x) // exact: x - q*q
	return roundF64(q, signOf(r), f, rnd, ftz)
}

// satF clamps a result of format f to [+0, 1]; NaN and -0 become +0.
func satF(x uint64, f *format) uint64 {
	switch {
	case x&f.signBit() != 0 || f.isNaN(x):
		return 0
	case x > f.one():
		return f.one()
	}
	return x
}

// reluF applies .relu: a result with the sign bit set becomes +0, a NaN the
// canonical NaN.
func reluF(x uint64, f *format) uint64 {
	switch {
	case f.isNaN(x):
		return f.qnan
	case x&f.signBit() != 0:
		return 0
	}
	return x
}
