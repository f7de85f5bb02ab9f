//go:build !unix

// cputime_other.go: no CPU clock; benchmarks report wall time only.

package launch

import "time"

func cpuTime() time.Duration { return 0 }
