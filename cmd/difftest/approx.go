// approx.go: Config.Approx, the approximate and flush-to-zero f32
// instructions of users' PTX (nvcc -use_fast_math, __expf, __fdividef,
// rsqrtf), as inline PTX: ex2.approx{.ftz}, div.approx, div.full,
// rcp.approx{.ftz}, sqrt.approx, rsqrt.approx{.ftz}, mul.ftz and
// fma.rn.ftz.
//
// The ISA bounds the approximate ones' error rather than giving their bits,
// so no host computes the GPU's answer. Each is wrapped in a check that C
// evaluates alike on both sides (approxShared): the exact value in double
// (ref: a quotient, a square root, 2^x by a series), the result the ISA
// allows within its bound of it, and the value that goes on (det, the
// exact value rounded once to f32, flushed under .ftz) when the
// instruction's result r is within bound; an r out of bound stops the
// kernel with trap, so that ptxplay reports it as an error however the
// program's data flow would hide the value (a wrong subnormal r vanishes
// in a sum, a float compare or conversion drops most of it); the host's
// rows, which call the checks in C, see a NaN (r itself where det is a
// NaN). The bounds (PTX ISA
// 9.7.3):
//
//   - ex2.approx.f32: "The maximum ulp error is 2 ulp from correctly
//     rounded result across the full range of inputs";
//   - div.approx.f32, d = a * (1/b): "For |b| in [2^-126, 2^126], the
//     maximum ulp error is 2. For 2^126 < |b| < 2^128, if a is infinity,
//     div.approx.f32 returns NaN, otherwise it returns a sign-preserving
//     zero"; a zero, infinite or NaN b gives a * (1/b) exactly; a
//     subnormal b, where the ISA states nothing, is not checked;
//   - div.full.f32: "The maximum ulp error is 2 across the full range of
//     inputs";
//   - rcp.approx.f32: "The maximum ulp error is 1 across the full range of
//     inputs";
//   - sqrt.approx.f32: "maximum relative error over the entire positive
//     finite floating-point range is 2^-23";
//   - rsqrt.approx.f32: relative error 2^-22.9 over the positive finite
//     range.
//
// An exact value that is a zero, an infinity or a NaN (the ISA's special
// value tables: ex2(-Inf) = +0, rsqrt(+-0) = +-Inf, sqrt(-0) = -0, 1/+-Inf
// = +-0, ...) must come out exactly (a NaN as any NaN), and a result never
// has the other sign. Under .ftz a subnormal operand is a zero of its
// sign, the result is never subnormal, and a zero is allowed where the
// exact value is below 2^-126 (by a hair above, for a result in bound
// that rounds below and flushes).
//
// mul.ftz.f32 and fma.rn.ftz.f32 round once and are exact: det is the IEEE
// result of the flushed operands with a subnormal result flushed, and r
// must be det. What the ISA leaves open is whether a result is tiny before
// or after rounding: where the exact value lies in [2^-126 - 2^-150,
// 2^-126) the GPU may give a zero or 2^-126 (of the value's sign), and both
// sides go on with the zero (the band is computed from the exact product,
// or the fma in double, which lands in the closed band whenever the exact
// value is in it).
package main

// approxOps are Config.Approx's instructions, each of f32 operands and
// result.
var approxOps = []intrinOp{
	{name: "ex2_approx", ret: F32, args: []Kind{F32}}, {name: "ex2_approx_ftz", ret: F32, args: []Kind{F32}},
	{name: "div_approx", ret: F32, args: []Kind{F32, F32}}, {name: "div_full", ret: F32, args: []Kind{F32, F32}},
	{name: "rcp_approx", ret: F32, args: []Kind{F32}}, {name: "rcp_approx_ftz", ret: F32, args: []Kind{F32}},
	{name: "sqrt_approx", ret: F32, args: []Kind{F32}},
	{name: "rsqrt_approx", ret: F32, args: []Kind{F32}}, {name: "rsqrt_approx_ftz", ret: F32, args: []Kind{F32}},
	{name: "mul_ftz", ret: F32, args: []Kind{F32, F32}}, {name: "fma_rn_ftz", ret: F32, args: []Kind{F32, F32, F32}},
}

