// parser.go implements the recursive-descent parser for PTX modules: module
// directives, functions, declarations and statements (PTX ISA 3.1 ch. 4, 5,
// 10 and 11). Operands and constant expressions are in operand.go.
package ptx

import (
	"strconv"
	"strings"
)

// maxDepth bounds the nesting of blocks, braces and parentheses, so that no
// input can exhaust the stack.
const maxDepth = 500

// Parse parses a PTX module. It always returns a Module, partial where the
// source has errors, and the syntax errors sorted by position (at most one
// per line and about 50 in all). Parsing goes on after an error.
//
// The module keeps src: File.Src is src, and the names and texts in the AST
// share its memory rather than copying it, so src must not be modified
// afterwards.
func Parse(filename string, src []byte) (*Module, ErrorList) {
	var p parser
	p.init(filename, src)
	p.sizeFor(&p.scanner)
	p.stmtTmp = make([]Stmt, 0, 64)
	p.next()
	m := p.parseModule()
	p.errs.Sort()
	// errorAt keeps one error a line as they come; an error reported at an
	// earlier node can still land on a line that has one after sorting.
	errs := p.errs[:0]
	for i, e := range p.errs {
		if i == 0 || e.Pos.Line != errs[len(errs)-1].Pos.Line {
			errs = append(errs, e)
		}
	}
	if len(errs) == 0 {
		errs = nil
	}
	return m, errs
}

type parser struct {
	scanner
	depth   int
	lastEnd int // offset past the ')' that parseParen consumed

	nodes
	// Stacks of the items being collected; a finished list moves into an
	// arena with its exact length.
	tmp      []Operand
	stmtTmp  []Stmt
	elemsTmp []*Init
}

func pos(off int) Pos { return Pos(off + 1) }

// errorExpected reports "expected WHAT, found TOKEN" at the current token.
func (p *parser) errorExpected(what string) {
	p.errorAt(p.pos, "expected "+what+", found "+p.tokDesc())
}

// sync skips the rest of a broken statement: through the next ';', or up to
// a token that starts a line, a '}' or the end of the file. It always moves
// past the current token unless that is '}' or the end.
func (p *parser) sync() {
	if p.tok == tEOF || p.tok == tRBrace {
		return
	}
	if p.tok == tSemi {
		p.next()
		return
	}
	p.next()
	for p.tok != tEOF && p.tok != tRBrace && !p.nl {
		if p.tok == tSemi {
			p.next()
			return
		}
		p.next()
	}
}

// enter guards recursion; it reports and stops the parse when too deep.
func (p *parser) enter() bool {
	p.depth++
	if p.depth > maxDepth {
		p.errorAt(p.pos, "nesting too deep")
		p.bail()
		return false
	}
	return true
}

func (p *parser) leave() { p.depth-- }

// isSpace reports whether a directive names a state space (§5.1).
func isSpace(name string) bool {
	switch name {
	case ".reg", ".sreg", ".const", ".global", ".local", ".param", ".shared", ".tex":
		return true
	}
	return false
}

// isLinkage reports whether a directive is a linking directive (§11.6).
func isLinkage(name string) bool {
	switch name {
	case ".visible", ".extern", ".weak", ".common":
		return true
	}
	return false
}

// startsDecl reports whether a directive starts a new module-scope item, so
// that it cannot be a performance directive of the function before it.
func startsDecl(name string) bool {
	if isSpace(name) || isLinkage(name) {
		return true
	}
	switch name {
	case ".entry", ".func", ".version", ".target", ".address_size", ".file", ".section", ".alias", ".loc":
		return true
	}
	return false
}

func (p *parser) parseModule() *Module {
	m := &Module{File: p.file}
	for p.tok != tEOF {
		switch p.tok {
		case tDirective:
			p.parseModuleDirective(m)
		case tSemi:
			p.next()
		case tRBrace:
			p.errorAt(p.pos, "unexpected '}' at module scope")
			p.next()
		default:
			p.errorExpected("directive at module scope")
			p.sync()
		}
	}
	return m
}

