// root.go: the page's root component: the layout of root.vugu, the
// controls' actions, and the bridge to the editor, which lives outside
// Vugu's tree (index.html's #editor) so that renders never touch it.

package web

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ptxplay/ptxplay/examples"
	"github.com/vugu/vugu"
)

// Host is what the page does outside Vugu's tree: the CodeMirror editor
// and the document's attributes. The wasm build implements it with
// syscall/js (host_js.go); tests use a recording one.
type Host interface {
	SetDoc(text string)
	SetDiagnostics(json string)
	SetBreakpoints(json string)
	SetCurrent(line int, fault, scroll bool)
	Goto(line int)
	SetRootAttr(name, value string) // on <html>; "" removes it
	Save(key, value string)         // localStorage
}

// Root is the page.
type Root struct {
	A        *App
	Host     Host
	Env      vugu.EventEnv // set by the wasm entry: runs lock it between slices
	Yield    func()        // returns once the browser has run its event loop (host_js.go)
	ShowJSON bool
	Lane     int // the lane the Bits panel shows: a click on a grid cell picks it
	// LaunchClosed: the launch panel is closed (its summary clicked); its
	// form is then not built, and a render keeps it closed.
	LaunchClosed bool

	docSent string // the text the editor was last given
	// diagSent: the diagnostics the editor was last given (diagOK), and
	// diagNow the buffer Sync lists the current ones in: a render compares
	// the two instead of writing JSON (issue 24: a step's Go time).
	diagSent, diagNow []editorDiag
	diagOK            bool
	lineSent          [2]int
	attrSent          [2]string
	stepSent          int64
	menus             menuCache // menus.go
}

// Do performs a control's action; the caller holds the render lock.
func (c *Root) Do(action string) {
	a := c.A
	switch action {
	case "run":
		c.startRun(true)
	case "continue":
		c.startRun(false)
	case "stop":
		a.Stop()
	case "step":
		if !a.Running {
			a.Step()
		}
	case "step-warp":
		if !a.Running {
			a.StepWarp()
		}
	case "step-back":
		if !a.Running {
			a.Back()
		}
	case "reset":
		if !a.Running {
			a.Reset()
		}
	case "template":
		a.Template()
	case "theme":
		switch a.Theme {
		case "":
			a.Theme = "dark"
		case "dark":
			a.Theme = "light"
		default:
			a.Theme = ""
		}
		c.save("ptxplay.theme", a.Theme)
	case "sanitize":
		if !a.Running {
			a.SetSanitize(!a.Sanitize)
			c.save("ptxplay.sanitize", map[bool]string{true: "", false: "off"}[a.Sanitize])
		}
	case "large":
		a.Large = !a.Large
		c.save("ptxplay.large", map[bool]string{true: "1", false: ""}[a.Large])
	}
}

// launchToggled follows the launch panel's <details> when a person opens
// or closes it (a render setting its open attribute also lands here).
func (c *Root) launchToggled(e vugu.DOMEvent) {
	c.LaunchClosed = !e.PropBool("target", "open")
}

func (c *Root) save(k, v string) {
	if c.Host != nil {
		c.Host.Save(k, v)
	}
}

// Key performs a keyboard shortcut (names as CodeMirror writes them).
func (c *Root) Key(k string) {
	switch k {
	case "Alt-r":
		c.Do("run")
	case "F5":
		c.Do("continue")
	case "Shift-F5", "Escape":
		c.Do("stop")
	case "F7":
		c.Do("step")
	case "Shift-F7":
		c.Do("step-back")
	case "F8":
		c.Do("step-warp")
	case "Alt-0":
		c.Do("reset")
	}
}

func (c *Root) busy() bool { return c.A.Running }

// startRun runs in slices on the page's own thread, yielding to the
// browser between slices (see the README for why not a Worker).
func (c *Root) startRun(fromStart bool) {
	if c.A.Running || !c.A.StartRun(fromStart) {
		return
	}
	if c.Env == nil { // no event loop (tests): run to the end here
		for c.A.RunSlice() {
		}
		return
	}
	go func() {
		var drawn time.Time
		for {
			c.yield() // let the browser paint and take clicks
			c.Env.Lock()
			more := c.A.RunSlice()
			// Redraw a few times a second: each redraw costs the page a
			// layout of every view, which would otherwise outlast the slice.
			if !more || time.Since(drawn) >= RunRedraw {
				drawn = time.Now()
				if more {
					c.A.refresh()
				}
				c.Env.UnlockRender()
			} else {
				c.Env.UnlockOnly()
			}
			if !more {
				return
			}
		}
	}()
}

