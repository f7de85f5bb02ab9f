// parser_test.go holds the table tests of the lexer and parser, citing the
// sections of the PTX ISA 3.1 manual that define each form.
package ptx

import (
	"math"
	"strings"
	"testing"
)

// kernel wraps statements in a minimal module with one kernel.
func kernel(body string) string {
	return ".version 8.0\n.target sm_80\n.address_size 64\n.entry k()\n{\n" + body + "\n}\n"
}

// parseOK parses src and fails the test on any syntax error.
func parseOK(t *testing.T, src string) *Module {
	t.Helper()
	m, errs := Parse("test.ptx", []byte(src))
	for _, e := range errs {
		t.Errorf("unexpected error: %v\nsource:\n%s", e, src)
	}
	checkSpans(t, m, len(src))
	return m
}

// body parses statements inside a kernel and returns them.
func body(t *testing.T, stmts string) []Stmt {
	t.Helper()
	m := parseOK(t, kernel(stmts))
	for _, d := range m.Decls {
		if f, ok := d.(*Func); ok && f.Body != nil {
			return f.Body.Stmts
		}
	}
	t.Fatalf("no kernel body in %q", stmts)
	return nil
}

// instr parses one instruction and returns it.
func instr(t *testing.T, src string) *Instr {
	t.Helper()
	ss := body(t, src)
	if len(ss) != 1 {
		t.Fatalf("%q: got %d statements, want 1", src, len(ss))
	}
	in, ok := ss[0].(*Instr)
	if !ok {
		t.Fatalf("%q: got %T, want *Instr", src, ss[0])
	}
	return in
}

// operand parses "mov.b32 %r0, OPERAND;" and returns the operand.
func operand(t *testing.T, src string) Operand {
	t.Helper()
	in := instr(t, "mov.b32 %r0, "+src+";")
	if len(in.Args) != 2 {
		t.Fatalf("%q: got %d operands, want 2", src, len(in.Args))
	}
	return in.Args[1]
}

// TestConstants checks the value of each constant form (§4.5.1, §4.5.2).
func TestConstants(t *testing.T) {
	type intWant struct {
		val      uint64
		unsigned bool
	}
	ints := []struct {
		desc, src string
		want      intWant
	}{
		{"decimal", "42", intWant{42, false}},
		{"zero", "0", intWant{0, false}},
		{"hex", "0x1F", intWant{31, false}},
		{"hex upper X", "0XfF", intWant{255, false}},
		{"octal", "017", intWant{15, false}},
		{"binary", "0b101", intWant{5, false}},
		{"binary upper B", "0B11", intWant{3, false}},
		{"unsigned suffix", "42U", intWant{42, true}},
		{"hex unsigned", "0x10U", intWant{16, true}},
		{"negative one", "-1", intWant{0xffffffffffffffff, false}},
		{"negative hex", "-0x10", intWant{0xfffffffffffffff0, false}},
		{"minus with a blank", "- 4", intWant{0xfffffffffffffffc, false}},
		{"largest u64", "0xffffffffffffffff", intWant{math.MaxUint64, false}},
		{"largest decimal", "18446744073709551615", intWant{math.MaxUint64, false}},
	}
	for _, tc := range ints {
		t.Run("int/"+tc.desc, func(t *testing.T) {
			x, ok := operand(t, tc.src).(*Int)
			if !ok {
				t.Fatalf("%q: got %T, want *Int", tc.src, operand(t, tc.src))
			}
			if x.Val != tc.want.val || x.Unsigned != tc.want.unsigned {
				t.Errorf("%q: got Val %#x Unsigned %v, want %#x %v", tc.src, x.Val, x.Unsigned, tc.want.val, tc.want.unsigned)
			}
			if x.Text != tc.src {
				t.Errorf("%q: got Text %q", tc.src, x.Text)
			}
		})
	}
	floats := []struct {
		desc, src string
		bits      uint64
		double    bool
	}{
		{"f32 bits", "0f3F800000", 0x3F800000, false},
		{"f32 bits upper F", "0F3f800000", 0x3F800000, false},
		{"f32 negative bits", "0fBF800000", 0xBF800000, false},
		{"f32 NaN", "0f7FC00000", 0x7FC00000, false},
		{"f64 bits", "0d3FF0000000000000", 0x3FF0000000000000, true},
		{"f64 bits upper D", "0D4000000000000000", 0x4000000000000000, true},
		{"decimal", "1.5", math.Float64bits(1.5), true},
		{"exponent", "1e-3", math.Float64bits(1e-3), true},
		{"exponent plus", "2.5E+2", math.Float64bits(250), true},
		{"leading dot", ".5", math.Float64bits(0.5), true},
		{"trailing dot", "2.", math.Float64bits(2), true},
		{"negative decimal", "-1.5", math.Float64bits(-1.5), true},
		{"negative f32 bits", "-0f3F800000", 0xBF800000, false},
		{"negative f64 bits", "-0d3FF0000000000000", 0xBFF0000000000000, true},
	}
	for _, tc := range floats {
		t.Run("float/"+tc.desc, func(t *testing.T) {
			x, ok := operand(t, tc.src).(*Float)
			if !ok {
				t.Fatalf("%q: got %T, want *Float", tc.src, operand(t, tc.src))
			}
			if x.Bits != tc.bits || x.Double != tc.double {
				t.Errorf("%q: got Bits %#x Double %v, want %#x %v", tc.src, x.Bits, x.Double, tc.bits, tc.double)
			}
		})
	}
}

