package main

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
)

// halfFmt is a narrow float format: f16 (5 exponent bits, 10 fraction
// bits) or bf16 (8, 7).
type halfFmt struct{ ebits, fbits int }

var fmtF16, fmtBF16 = halfFmt{5, 10}, halfFmt{8, 7}

func (f halfFmt) bias() int { return 1<<(f.ebits-1) - 1 }

// value decodes bits: the exact value (nil for NaN and infinities), NaN,
// the sign of an infinity (0: finite), the sign bit.
func (f halfFmt) value(x uint64) (v *big.Rat, nan bool, inf int, neg bool) {
	x &= 0xffff
	neg = x>>15 == 1
	e, m := int(x>>f.fbits)&(1<<f.ebits-1), int64(x&(1<<f.fbits-1))
	switch {
	case e == 1<<f.ebits-1 && m != 0:
		return nil, true, 0, neg
	case e == 1<<f.ebits-1:
		if neg {
			return nil, false, -1, neg
		}
		return nil, false, 1, neg
	}
	exp := 1 - f.bias() - f.fbits
	if e != 0 {
		m |= 1 << f.fbits
		exp = e - f.bias() - f.fbits
	}
	v = new(big.Rat).SetInt64(m)
	sh := new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(abs(exp))))
	if exp >= 0 {
		v.Mul(v, sh)
	} else {
		v.Quo(v, sh)
	}
	if neg {
		v.Neg(v)
	}
	return v, false, 0, neg
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// float64 of a lane (NaN, infinities included): for the special cases.
func (f halfFmt) f64(x uint64) float64 {
	v, nan, inf, neg := f.value(x)
	switch {
	case nan:
		return math.NaN()
	case inf != 0:
		return math.Inf(inf)
	}
	r, _ := v.Float64()
	if r == 0 && neg {
		return math.Copysign(0, -1)
	}
	return r
}

// bits rounds x (not NaN; zeroNeg: the sign of a zero x) to the format,
// to nearest even (rz: toward zero), subnormals below the least normal
// exponent, overflow to infinity (rz: the largest finite value).
func (f halfFmt) bits(x *big.Rat, zeroNeg, rz bool) uint64 {
	p, emin, emax := f.fbits+1, 1-f.bias(), f.bias()
	sign := uint64(0)
	if x.Sign() < 0 || x.Sign() == 0 && zeroNeg {
		sign = 0x8000
	}
	if x.Sign() == 0 {
		return sign
	}
	a := new(big.Rat).Abs(x)
	pow := func(k int) *big.Rat {
		r := new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(abs(k))))
		if k < 0 {
			r.Inv(r)
		}
		return r
	}
	e := a.Num().BitLen() - a.Denom().BitLen()
	for a.Cmp(pow(e)) < 0 {
		e--
	}
	for a.Cmp(pow(e+1)) >= 0 {
		e++
	}
	q := max(e, emin) - (p - 1)
	n := new(big.Rat).Quo(a, pow(q))
	fl := new(big.Int).Quo(n.Num(), n.Denom())
	rem := new(big.Rat).Sub(n, new(big.Rat).SetInt(fl))
	if !rz {
		if c := rem.Cmp(big.NewRat(1, 2)); c > 0 || c == 0 && fl.Bit(0) == 1 {
			fl.Add(fl, big.NewInt(1))
		}
	}
	if fl.BitLen() > p {
		fl.Rsh(fl, 1)
		q++
	}
	if q > emax-(p-1) {
		if rz {
			return sign | uint64(1<<f.ebits-2)<<f.fbits | (1<<f.fbits - 1)
		}
		return sign | uint64(1<<f.ebits-1)<<f.fbits
	}
	m := fl.Uint64()
	if fl.BitLen() < p {
		return sign | m // subnormal
	}
	return sign | uint64(q+(p-1)+f.bias())<<f.fbits | m&(1<<f.fbits-1)
}

