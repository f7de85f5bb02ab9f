// app.go: the playground's state (source, launch, session, snapshot,
// selection) and the operations the page's controls perform on it. It is
// plain Go, with no syscall/js, so that it is tested like the core; the
// components (root.vugu) draw it and the wasm entry drives it.

package web

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/limits"
	"github.com/ptxplay/ptxplay/core/ptx"
	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/ptxplay/ptxplay/examples"
)

// Diag is one line of the diagnostics panel: a check error, a launch
// error, a fault, a budget stop or a note. Line 0 links nowhere.
type Diag struct {
	Kind string // "error", "launch", "fault", "budget", "note"; "race", "sync", "init" (sanitize.go)
	Line int
	Col  int
	Msg  string

	// Sanitizer findings: 1 + the index in App.Hazards (0 for the
	// rest), the step of the access, and the other access's line and step.
	Haz       int
	Step      int64
	OtherLine int
	OtherStep int64
}

// Page limits: a run on the page stops after RunBudget of wall time (or
// RunSteps steps) with a "may loop forever" message and a way to go on;
// each slice between two renders lasts about SliceTime.
var (
	RunBudget = 3 * time.Second
	SliceTime = 10 * time.Millisecond
)

// HistoryBudget is the page's checkpoint memory for Step back. Smaller
// than the CLI's: the wasm garbage collector stops the page for a time
// that grows with the live heap, and checkpoints are most of it.
var HistoryBudget int64 = 8 << 20

// totalProbe bounds the steps spent finding a kernel's length up front
// for "step 42 / 310"; longer kernels show the total once a run ends.
const totalProbe = 50_000

// App is the page's state.
type App struct {
	Source     string
	Name       string // file name shown in messages: the example's, or "kernel.ptx"
	Example    string // the loaded example, "" after editing another kernel in
	Launch     LaunchForm
	LaunchJSON string // the raw JSON view; its errors are JSONErr
	JSONErr    string

	Diags   []Diag // the source's check diagnostics (live, as you type)
	RunMsgs []Diag // what the last action said: launch errors, faults, budget stops
	Warns   []Diag // check.Warnings of a source without errors (kind "warning")

	Kernels []string        // of the loaded program
	Params  []sim.ParamInfo // of the selected kernel
	prog    *sim.Program    // nil while the source does not check
	S       *sim.Session    // nil until the launch is prepared
	Res     *launch.Result  // buffer names and types of the session
	Snap    *sim.Snapshot   // what the views draw
	Types   map[string]string
	Grid    [3]uint32
	Cluster [3]uint32 // the launch's cluster shape; zeros without clusters
	Total   int64     // steps of the whole run, -1 while unknown
	CTA     int       // selected CTA (linear); -1 follows the running one
	Warp    int       // selected warp; -1 follows the warp that issues next
	Breaks  []int     // breakpoint lines
	Running bool      // a run is in progress
	stop    bool      // Stop was pressed
	Budget  bool      // the last run stopped on the page's budget
	Rate    float64
	Theme   string // "", "light" or "dark" ("" follows the system)
	Large   bool   // large-font mode
	stale   bool   // the source or launch changed since the session was made

	// The sanitizers (sanitize.go): on by default; their findings; the
	// finding "go to step" last went to (1-based, -1 none) and which side.
	Sanitize bool
	Hazards  []sim.Hazard
	HazSel   int
	HazOther bool
	san      *sanRun

	runStart   time.Time
	runSteps   int64
	runThreads int64
	sliceSteps int64
}

// NewApp returns the page's state with the first example loaded, ready
// to run.
func NewApp() *App {
	a := &App{CTA: -1, Warp: -1, Total: -1, Sanitize: true, HazSel: -1}
	if all := examples.All(); len(all) > 0 {
		a.LoadExample(all[0].Name)
	}
	return a
}

// LoadExample replaces the source and launch with an example's.
func (a *App) LoadExample(name string) error {
	ex, ok := examples.Get(name)
	if !ok {
		return fmt.Errorf("no example %q", name)
	}
	a.Example = name
	a.Name = name + ".ptx"
	a.Breaks = nil
	a.Source = ex.Source
	a.analyse()
	a.SetLaunchJSON(ex.Launch)
	a.Prepare()
	return nil
}

// SetSource takes new editor text: it re-checks it and marks the session
// stale (the next control rebuilds it).
func (a *App) SetSource(src string) {
	if src == a.Source {
		return
	}
	a.Source = src
	a.Example = ""
	a.analyse()
	a.Launch.Validate(a.Params)
	a.stale = true
}

