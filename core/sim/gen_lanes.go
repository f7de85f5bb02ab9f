//go:build ignore

// gen_lanes.go writes exec_lanes.go: the lane loops of the hottest integer
// instructions, each with a fully unrolled full-warp path, and the
// integer setps; and fastmem_lanes.go: the full-warp lane loops of the
// warp-wide memory accesses. Run it with go generate ./core/sim/.
//
// Why generated: Go does not unroll loops, and under WebAssembly every loop
// back edge goes through the function's br_table dispatch, while a
// constant lane index folds into the load's offset. A full warp therefore
// runs as 32 straight-line statements with no index arithmetic and no
// bounds checks, natively and in the browser alike.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"strings"
)

// laneOp is one instruction's semantics: d = expr for every active lane.
// In expr, $a, $b and $c stand for the lane's source values, k for o.aux
// (the lowerer's width mask), off for o.off, and s for a shift count the
// lowerer found constant, in o.mode (count: s is o.mode masked to
// count-1, so that Go knows the shift is in range and needs no select for
// larger counts). A partial warp with denseLanes lanes or more has all 32
// computed and the inactive ones' old values kept by a select (no branch:
// a back edge a lane under WebAssembly costs more); one with fewer, the
// active lanes one by one.
type laneOp struct {
	name  string
	doc   string
	srcs  int
	expr  string
	count int
	// of and imm: a form with immediates is the lane op named of with
	// its sources in imm (bit 0 b, bit 1 c) read from the op (o.off, o.aux).
	of  string
	imm uint8
}

var ops = []laneOp{
	// exec.go: mov, add, sub, mul.lo, mad.lo, and, or, xor (9.7.1, 9.7.8, 9.7.9.1)
	{"execMov", "mov d, a (k masks to the type's width)", 1, "$a & k", 0, "", 0},
	{"execAdd32", "add.{u,s}32", 2, "uint64(uint32($a + $b))", 0, "", 0},
	{"execSub32", "sub.{u,s}32", 2, "uint64(uint32($a - $b))", 0, "", 0},
	{"execMul32", "mul.lo.{u,s}32", 2, "uint64(uint32($a * $b))", 0, "", 0},
	{"execMad32", "mad.lo.{u,s}32", 3, "uint64(uint32($a*$b + $c))", 0, "", 0},
	{"execAdd64", "add.{u,s}64", 2, "$a + $b", 0, "", 0},
	{"execSub64", "sub.{u,s}64", 2, "$a - $b", 0, "", 0},
	{"execMul64", "mul.lo.{u,s}64", 2, "$a * $b", 0, "", 0},
	{"execMad64", "mad.lo.{u,s}64", 3, "$a*$b + $c", 0, "", 0},
	{"execAnd", "and.b{16,32,64}", 2, "$a & $b", 0, "", 0},
	{"execOr", "or.b{16,32,64}", 2, "$a | $b", 0, "", 0},
	{"execXor", "xor.b{16,32,64}", 2, "$a ^ $b", 0, "", 0},

	// exec_int.go: shl, shr (9.7.8.8-9); counts of the width or more give
	// 0 or the sign, as Go's shifts do for counts of 64 and up.
	{"execShl", "shl.b{16,32,64}", 2, "$a << uint32($b) & k", 0, "", 0},
	{"execShrU", "shr.{b,u}{16,32,64}", 2, "$a & k >> uint32($b)", 0, "", 0},
	{"execShrS32", "shr.s32", 2, "uint64(uint32(int32($a) >> uint32($b)))", 0, "", 0},
	{"execShrS64", "shr.s64", 2, "uint64(int64($a) >> uint32($b))", 0, "", 0},

	// exec_int.go: mul.wide (9.7.1.6); exec_mem.go: cvta (9.7.9.20), whose
	// off is the space's window base (negated for cvta.to).
	{"execMulWideU32", "mul.wide.u32", 2, "uint64(uint32($a)) * uint64(uint32($b))", 0, "", 0},
	{"execMulWideS32", "mul.wide.s32", 2, "uint64(int64(int32($a)) * int64(int32($b)))", 0, "", 0},
	{"execCvta", "cvta{.to}.space.u{32,64}: d = (a + off) & k", 1, "($a + off) & k", 0, "", 0},

	// The same with an immediate count below the width (lowerShift).
	{"execShlImm", "shl.b{16,32,64} by an immediate below 64", 1, "$a << s & k", 64, "", 0},
	{"execShrUImm", "shr.{b,u}{16,32,64} by an immediate below 64", 1, "$a & k >> s", 64, "", 0},
	{"execShrS32Imm", "shr.s32 by an immediate below 32", 1, "uint64(uint32(int32($a) >> s))", 32, "", 0},
	{"execShrS64Imm", "shr.s64 by an immediate below 64", 1, "uint64(int64($a) >> s)", 64, "", 0},

	// The same with an immediate b (or c) (immForm): its constant row's
	// value is in the op, so the lanes load one row less. (immForm takes
	// the first form of an op that fits: the one with both first.)
	{"execAdd32Ib", "add.{u,s}32 d, a, imm", 1, "uint64(uint32($a + $B))", 0, "execAdd32", 1},
	{"execSub32Ib", "sub.{u,s}32 d, a, imm", 1, "uint64(uint32($a - $B))", 0, "execSub32", 1},
	{"execMad32Ibc", "mad.lo.{u,s}32 d, a, imm, imm", 1, "uint64(uint32($a*$B + $C))", 0, "execMad32", 3},
	{"execMad32Ic", "mad.lo.{u,s}32 d, a, b, imm", 2, "uint64(uint32($a*$b + $C))", 0, "execMad32", 2},
	{"execAdd64Ib", "add.{u,s}64 d, a, imm", 1, "$a + $B", 0, "execAdd64", 1},
	{"execAndIb", "and.b{16,32,64} d, a, imm", 1, "$a & $B", 0, "execAnd", 1},
	{"execXorIb", "xor.b{16,32,64} d, a, imm", 1, "$a ^ $B", 0, "execXor", 1},
	{"execMulWideU32Ib", "mul.wide.u32 d, a, imm", 1, "uint64(uint32($a)) * uint64(uint32($B))", 0, "execMulWideU32", 1},
	{"execMulWideS32Ib", "mul.wide.s32 d, a, imm", 1, "uint64(int64(int32($a)) * int64(int32($B)))", 0, "execMulWideS32", 1},
}

