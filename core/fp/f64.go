// This file implements the .f64 instructions of PTX ISA 9.7.3 that round:
// add, sub, mul, fma/mad, div, rcp and sqrt, plus abs, neg and copysign.
// Round-to-nearest uses the host's IEEE arithmetic; the directed modes use
// exact integer arithmetic (or an exact error term) and one rounding.

package fp

import (
	"math"
	"math/bits"
)

const (
	signF64  = 0x8000000000000000
	absF64   = 0x7FFFFFFFFFFFFFFF
	infF64   = 0x7FF0000000000000
	quietF64 = 0x0008000000000000
	nanF64   = 0x7FFFFFFFFFFFFFFF // the NaN made from non-NaN operands
	oneF64   = 0x3FF0000000000000
)

func f64(x uint64) float64 { return math.Float64frombits(x) }

func isNaN64(x uint64) bool { return x&absF64 > infF64 }

// nan64of2 is the NaN result of an f64 operation: the first NaN operand,
// made quiet (f64 instructions propagate payloads, 9.7.3), else the NaN made
// from non-NaN operands.
func nan64of2(a, b uint64) uint64 {
	switch {
	case isNaN64(a):
		return a | quietF64
	case isNaN64(b):
		return b | quietF64
	}
	return nanF64
}

func nan64of3(a, b, c uint64) uint64 {
	if isNaN64(c) && !isNaN64(a) && !isNaN64(b) {
		return c | quietF64
	}
	return nan64of2(a, b)
}

// AddF64 implements add{.rnd}.f64 d, a, b (PTX ISA 9.7.3.3).
func AddF64(a, b uint64, rnd Round) uint64 {
	x, y := f64(a), f64(b)
	s := x + y
	r := math.Float64bits(s)
	if r&absF64 > infF64 {
		return nan64of2(a, b)
	}
	if rnd == RN {
		return r
	}
	switch {
	case r&absF64 == infF64:
		if x-x != 0 || y-y != 0 {
			return r // an infinite operand: exact
		}
		return fmtF64.overflow(r>>63, rnd)
	case s == 0:
		if x == 0 && y == 0 && a == b {
			return a
		}
		return zeroSum(fmtF64, rnd)
	}
	return directed(r, signOf(twoSum(x, y, s)), fmtF64, rnd)
}

// SubF64 implements sub{.rnd}.f64 d, a, b (PTX ISA 9.7.3.4).
func SubF64(a, b uint64, rnd Round) uint64 {
	if isNaN64(a) || isNaN64(b) {
		return nan64of2(a, b)
	}
	return AddF64(a, b^signF64, rnd)
}

// MulF64 implements mul{.rnd}.f64 d, a, b (PTX ISA 9.7.3.5).
func MulF64(a, b uint64, rnd Round) uint64 {
	if rnd == RN {
		r := math.Float64bits(f64(a) * f64(b))
		if r&absF64 > infF64 {
			return nan64of2(a, b)
		}
		return r
	}
	if isNaN64(a) || isNaN64(b) {
		return nan64of2(a, b)
	}
	f := fmtF64
	sign := (a ^ b) & signF64
	switch {
	case f.isInf(a) || f.isInf(b):
		if f.isZero(a) || f.isZero(b) {
			return nanF64
		}
		return sign | infF64
	case f.isZero(a) || f.isZero(b):
		return sign
	}
	_, ea, ma := f.unpack(a)
	_, eb, mb := f.unpack(b)
	e, sig := mulSig(ea, ma, eb, mb)
	return roundPack(sign>>63, e, sig, f, rnd, false)
}

// mulSig multiplies two significands exactly, keeping the top 64 bits of the
// product with the rest jammed into bit 0.
func mulSig(ea int, ma uint64, eb int, mb uint64) (int, uint64) {
	hi, lo := bits.Mul64(ma, mb)
	if hi == 0 {
		return ea + eb, lo
	}
	lz := uint(bits.LeadingZeros64(hi))
	sig := hi<<lz | lo>>(64-lz)
	if lo<<lz != 0 {
		sig |= 1
	}
	return ea + eb + 64 - int(lz), sig
}