// analyse checks the source and loads it when it has no errors.
func (a *App) analyse() {
	a.Diags = a.Diags[:0]
	a.Warns = nil
	list := limits.PageLimits().Precheck(a.Name, []byte(a.Source))
	if len(list) == 0 {
		list = check.Diagnose(a.Name, []byte(a.Source))
	}
	for _, e := range list {
		a.Diags = append(a.Diags, Diag{Kind: "error", Line: e.Pos.Line, Col: e.Pos.Col, Msg: e.Msg})
	}
	a.prog = nil
	if len(list) > 0 {
		return
	}
	p, cp, err := load(a.Name, a.Source)
	if err != nil {
		a.Diags = append(a.Diags, Diag{Kind: "error", Msg: err.Error()})
		return
	}
	a.prog = p
	a.Warns = warningDiags(cp)
	a.Kernels = p.Kernels()
	a.selectParams()
}

func load(name, src string) (p *sim.Program, cp *check.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error while loading (please report it): %v", r)
		}
	}()
	mod, perrs := ptx.Parse(name, []byte(src))
	if len(perrs) > 0 {
		return nil, nil, perrs[0]
	}
	cp, cerrs := check.Check(mod)
	if len(cerrs) > 0 {
		return nil, nil, cerrs[0]
	}
	p, err = sim.Load(cp)
	return p, cp, err
}

// selectParams reads the parameters of the launch's kernel.
func (a *App) selectParams() {
	a.Params = nil
	if a.prog == nil {
		return
	}
	k := a.Launch.Kernel
	if k == "" && len(a.Kernels) == 1 {
		k = a.Kernels[0]
	}
	if ps, _, ok := a.prog.Params(k); ok {
		a.Params = ps
	}
}

// SetLaunchJSON takes the raw JSON view's text.
func (a *App) SetLaunchJSON(text string) {
	a.LaunchJSON = text
	f, err := ParseLaunchForm([]byte(text))
	if err != nil {
		a.JSONErr = err.Error()
		return
	}
	a.JSONErr = ""
	a.Launch = *f
	a.selectParams()
	a.Launch.Validate(a.Params)
	a.stale = true
}

// FormChanged re-derives the JSON view after a form field changed.
func (a *App) FormChanged() {
	a.selectParams()
	a.Launch.Validate(a.Params)
	a.LaunchJSON = a.Launch.JSON()
	a.JSONErr = ""
	a.stale = true
}

// Template fills the launch from the selected kernel's parameters.
func (a *App) Template() {
	if a.prog == nil {
		a.RunMsgs = []Diag{{Kind: "launch", Msg: "fix the errors in the source first: the template needs the kernel's parameters"}}
		return
	}
	k := a.Launch.Kernel
	if k == "" || !contains(a.Kernels, k) {
		k = a.Kernels[0]
	}
	ps, _, _ := a.prog.Params(k)
	a.Launch = *TemplateForm(k, ps, a.Source, len(a.Kernels) > 1)
	a.FormChanged()
	a.RunMsgs = []Diag{{Kind: "note", Msg: "launch filled from the parameters of " + k + ": check the sizes and values, then Run"}}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Prepare makes a fresh session from the source and launch, at step 0.
// It reports whether the session is ready.
func (a *App) Prepare() bool {
	a.stale = false
	a.S, a.Res, a.Snap, a.Types = nil, nil, nil, nil
	a.san, a.Hazards, a.HazSel = nil, nil, -1
	a.Total = -1
	a.Budget = false
	a.RunMsgs = nil
	if a.prog == nil {
		if len(a.Diags) > 0 {
			a.RunMsgs = []Diag{{Kind: "error", Msg: fmt.Sprintf("the source has %d error(s): see the marks in the editor", len(a.Diags))}}
		}
		return false
	}
	if a.JSONErr != "" {
		a.RunMsgs = []Diag{{Kind: "launch", Msg: "launch JSON: " + a.JSONErr}}
		return false
	}
	if bad := a.Launch.Validate(a.Params); bad > 0 {
		a.RunMsgs = []Diag{{Kind: "launch", Msg: fmt.Sprintf("the launch has %d field error(s): see the launch panel", bad)}}
		return false
	}
	sp, err := launch.ParseSpec([]byte(a.Launch.JSON()))
	if err == nil {
		a.Res = &launch.Result{Buffers: map[string]*launch.Buffer{}}
		var m *sim.Machine
		m, err = prepare(a.prog, sp, a.Res)
		if err == nil {
			a.S = sim.NewSession(m, HistoryBudget)
			a.Grid = sp.Grid
			a.Cluster = [3]uint32{}
			if d, explicit := m.ClusterShape(); explicit {
				a.Cluster = d
			}
			a.Types = BufferTypes(a.Res)
			a.Total = probeTotal(a.prog, sp)
			a.sanitizeStart(sp)
			a.refresh()
			return true
		}
	}
	a.RunMsgs = []Diag{{Kind: "launch", Msg: err.Error()}}
	a.Launch.Blame(err.Error())
	return false
}

func prepare(p *sim.Program, sp *launch.Spec, res *launch.Result) (m *sim.Machine, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error while preparing the launch (please report it): %v", r)
		}
	}()
	return launch.PrepareLimited(p, sp, res, limits.PageLimits())
}

