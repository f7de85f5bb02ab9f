package check

// videosel.go: the operand selectors of the video instructions (PTX ISA
// 9.7.19): a register operand may name its bytes or halves, %r1.b0,
// %r2.h1 (scalar), %r3.h10 (dual half-word SIMD), %r4.b3210 (quad byte
// SIMD); on the destination of the SIMD forms the selector is a mask.

import (
	"strings"

	"github.com/ptxplay/ptxplay/core/ptx"
)

// videoSel splits name into a register name and a video selector (with
// its dot) when in is a video instruction and the suffix has the shape
// that instruction's operands take.
func videoSel(in *Inst, name string) (base, sel string, ok bool) {
	if in == nil || in.Entry == nil || !strings.HasPrefix(in.Entry.Section, "9.7.19") {
		return "", "", false
	}
	dot := strings.LastIndexByte(name, '.')
	if dot <= 0 {
		return "", "", false
	}
	base, sel = name[:dot], name[dot:]
	if len(sel) < 3 || (sel[1] != 'b' && sel[1] != 'h') {
		return "", "", false
	}
	digits := sel[2:]
	maxDigit := byte('3')
	n := in.Entry.Name
	switch {
	case strings.HasSuffix(n, "4"): // .bxyzw sources (0-7), .b3210-like masks
		if sel[1] != 'b' || len(digits) > 4 {
			return "", "", false
		}
		maxDigit = '7'
	case strings.HasSuffix(n, "2"): // .hxy sources (0-3), .h0/.h1/.h10 masks
		if sel[1] != 'h' || len(digits) > 2 {
			return "", "", false
		}
	default: // scalar: .b0-.b3, .h0, .h1
		if len(digits) != 1 || sel[1] == 'h' && digits[0] > '1' {
			return "", "", false
		}
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > maxDigit {
			return "", "", false
		}
	}
	return base, sel, true
}

// videoSels checks where a video instruction's selectors stand (ISA
// 9.7.19): the scalar ones take .b0-.b3, .h0 or .h1 on a and b, and on d
// only in the merge form (with c and no secondary operation), never on
// vmad; the SIMD ones take one digit per lane on a and b (.hxy with
// digits 0-3, .bxyzw with digits 0-7) and a mask on d (.h0, .h1, .h10;
// for quads the lanes named once each, highest first, as .b320).
func (c *checker) videoSels(in *Inst) {
	if in.Entry == nil || !strings.HasPrefix(in.Entry.Section, "9.7.19") || len(in.Args) < 3 {
		return
	}
	c.vmadNegations(in)
	name := in.Entry.Name
	lanes := 0
	switch {
	case strings.HasSuffix(name, "2"):
		lanes = 2
	case strings.HasSuffix(name, "4"):
		lanes = 4
	}
	d := in.Args[0]
	if lanes == 0 {
		switch {
		case d.Sel != "" && name == "vmad":
			c.errorf(d.Pos, "vmad takes no destination selector, found %s", d.Sel)
		case d.Sel != "" && (len(in.Args) != 4 || in.Match.Get("vop2") != ""):
			c.errorf(d.Pos, "destination selector %s merges the result into c: it needs the form with c and no secondary operation (.add, .min, .max)", d.Sel)
		}
		return
	}
	for _, a := range in.Args[1:3] {
		if a.Sel != "" && len(a.Sel) != 2+lanes {
			c.errorf(a.Pos, "%s takes a source selector of %d digits (one per lane), found %s", name, lanes, a.Sel)
		}
	}
	if d.Sel == "" {
		return
	}
	ok := len(d.Sel) >= 3
	prev := byte('9')
	for i := 2; ok && i < len(d.Sel); i++ {
		ok = d.Sel[i] < byte('0'+lanes) && d.Sel[i] < prev
		prev = d.Sel[i]
	}
	if !ok {
		c.errorf(d.Pos, "%s: destination mask %s: name lanes 0-%d once each, highest first", name, d.Sel, lanes-1)
	}
}

// vmadMinus takes vmad's negated register sources ({-}a, {-}b, {-}c).
func (c *checker) vmadMinus(s *scope, in *Inst, o ptx.Operand, want string, dest, anyType bool) (Arg, bool) {
	u, ok := o.(*ptx.Unary)
	if !ok || u.Op != "-" || in == nil || in.Entry == nil || in.Entry.Name != "vmad" {
		return Arg{}, false
	}
	if _, isID := u.X.(*ptx.Ident); !isID {
		return Arg{}, false
	}
	if dest {
		c.errorf(o.Pos(), "cannot negate the destination")
	}
	a := c.value(s, in, u.X, want, dest, anyType)
	a.Minus = true
	return a, true
}

// vmadNegations checks vmad's negations (ISA 9.7.19.1.3): none with .po,
// and the product or c, not both.
func (c *checker) vmadNegations(in *Inst) {
	if in.Entry == nil || in.Entry.Name != "vmad" || len(in.Args) != 4 {
		return
	}
	a, b, cc := in.Args[1], in.Args[2], in.Args[3]
	switch {
	case in.Match.Has(".po") && (a.Minus || b.Minus || cc.Minus):
		c.errorf(in.Args[0].Pos, "vmad.po takes no negated operand")
	case a.Minus != b.Minus && cc.Minus:
		c.errorf(cc.Pos, "vmad negates the product or c, not both")
	}
}
