// table_data.go: data movement and conversion instructions (ISA 9.7.9):
// moves, shuffles, loads and stores, address conversion, type conversion,
// and the asynchronous copies (cp.async, cp.async.bulk, TMA).

package isa

const (
	noMultimem  = "no model of multimem (NVLink multicast) addresses"
	noCluster   = "no model of thread block clusters"
	noTensormap = "no model of tensor maps"
)

// mmGroups are the multimem groups (by operation and by width).
var mmGroups = []Group{
	{"sem_weak", []string{".weak"}}, {"acc", []string{".acc::f32", ".acc::f16"}},
	{"op_mnx", []string{".min", ".max"}}, {"op_bit", []string{".and", ".or", ".xor"}},
	{"mmi_mnx", []string{".u32", ".s32", ".u64", ".s64"}}, {"mmi_add", []string{".u32", ".s32", ".u64"}},
	{"mmb", []string{".b32", ".b64"}}, {"mmint", []string{".b32", ".b64", ".u32", ".u64", ".s32", ".s64"}},
	{"h16", []string{".f16", ".bf16"}}, {"h32", []string{".f16x2", ".bf16x2"}},
	{"q8", []string{".e5m2", ".e4m3"}}, {"q16", []string{".e5m2x2", ".e4m3x2"}}, {"q32", []string{".e5m2x4", ".e4m3x4"}},
	{"vec_248", []string{".v2", ".v4", ".v8"}}, {"vec_24", []string{".v2", ".v4"}}, {"vec_48", []string{".v4", ".v8"}},
}

