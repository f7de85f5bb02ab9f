package launch

// sanitize_bench_test.go: what the sanitizers cost on the alu, reduce and
// diverge kernels (docs/benchmarks.md): each sanitizer alone, all three,
// and none. Every iteration runs every variant once, in an order that
// rotates, so that load on a shared machine falls on all alike; the
// figures are CPU time per run and its ratio to "off".
//
//	go test ./core/launch -run '^$' -bench Sanitize -benchtime 20x

import (
	"testing"
	"time"

	"github.com/ptxplay/ptxplay/core/sim"
)

func BenchmarkSanitize(b *testing.B) {
	variants := []struct {
		name string
		k    sim.Sanitize
	}{{"off", 0}, {"race", sim.SanRace}, {"sync", sim.SanSync}, {"init", sim.SanInit}, {"all", sim.SanAll}}
	for _, k := range BenchKernels() {
		if k.Name != "alu" && k.Name != "reduce" && k.Name != "diverge" {
			continue
		}
		b.Run(k.Name, func(b *testing.B) {
			cpu := make([]time.Duration, len(variants))
			for i := 0; i < b.N; i++ {
				for j := range variants {
					v := variants[(i+j)%len(variants)]
					res := &Result{Buffers: map[string]*Buffer{}}
					p, spec, err := loadForBench(k)
					if err != nil {
						b.Fatal(err)
					}
					m, err := Prepare(p, spec, res)
					if err != nil {
						b.Fatal(err)
					}
					SanitizeMachine(m, res, v.k)
					start := cpuTime()
					if start == 0 { // no CPU clock here: wall time
						t := time.Now()
						m.Run(0)
						cpu[(i+j)%len(variants)] += time.Since(t)
					} else {
						m.Run(0)
						cpu[(i+j)%len(variants)] += cpuTime() - start
					}
					if f := m.Fault(); f != nil {
						b.Fatal(f.Msg)
					}
					if hz := m.Hazards(); len(hz) > 0 {
						b.Fatalf("%s: finding %s", k.Name, hz[0].Message)
					}
				}
			}
			for j, v := range variants {
				b.ReportMetric(float64(cpu[j].Microseconds())/float64(b.N), v.name+"-us")
				if j > 0 {
					b.ReportMetric(float64(cpu[j])/float64(cpu[0]), v.name+"/off")
				}
			}
		})
	}
}

// BenchmarkSanitizedRun is the page's sanitizers' run (web App.Prepare's
// sanitizeStart): the benchmark launch prepared, all three sanitizers on,
// run to the end; only the run is timed. The findings must stay none.
//
//	go test ./core/launch -run '^$' -bench SanitizedRun -benchtime 5x
func BenchmarkSanitizedRun(b *testing.B) {
	for _, k := range BenchKernels() {
		if k.Name != "reduce" && k.Name != "vadd" && k.Name != "transpose" {
			continue
		}
		b.Run(k.Name, func(b *testing.B) {
			p, spec, err := loadForBench(k)
			if err != nil {
				b.Fatal(err)
			}
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				res := &Result{Buffers: map[string]*Buffer{}}
				m, err := Prepare(p, spec, res)
				if err != nil {
					b.Fatal(err)
				}
				SanitizeMachine(m, res, sim.SanAll)
				b.StartTimer()
				m.Run(0)
				if f := m.Fault(); f != nil {
					b.Fatal(f.Msg)
				}
				if hz := m.Hazards(); len(hz) > 0 {
					b.Fatalf("%s: finding %s", k.Name, hz[0].Message)
				}
			}
		})
	}
}
