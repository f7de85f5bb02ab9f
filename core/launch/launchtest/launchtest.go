// Package launchtest builds machines from kernel files for the tests of
// several packages (core/sim's and core/launch's external tests), as
// httptest serves net/http's.
package launchtest

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/sim"
)

// Machine is the kernel file's machine for the launch file, the
// sanitizers k on as the page and `ptxplay run --sanitize` turn them on
// (launch.Load); any error fails t.
func Machine(t testing.TB, kernel, spec string, k sim.Sanitize) *sim.Machine {
	t.Helper()
	src, err1 := os.ReadFile(kernel)
	sj, err2 := os.ReadFile(spec)
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	m, _, err := launch.Load(filepath.Base(kernel), src, sj, k)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
