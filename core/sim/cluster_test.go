package sim

// cluster_test.go: thread-block clusters (PTX ISA 9.7.9.24 mapa, 9.7.9.25
// getctarank, 9.7.14.3 barrier.cluster, 10 special registers): the
// cluster special registers for several grid and cluster shapes, the
// launch's cluster rules, distributed shared memory through mapa of every
// rank, faults outside the cluster's windows, and the barrier's phases.

import (
	"encoding/binary"
	"fmt"

	"strings"
	"testing"
)

// clusterKernel wraps body in a kernel with parameter out (a .u64 buffer
// of u32 words) and the registers the tests use. DIRECTIVES go between
// the parameters and the body.
const clusterKernel = `.version 8.5
.target sm_90a
.address_size 64

.visible .entry k(.param .u64 out)
DIRECTIVES
{
	.reg .pred %p<8>;
	.reg .b32 %r<64>;
	.reg .b64 %rd<32>;
	.shared .align 8 .b32 buf[64];
	.reg .b64 %out;
	.reg .b32 %tid, %ctarank, %nrank, %gtid;
	ld.param.u64 %out, [out];
	mov.u32 %tid, %tid.x;
	mov.u32 %ctarank, %cluster_ctarank;
	mov.u32 %nrank, %cluster_nctarank;
BODY
	ret;
}
`

type clusterRun struct {
	m   *Machine
	out []uint32
}

// runCluster compiles body and runs it on grid x block with the launch's
// cluster (zeros: none given), with an output buffer of words u32 words.
// It returns the machine even when the run faulted.
func runCluster(t *testing.T, directives, body string, grid, block, cluster [3]uint32, words int) clusterRun {
	t.Helper()
	src := strings.NewReplacer("DIRECTIVES", directives, "BODY", body).Replace(clusterKernel)
	p := compilePTX(t, "cluster.ptx", src)
	m, err := newCluster(p, grid, block, cluster, words)
	if err != nil {
		t.Fatalf("launch: %v", err)
	}
	m.Run(1_000_000)
	if !m.Done() {
		t.Fatal("the kernel did not finish in 1e6 warp instructions")
	}
	b, _ := m.BufferByName("out")
	out := make([]uint32, words)
	for i := range out {
		out[i] = uint32(b.Uint(i*4, 4))
	}
	return clusterRun{m, out}
}

func newCluster(p *Program, grid, block, cluster [3]uint32, words int) (*Machine, error) {
	_, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: grid, Block: block, Cluster: cluster, Params: params})
	if err != nil {
		return nil, err
	}
	a := m.Alloc("out", 4*words)
	binary.LittleEndian.PutUint64(params, a)
	return m, nil
}

