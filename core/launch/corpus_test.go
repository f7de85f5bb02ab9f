package launch

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// TestRunCorpus runs every kernel under testdata/run through the whole
// pipeline and compares its buffers with expected.json, which a C
// reference (ref.c beside each kernel) computed independently.
func TestRunCorpus(t *testing.T) {
	dirs, _ := filepath.Glob("../../testdata/run/*/launch.json")
	if len(dirs) == 0 {
		t.Fatal("no kernels under testdata/run")
	}
	for _, lj := range dirs {
		dir := filepath.Dir(lj)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(dir, "kernel.ptx"))
			if err != nil {
				t.Fatal(err)
			}
			spec, _ := os.ReadFile(lj)
			want := readExpected(t, filepath.Join(dir, "expected.json"))
			res := Run("kernel.ptx", src, spec, Options{})
			if !res.OK {
				t.Fatalf("run failed: %+v", res.Errors)
			}
			for name, wb := range want.Buffers {
				got := res.Buffers[name]
				if got == nil {
					t.Errorf("no buffer %s", name)
					continue
				}
				compareBuffer(t, name, got, wb, want.Tolerance[name])
			}
		})
	}
}

type expected struct {
	Buffers map[string]struct {
		Type string            `json:"type"`
		Data []json.RawMessage `json:"data"`
	} `json:"buffers"`
	Tolerance map[string]float64 `json:"tolerance"`
}

func readExpected(t *testing.T, path string) *expected {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var e expected
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &e
}

func compareBuffer(t *testing.T, name string, got *Buffer, want struct {
	Type string            `json:"type"`
	Data []json.RawMessage `json:"data"`
}, tol float64) {
	t.Helper()
	if len(got.Data) != len(want.Data) {
		t.Errorf("%s: %d elements, want %d", name, len(got.Data), len(want.Data))
		return
	}
	bad := 0
	for i, raw := range want.Data {
		wv, err := valueBits(got.Type, raw)
		if err != nil {
			t.Fatalf("%s[%d]: bad expected value %s: %v", name, i, raw, err)
		}
		gv := got.Data[i]
		if gv == wv {
			continue
		}
		if ok := floatClose(got.Type, gv, wv, tol); ok {
			continue
		}
		if bad++; bad <= 5 {
			t.Errorf("%s[%d] = %s, want %s", name, i, FormatValue(got.Type, gv), FormatValue(got.Type, wv))
		}
	}
	if bad > 5 {
		t.Errorf("%s: %d mismatches in all", name, bad)
	}
}

func floatClose(typ string, g, w uint64, tol float64) bool {
	var gf, wf float64
	switch typ {
	case "f32":
		gf, wf = float64(math.Float32frombits(uint32(g))), float64(math.Float32frombits(uint32(w)))
	case "f64":
		gf, wf = math.Float64frombits(g), math.Float64frombits(w)
	default:
		return false
	}
	if math.IsNaN(gf) && math.IsNaN(wf) {
		return true
	}
	if tol == 0 {
		return false
	}
	return math.Abs(gf-wf) <= tol*math.Max(math.Abs(wf), math.SmallestNonzeroFloat32)
}
