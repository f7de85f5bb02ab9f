// Package ptx lexes and parses PTX modules into an AST whose every node knows
// its position (file, line, column).
package ptx

import (
	"bytes"
	"fmt"
	"sort"
)

// Pos is a position in a File: the byte offset plus one, so that the zero
// value means "no position". A File turns it into a line and column.
type Pos int32

// IsValid reports whether p names a position.
func (p Pos) IsValid() bool { return p > 0 }

// File is one source text and the table of its line starts.
type File struct {
	Name  string
	Src   []byte
	lines []int // byte offset of each line start
}

var nl = []byte{'\n'}

// NewFile indexes the line starts of src.
func NewFile(name string, src []byte) *File {
	lines := make([]int, 1, bytes.Count(src, nl)+1)
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		lines = append(lines, i)
	}
	return &File{Name: name, Src: src, lines: lines}
}

// Pos returns the Pos of a byte offset.
func (f *File) Pos(offset int) Pos { return Pos(offset + 1) }

// Position is a printable position: 1-based line and column (in bytes).
type Position struct {
	Filename string
	Line     int
	Col      int
}

func (p Position) String() string {
	if p.Line == 0 {
		return p.Filename
	}
	if p.Filename == "" {
		return fmt.Sprintf("%d:%d", p.Line, p.Col)
	}
	return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Col)
}

// Position converts p to a line and column.
func (f *File) Position(p Pos) Position {
	if f == nil || !p.IsValid() {
		return Position{}
	}
	off := int(p) - 1
	i := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	return Position{Filename: f.Name, Line: i + 1, Col: off - f.lines[i] + 1}
}

// LineStart returns the Pos of the first byte of a 1-based line.
func (f *File) LineStart(line int) Pos {
	if line < 1 || line > len(f.lines) {
		return 0
	}
	return Pos(f.lines[line-1] + 1)
}

// Node is anything with a source span.
type Node interface {
	Pos() Pos // first byte
	End() Pos // one past the last byte
}

// Span is embedded in every node.
type Span struct{ From, To Pos }

func (s Span) Pos() Pos { return s.From }
func (s Span) End() Pos { return s.To }

// Module is a whole PTX file.
type Module struct {
	File        *File
	Version     *Directive // .version 8.4 (nil if absent)
	Target      *Directive // .target sm_80, debug
	AddressSize *Directive // .address_size 64
	Decls       []Decl     // in source order
}

// Decl is a module-scope item: *Func, *VarDecl or *Directive.
type Decl interface {
	Node
	declNode()
}

// Stmt is an item inside a function body: *Instr, *Label, *VarDecl,
// *Directive or *Block.
type Stmt interface {
	Node
	stmtNode()
}

// Directive is any directive kept by name with its raw arguments:
// .version, .target, .address_size, .file, .loc, .pragma, .section (with its
// body as Items), .maxntid, .reqntid, .minnctapersm, .maxnreg, .maxnctapersm,
// .noreturn, .language, ...
type Directive struct {
	Span
	Name string    // with the dot: ".loc"
	Args []Operand // numbers, identifiers and strings as operands
	// Body holds the contents of a braced directive such as .section; each
	// inner item is a Directive (data lines like .b8 1,2,3) or a Label.
	Body []Stmt
	// Proto holds the signature of a .callprototype directive
	// ("proto: .callprototype (.param .b32 _) _ (.param .b64 _);"): its Rets
	// and Params, with Name "_" and no Body. Nil for other directives.
	Proto *Func
}

func (*Directive) declNode() {}
func (*Directive) stmtNode() {}

// Func is a .entry or .func, either defined (Body != nil) or declared.
type Func struct {
	Span
	Linkage string // "", ".visible", ".extern", ".weak"
	Entry   bool   // .entry (kernel) rather than .func
	Name    string
	NamePos Pos
	Rets    []*Param     // .func return parameters
	Params  []*Param     // parameters
	Perf    []*Directive // .maxntid, .reqntid, .minnctapersm, .maxnreg, .noreturn, .pragma ...
	Body    *Block       // nil for a prototype ending in ';'
}

func (*Func) declNode() {}

// Param is one kernel or function parameter.
type Param struct {
	Span
	Space    string // ".param" or ".reg"
	Type     string // ".u32", ".b8" ...
	Vec      int    // 0, 2, 4 or 8 for .v2/.v4/.v8 (.reg .v2 .u32 x)
	Align    int    // 0 when not given
	Ptr      bool   // .ptr attribute present
	PtrSpace string // ".global", ".shared", ... after .ptr, or ""
	PtrAlign int    // .align after .ptr
	Name     string
	NamePos  Pos
	Dims     []int // array dimensions; -1 for an unsized []
}

// VarDecl declares one or more variables of one state space.
type VarDecl struct {
	Span
	Linkage string // "", ".visible", ".extern", ".weak", ".common"
	Space   string // ".reg", ".shared", ".local", ".const", ".global", ".param", ".tex", ".sreg"
	Align   int    // 0 when not given
	Vec     int    // 0, 2, 4 or 8 for .v2/.v4/.v8
	Type    string // ".u32", ".b8", ".pred", ".texref" ...
	Names   []*VarName
}

