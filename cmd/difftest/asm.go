// asm.go: Config.Asm, instructions that nvcc writes and clang never
// does, as inline PTX (like Config.Carry): lop3 of a random look-up
// table, bfind (.shiftamt too) of every type, dp4a and dp2a of every
// signedness, prmt's six modes, shf's clamp mode, slct, testp of every
// property, the copysign instruction, cnot, mul24.hi, mad24, and set of
// integer and float compares (unordered ones too) with an integer or a
// float result, cvt between s32 and u32 (the bits, no .sat), and
// atom.global's inc, dec, xor, and, exch and cas on the thread's own
// element of a __device__ array. The host computes each from the ISA's semantics
// (asmHost); TestAsm checks those against values worked out by hand.
package main

// asmOps are Config.Asm's instructions.
var asmOps = []intrinOp{
	{name: "lop3", ret: U32, args: []Kind{U32, U32, U32, U32}, imm: 256},
	{name: "bfind_u32", ret: U32, args: []Kind{U32}}, {name: "bfind_s32", ret: U32, args: []Kind{S32}},
	{name: "bfind_u64", ret: U32, args: []Kind{U64}}, {name: "bfind_s64", ret: U32, args: []Kind{S64}},
	{name: "bfind_sa_u32", ret: U32, args: []Kind{U32}}, {name: "bfind_sa_s32", ret: U32, args: []Kind{S32}},
	{name: "bfind_sa_u64", ret: U32, args: []Kind{U64}}, {name: "bfind_sa_s64", ret: U32, args: []Kind{S64}},
	{name: "dp4a_uu", ret: U32, args: []Kind{U32, U32, U32}}, {name: "dp4a_ss", ret: S32, args: []Kind{U32, U32, S32}},
	{name: "dp4a_us", ret: S32, args: []Kind{U32, U32, S32}}, {name: "dp4a_su", ret: S32, args: []Kind{U32, U32, S32}},
	{name: "dp2a_lo_uu", ret: U32, args: []Kind{U32, U32, U32}}, {name: "dp2a_hi_ss", ret: S32, args: []Kind{U32, U32, S32}},
	{name: "dp2a_lo_su", ret: S32, args: []Kind{U32, U32, S32}}, {name: "dp2a_hi_us", ret: S32, args: []Kind{U32, U32, S32}},
	{name: "prmt_f4e", ret: U32, args: []Kind{U32, U32, U32}}, {name: "prmt_b4e", ret: U32, args: []Kind{U32, U32, U32}},
	{name: "prmt_rc8", ret: U32, args: []Kind{U32, U32, U32}}, {name: "prmt_ecl", ret: U32, args: []Kind{U32, U32, U32}},
	{name: "prmt_ecr", ret: U32, args: []Kind{U32, U32, U32}}, {name: "prmt_rc16", ret: U32, args: []Kind{U32, U32, U32}},
	{name: "shf_l_clamp", ret: U32, args: []Kind{U32, U32, U32}}, {name: "shf_r_clamp", ret: U32, args: []Kind{U32, U32, U32}},
	{name: "slct_s32", ret: U32, args: []Kind{U32, U32, S32}}, {name: "slct_f32", ret: U32, args: []Kind{U32, U32, F32}},
	{name: "slct_u64_s32", ret: U64, args: []Kind{U64, U64, S32}}, {name: "slct_f64_f32", ret: F64, args: []Kind{F64, F64, F32}},
	{name: "testp_finite_f32", ret: U32, args: []Kind{F32}}, {name: "testp_infinite_f32", ret: U32, args: []Kind{F32}},
	{name: "testp_number_f32", ret: U32, args: []Kind{F32}}, {name: "testp_notanumber_f32", ret: U32, args: []Kind{F32}},
	{name: "testp_normal_f32", ret: U32, args: []Kind{F32}}, {name: "testp_subnormal_f32", ret: U32, args: []Kind{F32}},
	{name: "testp_finite_f64", ret: U32, args: []Kind{F64}}, {name: "testp_normal_f64", ret: U32, args: []Kind{F64}},
	{name: "testp_subnormal_f64", ret: U32, args: []Kind{F64}}, {name: "testp_notanumber_f64", ret: U32, args: []Kind{F64}},
	{name: "copysign_i_f32", ret: F32, args: []Kind{F32, F32}}, {name: "copysign_i_f64", ret: F64, args: []Kind{F64, F64}},
	{name: "cnot_b16", ret: U16, args: []Kind{U16}}, {name: "cnot_b32", ret: U32, args: []Kind{U32}}, {name: "cnot_b64", ret: U64, args: []Kind{U64}},
	{name: "mul24_hi_u32", ret: U32, args: []Kind{U32, U32}}, {name: "mul24_hi_s32", ret: S32, args: []Kind{S32, S32}},
	{name: "mad24_lo_u32", ret: U32, args: []Kind{U32, U32, U32}}, {name: "mad24_hi_s32", ret: S32, args: []Kind{S32, S32, S32}},
	{name: "set_lt_u32_u32", ret: U32, args: []Kind{U32, U32}}, {name: "set_ge_u32_s32", ret: U32, args: []Kind{S32, S32}},
	{name: "set_ne_u32_s64", ret: U32, args: []Kind{S64, S64}}, {name: "set_ltu_u32_f32", ret: U32, args: []Kind{F32, F32}},
	{name: "set_gt_u32_f64", ret: U32, args: []Kind{F64, F64}}, {name: "set_nan_u32_f32", ret: U32, args: []Kind{F32, F32}},
	{name: "set_equ_s32_f32", ret: S32, args: []Kind{F32, F32}}, {name: "set_le_f32_s32", ret: F32, args: []Kind{S32, S32}},
	{name: "set_neu_f32_f64", ret: F32, args: []Kind{F64, F64}},
	{name: "set_ne_u32_s32", ret: U32, args: []Kind{S32, S32}}, {name: "set_ne_u32_u32", ret: U32, args: []Kind{U32, U32}},
	{name: "cvt_s32_u32", ret: S32, args: []Kind{U32}}, {name: "cvt_u32_s32", ret: U32, args: []Kind{S32}},
	{name: "atom_g_inc", ret: U32, args: []Kind{U32, U32}}, {name: "atom_g_dec", ret: U32, args: []Kind{U32, U32}},
	{name: "atom_g_xor", ret: U32, args: []Kind{U32, U32}}, {name: "atom_g_and", ret: U32, args: []Kind{U32, U32}},
	{name: "atom_g_exch", ret: U32, args: []Kind{U32, U32}}, {name: "atom_g_cas", ret: U32, args: []Kind{U32, U32, U32}},
}

