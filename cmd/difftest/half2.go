// half2.go: Config.Half2, the half-precision arithmetic of users' PTX
// (cuda_fp16.hpp's and cuda_bf16.hpp's inline PTX, LLM kernels) that
// clang never writes for plain C, as inline PTX on the bits of halves:
//   - f16x2 (a .b32 register of two halves, lane 0 in bits 0-15): add,
//     add.rn, sub, mul.rn, add.sat, mul.sat, fma.rn, fma.rn.sat,
//     fma.rn.relu, neg, abs, min, max, min.NaN, max.NaN, set with an
//     f16x2 and a u32 result, cvt.rn.f16x2.f32 and cvt.rz.relu.f16x2.f32
//     of two floats (a into the upper half);
//   - f16 (a .b16 register): add, sub.sat, mul, fma.rn, fma.rn.relu,
//     neg, abs, min, max.NaN, set.le.f16.f16;
//   - bf16x2 and bf16 (sm_80, PTX 7.0): fma.rn, fma.rn.relu, min, max,
//     min.NaN, max.NaN, neg, abs, cvt.rn.bf16x2.f32.
//
// The host computes each lane from the ISA's semantics (half2Host): the
// lanes' exact values in double; a sum or product of two halves is exact
// there, and fma's sum is rounded to odd (TwoSum's error decides the
// last bit), which the one rounding to 11 or 8 bits then makes correct
// (53 >= 11 + 2); .sat clamps the rounded result to [0, 1] (NaN 0),
// .relu a negative one to 0; min and max take the number of a number and
// a NaN (.NaN: NaN). TestHalf2 checks the host against half2Model, in Go
// with math/big.
//
// Kept definite on both sides (h2can): a lane's NaN becomes 0x7fff (the
// ISA leaves the payload open, and neg's and abs's NaN "unspecified");
// the zero of .sat, .relu, min and max +0.
package main

import (
	"fmt"
	"strings"
)

// half2Op is one instruction: its PTX, format (bf16 or f16), lanes (1 or
// 2), operation and modifiers.
type half2Op struct {
	ins      string
	bf       bool
	lanes    int
	op       string // add sub mul fma neg abs min max set cvt
	sat      bool
	relu     bool
	nan      bool   // min/max .NaN
	cmp      string // set: the compare
	setT     string // set: the result type (f16x2, u32, s32, f16)
	rz       bool   // cvt: .rz (else .rn)
	nargs    int
	fromF32s bool // cvt of two f32
}

func (o half2Op) name() string {
	return "hx_" + strings.NewReplacer(".", "_").Replace(o.ins)
}

