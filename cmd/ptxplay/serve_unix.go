//go:build unix

package main

import (
	"fmt"
	"io"
	"os"
	"syscall"
)

// execServe replaces this process with the server.
func execServe(path string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	err := syscall.Exec(path, append([]string{path}, args...), os.Environ())
	fmt.Fprintf(stderr, "ptxplay serve: %s: %v\n", path, err) // exec returns only when it fails
	return 1
}
