package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// tools finds clang-14 and gcc, or skips (fails where
// PTXPLAY_DIFFTEST_REQUIRED is set, as scripts/test sets it).
func tools(t *testing.T) Tools {
	t.Helper()
	tl, err := FindTools()
	if err != nil {
		if os.Getenv("PTXPLAY_DIFFTEST_REQUIRED") != "" {
			t.Fatalf("differential test required: %v", err)
		}
		t.Skipf("skipping the differential test: %v (scripts/test installs clang-14)", err)
	}
	return tl
}

// size is how many programs a test runs: the full fixed set under
// scripts/test (PTXPLAY_DIFFTEST_REQUIRED), a smoke set of the same seeds
// in a plain go test, so that landings on a shared machine stay quick.
func size(full, smoke int) int {
	if os.Getenv("PTXPLAY_DIFFTEST_REQUIRED") != "" && !testing.Short() {
		return full
	}
	return smoke
}

// TestDifferential runs a fixed seed set at -O0 and -O3: ptxplay's output
// buffers must equal the host build's bit for bit.
func TestDifferential(t *testing.T) {
	tl := tools(t)
	n := size(300, 40)
	st := Campaign(tl, DefaultConfig(), 1, n, 75, 2, []string{"-O0", "-O3"}, func(_ int, found []Finding) {
		for _, f := range found {
			if f.What == "clang-bug" {
				// The PTX has one of clang 14's known wrong selections
				// (clangBugs): ptxplay follows the PTX, the host the C.
				t.Logf("%v", f)
				continue
			}
			t.Errorf("%v (reproduce: go run ./cmd/difftest -reduce -seed %d -O %s)", f, f.Seed, f.Opt)
		}
	})
	if st.Agree+st.ClangBug != 2*n {
		t.Errorf("%d of %d program runs agree (%d more explained by clang 14's bugs)", st.Agree, 2*n, st.ClangBug)
	}
}

// TestNoUndefinedBehaviour builds the host side of a seed set with gcc's
// UBSan (float-cast-overflow included) and runs it: the generator must
// write no undefined behaviour, or the comparison proves nothing.
func TestNoUndefinedBehaviour(t *testing.T) {
	tl := tools(t)
	dir := t.TempDir()
	probe := filepath.Join(dir, "probe.c")
	os.WriteFile(probe, []byte("int main(void) { return 0; }\n"), 0o644)
	if out, err := exec.Command(tl.CC, "-fsanitize=undefined", "-o", filepath.Join(dir, "probe"), probe).CombinedOutput(); err != nil {
		t.Skipf("gcc cannot build with -fsanitize=undefined here: %v %s", err, out)
	}
	tl.UBSan = true
	n := size(150, 30)
	var progs []*Program
	for s := uint64(100000); s < 100000+uint64(n); s++ {
		progs = append(progs, Generate(s, DefaultConfig()))
	}
	if _, err := Batch(tl, progs, nil, dir); err != nil {
		t.Fatal(err)
	}
}

// TestGenerate checks the generator's own promises on the text it writes.
func TestGenerate(t *testing.T) {
	a, b := Generate(7, DefaultConfig()).C(), Generate(7, DefaultConfig()).C()
	if a != b {
		t.Fatal("the same seed wrote two different programs")
	}
	if Generate(8, DefaultConfig()).C() == a {
		t.Fatal("seeds 7 and 8 wrote the same program")
	}
	seen := map[string]bool{}
	for s := uint64(1); s <= 300; s++ {
		p := Generate(s, DefaultConfig())
		c := p.C()
		for _, f := range p.Funcs {
			// Helpers see only their parameters: no thread index, no inputs.
			walkFunc(f, func(e *Expr) {
				if e.Op == "tid" || e.Op == "in" {
					t.Errorf("seed %d: helper %s reads the body's %s", s, f.Name, e)
				}
			})
		}
		for _, st := range p.Structs {
			if st.Packed && strings.Contains(c, st.Name+" "+p.Name+"_f") {
				t.Errorf("seed %d: packed struct %s passed to or returned from a function", s, st.Name)
			}
		}
		for _, k := range []string{"NOINLINE", "typedef struct", "for (u32", "[(u32)", "__builtin_fma", "u2d(", "f2u(", "? ", "switch (", "continue;", " > 0u) {", " *v"} {
			if strings.Contains(c, k) {
				seen[k] = true
			}
		}
		if p.NOut() == 0 {
			t.Errorf("seed %d: no outputs", s)
		}
	}
	for _, k := range []string{"NOINLINE", "typedef struct", "for (u32", "[(u32)", "__builtin_fma", "u2d(", "f2u(", "? ", "switch (", "continue;", " > 0u) {", " *v"} {
		if !seen[k] {
			t.Errorf("300 programs never wrote %q", k)
		}
	}
}

