// viz_bits.go: the bit diagrams of shf, bfe and bfi: the operand bits
// above the result bits with a route per moved bit.

package web

// Viz_bits draws a shf, bfe or bfi Viz. Place it as
// <web:Viz_bits :V="v"></web:Viz_bits>.
type Viz_bits struct {
	V *Viz
}