// TestClusterSpecialRegisters checks every cluster special register in
// every CTA against their definitions (ISA 10): %cluster_ctaid is
// %ctaid mod the cluster shape, %clusterid is %ctaid divided by it,
// %nclusterid the grid divided by it, %cluster_ctarank the x-fastest rank
// of %cluster_ctaid in the cluster and %cluster_nctarank the cluster's
// size; %is_explicit_cluster is set when the launch or the kernel gives a
// cluster shape.
func TestClusterSpecialRegisters(t *testing.T) {
	const fields = 16
	body := `
	setp.ne.u32 %p1, %tid, 0;
	@%p1 bra DONE;
	mov.u32 %r1, %ctaid.x;
	mov.u32 %r2, %ctaid.y;
	mov.u32 %r3, %ctaid.z;
	mov.u32 %r4, %nctaid.x;
	mov.u32 %r5, %nctaid.y;
	mad.lo.u32 %r6, %r3, %r5, %r2;
	mad.lo.u32 %r6, %r6, %r4, %r1; // linear CTA index
	mul.lo.u32 %r6, %r6, 16;
	mul.wide.u32 %rd1, %r6, 4;
	add.s64 %rd1, %out, %rd1;
	mov.u32 %r10, %cluster_ctaid.x;
	mov.u32 %r11, %cluster_ctaid.y;
	mov.u32 %r12, %cluster_ctaid.z;
	st.global.v4.u32 [%rd1], {%r10, %r11, %r12, %ctarank};
	mov.u32 %r10, %clusterid.x;
	mov.u32 %r11, %clusterid.y;
	mov.u32 %r12, %clusterid.z;
	st.global.v4.u32 [%rd1+16], {%r10, %r11, %r12, %nrank};
	mov.u32 %r10, %nclusterid.x;
	mov.u32 %r11, %nclusterid.y;
	mov.u32 %r12, %nclusterid.z;
	selp.u32 %r13, 1, 0, %is_explicit_cluster;
	st.global.v4.u32 [%rd1+32], {%r10, %r11, %r12, %r13};
	mov.u32 %r10, %cluster_nctaid.x;
	mov.u32 %r11, %cluster_nctaid.y;
	mov.u32 %r12, %cluster_nctaid.z;
	mov.u32 %r13, %cluster_nctaid.w;
	st.global.v4.u32 [%rd1+48], {%r10, %r11, %r12, %r13};
DONE:`
	for _, tc := range []struct {
		desc       string
		directives string
		grid, dim  [3]uint32 // dim: the launch's "cluster" (zeros: none)
		want       [3]uint32 // the cluster shape the kernel sees
		explicit   bool
	}{
		{"no cluster: each CTA is a cluster of one", "", [3]uint32{3, 2, 1}, [3]uint32{}, [3]uint32{1, 1, 1}, false},
		{"a row of two", "", [3]uint32{4, 1, 1}, [3]uint32{2, 1, 1}, [3]uint32{2, 1, 1}, true},
		{"2x3 clusters in a 4x6x2 grid", "", [3]uint32{4, 6, 2}, [3]uint32{2, 3, 1}, [3]uint32{2, 3, 1}, true},
		{"one 2x2x2 cluster is the grid", "", [3]uint32{2, 2, 2}, [3]uint32{2, 2, 2}, [3]uint32{2, 2, 2}, true},
		{"a column of four along y", "", [3]uint32{2, 8, 1}, [3]uint32{1, 4, 1}, [3]uint32{1, 4, 1}, true},
		{"z clusters", "", [3]uint32{1, 1, 4}, [3]uint32{1, 1, 2}, [3]uint32{1, 1, 2}, true},
		{"a 1x1x1 cluster given explicitly", "", [3]uint32{2, 1, 1}, [3]uint32{1, 1, 1}, [3]uint32{1, 1, 1}, true},
		{".reqnctapercluster gives the shape", ".reqnctapercluster 2, 2, 1", [3]uint32{4, 2, 1}, [3]uint32{}, [3]uint32{2, 2, 1}, true},
		{".reqnctapercluster and an equal launch field", ".reqnctapercluster 4\n.explicitcluster", [3]uint32{8, 1, 1}, [3]uint32{4, 1, 1}, [3]uint32{4, 1, 1}, true},
		{"16 CTAs, the largest cluster", "", [3]uint32{8, 4, 2}, [3]uint32{4, 2, 2}, [3]uint32{4, 2, 2}, true},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			g := tc.grid
			n := int(g[0] * g[1] * g[2])
			r := runCluster(t, tc.directives, body, g, [3]uint32{64, 1, 1}, tc.dim, n*fields)
			if f := r.m.Fault(); f != nil {
				t.Fatalf("fault: %v", f)
			}
			d := tc.want
			size := d[0] * d[1] * d[2]
			for i := 0; i < n; i++ {
				id := [3]uint32{uint32(i) % g[0], uint32(i) / g[0] % g[1], uint32(i) / (g[0] * g[1])}
				cc := [3]uint32{id[0] % d[0], id[1] % d[1], id[2] % d[2]}
				want := []uint32{
					cc[0], cc[1], cc[2], cc[0] + cc[1]*d[0] + cc[2]*d[0]*d[1],
					id[0] / d[0], id[1] / d[1], id[2] / d[2], size,
					g[0] / d[0], g[1] / d[1], g[2] / d[2], uint32(bit(tc.explicit)),
					d[0], d[1], d[2], 0,
				}
				got := r.out[i*fields : (i+1)*fields]
				names := []string{"cluster_ctaid.x", "cluster_ctaid.y", "cluster_ctaid.z", "cluster_ctarank",
					"clusterid.x", "clusterid.y", "clusterid.z", "cluster_nctarank",
					"nclusterid.x", "nclusterid.y", "nclusterid.z", "is_explicit_cluster",
					"cluster_nctaid.x", "cluster_nctaid.y", "cluster_nctaid.z", "cluster_nctaid.w"}
				for k := range want {
					if got[k] != want[k] {
						t.Errorf("CTA (%d,%d,%d): %%%s = %d, want %d", id[0], id[1], id[2], names[k], got[k], want[k])
					}
				}
			}
		})
	}
}

