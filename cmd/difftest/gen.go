// gen.go: the random program generator: a small typed AST of C statements
// and expressions, built from a seed, printed as C that clang (CUDA) and
// gcc (host C) both compile to the same meaning.
//
// Every construct is defined behaviour in C11 and C++14 alike, so that two
// correct compilers must agree bit for bit:
//   - integer arithmetic runs in an unsigned type of at least 32 bits and is
//     converted back (no signed overflow; narrowing conversions to a signed
//     type are modular in gcc and clang);
//   - shift amounts are masked below the width of the shifted (promoted)
//     type; signed right shifts are arithmetic in both compilers;
//   - division and remainder are guarded against a zero divisor and against
//     MIN / -1;
//   - float -> integer conversions are guarded to the values whose truncation
//     fits the target type (NaN fails every guard);
//   - every variable is initialised before it is read, loops are bounded by
//     a masked counter, array indexes are reduced modulo the length;
//   - float bits reach an integer (and the outputs) only through f2u/d2u,
//     which canonicalise NaN: the GPU returns its canonical NaN where x86
//     keeps payloads (DESIGN.md, "known traps");
//   - no fmin/fmax/copysign: the sign of a zero or a NaN's payload would
//     decide the result.
//   - with Config.Spaces, a shared or global variable is one element per
//     thread, written before it is read; with Config.Exchange, a value of
//     another thread is read at the body's top level only (every thread of
//     the CTA there), and is a function of that thread's index and inputs.
//
// Compiler bugs kept out on purpose (DESIGN.md "Differential testing"):
//   - clang 14 lowers a 64-bit rotate by a variable amount to shl.b64 and
//     shr.b64 of the raw amount, dropping the source's mask (PTX clamps a
//     shift over 64 bits to 0): 64-bit rotates take constant amounts only;
//     32-bit ones (shf.l.wrap, which masks) take any;
//   - clang 14 folds `C < b ? C : b` for a float constant C ignoring the
//     sign of a zero: a float select never returns one of its own compare
//     operands, and float constants never appear in a compare;
//   - gcc 12 folds `0.0 - (double)u` into `-(double)u` (wrong for u == 0):
//     the host build uses -frounding-math;
//   - clang 14 passes a packed struct by value with misaligned st.param.f64
//     (param+1), which the ISA leaves undefined: structs passed to or
//     returned from functions are never packed (packed ones stay local).
package main

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Kind is a C scalar type (or a struct).
type Kind int

const (
	U8 Kind = iota
	S8
	U16
	S16
	U32
	S32
	U64
	S64
	F32
	F64
	Struct
	// F16 is a half (Config.Half): __fp16 in CUDA (storage only: clang 14
	// has no _Float16 on NVPTX), _Float16 on the host; every operation
	// runs in float and rounds back to half, the same on both sides. It
	// comes after Struct so that the other kinds' numbers, which the
	// generator draws, stay as they were.
	F16
)

var kindNames = [...]string{"u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "float", "double", "struct", "h16"}

func (k Kind) String() string { return kindNames[k] }

// bits is the width of a scalar kind.
func (k Kind) bits() int {
	switch k {
	case U8, S8:
		return 8
	case U16, S16, F16:
		return 16
	case U32, S32, F32:
		return 32
	}
	return 64
}
func (k Kind) isFloat() bool  { return k == F32 || k == F64 || k == F16 }
func (k Kind) isInt() bool    { return k < F32 }
func (k Kind) isSigned() bool { return k == S8 || k == S16 || k == S32 || k == S64 }

// wide is the unsigned type integer arithmetic of k runs in (C promotes
// narrower types to int, where u16*u16 could overflow).
func (k Kind) wide() string {
	if k.bits() == 64 {
		return "u64"
	}
	return "u32"
}
func (k Kind) wideSigned() string {
	if k.bits() == 64 {
		return "s64"
	}
	return "s32"
}
func (k Kind) wideBits() int {
	if k.bits() == 64 {
		return 64
	}
	return 32
}

// StructT is a struct type: scalar fields m0..mN in declaration order.
type StructT struct {
	Name   string
	Fields []Kind
	Packed bool  // only for local variables (see the file comment)
	Align  int   // __attribute__((aligned(Align))) when not 0 (Config.Vec)
	Bits   []int // Config.Bitfields: field i is a bit-field of Bits[i] bits when not 0
}

// member is field i of v as C reads it: a bit-field cast to its declared
// kind (gcc's C gives an unsigned long long bit-field a type of its own
// width, and promotes narrow ones to int; clang's C++ keeps the declared
// type), so that both compilers compute in that kind.
func member(v *Var, i int) string {
	if s := v.T.S; i < len(s.Bits) && s.Bits[i] > 0 {
		return fmt.Sprintf("((%s)%s.m%d)", s.Fields[i], v.lv(), i)
	}
	return fmt.Sprintf("%s.m%d", v.lv(), i)
}

// Ty is a type: a scalar kind or a struct.
type Ty struct {
	K Kind
	S *StructT
}

func (t Ty) C() string {
	if t.K == Struct {
		return t.S.Name
	}
	return t.K.String()
}

// Var is a variable: a scalar, a struct, or an array of N scalars.
type Var struct {
	Name  string
	T     Ty
	N     int  // array length; 0 for a scalar or struct
	Loop  bool // a loop counter or recursion depth: read, never assigned
	Ptr   bool // a parameter pointing to the caller's scalar (read and written as *v)
	Space int  // where the body's variable lives: spLocal, spShared or spGlobal
	Pitch int  // a shared variable's elements (Shape.P) under Config.Shapes; 0: 64
}

// State spaces of the body's variables (Config.Spaces): a shared one is an
// array of 64 (one per thread of the CTA, indexed by threadIdx.x, which is
// t & 63), a global one a file-scope array of 128 (one per thread,
// indexed by t). Each thread reads only its own element, after it wrote
// it, so the host's one-thread-at-a-time loop means the same.
const (
	spLocal = iota
	spShared
	spGlobal
)

// ref is how an expression or assignment names v.
func (v *Var) ref() string {
	if v.Ptr {
		return "(*" + v.Name + ")"
	}
	return v.lv()
}

// lv names v's storage: the variable, or this thread's element of a shared
// or global variable.
// pitch is the number of elements of a shared variable: a thread's
// element is [t & (pitch - 1)].
func (v *Var) pitch() int {
	if v.Pitch == 0 {
		return 64
	}
	return v.Pitch
}

func (v *Var) lv() string {
	switch v.Space {
	case spShared:
		return fmt.Sprintf("%s[t & %du]", v.Name, v.pitch()-1)
	case spGlobal:
		return v.Name + "[t]"
	}
	return v.Name
}

// Expr is an expression node; Op says which fields matter.
type Expr struct {
	Op  string // var const tid in bin shl shr div un cmp sel cast fcast bits fbits bi rot mulhi field elem
	T   Ty
	Sym string
	A   []*Expr
	V   *Var
	C   uint64 // constant bits, input index, field index, shift mask
	// Gone and J (Config.Exit): for an exchange across the CTA after an
	// exit, the function saying which threads have left (pN_gK(u, in, j))
	// and the uniform loop counter it reads ("0u" outside loops). Set by
	// Program.C from the exits before the exchange, so that they follow
	// the reducer's edits.
	Gone, J string
	// Shaped (Config.Shapes): an exchange or collective of a program
	// whose CTA may hold slots with no thread; those across the CTA are
	// written XCHGS, XCHGNS, XREDS (the slots that hold no thread and
	// the threads that left left out).
	Shaped bool
}

// Stmt kinds.
const (
	sDecl     = iota // T v = E;  (arrays: Init; structs: Init or E a call/copy)
	sAssign          // v = E;
	sStore           // v[Idx % N] = E;
	sField           // v.mF = E;
	sIf              // if (Cond) {Then} else {Else}
	sFor             // for (u32 L = 0; L < (Cond & Field); L++) {Then}
	sBreak           // if (Cond) break;
	sCall            // v = f(args); (E is the call)
	sSwitch          // switch ((u32)Cond % len(Cases)) { case i: {Cases[i]} break; } (the last is default)
	sContinue        // if (Cond) continue;
	sRecurse         // if (Loop > 0) { V = f(Loop - 1, ...); } (E is the call, Loop the depth)
	sExpr            // E; (an atomic whose old value nobody reads)
	// Config.Exit:
	sExit   // if (Cond) return;  a thread leaves the body (after its last barrier); Field 1: if (Cond) EXIT(); (PTX exit, in the body or a helper)
	sExitU  // if ((UNI(pN_xX, Field) & 3u) == 0u or (Loop & 3u)) { Then; return; }  a warp (Field 31) or CTA (63, or Shape.P() - 1) leaves
	sULoop  // for (u32 Loop = 0; Loop < trip; Loop++) {Then}: the trip count the same for the whole CTA (Field, or UNI(pN_xX, 63u) & 3u when X >= 0, Field then the CTA's mask under Config.Shapes or 0)
	sReturn // if (Cond) return E;  a helper's early return
	sExitP  // if ((pN_xX(t, in) & 3u) == 0u) return;  some lanes of a warp leave (warp collectives after it name the lanes that stay)
)

// Stmt is a statement.
type Stmt struct {
	Kind       int
	V          *Var
	Field      int
	Idx, E     *Expr
	Init       []*Expr
	Cond       *Expr
	Then, Else []*Stmt
	Cases      [][]*Stmt
	Loop       *Var
	X          int    // Config.Exit: the Program.Pure a uniform exit or loop trip count reads (sExitU, sULoop)
	Pure       string // its function's name, pN_xX
}

// Func is a generated function: a helper (noinline) or the per-thread body.
type Func struct {
	Name   string
	Ret    Ty // Kind -1 never; the body returns void (Ret unused)
	Params []*Var
	Body   []*Stmt
	Result *Expr
	IsBody bool
	Exits  bool   // Config.Exit: a call may end the thread (EXIT() here or in a callee)
	Locals []*Var // top-level declarations (the body's outputs)
	Depth  *Var   // the recursion depth parameter of a recursive helper
}

// Program is one generated program: helpers, the body and its outputs.
type Program struct {
	Seed    uint64
	Name    string
	Cfg     Config
	Structs []*StructT
	Funcs   []*Func // helpers, callees before callers
	Pure    []*Expr // values threads exchange: Pure[i] is pN_xI(t, in), a function of t and in only
	Order   []int   // definition order of Funcs (shuffled when Cfg.Fwd)
	Body    *Func
	Shape   Shape // the launch: 2 CTAs of 64 threads unless Cfg.Shapes
}

// Shape is a program's launch: Grid CTAs (along x) of Block threads.
// Thread t of the body is slot t & (P - 1) of CTA t / P, P the pitch: a
// power of two at least the CTA's threads and 32, so that t & ~31u is
// the first thread of t's warp and t & ~(P - 1) of its CTA, as they are
// with the default 64. The slot is the thread's linear index in the
// block (x fastest, then y, then z), which is how CUDA forms warps;
// slots from Block's thread count to P hold no thread (their inputs are
// read by nobody, their outputs stay 0).
type Shape struct {
	Block [3]int
	Grid  int
}

// defaultShape is every program's launch without Config.Shapes: two
// warps in each of two CTAs.
var defaultShape = Shape{Block: [3]int{64, 1, 1}, Grid: 2}

// shapes are the blocks Config.Shapes draws from: one warp, three and
// four warps, a partial last warp (48, 40, 100 threads), a single
// thread, 2-D and 3-D blocks (threadIdx.y, .z), some with a partial warp.
var shapes = [][3]int{
	{32, 1, 1}, {96, 1, 1}, {128, 1, 1}, {48, 1, 1}, {40, 1, 1}, {100, 1, 1}, {1, 1, 1}, {7, 1, 1},
	{16, 4, 1}, {8, 6, 1}, {32, 3, 1}, {5, 13, 1}, {4, 4, 4}, {8, 2, 3}, {3, 5, 7}, {2, 2, 32},
}

// Launch is p's shape: defaultShape when Shape is unset (a program
// written by hand).
func (p *Program) Launch() Shape {
	if p.Shape.Grid == 0 {
		return defaultShape
	}
	return p.Shape
}

// Threads is the number of threads of a CTA.
func (s Shape) Threads() int { return s.Block[0] * s.Block[1] * s.Block[2] }

// P is the pitch (see Shape).
func (s Shape) P() int {
	p := 32
	for p < s.Threads() {
		p *= 2
	}
	return p
}

// Slots is the number of thread indexes t: Grid * P (the inputs and
// outputs are laid out by slot).
func (s Shape) Slots() int { return s.Grid * s.P() }

// Ghosts says whether some slots hold no thread.
func (s Shape) Ghosts() bool { return s.Threads() < s.P() }

// PartialWarp says whether the CTA's last warp is partial.
func (s Shape) PartialWarp() bool { return s.Threads()%32 != 0 }

func (s Shape) String() string {
	return fmt.Sprintf("grid %d, block %dx%dx%d", s.Grid, s.Block[0], s.Block[1], s.Block[2])
}

// Config chooses what the generator writes.
type Config struct {
	Calls   bool // noinline helper functions (pointer parameters, recursion)
	Structs bool
	Fwd     bool // prototypes first, definitions in random order
	Arrays  bool
	Loops   bool
	Floats  bool
	Stmts   int // top-level statements of the body (about)
	// Spaces puts some of the body's variables in shared or global memory
	// (one element per thread; pointers to them reach helpers as generic
	// addresses). Off by default, so that -with spaces leaves every
	// seed's default program as it was.
	Spaces bool
	// Exchange gives the body values of other threads: warp shuffles
	// (idx, up, down, xor) and an exchange through shared memory across
	// the CTA between two __syncthreads, at the body's top level, where
	// every thread of the CTA takes part. The value exchanged is a pure
	// function of the thread index and inputs (Program.Pure), which the
	// host evaluates for the source thread. Off by default, as Spaces.
	Exchange bool
	// Vec aligns some structs to 8 or 16 bytes and copies whole structs
	// (v = w), so that clang loads and stores them with ld/st.v2 and .v4,
	// in every state space and through params. Off by default, as Spaces.
	Vec bool
	// Half adds half-precision variables, members, array elements and
	// pointer parameters (F16). Off by default, as Spaces.
	Half bool
	// Wide adds 128-bit integer arithmetic on 64-bit operands (high
	// halves of products and sums, funnel shifts, borrows, compares),
	// which clang expands into 64-bit carries, mul.hi and selects. Off by
	// default, as Spaces.
	Wide bool
	// Atomics applies read-modify-writes (atomicAdd, Min, Max, And, Or,
	// Xor, Exch, CAS, Inc, Dec, float and double add) to this thread's
	// element of the shared and global variables that Spaces declares,
	// keeping the old value or not (atom or red). Off by default.
	Atomics bool
	// Exit lets threads leave early (return from the body) and brings
	// barriers to where some have left: whole warps and whole CTAs
	// leaving before later __syncthreads (the condition a pure function
	// of the warp's or CTA's first thread), loops whose trip count is the
	// same for the whole CTA with exchanges (barriers) and warp exits
	// inside, single threads leaving after their last barrier, and early
	// returns in helpers. It turns Exchange on (the barriers). Off by
	// default, as Spaces.
	Exit bool
	// Shapes draws each program's launch (Program.Shape) from shapes, 1
	// to 3 CTAs, instead of 2 CTAs of 64 threads: one warp, 3 and 4
	// warps, partial last warps, 2-D and 3-D blocks. Shared variables are
	// one element per slot, the CTA's exchanges and collectives leave
	// out the slots that hold no thread, and the warp collectives of a
	// partial warp name the lanes it has. Off by default, as Spaces.
	Shapes bool
	// Diverge (with Exchange) writes warp collectives on the two paths of
	// a divergent branch, each path with its own shfl.sync, vote.sync or
	// redux.sync naming the whole warp (XCHGD, XBALD, XREDD): from sm_70
	// on the two instructions run together (the ISA's .sync wait; Volta's
	// independent thread scheduling). Only in whole warps where no lane
	// has left. Off by default, as Spaces.
	Diverge bool
	// Intrin adds CUDA intrinsics whose PTX the ISA defines to the bit
	// (intrin.go): conversions and arithmetic in every rounding mode,
	// saturating float-to-integer conversions, min/max with NaNs,
	// cvt.sat, prmt, 64-bit high multiplies, sad, mul24, brev, funnel
	// shifts, bit-field extracts and inserts, integer min, max, abs. Off
	// by default, as Spaces.
	Intrin bool
	// Bitfields makes most (unpacked) structs' integer members
	// bit-fields of 1 to their kind's width bits (u64 m3 : 41): reads
	// extract (bfe, shifts and masks), assignments insert (and, or,
	// shifts) and truncate, signed ones sign-extend. Such structs are not
	// passed or returned by value (see passable). Off by default, as
	// Spaces.
	Bitfields bool
	// Intrin19 adds the intrinsics only clang 19 knows (intrin19Ops:
	// min/max.NaN, f16 min/max and fma.rn{.relu}, the f16x2, bf16x2 and
	// bf16 conversions with .relu, cvt.rna.tf32.f32); run with
	// CLANG=clang-19. Off by default, as Spaces.
	Intrin19 bool
	// Carry adds extended-precision sequences in inline PTX (carryOps:
	// add.cc, addc, sub.cc, subc, mad.cc, madc), which clang never
	// writes. Off by default, as Spaces.
	Carry bool
	// Scan adds warp scans and reductions in loops of shfl.sync (scan.go:
	// segments of CUDA's widths, butterflies, trees, a divergent pair of
	// loops under two membermasks, one shuffle of any lane and c); it
	// turns Exchange on, where they are written. Off by default, as
	// Spaces.
	Scan bool
	// Tiles adds shared-memory tiles filled and read across the CTA in
	// loops with __syncthreads between (tiles.go: a tiled product, a
	// transposition through a padded tile, a double-buffered cp.async
	// copy), where every thread of the CTA is present. Off by default,
	// as Spaces.
	Tiles bool
	// Retype rewrites every second instruction of the forms clang writes
	// into the twin nvcc writes (retype.go: add.u32 for add.s32,
	// ld.global.b32 for ld.global.u32, setp.eq.b32, add.f32 for
	// add.rn.f32 ...) before ptxplay runs the PTX; the program is
	// unchanged. Off by default.
	Retype bool
	// Round adds float rounding to integral values and copysign
	// (round.go: cvt.rzi, rmi, rpi, rni of .f32.f32 and .f64.f64).
	// Off by default, as Spaces.
	Round bool
	// RO adds reads of read-only tables: __constant__ (ld.const) and
	// __ldg of a __device__ table (ld.global.nc). Off by default.
	RO bool
	// Asm adds instructions nvcc writes and clang never does, in inline
	// PTX (asm.go: lop3, bfind, dp4a, dp2a, prmt's modes, shf.clamp,
	// slct, testp, copysign, cnot, mul24.hi, mad24, set). Off by
	// default.
	Asm bool
	// Approx adds the approximate and flush-to-zero f32 instructions of
	// users' PTX in inline PTX (approx.go: ex2.approx, div.approx,
	// div.full, rcp.approx, sqrt.approx, rsqrt.approx, mul.ftz,
	// fma.rn.ftz), each checked against the ISA's error bound in C that
	// both sides run alike. Off by default.
	Approx bool
	// Cvt adds the conversions clang never writes for plain C, in inline
	// PTX (cvt.go: every integer pair with and without .sat, registers
	// wider than the types, float to integer in .rni/.rzi/.rmi/.rpi,
	// integer to f16/f32/f64 and float to float in .rn/.rz/.rm/.rp, .sat).
	// Off by default.
	Cvt bool
	// Half2 adds the half-precision arithmetic of cuda_fp16.hpp and
	// cuda_bf16.hpp in inline PTX on the bits of halves (half2.go: f16x2,
	// f16, bf16x2, bf16 add, sub, mul, fma.rn with .sat and .relu, neg,
	// abs, min, max, .NaN, set, cvt of two floats to f16x2 and bf16x2).
	// Off by default.
	Half2 bool
	// AtomX adds the atomic forms of users' PTX that Atomics and Asm never
	// reach, in inline PTX on the thread's own element (atomx.go: 64-bit
	// exch, and, or, min, max, shared inc and dec, cas.b16, add.noftz.f16
	// and .f16x2, red, memory orders and scopes). Off by default.
	AtomX bool
	// IntX adds integer forms clang never selects for plain C, in inline
	// PTX (intx.go: add/sub.sat.s32, mad.hi, mad.hi.sat.s32, mad.lo and
	// mad.wide of other widths, mul.hi and mul.wide of 16 bits, sad of
	// s16, u64, s64, fns). Off by default.
	IntX bool
	// SM90 adds forms of newer targets in inline PTX (sm90.go: bmsk,
	// szext, min/max.xorsign.abs, bf16 add/sub/mul, fp8 conversions,
	// cvt.f32.bf16, bf16 atomics); the module header becomes .version
	// 8.1, .target sm_90. Off by default.
	SM90 bool
	// HSetp adds the half compares of users' PTX in inline PTX
	// (hsetp.go: setp of f16x2 and bf16x2 writing p|q, with a BoolOp and
	// .ftz; setp of f16 and bf16; set of f16x2 and bf16x2 with a BoolOp);
	// its bf16 forms want sm_90, so the module header is rewritten as for
	// SM90. Off by default.
	HSetp bool
	// WarpX adds warp collectives under divergent membermasks (warpx.go:
	// redux.sync of every operation, match.any/all.sync and activemask,
	// on both paths of a branch, each under its path's lanes); it turns
	// Exchange on, where they are written. Off by default.
	WarpX bool
	// F4 adds float4 accesses at the body's top level (f4.go: one 16-byte
	// load of the thread's inputs, ld.global.v4.f32; a local array of two
	// indexed by data, st.local.v4.f32 and ld.local.v4.f32). Off by
	// default.
	F4 bool
	// V4 adds vectors of 8 and 16 bytes moved between the threads of a
	// CTA through shared and global memory across __syncthreads (v4.go:
	// st/ld.shared.v4.u32, st/ld.global.v4.f32, .v2.f32 in shared,
	// .v2.u32 in global), where every thread of the CTA is present. Off
	// by default.
	V4 bool
	// WMMA adds a warp's 16 x 16 x 16 matrix product on the tensor cores
	// (wmma.go: wmma.load.a/.b .global.f16, wmma.mma.sync row.col
	// f32.f32, wmma.store.d .global.f32) of small integers, exact in any
	// order, in whole warps. Off by default.
	WMMA bool
	// MMA adds mma.sync m16n8k8 of tf32 and ldmatrix .x4 (mma.go), the
	// fragments each lane's own as the ISA lays them out, in whole warps.
	// Off by default.
	MMA bool
	// GAddr adds generic addresses of variables and vector registers in
	// inline PTX (ga.go: mov of a variable's address, cvta of .global,
	// .shared, .local and .const variables and back, generic ld and st,
	// isspacep, .v2 and .v4 loads and stores of every width, .v2 and .v4
	// registers, mov's braces). Off by default.
	GAddr bool
	// CLI runs each program through launch.Run, as ptxplay run does
	// (cli.go: lazy fills, the output held in the machine and read
	// through the result JSON), its output buffer a fill of a value of
	// the seed. The program is unchanged. Off by default.
	CLI bool
}

// DefaultConfig is everything on.
func DefaultConfig() Config {
	return Config{Calls: true, Structs: true, Fwd: true, Arrays: true, Loops: true, Floats: true, Stmts: 12}
}

// NIn is the number of u64 inputs each thread reads.
const NIn = 8

type gen struct {
	r      *rand.Rand
	p      *Program
	cfg    Config
	fn     *Func
	scope  []*Var // visible variables, innermost last
	loops  int    // loop nesting depth
	nest   int    // block nesting depth
	nvar   int
	callee []*Func // functions the current one may call
	// Config.Exit: noSync once a thread may have left alone (no barrier
	// or warp collective may follow); uloop the counter of the uniform
	// loop being written; late on the body's last third of statements.
	noSync  bool
	uloop   *Var
	late    bool
	partial bool // some lanes of a warp may have left: no more barriers, warp collectives name the lanes that stay
}

// Generate builds the program of a seed.
func Generate(seed uint64, cfg Config) *Program {
	g := &gen{r: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), cfg: cfg}
	p := &Program{Seed: seed, Name: fmt.Sprintf("p%d", seed), Cfg: cfg, Shape: defaultShape}
	g.p = p
	if cfg.Shapes {
		p.Shape = Shape{Block: shapes[g.r.IntN(len(shapes))], Grid: 1 + g.r.IntN(3)}
	}
	if cfg.Structs {
		for i, n := 0, 1+g.r.IntN(3); i < n; i++ {
			s := &StructT{Name: fmt.Sprintf("%s_S%d", p.Name, i)}
			for j, m := 0, 1+g.r.IntN(6); j < m; j++ {
				s.Fields = append(s.Fields, g.scalarKind())
			}
			p.Structs = append(p.Structs, s)
		}
		if g.r.IntN(3) == 0 {
			s := &StructT{Name: fmt.Sprintf("%s_P", p.Name), Packed: true}
			for j, m := 0, 2+g.r.IntN(5); j < m; j++ {
				s.Fields = append(s.Fields, g.scalarKind())
			}
			p.Structs = append(p.Structs, s)
		}
		if cfg.Bitfields {
			// Three in four unpacked structs get bit-fields: three in
			// four of their integer members, 1 to the kind's width bits
			// each.
			for _, s := range p.Structs {
				if s.Packed || g.r.IntN(4) == 0 {
					continue
				}
				s.Bits = make([]int, len(s.Fields))
				for i, k := range s.Fields {
					if k.isInt() && g.r.IntN(4) != 0 {
						s.Bits[i] = 1 + g.r.IntN(k.bits())
					}
				}
			}
		}
		if cfg.Vec {
			for _, s := range p.Structs {
				if !s.Packed && g.r.IntN(3) != 0 {
					s.Align = []int{8, 16}[g.r.IntN(2)]
				}
			}
			// A vector-like struct: 2 or 4 members of one kind, aligned
			// to its size (as CUDA's uint4, float2, double2 ...).
			k := g.scalarKind()
			n := 4
			if k.bits() == 64 || g.r.IntN(3) == 0 {
				n = 2
			}
			s := &StructT{Name: fmt.Sprintf("%s_V", p.Name), Align: k.bits() / 8 * n}
			for j := 0; j < n; j++ {
				s.Fields = append(s.Fields, k)
			}
			p.Structs = append(p.Structs, s)
		}
	}
	if cfg.Calls {
		for i, n := 0, g.r.IntN(5); i < n; i++ {
			f := g.helper(i)
			p.Funcs = append(p.Funcs, f)
		}
	}
	p.Order = make([]int, len(p.Funcs))
	for i := range p.Order {
		p.Order[i] = i
	}
	if cfg.Fwd {
		g.r.Shuffle(len(p.Order), func(i, j int) { p.Order[i], p.Order[j] = p.Order[j], p.Order[i] })
	}
	p.Body = g.body()
	return p
}

