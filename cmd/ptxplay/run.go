// run.go: ptxplay run.

package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/limits"
	"github.com/ptxplay/ptxplay/core/sim"
)

func init() { extraCommands["run"] = cmdRun }

// runFlags are the flags of ptxplay run.
type runFlags struct {
	launchFile, src string
	asJSON, trace   bool
	budget          int64
	print           string // "": the buffers the run changed; "all"; or names
	all             bool   // every element of long buffers in the text output
	sanitize        sim.Sanitize
}

// parseRunFlags reads the flags the standard way: --name value,
// --name=value, one or two dashes, flags before or after the kernel file,
// "--" ending the flags.
func parseRunFlags(args []string) (*runFlags, error) {
	f := &runFlags{}
	flagsDone := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if flagsDone || a == "-" || !strings.HasPrefix(a, "-") {
			if f.src != "" {
				return nil, fmt.Errorf("one kernel file at a time (got %s and %s)", f.src, a)
			}
			f.src = a
			continue
		}
		if a == "--" {
			flagsDone = true
			continue
		}
		name := strings.TrimLeft(a, "-")
		value, hasValue := "", false
		if k := strings.IndexByte(name, '='); k >= 0 {
			name, value, hasValue = name[:k], name[k+1:], true
		}
		switch name {
		case "json", "trace", "all":
			if hasValue {
				return nil, fmt.Errorf("--%s takes no value", name)
			}
			switch name {
			case "json":
				f.asJSON = true
			case "trace":
				f.trace = true
			case "all":
				f.all = true
			}
			continue
		case "launch", "budget", "print", "sanitize":
		default:
			return nil, fmt.Errorf("unknown flag %s", a)
		}
		if !hasValue {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("--%s needs a value", name)
			}
			i++
			value = args[i]
		}
		switch name {
		case "launch":
			if value == "" {
				return nil, fmt.Errorf("--launch needs a file")
			}
			f.launchFile = value
		case "budget":
			n, err := strconv.ParseInt(value, 10, 64)
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("--budget needs a positive whole number of warp instructions, got %.40q", value)
			}
			f.budget = n
		case "sanitize":
			k, err := sim.ParseSanitize(value)
			if err != nil {
				return nil, fmt.Errorf("--sanitize: %v", err)
			}
			f.sanitize = k
		case "print":
			if value == "" {
				return nil, fmt.Errorf("--print needs buffer names separated by commas, or all")
			}
			f.print = value
		}
	}
	if f.asJSON && f.trace {
		return nil, fmt.Errorf("--trace writes text lines and cannot be combined with --json")
	}
	if f.launchFile == "" || f.src == "" {
		return nil, fmt.Errorf("usage: ptxplay run --launch L.json [--json] [--trace] [--budget N] [--print a,b|all] [--all] [--sanitize race,sync,init|all|none] K.ptx")
	}
	return f, nil
}

func cmdRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f, err := parseRunFlags(args)
	if err != nil {
		fmt.Fprintf(stderr, "ptxplay run: %v\n", err)
		return 2
	}
	launchFile, src, asJSON, trace, budget := f.launchFile, f.src, f.asJSON, f.trace, f.budget
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
	// HoldOutput: the buffers stay in the machine, read from there only
	// where printed (an unchanged input the default selection leaves out
	// is never copied out).
	opt := launch.Options{StepBudget: budget, Limits: &lim, Sanitize: f.sanitize, HoldOutput: true}
	if budget == 0 {
		// The default budget also stops at DefaultTimeLimit of wall time;
		// --budget N runs exactly N warp instructions however long.
		opt.TimeLimit = launch.DefaultTimeLimit
	}
	if trace {
		tw := bufio.NewWriter(stdout)
		defer tw.Flush()
		fmt.Fprintf(tw, "%8s  %-9s %4s %5s  %-32s  %s\n", "step", "CTA", "warp", "line", "active lanes", "instruction")
		opt.Trace = func(step int64, e sim.Event) {
			fmt.Fprintf(tw, "%8d  %-9s %4d %5d  %s  %s\n", step, fmt.Sprintf("(%d,%d,%d)", e.CTA[0], e.CTA[1], e.CTA[2]), e.Warp, e.Line(), laneString(e.Active, e.Exec), strings.Join(strings.Fields(e.Text()), " "))
			if n := e.Note(); n != "" {
				fmt.Fprintf(tw, "%8s  %s\n", "", n) // tcgen05.mma: its instruction descriptor decoded
			}
			if f := e.Frag(); f != nil {
				tw.WriteString(f.String()) // the matrices of mma, wmma, ldmatrix...
			}
		}
	}
	res := launch.Run(name, code, spec, opt)
	shown, err := selectBuffers(res, f.print)
	if err != nil {
		fmt.Fprintf(stderr, "ptxplay run: %v\n", err)
		return 2
	}
	// Both outputs show the buffers selected: by default those the run
	// changed (the inputs it only read are the launch's own data).
	sel := *res
	sel.Names = shown
	if err := lim.CheckOutput(sel.OutputBound()); err != nil {
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
		// Streamed: the document is never whole in memory.
		bw := bufio.NewWriterSize(stdout, 64<<10)
		err := sel.WriteJSON(bw)
		if err == nil {
			err = bw.Flush()
		}
		if err != nil {
			fmt.Fprintf(stderr, "ptxplay run: writing the result: %v\n", err)
			return 1
		}
	} else {
		printTable(stdout, stderr, name, res, shown, f.all)
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
// selectBuffers is what --print asks for: "all", names separated by
// commas, or by default the buffers the run changed.
func selectBuffers(res *launch.Result, print string) ([]string, error) {
	switch print {
	case "all":
		return res.Names, nil
	case "":
		var out []string
		for _, n := range res.Names {
			if res.Buffers[n].Changed {
				out = append(out, n)
			}
		}
		return out, nil
	}
	var out []string
	for _, n := range strings.Split(print, ",") {
		n = strings.TrimSpace(n)
		if _, ok := res.Buffers[n]; !ok {
			if len(res.Names) == 0 {
				return nil, fmt.Errorf("--print: no buffer %.40q (the launch has no buffers)", n)
			}
			return nil, fmt.Errorf("--print: no buffer %.40q (the buffers are %s)", n, strings.Join(res.Names, ", "))
		}
		out = append(out, n)
	}
	return out, nil
}

// longBuffer is the length past which the text output shows a buffer's
// first summaryHead and last summaryTail elements only (--all: every one).
const (
	longBuffer  = 64
	summaryHead = 32
	summaryTail = 8
)

func printTable(stdout, stderr io.Writer, name string, res *launch.Result, shown []string, all bool) {
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "%s:%d:%d: warning: %s\n", name, w.Line, w.Col, w.Message)
	}
	printHazards(stderr, name, res.Hazards)
	for _, e := range res.Errors {
		if e.Line > 0 {
			fmt.Fprintf(stderr, "%s:%d:%d: %s error: %s\n", name, e.Line, e.Col, e.Phase, e.Message)
		} else {
			fmt.Fprintf(stderr, "%s: %s error: %s\n", name, e.Phase, e.Message)
		}
	}
	for _, n := range shown {
		b := res.Buffers[n]
		data := b.Values()
		fmt.Fprintf(stdout, "%s (%s, %d elements)\n", n, b.Type, len(data))
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		for i := 0; i < len(data); i += 8 {
			if !all && len(data) > longBuffer && i == summaryHead {
				tail := (len(data) - summaryTail) / 8 * 8
				if tail > i {
					fmt.Fprintf(tw, "  ...\t%d elements not shown (--all prints them)\n", tail-i)
					i = tail
				}
			}
			fmt.Fprintf(tw, "  [%d]\t", i)
			for k := i; k < i+8 && k < len(data); k++ {
				fmt.Fprintf(tw, "%s\t", strings.Trim(launch.FormatValue(b.Type, data[k]), `"`))
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
	}
	if len(shown) == 0 && len(res.Names) > 0 && res.OK {
		fmt.Fprintf(stdout, "the run changed no buffer (--print all shows them: %s)\n", strings.Join(res.Names, ", "))
	}
	if res.OK {
		fmt.Fprintf(stdout, "%d warp instructions, %d thread instructions\n", res.Stats.WarpInstructions, res.Stats.ThreadInstructions)
	}
}

// printHazards writes the sanitizers' findings as compilers write
// diagnostics: FILE:LINE:COL: KIND: message.
func printHazards(w io.Writer, name string, hz []sim.Hazard) {
	for _, h := range hz {
		times := ""
		if h.Count > 1 {
			times = fmt.Sprintf(" (%d times)", h.Count)
		}
		if h.Line > 0 {
			fmt.Fprintf(w, "%s:%d:%d: %s: %s%s\n", name, h.Line, h.Col, h.Kind, h.Message, times)
		} else {
			fmt.Fprintf(w, "%s: %s: %s\n", name, h.Kind, h.Message)
		}
	}
}
