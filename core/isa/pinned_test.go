package isa

// pinned_test.go: operands whose type does not follow the instruction type,
// each against the ISA text. Quotes are from the PTX ISA 3.1 manual
// (../shared/seeds/004), the 9.1 summary (001), or the current manual's
// instruction pages as the PTX ISA quotes them where neither has the
// instruction (match, dp4a's accumulator); text without quotes paraphrases
// the current manual's syntax line.

import (
	"fmt"
	"strings"
	"testing"
)

// pinnedOps is every pinned operand (entry, operand name, type as the table
// writes it) of the families below, with the ISA's words for it. The walk in
// TestPinnedOperandsReviewed fails on a pin missing here, so a new one is
// read against the ISA before it lands.
var pinnedOps = map[string]string{
	"match d:.b32":               `match.sync: "Operand a has instruction type and d has .b32 type. Destination d is a 32-bit mask"`,
	"match membermask:.b32":      `match.sync: "Operand membermask specifies a 32-bit integer"`,
	"vote a:.pred":               `3.1 vote: "a reduction of the source predicate"; vote.ballot.b32 d, {!}a`,
	"vote d:.pred":               `3.1 vote: vote.mode.pred d, {!}a: "The destination predicate value"`,
	"vote.sync a:.pred":          `vote.sync.mode.pred d, {!}a, membermask: a predicate source, as vote`,
	"vote.sync d:.pred":          `vote.sync: .all/.any/.uni write a predicate d; .ballot.b32 writes the mask`,
	"vote.sync membermask:.b32":  `vote.sync: membermask, a 32-bit mask of lanes (as match.sync's)`,
	"bfind d:.u32":               `3.1 bfind: "Operand a has the instruction type, and destination d has type .u32"`,
	"popc d:.u32":                `3.1 popc: "Operand a has the instruction type and destination d has type .u32"`,
	"clz d:.u32":                 `3.1 clz: "Operand a has the instruction type, and destination d has type .u32"`,
	"bfe pos:.u32":               `3.1 bfe: "Operands a and d have the same type as the instruction type. Operands b and c are type .u32"`,
	"bfe len:.u32":               `3.1 bfe: (as pos)`,
	"bfi pos:.u32":               `3.1 bfi: "Operands a, b, and f have the same type as the instruction type. Operands c and d are type .u32"`,
	"bfi len:.u32":               `3.1 bfi: (as pos)`,
	"shf c:.u32":                 `3.1 shf: "by the amount specified by the unsigned 32-bit value in c"`,
	"shl b:.u32":                 `3.1 shl: "The b operand must be a 32-bit value, regardless of the instruction type"`,
	"shr b:.u32":                 `3.1 shr: "by the amount specified by unsigned 32-bit value in b"`,
	"setp p:.pred":               `3.1 setp: "operands p, q, and c have type .pred"`,
	"setp c:.pred":               `3.1 setp: (as p)`,
	"set c:.pred":                `3.1 set: "Operand d has type .dtype; operands a and b have type .stype; operand c has type .pred"`,
	"set d:dtype_set":            `3.1 set: "Operand d has type .dtype" (.u32, .s32, .f32)`,
	"set d:.f16":                 `set: set.CmpOp{.ftz}.f16.stype d, a, b: an .f16 destination (1.0 or 0.0)`,
	"set d:.bf16":                `set: set.CmpOp.bf16.stype d, a, b: a .bf16 destination`,
	"set d:dtype_h":              `set: set.CmpOp{.ftz}.dtype.f16 d, a, b, .dtype = {.u16, .s16, .u32, .s32}`,
	"set d:.b32":                 `set: set.CmpOp{.ftz}.dtype.f16x2 d, a, b, .dtype = {.f16x2, .u32, .s32}: d 32 bits`,
	"selp c:.pred":               `3.1 selp: "Operands d, a, and b must be of the same type. Operand c is a predicate"`,
	"slct d:selty":               `3.1 slct: "Operands d, a, and b are treated as a bitsize type of the same width as the first instruction type; operand c must match the second instruction type"`,
	"slct a:selty":               `3.1 slct: (as d)`,
	"slct b:selty":               `3.1 slct: (as d)`,
	"mul d:wide":                 `3.1 mul: "If .wide is specified, then d is twice as wide as a and b"`,
	"mul d:.b64":                 `mul.f32x2: two .f32 in a .b64 register each (PTX 8.6)`,
	"mul a:.b64":                 `mul.f32x2: (as d)`,
	"mul b:.b64":                 `mul.f32x2: (as d)`,
	"mad d:wide":                 `3.1 mad: "If .wide is specified, then d and c are twice as wide as a and b"`,
	"mad c:wide":                 `3.1 mad: (as d)`,
	"fns mask:.b32":              `fns.b32 d, mask, base, offset: a 32-bit mask`,
	"fns base:.u32":              `fns: base, an unsigned bit position`,
	"fns offset:.s32":            `fns: offset, signed (negative counts downward)`,
	"szext b:.u32":               `szext.mode.type d, a, b: b, the unsigned width of the field`,
	"bmsk a:.u32":                `bmsk.mode.b32 d, a, b: a and b, an unsigned position and width`,
	"bmsk b:.u32":                `bmsk: (as a)`,
	"dp4a a:dpa":                 `9.1 dp4a.atype.btype d, a, b, c: a bytes per .atype`,
	"dp4a b:dpb":                 `9.1 dp4a: b bytes per .btype`,
	"dp4a c:dpacc":               `dp4a: "Operand c has type .u32 if both .atype and .btype are .u32 else operand c has type .s32"`,
	"dp4a d:dpacc":               `dp4a: d = c + the products (c's type)`,
	"dp2a a:dpa":                 `9.1 dp2a.mode.atype.btype d, a, b, c: a's halves per .atype`,
	"dp2a b:dpb":                 `9.1 dp2a: b's bytes per .btype`,
	"dp2a c:dpacc":               `dp2a: "Operand c has type .u32 if both .atype and .btype are .u32 else operand c has type .s32"`,
	"dp2a d:dpacc":               `dp2a: d = c + the products (c's type)`,
	"testp p:.pred":              `3.1 testp: "testp.op.type p, a; // result is .pred"`,
	"shfl b:.b32":                `3.1 shfl.mode.b32 d[|p], a, b, c: "Operand b specifies a source lane or source lane offset"; "Operand c contains two packed values" (a mask and a clamp): .b32`,
	"shfl c:.b32":                `3.1 shfl: (as b)`,
	"shfl.sync b:.b32":           `shfl.sync.mode.b32 d[|p], a, b, c, membermask: b and c as shfl`,
	"shfl.sync c:.b32":           `shfl.sync: (as b)`,
	"shfl.sync membermask:.b32":  `shfl.sync: membermask, a 32-bit mask of lanes`,
	"redux.sync membermask:.b32": `redux.sync: membermask, a 32-bit mask of lanes`,
	"elect.sync d:.b32":          `elect.sync d|p, membermask: d, the elected lane's id, 32 bits`,
	"elect.sync membermask:.b32": `elect.sync: membermask, a 32-bit mask of lanes`,
	"lop3 q:.pred":               `lop3.BoolOp.b32 d|p, a, b, c, immLut, q (PTX 8.2): q, the predicate combined into p`,
	"isspacep p:.pred":           `3.1 isspacep: "Destination p has type .pred"`,
}

