package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestTiles: -with tiles writes every tile shape of tileOps, every
// element kind and every cp.async size (300 programs), none in programs
// without it, with exit or in a CTA with empty slots; the host's tile
// reads name the threads worked out by hand; a fixed seed set runs at
// -O0 and -O3 with every output agreeing. With two slips put in the host
// (the transposition reading row me % TC, column me / TC, and the 8-byte
// copy one input on), 18 of the 80 runs from seed 9100001 disagree.
func TestTiles(t *testing.T) {
	cfg, err := ParseWith(DefaultConfig(), "tiles")
	if err != nil || !cfg.Tiles {
		t.Fatalf("ParseWith(tiles) = %+v, %v", cfg, err)
	}
	want := []string{"TCP((u32)0x4u, ", "TCP((u32)0x8u, ", "TCP((u32)0x10u, "}
	for _, op := range []string{"TMM", "TTR", "TVOL"} {
		for _, k := range tileKinds {
			want = append(want, op+"("+k.String()+", ")
		}
	}
	seen := map[string]bool{}
	for s := uint64(1); s <= 300; s++ {
		c := Generate(s, cfg).C()
		for _, k := range want {
			if strings.Contains(c, k) {
				seen[k] = true
			}
		}
		for _, other := range []string{"", "exchange,scan,shapes", "tiles,exit"} {
			o, _ := ParseWith(DefaultConfig(), other)
			oc := Generate(s, o).C()
			for _, op := range tileOps {
				if strings.Contains(oc, op+"(") {
					t.Fatalf("seed %d: -with %q writes %s", s, other, op)
				}
			}
		}
		sh, _ := ParseWith(DefaultConfig(), "tiles,shapes")
		p := Generate(s, sh)
		for _, op := range tileOps {
			if strings.Contains(p.C(), op+"(") {
				seen["with shapes"] = true
				if p.Launch().Ghosts() {
					t.Errorf("seed %d: %s in a CTA with empty slots (%s)", s, op, p.Launch())
				}
			}
		}
	}
	for _, k := range append(want, "with shapes") {
		if !seen[k] {
			t.Errorf("300 programs with -with tiles never wrote %q", k)
		}
	}
	tileHostRows(t)
	fixedSeeds(t, cfg, "tiles", 9100001, size(40, 16), 40)
}

// tileHostRows: the host's tiles (tileHost) read the elements the CUDA
// side's threads wrote, worked out by hand for a CTA of 64 (8 x 8), with
// f(u) = u (so TV(f, u, k) = u * (2k + 1) + k) and thread u's input j =
// u << 32 | (100u + j).
func tileHostRows(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Log("no gcc: the host model's rows skipped")
		return
	}
	q := func(u, j uint64) uint64 { return u<<32 | (100*u + j) }
	rows := []hostRow{
		{"transposition, thread 1 (row 0, column 1) reads row 1 % 8, column 1 / 8: thread 8", "TTR_(1, u32, id, 1)", 8},
		{"transposition, thread 10 reads row 2, column 1: thread 17", "TTR_(10, u32, id, 1)", 17},
		{"transposition over 2 trips: 17 * 3 + (17 * 3 + 1)", "TTR_(10, u32, id, 2)", 17*3 + 52},
		{"product, thread 9 (row 1, column 1), b all ones: a's row 1, 8 + ... + 15", "TMM_(9, u32, id, one, 1)", 92},
		{"product, thread 9, a all ones: b's column 1, 1 + 9 + ... + 57", "TMM_(9, u32, one, id, 1)", 232},
		{"product in u8 wraps: thread 63, a = b = identity values, sum of (56 + k)(k * 8 + 7) mod 256", "TMM_(63, u8, id, id, 1)", func() uint64 {
			s := uint64(0)
			for k := uint64(0); k < 8; k++ {
				s += (56 + k) * (k*8 + 7)
			}
			return s & 0xff
		}()},
		{"cp.async 8 bytes, thread 0, d 1: thread 1's input 0", "TCP_(0, 8, 0, 1, 1)", q(1, 0)},
		{"cp.async 4 bytes over 2 trips, thread 2, d 0: input 0's low word, then input 1's high word times 2", "TCP_(2, 4, 0, 0, 2)", 200 + 2*2},
		{"cp.async 16 bytes, thread 0, d 3, j0 1: inputs 0 and 1 of thread 3", "TCP_(0, 16, 1, 3, 1)", q(3, 0) ^ q(3, 1)<<1},
		{"cp.async 8 bytes, d 63 from thread 5 wraps to thread 4", "TCP_(5, 8, 7, 63, 1)", q(4, 7)},
	}
	checkHostRows(t, preludeC+tileShared+tileHost+
		"static u64 buf[64 * 8];\n"+
		"static u32 id(u32 t, const u64 *in) { return t; }\nstatic u32 one(u32 t, const u64 *in) { return 1; }\n"+
		"#define TTR_(tt, T, f, n) ({ u32 t = (tt); const u64 *in = buf + t * 8; TTR(T, f, n); })\n"+
		"#define TMM_(tt, T, fa, fb, n) ({ u32 t = (tt); const u64 *in = buf + t * 8; TMM(T, fa, fb, n); })\n"+
		"#define TCP_(tt, sz, j0, d, n) ({ u32 t = (tt); const u64 *in = buf + t * 8; TCP(sz, j0, d, n); })\n",
		"  for (u64 u = 0; u < 64; u++) for (u64 j = 0; j < 8; j++) buf[u * 8 + j] = u << 32 | (100 * u + j);\n", rows)
}
