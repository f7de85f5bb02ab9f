// wmma.go: Config.WMMA, a warp's matrix product on the tensor cores as
// CUDA's wmma API writes it: WMMA(fa, fb, fc, s) has every lane of the
// warp write 8 elements of a 16 x 16 f16 A (row-major), B (column-major)
// and f32 C (row-major) into its warp's part of __device__ arrays, then,
// between two __syncwarp, the warp loads the fragments, multiplies and
// stores D = A B + C (row-major, leading dimension 16), and each lane
// folds 8 elements of D into its value (acc * 3 + d). Loads of A and B
// and the store of D are inline PTX through cvta.to.global, as nvcc
// writes them (wmma.load.a.sync.aligned.row.m16n16k16.global.f16,
// wmma.load.b...col...global.f16, wmma.store.d...row...global.f32: clang's
// builtins take generic addresses); C's load and the product are
// clang's builtins (wmma.load.c...f32, wmma.mma.sync.aligned.row.col.
// m16n16k16.f32.f32).
//
// The ISA leaves the order and the precision of a tensor core's sums to
// the hardware, so every element is a small integer (A and B in -4..4,
// C in -8..8): each product and every partial sum of 16 of them is exact
// in f32, and D is the same whatever the order. The element at index e
// of a matrix is written by lane e / 8 of the warp as its (e % 8)-th,
// a pure function of that lane's index and inputs, so the host computes
// D[r][c] = C[r][c] + sum over k of A[r][k] B[k][c] from the lanes that
// wrote them. Only in whole warps (no partial warp of shapes) and not
// with exit, as the .sync.aligned forms ask every lane of the warp to
// execute the same instruction.
package main

// wmma declares a u32 set from WMMA (nil in a program with a partial
// warp).
func (g *gen) wmma() *Stmt {
	if g.p.Launch().PartialWarp() {
		return nil
	}
	e := &Expr{Op: "macro", T: Ty{K: U32}, Sym: "WMMA", A: []*Expr{g.pure(g.pureExpr()), g.pure(g.pureExpr()), g.pure(g.pureExpr()),
		{Op: "const", T: Ty{K: U32}, C: uint64(g.r.IntN(4))}}}
	return g.declare(&Stmt{Kind: sDecl, V: g.newVar(Ty{K: U32}, 0), E: e})
}

// wmmaShared: the element values both sides compute alike. WMH(x) is
// the f16 bits of the integer x % 9 - 4, WMC(x) the float x % 17 - 8.
const wmmaShared = `/* Tensor cores (Config.WMMA). */
static DEV inline unsigned short wmh(u32 x) {
  switch (x % 9u) { case 0: return 0xc400; case 1: return 0xc200; case 2: return 0xc000; case 3: return 0xbc00; case 4: return 0;
    case 5: return 0x3c00; case 6: return 0x4000; case 7: return 0x4200; default: return 0x4400; }
}
static DEV inline float wmc(u32 x) { return (float)((s32)(x % 17u) - 8); }
#define WMMA_STEPA 7u
#define WMMA_STEPB 5u
#define WMMA_STEPC 3u
#define WMMA_AT(l, j, s) (((l) * 8u + (j) * (2u * (s) + 1u)) & 255u)
`

// wmmaCUDA: the warp's product.
const wmmaCUDA = `static DEV __attribute__((aligned(32))) unsigned short wmma_a_[12][256];
static DEV __attribute__((aligned(32))) unsigned short wmma_b_[12][256];
static DEV __attribute__((aligned(32))) float wmma_c_[12][256];
static DEV __attribute__((aligned(32))) float wmma_d_[12][256];
static DEV inline void wmma_run(u32 w) {
  int a[8], b[8]; float c[8], d[8];
  asm volatile("{\n\t.reg .u64 wa;\n\tcvta.to.global.u64 wa, %8;\n\twmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, [wa], 16;\n\t}"
    : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]), "=r"(a[4]), "=r"(a[5]), "=r"(a[6]), "=r"(a[7]) : "l"(&wmma_a_[w][0]) : "memory");
  asm volatile("{\n\t.reg .u64 wb;\n\tcvta.to.global.u64 wb, %8;\n\twmma.load.b.sync.aligned.col.m16n16k16.global.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, [wb], 16;\n\t}"
    : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3]), "=r"(b[4]), "=r"(b[5]), "=r"(b[6]), "=r"(b[7]) : "l"(&wmma_b_[w][0]) : "memory");
  __hmma_m16n16k16_ld_c_f32(c, &wmma_c_[w][0], 16, 0);
  __hmma_m16n16k16_mma_f32f32(d, a, b, c, 1, 0);
  asm volatile("{\n\t.reg .u64 wd;\n\tcvta.to.global.u64 wd, %0;\n\twmma.store.d.sync.aligned.row.m16n16k16.global.f32 [wd], {%1, %2, %3, %4, %5, %6, %7, %8}, 16;\n\t}"
    :: "l"(&wmma_d_[w][0]), "f"(d[0]), "f"(d[1]), "f"(d[2]), "f"(d[3]), "f"(d[4]), "f"(d[5]), "f"(d[6]), "f"(d[7]) : "memory");
}
#define WMMA(fa, fb, fc, s) ({ u32 w_ = t >> 5, l_ = t & 31u; \
  for (u32 i_ = 0; i_ < 8u; i_++) { wmma_a_[w_][l_ * 8u + i_] = wmh(fa(t, in) + i_ * WMMA_STEPA); \
    wmma_b_[w_][l_ * 8u + i_] = wmh(fb(t, in) + i_ * WMMA_STEPB); wmma_c_[w_][l_ * 8u + i_] = wmc(fc(t, in) + i_ * WMMA_STEPC); } \
  __syncwarp(0xffffffffu); wmma_run(w_); __syncwarp(0xffffffffu); \
  u32 acc_ = 0; for (u32 j_ = 0; j_ < 8u; j_++) acc_ = acc_ * 3u + (u32)(s32)wmma_d_[w_][WMMA_AT(l_, j_, s)]; acc_; })
`

// wmmaHost: D's elements from the lanes that wrote A, B and C.
const wmmaHost = `static s32 wmma_v(xfn f, u32 t, const u64 *in, u32 e, u32 step, u32 n) {
  u32 u = (t & ~31u) | (e >> 3); return (s32)((f(u, AT(u)) + (e & 7u) * step) % n) - (s32)(n / 2u);
}
static u32 wmma_host(u32 t, const u64 *in, xfn fa, xfn fb, xfn fc, u32 s) {
  u32 acc = 0;
  for (u32 j = 0; j < 8u; j++) {
    u32 e = WMMA_AT((t & 31u), j, s), r = e >> 4, c = e & 15u;
    s32 d = wmma_v(fc, t, in, e, WMMA_STEPC, 17u);
    for (u32 k = 0; k < 16u; k++) d += wmma_v(fa, t, in, r * 16u + k, WMMA_STEPA, 9u) * wmma_v(fb, t, in, c * 16u + k, WMMA_STEPB, 9u);
    acc = acc * 3u + (u32)d;
  }
  return acc;
}
#define WMMA(fa, fb, fc, s) wmma_host(t, in, fa, fb, fc, (s))
`
