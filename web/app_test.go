package web

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/ptxplay/ptxplay/examples"
)

// runToEnd runs the app's launch as the Run button does, slice by slice.
func runToEnd(t *testing.T, a *App) {
	t.Helper()
	if !a.StartRun(true) {
		t.Fatalf("run did not start: %+v", a.AllDiags())
	}
	for a.RunSlice() {
	}
}

func TestFirstVisitRunsVectorAdd(t *testing.T) {
	a := NewApp()
	if a.Example != "vadd" || a.S == nil {
		t.Fatalf("first visit: example %q, session %v, diags %+v", a.Example, a.S != nil, a.AllDiags())
	}
	if a.Total <= 0 {
		t.Errorf("total steps unknown for a short kernel: %d", a.Total)
	}
	runToEnd(t, a)
	if !a.S.Done() || a.S.Machine().Fault() != nil {
		t.Fatalf("run did not finish: %+v", a.AllDiags())
	}
	if a.S.Steps() != a.Total {
		t.Errorf("steps %d, probed total %d", a.S.Steps(), a.Total)
	}
	// out[i] = a[i] + b[i] in float32, from the launch's own data: a is iota.
	var spec struct {
		Args struct {
			B struct{ Data []float64 } `json:"b"`
		} `json:"args"`
	}
	ex, _ := examples.Get("vadd")
	if err := json.Unmarshal([]byte(ex.Launch), &spec); err != nil {
		t.Fatal(err)
	}
	outs := a.Outputs()
	var out []string
	for _, o := range outs {
		if o.Name == "out" {
			out = strings.Split(o.Values, ", ")
		}
	}
	if len(out) != 40 {
		t.Fatalf("out has %d values, want 40: %+v", len(out), outs)
	}
	for i, b := range spec.Args.B.Data {
		want := float32(i) + float32(b)
		got := out[i]
		if got != launch.FormatValue("f32", uint64(math.Float32bits(want))) {
			t.Errorf("out[%d] = %s, want %v", i, got, want)
		}
	}
}

func TestStepAndBackAreExact(t *testing.T) {
	for _, ex := range examples.All() {
		t.Run(ex.Name, func(t *testing.T) {
			a := &App{CTA: -1, Warp: -1}
			if err := a.LoadExample(ex.Name); err != nil {
				t.Fatal(err)
			}
			for range 3 {
				a.Step()
			}
			before, _ := json.Marshal(a.Snap)
			for range 5 {
				a.Step()
			}
			if a.S.Steps() != 8 {
				t.Fatalf("after 8 steps the counter says %d", a.S.Steps())
			}
			for range 5 {
				a.Back()
			}
			after, _ := json.Marshal(a.Snap)
			if string(before) != string(after) {
				t.Errorf("step 5 and back 5 changed the snapshot")
			}
			if got := a.StepText(); !strings.HasPrefix(got, "step 3 / ") {
				t.Errorf("counter %q", got)
			}
			// The total as the run's length is known or not.
			for _, tc := range []struct {
				total int64
				want  string
			}{{-1, "step 3 / ?"}, {0, "step 3 / 0"}, {12345678901, "step 3 / 12345678901"}} {
				a.Total = tc.total
				if got := a.StepText(); got != tc.want {
					t.Errorf("Total %d: counter %q, want %q", tc.total, got, tc.want)
				}
			}
		})
	}
}

func TestBreakpointStopsContinue(t *testing.T) {
	a := NewApp()
	// the line of the vector add's first global load
	line := 0
	for i, l := range strings.Split(a.Source, "\n") {
		if strings.Contains(l, "ld.global.f32") {
			line = i + 1
			break
		}
	}
	a.Breaks = []int{line}
	if !a.StartRun(true) {
		t.Fatal("no run")
	}
	for a.RunSlice() {
	}
	if cur, _ := a.CurrentLine(); cur != line || a.S.Done() {
		t.Fatalf("stopped at line %d (done %v), want the breakpoint's line %d; %+v", cur, a.S.Done(), line, a.RunMsgs)
	}
	// Continue goes to the same line for the next warp, then to the end.
	a.StartRun(false)
	for a.RunSlice() {
	}
	if cur, _ := a.CurrentLine(); cur != line {
		t.Errorf("second stop at line %d, want %d", cur, line)
	}
}

