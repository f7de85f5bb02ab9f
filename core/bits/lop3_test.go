package bits

import (
	"strings"
	"testing"
)

// lop3Ref evaluates lop3 one bit at a time from the definition in PTX ISA
// 9.7.8.6: immLut = F(0xF0, 0xCC, 0xAA), so for inputs x, y, z the result bit
// is bit (x<<2 | y<<1 | z) of immLut.
func lop3Ref(a, b, c uint32, lut uint8) uint32 {
	var d uint32
	for i := range 32 {
		x, y, z := a>>i&1, b>>i&1, c>>i&1
		if lut>>(x<<2|y<<1|z)&1 == 1 {
			d |= 1 << i
		}
	}
	return d
}

func TestLop3AllTables(t *testing.T) {
	inputs := [][3]uint32{
		{0xF0F0F0F0, 0xCCCCCCCC, 0xAAAAAAAA},
		{0, 0, 0},
		{0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF},
		{0x12345678, 0x9ABCDEF0, 0x0F1E2D3C},
		{0xDEADBEEF, 0x01234567, 0x89ABCDEF},
		{0x80000001, 0x7FFFFFFE, 0x55555555},
	}
	for l := range 256 {
		lut := uint8(l)
		for _, in := range inputs {
			got, want := Lop3(in[0], in[1], in[2], lut), lop3Ref(in[0], in[1], in[2], lut)
			if got != want {
				t.Errorf("lop3.b32 d, %#08x, %#08x, %#08x, %#02x: got %#08x, want %#08x",
					in[0], in[1], in[2], lut, got, want)
			}
		}
		// The manual's defining identity, on the 8-bit columns.
		if got := uint8(Lop3(uint32(TA), uint32(TB), uint32(TC), lut)); got != lut {
			t.Errorf("Lop3(ta, tb, tc, %#02x): got %#02x, want the lut itself", lut, got)
		}
		if got := LutFromTable(TruthTable(lut)); got != lut {
			t.Errorf("LutFromTable(TruthTable(%#02x)): got %#02x", lut, got)
		}
	}
}

func TestTruthTable(t *testing.T) {
	// a & b & c (0x80) is true only in the row a=b=c=1, the last one.
	tt := TruthTable(0x80)
	for k, v := range tt {
		if v != (k == 7) {
			t.Errorf("TruthTable(0x80)[%d]: got %v, want %v", k, v, k == 7)
		}
	}
	for k := range 8 {
		a, b, c := TruthRow(k)
		want := a && !b || c // the lut of "a & ~b | c" is 0xBA
		if got := TruthTable(0xBA)[k]; got != want {
			t.Errorf("TruthTable(0xBA) row a=%v b=%v c=%v: got %v, want %v", a, b, c, got, want)
		}
	}
}

func TestLop3Pred(t *testing.T) {
	tests := []struct {
		d    uint32
		or   bool
		q    bool
		want bool
	}{
		{0, true, false, false},
		{0, true, true, true},
		{1, true, false, true},
		{0, false, true, false},
		{0x80000000, false, true, true},
		{5, false, false, false},
	}
	for _, tt := range tests {
		if got := Lop3Pred(tt.d, tt.or, tt.q); got != tt.want {
			t.Errorf("Lop3Pred(%#x, or=%v, %v): got %v, want %v", tt.d, tt.or, tt.q, got, tt.want)
		}
	}
}

