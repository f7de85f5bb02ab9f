package bits

// logic.go: boolean expressions over a, b, c <-> lop3 immLut values.

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// LogicError is a ParseLogic error at a 1-based byte column of the
// expression.
type LogicError struct {
	Col int
	Msg string
}

func (e *LogicError) Error() string { return fmt.Sprintf("col %d: %s", e.Col, e.Msg) }

// ParseLogic turns an expression over a, b and c into the lop3 immLut that
// computes it: the expression evaluated with a = 0xF0, b = 0xCC, c = 0xAA.
// It accepts the variables a, b, c (either case), the constants 0 and 1,
// ~ (not), & (and), ^ (xor), | (or) and parentheses, with C's precedence:
// ~ binds tightest, then &, then ^, then |.
func ParseLogic(expr string) (lut uint8, err error) {
	p := logicParser{src: expr}
	p.next()
	if p.tok == tokEOF {
		return 0, p.errorf(p.pos, "empty expression: expected a, b, c, 0, 1, ~ or (")
	}
	v, err := p.or()
	if err != nil {
		return 0, err
	}
	if p.tok != tokEOF {
		return 0, p.errorf(p.pos, "expected an operator (& ^ |) or end of expression, found %s", p.describe())
	}
	return v, nil
}

type logicTok uint8

const (
	tokEOF logicTok = iota
	tokVal          // a variable or constant; val holds its truth-table column
	tokNot
	tokAnd
	tokXor
	tokOr
	tokLParen
	tokRParen
	tokBad
)

type logicParser struct {
	src  string
	off  int // offset after the current token
	pos  int // offset of the current token
	tok  logicTok
	val  uint8
	text string // the current token's text
}

func (p *logicParser) errorf(off int, format string, args ...any) error {
	return &LogicError{Col: off + 1, Msg: fmt.Sprintf(format, args...)}
}

