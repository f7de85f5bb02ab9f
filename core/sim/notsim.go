// notsim.go: the instructions the machine refuses, named before the run
// (check.Warnings reports them through check.NotSimulated).

package sim

import (
	"fmt"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// refusal is an op lowered to a refusal: where it is and why.
type refusal struct {
	line, col int
	msg       string
}

func init() {
	check.NotSimulated = notSimulated
	check.Invalid = invalidOps
}

// invalidPTX is a lowering error in a program that ptxas would refuse
// too: check reports it as an error, where an instruction the machine
// merely does not run is a warning.
type invalidPTX struct{ error }

func invalid(format string, a ...any) error { return invalidPTX{fmt.Errorf(format, a...)} }

// invalidOps lowers p and lists its invalid instructions.
func invalidOps(cp *check.Program) ptx.ErrorList {
	p, err := Load(cp)
	if err != nil {
		return nil
	}
	return p.positioned(cp, p.invalid, "")
}

// refuse makes o an op that stops the run with msg when an active lane
// reaches it, and notes it for the warnings.
func (l *lowering) refuse(o *op, msg string) {
	o.exec, o.flags = refuse(msg), flagControl|flagNoExec
	l.p.refused = append(l.p.refused, refusal{int(o.line), int(o.col), msg})
}

// notSimulated lowers p and lists the instructions the machine would
// refuse to run.
func notSimulated(cp *check.Program) ptx.ErrorList {
	p, err := Load(cp)
	if err != nil {
		return nil
	}
	return p.positioned(cp, p.refused, "; the run stops if a thread reaches it")
}

// positioned lists rs as errors at their positions in cp's file.
func (p *Program) positioned(cp *check.Program, rs []refusal, suffix string) ptx.ErrorList {
	var list ptx.ErrorList
	name := ""
	if cp.File != nil {
		name = cp.File.Name
	}
	for _, r := range rs {
		msg := r.msg
		if suffix != "" && !strings.Contains(msg, "not simulated") {
			msg = "not simulated: " + msg
		}
		list.Add(ptx.Position{Filename: name, Line: r.line, Col: r.col}, msg+suffix)
	}
	return list
}