// RunRedraw is how often a run in progress redraws the page.
var RunRedraw = 250 * time.Millisecond

// yield gives the browser its event loop back between two slices. A Go
// sleep is not enough: Go's wasm scheduler returns to JavaScript only
// when every goroutine is idle, and the render after a slice outlasts a
// short sleep, so the run goroutine would always be ready again.
func (c *Root) yield() {
	if c.Yield != nil {
		c.Yield()
		return
	}
	time.Sleep(time.Millisecond)
}

// Sync brings the editor and the document up to date after a render.
func (c *Root) Sync() {
	h, a := c.Host, c.A
	if h == nil {
		return
	}
	if a.Source != c.docSent {
		c.docSent = a.Source
		h.SetDoc(a.Source)
		b, _ := json.Marshal(append([]int{}, a.Breaks...)) // [] rather than null: the editor filters it
		h.SetBreakpoints(string(b))
		c.diagOK = false
		c.lineSent = [2]int{-1, -1}
	}
	c.diagNow = a.editorDiags(c.diagNow[:0])
	if !c.diagOK || !slices.Equal(c.diagNow, c.diagSent) {
		c.diagSent, c.diagNow, c.diagOK = c.diagNow, c.diagSent, true
		h.SetDiagnostics(editorDiagsJSON(c.diagSent))
	}
	line, fault := a.CurrentLine()
	cur := [2]int{line, map[bool]int{true: 1, false: 0}[fault]}
	var step int64 = -1
	if a.S != nil {
		step = a.S.Steps()
	}
	if cur != c.lineSent || step != c.stepSent {
		scroll := step != c.stepSent && !a.Running
		c.lineSent, c.stepSent = cur, step
		h.SetCurrent(line, fault, scroll)
	}
	large := ""
	if a.Large {
		large = "1"
	}
	if attrs := [2]string{a.Theme, large}; attrs != c.attrSent {
		c.attrSent = attrs
		h.SetRootAttr("data-theme", a.Theme)
		h.SetRootAttr("data-large", large)
	}
}

// EditorChanged takes the editor's text (debounced by the editor).
func (c *Root) EditorChanged(text string) {
	c.docSent = text
	c.A.SetSource(text)
}

// BreakpointsChanged takes the gutter's breakpoint lines as JSON.
func (c *Root) BreakpointsChanged(js string) {
	var lines []int
	if json.Unmarshal([]byte(js), &lines) == nil {
		c.A.Breaks = lines
	}
}

type exampleGroup struct {
	Name  string
	Items []examples.Example
}

// groups is the examples menu: examples.All by group (made once; every
// build of the page lists them).
func (c *Root) groups() []exampleGroup {
	exampleGroups.once.Do(func() {
		var gs []exampleGroup
		for _, ex := range examples.All() {
			if len(gs) == 0 || gs[len(gs)-1].Name != ex.Group {
				gs = append(gs, exampleGroup{Name: ex.Group})
			}
			gs[len(gs)-1].Items = append(gs[len(gs)-1].Items, ex)
		}
		exampleGroups.gs = gs
	})
	return exampleGroups.gs
}

var exampleGroups struct {
	once sync.Once
	gs   []exampleGroup
}

func (c *Root) openExample(e vugu.DOMEvent) {
	if c.A.Running {
		c.A.Stop()
		c.A.Running = false
	}
	if name := e.PropString("target", "value"); name != "" {
		if err := c.A.LoadExample(name); err != nil {
			c.A.RunMsgs = []Diag{{Kind: "error", Msg: err.Error()}}
		}
	}
}

func (c *Root) gotoStep(e vugu.DOMEvent) {
	e.PreventDefault()
	v := e.JSEventTarget().Get("elements").Get("goto-step").Get("value").String()
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || n < 0 {
		c.A.RunMsgs = []Diag{{Kind: "error", Msg: fmt.Sprintf("go to step: %q is not a step number", v)}}
		return
	}
	if !c.A.Running {
		c.A.GoTo(n)
	}
}

type option struct {
	Value int
	Label string
}

// maxCTAOptions bounds the CTA menu; larger grids are reached by following
// the running CTA.
const maxCTAOptions = 256

func (c *Root) ctaOptions() []option {
	a := c.A
	if a.Snap == nil {
		return nil
	}
	g := a.Grid
	var out []option
	for i := 0; i < a.Snap.CTAs && i < maxCTAOptions; i++ {
		x, y, z := uint32(i)%g[0], uint32(i)/g[0]%g[1], uint32(i)/(g[0]*g[1])
		out = append(out, option{i, fmt.Sprintf("(%d,%d,%d)", x, y, z)})
	}
	return out
}

