package sim

import (
	"encoding/binary"
	"testing"
)

// flatLoopPTX: lane i runs the loop i+1 times (a count-down per lane), so
// each of 32 trips of the warp sees one more lane leave at the back edge.
// Then a forward branch to the join point, taken by the even lanes.
const flatLoopPTX = `.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<6>;
	.reg .b64 %rd<4>;
	mov.u32 %r1, %tid.x;
	add.u32 %r2, %r1, 1;
	mov.u32 %r3, 0;
LOOP:
	add.u32 %r3, %r3, 3;
	sub.u32 %r2, %r2, 1;
	setp.ne.u32 %p1, %r2, 0;
	@%p1 bra LOOP;
	and.b32 %r4, %r1, 1;
	setp.eq.u32 %p2, %r4, 0;
	@%p2 bra JOIN;
	add.u32 %r3, %r3, 1000;
JOIN:
	ld.param.u64 %rd1, [out];
	mul.wide.u32 %rd2, %r1, 4;
	add.u64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r3;
	ret;
}
`

// TestDivergentLoopStackStaysFlat: lanes leaving a loop one trip after
// another do not grow the SIMT stack (it was two entries a trip: 64 at the
// end here), the results and the instruction count are what the program
// says, and the lanes that stay run first as before.
func TestDivergentLoopStackStaysFlat(t *testing.T) {
	p := compilePTX(t, "flat.ptx", flatLoopPTX)
	ps, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	out := m.Alloc("out", 128)
	binary.LittleEndian.PutUint64(params[ps[0].Offset:], out)
	s := NewSession(m, 0)
	deepest := 0
	for s.Step() {
		snap := s.Snapshot(SnapshotOptions{CTA: 0, Warp: 0})
		for _, w := range snap.Warps {
			deepest = max(deepest, len(w.Stack))
		}
	}
	if f := s.Machine().Fault(); f != nil {
		t.Fatal(f)
	}
	// Base, the lanes that left first (waiting at the join), the lanes
	// still looping: three entries however many trips.
	if deepest > 3 {
		t.Errorf("the SIMT stack grew to %d entries", deepest)
	}
	got := s.Machine().Buffer(out)
	for i := 0; i < 32; i++ {
		want := uint32(3 * (i + 1))
		if i%2 == 1 {
			want += 1000
		}
		if v := binary.LittleEndian.Uint32(got[4*i:]); v != want {
			t.Errorf("out[%d] = %d, want %d", i, v, want)
		}
	}
	// 3 before the loop, 4 per trip for 32 trips, 3 to the branch, the
	// odd lanes' add, 4 to the store, ret.
	if n, want := s.Steps(), int64(3+4*32+3+1+4+1); n != want {
		t.Errorf("%d warp instructions, want %d", n, want)
	}
}
