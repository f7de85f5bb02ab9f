// corpus_test.go: every instruction of the real PTX corpus, and of the
// repository's own testdata, must be accepted by some form of the table.

package isa

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// corpusDirs are searched for *.ptx (recursively); missing ones are skipped.
var corpusDirs = []string{
	"../ptx/testdata/corpus", // the 40 files of the project's PTX corpus
	"testdata/corpus",
	"../../testdata", // clang output and hand-written kernels
}

var (
	labelRE = regexp.MustCompile(`^[A-Za-z_$%][\w$]*\s*:([^:]|$)`)
	guardRE = regexp.MustCompile(`^@!?%?[\w$]+\s+`)
)

// stmt is one instruction found by the crude scanner.
type stmt struct {
	file string
	line int
	text string
}

// scanPTX finds the instructions of a PTX file without a parser: it drops
// comments, directives, labels and braces, joins statements that span lines,
// and splits lines holding several statements. Lines that carry an
// expected diagnostic (// ERROR "...", as in testdata/check/bad) are skipped.
func scanPTX(file, src string) []stmt {
	src = regexp.MustCompile(`(?s)/\*.*?(\*/|$)`).ReplaceAllStringFunc(src, func(c string) string {
		return strings.Repeat("\n", strings.Count(c, "\n"))
	})
	var out []stmt
	pending, pendingLine := "", 0
	for i, l := range strings.Split(strings.ReplaceAll(src, "\r", ""), "\n") {
		if j := strings.Index(l, "//"); j >= 0 {
			if strings.HasPrefix(strings.TrimSpace(l[j+2:]), "ERROR") {
				continue
			}
			l = l[:j]
		}
		pieces := strings.Split(l, ";")
		for k, p := range pieces {
			terminated := k < len(pieces)-1
			if pending != "" {
				pending += " " + p
				if terminated {
					out = append(out, stmt{file, pendingLine, pending})
					pending = ""
				}
				continue
			}
			p = strings.TrimSpace(p)
			for {
				switch {
				case strings.HasPrefix(p, "{") || strings.HasPrefix(p, "}"):
					p = strings.TrimSpace(p[1:])
					continue
				case labelRE.MatchString(p):
					p = strings.TrimSpace(p[strings.IndexByte(p, ':')+1:])
					continue
				}
				break
			}
			if p == "" || strings.HasPrefix(p, ".") || strings.HasPrefix(p, ")") || strings.HasPrefix(p, "(") || p[0] >= '0' && p[0] <= '9' {
				continue
			}
			if terminated {
				out = append(out, stmt{file, i + 1, p})
			} else {
				pending, pendingLine = p, i+1
			}
		}
	}
	return out
}

// countOperands counts the top-level comma-separated operands; {...}, (...)
// and [...] count as one.
func countOperands(s string) int {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0
	}
	n, depth := 1, 0
	for _, r := range s {
		switch r {
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth--
		case ',':
			if depth == 0 {
				n++
			}
		}
	}
	return n
}

// splitOp splits "ld.global.v4.f32" into "ld" and [".global" ".v4" ".f32"].
func splitOp(tok string) (string, []string) {
	parts := strings.Split(tok, ".")
	mods := make([]string, 0, len(parts)-1)
	for _, p := range parts[1:] {
		mods = append(mods, "."+p)
	}
	return parts[0], mods
}

// checkStmt returns "" when some form accepts the statement, else why not.
func checkStmt(text string) string {
	text = guardRE.ReplaceAllString(strings.TrimSpace(text), "")
	tok, ops := text, ""
	if i := strings.IndexAny(text, " \t{[("); i >= 0 {
		tok, ops = text[:i], text[i:]
	}
	op, mods := splitOp(tok)
	e, rest := Lookup(op, mods)
	if e == nil {
		return "no entry for " + tok
	}
	ms := e.MatchAll(rest)
	if len(ms) == 0 {
		return "no form of " + e.Name + " accepts " + strings.Join(rest, "")
	}
	n := countOperands(ops)
	for _, m := range ms {
		if m.Form.AcceptsCount(n) {
			return ""
		}
	}
	return "no form of " + e.Name + " takes " + itoa(n) + " operands (" + ms[0].Form.Text + ")"
}

func TestCorpus(t *testing.T) {
	files := 0
	for _, dir := range corpusDirs {
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".ptx") {
				return err
			}
			files++
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			t.Run(filepath.Base(path), func(t *testing.T) {
				stmts := scanPTX(path, string(src))
				if len(stmts) == 0 && !strings.Contains(path, "/bad/") {
					t.Errorf("%s: no instructions found", path)
				}
				for _, s := range stmts {
					if why := checkStmt(s.text); why != "" {
						t.Errorf("%s:%d: %s: %s", s.file, s.line, strings.Join(strings.Fields(s.text), " "), why)
					}
				}
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files == 0 {
		t.Skip("no corpus found")
	}
}

func TestScanPTX(t *testing.T) {
	src := "// c\n.visible .entry k(\n .param .u64 p\n)\n{\n\t.reg .b32 %r<3>;\n$L__BB0_1:\n\t@!%p1 bra $L__BB0_1;\n" +
		"\tcall.uni (retval0),\n\tvprintf,\n\t(\n\tparam0,\n\tparam1\n\t);\n\t{ .reg .pred p; setp.eq.f16 p, a, b; }\n" +
		"prototype_0 : .callprototype (.param .b32 _) _ ();\n\tret; /* x;\ny */ exit;\n}\n"
	var got []string
	for _, s := range scanPTX("f", src) {
		got = append(got, itoa(s.line)+":"+strings.Join(strings.Fields(s.text), " "))
	}
	want := []string{
		"8:@!%p1 bra $L__BB0_1",
		"9:call.uni (retval0), vprintf, ( param0, param1 )",
		"15:setp.eq.f16 p, a, b",
		"17:ret",
		"18:exit",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("scanPTX:\n got %q\nwant %q", got, want)
	}
	for _, tt := range []struct {
		ops  string
		want int
	}{
		{"", 0}, {" %r1", 1}, {"%r1|%p1, %r2, 1, 0x1f, -1", 5}, {"{%r1, %r2}, [%rd1+8]", 2},
		{"(retval0), vprintf, (param0, param1)", 3}, {"{%f1,%f2}, [tex, {%f3, %f4}]", 2},
	} {
		if got := countOperands(tt.ops); got != tt.want {
			t.Errorf("countOperands(%q) = %d, want %d", tt.ops, got, tt.want)
		}
	}
}
