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

	kept keptBuild[*Regrid, regridKey, *regridKey]
}

// regridKey is what regrid.vugu reads: the view, the compact choice and
// the note.
type regridKey struct {
	view          View
	compact, note string
}

func (k *regridKey) set(c *Regrid) { *k = regridKey{c.View, c.Compact, c.note()} }

func (k *regridKey) same(c *Regrid) bool { return *k == regridKey{c.View, c.Compact, c.note()} }

// Build gives the grid's last build while what it shows is the same.
func (c *RegridKept) Build(in *vugu.BuildIn) *vugu.BuildOut {
	return c.kept.give(&c.Regrid, func() *vugu.BuildOut { return c.Regrid.Build(in) })
}