// fusedKinds are the ops whose lanes fused (see fusedFn) runs in place,
// no call, the ones the benchmark kernels' stretches of plain ops run
// (alu, reduce, diverge, vadd, the transpose: counted with the stretches'
// ops by handler): value ops by handler name, setps as "setp:" and the
// comparison. A kind's place is its full-warp case's number in fused's
// switch (and denseKinds' place, less 27, a value op's dense case's),
// a binary search that Go lays out with the lower half on the path it
// falls through and the upper half behind a jump, a trip through the
// function's dispatch loop under WebAssembly, and a range of 3 or fewer
// as a row of equality tests, each failed one a jump. Of the 49 cases
// (0 is the handler's call) these take no trip: 0; one: 1, 3, 6, 12 and
// 24; two: 2, 4, 7, 9, 13, 15, 18, 25, 27, 30 and 36; the rest three or
// more. So the kinds the kernels run most have those: alu's eight first
// (1-8, as before), then reduce's and diverge's setp.ne/eq with an
// immediate (12) and shr (24), the transpose's and vadd's address
// arithmetic (9, 13, 15, 18, 25, 27), and diverge's and.b32 under a
// dense mask (30). By Go's search and the kernels' ops counted by case,
// the search's trips a run go from 47,712 to 27,744 for reduce, 22,114
// to 11,849 for diverge, 103,072 to 102,720 for alu (docs/benchmarks.md,
// session 14).
var fusedKinds = []string{
	"execAdd32", "execShlImm", "execMad32Ibc", "execXor", "execAdd32Ib", "execSub32",
	"execAndIb", "setp:LessNarrowU", "execAdd64", "execMulWideU32", "setp:LessNarrowIb",
	"setp:EqualNarrowIb", "execMov", "execMulWideS32", "execMulWideU32Ib", "execAnd",
	"execSub32Ib", "execMad32", "setp:EqualNarrow", "execMad32Ic", "setp:LessNarrow",
	"execAdd64Ib", "execXorIb", "execShrUImm", "execCvta", "setp:LessNarrowUIb", "execMulWideS32Ib",
}

// denseKinds are the value ops of fusedKinds in the order of their
// dense cases (28 on; see fusedKinds).
var denseKinds = []string{
	"execAdd32", "execShlImm", "execAndIb", "execMad32Ibc", "execXor", "execSub32", "execMov",
	"execMad32", "execShrUImm", "execAdd64", "execMulWideU32", "execCvta", "execMulWideS32",
	"execAnd", "execAdd32Ib", "execSub32Ib", "execMad32Ic", "execAdd64Ib", "execXorIb",
	"execMulWideS32Ib", "execMulWideU32Ib",
}

// immCmps are the comparisons with a form whose b is an immediate
// (execSetpXIb: a setp with no swap of its operands, see immForm).
var immCmps = []string{"EqualNarrow", "LessNarrowU", "LessNarrow"}

// cmpOp is an integer comparison over all 32 lanes (inactive ones too: the
// caller masks): lane i's result, 0 or 1, is expr, from $a and $b, the
// width mask k and the sign flip f (see lowerIntCmp), where X and Y stand
// for the lane's x and y. Each gives a mask function cmpX and a setp
// without a BoolOp, execSetpX, with the 32 lanes written out in place.
//
// The lanes' bits are or-ed as a balanced tree (orTree), each lane on its
// own line with no call, not even an inlined one. Go's wasm code pushes a
// value used once onto WebAssembly's stack at its use, so a chain
// t | s1 | s2 ... left 32 values pending there, which V8 kept in its
// frame (a load, a store and a reload a lane); and Go's scheduler orders
// a block's values by source line, an inlined function's by its own
// file's lines, so the lanes' loads and xors came first and Go spilled
// them itself.
type cmpOp struct {
	name string
	doc  string
	x, y string
	expr string
}

var cmps = []cmpOp{
	{"LessNarrow", "a < b for types below 64 bits: both sides are below 2^63 after masking, so the difference's sign bit is the borrow", "", "", "(($a&k ^ f) - ($b&k ^ f)) >> 63"},
	{"LessNarrowU", "a < b for unsigned types below 64 bits (no sign flip: f is 0), as LessNarrow", "", "", "($a&k - $b&k) >> 63"},
	{"LessWide", "a < b for 64-bit types: the borrow of a - b", "$a&k ^ f", "$b&k ^ f", "(^X&Y | ^(X^Y)&(X-Y)) >> 63"},
	{"Equal", "a == b, for any width", "($a ^ $b) & k", "", "(X|-X)>>63 ^ 1"},
	{"EqualNarrow", "a == b for types below 64 bits: (a^b)&k is below 2^63, so it is 0 exactly where subtracting 1 borrows", "", "", "(($a^$b)&k - 1) >> 63"},
}

