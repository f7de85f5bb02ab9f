package sim

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// TestBarrierSyncAfterPartialExit: barrier.sync without .aligned counts
// threads, not warps, and may be executed by the lanes of a warp apart
// (ISA 9.7.13.1, barrier: "barrier{.cta} instruction can be used by
// threads within a warp in divergent manner"; exit: "If the exiting
// threads are holding up the barrier, the barrier is released"). So
// lanes that branch away to exit while the rest of their warp goes on
// to barrier.sync 0 hold nothing up, whichever of the two groups runs
// first, and synccheck has nothing to say: the kernel is barExitKernel
// with barrier.sync for bar.sync, where the leaving lanes wait at the
// kernel's end (the branch's meeting point) while the others pass both
// barriers, and exit only then. (synccheck had reported each barrier as
// reached by a warp whose other lanes were on another path.) Lanes on
// another path that reach a barrier themselves later are still a finding
// (TestBarrierSyncDivergentArrivals).
func TestBarrierSyncAfterPartialExit(t *testing.T) {
	for _, c := range []struct {
		desc  string
		exits string // sets %p1 where a thread leaves
		stay  func(tid uint32) bool
	}{
		{"warp 2 but its last lane leaves", "setp.ge.u32 %p1, %r1, 64;\n\tsetp.ne.and.u32 %p1, %r1, 95, %p1;",
			func(tid uint32) bool { return tid < 64 || tid == 95 }},
		{"one lane in four leaves, in every warp", "and.b32 %r10, %r1, 3;\n\tsetp.eq.u32 %p1, %r10, 1;",
			func(tid uint32) bool { return tid&3 != 1 }},
		{"the lower half of warp 1 leaves", "setp.ge.u32 %p1, %r1, 32;\n\tsetp.lt.and.u32 %p1, %r1, 48, %p1;",
			func(tid uint32) bool { return tid < 32 || tid >= 48 }},
		{"all of warp 0 but lane 0 leaves, the others stay", "setp.lt.u32 %p1, %r1, 32;\n\tsetp.ne.and.u32 %p1, %r1, 0, %p1;",
			func(tid uint32) bool { return tid == 0 || tid >= 32 }},
	} {
		for _, san := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, synccheck %v", c.desc, san), func(t *testing.T) {
				src := strings.ReplaceAll(barExitKernel, "bar.sync 0;", "barrier.sync 0;")
				src = strings.Replace(src, "EXITS", c.exits, 1)
				src = strings.Replace(src, "SLOW", "", 1)
				p := compilePTX(t, "barsyncexit.ptx", src)
				m, _, oa := newInOut(t, p, Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{96, 1, 1}}, make([]byte, 8), 96*4)
				if san {
					m.Sanitize(SanSync)
				}
				if msg := runFault(t, m, src, 1000000); msg != "" {
					t.Fatalf("run: %s", msg)
				}
				for _, h := range m.Hazards() {
					t.Errorf("finding %q, want none (the lanes that leave hold no barrier.sync up)", h.Message)
				}
				n := uint32(0)
				for tid := range uint32(96) {
					if c.stay(tid) {
						n++
					}
				}
				out := m.Buffer(oa)
				for tid := range uint32(96) {
					want := uint32(0)
					if c.stay(tid) {
						want = n
					}
					if got := binary.LittleEndian.Uint32(out[4*tid:]); got != want {
						t.Errorf("out[%d] = %d, want %d (each thread that stays reads the count of those that stay)", tid, got, want)
					}
				}
			})
		}
	}
}

// TestBarrierSyncDivergentArrivals: the lanes of one warp reaching
// barrier.sync 0 on two paths of a branch (an if and an else, each with
// its barrier) arrive apart, each group counting as the warp; synccheck
// says so once the second group arrives, not before (it might have
// exited instead: TestBarrierSyncAfterPartialExit), with the first
// arrival's words.
func TestBarrierSyncDivergentArrivals(t *testing.T) {
	src := `.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 pout)
{
	.reg .pred %p<4>;
	.reg .b32 %r<12>;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 16;
	@%p1 bra A;
	barrier.sync 0;
	bra J;
A:
	barrier.sync 0;
J:
	ret;
}
`
	p := compilePTX(t, "barsyncdiv.ptx", src)
	m, _, _ := newInOut(t, p, Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}}, make([]byte, 8), 4)
	m.Sanitize(SanSync)
	if msg := runFault(t, m, src, 100000); msg != "" {
		t.Fatalf("run: %s", msg)
	}
	var found []string
	for _, h := range m.Hazards() {
		found = append(found, h.Message)
	}
	// Whichever half runs first is the one that arrived without the other.
	want := []string{"barrier 0 reached by lanes 0x0000ffff of warp 0 but not by its lanes 0xffff0000, on another path of a branch and not exited",
		"barrier 0 reached by lanes 0xffff0000 of warp 0 but not by its lanes 0x0000ffff, on another path of a branch and not exited"}
	if len(found) != 1 || !strings.HasPrefix(found[0], want[0]) && !strings.HasPrefix(found[0], want[1]) {
		t.Errorf("findings %q, want one starting %q", found, want)
	}
}