func (p *parser) parseModuleDirective(m *Module) {
	name := p.lit()
	switch name {
	case ".version", ".target", ".address_size":
		d := p.parseDirective(false)
		var field **Directive
		switch name {
		case ".version":
			field = &m.Version
		case ".target":
			field = &m.Target
		default:
			field = &m.AddressSize
		}
		if *field == nil {
			*field = d
		} else {
			// A repeated header directive stays visible to the checker.
			m.Decls = append(m.Decls, d)
		}
		return
	case ".entry", ".func":
		m.Decls = append(m.Decls, p.parseFunc(p.pos, ""))
		return
	}
	if isLinkage(name) {
		from := p.pos
		p.next()
		if p.tok == tDirective {
			switch n := p.lit(); {
			case n == ".entry" || n == ".func":
				m.Decls = append(m.Decls, p.parseFunc(from, name))
				return
			case isSpace(n):
				m.Decls = append(m.Decls, p.parseVarDecl(from, name))
				return
			}
		}
		p.errorExpected(".entry, .func or a state space after " + name)
		p.sync()
		return
	}
	if isSpace(name) {
		m.Decls = append(m.Decls, p.parseVarDecl(p.pos, ""))
		return
	}
	m.Decls = append(m.Decls, p.parseDirective(false))
}

// parseDirective parses a directive kept by name with its arguments, such as
// ".loc 1 9 1", ".file 1 "a.cu", 0, 0", ".pragma "nounroll";" or ".section
// .debug_info { ... }". Arguments end at a ';' (consumed), at the end of
// the line unless the line ends with a comma, or at a brace. In a function
// header (perf) a ';' ends the prototype rather than the directive, except
// after .pragma.
func (p *parser) parseDirective(perf bool) *Directive {
	d := p.dirs.new()
	d.Name = p.lit()
	d.From = pos(p.pos)
	end := p.end
	p.next()
	if d.Name == ".callprototype" {
		return p.parseCallPrototype(d, end)
	}
	afterComma := false
	start := p.operands.used
loop:
	for p.tok != tEOF && p.tok != tSemi && p.tok != tLBrace && p.tok != tRBrace {
		// Arguments end at the end of the line, unless it ends with a
		// comma or the next line starts with a number or a string, which
		// no statement starts with (".version\n8.4", ".loc 1\n9 1",
		// ".pragma\n\"nounroll\";"): a newline is whitespace.
		if p.nl && !afterComma && p.tok != tInt && p.tok != tFloat && p.tok != tString {
			break
		}
		if p.tok == tComma {
			afterComma = true
			end = p.end
			p.next()
			continue
		}
		afterComma = false
		var x Operand
		switch p.tok {
		case tDirective:
			if perf {
				// ".maxntid 256, 1, 1 .minnctapersm 1" on one line.
				break loop
			}
			id := p.idents.new()
			id.From, id.To, id.Name = pos(p.pos), pos(p.end), p.lit()
			x = id
			p.next()
		case tString:
			x = &String{Span: Span{pos(p.pos), pos(p.end)}, Val: p.sval}
			p.next()
		default:
			x = p.parseExpr()
		}
		if x == nil {
			d.Args = p.operands.close(start)
			p.sync()
			d.To = pos(end)
			return d
		}
		p.operands.push(&start, x)
		end = p.prevEnd
	}
	d.Args = p.operands.close(start)
	if p.tok == tSemi && (!perf || d.Name == ".pragma") {
		end = p.end
		p.next()
	}
	if d.Name == ".section" && p.tok == tLBrace {
		end = p.parseSectionBody(d)
	}
	d.To = pos(end)
	return d
}