func (g *gen) scalarKind() Kind {
	if g.cfg.Half && g.cfg.Floats && g.r.IntN(8) == 0 {
		return F16
	}
	if g.cfg.Floats {
		return Kind(g.r.IntN(10))
	}
	return Kind(g.r.IntN(8))
}

// passable are the struct types a function may take or return.
func (g *gen) passable() []*StructT {
	var s []*StructT
	for _, st := range g.p.Structs {
		// Bit-field structs stay local too: clang 14 passes and returns
		// them in pieces of odd widths (i56, i48, i24) that its NVPTX
		// back end cannot select ("Cannot select: ... StoreRetval
		// (store (s56))", "LoadParam (load (s48))").
		if !st.Packed && st.Bits == nil {
			s = append(s, st)
		}
	}
	return s
}

func (g *gen) newVar(t Ty, n int) *Var {
	g.nvar++
	prefix := "v"
	switch {
	case n > 0:
		prefix = "a"
	case t.K == Struct:
		prefix = "sv"
	}
	return &Var{Name: fmt.Sprintf("%s%d", prefix, g.nvar), T: t, N: n}
}

func (g *gen) helper(i int) *Func {
	f := &Func{Name: fmt.Sprintf("%s_f%d", g.p.Name, i)}
	g.fn, g.scope, g.nvar = f, nil, 0
	g.callee = g.p.Funcs[:i:i]
	ps := g.passable()
	if g.r.IntN(4) == 0 {
		// Recursive: the depth comes first and bounds the recursion.
		g.nvar++
		f.Depth = &Var{Name: fmt.Sprintf("d%d", g.nvar), T: Ty{K: U32}, Loop: true}
		f.Params = append(f.Params, f.Depth)
		g.scope = append(g.scope, f.Depth)
	}
	for j, n := 0, 1+g.r.IntN(4); j < n; j++ {
		t := Ty{K: g.scalarKind()}
		if len(ps) > 0 && g.r.IntN(3) == 0 {
			t = Ty{K: Struct, S: ps[g.r.IntN(len(ps))]}
		}
		v := g.newVar(t, 0)
		// A pointer to one of the caller's scalars or array elements: the
		// callee reads and writes the caller's local memory through a
		// generic address.
		v.Ptr = t.K != Struct && g.r.IntN(4) == 0
		if t.K == F16 && !v.Ptr {
			v.T.K = F32 // clang: parameters cannot have __fp16 type
		}
		f.Params = append(f.Params, v)
		g.scope = append(g.scope, v)
	}
	f.Ret = Ty{K: g.scalarKind()}
	if f.Ret.K == F16 {
		f.Ret.K = F32 // nor return types
	}
	if len(ps) > 0 && g.r.IntN(3) == 0 {
		f.Ret = Ty{K: Struct, S: ps[g.r.IntN(len(ps))]}
	}
	f.Body = g.stmts(2+g.r.IntN(6), true)
	if f.Depth != nil {
		// Last, so that what it assigns and passes is in scope.
		if s := g.recurse(f); s != nil {
			f.Body = append(f.Body, s)
		}
	}
	if f.Ret.K == Struct {
		v := g.structVar(f.Ret.S)
		if v == nil {
			v = g.newVar(f.Ret, 0)
			f.Body = append(f.Body, g.structDecl(v))
			g.scope = append(g.scope, v)
		}
		f.Result = &Expr{Op: "var", T: f.Ret, V: v}
	} else {
		f.Result = g.expr(f.Ret.K, 3)
	}
	return f
}

func (g *gen) body() *Func {
	f := &Func{Name: g.p.Name + "_body", IsBody: true}
	g.fn, g.scope, g.nvar = f, nil, 0
	g.callee = g.p.Funcs
	// Inputs first: a few variables loaded from this thread's inputs.
	for i, n := 0, 2+g.r.IntN(4); i < n; i++ {
		k := g.scalarKind()
		v := g.newVar(Ty{K: k}, 0)
		f.Body = append(f.Body, &Stmt{Kind: sDecl, V: v, E: g.input(k, i)})
		g.scope = append(g.scope, v)
		f.Locals = append(f.Locals, v)
	}
	f.Body = append(f.Body, g.stmts(g.cfg.Stmts/2+g.r.IntN(g.cfg.Stmts), true)...)
	return f
}

// stmts writes n statements; top says they are at the function's top
// level, where declarations go (and stay visible to the end).
func (g *gen) stmts(n int, top bool) []*Stmt {
	var out []*Stmt
	for i := 0; i < n; i++ {
		if top && g.fn.IsBody {
			g.late = i >= n*2/3
		}
		if s := g.stmt(top); s != nil {
			out = append(out, s)
		}
	}
	return out
}

func (g *gen) scalars() []*Var {
	var vs []*Var
	for _, v := range g.scope {
		if v.N == 0 && v.T.K != Struct {
			vs = append(vs, v)
		}
	}
	return vs
}

