package launch

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestValuesOutOfRange: a value that does not fit its type is refused,
// never changed; values at the edges pass with the bits the ISA gives them.
func TestValuesOutOfRange(t *testing.T) {
	ok := []struct {
		typ, val string
		bits     uint64
	}{
		{"s8", "127", 0x7f},
		{"s8", "-128", 0x80},
		{"u8", "255", 0xff},
		{"u8", "-1", 0xff},      // two's complement, as the contract says
		{"u8", `"-0x80"`, 0x80}, // -128 as two's complement
		{"u32", "-2147483648", 1 << 31},
		{"s64", "-9223372036854775808", 1 << 63},
		{"u64", "18446744073709551615", 1<<64 - 1},
		{"f32", "3.4028235e38", 0x7f7fffff},
		{"f32", "3.40282356e38", 0x7f7fffff}, // below the rounding midpoint
		{"f32", `"inf"`, 0x7f800000},
		{"f16", "65504", 0x7bff},
		{"f16", "65519", 0x7bff}, // rounds down to 65504
		{"f64", "1e308", 0x7fe1ccf385ebc8a0},
	}
	for _, tt := range ok {
		v, err := valueBits(tt.typ, json.RawMessage(tt.val))
		if err != nil || v != tt.bits {
			t.Errorf("%s %s: %#x, %v; want %#x", tt.typ, tt.val, v, err, tt.bits)
		}
	}
	bad := []struct{ typ, val, want string }{
		{"s8", "200", "does not fit in s8 (-128 to 127)"},
		{"s8", "128", "does not fit in s8"},
		{"s16", "-32769", "does not fit"},
		{"s64", "9223372036854775808", "does not fit in s64"},
		{"u8", "256", "does not fit"},
		{"u8", "-129", "does not fit"},
		{"u8", `"-0x1ff"`, "does not fit in u8"},
		{"u8", `"0x100"`, "does not fit in u8"},
		{"f32", "1e40", "too large for f32 (its largest finite value is 3.4028235e38)"},
		{"f32", "-1e39", "too large for f32"},
		{"f16", "65520", "too large for f16"}, // the midpoint rounds to inf
		{"bf16", "3.5e38", "too large for bf16"},
		{"f64", "1e400", "too large for f64"},
		{"u32", strings.Repeat("9", 200000), "does not fit"},
	}
	for _, tt := range bad {
		v, err := valueBits(tt.typ, json.RawMessage(tt.val))
		if err == nil {
			t.Errorf("%s %.20s: accepted as %#x", tt.typ, tt.val, v)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) || len(err.Error()) > 200 {
			t.Errorf("%s %.20s: %.300q, want %q (and short)", tt.typ, tt.val, err, tt.want)
		}
	}
}