// TestDistributedSharedMemory: thread t of the CTA of rank s stores
// 1000*s + t into word s of buf in the CTA of rank t, through mapa of
// every rank (ISA 9.7.9.24); after barrier.cluster each CTA of rank d
// finds 1000*s + d in word s. The shared::cluster, generic and atomic
// forms must all reach the same memory.
func TestDistributedSharedMemory(t *testing.T) {
	store := map[string]string{
		"st.shared::cluster": `
	mapa.shared::cluster.u32 %r3, %r1, %tid;
	st.shared::cluster.u32 [%r3], %r4;`,
		"st through a generic address": `
	cvta.shared.u64 %rd2, %rd1;
	mapa.u64 %rd3, %rd2, %tid;
	st.u32 [%rd3], %r4;`,
		"64-bit shared::cluster address": `
	mapa.shared::cluster.u64 %rd3, %rd1, %tid;
	st.shared::cluster.u32 [%rd3], %r4;`,
		"atom.shared::cluster.exch": `
	mapa.shared::cluster.u32 %r3, %r1, %tid;
	atom.shared::cluster.exch.b32 %r9, [%r3], %r4;`,
		"red.shared::cluster.add onto zero": `
	mapa.shared::cluster.u32 %r3, %r1, %tid;
	red.shared::cluster.add.u32 [%r3], %r4;`,
		"the variable's address in mapa": `
	mapa.shared::cluster.u32 %r3, buf, %tid;
	add.u32 %r3, %r3, %r2;
	st.shared::cluster.u32 [%r3], %r4;`,
	}
	for name, st := range store {
		for _, shape := range []struct{ grid, dim [3]uint32 }{
			{[3]uint32{2, 1, 1}, [3]uint32{2, 1, 1}},
			{[3]uint32{4, 4, 1}, [3]uint32{2, 2, 1}},
			{[3]uint32{8, 2, 1}, [3]uint32{8, 2, 1}},
		} {
			t.Run(fmt.Sprintf("%s/cluster %v", name, shape.dim), func(t *testing.T) {
				body := `
	setp.ge.u32 %p1, %tid, %nrank;
	@%p1 bra SKIP;
	mov.u32 %r1, buf;
	shl.b32 %r2, %ctarank, 2;
	add.u32 %r1, %r1, %r2;
	cvt.u64.u32 %rd1, %r1;
	mad.lo.u32 %r4, %ctarank, 1000, %tid;` + st + `
SKIP:
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	@%p1 bra DONE;
	mov.u32 %r1, buf;
	shl.b32 %r2, %tid, 2;
	add.u32 %r1, %r1, %r2;
	ld.shared.u32 %r5, [%r1];
	mov.u32 %r6, %ctaid.x;
	mov.u32 %r7, %ctaid.y;
	mov.u32 %r8, %nctaid.x;
	mad.lo.u32 %r6, %r7, %r8, %r6;
	mad.lo.u32 %r6, %r6, 16, %tid;
	mul.wide.u32 %rd4, %r6, 4;
	add.s64 %rd4, %out, %rd4;
	st.global.u32 [%rd4], %r5;
DONE:`
				g, d := shape.grid, shape.dim
				n := int(g[0] * g[1])
				r := runCluster(t, "", body, g, [3]uint32{64, 1, 1}, d, n*16)
				if f := r.m.Fault(); f != nil {
					t.Fatalf("fault: %v", f)
				}
				size := d[0] * d[1]
				for i := 0; i < n; i++ {
					x, y := uint32(i)%g[0], uint32(i)/g[0]
					rank := x%d[0] + y%d[1]*d[0]
					for s := uint32(0); s < size; s++ {
						if got, want := r.out[i*16+int(s)], 1000*s+rank; got != want {
							t.Errorf("CTA (%d,%d) (rank %d): word %d = %d, want %d (from rank %d)", x, y, rank, s, got, want, s)
						}
					}
				}
			})
		}
	}
}

