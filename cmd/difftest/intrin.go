// intrin.go: Config.Intrin, the CUDA intrinsics whose PTX the ISA defines
// to the bit and that plain C does not reach: float <-> integer
// conversions in every rounding mode with the saturation of cvt
// (cvt.rni/rmi/rpi.s32.f32 ...), arithmetic in a chosen rounding mode
// (add/mul/div/fma/sqrt/rcp .rn/.rz/.rm/.rp, f32 and f64), min/max with
// NaN operands, cvt.sat, prmt (__byte_perm), the 64-bit high multiplies,
// sad, mul24, brev, funnel shifts, bit-field extracts and inserts, and
// integer min, max and abs. The CUDA side calls clang's __nvvm builtins;
// the host side computes what the ISA says, in C (intrinHost).
//
// What the ISA leaves open, or clang gets wrong, stays out:
//   - the sign of a zero from min/max (the ISA's text has changed on it)
//     and cvt.sat: their results are added to +0.0 (a -0.0 becomes +0.0);
//   - a NaN's sign and payload: outputs go through f2u/d2u as everywhere;
//   - .ftz and the approximate forms (their flushing of rounded results
//     is not pinned down);
//   - the .rz integer-to-float conversions (__nvvm_i2f_rz, ui2f, ll2f,
//     ull2f, ll2d, ull2d): clang 14 and clang 19 simplify the intrinsic
//     to sitofp/uitofp, which rounds to nearest, at -O1 and above
//     (cvt.rn.f32.s32 in the PTX where -O0 writes cvt.rz.f32.s32);
//   - the .rz float-to-integer ones (__nvvm_f2i_rz ...): clang turns them
//     into fptosi, whose result LLVM takes as poison out of range, where
//     cvt.rzi saturates (plain C casts, guarded, test cvt.rzi in range);
//   - a constant operand of min/max: clang 14's folding bug of a float
//     select with a constant (docs/difftest.md) is recognised by a
//     min/max with a constant in the PTX.
package main

import (
	"fmt"
	"slices"
	"strings"
)

// intrinOp is one intrinsic: its name (the macro both preludes define),
// result and operand kinds; cst > 0: the last cst operands are constants
// below lim (bit positions and lengths).
type intrinOp struct {
	name string
	ret  Kind
	args []Kind
	cst  int
	imm  int    // > 0: the last operand is an immediate below imm (Config.Asm's lop3)
	nc   bool   // float operands hold no constant (min/max)
	fam  string // a conversion or rounded arithmetic: its family (f2i, d2f, add, sqrt ...)
	mode int    // and its rounding mode, an index in rmodes
}

var rmodes = []string{"rn", "rz", "rm", "rp"}

// intrinOps is the table Config.Intrin draws from.
var intrinOps = func() []intrinOp {
	var ops []intrinOp
	for _, m := range []string{"rn", "rm", "rp"} {
		for _, c := range []struct {
			n    string
			r, a Kind
		}{{"f2i", S32, F32}, {"f2ui", U32, F32}, {"f2ll", S64, F32}, {"f2ull", U64, F32},
			{"d2i", S32, F64}, {"d2ui", U32, F64}, {"d2ll", S64, F64}, {"d2ull", U64, F64},
			{"i2f", F32, S32}, {"ui2f", F32, U32}, {"ll2f", F32, S64}, {"ull2f", F32, U64},
			{"ll2d", F64, S64}, {"ull2d", F64, U64}} {
			ops = append(ops, intrinOp{name: c.n + "_" + m, ret: c.r, args: []Kind{c.a}, fam: c.n, mode: slices.Index(rmodes, m)})
		}
	}
	for mi, m := range rmodes {
		ops = append(ops, intrinOp{name: "d2f_" + m, ret: F32, args: []Kind{F64}, fam: "d2f", mode: mi})
		for _, t := range []struct {
			s string
			k Kind
		}{{"f", F32}, {"d", F64}} {
			k := t.k
			for _, op := range []struct {
				f string
				n int
			}{{"add", 2}, {"mul", 2}, {"div", 2}, {"fma", 3}, {"sqrt", 1}, {"rcp", 1}} {
				ops = append(ops, intrinOp{name: op.f + "_" + m + "_" + t.s, ret: k, args: slices.Repeat([]Kind{k}, op.n), fam: op.f, mode: mi})
			}
		}
	}
	ops = append(ops,
		intrinOp{name: "fmin_f", ret: F32, args: []Kind{F32, F32}, nc: true},
		intrinOp{name: "fmax_f", ret: F32, args: []Kind{F32, F32}, nc: true},
		intrinOp{name: "fmin_d", ret: F64, args: []Kind{F64, F64}, nc: true},
		intrinOp{name: "fmax_d", ret: F64, args: []Kind{F64, F64}, nc: true},
		intrinOp{name: "sat_f", ret: F32, args: []Kind{F32}},
		intrinOp{name: "sat_d", ret: F64, args: []Kind{F64}},
		intrinOp{name: "prmt", ret: U32, args: []Kind{U32, U32, U32}},
		intrinOp{name: "mulhi_ll", ret: S64, args: []Kind{S64, S64}},
		intrinOp{name: "mulhi_ull", ret: U64, args: []Kind{U64, U64}},
		intrinOp{name: "sad_i", ret: S32, args: []Kind{S32, S32, S32}},
		intrinOp{name: "sad_ui", ret: U32, args: []Kind{U32, U32, U32}},
		intrinOp{name: "mul24_i", ret: S32, args: []Kind{S32, S32}},
		intrinOp{name: "mul24_ui", ret: U32, args: []Kind{U32, U32}},
		intrinOp{name: "brev32", ret: U32, args: []Kind{U32}},
		intrinOp{name: "brev64", ret: U64, args: []Kind{U64}},
		intrinOp{name: "fshl", ret: U32, args: []Kind{U32, U32, U32}},
		intrinOp{name: "fshr", ret: U32, args: []Kind{U32, U32, U32}},
		intrinOp{name: "fshl64", ret: U64, args: []Kind{U64, U64, U32}},
		intrinOp{name: "fshr64", ret: U64, args: []Kind{U64, U64, U32}},
		intrinOp{name: "bfe_u32", ret: U32, args: []Kind{U32, U32, U32}, cst: 2},
		intrinOp{name: "bfe_s32", ret: S32, args: []Kind{S32, U32, U32}, cst: 2},
		intrinOp{name: "bfe_u64", ret: U64, args: []Kind{U64, U32, U32}, cst: 2},
		intrinOp{name: "bfe_s64", ret: S64, args: []Kind{S64, U32, U32}, cst: 2},
		intrinOp{name: "bfi32", ret: U32, args: []Kind{U32, U32, U32, U32}, cst: 2},
		intrinOp{name: "bfi64", ret: U64, args: []Kind{U64, U64, U32, U32}, cst: 2},
		intrinOp{name: "abs32", ret: S32, args: []Kind{S32}},
		intrinOp{name: "abs64", ret: S64, args: []Kind{S64}},
	)
	// Integer min and max of every width (min.u16 ... max.s64, or a
	// compare and select).
	for _, k := range []Kind{U8, S8, U16, S16, U32, S32, U64, S64} {
		ops = append(ops, intrinOp{name: "min", ret: k, args: []Kind{k, k}}, intrinOp{name: "max", ret: k, args: []Kind{k, k}})
	}
	return ops
}()

