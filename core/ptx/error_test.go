// error_test.go checks the parser's error messages, their positions and
// its recovery after an error.
package ptx

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestErrors: each malformed snippet gives exactly these "line:col: message"
// errors, in order.
func TestErrors(t *testing.T) {
	tests := []struct {
		desc, src string
		want      []string
	}{
		{"missing semicolon", ".entry k()\n{\nadd.s32 %r1, %r2, %r3\nadd.s32 %r1, %r2, %r3;\n}",
			[]string{`4:1: expected ';' after instruction, found "add.s32"`}},
		{"missing semicolon before a block", ".entry k()\n{\nret\n{\n.reg .b32 t;\n}\n}",
			[]string{`4:1: expected ';' after instruction, found '{'`}},
		{"missing semicolon before a label", ".entry k()\n{\nret\n$L1:\nret;\n}",
			[]string{`4:1: expected ';' after instruction, found "$L1"`}},
		{"missing semicolon before a nullary instruction", ".entry k()\n{\nret\nexit;\n}",
			[]string{`4:1: expected ';' after instruction, found "exit"`}},
		{"missing semicolon before a dotted nullary instruction", ".entry k()\n{\nbar.sync 0\nmembar.gl;\n}",
			[]string{`4:1: expected ';' after instruction, found "membar.gl"`}},
		{"missing semicolon after a nullary instruction", ".entry k()\n{\nret\nfence.sc.cta;\n}",
			[]string{`4:1: expected ';' after instruction, found "fence.sc.cta"`}},
		{"missing semicolon before a guard", ".entry k()\n{\nret\n@%p1 bra L;\n}",
			[]string{`4:1: expected ';' after instruction, found '@'`}},
		{"missing semicolon before a directive", ".entry k()\n{\nret\n.reg .b32 t;\n}",
			[]string{`4:1: expected ';' after instruction, found ".reg"`}},
		{"unterminated string", ".entry k()\n{\n.pragma \"nounroll;\nret;\n}",
			[]string{`3:9: unterminated string`}},
		{"unexpected character", ".entry k()\n{\nmov.b32 %r1, #5;\n}",
			[]string{`3:14: unexpected character '#'`}},
		{"unexpected byte", ".entry k()\n{\nmov.b32 %r1, \xff;\n}",
			[]string{`3:14: unexpected byte 0xff`}},
		{"missing operand", ".entry k()\n{\nadd.s32 %r1, %r2, );\n}",
			[]string{`3:19: expected operand, found ')'`}},
		{"trailing comma", ".entry k()\n{\nadd.s32 %r1, %r2,;\n}",
			[]string{`3:18: expected operand, found ';'`}},
		{"missing comma", ".entry k()\n{\nmov.b32 %r1 %r2;\n}",
			[]string{`3:13: expected ',' or ';' after operand, found "%r2"`}},
		{"unclosed parenthesis", ".entry k()\n{\nadd.s32 %r1, (%r2, %r3;\n}",
			[]string{`3:18: expected ')', found ','`}},
		{"short hex float", ".global .f32 f = 0f3F80;",
			[]string{`1:18: invalid hex float constant 0f3F80`}},
		{"short hex double", ".global .f64 f = 0d3FF0;",
			[]string{`1:18: invalid hex double constant 0d3FF0`}},
		{"bad octal", ".global .u32 x = 09;",
			[]string{`1:18: invalid octal constant 09`}},
		{"empty hex", ".global .u32 x = 0x;",
			[]string{`1:18: invalid hex constant 0x`}},
		{"too large", ".global .u32 x = 99999999999999999999;",
			[]string{`1:18: integer constant 99999999999999999999 overflows 64 bits`}},
		{"bad exponent", ".entry k()\n{\nadd.f32 %f1, %f2, 1.5e;\n}",
			[]string{`3:19: invalid floating-point constant 1.5e`}},
		{"register offset", ".entry k()\n{\nld.global.u32 %r1, [%rd1+%r2];\n}",
			[]string{`3:26: expected constant offset in address, found "%r2"`}},
		{"register minus offset", ".entry k()\n{\nld.global.u32 %r1, [%rd1-4];\n}",
			[]string{`3:25: an address adds its offset to the base: write [%rd1+-4], not [%rd1-4] (PTX ISA §6.4.1)`}},
		{"offset before the base", ".entry k()\n{\nld.global.u32 %r1, [4+%rd1];\n}",
			[]string{`3:23: the address's base %rd1 must come first: write [%rd1+4] (PTX ISA §6.4.1)`}},
		{"unclosed address", ".entry k()\n{\nld.global.u32 %r1, [%rd1;\n}",
			[]string{`3:25: expected ']' after address, found ';'`}},
		{"unclosed body", ".entry k()\n{\nret;\n",
			[]string{`4:1: expected '}' to close the block opened at 2:1, found end of file`}},
		{"unnamed parameter", ".entry k(.param .u32)\n{\nret;\n}",
			[]string{`1:21: expected parameter name, found ')'`}},
		{"unclosed parameter list", ".entry k(.param .u32 a\n{\nret;\n}",
			[]string{`2:1: expected ',' or ')' in parameter list, found '{'`}},
		{"missing type", ".reg %r1;",
			[]string{`1:6: expected type in .reg declaration, found "%r1"`}},
		{"missing register count", ".reg .b32 %r<;",
			[]string{`1:14: expected register count, found ';'`}},
		{"register as array size", ".global .u32 a[%r1];",
			[]string{`1:16: expected integer constant, found "%r1"`}},
		{"bad linkage target", ".visible .foo x;",
			[]string{`1:10: expected .entry, .func or a state space after .visible, found ".foo"`}},
		{"instruction at module scope", "add.s32 %r1, %r2, %r3;",
			[]string{`1:1: expected directive at module scope, found "add.s32"`}},
		{"unterminated comment", "/* never closed\n.version 8.0",
			[]string{`1:1: unterminated comment`}},
		{"declaration without semicolon", ".entry k()\n{\n.reg .b32 %r1\nret;\n}",
			[]string{`4:1: expected ';' after declaration, found "ret"`}},
		{"junk in section", ".section .debug_info {\n.b8 1\nfoo\n}",
			[]string{`3:1: expected data directive or label in section, found "foo"`}},
		{"stray brace", "}\n.version 8.0",
			[]string{`1:1: unexpected '}' at module scope`}},
		{"unclosed initializer", ".global .u8 t[2] = {1, 2;",
			[]string{`1:25: expected ',' or '}' in initializer, found ';'`}},
		{"nested function", ".entry k()\n{\n.entry j() { }\nret;\n}",
			[]string{`3:1: .entry inside a function body`}},
		{"missing function name", ".entry\n",
			[]string{`2:1: expected function name, found end of file`}},
		{"missing body", ".entry k() .maxntid 1 .reg .b32 %r;",
			[]string{`1:23: expected '{' or ';' after function header, found ".reg"`}},
		{"division by zero in a size", ".global .u8 t[4/0];",
			[]string{`1:17: division by zero in constant expression`}},
		{"missing guard predicate", ".entry k()\n{\n@ ;\n}",
			[]string{`3:3: expected predicate after '@', found ';'`}},
		{"several errors, one per statement",
			".entry k()\n{\nmov.b32 %r1 %r2;\nadd.s32 %r1, , %r3;\nld.u32 %r1, [%rd1+%r2];\nret\n}",
			[]string{
				`3:13: expected ',' or ';' after operand, found "%r2"`,
				`4:14: expected operand, found ','`,
				`5:19: expected constant offset in address, found "%r2"`,
				`7:1: expected ';' after instruction, found '}'`,
			}},
		{"recovery across functions",
			".entry a()\n{\nadd.s32 %r1, );\n}\n.entry b()\n{\n.reg .b32 %r<;\nret;\n}\n.global .f32 x = 0f1;",
			[]string{
				`3:14: expected operand, found ')'`,
				`7:14: expected register count, found ';'`,
				`10:18: invalid hex float constant 0f1`,
			}},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			m, errs := Parse("", []byte(tc.src))
			if m == nil {
				t.Fatal("no module")
			}
			var got []string
			for _, e := range errs {
				got = append(got, e.Error())
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("%q:\n got %q\nwant %q", tc.src, got, tc.want)
			}
			checkSpans(t, m, len(tc.src))
			checkLines(t, m, []byte(tc.src))
		})
	}
}

