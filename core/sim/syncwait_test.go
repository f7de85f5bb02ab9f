package sim

// syncwait_test.go: .sync warp instructions whose membermask names lanes
// that are not executing them now. The ISA (shfl.sync, vote.sync,
// match.sync, redux.sync): "will cause executing thread to wait until all
// non-exited threads corresponding to membermask have executed" the same
// kind of instruction "with the same qualifiers and same membermask
// value"; bar.warp.sync waits for "all threads corresponding to
// membermask". For .target sm_6x or below they "must execute the same ...
// instruction in convergence"; from sm_70 on the other lanes may execute
// another instruction of that kind on their own path (Volta's independent
// thread scheduling), and the instructions run together: so they do here
// when the other lanes are on a sibling path of the branch (syncwait.go).
// Where the machine cannot wait for them (they are at the meeting point,
// guarded off, or at another kind of .sync instruction), it runs the
// instruction over the lanes at it, the ISA's answer when the others exit
// first (no fault, no finding), and stops with a fault when one of them
// executes a .sync warp instruction instead. Before, it gave an answer
// over half of the mask, silently unless synccheck was on.

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

func TestSyncWaitsForNamedLanes(t *testing.T) {
	const waitFault = "ran without them, though its membermask"
	for _, c := range []struct {
		desc  string
		body  string
		fault string             // the fault's words ("": the kernel finishes)
		want  func(lane int) int // out[lane] (u32) when it finishes
	}{
		{"an if and its else each shfl.sync.idx with the full mask: from sm_70 on they run together (lanes 0-15 read lane 16's operand of the else, 116, lanes 16-31 lane 0's of the if, 200)", `
	setp.lt.u32 %p1, %lane, 16;
	@%p1 bra A;
	add.u32 %r2, %lane, 100;
	shfl.sync.idx.b32 %r1, %r2, 0, 31, -1;
	bra J;
A:
	add.u32 %r3, %lane, 200;
	shfl.sync.idx.b32 %r1, %r3, 16, 31, -1;
J:
	st.global.u32 [%oa], %r1;`, "", func(lane int) int {
			if lane < 16 {
				return 116
			}
			return 200
		}},
		{"as clang -O3 lays it out (@p bra; bra.uni), the paths' shfl.sync.idx with source lanes 0 and 31, the else's source lane the same constant as its clamp (31, 31): each lane reads its own path's source lane (seed 8000016 of difftest -with diverge)", `
	setp.gt.u32 %p6, %lane, 10;
	@%p6 bra L7;
	bra.uni L6;
L7:
	add.u32 %r23, %lane, 43;
	shfl.sync.idx.b32 %r27, %r23, 0, 31, -1;
	bra.uni L8;
L6:
	mov.u32 %r20, 0;
	shfl.sync.idx.b32 %r27, %r20, 31, 31, -1;
L8:
	st.global.u32 [%oa], %r27;`, "", func(lane int) int {
			if lane <= 10 {
				return 31 + 43
			}
			return 0
		}},
		{"three paths of a branch in a branch, each vote.sync.ballot of its even lanes with the full mask: one ballot", `
	and.b32 %r2, %lane, 1;
	setp.eq.u32 %p5, %r2, 0;
	setp.lt.u32 %p1, %lane, 10;
	@%p1 bra A;
	setp.lt.u32 %p2, %lane, 20;
	@%p2 bra B;
	vote.sync.ballot.b32 %r1, %p5, -1;
	bra J;
A:
	vote.sync.ballot.b32 %r1, %p5, -1;
	bra J;
B:
	selp.u32 %r3, 1, 0, %p5;
	setp.ne.u32 %p6, %r3, 0;
	vote.sync.ballot.b32 %r1, %p6, -1;
J:
	st.global.u32 [%oa], %r1;`, "", func(lane int) int { return 0x55555555 }},
		{"the same, the paths' predicates negated differently (!%p as the vote's operand on one path)", `
	and.b32 %r2, %lane, 1;
	setp.eq.u32 %p5, %r2, 0;
	setp.ne.u32 %p6, %r2, 0;
	setp.lt.u32 %p1, %lane, 16;
	@%p1 bra A;
	vote.sync.ballot.b32 %r1, !%p6, -1;
	bra J;
A:
	vote.sync.ballot.b32 %r1, %p5, -1;
J:
	st.global.u32 [%oa], %r1;`, "", func(lane int) int { return 0x55555555 }},
		{"redux.sync.add and match.any.sync in an if and its else, different registers on each path", `
	setp.lt.u32 %p1, %lane, 16;
	@%p1 bra A;
	mul.lo.u32 %r4, %lane, 2;
	redux.sync.add.u32 %r1, %r4, -1;
	shr.u32 %r6, %lane, 3;
	match.any.sync.b32 %r7, %r6, -1;
	bra J;
A:
	mul.lo.u32 %r5, %lane, 3;
	redux.sync.add.u32 %r1, %r5, -1;
	shr.u32 %r8, %lane, 3;
	match.any.sync.b32 %r7, %r8, -1;
J:
	add.u32 %r1, %r1, %r7;
	st.global.u32 [%oa], %r1;`, "", func(lane int) int {
			sum := 0
			for l := range 32 {
				if l < 16 {
					sum += 3 * l
				} else {
					sum += 2 * l
				}
			}
			return sum + 0xff<<(lane/8*8)
		}},
		{"vote.sync.ballot with the full mask inside if (lane < 16) while lanes 16-31 exit: the wait ends when they exit, the ballot is over lanes 0-15", `
	setp.ge.u32 %p1, %lane, 16;
	@%p1 bra DONE;
	and.b32 %r2, %lane, 1;
	setp.eq.u32 %p2, %r2, 0;
	vote.sync.ballot.b32 %r1, %p2, -1;
	st.global.u32 [%oa], %r1;
DONE:`, "", func(lane int) int {
			if lane < 16 {
				return 0x5555
			}
			return 0
		}},
		{"the same ballot inside a loop of 3 trips, lanes 16-31 exiting after theirs", `
	mov.u32 %r5, 0;
	mov.u32 %r6, 0;
L:
	setp.ge.u32 %p1, %lane, 16;
	@%p1 bra NEXT;
	setp.lt.u32 %p2, %lane, %r5;
	vote.sync.ballot.b32 %r1, %p2, -1;
	add.u32 %r6, %r6, %r1;
NEXT:
	add.u32 %r5, %r5, 1;
	setp.lt.u32 %p3, %r5, 3;
	@%p3 bra L;
	st.global.u32 [%oa], %r6;`, "", func(lane int) int {
			if lane < 16 {
				return 0 + 1 + 3
			}
			return 0
		}},
		{"@p vote.sync.ballot with the full mask, then the lanes it guarded off vote by another instruction: they run together from sm_70 on", `
	setp.lt.u32 %p1, %lane, 16;
	@%p1 vote.sync.ballot.b32 %r1, %p1, -1;
	@!%p1 vote.sync.ballot.b32 %r1, %p1, -1;
	st.global.u32 [%oa], %r1;`, "vote.sync: lanes 0xffff0000", nil},
		{"__syncwarp in an if and in its else: one warp barrier from sm_70 on, so each half reads what the other stored before it", `
	.shared .align 4 .b32 sm[32];
	mov.u32 %r7, sm;
	shl.b32 %r8, %lane, 2;
	add.u32 %r9, %r7, %r8;
	xor.b32 %r10, %lane, 16;
	shl.b32 %r10, %r10, 2;
	add.u32 %r10, %r7, %r10;
	setp.lt.u32 %p1, %lane, 16;
	@%p1 bra A;
	add.u32 %r2, %lane, 100;
	st.shared.u32 [%r9], %r2;
	bar.warp.sync -1;
	ld.shared.u32 %r1, [%r10];
	bra J;
A:
	add.u32 %r2, %lane, 200;
	st.shared.u32 [%r9], %r2;
	bar.warp.sync -1;
	ld.shared.u32 %r1, [%r10];
J:
	st.global.u32 [%oa], %r1;`, "", func(lane int) int {
			if lane < 16 {
				return lane + 16 + 100
			}
			return lane - 16 + 200
		}},
		{"one path a dead end (it runs to the kernel's ret, so the branch meets where the other lanes go on, at the bra.uni, and they wait there while it runs), each path with its shfl.sync: the waiting lanes go on to theirs (seed 8200049 -O3 of difftest -with diverge,shapes,exit,spaces,atomics, reduced; a fault before)", `
	and.b32 %r21, %lane, 24;
	setp.eq.s32 %p6, %r21, 24;
	@%p6 bra L3;
	bra.uni L2;
L3:
	add.u32 %r30, %lane, 100;
	shfl.sync.idx.b32 %r31, %r30, 28, 31, -1;
	st.global.u32 [%oa], %r31;
	bra.uni END;
L2:
	add.u32 %r26, %lane, 200;
	shfl.sync.idx.b32 %r27, %r26, 0, 31, -1;
	st.global.u32 [%oa], %r27;
END:`, "", func(lane int) int {
			if lane < 24 {
				return 200
			}
			return 28 + 100
		}},
		{"shfl.sync on one path, vote.sync on the other, both with the full mask: they never meet (a hang on the GPU)", `
	setp.lt.u32 %p1, %lane, 16;
	@%p1 bra A;
	shfl.sync.idx.b32 %r1, %lane, 0, 31, -1;
	bra J;
A:
	vote.sync.ballot.b32 %r1, %p1, -1;
J:
	st.global.u32 [%oa], %r1;`, "shfl.sync: lanes 0x", nil},
		{"redux.sync in an if, then in the code after the join, where the lanes that skipped it execute it first: they go on from the meeting point, the if's redux runs with theirs (496 for lanes 16-31), then lanes 0-15 run the second alone once the others exited (120)", `
	setp.ge.u32 %p1, %lane, 16;
	@%p1 bra J;
	redux.sync.add.u32 %r1, %lane, -1;
J:
	redux.sync.add.u32 %r2, %lane, -1;
	st.global.u32 [%oa], %r2;`, "", func(lane int) int {
			if lane < 16 {
				return 120
			}
			return 496
		}},
		{"match.sync with half-warp masks on each path names only lanes on its own path: no wait", `
	mov.u32 %r4, 7;
	setp.lt.u32 %p1, %lane, 16;
	@%p1 bra A;
	match.any.sync.b32 %r1, %r4, 0xffff0000;
	bra J;
A:
	match.any.sync.b32 %r1, %r4, 0x0000ffff;
J:
	st.global.u32 [%oa], %r1;`, "", func(lane int) int {
			if lane < 16 {
				return 0x0000ffff
			}
			return 0xffff0000
		}},
	} {
		for _, san := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, synccheck %v", c.desc, san), func(t *testing.T) {
				src := strings.NewReplacer("VERSION", "7.0", "TARGET", "sm_80", "BODY", c.body).Replace(harnessKernel)
				p := compilePTX(t, "syncwait.ptx", src)
				m, _, oa := newInOut(t, p, Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}}, make([]byte, 256), 256)
				if san {
					m.Sanitize(SanSync | SanRace)
				}
				msg := runFault(t, m, src, 100000)
				for _, h := range m.Hazards() {
					t.Errorf("finding %q, want none", h.Message)
				}
				if c.fault != "" {
					if !strings.HasPrefix(msg, c.fault) || !strings.Contains(msg, waitFault) {
						t.Fatalf("fault %q, want one starting %q and saying %q", msg, c.fault, waitFault)
					}
					return
				}
				if msg != "" {
					t.Fatalf("fault %q, want none", msg)
				}
				out := m.Buffer(oa)
				for lane := range 32 {
					if got, want := binary.LittleEndian.Uint32(out[8*lane:]), uint32(c.want(lane)); got != want {
						t.Errorf("lane %d: out %#x, want %#x", lane, got, want)
					}
				}
			})
		}
	}
}
