package main

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
)

// cvtModel computes a conversion of Config.Cvt in Go with math/big,
// written apart from cvtHost (which rounds by hand in C and builds the
// result with ldexp and casts): the source register's value (an
// integer's low bits, extended by its type; a float's exact value), then
// the ISA's conversion: integers chopped to the destination's width
// (.sat: clamped to its range first); floats to integers rounded in the
// mode (rni to the nearest, ties to even), clamped, NaN 0 or 1 <<
// (width - 1) (source .f64 or destination 64 bits); to a float, the
// exact value rounded to the format's precision with subnormals below
// its least normal exponent, encoded here field by field; .sat on a
// float clamps to [0, 1], NaN and -0 to +0. The result is what the row
// prints: the destination register extended by the type's signedness to
// the result kind, an f16 result's bits with NaN 0x7fff, an f32 or f64
// result's bits with NaN 0x7fffffff or 0x7fffffffffffffff (f2u, d2u).
func cvtModel(o cvtOp, a uint64) uint64 {
	mask := func(w int) uint64 {
		if w == 64 {
			return math.MaxUint64
		}
		return 1<<w - 1
	}
	ext := func(v uint64, w int, sg bool) *big.Int { // v's low w bits as an integer
		v &= mask(w)
		x := new(big.Int).SetUint64(v)
		if sg && v>>(w-1)&1 == 1 {
			x.Sub(x, new(big.Int).Lsh(big.NewInt(1), uint(w)))
		}
		return x
	}
	// An integer into the destination register: chopped to the type,
	// extended by its signedness to 64 bits, then the result kind's width.
	intOut := func(x *big.Int) uint64 {
		m := new(big.Int).SetUint64(mask(o.d.bits))
		v := new(big.Int).And(x, m).Uint64() // two's complement chop (And of a negative big.Int is two's complement)
		r := ext(v, o.d.bits, o.d.sg)
		u := uint64(r.Int64())
		if !o.d.sg {
			u = r.Uint64()
		}
		u &= mask(o.dw) // the register
		if o.d.sg {     // the result kind is signed: (u64) of it sign-extends
			u = uint64(ext(u, o.dw, true).Int64())
		}
		return u
	}
	lim := func(t cvtType) (*big.Int, *big.Int) {
		one := big.NewInt(1)
		if t.sg {
			hi := new(big.Int).Lsh(one, uint(t.bits-1))
			return new(big.Int).Neg(hi), hi.Sub(hi, one)
		}
		hi := new(big.Int).Lsh(one, uint(t.bits))
		return big.NewInt(0), hi.Sub(hi, one)
	}
	clamp := func(x *big.Int, t cvtType) *big.Int {
		lo, hi := lim(t)
		if x.Cmp(lo) < 0 {
			return lo
		}
		if x.Cmp(hi) > 0 {
			return hi
		}
		return x
	}
	// The source's exact value (nil: NaN; inf: ±1, else 0).
	var val *big.Rat
	inf, nan := 0, false
	if !o.a.float {
		val = new(big.Rat).SetInt(ext(a, o.a.bits, o.a.sg))
	} else {
		var sign, exp, frac uint64
		var ebits, fbits int
		switch o.a.bits {
		case 16:
			ebits, fbits = 5, 10
		case 32:
			ebits, fbits = 8, 23
		default:
			ebits, fbits = 11, 52
		}
		a &= mask(o.a.bits)
		sign, exp, frac = a>>(o.a.bits-1), a>>fbits&mask(ebits), a&mask(fbits)
		bias := int(mask(ebits - 1))
		switch {
		case exp == mask(ebits) && frac != 0:
			nan = true
		case exp == mask(ebits):
			inf = 1 - 2*int(sign)
		default:
			m, e := frac, 1-bias-fbits
			if exp != 0 {
				m, e = frac|1<<fbits, int(exp)-bias-fbits
			}
			val = new(big.Rat).SetInt(new(big.Int).SetUint64(m))
			if e >= 0 {
				val.Mul(val, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(e))))
			} else {
				val.Quo(val, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(-e))))
			}
			if sign == 1 {
				val.Neg(val)
				if m == 0 {
					inf = -2 // -0
				}
			}
		}
	}
	modeOf := map[string]int{"": 0, "rn": 0, "rz": 1, "rm": 2, "rp": 3, "rni": 0, "rzi": 1, "rmi": 2, "rpi": 3}[o.mode]
	// roundInt: x's integral part in the mode, and x - that in [0, 1).
	floorRat := func(x *big.Rat) (*big.Int, *big.Rat) {
		q, r := new(big.Int).QuoRem(x.Num(), x.Denom(), new(big.Int))
		if r.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		}
		return q, new(big.Rat).Sub(x, new(big.Rat).SetInt(q))
	}
	roundInt := func(x *big.Rat, m int, neg bool) *big.Int {
		f, rem := floorRat(x)
		half := big.NewRat(1, 2)
		up := false
		switch m {
		case 0:
			c := rem.Cmp(half)
			up = c > 0 || c == 0 && f.Bit(0) == 1
		case 1: // toward zero: floor for positives, ceiling for negatives
			up = neg && rem.Sign() != 0
		case 2:
		case 3:
			up = rem.Sign() != 0
		}
		if up {
			f.Add(f, big.NewInt(1))
		}
		return f
	}
	if !o.d.float {
		if !o.a.float {
			x := val.Num()
			if o.sat {
				x = clamp(x, o.d)
			}
			return intOut(x)
		}
		if nan {
			if o.a.bits == 64 || o.d.bits == 64 {
				return intOut(new(big.Int).Lsh(big.NewInt(1), uint(o.d.bits-1)))
			}
			return intOut(big.NewInt(0))
		}
		lo, hi := lim(o.d)
		switch {
		case inf == 1:
			return intOut(hi)
		case inf == -1:
			return intOut(lo)
		}
		return intOut(clamp(roundInt(val, modeOf, val.Sign() < 0), o.d))
	}
	// A float result: p bits of precision, exponents emin..emax.
	p, emin, emax, ebits := 11, -14, 15, 5
	switch o.d.bits {
	case 32:
		p, emin, emax, ebits = 24, -126, 127, 8
	case 64:
		p, emin, emax, ebits = 53, -1022, 1023, 11
	}
	bias := emax
	enc := func(neg bool, e int, m uint64) uint64 { // biased exponent field e, fraction m
		s := uint64(0)
		if neg {
			s = 1
		}
		return s<<(o.d.bits-1) | uint64(e)<<(p-1) | m
	}
	infBits := func(neg bool) uint64 { return enc(neg, int(mask(ebits)), 0) }
	maxBits := func(neg bool) uint64 { return enc(neg, int(mask(ebits))-1, mask(p-1)) }
	var r uint64
	isNaN := false
	switch {
	case nan:
		isNaN = true
	case inf == 1 || inf == -1:
		r = infBits(inf < 0)
	case inf == -2 || val.Sign() == 0:
		r = enc(inf == -2, 0, 0)
	default:
		neg := val.Sign() < 0
		x := new(big.Rat).Abs(val)
		// e: 2^e <= x < 2^(e+1)
		e := x.Num().BitLen() - x.Denom().BitLen()
		pow := func(k int) *big.Rat {
			if k >= 0 {
				return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(k)))
			}
			return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-k)))
		}
		for x.Cmp(pow(e)) < 0 {
			e--
		}
		for x.Cmp(pow(e+1)) >= 0 {
			e++
		}
		q := max(e, emin) - (p - 1)
		n := new(big.Rat).Quo(x, pow(q))
		m := modeOf
		// In magnitude: rz never up, rm up for negatives, rp for positives.
		f, rem := floorRat(n)
		up := false
		switch {
		case rem.Sign() == 0:
		case m == 0:
			c := rem.Cmp(big.NewRat(1, 2))
			up = c > 0 || c == 0 && f.Bit(0) == 1
		case m == 2:
			up = neg
		case m == 3:
			up = !neg
		}
		if up {
			f.Add(f, big.NewInt(1))
		}
		if f.BitLen() > p {
			f.Rsh(f, 1)
			q++
		}
		switch {
		case q > emax-(p-1):
			switch {
			case m == 0, m == 2 && neg, m == 3 && !neg:
				r = infBits(neg)
			default:
				r = maxBits(neg)
			}
		case f.BitLen() < p: // subnormal (q == emin - (p - 1)) or zero
			r = enc(neg, 0, f.Uint64())
		default:
			r = enc(neg, q+(p-1)+bias, f.Uint64()&mask(p-1))
		}
	}
	if o.sat {
		one := enc(false, bias, 0)
		switch {
		case isNaN, r>>(o.d.bits-1) == 1: // NaN, a negative or -0
			r, isNaN = 0, false
		case r > one && r < infBits(false)+1:
			r = one
		}
	}
	if isNaN {
		return mask(o.d.bits - 1) // 0x7fff, f2u's 0x7fffffff, d2u's
	}
	return r
}

