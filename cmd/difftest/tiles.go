// tiles.go: Config.Tiles, shared-memory tiles as CUDA kernels use them: a
// loop of trips, each filling a tile of the CTA's TN threads (TR rows of
// TC, a 2-D __shared__ array) between two __syncthreads and reading other
// threads' elements:
//   - TMM(T, fa, fb, n): a tiled matrix product's shape, two tiles written
//     each trip, acc += a[r][k] * b[k][c] over k < TR, in u8, s16, u32,
//     u64, float or double (clang unrolls the inner loop at -O3);
//   - TTR(T, f, n): a transposition through a tile padded by a column
//     ([TR][TC + 1]), thread me reading row me % TR, column me / TR, acc =
//     acc * 3 + x;
//   - TVOL(T, f, n): TTR through a volatile tile (ld.volatile.shared and
//     st.volatile.shared, as pre-Volta reductions write);
//   - TCP(sz, f, d, n): a double-buffered copy of this thread's inputs
//     into shared memory by cp.async (.ca of 4 and 8 bytes, .cg of 16),
//     the next trip's copy committed before cp.async.wait_group 1 waits
//     for this trip's (CUTLASS's pipeline), each thread summing the
//     element d threads on, times the trip.
//
// Element values are TV(f, u, k), a pure function of the writing thread
// u and the trip k, so the host computes each read from the thread it
// names. Only where every thread of the CTA is present: not with exit,
// not in a CTA with empty slots (shapes' partial blocks); the tile is the
// CTA's 32, 64 or 128 threads (TR x TC: 4 x 8, 8 x 8, 8 x 16).
package main

import "fmt"

// tileOps are the macros of Config.Tiles.
var tileOps = []string{"TMM", "TTR", "TCP", "TVOL"}

// tileKinds are TMM's and TTR's element kinds (no u16 or s32: their
// products overflow C's int or s32, undefined behaviour on the host).
var tileKinds = []Kind{U8, S16, U32, U64, F32, F64}

// tile declares a scalar set from one of tileOps (nil when the program's
// CTA has empty slots).
func (g *gen) tile() *Stmt {
	if g.p.Launch().Ghosts() {
		return nil
	}
	op := tileOps[g.r.IntN(len(tileOps))]
	u := func(c uint64) *Expr { return &Expr{Op: "const", T: Ty{K: U32}, C: c} }
	raw := func(s string) *Expr { return &Expr{Op: "raw", T: Ty{K: U32}, Sym: s} }
	trips := u(uint64(1 + g.r.IntN(4)))
	k := tileKinds[g.r.IntN(len(tileKinds))]
	e := &Expr{Op: "macro", T: Ty{K: k}, Sym: op}
	switch op {
	case "TMM":
		e.A = []*Expr{raw(k.String()), g.pure(g.pureExpr()), g.pure(g.pureExpr()), trips}
	case "TTR", "TVOL":
		e.A = []*Expr{raw(k.String()), g.pure(g.pureExpr()), trips}
	case "TCP":
		k = U64
		e.T.K = k
		sz := []uint64{4, 8, 16}[g.r.IntN(3)]
		e.A = []*Expr{u(sz), u(uint64(g.r.IntN(8))), u(uint64(g.r.IntN(g.p.Launch().Threads()))), trips}
	}
	return g.declare(&Stmt{Kind: sDecl, V: g.newVar(Ty{K: k}, 0), E: e})
}

// tileDefs are the program's tile geometry (Program.C).
func (p *Program) tileDefs() string {
	n := p.Launch().Threads()
	r := map[int]int{32: 4, 64: 8, 128: 8}[n]
	return fmt.Sprintf("#undef TN\n#undef TR\n#undef TC\n#define TN %du\n#define TR %du\n#define TC %du\n", n, r, n/r)
}

// tileShared: what both sides compute alike.
const tileShared = `/* Tiles (Config.Tiles): TV(f, u, k) is what thread u writes on trip k;
   TME is this thread's element, TCTA0 its CTA's first thread. */
#define TN 64u
#define TR 8u
#define TC 8u
#define TV(f, u, k) (f((u), AT(u)) * (2u * (k) + 1u) + (k))
#define TME (t & (TN - 1u))
#define TCTA0 (t & ~(TN - 1u))
`

