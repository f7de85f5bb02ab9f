package sim

// ctastart_test.go: a CTA started in the blocks of a released one (a plain
// run with KeepFinished, machine.go's recycle and restartCTA)
// begins exactly as a CTA in fresh memory: registers it has not written
// read zero whatever the CTA before it left there, constants and special
// registers hold this CTA's values, predicates start false, shared memory
// starts zeroed.

import (
	"encoding/binary"
	"fmt"
	"testing"
)

// ctaStartKernel: each thread stores 8 words to out[8*gtid..]: a register
// only CTA 0 writes (0 elsewhere), a predicate only CTA 0 sets, %tid.x,
// %ctaid.x, %ntid.x, %laneid, a constant sum, and a shared-memory word
// only CTA 0 writes (read back after a barrier), then a local array
// round trip (the address of a .local variable is a constant slot; the
// only local store comes early, so that the CTA running when a
// checkpoint is taken has a local page the checkpoint shares and that
// it does not copy by writing it again).
const ctaStartKernel = `.version 7.0
.target sm_80
.address_size 64

.visible .entry k(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<16>;
	.shared .align 4 .b32 sh[64];
	.local .align 4 .b32 loc[128]; // 512 bytes a lane: a warp's local memory is one whole page

	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	mov.u64 %rd2, loc;
	mov.u32 %r3, %ntid.x;
	mov.u32 %r4, %laneid;
	mad.lo.u32 %r5, %r2, %r3, %r1;
	st.local.u32 [%rd2+4], %r5;
	setp.eq.u32 %p1, %r2, 0;
	@%p1 mov.u32 %r9, 77;
	@%p1 setp.eq.u32 %p2, %r1, %r1;
	selp.u32 %r10, 1, 0, %p2;
	add.u32 %r11, %r1, 1000;
	mov.u32 %r12, sh;
	shl.b32 %r13, %r1, 2;
	add.u32 %r14, %r12, %r13;
	@%p1 st.shared.u32 [%r14], %r11;
	bar.sync 0;
	ld.shared.u32 %r15, [%r14];
	ld.local.u32 %r16, [%rd2+4];
	mul.wide.u32 %rd3, %r5, 32;
	add.s64 %rd4, %rd1, %rd3;
	st.global.v4.u32 [%rd4], {%r9, %r10, %r1, %r2};
	st.global.v4.u32 [%rd4+16], {%r3, %r4, %r11, %r15};
	ld.local.u32 %r17, [%rd2+4];
	sub.u32 %r18, %r17, %r16;
	@%p1 bra DONE;
	st.global.u32 [%rd4+28], %r18;
DONE:
	ret;
}
`

