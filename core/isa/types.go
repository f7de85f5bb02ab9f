// Package isa is the PTX instruction table: one entry per opcode with its
// syntax forms (modifiers, types, operand shapes), the PTX version and sm
// target it needs, and a one-line doc. The parser, the checker, the
// simulator's lowering and the UI's hover docs all read it.
package isa

// types.go: PTX fundamental types and their sizes.

// Kind is the class of a fundamental type.
type Kind uint8

const (
	KindNone   Kind = iota
	KindBits        // .bN
	KindUint        // .uN
	KindSint        // .sN
	KindFloat       // .fN, .bf16, .tf32, packed float pairs and fp8 forms
	KindPred        // .pred
	KindOpaque      // .texref, .samplerref, .surfref
)

func (k Kind) String() string {
	return [...]string{"none", "bits", "unsigned", "signed", "float", "predicate", "opaque"}[k]
}

// Type describes a fundamental type such as ".u32".
type Type struct {
	Name string // with the dot
	Kind Kind
	Bits int // size in bits (a .pred has 1; packed x2 types count both halves)
}

// Types lists every fundamental type PTX names, by name.
var Types = makeTypes()

func makeTypes() map[string]Type {
	Types := map[string]Type{}
	add := func(k Kind, bits int, names ...string) {
		for _, n := range names {
			Types[n] = Type{Name: n, Kind: k, Bits: bits}
		}
	}
	add(KindBits, 8, ".b8")
	add(KindBits, 16, ".b16")
	add(KindBits, 32, ".b32")
	add(KindBits, 64, ".b64")
	add(KindBits, 128, ".b128")
	add(KindUint, 8, ".u8")
	add(KindUint, 16, ".u16")
	add(KindUint, 32, ".u32", ".u16x2", ".u8x4")
	add(KindUint, 64, ".u64")
	add(KindSint, 8, ".s8")
	add(KindSint, 16, ".s16")
	add(KindSint, 32, ".s32", ".s16x2", ".s8x4")
	add(KindSint, 64, ".s64")
	add(KindUint, 4, ".u4")
	add(KindSint, 4, ".s4")
	add(KindBits, 1, ".b1")
	add(KindFloat, 16, ".f16", ".bf16")
	add(KindFloat, 32, ".f32", ".f16x2", ".bf16x2", ".tf32")
	add(KindFloat, 64, ".f64", ".f32x2")
	add(KindFloat, 8, ".e4m3", ".e5m2", ".ue8m0")
	add(KindFloat, 16, ".e4m3x2", ".e5m2x2", ".e2m3x2", ".e3m2x2", ".ue8m0x2", ".e2m1x4")
	add(KindFloat, 8, ".e2m1x2") // two 4-bit values in a byte
	add(KindFloat, 32, ".e4m3x4", ".e5m2x4", ".e2m3x4", ".e3m2x4")
	add(KindFloat, 4, ".e2m1")
	add(KindFloat, 6, ".e2m3", ".e3m2")
	add(KindPred, 1, ".pred")
	add(KindOpaque, 64, ".texref", ".samplerref", ".surfref")
	return Types
}

// LookupType returns the type named n (with its dot).
func LookupType(n string) (Type, bool) {
	t, ok := Types[n]
	return t, ok
}

// IsType reports whether n names a fundamental type.
func IsType(n string) bool { _, ok := Types[n]; return ok }

// Version is a PTX ISA version as major*10+minor (8.4 is 84).
type Version uint8

func (v Version) String() string {
	return string([]byte{'0' + byte(v/10), '.', '0' + byte(v%10)})
}

// ParseVersion parses "8.4" (or "10.0" as 100).
func ParseVersion(s string) (Version, bool) {
	maj, min, seenDot := 0, 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.' && !seenDot:
			seenDot = true
		case c >= '0' && c <= '9':
			if seenDot {
				min = min*10 + int(c-'0')
			} else {
				maj = maj*10 + int(c-'0')
			}
		default:
			return 0, false
		}
	}
	if !seenDot || min > 9 || maj > 24 {
		return 0, false
	}
	return Version(maj*10 + min), true
}

// ParseTarget parses "sm_80", "sm_90a", "compute_70" into the number 80, 90,
// 70. Zero means not an sm target.
func ParseTarget(s string) int {
	for _, p := range []string{"sm_", "compute_"} {
		if len(s) > len(p) && s[:len(p)] == p {
			n := 0
			for _, c := range s[len(p):] {
				if c < '0' || c > '9' {
					break
				}
				n = n*10 + int(c-'0')
			}
			return n
		}
	}
	return 0
}
