// warnings.go: the source's warnings for the page (check.Warnings: reads
// of registers that nothing wrote), shown in the diagnostics panel and
// the editor without stopping a run.

package web

import "github.com/ptxplay/ptxplay/core/check"

// warningDiags lists the warnings of a program that checked clean.
func warningDiags(p *check.Program) []Diag {
	var out []Diag
	for _, w := range check.Warnings(p) {
		out = append(out, Diag{Kind: "warning", Line: w.Pos.Line, Col: w.Pos.Col, Msg: w.Msg})
	}
	return out
}
