package launch

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
)

// refJSON is the result document as JSON built it whole in memory before
// it streamed (the code as it was, kept here as the reference the stream
// must equal byte for byte).
func refJSON(r *Result) []byte {
	var b bytes.Buffer
	writeStdout := func() {
		s, _ := json.Marshal(r.Stdout)
		b.WriteString(`, "stdout": `)
		b.Write(s)
	}
	writeWarnings := func() {
		if len(r.Warnings) == 0 {
			return
		}
		j, _ := json.Marshal(r.Warnings)
		b.WriteString(`, "warnings": `)
		b.Write(j)
	}
	writeBuffers := func() {
		b.WriteString("{")
		for i, name := range r.Names {
			if i > 0 {
				b.WriteString(", ")
			}
			n, _ := json.Marshal(name)
			b.Write(n)
			buf := r.Buffers[name]
			b.WriteString(`: {"type": "` + buf.Type + `", "data": [`)
			for k, v := range buf.Data {
				if k > 0 {
					b.WriteString(", ")
				}
				b.WriteString(FormatValue(buf.Type, v))
			}
			b.WriteString("]}")
		}
		b.WriteString("}")
	}
	if !r.OK {
		b.WriteString(`{"ok": false, "errors": [`)
		for i, e := range r.Errors {
			if i > 0 {
				b.WriteString(", ")
			}
			j, _ := json.Marshal(e)
			b.Write(j)
		}
		b.WriteString("]")
		if len(r.Names) > 0 {
			b.WriteString(`, "buffers": `)
			writeBuffers()
		}
		if r.Stdout != "" {
			writeStdout()
		}
		if r.Machine != nil {
			s, _ := json.Marshal(r.Stats)
			b.WriteString(`, "stats": `)
			b.Write(s)
		}
		writeWarnings()
		b.WriteString("}\n")
		return b.Bytes()
	}
	b.WriteString(`{"ok": true, "buffers": `)
	writeBuffers()
	writeStdout()
	s, _ := json.Marshal(r.Stats)
	b.WriteString(`, "stats": `)
	b.Write(s)
	writeWarnings()
	b.WriteString("}\n")
	return b.Bytes()
}

// maxWriter records the largest single Write it was given.
type maxWriter struct {
	buf bytes.Buffer
	max int
}

func (w *maxWriter) Write(p []byte) (int, error) {
	w.max = max(w.max, len(p))
	return w.buf.Write(p)
}