// TestOperands checks the shape of each operand form (§6.2-6.6, §4.5.4).
func TestOperands(t *testing.T) {
	tests := []struct {
		desc, src, want string
	}{
		{"register", "%r1", "%r1"},
		{"special register with component", "%tid.x", "%tid.x"},
		{"cluster register", "%clusterid.x", "%clusterid.x"},
		{"dollar label", "$L__BB0_1", "$L__BB0_1"},
		{"underscore name", "__local_depot0", "__local_depot0"},
		{"llvm name with $ and dots", "_ZN3ptr29_$RP$mut$x20T.RawPtr$LT$T$GT$6offset20hfbc25d526e97e8a67aa4v0.0E",
			"_ZN3ptr29_$RP$mut$x20T.RawPtr$LT$T$GT$6offset20hfbc25d526e97e8a67aa4v0.0E"},
		{"predefined constant", "WARP_SZ", "WARP_SZ"},
		{"sink", "_", "_"},
		{"negated predicate", "!%p1", "(!%p1)"},
		{"negated name", "-x", "(-x)"},
		{"complement", "~5", "(~int:5)"},
		{"sum", "sym+4", "(sym+int:4)"},
		{"precedence", "1+2*3", "(int:1+(int:2*int:3))"},
		{"parentheses", "(1+2)*3", "((int:1+int:2)*int:3)"},
		{"shifts and bits", "1<<4|2&3^1>>1", "((int:1<<int:4)|((int:2&int:3)^(int:1>>int:1)))"},
		{"left associative", "10-4-3", "((int:10-int:4)-int:3)"},
		{"comparison", "2<3", "(int:2<int:3)"},
		{"conditional", "1 ? 2 : 3+4", "(int:1?int:2:(int:3+int:4))"},
		{"logical operators", "1 && 0 || 1", "((int:1&&int:0)||int:1)"},
		{"register address", "[%r1]", "[%r1]"},
		{"register plus offset", "[%rd+8]", "[%rd+8]"},
		{"register plus negative offset", "[%rd+-4]", "[%rd-4]"},
		{"offset expression after the base", "[%rd+8-4]", "[%rd+4]"},
		{"blanks in address", "[ %rd1 + 16 ]", "[%rd1+16]"},
		{"variable plus offset", "[var+4]", "[var+4]"},
		{"variable", "[var]", "[var]"},
		{"variable plus zero", "[param0+0]", "[param0]"},
		{"offset expression", "[sym+4+8]", "[sym+12]"},
		{"conditional offset", "[sym+(1?4:8)]", "[sym+4]"},
		{"absolute address", "[0x100]", "[256]"},
		{"texture address", "[tex, {%f1, %f2}]", "[tex, {%f1, %f2}]"},
		{"vector", "{%r1, %r2, _}", "{%r1, %r2, _}"},
		{"vector of four", "{%f1,%f2,%f3,%f4}", "{%f1, %f2, %f3, %f4}"},
		{"pair", "%r1|%p1", "%r1|%p1"},
		{"sink pair", "_|%p1", "_|%p1"},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			if got := opString(operand(t, tc.src)); got != tc.want {
				t.Errorf("%q: got %s, want %s", tc.src, got, tc.want)
			}
		})
	}
}

