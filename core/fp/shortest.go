// This file implements the shortest decimal of a half (f16, bf16) by exact
// integer arithmetic on its rounding interval.

package fp

import "math/bits"

// AppendF16 appends FormatF16(a) to dst.
func AppendF16(dst []byte, a uint16) []byte { return appendShortest(dst, uint64(a), fmtF16) }

// AppendBF16 appends FormatBF16(a) to dst.
func AppendBF16(dst []byte, a uint16) []byte { return appendShortest(dst, uint64(a), fmtBF16) }

// appendShortest appends the decimal with the fewest significant digits
// that reads back (rounded to nearest even) as x, the one nearest x's value
// among them (ties: even last digit), in strconv's shortest 'g' style.
//
// A finite nonzero |x| is m*2^e with m < 2^p. Scaled by 2^(e-2) the value is
// the integer V = 4m and the decimals that read back as x are those in
// [L, H]*2^(e-2), H = 4m+2 and L = 4m-2 (4m-1 at the bottom of a binade,
// where the neighbour below is half as far), the ends included when m is
// even (a tie rounds to the even significand; the largest finite value's
// upper end is the overflow threshold and m is odd there). A decimal
// d*10^k lies in it when d is between X*2^(e-2)/10^k for X = L and H, so
// the search needs three exact quotients, floor(X*2^(e-2)/10^k0), and
// whether each divides; at every larger k the quotients are those divided
// by 10. The shortest decimal is at the largest k with a multiple of 10^k
// inside; d has no trailing zero there. The numbers need up to 108 bits for
// bf16 (5^42*2^10 at its subnormals); the divisors up to 94 (2^94 there).
func appendShortest(dst []byte, x uint64, f *format) []byte {
	neg := x&f.sign != 0
	a := x & f.abs
	switch {
	case a > f.infBits:
		return append(dst, "nan"...)
	case a == f.infBits && neg:
		return append(dst, "-inf"...)
	case a == f.infBits:
		return append(dst, "inf"...)
	}
	if neg {
		dst = append(dst, '-')
	}
	if a == 0 {
		return append(dst, '0')
	}
	be := int(a >> (f.p - 1))
	m := a & (f.minNorm - 1)
	e := 1 - f.bias - int(f.p-1) // the exponent of the subnormals' unit
	if be > 0 {
		m |= f.minNorm
		e += be - 1
	}
	E := e - 2
	xv, xh, xl := 4*m, 4*m+2, 4*m-2
	if m == f.minNorm && be > 1 {
		xl = 4*m - 1
	}
	incl := m&1 == 0

	// 10^kStart <= 2^(E+1) < (H-L)*2^E: the interval is wider than
	// 10^kStart, so a multiple of it lies inside. Start one below, where
	// the quotients still carry the digit that rounds V.
	k := floorLog10Pow2(E+1) - 1
	var ql, qh, qv uint64
	var exl, exh, exv bool
	if num, den, sh, pow2 := scaleAt(E, k); pow2 {
		// num < 2^108 and sh < 128: the quotient is num*X >> sh.
		ql, exl = shrExact(mul128(num, xl), sh)
		qh, exh = shrExact(mul128(num, xh), sh)
		qv, exv = shrExact(mul128(num, xv), sh)
	} else {
		ql, exl = divExact(mul128(num, xl), den)
		qh, exh = divExact(mul128(num, xh), den)
		qv, exv = divExact(mul128(num, xv), den)
	}
	lo := func(q uint64, exact bool) uint64 {
		if exact && incl {
			return q
		}
		return q + 1
	}
	hi := func(q uint64, exact bool) uint64 {
		if exact && !incl {
			return q - 1
		}
		return q
	}
	dlo, dhi := lo(ql, exl), hi(qh, exh)
	var (
		vq     = qv   // V's quotient at k
		vdigit uint64 // the digit of V dropped last
		vrest  = !exv // whether anything below vdigit is nonzero
	)
	// The same at k-1.
	var pdlo, pvq, pvdigit uint64
	var pvrest bool
	for {
		nl, nh := ql/10, qh/10
		nexl, nexh := exl && ql%10 == 0, exh && qh%10 == 0
		nlo, nhi := lo(nl, nexl), hi(nh, nexh)
		if nlo > nhi {
			break
		}
		pdlo, pvq, pvdigit, pvrest = dlo, vq, vdigit, vrest
		k++
		ql, qh, exl, exh, dlo, dhi = nl, nh, nexl, nexh, nlo, nhi
		vrest = vrest || vdigit != 0
		vq, vdigit = vq/10, vq%10
	}
	// The decimals of one digit from 10^k up and those below it, one
	// digit at k-1, are one grid: when 10^k is inside and V below it, the
	// nearest of one digit may be one of the latter (9e-41 for bf16 0x0001,
	// whose interval runs from 4.6e-41 to 1.4e-40).
	if dlo == 1 && vq == 0 {
		if d := min(max(roundEven(pvq, pvdigit, pvrest), pdlo), 10); d < 10 {
			return appendDecimal(dst, d, k-1)
		}
	}
	return appendDecimal(dst, min(max(roundEven(vq, vdigit, vrest), dlo), dhi), k)
}

