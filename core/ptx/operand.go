// operand.go parses instruction operands (PTX ISA 3.1 §6.2-6.6: registers,
// constants, addresses, vectors, call lists) and constant expressions
// (§4.5.4-4.5.6), and evaluates integer constant expressions.
package ptx

import (
	"math"
)

// Binary operator precedences, as in C (§4.5.4, Table 4).
const (
	precOrOr = 1 + iota
	precAndAnd
	precPipe
	precCaret
	precAmp
	precEq
	precRel
	precShift
	precAdd
	precMul
)

func binPrec(k tokKind) int {
	switch k {
	case tOrOr:
		return precOrOr
	case tAndAnd:
		return precAndAnd
	case tPipe:
		return precPipe
	case tCaret:
		return precCaret
	case tAmp:
		return precAmp
	case tEq, tNe:
		return precEq
	case tLt, tGt, tLe, tGe:
		return precRel
	case tShl, tShr:
		return precShift
	case tPlus, tMinus:
		return precAdd
	case tStar, tSlash, tPercent:
		return precMul
	}
	return 0
}

// parseOperand parses one instruction operand. In a call, a parenthesized
// list is a List ("(retval0)", "(param0, param1)"); elsewhere parentheses
// group a constant expression. "d|p" is a Pair when d is a register name.
// It returns nil after reporting an error.
func (p *parser) parseOperand(call bool) Operand {
	switch p.tok {
	case tLBrack:
		return p.parseAddr()
	case tLBrace:
		return p.parseVector()
	case tLParen:
		if call {
			return p.parseList()
		}
	}
	x := p.parseUnary()
	if x == nil || p.tok == tComma || p.tok == tSemi {
		return x // the common case: a register or a literal
	}
	if x = p.binaryRest(x, precPipe+1); x == nil {
		return nil
	}
	if p.tok == tPipe {
		switch x.(type) {
		case *Ident, *Sink:
			p.next()
			y := p.parseBinary(precPipe + 1)
			if y == nil {
				return nil
			}
			return &Pair{Span: Span{x.Pos(), y.End()}, D: x, P: y}
		}
	}
	return p.conditional(p.binaryRest(x, precOrOr))
}

// parseExpr parses a constant expression (or a single name or literal).
func (p *parser) parseExpr() Operand { return p.conditional(p.parseBinary(precOrOr)) }

// conditional finishes "x ? a : b" when x is followed by '?'
// (§4.5.4: constant expressions follow C, the conditional included).
func (p *parser) conditional(x Operand) Operand {
	if x == nil || p.tok != tQuestion {
		return x
	}
	p.next()
	a := p.parseExpr()
	if a == nil {
		return nil
	}
	if p.tok != tColon {
		p.errorExpected("':' in conditional expression")
		return nil
	}
	p.next()
	b := p.parseExpr()
	if b == nil {
		return nil
	}
	return &Cond{Span: Span{x.Pos(), b.End()}, X: x, A: a, B: b}
}

func (p *parser) parseBinary(minPrec int) Operand {
	x := p.parseUnary()
	if x == nil || binPrec(p.tok) == 0 {
		return x
	}
	return p.binaryRest(x, minPrec)
}

// binaryRest continues a binary expression whose left operand is x with
// operators of precedence minPrec or more.
func (p *parser) binaryRest(x Operand, minPrec int) Operand {
	for {
		prec := binPrec(p.tok)
		if prec == 0 || prec < minPrec {
			return x
		}
		op := p.lit()
		p.next()
		y := p.parseBinary(prec + 1)
		if y == nil {
			return nil
		}
		b := p.binarys.new()
		b.From, b.To, b.Op, b.X, b.Y = x.Pos(), y.End(), op, x, y
		x = b
	}
}

// parseUnary parses a name, a literal, a parenthesized expression or a unary
// operator applied to one. A minus sign before a literal is folded into it.
func (p *parser) parseUnary() Operand {
	from, end := p.pos, p.end
	switch p.tok {
	case tIdent:
		name := p.lit()
		p.next()
		if name == "_" {
			return &Sink{Span{pos(from), pos(end)}}
		}
		if name == "generic" && p.tok == tLParen && !p.nl {
			x := p.parseParen()
			if x == nil {
				return nil
			}
			return &Unary{Span: Span{pos(from), pos(p.lastEnd)}, Op: name, X: x}
		}
		x := p.idents.new()
		x.From, x.To, x.Name = pos(from), pos(end), name
		return x
	case tInt:
		x := p.ints.new()
		x.From, x.To, x.Val, x.Text, x.Unsigned = pos(from), pos(end), p.ival, p.lit(), p.unsigned
		p.next()
		return x
	case tFloat:
		x := p.floats.new()
		x.From, x.To, x.Bits, x.Double, x.Text = pos(from), pos(end), p.ival, p.double, p.lit()
		p.next()
		return x
	case tMinus, tPlus, tTilde, tBang:
		op := p.lit()
		p.next()
		if !p.enter() {
			return nil
		}
		x := p.parseUnary()
		p.leave()
		if x == nil {
			return nil
		}
		if op == "-" {
			switch lit := x.(type) {
			case *Int:
				lit.Val = -lit.Val
				lit.From = pos(from)
				lit.Text = p.text[from : lit.To-1]
				return lit
			case *Float:
				if lit.Double {
					lit.Bits ^= 1 << 63
				} else {
					lit.Bits ^= 1 << 31
				}
				lit.From = pos(from)
				lit.Text = p.text[from : lit.To-1]
				return lit
			}
		}
		return &Unary{Span: Span{pos(from), x.End()}, Op: op, X: x}
	case tLParen:
		return p.parseParen()
	}
	p.errorExpected("operand")
	return nil
}