// intrin is an intrinsic converted to k: one whose result is a float when
// k is, an integer when k is.
func (g *gen) intrin(k Kind, depth int, table []intrinOp) *Expr {
	var pick []int
	for i, op := range table {
		if op.ret.isFloat() == k.isFloat() {
			pick = append(pick, i)
		}
	}
	op := table[pick[g.r.IntN(len(pick))]]
	e := &Expr{Op: "intr", T: Ty{K: op.ret}, Sym: op.name}
	for i, a := range op.args {
		switch {
		case op.imm > 0 && i == len(op.args)-1:
			e.A = append(e.A, &Expr{Op: "const", T: Ty{K: U32}, C: uint64(g.r.IntN(op.imm))})
		case i >= len(op.args)-op.cst:
			// Bit-field constants: a position and a length, together
			// inside the width (bfe.s needs them so; the others mean the
			// same in C and PTX either way, but stay in range of C's
			// shifts).
			w := 32
			if op.ret == U64 || op.ret == S64 {
				w = 64
			}
			if i == len(op.args)-2 {
				e.A = append(e.A, &Expr{Op: "const", T: Ty{K: U32}, C: uint64(g.r.IntN(w))})
			} else {
				pos := int(e.A[i-1].C)
				e.A = append(e.A, &Expr{Op: "const", T: Ty{K: U32}, C: uint64(1 + g.r.IntN(w-pos-1+1))})
				if pos+int(e.A[i].C) >= w {
					e.A[i].C = uint64(w - pos - 1)
					if e.A[i].C == 0 {
						e.A[i-1].C, e.A[i].C = 0, 1
					}
				}
			}
		case a.isFloat() && op.nc:
			e.A = append(e.A, g.nonConst(a, depth-1))
		case a.isFloat():
			e.A = append(e.A, g.expr(a, depth-1))
		default:
			e.A = append(e.A, g.convert(g.expr(g.intKind(), depth-1), a))
		}
	}
	return g.convert(e, k)
}

