package sim

import (
	"math"
	"testing"

	"github.com/ptxplay/ptxplay/core/isa"
)

// TestConvFloatImm: float constants become the instruction type's bits,
// rounded to nearest even once from the value written.
func TestConvFloatImm(t *testing.T) {
	d := func(f float64) uint64 { return math.Float64bits(f) }
	tests := []struct {
		desc   string
		bits   uint64
		single bool
		typ    string
		want   uint64
	}{
		{"0.1 as f32", d(0.1), false, ".f32", 0x3DCCCCCD},
		{"0.1 as f64", d(0.1), false, ".f64", 0x3FB999999999999A},
		{"0.1 as f16", d(0.1), false, ".f16", 0x2E66},
		{"0.1 as bf16", d(0.1), false, ".bf16", 0x3DCD},
		{"1.0 as bf16", d(1), false, ".bf16", 0x3F80},
		{"0f3F800000 as f16", 0x3F800000, true, ".f16", 0x3C00},
		{"0f3F800000 as f64", 0x3F800000, true, ".f64", 0x3FF0000000000000},
		{"0f7FC00001 kept as b32", 0x7FC00001, true, ".b32", 0x7FC00001},
		{"65520 rounds to f16 inf", d(65520), false, ".f16", 0x7C00},
		{"65519 stays the largest f16", d(65519), false, ".f16", 0x7BFF},
		{"-0 as f16", d(math.Copysign(0, -1)), false, ".f16", 0x8000},
		{"1.5 as b32 reads as f32", d(1.5), false, ".b32", 0x3FC00000},
	}
	for _, tt := range tests {
		typ, _ := isa.LookupType(tt.typ)
		if got := convFloatImm(tt.bits, tt.single, typ); got != tt.want {
			t.Errorf("%s: %#x, want %#x", tt.desc, got, tt.want)
		}
	}
}