// parseParen parses "( expr )" and returns expr; p.lastEnd is set to the
// offset past the ')'.
func (p *parser) parseParen() Operand {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	p.next()
	x := p.parseExpr()
	if x == nil {
		return nil
	}
	if p.tok != tRParen {
		p.errorExpected("')'")
		return nil
	}
	p.lastEnd = p.end
	p.next()
	return x
}

// parseAddr parses a memory operand "[base]", "[base+off]", "[imm]",
// "[sym+off]" or the texture form "[tex, {%f1, %f2}]" (§6.4.1).
func (p *parser) parseAddr() Operand {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	a := p.addrs.new()
	a.From = pos(p.pos)
	p.next()
	x := p.parseExpr()
	if x == nil {
		return nil
	}
	base, off, ok := p.linear(x)
	if !ok {
		return nil
	}
	if base != nil {
		a.Base = base
	}
	a.Off = off
	if p.tok == tComma {
		p.next()
		b := len(p.tmp)
		for {
			y := p.parseOperand(false)
			if y == nil {
				p.dropTmp(b)
				return nil
			}
			p.tmp = append(p.tmp, y)
			if p.tok != tComma {
				break
			}
			p.next()
		}
		a.Args = p.takeArgs(b)
	}
	if p.tok != tRBrack {
		p.errorExpected("']' after address")
		return nil
	}
	a.To = pos(p.end)
	p.next()
	return a
}

// linear splits an address expression into a base name and a constant
// offset: %rd+8, %rd+-4, sym+4+8, sym+8-4, 0x100. It reports an error and
// returns ok false for anything else, [%rd-4] and [4+%rd] included (ptxas
// refuses both: the base comes first, and only '+' follows it).
func (p *parser) linear(x Operand) (base *Ident, off int64, ok bool) {
	switch e := x.(type) {
	case *Ident:
		return e, 0, true
	case *Binary:
		switch e.Op {
		case "+":
			b1, o1, ok := p.linear(e.X)
			if !ok {
				return nil, 0, false
			}
			b2, o2, ok := p.linear(e.Y)
			if !ok {
				return nil, 0, false
			}
			if b1 != nil && b2 != nil {
				p.errorAt(int(b2.From)-1, "expected constant offset in address, found "+p.nodeText(b2))
				return nil, 0, false
			}
			if b1 == nil && b2 != nil {
				// ptxas: "Parsing error near '%rd1'" for [4+%rd1].
				p.errorAt(int(b2.From)-1, "the address's base "+b2.Name+" must come first: write ["+b2.Name+"+"+p.rawText(e.X)+"] (PTX ISA §6.4.1)")
				return nil, 0, false
			}
			return b1, o1 + o2, true
		case "-":
			b1, o1, ok := p.linear(e.X)
			if !ok {
				return nil, 0, false
			}
			if id, direct := e.X.(*Ident); direct && b1 != nil {
				// §6.4.1 writes a register or variable with an added
				// offset, [reg+imm]; a negative one is [reg+-4]. ptxas
				// refuses [reg-4] ("Parsing error near '-'").
				at := int(e.X.End()) - 1
				for at < len(p.text) && p.text[at] != '-' {
					at++
				}
				p.errorAt(at, "an address adds its offset to the base: write ["+id.Name+"+-"+p.rawText(e.Y)+"], not ["+id.Name+"-"+p.rawText(e.Y)+"] (PTX ISA §6.4.1)")
				return nil, 0, false
			}
			v, _, ok := p.evalInt(e.Y, "constant offset in address")
			if !ok {
				return nil, 0, false
			}
			return b1, o1 - int64(v), true
		}
	}
	v, _, ok := p.evalInt(x, "constant offset in address")
	return nil, int64(v), ok
}

// parseVector parses "{%r1, %r2, _}".
func (p *parser) parseVector() Operand {
	v := p.vectors.new()
	var ok bool
	if v.Elems, v.Span, ok = p.parseElems(tRBrace, "',' or '}' in vector operand"); !ok {
		return nil
	}
	return v
}

