// bench_load.go: the front half of Run, for benchmarks.

package launch

import (
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
	"github.com/ptxplay/ptxplay/core/sim"
)

func loadForBench(k BenchKernel) (*sim.Program, *Spec, error) {
	mod, perrs := ptx.Parse(k.Name+".ptx", k.Source)
	if err := perrs.Err(); err != nil {
		return nil, nil, err
	}
	cp, cerrs := check.Check(mod)
	if err := cerrs.Err(); err != nil {
		return nil, nil, err
	}
	p, err := sim.Load(cp)
	if err != nil {
		return nil, nil, err
	}
	spec, err := ParseSpec(k.Launch)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", k.Name, err)
	}
	return p, spec, nil
}
