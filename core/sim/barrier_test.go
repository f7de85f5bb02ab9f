package sim

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// barExitKernel runs in one CTA of three warps (96 threads): the threads
// EXITS names (a setp on %r1 = %tid.x into %p1) leave, after running
// SLOW; the others
// add 1 to a shared counter, meet at bar.sync 0, and store what they read
// of the counter after it (out[tid], a u32; 0 for a thread that left). The
// counter starts at 0 by an atom.shared.exch of thread 95, which never
// leaves, before a first barrier.
const barExitKernel = `.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 pout)
{
	.reg .pred %p<4>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<6>;
	.shared .align 4 .b32 cnt;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, cnt;
	setp.eq.u32 %p2, %r1, 95;
	@%p2 atom.shared.exch.b32 %r3, [%r2], 0;
	EXITS
	@%p1 bra LEAVE;
	bar.sync 0;
	atom.shared.add.u32 %r4, [%r2], 1;
	bar.sync 0;
	ld.shared.u32 %r5, [%r2];
	ld.param.u64 %rd1, [pout];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r5;
LEAVE:
	SLOW
	ret;
}
`

// TestBarrierAfterExitedWarps: a bar.sync with no thread count waits for
// the CTA's threads that have not exited. ISA 9.7.13.1 (exit): "As threads
// exit, barriers waiting on all threads are checked to see if the exiting
// threads are the only threads that have not yet made it to a barrier for
// all threads in the CTA. If the exiting threads are holding up the
// barrier, the barrier is released." Every row's remaining threads must
// pass both barriers, each reading the number of threads that stayed. (The
// release test had read the mask of live warps as 2^n - (1 &^ done): a
// warp that had ended still held every barrier, reported as a deadlock.)
func TestBarrierAfterExitedWarps(t *testing.T) {
	for _, c := range []struct {
		desc  string
		exits string // sets %p1 where a thread leaves
		slow  string // code the leaving threads run before they leave
		stay  func(tid uint32) bool
		// what synccheck says of each of the two barriers ("": nothing)
		finding string
	}{
		{"no thread leaves", "setp.gt.u32 %p1, %r1, 200;", "",
			func(uint32) bool { return true }, ""},
		{"warp 0 leaves before the others reach the barrier", "setp.lt.u32 %p1, %r1, 32;", "",
			func(tid uint32) bool { return tid >= 32 }, "barrier 0 completes without warps 0 of CTA (0,0,0), which exited"},
		{"warp 2 but its last lane leaves (the warp still holds the barrier until that lane arrives)", "setp.ge.u32 %p1, %r1, 64;\n\tsetp.ne.and.u32 %p1, %r1, 95, %p1;", "",
			func(tid uint32) bool { return tid < 64 || tid == 95 }, "barrier 0 reached by lanes 0x80000000 of warp 2 but not by its lanes 0x7fffffff, on another path"},
		{"warp 1 leaves", "setp.ge.u32 %p1, %r1, 32;\n\tsetp.lt.and.u32 %p1, %r1, 64, %p1;", "",
			func(tid uint32) bool { return tid < 32 || tid >= 64 }, "barrier 0 completes without warps 1 of CTA (0,0,0), which exited"},
		{"warps 0 and 1 leave", "setp.lt.u32 %p1, %r1, 64;", "",
			func(tid uint32) bool { return tid >= 64 }, "barrier 0 completes without warps 0, 1 of CTA (0,0,0), which exited"},
		{"warp 1 leaves after a loop of 200 trips, when warps 0 and 2 wait at the barrier (the exit releases it)",
			"setp.ge.u32 %p1, %r1, 32;\n\tsetp.lt.and.u32 %p1, %r1, 64, %p1;",
			"mov.u32 %r9, 0;\nLOOP:\n\tadd.u32 %r9, %r9, 1;\n\tsetp.lt.u32 %p3, %r9, 200;\n\t@%p3 bra LOOP;",
			func(tid uint32) bool { return tid < 32 || tid >= 64 }, "barrier 0 completes without warps 1 of CTA (0,0,0), which exited"},
	} {
		for _, san := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, synccheck %v", c.desc, san), func(t *testing.T) {
				testBarrierAfterExits(t, c.exits, c.slow, c.stay, c.finding, san)
			})
		}
	}
}

func testBarrierAfterExits(t *testing.T, exits, slow string, stay func(uint32) bool, finding string, san bool) {
	src := strings.Replace(barExitKernel, "EXITS", exits, 1)
	src = strings.Replace(src, "SLOW", slow, 1)
	p := compilePTX(t, "barexit.ptx", src)
	m, _, oa := newInOut(t, p, Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{96, 1, 1}}, make([]byte, 8), 96*4)
	if san {
		m.Sanitize(SanSync)
	}
	if msg := runFault(t, m, src, 1000000); msg != "" {
		t.Fatalf("run: %s", msg)
	}
	var found []string
	for _, h := range m.Hazards() {
		found = append(found, h.Message)
	}
	if !san || finding == "" {
		if len(found) > 0 {
			t.Errorf("findings %q, want none", found)
		}
	} else if len(found) != 2 || !strings.HasPrefix(found[0], finding) || !strings.HasPrefix(found[1], finding) {
		t.Errorf("findings %q, want two (one per barrier) starting %q", found, finding)
	}
	n := uint32(0)
	for tid := uint32(0); tid < 96; tid++ {
		if stay(tid) {
			n++
		}
	}
	out := m.Buffer(oa)
	for tid := uint32(0); tid < 96; tid++ {
		want := uint32(0)
		if stay(tid) {
			want = n
		}
		if got := binary.LittleEndian.Uint32(out[4*tid:]); got != want {
			t.Errorf("out[%d] = %d, want %d", tid, got, want)
		}
	}
}
