// retype.go: Config.Retype, the instruction forms nvcc writes and clang
// does not. clang spells an instruction one way (add.s32, ld.global.u32,
// setp.eq.s32, add.rn.f32 under -ffp-contract=off), nvcc and hand-written
// PTX often another that the ISA defines to mean the same (add.u32,
// ld.global.b32, setp.eq.b32, add.f32), and ptxplay may run the two
// through different table entries or lane loops. retype rewrites every
// second instruction of each such form in clang's PTX into its twin, so
// that one run holds both; the C program and the host's answer are
// unchanged.
//
// Each pair means the same bit for bit (PTX ISA):
//   - add, sub, mul.lo, mad.lo of .s and .u of one width: two's
//     complement, the low bits alike (9.7.1: "add.s and add.u ... the
//     same", mul.lo the low half);
//   - mov of .u as .b and .s: a move copies bits; shr of .u as .b: both
//     fill with 0 ("unsigned and untyped shifts fill with 0");
//   - call.uni and bra.uni as call and bra: .uni only asserts that the
//     warp does not diverge there;
//   - setp.eq and setp.ne of .s, .u and .b: equality of the bits (.b
//     types take eq and ne only);
//   - selp of .b, .u, .s: a select of bits;
//   - ld and st of .u32, .s32, .f32 as .b32 and .u64, .s64, .f64 as
//     .b64: a load or store of the width's bits into a register of the
//     same width (the type rules let a .bN access any register of N
//     bits); only where the data registers are of the type's width:
//     into a wider register a .s load sign-extends and a .b or .u one
//     zero-extends (ISA, "Operand size exceeding instruction-type size":
//     clang loads ld.local.s32 %rd41 and ld.u32 %rd7), and narrower
//     loads are left alone;
//   - st of .u8 and .u16 as .s and .b in turn: a store writes the low
//     bits, whatever the register (the ISA's "chop");
//   - atom and red .add.u32 as .add.s32 and back: one two's complement
//     sum;
//   - cvt between integers of a .u and an .s destination: the source's
//     type alone says whether a wider result is sign- or zero-extended,
//     a narrower one is chopped to its low bits, and an equal one is the
//     bits (ISA, cvt: "sext", "zext", "chop" in its conversion table), so
//     the destination's signedness only matters in a register wider than
//     the type (sign-extended for a signed one) or with .sat, neither of
//     which is rewritten; narrowing, the source's signedness is flipped
//     too;
//   - add, sub, mul .rn.f32/.f64 as add, sub, mul .f32/.f64: .rn is the
//     default rounding; without it the ISA lets a compiler (ptxas)
//     contract mul and add into fma, which ptxplay, an interpreter of the
//     PTX as written, never does, so its answer stays the unfused one.
//     (A GPU suite of -with retype programs may therefore differ on a
//     real GPU where ptxas contracts; docs/difftest.md.)
package main

import (
	"regexp"
	"strconv"
	"strings"
)

// retypeForm is one rewrite: an opcode (the instruction's first word,
// after any guard) and what it becomes, in turn: of n twins, the first
// of every n + 1 instructions stays and the others become one each.
type retypeForm struct {
	from string
	to   []string
}

var retypeForms = func() []retypeForm {
	var f []retypeForm
	for _, w := range []string{"16", "32", "64"} {
		for _, op := range []string{"add", "sub", "mul.lo", "mad.lo"} {
			f = append(f, retypeForm{op + ".s" + w, []string{op + ".u" + w}}, retypeForm{op + ".u" + w, []string{op + ".s" + w}})
		}
		f = append(f, retypeForm{"mov.u" + w, []string{"mov.b" + w, "mov.s" + w}}, retypeForm{"shr.u" + w, []string{"shr.b" + w}})
		for _, c := range []string{"eq", "ne"} {
			f = append(f, retypeForm{"setp." + c + ".s" + w, []string{"setp." + c + ".b" + w}}, retypeForm{"setp." + c + ".u" + w, []string{"setp." + c + ".b" + w}})
		}
	}
	for _, w := range []string{"32", "64"} {
		f = append(f, retypeForm{"selp.b" + w, []string{"selp.u" + w}}, retypeForm{"selp.s" + w, []string{"selp.b" + w}})
		for _, op := range []string{"add", "sub", "mul"} {
			f = append(f, retypeForm{op + ".rn.f" + w, []string{op + ".f" + w}})
		}
	}
	// .uni only asserts that no thread of the warp diverges there.
	f = append(f, retypeForm{"call.uni", []string{"call"}}, retypeForm{"bra.uni", []string{"bra"}})
	return f
}()

