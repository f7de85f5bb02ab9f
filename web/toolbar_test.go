package web

// toolbar_test.go: the toolbar's kept build (toolbar.go).

import (
	"testing"

	"github.com/vugu/vugu"
)

// toolbarOut is the toolbar's build in env's next build.
func toolbarOut(t *testing.T, env *vugu.BuildEnv, root *Root) *vugu.BuildOut {
	t.Helper()
	for c, out := range buildOuts(env.RunBuild(root)) {
		if _, ok := c.(*ToolbarKept); ok {
			return out
		}
	}
	t.Fatal("no toolbar in the page's build")
	return nil
}

// TestToolbarKeptOnlyWhileTheSame: the toolbar's build is given again
// through steps, whose step count is built on every render, and built anew
// on every change to what it shows; after each change the page renders as
// a page built from nothing.
func TestToolbarKeptOnlyWhileTheSame(t *testing.T) {
	root, env := stepPage(t)
	a := root.A
	defer func() { lastShared = "" }()
	const (
		built = iota
		kept
		either // a step may change the warp menu's "follow (N)" or a cluster's phases
	)
	changes := []struct {
		desc string
		do   func()
		want int
	}{
		{"a step", func() { root.Do("step") }, kept},
		{"ten steps", func() {
			for range 10 {
				root.Do("step")
			}
		}, kept},
		{"a step back", func() { root.Do("step-back") }, kept},
		{"the dark theme", func() { root.Do("theme") }, built},
		{"a step in it", func() { root.Do("step") }, kept},
		{"the large font", func() { root.Do("large") }, built},
		{"the normal font", func() { root.Do("large") }, built},
		{"the sanitizers off", func() { root.Do("sanitize") }, built},
		{"the sanitizers on", func() { root.Do("sanitize") }, built},
		{"warp 3 picked", func() { a.Warp = 3 }, built},
		{"a step of warp 3", func() { root.Do("step") }, kept},
		{"the running warp followed", func() { a.Warp = -1 }, built},
		{"CTA 0 picked", func() { a.CTA = 0 }, built},
		{"the running CTA", func() { a.CTA = -1 }, built},
		{"running", func() { a.Running = true }, built},
		{"stopped", func() { a.Running = false }, built},
		{"a shared link", func() { root.shared("https://ptxplay.example/#x", "") }, built},
		{"a step with the link", func() { root.Do("step") }, kept},
		{"the link gone", func() { lastShared = "" }, built},
		{"a run to the end", func() { root.Do("continue") }, either},
		{"reset", func() { root.Do("reset") }, either},
		{"an example of two CTAs", func() {
			if err := a.LoadExample("vadd"); err != nil {
				t.Fatal(err)
			}
		}, built},
		{"its first step", func() { root.Do("step") }, either},
		{"its second CTA picked", func() { a.CTA = 1 }, built},
		{"a step of it", func() { root.Do("step") }, either},
		{"an example with clusters", func() {
			if err := a.LoadExample("dsmem_exchange"); err != nil {
				t.Fatal(err)
			}
		}, built},
	}
	for range 200 {
		changes = append(changes, struct {
			desc string
			do   func()
			want int
		}{"a step with clusters", func() { root.Do("step") }, either})
	}
	prev := toolbarOut(t, env, root)
	nkept := 0
	for _, c := range changes {
		c.do()
		out := toolbarOut(t, env, root)
		k := out == prev
		if k {
			nkept++
		}
		if c.want != either && k != (c.want == kept) {
			t.Errorf("%s: the toolbar's build kept %v, want %v", c.desc, k, c.want == kept)
		}
		prev = out
		fresh, err := vugu.NewBuildEnv()
		if err != nil {
			t.Fatal(err)
		}
		if got, want := pageHTML(t, env, root), pageHTML(t, fresh, root); got != want {
			t.Errorf("%s: the page with the toolbar kept differs from a fresh build:\n got %.300s\nwant %.300s", c.desc, diffAt(got, want), diffAt(want, got))
		}
	}
	if nkept < 10 {
		t.Errorf("the toolbar's build kept on %d renders of %d", nkept, len(changes))
	}
}
