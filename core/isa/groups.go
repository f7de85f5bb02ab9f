// groups.go: the modifier groups the table files share.
//
// Names with a '_' suffix refine a base group (Match.Get("cmp") finds the
// value of "cmp_s", "cmp_u", "cmp_b" or "cmp_f"), so the simulator asks for
// the base name:
//
//	cmp     comparison (.eq ... .nan)         bop    .and .or .xor (set, setp, lop3, bar.red)
//	rnd     .rn .rz .rm .rp .rna .rs          irnd   .rni .rzi .rmi .rpi
//	hilo    .hi .lo (mul, mad, mul24, dp2a)   vec    .v2 .v4 .v8
//	ss      state space (ld, st, atom, cvta, isspacep, ...)
//	sem     .weak .volatile .relaxed .acquire .release .acq_rel .sc
//	scope   .cta .cluster .gpu .sys (membar: .cta .gl .sys)
//	cop     cache operator                    op     atom/red/redux operation
//	dtype, atype  destination and source type of cvt (and set's dtype)
//
// and per entry: shflmode (shfl), prmtmode (prmt), shfdir and shfmode (shf),
// szmode (szext, bmsk), fprop (testp), dpa and dpb (dp4a, dp2a), vmode
// (vote), gdaction (griddepcontrol), action (setmaxnreg). Single modifiers
// (.sat, .ftz, .wide, .cc, .approx, .nc, .uni, .relu, ...) are read with
// Match.Has.

package isa

// tableGroups are the groups the table files share (a slice of pairs, not
// a map: a literal of constants is static data, where a map literal is
// built at every start; sharedGroups indexes them on first use).
var tableGroups = []Group{
	// comparisons (ISA 3.1 §8.3.1, Table 18-21; 9.x §9.3.1): signed and
	// unsigned integers ("for unsigned values, lo, ls, hi and hs may be used
	// instead of lt, le, gt, ge"), bit-size types ("eq and ne; ordering
	// comparisons are not defined for bit-size types"), floating point
	// (ordered, unordered, num and nan).
	{"cmp_s", []string{".eq", ".ne", ".lt", ".le", ".gt", ".ge"}},
	{"cmp_u", []string{".eq", ".ne", ".lt", ".le", ".gt", ".ge", ".lo", ".ls", ".hi", ".hs"}},
	{"cmp_b", []string{".eq", ".ne"}},
	{"cmp_f", []string{".eq", ".ne", ".lt", ".le", ".gt", ".ge", ".equ", ".neu", ".ltu", ".leu", ".gtu", ".geu", ".num", ".nan"}},
	{"stu", []string{".u16", ".u32", ".u64"}},
	{"sts", []string{".s16", ".s32", ".s64"}},
	{"stb", []string{".b16", ".b32", ".b64"}},
	{"stf", []string{".f16", ".f32", ".f64"}},
	{"bop_ao", []string{".and", ".or"}},

	// rounding subsets
	{"rnd_n", []string{".rn"}},
	{"rnd_nz", []string{".rn", ".rz"}},
	{"rnd_zp", []string{".rz", ".rp"}},
	{"rnd_mp", []string{".rm", ".rp"}},
	{"rnd_zmp", []string{".rz", ".rm", ".rp"}},
	{"rnd_a", []string{".rna"}},
	{"rnd_s", []string{".rs"}},

	// integer and bit types
	{"hilo", []string{".hi", ".lo"}},
	{"hilo_hi", []string{".hi"}},
	{"itype_w", []string{".u16", ".u32", ".s16", ".s32"}},
	{"itype_32", []string{".u32", ".s32"}},
	{"itype_3264", []string{".u32", ".u64", ".s32", ".s64"}},
	{"itype_s", []string{".s16", ".s32", ".s64"}},
	{"btype_3264", []string{".b32", ".b64"}},
	{"ltype", []string{".pred", ".b16", ".b32", ".b64"}},
	{"cctype_32", []string{".u32", ".s32"}},
	{"cctype_64", []string{".u64", ".s64"}},
	{"simd_2", []string{".u16x2", ".s16x2"}},
	{"simd_4", []string{".u8x4", ".s8x4"}},
	{"ptype", []string{".u32", ".u64"}},

	// floating-point types
	{"htype_f", []string{".f16", ".f16x2"}},
	{"htype_bf", []string{".bf16", ".bf16x2"}},
	{"htype_2", []string{".f16", ".bf16"}},

	// memory: vectors, state spaces, ordering, cache operators and hints
	{"vec_24", []string{".v2", ".v4"}},
	{"vec_4", []string{".v4"}},
	{"vec_2", []string{".v2"}},
	{"ss_st", []string{".global", ".local", ".param", ".param::func", ".shared", ".shared::cta", ".shared::cluster"}},
	{"ss_atom", []string{".global", ".shared", ".shared::cta", ".shared::cluster"}},
	{"ss_shared", []string{".shared", ".shared::cta"}},
	{"ss_shared3", []string{".shared", ".shared::cta", ".shared::cluster"}},
	{"ss_cluster", []string{".shared::cluster"}},
	{"ss_global", []string{".global"}},
	{"sem_ld", []string{".relaxed", ".acquire"}},
	{"sem_st", []string{".relaxed", ".release"}},
	{"sem_atom", []string{".relaxed", ".acquire", ".release", ".acq_rel"}},
	{"sem_fence", []string{".sc", ".acq_rel", ".acquire", ".release"}},
	{"sem_rel", []string{".release"}},
	{"sem_acq", []string{".acquire"}},
	{"sem_rlx", []string{".relaxed"}},
	{"scope_cc", []string{".cta", ".cluster"}},
	{"scope_cl", []string{".cluster"}},
	{"scope_sys", []string{".sys"}},
	{"scope_gs", []string{".gpu", ".sys"}},
	{"cop_ld", []string{".ca", ".cg", ".cs", ".lu", ".cv"}},
	{"cop_st", []string{".wb", ".cg", ".cs", ".wt"}},
	{"evict_l1", []string{".L1::evict_normal", ".L1::evict_unchanged", ".L1::evict_first", ".L1::evict_last", ".L1::no_allocate"}},
	{"evict_l2", []string{".L2::evict_normal", ".L2::evict_first", ".L2::evict_last"}},
	{"hint", []string{".L2::cache_hint"}},
	{"pfsize", []string{".L2::64B", ".L2::128B", ".L2::256B"}},
	{"ldtype", []string{".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64", ".f32", ".f64"}},
	{"complete_tx", []string{".mbarrier::complete_tx::bytes"}},
	{"cta_group", []string{".cta_group::1", ".cta_group::2"}},

	// operations of atom, red, redux and the reductions
	{"op_bit", []string{".and", ".or", ".xor"}},
	{"op_add", []string{".add"}},
	{"op_incdec", []string{".inc", ".dec"}},
	{"op_minmax", []string{".min", ".max"}},
	{"op_exch", []string{".exch"}},
	{"op_cas", []string{".cas"}},
	{"op_arith", []string{".add", ".min", ".max"}},
	{"op_red", []string{".and", ".or", ".xor", ".add", ".inc", ".dec", ".min", ".max"}},
}