// TestErrorRecovery: the parts after an error are still parsed.
func TestErrorRecovery(t *testing.T) {
	src := ".version 8.0\n.target sm_80\n.entry k()\n{\nmov.b32 %r1 %r2;\nadd.s32 %r1, %r2, 1;\n}\n.entry j()\n{\nret;\n}\n"
	m, errs := Parse("r.ptx", []byte(src))
	if len(errs) != 1 || errs[0].Pos.Line != 5 {
		t.Fatalf("got errors %v, want one on line 5", errs)
	}
	if len(m.Decls) != 2 {
		t.Fatalf("got %d decls, want 2", len(m.Decls))
	}
	k := m.Decls[0].(*Func)
	if k.Body == nil || len(k.Body.Stmts) != 2 {
		t.Fatalf("kernel k: got %v, want the broken mov and the add", k.Body)
	}
	if got := stmtString(k.Body.Stmts[1]); got != "add .s32 %r1, %r2, int:1" {
		t.Errorf("statement after the error: got %s", got)
	}
	if e := errs[0].Error(); e != `r.ptx:5:13: expected ',' or ';' after operand, found "%r2"` {
		t.Errorf("got %s", e)
	}
	if errs.Err() == nil {
		t.Error("Err() is nil with errors")
	}
}

// TestErrorCap: a file full of errors gives at most about 50, sorted, one a
// line.
func TestErrorCap(t *testing.T) {
	var b strings.Builder
	b.WriteString(".entry k()\n{\n")
	for i := range 500 {
		fmt.Fprintf(&b, "add.s32 %%r%d, # , );\n", i)
	}
	b.WriteString("}\n")
	m, errs := Parse("cap.ptx", []byte(b.String()))
	checkLines(t, m, []byte(b.String()))
	if len(errs) == 0 || len(errs) > 50 {
		t.Fatalf("got %d errors, want 1 to 50", len(errs))
	}
	for i := 1; i < len(errs); i++ {
		if errs[i].Pos.Line <= errs[i-1].Pos.Line {
			t.Fatalf("errors %v and %v not sorted one a line", errs[i-1], errs[i])
		}
	}
}

