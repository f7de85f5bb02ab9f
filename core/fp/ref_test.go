// This file is the test oracle: exact arithmetic in math/big and an
// independent rounding to each format, subnormals and overflow by hand.

package fp

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// decode returns the exact value of a finite encoding of f as a big.Float,
// straight from the bit layout.
func decode(x uint64, f *format) *big.Float {
	fracBits := f.p - 1
	frac := x & (1<<fracBits - 1)
	be := int(x >> fracBits & (1<<f.ebits - 1))
	neg := x>>(f.ebits+fracBits)&1 != 0
	var m *big.Float
	if be == 0 {
		m = new(big.Float).SetMantExp(new(big.Float).SetUint64(frac), 1-f.bias-int(fracBits))
	} else {
		m = new(big.Float).SetMantExp(new(big.Float).SetUint64(frac|1<<fracBits), be-f.bias-int(fracBits))
	}
	if neg {
		m.Neg(m)
		if frac == 0 && be == 0 {
			m = new(big.Float).Neg(new(big.Float)) // -0
		}
	}
	return m
}

// roundAt rounds |x| (positive) to a multiple of 2^q: the returned integer
// times 2^q. sticky > 0 means the true magnitude is a hair above |x|, < 0 a
// hair below.
func roundAt(ax *big.Float, sticky, q int, neg bool, rnd Round) *big.Int {
	t := new(big.Float).SetMantExp(ax, -q)
	i, _ := t.Int(nil)
	frac := new(big.Float).Sub(t, new(big.Float).SetInt(i))
	c := frac.Cmp(big.NewFloat(0.5))
	nonzero := frac.Sign() != 0
	switch {
	case sticky > 0 && !nonzero:
		nonzero, c = true, -1
	case sticky > 0 && c == 0:
		c = 1
	case sticky < 0 && !nonzero:
		i.Sub(i, big.NewInt(1))
		nonzero, c = true, 1
	case sticky < 0 && c == 0:
		c = -1
	}
	inc := false
	switch rnd {
	case RN:
		inc = c > 0 || c == 0 && i.Bit(0) == 1
	case RNA:
		inc = c >= 0
	case RM:
		inc = neg && nonzero
	case RP:
		inc = !neg && nonzero
	}
	if inc {
		i.Add(i, big.NewInt(1))
	}
	return i
}

// refRound rounds x (finite, nonzero) to f. sticky is the sign of
// (true value - x) when x is only an approximation of the true value, with no
// rounding boundary of f between the two.
func refRound(x *big.Float, sticky int, f *format, rnd Round, ftz bool) uint64 {
	neg := x.Signbit()
	ax := new(big.Float).Abs(x)
	smag := sticky
	if neg {
		smag = -sticky
	}
	var sign uint64
	if neg {
		sign = f.signBit()
	}
	p, emin := int(f.p), f.emin()
	e := ax.MantExp(nil) - 1
	if ftz {
		m := roundAt(ax, smag, e-(p-1), neg, rnd)
		if m.Sign() == 0 || m.BitLen()-1+e-(p-1) < emin {
			return sign
		}
	}
	q := max(e, emin) - (p - 1)
	m := roundAt(ax, smag, q, neg, rnd)
	if m.Sign() == 0 {
		return sign
	}
	if m.BitLen() > p {
		m.Rsh(m, 1)
		q++
	}
	if q+m.BitLen()-1 > f.bias {
		return f.overflow(sign>>(f.ebits+f.p-1), rnd)
	}
	mv := m.Uint64()
	if m.BitLen() < p {
		return sign | mv
	}
	return sign | uint64(q+p-1+f.bias)<<(p-1) | mv&^(1<<(p-1))
}

type refOp int

const (
	opAdd refOp = iota
	opSub
	opMul
	opFma
	opDiv
	opSqrt
)

var opNames = [...]string{"add", "sub", "mul", "fma", "div", "sqrt"}

func (o refOp) String() string { return opNames[o] }

func (o refOp) arity() int {
	switch o {
	case opSqrt:
		return 1
	case opFma:
		return 3
	}
	return 2
}

// refExact computes op on finite operands exactly, or as a 300-bit value
// plus the sign of the remainder for div and sqrt.
func refExact(op refOp, x, y, z *big.Float) (*big.Float, int) {
	const wide = 5000
	switch op {
	case opAdd:
		return new(big.Float).SetPrec(wide).Add(x, y), 0
	case opSub:
		return new(big.Float).SetPrec(wide).Sub(x, y), 0
	case opMul:
		return new(big.Float).SetPrec(300).Mul(x, y), 0
	case opFma:
		p := new(big.Float).SetPrec(300).Mul(x, y)
		return new(big.Float).SetPrec(wide).Add(p, z), 0
	case opDiv:
		q := new(big.Float).SetPrec(300).Quo(x, y)
		qy := new(big.Float).SetPrec(1000).Mul(q, y)
		return q, x.Cmp(qy) * y.Sign()
	case opSqrt:
		q := new(big.Float).SetPrec(300).Sqrt(x)
		qq := new(big.Float).SetPrec(1000).Mul(q, q)
		return q, x.Cmp(qq)
	}
	panic("BUG")
}

// refHost evaluates op on widened operands in float64: right for every
// case the big oracle does not cover (NaN, Inf, exact zero) in RN, and for
// the class of the result in every mode.
func refHost(op refOp, x, y, z float64) float64 {
	switch op {
	case opAdd:
		return x + y
	case opSub:
		return x - y
	case opMul:
		return x * y
	case opFma:
		return math.FMA(x, y, z)
	case opDiv:
		return x / y
	}
	return math.Sqrt(x)
}

