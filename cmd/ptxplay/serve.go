// serve.go: ptxplay serve runs ptxplay-serve, the program beside it.

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

func init() { extraCommands["serve"] = cmdServe }

// serveProgram is the server's program (cmd/ptxplay-serve): its own
// binary, so that every other command starts without the package inits
// of net/http, crypto/tls and bbolt (docs/benchmarks.md, "Session 12: the
// whole process").
const serveProgram = "ptxplay-serve"

// cmdServe runs ptxplay-serve with the arguments: the one beside this
// binary, else the one on PATH. On Unix it takes this process's place
// (exec), so that signals, the exit status and the process id are the
// server's own.
func cmdServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	path, err := findServe()
	if err != nil {
		fmt.Fprintf(stderr, "ptxplay serve: %v\n", err)
		return 1
	}
	return execServe(path, args, stdin, stdout, stderr)
}

// findServe looks for ptxplay-serve beside the running binary, then on
// PATH.
func findServe() (string, error) {
	name := serveProgram
	if exe, err := os.Executable(); err == nil {
		if filepath.Ext(exe) == ".exe" {
			name += ".exe"
		}
		p := filepath.Join(filepath.Dir(exe), name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	p, err := exec.LookPath(serveProgram)
	if err == nil {
		return p, nil
	}
	if errors.Is(err, exec.ErrDot) {
		return filepath.Abs(p)
	}
	return "", fmt.Errorf("the server is the program %s, which is neither beside ptxplay nor on PATH: build both, CGO_ENABLED=0 go build -o DIR/ ./cmd/ptxplay ./cmd/ptxplay-serve (scripts/serve does)", serveProgram)
}