// intrinCUDA defines the intrinsics for clang (CUDA).
var intrinCUDA = `/* Intrinsics (Config.Intrin): clang's __nvvm builtins. */
` + intrinCUDAConv + `#define I_fmin_f(a, b) (__nvvm_fmin_f((a), (b)) + 0.0f)
#define I_fmax_f(a, b) (__nvvm_fmax_f((a), (b)) + 0.0f)
#define I_fmin_d(a, b) (__nvvm_fmin_d((a), (b)) + 0.0)
#define I_fmax_d(a, b) (__nvvm_fmax_d((a), (b)) + 0.0)
#define I_sat_f(a) (__nvvm_saturate_f(a) + 0.0f)
#define I_sat_d(a) (__nvvm_saturate_d(a) + 0.0)
#define I_prmt(a, b, s) (u32)__nvvm_prmt((a), (b), (s))
#define I_mulhi_ll(a, b) (s64)__nvvm_mulhi_ll((a), (b))
#define I_mulhi_ull(a, b) (u64)__nvvm_mulhi_ull((a), (b))
#define I_sad_i(a, b, c) (s32)__nvvm_sad_i((a), (b), (c))
#define I_sad_ui(a, b, c) (u32)__nvvm_sad_ui((a), (b), (c))
#define I_mul24_i(a, b) (s32)__nvvm_mul24_i((a), (b))
#define I_mul24_ui(a, b) (u32)__nvvm_mul24_ui((a), (b))
#define I_brev32(a) (u32)__builtin_bitreverse32(a)
#define I_brev64(a) (u64)__builtin_bitreverse64(a)
`

// intrinCUDAConv: the conversions and rounded arithmetic, each its
// __nvvm builtin.
var intrinCUDAConv = func() string {
	var b strings.Builder
	for _, op := range intrinOps {
		if op.fam != "" {
			params := []string{"a", "b", "c"}[:len(op.args)]
			fmt.Fprintf(&b, "#define I_%s(%s) __nvvm_%s(%s)\n", op.name, strings.Join(params, ", "), op.name, strings.Join(params, ", "))
		}
	}
	return b.String()
}()

// intrinShared: the intrinsics written in C on both sides (funnel shifts,
// bit fields, min, max, abs): clang selects shf, bfe, min, max, abs.
const intrinShared = `/* Intrinsics in C (Config.Intrin), the same on both sides. */
#define I_fshl(hi, lo, n) (u32)(((((u64)(hi) << 32) | (u64)(lo)) << ((n) & 31u)) >> 32)
#define I_fshr(hi, lo, n) (u32)((((u64)(hi) << 32) | (u64)(lo)) >> ((n) & 31u))
#define I_fshl64(hi, lo, n) (u64)(((((u128)(hi) << 64) | (u128)(lo)) << ((n) & 63u)) >> 64)
#define I_fshr64(hi, lo, n) (u64)((((u128)(hi) << 64) | (u128)(lo)) >> ((n) & 63u))
#define I_bfe_u32(x, c, l) (u32)(((u32)(x) >> (c)) & ((1u << (l)) - 1u))
#define I_bfe_s32(x, c, l) (s32)((s32)((u32)(x) << (32u - (c) - (l))) >> (32u - (l)))
#define I_bfe_u64(x, c, l) (u64)(((u64)(x) >> (c)) & ((1ull << (l)) - 1ull))
#define I_bfe_s64(x, c, l) (s64)((s64)((u64)(x) << (64u - (c) - (l))) >> (64u - (l)))
#define I_bfi32(x, y, c, l) (u32)(((u32)(x) & ~(((1u << (l)) - 1u) << (c))) | (((u32)(y) & ((1u << (l)) - 1u)) << (c)))
#define I_bfi64(x, y, c, l) (u64)(((u64)(x) & ~(((1ull << (l)) - 1ull) << (c))) | (((u64)(y) & ((1ull << (l)) - 1ull)) << (c)))
#define I_abs32(x) (s32)((s32)(x) < 0 ? 0u - (u32)(x) : (u32)(x))
#define I_abs64(x) (s64)((s64)(x) < 0 ? 0ull - (u64)(x) : (u64)(x))
#define I_min(a, b) ((a) < (b) ? (a) : (b))
#define I_max(a, b) ((a) > (b) ? (a) : (b))
`