// newCTAStart is ctaStartKernel's machine for grid CTAs of block threads,
// and its out buffer.
func newCTAStart(t testing.TB, p *Program, grid, block uint32) (*Machine, uint64) {
	t.Helper()
	ps, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{grid, 1, 1}, Block: [3]uint32{block, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	out := m.Alloc("out", int(grid*block*32))
	binary.LittleEndian.PutUint64(params[ps[0].Offset:], out)
	return m, out
}

func TestCTAStartInRecycledBlocks(t *testing.T) {
	p := compilePTX(t, "ctastart.ptx", ctaStartKernel)
	const grid, block = 6, 64
	for _, keep := range []int{0, 1} {
		m, out := newCTAStart(t, p, grid, block)
		if keep > 0 {
			m.KeepFinished(keep)
		}
		if !m.Run(0) || m.Fault() != nil {
			t.Fatalf("keep %d: run: %v", keep, m.Fault())
		}
		checkCTAStart(t, desc(keep), m.Buffer(out), grid, block)
	}
}

// checkCTAStart checks ctaStartKernel's output.
func checkCTAStart(t *testing.T, desc string, b []byte, grid, block uint32) {
	t.Helper()
	for c := uint32(0); c < grid; c++ {
		for tid := uint32(0); tid < block; tid++ {
			var want [8]uint32
			// CTA 0 writes %r9, sets %p2 and the shared word; the others
			// find zeros (the last word: the local round trip's
			// difference, 0, except in CTA 0 which keeps its shared word).
			if c == 0 {
				want = [8]uint32{77, 1, tid, c, block, tid % 32, tid + 1000, tid + 1000}
			} else {
				want = [8]uint32{0, 0, tid, c, block, tid % 32, tid + 1000, 0}
			}
			for k, w := range want {
				g := c*block + tid
				if got := binary.LittleEndian.Uint32(b[32*g+4*uint32(k):]); got != w {
					t.Fatalf("%s: CTA %d thread %d word %d = %d, want %d", desc, c, tid, k, got, w)
				}
			}
		}
	}
}

// TestSessionRecyclesUnheldCTAs: a session hands the blocks of a released
// CTA to the next unless a checkpoint holds them (a CTA in the machine
// when a checkpoint was taken). 100 one-warp CTAs, more than KeepCTAs, so
// CTAs are released between checkpoints and across them; going to steps
// back and forth must give the states of a plain machine stepped there.
func TestSessionRecyclesUnheldCTAs(t *testing.T) {
	p := compilePTX(t, "ctastart.ptx", ctaStartKernel)
	const grid, block = 100, 32
	ref, _ := newCTAStart(t, p, grid, block)
	var total int64
	prints := map[int64][32]byte{}
	at := func(n int64) bool { return n%97 == 0 || n%256 == 255 || n%256 == 0 || n%256 == 1 }
	for ; !ref.Done(); total++ {
		if at(total) {
			prints[total] = ref.Fingerprint()
		}
		ref.Step()
	}
	prints[total] = ref.Fingerprint()
	if f := ref.Fault(); f != nil {
		t.Fatal(f)
	}
	m, out := newCTAStart(t, p, grid, block)
	s := NewSession(m, 0)
	s.GoTo(total)
	if s.Machine().Fingerprint() != prints[total] {
		t.Fatal("the session ends in another state than the plain machine")
	}
	checkCTAStart(t, "session", s.Machine().Buffer(out), grid, block)
	var steps []int64
	for n := range prints {
		steps = append(steps, n)
	}
	for i, n := range steps { // map order: back and forth
		s.GoTo(n)
		if s.Machine().Fingerprint() != prints[n] {
			t.Fatalf("GoTo(%d) (%d of %d) differs from the plain machine stepped there", n, i, len(steps))
		}
	}
	s.GoTo(0)
	s.GoTo(total)
	checkCTAStart(t, "session, after going back to 0", s.Machine().Buffer(out), grid, block)
}

func desc(keep int) string {
	if keep == 0 {
		return "every CTA kept"
	}
	return fmt.Sprintf("KeepFinished(%d), blocks recycled", keep)
}

// TestUnviewedRestartsInTheBlocksJustUsed: on an Unviewed machine that
// keeps one finished CTA (launch.Run, the benchmarks), a CTA that another
// follows is released when it ends, so that every CTA of the grid starts
// in the first CTA's blocks (still in the caches); the grid's last CTA
// stays after the run. A machine that may be viewed keeps the newest
// finished CTA while the next runs, and its CTAs take turns in two CTAs'
// blocks. The results are the same either way.
func TestUnviewedRestartsInTheBlocksJustUsed(t *testing.T) {
	p := compilePTX(t, "ctastart.ptx", ctaStartKernel)
	const grid, block = 6, 64
	for _, tc := range []struct {
		desc     string
		unviewed bool
		arenas   int // distinct blocks the CTAs start in
	}{
		{"Unviewed, KeepFinished(1): each CTA in the one just released", true, 1},
		{"viewed, KeepFinished(1): the newest finished CTA kept, two blocks take turns", false, 2},
	} {
		m, out := newCTAStart(t, p, grid, block)
		m.KeepFinished(1)
		if tc.unviewed {
			m.Unviewed()
		}
		arenas := map[*[32]uint64]bool{}
		started := 0
		for !m.Done() {
			m.Step()
			if len(m.ctas) == started {
				continue
			}
			started = len(m.ctas)
			cur := m.ctas[started-1]
			arenas[&cur.arena.rows[0]] = true
			// The finished CTAs still kept when a CTA starts.
			var kept []int
			for i, c := range m.ctas[:started-1] {
				if c != nil {
					kept = append(kept, i)
				}
			}
			want := []int(nil)
			if !tc.unviewed && started >= 2 {
				want = []int{started - 2}
			}
			if fmt.Sprint(kept) != fmt.Sprint(want) {
				t.Errorf("%s: when CTA %d starts, finished CTAs kept %v, want %v", tc.desc, started-1, kept, want)
			}
		}
		if f := m.Fault(); f != nil {
			t.Fatalf("%s: %v", tc.desc, f)
		}
		if started != grid {
			t.Fatalf("%s: %d CTAs started, want %d", tc.desc, started, grid)
		}
		if len(arenas) != tc.arenas {
			t.Errorf("%s: the CTAs started in %d blocks, want %d", tc.desc, len(arenas), tc.arenas)
		}
		if m.ctas[grid-1] == nil {
			t.Errorf("%s: the grid's last CTA was released; it stays after the run", tc.desc)
		}
		checkCTAStart(t, tc.desc, m.Buffer(out), grid, block)
	}
}