// orTree is terms or-ed as a balanced tree, one term a line (each term
// in parentheses: ^ binds no tighter than |).
func orTree(terms []string) string {
	if len(terms) == 1 {
		return terms[0]
	}
	h := len(terms) / 2
	return "(" + orTree(terms[:h]) + " |\n" + orTree(terms[h:]) + ")"
}

// cmpLanes is the statements that set t, a uint64, to the 32 lanes'
// results (bit i lane i's).
func cmpLanes(c cmpOp) string {
	var terms []string
	for i := range 32 {
		n := fmt.Sprint(i)
		e := strings.NewReplacer("X", "("+lane(c.x, n)+")", "Y", "("+lane(c.y, n)+")").Replace(lane(c.expr, n))
		if i > 0 {
			e = fmt.Sprintf("(%s)<<%d", e, i)
		}
		terms = append(terms, "("+e+")")
	}
	return grouped("t", terms)
}

// grouped is the statements that set v to terms or-ed, laneGroup terms at
// a time into part, an array in linear memory (the Machine's: one in Go's
// frame would be zeroed first, a call of memory.fill in V8's code): V8's code
// loads a group's operands only after the previous group's store (a load
// may not pass a store), where with no store between it loads every
// lane's operands first and keeps them in its own frame (a store and a
// reload each: 64 live values for a setp).
func grouped(v string, terms []string) string {
	var b strings.Builder
	var parts []string
	for g := 0; g*laneGroup < len(terms); g++ {
		fmt.Fprintf(&b, "\tpart[%d] = %s\n", g, orTree(terms[g*laneGroup:min(len(terms), (g+1)*laneGroup)]))
		parts = append(parts, fmt.Sprintf("part[%d]", g))
	}
	fmt.Fprintf(&b, "\t%s := %s\n", v, orTree(parts))
	return b.String()
}

// laneGroup is how many lanes grouped puts in one store.
const laneGroup = 4

// memLanes writes fastmem_lanes.go: the full-warp lane loops of
// fastmem.go's warp-wide accesses, written out for the same reason as the
// integer ones (32 back edges through the dispatch loop in wasm, and no
// index arithmetic or bounds checks with constant lanes).
func memLanes() []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by gen_lanes.go; DO NOT EDIT.\n\n")
	b.WriteString("// fastmem_lanes.go: full-warp lane loops of the warp-wide accesses (see\n// fastmem.go and gen_lanes.go).\n\n")
	b.WriteString("package sim\n\nimport \"encoding/binary\"\n\n")
	b.WriteString(heldDoc)

	b.WriteString("// strideLanes reports whether the lanes step by one stride, a[i] ==\n")
	b.WriteString("// a[0] + i*d (mod 2^64) for every lane, and returns d = a[1] - a[0]. part\n")
	b.WriteString("// is scratch (see grouped).\n")
	b.WriteString("func strideLanes(part *[8]uint64, a *[32]uint64) (d uint64, ok bool) {\n")
	b.WriteString(held("part", "a") + "\td = a[1] - a[0]\n")
	var terms []string
	for i := 2; i < 32; i++ {
		terms = append(terms, fmt.Sprintf("((a[%d] - a[%d]) ^ d)", i, i-1))
	}
	fmt.Fprintf(&b, "%s\treturn d, bad == 0\n}\n\n", grouped("bad", terms))

	b.WriteString("// fillLanes sets every lane of d to v.\nfunc fillLanes(d *[32]uint64, v uint64) {\n")
	b.WriteString(held("d", "v=0"))
	for i := range 32 {
		fmt.Fprintf(&b, "\td[%d] = v\n", i)
	}
	b.WriteString("}\n\n")

	b.WriteString("// spanLanes returns the lowest and highest of a[i]+off over the 32 lanes,\n// and all of them or-ed together.\n")
	b.WriteString("func spanLanes(a *[32]uint64, off uint64) (lo, hi, or uint64) {\n")
	b.WriteString(held("a", "off=0") + "\tlo = a[0] + off\n\thi, or = lo, lo\n")
	for i := 1; i < 32; i++ {
		fmt.Fprintf(&b, "\tx%d := a[%d] + off\n\tlo, hi, or = min(lo, x%d), max(hi, x%d), or|x%d\n", i, i, i, i, i)
	}
	b.WriteString("\treturn lo, hi, or\n}\n\n")

	for _, n := range []int{4, 8} {
		get, put, conv := "binary.LittleEndian.Uint64", "binary.LittleEndian.PutUint64", ""
		if n == 4 {
			get, put, conv = "binary.LittleEndian.Uint32", "binary.LittleEndian.PutUint32", "uint32"
		}
		fmt.Fprintf(&b, "// loadSeq%d: lane i reads the %d bytes at b[%d*i:].\n", n, n, n)
		fmt.Fprintf(&b, "func loadSeq%d(d *[32]uint64, b *[%d]byte) {\n", n, 32*n)
		b.WriteString(held("d", "b"))
		for i := range 32 {
			fmt.Fprintf(&b, "\td[%d] = uint64(%s(b[%d:]))\n", i, get, n*i)
		}
		b.WriteString("}\n\n")
		fmt.Fprintf(&b, "// storeSeq%d: lane i writes its %d bytes at b[%d*i:].\n", n, n, n)
		fmt.Fprintf(&b, "func storeSeq%d(b *[%d]byte, v *[32]uint64) {\n", n, 32*n)
		b.WriteString(held("b", "v"))
		for i := range 32 {
			fmt.Fprintf(&b, "\t%s(b[%d:], %s(v[%d]))\n", put, n*i, conv, i)
		}
		b.WriteString("}\n\n")
		fmt.Fprintf(&b, "// loadGather%d: lane i reads the %d bytes at b[a[i]+off:].\n", n, n)
		fmt.Fprintf(&b, "func loadGather%d(d, a *[32]uint64, b []byte, off uint64) {\n", n)
		b.WriteString(held("d", "a", "b", "off=0"))
		for i := range 32 {
			fmt.Fprintf(&b, "\td[%d] = uint64(%s(b[a[%d]+off:]))\n", i, get, i)
		}
		b.WriteString("}\n\n")
		fmt.Fprintf(&b, "// storeScatter%d: lane i writes its %d bytes at b[a[i]+off:], in lane\n// order (the last lane on an address wins).\n", n, n)
		fmt.Fprintf(&b, "func storeScatter%d(b []byte, a, v *[32]uint64, off uint64) {\n", n)
		b.WriteString(held("b", "a", "v", "off=0"))
		for i := range 32 {
			fmt.Fprintf(&b, "\t%s(b[a[%d]+off:], %s(v[%d]))\n", put, i, conv, i)
		}
		b.WriteString("}\n\n")
	}
	seqHandlers(&b)
	src, err := format.Source(b.Bytes())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return src
}