// streamResults are results of every shape: runs that succeed, fail with
// partial buffers, print, warn, fault, or never start; and hand-made ones
// with every element type at its edges.
func streamResults(t *testing.T) map[string]*Result {
	t.Helper()
	rs := map[string]*Result{}
	vaddSpec := `{"block": 32, "args": {"a": {"type": "u32", "fill": "iota", "count": 32}, "out": {"type": "u32", "count": 32}, "n": 32}}`
	rs["ok"] = Run("k.ptx", []byte(vadd), []byte(vaddSpec), Options{})
	rs["budget stops, partial buffers"] = Run("k.ptx", []byte(vadd), []byte(vaddSpec), Options{StepBudget: 5})
	rs["fault"] = Run("k.ptx", []byte(vadd), []byte(`{"block": 64, "args": {"a": {"type": "u32", "count": 64}, "out": {"type": "u32", "count": 32}, "n": 64}}`), Options{})
	rs["launch error"] = Run("k.ptx", []byte(vadd), []byte(`{"block": 32, "args": {}}`), Options{})
	rs["parse error"] = Run("k.ptx", []byte("add.s32 %r1, ;"), []byte(`{}`), Options{})
	printf := `.version 7.0
.target sm_80
.address_size 64
.extern .func (.param .b32 func_retval0) vprintf (.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.global .align 1 .b8 $str[6] = {60, 38, 34, 10, 62, 0};
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<4>;
	mov.u64 %rd1, $str;
	cvta.global.u64 %rd2, %rd1;
	{
	.param .b64 param0;
	st.param.b64 [param0+0], %rd2;
	.param .b64 param1;
	st.param.b64 [param1+0], 0;
	.param .b32 retval0;
	call.uni (retval0), vprintf, (param0, param1);
	ld.param.b32 %r1, [retval0+0];
	}
	ld.param.u64 %rd3, [out];
	add.s32 %r2, %r2, 1;
	st.global.u32 [%rd3], %r2;
	ret;
}
`
	rs["stdout and warnings"] = Run("k.ptx", []byte(printf), []byte(`{"block": 4, "args": {"out": {"type": "s32", "count": 3}}}`), Options{})
	if r := rs["stdout and warnings"]; !r.OK || r.Stdout == "" || len(r.Warnings) == 0 {
		t.Fatalf("printf kernel: ok %v, stdout %q, warnings %+v, errors %+v", r.OK, r.Stdout, r.Warnings, r.Errors)
	}
	if r := rs["budget stops, partial buffers"]; r.OK || r.Machine == nil || len(r.Names) != 2 {
		t.Fatalf("budget run: ok %v, names %v", r.OK, r.Names)
	}
	// Every type at its edges, by hand.
	f32 := func(f float32) uint64 { return uint64(math.Float32bits(f)) }
	f64 := math.Float64bits
	edges := &Result{OK: true, Buffers: map[string]*Buffer{
		"u8":   {Type: "u8", Data: []uint64{0, 255}},
		"s8":   {Type: "s8", Data: []uint64{0x80, 0x7f, 0xff}},
		"s16":  {Type: "s16", Data: []uint64{0x8000, 0xffff}},
		"s32":  {Type: "s32", Data: []uint64{0x80000000, 0xffffffff, 1}},
		"s64":  {Type: "s64", Data: []uint64{1 << 63, math.MaxUint64}},
		"u64":  {Type: "u64", Data: []uint64{math.MaxUint64}},
		"b16":  {Type: "b16", Data: []uint64{0xffff}},
		"f16":  {Type: "f16", Data: []uint64{0x7c00, 0xfc00, 0x7e00, 0x8000, 0x3c00, 0x7bff, 0x0001}},
		"bf16": {Type: "bf16", Data: []uint64{0x7f80, 0xff80, 0x7fc0, 0x8000, 0x3f80}},
		"f32":  {Type: "f32", Data: []uint64{f32(float32(math.Inf(1))), f32(float32(math.Inf(-1))), 0x7fc00000, 0x80000000, f32(0.1), f32(math.MaxFloat32), 1}},
		"f64":  {Type: "f64", Data: []uint64{f64(math.Inf(1)), f64(math.NaN()), f64(math.Copysign(0, -1)), f64(0.1), f64(math.SmallestNonzeroFloat64)}},
		"none": {Type: "u32", Data: []uint64{}},
	}, Stdout: "quote \" back \\ <tag> & \x00 \xff é\n", Warnings: []Error{{Phase: "check", Message: "read of %r2 <before> any write", Line: 3, Col: 7}}}
	for _, n := range []string{"u8", "s8", "s16", "s32", "s64", "u64", "b16", "f16", "bf16", "f32", "f64", "none", "wide \"name\" <é>"} {
		edges.Names = append(edges.Names, n)
	}
	edges.Buffers["wide \"name\" <é>"] = &Buffer{Type: "u32", Data: []uint64{7}}
	rs["edges"] = edges
	failedEdges := *edges
	failedEdges.OK = false
	failedEdges.Errors = []Error{{Phase: "run", Message: "x"}, {Phase: "run", Message: "y \"z\"", Line: 1}}
	rs["failed edges, no machine"] = &failedEdges
	// Long enough to cross the scratch slice many times.
	long := &Result{OK: true, Names: []string{"a", "b"}, Buffers: map[string]*Buffer{"a": {Type: "u32"}, "b": {Type: "f32"}}}
	for i := range 20000 {
		long.Buffers["a"].Data = append(long.Buffers["a"].Data, uint64(uint32(i)*2654435761))
		long.Buffers["b"].Data = append(long.Buffers["b"].Data, f32(float32(i)/3))
	}
	rs["long"] = long
	// Halves past 65,536 elements, where the text of each value is kept:
	// every pattern (NaNs, infinities and -0 among them), then some again.
	halves := &Result{OK: true, Names: []string{"h", "bh"}, Buffers: map[string]*Buffer{"h": {Type: "f16"}, "bh": {Type: "bf16"}}}
	for i := range 70000 {
		v := uint64(i)
		if i >= 1<<16 {
			v = uint64(i*7919) & 0xffff
		}
		halves.Buffers["h"].Data = append(halves.Buffers["h"].Data, v)
		halves.Buffers["bh"].Data = append(halves.Buffers["bh"].Data, v^0x8000)
	}
	rs["long halves"] = halves
	return rs
}

