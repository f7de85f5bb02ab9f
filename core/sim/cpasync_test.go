package sim

// cpasync_test.go: cp.async against the ISA: cp-size bytes copied from
// global to shared, zero-filled past src-size or entirely with ignore-src,
// landing only when the thread waits for their group.

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// Each lane owns 16 bytes of shared memory at sh + 16*lane, first filled
// with 0xAA bytes ("old"), and copies from pin + 16*lane. The outputs are
// the 16 bytes read before the wait (words 0-3) and after it (4-7).
const cpPrologue = `	.shared .align 16 .b8 sh[512];
	.reg .b32 %sd, %old;
	.reg .b64 %src;
	mov.u32 %sd, sh;
	mad.lo.u32 %sd, %lane, 16, %sd;
	mov.u32 %old, 0xAAAAAAAA;
	st.shared.v4.u32 [%sd], {%old, %old, %old, %old};
	ld.param.u64 %src, [pin];
	mul.wide.u32 %off, %lane, 16;
	add.s64 %src, %src, %off;
	and.b32 %r10, %lane, 7;
	add.u32 %r10, %r10, 1;
	and.b32 %r11, %lane, 1;
	setp.eq.u32 %p3, %r11, 1;
`

const cpEpilogue = `	st.global.u32 [%oa], %r0;
	st.global.u32 [%oa+256], %r1;
	st.global.u32 [%oa+512], %r2;
	st.global.u32 [%oa+768], %r3;
	st.global.u32 [%oa+1024], %r4;
	st.global.u32 [%oa+1280], %r5;
	st.global.u32 [%oa+1536], %r6;
	st.global.u32 [%oa+1792], %r7;
`

func TestCpAsync(t *testing.T) {
	// The input buffer's bytes: byte x = x*7+1 (mod 256).
	var in [][32]uint64
	var src []byte
	for k := 0; k < 2; k++ {
		var lanes [32]uint64
		for i := range lanes {
			var b [8]byte
			for j := range b {
				b[j] = byte(((k*32+i)*8+j)*7 + 1)
			}
			lanes[i] = binary.LittleEndian.Uint64(b[:])
			src = append(src, b[:]...)
		}
		in = append(in, lanes)
	}
	cases := []struct {
		name string
		body string
		// bytes copied by lane (of the 16 at its address), the rest zero
		// within the cp-size, and cp-size
		n, size func(lane int) int
	}{
		{"ca 4", "cp.async.ca.shared.global [%sd], [%src], 4;", func(int) int { return 4 }, func(int) int { return 4 }},
		{"ca 8", "cp.async.ca.shared.global [%sd], [%src], 8;", func(int) int { return 8 }, func(int) int { return 8 }},
		{"ca 16", "cp.async.ca.shared.global [%sd], [%src], 16;", func(int) int { return 16 }, func(int) int { return 16 }},
		{"cg 16", "cp.async.cg.shared.global.L2::128B [%sd], [%src], 16;", func(int) int { return 16 }, func(int) int { return 16 }},
		{"src-size", "cp.async.ca.shared.global [%sd], [%src], 8, %r10;", func(l int) int { return l%8 + 1 }, func(int) int { return 8 }},
		{"src-size imm", "cp.async.cg.shared.global [%sd], [%src], 16, 5;", func(int) int { return 5 }, func(int) int { return 16 }},
		{"cache hint", "cp.async.cg.shared.global.L2::cache_hint [%sd], [%src], 16, 5, %off;", func(int) int { return 5 }, func(int) int { return 16 }},
		{"cache hint, policy only", "cp.async.cg.shared.global.L2::cache_hint [%sd], [%src], 16, %off;", func(int) int { return 16 }, func(int) int { return 16 }},
		{"cache hint, ignore-src", "cp.async.ca.shared.global.L2::cache_hint.L2::64B [%sd], [%src], 16, %p3, %off;", func(l int) int { return 16 * (1 - l%2) }, func(int) int { return 16 }},
		{"ignore-src", "cp.async.ca.shared.global [%sd], [%src], 16, %p3;", func(l int) int { return 16 * (1 - l%2) }, func(int) int { return 16 }},
		{"guarded", "@%p3 cp.async.ca.shared.global [%sd], [%src], 16;", func(l int) int { return 16 * (l % 2) }, func(l int) int { return 16 * (l % 2) }},
	}
	for _, c := range cases {
		for _, wait := range []string{"cp.async.commit_group;\n\tcp.async.wait_group 0;", "cp.async.wait_all;"} {
			t.Run(c.name+"/"+strings.Fields(wait)[0], func(t *testing.T) {
				body := cpPrologue + "\t" + c.body + "\n" +
					"\tld.shared.v4.u32 {%r0, %r1, %r2, %r3}, [%sd];\n\t" + wait + "\n" +
					"\tld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [%sd];\n" + cpEpilogue
				p := compileHarness(t, "", "", body)
				out := runHarness(t, p, in, 8)
				for l := 0; l < 32; l++ {
					for w := 0; w < 4; w++ {
						if out[w][l] != 0xAAAAAAAA {
							t.Fatalf("lane %d word %d before the wait = %#x, want the old 0xaaaaaaaa", l, w, out[w][l])
						}
						var want [4]byte
						for j := range want {
							x := 4*w + j
							switch {
							case x >= c.size(l):
								want[j] = 0xAA
							case x >= c.n(l):
								want[j] = 0
							default:
								want[j] = src[16*l+x]
							}
						}
						if got := out[4+w][l]; got != uint64(binary.LittleEndian.Uint32(want[:])) {
							t.Fatalf("lane %d word %d after the wait = %#x, want %x", l, w, got, want)
						}
					}
				}
			})
		}
	}
}