func (g *gen) structVar(s *StructT) *Var {
	var vs []*Var
	for _, v := range g.scope {
		if v.T.K == Struct && v.T.S == s {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return nil
	}
	return vs[g.r.IntN(len(vs))]
}

func (g *gen) pickVar(pred func(*Var) bool) *Var {
	var vs []*Var
	for _, v := range g.scope {
		if pred(v) {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return nil
	}
	return vs[g.r.IntN(len(vs))]
}

func (g *gen) declare(s *Stmt) *Stmt {
	g.scope = append(g.scope, s.V)
	if g.fn.IsBody {
		g.fn.Locals = append(g.fn.Locals, s.V)
	}
	return s
}

func (g *gen) structDecl(v *Var) *Stmt {
	s := &Stmt{Kind: sDecl, V: v}
	for _, k := range v.T.S.Fields {
		s.Init = append(s.Init, g.expr(k, g.r.IntN(3)))
	}
	return s
}

func (g *gen) stmt(top bool) *Stmt {
	if g.cfg.Vec && g.r.IntN(6) == 0 {
		// A whole-struct copy between two variables of one type.
		if v := g.pickVar(func(v *Var) bool { return v.T.K == Struct && v.N == 0 }); v != nil {
			if w := g.pickVar(func(w *Var) bool { return w != v && w.T == v.T && w.N == 0 }); w != nil {
				return &Stmt{Kind: sAssign, V: v, E: &Expr{Op: "var", T: w.T, V: w}}
			}
		}
	}
	if g.cfg.Atomics && g.fn.IsBody && g.r.IntN(5) == 0 {
		if s := g.atomic(); s != nil {
			return s
		}
	}
	if g.cfg.Exit {
		if s := g.exit(top); s != nil {
			return s
		}
	}
	if g.cfg.F4 && top && g.fn.IsBody && g.r.IntN(6) == 0 {
		return g.f4()
	}
	if g.cfg.Tiles && !g.cfg.Exit && top && g.fn.IsBody && g.r.IntN(6) == 0 {
		if s := g.tile(); s != nil {
			return s
		}
	}
	if g.cfg.V4 && !g.cfg.Exit && top && g.fn.IsBody && g.r.IntN(6) == 0 {
		if s := g.vx(); s != nil {
			return s
		}
	}
	if g.cfg.WMMA && !g.cfg.Exit && top && g.fn.IsBody && g.r.IntN(6) == 0 {
		if s := g.wmma(); s != nil {
			return s
		}
	}
	if g.cfg.MMA && !g.cfg.Exit && top && g.fn.IsBody && g.r.IntN(6) == 0 {
		if s := g.mma(); s != nil {
			return s
		}
	}
	if g.cfg.GAddr && g.fn.IsBody && g.r.IntN(7) == 0 {
		if s := g.ga(top, top && !g.cfg.Exit && !g.p.Launch().Ghosts()); s != nil {
			return s
		}
	}
	if g.cfg.WarpX && top && g.fn.IsBody && !g.noSync && !g.partial && !g.p.Launch().PartialWarp() && g.r.IntN(4) == 0 {
		return g.exchangeDecl(g.warpxExpr())
	}
	if g.cfg.Exchange && top && g.fn.IsBody && !g.noSync && g.r.IntN(5) == 0 {
		return g.exchange()
	}
	if g.cfg.Spaces && top && g.fn.IsBody && g.r.IntN(4) == 0 {
		if s := g.spaceDecl(); s != nil {
			return s
		}
	}
	for tries := 0; tries < 20; tries++ {
		switch c := g.r.IntN(20); {
		case c < 6 && top: // scalar declaration
			k := g.scalarKind()
			return g.declare(&Stmt{Kind: sDecl, V: g.newVar(Ty{K: k}, 0), E: g.expr(k, 1+g.r.IntN(3))})
		case c < 10: // assignment
			v := g.pickVar(func(v *Var) bool { return v.N == 0 && v.T.K != Struct && !v.Loop })
			if v == nil {
				continue
			}
			return &Stmt{Kind: sAssign, V: v, E: g.expr(v.T.K, 1+g.r.IntN(3))}
		case c == 10 && top && g.cfg.Arrays:
			k := g.scalarKind()
			n := []int{2, 3, 4, 5, 8}[g.r.IntN(5)]
			s := &Stmt{Kind: sDecl, V: g.newVar(Ty{K: k}, n)}
			for i := 0; i < n; i++ {
				s.Init = append(s.Init, g.expr(k, 1))
			}
			return g.declare(s)
		case c == 11 && g.cfg.Arrays:
			v := g.pickVar(func(v *Var) bool { return v.N > 0 })
			if v == nil {
				continue
			}
			return &Stmt{Kind: sStore, V: v, Idx: g.expr(g.intKind(), 1), E: g.expr(v.T.K, 2)}
		case c == 12 && top && len(g.p.Structs) > 0:
			st := g.p.Structs[g.r.IntN(len(g.p.Structs))]
			v := g.newVar(Ty{K: Struct, S: st}, 0)
			if w := g.structVar(st); w != nil && g.r.IntN(3) == 0 {
				return g.declare(&Stmt{Kind: sDecl, V: v, E: &Expr{Op: "var", T: w.T, V: w}})
			}
			return g.declare(g.structDecl(v))
		case c == 13 && len(g.p.Structs) > 0:
			v := g.pickVar(func(v *Var) bool { return v.T.K == Struct })
			if v == nil {
				continue
			}
			f := g.r.IntN(len(v.T.S.Fields))
			return &Stmt{Kind: sField, V: v, Field: f, E: g.expr(v.T.S.Fields[f], 2)}
		case c == 14 && g.nest < 3: // if / else
			s := &Stmt{Kind: sIf, Cond: g.cond()}
			s.Then = g.block(1 + g.r.IntN(4))
			if g.r.IntN(2) == 0 {
				s.Else = g.block(1 + g.r.IntN(3))
			}
			return s
		case c == 15 && g.cfg.Loops && g.loops < 2 && g.nest < 3:
			g.nvar++
			lv := &Var{Name: fmt.Sprintf("i%d", g.nvar), T: Ty{K: U32}, Loop: true}
			// Up to 7 passes in the body, 3 in helpers (which loops may call).
			s := &Stmt{Kind: sFor, Loop: lv, Cond: g.expr(g.intKind(), 1), Field: 7}
			if !g.fn.IsBody {
				s.Field = 3
			}
			g.loops++
			g.scope = append(g.scope, lv)
			s.Then = g.block(1 + g.r.IntN(4))
			g.scope = g.scope[:len(g.scope)-1]
			if g.r.IntN(3) == 0 {
				s.Then = append(s.Then, &Stmt{Kind: sBreak, Cond: g.cond()})
			}
			g.loops--
			return s
		case c == 16 && g.nest < 3:
			s := &Stmt{Kind: sSwitch, Cond: g.expr(g.intKind(), 1)}
			for i, n := 0, 2+g.r.IntN(3); i < n; i++ {
				s.Cases = append(s.Cases, g.block(1+g.r.IntN(3)))
			}
			return s
		case c == 17 && g.loops > 0:
			return &Stmt{Kind: sContinue, Cond: g.cond()}
		case c >= 17 && len(g.callee) > 0:
			if s := g.call(top); s != nil {
				return s
			}
		}
	}
	return nil
}

// exchange declares a scalar set from another thread's value
// (Config.Exchange): the value is Program.Pure's new expression of the
// thread index and inputs, the source lane (or the CTA thread) an
// expression of this thread's variables, masked to the warp (& 31u) or
// the CTA (& 63u).
func (g *gen) exchange() *Stmt { return g.exchangeDecl(g.exchangeExpr()) }

// exchangeDecl declares a scalar set from e.
func (g *gen) exchangeDecl(e *Expr) *Stmt {
	k := g.scalarKind()
	if k.isFloat() {
		w := bitsKind[k]
		return g.declare(&Stmt{Kind: sDecl, V: g.newVar(Ty{K: k}, 0), E: &Expr{Op: "fbits", T: Ty{K: k}, A: []*Expr{g.convert(e, w)}}})
	}
	return g.declare(&Stmt{Kind: sDecl, V: g.newVar(Ty{K: k}, 0), E: g.convert(e, k)})
}

// exchangeExpr is a u32 value of another thread or a collective (see
// exchange).
func (g *gen) exchangeExpr() *Expr {
	if g.cfg.WarpX && !g.partial && !g.p.Launch().PartialWarp() && g.r.IntN(3) == 0 {
		return g.warpxExpr()
	}
	if g.cfg.Diverge && !g.partial && !g.p.Launch().PartialWarp() && g.r.IntN(3) == 0 {
		return g.divergeExpr()
	}
	if g.cfg.Scan && !g.partial && !g.p.Launch().PartialWarp() && g.r.IntN(2) == 0 {
		return g.scanExpr()
	}
	// The exchanged value sees no variable: the host computes it for the
	// source thread from that thread's index and inputs alone.
	name := g.pure(g.pureExpr())
	if g.r.IntN(2) == 0 {
		modes := []string{"idx", "up", "down", "xor", "cta"}
		if g.cfg.Exit {
			modes = append(modes, "ctan")
		}
		if g.cfg.Exit && g.cfg.Shapes && g.p.Launch().PartialWarp() {
			// barrier.sync 1, n counts warps of 32 threads (ISA: "the
			// value must be a multiple of the warp size").
			modes = modes[:5]
		}
		if g.partial {
			modes = modes[:4] // no barrier once some lanes of a warp left
		}
		mode := modes[g.r.IntN(len(modes))]
		mask := uint64(31)
		if mode == "cta" || mode == "ctan" {
			mask = 63
			if g.cfg.Shapes {
				mask = uint64(g.p.Launch().P() - 1)
			}
		}
		lane := &Expr{Op: "bin", T: Ty{K: U32}, Sym: "&", A: []*Expr{g.expr(U32, 1), {Op: "const", T: Ty{K: U32}, C: mask}}}
		return &Expr{Op: "xchg", T: Ty{K: U32}, Sym: mode, A: []*Expr{lane, name}, Shaped: g.cfg.Shapes}
	}
	modes := xredModes
	if g.cfg.Exit {
		modes = append(modes[:len(modes):len(modes)], barRedModes...)
	}
	if g.partial {
		modes = xredModes[:8] // the warp's
	}
	return &Expr{Op: "xred", T: Ty{K: U32}, Sym: modes[g.r.IntN(len(modes))], A: []*Expr{name}, Shaped: g.cfg.Shapes}
}

// divergeExpr is a warp collective on the two paths of a branch
// (Config.Diverge): XCHGD(c, fb, fc, lb, lc) is, where c(t, in) & 1, a
// shfl.sync.idx of fb(t, in) from lane lb & 31, else one of fc(t, in)
// from lane lc & 31, every lane naming the whole warp: a lane reads the
// source lane's operand of its own path. XBALD(c, fb, fc) is a
// vote.sync.ballot of fb & 1 on one path, fc & 1 on the other; XREDD a
// redux.sync.add of fb on one, fc * 3 on the other. c is a pure function
// of the thread (some lanes below a bound, odd lanes, a random one), so
// that the host knows which path each source lane took.
func (g *gen) divergeExpr() *Expr {
	c := g.pickPure(
		func() string { return fmt.Sprintf("((t & 31u) < %du)", 1+g.r.IntN(31)) },
		func() string { return fmt.Sprintf("((t >> %d) & 1u)", g.r.IntN(5)) })
	raw := func(i int) *Expr { return &Expr{Op: "raw", T: Ty{K: U32}, Sym: g.pureName(i)} }
	e := &Expr{Op: "xchgd", T: Ty{K: U32}, Sym: []string{"XCHGD", "XBALD", "XREDD"}[g.r.IntN(3)]}
	e.A = []*Expr{raw(c), g.pure(g.pureExpr()), g.pure(g.pureExpr())}
	if e.Sym == "XCHGD" {
		e.A = append(e.A, g.expr(U32, 1), g.expr(U32, 1))
	}
	return e
}

// barRedModes are __syncthreads_count, _and and _or of f & 1 (bar.red
// popc, and, or), with Config.Exit only (so that -with exchange's
// programs stay as they were).
var barRedModes = []string{"syncount", "syncand", "syncor"}

// pureExpr is a u32 expression of the thread index and inputs only.
func (g *gen) pureExpr() *Expr {
	scope := g.scope
	g.scope = nil
	x := g.expr(U32, 1+g.r.IntN(3))
	g.scope = scope
	return x
}

// pure adds x to Program.Pure and names its function pN_xI.
func (g *gen) pure(x *Expr) *Expr {
	g.p.Pure = append(g.p.Pure, x)
	return &Expr{Op: "raw", T: Ty{K: U32}, Sym: g.pureName(len(g.p.Pure) - 1)}
}

func (g *gen) pureName(i int) string { return fmt.Sprintf("%s_x%d", g.p.Name, i) }

// exit writes Config.Exit's statements, or nil (then stmt goes on as
// without them). Every shape leaves the answer defined:
//   - a whole warp or CTA leaves (sExitU) at the body's top level or a
//     uniform loop's, where all its threads are; later barriers wait for
//     the threads that stay (ISA, exit: "If the exiting threads are
//     holding up the barrier, the barrier is released") and later warp
//     collectives run in warps that stayed whole;
//   - a single thread leaves (sExit, anywhere in the body but in a
//     uniform loop) only in the body's last third, and then no barrier or
//     warp collective follows (noSync);
//   - a uniform loop (sULoop) runs the same trips in every thread of the
//     CTA, so that its exchanges' barriers meet; no break or continue of
//     its own;
//   - a helper returns early (sReturn): control flow only.
func (g *gen) exit(top bool) *Stmt {
	if !g.fn.IsBody {
		if g.r.IntN(8) != 0 {
			return nil
		}
		if g.r.IntN(3) == 0 {
			// The thread ends inside a call (PTX exit in a .func): its
			// callers are exiting too, and the body calls them only
			// where a single thread may leave.
			g.fn.Exits = true
			return &Stmt{Kind: sExit, Cond: g.cond(), Field: 1}
		}
		s := &Stmt{Kind: sReturn, Cond: g.cond()}
		if g.fn.Ret.K == Struct {
			v := g.structVar(g.fn.Ret.S)
			if v == nil {
				return nil
			}
			s.E = &Expr{Op: "var", T: v.T, V: v}
		} else {
			s.E = g.expr(g.fn.Ret.K, 2)
		}
		return s
	}
	switch c := g.r.IntN(16); {
	case c == 0 && g.late && g.uloop == nil:
		g.noSync = true
		return &Stmt{Kind: sExit, Cond: g.cond(), Field: g.r.IntN(2)}
	case c == 1 && top:
		return g.uniformExit()
	case c < 4 && top && g.uloop == nil && !g.noSync && !g.partial:
		return g.uniformLoop()
	case c == 4 && top && g.uloop == nil && !g.noSync:
		g.partial = true
		x := g.partialPure()
		return &Stmt{Kind: sExitP, X: x, Pure: g.pureName(x)}
	}
	return nil
}

// partialPure adds the value a partial warp's exit reads (& 3u, 0 to
// leave): one lane in four, the lower half of each warp, one lane, or a
// random function of the thread's index and inputs. A pure function of
// the thread, so that the lanes that stay are known to every thread.
func (g *gen) partialPure() int {
	return g.pickPure(
		func() string { return fmt.Sprintf("((t & 3u) ^ %du)", g.r.IntN(4)) },
		func() string { return "((t >> 4) & 1u)" },
		func() string { return fmt.Sprintf("((t & 31u) == %du ? 0u : 1u)", g.r.IntN(32)) })
}

// pickPure adds, as a pure value, one of syms' expressions of the
// thread's index t or, as often as each of them, a random pure
// expression, and returns its index.
func (g *gen) pickPure(syms ...func() string) int {
	var x *Expr
	if k := g.r.IntN(len(syms) + 1); k < len(syms) {
		x = &Expr{Op: "raw", T: Ty{K: U32}, Sym: syms[k]()}
	} else {
		x = g.pureExpr()
	}
	g.pure(x)
	return len(g.p.Pure) - 1
}

// uniformExit is a whole warp's (or a whole CTA's) return: the
// condition is a pure function of its first thread (UNI), compared with
// 0 or, in a uniform loop, with the trip (the warp leaves in that trip).
func (g *gen) uniformExit() *Stmt {
	x := g.exitPure()
	s := &Stmt{Kind: sExitU, X: x, Pure: g.pureName(x), Field: 31, Loop: g.uloop}
	if g.r.IntN(4) == 0 {
		s.Field = g.ctaMask()
	}
	if g.r.IntN(3) == 0 {
		// Work before the return, diverging in the warp that leaves; a
		// thread that leaves in it leaves with its warp in any case.
		noSync := g.noSync
		s.Then = g.block(1 + g.r.IntN(3))
		g.noSync = noSync
	}
	return s
}

// exitPure adds the value a uniform exit or trip count reads (& 3u): one
// warp of the four, every CTA's trailing warp, one CTA, or a random
// function of the first thread's index and inputs.
func (g *gen) exitPure() int {
	cta := 6 // log2 of the CTA's pitch
	if g.cfg.Shapes {
		cta = bits.Len(uint(g.p.Launch().P())) - 1
	}
	return g.pickPure(
		func() string { return fmt.Sprintf("((t >> 5) ^ %du)", g.r.IntN(4)) },
		func() string { return "(((t >> 5) & 1u) ^ 1u)" },
		func() string { return fmt.Sprintf("((t >> %d) ^ %du)", cta, g.r.IntN(2)) })
}

// ctaMask is the mask UNI takes for the CTA's first thread: 63, or the
// pitch less 1 under Config.Shapes.
func (g *gen) ctaMask() int {
	if g.cfg.Shapes {
		return g.p.Launch().P() - 1
	}
	return 63
}

// uniformLoop is a loop every thread of the CTA runs the same number of
// times (a constant, or a pure function of the CTA's first thread), with
// exchanges (barriers inside a loop) and warp exits at its top level.
func (g *gen) uniformLoop() *Stmt {
	g.nvar++
	lv := &Var{Name: fmt.Sprintf("j%d", g.nvar), T: Ty{K: U32}, Loop: true}
	s := &Stmt{Kind: sULoop, Loop: lv, X: -1, Field: 1 + g.r.IntN(3)}
	if g.r.IntN(2) == 0 {
		s.X, s.Field = g.exitPure(), 0
		s.Pure = g.pureName(s.X)
		if g.cfg.Shapes {
			s.Field = g.ctaMask()
		}
	}
	loops, mark := g.loops, len(g.scope)
	g.loops, g.uloop = 0, lv // a continue here would skip barriers
	g.scope = append(g.scope, lv)
	g.nest++
	for i, n := 0, 2+g.r.IntN(4); i < n; i++ {
		switch c := g.r.IntN(8); {
		case c < 3:
			if x := g.exchangeAssign(); x != nil {
				s.Then = append(s.Then, x)
				continue
			}
		case c == 3:
			s.Then = append(s.Then, g.uniformExit())
			continue
		}
		if x := g.stmt(false); x != nil {
			s.Then = append(s.Then, x)
		}
	}
	g.nest--
	g.scope = g.scope[:mark]
	g.loops, g.uloop = loops, nil
	return s
}

// exchangeAssign folds an exchange into an integer variable: v = v ^ X.
func (g *gen) exchangeAssign() *Stmt {
	v := g.pickVar(func(v *Var) bool { return v.N == 0 && v.T.K.isInt() && v.T.K != Struct && !v.Loop })
	if v == nil {
		return nil
	}
	x := &Expr{Op: "bin", T: Ty{K: U32}, Sym: "^", A: []*Expr{g.convert(&Expr{Op: "var", T: v.T, V: v}, U32), g.exchangeExpr()}}
	return &Stmt{Kind: sAssign, V: v, E: g.convert(x, v.T.K)}
}

// bitsKind is the unsigned kind of a float kind's bits.
var bitsKind = map[Kind]Kind{F16: U16, F32: U32, F64: U64}

// atomOps are the read-modify-writes of each kind (prelude: atom_OP_KIND,
// CUDA's atomic functions on the GPU, the same operation in C on the
// host).
var atomOps = map[Kind][]string{
	U32: {"add", "sub", "min", "max", "and", "or", "xor", "exch", "cas", "inc", "dec"},
	S32: {"add", "min", "max"},
	U64: {"add", "max", "xor", "cas"},
	S64: {"min"},
	F32: {"add"},
	F64: {"add"},
}

// atomic is a read-modify-write of this thread's element of a shared or
// global variable (Config.Atomics), its old value assigned to a scalar
// or dropped.
func (g *gen) atomic() *Stmt {
	v := g.pickVar(func(v *Var) bool { return v.Space != spLocal && v.T.K != Struct && atomOps[v.T.K] != nil })
	if v == nil {
		return nil
	}
	k := v.T.K
	ops := atomOps[k]
	op := ops[g.r.IntN(len(ops))]
	addr := &Expr{Op: "addr", T: v.T, V: v}
	if v.N > 0 {
		addr.A = []*Expr{g.expr(g.intKind(), 1)}
	}
	sym := fmt.Sprintf("atom_%s_%s", op, k)
	if k == F32 && op == "add" && v.Space == spShared {
		sym += "_shared" // keeps subnormals, where global memory's flushes them
	}
	e := &Expr{Op: "atom", T: Ty{K: k}, Sym: sym, A: []*Expr{addr}}
	if op == "cas" {
		e.A = append(e.A, g.expr(k, 1))
	}
	e.A = append(e.A, g.expr(k, 2))
	if r := g.pickVar(func(r *Var) bool { return r.N == 0 && r.T.K != Struct && !r.Loop }); r != nil && g.r.IntN(3) != 0 {
		return &Stmt{Kind: sAssign, V: r, E: g.convertRead(e, r.T.K)}
	}
	return &Stmt{Kind: sExpr, E: e}
}

// xredModes are the collectives over a warp (vote, redux.sync, match) or
// the CTA (atomics on a shared or global counter between __syncthreads)
// that XRED(mode, f) computes of f(t, in) over the threads.
var xredModes = []string{"ballot", "any", "all", "uni", "matchany", "redadd", "redumax", "redor",
	"atomadd", "atommin", "atommax", "atommaxs", "atomand", "atomor", "atomxor", "atomaddg"}

// spaceDecl declares a scalar, struct or array of the body in shared or
// global memory (Config.Spaces).
func (g *gen) spaceDecl() *Stmt {
	var s *Stmt
	switch c := g.r.IntN(4); {
	case c == 0 && len(g.p.Structs) > 0:
		st := g.p.Structs[g.r.IntN(len(g.p.Structs))]
		v := g.newVar(Ty{K: Struct, S: st}, 0)
		if w := g.structVar(st); w != nil && g.r.IntN(3) == 0 {
			s = &Stmt{Kind: sDecl, V: v, E: &Expr{Op: "var", T: w.T, V: w}}
		} else {
			s = g.structDecl(v)
		}
	case c == 1 && g.cfg.Arrays:
		k := g.scalarKind()
		n := []int{2, 3, 4, 5, 8}[g.r.IntN(5)]
		s = &Stmt{Kind: sDecl, V: g.newVar(Ty{K: k}, n)}
		for i := 0; i < n; i++ {
			s.Init = append(s.Init, g.expr(k, 1))
		}
	default:
		k := g.scalarKind()
		s = &Stmt{Kind: sDecl, V: g.newVar(Ty{K: k}, 0), E: g.expr(k, 1+g.r.IntN(3))}
	}
	s.V.Space = spShared
	if g.cfg.Shapes {
		s.V.Pitch = g.p.Launch().P()
	}
	if g.r.IntN(2) == 0 {
		s.V.Space = spGlobal
		s.V.Name = g.p.Name + "_" + s.V.Name // file scope: one name per batch
	}
	return g.declare(s)
}

// block writes statements in a nested scope (no declarations).
func (g *gen) block(n int) []*Stmt {
	mark := len(g.scope)
	g.nest++
	s := g.stmts(n, false)
	g.nest--
	g.scope = g.scope[:mark]
	return s
}

// recurse is a helper's call of itself one level down, under d > 0.
func (g *gen) recurse(f *Func) *Stmt {
	e := g.callArgs(f)
	if e == nil {
		return nil
	}
	e.A[0] = &Expr{Op: "raw", T: Ty{K: U32}, Sym: f.Depth.Name + " - 1u"}
	var v *Var
	if f.Ret.K == Struct {
		v = g.structVar(f.Ret.S)
	} else {
		v = g.pickVar(func(v *Var) bool { return v.N == 0 && v.T.K == f.Ret.K && !v.Loop })
	}
	if v == nil {
		return nil
	}
	return &Stmt{Kind: sRecurse, V: v, E: e, Loop: f.Depth}
}

// callArgs builds a call of f from what is in scope (nil when a struct or
// pointer argument finds no variable).
func (g *gen) callArgs(f *Func) *Expr {
	e := &Expr{Op: "call", T: f.Ret, Sym: f.Name}
	for _, p := range f.Params {
		if p == f.Depth {
			e.A = append(e.A, &Expr{Op: "raw", T: Ty{K: U32}, Sym: "((u32)" + g.leaf(g.intKind()).String() + " & 3u)"})
			continue
		}
		if p.Ptr {
			v := g.pickVar(func(v *Var) bool { return v.T.K == p.T.K && !v.Loop })
			if v == nil {
				return nil
			}
			switch {
			case v.N > 0:
				e.A = append(e.A, &Expr{Op: "addr", T: p.T, V: v, A: []*Expr{g.expr(g.intKind(), 1)}})
			case v.Ptr:
				e.A = append(e.A, &Expr{Op: "raw", T: p.T, Sym: v.Name})
			default:
				e.A = append(e.A, &Expr{Op: "addr", T: p.T, V: v})
			}
			continue
		}
		if p.T.K == Struct {
			v := g.structVar(p.T.S)
			if v == nil {
				return nil
			}
			e.A = append(e.A, &Expr{Op: "var", T: v.T, V: v})
			continue
		}
		e.A = append(e.A, g.argLeaf(p.T.K))
	}
	return e
}

func (g *gen) call(top bool) *Stmt {
	f := g.callee[g.r.IntN(len(g.callee))]
	if f.Exits {
		// Ends the thread maybe: a single thread's exit (see exit).
		if !g.fn.IsBody {
			g.fn.Exits = true
		} else if !g.late || g.uloop != nil {
			return nil
		}
	}
	e := g.callArgs(f)
	if e == nil {
		return nil
	}
	if f.Exits && g.fn.IsBody {
		g.noSync = true
	}
	if top && g.r.IntN(2) == 0 {
		return g.declare(&Stmt{Kind: sDecl, V: g.newVar(f.Ret, 0), E: e})
	}
	var v *Var
	if f.Ret.K == Struct {
		v = g.structVar(f.Ret.S)
	} else {
		v = g.pickVar(func(v *Var) bool { return v.N == 0 && v.T.K != Struct && !v.Loop })
		if v != nil && v.T.K != f.Ret.K {
			e = g.convertRead(e, v.T.K)
		}
	}
	if v == nil {
		if !top {
			return nil
		}
		return g.declare(&Stmt{Kind: sDecl, V: g.newVar(f.Ret, 0), E: e})
	}
	return &Stmt{Kind: sCall, V: v, E: e}
}

// argLeaf is a call argument: a variable (converted), never a constant, so
// that interprocedural constant propagation cannot fold float compares
// into the pattern clang 14 gets wrong.
func (g *gen) argLeaf(k Kind) *Expr {
	if v := g.pickVar(func(v *Var) bool { return v.N == 0 && v.T.K != Struct }); v != nil {
		return g.convert(&Expr{Op: "var", T: v.T, V: v}, k)
	}
	if !g.fn.IsBody {
		return g.constant(k)
	}
	return g.convert(&Expr{Op: "tid", T: Ty{K: U32}}, k)
}

func (g *gen) intKind() Kind { return Kind(g.r.IntN(8)) }

// cond is an int-valued condition: a compare or a variable.
func (g *gen) cond() *Expr {
	if g.r.IntN(4) == 0 {
		return g.leaf(g.intKind())
	}
	return g.cmp(2)
}

func (g *gen) cmp(depth int) *Expr {
	k := g.scalarKind()
	ops := []string{"==", "!=", "<", "<=", ">", ">="}
	e := &Expr{Op: "cmp", T: Ty{K: S32}, Sym: ops[g.r.IntN(len(ops))]}
	for i := 0; i < 3; i++ {
		if k.isFloat() {
			// Float constants never enter a compare (see the file comment).
			e.A = []*Expr{g.nonConst(k, depth-1), g.nonConst(k, depth-1)}
		} else {
			e.A = []*Expr{g.expr(k, depth-1), g.expr(k, depth-1)}
		}
		if !e.A[0].same(e.A[1]) {
			break // a variable against itself says little
		}
	}
	return e
}

func (g *gen) nonConst(k Kind, depth int) *Expr {
	for i := 0; i < 10; i++ {
		e := g.expr(k, depth)
		if !e.hasConst() {
			return e
		}
	}
	return g.argLeaf(k)
}

func (e *Expr) hasConst() bool {
	if e.Op == "const" {
		return true
	}
	for _, a := range e.A {
		if a.hasConst() {
			return true
		}
	}
	return false
}

// convert turns e into kind k: a cast, guarded from float to integer.
func (g *gen) convert(e *Expr, k Kind) *Expr {
	if e.T.K == k {
		return e
	}
	if e.T.K.isFloat() && k.isInt() {
		if e.Op != "var" && e.Op != "const" {
			// The guard reads its operand three times: keep it a leaf.
			return &Expr{Op: "const", T: Ty{K: k}, C: 0}
		}
		return &Expr{Op: "fcast", T: Ty{K: k}, A: []*Expr{e}}
	}
	if k == F16 && e.T.K.isInt() {
		// Through float: clang 14 converts a 16-bit integer to __fp16 as
		// a no-op, keeping the integer's bits (the frontend sees two i16
		// types), where 8- and 32-bit ones go through float.
		e = &Expr{Op: "cast", T: Ty{K: F32}, A: []*Expr{e}}
	}
	return &Expr{Op: "cast", T: Ty{K: k}, A: []*Expr{e}}
}

var intEdges = []uint64{0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff,
	0x10000, 0x7fffffff, 0x80000000, 0xffffffff, 0x100000000, 0x7fffffffffffffff, 0x8000000000000000, 0xffffffffffffffff,
	0xfffffffffffffffe, 0xffffffff80000000, 0xffffffffffff8000, 0xffffffffffffff80}

// f16Consts are half bit patterns: zeros, ones, 0.5, the largest finite,
// the smallest normal and subnormal, 0.1 rounded, 2049 (rounds to 2048 or
// 2050 from float: not representable, so written as 2048), 255.5, -128.5.
var f16Consts = []uint16{0, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x7bff, 0xfbff, 0x0400, 0x0001, 0x8001, 0x2e66, 0x6800, 0x5bfc, 0xd804}

// h2f is a half's value as a float32 (exact).
func h2f(h uint16) float32 {
	sign := float32(1)
	if h&0x8000 != 0 {
		sign = -1
	}
	e, m := int(h>>10&0x1f), float64(h&0x3ff)
	switch e {
	case 0:
		return sign * float32(math.Ldexp(m, -24))
	case 0x1f:
		if m == 0 {
			return sign * float32(math.Inf(1))
		}
		return float32(math.NaN())
	}
	return sign * float32(math.Ldexp(1024+m, e-25))
}

var f32Consts = []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, -2.25, 3, 0.1, 1e10, -1e-10, 65504, 16777217,
	1.17549435e-38, 1.4e-45, 3.4028235e38, -3.4028235e38, 2147483648, 4294967296, 9.2233720e18, 1.8446744e19, 255.5, -128.5}
var f64Consts = []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -2.25, 3, 0.1, 1e10, -1e-10, 1e300, -1e-300, 2.2250738585072014e-308,
	5e-324, 1.7976931348623157e308, 9007199254740993, 2147483648, 4294967295.5, 9.223372036854775807e18,
	1.8446744073709551615e19, 255.5, -128.5, -2147483648.5}