// TestAddrFields checks Addr.Base and Addr.Off directly (§6.4.1).
func TestAddrFields(t *testing.T) {
	tests := []struct {
		src  string
		base string // "" for none
		off  int64
	}{
		{"[%rd+-4]", "%rd", -4},
		{"[%rd+8-12]", "%rd", -4},
		{"[%rd+0x10]", "%rd", 16},
		{"[var+4]", "var", 4},
		{"[var]", "var", 0},
		{"[0x100]", "", 0x100},
		{"[%r1]", "%r1", 0},
	}
	for _, tc := range tests {
		a, ok := operand(t, tc.src).(*Addr)
		if !ok {
			t.Errorf("%q: got %T, want *Addr", tc.src, operand(t, tc.src))
			continue
		}
		base := ""
		if a.Base != nil {
			base = a.Base.(*Ident).Name
		}
		if base != tc.base || a.Off != tc.off {
			t.Errorf("%q: got base %q off %d, want %q %d", tc.src, base, a.Off, tc.base, tc.off)
		}
	}
}

// TestInstructions checks guards, opcodes split into modifiers, and
// operand lists including calls (§10.1-10.5, §11 call syntax).
func TestInstructions(t *testing.T) {
	tests := []struct {
		desc, src, want string
	}{
		{"no operands", "ret;", "ret"},
		{"modifiers", "add.rn.f32 %f1, %f2, %f3;", "add .rn .f32 %f1, %f2, %f3"},
		{"split at the first dot", "cp.async.ca.shared.global [%r1], [%rd1], 16;",
			"cp .async .ca .shared .global [%r1], [%rd1], int:16"},
		{"sub-qualifiers", "ld.shared::cta.b32 %r1, [%r2];", "ld .shared::cta .b32 %r1, [%r2]"},
		{"modifier starting with a digit", "tex.3d.v4.u32.f32 {%r1,%r2,%r3,%r4},[tex,{%f1,%f2,%f3,%f4}];",
			"tex .3d .v4 .u32 .f32 {%r1, %r2, %r3, %r4}, [tex, {%f1, %f2, %f3, %f4}]"},
		{"guard", "@%p1 bra $L__BB0_2;", "@%p1 bra $L__BB0_2"},
		{"negated guard", "@!%p2 bra.uni $L__BB0_3;", "@!%p2 bra .uni $L__BB0_3"},
		{"guard without blank", "@%p1 st.global.b32 [%rd9], {%r17};", "@%p1 st .global .b32 [%rd9], {%r17}"},
		{"predicate operand", "selp.b32 %r1, 1, 0, !%p1;", "selp .b32 %r1, int:1, int:0, (!%p1)"},
		{"pair destination", "shfl.sync.bfly.b32 %r1|%p1, %r2, 1, 31, -1;",
			"shfl .sync .bfly .b32 %r1|%p1, %r2, int:1, int:31, int:-1"},
		{"tab after opcode", "setp.lt.s32\t%p1, %r1, 1;", "setp .lt .s32 %p1, %r1, int:1"},
		{"call with lists", "call.uni (retval0), vprintf, (param0, param1);",
			"call .uni (retval0), vprintf, (param0, param1)"},
		{"call over several lines", "call.uni (retval0), \n\tfoo, \n\t(\n\tparam0, \n\tparam1\n\t);",
			"call .uni (retval0), foo, (param0, param1)"},
		{"indirect call with prototype", "call (retval0), \n%rd1, \n(\nparam0\n)\n, prototype_0;",
			"call (retval0), %rd1, (param0), prototype_0"},
		{"call without lists", "call.uni foo;", "call .uni foo"},
		// A newline is whitespace (§4.1): clang 14 and nvcc print calls of
		// void functions with the target on the line after the opcode.
		{"void call over several lines (clang and nvcc)", "call.uni \n\t_Z5orderPjS_, \n\t(\n\tparam0, \n\tparam1\n\t);",
			"call .uni _Z5orderPjS_, (param0, param1)"},
		{"void call of a function without parameters", "call.uni \n\t_Z4tickv, \n\t(\n\t);",
			"call .uni _Z4tickv, ()"},
		{"call target alone on the next line", "call\n\tf\n\t;", "call f"},
		{"indirect void call, nvcc layout", "call \n\t%rd5, \n\t(\n\tparam0\n\t)\n\t, prototype_0;",
			"call %rd5, (param0), prototype_0"},
		{"indirect call with return list on its own line", "call\n(retval0),\n%rd5,\n(param0),\nprototype_0;",
			"call (retval0), %rd5, (param0), prototype_0"},
		{"guarded void call over lines", "@%p1 call.uni \n\tf, \n\t(\n\tparam0\n\t);", "@%p1 call .uni f, (param0)"},
		{"mma operand groups on their own lines",
			"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32\n\t{%f1, %f2, %f3, %f4},\n\t{%r1, %r2, %r3, %r4},\n\t{%r5, %r6},\n\t{%f5, %f6, %f7, %f8};",
			"mma .sync .aligned .m16n8k16 .row .col .f32 .f16 .f16 .f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f5, %f6, %f7, %f8}"},
		{"vector starting with a sink on the next line", "ld.global.v2.u32\n{_, %r2}, [%rd1];", "ld .global .v2 .u32 {_, %r2}, [%rd1]"},
		{"register operands on the next line", "add.s32\n%r1,\n%r2,\n1\n;", "add .s32 %r1, %r2, int:1"},
		{"address first on the next line", "st.global.u32\n[%rd1], %r1;", "st .global .u32 [%rd1], %r1"},
		{"constant first on the next line", "bar.sync\n0;", "bar .sync int:0"},
		{"semicolon on its own line", "ret\n;", "ret"},
		{"branch target on the next line", "bra.uni\n\t$L__BB0_1;", "bra .uni $L__BB0_1"},
		{"guarded branch target on the next line", "@%p1 bra\n\tLBB0_2\n\t;", "@%p1 bra LBB0_2"},
		{"call with empty list", "call.uni (), foo, ();", "call .uni (), foo, ()"},
		{"parentheses outside call group", "mov.u32 %r1, (4+4)*2;", "mov .u32 %r1, ((int:4+int:4)*int:2)"},
		{"vector pack", "mov.b64 %rd1, {%r1, %r2};", "mov .b64 %rd1, {%r1, %r2}"},
		{"opcode with digits", "mul24.lo.u32 %r1, %r2, %r3;", "mul24 .lo .u32 %r1, %r2, %r3"},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			if got := stmtString(instr(t, tc.src)); got != tc.want {
				t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
			}
		})
	}
}

