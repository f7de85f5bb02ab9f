package launch

import (
	"encoding/json"

	"os"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

// divEdgeIn is the input of the divedges kernels: 80 start values (two
// CTAs of 40 threads), odd and even, small and large, ones and multiples
// of 7 among them.
func divEdgeIn() []uint64 {
	in := make([]uint64, 80)
	for t := range in {
		in[t] = uint64(1 + (t*2654435761)%61)
	}
	in[3], in[17], in[41], in[79] = 1, 2, 7, 27 // ends at once, one step, a multiple of 7, a long walk
	return in
}

// divEdgeWant is what each kernel of testdata/divedges writes, worked out
// from the CUDA source (divedges.cu), thread by thread; -1 marks a thread
// that returns before its store (out keeps its zero).
func divEdgeWant(kernel string, in []uint64) []uint64 {
	out := make([]uint64, len(in))
	steps := make([]uint64, len(in))
	for t, x := range in {
		v, s, odd := uint32(x), uint64(0), uint64(0)
		switch kernel {
		case "nested":
			for v > 1 && s < 40 {
				if v&1 != 0 {
					if v&2 != 0 {
						v = 3*v + 1
					} else {
						v = (3*v + 1) >> 1
					}
					odd++
				} else {
					v >>= 1
				}
				s++
			}
			out[t] = s*1000 + odd
		case "exitdiv":
			returned := false
			for v != 1 {
				if v&1 != 0 {
					if v%7 == 0 && s > 2 {
						returned = true
						break
					}
					v = 3*v + 1
				} else {
					v >>= 1
				}
				s++
			}
			if !returned {
				out[t] = s
			}
		case "samejoin":
			switch {
			case v&1 != 0 && v&2 != 0:
				out[t] = uint64(v + 3)
			case v&1 != 0:
				out[t] = uint64(v + 5)
			case v&4 == 0:
				out[t] = uint64(v + 7)
			}
		case "bardiv":
			for v != 1 {
				if v&1 != 0 {
					v = 3*v + 1
				} else {
					v >>= 1
				}
				s++
			}
			steps[t] = s
		}
	}
	if kernel == "bardiv" {
		for t := range out {
			c, i := t/40, t%40
			out[t] = uint64(uint32(steps[t] + 1000*steps[c*40+(i+1)%40]))
		}
	}
	return out
}

// TestDivergentEdges runs kernels whose warps part and meet at every turn
// (testdata/divedges: nested divergence, lanes that return from inside a
// divergent loop, bar.sync once the lanes have met again; and
// samejoin.ptx, nested ifs that meet at one point, with a guarded exit in
// the other arm; each in a partial last warp) three ways: in Run chunks
// of 1, 2, ... 11 warp instructions (every chunk ending at another place
// of the short paths: after a lone op, inside a stretch, at the bra after
// one, at a meeting point), one Step at a time, and Run's chunks by the
// general path (steps recorded). After every chunk the three agree on
// the statistics and the state, and at the end the outputs are what the
// sources compute.
func TestDivergentEdges(t *testing.T) {
	src, err := os.ReadFile("testdata/divedges/divedges.ptx")
	if err != nil {
		t.Fatal(err)
	}
	samejoin, err := os.ReadFile("testdata/divedges/samejoin.ptx")
	if err != nil {
		t.Fatal(err)
	}
	in := divEdgeIn()
	for _, san := range []struct {
		name string
		k    sim.Sanitize
	}{{"plain", 0}, {"race+sync", sim.SanRace | sim.SanSync}} {
		for _, kernel := range []string{"nested", "exitdiv", "bardiv", "samejoin"} {
			t.Run(san.name+"/"+kernel, func(t *testing.T) {
				src := src
				if kernel == "samejoin" {
					src = samejoin
				}
				args := map[string]any{
					kernel + "_param_0": map[string]any{"type": "u32", "data": in},
					kernel + "_param_1": map[string]any{"type": "u32", "count": len(in)},
				}
				spec, _ := json.Marshal(map[string]any{"kernel": kernel, "grid": 2, "block": 40, "args": args})
				run := newMachine(t, src, spec)
				stepped := newMachine(t, src, spec)
				general := newMachine(t, src, spec)
				general.Record(true)
				for _, m := range []*sim.Machine{run, stepped, general} {
					m.Sanitize(san.k)
				}
				for chunk := int64(1); !run.Done(); chunk = chunk%11 + 1 {
					n := runAlongSteps(t, run, general, stepped, chunk)
					if n > 1_000_000 {
						t.Fatal("no end after a million warp instructions")
					}
				}
				if f := run.Fault(); f != nil {
					t.Fatalf("fault: %s", f.Msg)
				}
				if !stepped.Done() || !general.Done() {
					t.Fatalf("done: steps %v, general path %v, want both", stepped.Done(), general.Done())
				}
				res := Run(kernel+".ptx", src, spec, Options{})
				if !res.OK {
					t.Fatalf("%+v", res.Errors)
				}
				want := divEdgeWant(kernel, in)
				for i, got := range res.Buffers[kernel+"_param_1"].Data {
					if got != want[i] {
						t.Errorf("out[%d] (in %d) = %d, want %d", i, in[i], got, want[i])
					}
				}
			})
		}
	}
}
