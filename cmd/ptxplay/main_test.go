package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch"
)

func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCheckCLI(t *testing.T) {
	code, out, _ := runCLI(t, ".version 7.0\n.target sm_80\n.entry k()\n{\n\tfoo.u32 %r1;\n}\n", "check", "-")
	if code != 1 || !strings.HasPrefix(out, "<stdin>:5:2: unknown instruction \"foo\"") {
		t.Fatalf("exit %d, output %q", code, out)
	}
	code, out, _ = runCLI(t, "", "check", "../../core/launch/benchdata/alu.ptx")
	if code != 0 || out != "" {
		t.Fatalf("clean file: exit %d, output %q", code, out)
	}
}

func TestRunCLI(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "l.json")
	os.WriteFile(spec, []byte(`{"grid": 1, "block": 32, "args": {"out": {"type": "u32", "count": 32}}}`), 0o644)
	k := "../../core/launch/benchdata/diverge.ptx"
	code, out, _ := runCLI(t, "", "run", "--launch", spec, "--json", k)
	// Collatz step counts of 1..4 are 0, 1, 7, 2.
	if code != 0 || !strings.Contains(out, `"out": {"type": "u32", "data": [0, 1, 7, 2,`) {
		t.Fatalf("exit %d, output %s", code, out)
	}
	code, out, _ = runCLI(t, "", "run", "--trace", "--launch", spec, k)
	if code != 0 || !strings.Contains(out, "@%p2 bra $L_even;") || !strings.Contains(out, ".|:|:|:|") {
		t.Fatalf("trace: exit %d, output %.600s", code, out)
	}
	code, out, _ = runCLI(t, "", "run", "--json", "--launch", spec, "../../core/launch/benchdata/alu.ptx")
	if code != 1 || !strings.Contains(out, `"ok": false`) || !strings.Contains(out, `missing argument \"iters\"`) {
		t.Fatalf("bad launch: exit %d, output %s", code, out)
	}
}

// TestRunCorpus runs every kernel under testdata/run through
// `ptxplay run --json` and compares the printed buffers with
// expected.json, which a C reference (ref.c beside each kernel) computed
// independently of the simulator.
func TestRunCorpus(t *testing.T) {
	dirs, _ := filepath.Glob("../../testdata/run/*/launch.json")
	if len(dirs) < 15 {
		t.Fatalf("only %d kernels under testdata/run", len(dirs))
	}
	for _, lj := range dirs {
		dir := filepath.Dir(lj)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			runAndCompare(t, dir, false)
		})
	}
}

// runAndCompare runs dir's kernel.ptx under its launch.json with `ptxplay
// run --json` (every buffer with all) and compares the buffers with
// dir/expected.json. With all (testdata/gpu) a folder without one is
// skipped, said so; else that fails.
func runAndCompare(t *testing.T, dir string, all bool) {
	t.Helper()
	args := []string{"run", "--launch", filepath.Join(dir, "launch.json"), "--json"}
	if all {
		args = append(args, "--print", "all")
	}
	code, out, errOut := runCLI(t, "", append(args, filepath.Join(dir, "kernel.ptx"))...)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	want, err := os.ReadFile(filepath.Join(dir, "expected.json"))
	if all && errors.Is(err, fs.ErrNotExist) {
		t.Skip("no expected.json yet: runs in ptxplay, not yet run on a GPU (cmd/gpucheck golden writes it)")
	}
	if err != nil {
		t.Fatal(err)
	}
	diffs, err := launch.CompareJSON([]byte(out), want)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diffs {
		t.Error(d)
	}
}

// TestGPUGolden runs every kernel under testdata/gpu and compares its
// buffers with expected.json, which an H200 computed from the same PTX and
// launch (cmd/gpucheck; testdata/gpu/README.md): bit for bit, NaNs too.
// A folder without expected.json is a case written but not yet run on a
// GPU: it must still run in ptxplay, then is skipped (and says so); at
// least 7 folders must have one, so that losing the goldens fails the test
// rather than skipping it all.
func TestGPUGolden(t *testing.T) {
	dirs, _ := filepath.Glob("../../testdata/gpu/*/launch.json")
	golden := 0
	for _, lj := range dirs {
		if _, err := os.Stat(filepath.Join(filepath.Dir(lj), "expected.json")); err == nil {
			golden++
		}
	}
	if golden < 7 {
		t.Fatalf("only %d of the %d kernels under testdata/gpu have an expected.json", golden, len(dirs))
	}
	for _, lj := range dirs {
		dir := filepath.Dir(lj)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			runAndCompare(t, dir, true)
		})
	}
}

// TestTraceTcgen05: the trace of the tcgen05 GEMM example decodes each
// tcgen05.mma's instruction descriptor (0x08100010: D f32, A and B f16,
// both K-major, N = 8 << 3, M = 8 << 4) under its line.
func TestTraceTcgen05(t *testing.T) {
	ex := "../../examples/tcgen05_gemm/"
	code, out, _ := runCLI(t, "", "run", "--trace", "--launch", ex+"launch.json", ex+"kernel.ptx")
	if code != 0 || strings.Count(out, "tcgen05.mma idesc 0x08100010: M=128 N=64 K=16, A f16 K-major, B f16 K-major, D f32\n") != 4 {
		t.Fatalf("exit %d, output %.2000s", code, out)
	}
}
