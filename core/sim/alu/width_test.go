package alu

import "testing"

func TestWidthHelpers(t *testing.T) {
	tests := []struct {
		desc       string
		x          uint64
		w          uint
		trunc, ext uint64
	}{
		{"8 bits, negative", 0x1280, 8, 0x80, 0xFFFFFFFFFFFFFF80},
		{"8 bits, positive", 0x127F, 8, 0x7F, 0x7F},
		{"16 bits", 0xFFFF8000, 16, 0x8000, 0xFFFFFFFFFFFF8000},
		{"24 bits", 0xFF800000, 24, 0x800000, 0xFFFFFFFFFF800000},
		{"32 bits", 0x1FFFFFFFF, 32, 0xFFFFFFFF, 0xFFFFFFFFFFFFFFFF},
		{"64 bits", 0x8000000000000000, 64, 0x8000000000000000, 0x8000000000000000},
	}
	for _, tt := range tests {
		if got := Trunc(tt.x, tt.w); got != tt.trunc {
			t.Errorf("%s: Trunc(%#x, %d): got %#x, want %#x", tt.desc, tt.x, tt.w, got, tt.trunc)
		}
		if got := Sext(tt.x, tt.w); got != tt.ext {
			t.Errorf("%s: Sext(%#x, %d): got %#x, want %#x", tt.desc, tt.x, tt.w, got, tt.ext)
		}
	}
	if Mask(0) != 0 || Mask(1) != 1 || Mask(32) != 0xFFFFFFFF || Mask(64) != 0xFFFFFFFFFFFFFFFF {
		t.Errorf("Mask: got %#x %#x %#x %#x", Mask(0), Mask(1), Mask(32), Mask(64))
	}
}