// asmCUDA: each instruction in one asm statement.
const asmCUDA = `/* nvcc's instructions (Config.Asm), inline PTX. */
#define I_lop3(a, b, c, l) ({ u32 r_; asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r_) : "r"((u32)(a)), "r"((u32)(b)), "r"((u32)(c)), "n"(l)); r_; })
#define ASM_1(name, ins, rc, rt, ac, at) static DEV inline rt I_##name(at a) { rt r; asm(ins " %0, %1;" : "=" rc(r) : ac(a)); return r; }
#define ASM_2(name, ins, rc, rt, ac, at, bc, bt) static DEV inline rt I_##name(at a, bt b) { rt r; asm(ins " %0, %1, %2;" : "=" rc(r) : ac(a), bc(b)); return r; }
#define ASM_3(name, ins, rc, rt, ac, at, bc, bt, cc, ct) static DEV inline rt I_##name(at a, bt b, ct c) { rt r; \
  asm(ins " %0, %1, %2, %3;" : "=" rc(r) : ac(a), bc(b), cc(c)); return r; }
ASM_1(bfind_u32, "bfind.u32", "r", u32, "r", u32) ASM_1(bfind_s32, "bfind.s32", "r", u32, "r", s32)
ASM_1(bfind_u64, "bfind.u64", "r", u32, "l", u64) ASM_1(bfind_s64, "bfind.s64", "r", u32, "l", s64)
ASM_1(bfind_sa_u32, "bfind.shiftamt.u32", "r", u32, "r", u32) ASM_1(bfind_sa_s32, "bfind.shiftamt.s32", "r", u32, "r", s32)
ASM_1(bfind_sa_u64, "bfind.shiftamt.u64", "r", u32, "l", u64) ASM_1(bfind_sa_s64, "bfind.shiftamt.s64", "r", u32, "l", s64)
ASM_3(dp4a_uu, "dp4a.u32.u32", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(dp4a_ss, "dp4a.s32.s32", "r", s32, "r", u32, "r", u32, "r", s32)
ASM_3(dp4a_us, "dp4a.u32.s32", "r", s32, "r", u32, "r", u32, "r", s32) ASM_3(dp4a_su, "dp4a.s32.u32", "r", s32, "r", u32, "r", u32, "r", s32)
ASM_3(dp2a_lo_uu, "dp2a.lo.u32.u32", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(dp2a_hi_ss, "dp2a.hi.s32.s32", "r", s32, "r", u32, "r", u32, "r", s32)
ASM_3(dp2a_lo_su, "dp2a.lo.s32.u32", "r", s32, "r", u32, "r", u32, "r", s32) ASM_3(dp2a_hi_us, "dp2a.hi.u32.s32", "r", s32, "r", u32, "r", u32, "r", s32)
ASM_3(prmt_f4e, "prmt.b32.f4e", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(prmt_b4e, "prmt.b32.b4e", "r", u32, "r", u32, "r", u32, "r", u32)
ASM_3(prmt_rc8, "prmt.b32.rc8", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(prmt_ecl, "prmt.b32.ecl", "r", u32, "r", u32, "r", u32, "r", u32)
ASM_3(prmt_ecr, "prmt.b32.ecr", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(prmt_rc16, "prmt.b32.rc16", "r", u32, "r", u32, "r", u32, "r", u32)
ASM_3(shf_l_clamp, "shf.l.clamp.b32", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(shf_r_clamp, "shf.r.clamp.b32", "r", u32, "r", u32, "r", u32, "r", u32)
ASM_3(slct_s32, "slct.u32.s32", "r", u32, "r", u32, "r", u32, "r", s32) ASM_3(slct_f32, "slct.b32.f32", "r", u32, "r", u32, "r", u32, "f", float)
ASM_3(slct_u64_s32, "slct.u64.s32", "l", u64, "l", u64, "l", u64, "r", s32) ASM_3(slct_f64_f32, "slct.f64.f32", "d", double, "d", double, "d", double, "f", float)
#define ASM_TESTP(name, ins, ac, at) static DEV inline u32 I_##name(at a) { u32 r; \
  asm("{\n\t.reg .pred p;\n\t" ins " p, %1;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(r) : ac(a)); return r; }
ASM_TESTP(testp_finite_f32, "testp.finite.f32", "f", float) ASM_TESTP(testp_infinite_f32, "testp.infinite.f32", "f", float)
ASM_TESTP(testp_number_f32, "testp.number.f32", "f", float) ASM_TESTP(testp_notanumber_f32, "testp.notanumber.f32", "f", float)
ASM_TESTP(testp_normal_f32, "testp.normal.f32", "f", float) ASM_TESTP(testp_subnormal_f32, "testp.subnormal.f32", "f", float)
ASM_TESTP(testp_finite_f64, "testp.finite.f64", "d", double) ASM_TESTP(testp_normal_f64, "testp.normal.f64", "d", double)
ASM_TESTP(testp_subnormal_f64, "testp.subnormal.f64", "d", double) ASM_TESTP(testp_notanumber_f64, "testp.notanumber.f64", "d", double)
ASM_2(copysign_if32, "copysign.f32", "f", float, "f", float, "f", float) ASM_2(copysign_if64, "copysign.f64", "d", double, "d", double, "d", double)
#define I_copysign_i_f32(a, b) I_copysign_if32(nan1f(a), (b))
#define I_copysign_i_f64(a, b) I_copysign_if64(nan1d(a), (b))
ASM_1(cnot_b16, "cnot.b16", "h", u16, "h", u16) ASM_1(cnot_b32, "cnot.b32", "r", u32, "r", u32) ASM_1(cnot_b64, "cnot.b64", "l", u64, "l", u64)
ASM_2(mul24_hi_u32, "mul24.hi.u32", "r", u32, "r", u32, "r", u32) ASM_2(mul24_hi_s32, "mul24.hi.s32", "r", s32, "r", s32, "r", s32)
ASM_3(mad24_lo_u32, "mad24.lo.u32", "r", u32, "r", u32, "r", u32, "r", u32) ASM_3(mad24_hi_s32, "mad24.hi.s32", "r", s32, "r", s32, "r", s32, "r", s32)
ASM_2(set_lt_u32_u32, "set.lt.u32.u32", "r", u32, "r", u32, "r", u32) ASM_2(set_ge_u32_s32, "set.ge.u32.s32", "r", u32, "r", s32, "r", s32)
ASM_2(set_ne_u32_s64, "set.ne.u32.s64", "r", u32, "l", s64, "l", s64) ASM_2(set_ltu_u32_f32, "set.ltu.u32.f32", "r", u32, "f", float, "f", float)
ASM_2(set_gt_u32_f64, "set.gt.u32.f64", "r", u32, "d", double, "d", double) ASM_2(set_nan_u32_f32, "set.nan.u32.f32", "r", u32, "f", float, "f", float)
ASM_2(set_equ_s32_f32, "set.equ.s32.f32", "r", s32, "f", float, "f", float) ASM_2(set_le_f32_s32, "set.le.f32.s32", "f", float, "r", s32, "r", s32)
ASM_2(set_neu_f32_f64, "set.neu.f32.f64", "f", float, "d", double, "d", double)
ASM_2(set_ne_u32_s32, "set.ne.u32.s32", "r", u32, "r", s32, "r", s32) ASM_2(set_ne_u32_u32, "set.ne.u32.u32", "r", u32, "r", u32, "r", u32)
ASM_1(cvt_s32_u32, "cvt.s32.u32", "r", s32, "r", u32) ASM_1(cvt_u32_s32, "cvt.u32.s32", "r", u32, "r", s32)
/* Atomics on the executing thread's own element of a __device__ array
   (ASM_GSLOT: its CTA times 128 plus its linear index in the block), set
   to a first: inc and dec in inline PTX through cvta.to.global as nvcc
   writes them (clang's atomicInc and atomicDec stay generic), the others
   by CUDA's atomics, which clang writes atom.global at -O3. The value is
   the old one xor three times the new. */
static DEV u32 asm_ga_[512];
#define ASM_GSLOT (blockIdx.x * 128u + threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))
#define ASM_GATOM(name, ins) static DEV inline u32 I_##name(u32 a, u32 b) { u32 *p = &asm_ga_[ASM_GSLOT], o; *p = a; \
  asm volatile("{\n\t.reg .u64 ga;\n\tcvta.to.global.u64 ga, %1;\n\t" ins " %0, [ga], %2;\n\t}" : "=r"(o) : "l"(p), "r"(b) : "memory"); return o ^ *p * 3u; }
ASM_GATOM(atom_g_inc, "atom.global.inc.u32") ASM_GATOM(atom_g_dec, "atom.global.dec.u32")
#define ASM_GATOMC(name, call) static DEV inline u32 I_##name(u32 a, u32 b) { u32 *p = &asm_ga_[ASM_GSLOT]; *p = a; u32 o = call(p, b); return o ^ *p * 3u; }
ASM_GATOMC(atom_g_xor, atomicXor) ASM_GATOMC(atom_g_and, atomicAnd) ASM_GATOMC(atom_g_exch, atomicExch)
static DEV inline u32 I_atom_g_cas(u32 a, u32 b, u32 c) { u32 *p = &asm_ga_[ASM_GSLOT]; *p = a; u32 o = atomicCAS(p, b, c); return o ^ *p * 3u; }
`

