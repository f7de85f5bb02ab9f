package launch

import (
	"strings"
	"testing"
)

// TestStrictSpec: what encoding/json would let through is refused, with
// the contract's words and never more than a few dozen characters of input.
func TestStrictSpec(t *testing.T) {
	long := strings.Repeat("9", 200000)
	tests := []struct {
		desc, spec, want string
	}{
		{"trailing data", `{"block": 32} xyz`, "unexpected data after the spec"},
		{"second object", `{"block": 32}{"block": 64}`, "unexpected data after the spec"},
		{"duplicate key", `{"grid": 1, "grid": 2}`, `"grid": the key appears twice`},
		{"duplicate argument", `{"args": {"n": 1, "n": 2}}`, `"args.n": the key appears twice`},
		{"duplicate buffer key", `{"args": {"a": {"type": "u32", "type": "f32", "count": 1}}}`, `"args.a.type": the key appears twice`},
		{"case-mismatched key", `{"grid": 1, "Grid": 2}`, `unknown field "Grid" (fields are case-sensitive: did you mean "grid"?)`},
		{"case-mismatched buffer key", `{"args": {"a": {"Type": "u32", "count": 1}}}`, `unknown field "args.a.Type" (fields are case-sensitive: did you mean "type"?)`},
		{"unknown buffer key", `{"args": {"a": {"type": "u32", "size": 1}}}`, `unknown field "args.a.size" (a buffer has type, data, count, fill)`},
		{"array spec", `[1, 2]`, "launch spec: expected an object, found an array"},
		{"kernel not a string", `{"kernel": 5}`, "kernel: expected a string (the kernel's name), found a number"},
		{"ends early", `{"grid": [1, 2`, "launch spec: the JSON ends early"},
		{"huge number echoed", `{"shared_mem": ` + long + `}`, "launch spec"},
	}
	for _, tt := range tests {
		_, err := ParseSpec([]byte(tt.spec))
		if err == nil {
			t.Errorf("%s: accepted", tt.desc)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %q, want %q", tt.desc, err, tt.want)
		}
		if strings.Contains(err.Error(), "Go value") || strings.Contains(err.Error(), "struct {") || len(err.Error()) > 200 {
			t.Errorf("%s: %q speaks Go or echoes too much", tt.desc, err)
		}
	}
	// Keys of arguments are the kernel's names: any case, once each.
	if _, err := ParseSpec([]byte(`{"args": {"N": 1, "n": 2}}`)); err != nil {
		t.Errorf("arguments N and n: %v", err)
	}
}

// TestBufferWithoutType: the message says a type is missing.
func TestBufferWithoutType(t *testing.T) {
	res := Run("k.ptx", []byte(vadd), []byte(`{"block": 32, "args": {"a": {"count": 32}, "out": {"type": "u32", "count": 32}, "n": 1}}`), Options{})
	if res.OK || len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Message, `args.a: a buffer needs "type"`) {
		t.Errorf("%+v", res.Errors)
	}
}

// TestStatsWhenBudgetStops: a run stopped by the budget still reports its
// statistics: exactly the budget's warp instructions.
func TestStatsWhenBudgetStops(t *testing.T) {
	res := Run("k.ptx", []byte(vadd), []byte(`{"block": 32, "args": {"a": {"type": "u32", "count": 32}, "out": {"type": "u32", "count": 32}, "n": 32}}`), Options{StepBudget: 5})
	if res.OK {
		t.Fatal("ran to the end within 5 warp instructions")
	}
	if j := string(res.JSON()); !strings.Contains(j, `"stats": {"warp_instructions":5,`) && !strings.Contains(j, `"stats": {"warp_instructions": 5,`) {
		t.Errorf("no stats of 5 warp instructions: %s", j)
	}
	// A launch that never started has none.
	res = Run("k.ptx", []byte(vadd), []byte(`{"block": 32, "args": {}}`), Options{})
	if j := string(res.JSON()); strings.Contains(j, `"stats"`) {
		t.Errorf("stats of a launch that never started: %s", j)
	}
}