// refNaN is the NaN this package must return for format f given the
// operands (f64 propagates the first NaN operand, quieted).
func refNaN(f *format, ops ...uint64) uint64 {
	if f == fmtF64 {
		for _, o := range ops {
			if f.isNaN(o) {
				return o | quietF64
			}
		}
	}
	return f.qnan
}

// reference returns the bits op must produce on encodings a, b, c of f.
func reference(op refOp, a, b, c uint64, f *format, rnd Round, ftz bool) uint64 {
	if ftz {
		a, b, c = f.flush(a), f.flush(b), f.flush(c)
	}
	ops := []uint64{a, b, c}[:op.arity()]
	hv := func(x uint64) float64 {
		switch {
		case f.isNaN(x):
			return math.NaN()
		case f.isInf(x):
			return math.Copysign(math.Inf(1), float64(1-2*int(x>>(f.ebits+f.p-1)&1)))
		}
		v, _ := decode(x, f).Float64()
		return v
	}
	h := refHost(op, hv(a), hv(b), hv(c))
	if h != h {
		return refNaN(f, ops...)
	}
	for _, o := range ops {
		if f.isInf(o) || op == opDiv && f.isZero(b) {
			return narrowTo(h, f, RN, false, false, false, false)
		}
	}
	x, y, z := decode(a, f), decode(b, f), decode(c, f)
	v, sticky := refExact(op, x, y, z)
	if v.Sign() != 0 {
		return refRound(v, sticky, f, rnd, ftz)
	}
	// An exact zero: its sign from the host, except that an exact zero sum of
	// operands not both +0 or both -0 is -0 when rounding toward -Inf.
	r := math.Float64bits(h) >> 63 << (f.ebits + f.p - 1)
	var s1, s2 *big.Float
	switch op {
	case opAdd:
		s1, s2 = x, y
	case opSub:
		s1, s2 = x, new(big.Float).Neg(y)
	case opFma:
		s1, s2 = new(big.Float).Mul(x, y), z
	default:
		return r
	}
	if s1.Sign() == 0 && s2.Sign() == 0 && s1.Signbit() == s2.Signbit() {
		return r
	}
	if rnd == RM {
		return f.signBit()
	}
	return 0
}

// edges lists the encodings of f worth testing every pair of: zeros,
// subnormal and normal extremes, ones, Inf and NaNs with payloads.
func edges(f *format) []uint64 {
	s := f.signBit()
	one := f.one()
	xs := []uint64{
		0, 1, 2, f.minNormal() - 1, f.minNormal(), f.minNormal() + 1,
		one - 1, one, one + 1, one + f.minNormal(), one + 4<<(f.p-1), one - 3<<(f.p-1),
		f.maxFinite() - 1, f.maxFinite(), f.inf(), f.inf() + 1, f.qnan,
		f.inf() | f.minNormal()>>1,
	}
	n := len(xs)
	for _, x := range xs[:n] {
		xs = append(xs, x|s)
	}
	return xs
}

// randBits returns a random encoding of f, biased toward the interesting
// corners: edges, subnormals, values near 1 and near the extremes.
func randBits(r *rand.Rand, f *format) uint64 {
	width := f.ebits + f.p
	sign := uint64(r.IntN(2)) << (width - 1)
	frac := r.Uint64() & (f.minNormal() - 1)
	maxE := 1<<f.ebits - 2
	switch r.IntN(16) {
	case 0:
		e := edges(f)
		return e[r.IntN(len(e))]
	case 1:
		return sign | frac // subnormal
	case 2, 3:
		return sign | withExp(frac, f.bias+r.IntN(9)-4, f)
	case 4:
		return sign | withExp(frac, r.IntN(4)+1, f)
	case 5:
		return sign | withExp(frac, maxE-r.IntN(4), f)
	case 6:
		// Few significant bits: exact results and ties.
		return sign | withExp(frac&^(1<<(f.p-1)-1>>r.IntN(int(f.p))), f.bias+r.IntN(41)-20, f)
	}
	return r.Uint64() & (1<<width - 1)
}

func withExp(frac uint64, e int, f *format) uint64 {
	e = min(max(e, 0), 1<<f.ebits-2)
	return uint64(e)<<(f.p-1) | frac
}

// expOf returns the biased exponent of x.
func expOf(x uint64, f *format) int { return int(x >> (f.p - 1) & (1<<f.ebits - 1)) }

// randNear returns a random encoding whose exponent is within spread of e.
func randNear(r *rand.Rand, e, spread int, f *format) uint64 {
	sign := uint64(r.IntN(2)) << (f.ebits + f.p - 1)
	return sign | withExp(r.Uint64()&(f.minNormal()-1), e+r.IntN(2*spread+1)-spread, f)
}

// operands draws operands for op that exercise cancellation and ties.
func operands(r *rand.Rand, op refOp, f *format) (a, b, c uint64) {
	a, b, c = randBits(r, f), randBits(r, f), randBits(r, f)
	spread := int(f.p) + 4
	if r.IntN(2) == 0 {
		b = randNear(r, expOf(a, f), spread, f)
	}
	if op == opFma && r.IntN(2) == 0 {
		pe := expOf(a, f) + expOf(b, f) - f.bias
		c = randNear(r, pe, spread, f)
	}
	if op == opSqrt && r.IntN(4) != 0 {
		a &^= f.signBit()
	}
	return a, b, c
}

func newRand(t testing.TB) *rand.Rand {
	return rand.New(rand.NewPCG(1, uint64(len(t.Name()))))
}

// count returns n, or n/10 under -short.
func count(n int) int {
	if testing.Short() {
		return n / 10
	}
	return n
}
