// hover.go: the editor's hover docs, all from the instruction table
// (core/isa): an opcode with its modifiers, or a special register.

package web

import (
	"strings"

	"github.com/ptxplay/ptxplay/core/isa"
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
	e, rest := isa.Lookup(parts[0], mods)
	if e == nil {
		return ""
	}
	doc := isa.Hover(e.Name)
	if len(rest) > 0 && e.MatchMods(rest) == nil {
		if why := e.Explain(rest); why != "" {
			doc += "\n\n" + word + ": " + why
		}
	}
	return doc
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
