// tablerules.go: what the table states about operands beyond their kinds
// and types (the sizes of matrix fragments, Entry.Frag; the constants an
// operand may be, OperandSpec.Values; the width of an address,
// [a]:.b32), checked for every form, simulated or not.

package check

import (
	"fmt"
	"strings"

	"github.com/ptxplay/ptxplay/core/isa"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// frags checks each fragment operand ({d}:frag) of st against the size
// e.Frag gives it: the count of registers, then the width of each. ptxas
// 13.0 refuses a wrong count ("Arguments mismatch", "Argument vector size
// mismatch").
func (c *checker) frags(s *scope, st *ptx.Instr, e *isa.Entry, m *isa.Match) {
	if e.Frag == nil {
		return
	}
	for i := range m.Form.Operands {
		spec := &m.Form.Operands[i]
		if i >= len(st.Args) {
			continue
		}
		o := st.Args[i]
		if spec.Kind == isa.OpHandle {
			// [a, {c}] or [a, b, {c}]: the coordinates' count.
			want := e.Frag(m, "coords")
			ad, ok := o.(*ptx.Addr)
			if want.Regs <= 0 || !ok || len(ad.Args) == 0 {
				continue
			}
			if v, ok := ad.Args[len(ad.Args)-1].(*ptx.Vector); ok && len(v.Elems) != want.Regs {
				c.errorf(v.Pos(), "%s: the coordinates of %s are %s, found %d", e.Name, want.What[len("coords of "):], elements(want.Regs), len(v.Elems))
			}
			continue
		}
		if spec.Kind != isa.OpFrag {
			if want := e.Frag(m, spec.Name); want.Regs < 0 {
				c.errorf(o.Pos(), "%s: %s takes no %s", e.Name, want.What[len(spec.Name)+len(" of "):], spec.Name)
			}
			continue
		}
		want := e.Frag(m, spec.Name)
		if want.Regs == 0 {
			continue
		}
		v, isVec := o.(*ptx.Vector)
		if want.Regs < 0 {
			// None for this form (a cubemap's offset): a scalar in its
			// place is the operand after it (tex's depth compare f).
			if isVec {
				c.errorf(o.Pos(), "%s: %s takes no %s", e.Name, want.What[len(spec.Name)+len(" of "):], spec.Name)
			}
			continue
		}
		if want.Regs == 1 && want.Rows == 0 && !isVec {
			continue // a vector operand of one element may be a scalar
		}
		elems := []ptx.Operand{o}
		if isVec {
			elems = v.Elems
		}
		letter := string(rune(spec.Name[0] - 'a' + 'A'))
		what := fmt.Sprintf("the %s fragment (%dx%d %s)", letter, want.Rows, want.Cols, want.Elem)
		if want.What != "" {
			what, letter = "the "+want.What, want.What
		}
		if len(elems) != want.Regs {
			c.errorf(o.Pos(), "%s: %s takes %d registers, got %d", e.Name, what, want.Regs, len(elems))
			continue
		}
		for _, x := range elems {
			id, ok := x.(*ptx.Ident)
			if !ok {
				continue
			}
			if r, ok := s.lookup(id.Name).(*Reg); ok && want.Bits > 0 && r.Type.Bits != want.Bits {
				c.errorf(id.Pos(), "%s: %s fragment register %s is %d-bit; %s elements take %d-bit registers", e.Name, letter, r.Name, r.Type.Bits, want.Elem, want.Bits)
				break
			}
		}
	}
}

// immValues checks the constants of operands whose spec lists the values
// they may be (imm=V|W in the form). ptxas 13.0: "Argument 4 of
// instruction ...: unexpected value '1', expected to be 0".
func (c *checker) immValues(st *ptx.Instr, e *isa.Entry, m *isa.Match) {
	for i := range m.Form.Operands {
		spec := &m.Form.Operands[i]
		if spec.Values == nil || i >= len(st.Args) {
			continue
		}
		v, fl, ok := c.constant(st.Args[i])
		if !ok || fl {
			continue // not a constant: the operand's kind says so
		}
		found := false
		var ws []string
		for _, w := range spec.Values {
			found = found || int64(v) == w
			ws = append(ws, fmt.Sprint(w))
		}
		if !found {
			c.errorf(st.Args[i].Pos(), "%s: %s must be %s for %s, found %d", e.Name, spec.Name, strings.Join(ws, " or "), written(st), int64(v))
		}
	}
}

// addrWidths checks address operands whose spec gives a type ([taddr]:.b32,
// a tensor memory address: 32 bits, ISA 9.7.17 "Tensor Memory
// Addressing"): a register base must be as wide. ptxas 13.0: "Arguments
// mismatch for instruction 'tcgen05.ld'" for a 64-bit one.
func (c *checker) addrWidths(s *scope, st *ptx.Instr, e *isa.Entry, m *isa.Match) {
	for i := range m.Form.Operands {
		spec := &m.Form.Operands[i]
		if spec.Kind != isa.OpAddr || i >= len(st.Args) {
			continue
		}
		t, ok := isa.LookupType(spec.Type)
		if !ok {
			continue
		}
		ad, ok := st.Args[i].(*ptx.Addr)
		if !ok {
			continue
		}
		id, ok := ad.Base.(*ptx.Ident)
		if !ok {
			continue
		}
		if r, ok := s.lookup(id.Name).(*Reg); ok && r.Type.Bits != t.Bits {
			c.errorf(id.Pos(), "%s: [%s] is a %d-bit address: expected a %s register, found %s register %s", e.Name, spec.Name, t.Bits, t.Name, r.Type.Name, r.Name)
		}
	}
}

// elements names n vector elements: "{x}", "2 elements".
func elements(n int) string {
	if n == 1 {
		return "one element, {x}"
	}
	return fmt.Sprintf("%d elements", n)
}
