// round.go: Config.Round and Config.RO, instruction forms of users' PTX
// that the other features never reach.
//
// Round: float rounding to an integral value, cvt.rzi/rmi/rpi/rni of
// .f32.f32 and .f64.f64 (truncf, floorf, ceilf, rintf and their double
// twins; roundf, half away from zero, which clang expands into a
// sequence of its own), and copysign (clang: and/or of the bits).
//
// RO: read-only memory: a __constant__ table (ld.const) and a __device__
// table read through __ldg (ld.global.nc), each of u32, u64, float and
// double, indexed by an expression (& 15): the tables are the prelude's
// (the same on both sides, static const on the host).
package main

import (
	"fmt"
	"math"
	"strings"
)

// roundOps are Config.Round's intrinsics (intrinOp: the I_ macros below).
var roundOps = []intrinOp{
	{name: "trunc_f", ret: F32, args: []Kind{F32}}, {name: "floor_f", ret: F32, args: []Kind{F32}},
	{name: "ceil_f", ret: F32, args: []Kind{F32}}, {name: "rint_f", ret: F32, args: []Kind{F32}},
	{name: "round_f", ret: F32, args: []Kind{F32}}, {name: "copysign_f", ret: F32, args: []Kind{F32, F32}},
	{name: "trunc_d", ret: F64, args: []Kind{F64}}, {name: "floor_d", ret: F64, args: []Kind{F64}},
	{name: "ceil_d", ret: F64, args: []Kind{F64}}, {name: "rint_d", ret: F64, args: []Kind{F64}},
	{name: "round_d", ret: F64, args: []Kind{F64}}, {name: "copysign_d", ret: F64, args: []Kind{F64, F64}},
}

// roOps are Config.RO's reads, each of an index.
var roOps = []intrinOp{
	{name: "const_u32", ret: U32, args: []Kind{U32}}, {name: "const_u64", ret: U64, args: []Kind{U32}},
	{name: "const_f32", ret: F32, args: []Kind{U32}}, {name: "const_f64", ret: F64, args: []Kind{U32}},
	{name: "ldg_u32", ret: U32, args: []Kind{U32}}, {name: "ldg_u64", ret: U64, args: []Kind{U32}},
	{name: "ldg_f32", ret: F32, args: []Kind{U32}}, {name: "ldg_f64", ret: F64, args: []Kind{U32}},
}

// roundCUDA: clang's builtins.
var roundCUDA = `/* Rounding to integral values (Config.Round). */
#define I_trunc_f(a) __builtin_truncf(a)
#define I_floor_f(a) __builtin_floorf(a)
#define I_ceil_f(a) __builtin_ceilf(a)
#define I_rint_f(a) __builtin_rintf(a)
#define I_round_f(a) __builtin_roundf(a)
#define I_copysign_f(a, b) __builtin_copysignf((a), nan1f(b))
#define I_trunc_d(a) __builtin_trunc(a)
#define I_floor_d(a) __builtin_floor(a)
#define I_ceil_d(a) __builtin_ceil(a)
#define I_rint_d(a) __builtin_rint(a)
#define I_round_d(a) __builtin_round(a)
#define I_copysign_d(a, b) __builtin_copysign((a), nan1d(b))
/* Read-only tables (Config.RO): ld.const and ld.global.nc. */
#define I_const_u32(i) ro_u32[(i) & 15u]
#define I_const_u64(i) ro_u64[(i) & 15u]
#define I_const_f32(i) ro_f32[(i) & 15u]
#define I_const_f64(i) ro_f64[(i) & 15u]
#define I_ldg_u32(i) (u32)__nvvm_ldg_ui(&rg_u32[(i) & 15u])
#define I_ldg_u64(i) (u64)__nvvm_ldg_ull(&rg_u64[(i) & 15u])
#define I_ldg_f32(i) __nvvm_ldg_f(&rg_f32[(i) & 15u])
#define I_ldg_f64(i) __nvvm_ldg_d(&rg_f64[(i) & 15u])
` + "#define ROCONST __constant__\n#define ROGLOBAL __device__\n" + roTables