// clusterOptions lists the grid's clusters by %clusterid (none without
// clusters); each option's value is the cluster's linear index.
func (c *Root) clusterOptions() []option {
	a := c.A
	d := a.Cluster
	if a.Snap == nil || d[0] == 0 {
		return nil
	}
	n := [3]uint32{a.Grid[0] / d[0], a.Grid[1] / d[1], a.Grid[2] / d[2]}
	var out []option
	for q := uint32(0); q < n[0]*n[1]*n[2] && q < maxCTAOptions; q++ {
		out = append(out, option{int(q), fmt.Sprintf("(%d,%d,%d)", q%n[0], q/n[0]%n[1], q/(n[0]*n[1]))})
	}
	return out
}

// shownCluster is the linear index of the shown CTA's cluster, -1
// without clusters.
func (c *Root) shownCluster() int {
	a := c.A
	d := a.Cluster
	if a.Snap == nil || d[0] == 0 {
		return -1
	}
	id := a.Snap.CTA
	n := [3]uint32{a.Grid[0] / d[0], a.Grid[1] / d[1], a.Grid[2] / d[2]}
	return int(id[0]/d[0] + id[1]/d[1]*n[0] + id[2]/d[2]*n[0]*n[1])
}

// setCluster shows the chosen cluster's CTA of rank 0.
func (c *Root) setCluster(e vugu.DOMEvent) {
	a := c.A
	q, err := strconv.Atoi(e.PropString("target", "value"))
	d := a.Cluster
	if err != nil || d[0] == 0 {
		return
	}
	n := [3]uint32{a.Grid[0] / d[0], a.Grid[1] / d[1], a.Grid[2] / d[2]}
	x := uint32(q) % n[0] * d[0]
	y := uint32(q) / n[0] % n[1] * d[1]
	z := uint32(q) / (n[0] * n[1]) * d[2]
	a.CTA = int(x + y*a.Grid[0] + z*a.Grid[0]*a.Grid[1])
	a.refresh()
}

// clusterClass hides the cluster menu while the launch has no clusters,
// so that the toolbar keeps to one row.
func (c *Root) clusterClass() string {
	if len(c.clusterOptions()) == 0 {
		return "pp-sel pp-none"
	}
	return "pp-sel"
}

// clusterTitle spells out every cluster special register of the shown CTA.
func (c *Root) clusterTitle() string {
	a := c.A
	if a.Snap == nil || a.Snap.Cluster == nil {
		return "The cluster of the shown CTA (the launch has no clusters)"
	}
	v := a.Snap.Cluster
	return fmt.Sprintf("%%clusterid (%d,%d,%d) of %%nclusterid (%d,%d,%d); %%cluster_ctaid (%d,%d,%d) of %%cluster_nctaid (%d,%d,%d); %%cluster_ctarank %d of %%cluster_nctarank %d; %%is_explicit_cluster %v; CTAs %v; barrier.cluster phases completed: %d",
		v.ID[0], v.ID[1], v.ID[2], v.Grid[0], v.Grid[1], v.Grid[2], v.CTAID[0], v.CTAID[1], v.CTAID[2], v.Dim[0], v.Dim[1], v.Dim[2], v.Rank, v.Size, v.Explicit, v.CTAs, v.Phases)
}

func (c *Root) setCTA(e vugu.DOMEvent) {
	if n, err := strconv.Atoi(e.PropString("target", "value")); err == nil {
		c.A.CTA = n
		c.A.refresh()
	}
}

func (c *Root) warpOptions() []int {
	if c.A.Snap == nil {
		return nil
	}
	ws := make([]int, len(c.A.Snap.Warps))
	for i := range ws {
		ws[i] = i
	}
	return ws
}

func (c *Root) followLabel() string {
	if c.A.Warp < 0 && c.A.Snap != nil && len(c.A.Snap.Warps) > 0 {
		return fmt.Sprintf("follow (%d)", c.A.ShownWarp())
	}
	return "follow"
}

func (c *Root) setWarp(e vugu.DOMEvent) {
	if n, err := strconv.Atoi(e.PropString("target", "value")); err == nil {
		c.A.Warp = n
		c.A.refresh() // the snapshot holds the shown warp's registers only
	}
}

func (c *Root) themeLabel() string {
	switch c.A.Theme {
	case "dark":
		return "Dark"
	case "light":
		return "Light"
	}
	return "Auto"
}

func (c *Root) themeTitle() string {
	return "Theme: " + c.themeLabel() + " (Auto follows the system); click to change"
}

