package main

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// gaModel computes Config.GAddr's macros in Go from the ISA's meaning of
// each instruction, written apart from gaHost: memory is little-endian
// bytes; ld of a vector reads consecutive elements; ld.s8 and ld.s16
// into a 32-bit register sign-extend; st.u8 of a 32-bit register keeps
// its low byte; mov.b64 d, {a, b, ...} puts the first element in the low
// bits; isspacep.X of an address of X is 1, of another window 0.
type gaModel struct{}

func (gaModel) words(v uint32) []byte {
	b := make([]byte, 16)
	for i := uint32(0); i < 4; i++ {
		w := (v^(i*0x9e3779b9))*(2*i+1) + i<<28
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}

// fold is the C side's GAF over the values, a u64 folded as its two
// halves, low first.
func (gaModel) fold(vals ...any) uint64 {
	acc := uint32(0)
	for i, v := range vals {
		var xs []uint32
		switch x := v.(type) {
		case uint32:
			xs = []uint32{x}
		case int32:
			xs = []uint32{uint32(x)}
		case uint64:
			xs = []uint32{uint32(x), uint32(x >> 32)}
		default:
			panic(fmt.Sprintf("fold: %T", v))
		}
		for j, x := range xs {
			if i == 0 && j == 0 {
				acc = x
				continue
			}
			acc = acc*3 + x
		}
	}
	return uint64(acc)
}

func (m gaModel) local(v, k uint32) uint64 {
	buf := make([]byte, 32)
	w := m.words(v)
	copy(buf, w) // st.v4.u32 through the generic address
	for i := 0; i < 4; i++ {
		copy(buf[16+4*i:], w[12-4*i:16-4*i]) // {w.w, w.z, w.y, w.x} at gl+16
	}
	buf[6], buf[7] = w[0], w[4] // st.local.v2.u8 [gl+6], {w0, w1}
	le := binary.LittleEndian
	q := le.Uint64(buf[16:])
	x, y := uint32(q), uint32(q>>32)
	d := le.Uint64(buf[8:]) // four halves from g+8, h0 lowest
	w1 := le.Uint32(w[4:])
	hs := w1>>16 | w1<<16 // {h1, h0} of w.y
	z, kk := le.Uint32(buf[4*k+8:]), le.Uint32(buf[4*k+4:])
	sx := int32(int16(le.Uint16(buf[6:])))
	return m.fold(uint32(1), x, y, z, kk, hs, d, sx)
}

func (m gaModel) cnst(v, i uint32) uint64 {
	c := gaWords()
	e := i &^ 1
	return m.fold(uint32(1), c[i], c[v&63], c[e], c[e+1], c[12]^v, c[13], c[14], c[15])
}

func (m gaModel) global(v uint32) uint64 {
	b := m.words(v)
	le := binary.LittleEndian
	return m.fold(uint32(1), uint32(b[4]), uint32(b[5]), uint32(b[6]), uint32(b[7]), le.Uint64(b), le.Uint64(b[8:]),
		int32(int16(le.Uint16(b[12:]))), int32(int16(le.Uint16(b[14:]))))
}

func (m gaModel) shared(v uint32) uint64 {
	b := m.words(v)
	le := binary.LittleEndian
	h := func(i int) uint64 { return uint64(le.Uint16(b[8+2*i:])) }
	dh := h(1) | h(0)<<16 | h(3)<<32 | h(2)<<48 // {hv.y, hv.x, hv.w, hv.z}
	return m.fold(uint32(1), le.Uint32(b), le.Uint32(b[4:]), dh, le.Uint64(b[8:]), int32(int8(b[2])), int32(int8(b[3])))
}

// TestGAddr: -with gaddr writes all seven macros (300 programs), none in
// programs without it; GAG, GAS, GAU and GAV never with exit nor in a CTA
// with empty slots; the host (gaHost) gives gaModel's values and those of
// the predicated loads and the votes worked out by hand; a fixed seed set runs at -O0 and -O3 with
// every output agreeing.
func TestGAddr(t *testing.T) {
	cfg := withConfig(t, "gaddr")
	macros := []string{"GAL(", "GAC(", "GAG(", "GAS(", "GAV(", "GAP(", "GAU("}
	seen := map[string]bool{}
	for s := uint64(1); s <= 300; s++ {
		c := Generate(s, cfg).C()
		for _, m := range macros {
			if strings.Contains(c, m) {
				seen[m] = true
			}
		}
		for _, other := range []string{"", "spaces,exchange,vec,v4,f4,tiles,asm,mma,wmma"} {
			oc := Generate(s, withConfig(t, other)).C()
			for _, m := range macros {
				if strings.Contains(oc, m) {
					t.Fatalf("seed %d: -with %q writes %s", s, other, m)
				}
			}
		}
		if c := Generate(s, withConfig(t, "gaddr,exit")).C(); strings.Contains(c, "GAG(") || strings.Contains(c, "GAS(") || strings.Contains(c, "GAV(") || strings.Contains(c, "GAU(") {
			t.Fatalf("seed %d: -with gaddr,exit writes GAG, GAS, GAU or GAV", s)
		} else if strings.Contains(c, "GAL(") || strings.Contains(c, "GAC(") || strings.Contains(c, "GAP(") {
			seen["with exit"] = true
		}
		if p := Generate(s, withConfig(t, "gaddr,shapes")); strings.Contains(p.C(), "GAG(") || strings.Contains(p.C(), "GAS(") || strings.Contains(p.C(), "GAV(") || strings.Contains(p.C(), "GAU(") {
			seen["with shapes"] = true
			if p.Launch().Ghosts() {
				t.Errorf("seed %d: GAG, GAS, GAU or GAV in a CTA with empty slots (%s)", s, p.Launch())
			}
		}
	}
	for _, m := range append(macros, "with exit", "with shapes") {
		if !seen[m] {
			t.Errorf("300 programs with -with gaddr never wrote %q", m)
		}
	}
	var m gaModel
	src := func(t, d uint32) uint32 { return t&^63 | (t+d)%64 } // TCTA0 | (TME + d) % TN, TN 64
	unit := func(t, d uint32, f func(uint32) uint32) uint64 {
		u := src(t, d)
		x := f(u)
		y := x*0x9e3779b9 + 7
		g := u &^ 3
		return m.fold(uint32(1), x, y, y>>8&0xff, f(g), f(g+1), f(g+2), f(g+3), x)
	}
	checkHostRows(t, preludeC+tileShared+gaShared+gaHost+matrixRowDefs+"static u32 nt(u32 t, const u64 *in) { return ~t; }\n"+
		"static u32 c3(u32 t, const u64 *in) { return 3; }\nstatic u32 c6(u32 t, const u64 *in) { return 6; }\n",
		// Every row's function but GAP's ignores the inputs: thread t's
		// input k has 0x1000 + 8t + k high, 0x100 + 8t + k low.
		"  for (u32 i = 0; i < 64 * 8; i++) buf[i] = (u64)(0x1000u + i) << 32 | (0x100u + i);\n", []hostRow{
			{"local, thread 0 (v 0), m 0", "AT_(0, GAL(id, 0u))", m.local(0, 0)},
			{"local, thread 5, m 3: z and k words 5 and 4 of the buffer, w2 and w3", "AT_(5, GAL(sc, 3u))", m.local(5*0x01010101, 3)},
			{"local, thread 77, m 1", "AT_(77, GAL(id, 1u))", m.local(77, 1)},
			{"const, thread 0, i 0", "AT_(0, GAC(c0, 0u))", m.cnst(0, 0)},
			{"const, thread 9, i 63", "AT_(9, GAC(sc, 63u))", m.cnst(9*0x01010101, 63)},
			{"const, thread 33, i 17", "AT_(33, GAC(id, 17u))", m.cnst(33, 17)},
			{"global, thread 0, d 1", "AT_(0, GAG(id, 1u))", m.global(src(0, 1))},
			{"global, thread 70, d 60 (CTA 1: thread 66)", "AT_(70, GAG(id, 60u))", m.global(src(70, 60))},
			{"global, thread 63, d 2 (wraps to thread 1), sc", "AT_(63, GAG(sc, 2u))", m.global(src(63, 2) * 0x01010101)},
			{"shared, thread 0, d 0", "AT_(0, GAS(id, 0u))", m.shared(0)},
			{"shared, thread 100, d 31 (CTA 1: thread 67)", "AT_(100, GAS(sc, 31u))", m.shared(src(100, 31) * 0x01010101)},
			{"shared, thread 12, d 127 (thread 11)", "AT_(12, GAS(id, 127u))", m.shared(src(12, 127))},
			{"shared, thread 12, d 1, ~t (bytes 2 and 3 negative)", "AT_(12, GAS(nt, 1u))", m.shared(^src(12, 1))},
			{"local, thread 2, m 2, ~t", "AT_(2, GAL(nt, 2u))", m.local(^uint32(2), 2)},
			// The word of thread u = CTA | (t + d) % 64 (f(u)) by ld.shared,
			// its global twin f(u) * 0x9e3779b9 + 7, that twin's byte 1, the
			// words of u's aligned group of 4, f(u) again by a generic load.
			{"unit stride, thread 0, d 1", "AT_(0, GAU(id, 1u))", unit(0, 1, func(u uint32) uint32 { return u })},
			{"unit stride, thread 70 (CTA 1), d 62: thread 68, group 68-71", "AT_(70, GAU(sc, 62u))", unit(70, 62, func(u uint32) uint32 { return u * 0x01010101 })},
			{"unit stride, thread 63, d 3: thread 2, group 0-3", "AT_(63, GAU(nt, 3u))", unit(63, 3, func(u uint32) uint32 { return ^u })},
			// p (bit 0 of f): the words of inputs 2 and 3, else 0, then
			// input 5's two words, 0; q (bit 1): input 7's high word, else 0.
			{"predicated loads, thread 0, f = 5: p, not q", "AT_(0, GAP(c5))", m.fold(uint32(5), uint32(0x102), uint32(0x1002), uint32(0x103), uint32(0x1003), uint32(0))},
			{"predicated loads, thread 3, f = 4: neither", "AT_(3, GAP(c4))", m.fold(uint32(4), uint32(0), uint32(0x11d), uint32(0x101d), uint32(0), uint32(0))},
			{"predicated loads, thread 1, f = 3: p and q", "AT_(1, GAP(c3))", m.fold(uint32(3), uint32(0x10a), uint32(0x100a), uint32(0x10b), uint32(0x100b), uint32(0x100f))},
			{"predicated loads, thread 2, f = 6: q, not p", "AT_(2, GAP(c6))", m.fold(uint32(6), uint32(0), uint32(0x115), uint32(0x1015), uint32(0), uint32(0x1017))},
			// Bits 0, 1: vote.all, vote.any of f & 1; 2, 3: of (f & 31) != 0;
			// 4, 5: vote.all of !p, vote.uni of p = (f & 3) == 0; plus the
			// ballot of p times 64 (mod 2^32), over the warp's 32 lanes.
			{"votes, thread 0, f = t: some lanes odd, lane 0 zero, p in lanes 0, 4, ..., 28", "AT_(0, GAV(id))", (2 + 8 + 0x11111111<<6) & 0xffffffff},
			{"votes, thread 5, f = 5 in every lane: p nowhere", "AT_(5, GAV(c5))", 3 + 12 + 48},
			{"votes, thread 40, f = 4 in every lane: p everywhere", "AT_(40, GAV(c4))", (12 + 32 + 0xffffffff<<6) & 0xffffffff},
			{"votes, thread 33, f = ~t over threads 32-63: lane 31 has ~t & 31 zero, p in lanes 3, 7, ..., 31", "AT_(33, GAV(nt))", (2 + 8 + 0x88888888<<6) & 0xffffffff},
		})
	fixedSeeds(t, cfg, "gaddr", 17500001, size(40, 8), 40)
}