// roundHost: the C library, which rounds as the ISA's cvt.r*i.f32.f32
// do (rzi toward zero, rmi toward -inf, rpi toward +inf, rni to the
// nearest, ties to even: rintf in the default rounding mode), a NaN
// staying NaN, a zero its sign, -0.5 truncated to -0.
var roundHost = `/* Rounding to integral values (Config.Round), the C library. */
#define I_trunc_f(a) truncf(a)
#define I_floor_f(a) floorf(a)
#define I_ceil_f(a) ceilf(a)
#define I_rint_f(a) rintf(a)
#define I_round_f(a) roundf(a)
#define I_copysign_f(a, b) copysignf((a), nan1f(b))
#define I_trunc_d(a) trunc(a)
#define I_floor_d(a) floor(a)
#define I_ceil_d(a) ceil(a)
#define I_rint_d(a) rint(a)
#define I_round_d(a) round(a)
#define I_copysign_d(a, b) copysign((a), nan1d(b))
#define I_const_u32(i) ro_u32[(i) & 15u]
#define I_const_u64(i) ro_u64[(i) & 15u]
#define I_const_f32(i) ro_f32[(i) & 15u]
#define I_const_f64(i) ro_f64[(i) & 15u]
#define I_ldg_u32(i) rg_u32[(i) & 15u]
#define I_ldg_u64(i) rg_u64[(i) & 15u]
#define I_ldg_f32(i) rg_f32[(i) & 15u]
#define I_ldg_f64(i) rg_f64[(i) & 15u]
#define ROCONST static const __attribute__((unused))
#define ROGLOBAL static const __attribute__((unused))
` + roTables

// roTables are the tables' values: edge values of each kind (the float
// ones as bits, so that -0, subnormals, infinities and NaN are exact).
var roTables = func() string {
	var b strings.Builder
	// copysign's sign operand with a NaN made the canonical one: the
	// sign of a NaN that arithmetic made is the GPU's 0 (0x7fffffff) and
	// x86's the operand's (0 - NaN), which the C does not pin down.
	b.WriteString("static DEV inline float nan1f(float x) { return x != x ? u2f(0x7fffffffu) : x; }\n" +
		"static DEV inline double nan1d(double x) { return x != x ? u2d(0x7fffffffffffffffull) : x; }\n")
	u32s := []uint64{0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff, 0x12345678, 0xdeadbeef, 31, 32, 0x10000}
	u64s := []uint64{0, 1, 0x7fffffffffffffff, 1 << 63, 1<<64 - 1, 0xffffffff, 1 << 32, 0x123456789abcdef0, 0xfedcba9876543210, 63, 64, 0x8000, 0x80000000, 0xdeadbeefcafebabe, 3, 1<<53 + 1}
	f32s := []uint64{0, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0x807fffff, 0x7f7fffff, 0x4b000001, 0x3fc00000, 0xc0200000, 0x4effffff, 0x3effffff}
	f64s := []uint64{0, 1 << 63, 0x3ff0000000000000, 0xbff0000000000000, 0x3fe0000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
		1, 0x800fffffffffffff, 0x7fefffffffffffff, 0x4330000000000001, 0x3ff8000000000000, 0xc004000000000000, 0x43dfffffffffffff, 0x3fdfffffffffffff}
	list := func(vs []uint64, f func(uint64) string) string {
		var s []string
		for _, v := range vs {
			s = append(s, f(v))
		}
		return strings.Join(s, ", ")
	}
	f32 := func(v uint64) string {
		x := math.Float32frombits(uint32(v))
		switch {
		case x != x:
			return "__builtin_nanf(\"\")"
		case math.IsInf(float64(x), 1):
			return "__builtin_inff()"
		case math.IsInf(float64(x), -1):
			return "-__builtin_inff()"
		}
		return hexFloat(float64(x)) + "f"
	}
	f64 := func(v uint64) string {
		x := math.Float64frombits(v)
		switch {
		case x != x:
			return "__builtin_nan(\"\")"
		case math.IsInf(x, 1):
			return "__builtin_inf()"
		case math.IsInf(x, -1):
			return "-__builtin_inf()"
		}
		return hexFloat(x)
	}
	for _, t := range []string{"ROCONST", "ROGLOBAL"} {
		p := map[string]string{"ROCONST": "ro", "ROGLOBAL": "rg"}[t]
		fmt.Fprintf(&b, "%s u32 %s_u32[16] = {%s};\n", t, p, list(u32s, func(v uint64) string { return fmt.Sprintf("0x%xu", v) }))
		fmt.Fprintf(&b, "%s u64 %s_u64[16] = {%s};\n", t, p, list(u64s, func(v uint64) string { return fmt.Sprintf("0x%xull", v) }))
		fmt.Fprintf(&b, "%s float %s_f32[16] = {%s};\n", t, p, list(f32s, f32))
		fmt.Fprintf(&b, "%s double %s_f64[16] = {%s};\n", t, p, list(f64s, f64))
	}
	return b.String()
}()

// hexFloat is x as a C hexadecimal float literal (exact).
func hexFloat(x float64) string {
	if x == 0 && math.Signbit(x) {
		return "-0x0p+0"
	}
	return fmt.Sprintf("%x", x)
}