// parseSectionBody parses the braced data of a .section: data directives
// (.b8 1, 2, 3 / .b32 $L_end-$L_start / .b64 sym) and labels. It returns
// the offset past the closing brace.
func (p *parser) parseSectionBody(d *Directive) int {
	open := p.pos
	p.next()
	base := len(p.stmtTmp)
	defer func() { d.Body = p.takeStmts(base) }()
	for p.tok != tRBrace && p.tok != tEOF {
		switch p.tok {
		case tDirective:
			p.stmtTmp = append(p.stmtTmp, p.parseDirective(false))
		case tSemi:
			p.next()
		case tIdent:
			from, name := p.pos, p.lit()
			p.next()
			if p.tok == tColon {
				l := p.labels.new()
				*l = Label{Span: Span{pos(from), pos(p.end)}, Name: name}
				p.stmtTmp = append(p.stmtTmp, l)
				p.next()
				continue
			}
			p.errorAt(from, "expected data directive or label in section, found "+quoteShort(name))
			if !p.nl {
				p.sync()
			}
		default:
			p.errorExpected("data directive or label in section")
			p.sync()
		}
	}
	if p.tok != tRBrace {
		p.errorAt(p.pos, "expected '}' to close the section opened at "+p.lineCol(open)+", found "+p.tokDesc())
		return p.pos
	}
	end := p.end
	p.next()
	return end
}

// lineCol formats an offset as line:col for messages.
func (p *parser) lineCol(off int) string {
	ps := p.file.Position(pos(off))
	return strconv.Itoa(ps.Line) + ":" + strconv.Itoa(ps.Col)
}

// parseCallPrototype parses the rest of
// "label: .callprototype (.param .b32 _) _ (.param .b32 _, .param .b64 _);".
func (p *parser) parseCallPrototype(d *Directive, end int) *Directive {
	f := &Func{Name: "_"}
	f.From = d.From
	d.Proto = f
	if p.tok == tLParen {
		f.Rets, end = p.parseParams()
	}
	if p.tok != tIdent {
		p.errorExpected("'_' in .callprototype")
		p.sync()
		f.To, d.To = pos(end), pos(end)
		return d
	}
	f.Name, f.NamePos, end = p.lit(), pos(p.pos), p.end
	p.next()
	if p.tok == tLParen {
		f.Params, end = p.parseParams()
	}
	f.To = pos(end)
	if p.tok != tSemi {
		p.errorExpected("';' after .callprototype")
		if !p.nl {
			p.sync()
		}
	} else {
		end = p.end
		p.next()
	}
	d.To = pos(end)
	return d
}

// parseFunc parses a .entry or .func from its keyword (the current token);
// from is the offset of its linkage directive, if any.
func (p *parser) parseFunc(from int, linkage string) *Func {
	f := &Func{Linkage: linkage, Entry: p.lit() == ".entry"}
	f.From = pos(from)
	end := p.end
	p.next()
	if p.tok == tLParen {
		f.Rets, end = p.parseParams()
	}
	if p.tok != tIdent {
		p.errorExpected("function name")
		p.sync()
		f.To = pos(end)
		return f
	}
	f.Name, f.NamePos, end = p.lit(), pos(p.pos), p.end
	p.next()
	if p.tok == tLParen {
		f.Params, end = p.parseParams()
	}
	// Performance-tuning directives (§11.4) and pragmas.
	for p.tok == tDirective && !startsDecl(p.lit()) {
		d := p.parseDirective(true)
		f.Perf = append(f.Perf, d)
		end = int(d.To) - 1
	}
	switch p.tok {
	case tSemi:
		end = p.end
		p.next()
	case tLBrace:
		f.Body = p.parseBlock()
		end = int(f.Body.To) - 1
	default:
		p.errorExpected("'{' or ';' after function header")
		if p.tok != tDirective {
			p.sync()
		}
	}
	f.To = pos(end)
	return f
}

