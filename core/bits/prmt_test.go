package bits

import "testing"

// The sources of every prmt test: eight distinct bytes, alternating the
// sign bit so that sign replication shows.
//
//	byte:  b7 b6 b5 b4 | b3 b2 b1 b0
//	value: 9E 7C FA 58 | B6 34 92 10
const (
	prmtA uint32 = 0xB6349210 // bytes 0..3
	prmtB uint32 = 0x9E7CFA58 // bytes 4..7
)

// TestPrmtGenericSelectors checks all 16 selector values in each of the four
// selector fields against a table written from PTX ISA 9.7.9.7 (3.1: 8.7.6):
// the 3 lsbs pick byte 0..7 of {b, a}; with the msb set the byte's sign is
// replicated over 8 bits.
func TestPrmtGenericSelectors(t *testing.T) {
	want := [16]uint8{
		0x10, 0x92, 0x34, 0xB6, 0x58, 0xFA, 0x7C, 0x9E, // copies of b0..b7
		0x00, 0xFF, 0x00, 0xFF, 0x00, 0xFF, 0x00, 0xFF, // signs of b0..b7
	}
	for pos := range 4 {
		for sel := range 16 {
			// The other fields hold the identity 0x3210; bits 31:16 of c are
			// not selectors and must not matter.
			for _, high := range []uint32{0, 0xABCD0000} {
				c := uint32(0x3210)&^(0xf<<(4*pos)) | uint32(sel)<<(4*pos) | high
				got := Prmt(prmtA, prmtB, c, PrmtGeneric)
				wantWord := prmtA&^(0xff<<(8*pos)) | uint32(want[sel])<<(8*pos)
				if got != wantWord {
					t.Errorf("prmt.b32 d, %#08x, %#08x, %#x (byte %d selector %#x): got %#08x, want %#08x",
						prmtA, prmtB, c, pos, sel, got, wantWord)
				}
				routes := PrmtRoutes(prmtA, prmtB, c, PrmtGeneric)
				r := routes[pos]
				if r.Src != uint8(sel&7) || r.Sign != (sel >= 8) || r.Out != want[sel] {
					t.Errorf("PrmtRoutes(c=%#x)[%d]: got %+v, want Src %d Sign %v Out %#02x",
						c, pos, r, sel&7, sel >= 8, want[sel])
				}
			}
		}
	}
}

// TestPrmtGenericWords checks whole words for familiar controls.
func TestPrmtGenericWords(t *testing.T) {
	tests := []struct {
		desc string
		c    uint32
		want uint32
	}{
		{"identity 0x3210 gives a", 0x3210, 0xB6349210},
		{"0x7654 gives b", 0x7654, 0x9E7CFA58},
		{"0x0123 reverses a's bytes", 0x0123, 0x109234B6},
		{"0x4567 reverses b's bytes", 0x4567, 0x58FA7C9E},
		{"0x5140 interleaves the low halves", 0x5140, 0xFA925810},
		{"0x6420 takes the even bytes", 0x6420, 0x7C583410},
		{"0x9991 sign-extends byte 1 (0x92 < 0)", 0x9991, 0xFFFFFF92},
		{"0x8880 sign-extends byte 0 (0x10 >= 0)", 0x8880, 0x00000010},
		{"0xBBBB replicates the sign of byte 3", 0xBBBB, 0xFFFFFFFF},
		{"0x0000 replicates byte 0", 0x0000, 0x10101010},
		{"0xFFFF replicates the sign of byte 7", 0xFFFF, 0xFFFFFFFF},
		{"0xEEEE replicates the sign of byte 6 (0x7C >= 0)", 0xEEEE, 0x00000000},
	}
	for _, tt := range tests {
		if got := Prmt(prmtA, prmtB, tt.c, PrmtGeneric); got != tt.want {
			t.Errorf("%s: prmt.b32 d, %#08x, %#08x, %#x: got %#08x, want %#08x",
				tt.desc, prmtA, prmtB, tt.c, got, tt.want)
		}
	}
}

