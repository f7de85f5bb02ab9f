// bench.go: the simulator's speed benchmarks, shared by `go test -bench`
// and `ptxplay bench`.

package launch

import (
	"embed"
	"fmt"
	"runtime"
	"time"

	"github.com/ptxplay/ptxplay/core/limits"
	"github.com/ptxplay/ptxplay/core/sim"
)

//go:embed benchdata
var benchFS embed.FS

// BenchKernel is one benchmark: a kernel and its launch spec.
type BenchKernel struct {
	Name   string
	Desc   string
	Source []byte
	Launch []byte
}

// BenchKernels lists the benchmarks: an ALU-bound loop, a shared-memory
// reduction, a divergent loop, and two memory-bound kernels (vector add and
// a tiled transpose, compiled by clang from the .cu files beside them).
func BenchKernels() []BenchKernel {
	desc := map[string]string{
		"alu":       "ALU-bound integer loop, 1024 threads, full warps",
		"reduce":    "shared-memory tree reduction with barriers, 16 CTAs x 1024",
		"diverge":   "divergent data-dependent loop (Collatz), 4 CTAs x 256",
		"vadd":      "vector add, 65536 threads: two coalesced loads and a store each",
		"transpose": "tiled 512 x 512 transpose through shared memory, 256 CTAs x 256",
	}
	var ks []BenchKernel
	for _, n := range []string{"alu", "reduce", "diverge", "vadd", "transpose"} {
		src, _ := benchFS.ReadFile("benchdata/" + n + ".ptx")
		l, _ := benchFS.ReadFile("benchdata/" + n + ".json")
		ks = append(ks, BenchKernel{Name: n, Desc: desc[n], Source: src, Launch: l})
	}
	return ks
}

// BenchResult is one timed run.
type BenchResult struct {
	Kernel             string
	ThreadInstructions int64
	WarpInstructions   int64
	Elapsed            time.Duration // wall time
	CPU                time.Duration // process CPU time (where the OS reports it)

	// Runs is how many times the kernel ran; Fastest is the wall time of
	// the shortest run and FastestThreadInstructions the thread
	// instructions it executed. On a loaded machine the shortest of many
	// runs is the one the least interrupted (and the one without a
	// collection): a steadier figure than the total, which counts every
	// interruption and the collector's work.
	Runs                      int
	Fastest                   time.Duration
	FastestThreadInstructions int64

	// GCRuns is how many runs a garbage collection cycle ended in, and
	// GCTime their wall time all together.
	GCRuns int
	GCTime time.Duration
}

// BestPerSecond is thread instructions per second of the fastest run.
func (r BenchResult) BestPerSecond() float64 {
	return float64(r.FastestThreadInstructions) / r.Fastest.Seconds()
}

// PerCPUSecond is thread instructions per second of CPU time: steadier
// than PerSecond on a shared virtual machine, where another guest's load
// stretches wall time.
func (r BenchResult) PerCPUSecond() float64 {
	if r.CPU <= 0 {
		return r.PerSecond()
	}
	return float64(r.ThreadInstructions) / r.CPU.Seconds()
}

// PerSecond is thread instructions per second.
func (r BenchResult) PerSecond() float64 {
	return float64(r.ThreadInstructions) / r.Elapsed.Seconds()
}

// RunBench times the execution of one benchmark kernel (parse, check and
// load excluded), repeating it until at least minTime has passed.
func RunBench(k BenchKernel, minTime time.Duration) (BenchResult, error) {
	r := BenchResult{Kernel: k.Name}
	for r.Elapsed < minTime {
		res := &Result{Buffers: map[string]*Buffer{}}
		p, spec, err := loadForBench(k)
		if err != nil {
			return r, err
		}
		m, err := prepare(p, spec, res, limits.CLILimits(), true) // as Run: the fills straight into the machine
		if err != nil {
			return r, err
		}
		m.KeepFinished(1) // as launch.Run: a run nothing snapshots
		m.Unviewed()
		gcs := gcCycles()
		start, cpu := time.Now(), cpuTime()
		m.Run(0)
		d, dcpu := time.Since(start), cpuTime()-cpu
		if gcCycles() != gcs {
			r.GCRuns++
			r.GCTime += d
		}
		r.Elapsed += d
		r.CPU += dcpu
		if f := m.Fault(); f != nil {
			return r, fmt.Errorf("%s: %s", k.Name, f.Msg)
		}
		r.AddRun(d, m.Stats())
	}
	return r, nil
}

// AddRun counts one run that took d (wall time, already in Elapsed) and
// executed st: its instructions, and the fastest run.
func (r *BenchResult) AddRun(d time.Duration, st sim.Stats) {
	r.ThreadInstructions += st.ThreadInstructions
	r.WarpInstructions += st.WarpInstructions
	if r.Runs == 0 || d < r.Fastest {
		r.Fastest, r.FastestThreadInstructions = d, st.ThreadInstructions
	}
	r.Runs++
}

// gcCycles is how many garbage collection cycles have ended. Read from
// MemStats (a stop of the world, outside the timed run) rather than
// runtime/metrics, whose package init alone costs every ptxplay process
// about 0.5M instructions (its table of descriptions, built at start).
func gcCycles() uint32 {
	var s runtime.MemStats
	runtime.ReadMemStats(&s)
	return s.NumGC
}
