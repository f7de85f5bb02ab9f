// viz_panel.go: the panel that holds the bit visualizers. It follows the
// selected warp and lane: whenever the warp's next instruction is a prmt,
// lop3, shf, bfe or bfi, it opens that visualizer filled with the lane's
// operands from the snapshot. The menu opens any of them on its own.

package web

import (
	"strconv"

	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/vugu/vugu"
)

// Viz_panel is the visualizer panel. Place it as
//
//	<web:Viz_panel :Snap="c.A.Snap" :Warp="c.A.ShownWarp()" :Lane="lane" :Source="c.A.Source"></web:Viz_panel>
//
// Lane < 0 lets the panel's own lane field choose; otherwise the field
// reports a new lane through OnLane (the page also picks one when a
// register-grid cell is clicked).
type Viz_panel struct {
	Snap   *sim.Snapshot
	Warp   int
	Lane   int
	OnLane func(lane int)
	Source string

	V      *Viz
	Manual bool // the user opened or edited a visualizer: stop following
	own    int  // the panel's lane when Lane < 0

	seen struct {
		snap       *sim.Snapshot
		warp, lane int
		source     string
	}
}

func (c *Viz_panel) lane() int {
	if c.Lane >= 0 {
		return c.Lane
	}
	return c.own
}

// BeforeBuild refills the visualizer from the snapshot when following and
// the snapshot, warp, lane or source changed.
func (c *Viz_panel) BeforeBuild() {
	if c.Manual {
		return
	}
	l := c.lane()
	if c.Snap == c.seen.snap && c.Warp == c.seen.warp && l == c.seen.lane && c.Source == c.seen.source {
		return
	}
	sourceChanged := c.Source != c.seen.source
	c.seen.snap, c.seen.warp, c.seen.lane, c.seen.source = c.Snap, c.Warp, l, c.Source
	v := VizFromSnapshot(c.Snap, c.Warp, l, c.Source)
	switch {
	case v != nil:
		c.V = v
	case sourceChanged || c.Snap == nil:
		c.V = nil
	case c.V != nil && !c.V.Earlier:
		// Stepping past the instruction keeps its picture, marked as
		// coming from an earlier step, until the next one of ours.
		c.V.Earlier = true
		c.V.Origin = "earlier step: " + c.V.Origin
	}
}

func (c *Viz_panel) hint() string {
	if c.Manual {
		return "Pick a visualizer from the menu."
	}
	return "Step to a prmt, lop3, shf, bfe or bfi and it opens here with the lane's operands; or pick one from the menu."
}

func (c *Viz_panel) setKind(e vugu.DOMEvent) {
	k := e.PropString("target", "value")
	if k == "" {
		c.close()
		return
	}
	c.V = NewViz(k)
	c.Manual = true
}

func (c *Viz_panel) setFollow(e vugu.DOMEvent) {
	c.Manual = !e.PropBool("target", "checked")
	c.seen.snap = nil // refill at once
}

func (c *Viz_panel) setLane(e vugu.DOMEvent) {
	n, err := strconv.Atoi(e.PropString("target", "value"))
	if err == nil && n >= 0 && n < 32 {
		c.own = n
		if c.OnLane != nil {
			c.OnLane(n)
		}
	}
}

func (c *Viz_panel) close() {
	c.V = nil
	c.Manual = true
}
