// Package app is the data-view bench page: the register grid, warp view and
// memory views of package web on one kernel, without the editor and the
// rest of the playground, so that browser tests and benchmarks measure the
// views alone. The kernel comes from the page's query (?k=NAME): one of
// core/launch's benchmark kernels (alu, reduce, diverge), one embedded
// here (grid, mem, wide), the 200-register kernel "many", or an example
// (ex:NAME).
package app

import (
	"embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/ptx"
	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/ptxplay/ptxplay/examples"
	"github.com/ptxplay/ptxplay/web"
	"github.com/vugu/vugu"
)

//go:embed *.ptx *.json
var kernels embed.FS

// Root is the page.
type Root struct {
	Kernel string
	S      *sim.Session
	Snap   *sim.Snapshot
	Warp   int
	Types  map[string]string
	Err    string
}

// Load prepares the kernel named name.
func (c *Root) Load(name string) {
	c.Kernel = name
	src, spec, err := kernelFiles(name)
	if err == nil {
		c.S, c.Types, err = session(name, src, spec)
	}
	if err != nil {
		c.Err = err.Error()
		return
	}
	c.Refresh()
}

func kernelFiles(name string) (src, spec []byte, err error) {
	if name == "many" {
		return []byte(manyRegs(200)), []byte(`{"grid": 1, "block": 32, "args": {}}`), nil
	}
	if ex, ok := strings.CutPrefix(name, "ex:"); ok {
		e, found := examples.Get(ex)
		if !found {
			return nil, nil, fmt.Errorf("no example %q", ex)
		}
		return []byte(e.Source), []byte(e.Launch), nil
	}
	for _, k := range launch.BenchKernels() {
		if k.Name == name {
			return k.Source, k.Launch, nil
		}
	}
	if src, err = kernels.ReadFile(name + ".ptx"); err != nil {
		return nil, nil, fmt.Errorf("no kernel %q", name)
	}
	spec, err = kernels.ReadFile(name + ".json")
	return src, spec, err
}

func session(name string, src, spec []byte) (*sim.Session, map[string]string, error) {
	mod, perrs := ptx.Parse(name+".ptx", src)
	if len(perrs) > 0 {
		return nil, nil, perrs[0]
	}
	prog, cerrs := check.Check(mod)
	if len(cerrs) > 0 {
		return nil, nil, cerrs[0]
	}
	p, err := sim.Load(prog)
	if err != nil {
		return nil, nil, err
	}
	sp, err := launch.ParseSpec(spec)
	if err != nil {
		return nil, nil, err
	}
	res := &launch.Result{Buffers: map[string]*launch.Buffer{}}
	m, err := launch.Prepare(p, sp, res)
	if err != nil {
		return nil, nil, err
	}
	return sim.NewSession(m, 0), web.BufferTypes(res), nil
}

// manyRegs is a kernel of n .b32 registers, each the mad of the one
// before: %r0 = tid, %rK = %r(K-1) * 1664525 + 7919*K. Its grid is longer
// than the window of rows the register grid puts in the page.
func manyRegs(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".version 7.0\n.target sm_80\n.address_size 64\n\n.visible .entry many()\n{\n\t.reg .b32 %%r<%d>;\n\tmov.u32 %%r0, %%tid.x;\n", n)
	for k := 1; k < n; k++ {
		fmt.Fprintf(&b, "\tmad.lo.u32 %%r%d, %%r%d, 1664525, %d;\n", k, k-1, 7919*k)
	}
	b.WriteString("\tret;\n}\n")
	return b.String()
}

// Refresh takes the snapshot the views draw.
func (c *Root) Refresh() {
	if c.S != nil {
		c.Snap = c.S.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: c.Warp, Local: true})
	}
}

// Step runs n steps.
func (c *Root) Step(n int) {
	if c.S == nil {
		return
	}
	for range n {
		c.S.Step()
	}
	c.Refresh()
}

// Back steps back once.
func (c *Root) Back() {
	if c.S != nil {
		c.S.StepBack()
		c.Refresh()
	}
}

// SetWarp selects warp w.
func (c *Root) SetWarp(w int) {
	c.Warp = w
	c.Refresh()
}

func (c *Root) setWarp(e vugu.DOMEvent) {
	if w, err := strconv.Atoi(e.PropString("target", "value")); err == nil {
		c.SetWarp(w)
	}
}

func (c *Root) warps() []int {
	if c.Snap == nil {
		return nil
	}
	ws := make([]int, len(c.Snap.Warps))
	for i := range ws {
		ws[i] = i
	}
	return ws
}

func (c *Root) stepText() string {
	if c.S == nil {
		return ""
	}
	s := "step " + strconv.FormatInt(c.S.Steps(), 10)
	if c.S.Done() {
		s += " (done)"
	}
	return s
}

func (c *Root) title() string { return "ptxplay data views: " + strings.TrimSpace(c.Kernel) }
