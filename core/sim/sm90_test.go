package sim

// sm90_test.go: elect.sync (PTX ISA 9.7.14.15) under divergent, guarded
// and partial masks; setmaxnreg's register-count rules (9.7.20.5); the
// sm_90 fences, which order what this machine runs in order anyway.

import (
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// TestElectSync: the leader is the lowest predicated-active lane of
// membermask; d gets its lane id in every executing lane, p is true in
// the leader alone. The executing thread must be in membermask and every
// live thread of membermask must reach the instruction with it.
func TestElectSync(t *testing.T) {
	const none = 99 // what d and p hold where elect.sync did not write
	for _, tc := range []struct {
		desc   string
		block  uint32
		pre    string // runs before; may branch to SKIP around elect
		mask   string
		guard  string
		leader int
		exec   uint32 // lanes that execute elect.sync
		fault  string
	}{
		{"full warp, full mask", 32, "", "0xffffffff", "", 0, 0xffffffff, ""},
		{"full warp, mask without lane 0 (lanes 0-3 branch away)", 32, `
	setp.lt.u32 %p3, %tid, 4;
	@%p3 bra SKIP;`, "0xfffffff0", "", 4, 0xfffffff0, ""},
		{"a branch of lanes 8-15 with their mask", 32, `
	shr.u32 %r9, %tid, 3;
	setp.ne.u32 %p3, %r9, 1;
	@%p3 bra SKIP;`, "0x0000ff00", "", 8, 0x0000ff00, ""},
		{"odd lanes guarded in, full mask: lane 1 leads", 32, "", "0xffffffff", "@%p4 ", 1, 0xaaaaaaaa, ""},
		{"partial warp of 20 threads, full mask", 20, "", "0xffffffff", "", 0, 0x000fffff, ""},
		{"lanes 0-3 exited, full mask", 32, `
	setp.lt.u32 %p3, %tid, 4;
	@%p3 exit;`, "0xffffffff", "", 4, 0xfffffff0, ""},
		{"second warp elects its own lane 0", 64, `
	setp.lt.u32 %p3, %tid, 32;
	@%p3 bra SKIP;`, "0xffffffff", "", 0, 0, ""},
		{"executing thread not in membermask", 32, "", "0x0000ffff", "", 0, 0, "elect.sync: the thread is not in membermask 0x0000ffff"},
		{"membermask lanes on the other path", 32, `
	setp.ge.u32 %p3, %tid, 16;
	@%p3 bra SKIP;`, "0xffffffff", "", 0, 0, "lanes 0xffff0000 of membermask 0xffffffff are on another path"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			body := `
	and.b32 %r9, %tid, 1;
	setp.eq.u32 %p4, %r9, 1;
	mov.u32 %r1, 99;
	mov.u32 %r2, 99;` + tc.pre + `
	` + tc.guard + `elect.sync %r1|%p1, ` + tc.mask + `;
	` + tc.guard + `selp.u32 %r2, 1, 0, %p1;
SKIP:
	mul.wide.u32 %rd1, %tid, 8;
	add.s64 %rd1, %out, %rd1;
	st.global.v2.u32 [%rd1], {%r1, %r2};`
			r := runCluster(t, "", body, [3]uint32{1, 1, 1}, [3]uint32{tc.block, 1, 1}, [3]uint32{}, 2*int(tc.block))
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
			exec := func(i int) bool {
				if tc.desc == "second warp elects its own lane 0" {
					return i >= 32
				}
				return tc.exec>>uint(i%32)&1 != 0 && i < 32
			}
			for i := 0; i < int(tc.block); i++ {
				d, p := r.out[2*i], r.out[2*i+1]
				wantD, wantP := uint32(none), uint32(none)
				if exec(i) {
					wantD, wantP = uint32(tc.leader), uint32(bit(i%32 == tc.leader))
				}
				if tc.desc == "lanes 0-3 exited, full mask" && i < 4 {
					continue // exited before storing
				}
				if d != wantD || p != wantP {
					t.Errorf("thread %d: d = %d, p = %d; want %d, %d", i, d, p, wantD, wantP)
				}
			}
		})
	}
}