// cvtRow is cvtModel's value as a row prints it: a register wider than
// the type folded as cvtFinish does.
func cvtRow(o cvtOp, a uint64) uint64 {
	r := cvtModel(o, a)
	if o.dw <= o.d.bits || o.d.float && o.d.bits > 16 {
		return r
	}
	m := uint64(1)<<o.dw - 1
	if o.dw == 64 {
		m = math.MaxUint64
	}
	f := (r ^ (r&m)>>(o.dw/2)) & m
	if o.d.sg { // (u64) of the signed result kind
		f = uint64(int64(f<<(64-o.dw)) >> (64 - o.dw))
	}
	return f
}

// cvtInputs are the source values of TestCvt's rows for a source type.
func cvtInputs(a cvtType) []uint64 {
	if !a.float {
		return []uint64{0, 1, 0x7f, 0x80, 0xff, 0x1234, 0x7fff, 0x8000, 0xffff, 0x1ff80, 0x7fffffff, 0x80000000,
			0xfffffffe, 0x123456789abcdef0, 0x7fffffffffffffff, 0x8000000000000000, 0xffffffffffffff85, 0x00000000fffffd00,
			0x0020000000000001, 0x0000000001000001, 0x0000000000000fff, 0x000000000000fff0, 0x000000000000ffef}
	}
	var fs []float64
	fs = append(fs, 0, math.Copysign(0, -1), 0.5, -0.5, 1.5, 2.5, -2.5, 0.75, 1, 127.5, -128.5, 128, -129, 255.5, 256, 32767.5, -32768.5,
		65504, 65519, 65520, 70000, -70000, 1e-8, -1e-8, 6e-8, 3e-8, 2.9802322387695312e-08, 0x1p-24*1.5, 0x1p-14, 0x1p-15*3,
		2147483647.5, -2147483648.5, 4294967295.5, 0x1p63, -0x1p63, 0x1p64, 1e30, -1e30, 0.99951171875, 1.0009765625,
		math.Inf(1), math.Inf(-1), math.NaN(), 1.0/3, -2.0/3, 0x1p-126*0.75, 1e-300)
	var out []uint64
	for _, f := range fs {
		switch a.bits {
		case 16:
			// The half nearest f, by a float32 detour (a row's input, any
			// half is fine), and a few patterns.
			out = append(out, uint64(f32ToHalfBits(float32(f))))
		case 32:
			out = append(out, uint64(math.Float32bits(float32(f))))
		default:
			out = append(out, math.Float64bits(f))
		}
	}
	if a.bits == 16 {
		out = append(out, 0x0001, 0x8001, 0x03ff, 0x0400, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe00, 0x3c00, 0x3e00, 0x4100, 0xc100, 0x5bff)
	}
	return out
}