// TestPrmtModes checks every mode and selector against the table of PTX ISA
// 9.7.9.7, transcribed here as source byte numbers for d.b3 d.b2 d.b1 d.b0,
// and against result words worked out by hand from the bytes above.
func TestPrmtModes(t *testing.T) {
	tests := []struct {
		mode PrmtMode
		sel  uint32
		src  [4]uint8 // d.b3, d.b2, d.b1, d.b0 as the manual prints them
		want uint32
	}{
		{PrmtF4E, 0, [4]uint8{3, 2, 1, 0}, 0xB6349210},
		{PrmtF4E, 1, [4]uint8{4, 3, 2, 1}, 0x58B63492},
		{PrmtF4E, 2, [4]uint8{5, 4, 3, 2}, 0xFA58B634},
		{PrmtF4E, 3, [4]uint8{6, 5, 4, 3}, 0x7CFA58B6},
		{PrmtB4E, 0, [4]uint8{5, 6, 7, 0}, 0xFA7C9E10},
		{PrmtB4E, 1, [4]uint8{6, 7, 0, 1}, 0x7C9E1092},
		{PrmtB4E, 2, [4]uint8{7, 0, 1, 2}, 0x9E109234},
		{PrmtB4E, 3, [4]uint8{0, 1, 2, 3}, 0x109234B6},
		{PrmtRC8, 0, [4]uint8{0, 0, 0, 0}, 0x10101010},
		{PrmtRC8, 1, [4]uint8{1, 1, 1, 1}, 0x92929292},
		{PrmtRC8, 2, [4]uint8{2, 2, 2, 2}, 0x34343434},
		{PrmtRC8, 3, [4]uint8{3, 3, 3, 3}, 0xB6B6B6B6},
		{PrmtECL, 0, [4]uint8{3, 2, 1, 0}, 0xB6349210},
		{PrmtECL, 1, [4]uint8{3, 2, 1, 1}, 0xB6349292},
		{PrmtECL, 2, [4]uint8{3, 2, 2, 2}, 0xB6343434},
		{PrmtECL, 3, [4]uint8{3, 3, 3, 3}, 0xB6B6B6B6},
		{PrmtECR, 0, [4]uint8{0, 0, 0, 0}, 0x10101010},
		{PrmtECR, 1, [4]uint8{1, 1, 1, 0}, 0x92929210},
		{PrmtECR, 2, [4]uint8{2, 2, 1, 0}, 0x34349210},
		{PrmtECR, 3, [4]uint8{3, 2, 1, 0}, 0xB6349210},
		{PrmtRC16, 0, [4]uint8{1, 0, 1, 0}, 0x92109210},
		{PrmtRC16, 1, [4]uint8{3, 2, 3, 2}, 0xB634B634},
		{PrmtRC16, 2, [4]uint8{1, 0, 1, 0}, 0x92109210},
		{PrmtRC16, 3, [4]uint8{3, 2, 3, 2}, 0xB634B634},
	}
	for _, tt := range tests {
		// Only c[1:0] selects; the rest of c (typically an address) must
		// not matter, nor may the sign bits of the bytes.
		for _, c := range []uint32{tt.sel, tt.sel | 0xFFFFFFFC, tt.sel | 0x8888} {
			if got := Prmt(prmtA, prmtB, c, tt.mode); got != tt.want {
				t.Errorf("prmt.b32%s d, %#08x, %#08x, %#x: got %#08x, want %#08x",
					tt.mode, prmtA, prmtB, c, got, tt.want)
			}
			routes := PrmtRoutes(prmtA, prmtB, c, tt.mode)
			for i := range 4 {
				r := routes[i]
				if r.Src != tt.src[3-i] || r.Sign {
					t.Errorf("PrmtRoutes(%s, c=%#x)[%d]: got source %d sign %v, want source %d sign false",
						tt.mode, c, i, r.Src, r.Sign, tt.src[3-i])
				}
				if wantOut := uint8(tt.want >> (8 * i)); r.Out != wantOut || r.In != wantOut {
					t.Errorf("PrmtRoutes(%s, c=%#x)[%d]: got In %#02x Out %#02x, want %#02x",
						tt.mode, c, i, r.In, r.Out, wantOut)
				}
			}
		}
	}
}

func TestPrmtModeNames(t *testing.T) {
	for m := PrmtGeneric; m <= PrmtRC16; m++ {
		got, ok := ParsePrmtMode(m.String())
		if !ok || got != m {
			t.Errorf("ParsePrmtMode(%q): got %v %v, want %v", m.String(), got, ok, m)
		}
	}
	if _, ok := ParsePrmtMode(".idx"); ok {
		t.Errorf("ParsePrmtMode(.idx): got ok, want not found")
	}
	if m, ok := ParsePrmtMode("rc16"); !ok || m != PrmtRC16 {
		t.Errorf("ParsePrmtMode(rc16): got %v %v, want .rc16", m, ok)
	}
}
