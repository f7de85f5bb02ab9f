// regrid_format.go: a register or memory value as text in each view (hex,
// unsigned, signed, float, or the declared type's natural one), and the
// hover card that lists every view at once.

package web

import (
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/fp"
)

// View is how the data views print values.
type View int

const (
	ViewNatural  View = iota // the declared type's own view
	ViewHex                  // hexadecimal, no prefix
	ViewUnsigned             // unsigned decimal
	ViewSigned               // two's complement decimal
	ViewFloat                // IEEE (f16 / bf16 / f32 / f64 by width)
)

var viewNames = [...]string{"natural", "hex", "unsigned", "signed", "float"}

func (v View) String() string {
	if v >= 0 && int(v) < len(viewNames) {
		return viewNames[v]
	}
	return "View(" + strconv.Itoa(int(v)) + ")"
}

// parseView reads a view name back; unknown names are the natural view.
func parseView(s string) View {
	for i, n := range viewNames {
		if n == s {
			return View(i)
		}
	}
	return ViewNatural
}

// valType is a PTX type as the views need it: its kind and width.
type valType struct {
	kind byte // 'b' bits, 'u' unsigned, 's' signed, 'f' IEEE float, 'h' bfloat16, 'p' predicate
	bits int  // element width: 1 (pred), 8, 16, 32, 64
	pair bool // two 16-bit elements in 32 bits (.f16x2, .bf16x2)
}

// parseType reads ".u32", "f32", ".pred", ".f16x2", ".bf16"...; an unknown
// name is taken as 32 raw bits so that a value is never hidden.
func parseType(name string) valType {
	t := strings.TrimPrefix(name, ".")
	switch t {
	case "pred":
		return valType{kind: 'p', bits: 1}
	case "f16x2":
		return valType{kind: 'f', bits: 16, pair: true}
	case "bf16x2":
		return valType{kind: 'h', bits: 16, pair: true}
	case "bf16":
		return valType{kind: 'h', bits: 16}
	}
	if len(t) >= 2 {
		n, err := strconv.Atoi(t[1:])
		if err == nil {
			switch t[0] {
			case 'b', 'u', 's', 'f':
				switch n {
				case 8, 16, 32, 64:
					return valType{kind: t[0], bits: n}
				case 128:
					return valType{kind: 'b', bits: 64}
				}
			}
		}
	}
	return valType{kind: 'b', bits: 32}
}

// width is the number of bits the value occupies.
func (t valType) width() int {
	if t.pair {
		return 32
	}
	return t.bits
}

func (t valType) mask(v uint64) uint64 {
	if w := t.width(); w < 64 {
		return v & (1<<w - 1)
	}
	return v
}

// natural is the view a declared type reads best in.
func (t valType) natural() View {
	switch t.kind {
	case 'u':
		return ViewUnsigned
	case 's':
		return ViewSigned
	case 'f', 'h':
		return ViewFloat
	}
	return ViewHex
}

// predMark is how a predicate shows in the grid: a filled mark for true.
const (
	predTrue  = "●"
	predFalse = "○"
	// uninitText stands for a value no instruction has written yet.
	uninitText = "?"
)

// formatValue prints v as type t in view vw.
func formatValue(t valType, v uint64, vw View) string {
	if t.kind == 'p' {
		if v&1 != 0 {
			return predTrue
		}
		return predFalse
	}
	if vw == ViewNatural {
		vw = t.natural()
	}
	v = t.mask(v)
	switch vw {
	case ViewHex:
		return strconv.FormatUint(v, 16)
	case ViewUnsigned:
		return strconv.FormatUint(v, 10)
	case ViewSigned:
		return strconv.FormatInt(signExtend(v, t.width()), 10)
	case ViewFloat:
		return formatFloat(t, v)
	}
	return strconv.FormatUint(v, 16)
}

func signExtend(v uint64, bits int) int64 {
	if bits >= 64 {
		return int64(v)
	}
	sh := uint(64 - bits)
	return int64(v<<sh) >> sh
}

// formatFloat reads the bits as the float format of the type's width: a
// .b32 or .u32 in the float view is an f32, a .b16 an f16; pairs print
// element 0 (the low half) first.
func formatFloat(t valType, v uint64) string {
	half := fp.FormatF16
	if t.kind == 'h' {
		half = fp.FormatBF16
	}
	switch {
	case t.pair:
		return half(uint16(v)) + "," + half(uint16(v>>16))
	case t.bits == 64:
		return fp.FormatF64(v)
	case t.bits == 32:
		return fp.FormatF32(uint32(v))
	case t.bits == 16:
		return half(uint16(v))
	}
	return strconv.FormatUint(v, 16) // 8-bit: no float format
}

// cardLine is one row of a hover card.
type cardLine struct{ label, value string }

// valueCard lists every view of a value: hex padded to the type's width,
// unsigned, signed, and each float reading that fits the width.
func valueCard(t valType, v uint64) []cardLine {
	if t.kind == 'p' {
		s := "false"
		if v&1 != 0 {
			s = "true"
		}
		return []cardLine{{"value", s}}
	}
	w := t.width()
	v = t.mask(v)
	hex := strconv.FormatUint(v, 16)
	if pad := w/4 - len(hex); pad > 0 {
		hex = strings.Repeat("0", pad) + hex
	}
	lines := []cardLine{
		{"hex", "0x" + hex},
		{"unsigned", strconv.FormatUint(v, 10)},
		{"signed", strconv.FormatInt(signExtend(v, w), 10)},
	}
	switch w {
	case 64:
		lines = append(lines, cardLine{"f64", fp.FormatF64(v)})
		lines = append(lines, cardLine{"f32 x2", fp.FormatF32(uint32(v)) + ", " + fp.FormatF32(uint32(v>>32))})
	case 32:
		lines = append(lines, cardLine{"f32", fp.FormatF32(uint32(v))})
		lines = append(lines, cardLine{"f16 x2", fp.FormatF16(uint16(v)) + ", " + fp.FormatF16(uint16(v>>16))})
		lines = append(lines, cardLine{"bf16 x2", fp.FormatBF16(uint16(v)) + ", " + fp.FormatBF16(uint16(v>>16))})
	case 16:
		lines = append(lines, cardLine{"f16", fp.FormatF16(uint16(v))})
		lines = append(lines, cardLine{"bf16", fp.FormatBF16(uint16(v))})
	}
	return lines
}
