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
}

var ops = []laneOp{
	// exec.go: mov, add, sub, mul.lo, mad.lo, and, or, xor (9.7.1, 9.7.8, 9.7.9.1)
	{"execMov", "mov d, a (k masks to the type's width)", 1, "$a & k", 0},
	{"execAdd32", "add.{u,s}32", 2, "uint64(uint32($a + $b))", 0},
	{"execSub32", "sub.{u,s}32", 2, "uint64(uint32($a - $b))", 0},
	{"execMul32", "mul.lo.{u,s}32", 2, "uint64(uint32($a * $b))", 0},
	{"execMad32", "mad.lo.{u,s}32", 3, "uint64(uint32($a*$b + $c))", 0},
	{"execAdd64", "add.{u,s}64", 2, "$a + $b", 0},
	{"execSub64", "sub.{u,s}64", 2, "$a - $b", 0},
	{"execMul64", "mul.lo.{u,s}64", 2, "$a * $b", 0},
	{"execMad64", "mad.lo.{u,s}64", 3, "$a*$b + $c", 0},
	{"execAnd", "and.b{16,32,64}", 2, "$a & $b", 0},
	{"execOr", "or.b{16,32,64}", 2, "$a | $b", 0},
	{"execXor", "xor.b{16,32,64}", 2, "$a ^ $b", 0},

	// exec_int.go: shl, shr (9.7.8.8-9); counts of the width or more give
	// 0 or the sign, as Go's shifts do for counts of 64 and up.
	{"execShl", "shl.b{16,32,64}", 2, "$a << uint32($b) & k", 0},
	{"execShrU", "shr.{b,u}{16,32,64}", 2, "$a & k >> uint32($b)", 0},
	{"execShrS32", "shr.s32", 2, "uint64(uint32(int32($a) >> uint32($b)))", 0},
	{"execShrS64", "shr.s64", 2, "uint64(int64($a) >> uint32($b))", 0},

	// exec_int.go: mul.wide (9.7.1.6); exec_mem.go: cvta (9.7.9.20), whose
	// off is the space's window base (negated for cvta.to).
	{"execMulWideU32", "mul.wide.u32", 2, "uint64(uint32($a)) * uint64(uint32($b))", 0},
	{"execMulWideS32", "mul.wide.s32", 2, "uint64(int64(int32($a)) * int64(int32($b)))", 0},
	{"execCvta", "cvta{.to}.space.u{32,64}: d = (a + off) & k", 1, "($a + off) & k", 0},

	// The same with an immediate count below the width (lowerShift).
	{"execShlImm", "shl.b{16,32,64} by an immediate below 64", 1, "$a << s & k", 64},
	{"execShrUImm", "shr.{b,u}{16,32,64} by an immediate below 64", 1, "$a & k >> s", 64},
	{"execShrS32Imm", "shr.s32 by an immediate below 32", 1, "uint64(uint32(int32($a) >> s))", 32},
	{"execShrS64Imm", "shr.s64 by an immediate below 64", 1, "uint64(int64($a) >> s)", 64},
}

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

	b.WriteString("// seqLanes reports whether a[i] == a[0] + i*s (mod 2^64) for every lane.\n")
	b.WriteString("// part is scratch (see grouped).\n")
	b.WriteString("func seqLanes(part *[8]uint64, a *[32]uint64, s uint64) bool {\n\tx := a[0]\n")
	var terms []string
	for i := 1; i < 32; i++ {
		terms = append(terms, fmt.Sprintf("(a[%d] ^ (x + %d*s))", i, i))
	}
	fmt.Fprintf(&b, "%s\treturn bad == 0\n}\n\n", grouped("bad", terms))

	b.WriteString("// fillLanes sets every lane of d to v.\nfunc fillLanes(d *[32]uint64, v uint64) {\n")
	for i := range 32 {
		fmt.Fprintf(&b, "\td[%d] = v\n", i)
	}
	b.WriteString("}\n\n")

	b.WriteString("// spanLanes returns the lowest and highest of a[i]+off over the 32 lanes,\n// and all of them or-ed together.\n")
	b.WriteString("func spanLanes(a *[32]uint64, off uint64) (lo, hi, or uint64) {\n\tlo = a[0] + off\n\thi, or = lo, lo\n")
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
		for i := range 32 {
			fmt.Fprintf(&b, "\td[%d] = uint64(%s(b[%d:]))\n", i, get, n*i)
		}
		b.WriteString("}\n\n")
		fmt.Fprintf(&b, "// storeSeq%d: lane i writes its %d bytes at b[%d*i:].\n", n, n, n)
		fmt.Fprintf(&b, "func storeSeq%d(b *[%d]byte, v *[32]uint64) {\n", n, 32*n)
		for i := range 32 {
			fmt.Fprintf(&b, "\t%s(b[%d:], %s(v[%d]))\n", put, n*i, conv, i)
		}
		b.WriteString("}\n\n")
		fmt.Fprintf(&b, "// loadGather%d: lane i reads the %d bytes at b[a[i]+off:].\n", n, n)
		fmt.Fprintf(&b, "func loadGather%d(d, a *[32]uint64, b []byte, off uint64) {\n", n)
		for i := range 32 {
			fmt.Fprintf(&b, "\td[%d] = uint64(%s(b[a[%d]+off:]))\n", i, get, i)
		}
		b.WriteString("}\n\n")
		fmt.Fprintf(&b, "// storeScatter%d: lane i writes its %d bytes at b[a[i]+off:], in lane\n// order (the last lane on an address wins).\n", n, n)
		fmt.Fprintf(&b, "func storeScatter%d(b []byte, a, v *[32]uint64, off uint64) {\n", n)
		for i := range 32 {
			fmt.Fprintf(&b, "\t%s(b[a[%d]+off:], %s(v[%d]))\n", put, i, conv, i)
		}
		b.WriteString("}\n\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return src
}

