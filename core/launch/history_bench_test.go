package launch

import (
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

// aluLaunch runs the ALU kernel with a chosen trip count.
func aluLaunch(iters int) []byte {
	return []byte(`{"kernel": "alu", "grid": 1, "block": 1024, "args": {"out": {"type": "u32", "count": 1024}, "iters": ` + itoa(iters) + `}}`)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	return string(d)
}

// BenchmarkStepSnapshot: one step plus a full snapshot (every warp's
// registers) of a 1024-thread CTA, as the page does per click.
func BenchmarkStepSnapshot(b *testing.B) {
	k := benchKernel(nil, "alu")
	s := sim.NewSession(newMachine(b, k.Source, aluLaunch(1000000)), 0)
	s.GoTo(1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Step()
		snap := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: -1})
		if len(snap.Warps) != 32 {
			b.Fatal("missing warps")
		}
	}
}

// BenchmarkStepBack: one step back in a long run (restore a checkpoint and
// replay up to the checkpoint interval).
func BenchmarkStepBack(b *testing.B) {
	k := benchKernel(nil, "alu")
	s := sim.NewSession(newMachine(b, k.Source, aluLaunch(1000000)), 0)
	s.GoTo(100_000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if !s.StepBack() {
			b.Fatal("cannot step back")
		}
	}
}

// BenchmarkHistory compares running the ALU kernel with and without
// history, and reports the history's memory per million steps.
func BenchmarkHistory(b *testing.B) {
	k := benchKernel(nil, "alu")
	spec := aluLaunch(3200) // about a million warp instructions
	b.Run("off", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			m := newMachine(b, k.Source, spec)
			m.Run(0)
			b.ReportMetric(float64(m.Stats().WarpInstructions), "steps")
		}
	})
	b.Run("on", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			s := sim.NewSession(newMachine(b, k.Source, spec), 0)
			s.Continue(nil, 1<<40)
			h := s.History()
			b.ReportMetric(float64(s.Steps()), "steps")
			b.ReportMetric(float64(h.Bytes)/float64(s.Steps())*1e6/(1<<20), "MiB/1M-steps")
			b.ReportMetric(float64(h.Interval), "interval")
		}
	})
}

// BenchmarkSessionRerun: the page's Run button run again from the start
// (Session.Reset, then Continue to the end, with the page's 8 MiB of
// history) on each benchmark kernel; its allocations are the CTAs it
// starts in new blocks (sim's adoptCTAs hands it those of the run before).
func BenchmarkSessionRerun(b *testing.B) {
	for _, k := range BenchKernels() {
		b.Run(k.Name, func(b *testing.B) {
			s := sim.NewSession(newMachine(b, k.Source, k.Launch), 8<<20)
			s.Continue(nil, 1<<40)
			b.ReportAllocs()
			for b.Loop() {
				s.Reset()
				for s.Continue(nil, 1<<40) == sim.StopLimit {
				}
			}
		})
	}
}
