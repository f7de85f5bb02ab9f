// run.go: ptxplay run.

package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/limits"
	"github.com/ptxplay/ptxplay/core/sim"
)

func init() { extraCommands["run"] = cmdRun }

func cmdRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var launchFile, src string
	var asJSON, trace bool
	var budget int64
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--json" || a == "-json":
			asJSON = true
		case a == "--trace" || a == "-trace":
			trace = true
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
		fmt.Fprintln(stderr, "usage: ptxplay run --launch L.json [--json] [--trace] K.ptx")
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
	lim := limits.CLILimits()
	opt := launch.Options{StepBudget: budget, Limits: &lim}
	if trace {
		tw := bufio.NewWriter(stdout)
		defer tw.Flush()
		fmt.Fprintf(tw, "%8s  %-9s %4s %5s  %-32s  %s\n", "step", "CTA", "warp", "line", "active lanes", "instruction")
		opt.Trace = func(step int64, e sim.Event) {
			fmt.Fprintf(tw, "%8d  %-9s %4d %5d  %s  %s\n", step, fmt.Sprintf("(%d,%d,%d)", e.CTA[0], e.CTA[1], e.CTA[2]), e.Warp, e.Line(), laneString(e.Active, e.Exec), strings.Join(strings.Fields(e.Text()), " "))
			if f := e.Frag(); f != nil {
				tw.WriteString(f.String()) // the matrices of mma, wmma, ldmatrix...
			}
		}
	}
	res := launch.Run(name, code, spec, opt)
	if err := lim.CheckOutput(res.OutputBound()); err != nil {
		// Refused before the output is built: the run's verdict and
		// statistics only.
		fmt.Fprintf(stderr, "%s: output error: %v (the run itself %s after %d warp instructions)\n", name, err, map[bool]string{true: "succeeded", false: "failed"}[res.OK], res.Stats.WarpInstructions)
		return 1
	}
	if !asJSON && res.Stdout != "" {
		// The kernel's printf output first, as a CUDA program prints it
		// before the host reads the results back.
		io.WriteString(stdout, res.Stdout)
	}
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

// laneString draws a warp's lanes: '|' executed, ':' active but guarded
// off, '.' inactive.
func laneString(active, exec uint32) string {
	b := make([]byte, 32)
	for i := range b {
		switch {
		case exec>>i&1 != 0:
			b[i] = '|'
		case active>>i&1 != 0:
			b[i] = ':'
		default:
			b[i] = '.'
		}
	}
	return string(b)
}

// printTable shows the buffers as a readable table, eight values a row.
func printTable(stdout, stderr io.Writer, name string, res *launch.Result) {
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "%s:%d:%d: warning: %s\n", name, w.Line, w.Col, w.Message)
	}
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
