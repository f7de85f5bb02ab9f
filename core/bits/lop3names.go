package bits

// lop3names.go: the three-input functions with names of their own.

import "sync"

// Named is a lop3 function that has a well-known name.
type Named struct {
	Lut  uint8
	Name string
	Expr string // its defining expression, as ParseLogic reads it
}

// The names, each with the expression that defines it; the immLut values
// are computed from the expressions, never written by hand.
var namedDefs = []struct{ name, expr string }{
	{"majority: at least two of a, b, c (SHA-2 Maj)", "a & b | a & c | b & c"},
	{"minority: at most one of a, b, c", "~(a & b | a & c | b & c)"},
	{"three-way xor: parity of a, b, c", "a ^ b ^ c"},
	{"three-way xnor", "~(a ^ b ^ c)"},
	{"select a ? b : c (SHA-2 Ch)", "a & b | ~a & c"},
	{"select b ? a : c", "b & a | ~b & c"},
	{"select c ? a : b: merge a and b under the mask c", "c & a | ~c & b"},
	{"exactly one of a, b, c", "a & ~b & ~c | ~a & b & ~c | ~a & ~b & c"},
	{"and of a, b, c", "a & b & c"},
	{"or of a, b, c", "a | b | c"},
	{"nand of a, b, c", "~(a & b & c)"},
	{"nor of a, b, c", "~(a | b | c)"},
	{"a xor b", "a ^ b"},
	{"a xor c", "a ^ c"},
	{"b xor c", "b ^ c"},
	{"a and b", "a & b"},
	{"a or b", "a | b"},
	{"a and not b (andn)", "a & ~b"},
	{"copy of a", "a"},
	{"copy of b", "b"},
	{"copy of c", "c"},
	{"not a", "~a"},
	{"not b", "~b"},
	{"not c", "~c"},
	{"constant 0", "0"},
	{"constant all ones", "1"},
}

var (
	namedOnce sync.Once
	named     []Named
	nameOf    [256]string
)

func buildNamed() {
	for _, d := range namedDefs {
		lut, err := ParseLogic(d.expr)
		if err != nil {
			panic("BUG: bits: named lop3 function " + d.name + ": " + err.Error())
		}
		named = append(named, Named{Lut: lut, Name: d.name, Expr: d.expr})
		if nameOf[lut] == "" {
			nameOf[lut] = d.name
		}
	}
}

// LutName returns the well-known name of the function lut, or "".
func LutName(lut uint8) string {
	namedOnce.Do(buildNamed)
	return nameOf[lut]
}

// NamedLuts lists the functions with well-known names, for a menu.
func NamedLuts() []Named {
	namedOnce.Do(buildNamed)
	return named
}
