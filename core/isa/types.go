// Package isa is the PTX instruction table: one entry per opcode with its
// syntax forms (modifiers, types, operand shapes), the PTX version and sm
// target it needs, and a one-line doc. The parser, the checker, the
// simulator's lowering and the UI's hover docs all read it.
package isa

// types.go: PTX fundamental types and their sizes.

import "sync"

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

// types lists every fundamental type PTX names, sorted by name
// (TestTypesSorted keeps it so): a literal list of constants is static
// data, where a map literal was built when the package started
// (docs/benchmarks.md, "Session 12: package init"); typeIndex indexes it
// on first use.
var types = []Type{
	{".b1", KindBits, 1},
	{".b128", KindBits, 128},
	{".b16", KindBits, 16},
	{".b32", KindBits, 32},
	{".b64", KindBits, 64},
	{".b8", KindBits, 8},
	{".bf16", KindFloat, 16},
	{".bf16x2", KindFloat, 32},
	{".e2m1", KindFloat, 4},
	{".e2m1x2", KindFloat, 8}, // two 4-bit values in a byte
	{".e2m1x4", KindFloat, 16},
	{".e2m3", KindFloat, 6},
	{".e2m3x2", KindFloat, 16},
	{".e2m3x4", KindFloat, 32},
	{".e3m2", KindFloat, 6},
	{".e3m2x2", KindFloat, 16},
	{".e3m2x4", KindFloat, 32},
	{".e4m3", KindFloat, 8},
	{".e4m3x2", KindFloat, 16},
	{".e4m3x4", KindFloat, 32},
	{".e5m2", KindFloat, 8},
	{".e5m2x2", KindFloat, 16},
	{".e5m2x4", KindFloat, 32},
	{".f16", KindFloat, 16},
	{".f16x2", KindFloat, 32},
	{".f32", KindFloat, 32},
	{".f32x2", KindFloat, 64},
	{".f64", KindFloat, 64},
	{".pred", KindPred, 1},
	{".s16", KindSint, 16},
	{".s16x2", KindSint, 32},
	{".s32", KindSint, 32},
	{".s4", KindSint, 4},
	{".s64", KindSint, 64},
	{".s8", KindSint, 8},
	{".s8x4", KindSint, 32},
	{".samplerref", KindOpaque, 64},
	{".surfref", KindOpaque, 64},
	{".texref", KindOpaque, 64},
	{".tf32", KindFloat, 32},
	{".u16", KindUint, 16},
	{".u16x2", KindUint, 32},
	{".u32", KindUint, 32},
	{".u4", KindUint, 4},
	{".u64", KindUint, 64},
	{".u8", KindUint, 8},
	{".u8x4", KindUint, 32},
	{".ue8m0", KindFloat, 8},
	{".ue8m0x2", KindFloat, 16},
}

// LookupType returns the type named n (with its dot).
func LookupType(n string) (Type, bool) {
	t, ok := typeIndex()[n]
	return t, ok
}

// typeIndex indexes types by name, made on first use: the checker looks
// a type up for each modifier of each operand's match (Match.Type), and a
// search by halves of the list cost a string comparison a step, 200k
// instructions of alu's check (docs/benchmarks.md, "Session 13: the whole
// process").
// (A function over a sync.Once, as sharedGroups.)
func typeIndex() map[string]Type {
	typeIndexOnce.Do(func() {
		m := make(map[string]Type, len(types))
		for _, t := range types {
			m[t.Name] = t
		}
		typeIndexMap = m
	})
	return typeIndexMap
}

var (
	typeIndexOnce sync.Once
	typeIndexMap  map[string]Type
)

// Fundamental reports whether t may type a declaration (a register, a
// variable, a parameter): PTX ISA 9.1 §5.2.1 lists the fundamental types
// (.sN, .uN, .fN with .f16x2, .bN up to .b128, .pred); §5.2.3 says the
// alternate floating-point formats (.bf16, .tf32, the fp8, fp6 and fp4
// forms, .ue8m0) are not: only instructions take them, on registers of a
// bit-size type of their width. Neither are the packed integer and pair
// types (.s16x2, .u8x4, .f32x2), .b1 or the 4-bit integers. The opaque
// types name textures, samplers and surfaces. ptxas 13.0 agrees: "Type
// .e4m3 may only be used as an instruction type", and a parse error at
// .bf16, .tf32, .ue8m0, .b1, .s4, .u8x4.
func (t Type) Fundamental() bool {
	switch t.Name {
	case ".s8", ".s16", ".s32", ".s64", ".u8", ".u16", ".u32", ".u64",
		".f16", ".f16x2", ".f32", ".f64", ".b8", ".b16", ".b32", ".b64", ".b128", ".pred":
		return true
	}
	return t.Kind == KindOpaque
}

// BitsType is the bit-size type that holds a value of t in a register:
// .b16 for .bf16, .b32 for .bf16x2 and .tf32, .b8 for the narrower ones.
func (t Type) BitsType() string {
	switch {
	case t.Bits <= 8:
		return ".b8"
	case t.Bits <= 16:
		return ".b16"
	case t.Bits <= 32:
		return ".b32"
	case t.Bits <= 64:
		return ".b64"
	}
	return ".b128"
}

// IsType reports whether n names a fundamental type.
func IsType(n string) bool { _, ok := LookupType(n); return ok }

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