func (g *gen) constant(k Kind) *Expr {
	e := &Expr{Op: "const", T: Ty{K: k}}
	switch k {
	case F16:
		if g.r.IntN(3) == 0 {
			h := uint64(g.r.Uint32() & 0xffff)
			if h&0x7c00 == 0x7c00 {
				h &^= 0x4000 // finite: infinities and NaNs come from the inputs
			}
			e.C = h
		} else {
			e.C = uint64(f16Consts[g.r.IntN(len(f16Consts))])
		}
	case F32:
		if g.r.IntN(3) == 0 {
			e.C = uint64(math.Float32bits(float32(g.r.NormFloat64() * math.Pow(10, float64(g.r.IntN(20)-10)))))
		} else {
			e.C = uint64(math.Float32bits(f32Consts[g.r.IntN(len(f32Consts))]))
		}
	case F64:
		if g.r.IntN(3) == 0 {
			e.C = math.Float64bits(g.r.NormFloat64() * math.Pow(10, float64(g.r.IntN(40)-20)))
		} else {
			e.C = math.Float64bits(f64Consts[g.r.IntN(len(f64Consts))])
		}
	default:
		switch g.r.IntN(3) {
		case 0:
			e.C = g.r.Uint64()
		case 1:
			e.C = uint64(g.r.IntN(100))
		default:
			e.C = intEdges[g.r.IntN(len(intEdges))]
		}
		if k.bits() < 64 {
			e.C &= 1<<k.bits() - 1
		}
	}
	return e
}

// leaf is a variable, constant, thread index or input of kind k.
func (g *gen) leaf(k Kind) *Expr {
	switch c := g.r.IntN(10); {
	case c < 6:
		v := g.pickVar(func(v *Var) bool { return v.N == 0 && v.T.K == k })
		if v == nil || g.r.IntN(4) == 0 {
			v = g.pickVar(func(v *Var) bool { return v.N == 0 && v.T.K != Struct })
		}
		if v != nil {
			return g.convert(&Expr{Op: "var", T: v.T, V: v}, k)
		}
	case c < 8:
		return g.constant(k)
	case c == 8 && g.fn.IsBody:
		return g.convert(&Expr{Op: "tid", T: Ty{K: U32}}, k)
	}
	if !g.fn.IsBody {
		// Helpers see their parameters only.
		return g.constant(k)
	}
	return g.input(k, g.r.IntN(NIn))
}

// input reads input i as kind k (floats from its bits).
func (g *gen) input(k Kind, i int) *Expr {
	in := &Expr{Op: "in", T: Ty{K: U64}, C: uint64(i)}
	switch k {
	case F16:
		return &Expr{Op: "fbits", T: Ty{K: F16}, A: []*Expr{{Op: "cast", T: Ty{K: U16}, A: []*Expr{in}}}}
	case F32:
		return &Expr{Op: "fbits", T: Ty{K: F32}, A: []*Expr{{Op: "cast", T: Ty{K: U32}, A: []*Expr{in}}}}
	case F64:
		return &Expr{Op: "fbits", T: Ty{K: F64}, A: []*Expr{in}}
	}
	return g.convert(in, k)
}

