package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// hostRow is one value a feature's host C must give, worked out by hand
// from the ISA's text: expr, a C expression, is printed as a u64.
type hostRow struct {
	desc, expr string
	want       uint64
}

// hostRowHead declares what the host's definitions take for granted (the
// typedefs hostHead and preludeC give a program, DEV empty).
const hostRowHead = "#include <stdio.h>\n#include <fenv.h>\n#include <math.h>\n#include <string.h>\n" +
	"typedef unsigned int u32; typedef int s32; typedef unsigned long long u64; typedef long long s64;\n" +
	"typedef unsigned char u8; typedef unsigned __int128 u128; typedef __int128 s128;\n#define DEV\ntypedef _Float16 h16;\n"

// checkHostRows builds defs (C after hostRowHead) and a main that prints
// every row's value with gcc as the campaigns build the host
// (-ffp-contract=off -frounding-math), runs it and checks each value. main
// runs init first. Without gcc it logs and returns.
func checkHostRows(t *testing.T, defs, init string, rows []hostRow) {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Logf("no gcc: the host's %d rows not checked", len(rows))
		return
	}
	var b strings.Builder
	b.WriteString(hostRowHead + defs + "int main(void) {\n" + init)
	for _, r := range rows {
		fmt.Fprintf(&b, "  printf(\"%%llu\\n\", (u64)(%s));\n", r.expr)
	}
	b.WriteString("  return 0;\n}\n")
	dir := t.TempDir()
	src, bin := filepath.Join(dir, "h.c"), filepath.Join(dir, "h")
	if err := os.WriteFile(src, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("gcc", "-std=gnu11", "-O2", "-ffp-contract=off", "-frounding-math", "-Wno-unused-function",
		"-o", bin, src, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != len(rows) {
		t.Fatalf("%d lines for %d rows", len(lines), len(rows))
	}
	for i, l := range lines {
		if got, _ := strconv.ParseUint(l, 10, 64); got != rows[i].want {
			t.Errorf("%s: %s = %d (0x%x), want %d (0x%x)", rows[i].desc, rows[i].expr, got, got, rows[i].want, rows[i].want)
		}
	}
}

// fixedSeeds runs programs seed .. seed+n-1 of cfg (with: its -with list,
// for the message) in batches of batch at -O0 and -O3 through clang-14:
// every run must agree but for the known clang and gcc bugs, which it
// logs. It skips where clang-14 or gcc is missing (fails under
// scripts/test).
func fixedSeeds(t *testing.T, cfg Config, with string, seed uint64, n, batch int) Stats {
	t.Helper()
	return fixedSeedsOn(t, tools(t), cfg, with, seed, n, batch)
}

// fixedSeedsOn is fixedSeeds through tl's compilers. The test goes on in
// parallel with the other tests at this point (the compilers of two
// campaigns and ptxplay overlap on an idle machine).
func fixedSeedsOn(t *testing.T, tl Tools, cfg Config, with string, seed uint64, n, batch int) Stats {
	t.Helper()
	t.Parallel()
	cmd := "go run ./cmd/difftest"
	if tl.Clang != "clang-14" {
		cmd = "CLANG=" + tl.Clang + " " + cmd
	}
	if with != "" {
		cmd += " -with " + with
	}
	st := Campaign(tl, cfg, seed, n, batch, 2, []string{"-O0", "-O3"}, func(_ int, found []Finding) {
		for _, f := range found {
			if f.What == "clang-bug" || f.What == "gcc-bug" {
				// The PTX has one of clang 14's known wrong selections
				// (clangBugs): ptxplay follows the PTX, the host the C.
				// Or the host build is wrong: gcc -O0 gives ptxplay's
				// output (crossCheck).
				t.Logf("%v", f)
				continue
			}
			note := ""
			if strings.HasPrefix(f.Detail, "result JSON") {
				note = ": the printed output is not the machine's (cli)"
			}
			t.Errorf("%v%s (reproduce: %s -reduce -seed %d -O %s)", f, note, cmd, f.Seed, f.Opt)
		}
	})
	if st.Agree+st.ClangBug+st.GCCBug != 2*n {
		t.Errorf("%d of %d program runs agree (%d more explained by clang 14's bugs, %d by gcc's)", st.Agree, 2*n, st.ClangBug, st.GCCBug)
	}
	return st
}

// smokeAt is the first seed of a fixed set: full under scripts/test
// (PTXPLAY_DIFFTEST_REQUIRED, with size's full count), else smoke, the
// start of a shorter window of the same set that still holds the seeds
// where the test's deliberate mistakes show (docs/difftest.md).
func smokeAt(full, smoke uint64) uint64 {
	if size(1, 0) == 1 {
		return full
	}
	return smoke
}

// withConfig is ParseWith of the default config, failing the test on an
// error.
func withConfig(t *testing.T, with string) Config {
	t.Helper()
	cfg, err := ParseWith(DefaultConfig(), with)
	if err != nil {
		t.Fatalf("ParseWith(%q): %v", with, err)
	}
	return cfg
}

// listWritten checks a feature's list of inline-PTX macros against the
// generator: programs of seeds 1 to 300 with -with feature must write
// every group of groups (groups[i] is what names[i] counts for: the name
// itself, or a family where a list is too long for 300 programs to write
// each), programs of the same seeds with -with others (features that
// write inline PTX of their own) none of the macros I_prefix..., and no
// two names may be the same. It returns how many of names were written.
func listWritten(t *testing.T, feature string, names, groups []string, prefix, others string) int {
	t.Helper()
	if len(groups) != len(names) {
		t.Fatalf("%d groups for %d names", len(groups), len(names))
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			t.Errorf("-with %s: two macros named I_%s", feature, n)
		}
		seen[n] = true
		if !strings.HasPrefix(n, prefix) {
			t.Errorf("-with %s: I_%s lacks the prefix I_%s", feature, n, prefix)
		}
	}
	cfg, ocfg := withConfig(t, feature), withConfig(t, others)
	wrote := map[string]bool{}
	for s := uint64(1); s <= 300; s++ {
		c := Generate(s, cfg).C()
		for i, n := range names {
			if !wrote[n] && strings.Contains(c, "I_"+n+"(") {
				wrote[n], wrote["group "+groups[i]] = true, true
			}
		}
		if strings.Contains(Generate(s, ocfg).C(), "I_"+prefix) {
			t.Fatalf("seed %d: -with %s writes an I_%s macro of -with %s", s, others, prefix, feature)
		}
	}
	n := 0
	for i, name := range names {
		if wrote[name] {
			n++
		}
		if g := "group " + groups[i]; !wrote[g] {
			wrote[g] = true // once a group
			if groups[i] == name {
				t.Errorf("300 programs with -with %s never wrote I_%s", feature, name)
			} else {
				t.Errorf("300 programs with -with %s never wrote one of %s (I_%s ...)", feature, groups[i], name)
			}
		}
	}
	return n
}
