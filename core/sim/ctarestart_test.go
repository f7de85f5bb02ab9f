package sim

// ctarestart_test.go: a CTA restarted in a released CTA's struct and
// blocks (recycle, restartCTA), which writes only the fields that differ,
// starts exactly as startCTA starts one in new blocks: every field of the
// CTA, its warps, their frames and the blocks compared value by value,
// for CTAs that follow ones that left every kind of per-CTA state behind
// (calls that never returned, a deep SIMT stack, local and shared memory,
// an mbarrier, cp.async groups, the carry flag, barriers), with the
// sanitizers off and on.

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// restartKernel: CTAs 0 and 1 leave state behind; the others only store
// what they see. Each thread stores 8 words at out[8*gtid..]: a carry
// only CTAs 0 and 1 compute, a shared word only they write (read back
// after the barrier), the callee's result, the depth its nested branches
// reached, %tid.x, %ctaid.x + 1000 %warpid (restartCTA finds %ctaid once a
// CTA, %warpid once a warp), a local word, and the mbarrier's phase
// test. Warp 0 of CTA 0 exits inside the callee (its frames stay two
// deep), after its stores.
const restartKernel = `.version 7.0
.target sm_80
.address_size 64

.func (.reg .b32 rv) callee(.reg .b32 x)
{
	.reg .pred %q<2>;
	.reg .b64 %a<2>;
	.local .align 4 .b32 fl[4];
	mov.u64 %a1, fl;
	st.local.u32 [%a1+4], x;
	setp.eq.u32 %q1, x, 0;
	@%q1 exit;
	ld.local.u32 rv, [%a1+4];
	add.u32 rv, rv, 1;
	ret;
}

.visible .entry k(.param .u64 out)
{
	.reg .pred %p<8>;
	.reg .b32 %r<40>;
	.reg .b64 %rd<16>;
	.shared .align 8 .b64 mb;
	.shared .align 4 .b32 sh[128];
	.local .align 4 .b32 loc[8];

	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mov.u32 %r22, %warpid;
	mad.lo.u32 %r23, %r22, 1000, %r2;
	mad.lo.u32 %r4, %r2, %r3, %r1;
	mul.wide.u32 %rd2, %r4, 32;
	add.s64 %rd3, %rd1, %rd2;
	mov.u32 %r7, sh;
	shl.b32 %r8, %r1, 2;
	add.u32 %r9, %r7, %r8;
	mov.u64 %rd4, loc;
	setp.lt.u32 %p1, %r2, 2;
	@!%p1 bra PLAIN;

	add.cc.u32 %r5, %r1, -1;
	addc.u32 %r6, 0, 0;
	st.local.u32 [%rd4+8], %r4;
	st.shared.u32 [%r9], %r4;
	mov.u32 %r10, mb;
	setp.eq.u32 %p2, %r1, 0;
	@%p2 mbarrier.init.shared.b64 [%r10], %r3;
	bar.sync 0;
	mbarrier.arrive.shared.b64 %rd5, [%r10];
WAIT:
	mbarrier.test_wait.shared.b64 %p3, [%r10], %rd5;
	@!%p3 bra WAIT;
	selp.u32 %r21, 1, 0, %p3;
	cp.async.ca.shared.global [%r9+256], [%rd3], 4;
	cp.async.commit_group;
	cp.async.wait_all;

	mov.u32 %r13, 0;
	and.b32 %r12, %r1, 1;
	setp.eq.u32 %p4, %r12, 0;
	@%p4 bra A1;
	add.u32 %r13, %r13, 1;
	and.b32 %r12, %r1, 2;
	setp.eq.u32 %p4, %r12, 0;
	@%p4 bra A2;
	add.u32 %r13, %r13, 1;
	and.b32 %r12, %r1, 4;
	setp.eq.u32 %p4, %r12, 0;
	@%p4 bra A3;
	add.u32 %r13, %r13, 1;
	and.b32 %r12, %r1, 8;
	setp.eq.u32 %p4, %r12, 0;
	@%p4 bra A4;
	add.u32 %r13, %r13, 1;
	and.b32 %r12, %r1, 16;
	setp.eq.u32 %p4, %r12, 0;
	@%p4 bra A5;
	add.u32 %r13, %r13, 1;
A5:
	add.u32 %r13, %r13, 10;
A4:
	add.u32 %r13, %r13, 10;
A3:
	add.u32 %r13, %r13, 10;
A2:
	add.u32 %r13, %r13, 10;
A1:
	bar.sync 0;
PLAIN:
	ld.shared.u32 %r15, [%r9];
	ld.local.u32 %r16, [%rd4+8];
	st.global.v4.u32 [%rd3], {%r6, %r15, %r20, %r13};
	st.global.v4.u32 [%rd3+16], {%r1, %r23, %r16, %r21};
	@!%p1 bra DONE;
	setp.lt.u32 %p5, %r4, 32;
	selp.u32 %r17, 0, %r4, %p5;
	call.uni (%r20), callee, (%r17);
	st.global.u32 [%rd3+8], %r20;
DONE:
	ret;
}
`

