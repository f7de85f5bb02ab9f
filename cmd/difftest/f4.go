// f4.go: Config.F4, float4 accesses as CUDA code writes them for
// vectorised loads: a 16-byte aligned struct of four floats read from the
// thread's inputs in one access (F4G: ld.global.v4.f32 at -O3, ld.v4.f32
// through the generic address at -O0) and kept in a local array of two
// indexed by data (F4L: st.local.v4.f32 and ld.local.v4.f32). With
// retype, the .f32 vectors become .b32 (ld.global.v4.b32 ...). The value a
// statement declares is a float of the four (f4c), the same C on both
// sides.
package main

// f4 declares a float set from a float4 access (nil where the statement is
// not at the body's top level).
func (g *gen) f4() *Stmt {
	u := func(c uint64) *Expr { return &Expr{Op: "const", T: Ty{K: U32}, C: c} }
	e := &Expr{Op: "macro", T: Ty{K: F32}}
	switch g.r.IntN(2) {
	case 0:
		e.Sym, e.A = "F4G", []*Expr{u(uint64(g.r.IntN(8))), u(uint64(g.r.IntN(4)))}
	default:
		e.Sym, e.A = "F4L", []*Expr{u(uint64(g.r.IntN(8))), g.pure(g.pureExpr()), u(uint64(g.r.IntN(4)))}
	}
	return g.declare(&Stmt{Kind: sDecl, V: g.newVar(Ty{K: F32}, 0), E: e})
}

// f4Shared: the float4 type and the float both sides make of one.
// F4L(j, f, m): the inputs at j, j + 2, j + 4, j + 6 (each rounded down
// to a 16-byte boundary, modulo 8), each through f4s (float arithmetic, so
// that clang stores them as floats), in a local array of four, the element
// that f(t, in) & 3 names.
const f4Shared = `/* float4 accesses (Config.F4). */
typedef struct __attribute__((aligned(16))) { float x, y, z, w; } F4;
static DEV inline float f4c(F4 q, u32 m) {
  switch (m & 3u) { case 0: return (q.x + q.y) * q.z - q.w; case 1: return q.z * q.w + q.x * q.y; case 2: return (q.x - q.w) + (q.y - q.z); default: return q.y * q.w - q.x * q.z; }
}
static DEV inline F4 f4s(F4 q) { F4 r = {q.x + 1.0f, q.y - 1.0f, q.z * 2.0f, q.w * 0.5f}; return r; }
#define F4L(j, f, m) ({ F4 a_[4]; for (u32 i_ = 0; i_ < 4u; i_++) a_[i_] = f4s(F4AT((j) + 2u * i_)); \
  f4c(a_[f(t, in) & 3u], (m)); })
#define F4G(j, m) f4c(F4AT(j), (m))
`

// f4CUDA: one 16-byte load of the thread's inputs.
const f4CUDA = `#define F4AT(j) (*(const F4 *)(in + ((j) & 6u)))
`

// f4Host: the same bytes (the host's inputs are 8-byte aligned).
const f4Host = `static inline F4 f4at_(const u64 *p) { F4 q; memcpy(&q, p, 16); return q; }
#define F4AT(j) f4at_(in + ((j) & 6u))
`
