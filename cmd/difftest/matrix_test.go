package main

import (
	"strings"
	"testing"
)

// matrixFeature is one warp matrix feature of TestWarpMatrix: -with
// with writes every macro of macros (300 programs), never in programs
// of the features of others (nor with exit); with shapes never in a
// launch with a partial warp; the host's definitions (defs after the
// prelude and the row helpers) give rows' values, worked out by hand;
// and the fixed set of n programs from seed runs at -O0 and -O3 with
// every output agreeing.
type matrixFeature struct {
	with   string
	macros []string
	others []string
	defs   string
	rows   []hostRow
	seed   uint64
}

// matrixFold is the lanes' fold of a fragment's values, acc * 3 + d,
// in Go (the rows' values).
func matrixFold(d ...int64) uint64 {
	acc := uint32(0)
	for _, x := range d {
		acc = acc*3 + uint32(x)
	}
	return uint64(acc)
}

// matrixRowDefs: what every row's expression takes: the xfn type, each
// thread's inputs (all zero), the constant and identity functions of a
// thread, and AT_(t, e), e for thread t.
const matrixRowDefs = "typedef u32 (*xfn)(u32, const u64 *);\nstatic u64 buf[64 * 8];\n" +
	"static u32 c0(u32 t, const u64 *in) { return 0; }\nstatic u32 c4(u32 t, const u64 *in) { return 4; }\n" +
	"static u32 c5(u32 t, const u64 *in) { return 5; }\nstatic u32 c8(u32 t, const u64 *in) { return 8; }\n" +
	"static u32 id(u32 t, const u64 *in) { return t; }\nstatic u32 sc(u32 t, const u64 *in) { return t * 0x01010101u; }\n" +
	"#define AT_(tt, e) ({ u32 t = (tt); const u64 *in = buf + t * 8; e; })\n"

// matrixFeatures: the rows of TestWarpMatrix.
//
// wmma: the host's D (wmmaHost) gives the values worked out by hand (row
// 1: A's rows repeat 1, -1, -3, 4, 2, 0, -2, -4, B's columns 0, -4, 1,
// -3, 2, -2, 3, -1, so every element of A B is 2 * -9, plus C's row 0,
// 3, 6, -8, -5, -2, 1, 4) and by a model of the element layout written
// apart from it (the other rows). With ptxplay's wmma loads and stores
// taking .col for .row (a deliberate mistake in core/sim/wmma.go: B read
// transposed), 14 of the 16 runs of seeds 15150001-15150008 disagree.
//
// mma: the host (mmaHost) gives the values worked out by hand from the
// ISA's fragment tables (rows 1 and 3: below) and by a model of them
// written apart (rows 2 and 4). With deliberate mistakes in ptxplay, each
// alone: the tf32 A fragment's a1 and a2 swapped (core/sim/frag.go
// mmaAFrag), 20 of the 32 runs of seeds 15160001-15160016 disagree;
// ldmatrix's two halves of a register swapped (core/sim/ldmatrix.go), 18
// of the 32; the window 15160001-15160008 holds both.
var matrixFeatures = []matrixFeature{
	{
		with:   "wmma",
		macros: []string{"WMMA("},
		others: []string{"", "v4,tiles,f4,spaces,exchange,vec,asm", "wmma,exit"},
		defs:   wmmaShared + wmmaHost,
		rows: []hostRow{
			{"lane 0, s 0: D[0][0..7] = C[0][0..7] - 18", "AT_(0, WMMA(c5, c4, c8, 0u))", matrixFold(-18, -15, -12, -26, -23, -20, -17, -14)},
			{"lane 0, s 1: D elements 0, 3, ..., 21; A from each lane's own value", "AT_(0, WMMA(id, c4, c0, 1u))", matrixFold(-26, -17, -25, -23, -14, -22, 27, 36)},
			{"thread 40 (warp 1, lane 8), s 3: A, B, C of warp 1's lanes 32-63", "AT_(40, WMMA(id, id, id, 3u))", matrixFold(-15, 18, -9, -1, -3, -15, 8, -25)},
			{"lane 31, s 2: elements 248, 253, 2, 7 ... (wrapping past 255)", "AT_(31, WMMA(c5, id, c8, 2u))", matrixFold(-12, -2, -15, -5, -20, 12, -23, -29)},
		},
		seed: 15150001,
	},
	{
		with:   "mma",
		macros: []string{"MMATF(", "LDMX4("},
		others: []string{"", "wmma,v4,tiles,f4,spaces,exchange,vec,asm", "mma,exit"},
		defs:   mmaShared + mmaHost,
		rows: []hostRow{
			// A's registers a0..a3 hold 0, -2, -4, 3 (rows g and g + 8,
			// columns tig and tig + 4), B's b0, b1 0 and -4 (rows tig, tig
			// + 4), C's c0..c3 0, 3, 6, -8: lane 0's d_i = C + 4 (A[r][4]
			// * -4): 64, 67, 6 - 48, -8 - 48.
			{"mma tf32, lane 0, A, B, C of constant lanes", "AT_(0, MMATF(c4, c4, c8))", matrixFold(64, 67, -42, -56)},
			{"mma tf32, thread 45 (warp 1, lane 13), every lane's own values", "AT_(45, MMATF(id, sc, id))", matrixFold(28, 11, 13, -26)},
			// Lane 0, d 0: register j is row 0 of matrix j, the row lane 8j
			// wrote: halves 0 and 1 of v = 8j are 8j and 3 * 8j >> 3.
			{"ldmatrix .x4, lane 0, d 0: rows 0, 8, 16, 24", "AT_(0, LDMX4(id, 0u))", matrixFold(0, 0x30008, 0x60010, 0x90018)},
			{"ldmatrix .x4, thread 39 (warp 1, lane 7), d 5: rows 6, 14, 22, 30, halves 6 and 7", "AT_(39, LDMX4(sc, 5u))", matrixFold(0x1e13bfb, 0x5a51616, 0x1693030, 0x52d0a4a)},
		},
		seed: 15160001,
	},
}

// TestWarpMatrix runs each warp matrix feature's row of matrixFeatures
// (the tensor cores' wmma, mma.sync and ldmatrix).
func TestWarpMatrix(t *testing.T) {
	for _, f := range matrixFeatures {
		t.Run(f.with, func(t *testing.T) {
			cfg := withConfig(t, f.with)
			sh := withConfig(t, f.with+",shapes")
			has := func(c string) bool {
				for _, m := range f.macros {
					if strings.Contains(c, m) {
						return true
					}
				}
				return false
			}
			seen := map[string]bool{}
			for s := uint64(1); s <= 300; s++ {
				c := Generate(s, cfg).C()
				for _, m := range f.macros {
					if strings.Contains(c, m) {
						seen[m] = true
					}
				}
				for _, other := range f.others {
					if has(Generate(s, withConfig(t, other)).C()) {
						t.Fatalf("seed %d: -with %q writes one of %q", s, other, f.macros)
					}
				}
				if p := Generate(s, sh); has(p.C()) {
					seen["with shapes"] = true
					if p.Launch().PartialWarp() {
						t.Errorf("seed %d: a warp matrix instruction with a partial warp (%s)", s, p.Launch())
					}
				}
			}
			for _, m := range append(f.macros, "with shapes") {
				if !seen[m] {
					t.Errorf("300 programs with -with %s never wrote %q", f.with, m)
				}
			}
			checkHostRows(t, preludeC+matrixRowDefs+f.defs, "", f.rows)
			fixedSeeds(t, cfg, f.with, f.seed, size(40, 8), 40)
		})
	}
}
