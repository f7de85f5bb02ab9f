// load.go: the front half of Run for a kernel known to be good: the
// benchmarks' and the tests' way from source to a machine.

package launch

import (
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
	"github.com/ptxplay/ptxplay/core/sim"
)

// Load parses, checks and loads src, parses the launch spec and prepares
// the machine (Prepare), the sanitizers k on as Run turns them on
// (SanitizeMachine). Unlike Run it stops at the first error, and keeps no
// warnings: for kernels known to be good.
func Load(filename string, src, specJSON []byte, k sim.Sanitize) (*sim.Machine, *Result, error) {
	p, spec, err := load(filename, src, specJSON)
	if err != nil {
		return nil, nil, err
	}
	res := &Result{Buffers: map[string]*Buffer{}}
	m, err := Prepare(p, spec, res)
	if err != nil {
		return nil, nil, err
	}
	SanitizeMachine(m, res, k)
	return m, res, nil
}

// load is Load's program and launch spec, for callers that prepare many
// machines of one load.
func load(filename string, src, specJSON []byte) (*sim.Program, *Spec, error) {
	p, err := loadProgram(filename, src)
	if err != nil {
		return nil, nil, err
	}
	spec, err := ParseSpec(specJSON)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", filename, err)
	}
	return p, spec, nil
}

// loadProgram parses, checks and loads src: the first error.
func loadProgram(filename string, src []byte) (*sim.Program, error) {
	mod, perrs := ptx.Parse(filename, src)
	if err := perrs.Err(); err != nil {
		return nil, err
	}
	cp, cerrs := check.Check(mod)
	if err := cerrs.Err(); err != nil {
		return nil, err
	}
	return sim.Load(cp)
}

func loadForBench(k BenchKernel) (*sim.Program, *Spec, error) {
	return load(k.Name+".ptx", k.Source, k.Launch)
}