// varLeaf is a leaf that reads its operand once: a variable or constant
// (for operands that an expression reads more than once).
func (g *gen) varLeaf(k Kind) *Expr {
	v := g.pickVar(func(v *Var) bool { return v.N == 0 && v.T.K == k })
	if v == nil || g.r.IntN(3) == 0 {
		return g.constant(k)
	}
	return &Expr{Op: "var", T: v.T, V: v}
}

func (g *gen) expr(k Kind, depth int) *Expr {
	if depth <= 0 || g.r.IntN(4) == 0 {
		return g.leaf(k)
	}
	t := Ty{K: k}
	if g.cfg.Intrin && k != F16 && g.r.IntN(6) == 0 {
		return g.intrin(k, depth, intrinOps)
	}
	if g.cfg.Intrin19 && g.r.IntN(6) == 0 {
		return g.intrin(k, depth, intrin19Ops)
	}
	if g.cfg.Carry && k.isInt() && g.r.IntN(6) == 0 {
		return g.intrin(k, depth, carryOps)
	}
	if g.cfg.Round && k.isFloat() && k != F16 && g.r.IntN(6) == 0 {
		return g.intrin(k, depth, roundOps)
	}
	if g.cfg.RO && k != F16 && g.r.IntN(8) == 0 {
		return g.intrin(k, depth, roOps)
	}
	if g.cfg.Asm && k != F16 && g.r.IntN(6) == 0 {
		return g.intrin(k, depth, asmOps)
	}
	if g.cfg.Cvt && k != F16 && g.r.IntN(6) == 0 {
		return g.cvt(k, depth)
	}
	if g.cfg.Half2 && k.isInt() && g.r.IntN(5) == 0 {
		return g.intrin(k, depth, half2Ops)
	}
	if g.cfg.AtomX && k.isInt() && g.r.IntN(6) == 0 {
		return g.intrin(k, depth, atomxOps)
	}
	if g.cfg.IntX && k.isInt() && g.r.IntN(5) == 0 {
		return g.intrin(k, depth, intxOps)
	}
	if g.cfg.SM90 && k.isInt() && g.r.IntN(5) == 0 {
		return g.intrin(k, depth, sm90Ops)
	}
	if g.cfg.HSetp && k.isInt() && g.r.IntN(6) == 0 {
		return g.intrin(k, depth, hsetpOps)
	}
	if g.cfg.Approx && k.isFloat() && k != F16 && g.r.IntN(5) == 0 {
		return g.approx(k, depth)
	}
	if k.isFloat() {
		switch c := g.r.IntN(14); {
		case c < 5:
			ops := []string{"+", "-", "*", "/"}
			return &Expr{Op: "bin", T: t, Sym: ops[g.r.IntN(4)], A: []*Expr{g.expr(k, depth-1), g.expr(k, depth-1)}}
		case c == 5:
			return &Expr{Op: "un", T: t, Sym: []string{"-", "fabs", "sqrt"}[g.r.IntN(3)], A: []*Expr{g.expr(k, depth-1)}}
		case c == 6:
			return &Expr{Op: "bi", T: t, Sym: "fma", A: []*Expr{g.expr(k, depth-1), g.expr(k, depth-1), g.expr(k, depth-1)}}
		case c == 7:
			return g.convert(g.expr(g.intKind(), depth-1), k)
		case c == 8:
			o := F32
			if k == F32 {
				o = F64
			}
			if k == F16 {
				o = []Kind{F32, F64}[g.r.IntN(2)]
			} else if g.cfg.Half && g.r.IntN(3) == 0 {
				o = F16
			}
			return g.convert(g.expr(o, depth-1), k)
		case c == 9:
			return &Expr{Op: "fbits", T: t, A: []*Expr{g.expr(bitsKind[k], depth-1)}}
		case c == 10:
			return g.sel(k, depth)
		case c == 11:
			if e := g.memRead(k, depth); e != nil {
				return e
			}
		}
		return g.leaf(k)
	}
	if g.cfg.Wide && g.r.IntN(10) == 0 {
		return g.wide(k, depth)
	}
	switch c := g.r.IntN(24); {
	case c < 6:
		ops := []string{"+", "-", "*", "&", "|", "^"}
		return &Expr{Op: "bin", T: t, Sym: ops[g.r.IntN(len(ops))], A: []*Expr{g.expr(k, depth-1), g.expr(k, depth-1)}}
	case c < 8:
		mask := uint64(k.wideBits() - 1)
		if g.r.IntN(2) == 0 {
			mask = uint64(k.bits() - 1)
		}
		op := "shl"
		if c == 7 {
			op = "shr"
		}
		return &Expr{Op: op, T: t, C: mask, A: []*Expr{g.expr(k, depth-1), g.expr(g.intKind(), depth-1)}}
	case c == 8:
		return &Expr{Op: "div", T: t, Sym: []string{"/", "%"}[g.r.IntN(2)], A: []*Expr{g.varLeaf(k), g.varLeaf(k)}}
	case c == 9:
		return &Expr{Op: "un", T: t, Sym: []string{"-", "~"}[g.r.IntN(2)], A: []*Expr{g.expr(k, depth-1)}}
	case c < 12:
		return g.convert(g.cmp(depth), k)
	case c == 12:
		return g.sel(k, depth)
	case c == 13:
		return g.convert(g.expr(g.intKind(), depth-1), k)
	case c == 14 && g.cfg.Floats:
		return g.convert(g.varLeaf(g.floatKind()), k)
	case c == 15 && g.cfg.Floats:
		f := g.floatKind()
		return g.convert(&Expr{Op: "bits", T: Ty{K: bitsKind[f]}, A: []*Expr{g.expr(f, depth-1)}}, k)
	case c == 16:
		w := []Kind{U32, U64}[g.r.IntN(2)]
		name := []string{"popc", "clz", "ctz", "bswap"}[g.r.IntN(4)]
		var a *Expr
		if name == "clz" || name == "ctz" {
			a = g.varLeaf(w)
		} else {
			a = g.convert(g.expr(g.intKind(), depth-1), w)
		}
		return g.convert(&Expr{Op: "bi", T: Ty{K: w}, Sym: name, A: []*Expr{a}}, k)
	case c == 17:
		// A 64-bit rotate by a variable amount is out: clang 14 drops the
		// source's mask of the amount (shl.b64 by the raw amount, which PTX
		// clamps), see the file comment.
		w := []Kind{U32, U64}[g.r.IntN(2)]
		n := g.varLeaf(g.intKind())
		if w == U64 {
			n = g.constant(g.intKind())
		}
		return g.convert(&Expr{Op: "rot", T: Ty{K: w}, Sym: []string{"l", "r"}[g.r.IntN(2)], A: []*Expr{g.varLeaf(w), n}}, k)
	case c == 18:
		w := []Kind{U32, S32}[g.r.IntN(2)]
		return g.convert(&Expr{Op: "mulhi", T: Ty{K: w}, A: []*Expr{g.convert(g.expr(g.intKind(), depth-1), w), g.convert(g.expr(g.intKind(), depth-1), w)}}, k)
	case c < 21:
		if e := g.memRead(k, depth); e != nil {
			return e
		}
	}
	return g.leaf(k)
}

// wideOps are the 128-bit expressions of Config.Wide (Expr.Sym of a
// "wide" expression), each of 64-bit operands with a 64-bit result.
var wideOps = []string{"mulhi", "smulhi", "addhi", "subhi", "shr", "shl", "mulshr", "lt", "slt"}

// wide is one 128-bit expression converted to k.
func (g *gen) wide(k Kind, depth int) *Expr {
	op := wideOps[g.r.IntN(len(wideOps))]
	w := U64
	if op == "smulhi" || op == "slt" {
		w = S64
	}
	n := map[string]int{"mulhi": 2, "smulhi": 2, "addhi": 3, "subhi": 2, "shr": 3, "shl": 3, "mulshr": 3, "lt": 4, "slt": 4}[op]
	e := &Expr{Op: "wide", T: Ty{K: w}, Sym: op}
	for i := 0; i < n; i++ {
		if (op == "shr" || op == "shl" || op == "mulshr") && i == n-1 {
			e.A = append(e.A, g.convert(g.expr(g.intKind(), depth-1), U32))
			continue
		}
		e.A = append(e.A, g.convert(g.expr(g.intKind(), depth-1), w))
	}
	return g.convert(e, k)
}

// floatKind is float or double, or half a third of the time with
// Config.Half.
func (g *gen) floatKind() Kind {
	f := []Kind{F32, F64}[g.r.IntN(2)]
	if g.cfg.Half && g.r.IntN(3) == 0 {
		f = F16
	}
	return f
}

// sel is a select. For a float result the compare's operands are never
// the selected values themselves (clang 14's fold, see the file comment).
func (g *gen) sel(k Kind, depth int) *Expr {
	c := g.cmp(depth - 1)
	x, y := g.expr(k, depth-1), g.expr(k, depth-1)
	if k.isFloat() {
		for _, a := range c.A {
			if a.same(x) || a.same(y) {
				c = g.convert(g.expr(g.intKind(), depth-1), S32)
				break
			}
		}
	}
	return &Expr{Op: "sel", T: Ty{K: k}, A: []*Expr{c, x, y}}
}

func (e *Expr) same(o *Expr) bool {
	return e.Op == "var" && o.Op == "var" && e.V == o.V
}

// memRead reads an array element or a struct field, converted to k.
func (g *gen) memRead(k Kind, depth int) *Expr {
	v := g.pickVar(func(v *Var) bool { return v.N > 0 || v.T.K == Struct })
	if v == nil {
		return nil
	}
	if v.N > 0 {
		e := &Expr{Op: "elem", T: Ty{K: v.T.K}, V: v, A: []*Expr{g.expr(g.intKind(), depth-1)}}
		return g.convertRead(e, k)
	}
	f := g.r.IntN(len(v.T.S.Fields))
	return g.convertRead(&Expr{Op: "field", T: Ty{K: v.T.S.Fields[f]}, V: v, C: uint64(f)}, k)
}

func (g *gen) convertRead(e *Expr, k Kind) *Expr {
	if e.T.K.isFloat() && k.isInt() {
		return g.convert(&Expr{Op: "bits", T: Ty{K: bitsKind[e.T.K]}, A: []*Expr{e}}, k)
	}
	return g.convert(e, k)
}

// ---- printing ----

func (e *Expr) String() string {
	var b strings.Builder
	e.write(&b)
	return b.String()
}

func constText(k Kind, c uint64) string {
	switch k {
	case F16:
		return "(h16)" + strconv.FormatFloat(float64(h2f(uint16(c))), 'e', -1, 32) + "f"
	case F32:
		return strconv.FormatFloat(float64(math.Float32frombits(uint32(c))), 'e', -1, 32) + "f"
	case F64:
		return strconv.FormatFloat(math.Float64frombits(c), 'e', -1, 64)
	case U64, S64:
		return fmt.Sprintf("(%s)0x%xull", k, c)
	}
	return fmt.Sprintf("(%s)0x%xu", k, c)
}

// intMin is the most negative value of a signed kind, as C text.
func intMin(k Kind) string {
	if k == S64 {
		return "(s64)0x8000000000000000ull"
	}
	return "(s32)0x80000000u"
}

// guard bounds: the open interval of doubles whose truncation fits k.
var fcastBounds = map[Kind][2]string{
	U8: {"-1.0", "256.0"}, S8: {"-129.0", "128.0"}, U16: {"-1.0", "65536.0"}, S16: {"-32769.0", "32768.0"},
	U32: {"-1.0", "4294967296.0"}, S32: {"-2147483649.0", "2147483648.0"},
	U64: {"-1.0", "18446744073709551616.0"},
}

