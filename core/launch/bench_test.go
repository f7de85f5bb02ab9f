package launch

import (
	"math"
	"os"
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

func BenchmarkKernels(b *testing.B) {
	for _, k := range BenchKernels() {
		b.Run(k.Name, func(b *testing.B) {
			var total BenchResult
			for i := 0; i < b.N; i++ {
				r, err := RunBench(k, time.Nanosecond)
				if err != nil {
					b.Fatal(err)
				}
				total.ThreadInstructions += r.ThreadInstructions
				total.Elapsed += r.Elapsed
				total.CPU += r.CPU
			}
			b.ReportMetric(total.PerSecond(), "thread-inst/s")
			b.ReportMetric(total.PerCPUSecond(), "thread-inst/cpu-s")
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
