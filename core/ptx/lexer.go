// lexer.go implements the hand-written byte scanner for PTX source (PTX ISA
// 3.1 §4.1-4.5: comments, identifiers, constants, strings and punctuation).
package ptx

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// tokKind is the kind of a lexical token.
type tokKind uint8

const (
	tEOF       tokKind = iota
	tIdent             // add.s32, %r1, %tid.x, $L__BB0_1, _, ld.shared::cta.b32 (dots and '::' allowed after the first byte)
	tDirective         // .reg, .b32, .debug_info (the text includes the dot)
	tInt               // 42, 0x2A, 052, 0b101010, 42U
	tFloat             // 0f3F800000, 0d3FF0000000000000, 1.5, 1e-3
	tString            // "text"

	tComma    // ,
	tSemi     // ;
	tColon    // :
	tLBrace   // {
	tRBrace   // }
	tLBrack   // [
	tRBrack   // ]
	tLParen   // (
	tRParen   // )
	tLt       // <
	tGt       // >
	tLe       // <=
	tGe       // >=
	tEq       // ==
	tNe       // !=
	tShl      // <<
	tShr      // >>
	tPlus     // +
	tMinus    // -
	tStar     // *
	tSlash    // /
	tPercent  // %
	tTilde    // ~
	tBang     // !
	tAt       // @
	tPipe     // |
	tOrOr     // ||
	tAmp      // &
	tAndAnd   // &&
	tCaret    // ^
	tAssign   // =
	tQuestion // ?
)

// Character classes of the scanner.
const (
	cLetter = 1 << iota // a-z A-Z
	cDigit              // 0-9
	cFollow             // [a-zA-Z0-9_$]: PTX's followsym
	cSpace              // blanks other than '\n'
)

var charClass = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= cLetter | cFollow
		t[c-'a'+'A'] |= cLetter | cFollow
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= cDigit | cFollow
	}
	t['_'] |= cFollow
	t['$'] |= cFollow
	for _, c := range " \t\r\f\v" {
		t[c] |= cSpace
	}
	return t
}()

// Byte kinds, for the scanner's dispatch.
const (
	kBad     = iota
	kSpace   // blanks other than '\n'
	kNewline // '\n'
	kSlash   // '/': a comment or division
	kIdent   // letters, '_' and '$' start identifiers
	kPercent // '%': a register name or the remainder operator
	kDigit
	kDot    // a directive or a number such as .5
	kQuote  // '"'
	kPunct  // one-byte punctuation
	kPunct2 // punctuation that may start a two-byte operator: < > = ! & |
)

var kindOf = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c == '\n':
			t[c] = kNewline
		case charClass[c]&cSpace != 0:
			t[c] = kSpace
		case charClass[c]&cLetter != 0 || c == '_' || c == '$':
			t[c] = kIdent
		case charClass[c]&cDigit != 0:
			t[c] = kDigit
		}
	}
	t['/'] = kSlash
	t['%'] = kPercent
	t['.'] = kDot
	t['"'] = kQuote
	for _, c := range ",;:{}[]()+-*~@^?" {
		t[c] = kPunct
	}
	for _, c := range "<>=!&|" {
		t[c] = kPunct2
	}
	return t
}()

// punct maps a one-byte punctuation character to its token kind.
var punct = func() (t [256]tokKind) {
	for c, k := range map[byte]tokKind{
		',': tComma, ';': tSemi, ':': tColon, '{': tLBrace, '}': tRBrace,
		'[': tLBrack, ']': tRBrack, '(': tLParen, ')': tRParen, '<': tLt,
		'>': tGt, '+': tPlus, '-': tMinus, '*': tStar, '/': tSlash,
		'%': tPercent, '~': tTilde, '!': tBang, '@': tAt, '|': tPipe,
		'&': tAmp, '^': tCaret, '=': tAssign, '?': tQuestion,
	} {
		t[c] = k
	}
	return t
}()

