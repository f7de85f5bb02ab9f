// printf_format.go: C's printf conversions, as the CUDA runtime applies
// them to a vprintf call's format string and packed argument buffer.
//
// The formatting follows C11 7.21.6.1 (and glibc where C leaves a choice:
// "(nil)" for a null %p, "(null)" for a null %s, "-nan"), so a kernel's
// output reads as the same printf on the host would print it.

package sim

import (
	"math"
	"strconv"
	"strings"
)

// printfArgs supplies a vprintf call's arguments: arg reads the next one
// of size bytes (each aligned to its own size in the packed buffer), str
// reads the NUL-terminated string at a generic address (at most max bytes
// when max >= 0). A non-nil error stops the formatting.
type printfArgs interface {
	arg(size int) (uint64, error)
	str(addr uint64, max int) ([]byte, error)
}

// maxPrintfArgs is the most arguments one printf call takes.
const maxPrintfArgs = 32

// badFormat is the error of a format string the runtime refuses.
type badFormat struct{ msg string }

func (e *badFormat) Error() string { return e.msg }

// printfSpec is one parsed conversion specification.
type printfSpec struct {
	minus, plus, space, alt, zero bool
	width                         int
	prec                          int // -1: none
	length                        string
	conv                          byte
}

// cprintf formats format with the arguments of a, appending to out. It
// returns the extended output and the number of arguments it read. A
// badFormat error means the format is invalid (vprintf returns -1); any
// other error comes from reading memory. Once out holds room bytes the
// rest is only parsed and its arguments read (the caller keeps no more).
func cprintf(out []byte, format []byte, a printfArgs, ptrSize, room int) ([]byte, int, error) {
	nargs := 0
	next := func(size int) (uint64, error) {
		nargs++
		return a.arg(size)
	}
	for i := 0; i < len(format); {
		full := len(out) >= room
		c := format[i]
		if c != '%' {
			j := i
			for j < len(format) && format[j] != '%' {
				j++
			}
			if !full {
				out = append(out, format[i:j]...)
			}
			i = j
			continue
		}
		start := i
		i++
		if i < len(format) && format[i] == '%' {
			if !full {
				out = append(out, '%')
			}
			i++
			continue
		}
		var s printfSpec
		s.prec = -1
	flags:
		for ; i < len(format); i++ {
			switch format[i] {
			case '-':
				s.minus = true
			case '+':
				s.plus = true
			case ' ':
				s.space = true
			case '#':
				s.alt = true
			case '0':
				s.zero = true
			default:
				break flags
			}
		}
		starW, starP := false, false
		if i < len(format) && format[i] == '*' {
			starW = true
			i++
		} else {
			s.width, i = digits(format, i)
		}
		if i < len(format) && format[i] == '.' {
			i++
			s.prec = 0
			if i < len(format) && format[i] == '*' {
				starP = true
				i++
			} else {
				s.prec, i = digits(format, i)
			}
		}
		for _, l := range [...]string{"hh", "h", "ll", "l", "z", "j", "t"} {
			if strings.HasPrefix(string(format[i:min(i+2, len(format))]), l) {
				s.length = l
				i += len(l)
				break
			}
		}
		if i >= len(format) {
			return out, nargs, &badFormat{"incomplete conversion " + strconv.Quote(string(format[start:])) + " at the end of the format"}
		}
		s.conv = format[i]
		i++
		spec := string(format[start:i])
		// The runtime takes at most 32 arguments; a conversion past them is
		// printed as written (CUDA C++ Programming Guide, "Formatted
		// Output", Limitations).
		need := 1
		if starW {
			need++
		}
		if starP {
			need++
		}
		if nargs+need > maxPrintfArgs {
			if !full {
				out = append(out, spec...)
			}
			continue
		}
		if starW {
			v, err := next(4)
			if err != nil {
				return out, nargs, err
			}
			w := int(int32(v))
			if w < 0 {
				s.minus = true
				w = -w
			}
			s.width = w
		}
		if starP {
			v, err := next(4)
			if err != nil {
				return out, nargs, err
			}
			s.prec = -1
			if p := int(int32(v)); p >= 0 {
				s.prec = p
			}
		}
		if s.width > 1<<20 || s.prec > 1<<20 {
			return out, nargs, &badFormat{"width or precision too large in " + strconv.Quote(spec)}
		}
		var err error
		switch s.conv {
		case 'd', 'i', 'u', 'o', 'x', 'X':
			var v uint64
			if v, err = next(intSize(s.length)); err == nil && !full {
				out = s.formatInt(out, v)
			}
		case 'c':
			if s.length != "" {
				return out, nargs, &badFormat{"unsupported conversion " + strconv.Quote(spec) + " (wide characters)"}
			}
			var v uint64
			if v, err = next(4); err == nil && !full {
				out = s.pad(out, "", []byte{byte(v)}, false)
			}
		case 's':
			if s.length != "" {
				return out, nargs, &badFormat{"unsupported conversion " + strconv.Quote(spec) + " (wide strings)"}
			}
			var p uint64
			if p, err = next(ptrSize); err == nil {
				var b []byte
				if p == 0 {
					b = []byte("(null)")
					if s.prec >= 0 && s.prec < 6 {
						b = nil // glibc prints nothing rather than a cut "(null)"
					}
				} else if b, err = a.str(p, s.prec); err != nil {
					return out, nargs, err
				}
				if !full {
					out = s.pad(out, "", b, false)
				}
			}
		case 'p':
			if s.length != "" {
				return out, nargs, &badFormat{"unsupported conversion " + strconv.Quote(spec)}
			}
			var p uint64
			if p, err = next(ptrSize); err == nil && !full {
				if p == 0 {
					out = s.pad(out, "", []byte("(nil)"), false)
				} else {
					t := s
					t.alt, t.conv = true, 'x'
					out = t.formatUnsigned(out, p, "")
				}
			}
		case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
			if s.length != "" && s.length != "l" {
				return out, nargs, &badFormat{"unsupported length " + s.length + " in " + strconv.Quote(spec) + " (floats arrive as double)"}
			}
			var v uint64
			if v, err = next(8); err == nil && !full {
				out = s.formatFloat(out, math.Float64frombits(v))
			}
		default:
			return out, nargs, &badFormat{"unknown conversion " + strconv.Quote(spec)}
		}
		if err != nil {
			return out, nargs, err
		}
	}
	return out, nargs, nil
}

