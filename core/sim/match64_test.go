package sim

// match64_test.go: match.sync on 64-bit values (PTX ISA, match.sync:
// "Operand a has instruction type and d has .b32 type. Destination d is a
// 32-bit mask where bit position in mask corresponds to thread's laneid";
// .all: d is the mask when every thread's a is equal, else 0, and p says
// which). Values that agree in their low 32 bits and differ above must not
// match.

import "testing"

func TestMatchSync64(t *testing.T) {
	p := compileHarness(t, "7.0", "sm_80", `
	.reg .b64 %a, %b;
	ld.global.u64 %a, [%ia];
	ld.global.u64 %b, [%ia+256];
	match.any.sync.b64 %r1, %a, 0xffffffff;
	st.global.u32 [%oa], %r1;
	match.all.sync.b64 %r2|%p1, %a, 0xffffffff;
	selp.u32 %r3, 1, 0, %p1;
	st.global.u32 [%oa+256], %r2;
	st.global.u32 [%oa+512], %r3;
	match.all.sync.b64 %r4|%p2, %b, 0xffffffff;
	selp.u32 %r5, 1, 0, %p2;
	st.global.u32 [%oa+768], %r4;
	st.global.u32 [%oa+1024], %r5;
`)
	var in [2][32]uint64
	for i := range 32 {
		// Four classes by lane % 4, all with the same low half: only the
		// high half tells them apart.
		in[0][i] = uint64(i%4)<<32 | 0x1234_5678
		in[1][i] = 0xdead_beef_0000_0001 // every lane the same
	}
	out := runHarness(t, p, in[:], 5)
	for i := range 32 {
		var class uint64
		for j := range 32 {
			if j%4 == i%4 {
				class |= 1 << j
			}
		}
		for k, c := range []struct {
			what string
			want uint64
		}{
			{"match.any: the lanes of my class (same high half)", class},
			{"match.all with unequal values: d = 0", 0},
			{"match.all with unequal values: p false", 0},
			{"match.all with equal values: d = every lane", 0xffffffff},
			{"match.all with equal values: p true", 1},
		} {
			if got := out[k][i]; got != c.want {
				t.Errorf("lane %d: %s: got %#x, want %#x", i, c.what, got, c.want)
			}
		}
	}
}
