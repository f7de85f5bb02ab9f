package main

import (
	"strings"
	"testing"
)

// TestF4: -with f4 writes both float4 accesses (300 programs), programs
// without it none; the host reads the inputs as the worked rows say (x
// the low word of in[j & 6], w the high word of in[(j & 6) + 1]; the
// local array's element f & 3 of j, j + 2, j + 4, j + 6 through f4s); a
// fixed seed set runs at -O0 and -O3 with every output agreeing. With the
// host's float4 read one input on (memcpy from p + 1, a deliberate
// mistake), all 7 rows fail and 14 of the 16 runs of seeds
// 13500001-13500008.
func TestF4(t *testing.T) {
	cfg := withConfig(t, "f4")
	seen := map[string]bool{}
	other := withConfig(t, "spaces,exchange,vec,half,wide,atomics,tiles,approx")
	for s := uint64(1); s <= 300; s++ {
		c := Generate(s, cfg).C()
		for _, m := range []string{"F4G(", "F4L("} {
			if strings.Contains(c, m) {
				seen[m] = true
			}
		}
		if oc := Generate(s, other).C(); strings.Contains(oc, "F4G(") || strings.Contains(oc, "F4L(") {
			t.Fatalf("seed %d: -with spaces,...,approx writes a float4 access", s)
		}
	}
	for _, m := range []string{"F4G(", "F4L("} {
		if !seen[m] {
			t.Errorf("300 programs with -with f4 never wrote %s", m)
		}
	}
	checkHostRows(t, preludeC+f4Shared+f4Host+
		"static u64 buf[8];\nstatic u64 pk(float a, float b) { return (u64)f2u(a) | (u64)f2u(b) << 32; }\n"+
		"static u32 c0(u32 t, const u64 *in) { return 0; }\nstatic u32 c1(u32 t, const u64 *in) { return 5; }\n"+
		"static u32 c3(u32 t, const u64 *in) { return 7; }\n"+
		"#define AT_(e) ({ u32 t = 0; const u64 *in = buf; (void)t; e; })\n",
		"  buf[0] = pk(1, 2); buf[1] = pk(3, 4); buf[2] = pk(5, 6); buf[3] = pk(7, 8);\n"+
			"  buf[4] = pk(13, 14); buf[5] = pk(15, 16); buf[6] = pk(9, 10); buf[7] = pk(11, 12);\n",
		[]hostRow{
			{"F4G j 0, m 0: (x + y) * z - w of 1, 2, 3, 4", "f2u(AT_(F4G(0u, 0u)))", 0x40a00000},
			{"F4G j 1 (rounded down to 0), m 1: z * w + x * y", "f2u(AT_(F4G(1u, 1u)))", 0x41600000},
			{"F4G j 2, m 2: (x - w) + (y - z) of 5, 6, 7, 8", "f2u(AT_(F4G(2u, 2u)))", 0xc0800000},
			{"F4G j 7 (6), m 3: y * w - x * z of 9, 10, 11, 12", "f2u(AT_(F4G(7u, 3u)))", 0x41a80000},
			{"F4L j 0, element 0 (1, 2, 3, 4 through f4s: 2, 1, 6, 2), m 0", "f2u(AT_(F4L(0u, c0, 0u)))", 0x41800000},
			{"F4L j 0, element 1 (5, 6, 7, 8: 6, 5, 14, 4), m 1: 56 + 30", "f2u(AT_(F4L(0u, c1, 1u)))", 0x42ac0000},
			{"F4L j 4, element 3 (j + 6 = 10, modulo 8 2: 5, 6, 7, 8), m 2: (6 - 4) + (5 - 14)", "f2u(AT_(F4L(4u, c3, 2u)))", 0xc0e00000},
		})
	fixedSeeds(t, cfg, "f4", 13500001, size(40, 8), 40)
}
