package check

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/ptx"
)

var update = flag.Bool("update", false, "rewrite the golden diagnostic files")

func diagnose(name string, src []byte) ptx.ErrorList { return Diagnose(name, src) }

// TestCorpusClean: every real-world and hand-written valid file checks
// with zero diagnostics.
func TestCorpusClean(t *testing.T) {
	var files []string
	for _, g := range []string{"../ptx/testdata/corpus/*.ptx", "../../testdata/check/ok/*.ptx", "../../testdata/run/*/kernel.ptx"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	if len(files) < 40 {
		t.Fatalf("only %d files found", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range diagnose(filepath.Base(f), src) {
			t.Errorf("%s: %s", f, e)
		}
	}
}

var errorRE = regexp.MustCompile(`// ERROR "((?:[^"\\]|\\.)*)"`)

// TestBadInputs: each file under testdata/check/bad carries its expected
// diagnostics as // ERROR "regexp" comments on the offending line; every
// expected one must be reported on that line and nothing else may be.
// The full output is also compared with the file's .golden twin.
func TestBadInputs(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/check/bad/*.ptx")
	if len(files) < 60 {
		t.Fatalf("only %d malformed inputs", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			type want struct {
				line int
				re   *regexp.Regexp
				seen bool
			}
			var wants []*want
			for i, line := range strings.Split(string(src), "\n") {
				for _, m := range errorRE.FindAllStringSubmatch(line, -1) {
					re, err := regexp.Compile(strings.ReplaceAll(m[1], `\"`, `"`))
					if err != nil {
						t.Fatalf("line %d: bad regexp: %v", i+1, err)
					}
					wants = append(wants, &want{line: i + 1, re: re})
				}
			}
			if len(wants) == 0 {
				t.Fatal("no // ERROR annotations")
			}
			errs := diagnose(filepath.Base(f), src)
			var out strings.Builder
			for _, e := range errs {
				fmt.Fprintln(&out, e.Error())
				matched := false
				for _, w := range wants {
					if w.line == e.Pos.Line && w.re.MatchString(e.Msg) {
						w.seen, matched = true, true
					}
				}
				if !matched {
					t.Errorf("unexpected diagnostic %s", e)
				}
			}
			for _, w := range wants {
				if !w.seen {
					t.Errorf("line %d: missing diagnostic matching %q", w.line, w.re)
				}
			}
			golden := strings.TrimSuffix(f, ".ptx") + ".golden"
			if *update {
				os.WriteFile(golden, []byte(out.String()), 0o644)
				return
			}
			g, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("missing golden file (run go test ./core/check -update): %v", err)
			}
			if string(g) != out.String() {
				t.Errorf("diagnostics differ from %s:\n got:\n%s want:\n%s", golden, out.String(), g)
			}
		})
	}
}

// FuzzCheck: parse+check never panics.
func FuzzCheck(f *testing.F) {
	for _, g := range []string{"../ptx/testdata/corpus/*.ptx", "../../testdata/check/bad/*.ptx"} {
		m, _ := filepath.Glob(g)
		for _, file := range m {
			if b, err := os.ReadFile(file); err == nil && len(b) < 8000 {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		diagnose("fuzz.ptx", src)
	})
}

// TestVersionFirst: a module must begin with .version (PTX ISA 3.1 §4.1);
// comments and blank lines may come before it.
func TestVersionFirst(t *testing.T) {
	tests := []struct {
		desc, src, want string // want: the first diagnostic, "" for none
	}{
		{"empty module", "", "e.ptx:1:1: missing .version directive; a module begins with .version and .target"},
		{"only a comment", "// nothing here\n", "e.ptx:1:1: missing .version directive"},
		{"comments and blanks first", "// header\n\n/* block */\n.version 8.0\n.target sm_80\n", ""},
		{"version and target", ".version 8.0\n.target sm_80", ""},
		{"version alone", ".version 8.0", "e.ptx:1:1: missing .target directive: .version must be followed by .target"},
		{"target after a declaration", ".version 8.0\n.global .u32 x;\n.target sm_80\n", "e.ptx:2:1: .target must come right after .version, found .global declaration"},
		{"address_size late", ".version 8.0\n.target sm_80\n.global .u32 x;\n.address_size 64\n", "e.ptx:4:1: .address_size must come right after .target"},
		{"second version", ".version 8.0\n.target sm_80\n.address_size 64\n.version 8.0\n", "e.ptx:4:1: a module has one .version directive, at its start"},
		{"second address_size", ".version 8.0\n.target sm_80\n.address_size 64\n.address_size 64\n", "e.ptx:4:1: .address_size given twice"},
		{"second target is allowed", ".version 8.0\n.target sm_80\n.address_size 64\n.target sm_86\n", ""},
		// .target "PTX ISA Notes": sm_35 from 3.1, sm_30 from 3.0, sm_20 from 2.0.
		{"target newer than the version", ".version 3.0\n.target sm_35\n", "e.ptx:2:9: sm_35 requires .version 3.1 or later (module has .version 3.0)"},
		{"target as old as the version", ".version 3.1\n.target sm_35\n", ""},
		{"sm_20 in PTX 1.4", ".version 1.4\n.target sm_20\n", "e.ptx:2:9: sm_20 requires .version 2.0 or later"},
		{"sm_90 in PTX 7.8", ".version 7.8\n.target sm_90\n", ""},
		{"sm_90 in PTX 7.5", ".version 7.5\n.target sm_90\n", "e.ptx:2:9: sm_90 requires .version 7.8 or later"},
		{"compute_ target", ".version 7.0\n.target compute_86\n", "e.ptx:2:9: compute_86 requires .version 7.1 or later"},
		{"global before version", ".global .u32 x;\n.version 8.0\n.target sm_80\n", "e.ptx:1:1: .version must come first, found .global declaration before it"},
		// cvt's "PTX ISA Notes": .satfinite on f16, bf16, f16x2, bf16x2 and
		// .rna tf32 destinations from 8.1 (ptxas refuses them under 8.0).
		{"cvt satfinite f16x2 in PTX 8.0", ".version 8.0\n.target sm_90\n" + ".visible .entry k()\n{\n.reg .b32 %r<2>;\n.reg .f32 %f<2>;\nmov.f32 %f1, 0f3F800000;\ncvt.rn.satfinite.f16x2.f32 %r1, %f1, %f1;\nret;\n}\n", "e.ptx:8:1: cvt.rn.satfinite requires .version 8.1 or later (module has .version 8.0)"},
		{"cvt satfinite f16x2 in PTX 8.1", ".version 8.1\n.target sm_90\n" + ".visible .entry k()\n{\n.reg .b32 %r<2>;\n.reg .f32 %f<2>;\nmov.f32 %f1, 0f3F800000;\ncvt.rn.satfinite.f16x2.f32 %r1, %f1, %f1;\nret;\n}\n", ""},
		{"cvt rna satfinite tf32 in PTX 8.0", ".version 8.0\n.target sm_90\n" + ".visible .entry k()\n{\n.reg .b32 %r<2>;\n.reg .f32 %f<2>;\nmov.f32 %f1, 0f3F800000;\ncvt.rna.satfinite.tf32.f32 %r1, %f1;\nret;\n}\n", "e.ptx:8:1: cvt.rna.satfinite requires .version 8.1 or later"},
		{"cvt f16x2 without satfinite in PTX 7.0", ".version 7.0\n.target sm_80\n" + ".visible .entry k()\n{\n.reg .b32 %r<2>;\n.reg .f32 %f<2>;\nmov.f32 %f1, 0f3F800000;\ncvt.rn.relu.f16x2.f32 %r1, %f1, %f1;\nret;\n}\n", ""},
		// mma's fp8 forms: m16n8k32 into f32 from PTX 8.4; m16n8k16, and an
		// f16 accumulator, from 8.7 (ptxas of CUDA 13 refuses them under 8.5:
		// "mma with FP8 floating point type and .m16n8k16 shape" and "... and
		// FP16 accumulation" require PTX ISA .version 8.7).
		{"mma fp8 m16n8k32 f32 in PTX 8.4", ".version 8.4\n.target sm_90\n" + ".visible .entry k()\n{\n.reg .b32 %r<9>;\n.reg .f32 %f<5>;\nmma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4};\nret;\n}\n", ""},
		{"mma fp8 m16n8k32 f32 in PTX 8.3", ".version 8.3\n.target sm_90\n" + ".visible .entry k()\n{\n.reg .b32 %r<9>;\n.reg .f32 %f<5>;\nmma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4};\nret;\n}\n", "e.ptx:7:1: mma.sync.aligned.m16n8k32.row.col requires .version 8.4 or later (module has .version 8.3)"},
		{"mma fp8 m16n8k16 f32 in PTX 8.5", ".version 8.5\n.target sm_90\n" + ".visible .entry k()\n{\n.reg .b32 %r<9>;\n.reg .f32 %f<5>;\nmma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2}, {%r3}, {%f1, %f2, %f3, %f4};\nret;\n}\n", "e.ptx:7:1: mma.sync.aligned.m16n8k16.row.col requires .version 8.7 or later (module has .version 8.5)"},
		{"mma fp8 m16n8k16 f32 in PTX 8.7", ".version 8.7\n.target sm_90\n" + ".visible .entry k()\n{\n.reg .b32 %r<9>;\n.reg .f32 %f<5>;\nmma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2}, {%r3}, {%f1, %f2, %f3, %f4};\nret;\n}\n", ""},
		{"mma fp8 m16n8k32 f16 in PTX 8.5", ".version 8.5\n.target sm_90\n" + ".visible .entry k()\n{\n.reg .b32 %r<9>;\n.reg .f32 %f<5>;\nmma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16 {%r7, %r8}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r7, %r8};\nret;\n}\n", "e.ptx:7:1: mma.sync.aligned.m16n8k32.row.col requires .version 8.7 or later (module has .version 8.5)"},
		{"mma fp8 m16n8k32 f16 in PTX 8.7", ".version 8.7\n.target sm_90\n" + ".visible .entry k()\n{\n.reg .b32 %r<9>;\n.reg .f32 %f<5>;\nmma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16 {%r7, %r8}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r7, %r8};\nret;\n}\n", ""},
		{"mma fp8 m16n8k16 f16 in PTX 8.6", ".version 8.6\n.target sm_90\n" + ".visible .entry k()\n{\n.reg .b32 %r<9>;\n.reg .f32 %f<5>;\nmma.sync.aligned.m16n8k16.row.col.f16.e5m2.e5m2.f16 {%r7, %r8}, {%r1, %r2}, {%r3}, {%r7, %r8};\nret;\n}\n", "e.ptx:7:1: mma.sync.aligned.m16n8k16.row.col requires .version 8.7 or later (module has .version 8.6)"},
		{"address_size before version", ".address_size 64\n.version 8.0\n", "e.ptx:1:1: .version must come first, found .address_size before it"},
		{"func without header", "\n.func f()\n{\nret;\n}\n", "e.ptx:2:1: missing .version directive before .func f"},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			errs := diagnose("e.ptx", []byte(tt.src))
			switch {
			case tt.want == "" && len(errs) > 0:
				t.Errorf("%q: unexpected %v", tt.src, errs[0])
			case tt.want != "" && len(errs) == 0:
				t.Errorf("%q: no diagnostic, want %q", tt.src, tt.want)
			case tt.want != "" && !strings.HasPrefix(errs[0].Error(), tt.want):
				t.Errorf("%q: got %q, want %q", tt.src, errs[0].Error(), tt.want)
			}
		})
	}
}

// BenchmarkCheckCorpus parses and checks the 40 files of the PTX corpus.
func BenchmarkCheckCorpus(b *testing.B) {
	files, _ := filepath.Glob("../ptx/testdata/corpus/*.ptx")
	var srcs [][]byte
	for _, f := range files {
		s, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, s)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, s := range srcs {
			diagnose("corpus.ptx", s)
		}
	}
}
