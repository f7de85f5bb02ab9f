package launch

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestBenchKernels checks the benchmark kernels compute the right thing,
// against Go re-implementations.
func TestBenchKernels(t *testing.T) {
	for _, k := range BenchKernels() {
		res := Run(k.Name+".ptx", k.Source, k.Launch, Options{})
		if !res.OK {
			t.Fatalf("%s: %+v", k.Name, res.Errors)
		}
		switch k.Name {
		case "alu":
			for tid, got := range res.Buffers["out"].Data {
				r1, r4 := uint32(tid), uint32(1)
				for i := 0; i < 200; i++ {
					r1 = r1*1664525 + 1013904223
					r4 ^= r1
					r4 += r1
					r4 = r4<<3 - r4
					r4 += r4 & 255
				}
				if got != uint64(r4) {
					t.Fatalf("alu out[%d] = %d, want %d", tid, got, r4)
				}
			}
		case "reduce":
			for b, got := range res.Buffers["out"].Data {
				var want uint64
				for i := b * 2048; i < (b+1)*2048; i++ {
					want += uint64(i)
				}
				if got != want&0xffffffff {
					t.Fatalf("reduce out[%d] = %d, want %d", b, got, want)
				}
			}
		case "diverge":
			for i, got := range res.Buffers["out"].Data {
				n, steps := uint32(i+1), uint64(0)
				for n != 1 {
					if n%2 == 0 {
						n /= 2
					} else {
						n = 3*n + 1
					}
					steps++
				}
				if got != steps {
					t.Fatalf("diverge out[%d] = %d, want %d", i, got, steps)
				}
			}
		case "vadd": // a = iota, b = 0.5: out[i] = i + 0.5, exact in f32 below 2^23
			for i, got := range res.Buffers["vadd_param_2"].Data {
				if want := math.Float32bits(float32(i) + 0.5); got != uint64(want) {
					t.Fatalf("vadd out[%d] = %#x, want %#x", i, got, want)
				}
			}
		case "transpose": // in = iota over 512 x 512: out[r][c] = in[c][r] = c*512 + r
			out := res.Buffers["transpose_param_1"].Data
			if len(out) != 512*512 {
				t.Fatalf("transpose: %d elements, want %d", len(out), 512*512)
			}
			for i, got := range out {
				r, c := i/512, i%512
				if want := math.Float32bits(float32(c*512 + r)); got != uint64(want) {
					t.Fatalf("transpose out[%d][%d] = %#x, want %#x", r, c, got, want)
				}
			}
		default:
			t.Fatalf("no check for bench kernel %s", k.Name)
		}
	}
}

// TestRunBenchFastest checks RunBench's per-run record: the fastest run
// is one of the runs (no longer than their mean, its instructions one
// run's share, as every run of a benchmark kernel executes the same
// instructions), and the best rate is at least the overall one.
func TestRunBenchFastest(t *testing.T) {
	k := BenchKernels()[0] // alu
	for _, tc := range []struct {
		desc    string
		minTime time.Duration
		minRuns int
	}{
		{"one run: the fastest is the run", time.Nanosecond, 1},
		{"several runs", 30 * time.Millisecond, 2},
	} {
		r, err := RunBench(k, tc.minTime)
		if err != nil {
			t.Fatalf("%s: %v", tc.desc, err)
		}
		if r.Runs < tc.minRuns || r.FastestThreadInstructions <= 0 {
			t.Fatalf("%s: %d runs, the fastest of %d thread instructions: want at least %d runs and some instructions", tc.desc, r.Runs, r.FastestThreadInstructions, tc.minRuns)
		}
		if r.Runs != int(r.ThreadInstructions/r.FastestThreadInstructions) {
			t.Errorf("%s: %d runs, %d thread instructions, the fastest run's %d: want at least %d runs, each the same instructions",
				tc.desc, r.Runs, r.ThreadInstructions, r.FastestThreadInstructions, tc.minRuns)
		}
		if r.ThreadInstructions%r.FastestThreadInstructions != 0 {
			t.Errorf("%s: %d thread instructions in all, not a multiple of the fastest run's %d", tc.desc, r.ThreadInstructions, r.FastestThreadInstructions)
		}
		if r.Fastest <= 0 || r.Fastest*time.Duration(r.Runs) > r.Elapsed {
			t.Errorf("%s: fastest run %v of %d runs in %v: want above zero and at most the mean", tc.desc, r.Fastest, r.Runs, r.Elapsed)
		}
		if r.Runs == 1 && r.Fastest != r.Elapsed {
			t.Errorf("%s: one run of %v, fastest %v: want the same", tc.desc, r.Elapsed, r.Fastest)
		}
		if r.BestPerSecond() < r.PerSecond()*(1-1e-12) { // equal when every run took as long
			t.Errorf("%s: best rate %.3g below the overall %.3g", tc.desc, r.BestPerSecond(), r.PerSecond())
		}
	}
}

