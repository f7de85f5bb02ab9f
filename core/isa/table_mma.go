// table_mma.go: warp-level matrix instructions (ISA 9.7.15: wmma, mma,
// ldmatrix, stmatrix, movmatrix), warpgroup matrix instructions (9.7.16:
// wgmma) and the 5th generation tensor core family (9.7.17: tcgen05).
// mma runs (core/sim/mma.go); fragments are written {d}:frag and checked
// against the shape by the simulator.

package isa

const (
	noMMA     = "no model of tensor cores (mma)"
	noWGMMA   = "no model of warpgroup tensor cores (wgmma)"
	noTcgen05 = "no model of tensor memory and 5th generation tensor cores (tcgen05)"
)

var wmmaGroups = []Group{
	{"abc", []string{".a", ".b", ".c"}},
	{"layout", []string{".row", ".col"}},
	{"shape_h", []string{".m16n16k16", ".m8n32k16", ".m32n8k16"}},
	{"shape_sb", []string{".m8n8k32", ".m8n8k128"}},
	{"shape_all", []string{".m16n16k16", ".m8n32k16", ".m32n8k16", ".m16n16k8", ".m8n8k4",
		".m8n8k32", ".m8n8k128"}},
	{"ss_w", []string{".global", ".shared", ".shared::cta"}},
	{"wt_h", []string{".f16", ".f32"}},
	{"wt_i", []string{".s8", ".u8", ".s32"}},
	{"wt_i8", []string{".s8", ".u8"}},
	{"wt_i4", []string{".s4", ".u4"}},
	{"wt_tf", []string{".tf32", ".f32"}},
	{"wt_sb", []string{".s4", ".u4", ".b1", ".s32"}},
	{"wt_st", []string{".f16", ".f32", ".s32", ".f64"}},
	{"op_b1", []string{".xor", ".and"}},
	{"wt_bf", []string{".bf16", ".f32"}},
	{"rnd_64", []string{".rn", ".rz", ".rm", ".rp"}},
}

var mmaGroups = []Group{
	{"layout", []string{".row", ".col"}},
	{"wt_h", []string{".f16", ".f32"}},
	{"wt_i8", []string{".s8", ".u8"}},
	{"wt_i4", []string{".s4", ".u4"}},
	{"shape_h2", []string{".m16n8k8", ".m16n8k16"}},
	{"shape_tf", []string{".m16n8k4", ".m16n8k8"}},
	{"shape_f8", []string{".m16n8k16", ".m16n8k32"}},
	{"shape_bs", []string{".m16n8k32", ".m16n8k64"}},
	{"shape_64", []string{".m16n8k4", ".m16n8k8", ".m16n8k16"}}, // f64 beyond m8n8k4: sm_90
	{"shape_i8", []string{".m8n8k16", ".m16n8k16", ".m16n8k32"}},
	{"shape_i4", []string{".m8n8k32", ".m16n8k32", ".m16n8k64"}},
	{"shape_b1", []string{".m8n8k128", ".m16n8k128", ".m16n8k256"}},
	{"shape_sp", []string{".m16n8k8", ".m16n8k16", ".m16n8k32", ".m16n8k64", ".m16n8k128"}},
	{"f8", []string{".e4m3", ".e5m2"}},
	{"f8f6f4", []string{".e4m3", ".e5m2", ".e3m2", ".e2m3", ".e2m1"}},
	{"kind_bs", []string{".kind::mxf8f6f4", ".kind::mxf4", ".kind::mxf4nvf4"}},
	{"scale_vec", []string{".scale_vec::1X", ".scale_vec::2X", ".scale_vec::4X"}},
	{"stype", []string{".ue8m0", ".ue4m3"}},
	{"op_b1", []string{".xor", ".and"}},
	{"scale_vec_24", []string{".scale_vec::2X", ".scale_vec::4X"}},
	{"spa", []string{".f16", ".bf16", ".tf32", ".s8", ".u8", ".s4", ".u4", ".e4m3", ".e5m2", ".e3m2", ".e2m3", ".e2m1"}},
}

// wgmma shapes: .m64nNkK for N = 8..256 (step 8), and the integer and
// single-bit subsets (N = 8, 16, 24, then step 16): literal lists that
// gen_shapes.go writes (shapes_gen.go), static data rather than strings
// made when the package starts.
//
//go:generate go run gen_shapes.go
var wgmmaGroups = []Group{
	{"shape_k16", wgShapeK16},
	{"shape_k8", wgShapeK8},
	{"shape_k32", wgShapeK32},
	{"shape_i", wgShapeI},
	{"shape_b1", wgShapeB1},
	{"shape_k64", wgShapeK64},
	{"shape_ik64", wgShapeIK64},
	{"wgd", []string{".f16", ".f32"}},
	{"wgf8", []string{".e4m3", ".e5m2"}},
}

