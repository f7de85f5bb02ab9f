package limits

import (
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/ptx"
)

// TestPageIsSmaller: a browser tab gets no more than the command line, in
// every field, and every field is set (0 would mean no limit).
func TestPageIsSmaller(t *testing.T) {
	c, p := CLILimits(), PageLimits()
	pairs := []struct {
		name     string
		cli, pag int64
	}{
		{"SourceBytes", c.SourceBytes, p.SourceBytes},
		{"Registers", c.Registers, p.Registers},
		{"BufferBytes", c.BufferBytes, p.BufferBytes},
		{"BufferElements", c.BufferElements, p.BufferElements},
		{"LocalPerThread", c.LocalPerThread, p.LocalPerThread},
		{"Threads", c.Threads, p.Threads},
		{"OutputBytes", c.OutputBytes, p.OutputBytes},
	}
	for _, x := range pairs {
		if x.cli <= 0 || x.pag <= 0 || x.pag > x.cli {
			t.Errorf("%s: CLI %d, page %d; want 0 < page <= CLI", x.name, x.cli, x.pag)
		}
	}
	// CUDA allows 512 KiB of local memory per thread: the CLI must too.
	if c.LocalPerThread != 512<<10 {
		t.Errorf("CLI LocalPerThread = %d, want 524288", c.LocalPerThread)
	}
}

// TestChecksAtTheEdge: the limit itself passes, one more fails, and the
// error names the field, the value and the limit.
func TestChecksAtTheEdge(t *testing.T) {
	l := Limits{SourceBytes: 100, BufferBytes: 4096, BufferElements: 512, LocalPerThread: 16, Threads: 1024, OutputBytes: 10}
	tests := []struct {
		desc  string
		ok    error
		bad   error
		field string
		value string
		limit string
	}{
		{"source", l.CheckSource(100), l.CheckSource(101), "SourceBytes", "101", "100"},
		{"buffers", l.CheckBuffers(4096), l.CheckBuffers(4097), "BufferBytes", "4097", "4096"},
		{"elements", l.CheckElements(512), l.CheckElements(513), "BufferElements", "513", "512"},
		{"local", l.CheckLocal(16), l.CheckLocal(17), "LocalPerThread", "17", "16"},
		{"threads", l.CheckThreads([3]uint32{4, 1, 1}, [3]uint32{16, 16, 1}), l.CheckThreads([3]uint32{2, 1, 1}, [3]uint32{513, 1, 1}), "Threads", "1026", "1024"},
		{"output", l.CheckOutput(10), l.CheckOutput(11), "OutputBytes", "11", "10"},
	}
	for _, tt := range tests {
		if tt.ok != nil {
			t.Errorf("%s: at the limit: %v", tt.desc, tt.ok)
		}
		if tt.bad == nil {
			t.Errorf("%s: one over the limit passed", tt.desc)
			continue
		}
		e, ok := tt.bad.(*Error)
		if !ok || e.Field != tt.field {
			t.Errorf("%s: error %#v, want field %s", tt.desc, tt.bad, tt.field)
		}
		msg := tt.bad.Error()
		for _, w := range []string{tt.field, tt.value, tt.limit} {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: %q does not name %q", tt.desc, msg, w)
			}
		}
	}
	// Zero dimensions count as 1, as a launch treats them; a zero limit
	// means none.
	if err := l.CheckThreads([3]uint32{0, 0, 0}, [3]uint32{1024, 0, 0}); err != nil {
		t.Errorf("1024 threads with zero dimensions: %v", err)
	}
	if err := (Limits{}).CheckBuffers(1 << 40); err != nil {
		t.Errorf("no limit: %v", err)
	}
}

// TestRegisters: %r<N> counts N, plain names count 1, nested blocks and
// every function count, and the error is at the name that crosses.
func TestRegisters(t *testing.T) {
	src := `.version 7.0
.target sm_80
.func f()
{
	.reg .b32 %a<100>;
	ret;
}
.entry k()
{
	.reg .b32 %r<50>, %x, %y;
	{
		.reg .b64 %rd<48>;
	}
	.reg .pred %p<3>;
	ret;
}
`
	m, errs := ptx.Parse("k.ptx", []byte(src))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	// 100 + 50 + 1 + 1 + 48 + 3 = 203 registers.
	if errs := (Limits{Registers: 203}).CheckRegisters(m); len(errs) != 0 {
		t.Errorf("203 registers under a limit of 203: %v", errs)
	}
	tests := []struct {
		limit     int64
		line, col int
		value     string
	}{
		{202, 14, 13, "203"}, // %p<3> crosses
		{199, 12, 13, "200"}, // %rd<48> inside the nested block
		{150, 10, 20, "151"}, // %x: after a tab and ".reg .b32 %r<50>, "
		{99, 5, 12, "100"},   // the first declaration already
	}
	for _, tt := range tests {
		errs := (Limits{Registers: tt.limit}).CheckRegisters(m)
		if len(errs) != 1 {
			t.Errorf("limit %d: %d errors %v, want 1", tt.limit, len(errs), errs)
			continue
		}
		e := errs[0]
		if e.Pos.Line != tt.line || e.Pos.Col != tt.col || !strings.Contains(e.Msg, "Registers") || !strings.Contains(e.Msg, tt.value) {
			t.Errorf("limit %d: %v, want %d:%d naming Registers and %s", tt.limit, e, tt.line, tt.col, tt.value)
		}
	}
}

// TestPrecheck: an oversized source is refused at 1:1 before parsing; a
// source that does not parse is left to the parser.
func TestPrecheck(t *testing.T) {
	big := make([]byte, 101)
	if errs := (Limits{SourceBytes: 100}).Precheck("k.ptx", big); len(errs) != 1 || errs[0].Pos.Line != 1 || !strings.Contains(errs[0].Msg, "SourceBytes") {
		t.Errorf("101-byte source under 100: %v", errs)
	}
	if errs := (Limits{Registers: 1}).Precheck("k.ptx", []byte("add.s32 %r1, ;")); len(errs) != 0 {
		t.Errorf("parse error source: %v", errs)
	}
}
