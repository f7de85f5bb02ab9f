// regrid.go: the per-lane register grid of the selected warp. Rows are the
// function's registers in declaration order, columns lanes 0-31.
//
// Vugu renders only the frame and an empty <table>; the table's content is
// Go's: each render computes what every cell should show, compares it with
// what the cells show now and sends the differences to web/js/patch.js in
// one syscall/js call (see regrid_patch.go). A plain template grid costs
// ~200 ms a step in Vugu v0.4.0; this costs a few.

package web

import (
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
)

// Regrid is the register grid. Place it as
//
//	<web:Regrid :Snap="c.Snap" :Warp="c.Warp"></web:Regrid>
//
// where Snap is a snapshot of the selected CTA that includes the selected
// warp's registers (sim.SnapshotOptions{Warp: w} or -1).
type Regrid struct {
	Snap  *sim.Snapshot // the selected CTA; nil before a launch
	Warp  int           // the selected warp's index in the CTA
	Lanes uint32        // lanes lit (class "hz"): a sanitizer finding's (sanitize.go)

	View View // the user's choice; ViewNatural by default

	// Compact is the user's choice of the compact grid (narrow cells,
	// smaller digits, a value's hex digits in groups of 4 on two lines):
	// "" chooses it when the 32 lanes would not fit otherwise (never in
	// the large-font mode), "on" or "off" keep it so. web/js/patch.js
	// measures and applies it.
	Compact string

	grid   regState
	target patchTarget
	buf    patchBuf

	drawnSnap  *sim.Snapshot // the inputs of the last patch
	drawnWarp  int
	drawnView  View
	drawnLanes uint32
	sentMode   string // the compact mode patch.js has (M record); "-" none
	winFirst   int    // where the window of rows should start (many registers)
}

// regState is what the grid shows: the table's shape and every cell.
type regState struct {
	shape string        // register names and types, "" for no table
	warp  *sim.WarpView // the warp the cells come from
	cells []gridCell    // row-major, 32 a row, every register
	first int           // the rows in the page: [first, first+n)
	n     int

	// What each cell's text was formatted from, for the next build to
	// reuse: the warp, the view, and each cell's value (written cells).
	warpID int
	view   View
	vals   []cellVal
}

// cellVal is the value a cell's text shows; set is false for a cell that
// shows no value (no thread, or never written).
type cellVal struct {
	v   uint64
	set bool
}

// A function with many registers (compilers declare hundreds) would make
// a table of tens of thousands of cells whose every change Chromium lays
// out and paints whole: past gridWindowMax rows only a window of
// gridWindow rows around the scroll position is in the page, with spacer
// rows of the right height above and below it.
const (
	gridWindow    = 64
	gridWindowMax = 96
)

// gridWindowFor returns the window of rows for a grid of rows rows that
// starts near first.
func gridWindowFor(rows, first int) (int, int) {
	if rows <= gridWindowMax {
		return 0, rows
	}
	return min(max(first, 0), rows-gridWindow), gridWindow
}

type gridCell struct{ text, class string }

// Cell classes (web/js/patch.js's stylesheet and the tests read them).
const (
	clsChanged  = "c" // written by the last step
	clsUninit   = "u" // never written by this lane
	clsInactive = "i" // valid lane outside the active mask
	clsExited   = "x" // lane has exited
	clsNoThread = "n" // lane beyond the CTA's threads
	clsTrue     = "t" // predicate true
)

// regViews lists the view menu.
var regViews = []View{ViewNatural, ViewHex, ViewUnsigned, ViewSigned, ViewFloat}

// findWarp returns warp w of the snapshot, or nil.
func findWarp(s *sim.Snapshot, w int) *sim.WarpView {
	if s == nil {
		return nil
	}
	for i := range s.Warps {
		if s.Warps[i].ID == w {
			return &s.Warps[i]
		}
	}
	return nil
}

// buildRegState computes what every cell shows.
func buildRegState(s *sim.Snapshot, w int, vw View) regState {
	return buildRegStateFrom(s, w, vw, nil)
}

// buildRegStateFrom is buildRegState taking each value's text from prev
// (the state drawn last) where the cell shows the same value of the same
// register of the same warp in the same view: a step formats only what it
// wrote.
func buildRegStateFrom(s *sim.Snapshot, w int, vw View, prev *regState) regState {
	wv := findWarp(s, w)
	if wv == nil || len(wv.Regs) == 0 {
		return regState{warp: wv}
	}
	var shape strings.Builder
	for ri := range wv.Regs {
		r := &wv.Regs[ri]
		shape.WriteString(r.Name)
		shape.WriteByte(' ')
		shape.WriteString(r.Type)
		shape.WriteByte(';')
	}
	st := regState{warp: wv, shape: shape.String(), warpID: wv.ID, view: vw,
		cells: make([]gridCell, 0, 32*len(wv.Regs)), vals: make([]cellVal, 0, 32*len(wv.Regs))}
	reuse := prev != nil && prev.warp != nil && prev.shape == st.shape && prev.warpID == wv.ID &&
		prev.view == vw && len(prev.vals) == 32*len(wv.Regs) && len(prev.cells) == len(prev.vals)
	for ri := range wv.Regs {
		r := &wv.Regs[ri]
		t := parseType(r.Type)
		for lane := range 32 {
			bit := uint32(1) << lane
			val := cellVal{r.Values[lane], wv.Valid&bit != 0 && r.Written&bit != 0}
			i := len(st.cells)
			var c gridCell
			if reuse && val.set && prev.vals[i] == val {
				c = gridCell{text: prev.cells[i].text, class: cellClass(wv, r, t, lane)}
			} else {
				c = regCell(wv, r, t, lane, vw)
			}
			st.cells = append(st.cells, c)
			st.vals = append(st.vals, val)
		}
	}
	return st
}