// probeTotal runs a copy of the launch for at most totalProbe steps to
// learn its length; -1 when it runs longer (or fails to start).
func probeTotal(p *sim.Program, sp *launch.Spec) int64 {
	m, err := prepare(p, sp, &launch.Result{Buffers: map[string]*launch.Buffer{}})
	if err != nil {
		return -1
	}
	if !m.Run(totalProbe) {
		return -1
	}
	return m.Stats().WarpInstructions
}

// ensure rebuilds the session when the source or launch changed.
func (a *App) ensure() bool {
	if a.S == nil || a.stale {
		return a.Prepare()
	}
	return true
}

// Step executes one warp instruction.
func (a *App) Step() {
	if a.ensure() && !a.S.Done() {
		a.RunMsgs = nil
		a.S.Step()
		a.after()
	}
}

// StepWarp runs until the selected warp has executed one instruction.
func (a *App) StepWarp() {
	if !a.ensure() || a.S.Done() {
		return
	}
	a.RunMsgs = nil
	w := a.Warp
	if w < 0 {
		w = a.nextWarp()
	}
	if !a.S.StepWarpIn(a.CTA, w, 1_000_000) {
		a.RunMsgs = []Diag{{Kind: "note", Msg: fmt.Sprintf("warp %d cannot run any further in this CTA", w)}}
	}
	a.after()
}

func (a *App) nextWarp() int {
	if a.Snap != nil && a.Snap.Next != nil && a.Snap.Next.Warp >= 0 {
		return a.Snap.Next.Warp
	}
	return 0
}

// Back undoes the last step exactly.
func (a *App) Back() {
	if a.ensure() {
		a.RunMsgs = nil
		a.S.StepBack()
		a.after()
	}
}

// GoTo moves to step n, forward or back.
func (a *App) GoTo(n int64) {
	if a.ensure() {
		a.RunMsgs = nil
		a.S.GoTo(n)
		a.after()
	}
}

// Reset goes back to step 0 (rebuilding the session if anything changed).
func (a *App) Reset() {
	if a.S != nil && !a.stale {
		a.RunMsgs = nil
		a.S.Reset()
		a.Budget = false
		a.refresh()
		return
	}
	a.Prepare()
}

// Stop asks a run in progress to end at its next slice.
func (a *App) Stop() { a.stop = true }

// StartRun begins a run: from step 0 (fromStart) or from here, to the end,
// a breakpoint, a fault or the page's budget. The caller then calls
// RunSlice until it returns false.
func (a *App) StartRun(fromStart bool) bool {
	if !a.ensure() {
		return false
	}
	if fromStart {
		a.S.Reset()
	}
	a.RunMsgs = nil
	a.Budget = false
	a.Running, a.stop = true, false
	a.runStart = time.Now()
	a.runSteps = a.S.Steps()
	a.runThreads = a.S.Machine().Stats().ThreadInstructions
	a.sliceSteps = 2000
	return true
}

