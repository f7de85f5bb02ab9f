package isa

import "testing"

// TestTypesSorted: LookupType's binary search needs the list sorted by
// name, each name once.
func TestTypesSorted(t *testing.T) {
	for i := 1; i < len(types); i++ {
		if types[i-1].Name >= types[i].Name {
			t.Errorf("types[%d] %q is not before types[%d] %q", i-1, types[i-1].Name, i, types[i].Name)
		}
	}
}

// TestLookupType: sizes and kinds from the ISA's fundamental types (§5.2.1:
// signed, unsigned, float, bits, predicate), the packed and alternate
// floating-point types (§5.2.3, 5.2.5: .f16x2 holds two halves in 32 bits;
// .e2m1x2 two 4-bit values in a byte), the opaque types, and names that
// are not types, at the ends of the sorted list and between its names.
func TestLookupType(t *testing.T) {
	rows := []struct {
		desc string
		name string
		ok   bool
		kind Kind
		bits int
	}{
		{"first name in order", ".b1", true, KindBits, 1},
		{"widest bits", ".b128", true, KindBits, 128},
		{"signed", ".s32", true, KindSint, 32},
		{"unsigned byte", ".u8", true, KindUint, 8},
		{"packed halves", ".f16x2", true, KindFloat, 32},
		{"bfloat16", ".bf16", true, KindFloat, 16},
		{"tf32 takes 32 bits", ".tf32", true, KindFloat, 32},
		{"two fp4 in a byte", ".e2m1x2", true, KindFloat, 8},
		{"predicate", ".pred", true, KindPred, 1},
		{"opaque", ".texref", true, KindOpaque, 64},
		{"packed bytes", ".u8x4", true, KindUint, 32},
		{"no dot", "u32", false, KindNone, 0},
		{"not a type, sorts first", ".a", false, KindNone, 0},
		{"not a type, sorts last", ".zz", false, KindNone, 0},
		{"not a type, between names", ".b12", false, KindNone, 0},
		{"empty", "", false, KindNone, 0},
		{"a modifier", ".rn", false, KindNone, 0},
	}
	for _, r := range rows {
		got, ok := LookupType(r.name)
		if ok != r.ok || got.Kind != r.kind || got.Bits != r.bits || ok && got.Name != r.name {
			t.Errorf("%s: LookupType(%q) = %+v, %v; want kind %v, %d bits, %v", r.desc, r.name, got, ok, r.kind, r.bits, r.ok)
		}
		if IsType(r.name) != r.ok {
			t.Errorf("%s: IsType(%q) = %v, want %v", r.desc, r.name, !r.ok, r.ok)
		}
	}
}