// half2Model computes Config.Half2's instructions in Go, written apart
// from half2Host: exact values (math/big), the special cases through
// float64 (whose infinities and NaNs follow IEEE 754 as the ISA's do),
// one rounding to the format; .sat clamps the rounded value to [0, 1]
// (NaN 0), .relu a negative one to 0; min/max without .NaN take the
// number of a NaN and a number; set's lanes are 1.0 (f16) or 0xffff;
// cvt.f16x2.f32 d, a, b puts a in the upper half. Then h2can's rule: a
// NaN lane 0x7fff, -0 +0 where the op's zero is canonical.
func half2Model(o half2Op, a, b, c uint64) uint64 {
	f := fmtF16
	if o.bf {
		f = fmtBF16
	}
	var out uint64
	for i := 0; i < o.lanes; i++ {
		la, lb, lc := a>>(16*i)&0xffff, b>>(16*i)&0xffff, c>>(16*i)&0xffff
		var r uint64
		nan := false
		switch o.op {
		case "neg":
			r = la ^ 0x8000
		case "abs":
			r = la & 0x7fff
		case "set":
			x, y := fmtF16.f64(la), fmtF16.f64(lb)
			un := x != x || y != y
			t := map[string]bool{"lt": x < y, "gtu": un || x > y, "nan": un, "eq": x == y, "le": x <= y}[o.cmp]
			if t {
				r = 0xffff
				if o.setT == "f16x2" || o.setT == "f16" {
					r = 0x3c00
				}
			}
		case "cvt":
			src := uint32(b)
			if i == 1 {
				src = uint32(a)
			}
			x := math.Float32frombits(src)
			switch {
			case x != x:
				nan = true
			case o.relu && x < 0:
				r = 0
			case math.IsInf(float64(x), 0):
				r = uint64(1<<f.ebits-1) << f.fbits
				if x < 0 {
					r |= 0x8000
				}
			default:
				r = f.bits(new(big.Rat).SetFloat64(float64(x)), math.Signbit(float64(x)), o.rz)
			}
		case "min", "max":
			x, y := f.f64(la), f.f64(lb)
			switch {
			case x != x && y != y, (x != x || y != y) && o.nan:
				nan = true
			case x != x:
				r = lb
			case y != y:
				r = la
			case o.op == "min" && y < x, o.op == "max" && y > x:
				r = lb
			default:
				r = la
			}
		default:
			va, na, ia, sa := f.value(la)
			vb, nb, ib, sb := f.value(lb)
			vc, nc, ic, sc := f.value(lc)
			if na || nb || nc && o.op == "fma" || ia != 0 || ib != 0 || ic != 0 && o.op == "fma" {
				// NaN or infinity: float64 follows IEEE 754.
				x, y, z := f.f64(la), f.f64(lb), f.f64(lc)
				var v float64
				switch o.op {
				case "add":
					v = x + y
				case "sub":
					v = x - y
				case "mul":
					v = x * y
				default:
					v = math.FMA(x, y, z)
				}
				if v != v {
					nan = true
				} else {
					r = uint64(1<<f.ebits-1) << f.fbits // infinite
					if v < 0 {
						r |= 0x8000
					}
				}
				break
			}
			var v *big.Rat
			zeroNeg := false
			switch o.op {
			case "add":
				v, zeroNeg = new(big.Rat).Add(va, vb), sa && sb
			case "sub":
				v, zeroNeg = new(big.Rat).Sub(va, vb), sa && !sb
			case "mul":
				v, zeroNeg = new(big.Rat).Mul(va, vb), sa != sb
			default:
				prod := new(big.Rat).Mul(va, vb)
				v = new(big.Rat).Add(prod, vc)
				pz := prod.Sign() == 0
				zeroNeg = pz && vc.Sign() == 0 && (sa != sb) && sc
			}
			r = f.bits(v, zeroNeg, false)
		}
		if o.op != "set" && r&0x7fff > uint64(1<<f.ebits-1)<<f.fbits {
			nan = true // neg and abs of a NaN
		}
		one := uint64(f.bias()) << f.fbits
		switch {
		case o.sat && (nan || r>>15 == 1):
			r, nan = 0, false
		case o.sat && r > one:
			r = one
		case o.relu && !nan && r>>15 == 1:
			r = 0
		}
		if nan {
			r = 0x7fff
		}
		if o.zeroCanon() && r == 0x8000 {
			r = 0
		}
		out |= r << (16 * i)
	}
	return out
}

