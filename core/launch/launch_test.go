package launch

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

// vadd is the small kernel the launch and CLI tests share:
// out[i] = a[i] + i for i < n.
var vadd = func() string {
	b, err := os.ReadFile("../../testdata/check/ok/hand_vadd_index.ptx")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// TestLaunchErrors: every bad launch gives ok:false with a clear message,
// never a panic.
func TestLaunchErrors(t *testing.T) {
	tests := []struct {
		desc, src, spec, phase, msg string
	}{
		{"unknown kernel", vadd, `{"kernel": "nope", "block": 32, "args": {}}`, "launch", `unknown kernel "nope"`},
		{"missing argument", vadd, `{"block": 32, "args": {"a": {"type": "u32", "count": 32}, "out": {"type": "u32", "count": 32}}}`, "launch", `missing argument "n"`},
		{"extra argument", vadd, `{"block": 32, "args": {"a": {"type": "u32", "count": 32}, "out": {"type": "u32", "count": 32}, "n": 32, "m": 1}}`, "launch", `unknown argument "m"`},
		{"wrong scalar type", vadd, `{"block": 32, "args": {"a": {"type": "u32", "count": 32}, "out": {"type": "u32", "count": 32}, "n": "abc"}}`, "launch", `argument "n"`},
		{"scalar too big", vadd, `{"block": 32, "args": {"a": {"type": "u32", "count": 32}, "out": {"type": "u32", "count": 32}, "n": 4294967296}}`, "launch", `does not fit`},
		{"bad buffer type", vadd, `{"block": 32, "args": {"a": {"type": "u33", "count": 32}, "out": {"type": "u32", "count": 32}, "n": 1}}`, "launch", `unknown buffer type`},
		{"block too large", vadd, `{"block": 1025, "args": {"a": {"type": "u32", "count": 32}, "out": {"type": "u32", "count": 32}, "n": 1}}`, "launch", `exceeds the limit of 1024 threads`},
		{"block zero", vadd, `{"block": [0], "args": {}}`, "launch", `block[0] must be at least 1`},
		{"grid bad shape", vadd, `{"grid": [1,2,3,4], "block": 32, "args": {}}`, "launch", `array of 1 to 3`},
		{"unknown field", vadd, `{"blocks": 32, "args": {}}`, "launch", `unknown field "blocks"`},
		{"not json", vadd, `{`, "launch", `launch spec`},
		{"out of bounds store", vadd, `{"block": 64, "args": {"a": {"type": "u32", "count": 64}, "out": {"type": "u32", "count": 32}, "n": 64}}`, "run", `4-byte store of global address`},
		{"parse error", "add.s32 %r1, ;", `{"args": {}}`, "parse", `expected`},
		{"check error", ".version 7.0\n.target sm_80\n.entry k() { add.s32 %r1, %r2, 1; }", `{"args": {}}`, "check", `undeclared identifier %r1`},
	}
	for _, tt := range tests {
		res := Run("k.ptx", []byte(tt.src), []byte(tt.spec), Options{})
		if res.OK {
			t.Errorf("%s: ok, want an error", tt.desc)
			continue
		}
		var out struct {
			OK     bool    `json:"ok"`
			Errors []Error `json:"errors"`
		}
		if err := json.Unmarshal(res.JSON(), &out); err != nil {
			t.Errorf("%s: result is not JSON: %v\n%s", tt.desc, err, res.JSON())
			continue
		}
		if out.OK || len(out.Errors) == 0 {
			t.Errorf("%s: JSON %s lacks errors", tt.desc, res.JSON())
			continue
		}
		e := out.Errors[0]
		if e.Phase != tt.phase || !strings.Contains(e.Message, tt.msg) {
			t.Errorf("%s: got %s error %q, want %s error containing %q", tt.desc, e.Phase, e.Message, tt.phase, tt.msg)
		}
	}
}

// TestValues: the contract's value forms, exact 64-bit integers and
// special floats, in and out.
func TestValues(t *testing.T) {
	tests := []struct {
		typ, in string
		bits    uint64
		out     string
	}{
		{"u32", `-1`, 0xffffffff, "4294967295"},
		{"s32", `-1`, 0xffffffff, "-1"},
		{"u64", `18446744073709551615`, ^uint64(0), "18446744073709551615"},
		{"s64", `-9223372036854775808`, 1 << 63, "-9223372036854775808"},
		{"u32", `"0xff"`, 0xff, "255"},
		{"f32", `1.5`, 0x3fc00000, "1.5"},
		{"f32", `"0x7fc00000"`, 0x7fc00000, `"nan"`},
		{"f32", `"-0"`, 0x80000000, "-0.0"},
		{"f32", `"inf"`, 0x7f800000, `"inf"`},
		{"f32", `"-inf"`, 0xff800000, `"-inf"`},
		{"f32", `0.1`, 0x3dcccccd, "0.1"},
		{"f64", `0.1`, 0x3fb999999999999a, "0.1"},
		{"f16", `1`, 0x3c00, "1"},
		{"u8", `255`, 0xff, "255"},
	}
	for _, tt := range tests {
		got, err := valueBits(tt.typ, json.RawMessage(tt.in))
		if err != nil || got != tt.bits {
			t.Errorf("valueBits(%s, %s) = %#x, %v; want %#x", tt.typ, tt.in, got, err, tt.bits)
		}
		if s := FormatValue(tt.typ, tt.bits); s != tt.out {
			t.Errorf("FormatValue(%s, %#x) = %s, want %s", tt.typ, tt.bits, s, tt.out)
		}
	}
	for _, bad := range []struct{ typ, in string }{{"u8", "256"}, {"s8", "-129"}, {"u32", "1.5"}, {"u32", "true"}, {"u32", `"x"`}} {
		if _, err := valueBits(bad.typ, json.RawMessage(bad.in)); err == nil {
			t.Errorf("valueBits(%s, %s): no error", bad.typ, bad.in)
		}
	}
}

// TestBudget: a runaway loop stops with a clear message.
func TestBudget(t *testing.T) {
	src := ".version 7.0\n.target sm_80\n.entry spin() {\n$L: bra $L;\n}\n"
	res := Run("spin.ptx", []byte(src), []byte(`{"block": 32, "args": {}}`), Options{StepBudget: 1000})
	if res.OK || len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Message, "step budget") {
		t.Fatalf("got %+v", res.Errors)
	}
}