// TestWriteJSONStreams: the streamed document is the one JSON built whole
// before, byte for byte, through any writer; buffers go out in small
// pieces.
func TestWriteJSONStreams(t *testing.T) {
	for desc, r := range streamResults(t) {
		want := refJSON(r)
		if !json.Valid(want) {
			t.Errorf("%s: reference is not JSON: %s", desc, want)
		}
		if got := r.JSON(); !bytes.Equal(got, want) {
			t.Errorf("%s: JSON()\n got %s\nwant %s", desc, got, want)
		}
		var mw maxWriter
		if err := r.WriteJSON(&mw); err != nil || !bytes.Equal(mw.buf.Bytes(), want) {
			t.Errorf("%s: WriteJSON (err %v)\n got %s\nwant %s", desc, err, mw.buf.Bytes(), want)
		}
		if mw.max > scratchFlush+64 && mw.max > len(r.Stdout)+64 {
			t.Errorf("%s: a single write of %d bytes", desc, mw.max)
		}
		for _, size := range []int{16, 4096} {
			var b bytes.Buffer
			bw := bufio.NewWriterSize(&b, size)
			if err := r.WriteJSON(bw); err != nil {
				t.Fatal(err)
			}
			bw.Flush()
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("%s: through a %d-byte bufio.Writer\n got %s\nwant %s", desc, size, b.Bytes(), want)
			}
		}
	}
	// The edges by hand, from the contract: exact integers, shortest
	// round-trip floats (f16 65504 reads back from 65500, its neighbours
	// being 32 apart),
	// floats, specials as strings, -0 as -0.0.
	r := streamResults(t)["edges"]
	var b bytes.Buffer
	r.WriteJSON(&b)
	for _, want := range []string{
		`"s8": {"type": "s8", "data": [-128, 127, -1]}`,
		`"s16": {"type": "s16", "data": [-32768, -1]}`,
		`"s32": {"type": "s32", "data": [-2147483648, -1, 1]}`,
		`"s64": {"type": "s64", "data": [-9223372036854775808, -1]}`,
		`"u64": {"type": "u64", "data": [18446744073709551615]}`,
		`"f16": {"type": "f16", "data": ["inf", "-inf", "nan", -0.0, 1, 65500, 6e-08]}`,
		`"bf16": {"type": "bf16", "data": ["inf", "-inf", "nan", -0.0, 1]}`,
		`"f32": {"type": "f32", "data": ["inf", "-inf", "nan", -0.0, 0.1, 3.4028235e+38, 1e-45]}`,
		`"f64": {"type": "f64", "data": ["inf", "nan", -0.0, 0.1, 5e-324]}`,
		`"none": {"type": "u32", "data": []}`,
		`"wide \"name\" \u003cé\u003e": {"type": "u32", "data": [7]}`,
		`"stdout": "quote \" back \\ \u003ctag\u003e \u0026 \u0000 \ufffd é\n"`,
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("edges: no %s in %s", want, b.String())
		}
	}
}

// failWriter fails once more than n bytes have been asked of it, and
// counts the calls that came after that.
type failWriter struct {
	n, wrote, afterFail int
	failed              bool
}

func (w *failWriter) Write(p []byte) (int, error) {
	if w.failed {
		w.afterFail++
	}
	if w.wrote+len(p) > w.n {
		w.failed = true
		return 0, errors.New("disk full")
	}
	w.wrote += len(p)
	return len(p), nil
}

