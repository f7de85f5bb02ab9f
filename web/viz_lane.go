// viz_lane.go: the page picks the Bits panel's lane from a click on the
// register grid (its cells carry data-lane).

package web

import (
	"strconv"

	"github.com/vugu/vugu"
)

// pickLane takes the lane of a clicked register-grid cell.
func (c *Root) pickLane(e vugu.DOMEvent) {
	t := e.JSEvent().Get("target")
	if !t.Truthy() || t.Get("closest").IsUndefined() {
		return
	}
	cell := t.Call("closest", "[data-lane]")
	if !cell.Truthy() {
		return
	}
	if n, err := strconv.Atoi(cell.Call("getAttribute", "data-lane").String()); err == nil {
		c.setLane(n)
	}
}

// setLane chooses the lane the Bits panel shows.
func (c *Root) setLane(n int) {
	if n >= 0 && n < 32 {
		c.Lane = n
	}
}