// TestMapaEveryRank checks the documented shared::cluster encoding
// (cluster.go): mapa of word w to rank r is (r+1)*ClusterSlot + the
// word's offset, getctarank of it is r, and getctarank of a shared::cta
// address is the executing CTA's rank; generic addresses are the
// shared::cluster ones in the shared window, isspacep tells them apart.
func TestMapaEveryRank(t *testing.T) {
	body := `
	setp.ge.u32 %p1, %tid, %nrank;
	@%p1 bra DONE;
	mov.u32 %r1, buf;
	shl.b32 %r2, %tid, 2;
	add.u32 %r1, %r1, %r2;          // &buf[tid], shared::cta
	mapa.shared::cluster.u32 %r3, %r1, %tid;
	getctarank.shared::cluster.u32 %r4, %r3;
	getctarank.shared::cluster.u32 %r5, %r1;
	cvta.shared.u64 %rd1, buf;
	mapa.u64 %rd2, %rd1, %tid;
	cvt.u32.u64 %r6, %rd2;
	getctarank.u64 %r7, %rd2;
	isspacep.shared::cluster %p2, %rd2;
	isspacep.shared::cta %p3, %rd2;
	selp.u32 %r8, 1, 0, %p2;
	selp.u32 %r9, 1, 0, %p3;
	cvta.to.shared::cta.u64 %rd3, %rd2;
	cvt.u32.u64 %r10, %rd3;
	mov.u32 %r11, %ctaid.x;
	mad.lo.u32 %r11, %r11, 4, %tid;
	mul.lo.u32 %r11, %r11, 12;
	mul.wide.u32 %rd4, %r11, 4;
	add.s64 %rd4, %out, %rd4;
	st.global.v4.u32 [%rd4], {%r1, %r3, %r4, %r5};
	st.global.v4.u32 [%rd4+16], {%r6, %r7, %r8, %r9};
	st.global.u32 [%rd4+32], %r10;
DONE:`
	const n, size = 8, 4
	r := runCluster(t, "", body, [3]uint32{n, 1, 1}, [3]uint32{32, 1, 1}, [3]uint32{size, 1, 1}, n*size*12)
	if f := r.m.Fault(); f != nil {
		t.Fatalf("fault: %v", f)
	}
	for c := uint32(0); c < n; c++ {
		own := c % size
		for tr := uint32(0); tr < size; tr++ {
			got := r.out[(c*size+tr)*12:][:9]
			off := got[0] // &buf[tr] as a shared::cta address
			if off != 4*tr {
				t.Errorf("CTA %d: &buf[%d] = %#x, want %#x (buf is the only shared variable)", c, tr, off, 4*tr)
			}
			want := []uint32{off, (tr+1)*ClusterSlot + off, tr, own,
				sharedWindow + (tr+1)*ClusterSlot, tr, 1, uint32(bit(tr == own)), 0}
			if tr == own {
				want[8] = 0 // the CTA's own alias converts back to the shared::cta address of buf
			} else {
				want[8] = (tr + 1) * ClusterSlot // undefined by the ISA: ptxplay leaves the offset in the window
			}
			names := []string{"&buf[t]", "mapa.shared::cluster", "getctarank of it", "getctarank of shared::cta", "mapa (generic)", "getctarank (generic)", "isspacep.shared::cluster", "isspacep.shared::cta", "cvta.to.shared::cta"}
			for k := range want {
				if got[k] != want[k] {
					t.Errorf("CTA %d (rank %d), rank %d: %s = %#x, want %#x", c, own, tr, names[k], got[k], want[k])
				}
			}
		}
	}
}