// cellClass is the class of a lane's cell in a valid lane: exited or
// inactive, changed, then unwritten or a true predicate; from tables of
// the few combinations rather than a string made each time.
func cellClass(wv *sim.WarpView, r *sim.RegView, t valType, lane int) string {
	bit := uint32(1) << lane
	k := 0
	switch {
	case wv.Exited&bit != 0:
		k = 1
	case wv.Active&bit == 0:
		k = 2
	}
	if r.Changed&bit != 0 {
		k += 3
	}
	if r.Written&bit == 0 {
		return uninitClasses[k]
	}
	if t.kind == 'p' && r.Values[lane]&1 != 0 {
		k += 6
	}
	return valueClasses[k]
}

// valueClasses are the classes of a cell with a value, by (exited 1 |
// inactive 2) + changed 3 + predicate true 6; uninitClasses those of an
// unwritten one, by the first two.
var (
	valueClasses = [12]string{
		"", clsExited, clsInactive,
		clsChanged, clsExited + " " + clsChanged, clsInactive + " " + clsChanged,
		clsTrue, clsExited + " " + clsTrue, clsInactive + " " + clsTrue,
		clsChanged + " " + clsTrue, clsExited + " " + clsChanged + " " + clsTrue, clsInactive + " " + clsChanged + " " + clsTrue,
	}
	uninitClasses = func() (u [6]string) {
		for k := range u {
			u[k] = strings.TrimSpace(valueClasses[k] + " " + clsUninit)
		}
		return u
	}()
)

// regCell is one register of one lane.
func regCell(wv *sim.WarpView, r *sim.RegView, t valType, lane int, vw View) gridCell {
	bit := uint32(1) << lane
	if wv.Valid&bit == 0 {
		return gridCell{class: clsNoThread}
	}
	c := gridCell{text: uninitText, class: cellClass(wv, r, t, lane)}
	if r.Written&bit != 0 {
		c.text = formatValue(t, r.Values[lane], vw)
	}
	return c
}

// spacer is a row standing for n rows outside the window (patch.js sets
// its height); it has no <td>, so the cells keep their indexes.
func spacer(b *strings.Builder, n int) {
	if n > 0 {
		b.WriteString(`<tr class="rg-spacer" data-rows="`)
		b.WriteString(strconv.Itoa(n))
		b.WriteString(`"><th colspan="33"></th></tr>`)
	}
}