// intrinHost defines the intrinsics for the host, from the ISA: cvt's
// float-to-integer conversions round in their mode, then clamp to the
// destination's range ("For float-to-integer conversions, the result is
// clamped to the destination range by default"), NaN giving 0 from an
// f32 to a 32-bit integer, else 1 << (width - 1) (PTX ISA 9.0, cvt); the rounded arithmetic and
// conversions run under fesetround (gcc -frounding-math, volatile
// operands and result so that they stay between the two fesetround
// calls); min/max: "if (isNaN(a) && isNaN(b)) d = NaN; else if (isNaN(a))
// d = b; else if (isNaN(b)) d = a; else d = (a < b) ? a : b"; cvt.sat
// clamps to [0.0, 1.0], a NaN to +0.0; prmt's default mode takes byte
// s[4i+2:4i] of {b, a} for byte i of the result, replicated from its sign
// when s[4i+3] is set; sad: c + |a - b|; mul24.lo: the low 32 bits of the
// product of the 24-bit operands (sign-extended for .s32).
var intrinHost = `/* Intrinsics (Config.Intrin) as the PTX ISA defines them. */
static const int rmode_[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
static double rint_m(double x, int m) { return m == 0 ? nearbyint(x) : m == 1 ? trunc(x) : m == 2 ? floor(x) : ceil(x); }
static s32 h_f2i(double x, int m, u64 nan) { if (x != x) return (s32)(u32)nan; x = rint_m(x, m); return x <= -2147483648.0 ? (s32)0x80000000u : x >= 2147483647.0 ? 0x7fffffff : (s32)x; }
static u32 h_f2ui(double x, int m, u64 nan) { if (x != x) return (u32)nan; x = rint_m(x, m); return x <= 0.0 ? 0u : x >= 4294967295.0 ? 0xffffffffu : (u32)x; }
static s64 h_f2ll(double x, int m, u64 nan) { if (x != x) return (s64)nan; x = rint_m(x, m); return x <= -9223372036854775808.0 ? (s64)0x8000000000000000ull : x >= 9223372036854775808.0 ? 0x7fffffffffffffffll : (s64)x; }
static u64 h_f2ull(double x, int m, u64 nan) { if (x != x) return nan; x = rint_m(x, m); return x <= 0.0 ? 0ull : x >= 18446744073709551616.0 ? 0xffffffffffffffffull : (u64)x; }
#define H_RND(T, m, expr) { int o_ = fegetround(); fesetround(rmode_[m]); volatile T r_ = (expr); fesetround(o_); return r_; }
static NOINLINE float h_s2f(s64 x, int m) { volatile s64 v = x; H_RND(float, m, (float)v) }
static NOINLINE float h_u2f(u64 x, int m) { volatile u64 v = x; H_RND(float, m, (float)v) }
static NOINLINE double h_s2d(s64 x, int m) { volatile s64 v = x; H_RND(double, m, (double)v) }
static NOINLINE double h_u2d(u64 x, int m) { volatile u64 v = x; H_RND(double, m, (double)v) }
static NOINLINE float h_d2f(double x, int m) { volatile double v = x; H_RND(float, m, (float)v) }
static NOINLINE float h_addf(float a, float b, int m) { volatile float x = a, y = b; H_RND(float, m, x + y) }
static NOINLINE float h_mulf(float a, float b, int m) { volatile float x = a, y = b; H_RND(float, m, x * y) }
static NOINLINE float h_divf(float a, float b, int m) { volatile float x = a, y = b; H_RND(float, m, x / y) }
static NOINLINE float h_fmaf(float a, float b, float c, int m) { volatile float x = a, y = b, z = c; H_RND(float, m, fmaf(x, y, z)) }
static NOINLINE float h_sqrtf(float a, int m) { volatile float x = a; H_RND(float, m, sqrtf(x)) }
static NOINLINE float h_rcpf(float a, int m) { volatile float x = a; H_RND(float, m, 1.0f / x) }
static NOINLINE double h_addd(double a, double b, int m) { volatile double x = a, y = b; H_RND(double, m, x + y) }
static NOINLINE double h_muld(double a, double b, int m) { volatile double x = a, y = b; H_RND(double, m, x * y) }
static NOINLINE double h_divd(double a, double b, int m) { volatile double x = a, y = b; H_RND(double, m, x / y) }
static NOINLINE double h_fmad(double a, double b, double c, int m) { volatile double x = a, y = b, z = c; H_RND(double, m, fma(x, y, z)) }
static NOINLINE double h_sqrtd(double a, int m) { volatile double x = a; H_RND(double, m, sqrt(x)) }
static NOINLINE double h_rcpd(double a, int m) { volatile double x = a; H_RND(double, m, 1.0 / x) }
#define H_MINMAX(name, T, op) static T name(T a, T b) { if (a != a && b != b) return a; if (a != a) return b; if (b != b) return a; return a op b ? a : b; }
H_MINMAX(h_fminf, float, <) H_MINMAX(h_fmaxf, float, >) H_MINMAX(h_fmind, double, <) H_MINMAX(h_fmaxd, double, >)
static float h_satf(float x) { return x != x || x <= 0.0f ? 0.0f : x >= 1.0f ? 1.0f : x; }
static double h_satd(double x) { return x != x || x <= 0.0 ? 0.0 : x >= 1.0 ? 1.0 : x; }
static u32 h_prmt(u32 a, u32 b, u32 s) {
  u64 v = ((u64)b << 32) | a; u32 r = 0;
  for (int i = 0; i < 4; i++) { u32 n = s >> (4 * i) & 15u, y = (u32)(v >> (8 * (n & 7u))) & 0xffu; if (n & 8u) y = y & 0x80u ? 0xffu : 0u; r |= y << (8 * i); }
  return r;
}
static u32 h_sad(u32 a, u32 b, u32 c, int sgn) { int lt = sgn ? (s32)a < (s32)b : a < b; return c + (lt ? b - a : a - b); }
static u32 h_mul24(u32 a, u32 b, int sgn) {
  if (!sgn) return (a & 0xffffffu) * (b & 0xffffffu);
  s64 x = (s64)((s32)(a << 8) >> 8), y = (s64)((s32)(b << 8) >> 8);
  return (u32)(u64)(x * y);
}
static u64 h_brev(u64 x, int n) { u64 r = 0; for (int i = 0; i < n; i++) r |= (x >> i & 1u) << (n - 1 - i); return r; }
#define I_fmin_f(a, b) (h_fminf((a), (b)) + 0.0f)
#define I_fmax_f(a, b) (h_fmaxf((a), (b)) + 0.0f)
#define I_fmin_d(a, b) (h_fmind((a), (b)) + 0.0)
#define I_fmax_d(a, b) (h_fmaxd((a), (b)) + 0.0)
#define I_sat_f(a) (h_satf(a) + 0.0f)
#define I_sat_d(a) (h_satd(a) + 0.0)
#define I_prmt(a, b, s) h_prmt((a), (b), (s))
#define I_mulhi_ll(a, b) (s64)(((s128)(a) * (s128)(b)) >> 64)
#define I_mulhi_ull(a, b) (u64)(((u128)(a) * (u128)(b)) >> 64)
#define I_sad_i(a, b, c) (s32)h_sad((u32)(a), (u32)(b), (u32)(c), 1)
#define I_sad_ui(a, b, c) h_sad((a), (b), (c), 0)
#define I_mul24_i(a, b) (s32)h_mul24((u32)(a), (u32)(b), 1)
#define I_mul24_ui(a, b) h_mul24((a), (b), 0)
#define I_brev32(a) (u32)h_brev((a), 32)
#define I_brev64(a) h_brev((a), 64)
` + intrinHostConv

