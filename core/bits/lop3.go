package bits

// lop3.go: the lop3 three-input logic operation and its truth table (PTX ISA
// 9.7.8.6, lop3).

// The operand truth-table columns of the manual: immLut = F(TA, TB, TC).
const (
	TA uint8 = 0xF0
	TB uint8 = 0xCC
	TC uint8 = 0xAA
)

// Lop3 computes lop3.b32 d, a, b, c, lut: bit i of d is bit k of lut, where
// k = a[i]<<2 | b[i]<<1 | c[i].
func Lop3(a, b, c uint32, lut uint8) uint32 {
	var d uint32
	for k := uint(0); k < 8; k++ {
		if lut>>k&1 == 0 {
			continue
		}
		// The minterm k: each input taken as is or inverted.
		m := ^uint32(0)
		if k&4 != 0 {
			m &= a
		} else {
			m &^= a
		}
		if k&2 != 0 {
			m &= b
		} else {
			m &^= b
		}
		if k&1 != 0 {
			m &= c
		} else {
			m &^= c
		}
		d |= m
	}
	return d
}

// Lop3Pred computes the predicate of lop3.BoolOp.b32 d|p, a, b, c, lut, q:
// p = (d != 0) BoolOp q, with or true for .or and false for .and.
func Lop3Pred(d uint32, or bool, q bool) bool {
	if or {
		return d != 0 || q
	}
	return d != 0 && q
}

// TruthTable returns the rows of lut: row k holds F for a = k>>2&1,
// b = k>>1&1, c = k&1.
func TruthTable(lut uint8) [8]bool {
	var t [8]bool
	for k := range t {
		t[k] = lut>>k&1 != 0
	}
	return t
}

// LutFromTable is the inverse of TruthTable.
func LutFromTable(t [8]bool) uint8 {
	var lut uint8
	for k, v := range t {
		if v {
			lut |= 1 << k
		}
	}
	return lut
}

// TruthRow returns the inputs of row k of a truth table (k in 0..7).
func TruthRow(k int) (a, b, c bool) {
	return k&4 != 0, k&2 != 0, k&1 != 0
}
