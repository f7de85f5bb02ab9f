// table_float.go: floating-point instructions (ISA 9.7.3), with the half
// precision (9.7.4) and mixed precision (9.7.5) forms of the same opcodes.
// add, sub, mul, mad, div, abs, neg, min and max live in table_int.go.

package isa

var floatTable = []Entry{
	{Name: "testp", LaneLocal: true, Section: "9.7.3.1", Doc: "Test a floating-point value for a property (.finite, .infinite, .number, .notanumber, .normal, .subnormal).", PTX: 20, SM: 20, Syntax: []string{
		"testp.fprop.ftype p:.pred, a",
	}, Groups: []Group{{"fprop", []string{".finite", ".infinite", ".number", ".notanumber", ".normal", ".subnormal"}}}},
	{Name: "copysign", LaneLocal: true, Section: "9.7.3.2", Doc: "Copy the sign of a into the value of b.", PTX: 20, SM: 20, Syntax: []string{
		"copysign.ftype d, a, b",
	}},
	{Name: "fma", LaneLocal: true, Section: "9.7.3.6, 9.7.4.4, 9.7.5.3", Doc: "Fused multiply-add d = a*b + c with a single rounding.", PTX: 14, Syntax: []string{
		"fma.rnd{.ftz}{.sat}.f32 d, a, b, c @ptx2.0 @sm_20",
		"fma.rnd.f64 d, a, b, c @sm_13",
		"fma.rnd{.ftz}.f32x2 d:.b64, a:.b64, b:.b64, c:.b64 @ptx8.6 @sm_100",
		"fma.rnd_n{.ftz}{.sat}.htype_f d, a, b, c @ptx4.2 @sm_53",
		"fma.rnd_n{.ftz}.relu.htype_f d, a, b, c @ptx7.0 @sm_80",
		"fma.rnd_n{.relu}.htype_bf d, a, b, c @ptx7.0 @sm_80",
		"fma.rnd_n.oob{.relu}.htype d, a, b, c @ptx8.1 @sm_90",
		"fma.rnd{.sat}.f32.htype_2 d:.f32, a, b, c:.f32 @ptx8.6 @sm_100",
	}, Groups: []Group{{"htype", []string{".f16", ".f16x2", ".bf16", ".bf16x2"}}}},
	{Name: "rcp", LaneLocal: true, Section: "9.7.3.13, 9.7.3.14", Doc: "Reciprocal 1/a, approximate or IEEE-rounded.", PTX: 10, Syntax: []string{
		"rcp.approx{.ftz}.f32 d, a",
		"rcp.rnd{.ftz}.f32 d, a @ptx2.0 @sm_20",
		"rcp.rnd_n.f64 d, a @ptx1.4 @sm_13",
		"rcp.rnd_zmp.f64 d, a @ptx2.0 @sm_20", // 3.1: "General rounding modifiers were added in PTX ISA version 2.0"; .{rz,rm,rp}.f64 needs sm_20
		"rcp.approx.ftz.f64 d, a @ptx2.1 @sm_20",
		// 3.1 "PTX ISA Notes": "For PTX ISA version 1.4 and later, one of
		// .approx or .rnd is required" (and so for sqrt; .approx for rsqrt,
		// sin, cos, lg2 and ex2).
		"rcp.f32 d, a @ptx<1.4",
		"rcp.f64 d, a @sm_13 @ptx<1.4",
	}},
	{Name: "sqrt", LaneLocal: true, Section: "9.7.3.15", Doc: "Square root, approximate or IEEE-rounded.", PTX: 10, Syntax: []string{
		"sqrt.approx{.ftz}.f32 d, a",
		"sqrt.rnd{.ftz}.f32 d, a @ptx2.0 @sm_20",
		"sqrt.rnd_n.f64 d, a @ptx1.4 @sm_13",
		"sqrt.rnd_zmp.f64 d, a @ptx2.0 @sm_20", // 3.1: "General rounding modifiers were added in PTX ISA version 2.0"; .{rz,rm,rp}.f64 needs sm_20
		"sqrt.f32 d, a @ptx<1.4",
		"sqrt.f64 d, a @sm_13 @ptx<1.4",
	}},
	{Name: "rsqrt", LaneLocal: true, Section: "9.7.3.16, 9.7.3.17", Doc: "Approximate reciprocal square root 1/sqrt(a).", PTX: 10, Syntax: []string{
		"rsqrt.approx{.ftz}.f32 d, a",
		"rsqrt.approx.f64 d, a @sm_13",
		"rsqrt.f32 d, a @ptx<1.4",
		"rsqrt.f64 d, a @sm_13 @ptx<1.4",
		"rsqrt.approx.ftz.f64 d, a @ptx4.0 @sm_13",
	}},
	{Name: "sin", LaneLocal: true, Section: "9.7.3.18", Doc: "Approximate sine of an angle in radians.", PTX: 10, Syntax: []string{
		"sin.approx{.ftz}.f32 d, a",
		"sin.f32 d, a @ptx<1.4",
	}},
	{Name: "cos", LaneLocal: true, Section: "9.7.3.19", Doc: "Approximate cosine of an angle in radians.", PTX: 10, Syntax: []string{
		"cos.approx{.ftz}.f32 d, a",
		"cos.f32 d, a @ptx<1.4",
	}},
	{Name: "lg2", LaneLocal: true, Section: "9.7.3.20", Doc: "Approximate base-2 logarithm.", PTX: 10, Syntax: []string{
		"lg2.approx{.ftz}.f32 d, a",
		"lg2.f32 d, a @ptx<1.4",
	}},
	{Name: "ex2", LaneLocal: true, Section: "9.7.3.21, 9.7.4.10", Doc: "Approximate base-2 exponential 2^a.", PTX: 10, Syntax: []string{
		"ex2.approx{.ftz}.f32 d, a",
		"ex2.f32 d, a @ptx<1.4",
		"ex2.approx.htype_f d, a @ptx7.0 @sm_75",
		"ex2.approx.ftz.htype_bf d, a @ptx7.8 @sm_90",
	}},
	{Name: "tanh", LaneLocal: true, Section: "9.7.3.22, 9.7.4.9", Doc: "Approximate hyperbolic tangent.", PTX: 70, SM: 75, Syntax: []string{
		"tanh.approx.f32 d, a",
		"tanh.approx.htype_f d, a",
		"tanh.approx.htype_bf d, a @ptx7.8 @sm_90",
	}},
}
