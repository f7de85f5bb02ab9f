// v4.go: Config.V4, vectors of 8 and 16 bytes moved between the threads
// of a CTA, as CUDA kernels stage float4, uint4 and float2 data: each
// trip of a loop of n, every thread stores one vector made of its value
// TV(f, t, k) (tiles.go) into a __shared__ array or a __device__ one,
// __syncthreads(), reads the vector of the thread d places on in its CTA,
// folds it into its sum and waits at a second __syncthreads() before the
// next trip's store. Another thread's element after a barrier is what
// keeps clang from forwarding the store to the load, so the PTX holds
// both: st.shared.v4.u32 and ld.shared.v4.u32 (a struct of four u32
// aligned to 16, CUDA's uint4), st.global.v4.f32 and ld.global.v4.f32
// (float4, F4 of f4.go), st.shared.v2.f32 and ld.shared.v2.f32 (float2),
// st.global.v2.u32 and ld.global.v2.u32 (uint2, read member by member:
// copied whole, clang loads it as one u64); with retype, .b32 twins
// of every second one (st.global.v4.b32 ...). At -O0 clang moves the
// vectors through generic addresses (ld.v4.u32 ...).
//
//   - VXS(V, f, d, m, n): the vectors in a __shared__ V[TN];
//   - VXG(V, f, d, m, n): in a __device__ V[512], element t (the CTAs'
//     slots are disjoint; a barrier orders a CTA's global accesses as
//     its shared ones).
//
// V is U4, F4, F2 or U2; mk_V(v) builds the vector of a value (the float
// members exact conversions of at most 24 bits, so that no NaN or
// rounding of a conversion enters), vc_V(q, m) reduces it reading every
// member whatever m (so that clang loads the whole vector), and the sum
// is acc * 3 + x for the u32 kinds, acc * 0.5 + x for the float ones.
// The host computes each read from the thread it names (TCTA0 | (TME +
// d) % TN), as tiles do. Only where every thread of the CTA is present:
// not with exit, not in a CTA with empty slots.
package main

// vxTypes are the vector types of Config.V4 and the kind of their sum.
var vxTypes = []struct {
	name string
	k    Kind
}{{"U4", U32}, {"F4", F32}, {"F2", F32}, {"U2", U32}}

// vx declares a scalar set from VXS or VXG (nil when the program's CTA
// has empty slots).
func (g *gen) vx() *Stmt {
	if g.p.Launch().Ghosts() {
		return nil
	}
	u := func(c uint64) *Expr { return &Expr{Op: "const", T: Ty{K: U32}, C: c} }
	vt := vxTypes[g.r.IntN(len(vxTypes))]
	op := []string{"VXS", "VXG"}[g.r.IntN(2)]
	e := &Expr{Op: "macro", T: Ty{K: vt.k}, Sym: op, A: []*Expr{
		{Op: "raw", T: Ty{K: U32}, Sym: vt.name}, g.pure(g.pureExpr()),
		u(uint64(g.r.IntN(g.p.Launch().Threads()))), u(uint64(g.r.IntN(4))), u(uint64(1 + g.r.IntN(3)))}}
	return g.declare(&Stmt{Kind: sDecl, V: g.newVar(Ty{K: vt.k}, 0), E: e})
}

