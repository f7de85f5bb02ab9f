// regrid_kept.go: the register grid's controls built again only when what
// they show changes.

package web

import "github.com/vugu/vugu"

// RegridKept is the register grid as the page uses it: Regrid with its
// last build (the bar's view menu, compact button and note, and the empty
// table whose cells are Go's patch, regrid_patch.go) given again while
// the view, the compact choice and the note are the same, as through
// every step of a warp that runs (issue 24: a step's Go time).
type RegridKept struct {
	Regrid

	keptView              View
	keptCompact, keptNote string
	out                   *vugu.BuildOut
}

// Build gives the grid's last build while what it shows is the same.
func (c *RegridKept) Build(in *vugu.BuildIn) *vugu.BuildOut {
	note := c.note()
	if c.out != nil && c.keptView == c.View && c.keptCompact == c.Compact && c.keptNote == note {
		return c.out
	}
	c.out = c.Regrid.Build(in)
	c.keptView, c.keptCompact, c.keptNote = c.View, c.Compact, note
	return c.out
}
