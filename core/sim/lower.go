// lower.go: Load lowers a checked program once into flat ops.

package sim

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/fp"
	"github.com/ptxplay/ptxplay/core/isa"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// Program is a loaded (lowered) module, shared by the machines that run it.
type Program struct {
	chk       *check.Program
	funcs     []*fn
	byName    map[string]*fn
	globals   []globalVar
	constMem  []byte
	vars      map[*check.Var]varLoc
	dynShared bool // an .extern .shared array takes the launch's dynamic shared memory
	dynAlign  int
	refused   []refusal                // ops that stop the run when reached (notsim.go)
	invalid   []refusal                // ops ptxas would refuse too: check errors (notsim.go)
	mmaOps    map[*check.Inst]*mmaDesc // mma and wmma.mma, for the fragment preview (fragview.go)
	rowOps    map[*check.Inst]int      // ldmatrix and stmatrix: matrices moved (fragview.go)
}

type globalVar struct {
	name string
	init []byte
}

type varLoc struct {
	space space
	off   uint64
}

type fn struct {
	index     int32 // position in Program.funcs
	name      string
	entry     bool
	src       *check.Func
	code      []op
	nregs     int // value slots
	npreds    int
	consts    []constInit
	sregs     []sregInit
	ptrue     []int32 // predicate slots that hold the constant true
	pexplicit int32   // 1 + the predicate slot holding %is_explicit_cluster, 0 if none
	maxnreg   int     // the kernel's .maxnreg, 0 if none (sm90.go)
	localSize int
	paramSize int
	shared    int // a kernel's static shared memory: its variables' (sharedlayout.go)
	params    []paramLoc
	rets      []paramLoc
	slots     []int32 // check.Reg.Index -> slot (value or predicate)
	names     []string
	pnames    []string
	regByName map[string]*check.Reg
	brx       map[int32][]int32 // pc of a brx.idx -> its target pcs (exec_brx.go)

	// writtenFirst is check.WrittenFirst of src with laneLocal, where
	// compactKernel made this kernel and found it on the way (nil
	// elsewhere: writtenFirstRows works it out).
	writtenFirst []uint8
}

type constInit struct {
	slot     int32
	val      uint64
	localRel bool // add the frame's local base (address of a .local variable)
}

type sregInit struct {
	slot    int32
	name    string
	comp    int
	perLane bool // differs from lane to lane (%tid, %laneid, %lanemask_*)
}

// paramLoc is where a function's formal parameter lives in its frame.
type paramLoc struct {
	name  string
	reg   int32 // register slot for .reg params, else -1
	pred  bool
	vec   int // > 1: a .reg vector parameter of vec slots of esize bytes
	esize int
	off   int // frame param offset for .param params
	size  int
	typ   isa.Type
	align int
}

// ParamInfo describes one kernel parameter for the launch code.
type ParamInfo struct {
	Name   string
	Type   string // ".u64", ".b8" ...
	Offset int
	Size   int
	Ptr    bool // declared .ptr (or a 64/32-bit integer that may be an address)
}

// Kernels lists the program's kernels.
func (p *Program) Kernels() []string {
	var ks []string
	for _, f := range p.funcs {
		if f.entry {
			ks = append(ks, f.name)
		}
	}
	return ks
}

// Params returns the parameter layout of a kernel.
func (p *Program) Params(kernel string) ([]ParamInfo, int, bool) {
	f := p.byName[kernel]
	if f == nil || !f.entry {
		return nil, 0, false
	}
	var ps []ParamInfo
	for i, v := range f.src.Params {
		ps = append(ps, ParamInfo{Name: v.Name, Type: v.Type.Name, Offset: f.params[i].off, Size: int(v.Size), Ptr: v.Ptr != ""})
	}
	return ps, f.paramSize, true
}

func (p *Program) sharedSize(k *fn) int {
	return k.shared
}

// Limits on what one program may ask of the machine.
const (
	MaxSlots   = 1 << 14   // value registers (and constants) of one function
	MaxLocal   = 512 << 10 // local memory per thread, as CUDA allows
	MaxConst   = 64 << 10  // constant memory (one bank)
	MaxGlobals = 256 << 20 // bytes of module .global variables
	MaxParams  = 32764     // bytes of kernel parameters
)

