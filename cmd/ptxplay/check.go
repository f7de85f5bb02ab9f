// check.go: ptxplay check.

package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/limits"
	"github.com/ptxplay/ptxplay/core/ptx"
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
		errs := limits.CLILimits().Precheck(display, src)
		if len(errs) == 0 {
			errs = check.Diagnose(display, src)
		}
		for _, e := range errs {
			fmt.Fprintln(stdout, e.Error())
		}
		if len(errs) == 0 {
			for _, w := range warnings(display, src) {
				fmt.Fprintf(stdout, "%s:%d:%d: warning: %s\n", w.Pos.Filename, w.Pos.Line, w.Pos.Col, w.Msg)
			}
		}
		if len(errs) > 0 {
			status = 1
		}
	}
	return status
}

// warnings returns check.Warnings of a source that checks clean.
func warnings(name string, src []byte) ptx.ErrorList {
	m, errs := ptx.Parse(name, src)
	if len(errs) > 0 {
		return nil
	}
	p, errs := check.Check(m)
	if len(errs) > 0 {
		return nil
	}
	return check.Warnings(p)
}