// digits reads a decimal number at format[i:].
func digits(format []byte, i int) (int, int) {
	n := 0
	for ; i < len(format) && format[i] >= '0' && format[i] <= '9'; i++ {
		if n < 1<<30 {
			n = n*10 + int(format[i]-'0')
		}
	}
	return n, i
}

// intSize is the size of an integer argument in the packed buffer: types
// narrower than int arrive promoted to int.
func intSize(length string) int {
	switch length {
	case "l", "ll", "z", "j", "t":
		return 8
	}
	return 4
}

// formatInt formats an integer conversion of the argument bits v.
func (s printfSpec) formatInt(out []byte, v uint64) []byte {
	if s.conv == 'd' || s.conv == 'i' {
		var x int64
		switch s.length {
		case "hh":
			x = int64(int8(v))
		case "h":
			x = int64(int16(v))
		case "":
			x = int64(int32(v))
		default:
			x = int64(v)
		}
		sign := ""
		switch {
		case x < 0:
			sign = "-"
		case s.plus:
			sign = "+"
		case s.space:
			sign = " "
		}
		mag := uint64(x)
		if x < 0 {
			mag = -mag
		}
		return s.formatUnsigned(out, mag, sign)
	}
	switch s.length {
	case "hh":
		v = uint64(uint8(v))
	case "h":
		v = uint64(uint16(v))
	case "":
		v = uint64(uint32(v))
	}
	return s.formatUnsigned(out, v, "")
}

// formatUnsigned prints magnitude v in the conversion's base with the
// precision as a minimum digit count, then pads to the width.
func (s printfSpec) formatUnsigned(out []byte, v uint64, sign string) []byte {
	base := 10
	switch s.conv {
	case 'o':
		base = 8
	case 'x', 'X':
		base = 16
	}
	d := strconv.FormatUint(v, base)
	if s.conv == 'X' {
		d = strings.ToUpper(d)
	}
	if s.prec == 0 && v == 0 {
		d = ""
	}
	if len(d) < s.prec {
		d = strings.Repeat("0", s.prec-len(d)) + d
	}
	prefix := sign
	if s.alt {
		switch {
		case s.conv == 'o' && !strings.HasPrefix(d, "0"):
			d = "0" + d
		case s.conv == 'x' && v != 0:
			prefix = "0x"
		case s.conv == 'X' && v != 0:
			prefix = "0X"
		}
	}
	return s.pad(out, prefix, []byte(d), s.prec < 0)
}

// pad writes prefix and body in the field width: left-justified with
// '-', zero-filled after the prefix with '0' where zeroOK, else
// right-justified with spaces.
func (s printfSpec) pad(out []byte, prefix string, body []byte, zeroOK bool) []byte {
	n := s.width - len(prefix) - len(body)
	switch {
	case n <= 0:
		out = append(out, prefix...)
		out = append(out, body...)
	case s.minus:
		out = append(out, prefix...)
		out = append(out, body...)
		out = appendRepeat(out, ' ', n)
	case s.zero && zeroOK:
		out = append(out, prefix...)
		out = appendRepeat(out, '0', n)
		out = append(out, body...)
	default:
		out = appendRepeat(out, ' ', n)
		out = append(out, prefix...)
		out = append(out, body...)
	}
	return out
}

