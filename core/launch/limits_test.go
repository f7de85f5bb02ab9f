package launch

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/limits"
)

// TestLimitsRefuseLaunches: each limit refuses a launch over it, naming
// the field, and passes the same launch at the limit.
func TestLimitsRefuseLaunches(t *testing.T) {
	local := func(n int) string {
		return fmt.Sprintf(".version 7.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n\t.local .b8 buf[%d];\n\tret;\n}\n", n)
	}
	spec2 := func(na, nout int) string {
		return fmt.Sprintf(`{"block": 32, "args": {"a": {"type": "u32", "count": %d}, "out": {"type": "u32", "count": %d}, "n": 0}}`, na, nout)
	}
	tests := []struct {
		desc      string
		lim       limits.Limits
		src, spec string
		field     string // "" when it must run
	}{
		// 2 buffers of 125 u32: 1000 bytes.
		{"buffers at the limit", limits.Limits{BufferBytes: 1000}, vadd, spec2(125, 125), ""},
		{"buffers one element over", limits.Limits{BufferBytes: 1000}, vadd, spec2(125, 126), "BufferBytes"},
		{"first buffer alone over", limits.Limits{BufferBytes: 1000}, vadd, spec2(251, 1), "BufferBytes"},
		// Elements bound the launch's own copy (8 bytes each) where bytes do
		// not: u8 buffers of 1000 bytes are 1000 elements.
		{"elements at the limit", limits.Limits{BufferElements: 250}, vadd, spec2(125, 125), ""},
		{"elements over", limits.Limits{BufferElements: 250}, vadd, spec2(125, 126), "BufferElements"},
		{"byte buffers: bytes pass, elements refuse", limits.Limits{BufferBytes: 4096, BufferElements: 1024}, vadd,
			`{"block": 32, "args": {"a": {"type": "u8", "count": 2000}, "out": {"type": "u32", "count": 32}, "n": 0}}`, "BufferElements"},
		{"local at the limit", limits.Limits{LocalPerThread: 4096}, local(4096), `{"args": {}}`, ""},
		{"local over", limits.Limits{LocalPerThread: 4096}, local(4097), `{"args": {}}`, "LocalPerThread"},
		{"page refuses 70000 local bytes", limits.PageLimits(), local(70000), `{"args": {}}`, "LocalPerThread"},
		{"CLI takes 70000 local bytes", limits.CLILimits(), local(70000), `{"args": {}}`, ""},
		{"threads at the limit", limits.Limits{Threads: 64}, vadd, `{"grid": 2, "block": 32, "args": {"a": {"type": "u32", "count": 32}, "out": {"type": "u32", "count": 32}, "n": 0}}`, ""},
		{"threads over", limits.Limits{Threads: 64}, vadd, `{"grid": [1, 3], "block": 32, "args": {"a": {"type": "u32", "count": 32}, "out": {"type": "u32", "count": 32}, "n": 0}}`, "Threads"},
		{"source over", limits.Limits{SourceBytes: int64(len(vadd)) - 1}, vadd, spec2(32, 32), "SourceBytes"},
		{"source at the limit", limits.Limits{SourceBytes: int64(len(vadd))}, vadd, spec2(32, 32), ""},
		// vadd declares 2 + 6 + 8 = 16 registers.
		{"registers at the limit", limits.Limits{Registers: 16}, vadd, spec2(32, 32), ""},
		{"registers over", limits.Limits{Registers: 15}, vadd, spec2(32, 32), "Registers"},
	}
	for _, tt := range tests {
		lim := tt.lim
		res := Run("k.ptx", []byte(tt.src), []byte(tt.spec), Options{Limits: &lim})
		if tt.field == "" {
			if !res.OK {
				t.Errorf("%s: %v", tt.desc, res.Errors)
			}
			continue
		}
		if res.OK || len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Message, tt.field) {
			t.Errorf("%s: %v, want one error naming %s", tt.desc, res.Errors, tt.field)
		}
	}
}

// TestRegisterLimitAgreesWithCheck: check (Precheck) and run refuse the
// same source at the same line and column.
func TestRegisterLimitAgreesWithCheck(t *testing.T) {
	var b strings.Builder
	b.WriteString(".version 7.0\n.target sm_80\n.entry k()\n{\n")
	for i := 0; i < 5; i++ {
		fmt.Fprintf(&b, "\t.reg .b32 %%r%d<65536>;\n", i)
	}
	b.WriteString("\tret;\n}\n")
	src := []byte(b.String())
	// CLI: 2^18 = 4 x 65536, so the fifth declaration (line 9) crosses.
	errs := limits.CLILimits().Precheck("k.ptx", src)
	if len(errs) != 1 || errs[0].Pos.Line != 9 || errs[0].Pos.Col != 12 {
		t.Fatalf("check: %v, want one error at 9:12", errs)
	}
	res := Run("k.ptx", src, []byte(`{"args": {}}`), Options{})
	if res.OK || len(res.Errors) != 1 || res.Errors[0].Line != 9 || res.Errors[0].Col != 12 || res.Errors[0].Phase != "check" || res.Errors[0].Message != errs[0].Msg {
		t.Fatalf("run: %+v, want the check's error %v", res.Errors, errs[0])
	}
}

// TestOutputBound: the bound is never below the JSON a result prints,
// with every value at its widest.
func TestOutputBound(t *testing.T) {
	widest := map[string]uint64{
		"s8": 0x80, "u8": 0xff, "s16": 0x8000, "u16": 0xffff, "f16": 0xfbff, "bf16": 0xff7f,
		"s32": 0x80000000, "u32": 0xffffffff, "f32": uint64(math.Float32bits(-math.SmallestNonzeroFloat32)),
		"s64": 1 << 63, "u64": math.MaxUint64, "f64": math.Float64bits(-math.SmallestNonzeroFloat64),
		"b64": math.MaxUint64,
	}
	for typ, v := range widest {
		for _, alt := range []uint64{v, math.Float64bits(-math.MaxFloat64), uint64(math.Float32bits(-math.MaxFloat32))} {
			if elemSize(typ) < 8 && alt > 1<<(8*elemSize(typ))-1 {
				continue
			}
			res := &Result{OK: true, Names: []string{"x"}, Buffers: map[string]*Buffer{"x": {Type: typ, Data: make([]uint64, 1000)}}}
			for i := range res.Buffers["x"].Data {
				res.Buffers["x"].Data[i] = alt
			}
			if n, b := len(res.JSON()), res.OutputBound(); int64(n) > b {
				t.Errorf("%s %#x: JSON of %d bytes, bound %d", typ, alt, n, b)
			}
		}
	}
}