// parseParams parses a parenthesized parameter list; it returns the offset
// past the closing parenthesis.
func (p *parser) parseParams() ([]*Param, int) {
	end := p.end
	p.next()
	var ps []*Param
	if p.tok == tRParen {
		end = p.end
		p.next()
		return ps, end
	}
	for {
		if prm := p.parseParam(); prm != nil {
			ps = append(ps, prm)
			end = int(prm.To) - 1
		}
		if p.tok == tComma {
			p.next()
			continue
		}
		if p.tok == tRParen {
			end = p.end
			p.next()
			return ps, end
		}
		p.errorExpected("',' or ')' in parameter list")
		// Skip to the closing parenthesis, but not past a body or prototype end.
		for p.tok != tEOF && p.tok != tLBrace && p.tok != tRBrace && p.tok != tSemi {
			if p.tok == tRParen {
				end = p.end
				p.next()
				break
			}
			p.next()
		}
		return ps, end
	}
}

// parseParam parses one parameter:
// .param .u64 .ptr .global .align 16 name / .param .align 8 .b8 name[16] /
// .reg .b32 x / .reg .v2 .u32 v (a vector, §5.4.2). It returns nil after an error, at a ',' or ')' if it can.
func (p *parser) parseParam() *Param {
	if p.tok != tDirective || (p.lit() != ".param" && p.lit() != ".reg") {
		p.errorExpected(".param or .reg in parameter list")
		p.skipParam()
		return nil
	}
	prm := &Param{Space: p.lit()}
	prm.From = pos(p.pos)
	p.next()
	for p.tok == tDirective {
		switch n := p.lit(); {
		case n == ".align":
			p.next()
			v, ok := p.parseSmallInt("alignment")
			if !ok {
				p.skipParam()
				return nil
			}
			if prm.Ptr {
				prm.PtrAlign = v
			} else {
				prm.Align = v
			}
			continue
		case n == ".ptr":
			prm.Ptr = true
		case (n == ".v2" || n == ".v4" || n == ".v8") && prm.Vec == 0 && prm.Type == "":
			prm.Vec = int(n[2] - '0')
		case prm.Ptr && prm.PtrSpace == "" && isSpace(n):
			prm.PtrSpace = n
		case prm.Type == "":
			prm.Type = n
		default:
			p.errorAt(p.pos, "unexpected "+n+" in parameter declaration")
			p.skipParam()
			return nil
		}
		p.next()
	}
	if prm.Type == "" {
		p.errorExpected("type in parameter declaration")
		p.skipParam()
		return nil
	}
	if p.tok != tIdent {
		p.errorExpected("parameter name")
		p.skipParam()
		return nil
	}
	prm.Name, prm.NamePos = p.lit(), pos(p.pos)
	end := p.end
	p.next()
	dims, e, ok := p.parseDims()
	if !ok {
		p.skipParam()
		return nil
	}
	if dims != nil {
		prm.Dims, end = dims, e
	}
	prm.To = pos(end)
	return prm
}

// skipParam skips to the next ',' or ')' of a parameter list.
func (p *parser) skipParam() {
	for p.tok != tEOF && p.tok != tComma && p.tok != tRParen && p.tok != tLBrace && p.tok != tRBrace && p.tok != tSemi {
		p.next()
	}
}

// parseSmallInt parses a non-negative integer literal that fits an int, as
// in .align 16 or %r<100>.
func (p *parser) parseSmallInt(what string) (int, bool) {
	if p.tok != tInt {
		p.errorExpected(what)
		return 0, false
	}
	if p.ival > 1<<31-1 {
		p.errorAt(p.pos, what+" "+p.lit()+" too large")
		p.next()
		return 0, false
	}
	v := int(p.ival)
	p.next()
	return v, true
}

// parseDims parses array dimensions "[4][8]" or "[]"; nil when there are
// none. It returns the offset past the last ']'.
func (p *parser) parseDims() ([]int, int, bool) {
	var dims []int
	end := 0
	for p.tok == tLBrack {
		p.next()
		if p.tok == tRBrack {
			dims = append(dims, -1)
			end = p.end
			p.next()
			continue
		}
		x := p.parseExpr()
		if x == nil {
			return nil, 0, false
		}
		v, ok := p.constInt(x)
		if !ok {
			return nil, 0, false
		}
		if int64(v) < 0 || v > 1<<31-1 {
			p.errorAt(int(x.Pos())-1, "invalid array size "+p.nodeText(x))
			return nil, 0, false
		}
		if p.tok != tRBrack {
			p.errorExpected("']' after array size")
			return nil, 0, false
		}
		dims = append(dims, int(v))
		end = p.end
		p.next()
	}
	return dims, end, true
}

