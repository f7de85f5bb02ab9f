// Command ptxplay is the playground's command line: check, run, bench.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `usage: ptxplay <command> [arguments]

commands:
  check K.ptx              parse and check; print FILE:LINE:COL: message lines
  run --launch L.json [--json] [--trace] [--budget=N] K.ptx
                           run a kernel on the simulated GPU
  bench                    measure simulator speed on built-in kernels
  serve [--addr HOST:PORT] [--data DIR]
                           serve the page and the share service (short links)

A file name of - reads standard input.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a command and returns the exit status; no panic escapes.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "ptxplay: internal error: %v\n", r)
			status = 2
		}
	}()
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmds := map[string]func([]string, io.Reader, io.Writer, io.Writer) int{
		"check": cmdCheck,
	}
	if f, ok := extraCommands[args[0]]; ok {
		return f(args[1:], stdin, stdout, stderr)
	}
	f, ok := cmds[args[0]]
	if !ok {
		if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
			fmt.Fprint(stdout, usage)
			return 0
		}
		fmt.Fprintf(stderr, "ptxplay: unknown command %q\n%s", args[0], usage)
		return 2
	}
	return f(args[1:], stdin, stdout, stderr)
}

// extraCommands are registered by the other command files.
var extraCommands = map[string]func([]string, io.Reader, io.Writer, io.Writer) int{}

// readSource reads a file, or standard input for "-".
func readSource(name string, stdin io.Reader) ([]byte, string, error) {
	if name == "-" {
		b, err := io.ReadAll(stdin)
		return b, "<stdin>", err
	}
	b, err := os.ReadFile(name)
	return b, name, err
}
