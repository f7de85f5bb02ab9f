package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestShapes: -with shapes draws each program's launch from shapes: one
// warp, three and four warps, a partial last warp, 2-D and 3-D blocks
// (threadIdx.y and .z), 1 to 3 CTAs. Thread t is slot t & (P - 1) of its
// CTA, P the pitch, its linear index in the block; the slots past the
// CTA's threads hold no thread, so every exchange and collective across
// the CTA leaves them out (XCHGS, XCHGNS, XREDS with a function saying
// which slots are empty), the warp collectives of a partial warp name
// the lanes it has (XCHGM, XREDM, never FULL_MASK), and the counted
// barrier (barrier.sync 1, n, whose count must be a multiple of the warp
// size) is left out where a warp is partial. Programs without shapes
// have none of it. Then a fixed seed set with shapes, exit and spaces runs.
func TestShapes(t *testing.T) {
	cfg, err := ParseWith(DefaultConfig(), "shapes,exit,spaces")
	if err != nil || !cfg.Shapes || !cfg.Exit {
		t.Fatalf("ParseWith(shapes,exit,spaces) = %+v, %v", cfg, err)
	}
	seen := map[string]bool{}
	kinds := []string{"one warp", "three warps", "four warps", "a partial last warp", "a single thread", "a 2-D block", "a 3-D block",
		"one CTA", "three CTAs", "a CTA exchange leaving empty slots out", "a CTA collective leaving empty slots out",
		"a warp collective of a partial warp", "a counted barrier", "a shared variable of 128 slots"}
	plainWarp := regexp.MustCompile(`XCHG\((idx|up|down|xor), |XRED\(`)
	oldCTA := regexp.MustCompile(`XCHG\(cta, |XCHGN\(|XREDG\(`)
	for s := uint64(1); s <= 300; s++ {
		p := Generate(s, cfg)
		sh := p.Launch()
		c := p.C()
		body := c[strings.Index(c, p.Body.signature()):]
		if sh.Threads() > sh.P() || sh.P()%32 != 0 || sh.P()&(sh.P()-1) != 0 || sh.Grid < 1 || sh.Grid > 3 {
			t.Fatalf("seed %d: %v: pitch %d", s, sh, sh.P())
		}
		w := (sh.Threads() + 31) / 32
		seen[map[int]string{1: "one warp", 3: "three warps", 4: "four warps"}[w]] = true
		seen[map[int]string{1: "one CTA", 3: "three CTAs"}[sh.Grid]] = true
		if sh.PartialWarp() {
			seen["a partial last warp"] = true
		}
		if sh.Threads() == 1 {
			seen["a single thread"] = true
		}
		if sh.Block[2] > 1 {
			seen["a 3-D block"] = true
		} else if sh.Block[1] > 1 {
			seen["a 2-D block"] = true
		}
		if !strings.Contains(c, "#define SHP "+strconv.Itoa(sh.P())+"u\n") {
			t.Errorf("seed %d: no SHP %d:\n%s", s, sh.P(), c)
		}
		if oldCTA.MatchString(body) {
			t.Errorf("seed %d: a CTA exchange or collective that counts 64 slots:\n%s", s, body)
		}
		if strings.Contains(body, "[t & 63u]") && sh.P() != 64 || strings.Contains(body, "[64]") && sh.P() != 64 {
			t.Errorf("seed %d: a shared variable of 64 slots in a CTA of pitch %d:\n%s", s, sh.P(), body)
		}
		if strings.Contains(body, "[128];") {
			seen["a shared variable of 128 slots"] = true
		}
		ghost := "(t & " + strconv.Itoa(sh.P()-1) + "u) >= " + strconv.Itoa(sh.Threads()) + "u"
		if sh.Ghosts() != strings.Contains(c, ghost) && regexp.MustCompile(`XCHGS\(|XCHGNS\(|XREDS\(`).MatchString(body) {
			t.Errorf("seed %d: %v: empty slots %v, but the gone function says %q: %v:\n%s", s, sh, sh.Ghosts(), ghost, strings.Contains(c, ghost), c)
		}
		if sh.Ghosts() && regexp.MustCompile(`XCHGS\([^;]*_g\d+, `).MatchString(body) {
			seen["a CTA exchange leaving empty slots out"] = true
		}
		if sh.Ghosts() && regexp.MustCompile(`XREDS\([^;]*_g\d+, `).MatchString(body) {
			seen["a CTA collective leaving empty slots out"] = true
		}
		if sh.PartialWarp() {
			if plainWarp.MatchString(body) {
				t.Errorf("seed %d: %v: a warp collective over the full mask in a CTA with a partial warp:\n%s", s, sh, body)
			}
			if strings.Contains(body, "XCHGNS(") {
				t.Errorf("seed %d: %v: a counted barrier in a CTA with a partial warp:\n%s", s, sh, body)
			}
			if strings.Contains(body, "XCHGM(") || strings.Contains(body, "XREDM(") {
				seen["a warp collective of a partial warp"] = true
			}
		}
		if strings.Contains(body, "XCHGNS(") {
			seen["a counted barrier"] = true
		}
		if k := p.Kernel(); !strings.Contains(k, "blockIdx.x * "+strconv.Itoa(sh.P())+"u + (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))") {
			t.Errorf("seed %d: kernel %s", s, k)
		}
		for _, other := range []string{"exit", "spaces,exchange,atomics", ""} {
			o, _ := ParseWith(DefaultConfig(), other)
			if x := Generate(s, o); x.Launch() != defaultShape || strings.Contains(x.C(), "SHP") || strings.Contains(x.Kernel(), "threadIdx.y") {
				t.Fatalf("seed %d: -with %q without shapes launches %v", s, other, x.Launch())
			}
		}
	}
	for _, k := range kinds {
		if !seen[k] {
			t.Errorf("300 programs with -with shapes,exit,spaces never had %q", k)
		}
	}
	tl := tools(t)
	n := size(60, 20)
	st := Campaign(tl, cfg, 1, n, 40, 2, []string{"-O0", "-O3"}, func(_ int, found []Finding) {
		for _, f := range found {
			if f.What == "clang-bug" || f.What == "gcc-bug" {
				t.Logf("%v", f)
				continue
			}
			t.Errorf("%v (reproduce: go run ./cmd/difftest -with shapes,exit,spaces -reduce -seed %d -O %s)", f, f.Seed, f.Opt)
		}
	})
	if st.Agree+st.ClangBug+st.GCCBug != 2*n {
		t.Errorf("%d of %d program runs agree", st.Agree, 2*n)
	}
}
