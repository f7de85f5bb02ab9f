package sim

// stasync_test.go: st.async and red.async (PTX ISA 9.7.9.12, 9.7.14.7):
// each thread of a CTA stores into the other CTA of its cluster through
// distributed shared memory, and the other CTA's mbarrier completes its
// phase when the stored bytes (complete-tx) and its own expect-tx arrival
// balance.

import (
	"strings"
	"testing"
)

const stAsyncBody = `
	mov.u32 %r1, buf;
	add.u32 %r2, %r1, 248;             // this CTA's mbarrier, in buf's last 8 bytes
	setp.eq.u32 %p1, %tid, 0;
	@%p1 mbarrier.init.shared::cta.b64 [%r2], 1;
	fence.mbarrier_init.release.cluster;
	barrier.cluster.arrive.relaxed.aligned;
	barrier.cluster.wait.aligned;
	@%p1 mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r2], 128;
	xor.b32 %r3, %ctarank, 1;
	shl.b32 %r4, %tid, 2;
	add.u32 %r5, %r1, %r4;
	mapa.shared::cluster.u32 %r6, %r5, %r3;  // the other CTA's buf[tid]
	mapa.shared::cluster.u32 %r7, MBAR, %r3; // an mbarrier there
	mad.lo.u32 %r8, %ctarank, 1000, %tid;
	STORE
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r2], 0;
	@!%p2 bra WAIT;
	ld.shared.u32 %r9, [%r5];
	mov.u32 %r10, %ctaid.x;
	mad.lo.u32 %r10, %r10, 32, %tid;
	mul.wide.u32 %rd1, %r10, 4;
	add.s64 %rd1, %out, %rd1;
	st.global.u32 [%rd1], %r9;
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;`

func TestStAsync(t *testing.T) {
	two := [3]uint32{2, 1, 1}
	for _, tc := range []struct {
		desc, store, mbar string
		fault             string
	}{
		{"st.async.u32", "st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%r6], %r8, [%r7];", "%r2", ""},
		{"st.async.weak.cluster.b32", "st.async.weak.cluster.shared::cluster.mbarrier::complete_tx::bytes.b32 [%r6], %r8, [%r7];", "%r2", ""},
		{"red.async.add onto zero", "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%r6], %r8, [%r7];", "%r2", ""},
		{"red.async.max onto zero", "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.max.u32 [%r6], %r8, [%r7];", "%r2", ""},
		{"the mbarrier in another CTA than the data", "st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%r6], %r8, [%r2];", "%r2",
			"must be in the CTA the copy lands in"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			body := strings.NewReplacer("STORE", tc.store, "MBAR", tc.mbar).Replace(stAsyncBody)
			r := runCluster(t, "", body, two, [3]uint32{32, 1, 1}, two, 64)
			f := r.m.Fault()
			if tc.fault != "" {
				if f == nil || !strings.Contains(f.Msg, tc.fault) {
					t.Fatalf("fault %v, want one saying %q", f, tc.fault)
				}
				return
			}
			if f != nil {
				t.Fatalf("fault: %v", f)
			}
			for rank := uint32(0); rank < 2; rank++ {
				for tid := uint32(0); tid < 32; tid++ {
					if got, want := r.out[rank*32+tid], 1000*(1-rank)+tid; got != want {
						t.Errorf("CTA %d thread %d read %d after its mbarrier's phase, want %d (stored by the other CTA)", rank, tid, got, want)
					}
				}
			}
		})
	}
}