// half2Rows: the instructions, a row for each group of one format, lane
// count, operation and arity, in the order of half2List (the generator
// draws by index). The modifiers come from the names: .sat, .relu, .NaN;
// set's compare and result type (set.CMP.TYPE.f16x2); cvt's .rz.
var half2Rows = []struct {
	names []string
	bf    bool
	lanes int
	op    string // add sub mul fma neg abs min max set cvt
	arity int
}{
	{[]string{"add.f16x2", "add.rn.f16x2"}, false, 2, "add", 2},
	{[]string{"sub.f16x2"}, false, 2, "sub", 2},
	{[]string{"mul.rn.f16x2"}, false, 2, "mul", 2},
	{[]string{"add.sat.f16x2"}, false, 2, "add", 2},
	{[]string{"mul.sat.f16x2"}, false, 2, "mul", 2},
	{[]string{"fma.rn.f16x2", "fma.rn.sat.f16x2", "fma.rn.relu.f16x2"}, false, 2, "fma", 3},
	{[]string{"neg.f16x2"}, false, 2, "neg", 1},
	{[]string{"abs.f16x2"}, false, 2, "abs", 1},
	{[]string{"min.f16x2"}, false, 2, "min", 2},
	{[]string{"max.f16x2"}, false, 2, "max", 2},
	{[]string{"min.NaN.f16x2"}, false, 2, "min", 2},
	{[]string{"max.NaN.f16x2"}, false, 2, "max", 2},
	{[]string{"set.lt.f16x2.f16x2", "set.gtu.u32.f16x2", "set.nan.f16x2.f16x2", "set.eq.s32.f16x2"}, false, 2, "set", 2},
	{[]string{"cvt.rn.f16x2.f32", "cvt.rz.relu.f16x2.f32"}, false, 2, "cvt", 2},
	{[]string{"cvt.rn.bf16x2.f32", "cvt.rz.relu.bf16x2.f32"}, true, 2, "cvt", 2},
	{[]string{"add.f16"}, false, 1, "add", 2},
	{[]string{"sub.sat.f16"}, false, 1, "sub", 2},
	{[]string{"mul.f16"}, false, 1, "mul", 2},
	{[]string{"fma.rn.f16", "fma.rn.relu.f16"}, false, 1, "fma", 3},
	{[]string{"neg.f16"}, false, 1, "neg", 1},
	{[]string{"abs.f16"}, false, 1, "abs", 1},
	{[]string{"min.f16"}, false, 1, "min", 2},
	{[]string{"max.NaN.f16"}, false, 1, "max", 2},
	{[]string{"set.le.f16.f16"}, false, 1, "set", 2},
	{[]string{"fma.rn.bf16x2", "fma.rn.relu.bf16x2"}, true, 2, "fma", 3},
	{[]string{"min.bf16x2"}, true, 2, "min", 2},
	{[]string{"max.NaN.bf16x2"}, true, 2, "max", 2},
	{[]string{"neg.bf16x2"}, true, 2, "neg", 1},
	{[]string{"abs.bf16x2"}, true, 2, "abs", 1},
	{[]string{"fma.rn.bf16"}, true, 1, "fma", 3},
	{[]string{"min.NaN.bf16"}, true, 1, "min", 2},
	{[]string{"max.bf16"}, true, 1, "max", 2},
	{[]string{"neg.bf16"}, true, 1, "neg", 1},
	{[]string{"abs.bf16"}, true, 1, "abs", 1},
}

var half2List = func() []half2Op {
	var ops []half2Op
	for _, r := range half2Rows {
		for _, ins := range r.names {
			o := half2Op{ins: ins, bf: r.bf, lanes: r.lanes, op: r.op, nargs: r.arity}
			o.sat = strings.Contains(ins, ".sat")
			o.relu = strings.Contains(ins, ".relu")
			o.nan = strings.Contains(ins, ".NaN")
			switch r.op {
			case "set":
				f := strings.Split(ins, ".")
				o.cmp, o.setT = f[1], f[2]
			case "cvt":
				o.rz, o.fromF32s = strings.Contains(ins, ".rz"), true
			}
			ops = append(ops, o)
		}
	}
	return ops
}()

// kinds: a lane pair in a u32, a lone lane in a u16; cvt takes floats.
func (o half2Op) kinds() (Kind, []Kind) {
	k := U32
	if o.lanes == 1 {
		k = U16
	}
	if o.fromF32s {
		return U32, []Kind{F32, F32}
	}
	args := make([]Kind, o.nargs)
	for i := range args {
		args[i] = k
	}
	return k, args
}

var half2Ops = func() []intrinOp {
	ops := make([]intrinOp, len(half2List))
	for i, o := range half2List {
		r, a := o.kinds()
		ops[i] = intrinOp{name: o.name(), ret: r, args: a}
	}
	return ops
}()

// zeroCanon: the op's zero is made +0 (min, max, .sat, .relu).
func (o half2Op) zeroCanon() bool {
	return o.op == "min" || o.op == "max" || o.sat || o.relu
}

// half2Shared: each lane's NaN 0x7fff, and +0 for -0 where z (both sides).
const half2Shared = `/* Half arithmetic (Config.Half2): a lane's NaN canonical, its zero +0 where z. */
static DEV inline u32 h2l(u32 x, int bf, int z) {
  x &= 0xffffu;
  if ((x & 0x7fffu) > (bf ? 0x7f80u : 0x7c00u)) return 0x7fffu;
  return z && x == 0x8000u ? 0u : x;
}
static DEV inline u32 h2can(u32 x, int bf, int z) { return h2l(x, bf, z) | h2l(x >> 16, bf, z) << 16; }
`

