// table_tex.go: texture (ISA 9.7.11) and surface (9.7.12) instructions.
// The simulator has no texture or surface units: all are checked only.

package isa

const (
	noTex  = "no model of texture units"
	noSurf = "no model of surface memory"
)

var texGroups = []Group{
	{"geom", []string{".1d", ".2d", ".3d", ".a1d", ".a2d", ".cube", ".acube", ".2dms", ".a2dms"}},
	// By the coordinates' type: cubemaps take .f32 ones, the multi-sample
	// geometries .s32 (9.7.11.3: ".cube, .acube require .f32; .2dms,
	// .a2dms require .s32"), and the depth compare f goes with .f32 ones
	// ("the elements in texture coordinate vector c have .f32 type").
	{"geom_tf", []string{".1d", ".2d", ".3d", ".a1d", ".a2d", ".cube", ".acube"}},
	{"geom_ts", []string{".1d", ".2d", ".3d", ".a1d", ".a2d", ".2dms", ".a2dms"}},
	// tex.level and tex.grad have no multi-sample geometry (ptxas 13.0:
	// "Illegal modifier 'Multi-sample geometry' for instruction
	// 'tex.level'").
	{"geom_tsm", []string{".1d", ".2d", ".3d", ".a1d", ".a2d"}},
	{"dtype_t", []string{".u32", ".s32", ".f16", ".f32"}},
	{"ctype_t", []string{".s32", ".f32"}},
	{"mip", []string{".base"}},
}

// surfPGroups are suld's and sust's groups: ptype_s, then surfGroups (sured's).
var surfPGroups = []Group{
	{"ptype_s", []string{".b32", ".u32", ".s32", ".f32"}},
	{"geom_s", []string{".1d", ".2d", ".3d", ".a1d", ".a2d"}},
	{"geom_r", []string{".1d", ".2d", ".3d"}},
	{"cop_s", []string{".ca", ".cg", ".cs", ".cv"}},
	{"cop_w", []string{".wb", ".cg", ".cs", ".wt"}},
	{"btype_s", []string{".b8", ".b16", ".b32", ".b64"}},
	{"clamp", []string{".trap", ".clamp", ".zero"}},
	{"op_s", []string{".add", ".min", ".max", ".and", ".or"}},
	{"sr_add", []string{".u32", ".u64", ".s32"}},
	{"sr_mnx", []string{".min", ".max"}},
	{"sr_i32", []string{".u32", ".s32"}},
	{"sr_bit", []string{".and", ".or"}},
}

var surfGroups = surfPGroups[1:]