// heldDoc explains held's statements in fastmem_lanes.go.
const heldDoc = `// The lane loops below first hold their arguments (each "if x == nil {
// x = nil }" or "if x == 0 { x = 0 }", which leaves x as it is): Go's
// WebAssembly code keeps an argument in Go's stack in linear memory and
// loads it again at every use (a load, and a wrap for a pointer, each
// lane's in V8's code), where a value that a select made stays in a local
// (docs/benchmarks.md, session 15). Natively a compare and a conditional
// move, once.

`

// held is the statements that hold the arguments named (see heldDoc):
// pointers and slices against nil, a name ending in "=0" (a uint64)
// against 0.
func held(names ...string) string {
	var b strings.Builder
	for _, n := range names {
		z := "nil"
		if v, ok := strings.CutSuffix(n, "=0"); ok {
			n, z = v, "0"
		}
		fmt.Fprintf(&b, "\tif %s == %s {\n\t\t%s = %s\n\t}\n", n, z, n, z)
	}
	return b.String()
}

// seqHandlers writes the handlers of a full warp's unit-stride 4-byte
// load and store in .shared and .global (memForm, lower.go, gives them to
// the ops where the lane test and copies are Go's, not AVX2's: under
// WebAssembly). Each is execLoad's or execStore's path through sharedSeq4
// or globalSeq4 and loadSeq4 or storeSeq4 in one function: the tests, the
// stride's lanes and the copy's written out in place, and the rows'
// addresses made from w, not taken as arguments. Under WebAssembly that
// path was four calls, each about 80 x86 instructions in V8's code, and
// Go's code reloads an argument from its stack in linear memory at every
// use (a load and a wrap a lane in the copies, two loads in
// strideLanes'); docs/benchmarks.md, session 15.
func seqHandlers(b *bytes.Buffer) {
	var terms []string
	for i := 1; i < 32; i++ {
		terms = append(terms, fmt.Sprintf("((a[%d] - a0) ^ %d)", i, 4*i))
	}
	stride := grouped("bad", terms)
	for _, h := range []struct{ name, space, fallback, doc string }{
		{"execLdShared4", "shared", "execLoad", "ld.shared of one unsigned 4-byte element into one register"},
		{"execStShared4", "shared", "execStore", "st.shared of one 4-byte element"},
		{"execLdGlobal4", "global", "execLoad", "ld.global of one unsigned 4-byte element into one register"},
		{"execStGlobal4", "global", "execStore", "st.global of one 4-byte element"},
	} {
		load := h.fallback == "execLoad"
		fmt.Fprintf(b, "// %s is %s for %s through a base register\n", h.name, h.fallback, h.doc)
		fmt.Fprintf(b, "// (memForm): a full warp whose lanes' addresses step by 4 from an aligned\n")
		if h.space == "shared" {
			b.WriteString("// first one inside the CTA's shared memory (as sharedSeq4 finds) in place;\n")
		} else {
			b.WriteString("// first one inside one page of one buffer (as globalSeq4 finds) in place;\n")
		}
		fmt.Fprintf(b, "// anything else %s.\n", h.fallback)
		fmt.Fprintf(b, "func %s(m *Machine, w *warp, o *op) {\n", h.name)
		b.WriteString("\ta := &w.regs[o.base]\n\ta0 := a[0]\n\tx := a0 + uint64(o.off)\n")
		if h.space == "shared" {
			b.WriteString("\tsh := w.cta.shared\n")
			b.WriteString("\tif w.mask != fullMask || m.record || m.san != nil && m.san.mem || x&3 != 0 || x >= uint64(len(sh)) || uint64(len(sh))-x < 128 {\n")
			fmt.Fprintf(b, "\t\tif !m.sharedLanes4(w, o, %v) {\n\t\t\t%s(m, w, o)\n\t\t}\n\t\treturn\n\t}\n", !load, h.fallback)
		} else {
			b.WriteString("\tif w.mask != fullMask || m.record || m.san != nil && m.san.mem || x&3 != 0 || x > ^uint64(0)-128 {\n")
			fmt.Fprintf(b, "\t\t%s(m, w, o)\n\t\treturn\n\t}\n", h.fallback)
		}
		b.WriteString("\tpart := &m.part\n")
		b.WriteString(stride)
		b.WriteString("\tif bad != 0 {\n")
		fmt.Fprintf(b, "\t\t%s(m, w, o)\n\t\treturn\n\t}\n", h.fallback)
		if h.space == "shared" {
			b.WriteString("\tp := (*[128]byte)(sh[x:])\n")
		} else {
			fmt.Fprintf(b, "\tp := m.globalPage4(x, %v)\n", !load)
			fmt.Fprintf(b, "\tif p == nil {\n\t\t%s(m, w, o)\n\t\treturn\n\t}\n", h.fallback)
		}
		if load {
			b.WriteString("\td := &w.regs[o.d1]\n")
			for i := range 32 {
				fmt.Fprintf(b, "\td[%d] = uint64(binary.LittleEndian.Uint32(p[%d:]))\n", i, 4*i)
			}
		} else {
			b.WriteString("\tv := &w.regs[o.ra]\n")
			for i := range 32 {
				fmt.Fprintf(b, "\tbinary.LittleEndian.PutUint32(p[%d:], uint32(v[%d]))\n", 4*i, i)
			}
		}
		b.WriteString("}\n\n")
	}
}