var tcGroups = []Group{
	{"tkind", []string{".kind::f16", ".kind::tf32", ".kind::f8f6f4", ".kind::i8"}},
	{"tkind_s", []string{".kind::f16", ".kind::tf32", ".kind::i8"}},
	{"kind_bs", []string{".kind::mxf8f6f4", ".kind::mxf4", ".kind::mxf4nvf4"}},
	{"scale_vs", []string{".scale_vec::1X", ".scale_vec::2X", ".scale_vec::4X", ".block16", ".block32"}},
	{"coll_a", []string{".collector::a::fill", ".collector::a::use", ".collector::a::lastuse", ".collector::a::discard"}},
	{"coll_b", []string{
		".collector::b0::fill", ".collector::b0::use", ".collector::b0::lastuse", ".collector::b0::discard",
		".collector::b1::fill", ".collector::b1::use", ".collector::b1::lastuse", ".collector::b1::discard",
		".collector::b2::fill", ".collector::b2::use", ".collector::b2::lastuse", ".collector::b2::discard",
		".collector::b3::fill", ".collector::b3::use", ".collector::b3::lastuse", ".collector::b3::discard",
	}},
	{"cta_group_1", []string{".cta_group::1"}},
	{"ss_cta", []string{".shared::cta"}},
	{"tshape", []string{".16x64b", ".16x128b", ".16x256b", ".32x32b"}},
	{"tnum", []string{".x1", ".x2", ".x4", ".x8", ".x16", ".x32", ".x64", ".x128"}},
	{"tnum_r", []string{".x2", ".x4", ".x8", ".x16", ".x32", ".x64", ".x128"}}, // .red: no .x1 (ptxas 13.0: "Illegal modifier '.x1' for instruction 'tcgen05.ld.red'")
	{"cpshape", []string{".128x256b", ".4x256b", ".128x128b", ".64x128b", ".32x128b"}},
	{"cpmcast", []string{".warpx2::02_13", ".warpx2::01_23", ".warpx4"}},
	{"cpsrc", []string{".b6x16_p32", ".b4x16_p64"}},
}

