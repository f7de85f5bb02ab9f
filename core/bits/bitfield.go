package bits

// bitfield.go: bit-range models of shf (funnel shift, PTX ISA 9.7.8.8; 3.1
// section 8.7.4 "shf"), bfe (bit field extract, 9.7.1.17; 3.1 Table 42) and
// bfi (bit field insert, 9.7.1.18; 3.1 Table 43): for each result bit, the
// operand bit it comes from. The bit diagrams draw these routes; the values
// follow from them.

// BitSrc says where one result bit comes from.
type BitSrc struct {
	Op   byte  // 'a' or 'b': the operand; 0: the constant 0
	Bit  uint8 // the bit of that operand
	Fill bool  // bfe: a copy of the field's sign bit, padding the result
}

// Value returns the bit's value for the operands a and b.
func (s BitSrc) Value(a, b uint64) uint64 {
	switch s.Op {
	case 'a':
		return a >> s.Bit & 1
	case 'b':
		return b >> s.Bit & 1
	}
	return 0
}

// BitRoutes is a result of up to 64 bits, bit 0 first.
type BitRoutes []BitSrc

// Value assembles the result from the operands.
func (r BitRoutes) Value(a, b uint64) uint64 {
	var d uint64
	for i, s := range r {
		d |= s.Value(a, b) << i
	}
	return d
}

// Shf is a funnel shift of the 64-bit pair {b, a} (b in the upper half).
type Shf struct {
	Left  bool   // shf.l; else shf.r
	Clamp bool   // .clamp: n = min(c, 32); else .wrap: n = c & 31
	N     uint32 // the shift amount actually used
	// Routes: result bit i is bit Lo + i of {b, a}, that is a's bit Lo + i
	// when below 32 and b's bit Lo + i - 32 otherwise.
	Lo     int
	Routes BitRoutes
}

// ShfModel models shf.{l,r}.{clamp,wrap}.b32 d, a, b, c.
func ShfModel(c uint32, left, clamp bool) Shf {
	n := c & 31
	if clamp {
		n = min(c, 32)
	}
	s := Shf{Left: left, Clamp: clamp, N: n}
	if left {
		s.Lo = 32 - int(n) // d = ({b, a} << n) >> 32
	} else {
		s.Lo = int(n) // d = {b, a} >> n, low 32 bits
	}
	s.Routes = make(BitRoutes, 32)
	for i := range s.Routes {
		k := s.Lo + i
		if k < 32 {
			s.Routes[i] = BitSrc{Op: 'a', Bit: uint8(k)}
		} else {
			s.Routes[i] = BitSrc{Op: 'b', Bit: uint8(k - 32)}
		}
	}
	return s
}

// ShfValue computes shf.{l,r}.{clamp,wrap}.b32 d, a, b, c.
func ShfValue(a, b, c uint32, left, clamp bool) uint32 {
	return uint32(ShfModel(c, left, clamp).Routes.Value(uint64(a), uint64(b)))
}

// Field is a bit field of bfe or bfi: Pos and Len as the instruction uses
// them (the low 8 bits of the operands) and the operand width.
type Field struct {
	Width int // 32 or 64
	Pos   int // b & 0xff (bfe) or c & 0xff (bfi)
	Len   int // c & 0xff (bfe) or d & 0xff (bfi)
}

// NewField reads the position and length operands as the manual says:
// only their low 8 bits count.
func NewField(width int, pos, length uint32) Field {
	return Field{Width: width, Pos: int(pos & 0xff), Len: int(length & 0xff)}
}

// Bits is the number of field bits that lie inside the operand: Len cut
// at the msb (0 when Pos is past it).
func (f Field) Bits() int {
	return max(0, min(f.Len, f.Width-f.Pos))
}

// BfeRoutes models bfe.{u,s}{32,64} d, a, pos, len: result bit i is a's
// bit pos + i for i < len while pos + i <= msb; the rest is the sign bit:
// zero for unsigned types or len = 0, else a[min(pos + len - 1, msb)].
func BfeRoutes(f Field, signed bool) BitRoutes {
	msb := f.Width - 1
	fill := BitSrc{} // zero
	if signed && f.Len != 0 {
		fill = BitSrc{Op: 'a', Bit: uint8(min(f.Pos+f.Len-1, msb)), Fill: true}
	}
	r := make(BitRoutes, f.Width)
	for i := range r {
		if i < f.Len && f.Pos+i <= msb {
			r[i] = BitSrc{Op: 'a', Bit: uint8(f.Pos + i)}
		} else {
			r[i] = fill
		}
	}
	return r
}

// BfiRoutes models bfi.b{32,64} f, a, b, pos, len: the result is b with
// bits pos .. pos + len - 1 (those up to the msb) taken from a's low bits.
func BfiRoutes(f Field) BitRoutes {
	r := make(BitRoutes, f.Width)
	for i := range r {
		r[i] = BitSrc{Op: 'b', Bit: uint8(i)}
	}
	for i := 0; i < f.Len && f.Pos+i < f.Width; i++ {
		r[f.Pos+i] = BitSrc{Op: 'a', Bit: uint8(i)}
	}
	return r
}