// fusedFn is fused, block's form that runs the lanes of the ops in
// fusedKinds in place: one switch case an op and a mask class,
// no call, where block calls each op's handler. Under WebAssembly a call
// costs about 80 x86 instructions in V8's code (the arguments and every
// value live across it through Go's stack in linear memory, the callee's
// entry through its own dispatch and stack check, the unwinding test
// after it); the cases' lanes are the handlers' own.
func fusedFn() string {
	var b strings.Builder
	var handlers, dense []string
	denseCase := map[string]int{}
	for i, n := range denseKinds {
		denseCase[n] = len(fusedKinds) + 1 + i
	}
	for _, n := range fusedKinds {
		if c, ok := strings.CutPrefix(n, "setp:"); ok {
			handlers = append(handlers, "execSetp"+c+"1")
			dense = append(dense, "0")
			continue
		}
		handlers = append(handlers, n)
		d, ok := denseCase[n]
		if !ok {
			fmt.Fprintln(os.Stderr, "denseKinds: no", n)
			os.Exit(1)
		}
		delete(denseCase, n)
		dense = append(dense, fmt.Sprint(d))
	}
	if len(denseCase) != 0 {
		fmt.Fprintln(os.Stderr, "denseKinds: not in fusedKinds:", denseCase)
		os.Exit(1)
	}
	b.WriteString("// laneHandlers are the handlers whose lanes fused runs in place; an op's\n")
	b.WriteString("// lane kind (op.lane) is its handler's index here plus one (0: none),\n")
	b.WriteString("// and its full-warp case's number in fused's switch.\n")
	fmt.Fprintf(&b, "var laneHandlers = [...]execFn{\n\t%s,\n}\n\n", strings.Join(handlers, ",\n\t"))
	b.WriteString("// laneDense is, for the lane kind k, fused's case for a dense mask at\n")
	b.WriteString("// k-1: a value op's select case, or 0 for a setp (whose one case takes\n")
	b.WriteString("// every mask).\n")
	fmt.Fprintf(&b, "var laneDense = [...]uint8{%s}\n\n", strings.Join(dense, ", "))
	b.WriteString(`// fused issues the k ops of the warp's code from pc on, a stretch of 2
// to maxBlock unguarded plain ops (op.blk), for the lanes in mask
// (w.mask), and returns how many it issued: all, or up to and with the
// first that faults. The pc is the caller's to move; per op, the counts
// and the written-lanes mark are as the short path keeps them (the
// sanitizers read the warp instruction count during an op, so it moves
// one op at a time).
//
// It takes the pc and k rather than the ops and the written-lanes block
// as slices, and finds the mask's class by arithmetic (laneClass's,
// written out: Go inlines no call of its cost into a function this
// large): under WebAssembly each argument word goes through Go's stack
// in linear memory, and each branch of the class was a trip through the
// dispatch loop (68 x86 instructions a call less in V8's code;
// docs/benchmarks.md, session 13).
//
// The ops that have a lane kind (op.lane: the handlers in laneHandlers)
// run their lanes here, in the switch's cases, which are the handlers'
// own code: a value op's full warp written out, or a dense mask's lanes
// by a select (laneSel: a sparse mask calls the handler, whose loop
// visits the active lanes), and a setp's under any mask; every other op
// calls its handler. Under WebAssembly a call costs about 80 x86
// instructions in V8's code (the arguments and every value live across it
// through Go's stack in linear memory, the callee's entry through its own
// dispatch and stack check, the unwinding test after it), more than the
// switch's binary search (Go has no jump tables for wasm) and the loop's
// back edge, each a trip through the function's dispatch loop; no case
// calls anything, so no value of theirs goes through Go's stack. (Each case
// ending in its own jump back to the loop's head, a goto, rather than at
// the loop's latch saved no trip, and V8's code for the head of the
// loop, now the target of 49 jumps, rose from 33 x86 instructions an op
// to 75: docs/benchmarks.md, session 14.)
`)
	// fused checks its stack as any function does: as nosplit (no check,
	// about 9 x86 instructions a call saved in V8's code) its frame grows
	// past the linker's limit for nosplit functions under the fuzzer's
	// instrumentation (5,616 bytes, `go test -fuzz`), and a handler it
	// calls through a func value would go unchecked on top of it.
	b.WriteString("//\n//go:noinline\n")
	b.WriteString("func (m *Machine) fused(w *warp, pc int32, k int, mask uint32) int {\n")
	b.WriteString("\tops := w.code[pc:][:k]\n")
	b.WriteString("\twr := w.f.wregs[:cap(w.f.wregs)]\n")
	b.WriteString("\tm.stats.ThreadInstructions += int64(k * bits.OnesCount32(mask))\n")
	b.WriteString("\tsel := &laneSel[oneIf(mask != fullMask)+oneIf(bits.OnesCount32(mask) < denseLanes)] // laneClass(mask)\n")
	b.WriteString("\tr := w.regs\n")
	b.WriteString("\tmk := uint64(mask)\n")
	b.WriteString("\tfor i := range ops {\n")
	b.WriteString("\t\to := &ops[i]\n")
	b.WriteString("\t\tm.stats.WarpInstructions++\n")
	b.WriteString("\t\twr[o.wm] |= mask // (see frame)\n")
	b.WriteString("\t\tswitch sel[o.lane] {\n")
	byName := map[string]laneOp{}
	for _, o := range ops {
		byName[o.name] = o
	}
	byCmp := map[string]cmpOp{}
	for _, c := range cmps {
		byCmp[c.name] = c
		byCmp[c.name+"Ib"] = immCmp(c)
	}
	for k, n := range fusedKinds {
		if cn, ok := strings.CutPrefix(n, "setp:"); ok {
			c, ok := byCmp[cn]
			if !ok {
				fmt.Fprintln(os.Stderr, "fusedKinds: no comparison", cn)
				os.Exit(1)
			}
			fmt.Fprintf(&b, "\t\tcase %d: // execSetp%s\n", k+1, c.name)
			b.WriteString(setpLanes(c, "\t\t\t", "r"))
			b.WriteString("\t\t\tq := &w.f.preds[o.pd]\n\t\t\t*q = *q&^mask | p&mask\n")
			continue
		}
		o, ok := byName[n]
		if !ok {
			fmt.Fprintln(os.Stderr, "fusedKinds: no lane op", n)
			os.Exit(1)
		}
		fmt.Fprintf(&b, "\t\tcase %d: // %s, a full warp\n", k+1, o.name)
		b.WriteString(indent(opDecls(o), "\t\t\t"))
		b.WriteString(fullLanes(o, "\t\t\t"))
		fmt.Fprintf(&b, "\t\tcase %s: // %s, a dense mask\n", dense[k], o.name)
		b.WriteString(indent(opDecls(o), "\t\t\t"))
		b.WriteString(selectLanes(o, "\t\t\t"))
	}
	// The handler's call is case 0, not only the default: Go lays out a
	// switch as a binary search, and a value below every case (no case
	// of its own) ends in a row of failed equality tests, each a trip
	// through the dispatch loop under WebAssembly.
	b.WriteString("\t\tcase 0:\n\t\t\tfallthrough\n")
	b.WriteString("\t\tdefault:\n\t\t\to.exec(m, w, o)\n\t\t\tif m.err != nil {\n")
	b.WriteString("\t\t\t\treturn m.issued(len(ops), i+1, mask)\n\t\t\t}\n\t\t}\n\t}\n\treturn len(ops)\n}\n\n")
	return b.String()
}