func TestRunawayLoopStopsOnBudget(t *testing.T) {
	old := RunBudget
	RunBudget = 200 * time.Millisecond
	defer func() { RunBudget = old }()
	a := &App{CTA: -1, Warp: -1, Name: "loop.ptx"}
	a.SetSource(`.version 7.0
.target sm_80
.address_size 64
.visible .entry spin(.param .u32 n)
{
	.reg .b32 %r<2>;
LOOP:
	add.u32 %r1, %r1, 1;
	bra LOOP;
}
`)
	a.SetLaunchJSON(`{"grid": 1, "block": 32, "args": {"n": 1}}`)
	t0 := time.Now()
	runToEnd(t, a)
	if el := time.Since(t0); el > 2*time.Second {
		t.Errorf("budget stop took %v", el)
	}
	if !a.Budget || len(a.RunMsgs) == 0 || a.RunMsgs[0].Kind != "budget" || a.RunMsgs[0].Line != 8 {
		t.Fatalf("want a budget stop at line 8, got %+v", a.RunMsgs)
	}
	steps := a.S.Steps()
	a.StartRun(false) // Continue goes on from there
	a.Stop()
	for a.RunSlice() {
	}
	if a.S.Steps() != steps {
		t.Errorf("Stop before the first slice still ran: %d -> %d", steps, a.S.Steps())
	}
}

func TestFaultNamesLaneAndLine(t *testing.T) {
	a := &App{CTA: -1, Warp: -1, Name: "oob.ptx"}
	a.SetSource(`.version 7.0
.target sm_80
.address_size 64
.visible .entry oob(.param .u64 out)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r1;
	ret;
}
`)
	a.SetLaunchJSON(`{"grid": 1, "block": 32, "args": {"out": {"type": "u32", "count": 20}}}`)
	runToEnd(t, a)
	var fault *Diag
	for i, d := range a.RunMsgs {
		if d.Kind == "fault" {
			fault = &a.RunMsgs[i]
		}
	}
	if fault == nil {
		t.Fatalf("no fault: %+v", a.AllDiags())
	}
	if fault.Line != 12 || !strings.Contains(fault.Msg, "lane 20") {
		t.Errorf("fault %+v: want line 12 and lane 20 (the first lane past 20 elements)", fault)
	}
	if line, isFault := a.CurrentLine(); line != 12 || !isFault {
		t.Errorf("current line %d fault %v", line, isFault)
	}
}

func TestSyntaxErrorIsDiagnosedAtItsLine(t *testing.T) {
	a := NewApp()
	lines := strings.Split(a.Source, "\n")
	for i, l := range lines {
		if strings.Contains(l, "add.f32") {
			lines[i] = strings.Replace(l, "add.f32", "add.f32 %f3 %f1,", 1)
			a.SetSource(strings.Join(lines, "\n"))
			found := false
			for _, d := range a.Diags {
				found = found || d.Line == i+1
			}
			if !found {
				t.Fatalf("no diagnostic at line %d: %+v", i+1, a.Diags)
			}
			if a.Prepare() {
				t.Error("a source with errors prepared a session")
			}
			return
		}
	}
	t.Fatal("no add.f32 in the example")
}

// TestTemplateRunsCorpusKernels fills a launch for real compiler output
// and runs it: the template must never be rejected by the launch code.
func TestTemplateRunsCorpusKernels(t *testing.T) {
	for _, name := range []string{"Rust-GPU__Rust-CUDA__add.ptx", "gpu-mode__lectures__square_kernel.ptx", "fabgas__CudaTut__reduction.ptx", "mumax__3__crossproduct_20.ptx", "daig__cuda__test.ptx", "Malfurionzz__cuda_code__softmax.ptx", "anandnamdev__Parallel-Edge-Detection-using-CUDA-C__kernel.ptx"} {
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", "core", "ptx", "testdata", "corpus", name))
			if err != nil {
				t.Fatal(err)
			}
			a := &App{CTA: -1, Warp: -1, Name: name}
			a.SetSource(string(src))
			if len(a.Diags) > 0 {
				t.Fatalf("corpus file has diagnostics: %+v", a.Diags)
			}
			a.Template()
			if a.JSONErr != "" || a.Launch.Validate(a.Params) != 0 {
				t.Fatalf("template invalid: %s %+v", a.JSONErr, a.Launch)
			}
			runToEnd(t, a)
			if !a.S.Done() || a.S.Machine().Fault() != nil {
				t.Errorf("the template's run did not finish cleanly: %+v", a.RunMsgs)
			}
		})
	}
}

