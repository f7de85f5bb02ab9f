package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/examples"
)

// TestExamplesCLI runs every example through `ptxplay run --json` from its
// files on disk: the printed result is the one the examples package checks
// against its Go references (examples/examples_test.go), the exit status
// follows it, and the two failing examples print their messages.
func TestExamplesCLI(t *testing.T) {
	for _, e := range examples.All() {
		t.Run(e.Name, func(t *testing.T) {
			dir := filepath.Join("../../examples", e.Name)
			k, l := filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.json")
			code, out, _ := runCLI(t, "", "run", "--json", "--launch", l, k)
			want := launch.Run(k, []byte(e.Source), []byte(e.Launch), launch.Options{})
			// The CLI prints the buffers the run changed.
			var changed []string
			for _, n := range want.Names {
				if want.Buffers[n].Changed {
					changed = append(changed, n)
				}
			}
			want.Names = changed
			if out != string(want.JSON()) {
				t.Fatalf("CLI output differs from launch.Run:\n%s\nwant\n%s", out, want.JSON())
			}
			wantCode := 0
			if !want.OK {
				wantCode = 1
			}
			if code != wantCode {
				t.Errorf("exit %d, want %d", code, wantCode)
			}
		})
	}
	dir := "../../examples/"
	code, out, _ := runCLI(t, "", "run", "--json", "--launch", dir+"fault_oob/launch.json", dir+"fault_oob/kernel.ptx")
	if code != 1 || !strings.Contains(out, `"line":24`) || !strings.Contains(out, "out of bounds") {
		t.Errorf("fault_oob: exit %d, output %s", code, out)
	}
	code, _, errOut := runCLI(t, "", "run", "--launch", dir+"fault_uninit/launch.json", dir+"fault_uninit/kernel.ptx")
	if code != 0 || !strings.Contains(errOut, "kernel.ptx:22:2: warning: %r5 is read here") {
		t.Errorf("fault_uninit run: exit %d, stderr %s", code, errOut)
	}
	code, out, _ = runCLI(t, "", "check", dir+"fault_uninit/kernel.ptx")
	if code != 0 || !strings.Contains(out, "kernel.ptx:22:2: warning: %r5 is read here") {
		t.Errorf("fault_uninit check: exit %d, output %s", code, out)
	}
}