// opDecls is the statements of o's handler before its lanes: its rows d,
// a, b, c from r (the warp's registers) and its constants.
func opDecls(o laneOp) string {
	var b strings.Builder
	vars, rows := []string{"d"}, []string{"&r[o.rd]"}
	for i, s := range []string{"a", "b", "c"}[:o.srcs] {
		vars = append(vars, s)
		rows = append(rows, "&r[o."+[]string{"ra", "rb", "rc"}[i]+"]")
	}
	fmt.Fprintf(&b, "\t%s := %s\n", strings.Join(vars, ", "), strings.Join(rows, ", "))
	if strings.Contains(o.expr, "$B") {
		b.WriteString("\tib := uint64(o.off)\n")
	}
	if strings.Contains(o.expr, "$C") {
		b.WriteString("\tic := o.aux\n")
	}
	if strings.Contains(o.expr, "k") {
		b.WriteString("\tk := o.aux\n")
	}
	if strings.Contains(o.expr, "off") {
		b.WriteString("\toff := uint64(o.off)\n")
	}
	if o.count > 0 {
		fmt.Fprintf(&b, "\ts := uint(o.mode) & %d\n", o.count-1)
	}
	return b.String()
}

// fullLanes is o's 32 lanes written out, each line indented by in.
func fullLanes(o laneOp, in string) string {
	var b strings.Builder
	for i := range 32 {
		fmt.Fprintf(&b, "%sd[%d] = %s\n", in, i, lane(o.expr, fmt.Sprint(i)))
	}
	return b.String()
}