// RunSlice runs one slice of about SliceTime and reports whether the run
// goes on. Breakpoints stop it before their line executes.
func (a *App) RunSlice() bool {
	if !a.Running {
		return false
	}
	if a.stop {
		a.finishRun(sim.StopLimit, "stopped")
		return false
	}
	bps := a.breakpoints()
	t0 := time.Now()
	stop := a.S.Continue(bps, a.sliceSteps) // steps off a breakpoint it starts on
	el := time.Since(t0)
	// Aim the next slice at SliceTime.
	if el < SliceTime/2 && a.sliceSteps < 1<<24 {
		a.sliceSteps *= 2
	} else if el > SliceTime && a.sliceSteps > 16 {
		a.sliceSteps /= 2
	}
	since := time.Since(a.runStart)
	if since > 0 {
		a.Rate = float64(a.S.Machine().Stats().ThreadInstructions-a.runThreads) / since.Seconds()
	}
	if stop != sim.StopLimit {
		a.finishRun(stop, "")
		return false
	}
	if since >= RunBudget {
		a.finishRun(sim.StopLimit, "budget")
		return false
	}
	return true // the caller refreshes the snapshot when it redraws
}

func (a *App) breakpoints() []sim.Breakpoint {
	var bps []sim.Breakpoint
	for _, l := range a.Breaks {
		bps = append(bps, sim.Breakpoint{Line: l, CTA: -1, Warp: -1})
	}
	return bps
}

func (a *App) finishRun(stop sim.Stop, why string) {
	a.Running = false
	steps := a.S.Steps()
	switch {
	case why == "stopped":
		a.RunMsgs = append(a.RunMsgs, Diag{Kind: "note", Msg: fmt.Sprintf("stopped at step %d", steps)})
	case why == "budget":
		a.Budget = true
		a.RunMsgs = append(a.RunMsgs, Diag{Kind: "budget", Line: a.nextLine(),
			Msg: fmt.Sprintf("still running after %.1f s (%d warp instructions): the kernel may loop forever. Continue runs it for another %.0f s; Stop or Reset ends it.",
				time.Since(a.runStart).Seconds(), steps-a.runSteps, RunBudget.Seconds())})
	case stop == sim.StopBreakpoint:
		a.RunMsgs = append(a.RunMsgs, Diag{Kind: "note", Line: a.nextLine(), Msg: fmt.Sprintf("breakpoint at line %d (step %d)", a.nextLine(), steps)})
	case stop == sim.StopEnd:
		if a.S.Machine().Fault() == nil {
			a.Total = steps
		}
	}
	a.after()
}

func (a *App) nextLine() int {
	s := a.S.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0})
	if s.Next != nil {
		return s.Next.Line
	}
	return 0
}

// after refreshes the snapshot and reports a fault or the end of the run.
func (a *App) after() {
	a.refresh()
	if a.S == nil {
		return
	}
	a.sanitizeCatchUp()
	m := a.S.Machine()
	if f := m.Fault(); f != nil {
		a.RunMsgs = append(a.RunMsgs, Diag{Kind: "fault", Line: f.Line, Col: f.Col,
			Msg: fmt.Sprintf("fault in CTA (%d,%d,%d) warp %d lane %d (thread %d): %s", f.CTA[0], f.CTA[1], f.CTA[2], f.Warp, f.Lane, f.Warp*32+f.Lane, f.Msg)})
		return
	}
	if m.Done() {
		a.Total = a.S.Steps()
		st := m.Stats()
		a.RunMsgs = append(a.RunMsgs, Diag{Kind: "done", Msg: fmt.Sprintf("kernel finished: %d warp instructions, %d thread instructions", st.WarpInstructions, st.ThreadInstructions)})
	}
}

// refresh takes the snapshot the views draw.
func (a *App) refresh() {
	if a.S == nil {
		a.Snap = nil
		return
	}
	// Registers of the shown warp only: a 1024-thread CTA has 32 warps,
	// and the views draw one.
	w := a.Warp
	if w < 0 {
		w = 0
		if m := a.S.Machine(); m.Stats().WarpInstructions > 0 {
			w = m.Last().Warp
		}
	}
	a.Snap = a.S.Snapshot(sim.SnapshotOptions{CTA: a.CTA, Warp: w, Local: true})
}

// ShownWarp is the warp the views show: the selected one, or the one that
// issues next (or issued last) when following.
func (a *App) ShownWarp() int {
	if a.Warp >= 0 {
		return a.Warp
	}
	if a.Snap == nil {
		return 0
	}
	if a.Snap.Last != nil && (a.Snap.Next == nil || a.Snap.Next.Warp < 0) {
		return a.Snap.Last.Warp
	}
	if a.Snap.Last != nil {
		return a.Snap.Last.Warp
	}
	return 0
}

