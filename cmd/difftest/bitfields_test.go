package main

import (
	"regexp"
	"strconv"
	"testing"
)

// TestBitfields: -with bitfields declares integer members of 1 to their
// kind's width bits (never a float or half, never in a packed struct) and
// leaves programs without it as they were; then a fixed seed set runs at
// -O0 and -O3.
func TestBitfields(t *testing.T) {
	cfg, err := ParseWith(DefaultConfig(), "bitfields,half")
	if err != nil || !cfg.Bitfields {
		t.Fatalf("ParseWith(bitfields,half) = %+v, %v", cfg, err)
	}
	decl := regexp.MustCompile(` (\w+) m(\d+) : (\d+);`)
	seen := map[string]bool{}
	for s := uint64(1); s <= 300; s++ {
		p := Generate(s, cfg)
		c := p.C()
		for _, st := range p.Structs {
			for i, b := range st.Bits {
				if b == 0 {
					continue
				}
				k := st.Fields[i]
				switch {
				case st.Packed:
					t.Fatalf("seed %d: a bit-field in packed struct %s", s, st.Name)
				case !k.isInt() || b < 1 || b > k.bits():
					t.Fatalf("seed %d: %s m%d is a %s bit-field of %d bits", s, st.Name, i, k, b)
				}
				seen[k.String()] = true
				if b == k.bits() {
					seen["full width"] = true
				}
				if b == 1 {
					seen["one bit"] = true
				}
			}
		}
		for _, m := range decl.FindAllStringSubmatch(c, -1) {
			if n, _ := strconv.Atoi(m[3]); n > 32 {
				seen["over 32 bits"] = true
			}
		}
		for _, other := range []string{"", "intrin", "spaces,exchange,vec,half,wide,atomics"} {
			o, _ := ParseWith(DefaultConfig(), other)
			if decl.MatchString(Generate(s, o).C()) {
				t.Fatalf("seed %d: -with %q declares a bit-field", s, other)
			}
		}
	}
	for _, k := range []string{"u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "full width", "one bit", "over 32 bits"} {
		if !seen[k] {
			t.Errorf("300 programs with -with bitfields never declared a bit-field: %s", k)
		}
	}
	fixedSeeds(t, cfg, "bitfields,half", 3300001, size(60, 20), 40)
}