// TestStatements checks labels, blocks, directives and declarations in a
// function body (§10.3, §11).
func TestStatements(t *testing.T) {
	tests := []struct {
		desc, src string
		want      []string
	}{
		{"label alone", "$L__BB0_1:\nret;", []string{"$L__BB0_1:", "ret"}},
		{"label before instruction", "L1: add.s32 %r1, %r1, 1;", []string{"L1:", "add .s32 %r1, %r1, int:1"}},
		{"two labels", "a: b: ret;", []string{"a:", "b:", "ret"}},
		{"nested blocks", "{ .reg .b32 t; { mov.b32 t, 1; } }",
			[]string{"{.reg .b32 t; {mov .b32 t, int:1}}"}},
		{"llvm callseq braces in comments", "// Callseq Start 0\n{\n.reg .b32 temp_param_reg;\n// <end>}\n.param .b64 param0;\n//{\n}// Callseq End 0",
			[]string{"{.reg .b32 temp_param_reg; .param .b64 param0}"}},
		{"inline asm block", "{  cvt.rn.f16.f32 %rs1, %f1;}", []string{"{cvt .rn .f16 .f32 %rs1, %f1}"}},
		{"loc", ".loc 1 9 1", []string{".loc int:1, int:9, int:1"}},
		{"loc with inlining", ".loc 1 9 1, function_name $L__info_string0, inlined_at 1 2 3",
			[]string{".loc int:1, int:9, int:1, function_name, $L__info_string0, inlined_at, int:1, int:2, int:3"}},
		{"loc then instruction", ".loc\t1 0 0\nret;", []string{".loc int:1, int:0, int:0", "ret"}},
		{"pragma", ".pragma \"nounroll\";\nret;", []string{".pragma \"nounroll\"", "ret"}},
		{"pragma argument on the next line", ".pragma\n\"nounroll\";\nret;", []string{".pragma \"nounroll\"", "ret"}},
		{"loc arguments on the next line", ".loc\n1 9 1\nret;", []string{".loc int:1, int:9, int:1", "ret"}},
		{"loc arguments over lines", ".loc 1\n9\n1\nret;", []string{".loc int:1, int:9, int:1", "ret"}},
		{"loc without arguments ends at the line", ".loc\nret;", []string{".loc", "ret"}},
		{"unknown directive", ".language 7\nret;", []string{".language int:7", "ret"}},
		{"registers", ".reg .b32 %r1, %r2;", []string{".reg .b32 %r1, %r2"}},
		{"parameterized registers", ".reg .pred %p<8>;", []string{".reg .pred %p<8>"}},
		{"shared array", ".shared .align 4 .b8 buf[4][8];", []string{".shared align=4 .b8 buf[4][8]"}},
		{"dynamic shared", ".extern .shared .align 16 .b8 smem[];", []string{".extern .shared align=16 .b8 smem[-1]"}},
		{"local depot", ".local .align 8 .b8 \t__local_depot0[40];", []string{".local align=8 .b8 __local_depot0[40]"}},
		{"old-style kernel param", ".param .u64 __cudaparm_k_a;", []string{".param .u64 __cudaparm_k_a"}},
		{"param array", ".param .align 4 .b8 param0[12];", []string{".param align=4 .b8 param0[12]"}},
		{"vector register", ".reg .v4 .f32 v;", []string{".reg v4 .f32 v"}},
		{"vector register without blanks", ".reg.v4.u16 x;", []string{".reg v4 .u16 x"}},
		{"call prototype", "prototype_0 : .callprototype (.param .align 4 .b8 _[12]) _ (.param .b64 _);",
			[]string{"prototype_0:", ".callprototype (.param align=4 .b8 _[12]) _ (.param .b64 _)"}},
		{"call prototype without return", "p1 : .callprototype ()_ (.param .b32 _, .param .b32 _);",
			[]string{"p1:", ".callprototype _ (.param .b32 _, .param .b32 _)"}},
		{"empty statement", ";ret;", []string{"ret"}},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			ss := body(t, tc.src)
			var got []string
			for _, s := range ss {
				got = append(got, stmtString(s))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("%q:\n got %q\nwant %q", tc.src, got, tc.want)
			}
		})
	}
}