// tileCUDA: the CUDA side, written in the body (macros).
var tileCUDA = `#define AS3(p) ((__attribute__((address_space(3))) void *)(p))
#define AS1(p) ((__attribute__((address_space(1))) const void *)(p))
#define TMM(T, fa, fb, n) ({ __shared__ T a_[TR][TC]; __shared__ T b_[TR][TC]; T acc_ = 0; \
  u32 r_ = TME / TC, c_ = TME % TC; \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { a_[r_][c_] = (T)TV(fa, t, k0_); b_[r_][c_] = (T)TV(fb, t, k0_); __syncthreads(); \
    for (u32 k_ = 0; k_ < TR; k_++) acc_ += a_[r_][k_] * b_[k_][c_]; \
    __syncthreads(); } acc_; })
#define TTR(T, f, n) ({ __shared__ T s_[TR][TC + 1]; T acc_ = 0; \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { s_[TME / TC][TME % TC] = (T)TV(f, t, k0_); __syncthreads(); \
    acc_ = acc_ * (T)3 + s_[TME % TR][TME / TR]; __syncthreads(); } acc_; })
#define TVOL(T, f, n) ({ volatile __shared__ T s_[TR][TC + 1]; T acc_ = 0; \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { s_[TME / TC][TME % TC] = (T)TV(f, t, k0_); __syncthreads(); \
    acc_ = acc_ * (T)3 + s_[TME % TR][TME / TR]; __syncthreads(); } acc_; })
/* TCP: cp.async of inputs j0 + k (mod 8; even for 16 bytes) of each
   thread into buffer k & 1, two groups in flight. */
#define TCPCOPY(sz, j0, s_, k) do { u32 j_ = ((j0) + (k)) & 7u; \
  if ((sz) == 4) __nvvm_cp_async_ca_shared_global_4(AS3(&((u32 *)s_[(k) & 1u])[TME]), AS1((const u32 *)(in + j_) + ((k) & 1u))); \
  else if ((sz) == 8) __nvvm_cp_async_ca_shared_global_8(AS3(&s_[(k) & 1u][TME][0]), AS1(in + j_)); \
  else __nvvm_cp_async_cg_shared_global_16(AS3(&s_[(k) & 1u][TME][0]), AS1(in + (j_ & 6u))); } while (0)
#define TCP(sz, j0, d, n) ({ __shared__ __attribute__((aligned(16))) u64 s_[2][TN][2]; u64 acc_ = 0; \
  TCPCOPY(sz, j0, s_, 0u); __nvvm_cp_async_commit_group(); \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { if (k0_ + 1u < (n)) TCPCOPY(sz, j0, s_, k0_ + 1u); __nvvm_cp_async_commit_group(); \
    __nvvm_cp_async_wait_group(1); __syncthreads(); \
    u32 o_ = (TME + (d)) % TN; \
    u64 x_ = (sz) == 4 ? (u64)((u32 *)s_[k0_ & 1u])[o_] : (sz) == 8 ? s_[k0_ & 1u][o_][0] : s_[k0_ & 1u][o_][0] ^ (s_[k0_ & 1u][o_][1] << 1); \
    acc_ += x_ * (k0_ + 1u); __syncthreads(); } acc_; })
`

// tileHost: the host side, each read from the thread it names.
var tileHost = `#define TMM(T, fa, fb, n) ({ T acc_ = 0; u32 r_ = TME / TC, c_ = TME % TC; \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { for (u32 k_ = 0; k_ < TR; k_++) { \
    u32 ua_ = TCTA0 | (r_ * TC + k_), ub_ = TCTA0 | (k_ * TC + c_); \
    acc_ += (T)TV(fa, ua_, k0_) * (T)TV(fb, ub_, k0_); } } acc_; })
#define TTR(T, f, n) ({ T acc_ = 0; u32 u_ = TCTA0 | ((TME % TR) * TC + TME / TR); \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { acc_ = acc_ * (T)3 + (T)TV(f, u_, k0_); } acc_; })
#define TVOL(T, f, n) TTR(T, f, n)
#define TCP(sz, j0, d, n) ({ u64 acc_ = 0; u32 u_ = TCTA0 | ((TME + (d)) % TN); const u64 *q_ = AT(u_); \
  for (u32 k0_ = 0; k0_ < (n); k0_++) { u32 j_ = ((j0) + k0_) & 7u; \
    u64 x_ = (sz) == 4 ? (u64)((const u32 *)(q_ + j_))[k0_ & 1u] : (sz) == 8 ? q_[j_] : q_[j_ & 6u] ^ (q_[(j_ & 6u) + 1] << 1); \
    acc_ += x_ * (k0_ + 1u); } acc_; })
`
