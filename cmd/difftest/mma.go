// mma.go: Config.MMA, the warp-level matrix instructions whose fragments
// the ISA lays out lane by lane (PTX ISA, "Matrix Fragments for mma.m16n8k8"
// and ldmatrix), in inline PTX as nvcc and CUTLASS write them:
//
//   - MMATF(fa, fb, fc): mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
//     of fragments each lane makes from its own value: with groupID = lane
//     >> 2 and tig = lane % 4, a_i is A[groupID + 8 (i & 1)][tig + 4 (i >>
//     1)], b_i is B[tig + 4 i][groupID], c_i (and d_i) is C[groupID + 8 (i
//     >> 1)][2 tig + (i & 1)]. Every element is a small integer (A and B
//     in -4..4, C in -8..8: exact in tf32, every product and partial sum
//     exact in f32), so D is the same in any order of the sums; each lane
//     folds its four d_i into its value;
//   - LDMX4(f, d): ldmatrix.sync.aligned.m8n8.x4.shared.b16: every lane
//     writes a row of 8 halves (16 bytes) of its warp's __shared__
//     [32][8] (of 4: a CTA's warps), then
//     lane i gives the address of row (i + d) % 32 (row i % 8 of matrix i
//     / 8), and lane l receives in register j the halves 2 (l % 4) and 2
//     (l % 4) + 1 of row l / 4 of matrix j, the lower in the low half.
//
// The host computes each element from the lane that owns it. Only in
// whole warps (.sync.aligned) and not with exit.
package main

// mma declares a u32 set from MMATF or LDMX4 (nil in a program with a
// partial warp).
func (g *gen) mma() *Stmt {
	if g.p.Launch().PartialWarp() {
		return nil
	}
	e := &Expr{Op: "macro", T: Ty{K: U32}, Sym: "MMATF", A: []*Expr{g.pure(g.pureExpr()), g.pure(g.pureExpr()), g.pure(g.pureExpr())}}
	if g.r.IntN(2) == 0 {
		e.Sym, e.A = "LDMX4", []*Expr{g.pure(g.pureExpr()), {Op: "const", T: Ty{K: U32}, C: uint64(g.r.IntN(32))}}
	}
	return g.declare(&Stmt{Kind: sDecl, V: g.newVar(Ty{K: U32}, 0), E: e})
}

// mmaShared: element values and the fold, alike on both sides. MMAV(x, n)
// is the integer x % n - n / 2; LDMH(v, c) the half c of a row whose lane
// has the value v.
const mmaShared = `/* Warp matrix instructions (Config.MMA). */
#define MMAV(x, n) ((float)((s32)((x) % (n)) - (s32)((n) / 2u)))
#define LDMH(v, c) ((u32)(((v) * (2u * (c) + 1u)) >> ((c) * 3u)) & 0xffffu)
`

// mmaCUDA: each lane's fragments and the instructions.
const mmaCUDA = `#define MMATF(fa, fb, fc) ({ u32 l_ = t & 31u, va_ = fa(t, in), vb_ = fb(t, in), vc_ = fc(t, in); \
  u32 a0_ = f2u(MMAV(va_, 9u)), a1_ = f2u(MMAV(va_ + 7u, 9u)), a2_ = f2u(MMAV(va_ + 14u, 9u)), a3_ = f2u(MMAV(va_ + 21u, 9u)); \
  u32 b0_ = f2u(MMAV(vb_, 9u)), b1_ = f2u(MMAV(vb_ + 5u, 9u)); \
  float d0_, d1_, d2_, d3_; \
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" \
    : "=f"(d0_), "=f"(d1_), "=f"(d2_), "=f"(d3_) : "r"(a0_), "r"(a1_), "r"(a2_), "r"(a3_), "r"(b0_), "r"(b1_), \
      "f"(MMAV(vc_, 17u)), "f"(MMAV(vc_ + 3u, 17u)), "f"(MMAV(vc_ + 6u, 17u)), "f"(MMAV(vc_ + 9u, 17u))); \
  (void)l_; (((u32)(s32)d0_ * 3u + (u32)(s32)d1_) * 3u + (u32)(s32)d2_) * 3u + (u32)(s32)d3_; })
#define LDMX4(f, d) ({ __shared__ __attribute__((aligned(16))) unsigned short s_[4][32][8]; u32 l_ = t & 31u, w_ = (t >> 5) & 3u, v_ = f(t, in); \
  for (u32 c_ = 0; c_ < 8u; c_++) s_[w_][l_][c_] = (unsigned short)LDMH(v_, c_); \
  __syncwarp(0xffffffffu); u32 r0_, r1_, r2_, r3_; \
  asm volatile("{\n\t.reg .u64 sa;\n\tcvta.to.shared.u64 sa, %4;\n\tldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [sa];\n\t}" \
    : "=r"(r0_), "=r"(r1_), "=r"(r2_), "=r"(r3_) : "l"(&s_[w_][(l_ + (d)) & 31u][0]) : "memory"); \
  __syncwarp(0xffffffffu); ((r0_ * 3u + r1_) * 3u + r2_) * 3u + r3_; })
`

// mmaHost: the elements from the lanes that own them.
const mmaHost = `static float mma_el(xfn f, u32 t, const u64 *in, u32 lane, u32 k, u32 n) { u32 u = (t & ~31u) | lane; return MMAV(f(u, AT(u)) + k, n); }
static u32 mma_host(u32 t, const u64 *in, xfn fa, xfn fb, xfn fc) {
  u32 l = t & 31u, acc = 0;
  for (u32 i = 0; i < 4u; i++) {
    u32 r = (l >> 2) + 8u * (i >> 1), c = 2u * (l & 3u) + (i & 1u);
    /* C[r][c]: owner lane (r % 8) * 4 + c / 2, register (c & 1) + 2 (r >= 8). */
    float d = mma_el(fc, t, in, (r & 7u) * 4u + c / 2u, 3u * ((c & 1u) + 2u * (r >> 3)), 17u);
    for (u32 k = 0; k < 8u; k++) {
      /* A[r][k]: owner (r % 8) * 4 + k % 4, register (r >= 8) + 2 (k >= 4);
         B[k][c]: owner c * 4 + k % 4, register k >= 4. */
      float a = mma_el(fa, t, in, (r & 7u) * 4u + (k & 3u), 7u * ((r >> 3) + 2u * (k >> 2)), 9u);
      float b = mma_el(fb, t, in, c * 4u + (k & 3u), 5u * (k >> 2), 9u);
      d += a * b;
    }
    acc = acc * 3u + (u32)(s32)d;
  }
  return acc;
}
#define MMATF(fa, fb, fc) mma_host(t, in, fa, fb, fc)
static u32 ldm_host(u32 t, const u64 *in, xfn f, u32 d) {
  u32 l = t & 31u, acc = 0;
  for (u32 j = 0; j < 4u; j++) {
    /* Row l / 4 of matrix j: the row whose address lane 8 j + l / 4 gave. */
    u32 u = (t & ~31u) | ((8u * j + (l >> 2) + d) & 31u), v = f(u, AT(u)), c = 2u * (l & 3u);
    acc = acc * 3u + (LDMH(v, c) | LDMH(v, c + 1u) << 16);
  }
  return acc;
}
#define LDMX4(f, d) ldm_host(t, in, f, (d))
`