// vxShared: the vector types and what both sides make of them (after
// f4Shared's F4 and f4c, tileShared's TV, TME, TCTA0, TN).
const vxShared = `/* Vectors across the CTA (Config.V4). */
typedef struct __attribute__((aligned(16))) { u32 x, y, z, w; } U4;
typedef struct __attribute__((aligned(8))) { float x, y; } F2;
typedef struct __attribute__((aligned(8))) { u32 x, y; } U2;
static DEV inline U4 mk_U4(u32 v) { U4 q = {v, v ^ 0x9e3779b9u, v * 3u, ~v}; return q; }
static DEV inline F4 mk_F4(u32 v) { F4 q = {(float)(v & 0xffffffu), (float)(v >> 8), -(float)(v & 0xffffu), (float)(v >> 20) * 0.5f}; return q; }
static DEV inline F2 mk_F2(u32 v) { F2 q = {(float)(v >> 8), -(float)(v & 0xfffu)}; return q; }
static DEV inline U2 mk_U2(u32 v) { U2 q = {v * 0x01000193u, v >> 3}; return q; }
static DEV inline u32 vc_U4(U4 q, u32 m) {
  switch (m & 3u) { case 0: return q.x + q.y * q.z - q.w; case 1: return (q.x ^ q.w) + q.z * q.y; case 2: return q.y * q.w + (q.x ^ q.z); default: return q.x - q.y + (q.z ^ q.w); }
}
static DEV inline float vc_F4(F4 q, u32 m) { return f4c(q, m); }
static DEV inline float vc_F2(F2 q, u32 m) { return (m & 1u) ? q.x * 0.25f - q.y : (q.x + q.y) * 0.75f; }
static DEV inline u32 vc_U2(U2 q, u32 m) { return (m & 1u) ? q.x - q.y * 5u : (q.x ^ q.y) + q.y; }
#define VXACC_U4(a, x) ((a) * 3u + (x))
#define VXACC_U2(a, x) ((a) * 3u + (x))
#define VXACC_F4(a, x) ((a) * 0.5f + (x))
#define VXACC_F2(a, x) ((a) * 0.5f + (x))
#define VXSUM_U4 u32
#define VXSUM_U2 u32
#define VXSUM_F4 float
#define VXSUM_F2 float
#define VXSRC(d) ((TME + (d)) % TN)
`

// vxCUDA: the CUDA side (in the body: macros).
const vxCUDA = `static DEV U4 vxg_U4[512];
static DEV F4 vxg_F4[512];
static DEV F2 vxg_F2[512];
static DEV U2 vxg_U2[512];
/* ld_V reads a vector member by member: clang's load-store vectorizer
   makes one ld.v2 or ld.v4 of them (a U2 copied whole becomes a 64-bit
   ld.u64). */
static DEV inline U4 ld_U4(const U4 *p) { U4 q = {p->x, p->y, p->z, p->w}; return q; }
static DEV inline F4 ld_F4(const F4 *p) { F4 q = {p->x, p->y, p->z, p->w}; return q; }
static DEV inline F2 ld_F2(const F2 *p) { F2 q = {p->x, p->y}; return q; }
static DEV inline U2 ld_U2(const U2 *p) { U2 q = {p->x, p->y}; return q; }
#define VXS(V, f, d, m, n) ({ __shared__ V s_[TN]; VXSUM_##V acc_ = 0; \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { s_[TME] = mk_##V(TV(f, t, k0_)); __syncthreads(); \
    acc_ = VXACC_##V(acc_, vc_##V(ld_##V(&s_[VXSRC(d)]), (m) + k0_)); __syncthreads(); } acc_; })
#define VXG(V, f, d, m, n) ({ VXSUM_##V acc_ = 0; \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { vxg_##V[t] = mk_##V(TV(f, t, k0_)); __syncthreads(); \
    acc_ = VXACC_##V(acc_, vc_##V(ld_##V(&vxg_##V[TCTA0 | VXSRC(d)]), (m) + k0_)); __syncthreads(); } acc_; })
`

// vxHost: the host side, each read from the thread it names.
const vxHost = `#define VXS(V, f, d, m, n) ({ VXSUM_##V acc_ = 0; u32 u_ = TCTA0 | VXSRC(d); \
  for (u32 k0_ = 0; k0_ < (n); k0_++) acc_ = VXACC_##V(acc_, vc_##V(mk_##V(TV(f, u_, k0_)), (m) + k0_)); acc_; })
#define VXG(V, f, d, m, n) VXS(V, f, d, m, n)
`
