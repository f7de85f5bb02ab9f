// launchpanel.go: the launch panel, built again only when what it shows
// changes.
//
// Vugu builds every node of the page on every render. The launch panel
// (web/launchpanel.vugu) is half of the root's nodes, and a step, a run or
// a warp switch changes nothing in it: LaunchPanel keeps the panel's last
// build and gives it again while the form, the JSON view and the panel's
// open state are the same (issue 24: a step's Go time). The kept nodes are
// the same objects from render to render, which the quick render
// (quickrender.go) passes over without comparing.

package web

import (
	"slices"

	"github.com/vugu/vugu"
)

// Launchpanel is the launch panel's template (launchpanel.vugu), on the
// page's Root: its handlers change the root's state.
type Launchpanel struct {
	R *Root
}

// LaunchPanel is the component the page uses: Launchpanel's build, kept
// while launchKey stays the same.
type LaunchPanel struct {
	R *Root

	gen  Launchpanel
	kept keptBuild[*Root, launchKey, *launchKey]
}

// launchKey is everything launchpanel.vugu reads: the root's panel state
// and the App's launch form, JSON view and kernels.
type launchKey struct {
	closed, showJSON bool
	form             formText // the form but its arguments
	args             []ArgRow
	json, jsonErr    string
	kernels          []string
}

// formText is a LaunchForm's fields but Args, in their order
// (TestLaunchKeyCoversTheForm fails when LaunchForm gains a field).
type formText [12]string

func formTextOf(f *LaunchForm) formText {
	return formText{f.Kernel, f.Grid, f.Block, f.Shared, f.Cluster, f.Buffers,
		f.GridErr, f.BlockErr, f.SharedErr, f.ClusterErr, f.BufErr, f.KernelErr}
}

func (k *launchKey) set(c *Root) {
	k.closed, k.showJSON = c.LaunchClosed, c.ShowJSON
	k.form = formTextOf(&c.A.Launch)
	k.args = append(k.args[:0], c.A.Launch.Args...)
	k.json, k.jsonErr = c.A.LaunchJSON, c.A.JSONErr
	k.kernels = append(k.kernels[:0], c.A.Kernels...)
}

// same says whether c shows what k was taken from.
func (k *launchKey) same(c *Root) bool {
	return k.closed == c.LaunchClosed && k.showJSON == c.ShowJSON && k.form == formTextOf(&c.A.Launch) &&
		slices.Equal(k.args, c.A.Launch.Args) && k.json == c.A.LaunchJSON && k.jsonErr == c.A.JSONErr &&
		slices.Equal(k.kernels, c.A.Kernels)
}

// Build gives the panel's last build while what it shows is the same.
func (c *LaunchPanel) Build(in *vugu.BuildIn) *vugu.BuildOut {
	return c.kept.give(c.R, func() *vugu.BuildOut {
		c.gen.R = c.R
		return c.gen.Build(in)
	})
}
