// sanitize_root.go: the root component's side of the sanitizers
// (sanitize.go): the toolbar toggle and the findings' "go to step" links.

package web

import (
	"fmt"

	"github.com/vugu/vugu"
)

// gotoHazard takes the session to one access of a finding and shows its
// lane in the Bits panel.
func (c *Root) gotoHazard(e vugu.DOMEvent, i int, other bool) {
	e.PreventDefault()
	if c.A.Running {
		return
	}
	if lane := c.A.GoToHazard(i, other); lane >= 0 {
		c.Lane = lane
		h := c.A.Hazards[i-1]
		line := h.Line
		if other && h.Other != nil {
			line = h.Other.Line
		}
		if c.Host != nil && line > 0 {
			c.Host.Goto(line)
		}
	}
}

func (c *Root) sanitizeTitle() string {
	if c.A.Sanitize {
		return "Sanitizers on: races, barrier misuse and reads of uninitialised memory are listed under the diagnostics (click to turn off)"
	}
	return "Sanitizers off: click to look for races, barrier misuse and reads of uninitialised memory"
}

func (c *Root) stepRef(step int64) string { return fmt.Sprintf("step %d", step) }

func (c *Root) otherRef(d Diag) string {
	return fmt.Sprintf("other: line %d, step %d", d.OtherLine, d.OtherStep)
}

// sanitizePressed is the toggle's aria-pressed: "true" or "false".
func (c *Root) sanitizePressed() string { return fmt.Sprint(c.A.Sanitize) }
