// table_logic.go: comparison and selection (ISA 9.7.6, 9.7.7) and logic and
// shift instructions (9.7.8).

package isa

var logicTable = []Entry{
	// 9.7.6 Comparison and selection, 9.7.7 half precision comparison. The
	// comparison operators depend on the source type (ISA 3.1 §8.3.1): eq
	// and ne only for bit-size types, lo/ls/hi/hs only for unsigned ones,
	// the unordered and NaN tests only for floats; .ftz only for float
	// comparisons ("Modifier .ftz applies only to .f32 comparisons").
	{Name: "set", LaneLocal: true, Section: "9.7.6.1, 9.7.7.1", Doc: "Compare two values, optionally combine with a predicate, and write 1.0f/0xffffffff or 0 to an integer or float register.", PTX: 10, Syntax: []string{
		"set.cmp_u.dtype_set.stu d:dtype_set, a, b",
		"set.cmp_u.bop.dtype_set.stu d:dtype_set, a, b, c:.pred",
		"set.cmp_s.dtype_set.sts d:dtype_set, a, b",
		"set.cmp_s.bop.dtype_set.sts d:dtype_set, a, b, c:.pred",
		"set.cmp_b.dtype_set.stb d:dtype_set, a, b",
		"set.cmp_b.bop.dtype_set.stb d:dtype_set, a, b, c:.pred",
		"set.cmp_f{.ftz}.dtype_set.f32 d:dtype_set, a, b",
		"set.cmp_f.bop{.ftz}.dtype_set.f32 d:dtype_set, a, b, c:.pred",
		"set.cmp_f.dtype_set.f64 d:dtype_set, a, b",
		"set.cmp_f.bop.dtype_set.f64 d:dtype_set, a, b, c:.pred",
		"set.cmp_u.f16.stu d:.f16, a, b @ptx4.2 @sm_53",
		"set.cmp_u.bop.f16.stu d:.f16, a, b, c:.pred @ptx4.2 @sm_53",
		"set.cmp_s.f16.sts d:.f16, a, b @ptx4.2 @sm_53",
		"set.cmp_s.bop.f16.sts d:.f16, a, b, c:.pred @ptx4.2 @sm_53",
		"set.cmp_b.f16.stb d:.f16, a, b @ptx4.2 @sm_53",
		"set.cmp_b.bop.f16.stb d:.f16, a, b, c:.pred @ptx4.2 @sm_53",
		// .ftz flushes .f32 and .f16 subnormals; .f64 has no flush-to-zero
		// in PTX (ptxas 13.0: "Illegal modifier '.ftz' for instruction 'set'").
		"set.cmp_f{.ftz}.f16.stf_ftz d:.f16, a, b @ptx4.2 @sm_53",
		"set.cmp_f.bop{.ftz}.f16.stf_ftz d:.f16, a, b, c:.pred @ptx4.2 @sm_53",
		"set.cmp_f.f16.f64 d:.f16, a, b @ptx4.2 @sm_53",
		"set.cmp_f.bop.f16.f64 d:.f16, a, b, c:.pred @ptx4.2 @sm_53",
		"set.cmp_f{.ftz}.dtype_h.f16 d:dtype_h, a, b @ptx4.2 @sm_53",
		"set.cmp_f.bop{.ftz}.dtype_h.f16 d:dtype_h, a, b, c:.pred @ptx4.2 @sm_53",
		"set.cmp_f{.ftz}.dtype_h2.f16x2 d:.b32, a, b @ptx4.2 @sm_53",
		"set.cmp_f.bop{.ftz}.dtype_h2.f16x2 d:.b32, a, b, c:.pred @ptx4.2 @sm_53",
		"set.cmp_u.bf16.stu d:.bf16, a, b @ptx7.8 @sm_90",
		"set.cmp_u.bop.bf16.stu d:.bf16, a, b, c:.pred @ptx7.8 @sm_90",
		"set.cmp_s.bf16.sts d:.bf16, a, b @ptx7.8 @sm_90",
		"set.cmp_s.bop.bf16.sts d:.bf16, a, b, c:.pred @ptx7.8 @sm_90",
		"set.cmp_b.bf16.stb d:.bf16, a, b @ptx7.8 @sm_90",
		"set.cmp_b.bop.bf16.stb d:.bf16, a, b, c:.pred @ptx7.8 @sm_90",
		"set.cmp_f.bf16.stf d:.bf16, a, b @ptx7.8 @sm_90",
		"set.cmp_f.bop.bf16.stf d:.bf16, a, b, c:.pred @ptx7.8 @sm_90",
		"set.cmp_f.dtype_h.bf16 d:dtype_h, a, b @ptx7.8 @sm_90",
		"set.cmp_f.bop.dtype_h.bf16 d:dtype_h, a, b, c:.pred @ptx7.8 @sm_90",
		"set.cmp_f.dtype_b2.bf16x2 d:.b32, a, b @ptx7.8 @sm_90",
		"set.cmp_f.bop.dtype_b2.bf16x2 d:.b32, a, b, c:.pred @ptx7.8 @sm_90",
	}, Groups: []Group{
		{"dtype_set", []string{".u32", ".s32", ".f32"}},
		{"dtype_h", []string{".u16", ".s16", ".u32", ".s32"}},
		{"dtype_h2", []string{".f16x2", ".u32", ".s32"}},
		{"dtype_b2", []string{".bf16x2", ".u32", ".s32"}},
		{"stf_ftz", []string{".f16", ".f32"}},
	}},
	{Name: "setp", LaneLocal: true, Section: "9.7.6.2, 9.7.7.2", Doc: "Compare two values, optionally combine with a predicate, and write a predicate p (and its complement q).", PTX: 10, Syntax: []string{
		"setp.cmp_u.stu p|q:.pred, a, b",
		"setp.cmp_u.bop.stu p|q:.pred, a, b, c:.pred",
		"setp.cmp_s.sts p|q:.pred, a, b",
		"setp.cmp_s.bop.sts p|q:.pred, a, b, c:.pred",
		"setp.cmp_b.stb p|q:.pred, a, b",
		"setp.cmp_b.bop.stb p|q:.pred, a, b, c:.pred",
		"setp.cmp_f{.ftz}.f32 p|q:.pred, a, b",
		"setp.cmp_f.bop{.ftz}.f32 p|q:.pred, a, b, c:.pred",
		"setp.cmp_f.f64 p|q:.pred, a, b",
		"setp.cmp_f.bop.f64 p|q:.pred, a, b, c:.pred",
		"setp.cmp_f{.ftz}.htype_f p|q:.pred, a, b @ptx4.2 @sm_53",
		"setp.cmp_f.bop{.ftz}.htype_f p|q:.pred, a, b, c:.pred @ptx4.2 @sm_53",
		"setp.cmp_f.htype_bf p|q:.pred, a, b @ptx7.8 @sm_90",
		"setp.cmp_f.bop.htype_bf p|q:.pred, a, b, c:.pred @ptx7.8 @sm_90",
	}},
	{Name: "selp", LaneLocal: true, Section: "9.7.6.3", Doc: "Select a if predicate c is true, else b.", PTX: 10, Syntax: []string{
		"selp.selty d, a, b, c:.pred",
	}, Groups: []Group{{"selty", []string{".b16", ".b32", ".b64", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64", ".f32", ".f64"}}}},
	{Name: "slct", LaneLocal: true, Section: "9.7.6.4", Doc: "Select a if c >= 0, else b.", PTX: 10, Syntax: []string{
		"slct.selty.s32 d:selty, a:selty, b:selty, c",
		"slct{.ftz}.selty.f32 d:selty, a:selty, b:selty, c",
	}, Groups: []Group{{"selty", []string{".b16", ".b32", ".b64", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64", ".f32", ".f64"}}}},

	// 9.7.8 Logic and shift
	{Name: "and", LaneLocal: true, Section: "9.7.8.1", Doc: "Bitwise AND (logical AND for predicates).", PTX: 10, Syntax: []string{
		"and.ltype d, a, b",
	}},
	{Name: "or", LaneLocal: true, Section: "9.7.8.2", Doc: "Bitwise OR (logical OR for predicates).", PTX: 10, Syntax: []string{
		"or.ltype d, a, b",
	}},
	{Name: "xor", LaneLocal: true, Section: "9.7.8.3", Doc: "Bitwise exclusive OR (logical XOR for predicates).", PTX: 10, Syntax: []string{
		"xor.ltype d, a, b",
	}},
	{Name: "not", LaneLocal: true, Section: "9.7.8.4", Doc: "Bitwise complement (logical NOT for predicates).", PTX: 10, Syntax: []string{
		"not.ltype d, a",
	}},
	{Name: "cnot", LaneLocal: true, Section: "9.7.8.5", Doc: "C-style logical negation: d = (a == 0) ? 1 : 0.", PTX: 10, Syntax: []string{
		"cnot.btype d, a",
	}},
	{Name: "lop3", LaneLocal: true, Section: "9.7.8.6", Doc: "Arbitrary three-input logic function given by an 8-bit truth table immLut; the .and/.or form also combines d != 0 with predicate q into p.", PTX: 43, SM: 50, Syntax: []string{
		"lop3.b32 d, a, b, c, immLut:imm",
		"lop3.bop_ao.b32 d|p, a, b, c, immLut:imm, q:.pred @ptx8.2 @sm_70",
	}},
	{Name: "shf", LaneLocal: true, Section: "9.7.8.7", Doc: "Funnel shift: shift the 64-bit pair {b, a} left (.l) or right (.r) by c, with .clamp or .wrap of the amount.", PTX: 31, SM: 32, Syntax: []string{
		"shf.shfdir.shfmode.b32 d, a, b, c:.u32",
	}, Groups: []Group{{"shfdir", []string{".l", ".r"}}, {"shfmode", []string{".clamp", ".wrap"}}}},
	{Name: "shl", LaneLocal: true, Section: "9.7.8.8", Doc: "Shift left, filling with zeros.", PTX: 10, Syntax: []string{
		"shl.btype d, a, b:.u32",
	}},
	{Name: "shr", LaneLocal: true, Section: "9.7.8.9", Doc: "Shift right: arithmetic (sign-filling) for signed types, logical otherwise.", PTX: 10, Syntax: []string{
		"shr.shrtype d, a, b:.u32",
	}, Groups: []Group{{"shrtype", []string{".b16", ".b32", ".b64", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64"}}}},
}