func (p *logicParser) describe() string {
	if p.tok == tokEOF {
		return "end of expression"
	}
	return fmt.Sprintf("%q", p.text)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

func (p *logicParser) next() {
	for p.off < len(p.src) && (p.src[p.off] == ' ' || p.src[p.off] == '\t' || p.src[p.off] == '\n' || p.src[p.off] == '\r') {
		p.off++
	}
	p.pos = p.off
	if p.off >= len(p.src) {
		p.tok, p.text = tokEOF, ""
		return
	}
	c := p.src[p.off]
	p.off++
	switch c {
	case '~':
		p.tok = tokNot
	case '&':
		p.tok = tokAnd
	case '^':
		p.tok = tokXor
	case '|':
		p.tok = tokOr
	case '(':
		p.tok = tokLParen
	case ')':
		p.tok = tokRParen
	default:
		switch {
		case isLetter(c) || isDigit(c):
			for p.off < len(p.src) && (isLetter(p.src[p.off]) || isDigit(p.src[p.off])) {
				p.off++
			}
			p.tok = tokBad
			switch strings.ToLower(p.src[p.pos:p.off]) {
			case "a":
				p.tok, p.val = tokVal, TA
			case "b":
				p.tok, p.val = tokVal, TB
			case "c":
				p.tok, p.val = tokVal, TC
			case "0":
				p.tok, p.val = tokVal, 0x00
			case "1":
				p.tok, p.val = tokVal, 0xFF
			}
		default:
			p.tok = tokBad
		}
	}
	p.text = p.src[p.pos:p.off]
}

// or := xor { "|" xor }
func (p *logicParser) or() (uint8, error) {
	v, err := p.xor()
	for err == nil && p.tok == tokOr {
		p.next()
		var w uint8
		w, err = p.xor()
		v |= w
	}
	return v, err
}

// xor := and { "^" and }
func (p *logicParser) xor() (uint8, error) {
	v, err := p.and()
	for err == nil && p.tok == tokXor {
		p.next()
		var w uint8
		w, err = p.and()
		v ^= w
	}
	return v, err
}

// and := unary { "&" unary }
func (p *logicParser) and() (uint8, error) {
	v, err := p.unary()
	for err == nil && p.tok == tokAnd {
		p.next()
		var w uint8
		w, err = p.unary()
		v &= w
	}
	return v, err
}

// unary := "~" unary | "(" or ")" | a | b | c | 0 | 1
func (p *logicParser) unary() (uint8, error) {
	switch p.tok {
	case tokNot:
		p.next()
		v, err := p.unary()
		return ^v, err
	case tokVal:
		v := p.val
		p.next()
		return v, nil
	case tokLParen:
		open := p.pos
		p.next()
		v, err := p.or()
		if err != nil {
			return 0, err
		}
		if p.tok != tokRParen {
			return 0, p.errorf(p.pos, "expected ) to close the ( at col %d, found %s", open+1, p.describe())
		}
		p.next()
		return v, nil
	case tokBad:
		switch {
		case p.text == "!":
			return 0, p.errorf(p.pos, "found \"!\": write ~ for not")
		case isDigit(p.text[0]):
			return 0, p.errorf(p.pos, "expected the constant 0 or 1, found %s", p.describe())
		case isLetter(p.text[0]):
			return 0, p.errorf(p.pos, "expected the variable a, b or c, found %s", p.describe())
		}
	}
	return 0, p.errorf(p.pos, "expected a, b, c, 0, 1, ~ or (, found %s", p.describe())
}

// DescribeLut returns a short expression over a, b and c that computes lut,
// in the syntax ParseLogic reads: a minimal sum of products, or a shorter
// form with xor or a product of sums where one exists.
func DescribeLut(lut uint8) string {
	describeOnce.Do(buildDescriptions)
	return descriptions[lut]
}

var (
	describeOnce sync.Once
	descriptions [256]string
)

// Forms that read better than what the search below would choose.
var preferredForms = map[uint8]string{
	0x69: "~(a ^ b ^ c)",
	0x99: "~(b ^ c)",
	0xA5: "~(a ^ c)",
	0xC3: "~(a ^ b)",
}

func buildDescriptions() {
	f := newFormulas()
	for i := range 256 {
		lut := uint8(i)
		if s, ok := preferredForms[lut]; ok {
			descriptions[lut] = s
			continue
		}
		// Shortest text wins, ties going to the earlier candidate; the
		// general formulas pay a few characters more, since sums of
		// products read more easily at the same length.
		best := sumOfProducts(lut)
		score := len(best)
		cands := []struct {
			s       string
			penalty int
		}{
			{productOfSums(lut), 0},
			{"~(" + sumOfProducts(^lut) + ")", 0},
			{f.render(lut, 0), 3},
		}
		for _, c := range cands {
			if len(c.s)+c.penalty < score {
				best, score = c.s, len(c.s)+c.penalty
			}
		}
		descriptions[lut] = best
	}
}

// A cube is a product term: for each variable (a, b, c), whether it appears
// and with which polarity.
type cube struct {
	care uint8 // bit 2 = a, bit 1 = b, bit 0 = c
	pol  uint8 // the required value of each cared-for variable
}

// minterms returns the truth-table rows the cube covers, as a lut.
func (q cube) minterms() uint8 {
	var m uint8
	for k := uint8(0); k < 8; k++ {
		if k&q.care == q.pol {
			m |= 1 << k
		}
	}
	return m
}

func (q cube) literals() int {
	n := 0
	for v := q.care; v != 0; v &= v - 1 {
		n++
	}
	return n
}

var varNames = [3]string{"a", "b", "c"} // for variable bits 2, 1, 0

// render writes the cube as an and of literals ("a & ~c"), or as an or of
// the negated literals when negate is set ("~a | c").
func (q cube) render(negate bool) string {
	if q.care == 0 {
		if negate {
			return "0"
		}
		return "1"
	}
	var parts []string
	for i, name := range varNames {
		bit := uint8(4 >> i)
		if q.care&bit == 0 {
			continue
		}
		if (q.pol&bit != 0) == negate {
			name = "~" + name
		}
		parts = append(parts, name)
	}
	if negate {
		return strings.Join(parts, " | ")
	}
	return strings.Join(parts, " & ")
}

// minimalCover returns a smallest set of cubes whose union is exactly lut:
// fewest terms, then fewest literals. The terms are ordered a, b, c with
// positive literals before negative ones before absent ones.
func minimalCover(lut uint8) []cube {
	if lut == 0 {
		return nil
	}
	var implicants []cube
	for care := uint8(0); care < 8; care++ {
		for pol := uint8(0); pol < 8; pol++ {
			if pol&^care != 0 {
				continue
			}
			q := cube{care, pol}
			if m := q.minterms(); m&^lut == 0 {
				implicants = append(implicants, q)
			}
		}
	}
	var primes []cube
	for _, q := range implicants {
		prime := true
		for _, r := range implicants {
			if r != q && q.minterms()&^r.minterms() == 0 {
				prime = false // r covers q and more
				break
			}
		}
		if prime {
			primes = append(primes, q)
		}
	}
	var best []cube
	bestTerms, bestLits := 99, 99
	for set := 1; set < 1<<len(primes); set++ {
		var m uint8
		var terms, lits int
		for i, q := range primes {
			if set>>i&1 != 0 {
				m |= q.minterms()
				terms++
				lits += q.literals()
			}
		}
		if m != lut || terms > bestTerms || terms == bestTerms && lits >= bestLits {
			continue
		}
		best = best[:0]
		for i, q := range primes {
			if set>>i&1 != 0 {
				best = append(best, q)
			}
		}
		bestTerms, bestLits = terms, lits
	}
	sort.Slice(best, func(i, j int) bool { return cubeKey(best[i]) < cubeKey(best[j]) })
	return best
}

// cubeKey orders cubes for display: per variable a, b, c, positive (0)
// before negative (1) before absent (2).
func cubeKey(q cube) int {
	k := 0
	for bit := uint8(4); bit != 0; bit >>= 1 {
		d := 2
		if q.care&bit != 0 {
			d = 1
			if q.pol&bit != 0 {
				d = 0
			}
		}
		k = k*3 + d
	}
	return k
}

func sumOfProducts(lut uint8) string {
	cover := minimalCover(lut)
	if len(cover) == 0 {
		return "0"
	}
	parts := make([]string, len(cover))
	for i, q := range cover {
		parts[i] = q.render(false)
	}
	return strings.Join(parts, " | ")
}

// productOfSums covers the zeros of lut and applies De Morgan's law.
func productOfSums(lut uint8) string {
	cover := minimalCover(^lut)
	if len(cover) == 0 {
		return "1"
	}
	parts := make([]string, len(cover))
	for i, q := range cover {
		s := q.render(true)
		if len(cover) > 1 && q.literals() > 1 {
			s = "(" + s + ")"
		}
		parts[i] = s
	}
	return strings.Join(parts, " & ")
}

// formulas holds, for every 3-input function, a smallest expression tree
// over a, b, c, 0, 1 with ~, &, ^ and |, counting variables, constants and
// operators alike.
type formulas struct {
	cost [256]int
	op   [256]byte // 'v' leaf, '~', '&', '^', '|'
	l, r [256]uint8
	leaf [256]string
}

func newFormulas() *formulas {
	f := &formulas{}
	for i := range f.cost {
		f.cost[i] = 1 << 30
	}
	for _, v := range []struct {
		lut  uint8
		name string
	}{{TA, "a"}, {TB, "b"}, {TC, "c"}, {0x00, "0"}, {0xFF, "1"}} {
		f.cost[v.lut], f.op[v.lut], f.leaf[v.lut] = 1, 'v', v.name
	}
	for changed := true; changed; {
		changed = false
		try := func(g uint8, cost int, op byte, l, r uint8) {
			if cost < f.cost[g] {
				f.cost[g], f.op[g], f.l[g], f.r[g] = cost, op, l, r
				changed = true
			}
		}
		for x := range 256 {
			if f.cost[x] >= 1<<30 {
				continue
			}
			try(^uint8(x), f.cost[x]+1, '~', uint8(x), 0)
			for y := x; y < 256; y++ {
				if f.cost[y] >= 1<<30 {
					continue
				}
				c := f.cost[x] + f.cost[y] + 1
				try(uint8(x)&uint8(y), c, '&', uint8(x), uint8(y))
				try(uint8(x)^uint8(y), c, '^', uint8(x), uint8(y))
				try(uint8(x)|uint8(y), c, '|', uint8(x), uint8(y))
			}
		}
	}
	return f
}

// Precedences for rendering, as ParseLogic reads them.
func opPrec(op byte) int {
	switch op {
	case '|':
		return 1
	case '^':
		return 2
	case '&':
		return 3
	case '~':
		return 4
	}
	return 5
}

// render writes the tree of g, parenthesized if its operator binds less
// tightly than outer requires. Only the and-over-or precedence is left
// implicit, as in a sum of products; an xor mixed with and or or is always
// parenthesized, since few readers remember where ^ stands.
func (f *formulas) render(g uint8, outer int) string {
	op := f.op[g]
	if op == 'v' {
		return f.leaf[g]
	}
	var s string
	if op == '~' {
		s = "~" + f.render(f.l[g], opPrec('~'))
	} else {
		x, y := f.l[g], f.r[g]
		l, r := f.render(x, f.childPrec(op, x)), f.render(y, f.childPrec(op, y))
		// Alphabetical by first variable, then the simpler operand first:
		// "a ^ b ^ c", "~a ^ c", "a | (b ^ c)".
		kl, kr := strings.TrimLeft(l, "~("), strings.TrimLeft(r, "~(")
		if kl[0] > kr[0] || kl[0] == kr[0] && f.cost[x] > f.cost[y] {
			l, r = r, l
		}
		s = l + " " + string(op) + " " + r
	}
	if opPrec(op) < outer {
		s = "(" + s + ")"
	}
	return s
}

// childPrec is the precedence an operand of op must have to go without
// parentheses.
func (f *formulas) childPrec(op byte, child uint8) int {
	c := f.op[child]
	if (op == '^') != (c == '^') && (c == '&' || c == '|' || c == '^') {
		return opPrec('~') // force parentheses
	}
	return opPrec(op)
}
