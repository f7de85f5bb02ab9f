package web

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/vugu/vugu"
	"github.com/vugu/vugu/staticrender"
)

// pageHTML renders a build of the page with Vugu's static renderer.
func pageHTML(t *testing.T, env *vugu.BuildEnv, root *Root) string {
	t.Helper()
	var buf bytes.Buffer
	if err := staticrender.New(&buf).Render(env.RunBuild(root)); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// launchOut is the launch panel's build in env's last build.
func launchOut(t *testing.T, env *vugu.BuildEnv, root *Root) *vugu.BuildOut {
	t.Helper()
	br := env.RunBuild(root)
	for c, out := range buildOuts(br) {
		if _, ok := c.(*LaunchPanel); ok {
			return out
		}
	}
	t.Fatal("no launch panel in the page's build")
	return nil
}

// buildOuts lists a build's components with their output.
func buildOuts(br *vugu.BuildResults) map[vugu.Builder]*vugu.BuildOut {
	m := map[vugu.Builder]*vugu.BuildOut{}
	var walk func(bo *vugu.BuildOut)
	walk = func(bo *vugu.BuildOut) {
		for _, c := range bo.Components {
			if out := br.ResultFor(c); out != nil {
				m[c] = out
				walk(out)
			}
		}
	}
	walk(br.Out)
	return m
}

// TestLaunchPanelKeptOnlyWhileTheSame: the launch panel's build is given
// again through steps, and built anew on every change to what it shows; a
// page whose panel was kept through all the changes below renders as a page
// built from nothing.
func TestLaunchPanelKeptOnlyWhileTheSame(t *testing.T) {
	root, env := stepPage(t)
	a := root.A
	src := a.Source
	two := src + "\n" + strings.Replace(src[strings.Index(src, ".visible .entry"):], "alu(", "alu_two(", 1)
	changes := []struct {
		desc string
		do   func()
		kept bool
	}{
		{"a step", func() { root.Do("step") }, true},
		{"ten steps", func() {
			for range 10 {
				root.Do("step")
			}
		}, true},
		{"a step back", func() { root.Do("step-back") }, true},
		{"the grid dims", func() { a.Launch.Grid = "1, 1, 1"; a.FormChanged() }, false},
		{"a bad block", func() { a.Launch.Block = "x"; a.FormChanged() }, false},
		{"the block back", func() { a.Launch.Block = "1024"; a.FormChanged() }, false},
		{"shared memory", func() { a.Launch.Shared = "128"; a.FormChanged() }, false},
		{"a cluster", func() { a.Launch.Cluster = "1"; a.FormChanged() }, false},
		{"top-level buffers", func() { a.Launch.Buffers = `{"m": {"type": "f16", "count": 8}}`; a.FormChanged() }, false},
		{"an argument's count", func() { a.Launch.Args[0].Count = "64"; a.FormChanged() }, false},
		{"an argument's fill", func() { a.Launch.Args[0].Fill = "iota"; a.FormChanged() }, false},
		{"an argument's type", func() { a.Launch.Args[0].Type = "f32"; a.FormChanged() }, false},
		{"an argument's data", func() { a.Launch.Args[0].Data = "1, 2"; a.FormChanged() }, false},
		{"a buffer made a value", func() { a.Launch.Args[0].Buffer = false; a.FormChanged() }, false},
		{"a scalar's value", func() { a.Launch.Args[1].Value = "3"; a.FormChanged() }, false},
		{"a tensor map", func() { a.Launch.Args[0].TMap = true; a.Launch.Args[0].Map = TensorMapTemplate; a.FormChanged() }, false},
		{"bad launch JSON", func() { a.SetLaunchJSON(`{"kernel": `) }, false},
		{"good launch JSON", func() {
			a.SetLaunchJSON(`{"kernel": "alu", "grid": 1, "block": 32, "args": {"out": {"type": "u32", "count": 32}, "iters": 2}}`)
		}, false},
		{"the JSON view hidden", func() { root.ShowJSON = false }, false},
		{"the JSON view shown", func() { root.ShowJSON = true }, false},
		{"the panel closed", func() { root.LaunchClosed = true }, false},
		{"a step with the panel closed", func() { root.Do("step") }, true},
		{"the panel opened", func() { root.LaunchClosed = false }, false},
		{"a source with two kernels", func() { a.SetSource(two) }, false},
		{"the second kernel", func() { a.Launch.Kernel = "alu_two"; a.FormChanged() }, false},
		{"the template from its parameters", func() { root.Do("template") }, false},
		{"a run", func() { root.Do("reset"); root.Do("step") }, true},
	}
	prev := launchOut(t, env, root)
	for _, c := range changes {
		c.do()
		out := launchOut(t, env, root)
		if kept := out == prev; kept != c.kept {
			t.Errorf("%s: the panel's build kept %v, want %v", c.desc, kept, c.kept)
		}
		prev = out
		fresh, err := vugu.NewBuildEnv()
		if err != nil {
			t.Fatal(err)
		}
		if got, want := pageHTML(t, env, root), pageHTML(t, fresh, root); got != want {
			t.Errorf("%s: the page with the panel kept differs from a fresh build:\n got %.300s\nwant %.300s", c.desc, diffAt(got, want), diffAt(want, got))
		}
	}
}

// diffAt is s from a little before where it first differs from o.
func diffAt(s, o string) string {
	i := 0
	for i < len(s) && i < len(o) && s[i] == o[i] {
		i++
	}
	return s[max(0, i-80):]
}

// TestLaunchKeyCoversTheForm: launchKey compares every field of a
// LaunchForm but Args (formText); a field added to LaunchForm must be added
// there too, or a change to it would leave the panel as it was. (The rows
// are compared whole with slices.Equal, which does not compile once ArgRow
// is no longer comparable.)
func TestLaunchKeyCoversTheForm(t *testing.T) {
	f := reflect.TypeFor[LaunchForm]()
	var scalars []string
	for i := range f.NumField() {
		if fl := f.Field(i); fl.Name != "Args" {
			if fl.Type.Kind() != reflect.String {
				t.Errorf("LaunchForm.%s is a %v: formText holds strings", fl.Name, fl.Type)
			}
			scalars = append(scalars, fl.Name)
		}
	}
	if n := reflect.TypeFor[formText]().Len(); len(scalars) != n {
		t.Errorf("LaunchForm has %d fields besides Args (%v), formText %d", len(scalars), scalars, n)
	}
	// formTextOf puts each field at its own place.
	var lf LaunchForm
	v := reflect.ValueOf(&lf).Elem()
	seen := map[string]bool{}
	for _, name := range scalars {
		v.FieldByName(name).SetString("x-" + name)
	}
	for _, s := range formTextOf(&lf) {
		seen[s] = true
	}
	for _, name := range scalars {
		if !seen["x-"+name] {
			t.Errorf("formTextOf leaves out LaunchForm.%s", name)
		}
	}
}

// memviewOut is the memory view's component and build in env's next build.
func memviewOut(t *testing.T, env *vugu.BuildEnv, root *Root) (*MemviewKept, *vugu.BuildOut) {
	t.Helper()
	for c, out := range buildOuts(env.RunBuild(root)) {
		if m, ok := c.(*MemviewKept); ok {
			return m, out
		}
	}
	return nil, nil
}

// TestMemviewKeptOnlyWhileTheSame: through the steps of examples that
// write global and shared memory (and copy over it), with the tab, view,
// element type, lane and page changed on the way, the page whose memory
// view kept its build when it could renders as a page built from nothing;
// the build is kept on some steps and built anew on others.
func TestMemviewKeptOnlyWhileTheSame(t *testing.T) {
	for _, ex := range []string{"vadd", "transpose", "tma_tile", "race_reduce", "histogram"} {
		t.Run(ex, func(t *testing.T) {
			a := NewApp()
			if err := a.LoadExample(ex); err != nil {
				t.Fatal(err)
			}
			root := &Root{A: a}
			env, err := vugu.NewBuildEnv()
			if err != nil {
				t.Fatal(err)
			}
			env.RunBuild(root)
			kept, built := 0, 0
			var prev *vugu.BuildOut
			for i := range 120 {
				m, _ := memviewOut(t, env, root)
				if m != nil {
					switch i {
					case 20:
						m.Tab = tabShared
					case 30:
						m.RawType = "f32"
					case 35:
						m.Tab = tabLocal
					case 40:
						m.Lane = 3
					case 45:
						m.Tab = tabAccess
					case 55:
						m.Tab = tabBuffers
					case 60:
						m.View = ViewHex
					case 70:
						m.pageTo("g:out", 1)
					}
				}
				root.Do("step")
				m, out := memviewOut(t, env, root)
				if m == nil {
					continue
				}
				if out == prev {
					kept++
				} else {
					built++
				}
				prev = out
				if m.tab() == tabAccess {
					// Always built; the last access it shows is tracked
					// across the steps, which a fresh view has not seen.
					continue
				}
				fresh, err := vugu.NewBuildEnv()
				if err != nil {
					t.Fatal(err)
				}
				// The fresh build's memory view starts on its defaults: give
				// it the kept one's choices.
				for c := range buildOuts(fresh.RunBuild(root)) {
					if f, ok := c.(*MemviewKept); ok {
						f.Tab, f.RawType, f.Lane, f.View = m.Tab, m.RawType, m.Lane, m.View
						for k, tb := range m.tables {
							f.table(k).page = tb.page
						}
					}
				}
				if got, want := pageHTML(t, env, root), pageHTML(t, fresh, root); got != want {
					t.Fatalf("step %d (tab %q): the page with the memory view kept differs from a fresh build:\n got %.300s\nwant %.300s", i, m.tab(), diffAt(got, want), diffAt(want, got))
				}
			}
			if kept == 0 || built == 0 {
				t.Errorf("the memory view's build kept on %d steps, built on %d: want some of each", kept, built)
			}
		})
	}
}

// TestMemviewKeyCoversTheInfo: sameInfo compares every field of a
// memTableInfo but Copies (compared whole); a field added to it must be
// compared there too.
func TestMemviewKeyCoversTheInfo(t *testing.T) {
	typ := reflect.TypeFor[memTableInfo]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if f.Name == "Copies" {
			continue
		}
		var a, b memTableInfo
		switch f.Type.Kind() {
		case reflect.String:
			reflect.ValueOf(&b).Elem().Field(i).SetString("x")
		case reflect.Int:
			reflect.ValueOf(&b).Elem().Field(i).SetInt(1)
		default:
			t.Errorf("memTableInfo.%s is a %v: sameInfo compares strings and ints", f.Name, f.Type)
			continue
		}
		if sameInfo(&a, &b) {
			t.Errorf("sameInfo does not compare memTableInfo.%s", f.Name)
		}
	}
}