// intrinHostConv: the conversions and rounded arithmetic, each the host
// function of its family with its rounding mode.
var intrinHostConv = func() string {
	var b strings.Builder
	for _, op := range intrinOps {
		var f string
		switch a := op.args[0]; {
		case op.fam == "":
			continue
		case op.ret.isInt():
			f = map[Kind]string{S32: "h_f2i", U32: "h_f2ui", S64: "h_f2ll", U64: "h_f2ull"}[op.ret]
		case a.isInt() && a.isSigned():
			f = map[Kind]string{F32: "h_s2f", F64: "h_s2d"}[op.ret]
		case a.isInt():
			f = map[Kind]string{F32: "h_u2f", F64: "h_u2d"}[op.ret]
		case op.fam == "d2f":
			f = "h_d2f"
		default:
			f = "h_" + op.fam + op.name[len(op.name)-1:] // h_addf, h_sqrtd ...
		}
		params := []string{"a", "b", "c"}[:len(op.args)]
		args := "(" + strings.Join(params, "), (") + ")"
		if op.ret.isInt() {
			// NaN: "Zero if source is not .f64 and destination is not
			// .s64, .u64. Otherwise 1 << (BitWidth(dst) - 1)" (PTX ISA
			// 9.0, cvt).
			nan := "0ull"
			if op.args[0] == F64 || op.ret.bits() == 64 {
				nan = fmt.Sprintf("0x%xull", uint64(1)<<(op.ret.bits()-1))
			}
			args = "(double)(a), " + fmt.Sprint(op.mode) + ", " + nan
			fmt.Fprintf(&b, "#define I_%s(a) %s(%s)\n", op.name, f, args)
			continue
		}
		fmt.Fprintf(&b, "#define I_%s(%s) %s(%s, %d)\n", op.name, strings.Join(params, ", "), f, args, op.mode)
	}
	return b.String()
}()

// intrin19Ops are Config.Intrin19's intrinsics, builtins only clang 19
// knows (run with CLANG=clang-19): min/max with .NaN (f32 and f16) and
// plain f16 min/max, the packed conversions cvt.{rn,rz}{.relu}.f16x2.f32
// and .bf16x2.f32, cvt.{rn,rz}{.relu}.bf16.f32, cvt.rna.tf32.f32, and
// fma.rn{.relu}.f16.
var intrin19Ops = func() []intrinOp {
	ops := []intrinOp{
		{name: "fmin_nan_f", ret: F32, args: []Kind{F32, F32}, nc: true},
		{name: "fmax_nan_f", ret: F32, args: []Kind{F32, F32}, nc: true},
		{name: "fmin_f16", ret: F16, args: []Kind{F16, F16}, nc: true},
		{name: "fmax_f16", ret: F16, args: []Kind{F16, F16}, nc: true},
		{name: "fmin_nan_f16", ret: F16, args: []Kind{F16, F16}, nc: true},
		{name: "fmax_nan_f16", ret: F16, args: []Kind{F16, F16}, nc: true},
		{name: "f2tf32_rna", ret: U32, args: []Kind{F32}},
		{name: "fma_rn_f16", ret: F16, args: []Kind{F16, F16, F16}},
		{name: "fma_rn_relu_f16", ret: F16, args: []Kind{F16, F16, F16}},
	}
	for _, m := range []string{"rn", "rz"} {
		for _, r := range []string{"", "_relu"} {
			ops = append(ops,
				intrinOp{name: "ff2f16x2_" + m + r, ret: U32, args: []Kind{F32, F32}},
				intrinOp{name: "ff2bf16x2_" + m + r, ret: U32, args: []Kind{F32, F32}},
				intrinOp{name: "f2bf16_" + m + r, ret: U16, args: []Kind{F32}})
		}
	}
	return ops
}()