// newRestart is restartKernel's machine for grid CTAs of block threads
// and its out buffer, with the sanitizers san.
func newRestart(t *testing.T, p *Program, grid, block uint32, keep int, san Sanitize) (*Machine, uint64) {
	t.Helper()
	ps, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{grid, 1, 1}, Block: [3]uint32{block, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	out := m.Alloc("out", int(grid*block*32))
	binary.LittleEndian.PutUint64(params[ps[0].Offset:], out)
	if keep > 0 {
		m.KeepFinished(keep)
	}
	if san != 0 {
		m.Sanitize(san)
	}
	return m, out
}

// TestCTARestartAsNew steps a machine that keeps one finished CTA (so each
// CTA from the third on restarts in the blocks of the CTA two before it)
// beside one that keeps them all (each CTA in new blocks), and compares
// every CTA as it starts, then the outputs, statistics and hazards.
//
// Unviewed, the recycling machine leaves the rows of registers every
// thread writes before reading them as the last CTA left them (here
// poisoned, so that a wrong read shows): those rows are left out of the
// comparison, and everything else, outputs included, must still agree.
func TestCTARestartAsNew(t *testing.T) {
	p := compilePTX(t, "restart.ptx", restartKernel)
	const grid, block = 7, 64
	for _, unviewed := range []bool{false, true} {
		for _, san := range []Sanitize{0, SanAll} {
			desc := fmt.Sprintf("unviewed %v, sanitize %v", unviewed, san)
			recycled, rout := newRestart(t, p, grid, block, 1, san)
			fresh, fout := newRestart(t, p, grid, block, 0, san)
			if unviewed {
				recycled.Unviewed()
				restartPoison = 0x5a5a5a5a5a5a5a5a
			}
			n := lockstep(t, desc, recycled, fresh)
			restartPoison = 0
			if n < grid-2 {
				t.Errorf("%s: %d CTAs restarted in a released one, want %d", desc, n, grid-2)
			}
			got, want := recycled.Buffer(rout), fresh.Buffer(fout)
			if string(got) != string(want) {
				t.Errorf("%s: outputs differ", desc)
			}
			checkRestart(t, want, grid, block)
		}
	}
}

// lockstep steps recycled (which keeps one finished CTA) and fresh (which
// keeps them all) together to their end, compares each CTA as it starts
// field by field, then their statistics, faults and hazards, and returns
// how many CTAs restarted in a released one.
func lockstep(t *testing.T, desc string, recycled, fresh *Machine) int {
	t.Helper()
	recycled.KeepFinished(1)
	restarts := 0
	for step := 0; !fresh.Done(); step++ {
		if step > 1_000_000 {
			t.Fatalf("%s: no end", desc)
		}
		n := len(recycled.ctas)
		prev := recycled.spareCTA
		recycled.Step()
		fresh.Step()
		if len(recycled.ctas) != len(fresh.ctas) {
			t.Fatalf("%s: step %d: %d CTAs started, %d in new blocks", desc, step, len(recycled.ctas), len(fresh.ctas))
		}
		for pos := n; pos < len(recycled.ctas); pos++ {
			got, want := recycled.ctas[pos], fresh.ctas[pos]
			if got == prev && prev != nil {
				restarts++
			}
			// An unviewed machine's rows written first: as the fresh one's
			// for the comparison, then back.
			var kept [][32]uint64
			wf := writtenFirstRows(recycled.kern)
			if recycled.unviewed {
				for i := range got.arena.rows {
					if wf[i%recycled.kern.nregs] {
						kept = append(kept, got.arena.rows[i])
						got.arena.rows[i] = want.arena.rows[i]
					}
				}
			}
			same := reflect.DeepEqual(got, want)
			diff := ""
			if !same {
				diff = ctaDiff(got, want)
			}
			for i := range got.arena.rows {
				if len(kept) > 0 && wf[i%recycled.kern.nregs] {
					got.arena.rows[i], kept = kept[0], kept[1:]
				}
			}
			if !same {
				t.Fatalf("%s: CTA %d as it started (step %d) differs from one in new blocks:\n%s", desc, pos, step, diff)
			}
		}
	}
	if !recycled.Done() {
		t.Fatalf("%s: the recycling machine has not ended with the other", desc)
	}
	if got, want := recycled.Stats(), fresh.Stats(); got != want {
		t.Errorf("%s: stats %+v, in new blocks %+v", desc, got, want)
	}
	if f := fresh.Fault(); f != nil || recycled.Fault() != nil {
		t.Fatalf("%s: faults %v and %v", desc, recycled.Fault(), f)
	}
	if !reflect.DeepEqual(recycled.Hazards(), fresh.Hazards()) {
		t.Errorf("%s: hazards\n%v\nin new blocks\n%v", desc, recycled.Hazards(), fresh.Hazards())
	}
	return restarts
}

// TestCTARestartInClusters: CTAs of clusters restart as new ones too,
// with and without an explicit cluster shape (%is_explicit_cluster reads a
// predicate that only an explicit shape sets true), each rank writing its
// own and its neighbour's shared memory across a cluster barrier.
func TestCTARestartInClusters(t *testing.T) {
	body := `
	selp.u32 %r1, 1, 0, %is_explicit_cluster;
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, buf;
	shl.b32 %r4, %tid, 2;
	add.u32 %r5, %r3, %r4;
	setp.lt.u32 %p1, %r2, 2;
	@%p1 st.shared.u32 [%r5], %r2;
	barrier.cluster.arrive;
	barrier.cluster.wait;
	ld.shared.u32 %r6, [%r5];
	add.u32 %r7, %r6, %r1;
	mov.u32 %gtid, %ntid.x;
	mad.lo.u32 %gtid, %r2, %gtid, %tid;
	mul.wide.u32 %rd1, %gtid, 4;
	add.s64 %rd2, %out, %rd1;
	st.global.u32 [%rd2], %r7;`
	src := strings.NewReplacer("DIRECTIVES", "", "BODY", body).Replace(clusterKernel)
	p := compilePTX(t, "cluster.ptx", src)
	for _, cl := range [][3]uint32{{}, {2, 1, 1}} {
		var ms [2]*Machine
		for i := range ms {
			m, err := newCluster(p, [3]uint32{8, 1, 1}, [3]uint32{64, 1, 1}, cl, 8*64)
			if err != nil {
				t.Fatal(err)
			}
			ms[i] = m
		}
		desc := fmt.Sprintf("cluster %v", cl)
		if n := lockstep(t, desc, ms[0], ms[1]); n == 0 {
			t.Errorf("%s: no CTA restarted in a released one", desc)
		}
		a, _ := ms[0].BufferByName("out")
		b, _ := ms[1].BufferByName("out")
		if a.Bytes() == nil || string(a.Bytes()) != string(b.Bytes()) {
			t.Errorf("%s: the outputs differ", desc)
		}
	}
}

// checkRestart checks restartKernel's output from the kernel's text:
// CTAs from 2 on read zeros where only CTAs 0 and 1 write, whatever
// those left in the blocks they start in.
func checkRestart(t *testing.T, b []byte, grid, block uint32) {
	t.Helper()
	for c := uint32(0); c < grid; c++ {
		for tid := uint32(0); tid < block; tid++ {
			g := c*block + tid
			var want [8]uint32
			if c < 2 {
				carry := uint32(0)
				if tid > 0 { // tid + 0xffffffff carries out
					carry = 1
				}
				depth := uint32(0) // the nested branches: 1 for each low bit set in a row, then 10 for each level entered
				for bit := uint32(0); bit < 5 && tid&(1<<bit) != 0; bit++ {
					depth++
				}
				depth += 10 * min(depth, 4)
				callee := g + 1 // warp 0 of CTA 0 exits in the callee before storing it
				if g < 32 {
					callee = 0
				}
				want = [8]uint32{carry, g, callee, depth, tid, c + 1000*(tid/32), g, 1}
			} else {
				want = [8]uint32{0, 0, 0, 0, tid, c + 1000*(tid/32), 0, 0}
			}
			for k, w := range want {
				if got := binary.LittleEndian.Uint32(b[32*g+4*uint32(k):]); got != w {
					t.Fatalf("CTA %d thread %d word %d = %d, want %d", c, tid, k, got, w)
				}
			}
		}
	}
}

// ctaDiff names the first fields of a CTA that differ.
func ctaDiff(a, b *cta) string {
	var out []string
	var walk func(path string, x, y reflect.Value, depth int)
	walk = func(path string, x, y reflect.Value, depth int) {
		if len(out) >= 8 || depth > 6 {
			return
		}
		if reflect.DeepEqual(x.Interface(), y.Interface()) {
			return
		}
		switch x.Kind() {
		case reflect.Struct:
			for i := range x.NumField() {
				f := x.Type().Field(i)
				walk(path+"."+f.Name, open(x.Field(i)), open(y.Field(i)), depth+1)
			}
			return
		case reflect.Pointer:
			if !x.IsNil() && !y.IsNil() {
				walk(path, open(x.Elem()), open(y.Elem()), depth+1)
				return
			}
		case reflect.Slice:
			if x.Len() == y.Len() {
				for i := range x.Len() {
					walk(path+"["+strconv.Itoa(i)+"]", open(x.Index(i)), open(y.Index(i)), depth+1)
				}
				return
			}
		}
		out = append(out, path)
	}
	walk("cta", reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem(), 0)
	sort.Strings(out)
	s := ""
	for _, p := range out {
		s += p + "\n"
	}
	return s
}

// open makes an addressable value readable, unexported fields included.
func open(v reflect.Value) reflect.Value {
	if !v.CanAddr() {
		return v
	}
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

// TestCTARestartResetsEveryField: restartCTA sets the fields of a CTA, its
// warps and their kernel frames one by one (so as to write only what
// differs); a field added to one of these types must be reset there too,
// then listed here.
func TestCTARestartResetsEveryField(t *testing.T) {
	for _, c := range []struct {
		typ  reflect.Type
		want string
	}{
		{reflect.TypeFor[cta](), "id index pos rank warps shared rr burst bars barsWaited arena mbars bulk landed tmem held pagesHeld doneWarps done bytes"},
		{reflect.TypeFor[warp](), "cta id frames f regs code valid exited mask cc wait waitOp mbarWait bulkGroups async frag clArr maxnreg tmemWait syncPend syncPendMask syncPendOp done"},
		{reflect.TypeFor[frame](), "fn regs preds wregs wpreds local localBase param stack call callPC entryMask returned"},
		{reflect.TypeFor[ctaArena](), "kern rows masks bytes shared warps frames stacks framePtrs warpPtrs"},
	} {
		got := ""
		for i := range c.typ.NumField() {
			if i > 0 {
				got += " "
			}
			got += c.typ.Field(i).Name
		}
		if got != c.want {
			t.Errorf("%s has the fields\n\t%s\nrestartCTA resets\n\t%s\n(a new field must be reset in restartCTA, then listed here)", c.typ.Name(), got, c.want)
		}
	}
}

// sanCacheKernel: CTA 0 writes then reads its shared word; CTA 1 does
// nothing the sanitizers see; CTA 2, which restarts in CTA 0's struct and
// blocks, reads its shared word unwritten: initcheck must report it
// there as in new blocks (the sanitizers' caches of the CTA and warp
// last looked up must not answer for the restarted CTA).
const sanCacheKernel = `.version 7.0
.target sm_80
.address_size 64

.visible .entry k(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<4>;
	.shared .align 4 .b32 sh[32];

	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	setp.eq.u32 %p1, %r2, 1;
	@%p1 bra DONE;
	mov.u32 %r3, sh;
	shl.b32 %r4, %r1, 2;
	add.u32 %r5, %r3, %r4;
	setp.eq.u32 %p2, %r2, 0;
	@%p2 st.shared.u32 [%r5], %r1;
	ld.shared.u32 %r6, [%r5];
DONE:
	ret;
}
`

func TestCTARestartSanitizerCaches(t *testing.T) {
	p := compilePTX(t, "sancache.ptx", sanCacheKernel)
	var hz [2][]Hazard
	for i, keep := range []int{1, 0} {
		m, _ := newRestart(t, p, 3, 32, keep, SanAll)
		if !m.Run(0) || m.Fault() != nil {
			t.Fatalf("%s: run: %v", desc(keep), m.Fault())
		}
		hz[i] = m.Hazards()
	}
	if len(hz[1]) == 0 {
		t.Fatal("in new blocks: no hazard for CTA 2's read of its unwritten shared word")
	}
	if !reflect.DeepEqual(hz[0], hz[1]) {
		t.Errorf("hazards of a CTA restarted in a released one:\n%v\nin new blocks:\n%v", hz[0], hz[1])
	}
}

// TestCTARestartFrameParams: a kernel that calls through .param variables
// of its body (clang's way: st.param the argument, call, ld.param the
// result) writes its kernel frames' .param bytes, which a restarted CTA
// must find zeroed as a new one does; CTAs 0 and 1 call, the others read
// the result variable without calling (zeros). A kernel that never writes
// them keeps them as made (frameParamWritten).
func TestCTARestartFrameParams(t *testing.T) {
	const src = `.version 7.0
.target sm_80
.address_size 64

.func (.param .b32 rv) twice(.param .b32 x)
{
	.reg .b32 %t<3>;
	ld.param.b32 %t1, [x];
	add.u32 %t2, %t1, %t1;
	st.param.b32 [rv], %t2;
	ret;
}

.visible .entry k(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	.param .b32 arg;
	.param .b32 res;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mad.lo.u32 %r4, %r2, %r3, %r1;
	mul.wide.u32 %rd2, %r4, 4;
	add.s64 %rd3, %rd1, %rd2;
	setp.lt.u32 %p1, %r2, 2;
	@!%p1 bra SKIP;
	add.u32 %r5, %r4, 1;
	st.param.b32 [arg], %r5;
	call.uni (res), twice, (arg);
SKIP:
	ld.param.b32 %r6, [res];
	st.global.u32 [%rd3], %r6;
	ret;
}
`
	p := compilePTX(t, "frameparams.ptx", src)
	if !frameParamWritten(p.byName["k"]) {
		t.Fatal("frameParamWritten: false for a kernel that calls through .param")
	}
	const grid, block = 6, 64
	ms := [2]*Machine{}
	outs := [2]uint64{}
	_, size, _ := p.Params("k")
	for i := range ms {
		m, err := New(p, "k", Launch{Grid: [3]uint32{grid, 1, 1}, Block: [3]uint32{block, 1, 1}, Params: make([]byte, size)})
		if err != nil {
			t.Fatal(err)
		}
		outs[i] = m.Alloc("out", grid*block*4)
		binary.LittleEndian.PutUint64(m.params, outs[i])
		ms[i] = m
	}
	if n := lockstep(t, "frame params", ms[0], ms[1]); n < grid-2 {
		t.Errorf("%d CTAs restarted in a released one, want %d", n, grid-2)
	}
	b := ms[0].Buffer(outs[0])
	for g := range uint32(grid * block) {
		want := uint32(0)
		if g/block < 2 {
			want = 2 * (g + 1)
		}
		if got := binary.LittleEndian.Uint32(b[4*g:]); got != want {
			t.Fatalf("thread %d read %d, want %d", g, got, want)
		}
	}
	q := compilePTX(t, "noparams.ptx", `.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	st.global.u64 [%rd1], %rd1;
	ret;
}
`)
	if frameParamWritten(q.byName["k"]) {
		t.Error("frameParamWritten: true for a kernel with neither calls nor body .param variables")
	}
}