func appendRepeat(out []byte, c byte, n int) []byte {
	for ; n > 0; n-- {
		out = append(out, c)
	}
	return out
}

// formatFloat formats f, g, e and a conversions of the double x.
func (s printfSpec) formatFloat(out []byte, x float64) []byte {
	upper := s.conv == 'F' || s.conv == 'E' || s.conv == 'G' || s.conv == 'A'
	sign := ""
	switch {
	case math.Signbit(x):
		sign = "-"
	case s.plus:
		sign = "+"
	case s.space:
		sign = " "
	}
	if math.IsInf(x, 0) || math.IsNaN(x) {
		b := "inf"
		if math.IsNaN(x) {
			b = "nan"
		}
		if upper {
			b = strings.ToUpper(b)
		}
		return s.pad(out, sign, []byte(b), false)
	}
	x = math.Abs(x)
	prec := s.prec
	var body string
	switch s.conv {
	case 'f', 'F':
		if prec < 0 {
			prec = 6
		}
		body = strconv.FormatFloat(x, 'f', prec, 64)
		if s.alt && prec == 0 {
			body += "."
		}
	case 'e', 'E':
		if prec < 0 {
			prec = 6
		}
		body = expForm(x, prec, s.alt)
	case 'g', 'G':
		switch {
		case prec < 0:
			prec = 6
		case prec == 0:
			prec = 1
		}
		e := strconv.FormatFloat(x, 'e', prec-1, 64)
		exp, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
		if prec > exp && exp >= -4 {
			body = strconv.FormatFloat(x, 'f', prec-1-exp, 64)
			if s.alt && !strings.Contains(body, ".") {
				body += "."
			}
			if !s.alt {
				body = trimFraction(body)
			}
		} else {
			body = expForm(x, prec-1, s.alt)
			if !s.alt {
				k := strings.IndexByte(body, 'e')
				body = trimFraction(body[:k]) + body[k:]
			}
		}
	case 'a', 'A':
		sign += "0x"
		body = hexFloat(x, prec, s.alt)
	}
	if upper {
		body = strings.ToUpper(body)
		sign = strings.ToUpper(sign)
	}
	return s.pad(out, sign, []byte(body), true)
}

// expForm is the %e body of x >= 0: d.ddde±XX with prec fraction digits.
func expForm(x float64, prec int, alt bool) string {
	b := strconv.FormatFloat(x, 'e', prec, 64)
	if alt && prec == 0 {
		k := strings.IndexByte(b, 'e')
		b = b[:k] + "." + b[k:]
	}
	return b
}

// trimFraction drops trailing zeros of a fraction, and the point if
// nothing is left after it (%g without '#').
func trimFraction(b string) string {
	if !strings.Contains(b, ".") {
		return b
	}
	b = strings.TrimRight(b, "0")
	return strings.TrimSuffix(b, ".")
}

// hexFloat is the %a body of x >= 0 after "0x": h.hhhp±d, the leading
// digit 1 for normal numbers and 0 for zero and subnormals (as glibc
// prints them); without a precision, as many digits as the value needs;
// with one, rounded to nearest even.
func hexFloat(x float64, prec int, alt bool) string {
	bits := math.Float64bits(x)
	mant := bits & (1<<52 - 1)
	exp := int(bits>>52) & 0x7ff
	lead := uint64(1)
	switch {
	case exp == 0 && mant == 0:
		lead, exp = 0, 0
	case exp == 0:
		lead, exp = 0, -1022
	default:
		exp -= 1023
	}
	nd := 13 // hex digits of the fraction
	if prec < 0 {
		for nd > 0 && mant&0xf == 0 {
			mant >>= 4
			nd--
		}
	} else if prec < 13 {
		drop := uint(4 * (13 - prec))
		rem := mant & (1<<drop - 1)
		mant >>= drop
		half := uint64(1) << (drop - 1)
		odd := mant&1 != 0 // the last digit kept: the leading one when prec is 0
		if prec == 0 {
			odd = lead&1 != 0
		}
		if rem > half || rem == half && odd {
			mant++
			if mant>>(4*uint(prec)) != 0 { // carry into the leading digit
				mant &= 1<<(4*uint(prec)) - 1
				lead++
			}
		}
		nd = prec
	}
	var b strings.Builder
	b.WriteString(strconv.FormatUint(lead, 16))
	if nd > 0 || alt {
		b.WriteByte('.')
	}
	if nd > 0 {
		f := strconv.FormatUint(mant, 16)
		b.WriteString(strings.Repeat("0", nd-len(f)))
		b.WriteString(f)
	}
	if prec > 13 {
		b.WriteString(strings.Repeat("0", prec-13))
	}
	b.WriteByte('p')
	if exp >= 0 {
		b.WriteByte('+')
	}
	b.WriteString(strconv.Itoa(exp))
	return b.String()
}
