package main

import (
	"strings"
	"testing"
)

// TestWMMA: -with wmma writes WMMA (300 programs), never in programs
// without it, with exit or with a partial warp; the host's D (wmmaHost)
// gives the values worked out by hand (row 1: A's rows repeat 1, -1, -3,
// 4, 2, 0, -2, -4, B's columns 0, -4, 1, -3, 2, -2, 3, -1, so every
// element of A B is 2 * -9, plus C's row 0, 3, 6, -8, -5, -2, 1, 4) and
// by a model of the element layout written apart from it (the other
// rows); a fixed seed set runs at -O0 and -O3 with every output agreeing.
// With ptxplay's wmma loads and stores taking .col for .row (a deliberate
// mistake in core/sim/wmma.go: B read transposed), 14 of the 16 runs of
// seeds 15150001-15150008 disagree.
func TestWMMA(t *testing.T) {
	cfg := withConfig(t, "wmma")
	seen := map[string]bool{}
	sh := withConfig(t, "wmma,shapes")
	for s := uint64(1); s <= 300; s++ {
		if strings.Contains(Generate(s, cfg).C(), "WMMA(") {
			seen["wmma"] = true
		}
		for _, other := range []string{"", "v4,tiles,f4,spaces,exchange,vec,asm", "wmma,exit"} {
			if strings.Contains(Generate(s, withConfig(t, other)).C(), "WMMA(") {
				t.Fatalf("seed %d: -with %q writes WMMA", s, other)
			}
		}
		if p := Generate(s, sh); strings.Contains(p.C(), "WMMA(") {
			seen["with shapes"] = true
			if p.Launch().PartialWarp() {
				t.Errorf("seed %d: WMMA with a partial warp (%s)", s, p.Launch())
			}
		}
	}
	for _, m := range []string{"wmma", "with shapes"} {
		if !seen[m] {
			t.Errorf("300 programs with -with wmma never wrote WMMA (%s)", m)
		}
	}
	fold := func(d ...int64) uint64 {
		acc := uint32(0)
		for _, x := range d {
			acc = acc*3 + uint32(x)
		}
		return uint64(acc)
	}
	checkHostRows(t, preludeC+"typedef u32 (*xfn)(u32, const u64 *);\n"+wmmaShared+wmmaHost+
		"static u64 buf[64 * 8];\n"+
		"static u32 c0(u32 t, const u64 *in) { return 0; }\nstatic u32 c4(u32 t, const u64 *in) { return 4; }\n"+
		"static u32 c5(u32 t, const u64 *in) { return 5; }\nstatic u32 c8(u32 t, const u64 *in) { return 8; }\n"+
		"static u32 id(u32 t, const u64 *in) { return t; }\n"+
		"#define AT_(tt, e) ({ u32 t = (tt); const u64 *in = buf + t * 8; e; })\n", "",
		[]hostRow{
			{"lane 0, s 0: D[0][0..7] = C[0][0..7] - 18", "AT_(0, WMMA(c5, c4, c8, 0u))", fold(-18, -15, -12, -26, -23, -20, -17, -14)},
			{"lane 0, s 1: D elements 0, 3, ..., 21; A from each lane's own value", "AT_(0, WMMA(id, c4, c0, 1u))", fold(-26, -17, -25, -23, -14, -22, 27, 36)},
			{"thread 40 (warp 1, lane 8), s 3: A, B, C of warp 1's lanes 32-63", "AT_(40, WMMA(id, id, id, 3u))", fold(-15, 18, -9, -1, -3, -15, 8, -25)},
			{"lane 31, s 2: elements 248, 253, 2, 7 ... (wrapping past 255)", "AT_(31, WMMA(c5, id, c8, 2u))", fold(-12, -2, -15, -5, -20, 12, -23, -29)},
		})
	fixedSeeds(t, cfg, "wmma", 15150001, size(40, 8), 40)
}