// intrin19CUDA defines them for clang 19. Results whose zero sign or NaN
// the ISA leaves open are made definite on both sides: min/max and the
// .relu forms add +0.0 (or clear a lone sign bit), a NaN in a packed or
// tf32 result becomes the canonical one (c16x2, ctf32).
var intrin19CUDA = `/* Intrinsics only clang 19 knows (Config.Intrin19). */
#define I_fmin_nan_f(a, b) (__nvvm_fmin_nan_f((a), (b)) + 0.0f)
#define I_fmax_nan_f(a, b) (__nvvm_fmax_nan_f((a), (b)) + 0.0f)
#define I_fmin_f16(a, b) ((h16)((float)__nvvm_fmin_f16((a), (b)) + 0.0f))
#define I_fmax_f16(a, b) ((h16)((float)__nvvm_fmax_f16((a), (b)) + 0.0f))
#define I_fmin_nan_f16(a, b) ((h16)((float)__nvvm_fmin_nan_f16((a), (b)) + 0.0f))
#define I_fmax_nan_f16(a, b) ((h16)((float)__nvvm_fmax_nan_f16((a), (b)) + 0.0f))
#define I_f2tf32_rna(a) ({ float x_ = (a); ctf32n(x_, __nvvm_f2tf32_rna(x_)); })
#define I_fma_rn_f16(a, b, c) __nvvm_fma_rn_f16((a), (b), (c))
#define I_fma_rn_relu_f16(a, b, c) ((h16)((float)__nvvm_fma_rn_relu_f16((a), (b), (c)) + 0.0f))
` + func() string {
	var b strings.Builder
	for _, op := range intrin19Ops {
		relu := strings.HasSuffix(op.name, "_relu")
		switch {
		case strings.HasPrefix(op.name, "ff2"):
			fmt.Fprintf(&b, "#define I_%s(a, b) c16x2(__builtin_bit_cast(u32, __nvvm_%s((a), (b))), %d, %d)\n", op.name, op.name, b2i(relu), b2i(strings.Contains(op.name, "bf16")))
		case strings.HasPrefix(op.name, "f2bf16"):
			fmt.Fprintf(&b, "#define I_%s(a) (u16)c16x2(__builtin_bit_cast(u16, __nvvm_%s(a)), %d, 1)\n", op.name, op.name, b2i(relu))
		}
	}
	return b.String()
}()

// intrin19Host: the host's, from the ISA. cvt.{rn,rz}.f16x2.f32 d, a, b
// converts a into d's upper half and b into its lower half; .relu clamps
// a negative result to 0; bf16 keeps f32's exponent (rn: nearest even on
// the upper 16 bits, rz: the upper 16 bits); cvt.rna.tf32.f32 rounds to
// 10 fraction bits, ties away from zero, the low 13 bits 0, and clears a
// NaN's low 13 bits (an H200: a NaN whose payload lies there becomes Inf;
// core/fp CvtF32ToTF32, testdata/gpu/cvt_f32); fma.rn.f16
// rounds a * b + c once (in double, then to half: the product of two
// halves is exact in a double and the one rounding to double cannot land
// on a half's midpoint unless the exact sum is one).
var intrin19Host = `/* Intrinsics only clang 19 knows (Config.Intrin19), from the ISA. */
static u16 hb_f16(float x, int m, int relu) {
  if (x != x) return 0x7fff;
  if (relu && x < 0.0f) return 0;
  if (m == 0) { h16 h = (h16)x; u16 u; memcpy(&u, &h, 2); return u; }
  u16 s = signbit(x) ? 0x8000 : 0; double a = fabs((double)x);
  if (isinf(a)) return s | 0x7c00;
  if (a >= 65504.0) return s | 0x7bff;
  if (a < 0x1p-14) return s | (u16)(a * 0x1p24);
  int e; frexp(a, &e);
  u32 mnt = (u32)ldexp(a, 11 - e);
  return s | (u16)((e - 1 + 15) << 10) | (u16)(mnt - 1024u);
}
static u16 hb_bf16(float x, int m, int relu) {
  if (x != x) return 0x7fff;
  if (relu && x < 0.0f) return 0;
  u32 u; memcpy(&u, &x, 4);
  return m == 1 ? (u16)(u >> 16) : (u16)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
static u32 h_tf32(float x) { u32 u; memcpy(&u, &x, 4); return x != x ? u & 0xffffe000u : (u & 0x80000000u) | (((u & 0x7fffffffu) + 0x1000u) & 0xffffe000u); }
#define H_MINMAXH(name, op, nan) static h16 name(h16 a, h16 b) { float x = (float)a, y = (float)b; \
  return x != x ? (nan || y != y ? a : b) : y != y ? (nan ? b : a) : x op y ? a : b; }
H_MINMAXH(h_fminh, <, 0) H_MINMAXH(h_fmaxh, >, 0) H_MINMAXH(h_fminnanh, <, 1) H_MINMAXH(h_fmaxnanh, >, 1)
static float h_fminnanf(float a, float b) { return a != a ? a : b != b ? b : a < b ? a : b; }
static float h_fmaxnanf(float a, float b) { return a != a ? a : b != b ? b : a > b ? a : b; }
static h16 h_fmah(h16 a, h16 b, h16 c, int relu) {
  h16 r = (h16)fma((double)a, (double)b, (double)c);
  return relu && (float)r < 0.0f ? (h16)0.0f : r;
}
#define I_fmin_nan_f(a, b) (h_fminnanf((a), (b)) + 0.0f)
#define I_fmax_nan_f(a, b) (h_fmaxnanf((a), (b)) + 0.0f)
#define I_fmin_f16(a, b) ((h16)((float)h_fminh((a), (b)) + 0.0f))
#define I_fmax_f16(a, b) ((h16)((float)h_fmaxh((a), (b)) + 0.0f))
#define I_fmin_nan_f16(a, b) ((h16)((float)h_fminnanh((a), (b)) + 0.0f))
#define I_fmax_nan_f16(a, b) ((h16)((float)h_fmaxnanh((a), (b)) + 0.0f))
#define I_f2tf32_rna(a) ({ float x_ = (a); ctf32n(x_, h_tf32(x_)); })
#define I_fma_rn_f16(a, b, c) h_fmah((a), (b), (c), 0)
#define I_fma_rn_relu_f16(a, b, c) ((h16)((float)h_fmah((a), (b), (c), 1) + 0.0f))
` + func() string {
	var b strings.Builder
	for _, op := range intrin19Ops {
		relu, m := b2i(strings.HasSuffix(op.name, "_relu")), b2i(strings.Contains(op.name, "_rz"))
		switch {
		case strings.HasPrefix(op.name, "ff2f16x2"):
			fmt.Fprintf(&b, "#define I_%s(a, b) c16x2((u32)hb_f16((a), %d, %d) << 16 | hb_f16((b), %d, %d), %d, 0)\n", op.name, m, relu, m, relu, relu)
		case strings.HasPrefix(op.name, "ff2bf16x2"):
			fmt.Fprintf(&b, "#define I_%s(a, b) c16x2((u32)hb_bf16((a), %d, %d) << 16 | hb_bf16((b), %d, %d), %d, 1)\n", op.name, m, relu, m, relu, relu)
		case strings.HasPrefix(op.name, "f2bf16"):
			fmt.Fprintf(&b, "#define I_%s(a) (u16)c16x2(hb_bf16((a), %d, %d), %d, 1)\n", op.name, m, relu, relu)
		}
	}
	return b.String()
}()

