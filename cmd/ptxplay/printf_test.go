package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunPrintf: `run` writes the kernel's printf output to standard
// output before the buffers, as a CUDA program's output comes before what
// its host prints; `run --json` carries it as "stdout".
func TestRunPrintf(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "l.json")
	os.WriteFile(spec, []byte(`{"grid": 2, "block": 40, "args": {"show_param_0": {"type": "s32", "count": 80}, "show_param_1": 1.25, "show_param_2": 5}}`), 0o644)
	k := "../../core/sim/testdata/printf/kernel.ptx"
	want, err := os.ReadFile("../../core/sim/testdata/printf/kernel.out")
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI(t, "", "run", "--launch", spec, k)
	if code != 0 || !strings.HasPrefix(out, string(want)) || !strings.Contains(out[len(want):], "show_param_0 (s32, 80 elements)") {
		t.Fatalf("exit %d, output %.800s", code, out)
	}
	code, out, _ = runCLI(t, "", "run", "--json", "--launch", spec, k)
	var res struct {
		OK     bool   `json:"ok"`
		Stdout string `json:"stdout"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 || !res.OK || res.Stdout != string(want) {
		t.Fatalf("--json: exit %d, err %v, stdout %q", code, err, res.Stdout)
	}
}