// parseList parses a call's parenthesized list "(param0, param1)".
func (p *parser) parseList() Operand {
	l := &List{}
	var ok bool
	if l.Elems, l.Span, ok = p.parseElems(tRParen, "',' or ')' in call list"); !ok {
		return nil
	}
	return l
}

// parseElems parses the comma-separated operands after an opening brace
// or parenthesis, up to and including the closing token.
func (p *parser) parseElems(closing tokKind, want string) ([]Operand, Span, bool) {
	if !p.enter() {
		return nil, Span{}, false
	}
	defer p.leave()
	span := Span{From: pos(p.pos)}
	p.next()
	b := len(p.tmp)
	for p.tok != closing {
		x := p.parseOperand(false)
		if x == nil {
			p.dropTmp(b)
			return nil, span, false
		}
		p.tmp = append(p.tmp, x)
		if p.tok != tComma {
			break
		}
		p.next()
	}
	if p.tok != closing {
		p.dropTmp(b)
		p.errorExpected(want)
		return nil, span, false
	}
	elems := p.takeArgs(b)
	span.To = pos(p.end)
	p.next()
	return elems, span, true
}

// dropTmp pops the operand stack. It leaves the stale pointers, which
// would cost write barriers to clear: the stack dies with the parser.
func (p *parser) dropTmp(base int) { p.tmp = p.tmp[:base] }

// nodeText quotes the source text of a node for messages.
func (p *parser) nodeText(x Node) string {
	return quoteShort(p.text[x.Pos()-1 : x.End()-1])
}

// rawText is x's source text as written.
func (p *parser) rawText(x Node) string { return string(p.text[x.Pos()-1 : x.End()-1]) }

// constInt evaluates an integer constant expression such as an array size.
func (p *parser) constInt(x Operand) (uint64, bool) {
	v, _, ok := p.evalInt(x, "integer constant")
	return v, ok
}

// evalInt evaluates an integer constant expression with the typing rules of
// PTX ISA §4.5.5: 64-bit values, signed unless a 'U' suffix or an unsigned
// operand makes them unsigned. It reports an error at the first part that
// is not an integer constant, naming what was expected.
func (p *parser) evalInt(x Operand, what string) (v uint64, unsigned bool, ok bool) {
	switch e := x.(type) {
	case *Int:
		return e.Val, e.Unsigned || (e.Val > math.MaxInt64 && e.Text[0] != '-'), true
	case *Unary:
		a, u, ok := p.evalInt(e.X, what)
		if !ok {
			return 0, false, false
		}
		switch e.Op {
		case "-":
			return -a, u, true
		case "+":
			return a, u, true
		case "~":
			return ^a, true, true
		case "!":
			return b2u(a == 0), false, true
		}
	case *Cond:
		c, _, ok := p.evalInt(e.X, what)
		if !ok {
			return 0, false, false
		}
		if c != 0 {
			return p.evalInt(e.A, what)
		}
		return p.evalInt(e.B, what)
	case *Binary:
		a, ua, ok := p.evalInt(e.X, what)
		if !ok {
			return 0, false, false
		}
		b, ub, ok := p.evalInt(e.Y, what)
		if !ok {
			return 0, false, false
		}
		u := ua || ub
		switch e.Op {
		case "+":
			return a + b, u, true
		case "-":
			return a - b, u, true
		case "*":
			return a * b, u, true
		case "/", "%":
			if b == 0 {
				p.errorAt(int(e.Y.Pos())-1, "division by zero in constant expression")
				return 0, false, false
			}
			if e.Op == "%" {
				return a % b, true, true
			}
			if u {
				return a / b, true, true
			}
			return uint64(int64(a) / int64(b)), false, true
		case "<<":
			if b >= 64 {
				return 0, ua, true
			}
			return a << b, ua, true
		case ">>":
			if b >= 64 {
				b = 63
				if ua {
					return 0, true, true
				}
			}
			if ua {
				return a >> b, true, true
			}
			return uint64(int64(a) >> b), false, true
		case "&":
			return a & b, u, true
		case "|":
			return a | b, u, true
		case "^":
			return a ^ b, u, true
		case "==":
			return b2u(a == b), false, true
		case "!=":
			return b2u(a != b), false, true
		case "<", ">", "<=", ">=":
			var lt, gt bool
			if u {
				lt, gt = a < b, a > b
			} else {
				lt, gt = int64(a) < int64(b), int64(a) > int64(b)
			}
			switch e.Op {
			case "<":
				return b2u(lt), false, true
			case ">":
				return b2u(gt), false, true
			case "<=":
				return b2u(!gt), false, true
			}
			return b2u(!lt), false, true
		case "&&":
			return b2u(a != 0 && b != 0), false, true
		case "||":
			return b2u(a != 0 || b != 0), false, true
		}
	}
	p.errorAt(int(x.Pos())-1, "expected "+what+", found "+p.nodeText(x))
	return 0, false, false
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
