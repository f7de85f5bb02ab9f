package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestScan: -with scan writes every warp scan of scanOps, every butterfly
// operation and every shuffle mode (300 programs), only in programs with
// it; the host's model of the shuffles (shfl_src and the loops on an
// array of lanes) gives the values worked out by hand from the PTX ISA's
// shfl.sync semantics; a fixed seed set runs at -O0 and -O3 with every
// output agreeing. With shfl_src's down bound off by one (j < maxLane), 18
// of the 80 runs from seed 9000001 disagree.
func TestScan(t *testing.T) {
	cfg, err := ParseWith(DefaultConfig(), "scan")
	if err != nil || !cfg.Scan || !cfg.Exchange {
		t.Fatalf("ParseWith(scan) = %+v, %v; want Scan and Exchange on", cfg, err)
	}
	want := []string{}
	for _, op := range scanOps {
		want = append(want, op+"(")
	}
	for _, op := range bflyOps {
		want = append(want, "WBFLY("+op+", ")
	}
	for _, m := range shflModes {
		want = append(want, "WSHFL("+m+", ")
	}
	seen := map[string]bool{}
	for s := uint64(1); s <= 300; s++ {
		c := Generate(s, cfg).C()
		for _, k := range want {
			if strings.Contains(c, k) {
				seen[k] = true
			}
		}
		for _, other := range []string{"", "exchange,diverge,exit,shapes", "intrin,carry"} {
			o, _ := ParseWith(DefaultConfig(), other)
			if oc := Generate(s, o).C(); strings.Contains(oc, "WSCANUP(") || strings.Contains(oc, "WBFLY(") || strings.Contains(oc, "WSHFL(") || strings.Contains(oc, "WSEG(") || strings.Contains(oc, "WDOWN(") {
				t.Fatalf("seed %d: -with %q writes a warp scan", s, other)
			}
		}
	}
	for _, k := range want {
		if !seen[k] {
			t.Errorf("300 programs with -with scan never wrote %q", k)
		}
	}
	// A partial warp (shapes) writes none; whole warps of shapes do.
	sc, _ := ParseWith(DefaultConfig(), "scan,shapes,exit")
	whole := false
	for s := uint64(1); s <= 300; s++ {
		p := Generate(s, sc)
		c := p.C()
		for _, op := range scanOps {
			if strings.Contains(c, op+"(") {
				if p.Launch().PartialWarp() {
					t.Errorf("seed %d: %s in a partial warp (%s)", s, op, p.Launch())
				}
				whole = true
			}
		}
	}
	if !whole {
		t.Error("300 programs with -with scan,shapes,exit wrote no warp scan")
	}
	scanHostRows(t)
	fixedSeeds(t, cfg, "scan", 9000001, size(40, 8), 40)
}

