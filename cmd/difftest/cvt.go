// cvt.go: Config.Cvt, the conversions of users' PTX that clang never
// writes for plain C, as inline PTX (one cvt a macro, cvtOps):
//   - between integers of every width and signedness, with .sat where
//     the source has values the destination lacks (the ISA makes it
//     illegal elsewhere), a narrow type in a 16-bit register, a destination register
//     wider than the type ("chop, then extend by the destination
//     format", the ISA's conversion table: cvt.s8.u32 into a 32-bit
//     register sign-extends bit 7), a source register wider than the
//     type (its low bits: cvt.s32.s8 of a 16-bit register);
//   - float (f16, f32, f64) to every integer type in .rni, .rzi, .rmi,
//     .rpi (clamped to the type's range, NaN 0 or 1 << (width - 1) as
//     the ISA says; .sat redundant, written on some), cvt.rni.s8.f32 of int8 quantization among them;
//   - every integer type to f16, f32 and f64 in .rn, .rz, .rm, .rp (the
//     .rz ones clang folds to .rn from the builtins, Config.Intrin), .sat
//     on some;
//   - between f16, f32 and f64 in every rounding mode, with and without
//     .sat (cvt.rz.f16.f32, cvt.rm.sat.f16.f64, cvt.rp.f32.f64 ...).
//
// The host computes each from the ISA's rules in C (cvtHost): an exact
// integer (__int128) or the exact double of a float source, rounded to
// the destination format's precision and exponent range by hand
// (hc_round), overflow as IEEE's directed roundings have it (.rz gives
// the largest finite value, .rm -inf below and the largest above ...).
// TestCvt checks the host against cvtModel, written apart in Go with
// math/big.
//
// Kept definite on both sides: an f16 result's NaN becomes 0x7fff (the
// ISA leaves a NaN's payload open), and a .sat result's -0 becomes +0
// (as Config.Intrin's cvt.sat: "clamps to [0.0, 1.0]" says nothing of
// the sign of a zero).
package main

import (
	"fmt"
	"strings"
)

// cvtType is one of cvt's types: its name, width, signedness and class.
type cvtType struct {
	name  string
	bits  int
	sg    bool
	float bool
}

var cvtInts = []cvtType{{"s8", 8, true, false}, {"u8", 8, false, false}, {"s16", 16, true, false}, {"u16", 16, false, false},
	{"s32", 32, true, false}, {"u32", 32, false, false}, {"s64", 64, true, false}, {"u64", 64, false, false}}
var cvtFloats = []cvtType{{"f16", 16, false, true}, {"f32", 32, false, true}, {"f64", 64, false, true}}

// cvtOp is one conversion: cvt{.mode}{.sat}.d.a with the destination in
// a register of dw bits and the source in one of aw bits.
type cvtOp struct {
	d, a   cvtType
	mode   string // "", rn, rz, rm, rp (float results), rni, rzi, rmi, rpi (integer results of a float)
	sat    bool
	dw, aw int
}

func (o cvtOp) ins() string {
	s := "cvt"
	if o.mode != "" {
		s += "." + o.mode
	}
	if o.sat {
		s += ".sat"
	}
	return s + "." + o.d.name + "." + o.a.name
}

func (o cvtOp) name() string {
	return fmt.Sprintf("cv_%s_%d_%d", strings.ReplaceAll(strings.TrimPrefix(o.ins(), "cvt."), ".", "_"), o.dw, o.aw)
}

// reg is the asm constraint and C type of a register of w bits (f: a
// float type's own register; f16 lives in a 16-bit one).
func cvtReg(t cvtType, w int) (string, string, Kind) {
	switch {
	case t.float && t.bits == 32:
		return "f", "float", F32
	case t.float && t.bits == 64:
		return "d", "double", F64
	case w == 16:
		return "h", "u16", U16
	case w == 32:
		return "r", "u32", U32
	}
	return "l", "u64", U64
}

// ret is the op's result kind: a float's own, f16's bits, an integer
// register of the destination's signedness.
func (o cvtOp) ret() Kind {
	_, _, k := cvtReg(o.d, o.dw)
	if o.d.sg {
		k++ // U16 -> S16, U32 -> S32, U64 -> S64
	}
	return k
}

func (o cvtOp) arg() Kind {
	_, _, k := cvtReg(o.a, o.aw)
	return k
}

// natural is the register a type lives in: 8-bit types in 16-bit ones.
func natural(t cvtType) int {
	if t.bits == 8 {
		return 16
	}
	return t.bits
}