func lane(expr, i string) string {
	return strings.NewReplacer("$a", "a["+i+"]", "$b", "b["+i+"]", "$c", "c["+i+"]").Replace(expr)
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
		vars, rows := []string{"d"}, []string{"&r[o.rd]"}
		for i, s := range []string{"a", "b", "c"}[:o.srcs] {
			vars = append(vars, s)
			rows = append(rows, "&r[o."+[]string{"ra", "rb", "rc"}[i]+"]")
		}
		fmt.Fprintf(&b, "\t%s := %s\n", strings.Join(vars, ", "), strings.Join(rows, ", "))
		if strings.Contains(o.expr, "k") {
			b.WriteString("\tk := o.aux\n")
		}
		if strings.Contains(o.expr, "off") {
			b.WriteString("\toff := uint64(o.off)\n")
		}
		if o.count > 0 {
			fmt.Fprintf(&b, "\ts := uint(o.mode) & %d\n", o.count-1)
		}
		b.WriteString("\tif w.mask == fullMask {\n")
		for i := range 32 {
			fmt.Fprintf(&b, "\t\td[%d] = %s\n", i, lane(o.expr, fmt.Sprint(i)))
		}
		b.WriteString("\t\treturn\n\t}\n")
		// The select path in place: in a function of its own (tried)
		// the call cost diverge more in V8's code (the four ops' partial
		// paths and their calls 7.1M a run against 5.4M in place) than
		// the larger frame costs alu's full warps (about 3% of its
		// add.s32's instructions).
		b.WriteString("\tif mk := uint64(w.mask); bits.OnesCount64(mk) >= denseLanes {\n")
		for i := range 32 {
			fmt.Fprintf(&b, "\t\tx%d, o%d := %s, d[%d]\n", i, i, lane(o.expr, fmt.Sprint(i)), i)
			fmt.Fprintf(&b, "\t\tif mk&(1<<%d) == 0 {\n\t\t\tx%d = o%d\n\t\t}\n", i, i, i)
			fmt.Fprintf(&b, "\t\td[%d] = x%d\n", i, i)
		}
		b.WriteString("\t\treturn\n\t}\n")
		b.WriteString("\tfor mk := w.mask; mk != 0; mk &= mk - 1 {\n")
		b.WriteString("\t\ti := bits.TrailingZeros32(mk) & 31\n")
		fmt.Fprintf(&b, "\t\td[i] = %s\n\t}\n}\n\n", lane(o.expr, "i"))
	}
	for _, c := range cmps {
		fmt.Fprintf(&b, "// cmp%s: %s.\n", c.name, c.doc)
		fmt.Fprintf(&b, "func cmp%s(part *[8]uint64, a, b *[32]uint64, k, f uint64) uint32 {\n", c.name)
		fmt.Fprintf(&b, "%s\treturn uint32(t)\n}\n\n", cmpLanes(c))
		fmt.Fprintf(&b, "// execSetp%s: setp without a BoolOp, comparing as cmp%s does.\n", c.name, c.name)
		b.WriteString("// The operands' swap, the width mask and the negation are arithmetic,\n")
		b.WriteString("// not branches (each a trip through the dispatch loop in wasm).\n")
		fmt.Fprintf(&b, "func execSetp%s(m *Machine, w *warp, o *op) {\n", c.name)
		b.WriteString("\tra, rb := o.ra, o.rb\n")
		b.WriteString("\tsw := (ra ^ rb) & -int32(o.mode/cmpSwap&1)\n")
		b.WriteString("\ta, b := &w.regs[ra^sw], &w.regs[rb^sw]\n")
		b.WriteString("\tk := ^uint64(0) >> ((64 - uint(o.typ.bits)) & 63)\n")
		b.WriteString("\tpart := &m.part\n")
		if strings.Contains(c.expr+c.x+c.y, "f") {
			b.WriteString("\tf := o.aux\n")
		}
		b.WriteString(cmpLanes(c))
		b.WriteString("\tp := uint32(t) ^ -uint32(o.mode/cmpNegate&1)\n")
		b.WriteString("\tsetPred(w, o.pd, p)\n\tsetPred(w, o.pd2, ^p)\n}\n\n")
	}
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
