// sm90.go: Config.SM90, forms that need a newer module header than
// clang's .version 7.0/.target sm_80, as inline PTX in a module whose
// header difftest rewrites to .version 8.1/.target sm_90 (sm90Header):
//   - bmsk.clamp/.wrap.b32 and szext.clamp/.wrap .s32/.u32 (PTX 7.6);
//   - min/max{.NaN}.xorsign.abs of f32, f16, f16x2, bf16, bf16x2 (PTX
//     7.2, sm_86);
//   - add, sub, mul (.rn) of bf16 and bf16x2 (PTX 7.8, sm_90);
//   - cvt.rn.satfinite{.relu} of two f32 or an f16x2 to e4m3x2/e5m2x2,
//     cvt.rn{.relu}.f16x2 of e4m3x2/e5m2x2 (PTX 7.8, sm_89),
//     cvt.f32.bf16 and cvt.rn.relu/.rz .tf32.f32 (PTX 7.8, sm_90),
//     cvt.rna.satfinite.tf32.f32 and cvt.rn{.relu}.satfinite of two f32
//     to f16x2/bf16x2 (PTX 8.1);
//   - atom and red .add.noftz.bf16 and .bf16x2 on the thread's own global
//     or shared element (PTX 7.8, sm_90; Config.AtomX's machinery).
//
// The host computes each from the ISA's semantics (sm90Host; bmsk and
// szext transcribe the ISA's pseudo-code); TestSM90 checks it against
// sm90Model, written apart in Go. Kept definite on both sides (sm90Fin):
// a NaN lane canonical (0x7fff, 0x7fffffff, an fp8 byte 0x7f) and the
// zero of .relu +0.
package main

import (
	"bytes"
	"fmt"
	"strings"
)

// sm90Op is one instruction: its PTX, the result's and operands' kinds
// (bits in integers; F32 for a float operand), the C of its value from
// a and b (the host), and the C that makes the result definite (%s the
// value) on both sides.
type sm90Op struct {
	ins  string
	ret  Kind
	args []Kind
	host string
	fin  string
}

func (o sm90Op) name() string { return "n9_" + strings.ReplaceAll(o.ins, ".", "_") }