var mmaTable = []Entry{
	// 9.7.15 Warp-level matrix multiply-accumulate
	{Name: "wmma.load", Section: "9.7.15.4.3", Doc: "Collectively load a matrix fragment (a, b or c) for wmma.mma from memory.", PTX: 60, SM: 70, Syntax: []string{
		"wmma.load.abc.sync{.aligned}.layout.shape_h{.ss_w}.wt_h {d}:frag, [a], stride:.u32?",
		"wmma.load.abc.sync{.aligned}.layout.shape_h{.ss_w}.wt_i {d}:frag, [a], stride:.u32? @ptx6.3 @sm_72",
		"wmma.load.abc.sync{.aligned}.layout.shape_h{.ss_w}.wt_bf {d}:frag, [a], stride:.u32? @ptx7.0 @sm_80",
		"wmma.load.abc.sync{.aligned}.layout.m16n16k8{.ss_w}.wt_tf {d}:frag, [a], stride:.u32? @ptx7.0 @sm_80",
		"wmma.load.abc.sync{.aligned}.layout.m8n8k4{.ss_w}.f64 {d}:frag, [a], stride:.u32? @ptx7.0 @sm_80",
		"wmma.load.abc.sync{.aligned}.layout.shape_sb{.ss_w}.wt_sb {d}:frag, [a], stride:.u32? @ptx6.3 @sm_75",
	}, Groups: wmmaGroups, Rule: wmmaLoadRule},
	{Name: "wmma.store", Section: "9.7.15.4.4", Doc: "Collectively store a wmma result fragment d to memory.", PTX: 60, SM: 70, Syntax: []string{
		"wmma.store.d.sync{.aligned}.layout.shape_all{.ss_w}.wt_st [a], {r}:frag, stride:.u32?",
	}, Groups: wmmaGroups},
	{Name: "wmma.mma", Section: "9.7.15.4.5", Doc: "Warp-collective matrix multiply-accumulate D = A*B + C on wmma fragments.", PTX: 60, SM: 70, Syntax: []string{
		"wmma.mma.sync{.aligned}.layout.layout.shape_h.wt_h.wt_h{.satfinite} {d}:frag, {a}:frag, {b}:frag, {c}:frag",
		"wmma.mma.sync{.aligned}.layout.layout.shape_h.s32.wt_i8.wt_i8.s32{.satfinite} {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx6.3 @sm_72",
		"wmma.mma.sync{.aligned}.layout.layout.shape_h.f32.bf16.bf16.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx7.0 @sm_80",
		"wmma.mma.sync{.aligned}.layout.layout.m16n16k8.f32.tf32.tf32.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx7.0 @sm_80",
		"wmma.mma.sync{.aligned}.layout.layout.m8n8k4{.rnd_64}.f64.f64.f64.f64 {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx7.0 @sm_80",
		"wmma.mma.sync{.aligned}.row.col.m8n8k32.s32.wt_i4.wt_i4.s32{.satfinite} {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx6.3 @sm_75",
		"wmma.mma.op_b1.popc.sync{.aligned}.row.col.m8n8k128.s32.b1.b1.s32 {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx6.3 @sm_75",
	}, Groups: wmmaGroups},
	{Name: "mma", Section: "9.7.15.5.14", Doc: "Warp-collective matrix multiply-accumulate D = A*B + C on register fragments.", PTX: 64, SM: 70, Syntax: []string{
		"mma.sync.aligned.m8n8k4.layout.layout.wt_h.f16.f16.wt_h {d}:frag, {a}:frag, {b}:frag, {c}:frag",
		"mma.sync.aligned.shape_h2.row.col.wt_h.f16.f16.wt_h {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx6.5 @sm_75",
		"mma.sync.aligned.shape_tf.row.col.f32.tf32.tf32.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx7.0 @sm_80",
		"mma.sync.aligned.shape_h2.row.col.f32.bf16.bf16.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx7.0 @sm_80",
		"mma.sync.aligned.m16n8k32.row.col.f32.f8.f8.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx8.4 @sm_89",
		// m16n8k16 fp8 and fp8 into f16: PTX 8.7 (ptxas of CUDA 13 refuses both under 8.5).
		"mma.sync.aligned.m16n8k16.row.col.f32.f8.f8.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx8.7 @sm_89",
		"mma.sync.aligned.shape_f8.row.col.f16.f8.f8.f16 {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx8.7 @sm_89",
		"mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.wt_h.f8f6f4.f8f6f4.wt_h {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx8.7 @sm_120",
		"mma.sync.aligned.shape_bs.row.col.kind_bs.block_scale{.scale_vec}.f32.f8f6f4.f8f6f4.f32.stype {d}:frag, {a}:frag, {b}:frag, {c}:frag, sa:any, {sai}:frag, sb:any, {sbi}:frag @ptx8.7 @sm_120",
		"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx7.0 @sm_80",
		"mma.sync.aligned.shape_64.row.col.f64.f64.f64.f64 {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx7.8 @sm_90",
		"mma.sync.aligned.shape_i8.row.col{.satfinite}.s32.wt_i8.wt_i8.s32 {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx6.5 @sm_75",
		"mma.sync.aligned.shape_i4.row.col{.satfinite}.s32.wt_i4.wt_i4.s32 {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx6.5 @sm_75",
		"mma.sync.aligned.shape_b1.row.col.s32.b1.b1.s32.op_b1.popc {d}:frag, {a}:frag, {b}:frag, {c}:frag @ptx6.5 @sm_75",
	}, Groups: mmaGroups},
	// mma.sp as the ISA lists it (9.7.15.6.3): each shape with its types,
	// D and C of one type, the .kind:: forms with ::ordered_metadata only.
	// The sparsity selector f names the threads whose metadata counts, by
	// shape and type (0 to 3, 0 or 1, or 0 as the ISA's tables give it;
	// ptxas 13.0: "Argument 6 of instruction 'Sparse mma': value '3' out
	// of range, expected to be in range [0..1]").
	{Name: "mma.sp", Section: "9.7.15.6.3", Doc: "Warp-collective matrix multiply-accumulate with a 2:4 sparse A (metadata e, selector f).", PTX: 71, SM: 80, Syntax: []string{
		"mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1|2|3",
		"mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1|2|3",
		"mma.sp.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1",
		"mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1",
		"mma.sp.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1|2|3",
		"mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1",
		"mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1|2|3",
		"mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1",
		"mma.sp.sync.aligned.m16n8k64.row.col.f32.f8.f8.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0 @ptx8.4 @sm_89",
		"mma.sp.sync.aligned.m16n8k32.row.col{.satfinite}.s32.wt_i8.wt_i8.s32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1",
		"mma.sp.sync.aligned.m16n8k64.row.col{.satfinite}.s32.wt_i8.wt_i8.s32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0",
		"mma.sp.sync.aligned.m16n8k64.row.col{.satfinite}.s32.wt_i4.wt_i4.s32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1",
		"mma.sp.sync.aligned.m16n8k128.row.col{.satfinite}.s32.wt_i4.wt_i4.s32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0",
	}, Groups: mmaGroups, Frag: mmaSpFrag, NoExec: noMMA},
	{Name: "mma.sp::ordered_metadata", Section: "9.7.15.6.3", Doc: "mma.sp with the metadata of the sparse A in ordered form.", PTX: 85, SM: 80, Syntax: []string{
		"mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1|2|3",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1|2|3",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1|2|3",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1|2|3",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.f8.f8.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0 @ptx8.4 @sm_89",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col{.satfinite}.s32.wt_i8.wt_i8.s32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col{.satfinite}.s32.wt_i8.wt_i8.s32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col{.satfinite}.s32.wt_i4.wt_i4.s32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0|1",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col{.satfinite}.s32.wt_i4.wt_i4.s32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f16.f8f6f4.f8f6f4.f16 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0 @ptx8.7 @sm_120",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.f8f6f4.f8f6f4.f32 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm=0 @ptx8.7 @sm_120",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale{.scale_vec::2X}.f32.e2m1.e2m1.f32.ue8m0 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm, sa:any, {sai}:frag, sb:any, {sbi}:frag @ptx8.7 @sm_120",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec_24.f32.e2m1.e2m1.f32.stype {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm, sa:any, {sai}:frag, sb:any, {sbi}:frag @ptx8.7 @sm_120",
		"mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale{.scale_vec::1X}.f32.f8f6f4.f8f6f4.f32.ue8m0 {d}:frag, {a}:frag, {b}:frag, {c}:frag, e:.b32, f:imm, sa:any, {sai}:frag, sb:any, {sbi}:frag @ptx8.7 @sm_120",
	}, Groups: mmaGroups, Frag: mmaSpFrag, NoExec: noMMA},
	{Name: "ldmatrix", Section: "9.7.15.5.15", Doc: "Collectively load one, two or four 8x8 matrices from shared memory into mma fragments.", PTX: 65, SM: 75, Syntax: []string{
		"ldmatrix.sync.aligned.m8n8.lnum{.trans}{.ss_shared}.b16 {d}:frag, [a]",
		"ldmatrix.sync.aligned.m16n16.lnum.trans{.ss_shared}.b8 {d}:frag, [a] @ptx8.6 @sm_100",
		"ldmatrix.sync.aligned.m8n16.lnum{.ss_shared}.b8x16.lsrc {d}:frag, [a] @ptx8.6 @sm_100",
		"ldmatrix.sync.aligned.m16n16.lnum.trans{.ss_shared}.b8x16.lsrc {d}:frag, [a] @ptx8.6 @sm_100",
	}, Groups: []Group{{"lnum", []string{".x1", ".x2", ".x4"}}, {"lsrc", []string{".b6x16_p32", ".b4x16_p64"}}}},
	{Name: "stmatrix", Section: "9.7.15.5.16", Doc: "Collectively store one, two or four 8x8 matrices from fragments to shared memory.", PTX: 78, SM: 90, Syntax: []string{
		"stmatrix.sync.aligned.m8n8.lnum{.trans}{.ss_shared}.b16 [a], {r}:frag",
		"stmatrix.sync.aligned.m16n8.lnum.trans{.ss_shared}.b8 [a], {r}:frag @ptx8.6 @sm_100",
	}, Groups: []Group{{"lnum", []string{".x1", ".x2", ".x4"}}}},
	{Name: "movmatrix", Section: "9.7.15.5.17", Doc: "Transpose an 8x8 matrix of 16-bit elements held across the warp.", PTX: 78, SM: 75, Syntax: []string{
		"movmatrix.sync.aligned.m8n8.trans.b16 d:.b32, a:.b32",
	}},

	// 9.7.16 Asynchronous warpgroup-level matrix multiply-accumulate
	{Name: "wgmma.mma_async", Section: "9.7.16.5.2", Doc: "Asynchronous warpgroup matrix multiply-accumulate D = A*B + D with A and B from shared memory descriptors (or A from registers).", PTX: 80, SM: 90, Syntax: []string{
		"wgmma.mma_async.sync.aligned.shape_k16.wgd.f16.f16 {d}:frag, adesc:.u64, bdesc:.u64, scaled:.pred, isa:imm, isb:imm, ita:imm, itb:imm",
		"wgmma.mma_async.sync.aligned.shape_k16.wgd.f16.f16 {d}:frag, {a}:frag, bdesc:.u64, scaled:.pred, isa:imm, isb:imm, itb:imm",
		"wgmma.mma_async.sync.aligned.shape_k16.f32.bf16.bf16 {d}:frag, adesc:.u64, bdesc:.u64, scaled:.pred, isa:imm, isb:imm, ita:imm, itb:imm",
		"wgmma.mma_async.sync.aligned.shape_k16.f32.bf16.bf16 {d}:frag, {a}:frag, bdesc:.u64, scaled:.pred, isa:imm, isb:imm, itb:imm",
		"wgmma.mma_async.sync.aligned.shape_k8.f32.tf32.tf32 {d}:frag, adesc:.u64, bdesc:.u64, scaled:.pred, isa:imm, isb:imm",
		"wgmma.mma_async.sync.aligned.shape_k8.f32.tf32.tf32 {d}:frag, {a}:frag, bdesc:.u64, scaled:.pred, isa:imm, isb:imm",
		"wgmma.mma_async.sync.aligned.shape_k32.wgd.wgf8.wgf8 {d}:frag, adesc:.u64, bdesc:.u64, scaled:.pred, isa:imm, isb:imm",
		"wgmma.mma_async.sync.aligned.shape_k32.wgd.wgf8.wgf8 {d}:frag, {a}:frag, bdesc:.u64, scaled:.pred, isa:imm, isb:imm",
		// Mixed .s8/.u8 from PTX ISA 8.4 (ptxas 13.0: "Feature 'WGMMA
		// with mixed integer types' requires PTX ISA .version 8.4").
		"wgmma.mma_async.sync.aligned.shape_i{.satfinite}.s32.s8.s8 {d}:frag, adesc:.u64, bdesc:.u64, scaled:.pred",
		"wgmma.mma_async.sync.aligned.shape_i{.satfinite}.s32.u8.u8 {d}:frag, adesc:.u64, bdesc:.u64, scaled:.pred",
		"wgmma.mma_async.sync.aligned.shape_i{.satfinite}.s32.s8.u8 {d}:frag, adesc:.u64, bdesc:.u64, scaled:.pred @ptx8.4",
		"wgmma.mma_async.sync.aligned.shape_i{.satfinite}.s32.u8.s8 {d}:frag, adesc:.u64, bdesc:.u64, scaled:.pred @ptx8.4",
		"wgmma.mma_async.sync.aligned.shape_i{.satfinite}.s32.s8.s8 {d}:frag, {a}:frag, bdesc:.u64, scaled:.pred",
		"wgmma.mma_async.sync.aligned.shape_i{.satfinite}.s32.u8.u8 {d}:frag, {a}:frag, bdesc:.u64, scaled:.pred",
		"wgmma.mma_async.sync.aligned.shape_i{.satfinite}.s32.s8.u8 {d}:frag, {a}:frag, bdesc:.u64, scaled:.pred @ptx8.4",
		"wgmma.mma_async.sync.aligned.shape_i{.satfinite}.s32.u8.s8 {d}:frag, {a}:frag, bdesc:.u64, scaled:.pred @ptx8.4",
		"wgmma.mma_async.sync.aligned.shape_b1.s32.b1.b1.and.popc {d}:frag, adesc:.u64, bdesc:.u64, scaled:.pred",
		"wgmma.mma_async.sync.aligned.shape_b1.s32.b1.b1.and.popc {d}:frag, {a}:frag, bdesc:.u64, scaled:.pred",
	}, Groups: wgmmaGroups, Frag: wgmmaFrag},
	// The sparse forms, as the ISA lists them (9.7.16.6.3): .f16 and .bf16
	// at K = 32, .tf32 at 16, fp8 and the integers at 64 (the integers at
	// fewer N); only .f16 and .bf16 take the transposes, only the integers
	// .satfinite, and the integers no scales.
	{Name: "wgmma.mma_async.sp", Section: "9.7.16.6.3", Doc: "wgmma.mma_async with a 2:4 sparse A (metadata spmeta, selector spsel).", PTX: 82, SM: 90, Syntax: []string{
		"wgmma.mma_async.sp.sync.aligned.shape_k32.wgd.f16.f16 {d}:frag, adesc:.u64, bdesc:.u64, spmeta:.b32, spsel:imm=0|1, scaled:.pred, isa:imm, isb:imm, ita:imm, itb:imm",
		"wgmma.mma_async.sp.sync.aligned.shape_k32.wgd.f16.f16 {d}:frag, {a}:frag, bdesc:.u64, spmeta:.b32, spsel:imm=0|1, scaled:.pred, isa:imm, isb:imm, itb:imm",
		"wgmma.mma_async.sp.sync.aligned.shape_k32.f32.bf16.bf16 {d}:frag, adesc:.u64, bdesc:.u64, spmeta:.b32, spsel:imm=0|1, scaled:.pred, isa:imm, isb:imm, ita:imm, itb:imm",
		"wgmma.mma_async.sp.sync.aligned.shape_k32.f32.bf16.bf16 {d}:frag, {a}:frag, bdesc:.u64, spmeta:.b32, spsel:imm=0|1, scaled:.pred, isa:imm, isb:imm, itb:imm",
		"wgmma.mma_async.sp.sync.aligned.shape_k16.f32.tf32.tf32 {d}:frag, adesc:.u64, bdesc:.u64, spmeta:.b32, spsel:imm=0|1, scaled:.pred, isa:imm, isb:imm",
		"wgmma.mma_async.sp.sync.aligned.shape_k16.f32.tf32.tf32 {d}:frag, {a}:frag, bdesc:.u64, spmeta:.b32, spsel:imm=0|1, scaled:.pred, isa:imm, isb:imm",
		"wgmma.mma_async.sp.sync.aligned.shape_k64.wgd.wgf8.wgf8 {d}:frag, adesc:.u64, bdesc:.u64, spmeta:.b32, spsel:imm=0, scaled:.pred, isa:imm, isb:imm",
		"wgmma.mma_async.sp.sync.aligned.shape_k64.wgd.wgf8.wgf8 {d}:frag, {a}:frag, bdesc:.u64, spmeta:.b32, spsel:imm=0, scaled:.pred, isa:imm, isb:imm",
		"wgmma.mma_async.sp.sync.aligned.shape_ik64{.satfinite}.s32.s8.s8 {d}:frag, adesc:.u64, bdesc:.u64, spmeta:.b32, spsel:imm=0, scaled:.pred",
		"wgmma.mma_async.sp.sync.aligned.shape_ik64{.satfinite}.s32.u8.u8 {d}:frag, adesc:.u64, bdesc:.u64, spmeta:.b32, spsel:imm=0, scaled:.pred",
		"wgmma.mma_async.sp.sync.aligned.shape_ik64{.satfinite}.s32.s8.u8 {d}:frag, adesc:.u64, bdesc:.u64, spmeta:.b32, spsel:imm=0, scaled:.pred @ptx8.4",
		"wgmma.mma_async.sp.sync.aligned.shape_ik64{.satfinite}.s32.u8.s8 {d}:frag, adesc:.u64, bdesc:.u64, spmeta:.b32, spsel:imm=0, scaled:.pred @ptx8.4",
		"wgmma.mma_async.sp.sync.aligned.shape_ik64{.satfinite}.s32.s8.s8 {d}:frag, {a}:frag, bdesc:.u64, spmeta:.b32, spsel:imm=0, scaled:.pred",
		"wgmma.mma_async.sp.sync.aligned.shape_ik64{.satfinite}.s32.u8.u8 {d}:frag, {a}:frag, bdesc:.u64, spmeta:.b32, spsel:imm=0, scaled:.pred",
		"wgmma.mma_async.sp.sync.aligned.shape_ik64{.satfinite}.s32.s8.u8 {d}:frag, {a}:frag, bdesc:.u64, spmeta:.b32, spsel:imm=0, scaled:.pred @ptx8.4",
		"wgmma.mma_async.sp.sync.aligned.shape_ik64{.satfinite}.s32.u8.s8 {d}:frag, {a}:frag, bdesc:.u64, spmeta:.b32, spsel:imm=0, scaled:.pred @ptx8.4",
	}, Groups: wgmmaGroups, NoExec: noWGMMA, Frag: wgmmaFrag},
	{Name: "wgmma.fence", Section: "9.7.16.7.1", Doc: "Order register accesses before the following wgmma.mma_async.", PTX: 80, SM: 90, Syntax: []string{
		"wgmma.fence.sync.aligned",
	}},
	{Name: "wgmma.commit_group", Section: "9.7.16.7.2", Doc: "Commit the pending wgmma.mma_async operations as one wgmma-group.", PTX: 80, SM: 90, Syntax: []string{
		"wgmma.commit_group.sync.aligned",
	}},
	{Name: "wgmma.wait_group", Section: "9.7.16.7.3", Doc: "Wait until at most N wgmma-groups are pending.", PTX: 80, SM: 90, Syntax: []string{
		"wgmma.wait_group.sync.aligned n:imm",
	}},

	// 9.7.17 TensorCore 5th generation
	{Name: "tcgen05.alloc", Section: "9.7.17.7.1", Doc: "Allocate columns of tensor memory and write their address to shared memory.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.alloc.cta_group.sync.aligned{.ss_cta}.b32 [dst], ncols:.u32",
	}, Groups: tcGroups},
	{Name: "tcgen05.dealloc", Section: "9.7.17.7.1", Doc: "Free tensor memory allocated by tcgen05.alloc.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.dealloc.cta_group.sync.aligned.b32 taddr:.b32, ncols:.u32",
	}, Groups: tcGroups},
	{Name: "tcgen05.relinquish_alloc_permit", Section: "9.7.17.7.1", Doc: "Give up this CTA's right to allocate tensor memory.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.relinquish_alloc_permit.cta_group.sync.aligned",
	}, Groups: tcGroups},
	{Name: "tcgen05.ld", Section: "9.7.17.8.3", Doc: "Asynchronously load from tensor memory into registers (optionally reducing them, .red).", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.ld.sync.aligned.tshape.tnum{.pack::16b}.b32 {d}:frag, [taddr]:.b32",
		"tcgen05.ld.sync.aligned.16x32bx2.tnum{.pack::16b}.b32 {d}:frag, [taddr]:.b32, half:imm",
		"tcgen05.ld.red.sync.aligned.32x32b.tnum_r.op_minmax{.abs}{.NaN}.f32 {d}:frag, dred:any, [taddr]:.b32 @ptx9.0 @sm_103",
		"tcgen05.ld.red.sync.aligned.16x32bx2.tnum_r.op_minmax{.abs}{.NaN}.f32 {d}:frag, dred:any, [taddr]:.b32, half:imm @ptx9.0 @sm_103",
		"tcgen05.ld.red.sync.aligned.32x32b.tnum_r.op_minmax.itype_32 {d}:frag, dred:any, [taddr]:.b32 @ptx9.0 @sm_103",
		"tcgen05.ld.red.sync.aligned.16x32bx2.tnum_r.op_minmax.itype_32 {d}:frag, dred:any, [taddr]:.b32, half:imm @ptx9.0 @sm_103",
	}, Groups: tcGroups, Frag: tcLdStFrag},
	{Name: "tcgen05.st", Section: "9.7.17.8.4", Doc: "Asynchronously store registers to tensor memory.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.st.sync.aligned.tshape.tnum{.unpack::16b}.b32 [taddr]:.b32, {r}:frag",
		"tcgen05.st.sync.aligned.16x32bx2.tnum{.unpack::16b}.b32 [taddr]:.b32, half:imm, {r}:frag",
	}, Groups: tcGroups, Frag: tcLdStFrag},
	{Name: "tcgen05.wait::ld", Section: "9.7.17.8.5", Doc: "Wait for this thread's earlier tcgen05.ld operations.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.wait::ld.sync.aligned",
	}},
	{Name: "tcgen05.wait::st", Section: "9.7.17.8.5", Doc: "Wait for this thread's earlier tcgen05.st operations.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.wait::st.sync.aligned",
	}},
	{Name: "tcgen05.cp", Section: "9.7.17.9.2", Doc: "Asynchronously copy a matrix from shared memory (by descriptor) into tensor memory.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.cp.cta_group.cpshape{.cpmcast} [taddr]:.b32, sdesc:.u64",
		"tcgen05.cp.cta_group.cpshape{.cpmcast}.b8x16.cpsrc [taddr]:.b32, sdesc:.u64",
	}, Groups: tcGroups},
	{Name: "tcgen05.shift", Section: "9.7.17.9.3", Doc: "Asynchronously shift the rows of a tensor memory matrix down by one.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.shift.cta_group.down [taddr]:.b32",
	}, Groups: tcGroups},
	// A from a descriptor or from tensor memory, with or without the
	// disable-output-lane mask (9.7.17.10.9.1, .2); .ashift shifts A's rows
	// in tensor memory, so only the [a-tmem] forms take it; .kind::f8f6f4
	// takes no scale-input-d (the ISA gives it to .kind::f16 and
	// .kind::tf32 only; ptxas 13.0 takes it with .kind::i8 too, so the
	// table does: never refuse what ptxas accepts). ptxas 13.0: "Illegal
	// modifier '.ashift' for instruction 'tcgen05.mma'", "Illegal modifier
	// '.kind::f8f6f4' for instruction 'tcgen05.mma' with 'arg
	// scale-inp-d-imm'".
	{Name: "tcgen05.mma", Section: "9.7.17.10.9.1", Doc: "Asynchronous tensor-core matrix multiply-accumulate into tensor memory, issued by one thread.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.mma.cta_group.tkind_s{.coll_a} [dt]:.b32, adesc:.u64, bdesc:.u64, idesc:.u32, enable:.pred, scale:imm?",
		"tcgen05.mma.cta_group.tkind_s{.coll_a} [dt]:.b32, adesc:.u64, bdesc:.u64, idesc:.u32, {mask}:frag, enable:.pred, scale:imm?",
		"tcgen05.mma.cta_group.tkind_s{.ashift}{.coll_a} [dt]:.b32, [at]:.b32, bdesc:.u64, idesc:.u32, enable:.pred, scale:imm?",
		"tcgen05.mma.cta_group.tkind_s{.ashift}{.coll_a} [dt]:.b32, [at]:.b32, bdesc:.u64, idesc:.u32, {mask}:frag, enable:.pred, scale:imm?",
		"tcgen05.mma.cta_group.kind::f8f6f4{.coll_a} [dt]:.b32, adesc:.u64, bdesc:.u64, idesc:.u32, enable:.pred",
		"tcgen05.mma.cta_group.kind::f8f6f4{.coll_a} [dt]:.b32, adesc:.u64, bdesc:.u64, idesc:.u32, {mask}:frag, enable:.pred",
		"tcgen05.mma.cta_group.kind::f8f6f4{.ashift}{.coll_a} [dt]:.b32, [at]:.b32, bdesc:.u64, idesc:.u32, enable:.pred",
		"tcgen05.mma.cta_group.kind::f8f6f4{.ashift}{.coll_a} [dt]:.b32, [at]:.b32, bdesc:.u64, idesc:.u32, {mask}:frag, enable:.pred",
		"tcgen05.mma.cta_group.kind_bs.block_scale{.scale_vs}{.coll_a} [dt]:.b32, adesc:.u64, bdesc:.u64, idesc:.u32, [sa]:.b32, [sb]:.b32, enable:.pred",
		"tcgen05.mma.cta_group.kind_bs.block_scale{.scale_vs}{.coll_a} [dt]:.b32, [at]:.b32, bdesc:.u64, idesc:.u32, [sa]:.b32, [sb]:.b32, enable:.pred",
	}, Groups: tcGroups, Frag: tcMaskFrag},
	{Name: "tcgen05.mma.sp", Section: "9.7.17.10.9.2", Doc: "tcgen05.mma with a sparse A (metadata in tensor memory).", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.mma.sp.cta_group.tkind_s{.coll_a} [dt]:.b32, adesc:.u64, bdesc:.u64, [spmeta]:.b32, idesc:.u32, enable:.pred, scale:imm?",
		"tcgen05.mma.sp.cta_group.tkind_s{.coll_a} [dt]:.b32, adesc:.u64, bdesc:.u64, [spmeta]:.b32, idesc:.u32, {mask}:frag, enable:.pred, scale:imm?",
		"tcgen05.mma.sp.cta_group.tkind_s{.ashift}{.coll_a} [dt]:.b32, [at]:.b32, bdesc:.u64, [spmeta]:.b32, idesc:.u32, enable:.pred, scale:imm?",
		"tcgen05.mma.sp.cta_group.tkind_s{.ashift}{.coll_a} [dt]:.b32, [at]:.b32, bdesc:.u64, [spmeta]:.b32, idesc:.u32, {mask}:frag, enable:.pred, scale:imm?",
		"tcgen05.mma.sp.cta_group.kind::f8f6f4{.coll_a} [dt]:.b32, adesc:.u64, bdesc:.u64, [spmeta]:.b32, idesc:.u32, enable:.pred",
		"tcgen05.mma.sp.cta_group.kind::f8f6f4{.coll_a} [dt]:.b32, adesc:.u64, bdesc:.u64, [spmeta]:.b32, idesc:.u32, {mask}:frag, enable:.pred",
		"tcgen05.mma.sp.cta_group.kind::f8f6f4{.ashift}{.coll_a} [dt]:.b32, [at]:.b32, bdesc:.u64, [spmeta]:.b32, idesc:.u32, enable:.pred",
		"tcgen05.mma.sp.cta_group.kind::f8f6f4{.ashift}{.coll_a} [dt]:.b32, [at]:.b32, bdesc:.u64, [spmeta]:.b32, idesc:.u32, {mask}:frag, enable:.pred",
		"tcgen05.mma.sp.cta_group.kind_bs.block_scale{.scale_vs}{.coll_a} [dt]:.b32, adesc:.u64, bdesc:.u64, [spmeta]:.b32, idesc:.u32, [sa]:.b32, [sb]:.b32, enable:.pred",
		"tcgen05.mma.sp.cta_group.kind_bs.block_scale{.scale_vs}{.coll_a} [dt]:.b32, [at]:.b32, bdesc:.u64, [spmeta]:.b32, idesc:.u32, [sa]:.b32, [sb]:.b32, enable:.pred",
	}, Groups: tcGroups, Frag: tcMaskFrag, NoExec: "no model yet of a sparse A (its metadata in tensor memory)"},
	{Name: "tcgen05.mma.ws", Section: "9.7.17.10.9.3", Doc: "Weight-stationary tcgen05.mma with B collector buffers.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.mma.ws.cta_group_1.tkind{.coll_b} [dt]:.b32, adesc:.u64, bdesc:.u64, idesc:.u32, enable:.pred, zcol:.b64?",
		"tcgen05.mma.ws.cta_group_1.tkind{.coll_b} [dt]:.b32, [at]:.b32, bdesc:.u64, idesc:.u32, enable:.pred, zcol:.b64?",
	}, Groups: tcGroups},
	{Name: "tcgen05.mma.ws.sp", Section: "9.7.17.10.9.4", Doc: "Weight-stationary tcgen05.mma with a sparse A.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.mma.ws.sp.cta_group_1.tkind{.coll_b} [dt]:.b32, adesc:.u64, bdesc:.u64, [spmeta]:.b32, idesc:.u32, enable:.pred, zcol:.b64?",
		"tcgen05.mma.ws.sp.cta_group_1.tkind{.coll_b} [dt]:.b32, [at]:.b32, bdesc:.u64, [spmeta]:.b32, idesc:.u32, enable:.pred, zcol:.b64?",
	}, Groups: tcGroups, NoExec: noTcgen05},
	{Name: "tcgen05.fence::before_thread_sync", Section: "9.7.17.11.1", Doc: "Order earlier asynchronous tcgen05 operations before a following thread synchronization.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.fence::before_thread_sync",
	}},
	{Name: "tcgen05.fence::after_thread_sync", Section: "9.7.17.11.1", Doc: "Order later asynchronous tcgen05 operations after a preceding thread synchronization.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.fence::after_thread_sync",
	}},
	{Name: "tcgen05.commit", Section: "9.7.17.12.1", Doc: "Make an mbarrier track the completion of this thread's earlier asynchronous tcgen05 operations.", PTX: 86, SM: 100, Syntax: []string{
		"tcgen05.commit.cta_group.mbarrier::arrive::one{.ss_cluster}{.multicast::cluster}.b64 [mbar], ctaMask:.b16?",
	}, Groups: tcGroups},
}