// pinnedFamilies are the entries TestPinnedOperandsReviewed walks: the
// integer, bit, compare, select and warp instructions whose operands the
// issue asked to settle (tensor-core, texture and video instructions have
// tests of their own).
var pinnedFamilies = []string{"match", "vote", "vote.sync", "bfind", "popc", "clz", "cnot", "brev", "bfe", "bfi",
	"shf", "shl", "shr", "prmt", "setp", "set", "selp", "slct", "mul", "mad", "sad", "fns", "szext", "bmsk",
	"dp4a", "dp2a", "testp", "copysign", "shfl", "shfl.sync", "redux.sync", "activemask", "elect.sync", "lop3", "isspacep"}

// TestPinnedOperandsReviewed walks every form of the families: each operand
// typed apart from the instruction type must be in pinnedOps, and every
// entry of pinnedOps must still be in the table.
func TestPinnedOperandsReviewed(t *testing.T) {
	seen := map[string]bool{}
	for _, name := range pinnedFamilies {
		e := Get(name)
		if e == nil {
			t.Errorf("%s: no entry", name)
			continue
		}
		for _, f := range e.Forms() {
			for _, o := range f.Operands {
				if o.Type == "" {
					continue
				}
				k := fmt.Sprintf("%s %s:%s", name, o.Name, o.Type)
				seen[k] = true
				if _, ok := pinnedOps[k]; !ok {
					t.Errorf("%s (form %q): operand type not reviewed against the ISA", k, f.Text)
				}
			}
		}
	}
	for k := range pinnedOps {
		if !seen[k] {
			t.Errorf("%s: reviewed, but no form of the table has it", k)
		}
	}
}