// TestClusterFaults: accesses outside the cluster's windows stop the run
// with a fault that names the CTA.
func TestClusterFaults(t *testing.T) {
	two := [3]uint32{2, 1, 1}
	for _, tc := range []struct {
		desc, body string
		dim        [3]uint32
		want       []string
	}{
		{"mapa to a rank past the cluster", `
	mapa.shared::cluster.u32 %r3, buf, %nrank;`, two,
			[]string{"mapa: rank 2 is outside the cluster of 2 CTAs", "CTA (0,0,0)", "line"}},
		{"a shared::cluster address past the last rank", `
	mov.u32 %r3, 0xC0000;
	ld.shared::cluster.u32 %r4, [%r3];`, two,
			[]string{"shared::cluster address 0xc0000 outside the shared::cluster window: it names rank 2 of a cluster of 2 CTAs", "CTA (0,0,0)"}},
		{"past the end of another CTA's shared memory", `
	mov.u32 %r5, 1;
	mapa.shared::cluster.u32 %r3, buf, %r5;
	ld.shared::cluster.u32 %r4, [%r3+256];`, two,
			[]string{"outside CTA (1,0,0)'s (cluster rank 1) 256 bytes of shared memory", "of CTA (0,0,0)"}},
		{"a cluster address through ld.shared::cta", `
	mov.u32 %r5, 1;
	mapa.shared::cluster.u32 %r3, buf, %r5;
	ld.shared::cta.u32 %r4, [%r3];`, two,
			[]string{"outside the CTA's 256 bytes of shared memory"}},
		{"mapa to rank 1 without clusters", `
	mov.u32 %r5, 1;
	mapa.shared::cluster.u32 %r3, buf, %r5;`, [3]uint32{},
			[]string{"mapa: rank 1 is outside the cluster of 1 CTAs"}},
		{"a shared::cluster address without clusters", `
	mov.u32 %r3, 0x80000;
	ld.shared::cluster.u32 %r4, [%r3];`, [3]uint32{},
			[]string{"the launch has no clusters"}},
		{"mapa of a global address", `
	mapa.u64 %rd3, %out, 0;`, two,
			[]string{"mapa: 0x10000000 is not a generic address of shared memory"}},
		{"a read of an exited CTA's shared memory", `
	setp.ne.u32 %p1, %ctarank, 0;
	@%p1 exit;
	mov.u32 %r1, 0;
LOOP:
	add.u32 %r1, %r1, 1;
	setp.lt.u32 %p2, %r1, 200;
	@%p2 bra LOOP;
	mov.u32 %r5, 1;
	mapa.shared::cluster.u32 %r3, buf, %r5;
	ld.shared::cluster.u32 %r4, [%r3];`, two,
			[]string{"CTA (1,0,0) (cluster rank 1), which has exited", "of CTA (0,0,0)", "cluster rank 0"}},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			r := runCluster(t, "", tc.body, [3]uint32{2, 1, 1}, [3]uint32{32, 1, 1}, tc.dim, 1)
			f := r.m.Fault()
			if f == nil {
				t.Fatal("no fault")
			}
			for _, w := range tc.want {
				if !strings.Contains(f.Msg, w) {
					t.Errorf("fault %q does not say %q", f.Msg, w)
				}
			}
		})
	}
}