// TestParseLogic checks expressions whose immLut is given in the manual
// (PTX ISA 9.7.8.6) or worked out by hand from ta=0xF0, tb=0xCC, tc=0xAA.
func TestParseLogic(t *testing.T) {
	tests := []struct {
		expr string
		want uint8
	}{
		{"a & b & c", 0x80},             // manual
		{"a | b | c", 0xFE},             // manual
		{"a & b & ~c", 0x40},            // manual
		{"(a & b | c) ^ a", 0x1A},       // manual
		{"a", 0xF0},                     // ta
		{"B", 0xCC},                     // tb, either case
		{"c", 0xAA},                     // tc
		{"0", 0x00},                     // false
		{"1", 0xFF},                     // true
		{"~0", 0xFF},                    // not false
		{"a ^ b ^ c", 0x96},             // F0^CC = 3C, 3C^AA = 96
		{"a & b | ~a & c", 0xCA},        // C0 | 0A
		{"a & b | a & c | b & c", 0xE8}, // C0 | A0 | 88
		{"a | b & c", 0xF8},             // & before |: F0 | 88
		{"(a | b) & c", 0xA8},           // FC & AA
		{"a ^ b & c", 0x78},             // & before ^: F0 ^ 88
		{"a | b ^ c", 0xF6},             // ^ before |: F0 | 66
		{"(a | b) ^ c", 0x56},           // FC ^ AA
		{"~a & ~b", 0x03},               // 0F & 33
		{"~(a | b)", 0x03},              // De Morgan
		{"~~a", 0xF0},                   // double not
		{"  a\t&\nb  ", 0xC0},           // white space
		{"((((c))))", 0xAA},             // parentheses
	}
	for _, tt := range tests {
		got, err := ParseLogic(tt.expr)
		if err != nil || got != tt.want {
			t.Errorf("ParseLogic(%q): got %#02x, %v; want %#02x", tt.expr, got, err, tt.want)
		}
	}
}

func TestParseLogicErrors(t *testing.T) {
	tests := []struct {
		expr string
		col  int
		msg  string // a substring of the message
	}{
		{"", 1, "empty expression"},
		{"   ", 4, "empty expression"},
		{"a &", 4, "found end of expression"},
		{"a & d", 5, `variable a, b or c, found "d"`},
		{"a & 2", 5, `constant 0 or 1, found "2"`},
		{"a & 10", 5, `constant 0 or 1, found "10"`},
		{"(a | b", 7, "expected ) to close the ( at col 1"},
		{"a b", 3, `found "b"`},
		{"a)", 2, `found ")"`},
		{"!a", 1, "write ~ for not"},
		{"a + b", 3, `found "+"`},
		{"a & (b | )", 10, `found ")"`},
		{"ab", 1, `found "ab"`},
	}
	for _, tt := range tests {
		_, err := ParseLogic(tt.expr)
		le, ok := err.(*LogicError)
		if !ok {
			t.Errorf("ParseLogic(%q): got error %v, want a *LogicError", tt.expr, err)
			continue
		}
		if le.Col != tt.col || !strings.Contains(le.Msg, tt.msg) {
			t.Errorf("ParseLogic(%q): got col %d %q, want col %d and %q", tt.expr, le.Col, le.Msg, tt.col, tt.msg)
		}
	}
}

// TestDescribeLutRoundTrip: every one of the 256 tables is described by an
// expression that parses back to it.
func TestDescribeLutRoundTrip(t *testing.T) {
	for l := range 256 {
		lut := uint8(l)
		s := DescribeLut(lut)
		got, err := ParseLogic(s)
		if err != nil || got != lut {
			t.Errorf("ParseLogic(DescribeLut(%#02x) = %q): got %#02x, %v", lut, s, got, err)
		}
		if len(s) > 30 {
			t.Errorf("DescribeLut(%#02x) = %q: longer than 30 characters", lut, s)
		}
	}
}

func TestDescribeLutKnownForms(t *testing.T) {
	tests := []struct {
		lut  uint8
		want string
	}{
		{0x00, "0"},
		{0xFF, "1"},
		{0xF0, "a"},
		{0xCC, "b"},
		{0xAA, "c"},
		{0x0F, "~a"},
		{0x80, "a & b & c"},
		{0xFE, "a | b | c"},
		{0x40, "a & b & ~c"},
		{0x96, "a ^ b ^ c"},
		{0x69, "~(a ^ b ^ c)"},
		{0x3C, "a ^ b"},
		{0xC3, "~(a ^ b)"},
		{0xCA, "a & b | ~a & c"},        // select: a ? b : c
		{0xE8, "a & b | a & c | b & c"}, // majority
		{0xC0, "a & b"},
		{0xF8, "a | b & c"},
	}
	for _, tt := range tests {
		if got := DescribeLut(tt.lut); got != tt.want {
			t.Errorf("DescribeLut(%#02x): got %q, want %q", tt.lut, got, tt.want)
		}
	}
}