// TestSetmaxnreg: the count must be a multiple of 8 from 24 to 256 (a
// check error at the instruction); every thread of the warp executes it;
// .dec may not raise nor .inc lower the warp's count once it is known
// (from .maxnreg, then from the last setmaxnreg).
func TestSetmaxnreg(t *testing.T) {
	for _, tc := range []struct {
		desc, directives, body string
		want                   string // a fault, or "" for a clean run
		maxnreg                int    // warp 0's count at the end
	}{
		{"producer lowers, consumer raises", "", `
	setp.lt.u32 %p1, %tid, 128;
	@%p1 bra CONSUMER;
	setmaxnreg.dec.sync.aligned.u32 40;
	bra.uni END;
CONSUMER:
	setmaxnreg.inc.sync.aligned.u32 232;
END:`, "", 232},
		{"the edges 24 and 256", "", `
	setmaxnreg.dec.sync.aligned.u32 24;
	setmaxnreg.inc.sync.aligned.u32 256;`, "", 256},
		{".inc below the count of the last setmaxnreg", "", `
	setmaxnreg.inc.sync.aligned.u32 200;
	setmaxnreg.inc.sync.aligned.u32 192;`, "setmaxnreg.inc to 192 registers, below the warp's 200", 0},
		{".dec above .maxnreg", ".maxnreg 128", `
	setmaxnreg.dec.sync.aligned.u32 136;`, "setmaxnreg.dec to 136 registers, above the warp's 128", 0},
		{".inc from .maxnreg", ".maxnreg 128", `
	setmaxnreg.inc.sync.aligned.u32 136;`, "", 136},
		{"half a warp", "", `
	and.b32 %r9, %tid, 31;
	setp.lt.u32 %p1, %r9, 16;
	@%p1 setmaxnreg.dec.sync.aligned.u32 40;`, "every thread of the warp must execute it", 0},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			r := runCluster(t, tc.directives, tc.body, [3]uint32{1, 1, 1}, [3]uint32{256, 1, 1}, [3]uint32{}, 1)
			f := r.m.Fault()
			if tc.want != "" {
				if f == nil || !strings.Contains(f.Msg, tc.want) {
					t.Fatalf("fault %v, want one saying %q", f, tc.want)
				}
				return
			}
			if f != nil {
				t.Fatalf("fault: %v", f)
			}
			snap := r.m.Snapshot(SnapshotOptions{CTA: 0, Warp: -1})
			if got := snap.Warps[0].MaxNReg; got != tc.maxnreg {
				t.Errorf("warp 0 ends with %d registers, want %d", got, tc.maxnreg)
			}
		})
	}
	for _, n := range []string{"16", "260", "100", "0"} {
		src := strings.NewReplacer("DIRECTIVES", "", "BODY", "\tsetmaxnreg.inc.sync.aligned.u32 "+n+";").Replace(clusterKernel)
		mod, errs := ptx.Parse("k.ptx", []byte(src))
		if len(errs) > 0 {
			t.Fatal(errs[0])
		}
		cp, errs := check.Check(mod)
		if len(errs) == 0 {
			errs = check.Invalid(cp)
		}
		if len(errs) == 0 || !strings.Contains(errs[0].Error(), "multiple of 8 from 24 to 256, not "+n) || !strings.Contains(errs[0].Error(), "k.ptx:18:") {
			t.Errorf("setmaxnreg %s: errors %v, want one at line 18 saying it is out of the rules", n, errs)
		}
	}
}

// TestSm90Fences: the fences around the asynchronous machinery run (the
// machine issues one warp at a time and lands every write at once, so
// each ordering already holds) and leave registers and memory alone.
func TestSm90Fences(t *testing.T) {
	body := `
	mov.u32 %r1, 5;
	fence.proxy.async;
	fence.proxy.async.shared::cta;
	fence.proxy.async.shared::cluster;
	fence.proxy.async.global;
	fence.proxy.alias;
	fence.mbarrier_init.release.cluster;
	fence.proxy.tensormap::generic.release.gpu;
	fence.proxy.tensormap::generic.acquire.gpu [%out], 128;
	fence.acq_rel.cluster;
	griddepcontrol.launch_dependents;
	griddepcontrol.wait;
	st.global.u32 [%out], %r1;`
	r := runCluster(t, "", body, [3]uint32{1, 1, 1}, [3]uint32{32, 1, 1}, [3]uint32{}, 1)
	if f := r.m.Fault(); f != nil {
		t.Fatalf("fault: %v", f)
	}
	if r.out[0] != 5 {
		t.Errorf("out[0] = %d, want 5", r.out[0])
	}
}
