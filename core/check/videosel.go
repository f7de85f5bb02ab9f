package check

// videosel.go: the operand selectors of the video instructions (PTX ISA
// 9.7.19): a register operand may name its bytes or halves, %r1.b0,
// %r2.h1 (scalar), %r3.h10 (dual half-word SIMD), %r4.b3210 (quad byte
// SIMD); on the destination of the SIMD forms the selector is a mask.

import "strings"

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