func (e *Expr) write(b *strings.Builder) {
	p := func(s string) { b.WriteString(s) }
	k := e.T.K
	switch e.Op {
	case "var":
		p(e.V.ref())
	case "raw":
		p(e.Sym)
	case "addr":
		if e.V.N > 0 {
			fmt.Fprintf(b, "&%s[(u32)", e.V.lv())
			e.A[0].write(b)
			fmt.Fprintf(b, " %% %du]", e.V.N)
			return
		}
		p("&" + e.V.lv())
	case "const":
		p(constText(k, e.C))
	case "tid":
		p("t")
	case "in":
		fmt.Fprintf(b, "in[%d]", e.C)
	case "bin":
		if k == F16 {
			p("(h16)((float)")
			e.A[0].write(b)
			p(" " + e.Sym + " (float)")
			e.A[1].write(b)
			p(")")
			return
		}
		if k.isFloat() {
			p("(")
			e.A[0].write(b)
			p(" " + e.Sym + " ")
			e.A[1].write(b)
			p(")")
			return
		}
		fmt.Fprintf(b, "(%s)((%s)", k, k.wide())
		e.A[0].write(b)
		fmt.Fprintf(b, " %s (%s)", e.Sym, k.wide())
		e.A[1].write(b)
		p(")")
	case "shl":
		fmt.Fprintf(b, "(%s)((%s)", k, k.wide())
		e.A[0].write(b)
		p(" << ((u32)")
		e.A[1].write(b)
		fmt.Fprintf(b, " & %du))", e.C)
	case "shr":
		w := k.wide()
		if k.isSigned() {
			w = k.wideSigned()
		}
		fmt.Fprintf(b, "(%s)((%s)", k, w)
		e.A[0].write(b)
		p(" >> ((u32)")
		e.A[1].write(b)
		fmt.Fprintf(b, " & %du))", e.C)
	case "div":
		// Operands are leaves: reading them twice is cheap and pure.
		x, y := e.A[0].String(), e.A[1].String()
		if k.isSigned() && k.bits() >= 32 {
			fmt.Fprintf(b, "(%s)((%s == 0 || (%s == %s && %s == -1)) ? %s : (%s)(%s %s %s))", k, y, x, intMin(k), y, x, k, x, e.Sym, y)
		} else {
			fmt.Fprintf(b, "(%s)(%s == 0 ? %s : (%s)(%s %s %s))", k, y, x, k, x, e.Sym, y)
		}
	case "un":
		switch {
		case k == F16 && e.Sym == "-":
			p("(h16)(- (float)")
			e.A[0].write(b)
			p(")")
		case k == F16:
			p("(h16)__builtin_" + e.Sym + "f((float)")
			e.A[0].write(b)
			p(")")
		case k.isFloat() && e.Sym == "-":
			p("(- ")
			e.A[0].write(b)
			p(")")
		case k.isFloat():
			name := "__builtin_" + e.Sym
			if k == F32 {
				name += "f"
			}
			p(name + "(")
			e.A[0].write(b)
			p(")")
		case e.Sym == "-":
			fmt.Fprintf(b, "(%s)(0u - (%s)", k, k.wide())
			e.A[0].write(b)
			p(")")
		default:
			fmt.Fprintf(b, "(%s)~(%s)", k, k.wide())
			e.A[0].write(b)
		}
	case "cmp":
		p("(")
		e.A[0].write(b)
		p(" " + e.Sym + " ")
		e.A[1].write(b)
		p(")")
	case "sel":
		fmt.Fprintf(b, "(%s)(", k)
		e.A[0].write(b)
		p(" ? ")
		e.A[1].write(b)
		p(" : ")
		e.A[2].write(b)
		p(")")
	case "cast":
		fmt.Fprintf(b, "(%s)", k)
		e.A[0].write(b)
	case "fcast":
		x := e.A[0].String()
		if k == S64 {
			fmt.Fprintf(b, "(s64)((%s >= -9223372036854775808.0 && %s < 9223372036854775808.0) ? (s64)%s : (s64)0)", x, x, x)
			return
		}
		bd := fcastBounds[k]
		fmt.Fprintf(b, "(%s)((%s > %s && %s < %s) ? (%s)%s : (%s)0)", k, x, bd[0], x, bd[1], k, x, k)
	case "bits":
		f := map[Kind]string{F16: "h2u", F32: "f2u", F64: "d2u"}[e.A[0].T.K]
		p(f + "(")
		e.A[0].write(b)
		p(")")
	case "fbits":
		f := map[Kind]string{F16: "u2h(", F32: "u2f(", F64: "u2d("}[k]
		p(f)
		e.A[0].write(b)
		p(")")
	case "bi":
		x := e.A[0]
		switch e.Sym {
		case "fma":
			name := "__builtin_fma"
			if k == F32 {
				name += "f"
			}
			if k == F16 {
				name = "(h16)__builtin_fmaf"
			}
			p(name + "(")
			for i, a := range e.A {
				if i > 0 {
					p(", ")
				}
				if k == F16 {
					p("(float)")
				}
				a.write(b)
			}
			p(")")
		case "popc", "bswap":
			name := map[string]string{"popc": "__builtin_popcount", "bswap": "__builtin_bswap32"}[e.Sym]
			if k == U64 {
				name = map[string]string{"popc": "__builtin_popcountll", "bswap": "__builtin_bswap64"}[e.Sym]
			}
			fmt.Fprintf(b, "(%s)%s(", k, name)
			x.write(b)
			p(")")
		case "clz", "ctz":
			name := "__builtin_" + e.Sym
			if k == U64 {
				name += "ll"
			}
			xs := x.String()
			fmt.Fprintf(b, "(%s)(%s == 0 ? (%s)%d : (%s)%s(%s))", k, xs, k, k.bits(), k, name, xs)
		}
	case "rot":
		// Both amounts masked: the idiom clang turns into a funnel shift
		// (the unmasked 64-bit form is clang 14's bug, kept out).
		x, n := e.A[0].String(), e.A[1].String()
		w := k.bits()
		l, r := "<<", ">>"
		if e.Sym == "r" {
			l, r = r, l
		}
		fmt.Fprintf(b, "(%s)((%s %s ((u32)%s & %du)) | (%s %s ((%du - ((u32)%s & %du)) & %du)))", k, x, l, n, w-1, x, r, w, n, w-1, w-1)
	case "intr":
		fmt.Fprintf(b, "I_%s(", e.Sym)
		for i, a := range e.A {
			if i > 0 {
				p(", ")
			}
			fmt.Fprintf(b, "(%s)", a.T.K)
			a.write(b)
		}
		p(")")
	case "mulhi":
		if k == S32 {
			p("(s32)(((s64)")
			e.A[0].write(b)
			p(" * (s64)")
			e.A[1].write(b)
			p(") >> 32)")
		} else {
			p("(u32)(((u64)")
			e.A[0].write(b)
			p(" * (u64)")
			e.A[1].write(b)
			p(") >> 32)")
		}
	case "xchg":
		if e.Shaped && ctaModes[e.Sym] {
			// Across a CTA whose slots may hold no thread (Config.Shapes).
			g, j := e.Gone, e.J
			if g == "" {
				g, j = "nogone", "0u"
			}
			fmt.Fprintf(b, "%s(%s, ", map[string]string{"cta": "XCHGS", "ctan": "XCHGNS"}[e.Sym], e.A[1])
			e.A[0].write(b)
			fmt.Fprintf(b, ", %s, %s)", g, j)
			return
		}
		if e.Sym == "ctan" {
			// Through named barrier 1 with the count of the threads that
			// stay (Config.Exit).
			g, j := e.Gone, e.J
			if g == "" {
				g, j = "nogone", "0u"
			}
			fmt.Fprintf(b, "XCHGN(%s, CTASRC(%s, ", e.A[1], g)
			e.A[0].write(b)
			fmt.Fprintf(b, ", %s), %s, %s)", j, g, j)
			return
		}
		if e.Gone != "" && !ctaModes[e.Sym] {
			// In a warp some lanes of which left: the lanes that stay.
			fmt.Fprintf(b, "XCHGM(%s, %s, ", e.Sym, e.A[1])
			e.A[0].write(b)
			fmt.Fprintf(b, ", %s, %s)", e.Gone, e.J)
			return
		}
		fmt.Fprintf(b, "XCHG(%s, %s, ", e.Sym, e.A[1])
		if e.Gone != "" {
			// A source thread that left gives way to this one.
			fmt.Fprintf(b, "CTASRC(%s, ", e.Gone)
			e.A[0].write(b)
			fmt.Fprintf(b, ", %s))", e.J)
			return
		}
		e.A[0].write(b)
		p(")")
	case "macro":
		p(scanArgs(e))
	case "xchgd":
		fmt.Fprintf(b, "%s(%s, %s, %s", e.Sym, e.A[0], e.A[1], e.A[2])
		for _, a := range e.A[3:] {
			p(", ")
			a.write(b)
		}
		p(")")
	case "xred":
		if e.Shaped && ctaModes[e.Sym] {
			g, j := e.Gone, e.J
			if g == "" {
				g, j = "nogone", "0u"
			}
			fmt.Fprintf(b, "XREDS(%s, %s, %s, %s)", e.Sym, e.A[0], g, j)
			return
		}
		if e.Gone != "" && !ctaModes[e.Sym] {
			fmt.Fprintf(b, "XREDM(%s, %s, %s, %s)", e.Sym, e.A[0], e.Gone, e.J)
			return
		}
		if e.Gone != "" {
			fmt.Fprintf(b, "XREDG(%s, %s, %s, %s)", e.Sym, e.A[0], e.Gone, e.J)
			return
		}
		fmt.Fprintf(b, "XRED(%s, %s)", e.Sym, e.A[0])
	case "wide":
		a := make([]string, len(e.A))
		for i, x := range e.A {
			a[i] = x.String()
		}
		switch e.Sym {
		case "mulhi":
			fmt.Fprintf(b, "(u64)(((u128)%s * (u128)%s) >> 64)", a[0], a[1])
		case "smulhi":
			fmt.Fprintf(b, "(s64)(((s128)%s * (s128)%s) >> 64)", a[0], a[1])
		case "addhi":
			fmt.Fprintf(b, "(u64)(((u128)%s + (u128)%s + (u128)%s) >> 64)", a[0], a[1], a[2])
		case "subhi":
			fmt.Fprintf(b, "(u64)(((u128)%s - (u128)%s) >> 64)", a[0], a[1])
		case "shr":
			fmt.Fprintf(b, "(u64)((((u128)%s << 64) | (u128)%s) >> ((u32)%s & 127u))", a[0], a[1], a[2])
		case "shl":
			fmt.Fprintf(b, "(u64)(((((u128)%s << 64) | (u128)%s) << ((u32)%s & 127u)) >> 64)", a[0], a[1], a[2])
		case "mulshr":
			fmt.Fprintf(b, "(u64)(((u128)%s * (u128)%s) >> ((u32)%s & 127u))", a[0], a[1], a[2])
		case "lt":
			fmt.Fprintf(b, "(u64)((((u128)%s << 64) | (u128)%s) < (((u128)%s << 64) | (u128)%s))", a[0], a[1], a[2], a[3])
		case "slt":
			// The high halves signed: (s128)hi << 64 would overflow.
			fmt.Fprintf(b, "(s64)(((s128)%s * ((s128)1 << 64) + (s128)(u128)(u64)%s) < ((s128)%s * ((s128)1 << 64) + (s128)(u128)(u64)%s))", a[0], a[1], a[2], a[3])
		}
	case "atom":
		p(e.Sym + "(")
		for i, a := range e.A {
			if i > 0 {
				p(", ")
			}
			a.write(b)
		}
		p(")")
	case "field":
		p(member(e.V, int(e.C)))
	case "elem":
		fmt.Fprintf(b, "%s[(u32)", e.V.lv())
		e.A[0].write(b)
		fmt.Fprintf(b, " %% %du]", e.V.N)
	case "call":
		p(e.Sym + "(")
		for i, a := range e.A {
			if i > 0 {
				p(", ")
			}
			a.write(b)
		}
		p(")")
	default:
		panic("BUG: difftest: unknown expression op " + e.Op)
	}
}

func writeStmts(b *strings.Builder, ss []*Stmt, ind string) {
	for _, s := range ss {
		writeStmt(b, s, ind)
	}
}

func writeStmt(b *strings.Builder, s *Stmt, ind string) {
	switch s.Kind {
	case sDecl:
		v := s.V
		if v.Space != spLocal {
			writeSpaceDecl(b, s, ind)
			return
		}
		switch {
		case v.N > 0:
			fmt.Fprintf(b, "%s%s %s[%d] = {", ind, v.T.C(), v.Name, v.N)
			for i, e := range s.Init {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(b, "(%s)(%s)", e.T.C(), e)
			}
			b.WriteString("};\n")
		case s.Init != nil:
			fmt.Fprintf(b, "%s%s %s = {", ind, v.T.C(), v.Name)
			for i, e := range s.Init {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(b, "(%s)(%s)", e.T.C(), e)
			}
			b.WriteString("};\n")
		default:
			fmt.Fprintf(b, "%s%s %s = %s;\n", ind, v.T.C(), v.Name, s.E)
		}
	case sAssign, sCall:
		fmt.Fprintf(b, "%s%s = %s;\n", ind, s.V.ref(), s.E)
	case sRecurse:
		fmt.Fprintf(b, "%sif (%s > 0u) {\n%s  %s = %s;\n%s}\n", ind, s.Loop.Name, ind, s.V.ref(), s.E, ind)
	case sSwitch:
		fmt.Fprintf(b, "%sswitch ((u32)%s %% %du) {\n", ind, s.Cond, len(s.Cases))
		for i, c := range s.Cases {
			if i == len(s.Cases)-1 {
				fmt.Fprintf(b, "%sdefault: {\n", ind)
			} else {
				fmt.Fprintf(b, "%scase %du: {\n", ind, i)
			}
			writeStmts(b, c, ind+"  ")
			fmt.Fprintf(b, "%s  break;\n%s}\n", ind, ind)
		}
		fmt.Fprintf(b, "%s}\n", ind)
	case sContinue:
		fmt.Fprintf(b, "%sif (%s) continue;\n", ind, s.Cond)
	case sStore:
		fmt.Fprintf(b, "%s%s[(u32)%s %% %du] = %s;\n", ind, s.V.lv(), s.Idx, s.V.N, s.E)
	case sField:
		fmt.Fprintf(b, "%s%s.m%d = %s;\n", ind, s.V.lv(), s.Field, s.E)
	case sIf:
		fmt.Fprintf(b, "%sif (%s) {\n", ind, s.Cond)
		writeStmts(b, s.Then, ind+"  ")
		if len(s.Else) > 0 {
			fmt.Fprintf(b, "%s} else {\n", ind)
			writeStmts(b, s.Else, ind+"  ")
		}
		fmt.Fprintf(b, "%s}\n", ind)
	case sFor:
		fmt.Fprintf(b, "%sfor (u32 %s = 0; %s < ((u32)%s & %du); %s++) {\n", ind, s.Loop.Name, s.Loop.Name, s.Cond, s.Field, s.Loop.Name)
		writeStmts(b, s.Then, ind+"  ")
		fmt.Fprintf(b, "%s}\n", ind)
	case sBreak:
		fmt.Fprintf(b, "%sif (%s) break;\n", ind, s.Cond)
	case sExpr:
		fmt.Fprintf(b, "%s%s;\n", ind, s.E)
	case sExit:
		if s.Field == 1 {
			fmt.Fprintf(b, "%sif (%s) EXIT();\n", ind, s.Cond)
			return
		}
		fmt.Fprintf(b, "%sif (%s) return;\n", ind, s.Cond)
	case sReturn:
		fmt.Fprintf(b, "%sif (%s) return %s;\n", ind, s.Cond, s.E)
	case sExitP:
		fmt.Fprintf(b, "%sif ((%s(t, in) & 3u) == 0u) return;\n", ind, s.Pure)
	case sExitU:
		if len(s.Then) > 0 {
			fmt.Fprintf(b, "%sif (%s == %s) {\n", ind, exitValue(s), exitTrip(s))
			writeStmts(b, s.Then, ind+"  ")
			fmt.Fprintf(b, "%s  return;\n%s}\n", ind, ind)
			return
		}
		fmt.Fprintf(b, "%sif (%s == %s) return;\n", ind, exitValue(s), exitTrip(s))
	case sULoop:
		fmt.Fprintf(b, "%sfor (u32 %s = 0; %s < %s; %s++) {\n", ind, s.Loop.Name, s.Loop.Name, loopTrips(s), s.Loop.Name)
		writeStmts(b, s.Then, ind+"  ")
		fmt.Fprintf(b, "%s}\n", ind)
	}
}

// exitValue is what a uniform exit compares: its pure function of the
// warp's (31u) or CTA's (63u) first thread, & 3u.
func exitValue(s *Stmt) string { return fmt.Sprintf("(UNI(%s, %du) & 3u)", s.Pure, s.Field) }

// exitTrip is the trip a uniform exit leaves in: 0 outside loops.
func exitTrip(s *Stmt) string {
	if s.Loop == nil {
		return "0u"
	}
	return "(" + s.Loop.Name + " & 3u)"
}

// loopTrips is a uniform loop's trip count, the same for the CTA.
func loopTrips(s *Stmt) string {
	if s.X < 0 {
		return fmt.Sprintf("%du", s.Field)
	}
	m := s.Field // the CTA mask under Config.Shapes
	if m == 0 {
		m = 63
	}
	return fmt.Sprintf("(UNI(%s, %du) & 3u)", s.Pure, m)
}

// ctaModes are the exchanges across the CTA (through shared or global
// memory between __syncthreads): the ones a thread that left changes.
var ctaModes = map[string]bool{"cta": true, "ctan": true, "atomadd": true, "atommin": true, "atommax": true, "atommaxs": true,
	"atomand": true, "atomor": true, "atomxor": true, "atomaddg": true, "syncount": true, "syncand": true, "syncor": true}

// goneFuncs (Config.Exit) gives every exchange across the CTA that
// follows a uniform exit the function saying which threads have left
// by then (Expr.Gone, Expr.J), and returns those functions' text. A
// thread u has left at a point of the body when one of the exits before
// it held for u's warp or CTA: a top-level exit when its value is 0; an
// exit in a finished uniform loop when its value is below the loop's
// trip count; an exit in the current loop, at trip j, when its value is
// at most j (the exit comes first in the loop) or below j (it comes
// after); a lane that left a partial warp (sExitP) when its value is 0,
// and then the warp collectives after it name the lanes that stay (the
// mask function pN_gK_mask). Other single threads leave only after the
// last exchange. Under Config.Shapes the slots that hold no thread
// (Shape) have left from the start, and a partial last warp is a warp
// some lanes of which have left.
func (p *Program) goneFuncs() string {
	var b strings.Builder
	var done []string // conditions of the exits passed
	partial := false  // some lanes of a warp may have left
	if p.Cfg.Shapes && p.Launch().Ghosts() {
		done = append(done, fmt.Sprintf("(t & %du) >= %du", p.Launch().P()-1, p.Launch().Threads()))
		partial = p.Launch().PartialWarp()
	}
	n := 0
	mark := func(s *Stmt, conds []string, j string) {
		var fn string
		need := func(e *Expr) bool {
			return (e.Op == "xchg" || e.Op == "xred") && (ctaModes[e.Sym] || partial)
		}
		walkStmtExprs(s, func(e *Expr) {
			if fn == "" && len(conds) > 0 && need(e) {
				fn = fmt.Sprintf("%s_g%d", p.Name, n)
				n++
				fmt.Fprintf(&b, "static DEV u32 %s(u32 t, const u64 *in, u32 j) { return %s; }\n", fn, strings.Join(conds, " || "))
				if partial {
					// The lanes of t's warp that stay, for the membermask.
					fmt.Fprintf(&b, "static DEV u32 %s_mask(u32 t, const u64 *in, u32 j) { u32 m = 0; for (u32 l = 0; l < 32u; l++) if (!%s((t & ~31u) | l, AT((t & ~31u) | l), j)) m |= 1u << l; return m; }\n", fn, fn)
				}
			}
		})
		walkStmtExprs(s, func(e *Expr) {
			e.Gone, e.J = "", ""
			if fn != "" && need(e) {
				e.Gone, e.J = fn, j
			}
		})
	}
	for _, s := range p.Body.Body {
		switch s.Kind {
		case sExitU:
			done = append(done, exitValue(s)+" == 0u")
		case sExitP:
			done = append(done, fmt.Sprintf("(%s(t, in) & 3u) == 0u", s.Pure))
			partial = true
		case sULoop:
			var exits []*Stmt
			for _, x := range s.Then {
				if x.Kind == sExitU {
					exits = append(exits, x)
				}
			}
			for i, x := range s.Then {
				if x.Kind == sExitU {
					continue
				}
				conds := append([]string{}, done...)
				for _, e := range exits {
					op := "<"
					if slices.Index(s.Then, e) < i {
						op = "<="
					}
					conds = append(conds, exitValue(e)+" "+op+" j")
				}
				mark(x, conds, s.Loop.Name)
			}
			for _, e := range exits {
				done = append(done, exitValue(e)+" < "+loopTrips(s))
			}
		default:
			mark(s, done, "0u")
		}
	}
	return b.String()
}

// walkStmtExprs visits every expression of s and the statements in it.
func walkStmtExprs(s *Stmt, visit func(*Expr)) {
	var expr func(e *Expr)
	expr = func(e *Expr) {
		if e == nil {
			return
		}
		visit(e)
		for _, a := range e.A {
			expr(a)
		}
	}
	expr(s.E)
	expr(s.Cond)
	expr(s.Idx)
	for _, e := range s.Init {
		expr(e)
	}
	for _, ss := range append([][]*Stmt{s.Then, s.Else}, s.Cases...) {
		for _, x := range ss {
			walkStmtExprs(x, visit)
		}
	}
}