// TestNoPanicOnPrefixes parses every prefix of a few corpus files (cut at a
// stride): no panic, spans inside the source.
func TestNoPanicOnPrefixes(t *testing.T) {
	files := corpusFiles(t)
	for _, name := range []string{
		"vosen__ZLUDA__optixCallablePrograms_generated_optixCallablePrograms.ptx",
		"michaelballantyne__nvptx-samples__kernel.ptx",
		"gpu-mode__lectures__square_kernel.ptx",
	} {
		src := files[name]
		for n := 0; n < len(src); n += 7 {
			m, _ := Parse(name, src[:n:n])
			checkSpans(t, m, n)
			checkLines(t, m, src[:n])
			if t.Failed() {
				t.Fatalf("%s cut at %d", name, n)
			}
		}
	}
}

// TestBailLines: when the scanner stops at the error cap in the middle of a
// line of bad characters, the line table still covers the whole file.
func TestBailLines(t *testing.T) {
	src := []byte(strings.Repeat("\n#\n", 60) + ".version 8.0\n\n")
	m, errs := Parse("bail.ptx", src)
	if len(errs) != 50 {
		t.Errorf("got %d errors, want 50", len(errs))
	}
	checkLines(t, m, src)
}

// TestErrorFiles: in testdata/errors/*.ptx, every error must match the
// `// ERROR "regexp"` comment on its line, and every such comment must be
// matched (the harness of go/types' check_test.go).
func TestErrorFiles(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "errors", "*.ptx"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no files in testdata/errors: %v", err)
	}
	want := regexp.MustCompile(`// ERROR "((?:[^"\\]|\\.)*)"`)
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			expected := map[int]*regexp.Regexp{}
			for i, line := range strings.Split(string(src), "\n") {
				if m := want.FindStringSubmatch(line); m != nil {
					expected[i+1] = regexp.MustCompile(strings.ReplaceAll(m[1], `\"`, `"`))
				}
			}
			m, errs := Parse(name, src)
			checkSpans(t, m, len(src))
			for _, e := range errs {
				re, ok := expected[e.Pos.Line]
				switch {
				case !ok:
					t.Errorf("unexpected error %s", e)
				case !re.MatchString(e.Msg):
					t.Errorf("%s: error does not match %q", e, re)
				}
				delete(expected, e.Pos.Line)
			}
			for line, re := range expected {
				t.Errorf("%s:%d: missing error %q", name, line, re)
			}
		})
	}
}