// scanner holds the source and the current token. The parser embeds it, so
// the current token is always at hand without copying.
type scanner struct {
	src  []byte
	text string // src as a string, sharing its memory: token texts are substrings of it and cost nothing
	file *File
	off  int // read offset

	// The current token.
	tok tokKind
	pos int  // offset of its first byte
	end int  // offset one past its last byte
	nl  bool // a newline (or the start of the file) comes before it

	prevEnd int // offset past the token before the current one

	// Values of the current tInt, tFloat or tString token.
	ival     uint64 // integer value, or float bits
	unsigned bool   // tInt: 'U' suffix
	double   bool   // tFloat: float64 bits (all but the 0f form)
	sval     string // tString: contents with escapes resolved

	errs      ErrorList
	lastLine  int  // line of the last error kept
	bailed    bool // too many errors: the scanner only returns tEOF
	maxErrors int
}

func (s *scanner) init(filename string, src []byte) {
	s.src = src
	s.text = unsafe.String(unsafe.SliceData(src), len(src))
	// The scanner fills the line table as it meets the newlines, which
	// saves NewFile's separate pass over the source.
	s.file = &File{Name: filename, Src: src, lines: make([]int, 1, len(src)/24+1)}
	s.nl = true
	s.maxErrors = 50
}

// lit is the text of the current token.
func (s *scanner) lit() string { return s.text[s.pos:s.end] }

// errorAt records an error at a byte offset. Like go/parser, it keeps only
// the first error of a line, since later ones are mostly its consequences.
func (s *scanner) errorAt(off int, msg string) {
	if s.bailed {
		return
	}
	pos := s.file.Position(Pos(off + 1))
	if len(s.errs) > 0 && pos.Line == s.lastLine {
		return
	}
	s.lastLine = pos.Line
	s.errs.Add(pos, msg)
	if len(s.errs) >= s.maxErrors {
		s.bail()
	}
}

// bail stops the scan: from now on every token is tEOF.
func (s *scanner) bail() {
	if !s.bailed {
		// Every newline before the last line start is recorded already.
		s.addLines(s.file.lines[len(s.file.lines)-1], len(s.src))
	}
	s.bailed = true
	s.off = len(s.src)
	s.tok = tEOF
	s.pos, s.end = len(s.src), len(s.src)
	s.nl = true
}

