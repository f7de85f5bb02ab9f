// Package check resolves the symbols and labels of a parsed PTX module,
// checks every instruction against the isa table (modifiers, operand shapes
// and types, version and target gates) and produces a Program: the module
// with every operand resolved, ready for the simulator to lower.
package check

// program.go: the checked, resolved form of a module.

import (
	"github.com/ptxplay/ptxplay/core/isa"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// Program is a checked module.
type Program struct {
	Module   *ptx.Module
	File     *ptx.File
	Version  isa.Version // from .version (0 if absent)
	SM       int         // from .target (0 if absent)
	Suffix   string      // the target's suffix: "a" (sm_90a), "f" (sm_100f) or ""
	AddrSize int         // 32 or 64
	Funcs    []*Func
	Globals  []*Var // module-scope variables (.global, .const, .shared, ...)

	funcs map[string]*Func

	// Lowered is the simulator's lowering of this program, kept by package
	// sim so that checking, warnings and the run lower it once.
	Lowered any
}

// Func returns the function named name, or nil.
func (p *Program) Func(name string) *Func { return p.funcs[name] }

// Entries lists the kernels.
func (p *Program) Entries() []*Func {
	var es []*Func
	for _, f := range p.Funcs {
		if f.Entry && f.Defined() {
			es = append(es, f)
		}
	}
	return es
}

// Func is a checked .entry or .func.
type Func struct {
	Name   string
	Decl   *ptx.Func // the definition, or the first declaration when there is none
	First  ptx.Pos   // the name in the first declaration or definition
	Entry  bool
	Params []*Var // in order
	Rets   []*Var
	Regs   []*Reg  // every register declared anywhere in the body
	Vars   []*Var  // every variable declared in the body (.local, .shared, .param, ...)
	Code   []*Inst // the body's instructions in order (blocks flattened)
	Labels []*Label
}

// Defined reports whether the function has a body.
func (f *Func) Defined() bool { return f.Decl.Body != nil }

// Reg is one register (a parameterized %r<4> declares four).
type Reg struct {
	Name  string
	Type  isa.Type
	Vec   int // 0 or 2/4/8 for vector registers
	Pos   ptx.Pos
	Index int // position in Func.Regs
}

// Var is a variable in a memory state space (or a parameter).
type Var struct {
	Name   string
	Space  string // ".global", ".const", ".shared", ".local", ".param", ".reg" (for .reg params)
	Type   isa.Type
	Vec    int
	Align  int   // bytes; the natural alignment when not given
	Dims   []int // -1 for an unsized dimension
	Size   int64 // bytes; 0 for an unsized extern array
	Extern bool
	Init   *ptx.Init
	Pos    ptx.Pos
	Func   *Func // nil at module scope
	Param  bool  // a kernel/function parameter or return value
	Ptr    string
}

// ElemSize is the size in bytes of one element (a vector counts whole).
func (v *Var) ElemSize() int64 {
	n := int64((v.Type.Bits + 7) / 8)
	if v.Vec > 0 {
		n *= int64(v.Vec)
	}
	return n
}

// Label is a branch target: the index in Func.Code of the next instruction.
type Label struct {
	Name  string
	Pos   ptx.Pos
	Index int
}

// Inst is a checked instruction.
type Inst struct {
	Src      *ptx.Instr
	Entry    *isa.Entry
	Match    *isa.Match
	Guard    *Reg // nil when unguarded
	GuardNeg bool
	Args     []Arg
	Line     int
	Col      int
}

// Type is the instruction's type (the last type modifier), e.g. ".s32".
func (in *Inst) Type() string { return in.Match.Type() }

// ArgKind is the shape of a resolved operand.
type ArgKind uint8

const (
	ArgReg   ArgKind = iota // Reg
	ArgSReg                 // SReg, Comp
	ArgImm                  // Imm (bits); Float says how it was written
	ArgAddr                 // Reg or Var (or neither: absolute), plus Off
	ArgVec                  // Elems
	ArgLabel                // Label
	ArgFunc                 // Func
	ArgList                 // Elems (call lists)
	ArgSink                 // "_"
	ArgSym                  // the address of Var, plus Off (mov %rd, sym)
)

// Arg is a resolved operand.
type Arg struct {
	Kind  ArgKind
	Reg   *Reg
	Neg   bool // !%p
	Pred  *Reg // the p of a d|p pair
	SReg  *isa.SReg
	Comp  int
	Imm   uint64
	Float bool // the constant was written as a float
	F32   bool // ... as 0fXXXXXXXX (Imm holds f32 bits)
	Var   *Var
	Off   int64
	Elems []Arg
	Sel   string // a video instruction's operand selector (".b0", ".h10", ".b3210"), see videosel.go
	Minus bool   // vmad's negated source (-a), see videosel.go
	Label *Label
	Func  *Func
	Pos   ptx.Pos
}
