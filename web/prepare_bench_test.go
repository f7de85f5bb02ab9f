package web

// prepare_bench_test.go: what the page's first Run after an edit waits
// for (App.Prepare: the session, the length probe and the sanitizers' run
// to the end of the kernel), on the benchmark kernels, against Prepare
// with the sanitizers off and against the kernel's run itself
// (docs/benchmarks.md "Session 14: sanitizers"):
//
//	go test ./web -run '^$' -bench Prepare -benchtime 5x

import (
	"testing"
	"time"

	"github.com/ptxplay/ptxplay/core/launch"
)

func BenchmarkPrepare(b *testing.B) {
	defer func(t time.Duration) { SanitizeTime = t }(SanitizeTime)
	SanitizeTime = time.Hour // the sanitizers' whole run, not the page's first slice of it
	for _, k := range launch.BenchKernels() {
		for _, v := range []struct {
			name string
			san  bool
		}{{"sanitized", true}, {"plain", false}} {
			b.Run(k.Name+"/"+v.name, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					a := &App{CTA: -1, Warp: -1, Total: -1, HazSel: -1, Sanitize: v.san, Name: k.Name + ".ptx"}
					a.SetSource(string(k.Source))
					a.SetLaunchJSON(string(k.Launch))
					if !a.Prepare() {
						b.Fatalf("%s: the launch did not prepare", k.Name)
					}
					if v.san && (a.san == nil || !a.san.m.Done() || len(a.Hazards) > 0) {
						b.Fatalf("%s: the sanitizers did not run to the end, or found %v", k.Name, a.Hazards)
					}
				}
			})
		}
	}
}