var dataTable = []Entry{
	{Name: "mov", LaneLocal: true, Section: "9.7.9.3, 9.7.9.4", Doc: "Copy a register, constant, special register or address into d; with braces, pack or unpack a wide value.", PTX: 10, Syntax: []string{
		"mov.mtype d, a",
		"mov.addrtype d, a:sym",
		"mov.packtype {d}:pack, a",
		"mov.packtype d, {a}:pack",
		"mov.vec.mtype {d}, {a}",
		"mov.b128 d, a @ptx8.3 @sm_70",
		"mov.b128 {d}:pack, a @ptx8.3 @sm_70",
		"mov.b128 d, {a}:pack @ptx8.3 @sm_70",
	}, Groups: []Group{
		{"mtype", []string{".pred", ".b16", ".b32", ".b64", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64", ".f32", ".f64"}},
		{"addrtype", []string{".u32", ".u64", ".b32", ".b64", ".s32", ".s64"}},
		{"packtype", []string{".b16", ".b32", ".b64"}},
	}},
	{Name: "shfl", Section: "9.7.9.5", Doc: "Deprecated warp shuffle (use shfl.sync): read a from another lane (.up, .down, .bfly, .idx); p tells whether the source lane was in range.", PTX: 30, SM: 30, Syntax: []string{
		"shfl.shflmode.b32 d|p, a, b:.b32, c:.b32",
	}, Groups: []Group{{"shflmode", []string{".up", ".down", ".bfly", ".idx"}}}, Removed: Removal{PTX: 64, SM: 70, Use: "shfl.sync"}},
	{Name: "shfl.sync", Section: "9.7.9.6", Doc: "Warp shuffle among the lanes in membermask: read a from another lane (.up, .down, .bfly, .idx); p tells whether the source lane was in range.", PTX: 60, SM: 30, Syntax: []string{
		"shfl.sync.shflmode.b32 d|p, a, b:.b32, c:.b32, membermask:.b32",
	}, Groups: []Group{{"shflmode", []string{".up", ".down", ".bfly", ".idx"}}}},
	{Name: "prmt", LaneLocal: true, Section: "9.7.9.7", Doc: "Byte permute: pick four bytes from the pair {b, a} by the selectors in c (or a .f4e/.b4e/.rc8/.ecl/.ecr/.rc16 mode).", PTX: 20, SM: 20, Syntax: []string{
		"prmt.b32{.prmtmode} d, a, b, c",
	}, Groups: []Group{{"prmtmode", []string{".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16"}}}},
	{Name: "ld", LaneLocal: true, Section: "9.7.9.8, 9.7.9.9", Doc: "Load from memory (a state space, or generic) into a register or vector; .nc loads through the non-coherent cache.", PTX: 10, Relaxed: true, Syntax: []string{
		"ld{.sem_weak}{.ss}{.cop_ld}{.vec}.ldtype {d}, [a]",
		"ld{.sem_weak}{.ss}{.cop_ld}{.evict_l1}{.evict_l2}{.hint}{.pfsize}{.vec}.ldtype {d}, [a], policy:.b64? @ptx7.4 @sm_70",
		"ld.sem_vol{.ss}{.pfsize}{.vec}.ldtype {d}, [a]",
		"ld.sem_ld.scope{.ss}{.evict_l1}{.evict_l2}{.hint}{.pfsize}{.vec}.ldtype {d}, [a], policy:.b64? @ptx6.0 @sm_70",
		"ld.mmio.sem_rlx.scope_sys{.ss_global}.ldtype d, [a] @ptx8.2 @sm_70",
		"ld.ss_global{.cop_nc}.nc{.hint}{.pfsize}{.vec}.ldtype {d}, [a], policy:.b64? @ptx3.1 @sm_32", // .cop = { .ca, .cg, .cs }
		"ld.ss_global.nc{.evict_l1}{.evict_l2}{.hint}{.pfsize}{.vec}.ldtype {d}, [a], policy:.b64? @ptx7.4 @sm_70",
	}, Groups: []Group{{"sem_weak", []string{".weak"}}, {"sem_vol", []string{".volatile"}}, {"cop_nc", []string{".ca", ".cg", ".cs"}}}},
	{Name: "ldu", LaneLocal: true, Section: "9.7.9.10", Doc: "Load a value that is the same for all threads of the warp (uniform), read-only global memory.", PTX: 20, SM: 20, Relaxed: true, Syntax: []string{
		"ldu{.ss_global}{.vec_24}.ldtype {d}, [a]",
	}},
	{Name: "st", LaneLocal: true, Section: "9.7.9.11", Doc: "Store a register or vector to memory (a state space, or generic).", PTX: 10, Relaxed: true, Syntax: []string{
		"st{.sem_weak}{.ss_st}{.cop_st}{.vec}.ldtype [a], {b}",
		"st{.sem_weak}{.ss_st}{.cop_st}{.evict_l1}{.evict_l2}{.hint}{.vec}.ldtype [a], {b}, policy:.b64? @ptx7.4 @sm_70",
		"st.sem_vol{.ss_st}{.vec}.ldtype [a], {b}",
		"st.sem_st.scope{.ss_st}{.evict_l1}{.evict_l2}{.hint}{.vec}.ldtype [a], {b}, policy:.b64? @ptx6.0 @sm_70",
		"st.mmio.sem_rlx.scope_sys{.ss_global}.ldtype [a], b @ptx8.2 @sm_70",
	}, Groups: []Group{{"sem_weak", []string{".weak"}}, {"sem_vol", []string{".volatile"}}}},
	{Name: "st.async", Section: "9.7.9.12", Doc: "Asynchronous store to distributed shared memory of a cluster CTA, signalling an mbarrier; or an asynchronous release store to global memory.", PTX: 81, SM: 90, Syntax: []string{
		"st.async{.sem_weak}{.scope_cl}{.ss_cluster}{.complete_tx}{.vec_24}.sttype [a], {b}, [mbar]",
		"st.async{.mmio}.sem_rel.scope_gs{.ss_global}.sttype8 [a], b @ptx9.0 @sm_100",
	}, Groups: []Group{
		{"sem_weak", []string{".weak"}},
		{"sttype", []string{".b32", ".b64", ".u32", ".u64", ".s32", ".s64", ".f32", ".f64"}},
		{"sttype8", []string{".b8", ".b16", ".b32", ".b64", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64", ".f32", ".f64"}},
	}},
	{Name: "multimem.st.async", Section: "9.7.9.13", Doc: "Asynchronous release store to every copy of a multimem (multicast) address.", PTX: 91, SM: 90, Syntax: []string{
		"multimem.st.async.sem_rel.scope_gs{.ss_global}{.vec}.mmall [a], {b}",
	}, Groups: []Group{{"mmall", mmAllTypes}}, NoExec: noMultimem},
	{Name: "st.bulk", Section: "9.7.9.14", Doc: "Zero-fill a range of shared memory asynchronously (initval must be 0).", PTX: 86, SM: 100, Syntax: []string{
		"st.bulk{.sem_weak}{.ss_cta} [a], size:.u64, initval:imm=0",
	}, Groups: []Group{{"sem_weak", []string{".weak"}}, {"ss_cta", []string{".shared::cta"}}},
		NoExec: "no model of asynchronous bulk stores"},
	// multimem.ld_reduce, .st and .red (9.7.9.15): the integer forms take
	// no vector, .and/.or/.xor .b32 and .b64, .min/.max .u32, .s32, .u64,
	// .s64, .add those but .s64; the floating-point forms move 32 to 128
	// bits (.f16 and .bf16 in .v2 to .v8, the x2 pairs and .f32 alone or in
	// .v2, .v4, .f64 alone; the fp8 kinds of PTX ISA 8.6 and sm_100 alike
	// by width); .min and .max not on .f32 and .f64; .acc::f32 with the
	// 16-bit types, .acc::f16 with fp8 (ld_reduce); ptxas 13.0 takes .acc
	// on any multimem.red, so the table does. ptxas 13.0: "Incorrect type
	// '.f32' for operation '.min'", "Inconsistent type '.bf16x2' with
	// vector .v8", "Vector qualifier is not allowed", "Unexpected
	// instruction types", "Feature '.e4m3' requires PTX ISA .version 8.6".
	{Name: "multimem.ld_reduce", Section: "9.7.9.15", Doc: "Load from every copy of a multimem address and reduce the values.", PTX: 81, SM: 90, Syntax: []string{
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.op_mnx.mmi_mnx d, [a]",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.add.mmi_add d, [a]",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.op_bit.mmb d, [a]",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.op_mnx.vec_248.h16 {d}, [a]",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.op_mnx{.vec_24}.h32 {d}, [a]",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.add{.acc::f32}.vec_248.h16 {d}, [a]",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.add{.acc::f32}{.vec_24}.h32 {d}, [a]",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.add{.vec_24}.f32 {d}, [a]",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.add.f64 d, [a]",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.op_mnx.vec_48.q8 {d}, [a] @ptx8.6 @sm_100",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.op_mnx.vec_248.q16 {d}, [a] @ptx8.6 @sm_100",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.op_mnx{.vec_24}.q32 {d}, [a] @ptx8.6 @sm_100",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.add{.acc::f16}.vec_48.q8 {d}, [a] @ptx8.6 @sm_100",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.add{.acc::f16}.vec_248.q16 {d}, [a] @ptx8.6 @sm_100",
		"multimem.ld_reduce{.sem_ld}{.scope}{.ss_global}.add{.acc::f16}{.vec_24}.q32 {d}, [a] @ptx8.6 @sm_100",
		"multimem.ld_reduce.sem_weak{.ss_global}.op_mnx.mmi_mnx d, [a]",
		"multimem.ld_reduce.sem_weak{.ss_global}.add.mmi_add d, [a]",
		"multimem.ld_reduce.sem_weak{.ss_global}.op_bit.mmb d, [a]",
		"multimem.ld_reduce.sem_weak{.ss_global}.op_mnx.vec_248.h16 {d}, [a]",
		"multimem.ld_reduce.sem_weak{.ss_global}.op_mnx{.vec_24}.h32 {d}, [a]",
		"multimem.ld_reduce.sem_weak{.ss_global}.add{.acc::f32}.vec_248.h16 {d}, [a]",
		"multimem.ld_reduce.sem_weak{.ss_global}.add{.acc::f32}{.vec_24}.h32 {d}, [a]",
		"multimem.ld_reduce.sem_weak{.ss_global}.add{.vec_24}.f32 {d}, [a]",
		"multimem.ld_reduce.sem_weak{.ss_global}.add.f64 d, [a]",
		"multimem.ld_reduce.sem_weak{.ss_global}.op_mnx.vec_48.q8 {d}, [a] @ptx8.6 @sm_100",
		"multimem.ld_reduce.sem_weak{.ss_global}.op_mnx.vec_248.q16 {d}, [a] @ptx8.6 @sm_100",
		"multimem.ld_reduce.sem_weak{.ss_global}.op_mnx{.vec_24}.q32 {d}, [a] @ptx8.6 @sm_100",
		"multimem.ld_reduce.sem_weak{.ss_global}.add{.acc::f16}.vec_48.q8 {d}, [a] @ptx8.6 @sm_100",
		"multimem.ld_reduce.sem_weak{.ss_global}.add{.acc::f16}.vec_248.q16 {d}, [a] @ptx8.6 @sm_100",
		"multimem.ld_reduce.sem_weak{.ss_global}.add{.acc::f16}{.vec_24}.q32 {d}, [a] @ptx8.6 @sm_100",
	}, Groups: mmGroups, NoExec: noMultimem},
	{Name: "multimem.st", Section: "9.7.9.15", Doc: "Store to every copy of a multimem address.", PTX: 81, SM: 90, Syntax: []string{
		"multimem.st{.sem_st}{.scope}{.ss_global}.mmint [a], b",
		"multimem.st{.sem_st}{.scope}{.ss_global}.vec_248.h16 [a], {b}",
		"multimem.st{.sem_st}{.scope}{.ss_global}{.vec_24}.h32 [a], {b}",
		"multimem.st{.sem_st}{.scope}{.ss_global}{.vec_24}.f32 [a], {b}",
		"multimem.st{.sem_st}{.scope}{.ss_global}.f64 [a], b",
		"multimem.st{.sem_st}{.scope}{.ss_global}.vec_48.q8 [a], {b} @ptx8.6 @sm_100",
		"multimem.st{.sem_st}{.scope}{.ss_global}.vec_248.q16 [a], {b} @ptx8.6 @sm_100",
		"multimem.st{.sem_st}{.scope}{.ss_global}{.vec_24}.q32 [a], {b} @ptx8.6 @sm_100",
		"multimem.st.sem_weak{.ss_global}.mmint [a], b",
		"multimem.st.sem_weak{.ss_global}.vec_248.h16 [a], {b}",
		"multimem.st.sem_weak{.ss_global}{.vec_24}.h32 [a], {b}",
		"multimem.st.sem_weak{.ss_global}{.vec_24}.f32 [a], {b}",
		"multimem.st.sem_weak{.ss_global}.f64 [a], b",
		"multimem.st.sem_weak{.ss_global}.vec_48.q8 [a], {b} @ptx8.6 @sm_100",
		"multimem.st.sem_weak{.ss_global}.vec_248.q16 [a], {b} @ptx8.6 @sm_100",
		"multimem.st.sem_weak{.ss_global}{.vec_24}.q32 [a], {b} @ptx8.6 @sm_100",
	}, Groups: mmGroups, NoExec: noMultimem},
	{Name: "multimem.red", Section: "9.7.9.15", Doc: "Reduce a value into every copy of a multimem address.", PTX: 81, SM: 90, Syntax: []string{
		"multimem.red{.sem_st}{.scope}{.ss_global}.op_mnx{.acc}.mmi_mnx [a], b",
		"multimem.red{.sem_st}{.scope}{.ss_global}.add{.acc}.mmi_add [a], b",
		"multimem.red{.sem_st}{.scope}{.ss_global}.op_bit{.acc}.mmb [a], b",
		"multimem.red{.sem_st}{.scope}{.ss_global}.op_mnx{.acc}.vec_248.h16 [a], {b}",
		"multimem.red{.sem_st}{.scope}{.ss_global}.op_mnx{.acc}.vec_24.h32 [a], {b}",
		"multimem.red{.sem_st}{.scope}{.ss_global}.add{.acc}.vec_248.h16 [a], {b}",
		"multimem.red{.sem_st}{.scope}{.ss_global}.add{.acc}{.vec_24}.h32 [a], {b}",
		"multimem.red{.sem_st}{.scope}{.ss_global}.add{.acc}{.vec_24}.f32 [a], {b}",
		"multimem.red{.sem_st}{.scope}{.ss_global}.add{.acc}.f64 [a], b",
	}, Groups: mmGroups, NoExec: noMultimem},
	{Name: "prefetch", Section: "9.7.9.16", Doc: "Hint: bring the line holding a into the L1 or L2 cache (or prefetch a tensor map). No effect on results.", PTX: 20, SM: 20, Syntax: []string{
		"prefetch{.ss_pf}.pflevel [a]",
		"prefetch.ss_global.pfevict [a] @ptx7.4 @sm_80",
		"prefetch{.ss_tmap}.tensormap [a] @ptx8.0 @sm_90",
	}, Groups: []Group{
		{"ss_pf", []string{".global", ".local"}}, {"pflevel", []string{".L1", ".L2"}},
		{"pfevict", []string{".L2::evict_last", ".L2::evict_normal"}}, {"ss_tmap", []string{".const", ".param"}},
	}},
	{Name: "prefetchu", Section: "9.7.9.16", Doc: "Hint: bring the line holding a into the uniform cache. No effect on results.", PTX: 20, SM: 20, Syntax: []string{
		"prefetchu.L1 [a]",
	}},
	{Name: "applypriority", Section: "9.7.9.17", Doc: "Hint: set the L2 eviction priority of a cached range back to normal. No effect on results.", PTX: 74, SM: 80, Syntax: []string{
		"applypriority{.ss_global}.L2::evict_normal [a], size:imm",
	}},
	{Name: "discard", Section: "9.7.9.18", Doc: "Invalidate an L2 cache range without writing it back; its contents become undefined.", PTX: 74, SM: 80, Syntax: []string{
		"discard{.ss_global}.L2 [a], size:imm",
	}},
	{Name: "createpolicy", Section: "9.7.9.19", Doc: "Create a 64-bit L2 cache eviction policy for use with .L2::cache_hint. The policy is opaque and ptxplay has no cache: it writes its own encoding of what was asked (kind, priorities, fraction or primary size) and the hinted accesses run as plain ones.", PTX: 74, SM: 80, Syntax: []string{
		"createpolicy.range{.ss_global}.prio1{.prio2}.b64 d, [a], primary:.u32, total:.u32",
		"createpolicy.fractional.prio1{.prio2}.b64 d, fraction:.f32?",
		"createpolicy.cvt.L2.b64 d, property:.b64",
	}, Groups: []Group{
		{"prio1", []string{".L2::evict_last", ".L2::evict_normal", ".L2::evict_first", ".L2::evict_unchanged"}},
		{"prio2", []string{".L2::evict_first", ".L2::evict_unchanged"}},
	}},
	{Name: "isspacep", LaneLocal: true, Section: "9.7.9.20", Doc: "Test whether a generic address falls in a given state space.", PTX: 20, SM: 20, Syntax: []string{
		"isspacep.ss_is p:.pred, a",
	}, Groups: []Group{{"ss_is", []string{".const", ".global", ".local", ".shared", ".param", ".shared::cta", ".shared::cluster", ".param::entry"}}}},
	{Name: "cvta", LaneLocal: true, Section: "9.7.9.21", Doc: "Convert an address between a state space and the generic space (.to: generic to the space).", PTX: 20, SM: 20, Syntax: []string{
		"cvta.ss_cvta.ptype d, a",
		"cvta.ss_cvta.ptype d, a:sym",
		"cvta.to.ss_cvta.ptype d, a",
	}, Groups: []Group{{"ss_cvta", []string{".const", ".global", ".local", ".shared", ".shared::cta", ".shared::cluster", ".param", ".param::entry"}}}},
	{Name: "cvt", LaneLocal: true, Section: "9.7.9.22", Doc: "Convert between types and sizes, with rounding (.rn.., .rni..), .sat, .ftz, and packing of half and narrow floats.", PTX: 10, Relaxed: true, Syntax: []string{
		"cvt{.irnd}{.ftz}{.sat}.dtype.atype d:dtype, a:atype",
		"cvt{.rnd}{.ftz}{.sat}.dtype.atype d:dtype, a:atype",
		"cvt{.irnd}{.ftz}{.sat}.dtype_b.atype_b d:dtype_b, a:atype_b @ptx7.0 @sm_80",
		"cvt{.rnd}{.ftz}{.sat}.dtype_b.atype_b d:dtype_b, a:atype_b @ptx7.0 @sm_80",
		"cvt.rnd_nz{.relu}.htype_2.f32 d:htype_2, a:.f32 @ptx7.0 @sm_80",
		"cvt.rnd_nz{.relu}.satfinite.htype_2.f32 d:htype_2, a:.f32 @ptx8.1 @sm_80",
		"cvt.rnd_nz{.relu}.htype_x2.f32 d:.b32, a:.f32, b:.f32 @ptx7.0 @sm_80",
		"cvt.rnd_nz{.relu}.satfinite.htype_x2.f32 d:.b32, a:.f32, b:.f32 @ptx8.1 @sm_80",
		"cvt.rnd_s{.relu}{.satfinite}.htype_x2.f32 d:.b32, a:.f32, b:.f32, rbits:.b32 @ptx8.7 @sm_100",
		"cvt.rnd_a.tf32.f32 d:.b32, a:.f32 @ptx7.0 @sm_80",
		"cvt.rnd_a.satfinite.tf32.f32 d:.b32, a:.f32 @ptx8.1 @sm_80",
		"cvt.rnd_nz{.relu}.tf32.f32 d:.b32, a:.f32 @ptx7.8 @sm_90",
		"cvt.rnd_nz.satfinite{.relu}.tf32.f32 d:.b32, a:.f32 @ptx8.6 @sm_100",
		"cvt.rnd_n.satfinite{.relu}.f8x2.f32 d:.b16, a:.f32, b:.f32 @ptx7.8 @sm_89",
		"cvt.rnd_n.satfinite{.relu}.f8x2.f16x2 d:.b16, a:.b32 @ptx7.8 @sm_89",
		"cvt.rnd_n{.relu}.f16x2.f8x2 d:.b32, a:.b16 @ptx7.8 @sm_89",
		"cvt.rnd_s{.relu}.satfinite.f8x4.f32 d:.b32, {a}:frag, rbits:.b32 @ptx8.7 @sm_100",
		"cvt.rnd_n.satfinite{.relu}.e2m1x2.f32 d:.b8, a:.f32, b:.f32 @ptx8.6 @sm_100",
		"cvt.rnd_n{.relu}.f16x2.e2m1x2 d:.b32, a:.b8 @ptx8.6 @sm_100",
		"cvt.rnd_s{.relu}.satfinite.e2m1x4.f32 d:.b16, {a}:frag, rbits:.b32 @ptx8.7 @sm_100",
		"cvt.rnd_n.satfinite{.relu}.f6x2.f32 d:.b16, a:.f32, b:.f32 @ptx8.6 @sm_100",
		"cvt.rnd_n{.relu}.f16x2.f6x2 d:.b32, a:.b16 @ptx8.6 @sm_100",
		"cvt.rnd_s{.relu}.satfinite.f6x4.f32 d:.b32, {a}:frag, rbits:.b32 @ptx8.7 @sm_100",
		"cvt.rnd_zp{.satfinite}.ue8m0x2.f32 d:.b16, a:.f32, b:.f32 @ptx8.6 @sm_100",
		"cvt.rnd_zp{.satfinite}.ue8m0x2.bf16x2 d:.b16, a:.b32 @ptx8.6 @sm_100",
		"cvt.rnd_n.bf16x2.ue8m0x2 d:.b32, a:.b16 @ptx8.6 @sm_100",
	}, Groups: []Group{
		{"dtype", cvtTypes},
		{"atype", cvtTypes},
		{"dtype_b", cvtTypesBF16},
		{"atype_b", cvtTypesBF16},
		{"htype_x2", []string{".f16x2", ".bf16x2"}},
		{"f8x2", []string{".e4m3x2", ".e5m2x2"}},
		{"f8x4", []string{".e4m3x4", ".e5m2x4"}},
		{"f6x2", []string{".e2m3x2", ".e3m2x2"}},
		{"f6x4", []string{".e2m3x4", ".e3m2x4"}},
	}, Rule: cvtRule},
	{Name: "cvt.pack", Section: "9.7.9.23", Doc: "Convert two (or, with c, more) 32-bit integers to narrower saturated integers and pack them into d.", PTX: 65, SM: 72, Syntax: []string{
		"cvt.pack.sat.pk16.s32 d:.b32, a:.s32, b:.s32",
		"cvt.pack.sat.pknarrow.s32.b32 d:.b32, a:.s32, b:.s32, c:.b32",
	}, Groups: []Group{{"pk16", []string{".u16", ".s16"}}, {"pknarrow", []string{".u2", ".s2", ".u4", ".s4", ".u8", ".s8"}}}},
	{Name: "mapa", Section: "9.7.9.24", Doc: "Map a shared memory address to the corresponding address in another CTA of the cluster. In ptxplay the CTA of rank r's window starts at shared::cluster address (r+1)*0x40000 (generic: 0xC0000000 plus that); addresses below 0x40000 are the executing CTA's own.", PTX: 78, SM: 90, Syntax: []string{
		"mapa{.ss_mapa}.ptype d, a, b:.u32",
		"mapa{.ss_mapa}.ptype d, a:sym, b:.u32",
	}, Groups: []Group{{"ss_mapa", []string{".shared::cluster"}}}},
	{Name: "getctarank", Section: "9.7.9.25", Doc: "Get the rank, within the cluster, of the CTA that owns a shared memory address (a shared::cta address is the executing CTA's).", PTX: 78, SM: 90, Syntax: []string{
		"getctarank{.ss_cluster}.ptype d:.u32, a",
		"getctarank{.ss_cluster}.ptype d:.u32, a:sym",
	}},

	// 9.7.9.26 Asynchronous copies
	{Name: "cp.async", Section: "9.7.9.26.3.1", Doc: "Asynchronously copy 4, 8 or 16 bytes from global to shared memory (zero-filling past src-size).", PTX: 70, SM: 80, Syntax: []string{
		// With .L2::cache_hint the last operand is the cache policy, whether
		// src-size or ignore-src comes before it or not.
		"cp.async.cpcop.ss_shared.ss_global{.pfsize} [dst], [src], size:imm, srcsize:.u32?",
		// ignore-src came with PTX ISA 7.5 (9.7.9.26.3.1, "PTX ISA Notes").
		"cp.async.cpcop.ss_shared.ss_global{.pfsize} [dst], [src], size:imm, ignore:.pred @ptx7.5",
		"cp.async.cpcop.ss_shared.ss_global.hint{.pfsize} [dst], [src], size:imm, policy:.b64",
		"cp.async.cpcop.ss_shared.ss_global.hint{.pfsize} [dst], [src], size:imm, srcsize:.u32, policy:.b64",
		"cp.async.cpcop.ss_shared.ss_global.hint{.pfsize} [dst], [src], size:imm, ignore:.pred, policy:.b64 @ptx7.5",
	}, Groups: []Group{{"cpcop", []string{".ca", ".cg"}}}},
	{Name: "cp.async.commit_group", Section: "9.7.9.26.3.2", Doc: "Commit the preceding cp.async operations of this thread as one group.", PTX: 70, SM: 80, Syntax: []string{
		"cp.async.commit_group",
	}},
	{Name: "cp.async.wait_group", Section: "9.7.9.26.3.3", Doc: "Wait until at most N of this thread's cp.async groups are pending.", PTX: 70, SM: 80, Syntax: []string{
		"cp.async.wait_group n:imm",
	}},
	{Name: "cp.async.wait_all", Section: "9.7.9.26.3.3", Doc: "Wait for all of this thread's cp.async operations.", PTX: 70, SM: 80, Syntax: []string{
		"cp.async.wait_all",
	}},
	{Name: "cp.async.bulk", Section: "9.7.9.26.4.1", Doc: "Asynchronous bulk copy between global and shared memory, completing on an mbarrier or a bulk group.", PTX: 80, SM: 90, Syntax: []string{
		"cp.async.bulk.dst_cta.src_g.complete_tx{.hint} [dstMem], [srcMem], size:.u32, [mbar], policy:.b64? @ptx8.6",
		"cp.async.bulk.dst_cl.src_g.complete_tx{.mcast}{.hint} [dstMem], [srcMem], size:.u32, [mbar], ctaMask:any?, policy:.b64?",
		"cp.async.bulk.dst_cl.src_cta.complete_tx [dstMem], [srcMem], size:.u32, [mbar]",
		"cp.async.bulk.dst_g.src_cta.bulk_group{.hint} [dstMem], [srcMem], size:.u32, policy:.b64?",
		"cp.async.bulk.dst_g.src_cta.bulk_group{.hint}.cp_mask [dstMem], [srcMem], size:.u32, policy:any?, byteMask:any? @ptx8.6 @sm_100",
	}, Groups: bulkGroups},
	{Name: "cp.reduce.async.bulk", Section: "9.7.9.26.4.2", Doc: "Asynchronous bulk reduction of shared memory into global or cluster shared memory.", PTX: 80, SM: 90, Syntax: []string{
		"cp.reduce.async.bulk.dst_cl.src_cta.complete_tx.op_red.redtype [dstMem], [srcMem], size:.u32, [mbar]",
		"cp.reduce.async.bulk.dst_g.src_cta.bulk_group{.hint}.op_red.redtype [dstMem], [srcMem], size:.u32, policy:.b64?",
		"cp.reduce.async.bulk.dst_g.src_cta.bulk_group{.hint}.op_add.noftz.htype_2 [dstMem], [srcMem], size:.u32, policy:.b64?",
	}, Groups: bulkGroups},
	{Name: "cp.async.bulk.prefetch", Section: "9.7.9.26.4.3", Doc: "Asynchronously prefetch a global range into L2.", PTX: 80, SM: 90, Syntax: []string{
		"cp.async.bulk.prefetch.L2.src_g{.hint} [srcMem], size:.u32, policy:.b64?",
	}, Groups: bulkGroups},
	{Name: "multimem.cp.async.bulk", Section: "9.7.9.26.4.4", Doc: "Asynchronous bulk copy from shared memory to every copy of a multimem address.", PTX: 91, SM: 90, Syntax: []string{
		"multimem.cp.async.bulk.dst_g.src_cta.bulk_group{.cp_mask} [dstMem], [srcMem], size:.u32, byteMask:any?",
	}, Groups: bulkGroups, NoExec: noMultimem},
	{Name: "multimem.cp.reduce.async.bulk", Section: "9.7.9.26.4.5", Doc: "Asynchronous bulk reduction from shared memory into every copy of a multimem address.", PTX: 91, SM: 90, Syntax: []string{
		"multimem.cp.reduce.async.bulk.dst_g.src_cta.bulk_group.op_red{.noftz}.redtype [dstMem], [srcMem], size:.u32",
	}, Groups: bulkGroups, NoExec: noMultimem},
	{Name: "cp.async.bulk.tensor", Section: "9.7.9.26.5.2", Doc: "Asynchronous tensor (TMA) copy of a box of a tensor described by a tensor map, between global and shared memory.", PTX: 80, SM: 90, Syntax: []string{
		"cp.async.bulk.tensor.dim.dst_sh.src_g{.load_mode}.complete_tx{.mcast}{.hint} [dstMem], [tensorMap]:handle, [mbar], x:frag?, y:frag?, z:frag?",
		"cp.async.bulk.tensor.dim.dst_g.src_cta{.load_mode}.bulk_group{.hint} [tensorMap]:handle, [srcMem], policy:.b64?",
		"cp.async.bulk.tensor.dim.dst_sh.src_g{.load_mode_100}.complete_tx{.mcast}{.cta_group}{.hint} [dstMem], [tensorMap]:handle, [mbar], x:frag?, y:frag?, z:frag? @ptx8.6 @sm_100",
		"cp.async.bulk.tensor.dim.dst_g.src_cta{.load_mode_100}.bulk_group{.hint} [tensorMap]:handle, [srcMem], policy:.b64? @ptx8.6 @sm_100",
	}, Groups: bulkGroups},
	{Name: "cp.reduce.async.bulk.tensor", Section: "9.7.9.26.5.3", Doc: "Asynchronous tensor (TMA) reduction of shared memory into a tensor in global memory.", PTX: 80, SM: 90, Syntax: []string{
		"cp.reduce.async.bulk.tensor.dim.dst_g.src_cta.op_red{.load_mode}.bulk_group{.hint} [tensorMap]:handle, [srcMem], policy:.b64?",
		"cp.reduce.async.bulk.tensor.dim.dst_g.src_cta.op_red{.load_mode_100}.bulk_group{.hint} [tensorMap]:handle, [srcMem], policy:.b64? @ptx8.6 @sm_100",
	}, Groups: bulkGroups},
	{Name: "cp.async.bulk.prefetch.tensor", Section: "9.7.9.26.5.4", Doc: "Asynchronously prefetch a tensor box into L2.", PTX: 80, SM: 90, Syntax: []string{
		"cp.async.bulk.prefetch.tensor.dim.L2.src_g{.load_mode}{.hint} [tensorMap]:handle, x:frag?, policy:.b64?",
		"cp.async.bulk.prefetch.tensor.dim.L2.src_g{.load_mode_100}{.hint} [tensorMap]:handle, x:frag?, policy:.b64? @ptx8.6 @sm_100",
	}, Groups: bulkGroups},
	{Name: "cp.async.bulk.commit_group", Section: "9.7.9.26.6.1", Doc: "Commit the preceding bulk asynchronous operations of this thread as one bulk group.", PTX: 80, SM: 90, Syntax: []string{
		"cp.async.bulk.commit_group",
	}},
	{Name: "cp.async.bulk.wait_group", Section: "9.7.9.26.6.2", Doc: "Wait until at most N bulk groups are pending (.read: until their sources have been read).", PTX: 80, SM: 90, Syntax: []string{
		"cp.async.bulk.wait_group{.read} n:imm",
	}},
	{Name: "tensormap.replace", Section: "9.7.9.27", Doc: "Replace one field of a tensor map in memory.", PTX: 83, SM: 90, Syntax: []string{
		"tensormap.replace.tile.tmfield1{.ss_tm}.b1024.tmtype [a], v",
		"tensormap.replace.tile.tmfield2{.ss_tm}.b1024.tmtype [a], ord:imm, v",
		"tensormap.replace.tile.tmfield3{.ss_tm}.b1024.tmtype [a], v:imm",
	}, Groups: []Group{
		{"tmfield1", []string{".global_address", ".rank"}},
		{"tmfield2", []string{".box_dim", ".global_dim", ".global_stride", ".element_stride"}},
		{"tmfield3", []string{".elemtype", ".interleave_layout", ".swizzle_mode", ".swizzle_atomicity", ".fill_mode"}},
		{"ss_tm", []string{".global", ".shared::cta"}},
		{"tmtype", []string{".b32", ".b64"}},
	}},
}

// Types cvt converts between (bf16 forms come later, PTX 7.0).
var cvtTypes = []string{".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64", ".f16", ".f32", ".f64"}

// cvtTypesBF16 is cvtTypes and .bf16 (TestTablesAreData holds the two together).
var cvtTypesBF16 = []string{".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64", ".f16", ".f32", ".f64", ".bf16"}

// Types the multimem stores accept.
var mmAllTypes = []string{".b32", ".b64", ".u32", ".u64", ".s32", ".s64", ".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64", ".e5m2", ".e5m2x2", ".e5m2x4", ".e4m3", ".e4m3x2", ".e4m3x4"}

// Modifier groups of the bulk and tensor copies.
var bulkGroups = []Group{
	{"dst_cta", []string{".shared::cta"}},
	{"dst_cl", []string{".shared::cluster"}},
	{"dst_sh", []string{".shared::cluster", ".shared::cta"}},
	{"dst_g", []string{".global"}},
	{"src_g", []string{".global"}},
	{"src_cta", []string{".shared::cta"}},
	{"mcast", []string{".multicast::cluster"}},
	{"dim", []string{".1d", ".2d", ".3d", ".4d", ".5d"}},
	{"load_mode", []string{".tile", ".im2col"}}, // sm_90
	// sm_100 adds the gather and scatter rows, the im2col::w modes and
	// im2col without offsets (ISA 9.7.9.25.5.1, PTX 8.6).
	{"load_mode_100", []string{".tile", ".tile::gather4", ".tile::scatter4", ".im2col", ".im2col::w", ".im2col::w::128", ".im2col_no_offs"}},
	{"redtype", []string{".b32", ".u32", ".s32", ".b64", ".u64", ".s64", ".f16", ".bf16", ".f32", ".f64"}},
}