// addLines records the line starts after the newlines in src[from:to],
// bytes the scanner skips without looking at each; it reports whether there
// were any.
func (s *scanner) addLines(from, to int) bool {
	n := len(s.file.lines)
	for i := from; i < to; {
		j := bytes.IndexByte(s.src[i:to], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		s.file.lines = append(s.file.lines, i)
	}
	return len(s.file.lines) > n
}

// next scans the next token into s.tok, s.pos, s.end and s.nl. One switch
// on the byte's kind both skips blanks and comments and starts the token.
func (s *scanner) next() {
	s.prevEnd = s.end
	src := s.src
	i := s.off
	nl := false
	for {
		if i >= len(src) {
			s.tok, s.pos, s.end, s.off, s.nl = tEOF, len(src), len(src), len(src), true
			return
		}
		c := src[i]
		switch kindOf[c] {
		case kSpace:
			i++
			continue
		case kNewline:
			nl = true
			i++
			s.file.lines = append(s.file.lines, i)
			continue
		case kIdent:
			j := i + 1
			for {
				for j < len(src) && charClass[src[j]]&cFollow != 0 {
					j++
				}
				if j+1 < len(src) && src[j] == '.' && charClass[src[j+1]]&cFollow != 0 {
					j += 2
					continue
				}
				// Sub-qualifiers of newer PTX: .shared::cta, .L2::evict_last.
				if j+2 < len(src) && src[j] == ':' && src[j+1] == ':' && charClass[src[j+2]]&cFollow != 0 {
					j += 3
					continue
				}
				break
			}
			s.tok, s.pos, s.end, s.off, s.nl = tIdent, i, j, j, nl
			return
		case kPercent:
			if i+1 < len(src) && charClass[src[i+1]]&cFollow != 0 {
				j := i + 2
				for {
					for j < len(src) && charClass[src[j]]&cFollow != 0 {
						j++
					}
					if j+1 < len(src) && src[j] == '.' && charClass[src[j+1]]&cFollow != 0 {
						j += 2
						continue
					}
					break
				}
				s.tok, s.pos, s.end, s.off, s.nl = tIdent, i, j, j, nl
				return
			}
			s.tok, s.pos, s.end, s.off, s.nl = tPercent, i, i+1, i+1, nl
			return
		case kPunct:
			s.tok, s.pos, s.end, s.off, s.nl = punct[c], i, i+1, i+1, nl
			return
		case kDigit:
			s.pos, s.nl = i, nl
			s.scanNumber(i)
			return
		case kDot:
			if i+1 < len(src) {
				if d := charClass[src[i+1]]; d&cDigit != 0 {
					s.pos, s.nl = i, nl
					s.scanNumber(i)
					return
				} else if d&cFollow != 0 && src[i+1] != '$' {
					j := i + 2
					for j < len(src) && charClass[src[j]]&cFollow != 0 {
						j++
					}
					s.tok, s.pos, s.end, s.off, s.nl = tDirective, i, j, j, nl
					return
				}
			}
		case kSlash:
			if i+1 < len(src) && src[i+1] == '/' {
				j := bytes.IndexByte(src[i+2:], '\n')
				if j < 0 {
					i = len(src)
				} else {
					i += 2 + j
				}
				continue
			}
			if i+1 < len(src) && src[i+1] == '*' {
				j := bytes.Index(src[i+2:], []byte("*/"))
				if j < 0 {
					s.addLines(i, len(src))
					s.errorAt(i, "unterminated comment")
					if s.bailed {
						s.bail()
						return
					}
					i = len(src)
					nl = true
					continue
				}
				if s.addLines(i+2, i+2+j) {
					nl = true
				}
				i += 2 + j + 2
				continue
			}
			s.tok, s.pos, s.end, s.off, s.nl = tSlash, i, i+1, i+1, nl
			return
		case kQuote:
			s.pos, s.nl = i, nl
			s.scanString(i)
			return
		case kPunct2:
			k, j := punct[c], i+1
			if j < len(src) {
				switch d := src[j]; {
				case c == '<' && d == '<':
					k = tShl
				case c == '>' && d == '>':
					k = tShr
				case c == '<' && d == '=':
					k = tLe
				case c == '>' && d == '=':
					k = tGe
				case c == '=' && d == '=':
					k = tEq
				case c == '!' && d == '=':
					k = tNe
				case c == '&' && d == '&':
					k = tAndAnd
				case c == '|' && d == '|':
					k = tOrOr
				}
				if k != punct[c] {
					j++
				}
			}
			s.tok, s.pos, s.end, s.off, s.nl = k, i, j, j, nl
			return
		}
		// An unexpected character: report it and go on as if it were blank.
		r, size := utf8.DecodeRune(src[i:])
		var desc string
		if r == utf8.RuneError && size <= 1 {
			desc = "byte 0x" + strconv.FormatUint(uint64(c), 16)
			size = 1
		} else {
			desc = "character " + strconv.QuoteRune(r)
		}
		s.errorAt(i, "unexpected "+desc)
		if s.bailed {
			s.bail()
			return
		}
		i += size
	}
}

// scanNumber scans an integer or floating-point constant starting at i
// (PTX ISA §4.5.1, §4.5.2). A malformed constant is reported and still
// returned as a token, so the parser does not report it again.
func (s *scanner) scanNumber(i int) {
	src := s.src
	s.unsigned, s.double = false, true
	// Fast paths for the common forms: short decimals and 0f/0d bits.
	if c := src[i]; c != '0' || i+1 >= len(src) || charClass[src[i+1]]&cFollow == 0 && src[i+1] != '.' {
		var v uint64
		j := i
		for j < len(src) && j-i < 18 && charClass[src[j]]&cDigit != 0 {
			v = v*10 + uint64(src[j]-'0')
			j++
		}
		if j > i && (j >= len(src) || charClass[src[j]]&cFollow == 0 && src[j] != '.') {
			s.tok, s.ival, s.end, s.off = tInt, v, j, j
			return
		}
	} else if d := src[i+1] | 0x20; d == 'f' || d == 'd' {
		n := 8
		if d == 'd' {
			n = 16
		}
		j := i + 2
		if j+n <= len(src) && (j+n == len(src) || charClass[src[j+n]]&cFollow == 0 && src[j+n] != '.') {
			var v uint64
			for ; j < i+2+n; j++ {
				x := digitVal(src[j])
				if x >= 16 {
					break
				}
				v = v<<4 | x
			}
			if j == i+2+n {
				s.tok, s.ival, s.double, s.end, s.off = tFloat, v, d == 'd', j, j
				return
			}
		}
	}
	prefixed := src[i] == '0' && i+1 < len(src) && strings.IndexByte("xXfFdDbB", src[i+1]) >= 0
	j := i
	for j < len(src) {
		d := src[j]
		if charClass[d]&cFollow != 0 && d != '$' || d == '.' {
			j++
			continue
		}
		// The sign of a decimal exponent: 1e-3.
		if (d == '+' || d == '-') && !prefixed && j > i && (src[j-1] == 'e' || src[j-1] == 'E') &&
			j+1 < len(src) && charClass[src[j+1]]&cDigit != 0 {
			j++
			continue
		}
		break
	}
	s.end, s.off = j, j
	t := s.text[i:j]
	s.unsigned, s.double, s.ival = false, true, 0
	s.tok = tInt
	bad := func(what string) {
		s.errorAt(i, "invalid "+what+" "+t)
	}
	if prefixed {
		digits := t[2:]
		switch t[1] {
		case 'x', 'X':
			digits = s.suffixU(digits)
			if v, ok := parseDigits(digits, 16); ok {
				s.ival = v
			} else if validDigits(digits, 16) {
				s.errorAt(i, "integer constant "+t+" overflows 64 bits")
			} else {
				bad("hex constant")
			}
		case 'b', 'B':
			digits = s.suffixU(digits)
			if v, ok := parseDigits(digits, 2); ok {
				s.ival = v
			} else if validDigits(digits, 2) {
				s.errorAt(i, "integer constant "+t+" overflows 64 bits")
			} else {
				bad("binary constant")
			}
		case 'f', 'F':
			s.tok, s.double = tFloat, false
			if v, ok := parseDigits(digits, 16); ok && len(digits) == 8 {
				s.ival = v
			} else {
				bad("hex float constant")
			}
		case 'd', 'D':
			s.tok = tFloat
			if v, ok := parseDigits(digits, 16); ok && len(digits) == 16 {
				s.ival = v
			} else {
				bad("hex double constant")
			}
		}
		return
	}
	if strings.ContainsAny(t, ".eE") {
		s.tok = tFloat
		if !validDecimalFloat(t) {
			bad("floating-point constant")
			return
		}
		v, err := strconv.ParseFloat(t, 64)
		if err != nil || math.IsInf(v, 0) {
			s.errorAt(i, "floating-point constant "+t+" out of range")
			return
		}
		s.ival = math.Float64bits(v)
		return
	}
	digits := s.suffixU(t)
	base, what := uint64(10), "decimal constant"
	if len(digits) > 1 && digits[0] == '0' {
		base, what, digits = 8, "octal constant", digits[1:]
	}
	if v, ok := parseDigits(digits, base); ok {
		s.ival = v
	} else if validDigits(digits, base) {
		s.errorAt(i, "integer constant "+t+" overflows 64 bits")
	} else {
		bad(what)
	}
}

// suffixU strips a trailing 'U' and notes it.
func (s *scanner) suffixU(digits string) string {
	if n := len(digits); n > 0 && digits[n-1] == 'U' {
		s.unsigned = true
		return digits[:n-1]
	}
	return digits
}

func digitVal(c byte) uint64 {
	switch {
	case '0' <= c && c <= '9':
		return uint64(c - '0')
	case 'a' <= c && c <= 'f':
		return uint64(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return uint64(c - 'A' + 10)
	}
	return 99
}

func validDigits(d string, base uint64) bool {
	if d == "" {
		return false
	}
	for i := 0; i < len(d); i++ {
		if digitVal(d[i]) >= base {
			return false
		}
	}
	return true
}

// parseDigits converts digits in base; ok is false for a bad digit, an
// empty string or a value over 64 bits.
func parseDigits(d string, base uint64) (v uint64, ok bool) {
	if d == "" {
		return 0, false
	}
	for i := 0; i < len(d); i++ {
		x := digitVal(d[i])
		if x >= base {
			return 0, false
		}
		hi, lo := mulAdd(v, base, x)
		if hi {
			return 0, false
		}
		v = lo
	}
	return v, true
}

// mulAdd returns v*base+x and whether it overflowed 64 bits.
func mulAdd(v, base, x uint64) (bool, uint64) {
	if v > (math.MaxUint64-x)/base {
		return true, 0
	}
	return false, v*base + x
}

// validDecimalFloat checks digits* [. digits*] [(e|E) [+-] digits+] with at
// least one mantissa digit, the decimal form of PTX ISA §4.5.2.
func validDecimalFloat(t string) bool {
	i, n := 0, 0
	for i < len(t) && charClass[t[i]]&cDigit != 0 {
		i, n = i+1, n+1
	}
	if i < len(t) && t[i] == '.' {
		i++
		for i < len(t) && charClass[t[i]]&cDigit != 0 {
			i, n = i+1, n+1
		}
	}
	if n == 0 {
		return false
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		i++
		if i < len(t) && (t[i] == '+' || t[i] == '-') {
			i++
		}
		m := 0
		for i < len(t) && charClass[t[i]]&cDigit != 0 {
			i, m = i+1, m+1
		}
		if m == 0 {
			return false
		}
	}
	return i == len(t)
}

// scanString scans a quoted string starting at i. Strings end at the line.
func (s *scanner) scanString(i int) {
	src := s.src
	j := i + 1
	escaped := false
	for j < len(src) && src[j] != '"' && src[j] != '\n' {
		if src[j] == '\\' && j+1 < len(src) && src[j+1] != '\n' {
			escaped = true
			j++
		}
		j++
	}
	s.tok = tString
	if j >= len(src) || src[j] != '"' {
		s.errorAt(i, "unterminated string")
		s.sval = s.text[i+1 : j]
		s.end, s.off = j, j
		return
	}
	s.sval = s.text[i+1 : j]
	if escaped {
		s.sval = unescape(s.sval)
	}
	s.end, s.off = j+1, j+1
}

func unescape(q string) string {
	var b strings.Builder
	b.Grow(len(q))
	for i := 0; i < len(q); i++ {
		c := q[i]
		if c == '\\' && i+1 < len(q) {
			i++
			switch c = q[i]; c {
			case 'n':
				c = '\n'
			case 't':
				c = '\t'
			case 'r':
				c = '\r'
			case '0':
				c = 0
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// tokDesc describes the current token for "found ..." in messages.
func (s *scanner) tokDesc() string {
	switch s.tok {
	case tEOF:
		return "end of file"
	case tString:
		return "string " + quoteShort(s.lit())
	case tIdent, tDirective, tInt, tFloat:
		return quoteShort(s.lit())
	}
	return "'" + s.lit() + "'"
}

// quoteShort puts text in double quotes, shortening long names.
func quoteShort(t string) string {
	if t != "" && t[0] == '"' {
		t = strings.Trim(t, "\"")
	}
	if len(t) > 48 {
		t = t[:45] + "..."
	}
	if !utf8.ValidString(t) {
		return strconv.Quote(t)
	}
	return "\"" + t + "\""
}