// TestWriteJSONError: the first error of the writer is returned, and
// nothing more is written after it.
func TestWriteJSONError(t *testing.T) {
	r := streamResults(t)["long"]
	for _, n := range []int{0, 10, 5000, 100000} {
		w := &failWriter{n: n}
		err := r.WriteJSON(w)
		if err == nil || err.Error() != "disk full" || !w.failed {
			t.Errorf("fail after %d bytes: err %v", n, err)
		}
		if w.afterFail != 0 {
			t.Errorf("fail after %d bytes: %d writes after the failure", n, w.afterFail)
		}
	}
}

// BenchmarkWriteJSON writes a result with one u32 buffer of each size to
// io.Discard through a bufio.Writer: the allocations per op stay the
// same whatever the size (the stream never holds the document).
func BenchmarkWriteJSON(b *testing.B) {
	for _, n := range []int{1 << 10, 1 << 16, 1 << 20} {
		r := &Result{OK: true, Names: []string{"out"}, Buffers: map[string]*Buffer{"out": {Type: "u32", Data: make([]uint64, n)}}}
		for i := range r.Buffers["out"].Data {
			r.Buffers["out"].Data[i] = uint64(uint32(i) * 2654435761)
		}
		b.Run(fmt.Sprintf("u32x%d", n), func(b *testing.B) {
			b.ReportAllocs()
			bw := bufio.NewWriterSize(io.Discard, 64<<10)
			for b.Loop() {
				bw.Reset(io.Discard)
				if err := r.WriteJSON(bw); err != nil {
					b.Fatal(err)
				}
				bw.Flush()
			}
		})
		h := &Result{OK: true, Names: []string{"out"}, Buffers: map[string]*Buffer{"out": {Type: "f16", Data: make([]uint64, n)}}}
		for i := range h.Buffers["out"].Data {
			h.Buffers["out"].Data[i] = uint64(0x3c00 + i%256) // 256 distinct values from 1, as data such as small matrices have
		}
		b.Run(fmt.Sprintf("f16x%d", n), func(b *testing.B) {
			b.ReportAllocs()
			bw := bufio.NewWriterSize(io.Discard, 64<<10)
			for b.Loop() {
				bw.Reset(io.Discard)
				if err := h.WriteJSON(bw); err != nil {
					b.Fatal(err)
				}
				bw.Flush()
			}
		})
	}
	// vadd's output over 4096 x 256 threads: i + 0.5 in f32, 1M elements
	// (the plain-notation fast path below 1e6, strconv's search above).
	{
		d := make([]uint64, 1<<20)
		for i := range d {
			d[i] = uint64(math.Float32bits(float32(i) + 0.5))
		}
		r := &Result{OK: true, Names: []string{"out"}, Buffers: map[string]*Buffer{"out": {Type: "f32", Data: d}}}
		b.Run("f32vadd1M", func(b *testing.B) {
			b.ReportAllocs()
			bw := bufio.NewWriterSize(io.Discard, 64<<10)
			for b.Loop() {
				bw.Reset(io.Discard)
				if err := r.WriteJSON(bw); err != nil {
					b.Fatal(err)
				}
				bw.Flush()
			}
		})
	}
	// Every element distinct: all 65,536 patterns of each half (NaNs and
	// infinities included), and as many f32 and f64 values spread over
	// their ranges (bits from a multiplicative hash).
	for _, typ := range []string{"f16", "bf16", "f32", "f64"} {
		d := make([]uint64, 1<<16)
		for i := range d {
			switch typ {
			case "f16", "bf16":
				d[i] = uint64(i)
			case "f32":
				d[i] = uint64(uint32(i) * 2654435761)
			default:
				d[i] = uint64(i) * 0x9E3779B97F4A7C15
			}
		}
		r := &Result{OK: true, Names: []string{"out"}, Buffers: map[string]*Buffer{"out": {Type: typ, Data: d}}}
		b.Run(typ+"distinct65536", func(b *testing.B) {
			b.ReportAllocs()
			bw := bufio.NewWriterSize(io.Discard, 64<<10)
			for b.Loop() {
				bw.Reset(io.Discard)
				if err := r.WriteJSON(bw); err != nil {
					b.Fatal(err)
				}
				bw.Flush()
			}
		})
	}
}