// TestModule checks module-scope directives, declarations and functions
// (§11.1-11.6).
func TestModule(t *testing.T) {
	tests := []struct {
		desc, src string
		want      []string // declStr of each Decl
	}{
		{"global scalar", ".global .u32 x = 5;", []string{".global .u32 x = int:5"}},
		{"visible global array", ".visible .global .align 4 .b8 t[8] = {82, 97, 121, 0, 20, 0, 0, 0};",
			[]string{".visible .global align=4 .b8 t[8] = {int:82, int:97, int:121, int:0, int:20, int:0, int:0, int:0}"}},
		{"nested initializer", ".global .u8 t[2][2] = {{1, 2}, {3, 4}};", []string{".global .u8 t[2][2] = {{int:1, int:2}, {int:3, int:4}}"}},
		{"mixed initializer", ".global .u8 t[4] = {1, 2, {3, 4}};", []string{".global .u8 t[4] = {int:1, int:2, {int:3, int:4}}"}},
		{"float initializer", ".global .f32 f = 0f3F800000;", []string{".global .f32 f = f32:3f800000"}},
		{"generic address initializer", ".global .u64 p = generic(sym);", []string{".global .u64 p = (genericsym)"}},
		{"symbol plus offset", ".global .u64 q = sym+4;", []string{".global .u64 q = (sym+int:4)"}},
		{"label difference", ".global .u32 d = $L_end-$L_start;", []string{".global .u32 d = ($L_end-$L_start)"}},
		{"several names", ".global .u32 a, b = 1, c[2];", []string{".global .u32 a, b = int:1, c[2]"}},
		{"const with alignment", ".const .align 4 .b8 c[16];", []string{".const align=4 .b8 c[16]"}},
		{"texref", ".global .texref tex;", []string{".global .texref tex"}},
		{"tex space", ".tex .u64 t;", []string{".tex .u64 t"}},
		{"common", ".common .global .u32 cnt;", []string{".common .global .u32 cnt"}},
		{"weak global", ".weak .global .align 1 .b8 flag;", []string{".weak .global align=1 .b8 flag"}},
		{"module registers", ".reg .u32 %ra<17>;", []string{".reg .u32 %ra<17>"}},
		{"entry with pointer params",
			".visible .entry k(\n.param .u64 .ptr .global .align 16 k_param_0,\n.param .align 8 .b8 k_param_1[16]\n)\n.maxntid 256, 1, 1\n.minnctapersm 1\n{\nret;\n}",
			[]string{".visible .entry k (.param .u64 ptr .global align=16 k_param_0, .param align=8 .b8 k_param_1[16]) .maxntid int:256, int:1, int:1 .minnctapersm int:1 body=1"}},
		{"entry perf directives", ".entry k() .reqntid 128 .maxnreg 32 .maxnctapersm 4 .noreturn .language 7 { ret; }",
			[]string{".entry k () .reqntid int:128 .maxnreg int:32 .maxnctapersm int:4 .noreturn .language int:7 body=1"}},
		{"entry with pragma", ".entry k()\n.pragma \"nounroll\";\n{\nret;\n}", []string{`.entry k () .pragma "nounroll" body=1`}},
		{"pointer param without space", ".entry k(.param .u64 .ptr .align 1 p) { ret; }", []string{".entry k (.param .u64 ptr align=1 p) body=1"}},
		{"old-style entry", ".entry old\n{\n.param .u32 p;\nret;\n}", []string{".entry old () body=2"}},
		{"func with return", ".visible .func (.param .b64 func_retval0) f(.param .b64 f_param_0) { ret; }",
			[]string{".visible .func (.param .b64 func_retval0) f (.param .b64 f_param_0) body=1"}},
		{"func with register params", ".func (.reg .b32 r) f(.reg .b32 x, .reg .pred p) { ret; }",
			[]string{".func (.reg .b32 r) f (.reg .b32 x, .reg .pred p) body=1"}},
		{"prototype", ".extern .func (.param .b32 func_retval0) vprintf\n(\n.param .b64 vprintf_param_0,\n.param .b64 vprintf_param_1\n)\n;",
			[]string{".extern .func (.param .b32 func_retval0) vprintf (.param .b64 vprintf_param_0, .param .b64 vprintf_param_1)"}},
		{"weak func", ".weak .func (.param .b32 func_retval0) cudaMalloc(.param .b64 p) { ret; }",
			[]string{".weak .func (.param .b32 func_retval0) cudaMalloc (.param .b64 p) body=1"}},
		{"noreturn prototype", ".func stop() .noreturn;", []string{".func stop () .noreturn"}},
		{"func with vector register params", ".func (.reg .v2 .u32 out) f(.reg .v2 .u32 in, .reg.v4.u16 x) { ret; }",
			[]string{".func (.reg v2 .u32 out) f (.reg v2 .u32 in, .reg v4 .u16 x) body=1"}},
		{"vector param with alignment", ".func f(.param .align 16 .v4 .f32 v) { ret; }",
			[]string{".func f (.param align=16 v4 .f32 v) body=1"}},
		{"func without params", ".func f\n{\nret;\n}", []string{".func f () body=1"}},
		{"alias", ".alias fAlias, fImpl;", []string{".alias fAlias, fImpl"}},
		{"file", `.file 1 "path/a.cu" , 1613650000, 1234`, []string{`.file int:1, "path/a.cu", int:1613650000, int:1234`}},
		{"file with escapes", `.file 2 "c:\\cuda\\x.h"`, []string{`.file int:2, "c:\\cuda\\x.h"`}},
		{"section", ".section .debug_info\n{\n$L__start:\n.b8 1, 2, 3\n.b32 $L__end - $L__start\n.b64 sym\n.b32 .debug_abbrev\n\n$L__end:\n}",
			[]string{".section .debug_info {$L__start:; .b8 int:1, int:2, int:3; .b32 ($L__end-$L__start); .b64 sym; .b32 .debug_abbrev; $L__end:}"}},
		{"section on one line", ".section .debug_loc { }", []string{".section .debug_loc"}},
		{"data line continued after comma", ".section .s {\n.b8 1,\n2\n}", []string{".section .s {.b8 int:1, int:2}"}},
		{"unknown module directive", ".language 7", []string{".language int:7"}},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			m := parseOK(t, tc.src)
			var got []string
			for _, d := range m.Decls {
				got = append(got, declStr(d))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("%q:\n got %q\nwant %q", tc.src, got, tc.want)
			}
		})
	}
}