// scanHostRows checks the host's shuffle model against the ISA (shfl.sync,
// Semantics: bval = b[4:0], cval = c[4:0], mask = c[12:8], maxLane =
// (lane & mask) | (cval & ~mask), minLane = lane & mask; up j = lane -
// bval if j >= maxLane, down j = lane + bval if j <= maxLane, bfly j =
// lane ^ bval if j <= maxLane, idx j = minLane | (bval & ~mask) if j <=
// maxLane, else the lane's own), each value worked out by hand.
func scanHostRows(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Log("no gcc: the host model's rows skipped")
		return
	}
	rows := []hostRow{
		{"up 3 from lane 5, width 32 (c 0): lane 2", "shfl_src(SH_up, 5, 3, 0)", 2},
		{"up 3 from lane 2: j = -1 below maxLane 0, own lane", "shfl_src(SH_up, 2, 3, 0)", 2},
		{"up 2 from lane 9, width 8 (c 0x1800): j 7 below the segment's first lane 8, own", "shfl_src(SH_up, 9, 2, 0x1800)", 9},
		{"up 2 from lane 11, width 8: lane 9", "shfl_src(SH_up, 11, 2, 0x1800)", 9},
		{"up 33 is up 1 (b[4:0])", "shfl_src(SH_up, 4, 33, 0)", 3},
		{"down 1 from lane 30, c 0x1f: lane 31", "shfl_src(SH_down, 30, 1, 0x1f)", 31},
		{"down 1 from lane 31: j 32 past maxLane 31, own", "shfl_src(SH_down, 31, 1, 0x1f)", 31},
		{"down 1 from lane 6, width 8 (c 0x181f): maxLane 7, lane 7", "shfl_src(SH_down, 6, 1, 0x181f)", 7},
		{"down 1 from lane 7, width 8: j 8 past the segment, own", "shfl_src(SH_down, 7, 1, 0x181f)", 7},
		{"down 1 from lane 3, clamp 3 (c 3): j 4 past maxLane 3, own", "shfl_src(SH_down, 3, 1, 3)", 3},
		{"down 1 from lane 1, clamp 3: lane 2", "shfl_src(SH_down, 1, 1, 3)", 2},
		{"bfly 4 from lane 3, width 16 (c 0x101f): lane 7", "shfl_src(SH_bfly, 3, 4, 0x101f)", 7},
		{"bfly 1 from lane 0, c 0: j 1 past maxLane 0, own", "shfl_src(SH_bfly, 0, 1, 0)", 0},
		{"bfly 1 from lane 1, c 0: j 0, lane 0", "shfl_src(SH_bfly, 1, 1, 0)", 0},
		{"idx 37 from lane 4, c 0x1f: lane 5 (b[4:0])", "shfl_src(SH_idx, 4, 37, 0x1f)", 5},
		{"idx 3 from lane 13, width 8 (c 0x181f): minLane 8, lane 11", "shfl_src(SH_idx, 13, 3, 0x181f)", 11},
		{"idx 9 from lane 0, clamp 5 (c 5): j 9 past maxLane 5, own", "shfl_src(SH_idx, 0, 9, 5)", 0},
		{"inclusive scan of lane + 1, width 32, lane 31: 1 + ... + 32", "wscanup(31, at(31), lanep1, 32)", 528},
		{"inclusive scan, width 8, lane 10: 9 + 10 + 11", "wscanup(10, at(10), lanep1, 8)", 30},
		{"down tree of lane + 1, width 32, lane 0: the warp's sum", "wdown(0, at(0), lanep1, 32)", 528},
		{"down tree, lane 31: its own value doubled five times", "wdown(31, at(31), lanep1, 32)", 1024},
		{"down tree, lane 30: 31 doubled four times, plus lane 31's 32 doubled four times", "wdown(30, at(30), lanep1, 32)", 1008},
		{"butterfly add, width 4, lane 5: 5 + 6 + 7 + 8", "wbfly(5, at(5), sc_add, lanep1, 4)", 26},
		{"butterfly umax, width 32, lane 0: 32", "wbfly(0, at(0), sc_umax, lanep1, 32)", 32},
		{"butterfly xor, width 2, lane 6: 7 ^ 8", "wbfly(6, at(6), sc_xor, lanep1, 2)", 15},
		{"float add of 1.0 and 2.0 on bits: 3.0", "sc_fadd(0x3f800000u, 0x40000000u)", 0x40400000},
		{"float add with a NaN: the canonical NaN", "sc_fadd(0x7fc00001u, 0x40000000u)", 0x7fffffff},
		{"divergent segments, n 4, lane 3: the scan 1 + 2 + 3 + 4", "wseg(3, at(3), lanep1, 4)", 10},
		{"divergent segments, n 4, lane 31: no source in range, 32 ^ 32 * 3 five times", "wseg(31, at(31), lanep1, 4)", 1024},
		{"one idx shuffle of 37 from lane 4: lane 5's value", "wshfl(4, at(4), SH_idx, lanep1, 37, 0x1f)", 6},
	}
	checkHostRows(t, preludeC+scanShared+
		"typedef u32 (*xfn)(u32, const u64 *);\n"+scanHost+
		"static u64 buf[64 * 8];\nstatic const u64 *at(u32 t) { return buf + t * 8; }\n"+
		"static u32 lanep1(u32 t, const u64 *in) { return (t & 31u) + 1u; }\n", "", rows)
}