// checkLimits refuses programs whose memory would not fit the machine.
func (p *Program) checkLimits() error {
	if len(p.constMem) > MaxConst {
		return &LoadError{Msg: fmt.Sprintf("%d bytes of .const variables; constant memory holds %d", len(p.constMem), MaxConst)}
	}
	total := 0
	for _, g := range p.globals {
		total += len(g.init)
	}
	if total > MaxGlobals {
		return &LoadError{Msg: fmt.Sprintf("%d bytes of .global variables; the simulator allows %d", total, MaxGlobals)}
	}
	for _, f := range p.funcs {
		if f.entry {
			size := 0
			for _, v := range f.src.Params {
				size += int(v.Size)
			}
			if size > MaxParams {
				return &LoadError{Msg: fmt.Sprintf("kernel %s has %d bytes of parameters; at most %d", f.name, size, MaxParams)}
			}
		}
	}
	return nil
}

// LoadError is a problem found while lowering.
type LoadError struct {
	Msg       string
	Line, Col int
}

func (e *LoadError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Load lowers a checked program. Instructions the simulator does not run
// become ops that fault with a clear message when reached.
func Load(cp *check.Program) (prog *Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("BUG: sim.Load: %v", r)
		}
	}()
	if lp, ok := cp.Lowered.(*Program); ok {
		return lp, nil // a Program is read-only once lowered
	}
	p := &Program{chk: cp, byName: map[string]*fn{}, vars: map[*check.Var]varLoc{}, dynAlign: 16}
	for _, cf := range cp.Funcs {
		if !cf.Defined() {
			continue
		}
		f := &fn{index: int32(len(p.funcs)), name: cf.Name, entry: cf.Entry, src: cf, regByName: map[string]*check.Reg{}, maxnreg: perfInt(cf, ".maxnreg")}
		p.funcs = append(p.funcs, f)
		p.byName[f.name] = f
	}
	p.layoutModule()
	if err := p.checkLimits(); err != nil {
		return nil, err
	}
	// Every function's frame layout (register slots, formal parameters)
	// first, then the code: a call lowered before its callee's definition
	// (clang declares functions used before they are defined, and mutual
	// recursion needs it) sees the callee's whole signature.
	for _, f := range p.funcs {
		p.layoutFunc(f)
	}
	for _, f := range p.funcs {
		if err := p.lowerFunc(f); err != nil {
			return nil, err
		}
		if f.nregs > MaxSlots {
			return nil, &LoadError{Msg: fmt.Sprintf("%s uses %d registers and constants; the simulator allows %d", f.name, f.nregs, MaxSlots)}
		}
		if f.localSize > MaxLocal {
			return nil, &LoadError{Msg: fmt.Sprintf("%s needs %d bytes of local memory per thread; the simulator allows %d", f.name, f.localSize, MaxLocal)}
		}
	}
	cp.Lowered = p
	return p, nil
}

func alignUp(n, a int) int {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}

// layoutModule places module-scope and function-scope variables of the
// shared, const and global spaces.
func (p *Program) layoutModule() {
	var vars []*check.Var
	vars = append(vars, p.chk.Globals...)
	for _, f := range p.chk.Funcs {
		if f.Defined() {
			vars = append(vars, f.Vars...)
		}
	}
	var statics, extern []*check.Var
	for _, v := range vars {
		switch v.Space {
		case ".shared":
			if v.Extern || v.Size == 0 {
				extern = append(extern, v)
				p.dynAlign = max(p.dynAlign, v.Align)
				continue
			}
			statics = append(statics, v)
		case ".const":
			off := alignUp(len(p.constMem), v.Align)
			p.constMem = append(p.constMem, make([]byte, off-len(p.constMem)+int(v.Size))...)
			p.vars[v] = varLoc{spaceConst, uint64(off)}
		case ".global":
			// Global variables come first in global memory, 256-byte aligned
			// each, in declaration order (see Machine.New).
			addr := uint64(globalBase)
			for _, g := range p.globals {
				addr += uint64(max(256, alignUp(len(g.init), 256)))
			}
			p.globals = append(p.globals, globalVar{name: v.Name, init: make([]byte, v.Size)})
			p.vars[v] = varLoc{spaceGlobal, addr}
		}
	}
	p.layoutShared(statics, extern) // sharedlayout.go
	// Initializers, now that every address is known.
	gi := 0
	for _, v := range vars {
		switch v.Space {
		case ".const":
			loc := p.vars[v]
			p.initBytes(v, p.constMem[loc.off:loc.off+uint64(v.Size)])
		case ".global":
			p.initBytes(v, p.globals[gi].init)
			gi++
		}
	}
}

