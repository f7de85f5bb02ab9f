// ga.go: Config.GAddr, generic addresses of variables and vector
// registers, in inline PTX as users write it by hand and nvcc writes it:
// the address of a variable by its name (mov.u64 a, var; mov.u32 s, var
// for a .shared one), cvta.global/.shared/.local/.const to the generic
// address and cvta.to back, generic ld and st through it (ld.u32,
// st.v4.u32, ld.v2.u64, ld.v4.u16), isspacep of every space on it, and
// vectors: .v2 and .v4 loads and stores of every width and kind (u8 into
// 32-bit registers, s32, u16, f32, f64, b64), vector registers (.reg .v4
// .u32 w; st.v4.u32 [g], w; w.z) and the braces of mov that pack and
// unpack (mov.b64 d, {x, y}; mov.b64 {x, y}, d; mov.b32 {h, l}, r;
// mov.b64 d, {h0, h1, h2, h3}); some loads with a cache operator or a
// memory order that leaves the value as a plain load's (.cs, .cg,
// .volatile, .relaxed.gpu, .acquire.cta).
//
//   - GAL(f, m): a .local variable of the asm block's own (.local .b8
//     gl[32]), the thread's words stored through its generic address
//     and by name, read back in other widths both ways;
//   - GAC(f, i): a __constant__ table (ga_c) read through the generic
//     address of element i and by name;
//   - GAG(f, d): a __device__ array (ga_g, 16 bytes a thread) written
//     through the generic address of the thread's element, and after
//     __syncthreads() the element of the thread d places on in its CTA
//     read generically and through cvta.to.global;
//   - GAS(f, d): alike in a file-scope __shared__ array (ga_s), written
//     through a 32-bit shared address (mov.u32 s, ga_s) and read through
//     the generic one and cvta.to.shared back to 32 bits;
//   - GAU(f, d): a word a thread at unit stride in a file-scope
//     __shared__ and a __device__ array (a full warp's 4-byte
//     st.shared.u32 and st.global.u32, core/sim's warp-wide paths), read
//     after __syncthreads() at the thread d places on by ld.shared.u32,
//     a generic ld.u32, ld.global.u32, ld.global.u8 and the
//     ld.shared.v4.u32 of its aligned group of four;
//   - GAP(f): predicated vector loads of the thread's own inputs as
//     Triton writes them (@p ld.global.v4.b32 { %r1, ... }, [ a + 16 ];
//     @!p ld.global.nc.v2.b32; @q ld.global.b32 { %r5 }), each
//     destination zeroed first, p and q bits 0 and 1 of f;
//   - GAV(f): the votes of the whole warp (membermask -1; without .sync
//     ptxas and ptxplay refuse them in these sm_80, PTX 7.0 modules),
//     after bar.warp.sync -1: vote.all.pred and vote.any.pred of f & 1
//     and of (f & 31) != 0, vote.all.pred of !p, vote.uni.pred of p and
//     vote.ballot.b32 of p = (f & 3) == 0.
//
// Each block hands its loaded values and the isspacep bits out to C,
// which folds them. The host does the same with the bytes of a C array
// and memcpy, little-endian as the GPU (gaHost): every value it reads is
// the bytes the words put there, and every isspacep is 1 for the space
// of the address and 0 for the two other windows the ISA keeps apart
// (global, shared, local). GAG, GAS, GAU and GAV only at the body's top level
// where every thread of the CTA is present (not with exit, not in a CTA
// with empty slots); GAL, GAC and GAP anywhere in the body.
package main

import (
	"fmt"
	"strings"
)

