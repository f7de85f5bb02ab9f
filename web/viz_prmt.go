// viz_prmt.go: the prmt visualizer: the 8 bytes of {b, a}, the 4 result
// bytes and the route of each, with the selector nibbles and the mode
// editable and the values live in hex.

package web

// Viz_prmt draws a prmt Viz. Place it as <web:Viz_prmt :V="v"></web:Viz_prmt>.
type Viz_prmt struct {
	V *Viz
}

// prmtModes lists the menu of modes: the generic form first.
var prmtModes = []struct{ Value, Label string }{
	{"", "generic (4 selectors)"},
	{".f4e", ".f4e forward 4 extract"},
	{".b4e", ".b4e backward 4 extract"},
	{".rc8", ".rc8 replicate 8"},
	{".ecl", ".ecl edge clamp left"},
	{".ecr", ".ecr edge clamp right"},
	{".rc16", ".rc16 replicate 16"},
}

func (c *Viz_prmt) nibbleCaption() string {
	if c.V.Mode.String() == "" {
		return "c[15:0]: a hex digit per result byte (8-f: the byte's sign)"
	}
	return "c[1:0]:"
}
