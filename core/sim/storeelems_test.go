package sim

import (
	"encoding/binary"
	"testing"
)

// TestStoreElems: a launch's buffer values reach memory as little-endian
// elements of their size, truncated to it, across page boundaries, with
// all-zero stretches (no page made) reading back as zeros.
func TestStoreElems(t *testing.T) {
	p := compilePTX(t, "ctastart.ptx", ctaStartKernel)
	for _, c := range []struct {
		desc string
		es   int
		n    int
		val  func(i int) uint64
	}{
		{"u8, wider values truncated", 1, 3*pageSize + 5, func(i int) uint64 { return uint64(i)*0x101 + 7 }},
		{"u16 across pages", 2, pageSize + 3, func(i int) uint64 { return uint64(i) * 0x10001 }},
		{"u32 with a zero page between", 4, 3 * pageSize / 4, func(i int) uint64 {
			if i >= pageSize/4 && i < 2*pageSize/4 {
				return 0
			}
			return uint64(i) | 0xabc<<32
		}},
		{"u64", 8, pageSize/8 + 9, func(i int) uint64 { return ^uint64(i) }},
		{"only high bits past the size: zero bytes", 4, 100, func(i int) uint64 { return 1 << 40 }},
	} {
		m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: make([]byte, 8)})
		if err != nil {
			t.Fatal(err)
		}
		base := m.Alloc("buf", c.n*c.es)
		vals := make([]uint64, c.n)
		want := make([]byte, c.n*c.es)
		var b8 [8]byte
		for i := range vals {
			vals[i] = c.val(i)
			binary.LittleEndian.PutUint64(b8[:], vals[i])
			copy(want[i*c.es:], b8[:c.es])
		}
		m.StoreElems(base, c.es, vals)
		got := m.Buffer(base)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: byte %d = %#x, want %#x", c.desc, i, got[i], want[i])
			}
		}
	}
}