// ga declares a u32 set from one of Config.GAddr's macros at the top
// level, or assigns one to a u32 variable below it (GAG and GAS only
// where all says every thread of the CTA is present), or gives nil.
func (g *gen) ga(top, all bool) *Stmt {
	var v *Var
	if !top {
		if v = g.pickVar(func(v *Var) bool { return v.N == 0 && v.T.K == U32 && !v.Loop }); v == nil {
			return nil
		}
	}
	u := func(c uint64) *Expr { return &Expr{Op: "const", T: Ty{K: U32}, C: c} }
	ops := []string{"GAL", "GAC", "GAP"}
	if all {
		ops = append(ops, "GAG", "GAS", "GAV", "GAU")
	}
	e := &Expr{Op: "macro", T: Ty{K: U32}, Sym: ops[g.r.IntN(len(ops))]}
	switch e.Sym {
	case "GAL":
		e.A = []*Expr{g.pure(g.pureExpr()), u(uint64(g.r.IntN(4)))}
	case "GAC":
		e.A = []*Expr{g.pure(g.pureExpr()), u(uint64(g.r.IntN(64)))}
	case "GAV", "GAP":
		e.A = []*Expr{g.pure(g.pureExpr())}
	default: // GAG, GAS, GAU
		e.A = []*Expr{g.pure(g.pureExpr()), u(uint64(g.r.IntN(g.p.Launch().Threads())))}
	}
	if v != nil {
		return &Stmt{Kind: sAssign, V: v, E: e}
	}
	return g.declare(&Stmt{Kind: sDecl, V: g.newVar(Ty{K: U32}, 0), E: e})
}

// gaWords are the __constant__ table's 64 words, alike on both sides
// (any values: a linear congruential sequence, mixed).
func gaWords() []uint32 {
	w := make([]uint32, 64)
	x := uint32(0x243f6a88)
	for i := range w {
		x = x*1664525 + 1013904223
		w[i] = x ^ x>>13
	}
	return w
}

// gaTable is gaWords as a C initializer.
func gaTable() string {
	var b strings.Builder
	for i, x := range gaWords() {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "0x%08xu", x)
	}
	return b.String()
}

// gaShared: the words a thread writes (GAW(v, i), word i of value v),
// the table and the fold, alike on both sides.
var gaShared = `/* Generic addresses and vectors (Config.GAddr). */
#define GAW(v, i) ((((v) ^ ((i) * 0x9e3779b9u)) * (2u * (i) + 1u)) + ((i) << 28))
#define GA_CTAB {` + gaTable() + `}
#define GAF(a, x) ((a) * 3u + (u32)(x))
#define GAF64(a, x) GAF(GAF((a), (x)), (u64)(x) >> 32)
#define GAGW(v) ((v) * 0x9e3779b9u + 7u)
`

