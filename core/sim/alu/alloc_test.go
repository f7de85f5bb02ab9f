package alu

import "testing"

// The simulator calls these once per lane: they must not allocate.
func TestNoAllocations(t *testing.T) {
	var sink uint64
	var sink32 uint32
	var cf bool
	n := testing.AllocsPerRun(100, func() {
		sink += MulHi(sink|3, 0xFFFFFFFFFFFFFFFF, true, 64)
		sink += Div(sink, 7, true, 32) + Rem(sink, 0, false, 16)
		sink32 += Min16x2(sink32, 0x80007FFF, true, true)
		sink, cf = SubC(sink, 1, cf, 64)
		sink += Bfe(sink, 3, 40, true, 64) + Bfi(sink, 1, 4, 4, 32)
		sink32 += Fns(sink32|1, 0, 1) + Bfind(sink, true, true, 64)
		sink32 += Dp4a(sink32, 0x01020304, 5, true, false) + ShfR(sink32, 3, 40, true)
		sink += Cvt(sink, S16, U32, true)
	})
	if n != 0 {
		t.Errorf("allocations per run: got %v, want 0", n)
	}
	_, _, _ = sink, sink32, cf
}