// TestDeclFields checks declaration fields directly (§5.4).
func TestDeclFields(t *testing.T) {
	m := parseOK(t, ".reg .b32 %r<100>;\n.extern .shared .align 16 .v2 .b32 a[4][8], b[];\n")
	r := m.Decls[0].(*VarDecl)
	if r.Space != ".reg" || r.Type != ".b32" || len(r.Names) != 1 || r.Names[0].Name != "%r" || r.Names[0].Count != 100 {
		t.Errorf("%%r<100>: got %+v %+v, want .reg .b32 %%r Count 100", r, r.Names[0])
	}
	s := m.Decls[1].(*VarDecl)
	if s.Linkage != ".extern" || s.Space != ".shared" || s.Align != 16 || s.Vec != 2 || s.Type != ".b32" {
		t.Errorf("got %+v, want .extern .shared align 16 v2 .b32", s)
	}
	if len(s.Names) != 2 || len(s.Names[0].Dims) != 2 || s.Names[0].Dims[0] != 4 || s.Names[0].Dims[1] != 8 ||
		len(s.Names[1].Dims) != 1 || s.Names[1].Dims[0] != -1 {
		t.Errorf("got dims %v and %v, want [4 8] and [-1]", s.Names[0].Dims, s.Names[1].Dims)
	}
}