// CurrentLine is the next line of the shown warp (0 when none), and
// whether it is a fault's line.
func (a *App) CurrentLine() (int, bool) {
	if a.Snap == nil {
		return 0, false
	}
	if f := a.Snap.Fault; f != nil {
		return f.Line, true
	}
	w := a.ShownWarp()
	if w < len(a.Snap.Warps) && !a.Snap.Warps[w].Done {
		return a.Snap.Warps[w].Line, false
	}
	if a.Snap.Next != nil {
		return a.Snap.Next.Line, false
	}
	return 0, false
}

// StepText is the step counter: "step 42 / 310".
func (a *App) StepText() string {
	if a.S == nil {
		return "step - / -"
	}
	total := "?"
	if a.Total >= 0 {
		total = strconv.FormatInt(a.Total, 10)
	}
	return "step " + strconv.FormatInt(a.S.Steps(), 10) + " / " + total
}

// Progress describes a run in progress.
func (a *App) Progress() string {
	if !a.Running || a.S == nil {
		return ""
	}
	return fmt.Sprintf("running: %d steps, %s thread-instructions/s", a.S.Steps(), humanRate(a.Rate))
}

func humanRate(r float64) string {
	switch {
	case r >= 1e9:
		return fmt.Sprintf("%.2fG", r/1e9)
	case r >= 1e6:
		return fmt.Sprintf("%.1fM", r/1e6)
	case r >= 1e3:
		return fmt.Sprintf("%.1fk", r/1e3)
	}
	return fmt.Sprintf("%.0f", r)
}

// AllDiags is the diagnostics panel: the source's errors, then what the
// last action said.
func (a *App) AllDiags() []Diag {
	out := make([]Diag, 0, len(a.Diags)+len(a.Warns)+len(a.RunMsgs)+len(a.Hazards))
	out = append(out, a.Diags...)
	out = append(out, a.Warns...)
	out = append(out, a.RunMsgs...)
	return append(out, a.hazardDiags()...)
}

// editorDiag is one of the editor's marks.
type editorDiag struct {
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Msg      string `json:"msg"`
	Severity string `json:"severity,omitempty"`
}

// editorDiags appends the editor's copy of the check diagnostics to dst.
func (a *App) editorDiags(dst []editorDiag) []editorDiag {
	for _, x := range a.Diags {
		if x.Line > 0 {
			dst = append(dst, editorDiag{x.Line, x.Col, x.Msg, ""})
		}
	}
	for _, x := range a.Warns {
		dst = append(dst, editorDiag{x.Line, x.Col, x.Msg, "warning"})
	}
	// Sanitizer findings: both lines of each (sanitize.go).
	for _, h := range a.Hazards {
		if h.Line > 0 {
			dst = append(dst, editorDiag{h.Line, h.Col, h.Kind + ": " + h.Message, "warning"})
		}
		if h.Other != nil && h.Other.Line > 0 {
			dst = append(dst, editorDiag{h.Other.Line, h.Other.Col, fmt.Sprintf("%s: the other access of the finding at line %d: %s", h.Kind, h.Line, h.Message), "warning"})
		}
	}
	return dst
}

// editorDiagsJSON is the editor's diagnostics as the editor takes them: a
// JSON array, [] when there are none.
func editorDiagsJSON(list []editorDiag) string {
	if len(list) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(list)
	return string(b)
}

// DiagsJSON is the editor's copy of the check diagnostics.
func (a *App) DiagsJSON() string { return editorDiagsJSON(a.editorDiags(nil)) }

// ResultText lists an output buffer's values after the kernel finished.
func (a *App) Outputs() []Output {
	if a.S == nil || a.Res == nil || !a.S.Done() {
		return nil
	}
	res := &launch.Result{Names: a.Res.Names, Buffers: map[string]*launch.Buffer{}}
	for _, n := range a.Res.Names {
		b := a.Res.Buffers[n]
		res.Buffers[n] = &launch.Buffer{Type: b.Type, Data: make([]uint64, len(b.Data))}
	}
	launch.Collect(a.S.Machine(), res)
	var out []Output
	for _, n := range res.Names {
		b := res.Buffers[n]
		var vals []string
		for i, v := range b.Data {
			if i == 64 {
				vals = append(vals, fmt.Sprintf("… %d more", len(b.Data)-64))
				break
			}
			vals = append(vals, launch.FormatValue(b.Type, v))
		}
		out = append(out, Output{Name: n, Type: strings.TrimPrefix(b.Type, "."), Values: strings.Join(vals, ", ")})
	}
	return out
}

// Output is one buffer in the results after a run.
type Output struct {
	Name, Type, Values string
}