// parseVarDecl parses a state-space declaration from its space (the current
// token): .reg .b32 %r<100>; / .shared .align 4 .b8 buf[256]; /
// .global .u32 x = 5, y; ... from is the offset of its linkage, if any.
func (p *parser) parseVarDecl(from int, linkage string) *VarDecl {
	v := p.decls.new()
	v.Linkage, v.Space = linkage, p.lit()
	v.From = pos(from)
	end := p.end
	p.next()
	for p.tok == tDirective {
		switch n := p.lit(); n {
		case ".align":
			p.next()
			numEnd := p.end
			a, ok := p.parseSmallInt("alignment")
			if !ok {
				p.sync()
				v.To = pos(end)
				return v
			}
			v.Align, end = a, numEnd
			continue
		case ".v2", ".v4", ".v8":
			v.Vec = int(n[2] - '0')
		default:
			if v.Type != "" {
				p.errorAt(p.pos, "unexpected "+n+" in "+v.Space+" declaration")
				p.sync()
				v.To = pos(end)
				return v
			}
			v.Type = n
		}
		end = p.end
		p.next()
	}
	if v.Type == "" {
		p.errorExpected("type in " + v.Space + " declaration")
		p.sync()
		v.To = pos(end)
		return v
	}
	for {
		if p.tok != tIdent {
			p.errorExpected("name in " + v.Space + " declaration")
			p.sync()
			v.To = pos(end)
			return v
		}
		n := p.parseVarName()
		if n == nil {
			p.sync()
			v.To = pos(end)
			return v
		}
		v.Names = append(v.Names, n)
		end = int(n.To) - 1
		if p.tok != tComma {
			break
		}
		p.next()
	}
	if p.tok != tSemi {
		p.errorExpected("';' after declaration")
		if !p.nl {
			p.sync()
		}
	} else {
		end = p.end
		p.next()
	}
	v.To = pos(end)
	return v
}

// parseVarName parses one declarator: %r<100>, buf[4][8], x = 5,
// tab[] = {1, 2}. It returns nil after an error.
func (p *parser) parseVarName() *VarName {
	n := p.names.new()
	n.Name = p.lit()
	n.From = pos(p.pos)
	end := p.end
	p.next()
	if p.tok == tLt {
		p.next()
		c, ok := p.parseSmallInt("register count")
		if !ok {
			return nil
		}
		if p.tok != tGt {
			p.errorExpected("'>' after register count")
			return nil
		}
		n.Count = c
		end = p.end
		p.next()
	}
	dims, e, ok := p.parseDims()
	if !ok {
		return nil
	}
	if dims != nil {
		n.Dims, end = dims, e
	}
	if p.tok == tAssign {
		p.next()
		in := p.parseInit()
		if in == nil {
			return nil
		}
		n.Init = in
		end = int(in.To) - 1
	}
	n.To = pos(end)
	return n
}

// parseInit parses an initializer: an expression or a braced list.
func (p *parser) parseInit() *Init {
	if p.tok != tLBrace {
		x := p.parseExpr()
		if x == nil {
			return nil
		}
		in := p.inits.new()
		*in = Init{Span: Span{x.Pos(), x.End()}, Expr: x}
		return in
	}
	if !p.enter() {
		return nil
	}
	defer p.leave()
	in := p.inits.new()
	in.List = true
	in.From = pos(p.pos)
	p.next()
	base := len(p.elemsTmp)
	for p.tok != tRBrace {
		e := p.parseInit()
		if e == nil {
			p.dropElems(base)
			return nil
		}
		p.elemsTmp = append(p.elemsTmp, e)
		if p.tok != tComma {
			break
		}
		p.next()
	}
	in.Elems = p.elems.take(p.elemsTmp[base:])
	p.dropElems(base)
	if p.tok != tRBrace {
		p.errorExpected("',' or '}' in initializer")
		return nil
	}
	in.To = pos(p.end)
	p.next()
	return in
}

