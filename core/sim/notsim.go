// notsim.go: the instructions the machine refuses, named before the run
// (check.Warnings reports them through check.NotSimulated).

package sim

import (
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
	var list ptx.ErrorList
	name := ""
	if cp.File != nil {
		name = cp.File.Name
	}
	for _, r := range p.refused {
		msg := r.msg
		if !strings.Contains(msg, "not simulated") {
			msg = "not simulated: " + msg
		}
		list.Add(ptx.Position{Filename: name, Line: r.line, Col: r.col}, msg+"; the run stops if a thread reaches it")
	}
	return list
}
