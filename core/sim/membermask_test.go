package sim

// membermask_test.go: the .sync warp instructions act over the threads their
// membermask names, not over every active lane. PTX ISA, vote.sync: "ballot
// ... copies the predicate from each thread in membermask into the
// corresponding bit position of destination register d"; .all/.any/.uni are
// taken "across all non-exited threads in membermask". match.sync: d is the
// mask "of threads in membermask that have the same value of operand a".
// redux.sync performs the reduction "across all non-exited threads in
// membermask". Here all 32 lanes are active and each half-warp names only
// itself (lanes 0-15 pass 0x0000ffff, lanes 16-31 pass 0xffff0000), as two
// __ballot_sync(half, ...) calls of independent half-warp groups that happen
// to run in one instruction would.

import "testing"

func TestSyncMembermask(t *testing.T) {
	p := compileHarness(t, "7.0", "sm_80", `
	.reg .b32 %mm, %a, %b, %pv;
	ld.global.u32 %mm, [%ia];
	ld.global.u32 %a, [%ia+256];
	ld.global.u32 %b, [%ia+512];
	ld.global.u32 %pv, [%ia+768];
	setp.ne.u32 %p1, %pv, 0;
	vote.sync.ballot.b32 %r1, %p1, %mm;
	st.global.u32 [%oa], %r1;
	vote.sync.all.pred %p2, %p1, %mm;
	selp.u32 %r2, 1, 0, %p2;
	st.global.u32 [%oa+256], %r2;
	vote.sync.any.pred %p3, !%p1, %mm;
	selp.u32 %r3, 1, 0, %p3;
	st.global.u32 [%oa+512], %r3;
	vote.sync.uni.pred %p4, %p1, %mm;
	selp.u32 %r4, 1, 0, %p4;
	st.global.u32 [%oa+768], %r4;
	match.any.sync.b32 %r5, %a, %mm;
	st.global.u32 [%oa+1024], %r5;
	match.all.sync.b32 %r6|%p5, %b, %mm;
	selp.u32 %r7, 1, 0, %p5;
	st.global.u32 [%oa+1280], %r6;
	st.global.u32 [%oa+1536], %r7;
	redux.sync.add.u32 %r8, %laneid, %mm;
	st.global.u32 [%oa+1792], %r8;
	redux.sync.max.u32 %r9, %a, %mm;
	st.global.u32 [%oa+2048], %r9;
`)
	var in [4][32]uint64
	for i := range 32 {
		lower := i < 16
		if lower {
			in[0][i] = 0x0000ffff
			in[2][i] = 7 // every lane of the lower half equal
			in[3][i] = 1 // p true in every lower lane
			in[1][i] = uint64(i % 3)
		} else {
			in[0][i] = 0xffff0000
			in[2][i] = uint64(i) // all different
			in[3][i] = bit(i%2 == 0)
			in[1][i] = uint64(i%3) + 10
		}
	}
	out := runHarness(t, p, in[:], 9)
	for i := range 32 {
		lower := i < 16
		half := uint64(0xffff0000)
		if lower {
			half = 0x0000ffff
		}
		var class uint64
		for j := range 32 {
			if (j < 16) == lower && j%3 == i%3 {
				class |= 1 << j
			}
		}
		want := []struct {
			what string
			v    uint64
		}{
			{"vote.ballot: predicates of my half only", map[bool]uint64{true: 0x0000ffff, false: 0x55550000}[lower]},
			{"vote.all over my half", bit(lower)},
			{"vote.any(!p) over my half", bit(!lower)},
			{"vote.uni over my half", bit(lower)},
			{"match.any: lanes of my half with my value", class},
			{"match.all: d = membermask when my half agrees, else 0", map[bool]uint64{true: half, false: 0}[lower]},
			{"match.all: p", bit(lower)},
			{"redux.add of %laneid over my half", map[bool]uint64{true: 120, false: 376}[lower]},
			{"redux.max over my half", map[bool]uint64{true: 2, false: 12}[lower]},
		}
		for k, c := range want {
			if got := out[k][i] & 0xffffffff; got != c.v {
				t.Errorf("lane %d: %s: got %#x, want %#x", i, c.what, got, c.v)
			}
		}
	}
}
