//go:build !unix

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
)

// execServe runs the server as a child with this process's input and
// output, and returns its exit status (no exec here); an interrupt
// reaches both, and the server shuts down on it.
func execServe(path string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	signal.Ignore(os.Interrupt)
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return ee.ExitCode()
	case err != nil:
		fmt.Fprintf(stderr, "ptxplay serve: %s: %v\n", path, err)
		return 1
	}
	return 0
}