// TestBudgetContinue: a run stopped by its budget continues where it
// stopped and ends in the same state as an uninterrupted run.
func TestBudgetContinue(t *testing.T) {
	k := BenchKernels()[2] // diverge
	m := newMachine(t, k.Source, k.Launch)
	if m.Run(1000) {
		t.Fatal("finished within 1000 warp instructions")
	}
	if m.Stats().WarpInstructions != 1000 || m.Done() {
		t.Fatalf("stopped after %d instructions, done=%v", m.Stats().WarpInstructions, m.Done())
	}
	for !m.Run(777) {
	}
	ref := newMachine(t, k.Source, k.Launch)
	ref.Run(0)
	if m.Fingerprint() != ref.Fingerprint() {
		t.Fatal("continued run differs from an uninterrupted one")
	}
}

// TestManyCTAs: a grid of many CTAs runs in bounded memory (finished CTAs
// beyond the most recent sim.KeepCTAs drop their registers) and gives the
// right answer; snapshots of old CTAs still work.
func TestManyCTAs(t *testing.T) {
	k := BenchKernels()[2] // diverge: out[i] = Collatz steps of i+1
	spec := []byte(`{"kernel": "diverge", "grid": 300, "block": 64, "args": {"out": {"type": "u32", "count": 19200}}}`)
	res := Run("d.ptx", k.Source, spec, Options{})
	if !res.OK {
		t.Fatal(res.Errors)
	}
	for i, got := range res.Buffers["out"].Data {
		n, steps := uint64(i+1), uint64(0)
		for n != 1 {
			if n%2 == 0 {
				n /= 2
			} else {
				n = 3*n + 1
			}
			steps++
		}
		if got != steps {
			t.Fatalf("out[%d] = %d, want %d", i, got, steps)
		}
	}
	snap := res.Machine.Snapshot(sim.SnapshotOptions{CTA: 0, Warp: -1})
	if snap.State != "done" || len(snap.Warps) != 2 || len(snap.Warps[0].Regs) != 0 {
		t.Fatalf("old CTA snapshot: %s, %d warps", snap.State, len(snap.Warps))
	}
	if snap := res.Machine.Snapshot(sim.SnapshotOptions{CTA: 299, Warp: -1}); len(snap.Warps[0].Regs) == 0 {
		t.Fatal("the last CTA lost its registers")
	}
}

// TestIota: "fill": "iota" gives 0, 1, 2, ... in the element type.
func TestIota(t *testing.T) {
	tests := []struct {
		typ  string
		i    int
		want uint64
	}{
		{"u32", 7, 7}, {"u8", 300, 300 - 256}, {"s16", 40000, 40000}, {"u64", 1 << 40, 1 << 40},
		{"f32", 3, 0x40400000}, {"f64", 1, 0x3FF0000000000000}, {"f16", 2049, 0x6800}, {"bf16", 257, 0x4380},
	}
	for _, tt := range tests {
		if got := iotaBits(tt.typ, tt.i); got != tt.want {
			t.Errorf("iota %s[%d] = %#x, want %#x", tt.typ, tt.i, got, tt.want)
		}
	}
}