// sm90Rows: the lane-local instructions.
var sm90Rows = []sm90Op{
	{"bmsk.clamp.b32", U32, []Kind{U32, U32}, "n9_bmsk(a, b, 1)", "%s"},
	{"bmsk.wrap.b32", U32, []Kind{U32, U32}, "n9_bmsk(a, b, 0)", "%s"},
	{"szext.clamp.s32", U32, []Kind{U32, U32}, "n9_szext(a, b, 1, 1)", "%s"},
	{"szext.wrap.s32", U32, []Kind{U32, U32}, "n9_szext(a, b, 0, 1)", "%s"},
	{"szext.clamp.u32", U32, []Kind{U32, U32}, "n9_szext(a, b, 1, 0)", "%s"},
	{"szext.wrap.u32", U32, []Kind{U32, U32}, "n9_szext(a, b, 0, 0)", "%s"},
	{"min.xorsign.abs.f32", U32, []Kind{U32, U32}, "n9_xs(a, b, 2, 0, 0, 1)", "f2u(u2f(%s))"},
	{"max.NaN.xorsign.abs.f32", U32, []Kind{U32, U32}, "n9_xs(a, b, 2, 1, 1, 1)", "f2u(u2f(%s))"},
	{"min.xorsign.abs.f16", U16, []Kind{U16, U16}, "n9_xs(a, b, 0, 0, 0, 1)", "h2can(%s, 0, 0)"},
	{"max.NaN.xorsign.abs.f16", U16, []Kind{U16, U16}, "n9_xs(a, b, 0, 1, 1, 1)", "h2can(%s, 0, 0)"},
	{"min.NaN.xorsign.abs.f16x2", U32, []Kind{U32, U32}, "n9_xs(a, b, 0, 0, 1, 2)", "h2can(%s, 0, 0)"},
	{"max.xorsign.abs.f16x2", U32, []Kind{U32, U32}, "n9_xs(a, b, 0, 1, 0, 2)", "h2can(%s, 0, 0)"},
	{"min.xorsign.abs.bf16", U16, []Kind{U16, U16}, "n9_xs(a, b, 1, 0, 0, 1)", "h2can(%s, 1, 0)"},
	{"max.xorsign.abs.bf16x2", U32, []Kind{U32, U32}, "n9_xs(a, b, 1, 1, 0, 2)", "h2can(%s, 1, 0)"},
	{"min.NaN.xorsign.abs.bf16x2", U32, []Kind{U32, U32}, "n9_xs(a, b, 1, 0, 1, 2)", "h2can(%s, 1, 0)"},
	{"add.bf16", U16, []Kind{U16, U16}, "h2op(0, 0, a, b, 0u, 1)", "h2can(%s, 1, 0)"},
	{"sub.rn.bf16", U16, []Kind{U16, U16}, "h2op(1, 0, a, b, 0u, 1)", "h2can(%s, 1, 0)"},
	{"mul.rn.bf16", U16, []Kind{U16, U16}, "h2op(2, 0, a, b, 0u, 1)", "h2can(%s, 1, 0)"},
	{"add.rn.bf16x2", U32, []Kind{U32, U32}, "h2x2(0, 0, a, b, 0u, 1)", "h2can(%s, 1, 0)"},
	{"sub.bf16x2", U32, []Kind{U32, U32}, "h2x2(1, 0, a, b, 0u, 1)", "h2can(%s, 1, 0)"},
	{"mul.rn.bf16x2", U32, []Kind{U32, U32}, "h2x2(2, 0, a, b, 0u, 1)", "h2can(%s, 1, 0)"},
	{"cvt.rn.satfinite.e4m3x2.f32", U16, []Kind{F32, F32}, "n9_f8(a, 0, 0) << 8 | n9_f8(b, 0, 0)", "n9_f8can(%s, 0, 0)"},
	{"cvt.rn.satfinite.relu.e4m3x2.f32", U16, []Kind{F32, F32}, "n9_f8(a, 0, 1) << 8 | n9_f8(b, 0, 1)", "n9_f8can(%s, 0, 1)"},
	{"cvt.rn.satfinite.e5m2x2.f32", U16, []Kind{F32, F32}, "n9_f8(a, 1, 0) << 8 | n9_f8(b, 1, 0)", "n9_f8can(%s, 1, 0)"},
	{"cvt.rn.satfinite.relu.e5m2x2.f32", U16, []Kind{F32, F32}, "n9_f8(a, 1, 1) << 8 | n9_f8(b, 1, 1)", "n9_f8can(%s, 1, 1)"},
	{"cvt.rn.satfinite.e4m3x2.f16x2", U16, []Kind{U32}, "n9_f8(h2v(a >> 16, 0), 0, 0) << 8 | n9_f8(h2v(a, 0), 0, 0)", "n9_f8can(%s, 0, 0)"},
	{"cvt.rn.satfinite.relu.e5m2x2.f16x2", U16, []Kind{U32}, "n9_f8(h2v(a >> 16, 0), 1, 1) << 8 | n9_f8(h2v(a, 0), 1, 1)", "n9_f8can(%s, 1, 1)"},
	{"cvt.rn.f16x2.e4m3x2", U32, []Kind{U16}, "n9_f8h(a >> 8, 0, 0) << 16 | n9_f8h(a, 0, 0)", "h2can(%s, 0, 0)"},
	{"cvt.rn.relu.f16x2.e5m2x2", U32, []Kind{U16}, "n9_f8h(a >> 8, 1, 1) << 16 | n9_f8h(a, 1, 1)", "h2can(%s, 0, 1)"},
	{"cvt.f32.bf16", U32, []Kind{U16}, "(a & 0xffffu) << 16", "f2u(u2f(%s))"},
	{"cvt.rna.satfinite.tf32.f32", U32, []Kind{F32}, "n9_tf32(a, 1, 0, 1)", "n9_f32can(%s, 0)"},
	{"cvt.rn.relu.tf32.f32", U32, []Kind{F32}, "n9_tf32(a, 0, 1, 0)", "n9_f32can(%s, 1)"},
	{"cvt.rz.tf32.f32", U32, []Kind{F32}, "n9_tf32(a, 2, 0, 0)", "n9_f32can(%s, 0)"},
	{"cvt.rn.satfinite.f16x2.f32", U32, []Kind{F32, F32}, "n9_h16s(a, 0, 0) << 16 | n9_h16s(b, 0, 0)", "h2can(%s, 0, 0)"},
	{"cvt.rn.relu.satfinite.bf16x2.f32", U32, []Kind{F32, F32}, "n9_h16s(a, 1, 1) << 16 | n9_h16s(b, 1, 1)", "h2can(%s, 1, 1)"},
}