// initBytes writes a variable's initializer, element by element.
func (p *Program) initBytes(v *check.Var, dst []byte) {
	if v.Init == nil {
		return
	}
	es := int(v.Type.Bits+7) / 8
	if es == 0 {
		return
	}
	i := 0
	var walk func(in *ptx.Init)
	walk = func(in *ptx.Init) {
		if in.List {
			for _, e := range in.Elems {
				walk(e)
			}
			return
		}
		if i+es > len(dst) {
			return
		}
		val := p.constValue(in.Expr, v.Type)
		switch es {
		case 1:
			dst[i] = byte(val)
		case 2:
			binary.LittleEndian.PutUint16(dst[i:], uint16(val))
		case 4:
			binary.LittleEndian.PutUint32(dst[i:], uint32(val))
		case 8:
			binary.LittleEndian.PutUint64(dst[i:], val)
		}
		i += es
	}
	walk(v.Init)
}

// constValue evaluates an initializer element as a value of type t.
func (p *Program) constValue(e ptx.Operand, t isa.Type) uint64 {
	switch e := e.(type) {
	case *ptx.Int:
		if t.Kind == isa.KindFloat {
			return floatBits(float64(int64(e.Val)), t.Bits)
		}
		return e.Val
	case *ptx.Float:
		return convFloatImm(e.Bits, !e.Double, t)
	case *ptx.Unary:
		if e.Op == "generic" {
			return p.genericValue(e.X, t)
		}
		v := p.constValue(e.X, t)
		switch e.Op {
		case "-":
			if t.Kind == isa.KindFloat {
				return v ^ 1<<(t.Bits-1)
			}
			return -v
		case "~":
			return ^v
		}
		return v
	case *ptx.Binary:
		x, y := p.constValue(e.X, t), p.constValue(e.Y, t)
		switch e.Op {
		case "+":
			return x + y
		case "-":
			return x - y
		case "*":
			return x * y
		}
		return 0
	case *ptx.Ident:
		if f := p.byName[e.Name]; f != nil {
			return funcAddr(f)
		}
		// A variable's name is its address in its own state space, as mov
		// gives it (ISA 5.4.4); generic(x) asks for the generic address.
		if loc, ok := p.moduleVar(e.Name); ok {
			return loc.off
		}
	}
	return 0
}

// moduleVar finds a module-scope variable's location by name.
func (p *Program) moduleVar(name string) (varLoc, bool) {
	for _, v := range p.chk.Globals {
		if v.Name == name {
			loc, ok := p.vars[v]
			return loc, ok
		}
	}
	return varLoc{}, false
}

// genericValue evaluates the operand of generic(): a variable (or
// variable+offset) as a generic address.
func (p *Program) genericValue(e ptx.Operand, t isa.Type) uint64 {
	switch e := e.(type) {
	case *ptx.Ident:
		if loc, ok := p.moduleVar(e.Name); ok {
			return p.genericAddr(loc)
		}
	case *ptx.Binary:
		x, y := p.genericValue(e.X, t), p.constValue(e.Y, t)
		switch e.Op {
		case "+":
			return x + y
		case "-":
			return x - y
		}
	}
	return p.constValue(e, t)
}

// Function addresses (for function pointers and indirect calls) live in
// a window of their own; nothing can be loaded from or stored to them.
const codeWindow = 0xF800_0000

func funcAddr(f *fn) uint64 { return codeWindow + 16*uint64(f.index) }

// funcAt returns the function whose address is a, or nil.
func (p *Program) funcAt(a uint64) *fn {
	if a < codeWindow || (a-codeWindow)%16 != 0 || (a-codeWindow)/16 >= uint64(len(p.funcs)) {
		return nil
	}
	return p.funcs[(a-codeWindow)/16]
}

