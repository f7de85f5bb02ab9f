// rules.go: constraints between an entry's chosen modifiers that the form
// language cannot state (Entry.Rule).

package isa

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
