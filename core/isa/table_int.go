// table_int.go: integer arithmetic (ISA 9.7.1) and extended-precision
// arithmetic (9.7.2). The opcodes that also have floating-point forms (add,
// sub, mul, mad, abs, neg, min, max) carry those forms here too, with all
// their sections listed.
//
// Section numbers are those of the PTX ISA 9.3 manual; the PTX ISA 3.1
// manual (the seed) numbers the same chapters 8.7.x.

package isa

var intTable = []Entry{
	// 9.7.1 Integer arithmetic
	{Name: "add", LaneLocal: true, Section: "9.7.1.1, 9.7.2.1, 9.7.3.3, 9.7.4.1, 9.7.5.1", Doc: "Add two values; .cc writes the carry flag.", PTX: 10, Syntax: []string{
		"add.itype d, a, b",
		"add.sat.s32 d, a, b",
		"add.cc.cctype_32 d, a, b @ptx1.2",
		"add.cc.cctype_64 d, a, b @ptx4.3 @sm_20",
		"add.simd_2 d:.b32, a:.b32, b:.b32 @ptx8.0 @sm_90",
		"add.sat.u32 d, a, b @ptx9.2 @sm_120",
		"add.sat.simd_2 d:.b32, a:.b32, b:.b32 @ptx9.2 @sm_120",
		"add{.sat}.simd_4 d:.b32, a:.b32, b:.b32 @ptx9.2 @sm_120",
		"add{.rnd_nz}{.ftz}{.sat}.f32 d, a, b",
		"add.rnd_mp{.ftz}{.sat}.f32 d, a, b @sm_20", // 3.1: ".rm, .rp ... for add.f32, requires sm_20"
		"add{.rnd}.f64 d, a, b @sm_13",
		"add{.rnd}{.ftz}.f32x2 d:.b64, a:.b64, b:.b64 @ptx8.6 @sm_100",
		"add{.rnd_n}{.ftz}{.sat}.htype_f d, a, b @ptx4.2 @sm_53",
		"add{.rnd_n}.htype_bf d, a, b @ptx7.8 @sm_90",
		"add{.rnd}{.sat}.f32.htype_2 d:.f32, a, c:.f32 @ptx8.6 @sm_100",
	}},
	{Name: "sub", LaneLocal: true, Section: "9.7.1.2, 9.7.2.3, 9.7.3.4, 9.7.4.2, 9.7.5.2", Doc: "Subtract one value from another; .cc writes the borrow flag.", PTX: 10, Syntax: []string{
		"sub.itype d, a, b",
		"sub.sat.s32 d, a, b",
		"sub.cc.cctype_32 d, a, b @ptx1.2",
		"sub.cc.cctype_64 d, a, b @ptx4.3 @sm_20",
		"sub{.sat}.simd_4 d:.b32, a:.b32, b:.b32 @ptx9.2 @sm_120",
		"sub{.rnd_nz}{.ftz}{.sat}.f32 d, a, b",
		"sub.rnd_mp{.ftz}{.sat}.f32 d, a, b @sm_20", // 3.1: ".rm, .rp ... for sub.f32, requires sm_20"
		"sub{.rnd}.f64 d, a, b @sm_13",
		"sub{.rnd}{.ftz}.f32x2 d:.b64, a:.b64, b:.b64 @ptx8.6 @sm_100",
		"sub{.rnd_n}{.ftz}{.sat}.htype_f d, a, b @ptx4.2 @sm_53",
		"sub{.rnd_n}.htype_bf d, a, b @ptx7.8 @sm_90",
		"sub{.rnd}{.sat}.f32.htype_2 d:.f32, a, c:.f32 @ptx8.6 @sm_100",
	}},
	{Name: "mul", LaneLocal: true, Section: "9.7.1.3, 9.7.3.5, 9.7.4.3", Doc: "Multiply two values: .lo/.hi half of the product, or the .wide full product.", PTX: 10, Syntax: []string{
		"mul.hilo.itype d, a, b",
		"mul.wide.itype_w d:wide, a, b",
		"mul{.rnd_nz}{.ftz}{.sat}.f32 d, a, b",
		"mul.rnd_mp{.ftz}{.sat}.f32 d, a, b @sm_20", // 3.1: ".rm, .rp ... for mul.f32, requires sm_20"
		"mul{.rnd}.f64 d, a, b @sm_13",
		"mul{.rnd}{.ftz}.f32x2 d:.b64, a:.b64, b:.b64 @ptx8.6 @sm_100",
		"mul{.rnd_n}{.ftz}{.sat}.htype_f d, a, b @ptx4.2 @sm_53",
		"mul{.rnd_n}.htype_bf d, a, b @ptx7.8 @sm_90",
	}},
	{Name: "mad", LaneLocal: true, Section: "9.7.1.4, 9.7.2.5, 9.7.3.7", Doc: "Multiply two values, take the .lo/.hi half (or the .wide product) and add a third; .cc writes the carry flag.", PTX: 10, Syntax: []string{
		"mad.hilo.itype d, a, b, c",
		"mad.wide.itype_w d:wide, a, b, c:wide",
		"mad.hilo_hi.sat.s32 d, a, b, c",
		"mad.hilo.cc.cctype_32 d, a, b, c @ptx3.0 @sm_20",
		"mad.hilo.cc.cctype_64 d, a, b, c @ptx4.3 @sm_20",
		"mad.rnd{.ftz}{.sat}.f32 d, a, b, c @ptx2.0 @sm_20",
		"mad.rnd.f64 d, a, b, c @sm_13",
		// 3.1 "PTX ISA Notes" and "Errata": mad.f32 needs a rounding mode
		// on sm_20 and later from PTX ISA 3.2; mad.f64 from 1.4.
		"mad{.ftz}{.sat}.f32 d, a, b, c @ptx<3.2",
		"mad{.ftz}{.sat}.f32 d, a, b, c @sm<20",
		"mad.f64 d, a, b, c @sm_13 @ptx<1.4",
	}},
	{Name: "mul24", LaneLocal: true, Section: "9.7.1.6", Doc: "Multiply two 24-bit integers held in 32-bit registers; keep the .lo or .hi 32 bits of the 48-bit product.", PTX: 10, Syntax: []string{
		"mul24.hilo.itype_32 d, a, b",
	}},
	{Name: "mad24", LaneLocal: true, Section: "9.7.1.7", Doc: "Multiply two 24-bit integers, take the .lo or .hi 32 bits and add a third value.", PTX: 10, Syntax: []string{
		"mad24.hilo.itype_32 d, a, b, c",
		"mad24.hilo_hi.sat.s32 d, a, b, c",
	}},
	{Name: "sad", LaneLocal: true, Section: "9.7.1.8", Doc: "Sum of absolute differences: d = c + |a - b|.", PTX: 10, Syntax: []string{
		"sad.itype d, a, b, c",
	}},
	{Name: "div", LaneLocal: true, Section: "9.7.1.9, 9.7.3.8", Doc: "Divide one value by another (integer division truncates toward zero).", PTX: 10, Syntax: []string{
		"div.itype d, a, b",
		"div.approx{.ftz}.f32 d, a, b @ptx1.4",
		"div.full{.ftz}.f32 d, a, b @ptx1.4",
		"div.rnd{.ftz}.f32 d, a, b @ptx2.0 @sm_20",
		"div.rnd_n.f64 d, a, b @ptx1.4 @sm_13",
		"div.rnd_zmp.f64 d, a, b @ptx2.0 @sm_20", // 3.1: "div.{rz,rm,rp}.f64 requires sm_20"
		// 3.1 "PTX ISA Notes": "For PTX ISA version 1.4 and later, one of
		// .approx, .full, or .rnd is required."
		"div.f32 d, a, b @ptx<1.4",
		"div.f64 d, a, b @sm_13 @ptx<1.4",
	}},
	{Name: "rem", LaneLocal: true, Section: "9.7.1.10", Doc: "Remainder of integer division (the sign follows the dividend).", PTX: 10, Syntax: []string{
		"rem.itype d, a, b",
	}},
	{Name: "abs", LaneLocal: true, Section: "9.7.1.11, 9.7.3.9, 9.7.4.6", Doc: "Absolute value.", PTX: 10, Syntax: []string{
		"abs.itype_s d, a",
		"abs{.ftz}.f32 d, a",
		"abs.f64 d, a @sm_13",
		"abs{.ftz}.htype_f d, a @ptx6.5 @sm_53",
		"abs.htype_bf d, a @ptx7.0 @sm_80",
	}},
	{Name: "neg", LaneLocal: true, Section: "9.7.1.12, 9.7.3.10, 9.7.4.5", Doc: "Negate.", PTX: 10, Syntax: []string{
		"neg.itype_s d, a",
		"neg{.ftz}.f32 d, a",
		"neg.f64 d, a @sm_13",
		"neg{.ftz}.htype_f d, a @ptx6.0 @sm_53",
		"neg.htype_bf d, a @ptx7.0 @sm_80",
	}},
	{Name: "min", LaneLocal: true, Section: "9.7.1.13, 9.7.3.11, 9.7.4.7", Doc: "Minimum of two (or three) values; .NaN propagates NaN, .relu clamps at zero.", PTX: 10, Syntax: []string{
		"min.itype d, a, b",
		"min.simd_2 d:.b32, a:.b32, b:.b32 @ptx8.0 @sm_90",
		"min.relu.s32 d, a, b @ptx8.0 @sm_90",
		"min.relu.s16x2 d:.b32, a:.b32, b:.b32 @ptx8.0 @sm_90",
		"min{.ftz}.f32 d, a, b",
		"min{.ftz}.NaN.f32 d, a, b @ptx7.0 @sm_80",
		"min{.ftz}{.NaN}.xorsign.abs.f32 d, a, b @ptx7.2 @sm_86",
		"min{.ftz}{.NaN}{.abs}.f32 d, a, b, c @ptx8.8 @sm_100",
		"min.f64 d, a, b @sm_13",
		"min{.ftz}{.NaN}.htype_f d, a, b @ptx7.0 @sm_80",
		"min{.ftz}{.NaN}.xorsign.abs.htype_f d, a, b @ptx7.2 @sm_86",
		"min{.NaN}.htype_bf d, a, b @ptx7.0 @sm_80",
		"min{.NaN}.xorsign.abs.htype_bf d, a, b @ptx7.2 @sm_86",
	}},
	{Name: "max", LaneLocal: true, Section: "9.7.1.14, 9.7.3.12, 9.7.4.8", Doc: "Maximum of two (or three) values; .NaN propagates NaN, .relu clamps at zero.", PTX: 10, Syntax: []string{
		"max.itype d, a, b",
		"max.simd_2 d:.b32, a:.b32, b:.b32 @ptx8.0 @sm_90",
		"max.relu.s32 d, a, b @ptx8.0 @sm_90",
		"max.relu.s16x2 d:.b32, a:.b32, b:.b32 @ptx8.0 @sm_90",
		"max{.ftz}.f32 d, a, b",
		"max{.ftz}.NaN.f32 d, a, b @ptx7.0 @sm_80",
		"max{.ftz}{.NaN}.xorsign.abs.f32 d, a, b @ptx7.2 @sm_86",
		"max{.ftz}{.NaN}{.abs}.f32 d, a, b, c @ptx8.8 @sm_100",
		"max.f64 d, a, b @sm_13",
		"max{.ftz}{.NaN}.htype_f d, a, b @ptx7.0 @sm_80",
		"max{.ftz}{.NaN}.xorsign.abs.htype_f d, a, b @ptx7.2 @sm_86",
		"max{.NaN}.htype_bf d, a, b @ptx7.0 @sm_80",
		"max{.NaN}.xorsign.abs.htype_bf d, a, b @ptx7.2 @sm_86",
	}},
	{Name: "popc", LaneLocal: true, Section: "9.7.1.15", Doc: "Population count: the number of one bits.", PTX: 20, SM: 20, Syntax: []string{
		"popc.btype_3264 d:.u32, a",
	}},
	{Name: "clz", LaneLocal: true, Section: "9.7.1.16", Doc: "Count leading zero bits.", PTX: 20, SM: 20, Syntax: []string{
		"clz.btype_3264 d:.u32, a",
	}},
	{Name: "bfind", LaneLocal: true, Section: "9.7.1.17", Doc: "Find the most significant non-sign bit (0xffffffff when none); .shiftamt returns the left shift that normalizes it.", PTX: 20, SM: 20, Syntax: []string{
		"bfind{.shiftamt}.itype_3264 d:.u32, a",
	}},
	{Name: "fns", Section: "9.7.1.18", Doc: "Find the n-th set bit of a mask, counting up or down from a base position.", PTX: 60, SM: 30, Syntax: []string{
		"fns.b32 d, mask:.b32, base:.u32, offset:.s32",
	}},
	{Name: "brev", LaneLocal: true, Section: "9.7.1.19", Doc: "Reverse the order of the bits.", PTX: 20, SM: 20, Syntax: []string{
		"brev.btype_3264 d, a",
	}},
	{Name: "bfe", LaneLocal: true, Section: "9.7.1.20", Doc: "Bit field extract: len bits of a from pos, zero- or sign-extended.", PTX: 20, SM: 20, Syntax: []string{
		"bfe.itype_3264 d, a, pos:.u32, len:.u32",
	}},
	{Name: "bfi", LaneLocal: true, Section: "9.7.1.21", Doc: "Bit field insert: put the low len bits of a into b at pos.", PTX: 20, SM: 20, Syntax: []string{
		"bfi.btype_3264 d, a, b, pos:.u32, len:.u32",
	}},
	{Name: "szext", Section: "9.7.1.22", Doc: "Sign- or zero-extend the low b bits of a (.clamp or .wrap the width).", PTX: 76, SM: 70, Syntax: []string{
		"szext.szmode.itype_32 d, a, b:.u32",
	}, Groups: []Group{{"szmode", []string{".clamp", ".wrap"}}}},
	{Name: "bmsk", Section: "9.7.1.23", Doc: "Make a mask of b one bits starting at bit a (.clamp or .wrap the position).", PTX: 76, SM: 70, Syntax: []string{
		"bmsk.szmode.b32 d, a:.u32, b:.u32",
	}, Groups: []Group{{"szmode", []string{".clamp", ".wrap"}}}},
	{Name: "dp4a", LaneLocal: true, Section: "9.7.1.24", Doc: "Four-way byte dot product with 32-bit accumulate.", PTX: 50, SM: 61, Syntax: []string{
		"dp4a.dpa.dpb d:dpacc, a:dpa, b:dpb, c:dpacc",
	}, Groups: []Group{{"dpa", []string{".u32", ".s32"}}, {"dpb", []string{".u32", ".s32"}}}},
	{Name: "dp2a", LaneLocal: true, Section: "9.7.1.25", Doc: "Two-way 16-bit by 8-bit dot product with 32-bit accumulate, using the .lo or .hi bytes of b.", PTX: 50, SM: 61, Syntax: []string{
		"dp2a.hilo.dpa.dpb d:dpacc, a:dpa, b:dpb, c:dpacc",
	}, Groups: []Group{{"dpa", []string{".u32", ".s32"}}, {"dpb", []string{".u32", ".s32"}}}},
	{Name: "clmad", Section: "9.7.1.5", Doc: "Carry-less (GF(2) polynomial) multiply, keep the .lo or .hi half, and add (xor) a third value.", PTX: 93, Syntax: []string{
		"clmad.hilo.clmtype d, a, b, c",
	}, Groups: []Group{{"clmtype", []string{".u32", ".u64", ".b32", ".b64"}}},
		NoExec: "no model of carry-less multiplication (PTX ISA 9.3) yet"},

	// 9.7.2 Extended-precision arithmetic (add.cc, sub.cc and mad.cc are forms of add, sub, mad)
	{Name: "addc", Section: "9.7.2.2", Doc: "Add two values plus the carry-in flag; .cc also writes the carry-out.", PTX: 12, Syntax: []string{
		"addc{.cc}.cctype_32 d, a, b",
		"addc{.cc}.cctype_64 d, a, b @ptx4.3 @sm_20",
	}},
	{Name: "subc", Section: "9.7.2.4", Doc: "Subtract with borrow-in; .cc also writes the borrow-out.", PTX: 12, Syntax: []string{
		"subc{.cc}.cctype_32 d, a, b",
		"subc{.cc}.cctype_64 d, a, b @ptx4.3 @sm_20",
	}},
	{Name: "madc", Section: "9.7.2.6", Doc: "Multiply, take the .lo or .hi half and add a third value plus the carry-in; .cc also writes the carry-out.", PTX: 30, SM: 20, Syntax: []string{
		"madc.hilo{.cc}.cctype_32 d, a, b, c",
		"madc.hilo{.cc}.cctype_64 d, a, b, c @ptx4.3",
	}},
}