// TestFeatures: each feature turned off is absent from the programs.
func TestFeatures(t *testing.T) {
	cases := []struct {
		off, absent string
	}{
		{"calls", "NOINLINE"},
		{"structs", "typedef struct"},
		{"loops", "for ("},
		{"arrays", "[(u32)"},
		{"floats", "float "},
	}
	for _, c := range cases {
		cfg, err := ParseFeatures(c.off)
		if err != nil {
			t.Fatal(err)
		}
		for s := uint64(1); s <= 100; s++ {
			if txt := Generate(s, cfg).C(); strings.Contains(txt, c.absent) {
				t.Errorf("-features %s: seed %d still writes %q", c.off, s, c.absent)
				break
			}
		}
	}
	if _, err := ParseFeatures("calls,bogus"); err == nil || !strings.Contains(err.Error(), `unknown feature "bogus"`) {
		t.Errorf("got %v, want an unknown feature error", err)
	}
}

func walkFunc(f *Func, visit func(*Expr)) {
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
	var stmts func(ss []*Stmt)
	stmts = func(ss []*Stmt) {
		for _, s := range ss {
			expr(s.E)
			expr(s.Cond)
			expr(s.Idx)
			for _, e := range s.Init {
				expr(e)
			}
			stmts(s.Then)
			stmts(s.Else)
			for _, c := range s.Cases {
				stmts(c)
			}
		}
	}
	stmts(f.Body)
	expr(f.Result)
}

// TestClangBugs: the scan names the programs whose functions hold a
// bfe.u64 that runs past bit 63 from bit 32 or above, or a mul.wide.s32 by
// the immediate -2^31, and no other.
func TestClangBugs(t *testing.T) {
	src := `.visible .entry p12_k(
	bfe.u64 	%rd15, %rd12, 56, 32;
}
.func  (.param .b32 func_retval0) _ZL7p13_bodyjPKyPy(
	bfe.u64 	%rd3, %rd2, 8, 56;
	bfe.u64 	%rd4, %rd2, 32, 32;
	bfe.u32 	%r4, %r2, 24, 16;
}
.visible .func  (.param .b64 func_retval0) p14_f0(
	bfe.u64 	%rd4, %rd2, 40, 25;
}
.visible .entry p15_k(
	mul.wide.s32 	%rd3, %r4, -2147483648;
}
.visible .entry p16_k(
	mul.wide.s32 	%rd3, %r4, -2147483647;
	mul.wide.u32 	%rd3, %r4, -2147483648;
	min.f32 	%f2, %f1, %f3;
	max.s32 	%r2, %r1, 0;
}
.visible .entry p17_k(
	min.f32 	%f2, %f1, 0f00000000;
}
.visible .entry p18_k(
	max.f64 	%fd2, 0d8000000000000000, %fd1;
}
.visible .entry p19_k(
	selp.u32 	%r4, 1, 0, %p4;
	cvt.rn.f64.s32 	%fd2, %r4;
}
.visible .entry p20_k(
	selp.u32 	%r4, 1, 0, %p4;
	cvt.rn.f64.u32 	%fd2, %r4;
	cvt.rn.f64.s32 	%fd3, %r5;
}
.visible .entry p21_k(
	cvt.rn.f64.s32 	%fd3, %r4;
}
`
	got := clangBugs([]byte(src))
	if len(got) != 6 || !strings.Contains(got[19], "cvt.rn.f64.s32") || !strings.Contains(got[12], "56, 32") || !strings.Contains(got[14], "40, 25") || !strings.Contains(got[15], "-2147483648") ||
		!strings.Contains(got[17], "min.f32") || !strings.Contains(got[18], "max.f64") {
		t.Errorf("got %v, want programs 12 (bfe.u64 .., 56, 32), 14 (.., 40, 25), 15 (mul.wide.s32 by -2^31), 17 and 18 (float min/max with a constant), 19 (cvt.rn.f64.s32 of selp 1, 0) only", got)
	}
}
