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
	fixedSeeds(t, cfg, "shapes,exit,spaces", 1, size(60, 9), 40)
}

// TestDiverge: -with diverge writes warp collectives on the two paths of
// a divergent branch (XCHGD, XBALD, XREDD: a shfl.sync.idx, vote.sync.ballot
// or redux.sync.add on each path, each naming the whole warp), which from
// sm_70 on run together (core/sim/syncwait.go); never in a partial warp or
// after some lanes of a warp left, never in a program without it (300
// programs with shapes and exit too). Then seeds 8000001-8000020 (60 under
// scripts/test) run with diverge alone. The first 40 of them
// 8000001 on gave 2 disagreements (seed 8000016) before ptxplay read each
// path's operands from scratch rows: the else's shfl.sync took 31 as both
// source lane and clamp, one constant row, and the other path's source lane
// 0 overwrote it (TestSyncWaitsForNamedLanes, core/sim).
func TestDiverge(t *testing.T) {
	cfg, err := ParseWith(DefaultConfig(), "diverge,shapes,exit")
	if err != nil || !cfg.Diverge || !cfg.Exchange {
		t.Fatalf("ParseWith(diverge,shapes,exit) = %+v, %v", cfg, err)
	}
	seen := map[string]bool{}
	div := regexp.MustCompile(`(XCHGD|XBALD|XREDD)\(`)
	for s := uint64(1); s <= 300; s++ {
		p := Generate(s, cfg)
		c := p.C()
		body := c[strings.Index(c, p.Body.signature()):]
		for _, m := range div.FindAllStringSubmatch(body, -1) {
			seen[m[1]] = true
		}
		if i := div.FindStringIndex(body); i != nil {
			if p.Launch().PartialWarp() {
				t.Errorf("seed %d: a divergent warp collective in a CTA with a partial warp (%v)", s, p.Launch())
			}
			if j := strings.Index(body, "(t, in) & 3u) == 0u) return;"); j >= 0 && j < i[0] {
				t.Errorf("seed %d: a divergent warp collective after some lanes of a warp left:\n%s", s, body)
			}
		}
		for _, other := range []string{"exit,shapes", "spaces,exchange,atomics", ""} {
			o, _ := ParseWith(DefaultConfig(), other)
			if div.MatchString(Generate(s, o).C()) {
				t.Fatalf("seed %d: -with %q writes a divergent warp collective", s, other)
			}
		}
	}
	for _, k := range []string{"XCHGD", "XBALD", "XREDD"} {
		if !seen[k] {
			t.Errorf("300 programs with -with diverge,shapes,exit never wrote %s", k)
		}
	}
	plain := withConfig(t, "diverge")
	fixedSeeds(t, plain, "diverge", 8000001, size(60, 20), 40)
}
