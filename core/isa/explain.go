// explain.go: saying in the user's words why modifiers match no form.

package isa

import "strings"

// Explain tells why mods (with their dots, after the opcode) fit none of
// e's forms: a missing type, a modifier the type does not take, a missing
// required modifier, a duplicate, two that exclude each other, or the wrong
// order of modifiers whose order matters (types, spaces, layouts). It
// compares against the form that comes closest.
func (e *Entry) Explain(mods []string) string {
	var types []string
	for _, m := range mods {
		if IsType(m) {
			types = append(types, m)
		}
	}
	if len(types) == 0 && e.alwaysTyped() {
		return "missing type; expected one of " + strings.Join(e.typeChoices(), ", ")
	}
	var best *diagnosis
	for _, f := range e.Forms() {
		d := diagnose(f, mods)
		if best == nil || d.score() < best.score() {
			best = d
		}
	}
	if best == nil {
		return e.Name + " takes no modifiers"
	}
	name := e.Name + strings.Join(types, "")
	var parts []string
	if len(best.unknown) > 0 {
		msg := name + " does not take " + strings.Join(best.unknown, ", ")
		if with := e.typesTaking(best.unknown[0]); len(with) > 0 && len(types) > 0 {
			if len(with) > 6 {
				with = append(with[:6:6], "...")
			}
			msg += " (" + best.unknown[0] + " goes with " + strings.Join(with, ", ") + ")"
		}
		parts = append(parts, msg)
	}
	for _, pair := range best.clash {
		if pair[0] == pair[1] {
			parts = append(parts, "duplicate modifier "+pair[0])
			continue
		}
		parts = append(parts, pair[0]+" and "+pair[1]+" cannot be combined")
	}
	if len(best.missing) > 0 {
		parts = append(parts, name+" needs one of "+strings.Join(best.missing, ", "))
	}
	if len(parts) == 0 {
		return "modifiers out of order; write " + e.Name + strings.Join(best.order, "")
	}
	return strings.Join(parts, "; ")
}

type diagnosis struct {
	unknown []string    // given modifiers the form does not know
	clash   [][2]string // given modifiers competing for one position
	missing []string    // the choices of the first required position left empty
	order   []string    // the given modifiers in the form's order
	typeOK  bool        // every given type has a place in the form
}

func (d *diagnosis) score() int {
	s := 2*len(d.unknown) + 2*len(d.clash)
	if len(d.missing) > 0 {
		s += 2
	}
	if !d.typeOK {
		s += 100
	}
	return s
}

// diagnose places each given modifier in the first free position of f
// that accepts it, ignoring order.
func diagnose(f *Form, mods []string) *diagnosis {
	d := &diagnosis{typeOK: true}
	used := make([]string, len(f.Mods))
	for _, m := range mods {
		placed, seen := false, -1
		for i, t := range f.Mods {
			if !contains(t.Values, m) {
				continue
			}
			if used[i] == "" {
				used[i], placed = m, true
				break
			}
			seen = i
		}
		switch {
		case placed:
		case seen >= 0:
			d.clash = append(d.clash, [2]string{used[seen], m})
		default:
			d.unknown = append(d.unknown, m)
			if IsType(m) {
				d.typeOK = false
			}
		}
	}
	for i, t := range f.Mods {
		if used[i] != "" {
			d.order = append(d.order, used[i])
		} else if !t.Optional && d.missing == nil {
			d.missing = t.Values
		}
	}
	return d
}

func contains(vs []string, v string) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}

// alwaysTyped reports whether every form needs a type modifier.
func (e *Entry) alwaysTyped() bool {
	for _, f := range e.Forms() {
		typed := false
		for _, t := range f.Mods {
			if !t.Optional && allTypes(t.Values) {
				typed = true
			}
		}
		if !typed {
			return false
		}
	}
	return len(e.Forms()) > 0
}

func allTypes(vs []string) bool {
	for _, v := range vs {
		if !IsType(v) {
			return false
		}
	}
	return len(vs) > 0
}

// typeChoices lists the types e's forms take, each once, in table order.
func (e *Entry) typeChoices() []string {
	var out []string
	for _, f := range e.Forms() {
		for _, t := range f.Mods {
			if allTypes(t.Values) {
				for _, v := range t.Values {
					if !contains(out, v) {
						out = append(out, v)
					}
				}
			}
		}
	}
	return out
}

// typesTaking lists the (last) types of the forms that know modifier m.
func (e *Entry) typesTaking(m string) []string {
	var out []string
	for _, f := range e.Forms() {
		knows := false
		for _, t := range f.Mods {
			if contains(t.Values, m) {
				knows = true
			}
		}
		if !knows {
			continue
		}
		// The last type position: the operand type (set.dtype.stype's
		// stype), which is what the modifier depends on.
		for i := len(f.Mods) - 1; i >= 0; i-- {
			if t := f.Mods[i]; allTypes(t.Values) {
				for _, v := range t.Values {
					if !contains(out, v) {
						out = append(out, v)
					}
				}
				break
			}
		}
	}
	return out
}
