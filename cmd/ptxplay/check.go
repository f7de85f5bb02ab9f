// check.go: ptxplay check.

package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/ptxplay/ptxplay/core/check"
)

func cmdCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: ptxplay check K.ptx ...")
		return 2
	}
	status := 0
	for _, name := range fs.Args() {
		src, display, err := readSource(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "ptxplay: %v\n", err)
			status = 1
			continue
		}
		errs := check.Diagnose(display, src)
		for _, e := range errs {
			fmt.Fprintln(stdout, e.Error())
		}
		if len(errs) > 0 {
			status = 1
		}
	}
	return status
}