// sparseStep is how many active lanes sparseLanes visits a trip round
// its loop.
const sparseStep = 4

// sparseLanes is the statements that visit the active lanes of mk (w.mask
// as a uint64, which they use up) one by one, the lowest first. Under
// WebAssembly every loop back edge is a trip through the function's
// dispatch loop (about 10 x86 instructions in V8's code, a third of a
// lane's), so the loop visits sparseStep lanes
// a trip, with a test after each that leaves the loop where no lane is
// left: Go lays out a loop's exits off the path it falls through, so a
// lane costs no jump but the test's, as natively. The mask is a uint64:
// under WebAssembly a uint32 lives in an i64 local, and each test of it
// masks it to 32 bits first. Go knows mk is not 0 where a lane's
// TrailingZeros64 runs (the loop's test, the one before): one BSFQ
// natively, one i64.ctz in wasm.
func sparseLanes(o laneOp) string {
	var b strings.Builder
	b.WriteString("\tfor mk != 0 {\n")
	for k := range sparseStep {
		b.WriteString("\t\ti := bits.TrailingZeros64(mk) & 31\n")
		fmt.Fprintf(&b, "\t\td[i] = %s\n", lane(o.expr, "i"))
		b.WriteString("\t\tmk &= mk - 1\n")
		if k < sparseStep-1 {
			b.WriteString("\t\tif mk == 0 {\n\t\t\tbreak\n\t\t}\n")
		}
	}
	b.WriteString("\t}\n")
	return fixDecl(b.String())
}

// fixDecl declares i once: the first lane's "i :=", the others "i =".
func fixDecl(s string) string {
	first := strings.Index(s, "i := ")
	return s[:first+5] + strings.ReplaceAll(s[first+5:], "i := ", "i = ")
}

// selectLanes is o's 32 lanes computed, the lanes not in mk (a uint64)
// keeping their old values by a select.
func selectLanes(o laneOp, in string) string {
	var b strings.Builder
	for i := range 32 {
		fmt.Fprintf(&b, "%sx%d, o%d := %s, d[%d]\n", in, i, i, lane(o.expr, fmt.Sprint(i)), i)
		fmt.Fprintf(&b, "%sif mk&(1<<%d) == 0 {\n%s\tx%d = o%d\n%s}\n", in, i, in, i, i, in)
		fmt.Fprintf(&b, "%sd[%d] = x%d\n", in, i, i)
	}
	return b.String()
}

// immCmp is c with an immediate b (o.off): the setp form
// execSetp<name>Ib, for an op whose operands are not swapped (immForm).
func immCmp(c cmpOp) cmpOp {
	r := strings.NewReplacer("$b", "$B")
	return cmpOp{c.name + "Ib", c.doc + ", b an immediate", r.Replace(c.x), r.Replace(c.y), r.Replace(c.expr)}
}

// setpLanes is the statements of c's setp up to p, its result for every
// lane (negated when the op says so), the rows read from regs.
func setpLanes(c cmpOp, in, regs string) string {
	var b strings.Builder
	if strings.Contains(c.expr+c.x+c.y, "$B") {
		fmt.Fprintf(&b, "\ta, ib := &%s[o.ra], uint64(o.off)\n", regs)
	} else {
		fmt.Fprintf(&b, "\ta, b := &%s[o.ra], &%s[o.rb]\n", regs, regs)
	}
	b.WriteString("\tk := ^uint64(0) >> ((64 - uint(o.typ.bits)) & 63)\n")
	b.WriteString("\tpart := &m.part\n")
	if strings.Contains(c.expr+c.x+c.y, "f") {
		b.WriteString("\tf := o.aux\n")
	}
	b.WriteString(cmpLanes(c))
	b.WriteString("\tp := uint32(t) ^ -uint32(o.mode/cmpNegate&1)\n")
	return indent(b.String(), in)
}

// oneDest is c's setp for one destination (no q: every plain setp, the
// ones that burst's short path and fused issue), execSetp<name>1: its
// one predicate write with no test. The form for p and q writes each
// through setPred, whose test of a missing destination ended, under
// WebAssembly, in a trip through the handler's dispatch loop for the
// missing q (docs/benchmarks.md, session 14).
func oneDest(c cmpOp) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// execSetp%s1: execSetp%s with one destination, p (o.pd2 < 0).\n", c.name, c.name)
	fmt.Fprintf(&b, "func execSetp%s1(m *Machine, w *warp, o *op) {\n", c.name)
	b.WriteString(setpLanes(c, "\t", "w.regs"))
	b.WriteString("\tq, mask := &w.f.preds[o.pd], w.mask\n\t*q = *q&^mask | p&mask\n}\n\n")
	return b.String()
}

// indent replaces each line's leading tab by in.
func indent(s, in string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "\t") {
			lines[i] = in + l[1:]
		}
	}
	return strings.Join(lines, "")
}

func lane(expr, i string) string {
	return strings.NewReplacer("$a", "a["+i+"]", "$b", "b["+i+"]", "$c", "c["+i+"]", "$B", "ib", "$C", "ic").Replace(expr)
}