// approxRanges are, for each instruction's operands in turn, the ranges
// of I_apx_in that bite: 0 [-160, 161) with fractions (ex2's results from
// Inf down through the subnormals to 0), 1 the subnormals and the
// smallest normals (.ftz's flushes, mul.ftz's tiny products, rcp's and
// rsqrt's largest results), 2 [2^126, 2^128) (div.approx's |b| > 2^126,
// rcp's subnormal results), 3 [-149, -127) with fractions (ex2's
// subnormal results, which .ftz flushes).
var approxRanges = map[string][]string{
	"ex2_approx": {"033"}, "ex2_approx_ftz": {"033"},
	"div_approx": {"12", "221"}, "div_full": {"12", "12"},
	"rcp_approx": {"12"}, "rcp_approx_ftz": {"12"}, "sqrt_approx": {"12"},
	"rsqrt_approx": {"12"}, "rsqrt_approx_ftz": {"12"},
	"mul_ftz": {"1", "1"}, "fma_rn_ftz": {"1", "1", "1"},
}

// approx is one of approxOps converted to k, each operand, two times in
// three, moved by I_apx_in into one of the ranges where its rules bite
// (approxRanges).
func (g *gen) approx(k Kind, depth int) *Expr {
	op := approxOps[g.r.IntN(len(approxOps))]
	e := &Expr{Op: "intr", T: Ty{K: op.ret}, Sym: op.name}
	for i, a := range op.args {
		x := g.expr(a, depth-1)
		if g.r.IntN(3) != 0 {
			rs := approxRanges[op.name][i]
			r := uint64(rs[g.r.IntN(len(rs))] - '0')
			x = &Expr{Op: "intr", T: Ty{K: F32}, Sym: "apx_in", A: []*Expr{x, {Op: "const", T: Ty{K: U32}, C: r}}}
		}
		e.A = append(e.A, x)
	}
	return g.convert(e, k)
}