// writeSpaceDecl declares a shared variable (a global one is declared at
// file scope, Program.C) and writes this thread's element as the
// declaration initialises a local one: element by element, member by
// member, or the whole value.
func writeSpaceDecl(b *strings.Builder, s *Stmt, ind string) {
	v := s.V
	if v.Space == spShared {
		fmt.Fprintf(b, "%sSHARED %s %s[%d]%s;\n", ind, v.T.C(), v.Name, v.pitch(), arraySuffix(v))
	}
	switch {
	case v.N > 0:
		for i, e := range s.Init {
			fmt.Fprintf(b, "%s%s[%d] = (%s)(%s);\n", ind, v.lv(), i, e.T.C(), e)
		}
	case s.Init != nil:
		for i, e := range s.Init {
			fmt.Fprintf(b, "%s%s.m%d = (%s)(%s);\n", ind, v.lv(), i, e.T.C(), e)
		}
	default:
		fmt.Fprintf(b, "%s%s = %s;\n", ind, v.lv(), s.E)
	}
}

func arraySuffix(v *Var) string {
	if v.N > 0 {
		return fmt.Sprintf("[%d]", v.N)
	}
	return ""
}

func (f *Func) signature() string {
	var b strings.Builder
	if f.IsBody {
		fmt.Fprintf(&b, "static DEV void %s(u32 t, const u64 *in, u64 *out)", f.Name)
		return b.String()
	}
	fmt.Fprintf(&b, "EXTC DEV NOINLINE %s %s(", f.Ret.C(), f.Name)
	for i, p := range f.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		if p.Ptr {
			fmt.Fprintf(&b, "%s *%s", p.T.C(), p.Name)
		} else {
			fmt.Fprintf(&b, "%s %s", p.T.C(), p.Name)
		}
	}
	b.WriteString(")")
	return b.String()
}

// outputs lists the C expressions (u64) the body writes, one per output
// slot: every scalar, every struct field, every array element declared at
// the body's top level.
func (p *Program) outputs() []string {
	var out []string
	bits := func(k Kind, x string) string {
		switch k {
		case F16:
			return "(u64)h2u(" + x + ")"
		case F32:
			return "(u64)f2u(" + x + ")"
		case F64:
			return "d2u(" + x + ")"
		}
		return "(u64)" + x
	}
	for _, v := range p.Body.Locals {
		switch {
		case v.N > 0:
			for i := 0; i < v.N; i++ {
				out = append(out, bits(v.T.K, fmt.Sprintf("%s[%d]", v.lv(), i)))
			}
		case v.T.K == Struct:
			for i, k := range v.T.S.Fields {
				out = append(out, bits(k, member(v, i)))
			}
		default:
			out = append(out, bits(v.T.K, v.lv()))
		}
	}
	return out
}

// NOut is the number of u64 outputs per thread.
func (p *Program) NOut() int { return len(p.outputs()) }

// C writes the program's types and functions (shared by the CUDA and the
// host file).
func (p *Program) C() string {
	var b strings.Builder
	fmt.Fprintf(&b, "/* program %s: seed %d */\n", p.Name, p.Seed)
	if p.Cfg.Shapes {
		fmt.Fprintf(&b, "/* %s */\n#undef SHP\n#define SHP %du\n", p.Launch(), p.Launch().P())
	}
	if (p.Cfg.Tiles || p.Cfg.V4 || p.Cfg.GAddr) && !p.Launch().Ghosts() {
		b.WriteString(p.tileDefs())
	}
	for _, s := range p.Structs {
		if s.Packed {
			b.WriteString("typedef struct __attribute__((packed)) {")
		} else if s.Align > 0 {
			fmt.Fprintf(&b, "typedef struct __attribute__((aligned(%d))) {", s.Align)
		} else {
			b.WriteString("typedef struct {")
		}
		for i, k := range s.Fields {
			if i < len(s.Bits) && s.Bits[i] > 0 {
				fmt.Fprintf(&b, " %s m%d : %d;", k, i, s.Bits[i])
				continue
			}
			fmt.Fprintf(&b, " %s m%d;", k, i)
		}
		fmt.Fprintf(&b, " } %s;\n", s.Name)
	}
	for _, s := range p.Body.Body {
		if s.Kind == sDecl && s.V.Space == spGlobal {
			fmt.Fprintf(&b, "DEVVAR %s %s[%d]%s;\n", s.V.T.C(), s.V.Name, p.Launch().Slots(), arraySuffix(s.V))
		}
	}
	if p.Cfg.Fwd {
		for _, f := range p.Funcs {
			b.WriteString(f.signature() + ";\n")
		}
	}
	for _, i := range p.Order {
		f := p.Funcs[i]
		b.WriteString(f.signature() + " {\n")
		writeStmts(&b, f.Body, "  ")
		fmt.Fprintf(&b, "  return %s;\n}\n", f.Result)
	}
	for i, x := range p.Pure {
		fmt.Fprintf(&b, "static DEV u32 %s_x%d(u32 t, const u64 *in) { return %s; }\n", p.Name, i, x)
	}
	if p.Cfg.Exit || p.Cfg.Shapes {
		b.WriteString(p.goneFuncs())
	}
	b.WriteString(p.Body.signature() + " {\n")
	writeStmts(&b, p.Body.Body, "  ")
	for i, o := range p.outputs() {
		fmt.Fprintf(&b, "  out[%d] = %s;\n", i, o)
	}
	b.WriteString("}\n")
	return b.String()
}

// Kernel is the CUDA entry point of the program.
func (p *Program) Kernel() string {
	if p.Cfg.Shapes {
		// The slot: the thread's linear index in the block (Shape).
		return fmt.Sprintf("EXTC __global__ void %s_k(const u64 *in, u64 *out) {\n"+
			"  u32 t = blockIdx.x * %du + (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));\n"+
			"  %s_body(t, in + (u64)t * %d, out + (u64)t * %d);\n}\n", p.Name, p.Launch().P(), p.Name, NIn, p.NOut())
	}
	return fmt.Sprintf("EXTC __global__ void %s_k(const u64 *in, u64 *out) {\n"+
		"  u32 t = blockIdx.x * blockDim.x + threadIdx.x;\n"+
		"  %s_body(t, in + (u64)t * %d, out + (u64)t * %d);\n}\n", p.Name, p.Name, NIn, p.NOut())
}

// preludeC defines what the programs use, in C and CUDA alike.
const preludeC = `#ifdef __cplusplus
#define EXTC extern "C"
#else
#define EXTC
#endif
#define NOINLINE __attribute__((noinline))
typedef unsigned char u8;
typedef signed char s8;
typedef unsigned short u16;
typedef short s16;
/* Float bits, NaN canonicalised: the GPU returns its canonical NaN where x86
   keeps payloads, so a NaN's bits must never reach an output as they are. */
static DEV inline u32 f2u(float x) { u32 u; __builtin_memcpy(&u, &x, 4); return x != x ? 0x7fffffffu : u; }
static DEV inline u64 d2u(double x) { u64 u; __builtin_memcpy(&u, &x, 8); return x != x ? 0x7fffffffffffffffull : u; }
static DEV inline float u2f(u32 u) { float x; __builtin_memcpy(&x, &u, 4); return x; }
static DEV inline double u2d(u64 u) { double x; __builtin_memcpy(&x, &u, 8); return x; }
/* Half bits (F16), NaN canonicalised as the GPU's 0x7fff. clang takes no
   __fp16 parameter or result: the functions pass the (exact) float. */
static DEV inline u16 h2u_(float x) { h16 h = (h16)x; u16 u; __builtin_memcpy(&u, &h, 2); return x != x ? 0x7fffu : u; }
static DEV inline float u2h_(u16 u) { h16 x; __builtin_memcpy(&x, &u, 2); return (float)x; }
#define h2u(x) h2u_((float)(x))
#define u2h(u) ((h16)u2h_(u))
/* Exits (Config.Exit): AT(u) is thread u's inputs; UNI(f, m) is f of the
   first thread of t's warp (m 31u) or CTA (m 63u), the same in all of its
   threads; CTASRC(g, l, j) is the source l of a CTA exchange, or this
   thread when g says l has left. */
#define AT(u) (in + ((s64)(u) - (s64)t) * 8)
#define UNI(f, m) f(t & ~(m), AT(t & ~(m)))
#define CTASRC(g, l, j) (g((t & ~63u) | (l), AT((t & ~63u) | (l)), (j)) ? (t & 63u) : (l))
/* NLIVE(g, j): the threads of t's CTA that stay, its warps 0 and 1. */
#define NLIVE(g, j) (64u - (g(t & ~63u, AT(t & ~63u), (j)) ? 32u : 0u) - (g((t & ~63u) | 32u, AT((t & ~63u) | 32u), (j)) ? 32u : 0u))
static DEV inline u32 nogone(u32 t, const u64 *in, u32 j) { return 0; }
static DEV inline u32 nogone_mask(u32 t, const u64 *in, u32 j) { return 0xffffffffu; }
/* Shapes (Config.Shapes): SHP, defined before each program, is the pitch
   of its CTAs (a power of two, at least 32 and the CTA's threads): t is
   slot ME of the CTA whose first slot is CTA0. CTASRCS(g, l, j) is
   CTASRC's. */
#define SHM (SHP - 1u)
#define ME (t & SHM)
#define CTA0 (t & ~SHM)
#define CTASRCS(g, l, j) (g(CTA0 | (l), AT(CTA0 | (l)), (j)) ? ME : (l))
/* The source thread of XCHG (Config.Exchange) as PTX's shfl.sync and a
   shared-memory exchange pick it; l is already masked (& 31u, & 63u). An
   up or down shuffle whose source falls outside the warp keeps its own.
   WSRC(mode, l, g, j): that source, or this thread when g says it left. */
static DEV inline u32 src_idx(u32 t, u32 l) { return (t & ~31u) | l; }
static DEV inline u32 src_up(u32 t, u32 l) { return (t & 31u) >= l ? t - l : t; }
static DEV inline u32 src_down(u32 t, u32 l) { return (t & 31u) + l <= 31u ? t + l : t; }
static DEV inline u32 src_xor(u32 t, u32 l) { return (t & ~31u) | ((t & 31u) ^ l); }
static DEV inline u32 src_cta(u32 t, u32 l) { return (t & ~63u) | l; }
#define WSRC(mode, l, g, j) (g(src_##mode(t, (l)), AT(src_##mode(t, (l))), (j)) ? t : src_##mode(t, (l)))
`

