package alu

// cvt.go: integer-to-integer cvt (PTX ISA 9.7.9 cvt and 6.5 Type Conversion).

// IntType is a PTX integer type as cvt names it.
type IntType uint8

const (
	U8 IntType = iota + 1
	U16
	U32
	U64
	S8
	S16
	S32
	S64
)

var intTypeNames = [...]string{"IntType(0)", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64"}

func (t IntType) String() string {
	if int(t) < len(intTypeNames) {
		return intTypeNames[t]
	}
	return "IntType(?)"
}

// Bits is the width of t: 8, 16, 32 or 64.
func (t IntType) Bits() uint {
	switch t {
	case U8, S8:
		return 8
	case U16, S16:
		return 16
	case U32, S32:
		return 32
	case U64, S64:
		return 64
	}
	panic("BUG: alu: invalid IntType")
}

// Signed reports whether t is an .sN type.
func (t IntType) Signed() bool { return t >= S8 && t <= S64 }

// Cvt is cvt{.sat}.dtype.atype between integer types. It reads the low
// bits of a that atype names, extends them (sign for .sN, zero for .uN) or
// chops them to dtype; with .sat it first clamps the value to dtype's range
// (for signed and unsigned destinations alike).
//
// Unlike the rest of the package, the result is extended to 64 bits as
// dtype says (sign for .sN, zero for .uN): a destination register wider
// than dtype receives it so extended (PTX ISA 6.5 table 14, note 1:
// cvt.s16.u32 into a 32-bit register chops, then sign-extends to 32 bits),
// and the caller keeps the low bits of its register's width.
func Cvt(a uint64, dtype, atype IntType, sat bool) uint64 {
	dw := dtype.Bits()
	var v uint64 // the value as a w-bit pattern of dtype, before extension
	switch {
	case !sat:
		// Extending and chopping both keep the low bits of the source
		// extended to 64 bits.
		if atype.Signed() {
			v = Sext(a, atype.Bits())
		} else {
			v = Trunc(a, atype.Bits())
		}
	case atype.Signed():
		s := sval(a, atype.Bits())
		switch {
		case dtype.Signed():
			v = uint64(max(minS(dw), min(s, maxS(dw))))
		case s < 0:
			v = 0
		default:
			v = min(uint64(s), Mask(dw))
		}
	default:
		u := Trunc(a, atype.Bits())
		if dtype.Signed() {
			v = min(u, uint64(maxS(dw)))
		} else {
			v = min(u, Mask(dw))
		}
	}
	if dtype.Signed() {
		return Sext(v, dw)
	}
	return Trunc(v, dw)
}
