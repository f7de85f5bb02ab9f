// run.go: ptxplay run.

package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/ptxplay/ptxplay/core/launch"
)

func init() { extraCommands["run"] = cmdRun }

func cmdRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var launchFile, src string
	var asJSON bool
	var budget int64
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--json" || a == "-json":
			asJSON = true
		case a == "--launch" || a == "-launch":
			if i+1 >= len(args) {
				fmt.Fprintln(stderr, "ptxplay run: --launch needs a file")
				return 2
			}
			i++
			launchFile = args[i]
		case strings.HasPrefix(a, "--launch="):
			launchFile = strings.TrimPrefix(a, "--launch=")
		case strings.HasPrefix(a, "--budget="):
			fmt.Sscan(strings.TrimPrefix(a, "--budget="), &budget)
		case strings.HasPrefix(a, "-") && a != "-":
			fmt.Fprintf(stderr, "ptxplay run: unknown flag %s\n", a)
			return 2
		default:
			if src != "" {
				fmt.Fprintln(stderr, "ptxplay run: one kernel file at a time")
				return 2
			}
			src = a
		}
	}
	if launchFile == "" || src == "" {
		fmt.Fprintln(stderr, "usage: ptxplay run --launch L.json [--json] K.ptx")
		return 2
	}
	code, name, err := readSource(src, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "ptxplay: %v\n", err)
		return 1
	}
	spec, err := os.ReadFile(launchFile)
	if err != nil {
		fmt.Fprintf(stderr, "ptxplay: %v\n", err)
		return 1
	}
	res := launch.Run(name, code, spec, launch.Options{StepBudget: budget})
	if asJSON {
		stdout.Write(res.JSON())
	} else {
		printTable(stdout, stderr, name, res)
	}
	if !res.OK {
		return 1
	}
	return 0
}

// printTable shows the buffers as a readable table, eight values a row.
func printTable(stdout, stderr io.Writer, name string, res *launch.Result) {
	for _, e := range res.Errors {
		if e.Line > 0 {
			fmt.Fprintf(stderr, "%s:%d:%d: %s error: %s\n", name, e.Line, e.Col, e.Phase, e.Message)
		} else {
			fmt.Fprintf(stderr, "%s: %s error: %s\n", name, e.Phase, e.Message)
		}
	}
	for _, n := range res.Names {
		b := res.Buffers[n]
		fmt.Fprintf(stdout, "%s (%s, %d elements)\n", n, b.Type, len(b.Data))
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		for i := 0; i < len(b.Data); i += 8 {
			fmt.Fprintf(tw, "  [%d]\t", i)
			for k := i; k < i+8 && k < len(b.Data); k++ {
				fmt.Fprintf(tw, "%s\t", strings.Trim(launch.FormatValue(b.Type, b.Data[k]), `"`))
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
	}
	if res.OK {
		fmt.Fprintf(stdout, "%d warp instructions, %d thread instructions\n", res.Stats.WarpInstructions, res.Stats.ThreadInstructions)
	}
}