// cudaHead and hostHead start the two files.
var cudaHead = `#include "cuda_prelude.h"
typedef __fp16 h16;
typedef unsigned __int128 u128;
typedef __int128 s128;
#define DEV __device__
#define SHARED __shared__
#define DEVVAR __device__
` + preludeC + intrinShared + intrinCUDA + intrin19Shared + intrin19CUDA + carryCUDA + scanShared + scanCUDA + tileShared + tileCUDA + roundCUDA + asmCUDA + approxShared + approxCUDA + f4Shared + f4CUDA + vxShared + vxCUDA + wmmaShared + wmmaCUDA + mmaShared + mmaCUDA + gaShared + gaCUDA + cvtShared + cvtCUDA + half2Shared + half2CUDA + atomxCUDA + intxCUDA + sm90Shared + sm90CUDA + hsetpCUDA + `/* Values of other threads (Config.Exchange): XCHG(mode, f, l) is f(t, in)
   of the source thread that mode and l name. */
static DEV inline u32 xchg_idx(u32 v, u32 l) { return (u32)__shfl_sync(FULL_MASK, (int)v, (int)l); }
static DEV inline u32 xchg_up(u32 v, u32 l) { return (u32)__shfl_up_sync(FULL_MASK, (int)v, l); }
static DEV inline u32 xchg_down(u32 v, u32 l) { return (u32)__shfl_down_sync(FULL_MASK, (int)v, l); }
static DEV inline u32 xchg_xor(u32 v, u32 l) { return (u32)__shfl_xor_sync(FULL_MASK, (int)v, (int)l); }
static DEV inline u32 xchg_cta(u32 v, u32 l) {
  __shared__ u32 x[64];
  x[threadIdx.x] = v;
  __syncthreads();
  u32 r = x[l];
  __syncthreads();
  return r;
}
#define XCHG(mode, f, l) xchg_##mode(f(t, in), (l))
/* XCHGN(f, l, g, j): XCHG(cta, f, l) through named barrier 1 (barrier.sync
   1, n), n the threads of the CTA that stay (Config.Exit). */
static DEV inline u32 xchg_ctan(u32 v, u32 l, u32 n) {
  __shared__ u32 x[64];
  x[threadIdx.x] = v;
  __nvvm_barrier_sync_cnt(1, n);
  u32 r = x[l];
  __nvvm_barrier_sync_cnt(1, n);
  return r;
}
#define XCHGN(f, l, g, j) xchg_ctan(f(t, in), (l), NLIVE(g, j))
/* XCHGM(mode, f, l, g, j): XCHG in a warp some lanes of which left
   (Config.Exit): the membermask names the lanes that stay, g##_mask, and
   a source that left gives way to this thread. */
static DEV inline u32 xchg_m(u32 v, u32 lane, u32 m) { return (u32)__shfl_sync(m, (int)v, (int)lane); }
#define XCHGM(mode, f, l, g, j) xchg_m(f(t, in), WSRC(mode, l, g, j) & 31u, g##_mask(t, in, (j)))
/* XCHGS(f, l, g, j), XCHGNS (Config.Shapes): XCHG(cta, ...) and XCHGN
   across a CTA of SHP slots, ME this thread's, g saying which slots hold
   no thread or a thread that left. NLIVES(g, j) counts the CTA's threads
   that stay, LEADS(g, j) is the first. */
static DEV inline u32 xchgs_cta(u32 v, u32 l, u32 me) {
  __shared__ u32 x[128];
  x[me] = v;
  __syncthreads();
  u32 r = x[l];
  __syncthreads();
  return r;
}
static DEV inline u32 xchgs_ctan(u32 v, u32 l, u32 n, u32 me) {
  __shared__ u32 x[128];
  x[me] = v;
  __nvvm_barrier_sync_cnt(1, n);
  u32 r = x[l];
  __nvvm_barrier_sync_cnt(1, n);
  return r;
}
#define NLIVES(g, j) ({ u32 n_ = 0; for (u32 l_ = 0; l_ < SHP; l_++) n_ += g(CTA0 | l_, AT(CTA0 | l_), (j)) ? 0u : 1u; n_; })
#define LEADS(g, j) ({ u32 l_ = 0; while (l_ < SHM && g(CTA0 | l_, AT(CTA0 | l_), (j))) l_++; l_; })
#define XCHGS(f, l, g, j) xchgs_cta(f(t, in), CTASRCS(g, l, j), ME)
#define XCHGNS(f, l, g, j) xchgs_ctan(f(t, in), CTASRCS(g, l, j), NLIVES(g, j), ME)
/* XCHGD, XBALD, XREDD (Config.Diverge): a shfl.sync.idx, vote.sync.ballot
   or redux.sync.add on each path of if (c(t, in) & 1u), both naming the
   whole warp (they run together from sm_70 on). The builtins stand here,
   not in an inline function, so that -O0 too keeps them in the body. */
#define XCHGD(c, fb, fc, lb, lc) ({ u32 r_; if (c(t, in) & 1u) r_ = (u32)__nvvm_shfl_sync_idx_i32(FULL_MASK, (int)fb(t, in), (int)((lb) & 31u), 0x1f); \
  else r_ = (u32)__nvvm_shfl_sync_idx_i32(FULL_MASK, (int)fc(t, in), (int)((lc) & 31u), 0x1f); r_; })
#define XBALD(c, fb, fc) ({ u32 r_; if (c(t, in) & 1u) r_ = __nvvm_vote_ballot_sync(FULL_MASK, (fb(t, in) & 1u) != 0); \
  else r_ = __nvvm_vote_ballot_sync(FULL_MASK, (fc(t, in) & 1u) != 0); r_; })
#define XREDD(c, fb, fc) ({ u32 r_; if (c(t, in) & 1u) r_ = __nvvm_redux_sync_add(fb(t, in), FULL_MASK); \
  else r_ = __nvvm_redux_sync_add(fc(t, in) * 3u, FULL_MASK); r_; })
/* XRED(mode, f): a collective of f(t, in) over the warp or the CTA. */
static DEV inline u32 xred_ballot(u32 v) { return __ballot_sync(FULL_MASK, v & 1u); }
static DEV inline u32 xred_any(u32 v) { return __any_sync(FULL_MASK, v & 1u) != 0; }
static DEV inline u32 xred_all(u32 v) { return __all_sync(FULL_MASK, v & 1u) != 0; }
static DEV inline u32 xred_uni(u32 v) { return __uni_sync(FULL_MASK, v & 1u) != 0; }
static DEV inline u32 xred_matchany(u32 v) { return __match_any_sync(FULL_MASK, v); }
static DEV inline u32 xred_redadd(u32 v) { return __reduce_add_sync(FULL_MASK, v); }
static DEV inline u32 xred_redumax(u32 v) { return __reduce_umax_sync(FULL_MASK, v); }
static DEV inline u32 xred_redor(u32 v) { return __reduce_or_sync(FULL_MASK, v); }
/* The counter's first value is written by thread lead of the CTA: 0, or
   32 after warp 0 has left (XREDG, Config.Exit). */
#define XRED_ATOM(name, init, T, call) \
  static DEV inline u32 xredg_##name(u32 v, u32 lead) { \
    __shared__ T a; \
    if (threadIdx.x == lead) a = (T)(init); \
    __syncthreads(); \
    call(&a, (T)v); \
    __syncthreads(); \
    u32 r = (u32)a; \
    __syncthreads(); \
    return r; \
  } \
  static DEV inline u32 xred_##name(u32 v) { return xredg_##name(v, 0u); } \
  static DEV inline u32 xreds_##name(u32 v, u32 lead, u32 me) { \
    __shared__ T a; \
    if (me == lead) a = (T)(init); \
    __syncthreads(); \
    call(&a, (T)v); \
    __syncthreads(); \
    u32 r = (u32)a; \
    __syncthreads(); \
    return r; \
  }
XRED_ATOM(atomadd, 0u, u32, atomicAdd)
XRED_ATOM(atommin, 0xffffffffu, u32, atomicMin)
XRED_ATOM(atommax, 0u, u32, atomicMax)
XRED_ATOM(atommaxs, 0x80000000u, s32, atomicMax)
XRED_ATOM(atomand, 0xffffffffu, u32, atomicAnd)
XRED_ATOM(atomor, 0u, u32, atomicOr)
XRED_ATOM(atomxor, 0u, u32, atomicXor)
/* A global counter, one per CTA. */
static DEV u32 xred_counter[2];
static DEV inline u32 xredg_atomaddg(u32 v, u32 lead) {
  if (threadIdx.x == lead) xred_counter[blockIdx.x] = 0;
  __syncthreads();
  atomicAdd(&xred_counter[blockIdx.x], v);
  __syncthreads();
  u32 r = xred_counter[blockIdx.x];
  __syncthreads();
  return r;
}
static DEV inline u32 xred_atomaddg(u32 v) { return xredg_atomaddg(v, 0u); }
static DEV u32 xreds_counter[4];
static DEV inline u32 xreds_atomaddg(u32 v, u32 lead, u32 me) {
  if (me == lead) xreds_counter[blockIdx.x] = 0;
  __syncthreads();
  atomicAdd(&xreds_counter[blockIdx.x], v);
  __syncthreads();
  u32 r = xreds_counter[blockIdx.x];
  __syncthreads();
  return r;
}
/* __syncthreads_count, _and, _or (bar.red.popc, .and, .or) of v & 1. */
static DEV inline u32 xred_syncount(u32 v) { return (u32)__nvvm_bar0_popc((int)(v & 1u)); }
static DEV inline u32 xred_syncand(u32 v) { return (u32)(__nvvm_bar0_and((int)(v & 1u)) != 0); }
static DEV inline u32 xred_syncor(u32 v) { return (u32)(__nvvm_bar0_or((int)(v & 1u)) != 0); }
static DEV inline u32 xredg_syncount(u32 v, u32 lead) { return xred_syncount(v); }
static DEV inline u32 xredg_syncand(u32 v, u32 lead) { return xred_syncand(v); }
static DEV inline u32 xredg_syncor(u32 v, u32 lead) { return xred_syncor(v); }
static DEV inline u32 xreds_syncount(u32 v, u32 lead, u32 me) { return xred_syncount(v); }
static DEV inline u32 xreds_syncand(u32 v, u32 lead, u32 me) { return xred_syncand(v); }
static DEV inline u32 xreds_syncor(u32 v, u32 lead, u32 me) { return xred_syncor(v); }
/* XREDS(mode, f, g, j) (Config.Shapes): XREDG across a CTA of SHP slots. */
#define XREDS(mode, f, g, j) xreds_##mode(f(t, in), LEADS(g, j), ME)
/* A thread's end where it is (Config.Exit): PTX exit, in the body or a
   helper. */
#define EXIT() asm volatile("exit;")
#define XRED(mode, f) xred_##mode(f(t, in))
/* XREDM(mode, f, g, j): XRED over the lanes of the warp that stay. */
static DEV inline u32 xredm_ballot(u32 v, u32 m) { return __ballot_sync(m, v & 1u); }
static DEV inline u32 xredm_any(u32 v, u32 m) { return __any_sync(m, v & 1u) != 0; }
static DEV inline u32 xredm_all(u32 v, u32 m) { return __all_sync(m, v & 1u) != 0; }
static DEV inline u32 xredm_uni(u32 v, u32 m) { return __uni_sync(m, v & 1u) != 0; }
static DEV inline u32 xredm_matchany(u32 v, u32 m) { return __match_any_sync(m, v); }
static DEV inline u32 xredm_redadd(u32 v, u32 m) { return __reduce_add_sync(m, v); }
static DEV inline u32 xredm_redumax(u32 v, u32 m) { return __reduce_umax_sync(m, v); }
static DEV inline u32 xredm_redor(u32 v, u32 m) { return __reduce_or_sync(m, v); }
#define XREDM(mode, f, g, j) xredm_##mode(f(t, in), g##_mask(t, in, (j)))
/* XREDG(mode, f, g, j): XRED across the CTA after exits (Config.Exit);
   g(u, AT(u), j) says whether thread u has left. */
#define XREDG(mode, f, g, j) xredg_##mode(f(t, in), g(t & ~63u, AT(t & ~63u), (j)) ? 32u : 0u)
/* Read-modify-writes (Config.Atomics). */
#define ATOM(name, T, call) static DEV inline T atom_##name(T *p, T v) { return call(p, v); }
ATOM(add_u32, u32, atomicAdd) ATOM(sub_u32, u32, atomicSub) ATOM(min_u32, u32, atomicMin)
ATOM(max_u32, u32, atomicMax) ATOM(and_u32, u32, atomicAnd) ATOM(or_u32, u32, atomicOr)
ATOM(xor_u32, u32, atomicXor) ATOM(exch_u32, u32, atomicExch) ATOM(inc_u32, u32, atomicInc)
ATOM(dec_u32, u32, atomicDec) ATOM(add_s32, s32, atomicAdd) ATOM(min_s32, s32, atomicMin)
ATOM(max_s32, s32, atomicMax) ATOM(add_u64, u64, atomicAdd) ATOM(max_u64, u64, atomicMax)
ATOM(xor_u64, u64, atomicXor) ATOM(min_s64, s64, atomicMin) ATOM(add_float, float, atomicAdd)
ATOM(add_float_shared, float, atomicAdd) ATOM(add_double, double, atomicAdd)
static DEV inline u32 atom_cas_u32(u32 *p, u32 c, u32 v) { return atomicCAS(p, c, v); }
static DEV inline u64 atom_cas_u64(u64 *p, u64 c, u64 v) { return atomicCAS(p, c, v); }
` + warpxCUDA

var hostHead = `#include <stdio.h>
#include <string.h>
#include <fenv.h>
#include <math.h>
#include <setjmp.h>
typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef long long s64;
typedef _Float16 h16;
typedef unsigned __int128 u128;
typedef __int128 s128;
#define DEV
#define SHARED static
#define DEVVAR static
/* A thread's end where it is (Config.Exit): back to the loop over the
   threads, which calls the body under setjmp. */
static jmp_buf exit_jb;
#define EXIT() longjmp(exit_jb, 1)
` + preludeC + intrinShared + intrinHost + intrin19Shared + intrin19Host + carryHost + scanShared + tileShared + roundHost + asmHost + approxShared + approxHost + f4Shared + f4Host + vxShared + vxHost + wmmaShared + mmaShared + gaShared + gaHost + cvtShared + cvtHost + half2Shared + half2Host + atomxHost + intxHost + sm90Shared + sm90Host + hsetpHost + `#define XCHG(mode, f, l) f(src_##mode(t, (l)), in + ((s64)src_##mode(t, (l)) - (s64)t) * 8)
#define XCHGN(f, l, g, j) XCHG(cta, f, l)
#define XCHGM(mode, f, l, g, j) f(WSRC(mode, l, g, j), AT(WSRC(mode, l, g, j)))
/* XRED(mode, f): f over the 32 threads of t's warp or the 64 of its CTA;
   XREDG(mode, f, g, j) and XREDM over those that have not left, as g says
   (Config.Exit: a barrier waits for the threads that stay; a warp
   collective names them in its membermask). */
typedef u32 (*xfn)(u32, const u64 *);
/* The pitch of the program's CTAs: SHP under Config.Shapes, set by main. */
static u32 shp_ = 64u;
typedef u32 (*xgone)(u32, const u64 *, u32);
#define XF(u) f(u, in + ((s64)(u) - (s64)t) * 8)
#define XS(u) !g(u, in + ((s64)(u) - (s64)t) * 8, j)
#define XRARGS u32 t, const u64 *in, xfn f, xgone g, u32 j
static u32 xlive(XRARGS) { u32 r = 0; for (u32 l = 0; l < 32; l++) if (XS((t & ~31u) | l)) r |= 1u << l; return r; }
static u32 xred_ballot(XRARGS) { u32 r = 0; for (u32 l = 0; l < 32; l++) if (XS((t & ~31u) | l)) r |= (XF((t & ~31u) | l) & 1u) << l; return r; }
static u32 xred_any(XRARGS) { return xred_ballot(t, in, f, g, j) != 0; }
static u32 xred_all(XRARGS) { return xred_ballot(t, in, f, g, j) == xlive(t, in, f, g, j); }
static u32 xred_uni(XRARGS) { u32 b = xred_ballot(t, in, f, g, j); return b == 0 || b == xlive(t, in, f, g, j); }
static u32 xred_matchany(XRARGS) { u32 r = 0, v = XF(t); for (u32 l = 0; l < 32; l++) if (XS((t & ~31u) | l)) r |= (u32)(XF((t & ~31u) | l) == v) << l; return r; }
static u32 xred_redadd(XRARGS) { u32 r = 0; for (u32 l = 0; l < 32; l++) if (XS((t & ~31u) | l)) r += XF((t & ~31u) | l); return r; }
static u32 xred_redumax(XRARGS) { u32 r = 0; for (u32 l = 0; l < 32; l++) if (XS((t & ~31u) | l)) { u32 x = XF((t & ~31u) | l); r = x > r ? x : r; } return r; }
static u32 xred_redor(XRARGS) { u32 r = 0; for (u32 l = 0; l < 32; l++) if (XS((t & ~31u) | l)) r |= XF((t & ~31u) | l); return r; }
static u32 xred_atomadd(XRARGS) { u32 r = 0; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r += XF((t & ~(shp_ - 1u)) | l); return r; }
static u32 xred_atomaddg(XRARGS) { return xred_atomadd(t, in, f, g, j); }
static u32 xred_atommin(XRARGS) { u32 r = 0xffffffffu; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) { u32 x = XF((t & ~(shp_ - 1u)) | l); r = x < r ? x : r; } return r; }
static u32 xred_atommax(XRARGS) { u32 r = 0; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) { u32 x = XF((t & ~(shp_ - 1u)) | l); r = x > r ? x : r; } return r; }
static u32 xred_atommaxs(XRARGS) { s32 r = (s32)0x80000000u; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) { s32 x = (s32)XF((t & ~(shp_ - 1u)) | l); r = x > r ? x : r; } return (u32)r; }
static u32 xred_atomand(XRARGS) { u32 r = 0xffffffffu; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r &= XF((t & ~(shp_ - 1u)) | l); return r; }
static u32 xred_atomor(XRARGS) { u32 r = 0; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r |= XF((t & ~(shp_ - 1u)) | l); return r; }
static u32 xred_atomxor(XRARGS) { u32 r = 0; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r ^= XF((t & ~(shp_ - 1u)) | l); return r; }
static u32 xred_syncount(XRARGS) { u32 r = 0; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r += XF((t & ~(shp_ - 1u)) | l) & 1u; return r; }
static u32 xred_syncand(XRARGS) { u32 r = 1; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r &= XF((t & ~(shp_ - 1u)) | l) & 1u; return r; }
static u32 xred_syncor(XRARGS) { u32 r = 0; for (u32 l = 0; l < shp_; l++) if (XS((t & ~(shp_ - 1u)) | l)) r |= XF((t & ~(shp_ - 1u)) | l) & 1u; return r; }
#undef XF
#undef XS
/* XCHGD, XBALD, XREDD (Config.Diverge): each lane's value from its own
   path, c saying which. */
#define XD(s) ((c((s), in + ((s64)(s) - (s64)t) * 8) & 1u) ? fb((s), in + ((s64)(s) - (s64)t) * 8) : fc((s), in + ((s64)(s) - (s64)t) * 8) * k)
static u32 xchgd(u32 t, const u64 *in, xfn c, xfn fb, xfn fc, u32 l) { u32 k = 1u, s = (t & ~31u) | l; return XD(s); }
static u32 xbald(u32 t, const u64 *in, xfn c, xfn fb, xfn fc) { u32 k = 1u, r = 0; for (u32 l = 0; l < 32; l++) r |= (XD((t & ~31u) | l) & 1u) << l; return r; }
static u32 xredd(u32 t, const u64 *in, xfn c, xfn fb, xfn fc) { u32 k = 3u, r = 0; for (u32 l = 0; l < 32; l++) r += XD((t & ~31u) | l); return r; }
#undef XD
#define XCHGD(c, fb, fc, lb, lc) xchgd(t, in, c, fb, fc, (c(t, in) & 1u) ? ((lb) & 31u) : ((lc) & 31u))
#define XBALD(c, fb, fc) xbald(t, in, c, fb, fc)
#define XREDD(c, fb, fc) xredd(t, in, c, fb, fc)
#define XRED(mode, f) xred_##mode(t, in, f, nogone, 0u)
#define XREDG(mode, f, g, j) xred_##mode(t, in, f, g, j)
#define XREDM(mode, f, g, j) xred_##mode(t, in, f, g, j)
#define XREDS(mode, f, g, j) xred_##mode(t, in, f, g, j)
#define XCHGS(f, l, g, j) f(CTA0 | CTASRCS(g, l, j), AT(CTA0 | CTASRCS(g, l, j)))
#define XCHGNS(f, l, g, j) XCHGS(f, l, g, j)
/* Read-modify-writes (Config.Atomics) as PTX's atom does them: inc wraps
   to 0 past v, dec to v below 1 or above v, and atom.add.f32 flushes
   subnormal inputs and results to a zero of their sign on global memory
   (ISA, atom) but keeps them on shared memory (as an H200 does:
   testdata/gpu/atom_add_f32). */
#define ATOM(name, T, new) static T atom_##name(T *p, T v) { T o = *p; *p = (new); return o; }
static float ftz32(float x) { return x == x && __builtin_fabsf(x) < 1.17549435e-38f ? __builtin_copysignf(0.0f, x) : x; }
ATOM(add_u32, u32, o + v) ATOM(sub_u32, u32, o - v) ATOM(min_u32, u32, o < v ? o : v)
ATOM(max_u32, u32, o > v ? o : v) ATOM(and_u32, u32, o & v) ATOM(or_u32, u32, o | v)
ATOM(xor_u32, u32, o ^ v) ATOM(exch_u32, u32, v) ATOM(inc_u32, u32, o >= v ? 0 : o + 1)
ATOM(dec_u32, u32, o == 0 || o > v ? v : o - 1) ATOM(add_s32, s32, (s32)((u32)o + (u32)v))
ATOM(min_s32, s32, o < v ? o : v) ATOM(max_s32, s32, o > v ? o : v) ATOM(add_u64, u64, o + v)
ATOM(max_u64, u64, o > v ? o : v) ATOM(xor_u64, u64, o ^ v) ATOM(min_s64, s64, o < v ? o : v)
ATOM(add_float, float, ftz32(ftz32(o) + ftz32(v))) ATOM(add_float_shared, float, o + v)
ATOM(add_double, double, o + v)
static u32 atom_cas_u32(u32 *p, u32 c, u32 v) { u32 o = *p; *p = o == c ? v : o; return o; }
static u64 atom_cas_u64(u64 *p, u64 c, u64 v) { u64 o = *p; *p = o == c ? v : o; return o; }
` + scanHost + tileHost + wmmaHost + mmaHost + warpxHost