// TestRegridKeptOnlyWhileTheSame: through the steps of examples to their
// end, with a warp that has not started or has finished picked, the view
// and the compact choice changed on the way, the page whose register grid
// kept its build when it could renders as a page built from nothing; the
// build is kept on some steps and built anew on others.
func TestRegridKeptOnlyWhileTheSame(t *testing.T) {
	for _, ex := range []string{"vadd", "divergent_loop", "shfl_reduce"} {
		t.Run(ex, func(t *testing.T) {
			a := NewApp()
			if err := a.LoadExample(ex); err != nil {
				t.Fatal(err)
			}
			root := &Root{A: a}
			env, err := vugu.NewBuildEnv()
			if err != nil {
				t.Fatal(err)
			}
			env.RunBuild(root)
			kept, built := 0, 0
			var prev *vugu.BuildOut
			grid := func(env *vugu.BuildEnv) (*RegridKept, *vugu.BuildOut) {
				for c, out := range buildOuts(env.RunBuild(root)) {
					if g, ok := c.(*RegridKept); ok {
						return g, out
					}
				}
				return nil, nil
			}
			for i := range 200 {
				switch i {
				case 5:
					a.Warp = 7 // not started (or not in the CTA)
				case 10:
					a.Warp = -1
				}
				if g, _ := grid(env); g != nil {
					switch i {
					case 15:
						g.View = ViewHex
					case 20:
						g.Compact = "on"
					case 25:
						g.Compact = "off"
					case 30:
						g.Compact = ""
						g.View = ViewSigned
					}
				}
				root.Do("step")
				g, out := grid(env)
				if g == nil {
					continue
				}
				if out == prev {
					kept++
				} else {
					built++
				}
				prev = out
				fresh, err := vugu.NewBuildEnv()
				if err != nil {
					t.Fatal(err)
				}
				// The fresh build's grid starts on its defaults: give it the
				// kept one's choices.
				for c := range buildOuts(fresh.RunBuild(root)) {
					if f, ok := c.(*RegridKept); ok {
						f.View, f.Compact = g.View, g.Compact
					}
				}
				if got, want := pageHTML(t, env, root), pageHTML(t, fresh, root); got != want {
					t.Fatalf("step %d (note %q): the page with the grid kept differs from a fresh build:\n got %.300s\nwant %.300s", i, g.note(), diffAt(got, want), diffAt(want, got))
				}
			}
			if kept == 0 || built == 0 {
				t.Errorf("the grid's build kept on %d steps, built on %d: want some of each", kept, built)
			}
		})
	}
}
