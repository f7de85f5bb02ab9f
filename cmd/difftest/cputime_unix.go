//go:build unix

// cputime_unix.go: the campaign's CPU time, load-independent, for the
// figures in docs/difftest.md.
package main

import (
	"syscall"
	"time"
)

// cpuTimes is the CPU time of this process and of its (finished) children.
func cpuTimes() (self, children time.Duration) {
	var s, c syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &s)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &c)
	return time.Duration(s.Utime.Nano() + s.Stime.Nano()), time.Duration(c.Utime.Nano() + c.Stime.Nano())
}