// wider is the next register up (64 stays 64).
func wider(w int) int {
	if w == 64 {
		return 64
	}
	return 2 * w
}

// cvtList is Config.Cvt's conversions: every integer pair with and
// without .sat, every float to every integer in the four integral
// modes, every integer to every float in the four modes, every float
// pair in the modes the ISA has for it; one in two with the destination
// register wider than the type's, one in three with a wider source
// register for an integer source.
var cvtList = func() []cvtOp {
	var ops []cvtOp
	n := 0
	reg := func(t cvtType, wide bool) int {
		if wide && (!t.float || t.bits == 16) {
			return wider(natural(t)) // f16 in a .b32 register: chopped as a source, zero-extended as a destination
		}
		return natural(t)
	}
	add := func(o cvtOp) {
		o.dw = reg(o.d, n%2 == 1)
		o.aw = reg(o.a, n%3 == 2)
		n++
		ops = append(ops, o)
	}
	for _, d := range cvtInts {
		for _, a := range cvtInts {
			if d != a {
				add(cvtOp{d: d, a: a})
				if !cvtHolds(d, a) {
					add(cvtOp{d: d, a: a, sat: true})
				}
			}
		}
	}
	for i, m := range []string{"rni", "rzi", "rmi", "rpi"} {
		for j, d := range cvtInts {
			for _, a := range cvtFloats {
				add(cvtOp{d: d, a: a, mode: m, sat: (i+j)%3 == 0})
			}
		}
	}
	for i, m := range []string{"rn", "rz", "rm", "rp"} {
		for j, a := range cvtInts {
			for _, d := range cvtFloats {
				add(cvtOp{d: d, a: a, mode: m, sat: (i+j)%4 == 1})
			}
		}
	}
	for _, m := range []string{"rn", "rz", "rm", "rp"} {
		for _, c := range [][2]cvtType{{cvtFloats[0], cvtFloats[1]}, {cvtFloats[0], cvtFloats[2]}, {cvtFloats[1], cvtFloats[2]}} {
			add(cvtOp{d: c[0], a: c[1], mode: m})
			add(cvtOp{d: c[0], a: c[1], mode: m, sat: true})
		}
	}
	for _, c := range [][2]cvtType{{cvtFloats[1], cvtFloats[0]}, {cvtFloats[2], cvtFloats[0]}, {cvtFloats[2], cvtFloats[1]}} {
		add(cvtOp{d: c[0], a: c[1]})
		add(cvtOp{d: c[0], a: c[1], sat: true})
	}
	return ops
}()

// cvtHolds: d holds every value of a, so that .sat cannot saturate and
// the ISA makes it illegal ("in cases where saturation is not possible
// based on the source and destination types").
func cvtHolds(d, a cvtType) bool {
	if d.sg == a.sg {
		return d.bits >= a.bits
	}
	return d.sg && d.bits > a.bits
}

// cvtOps are cvtList as the generator draws them.
var cvtOps = func() []intrinOp {
	ops := make([]intrinOp, len(cvtList))
	for i, o := range cvtList {
		ops[i] = intrinOp{name: o.name(), ret: o.ret(), args: []Kind{o.arg()}}
	}
	return ops
}()

// cvt is one of cvtOps converted to k: three times in four one whose
// result is of kind k, so that the whole destination register (a
// narrow type's extension into it) reaches the output.
func (g *gen) cvt(k Kind, depth int) *Expr {
	var same []intrinOp
	for _, op := range cvtOps {
		if op.ret == k {
			same = append(same, op)
		}
	}
	if len(same) > 0 && g.r.IntN(4) != 0 {
		return g.intrin(k, depth, same)
	}
	return g.intrin(k, depth, cvtOps)
}

// cvtShared: what both sides apply to a result: cvh makes an f16
// result's NaN 0x7fff (cvhw in a 32-bit register, whose upper half the
// ISA zero-extends), cvzh a .sat result's -0 +0.
const cvtShared = `/* Conversions (Config.Cvt): an f16 result's NaN canonical, a .sat result's zero +0. */
static DEV inline u16 cvh(u16 x) { return (x & 0x7fffu) > 0x7c00u ? (u16)0x7fffu : x; }
static DEV inline u16 cvzh(u16 x) { return x == 0x8000u ? (u16)0 : x; }
static DEV inline u32 cvhw(u32 x) { return (x & 0xffff0000u) | cvh((u16)x); }
`