// DivF64 implements div.rnd.f64 d, a, b (PTX ISA 9.7.3.8).
func DivF64(a, b uint64, rnd Round) uint64 {
	if rnd == RN {
		r := math.Float64bits(f64(a) / f64(b))
		if r&absF64 > infF64 {
			return nan64of2(a, b)
		}
		return r
	}
	if isNaN64(a) || isNaN64(b) {
		return nan64of2(a, b)
	}
	f := fmtF64
	sign := (a ^ b) & signF64
	switch {
	case f.isInf(a):
		if f.isInf(b) {
			return nanF64
		}
		return sign | infF64
	case f.isInf(b):
		return sign
	case f.isZero(b):
		if f.isZero(a) {
			return nanF64
		}
		return sign | infF64
	case f.isZero(a):
		return sign
	}
	_, ea, ma := f.unpack(a)
	_, eb, mb := f.unpack(b)
	la, lb := uint(bits.LeadingZeros64(ma)), uint(bits.LeadingZeros64(mb))
	ma, mb = ma<<la, mb<<lb
	// (ma * 2^63) / mb with ma, mb in [2^63, 2^64): the quotient has 63 or
	// 64 bits, and ma>>1 < mb as Div64 requires.
	q, rem := bits.Div64(ma>>1, ma<<63, mb)
	if rem != 0 {
		q |= 1
	}
	return roundPack(sign>>63, (ea-int(la))-(eb-int(lb))-63, q, f, rnd, false)
}

// RcpF64 implements rcp.rnd.f64 d, a (PTX ISA 9.7.3.13).
func RcpF64(a uint64, rnd Round) uint64 { return DivF64(oneF64, a, rnd) }

// SqrtF64 implements sqrt.rnd.f64 d, a (PTX ISA 9.7.3.15).
func SqrtF64(a uint64, rnd Round) uint64 {
	q := math.Sqrt(f64(a))
	r := math.Float64bits(q)
	switch {
	case r&absF64 > infF64:
		return nan64of2(a, a)
	case rnd == RN || r&absF64 == infF64 || q == 0:
		return r
	}
	return directed(r, sqrtResidualSign(a, r), fmtF64, rnd)
}

// sqrtResidualSign returns the sign of x - q*q for positive finite x and q,
// computed exactly: q*q has at most 106 bits, and x is shifted to its scale.
func sqrtResidualSign(x, q uint64) int {
	_, ex, mx := fmtF64.unpack(x)
	_, eq, mq := fmtF64.unpack(q)
	hi, lo := bits.Mul64(mq, mq)
	k := ex - 2*eq // x = (mx << k) * 2^(2eq); k is in [51, 106] for a rounded root
	var xh, xl uint64
	switch {
	case k < 0 || k >= 128:
		panic("BUG: fp: sqrt residual out of scale")
	case k < 64:
		xh, xl = mx>>(64-uint(k)), mx<<uint(k)
	default:
		xh = mx << uint(k-64)
	}
	switch {
	case xh > hi || xh == hi && xl > lo:
		return 1
	case xh == hi && xl == lo:
		return 0
	}
	return -1
}