// approxShared: the checks, the same C on both sides. A_op(r, operands,
// host) is det where host is 1 or r is in bound, else r.
const approxShared = `/* Approximate and .ftz f32 instructions (Config.Approx): the ISA's bounds. */
static DEV inline u32 a_bits(float x) { u32 u; __builtin_memcpy(&u, &x, 4); return u; }
/* .ftz: a subnormal is the zero of its sign. */
static DEV inline float a_fl(float x) { u32 u = a_bits(x); return (u & 0x7f800000u) == 0u ? u2f(u & 0x80000000u) : x; }
static DEV inline s64 a_ord(u32 u) { return u >> 31 ? -(s64)(u & 0x7fffffffu) : (s64)u; }
/* r within k ulps (k > 0) of ref rounded, or within rel of ref (k == 0). */
static DEV int a_ok(float r, double ref, u32 k, double rel, int ftz) {
  if (ref != ref) return r != r;
  if (r != r) return 0;
  float fr = (float)ref;
  u32 rb = a_bits(r), fb = a_bits(fr);
  if (ref == 0.0 || __builtin_fabs(ref) == __builtin_inf()) return rb == fb;
  if ((rb ^ fb) >> 31) return 0;
  if (ftz && (rb & 0x7f800000u) == 0u) return (rb & 0x7fffffffu) == 0u && __builtin_fabs(ref) <= 1.0000038146972656 * 1.1754943508222875e-38;
  if (k) { s64 d = a_ord(rb) - a_ord(fb); return d <= (s64)k && d >= -(s64)k; }
  return __builtin_fabs((double)r - ref) <= rel * __builtin_fabs(ref);
}
static DEV inline float a_det(double ref, int ftz) { return ftz ? a_fl((float)ref) : (float)ref; }
/* A refused r stops the kernel on the GPU side (trap: ptxplay reports an
   error whatever the data flow after it); in C (the host's rows) it goes
   on as a NaN, or as itself where det is a NaN. */
#ifdef __CUDA_ARCH__
#define A_TRAP() asm volatile("trap;")
#else
#define A_TRAP() ((void)0)
#endif
static DEV inline float a_bad(float r, float det) { A_TRAP(); return det != det ? r : u2f(0x7fc00000u); }
static DEV inline float a_pick(float r, double ref, u32 k, double rel, int ftz, int host) { return host || a_ok(r, ref, k, rel, ftz) ? a_det(ref, ftz) : a_bad(r, a_det(ref, ftz)); }
/* An operand moved into a range (approx, above); a NaN as its canonical bits. */
static DEV inline float I_apx_in(float x, u32 s) {
  u32 u = f2u(x);
  switch (s % 4u) {
  case 0: return (float)((s32)(u % 321u) - 160) + (float)(u >> 24) * 0.00390625f;
  case 1: return u2f((u & 0x807fffffu) | ((u >> 7) % 3u) << 23);
  case 2: return u2f((u & 0x807fffffu) | (253u + (u >> 7) % 2u) << 23);
  default: return (float)((s32)(u % 22u) - 149) + (float)(u >> 24) * 0.00390625f;
  }
}
/* 2^x in double: 2^n * e^(f ln 2), f in [0, 1), by its series (error near
   2^-52, far below the bound's 2 ulps of f32); beyond +-200 a power that
   rounds to Inf or 0 in f32 as 2^x does. */
static DEV double a_exp2(float x) {
  if (x != x) return (double)x;
  if (x > 200.0f) return 1.6069380442589903e+60;
  if (x < -200.0f) return 6.223015277861142e-61;
  double n = (double)(s32)x;
  if (n > (double)x) n = n - 1.0;
  double f = ((double)x - n) * 0.6931471805599453, s = 1.0, term = 1.0;
  for (int i = 1; i < 20; i++) { term = term * f / (double)i; s = s + term; }
  return s * u2d((u64)(1023 + (s32)n) << 52);
}
static DEV inline float A_ex2(float r, float a, int ftz, int host) { return a_pick(r, a_exp2(ftz ? a_fl(a) : a), 2u, 0.0, ftz, host); }
static DEV inline float A_rcp(float r, float a, int ftz, int host) { return a_pick(r, 1.0 / (double)(ftz ? a_fl(a) : a), 1u, 0.0, ftz, host); }
static DEV inline float A_sqrt(float r, float a, int host) { return a_pick(r, __builtin_sqrt((double)a), 0u, 1.1920928955078125e-07, 0, host); }
static DEV inline float A_rsqrt(float r, float a, int ftz, int host) { return a_pick(r, 1.0 / __builtin_sqrt((double)(ftz ? a_fl(a) : a)), 0u, 1.277653530283325e-07, ftz, host); }
static DEV inline float A_div_full(float r, float a, float b, int host) { return a_pick(r, (double)a / (double)b, 2u, 0.0, 0, host); }
static DEV float A_div_approx(float r, float a, float b, int host) {
  double m = __builtin_fabs((double)b);
  if (m >= 1.1754943508222875e-38 && m <= 8.507059173023462e+37) return a_pick(r, (double)a / (double)b, 2u, 0.0, 0, host);
  if (m > 8.507059173023462e+37 && m < __builtin_inf()) return a_pick(r, (double)a * (b < 0.0f ? -0.0 : 0.0), 2u, 0.0, 0, host);
  if (m == 0.0 || m == __builtin_inf() || b != b) return a_pick(r, (double)a * (1.0 / (double)b), 2u, 0.0, 0, host);
  return (float)((double)a / (double)b); /* a subnormal b: no bound */
}
/* The band where the GPU may flush or not: [2^-126 - 2^-150, 2^-126), closed
   above for a value rounded to double (fma's). */
static DEV inline int a_band(double v, int closed) { double m = __builtin_fabs(v); return m >= 1.1754942807573643e-38 && (m < 1.1754943508222875e-38 || (closed && m == 1.1754943508222875e-38)); }
static DEV float a_exact(float r, float det, double v, int closed, int host) {
  if (a_band(v, closed)) {
    float z = v < 0.0 ? -0.0f : 0.0f;
    u32 m = a_bits(r) & 0x7fffffffu;
    return host || ((m == 0u || m == 0x00800000u) && (a_bits(r) >> 31) == (a_bits(z) >> 31)) ? z : a_bad(r, z);
  }
  return host || a_bits(r) == a_bits(det) || (r != r && det != det) ? det : a_bad(r, det);
}
static DEV inline float A_mul_ftz(float r, float a, float b, int host) {
  double v = (double)a_fl(a) * (double)a_fl(b);
  return a_exact(r, a_fl((float)v), v, 0, host);
}
static DEV inline float A_fma_ftz(float r, float a, float b, float c, int host) {
  float x = a_fl(a), y = a_fl(b), z = a_fl(c);
  return a_exact(r, a_fl(__builtin_fmaf(x, y, z)), __builtin_fma((double)x, (double)y, (double)z), 1, host);
}
`