// genericAddr is the generic address of a variable location.
func (p *Program) genericAddr(l varLoc) uint64 {
	switch l.space {
	case spaceShared:
		return sharedWindow + l.off
	case spaceConst:
		return constWindow + l.off
	case spaceParam:
		return paramWindow + l.off
	case spaceLocal:
		return localWindow + l.off
	}
	return l.off
}

func floatBits(f float64, bits int) uint64 {
	if bits == 32 {
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}

// convFloatImm converts a float constant (f32 bits if single, else f64
// bits) to the bits of type t, rounding to nearest even once: PTX reads a
// decimal constant as a double and converts it to the instruction type.
func convFloatImm(b uint64, single bool, t isa.Type) uint64 {
	d := b
	if single {
		d = math.Float64bits(float64(math.Float32frombits(uint32(b))))
	}
	switch t.Name {
	case ".f64":
		return d
	case ".f16":
		return uint64(fp.CvtF64ToF16(d, fp.RN, false))
	case ".bf16":
		return uint64(fp.CvtF64ToBF16(d, fp.RN, false))
	}
	switch {
	case single && t.Bits <= 32:
		return b & 0xffffffff // 0fXXXXXXXX is exactly these bits
	case t.Bits == 32:
		return uint64(math.Float32bits(float32(math.Float64frombits(d))))
	}
	return d
}

// layoutFunc assigns f's register slots and places its frame memory and
// formal parameters.
func (p *Program) layoutFunc(f *fn) {
	cf := f.src
	f.slots = make([]int32, len(cf.Regs))
	for i, r := range cf.Regs {
		if r.Type.Kind == isa.KindPred {
			f.slots[i] = int32(f.npreds)
			f.npreds++
			f.pnames = append(f.pnames, r.Name)
			continue
		}
		f.slots[i] = int32(f.nregs)
		n := max(1, r.Vec)
		for k := 0; k < n; k++ {
			f.names = append(f.names, r.Name)
		}
		f.nregs += n
		f.regByName[r.Name] = r
	}
	// Frame memory: .local and body .param variables, and formal params.
	for _, v := range cf.Vars {
		switch v.Space {
		case ".local":
			f.localSize = alignUp(f.localSize, v.Align)
			p.vars[v] = varLoc{spaceLocal, uint64(f.localSize)}
			f.localSize += int(v.Size)
		}
	}
	for _, v := range cf.Params {
		f.params = append(f.params, p.formal(f, v))
	}
	for _, v := range cf.Rets {
		f.rets = append(f.rets, p.formal(f, v))
	}
	for _, v := range cf.Vars {
		if v.Space == ".param" {
			f.paramSize = alignUp(f.paramSize, v.Align)
			p.vars[v] = varLoc{spaceFrameParam, uint64(f.paramSize)}
			f.paramSize += int(v.Size)
		}
	}
	f.localSize = alignUp(f.localSize, 32) // frames and lanes 32-aligned: no access crosses a page
}

// lowerFunc lowers every instruction of f (laid out by layoutFunc).
func (p *Program) lowerFunc(f *fn) error {
	cf := f.src
	l := &lowering{p: p, f: f, consts: map[constKey]int32{}, sregs: map[string]int32{}, sink: -1}
	f.code = make([]op, len(cf.Code))
	for i, in := range cf.Code {
		l.lower(in, &f.code[i])
	}
	if len(f.code) == 0 || !endsFlow(&f.code[len(f.code)-1]) {
		// Falling off the end of a function returns (kernels exit).
		f.code = append(f.code, op{exec: execRet, ctl: ctlRet, flags: flagControl, guard: -1, d1: -1, pd: -1, pd2: -1, base: -1, reconv: -1})
		if f.entry {
			f.code[len(f.code)-1].exec, f.code[len(f.code)-1].ctl = execExit, ctlExit
		}
		if n := len(cf.Code); n > 0 {
			f.code[len(f.code)-1].line = int32(cf.Code[n-1].Line)
		}
	}
	computeReconvergence(f)
	all := l.predConst(true)
	consts := map[int32]uint64{}
	for _, c := range f.consts {
		if !c.localRel {
			consts[c.slot] = c.val
		}
	}
	for i := range f.code {
		o := &f.code[i]
		immForm(o, consts)
		setpForm(o)
		memForm(o)
		o.gp = all
		if o.guard >= 0 {
			o.gp = o.guard
			if o.guardNeg {
				o.gx = ^uint32(0)
			}
		}
		markPlain(f, o)
		if o.flags&flagPlain != 0 && o.pd2 < 0 && (o.pd < 0) == (o.d1 >= 0) {
			o.lane = laneKind(o.exec)
		}
	}
	for i := len(f.code) - 1; i >= 0; i-- {
		if o := &f.code[i]; o.flags&flagPlain != 0 {
			o.blk = 1
			if o.guard < 0 && i+1 < len(f.code) && f.code[i+1].guard < 0 {
				o.blk = min(1+f.code[i+1].blk, maxBlock)
			}
		}
	}
	return nil
}

// immForm gives o the form of its handler that reads its immediate
// sources from the op (b from o.off, c from o.aux, fields an ALU op
// does not use otherwise; immForms, exec_lanes.go) where there is one:
// consts holds the values of f's constant rows (the frame fills each
// row's 32 lanes with its value, so the form computes what the handler
// does). A setp form takes b as written: none where the lowerer swapped
// the operands (cmpSwap).
func immForm(o *op, consts map[int32]uint64) {
	if o.exec == nil {
		return
	}
	p := reflect.ValueOf(o.exec).Pointer()
	for _, f := range immForms {
		if reflect.ValueOf(f.of).Pointer() != p {
			continue
		}
		if f.imm&1 != 0 && (len(o.s) < 2 || f.setp && o.mode&cmpSwap != 0) {
			continue
		}
		if f.imm&2 != 0 && len(o.s) < 3 {
			continue
		}
		b, okb := consts[o.rb]
		c, okc := consts[o.rc]
		if (f.imm&1 == 0 || okb) && (f.imm&2 == 0 || okc) {
			o.exec = f.form
			if f.imm&1 != 0 {
				o.off = int64(b)
			}
			if f.imm&2 != 0 {
				o.aux = c
			}
			return
		}
	}
}

// setpForm readies a generated setp (oneForms, exec_lanes.go): where
// the lowerer swapped its operands (cmpSwap), ra and rb trade places
// instead, so that the generated code has no swap to do; and one with
// one destination (no q) gets the form for one, whose hot call has no
// test of q. It runs after immForm, which takes no form with an
// immediate b for a swapped setp.
func setpForm(o *op) {
	if o.exec == nil {
		return
	}
	p := reflect.ValueOf(o.exec).Pointer()
	for _, f := range oneForms {
		if reflect.ValueOf(f.of).Pointer() != p {
			continue
		}
		if o.mode&cmpSwap != 0 {
			o.ra, o.rb = o.rb, o.ra
			o.mode &^= cmpSwap
		}
		if o.pd2 < 0 {
			o.exec = f.form
		}
		return
	}
}

// memForm gives a load of one unsigned 4-byte element into one register,
// or a store of one 4-byte element, through a base register in .shared or
// .global, the handler that runs a full warp's unit-stride access in one
// function (execLdShared4 and the others, fastmem_lanes.go, which take
// what else comes to execLoad and execStore), where the lane test and
// copies are Go's, not AVX2's (useAVX2, fastmem_amd64.go): under
// WebAssembly, whose calls cost more than that path's Go code.
func memForm(o *op) {
	if useAVX2 || o.exec == nil || o.base < 0 || o.size != 4 {
		return
	}
	ld, st := reflect.ValueOf(execLoad).Pointer(), reflect.ValueOf(execStore).Pointer()
	var forms [2]execFn // .shared, .global
	switch p := reflect.ValueOf(o.exec).Pointer(); {
	case p == ld && len(o.d) == 1 && o.d1 >= 0 && !o.signed:
		forms = [2]execFn{execLdShared4, execLdGlobal4}
	case p == st && len(o.s) == 1:
		forms = [2]execFn{execStShared4, execStGlobal4}
	default:
		return
	}
	switch o.space {
	case spaceShared:
		o.exec = forms[0]
	case spaceGlobal:
		o.exec = forms[1]
	}
}

// markPlain sets flagPlain (with wm) on the ops of f that burst's short
// path may issue (f's slots are all made by then).
func markPlain(f *fn, o *op) {
	if o.flags&(flagControl|flagClock) != 0 || o.pd2 >= 0 || len(o.d) > 1 || o.d1 >= 0 && o.pd >= 0 {
		return
	}
	o.flags |= flagPlain
	switch {
	case o.d1 >= 0:
		o.wm = o.d1
	case o.pd >= 0:
		o.wm = int32(f.nregs) + o.pd
	default:
		o.wm = int32(f.nregs + f.npreds)
	}
}

func endsFlow(o *op) bool {
	return o.guard < 0 && (o.ctl == ctlBra || o.ctl == ctlExit || o.ctl == ctlRet)
}

// formal places a formal parameter: kernel params in the kernel parameter
// buffer, .func .param params in the frame, .reg params in registers.
func (p *Program) formal(f *fn, v *check.Var) paramLoc {
	pl := paramLoc{name: v.Name, reg: -1, size: int(v.Size), typ: v.Type, align: v.Align}
	if v.Space == ".reg" {
		for _, r := range f.src.Regs {
			if r.Name == v.Name && r.Pos == v.Pos {
				pl.reg = f.slots[r.Index]
				pl.pred = r.Type.Kind == isa.KindPred
				pl.vec, pl.esize = r.Vec, max(1, r.Type.Bits/8)
			}
		}
		return pl
	}
	f.paramSize = alignUp(f.paramSize, v.Align)
	pl.off = f.paramSize
	f.paramSize += int(v.Size)
	sp := spaceFrameParam
	if f.entry {
		sp = spaceParam
	}
	p.vars[v] = varLoc{sp, uint64(pl.off)}
	return pl
}

type constKey struct {
	val      uint64
	localRel bool
}

// lowering holds the per-function state of lowering.
type lowering struct {
	p      *Program
	f      *fn
	consts map[constKey]int32
	sregs  map[string]int32
	pconst [2]int32 // predicate constant slots for false and true (0 = none yet)
	sink   int32    // the sink row (-1 = none yet)
}

func (l *lowering) constSlot(v uint64, localRel bool) int32 {
	k := constKey{v, localRel}
	if s, ok := l.consts[k]; ok {
		return s
	}
	s := int32(l.f.nregs)
	l.f.nregs++
	l.f.names = append(l.f.names, "")
	l.f.consts = append(l.f.consts, constInit{slot: s, val: v, localRel: localRel})
	l.consts[k] = s
	return s
}

// sinkSlot is a row that writes to "_" go to, so the lane loops need not
// test for a sink; it is made on first use.
func (l *lowering) sinkSlot() int32 {
	if l.sink < 0 {
		l.sink = int32(l.f.nregs)
		l.f.nregs++
		l.f.names = append(l.f.names, "")
	}
	return l.sink
}

func (l *lowering) sregSlot(s *isa.SReg, comp int) int32 {
	if s.Vector && comp == 3 {
		// .w of a .v4 id or shape: the fourth element is unused and
		// always reads 0 (ISA 10, special registers).
		return l.constSlot(0, false)
	}
	key := fmt.Sprintf("%s.%d", s.Name, comp)
	if slot, ok := l.sregs[key]; ok {
		return slot
	}
	slot := int32(l.f.nregs)
	l.f.nregs++
	l.f.names = append(l.f.names, "")
	perLane := s.Name == "%tid" || s.Name == "%laneid" || strings.HasPrefix(s.Name, "%lanemask_")
	l.f.sregs = append(l.f.sregs, sregInit{slot: slot, name: s.Name, comp: comp, perLane: perLane})
	l.sregs[key] = slot
	return slot
}

func isDynamicSReg(name string) bool {
	switch name {
	case "%clock", "%clock_hi", "%clock64", "%globaltimer", "%globaltimer_lo", "%globaltimer_hi":
		return true
	}
	return false
}

// lower fills o from in: operands to slots, then the family's lowerer
// picks the semantics.
func (l *lowering) lower(in *check.Inst, o *op) {
	*o = op{guard: -1, d1: -1, pd: -1, pd2: -1, base: -1, reconv: -1, inst: in, line: int32(in.Line), col: int32(in.Col)}
	if f := l.p.chk.File; f != nil && in.Src.End() > in.Src.Pos() && int(in.Src.End()-1) <= len(f.Src) {
		o.text = string(f.Src[in.Src.Pos()-1 : in.Src.End()-1])
	}
	if in.Guard != nil {
		o.guard = l.f.slots[in.Guard.Index]
		o.guardNeg = in.GuardNeg
	}
	e := in.Entry
	if e.NoExec != "" {
		l.refuse(o, fmt.Sprintf("%s is not simulated: %s", e.Name, e.NoExec))
		return
	}
	lf := lowerers[e.Name]
	if lf == nil {
		l.refuse(o, fmt.Sprintf("%s is not simulated yet", e.Name))
		return
	}
	o.typ = typeOf(in.Match.Type())
	if err := l.operands(in, o); err != nil {
		l.refuse(o, err.Error())
		return
	}
	if err := lf(l, in, o); err != nil {
		var bad invalidPTX
		if errors.As(err, &bad) {
			// An error check reports (see notsim.go), not a warning.
			o.exec, o.flags = refuse(err.Error()), flagControl|flagNoExec
			l.p.invalid = append(l.p.invalid, refusal{int(o.line), int(o.col), err.Error()})
		} else {
			l.refuse(o, err.Error())
		}
	}
	sanLowered(o) // sanitize_sync.go
	o.d1 = -1
	if len(o.d) == 1 && o.d[0] >= 0 {
		o.d1 = o.d[0]
	}
	if len(o.d) > 0 {
		if o.rd = o.d[0]; o.rd < 0 {
			o.rd = l.sinkSlot()
		}
	}
	if n := len(o.s); n > 2 {
		o.ra, o.rb, o.rc = o.s[0], o.s[1], o.s[2]
	} else if n == 2 {
		o.ra, o.rb = o.s[0], o.s[1]
	} else if n == 1 {
		o.ra = o.s[0]
	}
	if in.Match.Has(".ftz") {
		o.flags |= flagFtz
	}
	if in.Match.Has(".sat") {
		o.flags |= flagSat
	}
}

func typeOf(name string) typeInfo {
	t, ok := isa.LookupType(name)
	if !ok {
		return typeInfo{}
	}
	return typeInfo{name: name, bits: uint8(t.Bits), signed: t.Kind == isa.KindSint, float: t.Kind == isa.KindFloat}
}

// operands lowers the operands generically: destinations to d/pd, sources
// to s/ps, addresses to base/off/space, labels to target.
func (l *lowering) operands(in *check.Inst, o *op) error {
	specs := in.Match.Form.Operands
	for i, a := range in.Args {
		var spec *isa.OperandSpec
		if i < len(specs) {
			spec = &specs[i]
		}
		dest := spec != nil && spec.Dest
		want := ""
		if spec != nil {
			want = in.Match.OperandType(spec)
		}
		if err := l.arg(in, o, a, dest, want); err != nil {
			return err
		}
	}
	return nil
}

func (l *lowering) arg(in *check.Inst, o *op, a check.Arg, dest bool, want string) error {
	switch a.Kind {
	case check.ArgReg:
		if a.Reg.Type.Bits > 64 {
			// A register is one 64-bit slot a lane: 128-bit values would be cut.
			return fmt.Errorf("%s: %d-bit registers (%s) are not simulated", in.Entry.Name, a.Reg.Type.Bits, a.Reg.Name)
		}
		slot := l.f.slots[a.Reg.Index] + int32(a.Comp)
		if a.Reg.Type.Kind == isa.KindPred {
			if dest {
				if o.pd < 0 {
					o.pd = slot
				} else {
					o.pd2 = slot
				}
			} else {
				if a.Neg {
					o.pneg |= 1 << len(o.ps)
				}
				o.ps = append(o.ps, slot)
			}
		} else if dest {
			o.d = append(o.d, slot)
		} else {
			o.s = append(o.s, slot)
		}
		l.pairPred(o, a)
	case check.ArgSink:
		if dest {
			o.d = append(o.d, -1)
		}
		l.pairPred(o, a)
	case check.ArgImm:
		t, _ := isa.LookupType(want)
		if t.Kind == isa.KindPred {
			if a.Imm != 0 {
				o.ps = append(o.ps, l.predConst(true))
			} else {
				o.ps = append(o.ps, l.predConst(false))
			}
			return nil
		}
		v := a.Imm
		switch {
		case a.Float:
			v = convFloatImm(a.Imm, a.F32, t)
		case t.Kind == isa.KindFloat && t.Bits == 32:
			v = uint64(math.Float32bits(float32(int64(a.Imm))))
		case t.Kind == isa.KindFloat && t.Bits == 64:
			v = math.Float64bits(float64(int64(a.Imm)))
		}
		if t.Bits > 0 && t.Bits < 64 {
			v &= 1<<t.Bits - 1
		}
		o.s = append(o.s, l.constSlot(v, false))
	case check.ArgSReg:
		if a.SReg.Name == "%is_explicit_cluster" {
			o.ps = append(o.ps, l.explicitPred())
			return nil
		}
		if a.SReg.Type == ".pred" {
			o.ps = append(o.ps, l.predConst(false))
			return nil
		}
		if isDynamicSReg(a.SReg.Name) {
			o.flags |= flagClock
		}
		o.s = append(o.s, l.sregSlot(a.SReg, a.Comp))
	case check.ArgSym:
		loc, ok := l.p.vars[a.Var]
		if !ok {
			return fmt.Errorf("the address of %s (a %s variable) is not available", a.Var.Name, a.Var.Space)
		}
		o.s = append(o.s, l.constSlot(loc.off+uint64(a.Off), loc.space == spaceLocal))
	case check.ArgFunc:
		f := l.p.byName[a.Func.Name]
		if f == nil && in.Entry.Name == "call" && a.Func.Name == "vprintf" {
			return nil // the runtime's printf (see lowerCall)
		}
		if f == nil {
			return noBody(a.Func.Name)
		}
		if in.Entry.Name == "call" {
			o.callee = f
		} else {
			o.s = append(o.s, l.constSlot(funcAddr(f), false)) // its address
		}
	case check.ArgLabel:
		o.target = int32(a.Label.Index)
	case check.ArgVec:
		for _, e := range a.Elems {
			if err := l.arg(in, o, e, dest, ""); err != nil {
				return err
			}
		}
	case check.ArgAddr:
		o.off = a.Off
		switch {
		case a.Reg != nil:
			o.base = l.f.slots[a.Reg.Index]
		case a.Var != nil:
			loc, ok := l.p.vars[a.Var]
			if !ok {
				return fmt.Errorf("variable %s (%s) cannot be addressed", a.Var.Name, a.Var.Space)
			}
			o.off += int64(loc.off)
			o.space = loc.space
			if loc.space == spaceLocal {
				o.base = l.constSlot(0, true) // the frame's local base
			}
		}
	case check.ArgList:
		// call lists: handled by the call lowerer
	}
	return nil
}

// pairPred places the p of a d|p pair: the predicate destination, or the
// second one when d was itself a predicate (setp's p|q).
func (l *lowering) pairPred(o *op, a check.Arg) {
	if a.Pred == nil {
		return
	}
	if slot := l.f.slots[a.Pred.Index]; o.pd < 0 {
		o.pd = slot
	} else {
		o.pd2 = slot
	}
}

func (l *lowering) predConst(v bool) int32 {
	i := 0
	if v {
		i = 1
	}
	if l.pconst[i] == 0 {
		l.pconst[i] = int32(l.f.npreds) + 1
		l.f.npreds++
		l.f.pnames = append(l.f.pnames, "")
		if v {
			l.f.ptrue = append(l.f.ptrue, l.pconst[i]-1)
		}
	}
	return l.pconst[i] - 1
}

// noBody explains a call of a function the module only declares.
func noBody(name string) error {
	return fmt.Errorf("%s is declared but has no body in this module (an external function: paste its definition to run it)", name)
}

// lowerers maps an isa entry name to the function choosing its semantics.
// The init functions of the semantics files fill it (178 entries in
// session 12): made at a size that holds them, it is not grown and
// rehashed three times as the package starts (a hint only: more entries
// still fit, growing it).
var lowerers = make(map[string]func(l *lowering, in *check.Inst, o *op) error, 200)

// refuse makes an op that stops the run with msg when reached by an
// active lane.
func refuse(msg string) execFn {
	return func(m *Machine, w *warp, o *op) {
		if w.mask == 0 {
			w.top().stack[len(w.top().stack)-1].pc++
			return
		}
		m.raise(w, o, firstLane(w.mask), msg)
	}
}

func firstLane(mask uint32) int {
	for i := 0; i < 32; i++ {
		if mask>>i&1 != 0 {
			return i
		}
	}
	return 0
}