// cvtCUDA: each conversion one asm statement.
var cvtCUDA = func() string {
	var b strings.Builder
	b.WriteString("/* Conversions (Config.Cvt), inline PTX. */\n")
	for _, o := range cvtList {
		dc, dt, _ := cvtReg(o.d, o.dw)
		ac, at, _ := cvtReg(o.a, o.aw)
		fmt.Fprintf(&b, "#define I_%s(a) ({ %s r_; asm(\"%s %%0, %%1;\" : \"=%s\"(r_) : \"%s\"((%s)(a))); (%s)%s; })\n",
			o.name(), dt, o.ins(), dc, ac, at, o.ret(), cvtFinish(o))
	}
	return b.String()
}()

// cvtFinish is what both sides apply to r_, the destination register.
// A register wider than the type (an integer's extension by the
// destination format, an f16's zero upper half) is folded, its upper half
// xored into its lower, so that the extension reaches an output through
// any narrower cast the program makes of the value.
func cvtFinish(o cvtOp) string {
	v := "r_"
	switch {
	case o.d.float && o.d.bits == 16 && o.sat && o.dw == 32:
		v = "((r_ & 0xffff0000u) | cvzh(cvh((u16)r_)))"
	case o.d.float && o.d.bits == 16 && o.sat:
		v = "cvzh(cvh(r_))"
	case o.d.float && o.d.bits == 16 && o.dw == 32:
		v = "cvhw(r_)"
	case o.d.float && o.d.bits == 16:
		v = "cvh(r_)"
	case o.d.float && o.sat:
		return "(r_ + 0.0f)"
	case o.d.float:
		return v
	}
	if o.dw > o.d.bits {
		_, dt, _ := cvtReg(o.d, o.dw)
		return fmt.Sprintf("(%s)(%s ^ (%s >> %d))", dt, v, v, o.dw/2)
	}
	return v
}