// sm90Atoms: bf16 and bf16x2 adds in memory, nearest even without a
// flush (the ISA's .noftz), written as Config.AtomX writes its own.
var sm90Atoms = []atomxOp{
	{pre: "n9_", ins: "add.noftz.bf16x2", width: 32, host: "h2x2(0, 0, o_, b_, 0u, 1)"},
	{pre: "n9_", ins: "add.noftz.bf16x2", shared: true, width: 32, host: "h2x2(0, 0, o_, b_, 0u, 1)"},
	{pre: "n9_", ins: "add.noftz.bf16", width: 16, host: "h2op(0, 0, o_, b_, 0u, 1)"},
	{pre: "n9_", ins: "add.noftz.bf16", shared: true, sem: ".relaxed.cta", width: 16, host: "h2op(0, 0, o_, b_, 0u, 1)"},
	{pre: "n9_", ins: "add.noftz.bf16x2", red: true, shared: true, width: 32, host: "h2x2(0, 0, o_, b_, 0u, 1)"},
	{pre: "n9_", ins: "add.noftz.bf16", red: true, width: 16, host: "h2op(0, 0, o_, b_, 0u, 1)"},
}

var sm90Ops = func() []intrinOp {
	var ops []intrinOp
	for _, o := range sm90Rows {
		ops = append(ops, intrinOp{name: o.name(), ret: o.ret, args: o.args})
	}
	return append(ops, atomxIntrins(sm90Atoms)...)
}()

// sm90Names: every macro of the feature (TestSM90).
func sm90Names() []string {
	var n []string
	for _, o := range sm90Rows {
		n = append(n, o.name())
	}
	for _, o := range sm90Atoms {
		n = append(n, o.name())
	}
	return n
}

// sm90Shared: both sides. N9W makes an operand small one time in two
// (bit 6 clear: 0 to 63, around the width 32), so that bmsk and szext
// meet their edges; the fins.
const sm90Shared = `/* Forms of newer targets (Config.SM90). */
#define N9W(x) ((((u32)(x)) & 0x40u) ? (u32)(x) : ((u32)(x)) & 63u)
/* cvt.rna.tf32's operand: a NaN canonical (its payload is open: an H200
   truncates it, and a payload in the low 13 bits alone becomes Inf). */
#define N9N(x) u2f(f2u((float)(x)))
static DEV inline u32 n9_f32can(u32 x, int relu) { return (x & 0x7fffffffu) > 0x7f800000u ? 0x7fffffffu : relu && x == 0x80000000u ? 0u : x; }
static DEV inline u32 n9_f8can(u32 x, int e5, int relu) {
  u32 r = 0;
  for (int i = 0; i < 2; i++) {
    u32 v = x >> (8 * i) & 0xffu;
    if (e5 ? (v & 0x7fu) > 0x7cu : (v & 0x7fu) == 0x7fu) v = 0x7fu;
    if (relu && v == 0x80u) v = 0u;
    r |= v << (8 * i);
  }
  return r;
}
`

func sm90Reg(k Kind) (string, string) {
	switch k {
	case U16:
		return "h", "u16"
	case F32:
		return "f", "float"
	}
	return "r", "u32"
}

// sm90Arg is operand i's C on both sides: bmsk's and szext's through N9W.
func sm90Arg(o sm90Op, i int) string {
	p := string(rune('a' + i))
	if strings.HasPrefix(o.ins, "bmsk") || strings.HasPrefix(o.ins, "szext") && i == 1 {
		return "N9W(" + p + ")"
	}
	if strings.HasPrefix(o.ins, "cvt.rna.") {
		return "N9N(" + p + ")"
	}
	return p
}