// parseBlock parses a braced list of statements from its '{'.
func (p *parser) parseBlock() *Block {
	b := &Block{}
	b.From = pos(p.pos)
	open := p.pos
	if !p.enter() {
		b.To = pos(p.end)
		return b
	}
	defer p.leave()
	p.next()
	base := len(p.stmtTmp)
	for p.tok != tRBrace && p.tok != tEOF {
		if s := p.parseStmt(); s != nil {
			p.stmtTmp = append(p.stmtTmp, s)
		}
	}
	b.Stmts = p.takeStmts(base)
	if p.tok != tRBrace {
		p.errorAt(p.pos, "expected '}' to close the block opened at "+p.lineCol(open)+", found "+p.tokDesc())
		b.To = pos(p.pos)
		return b
	}
	b.To = pos(p.end)
	p.next()
	return b
}

// parseStmt parses one statement of a function body; nil for an empty
// statement or after an error.
func (p *parser) parseStmt() Stmt {
	switch p.tok {
	case tLBrace:
		return p.parseBlock()
	case tSemi:
		p.next()
		return nil
	case tAt:
		from := p.pos
		g := p.guards.new()
		g.From = pos(from)
		p.next()
		if p.tok == tBang {
			g.Neg = true
			p.next()
		}
		if p.tok != tIdent {
			p.errorExpected("predicate after '@'")
			p.sync()
			return nil
		}
		g.Name, g.To = p.lit(), pos(p.end)
		p.next()
		if p.tok != tIdent {
			p.errorExpected("instruction after guard")
			p.sync()
			return nil
		}
		op, opEnd := p.pos, p.end
		p.next()
		return p.parseInstr(from, g, op, opEnd)
	case tIdent:
		from, end := p.pos, p.end
		p.next()
		if p.tok == tColon {
			l := p.labels.new()
			*l = Label{Span: Span{pos(from), pos(p.end)}, Name: p.text[from:end]}
			p.next()
			return l
		}
		return p.parseInstr(from, nil, from, end)
	case tDirective:
		n := p.lit()
		if isSpace(n) {
			return p.parseVarDecl(p.pos, "")
		}
		if isLinkage(n) {
			from := p.pos
			p.next()
			if p.tok == tDirective && isSpace(p.lit()) {
				return p.parseVarDecl(from, n)
			}
			p.errorExpected("state space after " + n)
			p.sync()
			return nil
		}
		if n == ".entry" || n == ".func" {
			// Report it, and parse it whole so the body's braces stay paired.
			p.errorAt(p.pos, n+" inside a function body")
			p.parseFunc(p.pos, "")
			return nil
		}
		return p.parseDirective(false)
	}
	p.errorExpected("instruction, label or directive")
	p.sync()
	return nil
}

// parseInstr parses an instruction whose opcode token (at op..opEnd) has
// been consumed: operands separated by commas, then ';'. from is the offset
// of its guard, if any.
func (p *parser) parseInstr(from int, g *Guard, op, opEnd int) *Instr {
	in := p.instrs.new()
	in.Guard, in.OpPos = g, pos(op)
	in.From = pos(from)
	text := p.text[op:opEnd]
	end := opEnd
	if dot := strings.IndexByte(text, '.'); dot < 0 {
		in.Op = text
	} else {
		in.Op = text[:dot]
		in.Mods = p.splitMods(text[dot:], op+dot)
	}
	call := in.Op == "call"
	if p.tok != tSemi {
		if p.tok == tRBrace || p.tok == tEOF || p.nl && !p.continuesInstr(call) {
			p.errorExpected("';' after instruction")
			in.To = pos(end)
			return in
		}
		start := p.operands.used
		for {
			x := p.parseOperand(call)
			if x == nil {
				p.operands.drop(start)
				p.sync()
				in.To = pos(end)
				return in
			}
			p.operands.push(&start, x)
			end = p.prevEnd
			if p.tok != tComma {
				break
			}
			p.next()
		}
		in.Args = p.operands.close(start)
		if p.tok != tSemi {
			if p.nl || p.tok == tRBrace || p.tok == tEOF {
				p.errorExpected("';' after instruction")
			} else {
				p.errorExpected("',' or ';' after operand")
				p.sync()
			}
			in.To = pos(end)
			return in
		}
	}
	in.To = pos(p.end)
	p.next()
	return in
}

