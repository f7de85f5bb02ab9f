package main

import (
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestServeWithoutServer: `ptxplay serve` with no ptxplay-serve beside
// the binary (this test binary) or on PATH says what to build, with exit
// status 1, rather than failing quietly. (cmd/ptxplay-serve's tests run
// `ptxplay serve` through to the server.)
func TestServeWithoutServer(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	var stdout, stderr strings.Builder
	if code := run([]string{"serve", "--addr", "127.0.0.1:0"}, nil, &stdout, &stderr); code != 1 {
		t.Errorf("exit %d, want 1 (stderr %q)", code, stderr.String())
	}
	if got := stderr.String(); !strings.Contains(got, "ptxplay-serve") || !strings.Contains(got, "./cmd/ptxplay-serve") {
		t.Errorf("stderr %q does not name the program to build", got)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout %q, want nothing", stdout.String())
	}
}

// TestNoServerPackages: the command line links none of the server's
// packages, whose inits each of its processes would run (the reason
// ptxplay-serve is a program of its own).
func TestNoServerPackages(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no processes here")
	}
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 20 {
		t.Fatalf("go list -deps gave %d packages: %q", len(deps), out)
	}
	for _, d := range deps {
		switch {
		case d == "net/http", d == "crypto/tls", d == "net",
			strings.HasPrefix(d, "go.etcd.io/bbolt"),
			strings.HasPrefix(d, "github.com/ptxplay/ptxplay/web"),
			d == "github.com/ptxplay/ptxplay/dist":
			t.Errorf("ptxplay links %s", d)
		}
	}
}
