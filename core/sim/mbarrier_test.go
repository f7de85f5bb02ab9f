package sim

// mbarrier_test.go: mbarrier objects against the PTX ISA (§9.7.13.15):
// phase completion when pending arrivals and tx-count are both zero, the
// parity and token rules of test_wait/try_wait, tx-count going negative
// and back, arrivals in a completed phase counting towards the next,
// arrive_drop, pending_count, cp.async.mbarrier.arrive, the faults for
// what the ISA leaves undefined, try_wait suspending a warp, and deadlock.

import (
	"encoding/binary"
	"strings"
	"testing"
)

// mbarKernel runs BODY in every thread; %bar is the shared address of the
// first of four mbarriers, %buf of 256 bytes of shared memory, %out points
// at the output words (8 bytes each: out k of the CTA at [%out+8*k]),
// %in at the input buffer, %tid is the thread index and %p0 is true in
// thread 0.
const mbarKernel = `.version 8.0
.target sm_90
.address_size 64

.visible .entry k(.param .u64 pin, .param .u64 pout)
{
	.shared .align 8 .b64 bars[4];
	.shared .align 128 .b8 sbuf[1024];
	.reg .pred %p<16>;
	.reg .b32 %r<64>;
	.reg .b64 %rd<64>;
	.reg .f32 %f<8>;
	.reg .b32 %tid, %bar, %buf;
	.reg .b64 %in, %out, %st<4>;
	mov.u32 %tid, %tid.x;
	setp.eq.u32 %p0, %tid, 0;
	mov.u32 %bar, bars;
	mov.u32 %buf, sbuf;
	ld.param.u64 %in, [pin];
	ld.param.u64 %out, [pout];
BODY
	ret;
}
`

// runMbar runs body in a CTA of block threads with an input buffer of in
// bytes (in[i] = i*3+1) and returns the first nout output words and the
// fault message ("" when none).
func runMbar(t *testing.T, body string, block, nout int) ([]uint64, string, *Machine) {
	t.Helper()
	src := strings.Replace(mbarKernel, "BODY", body, 1)
	p := compilePTX(t, "mbar.ptx", src)
	in := make([]byte, 4096)
	for i := range in {
		in[i] = byte(i*3 + 1)
	}
	m, _, oa := newInOut(t, p, Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{uint32(block), 1, 1}}, in, 8*max(nout, 1))
	msg := runFault(t, m, src, 200000)
	ob := m.Buffer(oa)
	out := make([]uint64, nout)
	for k := range out {
		out[k] = binary.LittleEndian.Uint64(ob[8*k:])
	}
	return out, msg, m
}