// gaCUDA: the inline PTX.
const gaCUDA = `__device__ __attribute__((aligned(16))) u32 ga_g[4 * 512];
__shared__ __attribute__((aligned(16))) u32 ga_s[4 * 128];
__constant__ __attribute__((aligned(16))) u32 ga_c[64] = GA_CTAB;
static DEV inline u32 ga_local(u32 v, u32 m) {
  u32 x, y, z, k, hs, pb, sx; u64 d;
  asm volatile("{\n\t.local .align 16 .b8 gl[32];\n\t.reg .u64 a, g, e;\n\t.reg .v4 .u32 w;\n\t.reg .v2 .u64 q;\n\t"
    ".reg .b16 h<4>;\n\t.reg .pred p<3>;\n\t.reg .u32 b<3>;\n\t"
    "mov.v4.u32 w, {%8, %9, %10, %11};\n\t"
    "mov.u64 a, gl;\n\tcvta.local.u64 g, a;\n\t"
    "cvt.u32.u64 b2, a;\n\tand.b32 b2, b2, 15;\n\t"
    "st.v4.u32 [g], w;\n\t"
    "st.local.v4.u32 [gl+16], {w.w, w.z, w.y, w.x};\n\t"
    "st.local.v2.u8 [gl+6], {%8, %9};\n\t"
    "isspacep.local p0, g;\n\tisspacep.global p1, g;\n\tisspacep.shared p2, g;\n\t"
    "selp.u32 b0, 1, 0, p0;\n\tselp.u32 b1, 2, 0, p1;\n\tor.b32 b0, b0, b1;\n\tselp.u32 b1, 4, 0, p2;\n\tor.b32 b0, b0, b1;\n\tshl.b32 b2, b2, 3;\n\tor.b32 %5, b0, b2;\n\t"
    "ld.local.v2.u64 q, [gl+16];\n\t"
    "mov.b64 {%0, %1}, q.x;\n\t"
    "ld.v4.u16 {h0, h1, h2, h3}, [g+8];\n\t"
    "mov.b64 %6, {h0, h1, h2, h3};\n\t"
    "mov.b32 {h0, h1}, w.y;\n\t"
    "mov.b32 %4, {h1, h0};\n\t"
    "mul.wide.u32 e, %12, 4;\n\tadd.s64 e, g, e;\n\t"
    "ld.cg.u32 %2, [e+8];\n\t"
    "cvta.to.local.u64 a, e;\n\t"
    "ld.local.u32 %3, [a+4];\n\t"
    "ld.local.s16 %7, [gl+6];\n\t}"
    : "=r"(x), "=r"(y), "=r"(z), "=r"(k), "=r"(hs), "=r"(pb), "=l"(d), "=r"(sx)
    : "r"(GAW(v, 0u)), "r"(GAW(v, 1u)), "r"(GAW(v, 2u)), "r"(GAW(v, 3u)), "r"(m) : "memory");
  return GAF(GAF64(GAF(GAF(GAF(GAF(GAF(pb, x), y), z), k), hs), d), sx);
}
#define GAL(f, m) ga_local(f(t, in), (m))
static DEV inline u32 ga_const(u32 v, u32 i) {
  u32 x, y, w0, w1, c0, c1, c2, c3, pb;
  asm volatile("{\n\t.reg .u64 a, g, e;\n\t.reg .pred p<3>;\n\t.reg .u32 b<3>;\n\t.reg .v2 .u32 w;\n\t"
    "mov.u64 a, ga_c;\n\tcvta.const.u64 g, a;\n\t"
    "mul.wide.u32 e, %9, 4;\n\tadd.s64 g, g, e;\n\t"
    "ld.u32 %0, [g];\n\t"
    "isspacep.const p0, g;\n\tisspacep.local p1, g;\n\tisspacep.shared p2, g;\n\t"
    "selp.u32 b0, 1, 0, p0;\n\tselp.u32 b1, 2, 0, p1;\n\tselp.u32 b2, 4, 0, p2;\n\tor.b32 b0, b0, b1;\n\tor.b32 %8, b0, b2;\n\t"
    "cvta.to.const.u64 a, g;\n\t"
    "and.b64 a, a, -8;\n\t"
    "ld.const.v2.u32 w, [a];\n\tmov.u32 %2, w.x;\n\tmov.u32 %3, w.y;\n\t"
    "mul.wide.u32 e, %10, 4;\n\tmov.u64 a, ga_c;\n\tadd.s64 a, a, e;\n\t"
    "ld.const.u32 %1, [a];\n\t"
    "ld.const.v4.u32 {%4, %5, %6, %7}, [ga_c+48];\n\t}"
    : "=r"(x), "=r"(y), "=r"(w0), "=r"(w1), "=r"(c0), "=r"(c1), "=r"(c2), "=r"(c3), "=r"(pb)
    : "r"(i), "r"(v & 63u) : "memory");
  return GAF(GAF(GAF(GAF(GAF(GAF(GAF(GAF(pb, x), y), w0), w1), c0 ^ v), c1), c2), c3);
}
#define GAC(f, i) ga_const(f(t, in), (i))
static DEV inline void ga_gput(u32 me, u32 v) {
  asm volatile("{\n\t.reg .u64 a, g;\n\t.reg .v4 .u32 w;\n\t"
    "mov.u64 a, ga_g;\n\tcvta.global.u64 g, a;\n\tmad.wide.u32 g, %0, 16, g;\n\t"
    "mov.v4.u32 w, {%1, %2, %3, %4};\n\tst.v4.u32 [g], w;\n\t}"
    :: "r"(me), "r"(GAW(v, 0u)), "r"(GAW(v, 1u)), "r"(GAW(v, 2u)), "r"(GAW(v, 3u)) : "memory");
}
static DEV inline u32 ga_gget(u32 u) {
  u32 b0, b1, b2, b3, pb, s0, s1; u64 q0, fb;
  asm volatile("{\n\t.reg .u64 a, g, e;\n\t.reg .v2 .u64 q;\n\t.reg .f32 fa, fc;\n\t.reg .pred p<3>;\n\t.reg .u32 b<3>;\n\t"
    "mov.u64 a, ga_g;\n\tcvta.global.u64 g, a;\n\tmad.wide.u32 g, %9, 16, g;\n\t"
    "isspacep.global p0, g;\n\tisspacep.shared p1, g;\n\tisspacep.local p2, g;\n\t"
    "selp.u32 b0, 1, 0, p0;\n\tselp.u32 b1, 2, 0, p1;\n\tselp.u32 b2, 4, 0, p2;\n\tor.b32 b0, b0, b1;\n\tor.b32 %4, b0, b2;\n\t"
    "ld.v2.u64 q, [g];\n\tmov.b64 %5, q.x;\n\t"
    "cvta.to.global.u64 e, g;\n\t"
    "ld.global.v2.f32 {fa, fc}, [e+8];\n\tmov.b64 %6, {fa, fc};\n\t"
    "ld.global.cs.v4.u8 {%0, %1, %2, %3}, [e+4];\n\t"
    "ld.relaxed.gpu.global.v2.s16 {%7, %8}, [e+12];\n\t}"
    : "=r"(b0), "=r"(b1), "=r"(b2), "=r"(b3), "=r"(pb), "=l"(q0), "=l"(fb), "=r"(s0), "=r"(s1) : "r"(u) : "memory");
  return GAF(GAF(GAF64(GAF64(GAF(GAF(GAF(GAF(pb, b0), b1), b2), b3), q0), fb), s0), s1);
}
#define GAG(f, d) ({ ga_gput(t, f(t, in)); __syncthreads(); u32 r_ = ga_gget(TCTA0 | ((TME + (d)) % TN)); __syncthreads(); r_; })
static DEV inline void ga_sput(u32 me, u32 v) {
  asm volatile("{\n\t.reg .u32 s;\n\t.reg .b64 d<2>;\n\t"
    "mov.u32 s, ga_s;\n\tmad.lo.u32 s, %0, 16, s;\n\t"
    "mov.b64 d0, {%1, %2};\n\tmov.b64 d1, {%3, %4};\n\tst.shared.v2.b64 [s], {d0, d1};\n\t}"
    :: "r"(me), "r"(GAW(v, 0u)), "r"(GAW(v, 1u)), "r"(GAW(v, 2u)), "r"(GAW(v, 3u)) : "memory");
}
static DEV inline u32 ga_sget(u32 u) {
  u32 x, y, pb, s0, s1; u64 dh, f0;
  asm volatile("{\n\t.reg .u64 a, g;\n\t.reg .u32 s;\n\t.reg .v4 .u16 hv;\n\t.reg .v2 .f64 fd;\n\t.reg .pred p<3>;\n\t.reg .u32 b<3>;\n\t"
    "mov.u64 a, ga_s;\n\tcvta.shared.u64 g, a;\n\tmad.wide.u32 g, %7, 16, g;\n\t"
    "isspacep.shared p0, g;\n\tisspacep.global p1, g;\n\tisspacep.local p2, g;\n\t"
    "selp.u32 b0, 1, 0, p0;\n\tselp.u32 b1, 2, 0, p1;\n\tselp.u32 b2, 4, 0, p2;\n\tor.b32 b0, b0, b1;\n\tor.b32 %2, b0, b2;\n\t"
    "ld.v4.u16 hv, [g+8];\n\tmov.b64 %3, {hv.y, hv.x, hv.w, hv.z};\n\t"
    "cvta.to.shared.u64 a, g;\n\tcvt.u32.u64 s, a;\n\t"
    "ld.shared.v2.s32 {%0, %1}, [s];\n\t"
    "ld.volatile.shared.v2.s8 {%5, %6}, [s+2];\n\t"
    "ld.acquire.cta.shared.v2.f64 fd, [s];\n\tmov.b64 %4, fd.y;\n\t}"
    : "=r"(x), "=r"(y), "=r"(pb), "=l"(dh), "=l"(f0), "=r"(s0), "=r"(s1) : "r"(u) : "memory");
  return GAF(GAF(GAF64(GAF64(GAF(GAF(pb, x), y), dh), f0), s0), s1);
}
/* A word a thread at unit stride, a full warp's 4-byte accesses (core/sim's
   warp-wide paths): ga_s4[TME] and ga_g4[t] stored, after the barrier
   read at the thread d places on by ld.shared.u32, ld.global.u32, a
   generic ld.u32, ld.global.u8 and ld.shared.v4.u32 of its group of 4. */
__shared__ __attribute__((aligned(16))) u32 ga_s4[128];
__device__ __attribute__((aligned(16))) u32 ga_g4[512];
static DEV inline void ga_uput(u32 me, u32 t, u32 v) {
  asm volatile("{\n\t.reg .u32 s;\n\t.reg .u64 a, g;\n\t"
    "mov.u32 s, ga_s4;\n\tmad.lo.u32 s, %0, 4, s;\n\tst.shared.u32 [s], %2;\n\t"
    "mov.u64 a, ga_g4;\n\tmul.wide.u32 g, %1, 4;\n\tadd.s64 a, a, g;\n\tst.global.u32 [a], %3;\n\t}"
    :: "r"(me), "r"(t), "r"(v), "r"(GAGW(v)) : "memory");
}
static DEV inline u32 ga_uget(u32 src, u32 gsrc, u32 grp) {
  u32 x, y, b, q0, q1, q2, q3, z;
  asm volatile("{\n\t.reg .u32 s;\n\t.reg .u64 a, g;\n\t"
    "mov.u32 s, ga_s4;\n\tmad.lo.u32 s, %8, 4, s;\n\tld.shared.u32 %0, [s];\n\t"
    "cvt.u64.u32 g, s;\n\tcvta.shared.u64 g, g;\n\tld.u32 %7, [g];\n\t"
    "mov.u32 s, ga_s4;\n\tmad.lo.u32 s, %10, 4, s;\n\tld.shared.v4.u32 {%3, %4, %5, %6}, [s];\n\t"
    "mov.u64 a, ga_g4;\n\tmul.wide.u32 g, %9, 4;\n\tadd.s64 a, a, g;\n\tld.global.u32 %1, [a];\n\tld.global.u8 %2, [a+1];\n\t}"
    : "=r"(x), "=r"(y), "=r"(b), "=r"(q0), "=r"(q1), "=r"(q2), "=r"(q3), "=r"(z) : "r"(src), "r"(gsrc), "r"(grp) : "memory");
  return GAF(GAF(GAF(GAF(GAF(GAF(GAF(GAF(1u, x), y), b), q0), q1), q2), q3), z);
}
#define GAU(f, d) ({ ga_uput(TME, t, f(t, in)); __syncthreads(); \
  u32 r_ = ga_uget((TME + (d)) % TN, TCTA0 | ((TME + (d)) % TN), ((TME + (d)) % TN) & ~3u); __syncthreads(); r_; })
/* Predicated vector loads of the thread's inputs as Triton writes them
   (zeros first, spaces inside the brackets and braces, one-element
   braces): a lane whose predicate is false keeps its zero. */
static DEV inline u32 ga_pred(const u64 *in, u32 c) {
  u32 x0, x1, x2, x3, y;
  asm volatile("{\n\t.reg .pred p, q;\n\t.reg .u64 a;\n\tcvta.to.global.u64 a, %5;\n\t"
    "setp.ne.u32 p, %6, 0;\n\tsetp.ne.u32 q, %7, 0;\n\t"
    "mov.u32 %0, 0x0;\n\tmov.u32 %1, 0x0;\n\tmov.u32 %2, 0x0;\n\tmov.u32 %3, 0x0;\n\tmov.u32 %4, 0x0;\n\t"
    "@p ld.global.v4.b32 { %0, %1, %2, %3 }, [ a + 16 ];\n\t"
    "@!p ld.global.nc.v2.b32 { %1, %2 }, [ a + 40 ];\n\t"
    "@q ld.global.b32 { %4 }, [ a + 60 ];\n\t}"
    : "=r"(x0), "=r"(x1), "=r"(x2), "=r"(x3), "=r"(y) : "l"(in), "r"(c & 1u), "r"(c & 2u) : "memory");
  return GAF(GAF(GAF(GAF(GAF(c, x0), x1), x2), x3), y);
}
#define GAP(f) ga_pred(in, f(t, in))
/* The votes over the whole warp (membermask -1), after a bar.warp.sync
   of it. (Without .sync, as PTX before 6.4 wrote them, ptxas refuses
   them for sm_70 and up from PTX 6.4, and so does ptxplay.) */
static DEV inline u32 ga_vote(u32 v) {
  u32 r;
  asm volatile("{\n\t.reg .pred p, a, n;\n\t.reg .u32 x;\n\tbar.warp.sync -1;\n\tmov.u32 %0, 0;\n\t"
    "and.b32 x, %1, 1;\n\tsetp.ne.u32 p, x, 0;\n\tvote.sync.all.pred a, p, -1;\n\tvote.sync.any.pred n, p, -1;\n\t@a or.b32 %0, %0, 1;\n\t@n or.b32 %0, %0, 2;\n\t"
    "and.b32 x, %1, 31;\n\tsetp.ne.u32 p, x, 0;\n\tvote.sync.all.pred a, p, -1;\n\tvote.sync.any.pred n, p, -1;\n\t@a or.b32 %0, %0, 4;\n\t@n or.b32 %0, %0, 8;\n\t"
    "and.b32 x, %1, 3;\n\tsetp.eq.u32 p, x, 0;\n\tvote.sync.all.pred a, !p, -1;\n\tvote.sync.uni.pred n, p, -1;\n\t@a or.b32 %0, %0, 16;\n\t@n or.b32 %0, %0, 32;\n\t"
    "vote.sync.ballot.b32 x, p, -1;\n\tshl.b32 x, x, 6;\n\tadd.u32 %0, %0, x;\n\t}"
    : "=r"(r) : "r"(v) : "memory");
  return r;
}
#define GAV(f) ga_vote(f(t, in))
#define GAS(f, d) ({ ga_sput(TME, f(t, in)); __syncthreads(); u32 r_ = ga_sget((TME + (d)) % TN); __syncthreads(); r_; })
`

