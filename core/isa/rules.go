// rules.go: constraints between an entry's chosen modifiers that the form
// language cannot state (Entry.Rule).

package isa

import (
	"strconv"
	"strings"
)

// cvtRule applies the rounding, saturation and flush rules of cvt between
// the fundamental types (PTX ISA 3.1 §8.7.6, cvt, "Integer Notes" and
// "Floating Point Notes"):
//   - "Integer rounding is required for float-to-integer conversions, and for
//     same-size float-to-float conversions where the value is rounded to an
//     integer. Integer rounding is illegal in all other instances."
//   - "Floating-point rounding is required for float-to-float conversions
//     that result in loss of precision, and for integer-to-float conversions.
//     Floating-point rounding is illegal in all other instances."
//   - ".sat is illegal in cases where saturation is not possible based on the
//     source and destination types" (integer to integer conversions whose
//     destination range holds the whole source range).
//   - ".ftz may be specified to flush single-precision subnormal inputs and
//     results": it needs .f32 on one side.
func cvtRule(m *Match) string {
	d, a := m.Get("dtype"), m.Get("atype")
	dt, ok1 := LookupType(d)
	at, ok2 := LookupType(a)
	if !ok1 || !ok2 {
		return "" // the packing and narrow-float forms have their own syntax
	}
	dF, aF := dt.Kind == KindFloat, at.Kind == KindFloat
	name := "cvt" + d + a
	lossy := aF && dF && (dt.Bits < at.Bits || dt.Bits == at.Bits && d != a)
	switch irnd, frnd := m.Get("irnd"), m.Get("rnd"); {
	case irnd != "":
		if !(aF && !dF) && !(aF && dF && dt.Bits == at.Bits) {
			return "integer rounding " + irnd + " applies only to float-to-integer and same-size float-to-float conversions, not " + name
		}
	case frnd != "":
		if !(!aF && dF) && !lossy {
			return "rounding " + frnd + " applies only to integer-to-float conversions and float-to-float conversions that lose precision, not " + name
		}
	case aF && !dF:
		return name + " needs an integer rounding modifier: .rni, .rzi, .rmi or .rpi"
	case !aF && dF, lossy:
		return name + " needs a rounding modifier: .rn, .rz, .rm or .rp"
	}
	if m.Has(".sat") && !aF && !dF && intHolds(dt, at) {
		return ".sat cannot saturate " + name + ": every " + a + " value fits in " + d
	}
	if m.Has(".ftz") && d != ".f32" && a != ".f32" {
		return ".ftz flushes single-precision values: it needs .f32 on one side, not " + name
	}
	return ""
}

// intHolds reports whether integer type d holds every value of integer
// type a (bit-size types count as unsigned).
func intHolds(d, a Type) bool {
	ds, as := d.Kind == KindSint, a.Kind == KindSint
	switch {
	case ds == as:
		return d.Bits >= a.Bits
	case ds: // signed destination, unsigned source
		return d.Bits > a.Bits
	}
	return false // unsigned destination, signed source: negatives
}

// wmmaLoadRule applies the fragment types of wmma.load (ISA 9.7.15.4.3):
// the table's groups give each shape the types of all three matrices, but
// A and B take only the multiplicands' types (.f16, .s8, .u8, .bf16, .tf32,
// .f64, .s4/.u4 at .m8n8k32, .b1 at .m8n8k128) and C only the
// accumulators' (.f16, .f32, .s32, .f64).
func wmmaLoadRule(m *Match) string {
	t := m.Type()
	switch which := m.Get("abc"); which {
	case ".a", ".b":
		switch {
		case t == ".f32" || t == ".s32":
			return "wmma.load" + which + " loads a multiplicand: " + t + " is a type of the accumulator C"
		case m.Has(".m8n8k32") && t == ".b1":
			return "wmma.load" + which + ".m8n8k32 takes .s4 or .u4 (.b1 goes with .m8n8k128)"
		case m.Has(".m8n8k128") && t != ".b1":
			return "wmma.load" + which + ".m8n8k128 takes .b1"
		}
	case ".c":
		switch t {
		case ".f16", ".f32", ".s32", ".f64":
		default:
			return "wmma.load.c loads the accumulator: " + t + " is a type of the multiplicands A and B"
		}
	}
	return ""
}