// continuesInstr decides, for the first token on a new line after an
// opcode, whether it is the instruction's first operand or the start of the
// next statement after a missing ';'. A newline is whitespace in PTX, and
// compilers print operands on lines of their own (clang and nvcc write
// "call.uni \n\t_Z5orderPjS_, \n\t(\n\tparam0\n\t);", and mma operand
// groups start on the next line), but a statement starts with an opcode
// followed by an operand, a label and ':', a guard, a directive or a block:
// those end the instruction so that the error names the missing ';'.
func (p *parser) continuesInstr(call bool) bool {
	switch p.tok {
	case tIdent:
		// "f," or "%r1," (a call target or first operand); "L;" unless L
		// reads as an instruction without operands ("ret\nexit;" is more
		// likely a forgotten ';' than a branch to a label named exit). A
		// name starting with '%' never starts a statement.
		lit := p.lit()
		if lit[0] == '%' {
			return p.peek(1) != tColon
		}
		switch p.peek(1) {
		case tComma, tPipe:
			return true
		case tSemi:
			return call || !strings.Contains(lit, ".") && !nullaryOps[lit]
		}
		return false
	case tLBrace:
		// A vector "{%r1, %r2}" or "{_, x}" rather than a nested block.
		switch p.peek(1) {
		case tInt, tFloat, tMinus:
			return true
		case tIdent:
			k := p.peek(2)
			return k == tComma || k == tRBrace
		}
		return false
	case tLBrack, tLParen, tInt, tFloat, tMinus, tPlus, tTilde, tBang:
		return true
	}
	return false
}

// nullaryOps are the undotted opcodes that take no operands: on a line of
// their own after an instruction they start a new statement.
var nullaryOps = map[string]bool{"ret": true, "exit": true, "trap": true, "brkpt": true}

// peek returns the kind of the token n places ahead without moving: it
// scans ahead and then restores the scanner, its line table and its errors.
func (p *parser) peek(n int) tokKind {
	saved := p.scanner
	lines := len(p.file.lines)
	for i := 0; i < n && p.tok != tEOF; i++ {
		p.next()
	}
	k := p.tok
	p.scanner = saved
	p.file.lines = p.file.lines[:lines]
	return k
}

// splitMods splits ".rn.f32" (at offset off) into modifiers. Plain loops
// beat strings.Count and IndexByte on strings this short.
func (p *parser) splitMods(s string, off int) []Mod {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			n++
		}
	}
	mods := p.mods.reserve(n)
	k, from := 0, 0
	for i := 1; i < len(s); i++ {
		if s[i] == '.' {
			mods[k].At, mods[k].Name = pos(off+from), s[from:i]
			k, from = k+1, i
		}
	}
	mods[k].At, mods[k].Name = pos(off+from), s[from:]
	return mods
}

// takeArgs moves p.tmp[base:] into the arena of nested operand lists.
func (p *parser) takeArgs(base int) []Operand {
	xs := p.nested.take(p.tmp[base:])
	p.dropTmp(base)
	return xs
}

// takeStmts moves p.stmtTmp[base:] into the statement arena.
func (p *parser) takeStmts(base int) []Stmt {
	xs := p.stmts.take(p.stmtTmp[base:])
	p.stmtTmp = p.stmtTmp[:base]
	return xs
}

// dropElems pops the stack. Like dropTmp it leaves the stale pointers: the
// stacks die with the parser.
func (p *parser) dropElems(base int) { p.elemsTmp = p.elemsTmp[:base] }