func TestTemplateFindsBuffers(t *testing.T) {
	src := `.version 7.0
.target sm_80
.address_size 64
.visible .entry _Z3axpyfPKfPfi(.param .f32 _Z3axpyfPKfPfi_param_0, .param .u64 _Z3axpyfPKfPfi_param_1,
	.param .u64 _Z3axpyfPKfPfi_param_2, .param .u32 _Z3axpyfPKfPfi_param_3)
{
	.reg .b64 %rd<8>;
	.reg .f32 %f<4>;
	ld.param.u64 %rd1, [_Z3axpyfPKfPfi_param_1];
	ld.param.u64 %rd2, [_Z3axpyfPKfPfi_param_2];
	cvta.to.global.u64 %rd3, %rd1;
	cvta.to.global.u64 %rd4, %rd2;
	ld.global.nc.f32 %f1, [%rd3+4];
	st.global.f32 [%rd4], %f1;
	ret;
}
`
	a := &App{CTA: -1, Warp: -1, Name: "axpy.ptx"}
	a.SetSource(src)
	if len(a.Diags) > 0 {
		t.Fatal(a.Diags)
	}
	a.Template()
	got := map[string]ArgRow{}
	for _, r := range a.Launch.Args {
		r.Err = ""
		got[r.Name] = r
	}
	want := map[string]ArgRow{
		"_Z3axpyfPKfPfi_param_0": {Name: "_Z3axpyfPKfPfi_param_0", PType: ".f32", Value: "2"},
		"_Z3axpyfPKfPfi_param_1": {Name: "_Z3axpyfPKfPfi_param_1", PType: ".u64", Buffer: true, Type: "f32", Count: "4096", Fill: "iota"},
		"_Z3axpyfPKfPfi_param_2": {Name: "_Z3axpyfPKfPfi_param_2", PType: ".u64", Buffer: true, Type: "f32", Count: "4096"},
		"_Z3axpyfPKfPfi_param_3": {Name: "_Z3axpyfPKfPfi_param_3", PType: ".u32", Value: "64"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("template\n got %+v\nwant %+v", got, want)
	}
}

// TestLaunchFormRoundTrip: every example's launch read into the form and
// written back means the same launch to the core.
func TestLaunchFormRoundTrip(t *testing.T) {
	for _, ex := range examples.All() {
		f, err := ParseLaunchForm([]byte(ex.Launch))
		if err != nil {
			t.Fatalf("%s: %v", ex.Name, err)
		}
		a, err := launch.ParseSpec([]byte(ex.Launch))
		if err != nil {
			t.Fatal(err)
		}
		b, err := launch.ParseSpec([]byte(f.JSON()))
		if err != nil {
			t.Fatalf("%s: the form's JSON does not parse: %v\n%s", ex.Name, err, f.JSON())
		}
		if a.Kernel != b.Kernel || a.Grid != b.Grid || a.Block != b.Block || a.Cluster != b.Cluster || a.SharedMem != b.SharedMem || len(a.Args) != len(b.Args) {
			t.Errorf("%s: spec changed: %+v -> %+v", ex.Name, a, b)
		}
		for k, v := range a.Args {
			if norm(v) != norm(b.Args[k]) {
				t.Errorf("%s: arg %s: %s -> %s", ex.Name, k, v, b.Args[k])
			}
		}
	}
}

// norm writes a JSON value canonically; a string holding a number ("0")
// means that number to the launch code, so it becomes one.
func norm(raw json.RawMessage) string {
	var v any
	d := json.NewDecoder(strings.NewReader(string(raw)))
	d.UseNumber()
	d.Decode(&v)
	var fix func(any) any
	fix = func(v any) any {
		switch x := v.(type) {
		case string:
			var n json.Number
			if json.Unmarshal([]byte(x), &n) == nil {
				return n
			}
		case []any:
			for i := range x {
				x[i] = fix(x[i])
			}
		case map[string]any:
			for k := range x {
				x[k] = fix(x[k])
			}
		}
		return v
	}
	b, _ := json.Marshal(fix(v))
	return string(b)
}

func TestFieldValidation(t *testing.T) {
	for _, c := range []struct {
		typ, val string
		ok       bool
	}{
		{"u32", "4294967295", true},
		{"u32", "4294967296", false},
		{"u32", "-1", true}, // two's complement, as C int params declared .u32
		{"s8", "-128", true},
		{"s8", "128", false},
		{"u8", "0xff", true},
		{"u8", "0x100", false},
		{"f32", "1.5", true},
		{"f32", "-0", true},
		{"f32", "nan", true},
		{"f32", "1e39", false},
		{"f64", "1e308", true},
		{"u64", "18446744073709551615", true},
		{"u32", "x", false},
		{"f32", "one", false},
	} {
		msg := checkScalar(c.typ, c.val)
		if (msg == "") != c.ok {
			t.Errorf("checkScalar(%s, %q) = %q, want ok=%v", c.typ, c.val, msg, c.ok)
		}
	}
	f := &LaunchForm{Grid: "0", Block: "64, 32", Args: []ArgRow{{Name: "x", Value: "1"}}}
	params := []simParam{{"x", ".u32"}, {"p", ".u64"}}
	if n := f.Validate(toParams(params)); n != 3 {
		t.Errorf("Validate: %d errors, want 3 (grid 0, block of 2048, missing p): %+v", n, f)
	}
	if f.GridErr == "" || f.BlockErr == "" || f.Args[1].Name != "p" || f.Args[1].Err == "" {
		t.Errorf("errors not at their fields: %+v", f)
	}
}

type simParam struct{ name, typ string }

func toParams(ps []simParam) []sim.ParamInfo {
	var out []sim.ParamInfo
	for i, p := range ps {
		size := 4
		if strings.HasSuffix(p.typ, "64") {
			size = 8
		}
		out = append(out, sim.ParamInfo{Name: p.name, Type: p.typ, Offset: 8 * i, Size: size, Ptr: size == 8})
	}
	return out
}

// TestLaunchFormCluster: the cluster field goes into the JSON only when
// given, keeps its shape, is checked at the field, and a core error that
// names "cluster" lands there.
func TestLaunchFormCluster(t *testing.T) {
	f, err := ParseLaunchForm([]byte(`{"grid": [4, 2], "block": 32, "cluster": [2, 2], "args": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	if f.Cluster != "2, 2" {
		t.Errorf("cluster field %q, want \"2, 2\"", f.Cluster)
	}
	if sp, err := launch.ParseSpec([]byte(f.JSON())); err != nil || sp.Cluster != [3]uint32{2, 2, 1} {
		t.Errorf("JSON %s gives cluster %v (%v), want [2 2 1]", f.JSON(), sp.Cluster, err)
	}
	f.Cluster = ""
	if strings.Contains(f.JSON(), "cluster") {
		t.Errorf("an empty cluster field is in the JSON: %s", f.JSON())
	}
	for _, tc := range []struct{ text, want string }{
		{"0", "is not a positive number"},
		{"4, 4, 2", "at most 16 CTAs; this one has 32"},
		{"2, x", `"x" is not a positive number`},
		{"2, 2, 2, 2", "give 1 to 3 positive numbers"},
	} {
		f.Cluster = tc.text
		f.Validate(nil)
		if !strings.Contains(f.ClusterErr, tc.want) {
			t.Errorf("cluster %q: error %q, want one saying %q", tc.text, f.ClusterErr, tc.want)
		}
	}
	f.Cluster = "3"
	f.Validate(nil)
	f.Blame(`launch spec: "grid" [4, 2, 1] is not a multiple of "cluster" [3, 1, 1] in x`)
	if !strings.Contains(f.ClusterErr, "not a multiple") {
		t.Errorf("the core's cluster error did not land at the field: %q", f.ClusterErr)
	}
}