// wgmmaFrag sizes wgmma.mma_async's fragments (ISA 9.7.16.5.1, "Register
// fragments"): the warpgroup's 128 threads share the 64 x N accumulator D,
// N/2 elements a thread, one .f32 or .s32 a register or two .f16 packed
// in one; A in registers is 64 x K (64 x K/2 when sparse, 9.7.16.6.1),
// of 32-bit registers that pack elements of .atype.
func wgmmaFrag(m *Match, name string) FragSize {
	mm, n, k := MNK(m.Get("shape"))
	ts := m.Types()
	if mm != 64 || len(ts) < 2 {
		return FragSize{}
	}
	switch name {
	case "d":
		per := 2
		if ts[0] == ".f16" {
			per = 4
		}
		return FragSize{Regs: n / per, Bits: 32, Rows: 64, Cols: n, Elem: ts[0]}
	case "a":
		if strings.HasPrefix(m.Form.Entry.Name, "wgmma.mma_async.sp") {
			k /= 2
		}
		at, _ := LookupType(ts[1])
		return FragSize{Regs: 64 * k * at.Bits / 128 / 32, Bits: 32, Rows: 64, Cols: k, Elem: ts[1]}
	}
	return FragSize{}
}

// MNK reads a matrix shape ".m64n24k32" as 64, 24, 32 (zeros when it is
// not one).
func MNK(shape string) (m, n, k int) {
	var dims [3]int
	at := -1
	for i := 1; i < len(shape); i++ {
		switch c := shape[i]; {
		case c == 'm' && at == -1, c == 'n' && at == 0, c == 'k' && at == 1:
			at++
		case c >= '0' && c <= '9' && at >= 0:
			dims[at] = dims[at]*10 + int(c-'0')
		default:
			return 0, 0, 0
		}
	}
	if shape == "" || shape[0] != '.' || at != 2 {
		return 0, 0, 0
	}
	return dims[0], dims[1], dims[2]
}

// tcMaskFrag sizes tcgen05.mma's disable-output-lane mask: one bit a
// lane of the output, 128 lanes (4 registers) for .cta_group::1, 256 (8)
// for .cta_group::2 (9.7.17.10.9.1; ptxas 13.0: "Argument vector size
// mismatch").
func tcMaskFrag(m *Match, name string) FragSize {
	if name != "mask" {
		return FragSize{}
	}
	if m.Has(".cta_group::2") {
		return FragSize{Regs: 8, Bits: 32, What: "disable-output-lane mask of .cta_group::2 (256 lanes)"}
	}
	return FragSize{Regs: 4, Bits: 32, What: "disable-output-lane mask of .cta_group::1 (128 lanes)"}
}