// approxCUDA: each instruction in one asm statement, then its check.
const approxCUDA = `/* Approximate and .ftz f32 instructions (Config.Approx), inline PTX. */
#define APX_1(name, ins, chk) static DEV inline float I_##name(float a) { float r; asm(ins " %0, %1;" : "=f"(r) : "f"(a)); return chk; }
#define APX_2(name, ins, chk) static DEV inline float I_##name(float a, float b) { float r; asm(ins " %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return chk; }
APX_1(ex2_approx, "ex2.approx.f32", A_ex2(r, a, 0, 0)) APX_1(ex2_approx_ftz, "ex2.approx.ftz.f32", A_ex2(r, a, 1, 0))
APX_2(div_approx, "div.approx.f32", A_div_approx(r, a, b, 0)) APX_2(div_full, "div.full.f32", A_div_full(r, a, b, 0))
APX_1(rcp_approx, "rcp.approx.f32", A_rcp(r, a, 0, 0)) APX_1(rcp_approx_ftz, "rcp.approx.f32.ftz", A_rcp(r, a, 1, 0))
APX_1(sqrt_approx, "sqrt.approx.f32", A_sqrt(r, a, 0))
APX_1(rsqrt_approx, "rsqrt.approx.f32", A_rsqrt(r, a, 0, 0)) APX_1(rsqrt_approx_ftz, "rsqrt.approx.ftz.f32", A_rsqrt(r, a, 1, 0))
APX_2(mul_ftz, "mul.ftz.f32", A_mul_ftz(r, a, b, 0))
static DEV inline float I_fma_rn_ftz(float a, float b, float c) { float r; asm("fma.rn.ftz.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(a), "f"(b), "f"(c)); return A_fma_ftz(r, a, b, c, 0); }
`

// approxHost: det, what the ISA's bounds let both sides go on with.
const approxHost = `/* Approximate and .ftz f32 instructions (Config.Approx): det. */
#define I_ex2_approx(a) A_ex2(0.0f, (a), 0, 1)
#define I_ex2_approx_ftz(a) A_ex2(0.0f, (a), 1, 1)
#define I_div_approx(a, b) A_div_approx(0.0f, (a), (b), 1)
#define I_div_full(a, b) A_div_full(0.0f, (a), (b), 1)
#define I_rcp_approx(a) A_rcp(0.0f, (a), 0, 1)
#define I_rcp_approx_ftz(a) A_rcp(0.0f, (a), 1, 1)
#define I_sqrt_approx(a) A_sqrt(0.0f, (a), 1)
#define I_rsqrt_approx(a) A_rsqrt(0.0f, (a), 0, 1)
#define I_rsqrt_approx_ftz(a) A_rsqrt(0.0f, (a), 1, 1)
#define I_mul_ftz(a, b) A_mul_ftz(0.0f, (a), (b), 1)
#define I_fma_rn_ftz(a, b, c) A_fma_ftz(0.0f, (a), (b), (c), 1)
`