// half2CUDA: each instruction in one asm statement.
var half2CUDA = func() string {
	var b strings.Builder
	b.WriteString("/* Half arithmetic (Config.Half2), inline PTX. */\n")
	for _, o := range half2List {
		r, args := o.kinds()
		rc, rt := "r", "u32"
		if r == U16 {
			rc, rt = "h", "u16"
		}
		var params, ops, ins []string
		for i, a := range args {
			p := string(rune('a' + i))
			params = append(params, p)
			ins = append(ins, fmt.Sprintf("%%%d", i+1))
			switch a {
			case F32:
				ops = append(ops, fmt.Sprintf("\"f\"((float)(%s))", p))
			case U16:
				ops = append(ops, fmt.Sprintf("\"h\"((u16)(%s))", p))
			default:
				ops = append(ops, fmt.Sprintf("\"r\"((u32)(%s))", p))
			}
		}
		fmt.Fprintf(&b, "#define I_%s(%s) ({ %s r_; asm(\"%s %%0, %s;\" : \"=%s\"(r_) : %s); (%s)%s; })\n",
			o.name(), strings.Join(params, ", "), rt, o.ins, strings.Join(ins, ", "), rc, strings.Join(ops, ", "), r, half2Finish(o))
	}
	return b.String()
}()

// half2Finish canonicalises r_ (set's results are definite: no NaN).
func half2Finish(o half2Op) string {
	if o.op == "set" {
		return "r_"
	}
	return fmt.Sprintf("h2can(r_, %d, %d)", b2i(o.bf), b2i(o.zeroCanon()))
}