// sm90CUDA: each instruction one asm statement.
var sm90CUDA = func() string {
	var b strings.Builder
	b.WriteString("/* Forms of newer targets (Config.SM90), inline PTX; the module header is rewritten. */\n")
	for _, o := range sm90Rows {
		rc, rt := sm90Reg(o.ret)
		var params, ops, ins []string
		for i, a := range o.args {
			params = append(params, string(rune('a'+i)))
			ac, at := sm90Reg(a)
			ops = append(ops, fmt.Sprintf("\"%s\"((%s)(%s))", ac, at, sm90Arg(o, i)))
			ins = append(ins, fmt.Sprintf("%%%d", i+1))
		}
		fmt.Fprintf(&b, "#define I_%s(%s) ({ %s r_; asm(\"%s %%0, %s;\" : \"=%s\"(r_) : %s); (%s)%s; })\n",
			o.name(), strings.Join(params, ", "), rt, o.ins, strings.Join(ins, ", "), rc, strings.Join(ops, ", "), o.ret, fmt.Sprintf(o.fin, "r_"))
	}
	b.WriteString(atomxCUDAOf(sm90Atoms))
	return b.String()
}()

// sm90Host: the ISA's semantics. n9_bmsk and n9_szext are the ISA's
// pseudo-code (9.7.1.23, 9.7.1.22); n9_xs: min/max.xorsign.abs (9.7.4.7,
// 9.7.4.8, 9.7.3.11, 9.7.3.12): the sign the xor of a's and b's, both
// made absolute, NaN as min and max have it (.NaN: any NaN gives NaN;
// else the other operand), the sign set on a result that is not NaN;
// n9_f8: a value to e4m3 (e5 0) or e5m2 bits, nearest even, .satfinite
// (beyond the largest finite, 448 or 57344, that of its sign; NaN a
// NaN), .relu (a negative value 0); n9_f8h: an fp8 byte to f16, exact.
var sm90Host = `/* Forms of newer targets (Config.SM90), as the PTX ISA defines them. */
static u32 n9_bmsk(u32 a, u32 b, int clamp) {
  u32 a1 = a & 0x1fu, mask0 = 0xffffffffu << a1, b1 = b & 0x1fu, sum = a1 + b1;
  u32 mask1 = sum >= 32u ? 0u : 0xffffffffu << sum;
  int over = sum >= 32u;
  if (clamp) {
    if (a >= 32u) { over = 1; mask0 = 0u; }
    if (b >= 32u) over = 1;
  }
  if (over) mask1 = 0u; else if (b1 == 0u) mask1 = 0xffffffffu;
  return mask0 & ~mask1;
}
static u32 n9_szext(u32 a, u32 b, int clamp, int sgn) {
  u32 b1 = b & 0x1fu;
  int large = b >= 32u && clamp;
  u32 mask = large ? 0u : 0xffffffffu << b1, sign = 0u;
  if (!(b1 == 0u || large || !sgn)) sign = a >> ((b1 - 1u) & 0x1fu) & 1u;
  return (a & ~mask) | (sign ? mask : 0u);
}
static double n9_v(u32 x, int fmt) {
  if (fmt == 2) { float f; memcpy(&f, &x, 4); return (double)f; }
  return h2v(x, fmt);
}
static u32 n9_xs1(u32 a, u32 b, int fmt, int mx, int nan) {
  u32 sb = fmt == 2 ? 0x80000000u : 0x8000u, m = fmt == 2 ? 0xffffffffu : 0xffffu;
  a &= m; b &= m;
  u32 s = (a ^ b) & sb;
  a &= sb - 1u; b &= sb - 1u;
  double x = n9_v(a, fmt), y = n9_v(b, fmt);
  int an = x != x, bn = y != y;
  if ((an && bn) || (nan && (an || bn))) return fmt == 2 ? 0x7fffffffu : 0x7fffu;
  u32 d = an ? b : bn ? a : mx ? (y > x ? b : a) : (y < x ? b : a);
  return d | s;
}
static u32 n9_xs(u32 a, u32 b, int fmt, int mx, int nan, int lanes) {
  if (lanes == 1) return n9_xs1(a, b, fmt, mx, nan);
  return n9_xs1(a, b, fmt, mx, nan) | n9_xs1(a >> 16, b >> 16, fmt, mx, nan) << 16;
}
static u32 n9_f8(double x, int e5, int relu) {
  if (x != x) return 0x7fu;
  if (relu && x < 0.0) x = 0.0;
  u32 s = signbit(x) ? 0x80u : 0u;
  int mb = e5 ? 2 : 3, emin = e5 ? -14 : -6, bias = e5 ? 15 : 7, e;
  double ax = fabs(x), top = e5 ? 57344.0 : 448.0;
  if (ax > top) ax = top;
  if (ax == 0.0) return s;
  double f = frexp(ax, &e);
  ax = hc_round(0, (u128)(u64)ldexp(f, 53), e - 53, mb + 1, emin, e5 ? 15 : 8, 0);
  if (ax > top) ax = top;
  if (ax == 0.0) return s;
  frexp(ax, &e);
  e--;
  if (e < emin) return s | (u32)ldexp(ax, mb - emin);
  return s | (u32)(e + bias) << mb | ((u32)ldexp(ax, mb - e) - (1u << mb));
}
/* tf32 from an f32 (mode 0 .rn, 1 .rna, 2 .rz): the f32's bits with 10
   fraction bits kept; .satfinite: beyond the largest finite (and
   infinities) the largest finite tf32 of the sign; .relu: a negative 0. */
static u32 n9_tf32(double x, int mode, int relu, int sat) {
  float f = (float)x;
  u32 u, s, m, r;
  memcpy(&u, &f, 4);
  s = u & 0x80000000u; m = u & 0x7fffffffu;
  if (m > 0x7f800000u) return 0x7fffffffu;
  if (relu && s) return 0u;
  if (m == 0x7f800000u) return sat ? s | 0x7f7fe000u : u;
  r = mode == 1 ? m + 0x1000u : mode == 0 ? m + 0xfffu + (m >> 13 & 1u) : m;
  r &= ~0x1fffu;
  if (r >= 0x7f800000u) r = sat ? 0x7f7fe000u : 0x7f800000u;
  return s | r;
}
/* An f32 to f16 (bf 0) or bf16 bits, .rn.satfinite: beyond the largest
   finite (and infinities) the largest finite of the sign; .relu. */
static u32 n9_h16s(double x, int bf, int relu) {
  if (x != x) return 0x7fffu;
  if (relu && x < 0.0) x = 0.0;
  u32 h = h2rn(x, bf), inf = bf ? 0x7f80u : 0x7c00u;
  if ((h & 0x7fffu) == inf) h = (h & 0x8000u) | (inf - 1u);
  return h;
}
static u32 n9_f8h(u32 x, int e5, int relu) {
  x &= 0xffu;
  u32 h;
  if (e5) h = x << 8;
  else if ((x & 0x7fu) == 0x7fu) h = 0x7fffu;
  else {
    u32 E = x >> 3 & 15u, m = x & 7u;
    double v = E == 0u ? ldexp((double)m, -9) : ldexp((double)(8u + m), (int)E - 10);
    h = (u32)hc_h(x & 0x80u ? -v : v);
  }
  if (relu && (h & 0x8000u) && (h & 0x7fffu) <= 0x7c00u) h = 0u;
  return h;
}
` + func() string {
	var b strings.Builder
	for _, o := range sm90Rows {
		_, rt := sm90Reg(o.ret)
		var params, decl []string
		for i, a := range o.args {
			p := string(rune('a' + i))
			params = append(params, p+"_")
			_, at := sm90Reg(a)
			if a == F32 {
				decl = append(decl, fmt.Sprintf("double %s = (double)(float)(%s);", p, strings.Replace(sm90Arg(o, i), p, p+"_", 1)))
			} else {
				decl = append(decl, fmt.Sprintf("u32 %s = (u32)(%s)%s;", p, at, strings.Replace(sm90Arg(o, i), p, p+"_", 1)))
			}
		}
		fmt.Fprintf(&b, "#define I_%s(%s) ({ %s %s r_ = (%s)(%s); (%s)%s; })\n",
			o.name(), strings.Join(params, ", "), strings.Join(decl, " "), rt, rt, o.host, o.ret, fmt.Sprintf(o.fin, "r_"))
	}
	b.WriteString(atomxHostOf(sm90Atoms))
	return b.String()
}()

// sm90Header rewrites clang's module header (.version 7.0, .target
// sm_80) for the forms of Config.SM90.
func sm90Header(ptx []byte) []byte {
	ptx = bytes.Replace(ptx, []byte("\n.version 7.0\n"), []byte("\n.version 8.1\n"), 1)
	return bytes.Replace(ptx, []byte("\n.target sm_80\n"), []byte("\n.target sm_90\n"), 1)
}