// f32ToHalfBits: a half near x (truncated): only TestCvt's inputs.
func f32ToHalfBits(x float32) uint16 {
	b := math.Float32bits(x)
	s := uint16(b >> 16 & 0x8000)
	e := int(b>>23&0xff) - 127 + 15
	m := b & 0x7fffff
	switch {
	case x != x:
		return 0x7e00
	case e >= 31:
		return s | 0x7c00
	case e <= 0:
		if e < -10 {
			return s
		}
		return s | uint16((m|0x800000)>>uint(14-e))
	}
	return s | uint16(e)<<10 | uint16(m>>13)
}

// cvtRowExpr: the row's C expression for op o of source bits a.
func cvtRowExpr(o cvtOp, a uint64) string {
	var arg string
	switch o.arg() {
	case F32:
		arg = fmt.Sprintf("u2f(0x%xu)", uint32(a))
	case F64:
		arg = fmt.Sprintf("u2d(0x%xull)", a)
	case U16:
		arg = fmt.Sprintf("(u16)0x%xu", uint16(a))
	case U32:
		arg = fmt.Sprintf("0x%xu", uint32(a))
	default:
		arg = fmt.Sprintf("0x%xull", a)
	}
	call := "I_" + o.name() + "(" + arg + ")"
	switch o.ret() {
	case F32:
		return "f2u(" + call + ")"
	case F64:
		return "d2u(" + call + ")"
	}
	return "(u64)" + call
}