func (*VarDecl) declNode() {}
func (*VarDecl) stmtNode() {}

// VarName is one declarator: %r<100>, buf[256], x = 5, tab[4] = {1,2,3,4}.
type VarName struct {
	Span
	Name  string
	Count int   // parameterized name %r<Count>; 0 if not parameterized
	Dims  []int // array dimensions; -1 for [] (size from initializer or extern)
	Init  *Init // nil when absent
}

// Init is an initializer: either a single expression or a braced list.
type Init struct {
	Span
	Expr  Operand // when not a list
	Elems []*Init // when a list
	List  bool
}

// Block is a braced list of statements; it opens a scope.
type Block struct {
	Span
	Stmts []Stmt
}

func (*Block) stmtNode() {}

// Label marks the next instruction: "$L__BB0_1:".
type Label struct {
	Span
	Name string
}

func (*Label) stmtNode() {}

// Instr is one instruction: "@!%p1 add.s32 %r1, %r2, 4;".
type Instr struct {
	Span
	Guard   *Guard // nil if unguarded
	Op      string // opcode without modifiers: "add"
	OpPos   Pos
	Mods    []Mod // modifiers in order, each with its dot: ".rn", ".f32"
	Args    []Operand
	Comment string // not used by the parser; free for tools
}

func (*Instr) stmtNode() {}

// Mod is one modifier of an opcode.
type Mod struct {
	At   Pos
	Name string // with the dot
}

// Guard is a predicate guard "@%p" or "@!%p".
type Guard struct {
	Span
	Neg  bool
	Name string
}

// Operand is an instruction or directive operand.
type Operand interface {
	Node
	operandNode()
}

// Ident is a register, special register, variable, label or function name.
// Special and vector registers with a component keep it in the name:
// "%tid.x" has Name "%tid.x".
type Ident struct {
	Span
	Name string
}

// Int is an integer constant; Val holds its 64-bit two's complement bits.
// Unsigned reports a 'U' suffix.
type Int struct {
	Span
	Val      uint64
	Text     string
	Unsigned bool
}

// Float is a floating-point constant. Bits holds the IEEE bits: for the
// hex forms 0fXXXXXXXX (Double false) and 0dXXXXXXXXXXXXXXXX (Double true)
// exactly as written; for decimal forms the float64 value's bits.
type Float struct {
	Span
	Bits   uint64
	Double bool // true unless written as 0f (single precision bits)
	Text   string
}

// String is a quoted string (in directives only).
type String struct {
	Span
	Val string
}

// Unary is -x, +x, ~x or !x (also "!%p" predicate operands), and the
// generic(sym) address conversion of initializers (Op "generic").
// A minus sign in front of a numeric literal is folded into the Int or
// Float instead: "-1" is an Int with Val 0xffffffffffffffff.
type Unary struct {
	Span
	Op string
	X  Operand
}

// Binary is x op y in a constant expression (sym+4, $L_end-$L_start).
type Binary struct {
	Span
	Op   string
	X, Y Operand
}

// Cond is the conditional constant expression x ? a : b.
type Cond struct {
	Span
	X, A, B Operand
}

// Addr is a memory operand: [base], [base+off], [imm], [sym+off].
// Base is an *Ident, or nil for [imm] where Off holds the address.
type Addr struct {
	Span
	Base Operand // *Ident or nil
	Off  int64
	// Args holds the operands after a comma in the texture and surface
	// forms: [tex, {%f1, %f2}] has Base tex and Args [{%f1, %f2}].
	Args []Operand
}

// Vector is a braced operand list "{%r1, %r2, _}".
type Vector struct {
	Span
	Elems []Operand
}

// Sink is the "_" operand.
type Sink struct{ Span }

// Pair is the "d|p" destination pair.
type Pair struct {
	Span
	D, P Operand
}

// List is a parenthesized list in call syntax: (retval0), (param0, param1).
type List struct {
	Span
	Elems []Operand
}

func (*Ident) operandNode()  {}
func (*Int) operandNode()    {}
func (*Float) operandNode()  {}
func (*String) operandNode() {}
func (*Unary) operandNode()  {}
func (*Binary) operandNode() {}
func (*Cond) operandNode()   {}
func (*Addr) operandNode()   {}
func (*Vector) operandNode() {}
func (*Sink) operandNode()   {}
func (*Pair) operandNode()   {}
func (*List) operandNode()   {}

// Error is a parse error with a position.
type Error struct {
	Pos Position
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList is a list of errors sorted by position.
type ErrorList []*Error

func (l *ErrorList) Add(pos Position, msg string) { *l = append(*l, &Error{pos, msg}) }

func (l ErrorList) Len() int { return len(l) }

// Sort orders the list by line then column.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns nil for an empty list, else the list.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