// TestHeader checks .version, .target and .address_size (§11.1).
func TestHeader(t *testing.T) {
	m := parseOK(t, ".version 8.4\n.target sm_89, debug\n.address_size 64\n")
	if m.Version == nil || m.Version.Args[0].(*Float).Text != "8.4" {
		t.Errorf("version: got %v, want 8.4", m.Version)
	}
	if m.Target == nil || opList(m.Target.Args) != "sm_89, debug" {
		t.Errorf("target: got %v, want sm_89, debug", m.Target)
	}
	if m.AddressSize == nil || m.AddressSize.Args[0].(*Int).Val != 64 {
		t.Errorf("address_size: got %v, want 64", m.AddressSize)
	}
	if len(m.Decls) != 0 {
		t.Errorf("got %d decls, want the header only in its fields", len(m.Decls))
	}
	m = parseOK(t, "\t.version 1.3\n\t.target sm_12, map_f64_to_f32\n")
	if got := opList(m.Target.Args); got != "sm_12, map_f64_to_f32" {
		t.Errorf("target: got %s", got)
	}
}

// TestLayout: comments, CRLF line endings, tabs, blank lines and missing
// indentation do not change the parse (§4.1-4.3).
func TestLayout(t *testing.T) {
	plain := ".version 8.0\n.target sm_80\n.entry k(.param .u32 n)\n{\n.reg .b32 %r<2>;\nld.param.u32 %r1, [n];\n@%r1 bra L;\nL:\nret;\n}\n"
	variants := map[string]string{
		"crlf":           strings.ReplaceAll(plain, "\n", "\r\n"),
		"tabs":           strings.ReplaceAll(strings.ReplaceAll(plain, "\n", "\n\t"), " ", "\t"),
		"leading blanks": "\n\n\n  \n" + plain,
		"line comments":  "// Generated\n" + strings.ReplaceAll(plain, ";\n", "; // note ;{}\n"),
		"block comments": "/* head\n */" + strings.ReplaceAll(plain, " ", " /* x */ "),
	}
	want := dumpModule(parseOK(t, plain))
	for name, src := range variants {
		t.Run(name, func(t *testing.T) {
			if got := dumpModule(parseOK(t, src)); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func dumpModule(m *Module) string {
	var b strings.Builder
	for _, d := range []*Directive{m.Version, m.Target, m.AddressSize} {
		if d != nil {
			b.WriteString(dirString(d) + "\n")
		}
	}
	for _, d := range m.Decls {
		b.WriteString(declStr(d) + "\n")
		if f, ok := d.(*Func); ok && f.Body != nil {
			for _, s := range f.Body.Stmts {
				b.WriteString("  " + stmtString(s) + "\n")
			}
		}
	}
	return b.String()
}

// TestPositions checks the line and column of nodes in a multi-line module.
func TestPositions(t *testing.T) {
	src := ".version 8.0\n" + // 1
		".target sm_80\n" + // 2
		".visible .entry vadd(\n" + // 3
		"\t.param .u64 a\n" + // 4
		")\n" + // 5
		"{\n" + // 6
		"\t.reg .b32 %r<4>;\n" + // 7
		"$L1:\n" + // 8
		"\t@!%p1 add.rn.f32 %f1, [%rd1+4], 0f3F800000;\n" + // 9
		"}\n"
	m := parseOK(t, src)
	f := m.Decls[0].(*Func)
	decl := f.Body.Stmts[0].(*VarDecl)
	label := f.Body.Stmts[1].(*Label)
	in := f.Body.Stmts[2].(*Instr)
	addr := in.Args[1].(*Addr)
	tests := []struct {
		desc string
		pos  Pos
		want string
	}{
		{"version", m.Version.Pos(), "1:1"},
		{"target argument", m.Target.Args[0].Pos(), "2:9"},
		{"func", f.Pos(), "3:1"},
		{"func name", f.NamePos, "3:17"},
		{"param", f.Params[0].Pos(), "4:2"},
		{"param name", f.Params[0].NamePos, "4:14"},
		{"param end", f.Params[0].End(), "4:15"},
		{"body", f.Body.Pos(), "6:1"},
		{"body end", f.Body.End(), "10:2"},
		{"decl", decl.Pos(), "7:2"},
		{"decl end", decl.End(), "7:18"},
		{"decl name", decl.Names[0].Pos(), "7:12"},
		{"label", label.Pos(), "8:1"},
		{"instr", in.Pos(), "9:2"},
		{"guard", in.Guard.Pos(), "9:2"},
		{"opcode", in.OpPos, "9:8"},
		{"first modifier", in.Mods[0].At, "9:11"},
		{"second modifier", in.Mods[1].At, "9:14"},
		{"first operand", in.Args[0].Pos(), "9:19"},
		{"address", addr.Pos(), "9:24"},
		{"address base", addr.Base.Pos(), "9:25"},
		{"address end", addr.End(), "9:32"},
		{"float", in.Args[2].Pos(), "9:34"},
		{"instr end", in.End(), "9:45"},
	}
	for _, tc := range tests {
		p := m.File.Position(tc.pos)
		if got := p.String(); got != "test.ptx:"+tc.want {
			t.Errorf("%s: got %s, want %s", tc.desc, got, tc.want)
		}
	}
}