// intrin19Shared: c16x2(u, relu, bf) makes each 16-bit half of u
// definite: a NaN of f16 (bf 0) or bf16 (bf 1) becomes 0x7fff (the ISA
// leaves a NaN's bits open), and with relu a lone sign bit (a -0.0,
// which "clamps negative results to 0" leaves open) becomes 0;
// ctf32 makes a tf32 NaN 0x7fffffff.
const intrin19Shared = `static DEV inline u32 c16x2(u32 u, u32 relu, u32 bf) {
  u32 r = 0;
  for (u32 i = 0; i < 32; i += 16) {
    u32 h = u >> i & 0xffffu;
    if ((h & 0x7fffu) > (bf ? 0x7f80u : 0x7c00u)) h = 0x7fffu;
    if (relu && h == 0x8000u) h = 0;
    r |= h << i;
  }
  return r;
}
static DEV inline u32 ctf32(u32 u) { return (u & 0x7fffffffu) > 0x7f800000u ? 0x7fffffffu : u; }
/* cvt.rna.tf32.f32 of a NaN a: the canonical NaN, whatever the result.
   An H200 clears a NaN's low 13 bits (a payload all there gives Inf:
   testdata/gpu/cvt_f32 pins it), but the payload reaching the
   instruction is open: abs and neg of a NaN give the canonical NaN on a
   GPU (and in ptxplay) and keep the payload on the host. */
static DEV inline u32 ctf32n(float a, u32 r) { return a != a ? 0x7fffffffu : ctf32(r); }
`

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// carryOps are Config.Carry's extended-precision sequences, inline PTX
// (clang never writes add.cc or madc): CC.CF carries between the
// instructions of one asm statement, as the ISA's examples use them.
var carryOps = []intrinOp{
	{name: "cc_add64", ret: U64, args: []Kind{U64, U64}},
	{name: "cc_addcarry", ret: U32, args: []Kind{U64, U64}},
	{name: "cc_sub64", ret: U64, args: []Kind{U64, U64}},
	{name: "cc_subborrow", ret: U32, args: []Kind{U64, U64}},
	{name: "cc_add96", ret: U64, args: []Kind{U64, U64, U32}},
	{name: "cc_mullo", ret: U64, args: []Kind{U64, U64}},
	{name: "cc_mulhi", ret: U64, args: []Kind{U64, U64}},
	{name: "cc_sadd64", ret: S64, args: []Kind{S64, S64}},
}

