package sim

import (
	"encoding/binary"
	"strings"
	"testing"
)

// reconvKernel runs BODY in one CTA of two warps; out[tid] is a u64 at
// %rd3, %r1 is %tid.x and %r2 is %tid.x & 3; sh is 64 words of shared
// memory.
const reconvKernel = `.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 pout)
{
	.reg .pred %p<8>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<8>;
	.shared .align 4 .b32 sh[64];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 3;
	ld.param.u64 %rd1, [pout];
	mul.wide.u32 %rd2, %r1, 8;
	add.s64 %rd3, %rd1, %rd2;
BODY
}
`

// switchWithExitDefault is a four-way switch on %r2 as clang 19 lowers
// one: compares and branches, with an impossible default that ends in
// exit (its lowering of unreachable code); every case sets %r3 to
// 100 * (case + 1) and goes on at JOIN.
const switchWithExitDefault = `	setp.gt.u32 %p1, %r2, 1;
	@%p1 bra HI;
	setp.eq.u32 %p2, %r2, 0;
	@%p2 bra C0;
	bra.uni C1;
HI:
	setp.eq.u32 %p3, %r2, 2;
	@%p3 bra C2;
	setp.eq.u32 %p4, %r2, 3;
	@%p4 bra C3;
	bra.uni DEAD;
C0:
	mov.u32 %r3, 100;
	bra.uni JOIN;
C1:
	mov.u32 %r3, 200;
	bra.uni JOIN;
C2:
	mov.u32 %r3, 300;
	bra.uni JOIN;
C3:
	mov.u32 %r3, 400;
	bra.uni JOIN;
JOIN:
	add.u32 %r4, %r3, %r1;
`

// earlyReturn is `if (tid & 3 >= 2 && tid & 3 == 3) return;` as clang -O3
// writes it in a kernel: two branches, the lanes that stay meeting at
// JOIN, the lanes that leave jumping to the kernel's one ret (END), which
// the others reach too after the join's code.
const earlyReturn = `	setp.lt.u32 %p1, %r2, 2;
	@%p1 bra JOIN;
	setp.eq.u32 %p2, %r2, 3;
	@%p2 bra END;
JOIN:
`

// switchLoopExitStub is a loop of tid & 3 trips over a three-way switch on
// the trip number whose impossible default (beforeDefault, then a
// bra.uni) jumps to an exit stub after the kernel's ret; after the loop
// each thread stores its sum to shared memory, and after bar.sync reads
// its neighbour's (tid ^ 1).
func switchLoopExitStub(beforeDefault string) string {
	return `	mov.u32 %r3, 0;
	mov.u32 %r9, 0;
	setp.eq.u32 %p1, %r2, 0;
	@%p1 bra AFTER;
LOOP:
	rem.u32 %r5, %r9, 3;
	setp.eq.u32 %p2, %r5, 0;
	@%p2 bra C0;
	setp.eq.u32 %p3, %r5, 1;
	@%p3 bra C1;
	setp.eq.u32 %p4, %r5, 2;
	@%p4 bra C2;
` + beforeDefault + `	bra.uni DEAD;
C0:
	add.u32 %r3, %r3, 1;
	bra.uni NEXT;
C1:
	add.u32 %r3, %r3, 10;
	bra.uni NEXT;
C2:
	add.u32 %r3, %r3, 100;
NEXT:
	add.u32 %r9, %r9, 1;
	setp.lt.u32 %p5, %r9, %r2;
	@%p5 bra LOOP;
AFTER:
	mov.u32 %r7, sh;
	shl.b32 %r8, %r1, 2;
	add.u32 %r10, %r7, %r8;
	st.shared.u32 [%r10], %r3;
	bar.sync 0;
	xor.b32 %r11, %r1, 1;
	shl.b32 %r12, %r11, 2;
	add.u32 %r13, %r7, %r12;
	ld.shared.u32 %r6, [%r13];
	cvt.u64.u32 %rd4, %r6;
	st.global.u64 [%rd3], %rd4;
	ret;
DEAD:
	exit;
`
}

// switchLoopSums is what switchLoopExitStub's kernel stores: trip i adds
// 1, 10, 100 (i % 3 is 0, 1, 2); thread tid ^ 1 ran (tid ^ 1) & 3 trips
// and wrote its sum before the barrier.
func switchLoopSums(tid uint32) (uint64, bool) {
	return []uint64{0, 1, 11, 111}[(tid^1)&3], true
}

