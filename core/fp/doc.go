// Package fp implements the PTX floating-point instructions as pure functions on
// raw bits, bit-exact with NVIDIA GPUs wherever the ISA pins the result down.
//
// Values travel as their encodings: uint16 for .f16 and .bf16, uint32 for .f32
// and .tf32 (a .tf32 value is an .f32 encoding whose low 13 bits are zero),
// uint64 for .f64, and uint32 for the packed .f16x2/.bf16x2 forms, whose lower
// half is element 0 (PTX ISA 9.7.4: "fA[0] = a[0:15]; fA[1] = a[16:31]").
// Rounding modifiers are a Round; .ftz, .sat, .relu and the rest are bool
// flags. Nothing here allocates and nothing uses math/big: the simulator calls
// these once per lane.
//
// # Sections
//
// Section numbers are those of the current PTX ISA (9.x): 9.7.3 Floating-Point
// Instructions (testp, copysign, add, sub, mul, fma, mad, div, abs, neg, min,
// max, rcp, sqrt, rsqrt, sin, cos, lg2, ex2, tanh), 9.7.4 Half Precision
// Floating-Point Instructions, 9.7.5/9.7.6 comparisons (set, setp), 9.7.9.21
// cvt, and 6.5.2 rounding modifiers. The PTX ISA 3.1 manual numbers the first
// of these 8.7.3.
//
// # NaN results
//
// PTX leaves most NaN encodings "unspecified"; these are the encodings GPUs
// produce and this package returns:
//
//   - .f32: every NaN result is the canonical NaN 0x7FFFFFFF, whatever the
//     inputs (9.7.3: "Single-precision instructions return an unspecified
//     NaN"; the GPU's single-precision unit has one canonical NaN and no
//     payloads).
//   - .f16, .bf16 (and each half of the x2 forms): the canonical NaN 0x7FFF
//     (9.7.4: "Half-precision instructions return an unspecified NaN").
//   - .f64: 9.7.3 says "NaN payloads are supported for double-precision
//     instructions", so an operation with a NaN operand returns the first NaN
//     operand (in operand order a, b, c) with its quiet bit set; a NaN made
//     from non-NaN operands (Inf-Inf, 0*Inf, 0/0, sqrt(-1)) is the canonical
//     NaN 0x7FFFFFFFFFFFFFFF. rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64
//     map every NaN to 0x7FFFFFFF00000000, as 9.7.3.14 and 9.7.3.17 state.
//   - .tf32: 0x7FFFE000 (cvt.rn/.rz), see CvtF32ToTF32.
//
// Conversions follow the NaN behaviour reported for hardware; each cvt
// function documents its rule.
//
// # Subnormals
//
// Without .ftz subnormal inputs and results are exact IEEE 754. With .ftz
// (9.7.3: "flushes subnormal inputs and results to sign-preserving zero") a
// subnormal operand is replaced by a zero of its sign before the operation, and
// a result is flushed when it is tiny after rounding: when rounding the exact
// result to the format's precision with an unbounded exponent gives a magnitude
// below the smallest normal number. That is IEEE 754's "tininess after
// rounding"; it differs from flushing the subnormal-rounded result only for
// results just below the smallest normal, and it is the behaviour reported for
// hardware cvt.ftz.f32.f64.
//
// Where PTX allows .ftz, the functions take an ftz flag: .f32 arithmetic,
// abs, neg, min, max, the .f32 .approx instructions, setp/set on .f32 (inputs
// only), cvt with an .f32 source or destination, and the .f16 (not .bf16)
// half instructions. ex2.approx.ftz.bf16 always flushes. .f64 never flushes,
// and tanh.approx.f32 passes subnormals through.
//
// # Defaults
//
// An instruction without a rounding modifier rounds to nearest even: pass
// RN. Legacy cvt from float to integer without an integer rounding modifier
// (the manual's own example "cvt.s32.f64 j,r;") truncates like C: pass RZ.
//
// # Saturation
//
// .sat clamps to [+0.0, 1.0] and turns NaN into +0.0 (9.7.3.3: "NaN results
// are flushed to +0.0f"); a -0.0 result becomes +0.0. .relu (9.7.4.4 fma,
// cvt) turns a result with the sign bit set into +0.0 and a NaN into the
// canonical NaN.
package fp