// TestRunBenchGCRuns checks RunBench's count of the runs a collection
// ended in: with the collector made to run all the time (GOGC=1: a cycle
// once the heap grows 1%, and alu's run allocates its CTAs' register
// blocks), some runs have one (within at most 20 calls of 20 ms, the
// first after a collection leaves the heap at what is live); the count and
// their time are within the totals.
func TestRunBenchGCRuns(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(1))
	runtime.GC()
	var r BenchResult
	for i := 0; i < 20 && r.GCRuns == 0; i++ {
		var err error
		if r, err = RunBench(BenchKernels()[0], 20*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if r.GCRuns > r.Runs || r.GCTime < 0 || r.GCTime > r.Elapsed {
			t.Fatalf("GOGC=1: %d of %d runs with a collection, %v of %v: want within the totals", r.GCRuns, r.Runs, r.GCTime, r.Elapsed)
		}
	}
	if r.GCRuns < 1 || r.GCTime <= 0 {
		t.Errorf("GOGC=1: %d of %d runs with a collection, %v of %v: want at least one", r.GCRuns, r.Runs, r.GCTime, r.Elapsed)
	}
}

func BenchmarkKernels(b *testing.B) {
	for _, k := range BenchKernels() {
		b.Run(k.Name, func(b *testing.B) {
			var total BenchResult
			best := 0.0
			for i := 0; i < b.N; i++ {
				r, err := RunBench(k, time.Nanosecond)
				if err != nil {
					b.Fatal(err)
				}
				total.ThreadInstructions += r.ThreadInstructions
				total.Elapsed += r.Elapsed
				total.CPU += r.CPU
				best = max(best, r.BestPerSecond())
			}
			b.ReportMetric(total.PerSecond(), "thread-inst/s")
			b.ReportMetric(total.PerCPUSecond(), "thread-inst/cpu-s")
			// The fastest run's rate: the run the least interrupted by
			// other processes (RunBench's Fastest).
			b.ReportMetric(best, "best-thread-inst/s")
		})
	}
}

// vadd4096 is vector add over 4096 x 256 threads, the three buffers of
// 1M f32 elements each (the whole-process case).
const vadd4096 = `{"kernel": "vadd", "grid": 4096, "block": 256,
 "args": {"a": {"type": "f32", "fill": "iota", "count": 1048576},
          "b": {"type": "f32", "fill": 0.5, "count": 1048576},
          "out": {"type": "f32", "count": 1048576}, "n": 1048576}}`

// BenchmarkRunVadd4096 times launch.Run whole on vadd4096: parse, check,
// load, filling the buffers, the run, and reading them back (the JSON
// printing excluded).
func BenchmarkRunVadd4096(b *testing.B) {
	src, err := os.ReadFile("../../examples/vadd/kernel.ptx")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if r := Run("vadd.ptx", src, []byte(vadd4096), Options{}); !r.OK {
			b.Fatal(r.Errors)
		}
	}
}