// roundEven rounds q, followed by the digit dropped and whether anything
// below it was nonzero, to nearest, ties to even.
func roundEven(q, digit uint64, rest bool) uint64 {
	if digit > 5 || digit == 5 && (rest || q&1 == 1) {
		return q + 1
	}
	return q
}

// appendDecimal appends d*10^k (d > 0, no trailing zero) as strconv's
// shortest 'g' does: exponent form when the leading digit's exponent is
// below -4 or at least 6 ("1e-08", "3.39e+38"), plain otherwise.
func appendDecimal(dst []byte, d uint64, k int) []byte {
	var buf [20]byte
	i := len(buf)
	for d >= 10 {
		i--
		buf[i] = byte('0' + d%10)
		d /= 10
	}
	i--
	buf[i] = byte('0' + d)
	digits := buf[i:]
	n := len(digits)
	exp := k + n - 1
	switch {
	case exp < -4 || exp >= 6:
		dst = append(dst, digits[0])
		if n > 1 {
			dst = append(dst, '.')
			dst = append(dst, digits[1:]...)
		}
		dst = append(dst, 'e')
		if exp < 0 {
			dst = append(dst, '-')
			exp = -exp
		} else {
			dst = append(dst, '+')
		}
		if exp < 10 {
			dst = append(dst, '0')
		}
		if exp >= 100 {
			dst = append(dst, byte('0'+exp/100))
			exp %= 100
			dst = append(dst, byte('0'+exp/10))
		} else if exp >= 10 {
			dst = append(dst, byte('0'+exp/10))
		}
		return append(dst, byte('0'+exp%10))
	case exp < 0:
		dst = append(dst, "0."...)
		for range -exp - 1 {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	case n <= exp+1:
		dst = append(dst, digits...)
		for range exp + 1 - n {
			dst = append(dst, '0')
		}
		return dst
	}
	dst = append(dst, digits[:exp+1]...)
	dst = append(dst, '.')
	return append(dst, digits[exp+1:]...)
}

// floorLog10Pow2 returns floor(x*log10(2)) for |x| <= 1650 (78913/2^18 is
// log10(2) to within 8e-7, as in Ryu).
func floorLog10Pow2(x int) int { return x * 78913 >> 18 }

// u128 is an unsigned 128-bit integer.
type u128 struct{ hi, lo uint64 }

func (a u128) shl(n int) u128 {
	switch {
	case n == 0:
		return a
	case n >= 64:
		return u128{a.lo << (n - 64), 0}
	}
	return u128{a.hi<<n | a.lo>>(64-n), a.lo << n}
}

func (a u128) shr(n int) u128 {
	switch {
	case n == 0:
		return a
	case n >= 64:
		return u128{0, a.hi >> (n - 64)}
	}
	return u128{a.hi >> n, a.lo>>n | a.hi<<(64-n)}
}

// mul128 returns a*b; the callers' products stay below 2^128.
func mul128(a u128, b uint64) u128 {
	h, l := bits.Mul64(a.lo, b)
	return u128{a.hi*b + h, l}
}

// pow5 holds 5^0 .. 5^55 (5^55 < 2^128).
var pow5 = func() (t [56]u128) {
	t[0] = u128{0, 1}
	for i := 1; i < len(t); i++ {
		t[i] = mul128(t[i-1], 5)
	}
	return t
}()

// scaleAt returns num and den with X*2^E/10^k = X*num/den for every X;
// den is 2^sh when pow2.
func scaleAt(E, k int) (num, den u128, sh int, pow2 bool) {
	one := u128{0, 1}
	if k >= 0 {
		if s := E - k; s >= 0 {
			return one.shl(s), pow5[k], 0, false
		} else {
			return one, pow5[k].shl(-s), 0, false
		}
	}
	num = pow5[-k]
	if t := E - k; t >= 0 {
		return num.shl(t), one, 0, true
	} else {
		return num, one.shl(-t), -t, true
	}
}

// shrExact returns floor(n/2^sh) and whether 2^sh divides n; the quotient
// is below 2^64.
func shrExact(n u128, sh int) (uint64, bool) {
	if sh >= 64 {
		return n.hi >> (sh - 64), n.lo == 0 && n.hi<<(128-sh) == 0
	}
	return n.lo>>sh | n.hi<<(64-sh), n.lo<<(64-sh) == 0
}

// divExact returns floor(n/d) and whether d divides n; the quotient is
// below 2^64 for every caller (below 2^20).
func divExact(n, d u128) (uint64, bool) {
	if d.hi == 0 {
		q, r := bits.Div64(n.hi, n.lo, d.lo)
		return q, r == 0
	}
	// Divide by d's top 64 bits: the quotient is at most 2 too large
	// (Knuth 4.3.1, Theorem B), and exact products correct it.
	s := bits.Len64(d.hi)
	nt := n.shr(s)
	q, _ := bits.Div64(nt.hi, nt.lo, d.shr(s).lo)
	p := mul128(d, q)
	for p.hi > n.hi || p.hi == n.hi && p.lo > n.lo {
		q--
		lo, b := bits.Sub64(p.lo, d.lo, 0)
		p = u128{p.hi - d.hi - b, lo}
	}
	return q, p == n
}
