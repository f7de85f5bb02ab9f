// viz_lop3.go: the lop3 visualizer: the 8-row truth table with clickable
// outputs, immLut and the expression, each editing the others.

package web

import "strconv"

// Viz_lop3 draws a lop3 Viz. Place it as <web:Viz_lop3 :V="v"></web:Viz_lop3>.
type Viz_lop3 struct {
	V *Viz
}

// vizID is an element id with a number: "lop3-row-3".
func vizID(prefix string, n int) string { return prefix + strconv.Itoa(n) }

func (c *Viz_lop3) rowClass(r Lop3Row) string {
	if r.Out == 1 {
		return "on"
	}
	return "off"
}