// TestPinnedOperandTypes: the types every operand takes under a concrete
// instruction, from the ISA text (pinnedOps has the quotes).
func TestPinnedOperandTypes(t *testing.T) {
	for _, tt := range []struct {
		ins  string
		want string // operand types in order
	}{
		{"match.any.sync.b64", ".b32 .b64 .b32"},
		{"match.all.sync.b64", ".b32 .b64 .b32"}, // d|p: d .b32
		{"match.any.sync.b32", ".b32 .b32 .b32"},
		{"vote.ballot.b32", ".b32 .pred"},
		{"vote.any.pred", ".pred .pred"},
		{"vote.sync.ballot.b32", ".b32 .pred .b32"},
		{"vote.sync.uni.pred", ".pred .pred .b32"},
		{"popc.b64", ".u32 .b64"},
		{"clz.b64", ".u32 .b64"},
		{"bfind.s64", ".u32 .s64"},
		{"bfind.shiftamt.u64", ".u32 .u64"},
		{"cnot.b64", ".b64 .b64"}, // "The size of the operands must match"
		{"cnot.b16", ".b16 .b16"},
		{"brev.b64", ".b64 .b64"},
		{"bfe.s64", ".s64 .s64 .u32 .u32"},
		{"bfe.u32", ".u32 .u32 .u32 .u32"},
		{"bfi.b64", ".b64 .b64 .b64 .u32 .u32"},
		{"shf.r.clamp.b32", ".b32 .b32 .b32 .u32"},
		{"shl.b16", ".b16 .b16 .u32"},
		{"shl.b64", ".b64 .b64 .u32"},
		{"shr.s64", ".s64 .s64 .u32"},
		{"prmt.b32", ".b32 .b32 .b32 .b32"},
		{"prmt.b32.f4e", ".b32 .b32 .b32 .b32"},
		{"setp.lt.s64", ".pred .s64 .s64"},
		{"setp.lt.and.f64", ".pred .f64 .f64 .pred"},
		{"set.lt.u32.f64", ".u32 .f64 .f64"},
		{"set.gt.and.f32.s16", ".f32 .s16 .s16 .pred"},
		{"selp.f64", ".f64 .f64 .f64 .pred"},
		{"slct.u16.s32", ".u16 .u16 .u16 .s32"},
		{"slct.ftz.f64.f32", ".f64 .f64 .f64 .f32"},
		{"mul.wide.s16", ".s32 .s16 .s16"},
		{"mul.wide.u32", ".u64 .u32 .u32"},
		{"mul.hi.s64", ".s64 .s64 .s64"},
		{"mad.wide.s32", ".s64 .s32 .s32 .s64"},
		{"mad.lo.u16", ".u16 .u16 .u16 .u16"},
		{"sad.u64", ".u64 .u64 .u64 .u64"},
		{"fns.b32", ".b32 .b32 .u32 .s32"},
		{"szext.wrap.s32", ".s32 .s32 .u32"},
		{"bmsk.clamp.b32", ".b32 .u32 .u32"},
		{"dp4a.u32.u32", ".u32 .u32 .u32 .u32"},
		{"dp4a.s32.u32", ".s32 .s32 .u32 .s32"},
		{"dp4a.u32.s32", ".s32 .u32 .s32 .s32"},
		{"dp2a.hi.s32.s32", ".s32 .s32 .s32 .s32"},
		{"dp2a.lo.u32.u32", ".u32 .u32 .u32 .u32"},
		{"testp.normal.f64", ".pred .f64"},
		{"copysign.f64", ".f64 .f64 .f64"},
		{"shfl.sync.idx.b32", ".b32 .b32 .b32 .b32 .b32"},
		{"redux.sync.max.s32", ".s32 .s32 .b32"},
		{"activemask.b32", ".b32"},
		{"lop3.or.b32", ".b32 .b32 .b32 .b32 .b32 .pred"},
	} {
		_, m := match(t, tt.ins)
		if m == nil {
			t.Errorf("%s: no match", tt.ins)
			continue
		}
		var got []string
		for i := range m.Form.Operands {
			got = append(got, m.OperandType(&m.Form.Operands[i]))
		}
		// lop3's immLut is a constant of the instruction type.
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%s (%s): operand types %s, want %s", tt.ins, m.Form.Text, g, tt.want)
		}
	}
}
