package examples

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch"
)

// in is a run's buffers by name, as element bits: the checkers read the
// inputs from it (a kernel only reads them) and compute what every output
// must hold, in plain Go, independently of the simulator.
type in map[string][]uint64

// want is one example's expectation: the output buffers, or for the
// examples that fail on purpose, the error.
type want struct {
	out     func(t *testing.T, b in) map[string][]uint64
	errLine int    // failing examples: the line of the error
	errText string // failing examples: a substring of its message
}

var wants = map[string]want{
	"vadd": {out: func(t *testing.T, b in) map[string][]uint64 {
		out := make([]uint64, len(b["out"]))
		for i := range out {
			s := f32(b["a"][i]) + f32(b["b"][i]) // Go rounds float32 + float32 to nearest even, as add.f32 does
			out[i] = uint64(math.Float32bits(s))
		}
		return map[string][]uint64{"out": out}
	}},
	"shfl_reduce": {out: func(t *testing.T, b in) map[string][]uint64 {
		out := make([]uint64, len(b["in"]))
		for w := 0; w < len(out); w += 32 {
			var sum uint32
			for l := 0; l < 32; l++ {
				sum += uint32(b["in"][w+l])
			}
			for l := 0; l < 32; l++ {
				out[w+l] = uint64(sum)
			}
		}
		return map[string][]uint64{"out": out}
	}},
	"divergent_loop": {out: func(t *testing.T, b in) map[string][]uint64 {
		out := make([]uint64, len(b["in"]))
		for i, v := range b["in"] {
			out[i] = uint64(bits.OnesCount32(uint32(v)))
		}
		return map[string][]uint64{"out": out}
	}},
}

func f32(v uint64) float32 { return math.Float32frombits(uint32(v)) }

// TestExamples runs every example under its launch spec and checks each
// output buffer element by element (or the error of a failing example).
func TestExamples(t *testing.T) {
	exs := All()
	if len(exs) == 0 {
		t.Fatal("no examples")
	}
	for _, e := range exs {
		t.Run(e.Name, func(t *testing.T) {
			w, ok := wants[e.Name]
			if !ok {
				t.Fatalf("no expectation for example %s: add one to wants", e.Name)
			}
			res := launch.Run(e.Name+"/kernel.ptx", []byte(e.Source), []byte(e.Launch), launch.Options{})
			if w.out == nil {
				checkError(t, res, w)
				return
			}
			if !res.OK {
				t.Fatalf("run failed: %+v", res.Errors)
			}
			b := in{}
			for name, buf := range res.Buffers {
				b[name] = buf.Data
			}
			exp := w.out(t, b)
			if len(exp) == 0 {
				t.Fatal("the expectation checks no buffer")
			}
			for name, wantData := range exp {
				got, ok := b[name]
				if !ok {
					t.Fatalf("no buffer %s", name)
				}
				if len(got) != len(wantData) {
					t.Fatalf("%s: %d elements, want %d", name, len(got), len(wantData))
				}
				bad := 0
				for i := range got {
					if got[i] != wantData[i] {
						if bad < 8 {
							typ := res.Buffers[name].Type
							t.Errorf("%s[%d] = %s, want %s", name, i, launch.FormatValue(typ, got[i]), launch.FormatValue(typ, wantData[i]))
						}
						bad++
					}
				}
				if bad > 0 {
					t.Errorf("%s: %d of %d elements differ", name, bad, len(got))
				}
			}
		})
	}
}

func checkError(t *testing.T, res *launch.Result, w want) {
	t.Helper()
	if res.OK {
		t.Fatalf("the run succeeded; want an error at line %d containing %q", w.errLine, w.errText)
	}
	var msgs []string
	for _, e := range res.Errors {
		if e.Line == w.errLine && strings.Contains(e.Message, w.errText) {
			return
		}
		msgs = append(msgs, fmt.Sprintf("%s line %d: %s", e.Phase, e.Line, e.Message))
	}
	t.Fatalf("want an error at line %d containing %q; got:\n%s", w.errLine, w.errText, strings.Join(msgs, "\n"))
}

// TestMetadata checks what the menu shows: titles, groups kept together,
// and notes that point at lines the kernel has.
func TestMetadata(t *testing.T) {
	exs := All()
	seen := map[string]bool{}
	for i, e := range exs {
		if i > 0 && exs[i-1].Group != e.Group && seen[e.Group] {
			t.Errorf("group %s is split: %s comes after another group", e.Group, e.Name)
		}
		seen[e.Group] = true
		if strings.Contains(e.Title, "\n") || e.Title == "" {
			t.Errorf("%s: bad title %q", e.Name, e.Title)
		}
		if got, ok := Get(e.Name); !ok || got.Title != e.Title {
			t.Errorf("Get(%q) = %v, %v", e.Name, got.Title, ok)
		}
		lines := strings.Count(e.Source, "\n") + 1
		for _, f := range strings.Fields(e.Notes) {
			var n int
			if _, err := fmt.Sscanf(f, "%d", &n); err == nil && strings.Contains(e.Notes, "line "+f) && n > lines {
				t.Errorf("%s: notes name line %d; the kernel has %d lines", e.Name, n, lines)
			}
		}
	}
	if len(Groups()) != len(seen) {
		t.Errorf("Groups() = %v; want %d groups", Groups(), len(seen))
	}
	if _, ok := Get("no-such-example"); ok {
		t.Error("Get found a missing example")
	}
}