// gaHost: the same reads from the bytes of a C array.
const gaHost = `static const u32 ga_c[64] = GA_CTAB;
static void ga_words(u8 *b, u32 v) { u32 w[4] = {GAW(v, 0u), GAW(v, 1u), GAW(v, 2u), GAW(v, 3u)}; memcpy(b, w, 16); }
static u32 ga_local_h(u32 v, u32 m) {
  u8 b[32]; u32 w[4], r[4], x, y, z, k, hs, sx; unsigned short h[4]; u64 q[2], d;
  ga_words(b, v); memcpy(w, b, 16);
  r[0] = w[3]; r[1] = w[2]; r[2] = w[1]; r[3] = w[0]; memcpy(b + 16, r, 16);
  memcpy(q, b + 16, 16); x = (u32)q[0]; y = (u32)(q[0] >> 32);
  memcpy(h, b + 8, 8); d = (u64)h[0] | (u64)h[1] << 16 | (u64)h[2] << 32 | (u64)h[3] << 48;
  hs = w[1] >> 16 | w[1] << 16;
  b[6] = (u8)w[0]; b[7] = (u8)w[1]; sx = (u32)(s32)(short)(b[6] | b[7] << 8);
  memcpy(&z, b + 4 * m + 8, 4); memcpy(&k, b + 4 * m + 4, 4);
  return GAF(GAF64(GAF(GAF(GAF(GAF(GAF(1u, x), y), z), k), hs), d), sx);
}
#define GAL(f, m) ga_local_h(f(t, in), (m))
static u32 ga_const_h(u32 v, u32 i) {
  u32 j = v & 63u, e = i & ~1u;
  return GAF(GAF(GAF(GAF(GAF(GAF(GAF(GAF(1u, ga_c[i]), ga_c[j]), ga_c[e]), ga_c[e + 1u]), ga_c[12] ^ v), ga_c[13]), ga_c[14]), ga_c[15]);
}
#define GAC(f, i) ga_const_h(f(t, in), (i))
static u32 ga_gget_h(u32 v) {
  u8 b[16]; u64 q0, fb;
  short h[2];
  ga_words(b, v); memcpy(&q0, b, 8); memcpy(&fb, b + 8, 8); memcpy(h, b + 12, 4);
  return GAF(GAF(GAF64(GAF64(GAF(GAF(GAF(GAF(1u, b[4]), b[5]), b[6]), b[7]), q0), fb), (s32)h[0]), (s32)h[1]);
}
#define GAG(f, d) ({ u32 u_ = TCTA0 | ((TME + (d)) % TN); ga_gget_h(f(u_, AT(u_))); })
static u32 ga_sget_h(u32 v) {
  u8 b[16]; u32 x, y; unsigned short h[4]; u64 dh, f0;
  ga_words(b, v); memcpy(&x, b, 4); memcpy(&y, b + 4, 4); memcpy(h, b + 8, 8); memcpy(&f0, b + 8, 8);
  dh = (u64)h[1] | (u64)h[0] << 16 | (u64)h[3] << 32 | (u64)h[2] << 48;
  return GAF(GAF(GAF64(GAF64(GAF(GAF(1u, x), y), dh), f0), (s32)(signed char)b[2]), (s32)(signed char)b[3]);
}
static u32 ga_vote_h(u32 t, const u64 *in, u32 (*f)(u32, const u64 *)) {
  u32 r = 0, b = 0;
  for (u32 k = 0; k < 3u; k++) {
    u32 a = 1u, n = 0u;
    b = 0;
    for (u32 l = 0; l < 32u; l++) {
      u32 u = (t & ~31u) | l, v = f(u, AT(u)), p = k == 0 ? (v & 1u) != 0 : k == 1 ? (v & 31u) != 0 : (v & 3u) == 0;
      a &= k == 2 ? !p : p; n |= p; b |= (u32)p << l;
    }
    if (k == 2u) n = b == 0 || b == 0xffffffffu; /* vote.uni */
    r |= (a | n << 1) << (2u * k);
  }
  return r + (b << 6); /* vote.ballot.b32 of (f & 3) == 0 */
}
#define GAV(f) ga_vote_h(t, in, f)
#define GAU(f, d) ({ u32 s_ = (TME + (d)) % TN, g_ = s_ & ~3u, x_ = f(TCTA0 | s_, AT(TCTA0 | s_)), y_ = GAGW(x_); \
  GAF(GAF(GAF(GAF(GAF(GAF(GAF(GAF(1u, x_), y_), (y_ >> 8) & 0xffu), f(TCTA0 | g_, AT(TCTA0 | g_))), f(TCTA0 | (g_ + 1u), AT(TCTA0 | (g_ + 1u)))), \
    f(TCTA0 | (g_ + 2u), AT(TCTA0 | (g_ + 2u)))), f(TCTA0 | (g_ + 3u), AT(TCTA0 | (g_ + 3u)))), x_); })
static u32 ga_pred_h(const u64 *in, u32 c) {
  u32 w[16], x0 = 0, x1 = 0, x2 = 0, x3 = 0, y = 0;
  memcpy(w, in, 64);
  if (c & 1u) { x0 = w[4]; x1 = w[5]; x2 = w[6]; x3 = w[7]; } else { x1 = w[10]; x2 = w[11]; }
  if (c & 2u) y = w[15];
  return GAF(GAF(GAF(GAF(GAF(c, x0), x1), x2), x3), y);
}
#define GAP(f) ga_pred_h(in, f(t, in))
#define GAS(f, d) ({ u32 u_ = TCTA0 | ((TME + (d)) % TN); ga_sget_h(f(u_, AT(u_))); })
`
