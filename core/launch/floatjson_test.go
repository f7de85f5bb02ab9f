// floatjson_test.go: float elements survive a JSON reader that tells
// integers from floats (issue 9).

package launch

import (
	"bytes"
	"encoding/json"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/fp"
)

// floatCases are element bits of each float type, edge values first.
func floatCases() []struct {
	typ  string
	bits uint64
} {
	var cs []struct {
		typ  string
		bits uint64
	}
	add := func(t string, bs ...uint64) {
		for _, b := range bs {
			cs = append(cs, struct {
				typ  string
				bits uint64
			}{t, b})
		}
	}
	add("f32", 0, 0x80000000, 0x3f800000, 0xbf800000, 0x00000001, 0x80000001, 0x007fffff,
		0x7f7fffff, 0xff7fffff, 0x4b800000, 0x5f800000, 0x3dcccccd, 0x49742400, 0x4e6e6b28)
	add("f64", 0, 1<<63, math.Float64bits(1), math.Float64bits(-2), 1, 1<<63|1,
		math.Float64bits(math.MaxFloat64), math.Float64bits(1<<53), math.Float64bits(1e21),
		math.Float64bits(1e20), math.Float64bits(123456789), math.Float64bits(0.1))
	add("f16", 0, 0x8000, 0x3c00, 0xbc00, 0x0001, 0x8001, 0x7bff, 0xfbff, 0x3555)
	add("bf16", 0, 0x8000, 0x3f80, 0xbf80, 0x0001, 0x8001, 0x7f7f, 0xff7f)
	return cs
}

// readBack converts a JSON number token as a reader that tells integers
// from floats does: a token without '.', 'e' or 'E' is an integer and
// becomes a float only afterwards.
func readBack(t *testing.T, tok string) float64 {
	if !strings.ContainsAny(tok, ".eE") {
		i, err := strconv.ParseInt(tok, 10, 64)
		if err != nil {
			t.Fatalf("integer token %q: %v", tok, err)
		}
		return float64(i)
	}
	f, err := strconv.ParseFloat(tok, 64)
	if err != nil {
		t.Fatalf("float token %q: %v", tok, err)
	}
	return f
}

// narrow rounds a float64 read back to the element type's bits.
func narrow(t *testing.T, typ string, f float64) uint64 {
	switch typ {
	case "f32":
		return uint64(math.Float32bits(float32(f)))
	case "f64":
		return math.Float64bits(f)
	case "f16":
		return uint64(fp.CvtF64ToF16(math.Float64bits(f), fp.RN, false))
	case "bf16":
		return uint64(fp.CvtF64ToBF16(math.Float64bits(f), fp.RN, false))
	}
	t.Fatalf("type %s", typ)
	return 0
}

func TestFloatJSONRoundTrip(t *testing.T) {
	for _, c := range floatCases() {
		text := FormatValue(c.typ, c.bits)
		dec := json.NewDecoder(strings.NewReader(text))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%s %#x: %q is not JSON: %v", c.typ, c.bits, text, err)
		}
		n, ok := v.(json.Number)
		if !ok {
			t.Fatalf("%s %#x: %q is not a number", c.typ, c.bits, text)
		}
		if got := narrow(t, c.typ, readBack(t, n.String())); got != c.bits {
			t.Errorf("%s %#x printed as %s reads back as %#x", c.typ, c.bits, text, got)
		}
	}
	if got := FormatValue("f32", 0x80000000); got != "-0.0" {
		t.Errorf("f32 -0 printed as %s, want -0.0", got)
	}
}

// TestFloatJSONPython reads the printed elements with Python's json, which
// makes ints of tokens without a fraction or exponent.
func TestFloatJSONPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found: the Go reader test covers the same round trip")
	}
	cs := floatCases()
	var in bytes.Buffer
	in.WriteString("[")
	for i, c := range cs {
		if i > 0 {
			in.WriteString(", ")
		}
		in.WriteString(FormatValue(c.typ, c.bits))
	}
	in.WriteString("]")
	// Python prints each element as float.hex of float(x), exact bits.
	cmd := exec.Command(py, "-c", "import json,sys\nfor x in json.load(sys.stdin): print(float(x).hex())")
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != len(cs) {
		t.Fatalf("python3 printed %d values for %d", len(lines), len(cs))
	}
	for i, c := range cs {
		f, err := strconv.ParseFloat(lines[i], 64)
		if err != nil {
			t.Fatalf("python3 value %q: %v", lines[i], err)
		}
		if got := narrow(t, c.typ, f); got != c.bits {
			t.Errorf("%s %#x printed as %s: python reads %s (%#x)", c.typ, c.bits, FormatValue(c.typ, c.bits), lines[i], got)
		}
	}
}