// cvtHost: the ISA's conversions in C. hc_int: a register's low w bits
// as a signed or unsigned integer; hc_toint: an exact integer into w
// bits (.sat: clamped to the type's range first), then extended by the
// type's signedness to 64 bits (a register wider than the type: "chop,
// then extend by the destination format"); hc_f2i: a float's integral
// value in the mode (rni ties to even), clamped to the type's range (the
// default for float sources); NaN "Zero if source is not .f64 and
// destination is not .s64, .u64. Otherwise 1 << (BitWidth(dst) - 1)"
// (PTX ISA 9.0, cvt), which a wider register extends by the type; hc_round: num * 2^e2 rounded to p
// bits with exponents from emin (subnormals below it) to emax in mode m
// (0 rn, 1 rz, 2 rm, 3 rp), overflow to infinity or the largest finite
// value as the mode says; hc_i2f and hc_f2f feed it, .sat clamps the
// result to [0, 1] (NaN 0).
var cvtHost = `/* Conversions (Config.Cvt), as the PTX ISA defines them. */
static s128 hc_int(u64 a, int w, int sg) {
  if (w < 64) a &= (1ull << w) - 1u;
  if (sg && (a >> (w - 1) & 1u)) return (s128)a - (w < 64 ? ((s128)1 << w) : ((s128)1 << 64));
  return (s128)a;
}
static u64 hc_toint(s128 v, int w, int sg, int sat) {
  if (sat) {
    s128 lo = sg ? -((s128)1 << (w - 1)) : 0, hi = sg ? ((s128)1 << (w - 1)) - 1 : ((s128)1 << w) - 1;
    v = v < lo ? lo : v > hi ? hi : v;
  }
  return (u64)hc_int((u64)v, w, sg);
}
static u64 hc_f2i(double x, int m, int w, int sg, int f64) {
  if (x != x) return f64 || w == 64 ? hc_toint((s128)1 << (w - 1), w, sg, 0) : 0;
  s128 v;
  if (x <= -0x1p70) v = -((s128)1 << 70);
  else if (x >= 0x1p70) v = (s128)1 << 70;
  else {
    double f = floor(x), d = x - f;
    if (m == 1) f = trunc(x);
    else if (m == 3) f = ceil(x);
    else if (m == 0 && (d > 0.5 || (d == 0.5 && fmod(f, 2.0) != 0.0))) f += 1.0;
    v = (s128)f;
  }
  return hc_toint(v, w, sg, 1);
}
static double hc_round(int neg, u128 num, int e2, int p, int emin, int emax, int m) {
  if (num == 0) return neg ? -0.0 : 0.0;
  int msb = 127;
  while (!(num >> msb & 1u)) msb--;
  int e = msb + e2, q = (e > emin ? e : emin) - (p - 1), s = q - e2, inc;
  u128 kept;
  if (s <= 0) { kept = num << -s; inc = 0; }
  else if (s > msb + 1) { kept = 0; inc = (m == 2 && neg) || (m == 3 && !neg); }
  else {
    u128 rem = num & (((u128)1 << s) - 1), half = (u128)1 << (s - 1);
    kept = num >> s;
    inc = m == 0 ? rem > half || (rem == half && (kept & 1u)) : m == 2 ? neg && rem : m == 3 ? !neg && rem : 0;
  }
  kept += (u128)inc;
  if (kept >> p) { kept >>= 1; q++; }
  if (q > emax - p + 1) {
    double big = ldexp((double)(((u128)1 << p) - 1), emax - p + 1);
    double r = m == 0 ? INFINITY : m == 1 ? big : m == 2 ? (neg ? INFINITY : big) : (neg ? big : INFINITY);
    return neg ? -r : r;
  }
  double r = ldexp((double)kept, q);
  return neg ? -r : r;
}
static double hc_fmt(int neg, u128 num, int e2, int db, int m) {
  return db == 16 ? hc_round(neg, num, e2, 11, -14, 15, m) : db == 32 ? hc_round(neg, num, e2, 24, -126, 127, m) : hc_round(neg, num, e2, 53, -1022, 1023, m);
}
static double hc_sat(double r, int sat) { return !sat ? r : r != r ? 0.0 : r < 0.0 ? 0.0 : r > 1.0 ? 1.0 : r + 0.0; }
static double hc_i2f(u64 a, int w, int sg, int db, int m, int sat) {
  s128 v = hc_int(a, w, sg);
  return hc_sat(hc_fmt(v < 0, (u128)(v < 0 ? -v : v), 0, db, m), sat);
}
static double hc_f2f(double x, int db, int m, int sat) {
  if (x != x || isinf(x) || x == 0.0) return hc_sat(x, sat);
  int e;
  double f = frexp(fabs(x), &e);
  return hc_sat(hc_fmt(signbit(x) != 0, (u128)(u64)ldexp(f, 53), e - 53, db, m), sat);
}
static u16 hc_h(double x) { h16 h = (h16)x; u16 u; memcpy(&u, &h, 2); return x != x ? (u16)0x7fffu : u; }
static double hc_hd(u16 u) { h16 h; memcpy(&h, &u, 2); return (double)h; }
` + func() string {
	var b strings.Builder
	modes := map[string]int{"rn": 0, "rz": 1, "rm": 2, "rp": 3, "rni": 0, "rzi": 1, "rmi": 2, "rpi": 3}
	for _, o := range cvtList {
		_, dt, _ := cvtReg(o.d, o.dw)
		src := "(u64)(a)"
		if o.a.float {
			switch o.a.bits {
			case 16:
				src = "hc_hd((u16)(a))" // a 32-bit register's low half
			case 32:
				src = "(double)(float)(a)"
			default:
				src = "(double)(a)"
			}
		}
		var v string
		switch {
		case !o.d.float && !o.a.float:
			v = fmt.Sprintf("hc_toint(hc_int(%s, %d, %d), %d, %d, %d)", src, o.a.bits, b2i(o.a.sg), o.d.bits, b2i(o.d.sg), b2i(o.sat))
		case !o.d.float:
			v = fmt.Sprintf("hc_f2i(%s, %d, %d, %d, %d)", src, modes[o.mode], o.d.bits, b2i(o.d.sg), b2i(o.a.bits == 64))
		case !o.a.float:
			v = fmt.Sprintf("hc_i2f(%s, %d, %d, %d, %d, %d)", src, o.a.bits, b2i(o.a.sg), o.d.bits, modes[o.mode], b2i(o.sat))
		default:
			v = fmt.Sprintf("hc_f2f(%s, %d, %d, %d)", src, o.d.bits, modes[o.mode], b2i(o.sat))
		}
		if o.d.float && o.d.bits == 16 {
			v = "hc_h(" + v + ")"
		}
		fmt.Fprintf(&b, "#define I_%s(a) ({ %s r_ = (%s)%s; (%s)%s; })\n", o.name(), dt, dt, v, o.ret(), cvtFinish(o))
	}
	return b.String()
}()
