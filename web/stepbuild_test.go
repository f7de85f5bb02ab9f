package web

import (
	"testing"

	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/vugu/vugu"
)

// stepPage is the full page (Root) as BenchmarkPageStep sets it up in the
// browser: the ALU kernel's 1024-thread CTA, the launch JSON view open,
// 70 steps in.
func stepPage(tb testing.TB) (*Root, *vugu.BuildEnv) {
	tb.Helper()
	var k launch.BenchKernel
	for _, bk := range launch.BenchKernels() {
		if bk.Name == "alu" {
			k = bk
		}
	}
	app := NewApp()
	app.SetSource(string(k.Source))
	app.SetLaunchJSON(string(k.Launch))
	root := &Root{A: app, ShowJSON: true}
	env, err := vugu.NewBuildEnv()
	if err != nil {
		tb.Fatal(err)
	}
	env.RunBuild(root)
	for range 70 {
		root.Do("step")
		env.RunBuild(root)
	}
	if app.S == nil || app.S.Steps() != 70 {
		tb.Fatalf("after 70 steps of alu: %v", app.AllDiags())
	}
	return root, env
}

// BenchmarkStepBuild: the Go side of one page step outside the browser:
// the step, Vugu's build of the whole page, and the quick render's layout
// of it and diff against the build before (web/quickrender.go). The data
// views' populate callbacks and every JavaScript call are not in it.
func BenchmarkStepBuild(b *testing.B) {
	root, env := stepPage(b)
	prev := NewQuickTree(env.RunBuild(root), nil)
	var spare *QuickTree
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		root.Do("step")
		cur := NewQuickTree(env.RunBuild(root), spare)
		if prev.Diff(cur) == nil {
			b.Fatal("a step changed the page's shape")
		}
		prev, spare = cur, prev
	}
}