// FmaF64 implements fma.rnd.f64 d, a, b, c and mad.rnd.f64 (PTX ISA 9.7.3.6,
// 9.7.3.7): a*b+c computed exactly and rounded once.
func FmaF64(a, b, c uint64, rnd Round) uint64 {
	if rnd == RN {
		r := math.Float64bits(math.FMA(f64(a), f64(b), f64(c)))
		if r&absF64 > infF64 {
			return nan64of3(a, b, c)
		}
		return r
	}
	if isNaN64(a) || isNaN64(b) || isNaN64(c) {
		return nan64of3(a, b, c)
	}
	f := fmtF64
	psign := (a ^ b) & signF64
	if f.isInf(a) || f.isInf(b) {
		if f.isZero(a) || f.isZero(b) || f.isInf(c) && c&signF64 != psign {
			return nanF64
		}
		return psign | infF64
	}
	if f.isInf(c) {
		return c
	}
	if f.isZero(a) || f.isZero(b) {
		switch {
		case !f.isZero(c), c == psign:
			return c
		}
		return zeroSum(f, rnd)
	}
	_, ea, ma := f.unpack(a)
	_, eb, mb := f.unpack(b)
	ph, pl := bits.Mul64(ma, mb) // the exact product, scaled by 2^ep
	ep := ea + eb
	if f.isZero(c) {
		e, sig := mulSig(ea, ma, eb, mb)
		return roundPack(psign>>63, e, sig, f, rnd, false)
	}
	_, ec, mc := f.unpack(c)
	csign := c & signF64
	// Normalize both addends to 128-bit values with the top bit at 125,
	// leaving headroom for a carry.
	n := lz128(ph, pl) - 2
	ph, pl = shl128(ph, pl, uint(n))
	ep -= n
	m := bits.LeadingZeros64(mc) + 64 - 2
	ch, cl := shl128(0, mc, uint(m))
	ec -= m
	// Order by magnitude: the top bits are aligned, so exponents decide,
	// then the significands.
	bigS, bigE, bh, bl := psign, ep, ph, pl
	smallS, smallE, sh, sl := csign, ec, ch, cl
	if ec > ep || ec == ep && (ch > ph || ch == ph && cl > pl) {
		bigS, bigE, bh, bl, smallS, smallE, sh, sl = csign, ec, ch, cl, psign, ep, ph, pl
	}
	sh, sl = shrJam128(sh, sl, uint(bigE-smallE))
	var rh, rl uint64
	if bigS == smallS {
		var carry uint64
		rl, carry = bits.Add64(bl, sl, 0)
		rh, _ = bits.Add64(bh, sh, carry)
	} else {
		var borrow uint64
		rl, borrow = bits.Sub64(bl, sl, 0)
		rh, _ = bits.Sub64(bh, sh, borrow)
		if rh == 0 && rl == 0 {
			return zeroSum(f, rnd)
		}
	}
	// Collapse to 64 bits with a sticky bit.
	z := uint(lz128(rh, rl))
	rh, rl = shl128(rh, rl, z)
	if rl != 0 {
		rh |= 1
	}
	return roundPack(bigS>>63, bigE-int(z)+64, rh, f, rnd, false)
}

func lz128(hi, lo uint64) int {
	if hi != 0 {
		return bits.LeadingZeros64(hi)
	}
	return 64 + bits.LeadingZeros64(lo)
}

// shl128 shifts hi:lo left by n < 128.
func shl128(hi, lo uint64, n uint) (uint64, uint64) {
	switch {
	case n == 0:
		return hi, lo
	case n < 64:
		return hi<<n | lo>>(64-n), lo << n
	}
	return lo << (n - 64), 0
}

// shrJam128 shifts hi:lo right by n, ORing any bits shifted out into bit 0.
func shrJam128(hi, lo uint64, n uint) (uint64, uint64) {
	switch {
	case n == 0:
		return hi, lo
	case n < 64:
		lost := lo << (64 - n)
		lo = lo>>n | hi<<(64-n)
		hi >>= n
		if lost != 0 {
			lo |= 1
		}
		return hi, lo
	case n < 128:
		lost := lo | hi<<(128-n)
		if n == 64 {
			lost = lo
		}
		lo = hi >> (n - 64)
		if lost != 0 {
			lo |= 1
		}
		return 0, lo
	}
	if hi|lo != 0 {
		return 0, 1
	}
	return 0, 0
}

// AbsF64 implements abs.f64 d, a (PTX ISA 9.7.3.9): "For abs.f64, NaN input
// is passed through unchanged."
func AbsF64(a uint64) uint64 {
	if isNaN64(a) {
		return a
	}
	return a &^ signF64
}

// NegF64 implements neg.f64 d, a (PTX ISA 9.7.3.10). The ISA leaves the NaN
// result unspecified; like abs.f64 this passes a NaN through unchanged.
func NegF64(a uint64) uint64 {
	if isNaN64(a) {
		return a
	}
	return a ^ signF64
}

// CopysignF64 implements copysign.f64 d, a, b (PTX ISA 9.7.3.2): the value of
// b with the sign bit of a.
func CopysignF64(a, b uint64) uint64 { return b&absF64 | a&signF64 }
