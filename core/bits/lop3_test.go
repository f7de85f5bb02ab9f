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

// TestLutNames checks the names against immLut values worked out by hand
// from the columns a = 0xF0, b = 0xCC, c = 0xAA (PTX ISA 9.7.8.6).
func TestLutNames(t *testing.T) {
	tests := []struct {
		lut  uint8
		name string // a prefix of the name
	}{
		{0xE8, "majority"},         // rows 3, 5, 6, 7
		{0x17, "minority"},         // ~0xE8
		{0x96, "three-way xor"},    // rows with an odd count: 1, 2, 4, 7
		{0x69, "three-way xnor"},   // ~0x96
		{0xCA, "select a ? b : c"}, // 0xF0&0xCC | 0x0F&0xAA = 0xC0 | 0x0A
		{0xE2, "select b ? a : c"}, // 0xCC&0xF0 | 0x33&0xAA = 0xC0 | 0x22
		{0xE4, "select c ? a : b"}, // 0xAA&0xF0 | 0x55&0xCC = 0xA0 | 0x44
		{0x16, "exactly one"},      // rows 1, 2, 4
		{0x80, "and of a, b, c"},
		{0xFE, "or of a, b, c"},
		{0x7F, "nand"},
		{0x01, "nor"},
		{0x3C, "a xor b"},
		{0x30, "a and not b"},
		{0x00, "constant 0"},
		{0xFF, "constant all ones"},
	}
	for _, tt := range tests {
		if got := LutName(tt.lut); !strings.HasPrefix(got, tt.name) {
			t.Errorf("LutName(%#02x) = %q, want %q...", tt.lut, got, tt.name)
		}
	}
	if got := LutName(0x5B); got != "" {
		t.Errorf("LutName(0x5b) = %q, want no name", got)
	}
	seen := map[uint8]string{}
	for _, n := range NamedLuts() {
		if old, dup := seen[n.Lut]; dup {
			t.Errorf("%#02x named twice: %q and %q", n.Lut, old, n.Name)
		}
		seen[n.Lut] = n.Name
		if evalRows(t, n.Expr) != n.Lut {
			t.Errorf("%q: the expression %q does not compute %#02x", n.Name, n.Expr, n.Lut)
		}
	}
}

// TestDescribeLutEvaluated evaluates every entry of the expression table
// with evalRows, an evaluator independent of ParseLogic (one truth-table
// row at a time, on booleans), and checks it computes its immLut; and that
// no entry is longer than the plain sum of products of its minterms.
func TestDescribeLutEvaluated(t *testing.T) {
	for l := range 256 {
		lut := uint8(l)
		s := DescribeLut(lut)
		if got := evalRows(t, s); got != lut {
			t.Errorf("DescribeLut(%#02x) = %q evaluates to %#02x", lut, s, got)
		}
		if n := countOps(s); n > countOps(mintermSum(lut)) {
			t.Errorf("DescribeLut(%#02x) = %q: %d operators, more than its minterm sum", lut, s, n)
		}
	}
}

// evalRows evaluates expr on each of the 8 rows (a, b, c) = bits of k.
func evalRows(t *testing.T, expr string) uint8 {
	t.Helper()
	var lut uint8
	for k := range 8 {
		e := rowEval{s: strings.ReplaceAll(expr, " ", ""), a: k&4 != 0, b: k&2 != 0, c: k&1 != 0}
		v := e.or()
		if e.i != len(e.s) {
			t.Fatalf("evalRows(%q): stopped at %d", expr, e.i)
		}
		if v {
			lut |= 1 << k
		}
	}
	return lut
}

type rowEval struct {
	s       string
	i       int
	a, b, c bool
}

func (e *rowEval) peek() byte {
	if e.i < len(e.s) {
		return e.s[e.i]
	}
	return 0
}

func (e *rowEval) or() bool {
	v := e.xor()
	for e.peek() == '|' {
		e.i++
		w := e.xor()
		v = v || w
	}
	return v
}

func (e *rowEval) xor() bool {
	v := e.and()
	for e.peek() == '^' {
		e.i++
		v = v != e.and()
	}
	return v
}

func (e *rowEval) and() bool {
	v := e.not()
	for e.peek() == '&' {
		e.i++
		w := e.not()
		v = v && w
	}
	return v
}

func (e *rowEval) not() bool {
	c := e.peek()
	e.i++
	switch c {
	case '~':
		return !e.not()
	case '(':
		v := e.or()
		e.i++ // ')'
		return v
	case 'a':
		return e.a
	case 'b':
		return e.b
	case 'c':
		return e.c
	case '1':
		return true
	}
	return false // '0'
}

func countOps(s string) int {
	return strings.Count(s, "&") + strings.Count(s, "|") + strings.Count(s, "^") + strings.Count(s, "~")
}

// mintermSum writes lut as the or of its full minterms.
func mintermSum(lut uint8) string {
	var terms []string
	for k := range 8 {
		if lut>>k&1 == 0 {
			continue
		}
		var lits []string
		for i, name := range []string{"a", "b", "c"} {
			if k>>(2-i)&1 == 0 {
				name = "~" + name
			}
			lits = append(lits, name)
		}
		terms = append(terms, strings.Join(lits, " & "))
	}
	if len(terms) == 0 {
		return "0"
	}
	return strings.Join(terms, " | ")
}