// TestCpAsyncWaitGroup: wait_group 1 lands the older of two groups only.
func TestCpAsyncWaitGroup(t *testing.T) {
	body := cpPrologue + `	cp.async.ca.shared.global [%sd], [%src], 8;
	cp.async.commit_group;
	cp.async.ca.shared.global [%sd+8], [%src+8], 8;
	cp.async.commit_group;
	cp.async.wait_group 1;
	ld.shared.v4.u32 {%r0, %r1, %r2, %r3}, [%sd];
	cp.async.wait_group 0;
	ld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [%sd];
` + cpEpilogue
	var in [][32]uint64
	for k := 0; k < 2; k++ {
		var lanes [32]uint64
		for i := range lanes {
			lanes[i] = uint64(k*32+i) * 0x0101010101010101
		}
		in = append(in, lanes)
	}
	p := compileHarness(t, "", "", body)
	out := runHarness(t, p, in, 8)
	for l := 0; l < 32; l++ {
		word := func(half int) uint64 { return uint64(2*l+half) * 0x01010101 } // the 8-byte word 2l+half holds byte 2l+half
		want := [8]uint64{word(0), word(0), 0xAAAAAAAA, 0xAAAAAAAA, word(0), word(0), word(1), word(1)}
		for w := range want {
			if out[w][l] != want[w] {
				t.Fatalf("lane %d word %d = %#x, want %#x", l, w, out[w][l], want[w])
			}
		}
	}
}

func TestCpAsyncFaults(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"mov.u32 %r12, 9;\n\tcp.async.ca.shared.global [%sd], [%src], 8, %r12;", "src-size 9 exceeds cp-size 8"},
		{"add.u32 %sd, %sd, 4;\n\tcp.async.ca.shared.global [%sd], [%src], 8;", "not 8-byte aligned"},
		{"add.u32 %sd, %sd, 4096;\n\tcp.async.ca.shared.global [%sd], [%src], 16;", "outside the CTA's 512 bytes of shared memory"},
	} {
		p := compileHarness(t, "", "", cpPrologue+"\t"+c.body+"\n")
		params := make([]byte, 16)
		m, err := New(p, "k", Launch{Block: [3]uint32{32, 1, 1}, Params: params})
		if err != nil {
			t.Fatal(err)
		}
		binary.LittleEndian.PutUint64(params, m.Alloc("in", 512)) // as runHarness does
		m.Run(10000)
		if f := m.Fault(); f == nil || !strings.Contains(f.Msg, c.want) || f.Lane != 0 {
			t.Errorf("%s: fault = %v, want %q at lane 0", c.body, f, c.want)
		}
	}
}

// TestCpAsyncSnapshot: the snapshot lists each lane's pending copies with
// their group until they land.
func TestCpAsyncSnapshot(t *testing.T) {
	body := cpPrologue + `	cp.async.ca.shared.global [%sd], [%src], 8;
	cp.async.commit_group;
	cp.async.ca.shared.global [%sd+8], [%src+8], 4;
	cp.async.commit_group;
	cp.async.ca.shared.global [%sd+12], [%src+12], 4;
	cp.async.wait_group 1;
	cp.async.wait_all;
`
	p := compileHarness(t, "", "", body)
	params := make([]byte, 16)
	m, err := New(p, "k", Launch{Block: [3]uint32{32, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	binary.LittleEndian.PutUint64(params, m.Alloc("in", 512))
	s := NewSession(m, 0)
	count := func() (n int, groups map[int]int) {
		groups = map[int]int{}
		for _, a := range s.Snapshot(SnapshotOptions{CTA: -1, Warp: -1}).Async {
			n++
			groups[a.Group]++
			if a.Warp != 0 || a.Size != 8 && a.Size != 4 {
				t.Fatalf("bad view %+v", a)
			}
		}
		return
	}
	var seen []string
	for i := 0; i < 100 && !m.Done(); i++ {
		n, g := count()
		seen = append(seen, fmt.Sprint(n, g[0], g[1], g[2]))
		s.Step()
	}
	// Before the copies: none; after the first cp.async: 32 uncommitted;
	// commit: group 1; second copy: +32 uncommitted; commit: groups 1, 2;
	// third: +32 uncommitted; wait_group 1 lands group 1 (group 2 becomes
	// 1); wait_all lands everything.
	want := []string{"32 32 0 0", "32 0 32 0", "64 32 32 0", "64 0 32 32", "96 32 32 32", "64 32 32 0", "0 0 0 0"}
	var got []string
	for _, x := range seen {
		if len(got) == 0 || got[len(got)-1] != x {
			got = append(got, x)
		}
	}
	if strings.Join(got, "|") != "0 0 0 0|"+strings.Join(want, "|") {
		t.Fatalf("pending copies over the steps: %v, want 0 0 0 0 then %v", got, want)
	}
	// Stepping back restores the pending copies exactly (checkpoints
	// and replay carry them).
	for i := len(seen) - 1; i >= 0; i-- {
		if !s.StepBack() {
			break
		}
		n, g := count()
		if x := fmt.Sprint(n, g[0], g[1], g[2]); x != seen[i] {
			t.Fatalf("after stepping back to step %d: %s, was %s", i, x, seen[i])
		}
	}
}