// TestCvt: -with cvt writes every family of cvtList (300 programs),
// programs without it none; the host (cvtHost) gives cvtModel's value
// for every conversion of cvtList on inputs at every boundary (ties,
// ranges, the halves' overflow threshold, subnormals, NaN, infinities);
// rows worked out by hand pin the model; a fixed seed set runs at -O0
// and -O3 with every output agreeing. With the host's .rn ties rounded
// down (hc_round), 16 rows fail; with ptxplay's cvt leaving a signed
// destination narrower than its register zero-extended (core/sim
// lowerCvt), seeds 22900051 and 22900054 of the fixed set disagree at
// both levels (the smoke window holds them).
func TestCvt(t *testing.T) {
	cfg := withConfig(t, "cvt")
	// Too many for 300 programs to write each: every family (float or
	// integer destination and source, .sat or not), and half of all.
	var names, fams []string
	for _, o := range cvtList {
		names = append(names, o.name())
		fams = append(fams, fmt.Sprintf("the conversions from %s to %s %s", map[bool]string{false: "integer", true: "float"}[o.a.float],
			map[bool]string{false: "integer", true: "float"}[o.d.float], map[bool]string{false: "without .sat", true: "with .sat"}[o.sat]))
	}
	n := listWritten(t, "cvt", names, fams, "cv_", "intrin,asm,round,intrin19,half")
	if n < len(cvtList)/2 {
		t.Errorf("300 programs with -with cvt wrote %d of the %d conversions", n, len(cvtList))
	}
	// The model against values worked out by hand from the ISA's text.
	// op parses "cvt.rni.sat.s8.f32" with registers of dw and aw bits.
	op := func(ins string, dw, aw int) cvtOp {
		var o cvtOp
		parts := strings.Split(ins, ".")
		ty := func(n string) cvtType {
			for _, c := range append(append([]cvtType{}, cvtInts...), cvtFloats...) {
				if c.name == n {
					return c
				}
			}
			t.Fatalf("no type %s", n)
			return cvtType{}
		}
		o.d, o.a = ty(parts[len(parts)-2]), ty(parts[len(parts)-1])
		for _, m := range parts[1 : len(parts)-2] {
			if m == "sat" {
				o.sat = true
			} else {
				o.mode = m
			}
		}
		o.dw, o.aw = dw, aw
		return o
	}
	h := func(f float32) uint64 { return uint64(f32ToHalfBits(f)) }
	f := func(x float32) uint64 { return uint64(math.Float32bits(x)) }
	d := math.Float64bits
	for _, c := range []struct {
		desc, ins string
		dw, aw    int
		a, want   uint64
	}{
		{"cvt.s8.u32: chop 0x1ff80 to 0x80, then sign-extend into the 32-bit register", "cvt.s8.u32", 32, 32, 0x1ff80, 0xffffffffffffff80},
		{"cvt.u8.s16 in a 16-bit register: 0xff85 chopped to 0x85, zero-extended", "cvt.u8.s16", 16, 16, 0xff85, 0x85},
		{"cvt.sat.u8.s16: -123 clamps to 0", "cvt.sat.u8.s16", 32, 16, 0xff85, 0},
		{"cvt.sat.s8.u16: 0x1234 clamps to 127", "cvt.sat.s8.u16", 16, 32, 0x1234, 0x7f},
		{"cvt.s32.s8 of a 16-bit register: its low byte 0x80 is -128", "cvt.s32.s8", 32, 16, 0x1280, 0xffffffffffffff80},
		{"cvt.sat.u32.s64: -1 clamps to 0", "cvt.sat.u32.s64", 64, 64, 0xffffffffffffffff, 0},
		{"cvt.sat.s32.u64: 2^63 clamps to 2^31-1", "cvt.sat.s32.u64", 64, 64, 0x8000000000000000, 0x7fffffff},
		{"cvt.rni.s8.f32 127.5: ties to even 128, clamped to 127", "cvt.rni.s8.f32", 32, 32, f(127.5), 0x7f},
		{"cvt.rni.s8.f32 -2.5: ties to even -2", "cvt.rni.s8.f32", 32, 32, f(-2.5), 0xfffffffffffffffe},
		{"cvt.rmi.u8.f32 -0.5: -1 clamps to 0", "cvt.rmi.u8.f32", 16, 32, f(-0.5), 0},
		{"cvt.rpi.s16.f64 NaN: source .f64, 1 << 15, sign-extended", "cvt.rpi.s16.f64", 32, 64, d(math.NaN()), 0xffffffffffff8000},
		{"cvt.rni.s32.f16 NaN: 0", "cvt.rni.sat.s32.f16", 32, 16, 0x7e00, 0},
		{"cvt.rzi.u64.f32 NaN: destination 64 bits, 1 << 63", "cvt.rzi.u64.f32", 64, 32, f(float32(math.NaN())), 0x8000000000000000},
		{"cvt.rn.f16.u32 65519: below the midpoint 65520, 65504", "cvt.rn.f16.u32", 16, 32, 65519, 0x7bff},
		{"cvt.rn.f16.u32 65520: ties to even, infinity", "cvt.rn.f16.u32", 16, 32, 65520, 0x7c00},
		{"cvt.rz.f16.s64 -2^63: the largest finite, negative", "cvt.rz.f16.s64", 16, 64, 0x8000000000000000, 0xfbff},
		{"cvt.rm.f16.f32 1.0009765625 (1 + 2^-10, exact): 0x3c01", "cvt.rm.f16.f32", 16, 32, f(1.0009765625), 0x3c01},
		{"cvt.rp.f16.f32 2^-25 (below the least subnormal): 2^-24", "cvt.rp.f16.f32", 16, 32, f(0x1p-25), 1},
		{"cvt.rm.f16.f32 -2^-25: -2^-24", "cvt.rm.f16.f32", 16, 32, f(-0x1p-25), 0x8001},
		{"cvt.rz.f16.f32 -2^-25: -0", "cvt.rz.f16.f32", 16, 32, f(-0x1p-25), 0x8000},
		{"cvt.rn.sat.f16.f32 -3: 0", "cvt.rn.sat.f16.f32", 16, 32, f(-3), 0},
		{"cvt.rn.sat.f16.f64 0.99999: rounds to 1.0", "cvt.rn.sat.f16.f64", 16, 64, d(0.99999), 0x3c00},
		{"cvt.rn.sat.f16.f64 NaN: 0", "cvt.rn.sat.f16.f64", 16, 64, d(math.NaN()), 0},
		{"cvt.rz.f32.f64 1e300: the largest finite f32", "cvt.rz.f32.f64", 32, 64, d(1e300), 0x7f7fffff},
		{"cvt.rm.f32.f64 1e300: the largest finite f32", "cvt.rm.f32.f64", 32, 64, d(1e300), 0x7f7fffff},
		{"cvt.rp.f32.f64 1e300: infinity", "cvt.rp.f32.f64", 32, 64, d(1e300), 0x7f800000},
		{"cvt.f32.f16 of a half NaN: f2u's NaN", "cvt.f32.f16", 32, 16, 0x7e00, 0x7fffffff},
		{"cvt.sat.f64.f16 of 1.5 (0x3e00): 1", "cvt.sat.f64.f16", 64, 16, 0x3e00, d(1)},
		{"cvt.rn.f32.u64 2^64-1: 2^64", "cvt.rn.f32.u64", 32, 64, math.MaxUint64, f(0x1p64)},
		{"cvt.rz.f32.u64 2^64-1: 2^64 - 2^40", "cvt.rz.f32.u64", 32, 64, math.MaxUint64, f(0x1p64 - 0x1p40)},
		{"cvt.rn.f64.u64 2^53 + 1: ties to even 2^53", "cvt.rn.f64.u64", 64, 64, 1<<53 + 1, d(0x1p53)},
		{"cvt.rp.f64.s64 2^53 + 1: 2^53 + 2", "cvt.rp.f64.s64", 64, 64, 1<<53 + 1, d(0x1p53 + 2)},
		{"cvt.rm.f64.s64 -(2^53 + 1): -(2^53 + 2)", "cvt.rm.f64.s64", 64, 64, -(1<<53 + 1) & math.MaxUint64, d(-0x1p53 - 2)},
		{"cvt.rn.f16.s8 of 0x85 in a 16-bit register: -123", "cvt.rn.f16.s8", 16, 16, 0xff85, h(-123)},
	} {
		if got := cvtModel(op(c.ins, c.dw, c.aw), c.a); got != c.want {
			t.Errorf("model: %s: %s (registers %d, %d) of 0x%x = 0x%x, want 0x%x", c.desc, c.ins, c.dw, c.aw, c.a, got, c.want)
		}
	}
	var rows []hostRow
	for _, o := range cvtList {
		for _, a := range cvtInputs(o.a) {
			rows = append(rows, hostRow{o.ins() + fmt.Sprintf(" (registers %d, %d) of 0x%x", o.dw, o.aw, a), cvtRowExpr(o, a), cvtRow(o, a)})
		}
	}
	checkHostRows(t, preludeC+cvtShared+cvtHost, "", rows)
	fixedSeeds(t, cfg, "cvt", smokeAt(22900001, 22900051), size(60, 8), 40)
}
