// warnings.go: the source's warnings for the page (check.Warnings: reads
// of registers that nothing wrote), shown in the diagnostics panel and
// the editor without stopping a run.

package web

import (
	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// sourceWarnings returns the warnings of a source that checks clean.
func sourceWarnings(name, src string) []Diag {
	mod, errs := ptx.Parse(name, []byte(src))
	if len(errs) > 0 {
		return nil
	}
	p, errs := check.Check(mod)
	if len(errs) > 0 {
		return nil
	}
	var out []Diag
	for _, w := range check.Warnings(p) {
		out = append(out, Diag{Kind: "warning", Line: w.Pos.Line, Col: w.Pos.Col, Msg: w.Msg})
	}
	return out
}
