// tcgen05_desc.go: the decoded tcgen05.mma instruction descriptor as the
// views show it beside an MMA: the value each tcgen05.mma line last ran
// with in a CTA (kept with its tensor memory, so step back forgets an MMA
// not yet reached), and the fields of an immediate descriptor before any
// run. The editor's hover shows the first when the line has executed, else
// the second (web.App.Hover).
package sim

import (
	"fmt"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
)

// tcDescSeen is the descriptor the tcgen05.mma on a line last ran with.
type tcDescSeen struct {
	line int
	raw  uint32
	desc string // decoded
}

// TmemDesc is one line's descriptor, for the views.
type TmemDesc struct {
	Line  int    `json:"line"`
	Idesc uint32 `json:"idesc"`
	Desc  string `json:"desc"`
}

// noteDesc records that the tcgen05.mma on line ran with raw. The slice is
// replaced, never written in place: checkpoints share it (tmemState.clone
// copies the struct).
func (t *tmemState) noteDesc(line int, raw uint32, desc string) {
	for _, d := range t.descs {
		if d.line == line && d.raw == raw && d.desc == desc {
			return
		}
	}
	n := make([]tcDescSeen, 0, len(t.descs)+1)
	for _, d := range t.descs {
		if d.line != line {
			n = append(n, d)
		}
	}
	t.descs = append(n, tcDescSeen{line: line, raw: raw, desc: desc})
}

func (t *tmemState) descViews() []TmemDesc {
	var v []TmemDesc
	for _, d := range t.descs {
		v = append(v, TmemDesc{Line: d.line, Idesc: d.raw, Desc: d.desc})
	}
	return v
}

// StaticIdesc decodes the instruction descriptor of the tcgen05.mma on
// line (1-based) of p when it is an immediate operand; ok is false when
// the line holds no tcgen05.mma or its descriptor is a register.
func (p *Program) StaticIdesc(line int) (desc string, raw uint32, ok bool) {
	for _, f := range p.chk.Funcs {
		for _, in := range f.Code {
			ws := in.Entry.Name == "tcgen05.mma.ws"
			if in.Line != line || in.Entry.Name != "tcgen05.mma" && !ws || len(in.Args) < 4 || in.Args[3].Kind != check.ArgImm {
				continue
			}
			group := 1
			if hasMod(in, ".cta_group::2") != "" {
				group = 2
			}
			for _, m := range in.Src.Mods {
				if k, found := strings.CutPrefix(m.Name, ".kind::"); found {
					raw = uint32(in.Args[3].Imm)
					return describeIdesc(k, group, ws, raw), raw, true
				}
			}
		}
	}
	return "", 0, false
}

// describeIdesc decodes raw for kind under .cta_group::group (and .ws).
func describeIdesc(kind string, group int, ws bool, raw uint32) string {
	k, ok := tcKinds[".kind::"+kind]
	if !ok {
		return "unknown kind " + kind
	}
	return decodeIdesc(raw).describe(k, group, ws)
}

// IdescLine is the hover's line for a descriptor: its value and fields.
func IdescLine(raw uint32, desc string, ran bool) string {
	how := "immediate"
	if ran {
		how = "as last executed"
	}
	return fmt.Sprintf("Instruction descriptor (%s) 0x%08x: %s", how, raw, desc)
}