// TestClusterLaunchRules: the cluster shape must divide the grid, hold 1
// to 16 CTAs, agree with .reqnctapercluster and .maxclusterrank, and be
// given for an .explicitcluster kernel; each error names the field.
func TestClusterLaunchRules(t *testing.T) {
	for _, tc := range []struct {
		desc, directives string
		grid, dim        [3]uint32
		want             string
	}{
		{"grid not a multiple in x", "", [3]uint32{3, 1, 1}, [3]uint32{2, 1, 1}, `"grid" [3, 1, 1] is not a multiple of "cluster" [2, 1, 1] in x`},
		{"grid not a multiple in y", "", [3]uint32{2, 3, 1}, [3]uint32{1, 2, 1}, `in y`},
		{"grid not a multiple in z", "", [3]uint32{2, 2, 3}, [3]uint32{1, 1, 2}, `in z`},
		{"17 CTAs", "", [3]uint32{17, 1, 1}, [3]uint32{17, 1, 1}, `"cluster" [17, 1, 1] has 17 CTAs; a cluster has 1 to 16`},
		{"32 CTAs in 3-D", "", [3]uint32{4, 4, 2}, [3]uint32{4, 4, 2}, `has 32 CTAs`},
		{"disagrees with .reqnctapercluster", ".reqnctapercluster 2, 1, 1", [3]uint32{4, 1, 1}, [3]uint32{4, 1, 1}, `"cluster" is [4, 1, 1] but kernel k declares .reqnctapercluster 2, 1, 1`},
		{".reqnctapercluster not dividing the grid", ".reqnctapercluster 4", [3]uint32{6, 1, 1}, [3]uint32{}, `"grid" [6, 1, 1] is not a multiple of "cluster" [4, 1, 1] in x`},
		{"over .maxclusterrank", ".maxclusterrank 2", [3]uint32{4, 1, 1}, [3]uint32{4, 1, 1}, `more than kernel k's .maxclusterrank 2`},
		{".explicitcluster without a shape", ".explicitcluster", [3]uint32{4, 1, 1}, [3]uint32{}, `kernel k declares .explicitcluster: set "cluster"`},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			src := strings.NewReplacer("DIRECTIVES", tc.directives, "BODY", "").Replace(clusterKernel)
			p := compilePTX(t, "cluster.ptx", src)
			_, err := newCluster(p, tc.grid, [3]uint32{32, 1, 1}, tc.dim, 1)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
	// The edges that are fine.
	src := strings.NewReplacer("DIRECTIVES", ".maxclusterrank 16", "BODY", "").Replace(clusterKernel)
	p := compilePTX(t, "cluster.ptx", src)
	if _, err := newCluster(p, [3]uint32{16, 2, 1}, [3]uint32{32, 1, 1}, [3]uint32{8, 2, 1}, 1); err != nil {
		t.Errorf("a cluster of 16 under .maxclusterrank 16: %v", err)
	}
}

// TestClusterBarrierPhases: barrier.cluster (ISA 9.7.14.3). wait blocks a
// thread until every non-exited thread of the cluster has arrived in the
// phase it arrived in; the barrier then reinitializes, so the next arrive
// starts the next phase; a thread that has no arrival pending does not
// wait; exited threads do not hold the barrier up; a thread may arrive
// only once a phase.
func TestClusterBarrierPhases(t *testing.T) {
	two := [3]uint32{2, 1, 1}
	// signal: rank 1 spins 300 iterations, then stores 7+phase into word 0
	// of rank 0 before it arrives; rank 0 arrives at once, waits, and
	// reports what word 0 holds.
	const late = `
	setp.ne.u32 %p1, %ctarank, 1;
	@%p1 bra ARRIVE;
	mov.u32 %r1, 0;
SPIN:
	add.u32 %r1, %r1, 1;
	setp.lt.u32 %p2, %r1, 300;
	@%p2 bra SPIN;
	add.u32 %r2, %r20, 7;
	mapa.shared::cluster.u32 %r3, buf, 0;
	st.shared::cluster.u32 [%r3], %r2;
ARRIVE:`
	const report = `
	setp.ne.u32 %p3, %ctarank, 0;
	setp.ne.u32 %p4, %tid, 0;
	or.pred %p3, %p3, %p4;
	@%p3 bra NEXT;
	ld.shared.u32 %r5, [buf];
	mul.wide.u32 %rd1, %r20, 4;
	add.s64 %rd1, %out, %rd1;
	st.global.u32 [%rd1], %r5;
NEXT:`
	for _, tc := range []struct {
		desc   string
		body   string
		block  uint32
		out    []uint32 // words 0.. of out
		phases int64
		fault  string
	}{
		{"wait blocks until the last thread arrives", `mov.u32 %r20, 0;` + late + `
	barrier.cluster.arrive;
	barrier.cluster.wait;` + report, 64, []uint32{7}, 1, ""},
		{"arrive.release and wait.acquire, .aligned", `mov.u32 %r20, 0;` + late + `
	barrier.cluster.arrive.release.aligned;
	barrier.cluster.wait.acquire.aligned;` + report, 64, []uint32{7}, 1, ""},
		{"relaxed arrive, work between arrive and wait", `mov.u32 %r20, 0;` + late + `
	barrier.cluster.arrive.relaxed.aligned;
	add.u32 %r30, %r30, 1;
	barrier.cluster.wait.aligned;` + report, 64, []uint32{7}, 1, ""},
		{"three phases in a loop, arriving again right after each wait", `
	mov.u32 %r20, 0;
PHASE:` + late + `
	barrier.cluster.arrive;
	barrier.cluster.wait;` + report + `
	barrier.cluster.arrive;
	barrier.cluster.wait;
	add.u32 %r20, %r20, 1;
	setp.lt.u32 %p5, %r20, 3;
	@%p5 bra PHASE;`, 64, []uint32{7, 8, 9}, 6, ""},
		{"a wait with no arrival pending does not block", `
	barrier.cluster.wait;
	mov.u32 %r20, 0;` + late + `
	barrier.cluster.arrive;
	barrier.cluster.wait;` + report, 64, []uint32{7}, 1, ""},
		{"exited warps and lanes do not hold the barrier up", `
	setp.ge.u32 %p6, %tid, 48;
	@%p6 exit;
	mov.u32 %r20, 0;` + late + `
	barrier.cluster.arrive;
	barrier.cluster.wait;` + report, 96, []uint32{7}, 1, ""},
		{"lanes of a warp arriving on two paths", `
	mov.u32 %r20, 0;` + late + `
	and.b32 %r9, %tid, 1;
	setp.eq.u32 %p6, %r9, 0;
	@%p6 bra EVEN;
	barrier.cluster.arrive;
	bra.uni JOIN;
EVEN:
	barrier.cluster.arrive;
JOIN:
	barrier.cluster.wait;` + report, 64, []uint32{7}, 1, ""},
		{".aligned executed by half a warp", `
	and.b32 %r9, %tid, 1;
	setp.eq.u32 %p6, %r9, 0;
	@%p6 barrier.cluster.arrive.aligned;`, 32, nil, 0, "barrier.cluster .aligned: every thread of the warp must execute it together (lanes 0x55555555 do"},
		{"arriving twice in one phase", `
	barrier.cluster.arrive;
	barrier.cluster.arrive;`, 32, nil, 0, "arrived again before the cluster barrier's phase completed"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			r := runCluster(t, "", tc.body, two, [3]uint32{tc.block, 1, 1}, two, 4)
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
			for i, want := range tc.out {
				if r.out[i] != want {
					t.Errorf("phase %d: rank 0 read %d after the wait, want %d (rank 1's store before its arrival)", i, r.out[i], want)
				}
			}
			if r.m.cl.phases != tc.phases {
				t.Errorf("%d phases completed, want %d", r.m.cl.phases, tc.phases)
			}
		})
	}
}

