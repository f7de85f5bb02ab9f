package sim

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"testing"
)

// barReleaseKernel: the warps that pexit names (bit per warp index) leave
// at once; every other thread adds 1 to the shared counter all, waits at
// bar.sync 0 (no count: every warp that has not exited), and reads all;
// then (warp pslow after a loop of 600 instructions, bursts of other
// warps between) adds 1 to its parity's counter (even or odd warp index), waits at
// its parity's barrier (1 even, 2 odd) with the count peven or podd (32
// a warp that stays), and reads that counter. out[tid] = the first read
// | the second << 16; 0 for a thread that left.
const barReleaseKernel = `.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 pout, .param .u32 pexit, .param .u32 peven, .param .u32 podd, .param .u32 pslow)
{
	.reg .pred %p<4>;
	.reg .b32 %r<20>;
	.reg .b64 %rd<6>;
	.shared .align 4 .b32 all;
	.shared .align 4 .b32 par[2];
	mov.u32 %r1, %tid.x;
	shr.u32 %r2, %r1, 5;
	ld.param.u32 %r3, [pexit];
	shr.u32 %r4, %r3, %r2;
	and.b32 %r4, %r4, 1;
	setp.ne.u32 %p1, %r4, 0;
	@%p1 bra LEAVE;
	mov.u32 %r5, all;
	atom.shared.add.u32 %r6, [%r5], 1;
	bar.sync 0;
	ld.shared.u32 %r7, [%r5];
	ld.param.u32 %r18, [pslow];
	setp.ne.u32 %p3, %r2, %r18;
	@%p3 bra FAST;
	mov.u32 %r19, 0;
SLOW:
	add.u32 %r19, %r19, 1;
	setp.lt.u32 %p3, %r19, 200;
	@%p3 bra SLOW;
FAST:
	and.b32 %r8, %r2, 1;
	setp.ne.u32 %p2, %r8, 0;
	mov.u32 %r9, par;
	shl.b32 %r10, %r8, 2;
	add.u32 %r11, %r9, %r10;
	atom.shared.add.u32 %r12, [%r11], 1;
	ld.param.u32 %r13, [peven];
	ld.param.u32 %r14, [podd];
	@!%p2 bar.sync 1, %r13;
	@%p2 bar.sync 2, %r14;
	ld.shared.u32 %r15, [%r11];
	shl.b32 %r16, %r15, 16;
	or.b32 %r17, %r7, %r16;
	ld.param.u64 %rd1, [pout];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r17;
LEAVE:
	ret;
}
`

// TestBarrierReleasesEveryWaiter: a barrier's release lets go every warp
// waiting at it and no other (ISA 9.7.13.1: "bar.sync ... causes the
// executing thread to wait until all threads ... have arrived"; with no
// count, the CTA's threads that have not exited). The waiters are the CTA's
// warps but those that left first, 1 to 32 of them, with gaps: release
// takes them four a round. After the first barrier every thread that
// stayed must read the count of all of them; after its parity's barrier
// (counts of its parity's threads, even and odd warps waiting at the same
// time, interleaved) the count of its parity. The lowest even warp that
// stays is slow where an odd one stays: the odd barrier completes first,
// and an even warp it let go would run while the slow one loops, and read
// the even count without it. A warp never let go is a deadlock.
func TestBarrierReleasesEveryWaiter(t *testing.T) {
	p := compilePTX(t, "barrelease.ptx", barReleaseKernel)
	type tc struct {
		warps int
		exit  uint32
	}
	var cases []tc
	for n := 1; n <= 10; n++ {
		cases = append(cases, tc{n, 0})
	}
	cases = append(cases,
		tc{9, 1 << 4}, tc{9, 0b101}, tc{10, 0b1000100010}, tc{12, 0b10110}, tc{13, 0b1000000000001},
		tc{17, 0b10101010101010}, tc{31, 0}, tc{32, 0}, tc{32, 1<<31 | 1}, tc{32, 0x0f0f0f0e}, tc{32, 0x7ffffffe})
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d warps, exit %#x", c.warps, c.exit), func(t *testing.T) {
			live := uint32(1)<<c.warps - 1
			if c.warps == 32 {
				live = ^uint32(0)
			}
			live &^= c.exit
			even, odd := bits.OnesCount32(live&0x55555555), bits.OnesCount32(live&0xaaaaaaaa)
			slow := uint32(99)
			if even > 0 && odd > 0 {
				slow = uint32(bits.TrailingZeros32(live & 0x55555555))
			}
			ps, size, ok := p.Params("k")
			if !ok {
				t.Fatal("no kernel k")
			}
			l := Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{uint32(32 * c.warps), 1, 1}, Params: make([]byte, size)}
			m, err := New(p, "k", l)
			if err != nil {
				t.Fatal(err)
			}
			oa := m.Alloc("out", 4*32*c.warps)
			for _, pi := range ps {
				switch pi.Name {
				case "pout":
					binary.LittleEndian.PutUint64(l.Params[pi.Offset:], oa)
				case "pexit":
					binary.LittleEndian.PutUint32(l.Params[pi.Offset:], c.exit)
				case "peven":
					binary.LittleEndian.PutUint32(l.Params[pi.Offset:], uint32(32*even))
				case "podd":
					binary.LittleEndian.PutUint32(l.Params[pi.Offset:], uint32(32*odd))
				case "pslow":
					binary.LittleEndian.PutUint32(l.Params[pi.Offset:], slow)
				}
			}
			if m, err = New(p, "k", l); err != nil {
				t.Fatal(err)
			}
			if oa2 := m.Alloc("out", 4*32*c.warps); oa2 != oa {
				t.Fatalf("out at %#x, then %#x", oa, oa2)
			}
			if msg := runFault(t, m, barReleaseKernel, 1000000); msg != "" {
				t.Fatalf("run: %s", msg)
			}
			out := m.Buffer(oa)
			for tid := 0; tid < 32*c.warps; tid++ {
				w := tid / 32
				want := uint32(0)
				if live>>w&1 != 0 {
					par := even
					if w&1 != 0 {
						par = odd
					}
					want = uint32(32*bits.OnesCount32(live)) | uint32(32*par)<<16
				}
				if got := binary.LittleEndian.Uint32(out[4*tid:]); got != want {
					t.Fatalf("out[%d] (warp %d) = %#x, want %#x", tid, w, got, want)
				}
			}
		})
	}
}