func main() {
	var b bytes.Buffer
	b.WriteString("// Code generated by gen_lanes.go; DO NOT EDIT.\n\n")
	b.WriteString("// exec_lanes.go: lane loops of the hottest integer instructions (see gen_lanes.go).\n\n")
	b.WriteString("package sim\n\nimport \"math/bits\"\n\n")
	for _, o := range ops {
		fmt.Fprintf(&b, "// %s: %s.\n", o.name, o.doc)
		fmt.Fprintf(&b, "func %s(m *Machine, w *warp, o *op) {\n", o.name)
		b.WriteString("\tr := w.regs\n")
		b.WriteString(opDecls(o))
		// The mask's paths in the order of their calls' number: a
		// handler runs the lone ops (fused runs a stretch's in place but
		// for a sparse mask), which run mostly in divergent code (diverge:
		// 8,002 calls a run under a sparse mask, 4,233 dense, 824 full;
		// alu 384 full). Go lays out each if's body on the path it falls
		// through and what follows behind a jump, a trip through the
		// dispatch loop under WebAssembly: so a sparse mask's lanes come
		// first, one by one, sparseStep of them a trip round the loop
		// (see sparseLanes), then the full warp's, then the dense mask's.
		b.WriteString("\tmk := uint64(w.mask)\n")
		b.WriteString("\tif bits.OnesCount64(mk) < denseLanes {\n")
		b.WriteString(indent(sparseLanes(o), "\t\t"))
		b.WriteString("\t\treturn\n\t}\n")
		b.WriteString("\tif mk == uint64(fullMask) {\n")
		b.WriteString(fullLanes(o, "\t\t"))
		b.WriteString("\t\treturn\n\t}\n")
		// The select path in place: in a function of its own (tried)
		// the call cost diverge more in V8's code (the four ops' partial
		// paths and their calls 7.1M a run against 5.4M in place) than
		// the larger frame costs alu's full warps (about 3% of its
		// add.s32's instructions).
		b.WriteString(selectLanes(o, "\t"))
		b.WriteString("}\n\n")
	}
	var ones []string
	for _, c := range cmps {
		fmt.Fprintf(&b, "// cmp%s: %s.\n", c.name, c.doc)
		fmt.Fprintf(&b, "func cmp%s(part *[8]uint64, a, b *[32]uint64, k, f uint64) uint32 {\n", c.name)
		fmt.Fprintf(&b, "%s\treturn uint32(t)\n}\n\n", cmpLanes(c))
		fmt.Fprintf(&b, "// execSetp%s: setp without a BoolOp, comparing as cmp%s does.\n", c.name, c.name)
		b.WriteString("// The width mask and the negation are arithmetic, not branches (each a\n")
		b.WriteString("// trip through the dispatch loop in wasm); where the lowerer swapped\n")
		b.WriteString("// the operands, ra and rb hold them swapped (setpForm).\n")
		fmt.Fprintf(&b, "func execSetp%s(m *Machine, w *warp, o *op) {\n", c.name)
		b.WriteString(setpLanes(c, "\t", "w.regs"))
		b.WriteString("\tsetPred(w, o.pd, p)\n\tsetPred(w, o.pd2, ^p)\n}\n\n")
		b.WriteString(oneDest(c))
		ones = append(ones, c.name)
	}
	var forms []string
	for _, o := range ops {
		if o.of != "" {
			forms = append(forms, fmt.Sprintf("{%s, %s, %d, false}", o.of, o.name, o.imm))
		}
	}
	for _, n := range immCmps {
		var c cmpOp
		for _, x := range cmps {
			if x.name == n {
				c = immCmp(x)
			}
		}
		if c.name == "" {
			fmt.Fprintln(os.Stderr, "immCmps: no comparison", n)
			os.Exit(1)
		}
		fmt.Fprintf(&b, "// execSetp%s: setp without a BoolOp, comparing as cmp%s does with\n", c.name, n)
		b.WriteString("// b an immediate (o.off) and no swap of the operands (immForm).\n")
		fmt.Fprintf(&b, "func execSetp%s(m *Machine, w *warp, o *op) {\n", c.name)
		b.WriteString(setpLanes(c, "\t", "w.regs"))
		b.WriteString("\tsetPred(w, o.pd, p)\n\tsetPred(w, o.pd2, ^p)\n}\n\n")
		b.WriteString(oneDest(c))
		ones = append(ones, c.name)
		forms = append(forms, fmt.Sprintf("{execSetp%s, execSetp%s, 1, true}", n, c.name))
	}
	b.WriteString("// immForms are the lane handlers (of) with a form that reads sources\n")
	b.WriteString("// from the op instead of their constant rows (imm: bit 0 b in o.off,\n// bit 1 c in o.aux;\n")
	b.WriteString("// setp: a comparison, whose operands the lowerer may swap); see immForm.\n")
	fmt.Fprintf(&b, "var immForms = [...]struct {\n\tof, form execFn\n\timm      uint8\n\tsetp     bool\n}{\n\t%s,\n}\n\n", strings.Join(forms, ",\n\t"))
	b.WriteString("// oneForms are the generated setps (of) with their form for one\n")
	b.WriteString("// destination (form: no q); see oneDest.\n")
	fmt.Fprintf(&b, "var oneForms = [...]struct{ of, form execFn }{\n")
	for _, n := range ones {
		fmt.Fprintf(&b, "\t{execSetp%s, execSetp%s1},\n", n, n)
	}
	b.WriteString("}\n\n")
	b.WriteString(fusedFn())
	src, err := format.Source(b.Bytes())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile("exec_lanes.go", src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile("fastmem_lanes.go", memLanes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
