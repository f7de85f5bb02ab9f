// Package bits models the two instructions whose behaviour is easiest to
// understand as a picture: prmt (which source byte lands in which result
// byte) and lop3 (a three-input truth table named by an 8-bit immLut). The
// visualizers draw from these models and the simulator executes them, so
// both see the same semantics.
package bits

// prmt.go: the prmt byte permute (PTX ISA 9.7.9.7, 3.1 section 8.7.6).

// PrmtMode is the optional mode of prmt.b32; the zero value is the generic
// (indexed) form.
type PrmtMode uint8

const (
	PrmtGeneric PrmtMode = iota // four 4-bit selectors in c[15:0]
	PrmtF4E                     // .f4e forward 4 extract
	PrmtB4E                     // .b4e backward 4 extract
	PrmtRC8                     // .rc8 replicate 8
	PrmtECL                     // .ecl edge clamp left
	PrmtECR                     // .ecr edge clamp right
	PrmtRC16                    // .rc16 replicate 16
)

var prmtModeNames = [...]string{"", ".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16"}

// String returns the PTX modifier (".f4e"), or "" for the generic form.
func (m PrmtMode) String() string {
	if int(m) < len(prmtModeNames) {
		return prmtModeNames[m]
	}
	return "PrmtMode(?)"
}

// ParsePrmtMode maps a modifier such as ".rc16" (or "rc16", or "" for the
// generic form) to its PrmtMode.
func ParsePrmtMode(s string) (PrmtMode, bool) {
	if s != "" && s[0] != '.' {
		s = "." + s
	}
	for i, n := range prmtModeNames {
		if n == s {
			return PrmtMode(i), true
		}
	}
	return 0, false
}

// Route says where one result byte of prmt comes from.
type Route struct {
	Src  uint8 // source byte 0..7 of {b, a}: 0..3 are a's bytes, 4..7 are b's
	Sign bool  // the msb of that byte is replicated over all 8 bits
	In   uint8 // the value of source byte Src
	Out  uint8 // the value of the result byte
}

// PrmtRoutes returns, for result bytes 0..3 of prmt.b32{.mode} d, a, b, c,
// the source byte each one is taken from, whether it is a sign replication
// (generic form only), and the byte values.
func PrmtRoutes(a, b, c uint32, mode PrmtMode) [4]Route {
	src := uint64(b)<<32 | uint64(a)
	var r [4]Route
	for i := range r {
		s, sign := prmtSelect(c, mode, uint8(i))
		in := uint8(src >> (8 * s))
		out := in
		if sign {
			out = uint8(int8(in) >> 7)
		}
		r[i] = Route{Src: s, Sign: sign, In: in, Out: out}
	}
	return r
}

// Prmt computes prmt.b32{.mode} d, a, b, c.
func Prmt(a, b, c uint32, mode PrmtMode) uint32 {
	src := uint64(b)<<32 | uint64(a)
	var d uint32
	for i := uint8(0); i < 4; i++ {
		s, sign := prmtSelect(c, mode, i)
		v := uint8(src >> (8 * s))
		if sign {
			v = uint8(int8(v) >> 7)
		}
		d |= uint32(v) << (8 * i)
	}
	return d
}

// prmtSelect returns the source byte (0..7) for result byte i and whether
// its sign is replicated.
func prmtSelect(c uint32, mode PrmtMode, i uint8) (src uint8, sign bool) {
	if mode == PrmtGeneric {
		sel := uint8(c>>(4*i)) & 0xf
		return sel & 7, sel&8 != 0
	}
	// The mode tables of the manual follow simple rules in the selector
	// s = c[1:0] and the result byte i; the tests check these rules against
	// the tables as printed.
	s := uint8(c & 3)
	switch mode {
	case PrmtF4E:
		return s + i, false
	case PrmtB4E:
		return (s - i) & 7, false
	case PrmtRC8:
		return s, false
	case PrmtECL:
		return max(i, s), false
	case PrmtECR:
		return min(i, s), false
	case PrmtRC16:
		return i&1 | (s&1)<<1, false
	}
	panic("BUG: bits.Prmt: invalid PrmtMode " + mode.String())
}