// carryCUDA: the sequences in PTX. Outputs are early-clobber ("=&r"):
// each is written before the last input is read.
const carryCUDA = `/* Extended precision (Config.Carry): inline add.cc, addc, sub.cc, subc,
   mad.cc, madc. */
#define CC_LO(x) ((u32)(u64)(x))
#define CC_HI(x) ((u32)((u64)(x) >> 32))
static DEV inline u64 I_cc_add64(u64 a, u64 b) { u32 l, h;
  asm("add.cc.u32 %0, %2, %4;\n\taddc.u32 %1, %3, %5;" : "=&r"(l), "=&r"(h) : "r"(CC_LO(a)), "r"(CC_HI(a)), "r"(CC_LO(b)), "r"(CC_HI(b)));
  return (u64)h << 32 | l; }
static DEV inline u32 I_cc_addcarry(u64 a, u64 b) { u32 l, h, c;
  asm("add.cc.u32 %0, %3, %5;\n\taddc.cc.u32 %1, %4, %6;\n\taddc.u32 %2, 0, 0;" : "=&r"(l), "=&r"(h), "=&r"(c) : "r"(CC_LO(a)), "r"(CC_HI(a)), "r"(CC_LO(b)), "r"(CC_HI(b)));
  return c; }
static DEV inline u64 I_cc_sub64(u64 a, u64 b) { u32 l, h;
  asm("sub.cc.u32 %0, %2, %4;\n\tsubc.u32 %1, %3, %5;" : "=&r"(l), "=&r"(h) : "r"(CC_LO(a)), "r"(CC_HI(a)), "r"(CC_LO(b)), "r"(CC_HI(b)));
  return (u64)h << 32 | l; }
static DEV inline u32 I_cc_subborrow(u64 a, u64 b) { u32 l, h, c;
  asm("sub.cc.u32 %0, %3, %5;\n\tsubc.cc.u32 %1, %4, %6;\n\tsubc.u32 %2, 0, 0;" : "=&r"(l), "=&r"(h), "=&r"(c) : "r"(CC_LO(a)), "r"(CC_HI(a)), "r"(CC_LO(b)), "r"(CC_HI(b)));
  return c; }
static DEV inline u64 I_cc_add96(u64 a, u64 b, u32 c) { u32 l, m, h;
  asm("add.cc.s32 %0, %3, %5;\n\taddc.cc.s32 %1, %4, %6;\n\taddc.s32 %2, %7, %7;" : "=&r"(l), "=&r"(m), "=&r"(h) : "r"(CC_LO(a)), "r"(CC_HI(a)), "r"(CC_LO(b)), "r"(CC_HI(b)), "r"(c));
  return (u64)h << 32 | m; }
static DEV inline void cc_mul128(u64 a, u64 b, u32 *r) {
  asm("mul.lo.u32 %0, %4, %6;\n\tmul.hi.u32 %1, %4, %6;\n\tmad.lo.cc.u32 %1, %5, %6, %1;\n\tmadc.hi.u32 %2, %5, %6, 0;\n\t"
      "mad.lo.cc.u32 %1, %4, %7, %1;\n\tmadc.hi.cc.u32 %2, %4, %7, %2;\n\taddc.u32 %3, 0, 0;\n\t"
      "mad.lo.cc.u32 %2, %5, %7, %2;\n\tmadc.hi.u32 %3, %5, %7, %3;"
      : "=&r"(r[0]), "=&r"(r[1]), "=&r"(r[2]), "=&r"(r[3]) : "r"(CC_LO(a)), "r"(CC_HI(a)), "r"(CC_LO(b)), "r"(CC_HI(b))); }
static DEV inline u64 I_cc_mullo(u64 a, u64 b) { u32 r[4]; cc_mul128(a, b, r); return (u64)r[1] << 32 | r[0]; }
static DEV inline u64 I_cc_mulhi(u64 a, u64 b) { u32 r[4]; cc_mul128(a, b, r); return (u64)r[3] << 32 | r[2]; }
static DEV inline s64 I_cc_sadd64(s64 a, s64 b) { return (s64)I_cc_add64((u64)a, (u64)b); }
`

// carryHost: what the ISA's semantics give: a carry-out is the 33rd bit
// of the sum, a borrow-out 1 where the subtrahend (with the borrow-in) is
// larger; subc.u32 r, 0, 0 is 0 - CF; addc.s32 h, c, c is 2c + CF; the
// product is the ISA's own madc example, [r3,r2,r1,r0] = [a] * [b].
const carryHost = `/* Extended precision (Config.Carry), from the ISA's semantics. */
static u64 I_cc_add64(u64 a, u64 b) { return a + b; }
static u32 I_cc_addcarry(u64 a, u64 b) { return a + b < a; }
static u64 I_cc_sub64(u64 a, u64 b) { return a - b; }
static u32 I_cc_subborrow(u64 a, u64 b) { return a < b ? 0xffffffffu : 0u; }
static u64 I_cc_add96(u64 a, u64 b, u32 c) { u64 s = a + b; return (u64)(2u * c + (u32)(s < a)) << 32 | (s >> 32); }
static u64 I_cc_mullo(u64 a, u64 b) { return a * b; }
static u64 I_cc_mulhi(u64 a, u64 b) { return (u64)(((u128)a * b) >> 64); }
static s64 I_cc_sadd64(s64 a, s64 b) { return (s64)((u64)a + (u64)b); }
`