// mmaSpFrag sizes mma.sp's fragments (ISA 9.7.15.6, the sparse m16n8k*
// fragments): C and D are 16 x 8, four .f32 or .s32 registers a thread or
// two of packed .f16; A is 16 x K/2 (half its K kept), B is K x 8, their
// elements packed in 32-bit registers (.kind::f8f6f4 and ::mxf8f6f4: a
// byte each, fp6 and fp4 in byte containers). The e2m1 kinds are left to
// ptxas.
func mmaSpFrag(m *Match, name string) FragSize {
	_, n, k := MNK(m.Get("shape"))
	if n == 0 {
		for _, v := range m.Vals {
			if _, n, k = MNK(v); n > 0 {
				break
			}
		}
	}
	ts := m.Types()
	if n != 8 || len(ts) < 4 {
		return FragSize{}
	}
	abits, bbits := 0, 0 // the width of A's and B's elements in registers
	for _, v := range m.Vals {
		switch v {
		case ".kind::f8f6f4", ".kind::mxf8f6f4":
			abits, bbits = 8, 8 // fp6 and fp4 sit in byte containers
		case ".kind::mxf4", ".kind::mxf4nvf4":
			return FragSize{} // e2m1 packed; left to ptxas
		}
	}
	if abits == 0 {
		at, _ := LookupType(ts[1])
		bt, _ := LookupType(ts[2])
		abits, bbits = at.Bits, bt.Bits
	}
	switch name {
	case "d", "c":
		t := ts[0]
		if name == "c" {
			t = ts[3]
		}
		regs := 4
		if t == ".f16" {
			regs = 2
		}
		return FragSize{Regs: regs, Bits: 32, Rows: 16, Cols: 8, Elem: t}
	case "a":
		return FragSize{Regs: 16 * (k / 2) * abits / 1024, Bits: 32, Rows: 16, Cols: k / 2, Elem: ts[1]}
	case "b":
		return FragSize{Regs: k * 8 * bbits / 1024, Bits: 32, Rows: k, Cols: 8, Elem: ts[2]}
	}
	return FragSize{}
}

// texFrag sizes the coordinate vector c of a texture or surface access
// ([a, c], [a, b, c]; asked for as "coords"), the offset vector e and the gradients of tex.grad,
// by geometry (ISA 9.7.11.3 tex, 9.7.11.4 tld4, 9.7.12 surfaces): c is
// {x} for .1d, two elements for .2d and .a1d (an array index, then x),
// four for the rest (.3d's fourth ignored, the array, cube and
// multi-sample ones use all four); cubemaps take no offset e (-1; its
// size the ISA gives per geometry, but ptxas 13.0 takes a longer one, so
// the table leaves it open);
// the gradients have as many elements as a coordinate of the geometry
// without its array index; the depth compare f is not for .3d, .2dms or
// .a2dms (-1). ptxas 13.0: "Illegal vector size: 3",
// "Operand vector size doesn't match geometry for instruction
// 'tex.grad'".
func texFrag(m *Match, name string) FragSize {
	g := m.Get("geom")
	n := 0
	switch name {
	case "coords":
		switch g {
		case ".1d":
			n = 1
		case ".2d", ".a1d":
			n = 2
		case ".3d", ".a2d", ".cube", ".acube", ".2dms", ".a2dms":
			n = 4
		}
	case "e": // its size left open: ptxas 13.0 takes longer ones
		switch g {
		case ".cube", ".acube":
			n = -1
		}
	case "f": // the depth compare: not for .3d and the multi-sample ones
		switch g {
		case ".3d", ".2dms", ".a2dms":
			n = -1
		}
	case "gradx", "grady":
		switch g {
		case ".1d", ".a1d":
			n = 1
		case ".2d", ".a2d":
			n = 2
		case ".3d", ".cube", ".acube":
			n = 4
		}
	}
	return FragSize{Regs: n, What: name + " of " + g}
}

// tcLdStFrag sizes tcgen05.ld's and tcgen05.st's registers: .num times
// the shape's registers a thread (ISA 9.7.17.8.3: .32x32b, .16x64b and
// .16x32bx2 one, .16x128b two, .16x256b four; ptxas 13.0: "Argument
// vector size mismatch").
func tcLdStFrag(m *Match, name string) FragSize {
	if name != "d" && name != "r" {
		return FragSize{}
	}
	num, per, shape := 0, 0, ""
	for _, v := range m.Vals {
		switch v {
		case ".32x32b", ".16x64b", ".16x32bx2":
			per, shape = 1, v
		case ".16x128b":
			per, shape = 2, v
		case ".16x256b":
			per, shape = 4, v
		case ".x1", ".x2", ".x4", ".x8", ".x16", ".x32", ".x64", ".x128":
			num, _ = strconv.Atoi(v[2:])
		}
	}
	if num == 0 || per == 0 {
		return FragSize{}
	}
	return FragSize{Regs: num * per, Bits: 32, What: "register list of " + shape + ".x" + strconv.Itoa(num)}
}