var texTable = []Entry{
	{Name: "tex", Section: "9.7.11.3", Doc: "Texture lookup: sample texture a (with optional sampler) at the coordinates c.", PTX: 10, Syntax: []string{
		"tex{.mip}.geom_tf.vec_4.dtype_t.f32 {d}|p:dtype_t, [a]:handle, e:frag?, f:.f32?",
		"tex{.mip}.geom_ts.vec_4.dtype_t.s32 {d}|p:dtype_t, [a]:handle, e:frag?",
		"tex.level.geom_tf.vec_4.dtype_t.f32 {d}|p:dtype_t, [a]:handle, lod:.f32, e:frag?, f:.f32? @ptx3.1 @sm_20",
		"tex.level.geom_tsm.vec_4.dtype_t.s32 {d}|p:dtype_t, [a]:handle, lod:.s32, e:frag? @ptx3.1 @sm_20",
		"tex.grad.geom_tf.vec_4.dtype_t.f32 {d}|p:dtype_t, [a]:handle, gradx:frag, grady:frag, e:frag?, f:.f32? @ptx3.1 @sm_20",
		"tex.grad.geom_tsm.vec_4.dtype_t.s32 {d}|p:dtype_t, [a]:handle, gradx:frag, grady:frag, e:frag? @ptx3.1 @sm_20",
		"tex{.mip}.geom_tf.vec_2.f16x2.f32 {d}|p:.b32, [a]:handle, e:frag?, f:.f32? @ptx4.2 @sm_53",
		"tex{.mip}.geom_ts.vec_2.f16x2.s32 {d}|p:.b32, [a]:handle, e:frag? @ptx4.2 @sm_53",
		"tex.level.geom_tf.vec_2.f16x2.f32 {d}|p:.b32, [a]:handle, lod:.f32, e:frag?, f:.f32? @ptx4.2 @sm_53",
		"tex.level.geom_tsm.vec_2.f16x2.s32 {d}|p:.b32, [a]:handle, lod:.s32, e:frag? @ptx4.2 @sm_53",
		"tex.grad.geom_tf.vec_2.f16x2.f32 {d}|p:.b32, [a]:handle, gradx:frag, grady:frag, e:frag?, f:.f32? @ptx4.2 @sm_53",
		"tex.grad.geom_tsm.vec_2.f16x2.s32 {d}|p:.b32, [a]:handle, gradx:frag, grady:frag, e:frag? @ptx4.2 @sm_53",
	}, Groups: texGroups, Frag: texFrag, NoExec: noTex},
	{Name: "tld4", Section: "9.7.11.4", Doc: "Texture gather: fetch one component (.r, .g, .b, .a) of the four texels around the 2D coordinates.", PTX: 22, SM: 20, Syntax: []string{
		"tld4.comp.geom_g.vec_4.dtype_g.f32 {d}|p:dtype_g, [a]:handle, e:frag?, f:.f32?",
	}, Groups: []Group{
		{"comp", []string{".r", ".g", ".b", ".a"}}, {"geom_g", []string{".2d", ".a2d", ".cube", ".acube"}},
		{"dtype_g", []string{".u32", ".s32", ".f32"}},
	}, Frag: texFrag, NoExec: noTex},
	{Name: "txq", Section: "9.7.11.5", Doc: "Query an attribute of a texture or sampler (width, height, channel order, filter mode, ...).", PTX: 15, Syntax: []string{
		"txq.tquery.b32 d, [a]:handle",
		"txq.level.tlquery.b32 d, [a]:handle, lod:.s32 @ptx3.1 @sm_20",
		"txq.squery.b32 d, [a]:handle",
	}, Groups: []Group{
		{"tquery", []string{".width", ".height", ".depth", ".channel_data_type", ".channel_order", ".normalized_coords", ".array_size", ".num_mipmap_levels", ".num_samples"}},
		{"tlquery", []string{".width", ".height", ".depth"}},
		{"squery", []string{".force_unnormalized_coords", ".filter_mode", ".addr_mode_0", ".addr_mode_1", ".addr_mode_2"}},
	}, NoExec: noTex},
	{Name: "istypep", Section: "9.7.11.6", Doc: "Test whether a register holds a .texref, .samplerref or .surfref handle.", PTX: 40, SM: 30, Syntax: []string{
		"istypep.opaque p:.pred, a:.u64",
	}, Groups: []Group{{"opaque", []string{".texref", ".samplerref", ".surfref"}}}, NoExec: noTex},

	// 9.7.12 Surfaces
	{Name: "suld", Section: "9.7.12.1", Doc: "Load from surface memory at the coordinates b.", PTX: 15, Syntax: []string{
		"suld.b.geom_s{.cop_s}{.vec_24}.btype_s.clamp {d}, [a]:handle",
		// PTX ISA 3.0 removed the unimplemented suld.p and sust.p.{u32,s32,f32}
		// (ISA 3.1 §11.2.2); ptxas 13.0: "Not a name of any known
		// instruction: 'suld.p'", "Unexpected instruction types specified
		// for 'sust.p'".
		"suld.p.geom_s{.cop_s}{.vec_24}.ptype_s{.clamp} {d}, [a]:handle @ptx<3.0",
	}, Groups: surfPGroups, Frag: texFrag, NoExec: noSurf},
	{Name: "sust", Section: "9.7.12.2", Doc: "Store to surface memory at the coordinates given in the address.", PTX: 15, Syntax: []string{
		"sust.b.geom_s{.cop_w}{.vec_24}.btype_s.clamp [a]:handle, {c}",
		"sust.p.geom_r{.cop_w}{.vec_24}.b32.clamp [a]:handle, {c}",
		"sust.p.geom_r{.cop_w}{.vec_24}.ptype_s{.clamp} [a]:handle, {c} @ptx<3.0",
	}, Groups: surfPGroups, Frag: texFrag, NoExec: noSurf},
	{Name: "sured", Section: "9.7.12.3", Doc: "Reduce a value into surface memory (.add, .min, .max, .and, .or).", PTX: 20, SM: 20, Syntax: []string{
		// The mode is required here (the ISA's syntax; ptxas 13.0: "Clamp
		// modifier required for instruction 'sured.b'").
		// Types by operation as ptxas 13.0 takes them ("Incorrect type
		// '.u64' for operation '.or' in instruction 'sured.b'"; sured.p
		// with .b32 only, where the ISA also lists .b64).
		"sured.b.add.geom_r.sr_add.clamp [a]:handle, c",
		"sured.b.sr_mnx.geom_r.sr_i32.clamp [a]:handle, c",
		"sured.b.sr_bit.geom_r.b32.clamp [a]:handle, c",
		"sured.p.op_s.geom_r.b32.clamp [a]:handle, c",
	}, Groups: surfGroups, Frag: texFrag, NoExec: noSurf},
	{Name: "suq", Section: "9.7.12.4", Doc: "Query an attribute of a surface (width, height, depth, channel format, ...).", PTX: 15, Syntax: []string{
		"suq.query.b32 d, [a]:handle",
	}, Groups: []Group{{"query", []string{".width", ".height", ".depth", ".channel_data_type", ".channel_order", ".array_size", ".memory_layout"}}}, NoExec: noSurf},
}