// TestReconvergeBeforeExitPaths: lanes that took different branches meet
// again at the branches' join even when another path from the branch ends
// in exit, so a shfl.sync, vote.sync or bar.sync at the join sees every
// lane of its membermask or CTA, as the ISA asks: shfl.sync and vote.sync
// make each thread "wait until all non-exited threads corresponding to
// membermask have executed" the instruction, and bar.sync waits for every
// thread of the CTA. A path that ends in exit takes its lanes away, so it
// does not hold the join up; in a kernel that ends in exit, the exit
// most blocks reach is the end and the others dead ends, wherever they
// stand in the text (first the last block's exit only, which left an exit
// stub placed last making the meeting point the function's end: the three
// rows "placed last" and "its last block" failed). Before, an exit
// path made the function's end
// the meeting point: the lanes of each case ran the join apart, and a
// shuffle read lanes that had not written their value yet (0), a barrier
// deadlocked (cmd/difftest with clang 19, seed 1030027 and 16 others).
func TestReconvergeBeforeExitPaths(t *testing.T) {
	for _, c := range []struct {
		desc string
		body string
		want func(tid uint32) (uint64, bool) // false: the thread exited, out stays 0
	}{
		{"shfl.sync.idx at the join of a switch whose default exits: each lane reads lane+1's value",
			switchWithExitDefault + `	add.u32 %r5, %r1, 1;
	and.b32 %r5, %r5, 31;
	shfl.sync.idx.b32 %r6, %r4, %r5, 31, -1;
	cvt.u64.u32 %rd4, %r6;
	st.global.u64 [%rd3], %rd4;
	ret;
DEAD:
	exit;
`, func(tid uint32) (uint64, bool) {
				src := tid&^31 | (tid+1)&31
				return uint64(100*(src&3+1) + src), true
			}},
		{"bar.sync at the join of a switch whose default exits: a CTA sum by atom.shared.add between barriers",
			switchWithExitDefault + `	mov.u32 %r7, sh;
	setp.ne.u32 %p5, %r1, 0;
	@%p5 bra ADD;
	st.shared.u32 [%r7], 0;
ADD:
	bar.sync 0;
	atom.shared.add.u32 %r8, [%r7], %r4;
	bar.sync 0;
	ld.shared.u32 %r6, [%r7];
	bar.sync 0;
	cvt.u64.u32 %rd4, %r6;
	st.global.u64 [%rd3], %rd4;
	ret;
DEAD:
	exit;
`, func(tid uint32) (uint64, bool) {
				// Every thread adds 100 * (tid & 3 + 1) + tid.
				var sum uint64
				for u := uint32(0); u < 64; u++ {
					sum += uint64(100*(u&3+1) + u)
				}
				return sum, true
			}},
		{"vote.sync.ballot at the join after a guarded exit in one arm: the remaining lanes vote",
			`	setp.eq.u32 %p1, %r2, 0;
	@%p1 bra A;
	setp.eq.u32 %p2, %r2, 3;
	@%p2 exit;
	mov.u32 %r3, 7;
	bra.uni JOIN;
A:
	mov.u32 %r3, 9;
JOIN:
	and.b32 %r4, %r1, 1;
	setp.ne.u32 %p3, %r4, 0;
	vote.sync.ballot.b32 %r5, %p3, 0x77777777;
	add.u32 %r6, %r5, %r3;
	cvt.u64.u32 %rd4, %r6;
	st.global.u64 [%rd3], %rd4;
	ret;
`, func(tid uint32) (uint64, bool) {
				if tid&3 == 3 {
					return 0, false
				}
				// Odd lanes of the membermask (lane & 3 != 3): bits 1, 5, 9, ...
				r := uint64(7)
				if tid&3 == 0 {
					r = 9
				}
				return 0x22222222 + r, true
			}},
		{"a kernel that ends in exit, not ret, with an early exit path: the other lanes meet at the join before vote.sync",
			`	setp.eq.u32 %p1, %r2, 0;
	@%p1 bra A;
	setp.eq.u32 %p2, %r2, 3;
	@%p2 bra DEAD;
	mov.u32 %r3, 7;
	bra.uni JOIN;
A:
	mov.u32 %r3, 9;
	bra.uni JOIN;
DEAD:
	exit;
JOIN:
	and.b32 %r4, %r1, 1;
	setp.ne.u32 %p3, %r4, 0;
	vote.sync.ballot.b32 %r5, %p3, 0x77777777;
	add.u32 %r6, %r5, %r3;
	cvt.u64.u32 %rd4, %r6;
	st.global.u64 [%rd3], %rd4;
	exit;
`, func(tid uint32) (uint64, bool) {
				if tid&3 == 3 {
					return 0, false
				}
				r := uint64(7)
				if tid&3 == 0 {
					r = 9
				}
				return 0x22222222 + r, true
			}},
		{"a kernel that ends in exit, not ret: if/else still meets at the join before shfl.sync.bfly",
			`	setp.eq.u32 %p1, %r2, 0;
	@%p1 bra A;
	mov.u32 %r3, 5;
	bra.uni JOIN;
A:
	mov.u32 %r3, 6;
JOIN:
	shfl.sync.bfly.b32 %r4, %r3, 1, 31, -1;
	cvt.u64.u32 %rd4, %r4;
	st.global.u64 [%rd3], %rd4;
	exit;
`, func(tid uint32) (uint64, bool) {
				if (tid^1)&3 == 0 {
					return 6, true
				}
				return 5, true
			}},
		{"a kernel with no ret whose early exit stub is its last block: the lanes meet at the join before vote.sync",
			`	setp.eq.u32 %p1, %r2, 0;
	@%p1 bra A;
	setp.eq.u32 %p2, %r2, 3;
	@%p2 bra DEAD;
	mov.u32 %r3, 7;
	bra.uni JOIN;
A:
	mov.u32 %r3, 9;
JOIN:
	and.b32 %r4, %r1, 1;
	setp.ne.u32 %p3, %r4, 0;
	vote.sync.ballot.b32 %r5, %p3, 0x77777777;
	add.u32 %r6, %r5, %r3;
	cvt.u64.u32 %rd4, %r6;
	st.global.u64 [%rd3], %rd4;
	exit;
DEAD:
	exit;
`, func(tid uint32) (uint64, bool) {
				if tid&3 == 3 {
					return 0, false
				}
				r := uint64(7)
				if tid&3 == 0 {
					r = 9
				}
				return 0x22222222 + r, true
			}},
		{"bar.sync at the join of a switch whose default exits, the exit block placed after the kernel's final exit",
			switchWithExitDefault + `	mov.u32 %r7, sh;
	setp.ne.u32 %p5, %r1, 0;
	@%p5 bra ADD;
	st.shared.u32 [%r7], 0;
ADD:
	bar.sync 0;
	atom.shared.add.u32 %r8, [%r7], %r4;
	bar.sync 0;
	ld.shared.u32 %r6, [%r7];
	bar.sync 0;
	cvt.u64.u32 %rd4, %r6;
	st.global.u64 [%rd3], %rd4;
	exit;
DEAD:
	exit;
`, func(tid uint32) (uint64, bool) {
				var sum uint64
				for u := uint32(0); u < 64; u++ {
					sum += uint64(100*(u&3+1) + u)
				}
				return sum, true
			}},
		{"a loop of tid & 3 trips with an impossible exit inside, placed last: the lanes meet after the loop before shfl.sync.bfly",
			`	mov.u32 %r3, 0;
	mov.u32 %r9, 0;
LOOP:
	setp.ge.u32 %p1, %r9, %r2;
	@%p1 bra AFTER;
	setp.gt.u32 %p2, %r9, 3;
	@%p2 bra DEAD;
	add.u32 %r3, %r3, 10;
	add.u32 %r9, %r9, 1;
	bra.uni LOOP;
AFTER:
	add.u32 %r4, %r3, %r1;
	shfl.sync.bfly.b32 %r6, %r4, 1, 31, -1;
	cvt.u64.u32 %rd4, %r6;
	st.global.u64 [%rd3], %rd4;
	exit;
DEAD:
	exit;
`, func(tid uint32) (uint64, bool) {
				src := tid ^ 1
				return uint64(10*(src&3) + src), true
			}},
		{"a loop of tid & 3 trips over a switch whose impossible default is a block of one bra.uni to an exit stub after the kernel's ret (clang 19, cmd/difftest seed 10400291): the lanes meet after the loop before bar.sync",
			switchLoopExitStub(""), switchLoopSums},
		{"the same with a phi copy before the default's jump (a block of a mov and a bra.uni): the lanes meet after the loop before bar.sync",
			switchLoopExitStub("\tmov.u32 %r14, 0;\n"), switchLoopSums},
		{"an error path that stores and exits early, the final exit a lone exit after it: the other lanes meet at the join before vote.sync",
			`	setp.eq.u32 %p1, %r2, 0;
	@%p1 bra A;
	setp.eq.u32 %p2, %r2, 3;
	@%p2 bra ERR;
	mov.u32 %r3, 7;
	bra.uni JOIN;
A:
	mov.u32 %r3, 9;
JOIN:
	and.b32 %r4, %r1, 1;
	setp.ne.u32 %p3, %r4, 0;
	vote.sync.ballot.b32 %r5, %p3, 0x77777777;
	add.u32 %r6, %r5, %r3;
	cvt.u64.u32 %rd4, %r6;
	st.global.u64 [%rd3], %rd4;
	bra.uni DONE;
ERR:
	mov.u64 %rd4, 1;
	st.global.u64 [%rd3], %rd4;
	exit;
DONE:
	exit;
`, func(tid uint32) (uint64, bool) {
				if tid&3 == 3 {
					return 1, true
				}
				r := uint64(7)
				if tid&3 == 0 {
					r = 9
				}
				return 0x22222222 + r, true
			}},
		{"two arms that end in their own exits (no join): each lane stores its arm's value",
			`	setp.lt.u32 %p1, %r2, 2;
	@%p1 bra LO;
	mov.u32 %r3, 1000;
	add.u32 %r4, %r3, %r1;
	cvt.u64.u32 %rd4, %r4;
	st.global.u64 [%rd3], %rd4;
	exit;
LO:
	mov.u32 %r3, 2000;
	add.u32 %r4, %r3, %r1;
	cvt.u64.u32 %rd4, %r4;
	st.global.u64 [%rd3], %rd4;
	exit;
`, func(tid uint32) (uint64, bool) {
				if tid&3 < 2 {
					return uint64(2000 + tid), true
				}
				return uint64(1000 + tid), true
			}},
		{"an early return that shares the kernel's ret (clang -O3's `if (a && b) return;` as two branches): the other lanes meet before vote.sync.ballot",
			earlyReturn + `	setp.eq.u32 %p3, %r2, 2;
	vote.sync.ballot.b32 %r5, %p3, 0x77777777;
	cvt.u64.u32 %rd4, %r5;
	st.global.u64 [%rd3], %rd4;
END:
	ret;
`, func(tid uint32) (uint64, bool) {
				if tid&3 == 3 {
					return 0, false
				}
				return 0x44444444, true // lanes 2, 6, 10, ... of the membermask
			}},
		{"the same early return before vote.sync.all: false for every lane (lanes 2, 6, ... vote false)",
			earlyReturn + `	setp.ne.u32 %p3, %r2, 2;
	vote.sync.all.pred %p4, %p3, 0x77777777;
	selp.u32 %r5, 1, 2, %p4;
	cvt.u64.u32 %rd4, %r5;
	st.global.u64 [%rd3], %rd4;
END:
	ret;
`, func(tid uint32) (uint64, bool) {
				if tid&3 == 3 {
					return 0, false
				}
				return 2, true
			}},
		{"the same early return before shfl.sync.idx of lane 2 of each four: every lane reads a value written after the branches by a lane of the other path",
			earlyReturn + `	mul.lo.u32 %r4, %r1, 3;
	and.b32 %r5, %r1, 28;
	or.b32 %r5, %r5, 2;
	shfl.sync.idx.b32 %r6, %r4, %r5, 31, 0x77777777;
	cvt.u64.u32 %rd4, %r6;
	st.global.u64 [%rd3], %rd4;
END:
	ret;
`, func(tid uint32) (uint64, bool) {
				if tid&3 == 3 {
					return 0, false
				}
				return uint64(3 * (tid&^3 | 2)), true
			}},
		{"the same early return before a loop of 4 trips whose branches meet at a latch placed before the loop's head (as clang -O3 lays out a mask loop), then vote.sync.ballot",
			earlyReturn + `	mov.u32 %r9, 0;
	mov.u32 %r10, 0;
	bra.uni HEAD;
LATCH:
	add.u32 %r9, %r9, 1;
	setp.ne.u32 %p5, %r9, 4;
	@%p5 bra HEAD;
	bra.uni AFTER;
HEAD:
	setp.lt.u32 %p6, %r9, %r2;
	@%p6 bra LATCH;
	add.u32 %r10, %r10, 1;
	bra.uni LATCH;
AFTER:
	setp.eq.u32 %p3, %r10, 2;
	vote.sync.ballot.b32 %r5, %p3, 0x77777777;
	cvt.u64.u32 %rd4, %r5;
	st.global.u64 [%rd3], %rd4;
END:
	ret;
`, func(tid uint32) (uint64, bool) {
				if tid&3 == 3 {
					return 0, false
				}
				// %r10 counts the trips i >= tid & 3 of 4: 4 - tid & 3; 2 for lane & 3 == 2.
				return 0x44444444, true
			}},
	} {
		t.Run(c.desc, func(t *testing.T) {
			src := strings.Replace(reconvKernel, "BODY", c.body, 1)
			p := compilePTX(t, "reconv.ptx", src)
			m, _, oa := newInOut(t, p, Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{64, 1, 1}}, make([]byte, 8), 64*8)
			if msg := runFault(t, m, src, 100000); msg != "" {
				t.Fatalf("run: %s", msg)
			}
			out := m.Buffer(oa)
			for tid := uint32(0); tid < 64; tid++ {
				want, _ := c.want(tid)
				if got := binary.LittleEndian.Uint64(out[8*tid:]); got != want {
					t.Errorf("out[%d] = %#x, want %#x", tid, got, want)
				}
			}
		})
	}
}
