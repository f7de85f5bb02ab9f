// hover.go: the editor's hover docs, all from the instruction table
// (core/isa): an opcode with its modifiers, or a special register; beside
// a tcgen05.mma, its decoded instruction descriptor (App.Hover).

package web

import (
	"strings"

	"github.com/ptxplay/ptxplay/core/isa"
	"github.com/ptxplay/ptxplay/core/sim"
)

// HoverText is the doc for a word of PTX as the editor finds it under the
// pointer ("add.rn.f32", "%tid.x", "@%p1"), or "" when there is none.
func HoverText(word string) string {
	word = strings.TrimLeft(word, "@!")
	if word == "" {
		return ""
	}
	if word[0] == '%' {
		r, comp, ok := isa.LookupSReg(word)
		if !ok {
			return ""
		}
		name := r.Name
		if comp >= 0 {
			name += "." + string("xyzw"[comp])
		}
		s := name + " " + r.Type + " — " + r.Doc
		if r.PTX > 0 || r.SM > 0 {
			s += "\nRequires"
			if r.PTX > 0 {
				s += " PTX ISA " + r.PTX.String()
			}
			if r.SM > 0 {
				s += ", sm_" + itoa(r.SM)
			}
			s += " or later."
		}
		return s
	}
	if word[0] == '.' {
		return ""
	}
	parts := strings.Split(word, ".")
	mods := make([]string, 0, len(parts)-1)
	for _, p := range parts[1:] {
		mods = append(mods, "."+p)
	}
	e, rest := isa.Resolve(parts[0], mods) // modifiers in any order, as ptxas takes them
	if e == nil {
		return ""
	}
	if len(rest) > 0 {
		if ms := e.MatchAll(rest); len(ms) > 0 {
			return matchedDoc(e, word, ms)
		}
	}
	doc := isa.Hover(e.Name)
	if len(rest) > 0 {
		if why := e.Explain(rest); why != "" {
			doc += "\n\n" + word + ": " + why
		}
	}
	return doc
}

// matchedDoc is the short doc of an instruction as written: its meaning,
// the forms its modifiers match, and the PTX version and target they need.
func matchedDoc(e *isa.Entry, word string, ms []*isa.Match) string {
	var b strings.Builder
	b.WriteString(word + " — " + e.Doc)
	if e.Section != "" {
		b.WriteString(" (PTX ISA §" + e.Section + ")")
	}
	// the least any matching form needs
	ptx, sm := max(e.PTX, ms[0].Form.PTX), max(e.SM, ms[0].Form.SM)
	for _, m := range ms {
		b.WriteString("\n  " + m.Form.Text)
		if ops := operandTypes(m); ops != "" {
			b.WriteString("\n    " + ops)
		}
		ptx, sm = min(ptx, max(e.PTX, m.Form.PTX)), min(sm, max(e.SM, m.Form.SM))
	}
	if ptx > 0 || sm > 0 {
		b.WriteString("\nRequires")
		if ptx > 0 {
			b.WriteString(" PTX ISA " + ptx.String())
		}
		if sm > 0 {
			if ptx > 0 {
				b.WriteString(",")
			}
			b.WriteString(" sm_" + itoa(sm))
		}
		b.WriteString(" or later.")
	}
	if e.NoExec != "" {
		b.WriteString("\nNot simulated: " + e.NoExec)
	}
	return b.String()
}

// operandTypes spells each operand's type under a match ("d .b32, a
// .b64, membermask .b32"), so that a type the ISA pins apart from the
// instruction type (match's d, popc's count, a shift amount) shows.
func operandTypes(m *isa.Match) string {
	var parts []string
	for i := range m.Form.Operands {
		o := &m.Form.Operands[i]
		switch o.Kind {
		case isa.OpLabel, isa.OpFunc, isa.OpList, isa.OpHandle, isa.OpSymbol, isa.OpFrag:
			continue
		}
		t := m.OperandType(o)
		if !isa.IsType(t) {
			continue
		}
		name := o.Name
		if o.Pair {
			name += "|p"
		}
		parts = append(parts, name+" "+t)
	}
	return strings.Join(parts, ", ")
}

func itoa(n int) string {
	const digits = "0123456789"
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{digits[n%10]}, b...)
	}
	return string(b)
}

// Hover is the doc for word on line of the editor: HoverText, and beside a
// tcgen05.mma its decoded instruction descriptor, as it last ran in the
// shown CTA when the line has executed, else from an immediate operand.
func (a *App) Hover(word string, line int) string {
	doc := HoverText(word)
	if doc == "" || !strings.HasPrefix(strings.TrimLeft(word, "@!"), "tcgen05.mma") {
		return doc
	}
	if a.Snap != nil && a.Snap.Tmem != nil {
		for _, d := range a.Snap.Tmem.Descs {
			if d.Line == line {
				return doc + "\n\n" + sim.IdescLine(d.Idesc, d.Desc, true)
			}
		}
	}
	if a.prog != nil {
		if desc, raw, ok := a.prog.StaticIdesc(line); ok {
			return doc + "\n\n" + sim.IdescLine(raw, desc, false)
		}
	}
	return doc
}