// TestClusterDeadlock: a warp waiting at its CTA's barrier for a warp
// that waits at the cluster barrier for it is a deadlock the fault
// spells out, CTA by CTA.
func TestClusterDeadlock(t *testing.T) {
	body := `
	setp.ge.u32 %p1, %tid, 32;
	@%p1 bra CLUSTER;
	bar.sync 1;
	bra.uni END;
CLUSTER:
	barrier.cluster.arrive;
	barrier.cluster.wait;
END:`
	two := [3]uint32{2, 1, 1}
	r := runCluster(t, "", body, two, [3]uint32{64, 1, 1}, two, 1)
	f := r.m.Fault()
	if f == nil {
		t.Fatal("no fault")
	}
	for _, w := range []string{"deadlock", "CTA (0,0,0) warp 0 at barrier 1;", "CTA (0,0,0) warp 1 at the cluster barrier;", "CTA (1,0,0) warp 0 at barrier 1;", "CTA (1,0,0) warp 1 at the cluster barrier;"} {
		if !strings.Contains(f.Msg, w) {
			t.Errorf("fault %q does not say %q", f.Msg, w)
		}
	}
}

// TestClusterStepBack: stepping back through a cluster launch (CTAs
// taking turns, barrier phases, remote stores) restores every state
// exactly, as a fresh run to the same step has it.
func TestClusterStepBack(t *testing.T) {
	body := `
	mov.u32 %r20, 0;
PHASE:
	add.u32 %r4, %r20, %ctarank;
	setp.lt.u32 %p1, %tid, %nrank;
	@%p1 mapa.shared::cluster.u32 %r3, buf, %tid;
	@%p1 st.shared::cluster.u32 [%r3], %r4;
	barrier.cluster.arrive;
	barrier.cluster.wait;
	add.u32 %r20, %r20, 1;
	setp.lt.u32 %p5, %r20, 2;
	@%p5 bra PHASE;`
	src := strings.NewReplacer("DIRECTIVES", "", "BODY", body).Replace(clusterKernel)
	p := compilePTX(t, "cluster.ptx", src)
	mk := func() *Machine {
		m, err := newCluster(p, [3]uint32{4, 1, 1}, [3]uint32{96, 1, 1}, [3]uint32{2, 1, 1}, 1)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	s := NewSession(mk(), 1<<20)
	var prints [][32]byte
	var order []uint32 // the x of the CTA that issued each step
	for !s.Done() {
		prints = append(prints, s.Machine().Fingerprint())
		s.Step()
		order = append(order, s.Machine().Last().CTA[0])
	}
	if f := s.Machine().Fault(); f != nil {
		t.Fatalf("fault: %v", f)
	}
	if s.Machine().cl.phases != 4 {
		t.Errorf("%d phases, want 4 (2 clusters x 2)", s.Machine().cl.phases)
	}
	// The CTAs of a cluster take turns, and clusters run one after
	// another: CTA 1 issues before CTA 0's last step, CTA 2 only after
	// CTAs 0 and 1 have ended.
	last := map[uint32]int{}
	first := map[uint32]int{}
	for i, x := range order {
		if _, ok := first[x]; !ok {
			first[x] = i
		}
		last[x] = i
	}
	if first[1] > last[0] {
		t.Errorf("CTA 1 first issued at step %d, after CTA 0's last step %d: the cluster's CTAs did not run together", first[1], last[0])
	}
	if first[2] < last[0] || first[2] < last[1] || first[3] < last[1] {
		t.Errorf("the second cluster started (steps %d, %d) before the first ended (steps %d, %d)", first[2], first[3], last[0], last[1])
	}
	n := int64(len(prints))
	for _, k := range []int64{n - 1, n / 2, 7, n - 2, 0, n / 3} {
		s.GoTo(k)
		if got := s.Machine().Fingerprint(); got != prints[k] {
			t.Errorf("GoTo(%d) after running to the end: the state differs from step %d's", k, k)
		}
	}
}

// TestStepWarpInCluster: Step warp for a CTA of the running cluster that
// did not issue last runs until that CTA's warp has issued; a CTA of a
// cluster that has not started cannot be stepped.
func TestStepWarpInCluster(t *testing.T) {
	body := `
	mov.u32 %r1, 0;
LOOP:
	add.u32 %r1, %r1, 1;
	setp.lt.u32 %p1, %r1, 100;
	@%p1 bra LOOP;`
	src := strings.NewReplacer("DIRECTIVES", "", "BODY", body).Replace(clusterKernel)
	p := compilePTX(t, "cluster.ptx", src)
	m, err := newCluster(p, [3]uint32{4, 1, 1}, [3]uint32{64, 1, 1}, [3]uint32{2, 1, 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(m, 1<<20)
	s.Step() // CTA 0 warp 0 issues first
	if got := s.Machine().Last().CTA; got != [3]uint32{0, 0, 0} {
		t.Fatalf("the first step issued in CTA %v", got)
	}
	for _, w := range []int{1, 0, 1} {
		if !s.StepWarpIn(1, w, 10000) {
			t.Fatalf("StepWarpIn(CTA 1, warp %d) reports false", w)
		}
		if l := s.Machine().Last(); l.CTA != [3]uint32{1, 0, 0} || l.Warp != w {
			t.Errorf("StepWarpIn(CTA 1, warp %d) stopped after CTA %v warp %d", w, l.CTA, l.Warp)
		}
	}
	if s.StepWarpIn(2, 0, 10000) {
		t.Errorf("CTA 2 (the next cluster) could be stepped while the first cluster runs")
	}
}
