// isa.go: the table's index and lookups.

package isa

import "strings"

var byName map[string]*Entry

// All lists every entry in table order.
var All []*Entry

// init indexes the entries, in a map and a slice made at their size (the
// groups of the table files, tableGroups, are looked up beside Groups
// rather than copied into it: TestGroupsDefinedOnce keeps the two apart).
func init() {
	n := 0
	for _, tab := range tables {
		n += len(tab)
	}
	byName = make(map[string]*Entry, n)
	All = make([]*Entry, 0, n)
	for _, tab := range tables {
		for i := range tab {
			e := &tab[i]
			if _, dup := byName[e.Name]; dup {
				panic("BUG: isa: duplicate entry " + e.Name)
			}
			byName[e.Name] = e
			All = append(All, e)
		}
	}
}

// tables lists the table files' slices, one per ISA chapter.
var tables = [][]Entry{intTable, floatTable, logicTable, dataTable, texTable, ctrlTable, syncTable, mmaTable, videoTable}

// Get returns the entry named exactly name ("add", "bar.warp.sync").
func Get(name string) *Entry { return byName[name] }

// Lookup finds the entry for an instruction written as op plus modifiers
// (op "cp", mods [".async", ".ca", ...]): the longest dotted name that has an
// entry wins. It returns the entry and the modifiers left for its forms.
func Lookup(op string, mods []string) (*Entry, []string) {
	var best *Entry
	bestN := 0
	name := op
	if e := byName[name]; e != nil {
		best = e
	}
	for i, m := range mods {
		name += m
		if e := byName[name]; e != nil {
			best, bestN = e, i+1
		}
		if i >= 3 {
			break
		}
	}
	if best == nil {
		return nil, nil
	}
	return best, mods[bestN:]
}

// Resolve is Lookup for modifiers written in any order: when the entry
// Lookup finds takes none of its forms, an entry whose dotted name is op
// plus one of the later modifiers ("shfl.sync" for shfl.bfly.sync.b32, as
// ptxas takes it) is tried with that modifier taken out.
func Resolve(op string, mods []string) (*Entry, []string) {
	e, rest := Lookup(op, mods)
	if e != nil && e.MatchMods(rest) != nil {
		return e, rest
	}
	for i, m := range mods {
		alt := byName[op+m]
		if alt == nil || i == 0 {
			continue
		}
		r := make([]string, 0, len(mods)-1)
		r = append(append(r, mods[:i]...), mods[i+1:]...)
		if alt.MatchMods(r) != nil {
			return alt, r
		}
	}
	return e, rest
}

// Hover returns the hover documentation for an opcode name: the doc line,
// the syntax forms and the gates.
func Hover(name string) string {
	e := byName[name]
	if e == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(e.Name)
	b.WriteString(" — ")
	b.WriteString(e.Doc)
	if e.Section != "" {
		b.WriteString(" (PTX ISA §" + e.Section + ")")
	}
	if r := e.Removed; r.PTX > 0 {
		b.WriteString("\n  Not supported on sm_" + itoa(r.SM) + " and higher from PTX " + r.PTX.String() + ": write " + r.Use + ".")
	}
	for _, f := range e.Forms() {
		b.WriteString("\n  " + f.Text)
		if f.PTX > e.PTX || f.SM > e.SM {
			b.WriteString("   [")
			if f.PTX > 0 {
				b.WriteString("PTX " + f.PTX.String())
			}
			if f.SM > 0 {
				b.WriteString(" sm_" + itoa(f.SM))
			}
			b.WriteString("]")
		}
		if f.MaxPTX > 0 || f.MaxSM > 0 {
			b.WriteString("   [legacy: before")
			if f.MaxPTX > 0 {
				b.WriteString(" PTX " + f.MaxPTX.String())
			}
			if f.MaxSM > 0 {
				b.WriteString(" sm_" + itoa(f.MaxSM))
			}
			b.WriteString("]")
		}
	}
	for _, g := range e.usedGroups() {
		vals, _ := e.group(g)
		b.WriteString("\n  ." + g + " = { ")
		if len(vals) > 12 {
			b.WriteString(strings.Join(vals[:6], ", ") + ", ... " + vals[len(vals)-1])
		} else {
			b.WriteString(strings.Join(vals, ", "))
		}
		b.WriteString(" }")
	}
	if e.PTX > 0 || e.SM > 0 {
		b.WriteString("\nRequires")
		if e.PTX > 0 {
			b.WriteString(" PTX ISA " + e.PTX.String())
		}
		if e.SM > 0 {
			b.WriteString(", sm_" + itoa(e.SM))
		}
		b.WriteString(" or later.")
	}
	if e.NoExec != "" {
		b.WriteString("\nNot simulated: " + e.NoExec)
	}
	return b.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for n > 0 {
		d = append([]byte{byte('0' + n%10)}, d...)
		n /= 10
	}
	return string(d)
}

// usedGroups lists the groups e's forms name, in order of first use.
func (e *Entry) usedGroups() []string {
	var gs []string
	seen := map[string]bool{}
	use := func(g string) {
		if g != "" && !seen[g] {
			if _, ok := e.group(g); ok {
				seen[g] = true
				gs = append(gs, g)
			}
		}
	}
	for _, f := range e.Forms() {
		for _, t := range f.Mods {
			use(t.Group)
		}
		for _, o := range f.Operands {
			use(o.Type)
		}
	}
	return gs
}
