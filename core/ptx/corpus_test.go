// corpus_test.go parses the real-world PTX corpus in testdata/corpus, fuzzes
// the parser from it and measures its speed.
package ptx

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func corpusFiles(tb testing.TB) map[string][]byte {
	tb.Helper()
	names, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.ptx"))
	if err != nil {
		tb.Fatal(err)
	}
	if len(names) == 0 {
		tb.Fatal("no files in testdata/corpus")
	}
	files := make(map[string][]byte, len(names))
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		files[filepath.Base(name)] = src
	}
	return files
}

// TestCorpus: every corpus file parses without errors and its header
// directives are found.
func TestCorpus(t *testing.T) {
	for name, src := range corpusFiles(t) {
		t.Run(name, func(t *testing.T) {
			m, errs := Parse(name, src)
			for _, e := range errs {
				t.Errorf("%s", e)
			}
			if m.Version == nil || m.Target == nil {
				t.Errorf("missing .version or .target")
			}
			checkSpans(t, m, len(src))
			checkLines(t, m, src)
		})
	}
}

// checkLines checks the line table the scanner builds against NewFile's.
func checkLines(t testing.TB, m *Module, src []byte) {
	t.Helper()
	if want := NewFile("", src).lines; !slices.Equal(m.File.lines, want) {
		t.Errorf("line table: got %d lines %v..., want %d lines", len(m.File.lines), m.File.lines[:min(5, len(m.File.lines))], len(want))
	}
}

// checkSpans checks that every node has a valid span inside the source and
// that each node's children lie inside it.
func checkSpans(t testing.TB, m *Module, n int) {
	t.Helper()
	bad := 0
	report := func(format string, args ...any) {
		if bad++; bad <= 5 {
			t.Errorf(format, args...)
		}
	}
	InspectModule(m, func(x Node) bool {
		if in, ok := x.(*Instr); ok {
			at := in.OpPos
			for _, mod := range in.Mods {
				if mod.At <= at || mod.Name == "" || mod.Name[0] != '.' || int(mod.At) > n {
					report("%T at %s: bad modifier %+v", x, m.File.Position(x.Pos()), mod)
				}
				at = mod.At
			}
		}
		from, to := x.Pos(), x.End()
		if !from.IsValid() || to < from || int(to) > n+1 {
			report("%T at %s: span [%d,%d) outside the source of %d bytes", x, m.File.Position(from), from, to, n)
			return false
		}
		Inspect(x, func(y Node) bool {
			if y != x && (y.Pos() < from || y.End() > to) {
				report("%T [%d,%d) at %s sticks out of its parent %T [%d,%d)",
					y, y.Pos(), y.End(), m.File.Position(y.Pos()), x, from, to)
			}
			return y == x
		})
		return true
	})
}

// FuzzParse: no input makes the parser panic, and every node of the
// (possibly partial) module lies inside the source.
func FuzzParse(f *testing.F) {
	for _, src := range corpusFiles(f) {
		f.Add(src)
	}
	for _, s := range []string{
		"", "{", "}", ".entry k ( { add.s32 %r1, [", "[[[[", "0f", "\"", "/*", ".section .x {",
		".reg .b32 %r<", "@!", "a: b: .callprototype (", ".global .u8 x[] = {1, {2, -3}};",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m, errs := Parse("fuzz.ptx", src)
		if m == nil || m.File == nil {
			t.Fatal("Parse returned no module")
		}
		checkSpans(t, m, len(src))
		checkLines(t, m, src)
		for i, e := range errs {
			if e.Pos.Line < 1 || e.Pos.Col < 1 {
				t.Errorf("error without a position: %v", e)
			}
			if i > 0 && e.Pos.Line <= errs[i-1].Pos.Line {
				t.Errorf("errors not sorted or repeated on a line: %v after %v", e, errs[i-1])
			}
		}
		if len(errs) > 50 {
			t.Errorf("%d errors, want at most 50", len(errs))
		}
	})
}

// BenchmarkParseCorpus parses the whole corpus; MB/s is over its bytes.
func BenchmarkParseCorpus(b *testing.B) {
	files := corpusFiles(b)
	var srcs [][]byte
	total := 0
	for _, src := range files {
		srcs = append(srcs, src)
		total += len(src)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, src := range srcs {
			if _, errs := Parse("bench.ptx", src); errs != nil {
				b.Fatal(errs)
			}
		}
	}
}
