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

import "strings"

var tableGroups = map[string][]string{
	// comparisons (ISA 3.1 §8.3.1, Table 18-21; 9.x §9.3.1): signed and
	// unsigned integers ("for unsigned values, lo, ls, hi and hs may be used
	// instead of lt, le, gt, ge"), bit-size types ("eq and ne; ordering
	// comparisons are not defined for bit-size types"), floating point
	// (ordered, unordered, num and nan).
	"cmp_s":  {".eq", ".ne", ".lt", ".le", ".gt", ".ge"},
	"cmp_u":  {".eq", ".ne", ".lt", ".le", ".gt", ".ge", ".lo", ".ls", ".hi", ".hs"},
	"cmp_b":  {".eq", ".ne"},
	"cmp_f":  {".eq", ".ne", ".lt", ".le", ".gt", ".ge", ".equ", ".neu", ".ltu", ".leu", ".gtu", ".geu", ".num", ".nan"},
	"stu":    {".u16", ".u32", ".u64"},
	"sts":    {".s16", ".s32", ".s64"},
	"stb":    {".b16", ".b32", ".b64"},
	"stf":    {".f16", ".f32", ".f64"},
	"bop_ao": {".and", ".or"},

	// rounding subsets
	"rnd_n":   {".rn"},
	"rnd_nz":  {".rn", ".rz"},
	"rnd_zp":  {".rz", ".rp"},
	"rnd_mp":  {".rm", ".rp"},
	"rnd_zmp": {".rz", ".rm", ".rp"},
	"rnd_a":   {".rna"},
	"rnd_s":   {".rs"},

	// integer and bit types
	"hilo":       {".hi", ".lo"},
	"hilo_hi":    {".hi"},
	"itype_w":    {".u16", ".u32", ".s16", ".s32"},
	"itype_32":   {".u32", ".s32"},
	"itype_3264": {".u32", ".u64", ".s32", ".s64"},
	"itype_s":    {".s16", ".s32", ".s64"},
	"btype_3264": {".b32", ".b64"},
	"ltype":      {".pred", ".b16", ".b32", ".b64"},
	"cctype_32":  {".u32", ".s32"},
	"cctype_64":  {".u64", ".s64"},
	"simd_2":     {".u16x2", ".s16x2"},
	"simd_4":     {".u8x4", ".s8x4"},
	"ptype":      {".u32", ".u64"},

	// floating-point types
	"htype_f":  {".f16", ".f16x2"},
	"htype_bf": {".bf16", ".bf16x2"},
	"htype_2":  {".f16", ".bf16"},

	// memory: vectors, state spaces, ordering, cache operators and hints
	"vec_24":      {".v2", ".v4"},
	"vec_4":       {".v4"},
	"vec_2":       {".v2"},
	"ss_st":       {".global", ".local", ".param", ".param::func", ".shared", ".shared::cta", ".shared::cluster"},
	"ss_atom":     {".global", ".shared", ".shared::cta", ".shared::cluster"},
	"ss_shared":   {".shared", ".shared::cta"},
	"ss_shared3":  {".shared", ".shared::cta", ".shared::cluster"},
	"ss_cluster":  {".shared::cluster"},
	"ss_global":   {".global"},
	"sem_ld":      {".relaxed", ".acquire"},
	"sem_st":      {".relaxed", ".release"},
	"sem_atom":    {".relaxed", ".acquire", ".release", ".acq_rel"},
	"sem_fence":   {".sc", ".acq_rel", ".acquire", ".release"},
	"sem_rel":     {".release"},
	"sem_acq":     {".acquire"},
	"sem_rlx":     {".relaxed"},
	"scope_cc":    {".cta", ".cluster"},
	"scope_cl":    {".cluster"},
	"scope_sys":   {".sys"},
	"scope_gs":    {".gpu", ".sys"},
	"cop_ld":      {".ca", ".cg", ".cs", ".lu", ".cv"},
	"cop_st":      {".wb", ".cg", ".cs", ".wt"},
	"evict_l1":    {".L1::evict_normal", ".L1::evict_unchanged", ".L1::evict_first", ".L1::evict_last", ".L1::no_allocate"},
	"evict_l2":    {".L2::evict_normal", ".L2::evict_first", ".L2::evict_last"},
	"hint":        {".L2::cache_hint"},
	"pfsize":      {".L2::64B", ".L2::128B", ".L2::256B"},
	"ldtype":      {".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64", ".f32", ".f64"},
	"complete_tx": {".mbarrier::complete_tx::bytes"},
	"cta_group":   {".cta_group::1", ".cta_group::2"},

	// operations of atom, red, redux and the reductions
	"op_bit":    {".and", ".or", ".xor"},
	"op_add":    {".add"},
	"op_incdec": {".inc", ".dec"},
	"op_minmax": {".min", ".max"},
	"op_exch":   {".exch"},
	"op_cas":    {".cas"},
	"op_arith":  {".add", ".min", ".max"},
	"op_red":    {".and", ".or", ".xor", ".add", ".inc", ".dec", ".min", ".max"},
}

// cross lists every a+b (".collector::a" + "::fill"), cut from one string
// built for the call: one allocation for the text, not one a string.
func cross(as, bs []string) []string {
	var b strings.Builder
	for _, a := range as {
		for _, x := range bs {
			b.WriteString(a)
			b.WriteString(x)
		}
	}
	all := b.String()
	s := make([]string, 0, len(as)*len(bs))
	at := 0
	for _, a := range as {
		for _, x := range bs {
			end := at + len(a) + len(x)
			s = append(s, all[at:end])
			at = end
		}
	}
	return s
}