// tableHTML is the table for a new shape or window, cells included.
func (st *regState) tableHTML() string {
	var b strings.Builder
	b.Grow(64 * 32 * st.n)
	b.WriteString(`<thead><tr><th class="rg-corner">reg</th>`)
	for lane := range 32 {
		b.WriteString(`<th>`)
		b.WriteString(strconv.Itoa(lane))
		b.WriteString(`</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	spacer(&b, st.first)
	for ri := st.first; ri < st.first+st.n; ri++ {
		r := &st.warp.Regs[ri]
		name := escapeHTML(r.Name)
		b.WriteString(`<tr><th title="`)
		b.WriteString(escapeHTML(r.Type))
		b.WriteString(`">`)
		b.WriteString(name)
		b.WriteString(`</th>`)
		for lane := range 32 {
			c := st.cells[ri*32+lane]
			b.WriteString(`<td data-reg="`)
			b.WriteString(name)
			b.WriteString(`" data-lane="`)
			b.WriteString(strconv.Itoa(lane))
			if c.class != "" {
				b.WriteString(`" class="`)
				b.WriteString(c.class)
			}
			b.WriteString(`">`)
			b.WriteString(escapeHTML(c.text))
			b.WriteString(`</td>`)
		}
		b.WriteString(`</tr>`)
	}
	spacer(&b, len(st.warp.Regs)-st.first-st.n)
	b.WriteString(`</tbody>`)
	return b.String()
}

// diff writes the records that turn what old shows into what st shows.
func (st *regState) diff(old *regState, p *patchBuf) {
	if st.shape != old.shape || st.first != old.first || st.n != old.n {
		if st.shape == "" {
			p.html("")
		} else {
			p.html(st.tableHTML())
		}
		return
	}
	base := 32 * st.first
	for j, c := range st.cells[base : base+32*st.n] {
		if old.cells[base+j] != c {
			p.cell(j, c.text, c.class)
		}
	}
}

// draw brings the table up to date with one patch, if anything changed.
func (c *Regrid) draw() {
	if c.target == nil {
		return
	}
	mode := c.compactMode()
	if c.Snap == c.drawnSnap && c.Warp == c.drawnWarp && c.View == c.drawnView && c.Lanes == c.drawnLanes && c.drawnSnap != nil && mode == c.sentMode {
		return
	}
	st := buildRegStateFrom(c.Snap, c.Warp, c.View, &c.grid)
	markLanes(&st, c.Lanes)
	st.first, st.n = gridWindowFor(len(st.cells)/32, c.winFirst)
	c.buf.reset()
	st.diff(&c.grid, &c.buf)
	if mode != c.sentMode {
		c.buf.mode(mode)
		c.sentMode = mode
	}
	c.grid = st
	c.drawnSnap, c.drawnWarp, c.drawnView, c.drawnLanes = c.Snap, c.Warp, c.View, c.Lanes
	if c.buf.n > 0 {
		c.target.apply(c.buf.String())
	}
}

// populate is called by Vugu with the table element after every render.
func (c *Regrid) populate(el js.Value) {
	if t := attachJS(c.target, el, c.card, c.scrolled); t != c.target {
		c.target = t
		c.grid = regState{} // a new element shows nothing yet
		c.drawnSnap = nil
		c.sentMode = "-"
	}
	c.draw()
}

// scrolled moves the window of rows when the rows first to
// first+visible-1 are in view and not all in the page.
func (c *Regrid) scrolled(first, visible int) {
	st := &c.grid
	if st.n == len(st.cells)/32 || first >= st.first && first+visible <= st.first+st.n {
		return
	}
	c.winFirst = first - max(0, gridWindow-visible)/2
	c.drawnSnap = nil // same inputs, another window
	c.draw()
}

// card is the hover card of cell i: every view of the value.
func (c *Regrid) card(i int) string {
	wv := c.grid.warp
	if wv == nil || i < 0 || i >= 32*c.grid.n {
		return ""
	}
	i += 32 * c.grid.first
	r := &wv.Regs[i/32]
	lane := i % 32
	bit := uint32(1) << lane
	title := r.Name + " " + r.Type + " · lane " + strconv.Itoa(lane) + " · thread " + strconv.Itoa(wv.ID*32+lane)
	var state []string
	switch {
	case wv.Valid&bit == 0:
		return cardText(title, []cardLine{{"state", "no thread: the CTA has fewer threads"}})
	case wv.Exited&bit != 0:
		state = append(state, "exited")
	case wv.Active&bit == 0:
		state = append(state, "inactive")
	default:
		state = append(state, "active")
	}
	if r.Changed&bit != 0 {
		state = append(state, "written by the last step")
	}
	lines := []cardLine{{"state", strings.Join(state, ", ")}}
	if r.Written&bit == 0 {
		return cardText(title, append(lines, cardLine{"value", "uninitialized: this lane has not written it"}))
	}
	return cardText(title, append(lines, valueCard(parseType(r.Type), r.Values[lane])...))
}

// compactMode is the M record's mode.
func (c *Regrid) compactMode() string {
	if c.Compact == "on" || c.Compact == "off" {
		return c.Compact
	}
	return "auto"
}

// compactTitle is the compact button's tooltip.
func (c *Regrid) compactTitle() string {
	t := "Compact grid: narrow cells and values in groups of 4 hex digits, so that a warp's 32 lanes fit beside the editor (full value on hover). Now: "
	switch c.compactMode() {
	case "on":
		return t + "on"
	case "off":
		return t + "off"
	}
	return t + "chosen when the lanes would not fit otherwise"
}

// toggleCompact handles the compact button: the grid changes to the
// other of what it shows now, and stays so.
func (c *Regrid) toggleCompact() {
	on := c.Compact == "on"
	if q, ok := c.target.(interface{ compactOn() bool }); ok {
		on = q.compactOn()
	}
	if on {
		c.Compact = "off"
	} else {
		c.Compact = "on"
	}
}

// viewOptions are the view menu's entries.
func (c *Regrid) viewOptions() []View { return regViews }

// setView handles the view menu.
func (c *Regrid) setView(e vugu.DOMEvent) {
	c.View = parseView(e.PropString("target", "value"))
}

// note says why the grid is empty, or nothing.
func (c *Regrid) note() string {
	switch wv := findWarp(c.Snap, c.Warp); {
	case c.Snap == nil:
		return "no launch yet"
	case wv == nil:
		return "warp " + strconv.Itoa(c.Warp) + " has not started"
	case len(wv.Regs) == 0 && wv.Done:
		return "warp " + strconv.Itoa(c.Warp) + " has finished"
	case len(wv.Regs) == 0:
		return "no registers"
	}
	return ""
}
