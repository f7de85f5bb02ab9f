package sim

import "testing"

// TestAnalyseAccess: coalescing and bank conflicts on hand-built patterns.
// Sectors are 32 bytes and lines 128; shared memory has 32 banks of 4
// bytes, and lanes reading one word share it (a broadcast).
func TestAnalyseAccess(t *testing.T) {
	lanes := func(f func(i int) uint64, size int) []LaneAccess {
		var ls []LaneAccess
		for i := 0; i < 32; i++ {
			ls = append(ls, LaneAccess{Lane: i, Addr: f(i), Size: size})
		}
		return ls
	}
	base := uint64(0x1000_0000)
	rnd := []uint64{7, 93, 12, 400, 77, 5, 1000, 64, 3, 250, 31, 800, 15, 600, 42, 901, 8, 88, 300, 44, 2, 511, 120, 66, 990, 17, 700, 55, 1023, 9, 333, 480}
	global := []struct {
		desc           string
		ls             []LaneAccess
		sectors, lines int
	}{
		{"unit stride u32", lanes(func(i int) uint64 { return base + 4*uint64(i) }, 4), 4, 1},
		{"unit stride u64", lanes(func(i int) uint64 { return base + 8*uint64(i) }, 8), 8, 2},
		{"stride 2 u32", lanes(func(i int) uint64 { return base + 8*uint64(i) }, 4), 8, 2},
		{"stride 32 u32", lanes(func(i int) uint64 { return base + 128*uint64(i) }, 4), 32, 32},
		{"broadcast", lanes(func(i int) uint64 { return base }, 4), 1, 1},
		{"misaligned start", lanes(func(i int) uint64 { return base + 16 + 4*uint64(i) }, 4), 5, 2},
		// Words w: sectors are the distinct w/8 (23 of them), lines the
		// distinct w/32 (15).
		{"random words", lanes(func(i int) uint64 { return base + 4*rnd[i] }, 4), 23, 15},
	}
	for _, tt := range global {
		a := AnalyseAccess("global", false, tt.ls)
		if a.Sectors != tt.sectors || a.Lines != tt.lines {
			t.Errorf("%s: %d sectors, %d lines; want %d, %d", tt.desc, a.Sectors, a.Lines, tt.sectors, tt.lines)
		}
	}
	shared := []struct {
		desc     string
		ls       []LaneAccess
		conflict int
	}{
		{"unit stride", lanes(func(i int) uint64 { return 4 * uint64(i) }, 4), 1},
		{"stride 2", lanes(func(i int) uint64 { return 8 * uint64(i) }, 4), 2},
		{"stride 32", lanes(func(i int) uint64 { return 128 * uint64(i) }, 4), 32},
		{"stride 33 (padded transpose)", lanes(func(i int) uint64 { return 132 * uint64(i) }, 4), 1},
		{"broadcast", lanes(func(i int) uint64 { return 64 }, 4), 1},
		// Lanes i and i+16 read the same word: a broadcast, so 16 words in
		// 16 distinct banks.
		{"pairs of lanes on one word", lanes(func(i int) uint64 { return 8 * uint64(i%16) }, 4), 1},
		// 8-byte accesses at unit stride touch 64 words, two per bank.
		{"unit stride u64", lanes(func(i int) uint64 { return 8 * uint64(i) }, 8), 2},
		// Banks 0, 12, 24 and 31 each get three distinct words
		// (0: 64, 800, 480; 12: 12, 300, 44; 24: 600, 88, 120; 31: 31, 511, 1023).
		{"random words", lanes(func(i int) uint64 { return 4 * rnd[i] }, 4), 3},
	}
	for _, tt := range shared {
		a := AnalyseAccess("shared", false, tt.ls)
		if a.Conflict != tt.conflict {
			t.Errorf("%s: %d-way, want %d-way", tt.desc, a.Conflict, tt.conflict)
		}
	}
}