// asmHost: the ISA's semantics in C.
//   - lop3: bit i of d is bit ((a_i << 2) | (b_i << 1) | c_i) of immLut
//     (the table is F(0xF0, 0xCC, 0xAA));
//   - bfind: the position of the most significant 1 (of ~a for a
//     negative signed a), 0xffffffff if none; .shiftamt: msb - position;
//   - dp4a: c + the sum of the four byte products, each byte sign- or
//     zero-extended by its operand's type; dp2a: a's two 16-bit halves
//     times b's bytes 0 and 1 (.lo) or 2 and 3 (.hi);
//   - prmt's modes: the byte of {b, a} each result byte takes for c[1:0]
//     (the ISA's table, prmtModes below);
//   - shf.clamp: the amount min(c, 32); l gives the high word of [b, a]
//     shifted left, r the low word shifted right;
//   - slct: a where c >= 0 (-0 is 0), else b; a NaN c selects b;
//   - testp: finite, infinite, number (not NaN), notanumber, normal
//     (zeros count as normal, the ISA's special case), subnormal;
//   - copysign d, a, b: b with a's sign;
//   - cnot: a == 0 ? 1 : 0;
//   - mul24.hi: bits 47..16 of the 48-bit product of the operands' low
//     24 bits (sign-extended for .s32); mad24 adds c to bits 31..0 (.lo)
//     or 47..16 (.hi);
//   - set: the compare's 0xffffffff (integer result) or 1.0f (float
//     result), else 0; unordered compares (ltu, equ, neu) true with a NaN,
//     ordered ones false; nan true when either is NaN;
//   - cvt.s32.u32, cvt.u32.s32: the bits (the ISA's conversion table
//     has no conversion between integers of one width; only .sat
//     clamps);
//   - atom.global: the old value a, and the new one: inc a >= b ? 0 :
//     a + 1, dec (a == 0 || a > b) ? b : a - 1, xor, and, exch b, cas
//     a == b ? c : a.
const asmHost = `/* nvcc's instructions (Config.Asm), as the PTX ISA defines them. */
static u32 I_lop3(u32 a, u32 b, u32 c, u32 l) { u32 r = 0; for (int i = 0; i < 32; i++) r |= ((l >> ((a >> i & 1u) << 2 | (b >> i & 1u) << 1 | (c >> i & 1u))) & 1u) << i; return r; }
static u32 h_bfind(u64 a, int msb, int sgn, int sa) {
  if (sgn && (a >> msb & 1u)) a = ~a;
  for (int i = msb; i >= 0; i--) if (a >> i & 1u) return sa ? (u32)(msb - i) : (u32)i;
  return 0xffffffffu;
}
#define I_bfind_u32(a) h_bfind((u32)(a), 31, 0, 0)
#define I_bfind_s32(a) h_bfind((u32)(a), 31, 1, 0)
#define I_bfind_u64(a) h_bfind((u64)(a), 63, 0, 0)
#define I_bfind_s64(a) h_bfind((u64)(a), 63, 1, 0)
#define I_bfind_sa_u32(a) h_bfind((u32)(a), 31, 0, 1)
#define I_bfind_sa_s32(a) h_bfind((u32)(a), 31, 1, 1)
#define I_bfind_sa_u64(a) h_bfind((u64)(a), 63, 0, 1)
#define I_bfind_sa_s64(a) h_bfind((u64)(a), 63, 1, 1)
static s64 h_b(u32 x, int i, int sgn) { u32 y = x >> (8 * i) & 0xffu; return sgn ? (s64)(s8)y : (s64)y; }
static s64 h_h(u32 x, int i, int sgn) { u32 y = x >> (16 * i) & 0xffffu; return sgn ? (s64)(s16)y : (s64)y; }
static u32 h_dp4a(u32 a, u32 b, u32 c, int sa, int sb) { u64 d = c; for (int i = 0; i < 4; i++) d += (u64)(h_b(a, i, sa) * h_b(b, i, sb)); return (u32)d; }
static u32 h_dp2a(u32 a, u32 b, u32 c, int sa, int sb, int hi) { u64 d = c; for (int i = 0; i < 2; i++) d += (u64)(h_h(a, i, sa) * h_b(b, 2 * hi + i, sb)); return (u32)d; }
#define I_dp4a_uu(a, b, c) h_dp4a((a), (b), (c), 0, 0)
#define I_dp4a_ss(a, b, c) (s32)h_dp4a((a), (b), (u32)(c), 1, 1)
#define I_dp4a_us(a, b, c) (s32)h_dp4a((a), (b), (u32)(c), 0, 1)
#define I_dp4a_su(a, b, c) (s32)h_dp4a((a), (b), (u32)(c), 1, 0)
#define I_dp2a_lo_uu(a, b, c) h_dp2a((a), (b), (c), 0, 0, 0)
#define I_dp2a_hi_ss(a, b, c) (s32)h_dp2a((a), (b), (u32)(c), 1, 1, 1)
#define I_dp2a_lo_su(a, b, c) (s32)h_dp2a((a), (b), (u32)(c), 1, 0, 0)
#define I_dp2a_hi_us(a, b, c) (s32)h_dp2a((a), (b), (u32)(c), 0, 1, 1)
/* prmt's modes: for each mode and c[1:0], the source byte of result bytes
   0, 1, 2, 3 (the ISA's table). */
static const unsigned char prmt_m[6][4][4] = {
  {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},   /* f4e */
  {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},   /* b4e */
  {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},   /* rc8 */
  {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},   /* ecl */
  {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},   /* ecr */
  {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}};  /* rc16 */
static u32 h_prmtm(u32 a, u32 b, u32 c, int m) { u64 v = (u64)b << 32 | a; u32 r = 0; for (int i = 0; i < 4; i++) r |= (u32)(v >> (8 * prmt_m[m][c & 3u][i]) & 0xffu) << (8 * i); return r; }
#define I_prmt_f4e(a, b, c) h_prmtm((a), (b), (c), 0)
#define I_prmt_b4e(a, b, c) h_prmtm((a), (b), (c), 1)
#define I_prmt_rc8(a, b, c) h_prmtm((a), (b), (c), 2)
#define I_prmt_ecl(a, b, c) h_prmtm((a), (b), (c), 3)
#define I_prmt_ecr(a, b, c) h_prmtm((a), (b), (c), 4)
#define I_prmt_rc16(a, b, c) h_prmtm((a), (b), (c), 5)
static u32 I_shf_l_clamp(u32 a, u32 b, u32 c) { u32 n = c < 32u ? c : 32u; return (u32)((((u64)b << 32 | a) << n) >> 32); }
static u32 I_shf_r_clamp(u32 a, u32 b, u32 c) { u32 n = c < 32u ? c : 32u; return (u32)(((u64)b << 32 | a) >> n); }
#define I_slct_s32(a, b, c) ((s32)(c) >= 0 ? (u32)(a) : (u32)(b))
#define I_slct_f32(a, b, c) ((float)(c) >= 0.0f ? (u32)(a) : (u32)(b))
#define I_slct_u64_s32(a, b, c) ((s32)(c) >= 0 ? (u64)(a) : (u64)(b))
#define I_slct_f64_f32(a, b, c) ((float)(c) >= 0.0f ? (double)(a) : (double)(b))
#define I_testp_finite_f32(a) (u32)isfinite((float)(a))
#define I_testp_infinite_f32(a) (u32)(isinf((float)(a)) != 0)
#define I_testp_number_f32(a) (u32)!isnan((float)(a))
#define I_testp_notanumber_f32(a) (u32)(isnan((float)(a)) != 0)
#define I_testp_normal_f32(a) (u32)(isnormal((float)(a)) || (float)(a) == 0.0f)
#define I_testp_subnormal_f32(a) (u32)(fpclassify((float)(a)) == FP_SUBNORMAL)
#define I_testp_finite_f64(a) (u32)isfinite((double)(a))
#define I_testp_normal_f64(a) (u32)(isnormal((double)(a)) || (double)(a) == 0.0)
#define I_testp_subnormal_f64(a) (u32)(fpclassify((double)(a)) == FP_SUBNORMAL)
#define I_testp_notanumber_f64(a) (u32)(isnan((double)(a)) != 0)
#define I_copysign_i_f32(a, b) copysignf((b), nan1f(a))
#define I_copysign_i_f64(a, b) copysign((b), nan1d(a))
#define I_cnot_b16(a) (u16)((u16)(a) == 0)
#define I_cnot_b32(a) (u32)((u32)(a) == 0)
#define I_cnot_b64(a) (u64)((u64)(a) == 0)
static s64 h_s24(u32 x) { return (s64)((s32)(x << 8) >> 8); }
#define I_mul24_hi_u32(a, b) (u32)(((u64)((u32)(a) & 0xffffffu) * ((u32)(b) & 0xffffffu)) >> 16)
#define I_mul24_hi_s32(a, b) (s32)(u32)((u64)(h_s24((u32)(a)) * h_s24((u32)(b))) >> 16)
#define I_mad24_lo_u32(a, b, c) (u32)((u64)((u32)(a) & 0xffffffu) * ((u32)(b) & 0xffffffu) + (u32)(c))
#define I_mad24_hi_s32(a, b, c) (s32)((u32)((u64)(h_s24((u32)(a)) * h_s24((u32)(b))) >> 16) + (u32)(c))
#define I_set_lt_u32_u32(a, b) ((u32)(a) < (u32)(b) ? 0xffffffffu : 0u)
#define I_set_ge_u32_s32(a, b) ((s32)(a) >= (s32)(b) ? 0xffffffffu : 0u)
#define I_set_ne_u32_s64(a, b) ((s64)(a) != (s64)(b) ? 0xffffffffu : 0u)
#define I_set_ltu_u32_f32(a, b) (!((float)(a) >= (float)(b)) ? 0xffffffffu : 0u)
#define I_set_gt_u32_f64(a, b) ((double)(a) > (double)(b) ? 0xffffffffu : 0u)
#define I_set_nan_u32_f32(a, b) (isnan((float)(a)) || isnan((float)(b)) ? 0xffffffffu : 0u)
#define I_set_equ_s32_f32(a, b) (s32)(!((float)(a) < (float)(b) || (float)(a) > (float)(b)) ? 0xffffffffu : 0u)
#define I_set_le_f32_s32(a, b) ((s32)(a) <= (s32)(b) ? 1.0f : 0.0f)
#define I_set_neu_f32_f64(a, b) (!((double)(a) == (double)(b)) ? 1.0f : 0.0f)
#define I_set_ne_u32_s32(a, b) ((s32)(a) != (s32)(b) ? 0xffffffffu : 0u)
#define I_set_ne_u32_u32(a, b) ((u32)(a) != (u32)(b) ? 0xffffffffu : 0u)
#define I_cvt_s32_u32(a) ((s32)(u32)(a))
#define I_cvt_u32_s32(a) ((u32)(s32)(a))
static u32 h_gatom(u32 o, u32 n) { return o ^ n * 3u; }
static u32 I_atom_g_inc(u32 a, u32 b) { return h_gatom(a, a >= b ? 0u : a + 1u); }
static u32 I_atom_g_dec(u32 a, u32 b) { return h_gatom(a, a == 0u || a > b ? b : a - 1u); }
static u32 I_atom_g_xor(u32 a, u32 b) { return h_gatom(a, a ^ b); }
static u32 I_atom_g_and(u32 a, u32 b) { return h_gatom(a, a & b); }
static u32 I_atom_g_exch(u32 a, u32 b) { return h_gatom(a, b); }
static u32 I_atom_g_cas(u32 a, u32 b, u32 c) { return h_gatom(a, a == b ? c : a); }
`