func (c *Root) kernelLabel() string {
	if len(c.A.Kernels) == 0 {
		return ""
	}
	k := c.A.Launch.Kernel
	if k == "" {
		k = c.A.Kernels[0]
	}
	return shortName(k)
}

// shortName shortens a compiler-mangled name for the panel (the title
// attribute keeps the whole).
func shortName(n string) string {
	if len(n) > 28 {
		return n[:12] + "…" + n[len(n)-14:]
	}
	return n
}

func (c *Root) setKernel(e vugu.DOMEvent) {
	c.A.Launch.Kernel = e.PropString("target", "value")
	c.A.FormChanged()
}

func (c *Root) setDim(e vugu.DOMEvent, which string) {
	v := e.PropString("target", "value")
	switch which {
	case "grid":
		c.A.Launch.Grid = v
	case "block":
		c.A.Launch.Block = v
	case "shared":
		c.A.Launch.Shared = v
	case "cluster":
		c.A.Launch.Cluster = v
	case "buffers":
		c.A.Launch.Buffers = v
	}
	c.A.FormChanged()
}

// maxFieldText is the longest text a form field shows: Vugu sends each
// attribute in one render instruction of bounded size.
const maxFieldText = 2048

// buffersLong reports whether the top-level buffers are too long to edit
// in their field (the JSON view edits them).
func (c *Root) buffersLong() bool { return len(c.A.Launch.Buffers) > maxFieldText }

// buffersSummary names each top-level buffer with its type and size.
func (c *Root) buffersSummary() string { return BuffersSummary(c.A.Launch.Buffers) }

// hasTensorMap reports whether an argument is a tensor map (the form then
// shows the top-level buffers field).
func (c *Root) hasTensorMap() bool {
	for _, r := range c.A.Launch.Args {
		if r.TMap {
			return true
		}
	}
	return false
}

func (c *Root) dimsErr() string {
	var parts []string
	f := c.A.Launch
	for _, p := range [][2]string{{"grid", f.GridErr}, {"block", f.BlockErr}, {"shared", f.SharedErr}, {"cluster", f.ClusterErr}, {"buffers", f.BufErr}} {
		if p[1] != "" {
			parts = append(parts, p[0]+": "+p[1])
		}
	}
	return strings.Join(parts, "; ")
}

func (c *Root) rowClass(r ArgRow) string {
	if r.Err != "" {
		return "pp-arg pp-bad"
	}
	return "pp-arg"
}

func (c *Root) setArg(e vugu.DOMEvent, i int, field string) {
	a := c.A
	if i < 0 || i >= len(a.Launch.Args) {
		return
	}
	r := &a.Launch.Args[i]
	v := e.PropString("target", "value")
	switch field {
	case "kind":
		r.Buffer = v == "buffer"
		r.TMap = v == "tensormap"
		if r.TMap && r.Map == "" {
			r.Map = TensorMapTemplate
		}
		if r.Buffer && r.Type == "" {
			r.Type, r.Count = "u32", strconv.Itoa(TemplateThreads)
		}
		if !r.Buffer && r.Value == "" {
			r.Value = "0"
		}
	case "value":
		r.Value = v
	case "type":
		r.Type = v
	case "count":
		r.Count = v
	case "fill":
		r.Fill = v
	case "data":
		r.Data = v
	case "map":
		r.Map = v
	}
	a.FormChanged()
}

func (c *Root) jsonLabel() string {
	if c.ShowJSON {
		return "Hide JSON"
	}
	return "JSON"
}

func (c *Root) setJSON(e vugu.DOMEvent) {
	c.A.SetLaunchJSON(e.PropString("target", "value"))
}

func (c *Root) gotoLine(e vugu.DOMEvent, line int) {
	e.PreventDefault()
	if c.Host != nil {
		c.Host.Goto(line)
	}
}

func (c *Root) lineRef(d Diag) string {
	if d.Col > 0 {
		return fmt.Sprintf("%d:%d", d.Line, d.Col)
	}
	return fmt.Sprintf("line %d", d.Line)
}

func (c *Root) idleText() string {
	if c.A.S != nil && c.A.S.Steps() == 0 {
		return "Ready: Run (Alt+R) runs the kernel, Step (F7) executes one warp instruction. Click the gutter left of a line number for a breakpoint."
	}
	return "No problems."
}

func (c *Root) outputs() []Output { return c.A.Outputs() }

// stdout is what the kernel's printf calls printed up to the current step
// (step back takes it back too).
func (c *Root) stdout() string {
	if c.A.S == nil {
		return ""
	}
	return c.A.S.Machine().Stdout()
}