// half2Host: the ISA's semantics, lane by lane. h2v: a lane's value
// (bf16: the upper half of an f32; f16: _Float16), exact in double;
// h2rn: a double rounded to the lane's format, to nearest even
// (hc_round of Config.Cvt's host, 11 or 8 bits), NaN 0x7fff; h2fma:
// a * b + c rounded to odd in double; h2op: one lane.
var half2Host = `/* Half arithmetic (Config.Half2), as the PTX ISA defines it. */
static double h2v(u32 x, int bf) {
  x &= 0xffffu;
  if (bf) { u32 u = x << 16; float f; memcpy(&f, &u, 4); return (double)f; }
  return hc_hd((u16)x);
}
static u32 h2rn(double x, int bf) {
  if (x != x) return 0x7fffu;
  double r = x;
  if (!isinf(x) && x != 0.0) {
    int e;
    double f = frexp(fabs(x), &e);
    r = bf ? hc_round(signbit(x) != 0, (u128)(u64)ldexp(f, 53), e - 53, 8, -126, 127, 0) : hc_round(signbit(x) != 0, (u128)(u64)ldexp(f, 53), e - 53, 11, -14, 15, 0);
  }
  if (bf) { float f = (float)r; u32 u; memcpy(&u, &f, 4); return u >> 16; }
  return hc_h(r);
}
static double h2fma(double a, double b, double c) {
  double p = a * b, s = p + c;
  if (s != s || isinf(s) || isinf(p) || isinf(c)) return s;
  double bb = s - p, err = (p - (s - bb)) + (c - bb);
  u64 u;
  memcpy(&u, &s, 8);
  if (err != 0.0 && !(u & 1u)) s = nextafter(s, err > 0.0 ? INFINITY : -INFINITY);
  return s;
}
static int h2cmp(double x, double y, int c) {
  int un = x != x || y != y;
  switch (c) {
  case 0: return x < y;            /* lt */
  case 1: return un || x > y;      /* gtu */
  case 2: return un;               /* nan */
  case 3: return x == y;           /* eq */
  default: return x <= y;          /* le */
  }
}
/* op: 0 add, 1 sub, 2 mul, 3 fma, 4 neg, 5 abs, 6 min, 7 max; fl: 1 .sat, 2 .relu, 4 .NaN. */
static u32 h2op(int op, int fl, u32 a, u32 b, u32 c, int bf) {
  double x = h2v(a, bf), y = h2v(b, bf), z = h2v(c, bf), r;
  a &= 0xffffu; b &= 0xffffu;
  switch (op) {
  case 4: return a ^ 0x8000u;
  case 5: return a & 0x7fffu;
  case 6: case 7:
    if (x != x || y != y) return (fl & 4) || (x != x && y != y) ? 0x7fffu : x != x ? b : a;
    return (op == 6 ? y < x : y > x) ? b : a;
  case 0: r = x + y; break;
  case 1: r = x - y; break;
  case 2: r = x * y; break;
  default: r = h2fma(x, y, z); break;
  }
  u32 d = h2rn(r, bf);
  double v = h2v(d, bf);
  if (fl & 1) return d == 0x7fffu || v < 0.0 ? 0u : v > 1.0 ? h2rn(1.0, bf) : d;
  if ((fl & 2) && d != 0x7fffu && v < 0.0) return 0u;
  return d;
}
static u32 h2x2(int op, int fl, u32 a, u32 b, u32 c, int bf) { return h2op(op, fl, a, b, c, bf) | h2op(op, fl, a >> 16, b >> 16, c >> 16, bf) << 16; }
static u32 h2set(u32 a, u32 b, int c, u32 one, int lanes) {
  u32 r = 0;
  for (int i = 0; i < lanes; i++) if (h2cmp(h2v(a >> (16 * i), 0), h2v(b >> (16 * i), 0), c)) r |= one << (16 * i);
  return r;
}
static u32 h2cvt(float a, float b, int bf, int rz, int relu) {
  u32 r = 0;
  float v[2] = {b, a};
  for (int i = 0; i < 2; i++) {
    double x = v[i], q;
    if (relu && x < 0.0) x = 0.0;
    if (x != x) { r |= 0x7fffu << (16 * i); continue; }
    q = x;
    if (!isinf(x) && x != 0.0) {
      int e;
      double f = frexp(fabs(x), &e);
      q = bf ? hc_round(signbit(x) != 0, (u128)(u64)ldexp(f, 53), e - 53, 8, -126, 127, rz) : hc_round(signbit(x) != 0, (u128)(u64)ldexp(f, 53), e - 53, 11, -14, 15, rz);
    }
    u32 h;
    if (bf) { float f = (float)q; u32 u; memcpy(&u, &f, 4); h = u >> 16; } else h = hc_h(q);
    r |= h << (16 * i);
  }
  return r;
}
` + func() string {
	var b strings.Builder
	ops := map[string]int{"add": 0, "sub": 1, "mul": 2, "fma": 3, "neg": 4, "abs": 5, "min": 6, "max": 7}
	cmps := map[string]int{"lt": 0, "gtu": 1, "nan": 2, "eq": 3, "le": 4}
	for _, o := range half2List {
		r, args := o.kinds()
		var params []string
		for i := range args {
			params = append(params, string(rune('a'+i)))
		}
		var v string
		switch o.op {
		case "set":
			one := map[string]string{"f16x2": "0x3c00u", "f16": "0x3c00u", "u32": "0xffffu", "s32": "0xffffu"}[o.setT]
			v = fmt.Sprintf("h2set((a), (b), %d, %s, %d)", cmps[o.cmp], one, o.lanes)
		case "cvt":
			v = fmt.Sprintf("h2cvt((a), (b), %d, %d, %d)", b2i(o.bf), b2i(o.rz), b2i(o.relu))
		default:
			fl := b2i(o.sat) | 2*b2i(o.relu) | 4*b2i(o.nan)
			f := "h2x2"
			if o.lanes == 1 {
				f = "h2op"
			}
			c := "0u"
			if o.nargs == 3 {
				c = "(c)"
			}
			bb := "0u"
			if o.nargs >= 2 {
				bb = "(b)"
			}
			v = fmt.Sprintf("%s(%d, %d, (a), %s, %s, %d)", f, ops[o.op], fl, bb, c, b2i(o.bf))
		}
		rt := "u32"
		if r == U16 {
			rt = "u16"
		}
		fmt.Fprintf(&b, "#define I_%s(%s) ({ %s r_ = (%s)%s; (%s)%s; })\n", o.name(), strings.Join(params, ", "), rt, rt, v, r, half2Finish(o))
	}
	return b.String()
}()