// TestInputBytesIota: the bytes inputBytes makes of an iota fill (what
// prepare writes into the machine and the held compare reads against)
// are iotaBits of each index, little-endian, in every whole element of the
// slice, for every element type, from
// several first indices (a chunk's start, the integer widths' wraps,
// f32's last exact integers) and lengths (none, one, odd, whole chunks).
func TestInputBytesIota(t *testing.T) {
	for _, typ := range []string{"u8", "s8", "b8", "u16", "s16", "b16", "f16", "bf16", "u32", "s32", "b32", "f32", "u64", "s64", "b64", "f64"} {
		es := elemSize(typ)
		b := &Buffer{Type: typ, in: fillInput{n: 1 << 25, kind: fillIota}}
		for _, first := range []int{0, 1, 255, 4093, 65530, 1<<24 - 5, 1<<32 - 3} {
			for _, n := range []int{0, 1, 3, 17, fillChunk / es} {
				dst := make([]byte, n*es+es-1) // less than an element past the last: left as it is
				for i := range dst {
					dst[i] = 0xA5
				}
				b.inputBytes(dst, first, es)
				for i := 0; i < n; i++ {
					var got uint64
					for k := es - 1; k >= 0; k-- {
						got = got<<8 | uint64(dst[i*es+k])
					}
					if want := iotaBits(typ, first+i); got != want {
						t.Fatalf("%s: element %d from %d: %#x, want %#x", typ, i, first, got, want)
					}
				}
				for _, c := range dst[n*es:] {
					if c != 0xA5 {
						t.Fatalf("%s: %d elements from %d: wrote past them", typ, n, first)
					}
				}
			}
		}
	}
}

// TestExitInBothPaths: a branch whose target is the next instruction, an
// exit: both paths reach the exit, and every lane must leave there.
func TestExitInBothPaths(t *testing.T) {
	src := `.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	mov.u32 %r1, %tid.x;
	ld.param.u64 %rd1, [out];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	and.b32 %r2, %r1, 1;
	setp.eq.u32 %p1, %r2, 0;
	@%p1 bra $L_exit;
$L_exit:
	exit;
	st.global.u32 [%rd3], %r1;
}
`
	res := Run("k.ptx", []byte(src), []byte(`{"block": 32, "args": {"out": {"type": "u32", "count": 32, "fill": 7}}}`), Options{})
	if !res.OK {
		t.Fatal(res.Errors)
	}
	for i, v := range res.Buffers["out"].Data {
		if v != 7 {
			t.Fatalf("out[%d] = %d: a lane ran past the exit", i, v)
		}
	}
}

// TestHelpfulRunErrors: messages that tell the user what to do.
func TestHelpfulRunErrors(t *testing.T) {
	dyn := `.version 7.0
.target sm_80
.address_size 64
.extern .shared .align 4 .b8 sdata[];
.visible .entry k()
{
	.reg .b32 %r<3>;
	mov.u32 %r1, sdata;
	st.shared.u32 [%r1], 5;
	ret;
}
`
	printf := `.version 7.0
.target sm_80
.address_size 64
.extern .func (.param .b32 func_retval0) vprintf (.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.global .align 1 .b8 $str[3] = {104, 105, 0};
.visible .entry k()
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<3>;
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
	ret;
}
`
	for _, tt := range []struct{ desc, src, want string }{
		{"dynamic shared memory not sized", dyn, `set "shared_mem" in the launch`},
	} {
		res := Run("k.ptx", []byte(tt.src), []byte(`{"block": 32, "args": {}}`), Options{})
		if res.OK || !strings.Contains(res.Errors[0].Message, tt.want) {
			t.Errorf("%s: %+v, want a message containing %q", tt.desc, res.Errors, tt.want)
		}
	}
	// printf runs: 32 threads print "hi", and the result carries it.
	res := Run("k.ptx", []byte(printf), []byte(`{"block": 32, "args": {}}`), Options{})
	if !res.OK || res.Stdout != strings.Repeat("hi", 32) {
		t.Errorf("printf: ok %v, errors %+v, stdout %q; want 32 times \"hi\"", res.OK, res.Errors, res.Stdout)
	}
	var out struct {
		Stdout *string `json:"stdout"`
	}
	if err := json.Unmarshal(res.JSON(), &out); err != nil || out.Stdout == nil || *out.Stdout != res.Stdout {
		t.Errorf("printf: JSON %s lacks the stdout field (%v)", res.JSON(), err)
	}
}
