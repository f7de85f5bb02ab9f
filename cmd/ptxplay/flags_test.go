package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// vaddFiles writes a kernel out[i] = a[i] + i over 100 threads, a = iota,
// so out[i] = 2i, and its launch; it returns their paths.
func vaddFiles(t *testing.T) (kernel, spec string) {
	dir := t.TempDir()
	kernel = filepath.Join(dir, "k.ptx")
	spec = filepath.Join(dir, "l.json")
	src, err := os.ReadFile("../../testdata/check/ok/hand_vadd_index.ptx") // out[i] = a[i] + i
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(kernel, src, 0o644)
	os.WriteFile(spec, []byte(`{"block": 100, "args": {"a": {"type": "u32", "fill": "iota", "count": 100}, "out": {"type": "u32", "count": 100}, "n": 100}}`), 0o644)
	return kernel, spec
}

// TestRunFlags: --name value and --name=value both work; bad values are
// refused with exit 2 and a message naming the flag.
func TestRunFlags(t *testing.T) {
	k, spec := vaddFiles(t)
	for _, args := range [][]string{
		{"run", "--budget", "3", "--launch", spec, k},
		{"run", "--budget=3", "--launch=" + spec, k},
		{"run", k, "-budget", "3", "-launch", spec},
	} {
		// 3 warp instructions cannot finish 4 warps of 14-16 instructions.
		code, _, errOut := runCLI(t, "", args...)
		if code != 1 || !strings.Contains(errOut, "step budget of 3 warp instructions") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
	bad := []struct {
		args []string
		msg  string
	}{
		{[]string{"--budget=-5"}, "--budget needs a positive whole number"},
		{[]string{"--budget", "-5"}, "--budget needs a positive whole number"},
		{[]string{"--budget=abc"}, "--budget needs a positive whole number"},
		{[]string{"--budget=0"}, "--budget needs a positive whole number"},
		{[]string{"--budget=1e9"}, "--budget needs a positive whole number"},
		{[]string{"--json", "--trace"}, "cannot be combined with --json"},
		{[]string{"--json=yes"}, "--json takes no value"},
		{[]string{"--nope"}, "unknown flag --nope"},
		{[]string{"--print", "zz"}, `no buffer "zz" (the buffers are a, out)`},
	}
	for _, tt := range bad {
		args := append([]string{"run", "--launch", spec}, tt.args...)
		args = append(args, k)
		code, _, errOut := runCLI(t, "", args...)
		if code != 2 || !strings.Contains(errOut, tt.msg) {
			t.Errorf("%v: exit %d, stderr %q, want exit 2 and %q", tt.args, code, errOut, tt.msg)
		}
	}
	// A flag missing its value at the end.
	if code, _, errOut := runCLI(t, "", "run", k, "--budget"); code != 2 || !strings.Contains(errOut, "--budget needs a value") {
		t.Errorf("--budget at the end: exit %d, %q", code, errOut)
	}
}

// TestRunPrintsWhatWasAsked: the text output shows the buffers the run
// changed unless --print says otherwise, and summarises long ones.
func TestRunPrintsWhatWasAsked(t *testing.T) {
	k, spec := vaddFiles(t)
	code, out, _ := runCLI(t, "", "run", "--launch", spec, k)
	if code != 0 || !strings.Contains(out, "out (u32, 100 elements)") || strings.Contains(out, "a (u32") {
		t.Fatalf("default: exit %d, output %s", code, out)
	}
	// 100 elements: rows [0]..[24] shown, [32]..[87] summarised (56
	// elements), rows [88] and [96] shown; out[88] = 176, out[99] = 198.
	if !strings.Contains(out, "56 elements not shown (--all prints them)") || !strings.Contains(out, "[88]") ||
		!strings.Contains(out, "198") || strings.Contains(out, "[40]") || !strings.Contains(out, "[24]") {
		t.Errorf("summary: %s", out)
	}
	code, out, _ = runCLI(t, "", "run", "--all", "--launch", spec, k)
	if code != 0 || !strings.Contains(out, "[40]") || strings.Contains(out, "not shown") {
		t.Errorf("--all: %s", out)
	}
	code, out, _ = runCLI(t, "", "run", "--print", "a", "--launch", spec, k)
	if code != 0 || !strings.Contains(out, "a (u32, 100 elements)") || strings.Contains(out, "out (u32") {
		t.Errorf("--print a: %s", out)
	}
	code, out, _ = runCLI(t, "", "run", "--print=all", "--launch", spec, k)
	if code != 0 || !strings.Contains(out, "a (u32, 100 elements)") || !strings.Contains(out, "out (u32, 100 elements)") {
		t.Errorf("--print all: %s", out)
	}
	code, out, _ = runCLI(t, "", "run", "--json", "--print", "out", "--launch", spec, k)
	if code != 0 || strings.Contains(out, `"a":`) || !strings.Contains(out, `"out": {"type": "u32", "data": [0, 2, 4,`) {
		t.Errorf("--json --print out: %s", out)
	}
	// JSON by default shows the buffers the run changed, as the table
	// does (the input a is only read); --print all shows every one.
	code, out, _ = runCLI(t, "", "run", "--json", "--launch", spec, k)
	if code != 0 || strings.Contains(out, `"a":`) || !strings.Contains(out, `"out": {"type": "u32", "data": [0, 2, 4,`) {
		t.Errorf("--json: %s", out)
	}
	code, out, _ = runCLI(t, "", "run", "--json", "--print", "all", "--launch", spec, k)
	if code != 0 || !strings.Contains(out, `"a": {"type": "u32", "data": [0, 1, 2,`) || !strings.Contains(out, `"out": {"type": "u32", "data": [0, 2, 4,`) {
		t.Errorf("--json --print all: %s", out)
	}
}

// TestCheckAndRunAgreeOnRegisters: five declarations of 65536 registers
// pass the CLI's 262144 at the fifth (line 9); check and run both say so
// there.
func TestCheckAndRunAgreeOnRegisters(t *testing.T) {
	var b strings.Builder
	b.WriteString(".version 7.0\n.target sm_80\n.entry k()\n{\n")
	for i := 0; i < 5; i++ {
		b.WriteString("\t.reg .b32 %r" + string(rune('a'+i)) + "<65536>;\n")
	}
	b.WriteString("\tret;\n}\n")
	dir := t.TempDir()
	k := filepath.Join(dir, "k.ptx")
	spec := filepath.Join(dir, "l.json")
	os.WriteFile(k, []byte(b.String()), 0o644)
	os.WriteFile(spec, []byte(`{"args": {}}`), 0o644)
	code, out, _ := runCLI(t, "", "check", k)
	if code != 1 || !strings.Contains(out, "k.ptx:9:12: ") || !strings.Contains(out, "Registers = 262144") {
		t.Errorf("check: exit %d, %q", code, out)
	}
	code, _, errOut := runCLI(t, "", "run", "--launch", spec, k)
	if code != 1 || !strings.Contains(errOut, "k.ptx:9:12: check error: ") || !strings.Contains(errOut, "Registers = 262144") {
		t.Errorf("run: exit %d, %q", code, errOut)
	}
}