// ldst matches a load or store of a 32- or 64-bit type (any space,
// qualifiers, vector): its prefix, the type's kind and width.
var ldst = regexp.MustCompile(`^((?:ld|st)(?:\.[a-z0-9:_]+)*?(?:\.v[24])?)\.([usf])(32|64)$`)

// retype rewrites every second instruction of each form of retypeForms
// and of the 32- and 64-bit loads and stores.
func retype(src []byte) []byte {
	forms := map[string][]string{}
	for _, f := range retypeForms {
		forms[f.from] = f.to
	}
	seen := map[string]int{}
	lines := strings.Split(string(src), "\n")
	for i, line := range lines {
		body := strings.TrimLeft(line, " \t")
		ind := line[:len(line)-len(body)]
		guard := ""
		if strings.HasPrefix(body, "@") {
			j := strings.IndexAny(body, " \t")
			if j < 0 {
				continue
			}
			guard, body = body[:j+1], body[j+1:]
		}
		j := strings.IndexAny(body, " \t;")
		if j < 0 {
			continue
		}
		op, rest := body[:j], body[j:]
		tos, ok := forms[op]
		if !ok {
			if m := ldst.FindStringSubmatch(op); m != nil && dataWidth(op, rest) == m[3] {
				tos, ok = []string{m[1] + ".b" + m[3]}, true
			}
		}
		if !ok {
			if m := stNarrow.FindStringSubmatch(op); m != nil {
				tos, ok = []string{m[1] + ".s" + m[3], m[1] + ".b" + m[3]}, true
			} else if m := atomAdd.FindStringSubmatch(op); m != nil {
				tos, ok = []string{m[1] + ".add." + flipSign[m[2]] + "32"}, true
			}
		}
		if !ok {
			if m := cvtInt.FindStringSubmatch(op); m != nil && destWidth(rest) == m[2] {
				// The destination's signedness flipped; narrowing, the
				// source's too (a chop reads only the low bits).
				src := m[3]
				if dw, sw := atoi(m[2]), atoi(m[4]); dw < sw {
					src = flipSign[src]
				}
				tos, ok = []string{"cvt." + flipSign[m[1]] + m[2] + "." + src + m[4]}, true
			}
		}
		if !ok {
			continue
		}
		seen[op]++
		if k := (seen[op] - 1) % (len(tos) + 1); k > 0 {
			lines[i] = ind + guard + tos[k-1] + rest
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

// dataReg matches a register of clang's PTX and its width class.
var dataReg = regexp.MustCompile(`%(rd|fd|rs|r|f|SPL|SP)\d*\b`)

// regWidth is the width of clang's register classes (%rd, %fd, %SP and
// %SPL 64 bits, %r and %f 32, %rs 16).
var regWidth = map[string]string{"rd": "64", "fd": "64", "SP": "64", "SPL": "64", "r": "32", "f": "32", "rs": "16"}

// dataWidth is the width of a load's destination or a store's source
// registers (operands before the address for ld, after it for st), or ""
// when they differ, are of no known class or are not registers.
func dataWidth(op, operands string) string {
	var data string
	if a, b, ok := strings.Cut(operands, "]"); ok {
		data = b
		if strings.HasPrefix(op, "ld") {
			data, _, _ = strings.Cut(a, "[")
		}
	}
	w := ""
	for _, m := range dataReg.FindAllStringSubmatch(data, -1) {
		if w != "" && regWidth[m[1]] != w {
			return ""
		}
		w = regWidth[m[1]]
	}
	return w
}

// stNarrow matches a store of 8 or 16 bits of .u type: a store writes
// the low bits whatever the register's width, so .s and .b mean the same.
var stNarrow = regexp.MustCompile(`^(st(?:\.[a-z0-9:_]+)*?(?:\.v[24])?)\.(u)(8|16)$`)

// atomAdd matches an atom or red add of 32 bits (.u32 or .s32: the same
// two's complement sum; the ISA has no .s64 add).
var atomAdd = regexp.MustCompile(`^((?:atom|red)(?:\.[a-z0-9:_]+)*?)\.add\.([us])32$`)

// cvtInt matches an integer-to-integer cvt without modifiers: the
// destination's and the source's signedness and width.
var cvtInt = regexp.MustCompile(`^cvt\.([us])(8|16|32|64)\.([us])(8|16|32|64)$`)

var flipSign = map[string]string{"u": "s", "s": "u"}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// destWidth is the width of an instruction's first (destination)
// register, or "" when it is not one of clang's register classes.
func destWidth(operands string) string {
	first, _, _ := strings.Cut(operands, ",")
	m := dataReg.FindStringSubmatch(first)
	if m == nil {
		return ""
	}
	return regWidth[m[1]]
}
