package main

import (
	"strings"
	"testing"
)

// TestV4: -with v4 writes both macros with every vector type (300
// programs), none in programs without it, with exit or in a CTA with
// empty slots; the host reads the vector of the thread each row works
// out by hand (thread t's element of a CTA of 64 is TV(f, u, k) of u =
// t's CTA | (t + d) % 64); a fixed seed set runs at -O0 and -O3 with
// every output agreeing. With ld.shared.v4's elements 2 and 3 swapped in
// ptxplay (a deliberate mistake in core/sim's execLoad), 8 of the 80 runs
// from seed 15100001 disagree, all at -O3 (-O0 loads through generic
// addresses), seed 15100006 in the smoke window 15100001-15100010; with
// st.global.v4's elements 0 and 1 swapped (execStore), 14 of the 80,
// seeds 15100001, 15100009 and 15100010 in the window.
func TestV4(t *testing.T) {
	cfg := withConfig(t, "v4")
	var want []string
	for _, op := range []string{"VXS", "VXG"} {
		for _, v := range vxTypes {
			want = append(want, op+"("+v.name+", ")
		}
	}
	seen := map[string]bool{}
	sh := withConfig(t, "v4,shapes")
	for s := uint64(1); s <= 300; s++ {
		c := Generate(s, cfg).C()
		for _, m := range want {
			if strings.Contains(c, m) {
				seen[m] = true
			}
		}
		for _, other := range []string{"", "tiles,f4,spaces,exchange,vec", "v4,exit"} {
			if oc := Generate(s, withConfig(t, other)).C(); strings.Contains(oc, "VXS(") || strings.Contains(oc, "VXG(") {
				t.Fatalf("seed %d: -with %q writes a vector exchange", s, other)
			}
		}
		if p := Generate(s, sh); strings.Contains(p.C(), "VXS(") || strings.Contains(p.C(), "VXG(") {
			seen["with shapes"] = true
			if p.Launch().Ghosts() {
				t.Errorf("seed %d: a vector exchange in a CTA with empty slots (%s)", s, p.Launch())
			}
		}
	}
	for _, m := range append(want, "with shapes") {
		if !seen[m] {
			t.Errorf("300 programs with -with v4 never wrote %q", m)
		}
	}
	checkHostRows(t, preludeC+f4Shared+tileShared+vxShared+vxHost+
		"static u64 buf[128 * 8];\n"+
		"static u32 id(u32 t, const u64 *in) { return t; }\nstatic u32 sc(u32 t, const u64 *in) { return t * 0x01010101u; }\n"+
		"#define AT_(tt, e) ({ u32 t = (tt); const u64 *in = buf + t * 8; e; })\n", "",
		[]hostRow{
			{"U4, thread 0, d 1, m 0: thread 1's TV 1 as {1, 1 ^ 0x9e3779b9, 3, ~1}, x + y * z - w", "AT_(0, VXS(U4, id, 1u, 0u, 1u))", 0xdaa66d2b},
			{"U4, thread 8, d 1, m 1, 3 trips: thread 9's TV(sc) 0x09090909 * (2k + 1) + k, acc * 3 + each", "AT_(8, VXS(U4, sc, 1u, 1u, 3u))", 0xd21258c2},
			{"F4 in global memory, thread 5, d 63 (wraps to thread 4), m 2: 0x04040404 as {263172, 263172, -1028, 32}, (x - w) + (y - z)", "f2u(AT_(5, VXG(F4, sc, 63u, 2u, 1u)))", 0x4900bec0},
			{"F4, thread 63, d 1 (thread 0), 2 trips: {0, 0, -0, 0} m 3 gives 0, then {1, 0, -1, 0} m 0 gives -1: 0 * 0.5 - 1", "f2u(AT_(63, VXG(F4, sc, 1u, 3u, 2u)))", 0xbf800000},
			{"F2 in shared memory, thread 0, d 2, m 1, 2 trips: {0, -2} x / 4 - y = 2, then {0, -7} (x + y) * 0.75, 2 * 0.5 - 5.25", "f2u(AT_(0, VXS(F2, id, 2u, 1u, 2u)))", 0xc0880000},
			{"U2 in global memory, thread 70 (CTA 1), d 60: thread 64 + 2, {66 * 0x01000193, 8}, x - 5y", "AT_(70, VXG(U2, id, 60u, 1u, 1u))", 0x420067be},
		})
	fixedSeeds(t, cfg, "v4", 15100001, size(40, 10), 40)
}
