// memview_kept.go: the memory view's controls built again only when what
// they show changes.

package web

import (
	"slices"

	"github.com/vugu/vugu"
)

// MemviewKept is the memory view as the page uses it: Memview (whose
// Compute still runs on every render) with its last build given again
// while the tab, the view, the tables' headings and pagers and the note
// are the same, as through most steps: the cells are Go's patch
// (memview_table.go), not the build's (issue 24: a step's Go time). The
// access tab, a table of its own each step, is always built.
type MemviewKept struct {
	Memview

	kept keptBuild[*Memview, memviewKey, *memviewKey]
}

// memviewKey is what memview.vugu reads besides the access panel.
type memviewKey struct {
	tab, rawType, note string
	view               View
	lane               int
	infos              []memTableInfo // Copies is copies
	copies             [][]copyNote
}

func (k *memviewKey) set(c *Memview) {
	note := c.emptyNote()
	k.tab, k.rawType, k.note, k.view, k.lane = c.tab(), c.rawType(), note, c.View, c.Lane
	k.infos = append(k.infos[:0], c.infos...)
	k.copies = k.copies[:0]
	for i := range k.infos {
		k.copies = append(k.copies, append([]copyNote(nil), k.infos[i].Copies...))
		k.infos[i].Copies = nil
	}
}

func (k *memviewKey) same(c *Memview) bool {
	if k.tab != c.tab() || k.note != c.emptyNote() || k.rawType != c.rawType() || k.view != c.View || k.lane != c.Lane || len(k.infos) != len(c.infos) {
		return false
	}
	for i := range c.infos {
		if !sameInfo(&c.infos[i], &k.infos[i]) || !slices.Equal(c.infos[i].Copies, k.copies[i]) {
			return false
		}
	}
	return true
}

// sameInfo compares two tables' headings but their copies
// (TestMemviewKeyCoversTheInfo fails when memTableInfo gains a field).
func sameInfo(a, b *memTableInfo) bool {
	return a.Key == b.Key && a.Title == b.Title && a.Info == b.Info && a.Page == b.Page && a.Pages == b.Pages &&
		a.Wrote == b.Wrote && a.WPage == b.WPage && a.Empty == b.Empty
}

// Build gives the view's last build while what it shows is the same.
func (c *MemviewKept) Build(in *vugu.BuildIn) *vugu.BuildOut {
	if c.tab() == tabAccess {
		c.kept.forget()
		return c.Memview.Build(in)
	}
	return c.kept.give(&c.Memview, func() *vugu.BuildOut { return c.Memview.Build(in) })
}
