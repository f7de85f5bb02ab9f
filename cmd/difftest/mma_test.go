package main

import (
	"strings"
	"testing"
)

// TestMMA: -with mma writes MMATF and LDMX4 (300 programs), never in
// programs without it, with exit or with a partial warp; the host
// (mmaHost) gives the values worked out by hand from the ISA's fragment
// tables (rows 1 and 3: below) and by a model of them written apart
// (rows 2 and 4); a fixed seed set runs at -O0 and -O3 with every output
// agreeing. With deliberate mistakes in ptxplay, each alone: the tf32 A
// fragment's a1 and a2 swapped (core/sim/frag.go mmaAFrag), 20 of the 32
// runs of seeds 15160001-15160016 disagree; ldmatrix's two halves of a
// register swapped (core/sim/ldmatrix.go), 18 of the 32; the window
// 15160001-15160008 holds both.
func TestMMA(t *testing.T) {
	cfg := withConfig(t, "mma")
	seen := map[string]bool{}
	sh := withConfig(t, "mma,shapes")
	for s := uint64(1); s <= 300; s++ {
		c := Generate(s, cfg).C()
		for _, m := range []string{"MMATF(", "LDMX4("} {
			if strings.Contains(c, m) {
				seen[m] = true
			}
		}
		for _, other := range []string{"", "wmma,v4,tiles,f4,spaces,exchange,vec,asm", "mma,exit"} {
			if oc := Generate(s, withConfig(t, other)).C(); strings.Contains(oc, "MMATF(") || strings.Contains(oc, "LDMX4(") {
				t.Fatalf("seed %d: -with %q writes MMATF or LDMX4", s, other)
			}
		}
		if p := Generate(s, sh); strings.Contains(p.C(), "MMATF(") || strings.Contains(p.C(), "LDMX4(") {
			seen["with shapes"] = true
			if p.Launch().PartialWarp() {
				t.Errorf("seed %d: a warp matrix instruction with a partial warp (%s)", s, p.Launch())
			}
		}
	}
	for _, m := range []string{"MMATF(", "LDMX4(", "with shapes"} {
		if !seen[m] {
			t.Errorf("300 programs with -with mma never wrote %q", m)
		}
	}
	fold := func(d ...int64) uint64 {
		acc := uint32(0)
		for _, x := range d {
			acc = acc*3 + uint32(x)
		}
		return uint64(acc)
	}
	checkHostRows(t, preludeC+"typedef u32 (*xfn)(u32, const u64 *);\n"+mmaShared+mmaHost+
		"static u64 buf[64 * 8];\n"+
		"static u32 c4(u32 t, const u64 *in) { return 4; }\nstatic u32 c8(u32 t, const u64 *in) { return 8; }\n"+
		"static u32 id(u32 t, const u64 *in) { return t; }\nstatic u32 sc(u32 t, const u64 *in) { return t * 0x01010101u; }\n"+
		"#define AT_(tt, e) ({ u32 t = (tt); const u64 *in = buf + t * 8; e; })\n", "",
		[]hostRow{
			// A's registers a0..a3 hold 0, -2, -4, 3 (rows g and g + 8,
			// columns tig and tig + 4), B's b0, b1 0 and -4 (rows tig, tig
			// + 4), C's c0..c3 0, 3, 6, -8: lane 0's d_i = C + 4 (A[r][4]
			// * -4): 64, 67, 6 - 48, -8 - 48.
			{"mma tf32, lane 0, A, B, C of constant lanes", "AT_(0, MMATF(c4, c4, c8))", fold(64, 67, -42, -56)},
			{"mma tf32, thread 45 (warp 1, lane 13), every lane's own values", "AT_(45, MMATF(id, sc, id))", fold(28, 11, 13, -26)},
			// Lane 0, d 0: register j is row 0 of matrix j, the row lane 8j
			// wrote: halves 0 and 1 of v = 8j are 8j and 3 * 8j >> 3.
			{"ldmatrix .x4, lane 0, d 0: rows 0, 8, 16, 24", "AT_(0, LDMX4(id, 0u))", fold(0, 0x30008, 0x60010, 0x90018)},
			{"ldmatrix .x4, thread 39 (warp 1, lane 7), d 5: rows 6, 14, 22, 30, halves 6 and 7", "AT_(39, LDMX4(sc, 5u))", fold(0x1e13bfb, 0x5a51616, 0x1693030, 0x52d0a4a)},
		})
	fixedSeeds(t, cfg, "mma", 15160001, size(40, 8), 40)
}
