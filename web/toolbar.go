// toolbar.go: the page's toolbar (web/toolbar.vugu), built again only when
// what it shows changes.
//
// A step changes one thing in the toolbar, the step count, which is a
// component of its own (web/stepcount.vugu) built on every render inside
// the toolbar's kept build: ToolbarKept gives the toolbar's last build
// again while the run state, the menus, the CTA and cluster choices, the
// share link and the sanitizer, theme and font settings are the same
// (issue 24: a step's Go time).

package web

import "github.com/vugu/vugu"

// Toolbar is the toolbar's template (toolbar.vugu), on the page's Root:
// its handlers change the root's state.
type Toolbar struct {
	R *Root
}

// Stepcount is the step count (stepcount.vugu), the toolbar's part that
// changes on every step.
type Stepcount struct {
	R *Root
}

// ToolbarKept is the component the page uses: Toolbar's build, kept while
// toolbarKey stays the same.
type ToolbarKept struct {
	R *Root

	gen  Toolbar
	kept keptBuild[*Root, toolbarKey, *toolbarKey]
}

// toolbarKey is everything toolbar.vugu reads but the step count
// (TestToolbarKeptOnlyWhileTheSame compares a kept toolbar with one built
// from nothing).
type toolbarKey struct {
	running, sanitize, large bool
	theme                    string
	examples, warps          vugu.HTML // the menus (menus.go)
	snap                     bool      // a launch: the CTA and cluster menus
	ctas                     int       // CTAs in the grid
	grid, cluster            [3]uint32 // the launch's shapes
	cta, shownCluster        int
	clusterTitle, share      string
}

func toolbarKeyOf(c *Root) toolbarKey {
	a := c.A
	k := toolbarKey{
		running: a.Running, sanitize: a.Sanitize, large: a.Large, theme: a.Theme,
		examples: c.examplesMenu(), warps: c.warpMenu(),
		snap: a.Snap != nil, grid: a.Grid, cluster: a.Cluster,
		cta: a.CTA, shownCluster: c.shownCluster(),
		clusterTitle: c.clusterTitle(), share: c.shareURL(),
	}
	if a.Snap != nil {
		k.ctas = a.Snap.CTAs
	}
	return k
}

func (k *toolbarKey) set(c *Root) { *k = toolbarKeyOf(c) }

func (k *toolbarKey) same(c *Root) bool { return *k == toolbarKeyOf(c) }

// Build gives the toolbar's last build while what it shows is the same.
func (c *ToolbarKept) Build(in *vugu.BuildIn) *vugu.BuildOut {
	return c.kept.give(c.R, func() *vugu.BuildOut {
		c.gen.R = c.R
		return c.gen.Build(in)
	})
}