// half2Expr: a row's C expression for o of the operands tr.
func half2Expr(o half2Op, tr [3]uint64) string {
	_, args := o.kinds()
	var as []string
	for i, k := range args {
		switch k {
		case F32:
			as = append(as, fmt.Sprintf("u2f(0x%xu)", uint32(tr[i])))
		case U16:
			as = append(as, fmt.Sprintf("(u16)0x%xu", uint16(tr[i])))
		default:
			as = append(as, fmt.Sprintf("0x%xu", uint32(tr[i])))
		}
	}
	return "(u64)I_" + o.name() + "(" + strings.Join(as, ", ") + ")"
}

// TestHalf2: -with half2 writes every instruction of half2List (300
// programs), programs without it none; the host (half2Host) gives
// half2Model's value for every instruction on lanes at the boundaries
// (zeros, ones, the largest finite values, subnormals, infinities, NaNs)
// and on pseudo-random lanes; rows worked out by hand pin the model
// (the fma whose one rounding a rounding to double first would get
// wrong); a fixed seed set runs at -O0 and -O3 with every output
// agreeing. With the host's fma rounded to double once and then to bf16
// (no rounding to odd), two rows fail (one of them the hand row); with
// ptxplay's cvt.rn.f16x2.f32 putting a into the lower half (core/fp
// CvtF16x2F32), 9 of the fixed set's 60 seeds disagree at both levels,
// 23000010, 23000014 and 23000015 in the smoke window.
func TestHalf2(t *testing.T) {
	cfg := withConfig(t, "half2")
	var names []string
	for _, o := range half2List {
		names = append(names, o.name())
	}
	listWritten(t, "half2", names, names, "hx_", "intrin,asm,intrin19,half,cvt")
	var hand []hostRow
	find := func(ins string) half2Op {
		for _, o := range half2List {
			if o.ins == ins {
				return o
			}
		}
		t.Fatalf("no %s", ins)
		return half2Op{}
	}
	for _, c := range []struct {
		desc, ins string
		a, b, c   uint64
		want      uint64
	}{
		{"fma.rn.bf16 9 * 29 + 2^-100: 261 + a little is above the tie 261 of 260 and 262: 262, where double rounding gives 260", "fma.rn.bf16", 0x4110, 0x41e8, 0x0d80, 0x4383},
		{"fma.rn.bf16 7 * 37 + 2^-100: 259 + a little: 260", "fma.rn.bf16", 0x40e0, 0x4214, 0x0d80, 0x4382},
		{"add.f16x2: 1 + 1 = 2 in both lanes", "add.f16x2", 0x3c003c00, 0x3c003c00, 0, 0x40004000},
		{"add.f16x2 65504 + 16 = 65520, the tie of 65504 and 2^16: infinity; lane 1: -0 + -0 = -0", "add.f16x2", 0x80007bff, 0x80004c00, 0, 0x80007c00},
		{"add.sat.f16x2: 0.5 + 0.75 clamps to 1; lane 1 -1 + 0.5 = -0.5 clamps to 0", "add.sat.f16x2", 0xbc003800, 0x38003a00, 0, 0x00003c00},
		{"mul.rn.f16x2 2^-14 * 2^-1 = 2^-15, a subnormal 0x0200; lane 1 inf * 0: NaN", "mul.rn.f16x2", 0x7c000400, 0x00003800, 0, 0x7fff0200},
		{"fma.rn.relu.f16x2: -1 * 1 + 0.5 = -0.5 relu 0; lane 1: 1 * 1 + 1 = 2", "fma.rn.relu.f16x2", 0x3c00bc00, 0x3c003c00, 0x3c003800, 0x40000000},
		{"min.f16x2 NaN, 1: 1; lane 1: -0, +0: +0 after h2can", "min.f16x2", 0x80007e00, 0x00003c00, 0, 0x00003c00},
		{"max.NaN.f16x2 NaN, 1: NaN", "max.NaN.f16x2", 0x7e00, 0x3c00, 0, 0x7fff},
		{"neg.f16x2 of 1 and -2", "neg.f16x2", 0xc0003c00, 0, 0, 0x4000bc00},
		{"abs.bf16x2 of -1.0 (0xbf80) and NaN 0xffc1: 1.0, 0x7fff", "abs.bf16x2", 0xffc1bf80, 0, 0, 0x7fff3f80},
		{"set.lt.f16x2.f16x2 1 < 2: 1.0; lane 1 NaN < 0: 0", "set.lt.f16x2.f16x2", 0x7e003c00, 0x00004000, 0, 0x3c00},
		{"set.gtu.u32.f16x2 1 > 2 no; lane 1 NaN: unordered, 0xffff", "set.gtu.u32.f16x2", 0x7e003c00, 0x00004000, 0, 0xffff0000},
		{"cvt.rn.f16x2.f32 a = 1.0 (upper), b = 65520 (lower, the tie: infinity)", "cvt.rn.f16x2.f32", uint64(math.Float32bits(1)), uint64(math.Float32bits(65520)), 0, 0x3c007c00},
		{"cvt.rz.relu.bf16x2.f32 a = -3 (relu 0), b = 1.00390625 + 2^-9 (truncated to 1.0)", "cvt.rz.relu.bf16x2.f32", uint64(math.Float32bits(-3)), uint64(math.Float32bits(1.005859375)), 0, 0x00003f80},
		{"cvt.rn.bf16x2.f32 lower 1.005859375 = 1 + 3*2^-9: to 1 + 2^-7 (0x3f81)", "cvt.rn.bf16x2.f32", 0, uint64(math.Float32bits(1.005859375)), 0, 0x3f81},
	} {
		if got := half2Model(find(c.ins), c.a, c.b, c.c); got != c.want {
			t.Errorf("model: %s: 0x%x, want 0x%x", c.desc, got, c.want)
		}
		hand = append(hand, hostRow{c.desc, half2Expr(find(c.ins), [3]uint64{c.a, c.b, c.c}), c.want})
	}
	lanes := map[bool][]uint64{
		false: {0, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c01, 0x3bff, 0x5bff, 0x1400, 0x4000},
		true:  {0, 0x8000, 0x3f80, 0xbf80, 0x3f00, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0x0001, 0x8001, 0x007f, 0x0080, 0x3f81, 0x3f7f, 0x4110, 0x41e8, 0x0d80},
	}
	var rows []hostRow
	seed := uint64(12345)
	rnd := func() uint64 {
		seed = seed*6364136223846793005 + 1442695040888963407
		return seed >> 32
	}
	for _, o := range half2List {
		var trips [][3]uint64
		if o.fromF32s {
			fs := []float32{0, -0.0, 1, -3, 65504, 65519.9, 65520, 1e-8, 3e-8, 1.005859375, 3.4e38, float32(math.Inf(1)), float32(math.NaN()), 0x1p-130}
			for i, x := range fs {
				trips = append(trips, [3]uint64{uint64(math.Float32bits(x)), uint64(math.Float32bits(fs[(i*5+3)%len(fs)])), 0})
			}
			for range 20 {
				trips = append(trips, [3]uint64{rnd(), rnd(), 0})
			}
		} else {
			l := lanes[o.bf]
			for i := range l {
				for j := range l {
					if (i+j)%3 == 0 {
						trips = append(trips, [3]uint64{l[i] | l[j]<<16, l[j] | l[(i+j)%len(l)]<<16, l[(i*7+j)%len(l)] | l[i]<<16})
					}
				}
			}
			for range 30 {
				trips = append(trips, [3]uint64{rnd(), rnd(), rnd()})
			}
		}
		for _, tr := range trips {
			want := half2Model(o, tr[0], tr[1], tr[2])
			if r, _ := o.kinds(); r == U16 {
				want &= 0xffff
			}
			rows = append(rows, hostRow{fmt.Sprintf("%s of 0x%x, 0x%x, 0x%x", o.ins, tr[0], tr[1], tr[2]), half2Expr(o, tr), want})
		}
	}
	rows = append(rows, hand...)
	checkHostRows(t, preludeC+cvtShared+cvtHost+half2Shared+half2Host, "", rows)
	fixedSeeds(t, cfg, "half2", smokeAt(23000001, 23000010), size(60, 8), 40)
}
