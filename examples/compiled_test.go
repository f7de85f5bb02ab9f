package examples

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestCompiledIsCurrent recompiles compiled/kernel.cu with the command its
// header gives and compares with the committed kernel.ptx (skipped where
// clang-14 is not installed: the examples need no compiler to run).
func TestCompiledIsCurrent(t *testing.T) {
	clang, err := exec.LookPath("clang-14")
	if err != nil {
		t.Skip("clang-14 not installed")
	}
	out := filepath.Join(t.TempDir(), "kernel.ptx")
	cmd := exec.Command(clang, "-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_80",
		"-Xclang", "-target-feature", "-Xclang", "+ptx70", "-O2", "-S",
		"-include", "testdata/cuda_prelude.h", "examples/compiled/kernel.cu", "-o", out)
	cmd.Dir = ".."
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("compiled/kernel.ptx")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("compiled/kernel.ptx differs from clang-14's output for kernel.cu: regenerate it with the command in kernel.cu")
	}
}
