// Package canon turns a shared state's JSON into its canonical bytes and
// content-addressed id, as core/share does with encoding/json, but without
// reflection, fmt or compression: the share worker (cmd/worker) links this
// instead of core/share, which keeps its wasm small (docs/benchmarks.md).
//
// Canonical(b) gives exactly the bytes share.Parse(b) then Canonical()
// gives, and fails where they fail (FuzzCanonical in core/share holds the
// two together): the decoding follows encoding/json's rules for
// share.State (field names matched without regard to case, the last of
// repeated keys winning, null leaving a value as it is, unknown fields
// ignored, invalid UTF-8 and lone surrogates read as U+FFFD), and the
// encoding is encoding/json's with HTML escaping off.
package canon

import (
	"encoding/base64"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Limits of a state (share.MaxStateBytes is this).
const MaxStateBytes = 64 << 10

// Salt keeps ids of this service apart from other hashes of the same text.
const Salt = "ptxplay/share/v1\x00"

// IDLen is the length of a short link id: 12 base64url characters, 72 bits.
const IDLen = 12

// ID is the content address of a canonical state.
func ID(canonical []byte) string {
	sum := sum256([]byte(Salt), canonical)
	return base64.RawURLEncoding.EncodeToString(sum[:])[:IDLen]
}

// ValidID reports whether id has the shape ID gives.
func ValidID(id string) bool {
	if len(id) != IDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// Error is a state that cannot be shared; its text is the message for
// the user.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

func fail(msg string) error { return &Error{msg} }

// state is share.State's fields as decoded.
type state struct {
	source, example string
	launch          []byte // raw JSON, nil when absent
	cta, warp       *int64
	lane, step      int64
	breakpoints     []int64
	view            map[string]string
	hasSource       bool // the key "source" (exactly) was there
	hasLaunch       bool
}

// maxDepth is encoding/json's nesting limit.
const maxDepth = 10000

type decoder struct {
	b       []byte
	i       int
	typeErr error // the first value of the wrong type: decoding goes on, as encoding/json's does
}

// Canonical reads a state's JSON and returns its canonical bytes: fields
// in a fixed order, empty optional fields left out, the launch compacted.
func Canonical(b []byte) ([]byte, error) {
	if len(b) > MaxStateBytes {
		return nil, fail("state is " + strconv.Itoa(len(b)) + " bytes; the limit is " + strconv.Itoa(MaxStateBytes))
	}
	d := &decoder{b: b}
	// encoding/json checks the whole text before it stores anything.
	d.ws()
	if err := d.skip(0); err != nil {
		return nil, err
	}
	if d.ws(); d.i != len(b) {
		return nil, fail("state is not valid JSON")
	}
	d.i = 0
	d.ws()
	var s state
	switch b[d.i] {
	case '{':
		d.object(&s)
	case 'n': // null: nothing stored
	default:
		d.mismatch("", "struct", d.kind())
	}
	if d.typeErr != nil {
		return nil, d.typeErr
	}
	if !s.hasSource {
		return nil, fail("state has no source")
	}
	if !s.hasLaunch {
		return nil, fail("state has no launch")
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	out := s.encode()
	if len(out) > MaxStateBytes {
		return nil, fail("state is " + strconv.Itoa(len(out)) + " bytes; the limit is " + strconv.Itoa(MaxStateBytes))
	}
	return out, nil
}

func (d *decoder) ws() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

var errSyntax = fail("state is not valid JSON")

// skip checks and passes one JSON value (at depth, for the limit).
func (d *decoder) skip(depth int) error {
	if d.i >= len(d.b) {
		return errSyntax
	}
	switch c := d.b[d.i]; {
	case c == '{' || c == '[':
		if depth+1 > maxDepth {
			return fail("state is not valid JSON: nested too deeply")
		}
		end := byte('}')
		if c == '[' {
			end = ']'
		}
		d.i++
		d.ws()
		if d.i < len(d.b) && d.b[d.i] == end {
			d.i++
			return nil
		}
		for {
			d.ws()
			if c == '{' {
				if d.i >= len(d.b) || d.b[d.i] != '"' {
					return errSyntax
				}
				if _, err := d.str(); err != nil {
					return err
				}
				d.ws()
				if d.i >= len(d.b) || d.b[d.i] != ':' {
					return errSyntax
				}
				d.i++
				d.ws()
			}
			if err := d.skip(depth + 1); err != nil {
				return err
			}
			d.ws()
			if d.i >= len(d.b) {
				return errSyntax
			}
			if d.b[d.i] == end {
				d.i++
				return nil
			}
			if d.b[d.i] != ',' {
				return errSyntax
			}
			d.i++
		}
	case c == '"':
		_, err := d.str()
		return err
	case c == 't':
		return d.lit("true")
	case c == 'f':
		return d.lit("false")
	case c == 'n':
		return d.lit("null")
	case c == '-' || '0' <= c && c <= '9':
		return d.num()
	}
	return errSyntax
}

func (d *decoder) lit(w string) error {
	if len(d.b)-d.i < len(w) || string(d.b[d.i:d.i+len(w)]) != w {
		return errSyntax
	}
	d.i += len(w)
	return nil
}

// num passes a number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (d *decoder) num() error {
	digits := func() int {
		n := 0
		for d.i < len(d.b) && '0' <= d.b[d.i] && d.b[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	if d.b[d.i] == '-' {
		d.i++
	}
	if d.i < len(d.b) && d.b[d.i] == '0' {
		d.i++
	} else if digits() == 0 {
		return errSyntax
	}
	if d.i < len(d.b) && d.b[d.i] == '.' {
		d.i++
		if digits() == 0 {
			return errSyntax
		}
	}
	if d.i < len(d.b) && (d.b[d.i] == 'e' || d.b[d.i] == 'E') {
		d.i++
		if d.i < len(d.b) && (d.b[d.i] == '+' || d.b[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return errSyntax
		}
	}
	return nil
}

func hex4(b []byte) (rune, bool) {
	var r rune
	for _, c := range b {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// str reads a string at d.i and unescapes it as encoding/json does.
func (d *decoder) str() (string, error) {
	d.i++ // the quote
	var out []byte
	for {
		if d.i >= len(d.b) {
			return "", errSyntax
		}
		c := d.b[d.i]
		switch {
		case c == '"':
			d.i++
			return string(out), nil
		case c < 0x20:
			return "", errSyntax
		case c == '\\':
			if d.i+1 >= len(d.b) {
				return "", errSyntax
			}
			e := d.b[d.i+1]
			d.i += 2
			switch e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				if len(d.b)-d.i < 4 {
					return "", errSyntax
				}
				r, ok := hex4(d.b[d.i : d.i+4])
				if !ok {
					return "", errSyntax
				}
				d.i += 4
				if 0xD800 <= r && r < 0xDC00 {
					// A high surrogate joins a following \u low one.
					if len(d.b)-d.i >= 6 && d.b[d.i] == '\\' && d.b[d.i+1] == 'u' {
						if r2, ok := hex4(d.b[d.i+2 : d.i+6]); ok && 0xDC00 <= r2 && r2 < 0xE000 {
							d.i += 6
							out = utf8.AppendRune(out, (r-0xD800)<<10|(r2-0xDC00)+0x10000)
							break
						}
					}
					r = utf8.RuneError
				} else if 0xDC00 <= r && r < 0xE000 {
					r = utf8.RuneError
				}
				out = utf8.AppendRune(out, r)
			default:
				return "", errSyntax
			}
		case c < utf8.RuneSelf:
			out = append(out, c)
			d.i++
		default:
			r, n := utf8.DecodeRune(d.b[d.i:])
			if r == utf8.RuneError && n == 1 {
				out = utf8.AppendRune(out, utf8.RuneError)
			} else {
				out = append(out, d.b[d.i:d.i+n]...)
			}
			d.i += n
		}
	}
}

// kind names the JSON value at d.i for a type error.
func (d *decoder) kind() string {
	switch d.b[d.i] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

func (d *decoder) mismatch(field, want, found string) {
	if d.typeErr == nil {
		d.typeErr = fail("state: field " + strconv.Quote(field) + ": expected " + want + ", found a JSON " + found)
	}
}

// fields are share.State's JSON names in encoding order.
var fields = [...]string{"source", "launch", "example", "cta", "warp", "lane", "breakpoints", "step", "view"}

// field finds the field a key sets: an exact name first, else one equal
// under encoding/json's case folding (ASCII case, and U+017F for s and
// U+212A for k, which fold to them); -1 for none.
func field(key string) int {
	for i, f := range fields {
		if key == f {
			return i
		}
	}
	for i, f := range fields {
		if foldEq(key, f) {
			return i
		}
	}
	return -1
}

func foldEq(key, f string) bool {
	j := 0
	for _, r := range key {
		if j >= len(f) {
			return false
		}
		c := f[j]
		j++
		switch {
		case r == rune(c), r < utf8.RuneSelf && r|0x20 == rune(c):
		case r == 'ſ' && c == 's', r == 'K' && c == 'k':
		default:
			return false
		}
	}
	return j == len(f)
}

// object decodes the state's object (already checked) into s.
func (d *decoder) object(s *state) {
	d.i++ // {
	for {
		d.ws()
		if d.b[d.i] == '}' {
			d.i++
			return
		}
		if d.b[d.i] == ',' {
			d.i++
			d.ws()
		}
		key, _ := d.str()
		d.ws()
		d.i++ // :
		d.ws()
		switch key {
		case "source":
			s.hasSource = true
		case "launch":
			s.hasLaunch = true
		}
		f := field(key)
		if f < 0 {
			d.skip(1)
			continue
		}
		name := fields[f]
		null := d.b[d.i] == 'n'
		switch name {
		case "source", "example":
			if null {
				d.skip(1)
				break
			}
			if d.b[d.i] != '"' {
				d.mismatch(name, "string", d.kind())
				d.skip(1)
				break
			}
			v, _ := d.str()
			if name == "source" {
				s.source = v
			} else {
				s.example = v
			}
		case "launch":
			start := d.i
			d.skip(1)
			s.launch = d.b[start:d.i]
		case "cta", "warp":
			p := &s.cta
			if name == "warp" {
				p = &s.warp
			}
			if null {
				d.skip(1)
				*p = nil
				break
			}
			if v, ok := d.int(name); ok {
				*p = &v
			}
		case "lane", "step":
			if null {
				d.skip(1)
				break
			}
			if v, ok := d.int(name); ok {
				if name == "lane" {
					s.lane = v
				} else {
					s.step = v
				}
			}
		case "breakpoints":
			if null {
				d.skip(1)
				s.breakpoints = nil
				break
			}
			if d.b[d.i] != '[' {
				d.mismatch(name, "slice", d.kind())
				d.skip(1)
				break
			}
			s.breakpoints = s.breakpoints[:0]
			if s.breakpoints == nil {
				s.breakpoints = []int64{}
			}
			d.i++
			for {
				d.ws()
				if d.b[d.i] == ']' {
					d.i++
					break
				}
				if d.b[d.i] == ',' {
					d.i++
					d.ws()
				}
				var v int64
				if d.b[d.i] == 'n' {
					d.skip(1)
				} else if x, ok := d.int(name); ok {
					v = x
				}
				s.breakpoints = append(s.breakpoints, v)
			}
		case "view":
			if null {
				d.skip(1)
				s.view = nil
				break
			}
			if d.b[d.i] != '{' {
				d.mismatch(name, "map", d.kind())
				d.skip(1)
				break
			}
			if s.view == nil {
				s.view = map[string]string{}
			}
			d.i++
			for {
				d.ws()
				if d.b[d.i] == '}' {
					d.i++
					break
				}
				if d.b[d.i] == ',' {
					d.i++
					d.ws()
				}
				k, _ := d.str()
				d.ws()
				d.i++ // :
				d.ws()
				var v string
				switch d.b[d.i] {
				case 'n':
					d.skip(1)
				case '"':
					v, _ = d.str()
				default:
					d.mismatch("view."+k, "string", d.kind())
					d.skip(1)
					continue
				}
				s.view[k] = v
			}
		}
	}
}

// int reads an integer value as encoding/json stores a number in an int:
// a number literal that strconv.ParseInt takes, else a type error.
func (d *decoder) int(name string) (int64, bool) {
	start := d.i
	k := d.kind()
	d.skip(1)
	if k != "number" {
		d.mismatch(name, "int", k)
		return 0, false
	}
	v, err := strconv.ParseInt(string(d.b[start:d.i]), 10, 64)
	if err != nil {
		d.mismatch(name, "int", "number "+string(d.b[start:d.i]))
		return 0, false
	}
	return v, true
}

// validate is share.State.Validate.
func (s *state) validate() error {
	if !utf8.ValidString(s.source) {
		return fail("source is not UTF-8 text")
	}
	for i, r := range s.source {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
			h := strconv.FormatInt(int64(r), 16)
			for len(h) < 4 {
				h = "0" + h
			}
			return fail("source is not text: control character U+" + upper(h) + " at byte " + strconv.Itoa(i))
		}
	}
	l := trimSpace(s.launch)
	if len(l) == 0 || l[0] != '{' || !validJSON(l) {
		return fail("launch must be a JSON object")
	}
	if s.cta != nil && *s.cta < 0 || s.warp != nil && *s.warp < 0 || s.lane < 0 || s.lane > 31 || s.step < 0 {
		return fail("selection out of range (cta, warp and step at least 0, lane 0 to 31)")
	}
	for _, b := range s.breakpoints {
		if b < 1 {
			return fail("breakpoint line " + strconv.FormatInt(b, 10) + " is not a line")
		}
	}
	return nil
}

func upper(h string) string {
	b := []byte(h)
	for i, c := range b {
		if 'a' <= c && c <= 'f' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

func trimSpace(b []byte) []byte {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' }
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func validJSON(b []byte) bool {
	d := &decoder{b: b}
	d.ws()
	if d.skip(0) != nil {
		return false
	}
	d.ws()
	return d.i == len(b)
}

// compact removes the whitespace outside strings of valid JSON, keeping
// the strings as written (encoding/json's Compact without HTML escaping).
func compact(dst, b []byte) []byte {
	in := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if in {
			dst = append(dst, c)
			if c == '\\' {
				i++
				dst = append(dst, b[i])
			} else if c == '"' {
				in = false
			}
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
			in = true
		}
		dst = append(dst, c)
	}
	return dst
}

const hexDigits = "0123456789abcdef"

// appendString writes s as encoding/json does with HTML escaping off.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c >= 0x20:
				dst = append(dst, c)
			case c == '\b':
				dst = append(dst, '\\', 'b')
			case c == '\f':
				dst = append(dst, '\\', 'f')
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			dst = append(dst, s[i:i+n]...)
		}
		i += n
	}
	return append(dst, '"')
}

// encode writes the canonical JSON: share.State's fields in order, the
// omitempty ones left out when empty.
func (s *state) encode() []byte {
	b := []byte(`{"source":`)
	b = appendString(b, s.source)
	b = append(b, `,"launch":`...)
	b = compact(b, trimSpace(s.launch))
	if s.example != "" {
		b = append(b, `,"example":`...)
		b = appendString(b, s.example)
	}
	if s.cta != nil {
		b = strconv.AppendInt(append(b, `,"cta":`...), *s.cta, 10)
	}
	if s.warp != nil {
		b = strconv.AppendInt(append(b, `,"warp":`...), *s.warp, 10)
	}
	if s.lane != 0 {
		b = strconv.AppendInt(append(b, `,"lane":`...), s.lane, 10)
	}
	if len(s.breakpoints) > 0 {
		b = append(b, `,"breakpoints":[`...)
		for i, v := range s.breakpoints {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, v, 10)
		}
		b = append(b, ']')
	}
	if s.step != 0 {
		b = strconv.AppendInt(append(b, `,"step":`...), s.step, 10)
	}
	if len(s.view) > 0 {
		keys := make([]string, 0, len(s.view))
		for k := range s.view {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, `,"view":{`...)
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(appendString(b, k), ':')
			b = appendString(b, s.view[k])
		}
		b = append(b, '}')
	}
	return append(b, '}')
}