// Observations one thread makes: complete(K, PAR) stores 1 to out K when
// test_wait.parity says the phase of parity PAR has completed.
func parityOut(k int, par int) string {
	return strings.NewReplacer("K", itoa(k), "PAR", itoa(par)).Replace(`
	mbarrier.test_wait.parity.shared::cta.b64 %p5, [%bar], PAR;
	selp.u64 %rd9, 1, 0, %p5;
	st.global.u64 [%out+8*K], %rd9;
`)
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func TestMbarrierPhases(t *testing.T) {
	cases := []struct {
		name string
		body string // run by thread 0 alone (block of 1)
		want []uint64
	}{
		{
			// §9.7.13.15.9: init sets phase 0 and pending = count; §.16: a
			// parity names the current (incomplete: false) or the
			// immediately preceding phase (complete: true).
			"init: phase 0 incomplete", `
	mbarrier.init.shared::cta.b64 [%bar], 2;` + parityOut(0, 0) + parityOut(1, 1),
			[]uint64{0, 1},
		},
		{
			// Two expected arrivals: the first leaves the phase open, the
			// second completes it (§9.7.13.15.6), and the parity flips.
			"arrivals complete the phase", `
	mbarrier.init.shared::cta.b64 [%bar], 2;
	mbarrier.arrive.shared::cta.b64 %st0, [%bar];` + parityOut(0, 0) + `
	mbarrier.arrive.shared::cta.b64 %st1, [%bar];` + parityOut(1, 0) + parityOut(2, 1),
			[]uint64{0, 1, 0},
		},
		{
			// test_wait with the token of an arrive in phase 0: false
			// while phase 0 is current, true once it completed.
			"token of the arrive's phase", `
	mbarrier.init.shared::cta.b64 [%bar], 2;
	mbarrier.arrive.shared::cta.b64 %st0, [%bar];
	mbarrier.test_wait.shared::cta.b64 %p5, [%bar], %st0;
	selp.u64 %rd9, 1, 0, %p5;
	st.global.u64 [%out], %rd9;
	mbarrier.arrive.shared::cta.b64 %st1, [%bar];
	mbarrier.test_wait.shared::cta.b64 %p5, [%bar], %st0;
	selp.u64 %rd9, 1, 0, %p5;
	st.global.u64 [%out+8], %rd9;
	mbarrier.test_wait.shared::cta.b64 %p5, [%bar], %st1;
	selp.u64 %rd9, 1, 0, %p5;
	st.global.u64 [%out+16], %rd9;`,
			[]uint64{0, 1, 1},
		},
		{
			// An arrival after a phase completed counts towards the next:
			// with count 1 each arrive completes a phase; after two the
			// current phase (2) has parity 0 again.
			"arrive on a completed phase", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	mbarrier.arrive.shared::cta.b64 %st0, [%bar];` + parityOut(0, 0) + `
	mbarrier.arrive.shared::cta.b64 %st1, [%bar];` + parityOut(1, 0) + parityOut(2, 1),
			[]uint64{1, 0, 1},
		},
		{
			// expect-tx (§9.7.13.15.5.1) raises tx-count: the arrivals are
			// all in but the phase waits for complete-tx of every byte.
			"arrive.expect_tx waits for the bytes", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 %st0, [%bar], 64;` + parityOut(0, 0) + `
	mbarrier.complete_tx.shared::cta.b64 [%bar], 32;` + parityOut(1, 0) + `
	mbarrier.complete_tx.shared::cta.b64 [%bar], 32;` + parityOut(2, 0),
			[]uint64{0, 0, 1},
		},
		{
			// tx-count may go negative (bytes before their expect-tx,
			// §9.7.13.15.2 range -(2^20-1)) and back to zero.
			"tx-count negative and back", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	mbarrier.complete_tx.shared::cta.b64 [%bar], 16;
	mbarrier.arrive.shared::cta.b64 %st0, [%bar];` + parityOut(0, 0) + `
	mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%bar], 16;` + parityOut(1, 0),
			[]uint64{0, 1},
		},
		{
			// expect_tx before the arrive, complete_tx after it.
			"expect_tx then arrive then complete_tx", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	mbarrier.expect_tx.shared::cta.b64 [%bar], 128;
	mbarrier.arrive.shared::cta.b64 %st0, [%bar];` + parityOut(0, 0) + `
	mbarrier.complete_tx.shared::cta.b64 [%bar], 128;` + parityOut(1, 0),
			[]uint64{0, 1},
		},
		{
			// arrive_drop lowers the expected count for every later phase
			// (§9.7.13.15.14): 2 expected, one drops, one arrives: the
			// phase completes; the next phase needs one arrival only.
			"arrive_drop", `
	mbarrier.init.shared::cta.b64 [%bar], 2;
	mbarrier.arrive_drop.shared::cta.b64 %st0, [%bar];` + parityOut(0, 0) + `
	mbarrier.arrive.shared::cta.b64 %st0, [%bar];` + parityOut(1, 0) + `
	mbarrier.arrive.shared::cta.b64 %st0, [%bar];` + parityOut(2, 1),
			[]uint64{0, 1, 1},
		},
		{
			// An arrive with a count (sm_90) takes that many arrivals.
			"arrive with a count", `
	mbarrier.init.shared::cta.b64 [%bar], 5;
	mbarrier.arrive.shared::cta.b64 %st0, [%bar], 4;` + parityOut(0, 0) + `
	mbarrier.arrive.shared::cta.b64 %st0, [%bar], 1;` + parityOut(1, 0),
			[]uint64{0, 1},
		},
		{
			// cp.async.mbarrier.arrive without .noinc raises pending by one
			// before its arrive-on: no net change; with .noinc the
			// arrive-on counts as one of the expected arrivals.
			"cp.async.mbarrier.arrive .noinc and not", `
	mbarrier.init.shared::cta.b64 [%bar], 2;
	cp.async.mbarrier.arrive.shared::cta.b64 [%bar];
	mbarrier.arrive.shared::cta.b64 %st0, [%bar];` + parityOut(0, 0) + `
	cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%bar];` + parityOut(1, 0),
			[]uint64{0, 1},
		},
		{
			// mbarrier.inval then init again reuses the memory.
			"inval and init again", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	mbarrier.arrive.shared::cta.b64 %st0, [%bar];
	mbarrier.inval.shared::cta.b64 [%bar];
	mbarrier.init.shared::cta.b64 [%bar], 1;` + parityOut(0, 0) + parityOut(1, 1),
			[]uint64{0, 1},
		},
		{
			// Generic addresses in the shared window name the same object.
			"generic address", `
	cvta.shared.u64 %rd1, bars;
	mbarrier.init.b64 [%rd1], 1;
	mbarrier.arrive.b64 %st0, [%rd1];
	mbarrier.test_wait.parity.b64 %p5, [%rd1], 0;
	selp.u64 %rd9, 1, 0, %p5;
	st.global.u64 [%out], %rd9;`,
			[]uint64{1},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, fault, _ := runMbar(t, c.body, 1, len(c.want))
			if fault != "" {
				t.Fatalf("fault: %s", fault)
			}
			for i, w := range c.want {
				if out[i] != w {
					t.Errorf("out[%d] = %d, want %d", i, out[i], w)
				}
			}
		})
	}
}

func TestMbarrierPendingCount(t *testing.T) {
	out, fault, _ := runMbar(t, `
	mbarrier.init.shared::cta.b64 [%bar], 4;
	mbarrier.arrive.noComplete.shared::cta.b64 %st0, [%bar], 1;
	mbarrier.pending_count.b64 %r1, %st0;
	mbarrier.arrive.noComplete.shared::cta.b64 %st1, [%bar], 2;
	mbarrier.pending_count.b64 %r2, %st1;
	st.global.u32 [%out], %r1;
	st.global.u32 [%out+8], %r2;`, 1, 2)
	if fault != "" {
		t.Fatal(fault)
	}
	if out[0] != 4 || out[1] != 3 {
		t.Errorf("pending counts %d, %d; want 4 (before the first arrive), 3 (before the second)", out[0], out[1])
	}
}

// What the ISA calls undefined stops the run with a message.
func TestMbarrierFaults(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"uninitialized", `
	mbarrier.arrive.shared::cta.b64 %st0, [%bar];`, "no initialized mbarrier there"},
		{"init count 0", `
	mbarrier.init.shared::cta.b64 [%bar], 0;`, "expected arrival count 0 is outside 1..2^20-1"},
		{"init count 2^20", `
	mbarrier.init.shared::cta.b64 [%bar], 1048576;`, "expected arrival count 1048576 is outside"},
		{"init over a valid one", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	mbarrier.init.shared::cta.b64 [%bar], 1;`, "init over a valid mbarrier"},
		{"more arrivals than pending", `
	mbarrier.init.shared::cta.b64 [%bar], 2;
	mbarrier.arrive.shared::cta.b64 %st0, [%bar], 3;`, "arrive of 3 with only 2 arrivals pending"},
		{"noComplete completing", `
	mbarrier.init.shared::cta.b64 [%bar], 2;
	mbarrier.arrive.noComplete.shared::cta.b64 %st0, [%bar], 2;`, ".noComplete arrive would complete the phase"},
		{"tx-count over 2^20-1", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	mbarrier.expect_tx.shared::cta.b64 [%bar], 1048576;`, "tx-count 1048576 would leave the range"},
		{"arrival count 0", `
	mbarrier.init.shared::cta.b64 [%bar], 4;
	mbarrier.arrive.noComplete.shared::cta.b64 %st0, [%bar], 0;`, "arrival count 0 is outside 1..2^20-1"},
		{"tx-count under -(2^20-1)", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	mbarrier.complete_tx.shared::cta.b64 [%bar], 1048576;`, "tx-count -1048576 would leave the range"},
		{"misaligned", `
	add.u32 %r1, %bar, 4;
	mbarrier.init.shared::cta.b64 [%r1], 1;`, "is not 8-byte aligned"},
		{"generic address outside shared", `
	mbarrier.init.b64 [%out], 1;`, "is not in shared memory"},
		{"after inval", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	mbarrier.inval.shared::cta.b64 [%bar];
	mbarrier.arrive.shared::cta.b64 %st0, [%bar];`, "no initialized mbarrier there"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, fault, _ := runMbar(t, c.body, 1, 1)
			if !strings.Contains(fault, c.want) {
				t.Errorf("fault %q, want it to say %q", fault, c.want)
			}
		})
	}
}

// A consumer warp waits in try_wait for a producer warp's arrive; the
// data written before the (release) arrive is what the consumer reads.
func TestMbarrierTryWaitSuspends(t *testing.T) {
	body := `
	setp.eq.u32 %p1, %tid, 32;
	@%p0 mbarrier.init.shared::cta.b64 [%bar], 1;
	bar.sync 0;
	setp.lt.u32 %p2, %tid, 32;
	@%p2 bra PRODUCER;
	// consumer warp (warp 1)
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p3, [%bar], 0;
	@!%p3 bra WAIT;
	ld.shared.u32 %r1, [%buf];
	@%p1 st.global.u32 [%out], %r1;
	bra DONE;
PRODUCER:
	// a long detour so that the consumer reaches try_wait first
	mov.u32 %r2, 0;
LOOP:
	add.u32 %r2, %r2, 1;
	setp.lt.u32 %p4, %r2, 200;
	@%p4 bra LOOP;
	@%p0 st.shared.u32 [%buf], 4242;
	@%p0 mbarrier.arrive.shared::cta.b64 %st0, [%bar];
DONE:`
	out, fault, m := runMbar(t, body, 64, 1)
	if fault != "" {
		t.Fatal(fault)
	}
	if out[0] != 4242 {
		t.Errorf("consumer read %d, want 4242", out[0])
	}
	// The consumer's try_wait did not spin: it issued a handful of times,
	// not once per producer iteration.
	if n := m.Stats().WarpInstructions; n > 3*200+60 {
		t.Errorf("%d warp instructions: the waiting warp spun", n)
	}
}

func TestMbarrierDeadlock(t *testing.T) {
	body := `
	@%p0 mbarrier.init.shared::cta.b64 [%bar], 2;
	bar.sync 0;
	@%p0 mbarrier.arrive.shared::cta.b64 %st0, [%bar];
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p3, [%bar], 0;
	@!%p3 bra WAIT;`
	_, fault, m := runMbar(t, body, 64, 1)
	for _, want := range []string{"deadlock", "warp 0 waits on the mbarrier at shared 0x0", "warp 1 waits on the mbarrier at shared 0x0", "1 of 2 arrivals pending"} {
		if !strings.Contains(fault, want) {
			t.Errorf("fault %q does not say %q", fault, want)
		}
	}
	if n := m.Stats().WarpInstructions; n > 40 {
		t.Errorf("deadlock found after %d warp instructions, want at once", n)
	}
}

// The snapshot's mbarrier view decodes each barrier of the CTA.
func TestMbarrierView(t *testing.T) {
	body := `
	@%p0 mbarrier.init.shared::cta.b64 [%bar], 3;
	@%p0 mbarrier.arrive.expect_tx.shared::cta.b64 %st0, [%bar], 48;
	add.u32 %r1, %bar, 8;
	@%p0 mbarrier.init.shared::cta.b64 [%r1], 1;
	@%p0 mbarrier.arrive.shared::cta.b64 %st0, [%r1];`
	_, fault, m := runMbar(t, body, 1, 1)
	if fault != "" {
		t.Fatal(fault)
	}
	vs := mbarViews(m.ctas[0])
	if len(vs) != 2 {
		t.Fatalf("%d barriers in the view, want 2", len(vs))
	}
	a, b := vs[0], vs[1]
	if a.Addr != 0 || a.Expected != 3 || a.Pending != 2 || a.Tx != 48 || a.Phase != 0 || a.Parity != 0 {
		t.Errorf("first barrier %+v, want addr 0, expected 3, pending 2, tx 48, phase 0", a)
	}
	if b.Addr != 8 || b.Expected != 1 || b.Pending != 1 || b.Tx != 0 || b.Phase != 1 || b.Parity != 1 {
		t.Errorf("second barrier %+v, want addr 8, one phase completed (parity 1), pending reloaded to 1", b)
	}
}

// The documented encoding round-trips at the edges of every field.
func TestMbarrierEncoding(t *testing.T) {
	for _, s := range []mbarState{
		{pending: 0, expected: 1, valid: true},
		{pending: mbarMaxCount, expected: mbarMaxCount, tx: mbarMaxTx, valid: true, parity: 1},
		{pending: 7, expected: 9, tx: -mbarMaxTx, valid: true},
		{tx: -1},
	} {
		v := s.encode()
		if got := decodeMbar(v); got != s {
			t.Errorf("decode(encode(%+v)) = %+v", s, got)
		}
		if v&mbarMaxCount != uint64(s.pending) || v>>20&mbarMaxCount != uint64(s.expected) || v>>63 != uint64(s.parity) {
			t.Errorf("%+v encoded as %#x: fields not at the documented bits", s, v)
		}
	}
}

// In a cluster of two CTAs: a .multicast::cluster bulk copy from rank 0
// lands in both CTAs' shared memory and completes each CTA's own
// mbarrier; rank 1 arrives on rank 0's mbarrier through mapa (a remote
// arrive returns no state, §9.7.13.15.8).
func TestMbarrierCluster(t *testing.T) {
	body := `
	.shared .align 16 .b8 tb[64];
	.shared .align 8 .b64 mb[2];
	.reg .b32 %tb, %mb0, %mb1, %rmb;
	mov.u32 %tb, tb;
	mov.u32 %mb0, mb;
	add.u32 %mb1, %mb0, 8;
	setp.eq.u32 %p1, %tid, 0;
	@!%p1 bra SYNC;
	mbarrier.init.shared::cta.b64 [%mb0], 1;
	mbarrier.init.shared::cta.b64 [%mb1], 2;
	mbarrier.arrive.expect_tx.shared::cta.b64 %rd5, [%mb0], 32;
SYNC:
	barrier.cluster.arrive;
	barrier.cluster.wait;
	@!%p1 bra END;
	setp.eq.u32 %p2, %ctarank, 0;
	@!%p2 bra RANK1;
	// rank 0: multicast 32 bytes of out[16..23] to both CTAs, arrive on mb1
	add.s64 %rd1, %out, 64;
	mov.u16 %rs1, 3;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%tb], [%rd1], 32, [%mb0], %rs1;
	mbarrier.arrive.shared::cta.b64 %rd6, [%mb1];
W1:
	mbarrier.try_wait.parity.shared::cta.b64 %p3, [%mb1], 0;
	@!%p3 bra W1;
	st.global.u32 [%out+32], 1;
	bra WAIT0;
RANK1:
	mapa.shared::cluster.u32 %rmb, %mb1, 0;
	mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%rmb];
WAIT0:
	mbarrier.try_wait.parity.shared::cta.b64 %p3, [%mb0], 0;
	@!%p3 bra WAIT0;
	ld.shared.u32 %r1, [%tb+4];
	mul.wide.u32 %rd2, %ctarank, 4;
	add.s64 %rd2, %out, %rd2;
	st.global.u32 [%rd2], %r1;
END:
	barrier.cluster.arrive;
	barrier.cluster.wait;`
	body = strings.Replace(body, "\t.reg .b32 %tb", "\t.reg .b16 %rs1;\n\t.reg .b32 %tb", 1)
	src := strings.NewReplacer("DIRECTIVES", "", "BODY", body).Replace(clusterKernel)
	p := compilePTX(t, "cluster.ptx", src)
	m, err := newCluster(p, [3]uint32{2, 1, 1}, [3]uint32{32, 1, 1}, [3]uint32{2, 1, 1}, 32)
	if err != nil {
		t.Fatal(err)
	}
	ob, _ := m.BufferByName("out")
	_ = ob
	a := m.global.bufs[len(m.global.bufs)-1].base
	words := make([]byte, 128)
	binary.LittleEndian.PutUint32(words[64+4:], 0xC0FFEE)
	m.Store(a, 0, words)
	m.Run(1_000_000)
	if f := m.Fault(); f != nil {
		t.Fatal(f.Msg)
	}
	b, _ := m.BufferByName("out")
	got := []uint64{b.Uint(0, 4), b.Uint(4, 4), b.Uint(32, 4)}
	want := []uint64{0xC0FFEE, 0xC0FFEE, 1}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("word %d = %#x, want %#x (both CTAs got the multicast; rank 0's barrier took rank 1's remote arrive)", i, got[i], want[i])
		}
	}
}

// A thread waits only on its own CTA's mbarriers, and remote arrives
// return no state.
func TestMbarrierClusterFaults(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"wait on a remote barrier", `
	.shared .align 8 .b64 mb;
	.reg .b32 %mb, %rmb;
	mov.u32 %mb, mb;
	mbarrier.init.shared::cta.b64 [%mb], 1;
	barrier.cluster.arrive;
	barrier.cluster.wait;
	xor.b32 %r1, %ctarank, 1;
	cvta.shared.u64 %rd1, mb;
	mapa.u64 %rd2, %rd1, %r1;
	mbarrier.init.b64 [%rd2], 1;`, "works on the executing CTA's own mbarriers only"},
		// A remote arrive with a state: the checker refuses it now
		// (testdata/check/bad/mbarrier_cluster_state.ptx).
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := "\tsetp.ne.u32 %p1, %tid, 0;\n\t@%p1 bra.uni SKIP;\n" + c.body + "\nSKIP:"
			src := strings.NewReplacer("DIRECTIVES", "", "BODY", body).Replace(clusterKernel)
			p := compilePTX(t, "cluster.ptx", src)
			m, err := newCluster(p, [3]uint32{2, 1, 1}, [3]uint32{1, 1, 1}, [3]uint32{2, 1, 1}, 4)
			if err != nil {
				t.Fatal(err)
			}
			m.Run(100000)
			if f := m.Fault(); f == nil || !strings.Contains(f.Msg, c.want) {
				t.Errorf("fault %v, want %q", f, c.want)
			}
		})
	}
}
