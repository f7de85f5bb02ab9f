// bench.go: ptxplay bench.

package main

import (
	"fmt"
	"io"
	"time"

	"github.com/ptxplay/ptxplay/core/launch"
)

func init() { extraCommands["bench"] = cmdBench }

func cmdBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintf(stdout, "%-10s %14s %18s %12s  %s\n", "kernel", "thread-inst/s", "per CPU second", "time", "what")
	for _, k := range launch.BenchKernels() {
		r, err := launch.RunBench(k, time.Second)
		if err != nil {
			fmt.Fprintf(stderr, "ptxplay bench: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%-10s %14.3g %18.3g %12v  %s\n", k.Name, r.PerSecond(), r.PerCPUSecond(), r.Elapsed.Round(time.Millisecond), k.Desc)
	}
	return 0
}
