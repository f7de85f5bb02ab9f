package sim

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"math/rand"
	"runtime"
	"slices"
	"testing"
)

// TestPagedMemCopyOnWrite: a clone shares pages until one side writes;
// the writer gets a private copy and the other side keeps what it had.
func TestPagedMemCopyOnWrite(t *testing.T) {
	a := &Machine{epoch: nextEpoch()}
	pm := newPagedMem(3*pageSize + 100)
	pm.storeAt(make([]byte, pm.size), 0, a)
	if len(pm.pages) != 4 || len(pm.pages[3].b) != 100 {
		t.Fatalf("pages %d, last %d bytes", len(pm.pages), len(pm.pages[3].b))
	}
	copy(pm.write(8, 4, a), "abcd")
	if a.copied != 0 {
		t.Fatalf("writes to zeros and to owned pages copied %d bytes", a.copied)
	}
	b := &Machine{epoch: nextEpoch()}
	a.epoch = nextEpoch() // as Machine.clone does
	pc := pm.clone()
	if pc.pages[0] != pm.pages[0] {
		t.Fatal("a clone does not share its pages")
	}
	copy(pc.write(8, 4, b), "wxyz")
	if b.copied != pageSize {
		t.Fatalf("first write to a shared page copied %d bytes, want %d", b.copied, pageSize)
	}
	if string(pm.read(8, 4)) != "abcd" || string(pc.read(8, 4)) != "wxyz" {
		t.Fatalf("original %q, clone %q", pm.read(8, 4), pc.read(8, 4))
	}
	if pc.pages[1] != pm.pages[1] {
		t.Fatal("an unwritten page stopped being shared")
	}
	copy(pc.write(12, 4, b), "1234")
	if b.copied != pageSize {
		t.Fatal("the second write to the same page copied again")
	}
	// The short last page copies its own length.
	copy(pc.write(3*pageSize+96, 4, b), "last")
	if b.copied != pageSize+100 || string(pm.read(3*pageSize+96, 4)) != "\x00\x00\x00\x00" {
		t.Fatalf("last page: copied %d, original %q", b.copied, pm.read(3*pageSize+96, 4))
	}
}

// TestPagedMemLazy: lazy memory reads as zeros, allocates a page on its
// first write (no copy counted), and hashes like the same bytes allocated.
func TestPagedMemLazy(t *testing.T) {
	m := &Machine{epoch: nextEpoch()}
	lazy := newPagedMem(5 * pageSize)
	if lazy.allocated() != 0 {
		t.Fatal("lazy memory allocated up front")
	}
	if !bytes.Equal(lazy.read(pageSize+16, 16), make([]byte, 16)) {
		t.Fatal("unwritten memory does not read as zeros")
	}
	eager := newPagedMem(5 * pageSize)
	eager.storeAt(make([]byte, eager.size), 0, m)
	h1, h2 := sha256.New(), sha256.New()
	lazy.hash(h1)
	eager.hash(h2)
	if !bytes.Equal(h1.Sum(nil), h2.Sum(nil)) {
		t.Fatal("zero memory hashes differently held lazily and eagerly")
	}
	m.copied = 0
	binary.LittleEndian.PutUint32(lazy.write(2*pageSize+4, 4, m), 0xdeadbeef)
	if lazy.allocated() != pageSize || m.copied != 0 {
		t.Fatalf("after one write: %d bytes allocated, %d copied", lazy.allocated(), m.copied)
	}
	if zeroPage != [pageSize]byte{} {
		t.Fatal("a write reached the shared zero page")
	}
	// Views and bulk copies cross pages.
	src := make([]byte, 3*pageSize)
	rand.New(rand.NewSource(1)).Read(src)
	lazy.storeAt(src, 100, m)
	got := lazy.view(100, len(src)).Bytes()
	if !bytes.Equal(got, src) {
		t.Fatal("storeAt/view across pages differ")
	}
	v := lazy.view(pageSize, pageSize)
	if v.Len() != pageSize || v.At(0) != src[pageSize-100] {
		t.Fatal("view At")
	}
}

// scatterPTX: one warp writes iters rows of 32 words, each stride words
// after the last, modulo the buffer's size in words: a stride of 32 walks
// the buffer in order, a big prime one touches another page each time.
const scatterPTX = `.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out, .param .u32 words, .param .u32 iters, .param .u32 stride)
{
	.reg .pred %p;
	.reg .b32 %r<6>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r1, [words];
	ld.param.u32 %r2, [iters];
	ld.param.u32 %r5, [stride];
	mov.u32 %r3, %tid.x;
	mov.u32 %r4, 0;
LOOP:
	mul.wide.u32 %rd2, %r3, 4;
	add.u64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r4;
	add.u32 %r3, %r3, %r5;
	rem.u32 %r3, %r3, %r1;
	add.u32 %r4, %r4, 1;
	setp.lt.u32 %p, %r4, %r2;
	@%p bra LOOP;
	ret;
}
`

func scatterMachine(t testing.TB, p *Program, bufBytes, iters, stride int) *Machine {
	ps, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	out := m.Alloc("out", bufBytes)
	binary.LittleEndian.PutUint64(params[ps[0].Offset:], out)
	binary.LittleEndian.PutUint32(params[ps[1].Offset:], uint32(bufBytes/4))
	binary.LittleEndian.PutUint32(params[ps[2].Offset:], uint32(iters))
	binary.LittleEndian.PutUint32(params[ps[3].Offset:], uint32(stride))
	return m
}

// TestHistorySharesBigBuffer: with a 64 MiB buffer and a 16 MiB history
// budget, checkpoints hold only the pages the run changed: the live heap
// stays under buffer + budget, history reports at most its budget, its
// interval stays short, and going to any step matches a straight run.
// Before, every checkpoint copied the buffer whole (the interval grew to
// 4M steps and a step back replayed the whole run).
func TestHistorySharesBigBuffer(t *testing.T) {
	if testing.Short() {
		t.Skip("64 MiB buffer")
	}
	const buf, budget, iters = 64 << 20, 16 << 20, 12000
	p := compilePTX(t, "scatter.ptx", scatterPTX)
	s := NewSession(scatterMachine(t, p, buf, iters, 1000003), budget)
	for s.Step() {
	}
	if f := s.Machine().Fault(); f != nil {
		t.Fatal(f)
	}
	h := s.History()
	t.Logf("history %+v after %d steps", h, s.Steps())
	if h.Bytes > h.Budget || h.Checkpoints < 3 || h.Interval > 1<<14 {
		t.Fatalf("history %+v after %d steps", h, s.Steps())
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("live heap %d MiB", ms.HeapAlloc>>20)
	if limit := uint64(buf + budget + 16<<20); ms.HeapAlloc > limit {
		t.Fatalf("live heap %d MiB with a %d MiB buffer and a %d MiB budget", ms.HeapAlloc>>20, buf>>20, budget>>20)
	}
	runtime.KeepAlive(s)
	total := s.Steps()
	for _, n := range []int64{total - 1, total / 2, 7, total - 5000} {
		s.GoTo(n)
		ref := scatterMachine(t, p, buf, iters, 1000003)
		ref.Run(n)
		if s.Machine().Fingerprint() != ref.Fingerprint() {
			t.Fatalf("GoTo(%d) differs from a straight run", n)
		}
	}
}

// BenchmarkStepBackBigBuffer: a step back with a 512 MiB buffer that the
// run has been writing in order (seq) or all over (scatter: another page
// each 8 steps, the worst case for history), from a step just before a
// checkpoint, so it replays a whole interval: the slowest step back near
// the current step (go test -bench StepBackBigBuffer -run XXX ./core/sim).
func BenchmarkStepBackBigBuffer(b *testing.B) {
	const buf = 512 << 20
	p := compilePTX(b, "scatter.ptx", scatterPTX)
	for _, c := range []struct {
		name   string
		stride int
	}{{"seq", 32}, {"scatter", 1000003}} {
		b.Run(c.name, func(b *testing.B) {
			s := NewSession(scatterMachine(b, p, buf, 1<<30, c.stride), 0)
			s.GoTo(1_000_000)
			every := s.History().Interval
			at := s.Steps()/every*every + 1 // just past a checkpoint
			s.GoTo(at)
			for b.Loop() {
				s.GoTo(at)
				if !s.StepBack() || !s.StepBack() { // the second replays every-1 steps
					b.Fatal("cannot step back")
				}
			}
			h := s.History()
			b.ReportMetric(float64(h.Bytes)/(1<<20), "history-MiB")
			b.ReportMetric(float64(h.Interval), "interval")
		})
	}
}

// localPTX: each thread fills a 20 KiB .local array (two pages a lane)
// through a callee that keeps its own .local scratch, then sums it into
// global memory: local pages are allocated, copied by checkpoints and
// dropped with frames while the session steps back and forth.
const localPTX = `.version 7.0
.target sm_80
.address_size 64
.func (.reg .b32 r) mix(.reg .b32 x)
{
	.local .align 4 .b8 scratch[64];
	.reg .b32 %t<3>;
	st.local.u32 [scratch+60], x;
	ld.local.u32 %t1, [scratch+60];
	mul.lo.u32 %t2, %t1, 2654435761;
	xor.b32 r, %t2, %t1;
	ret;
}
.visible .entry k(.param .u64 out)
{
	.local .align 4 .b8 buf[20480];
	.reg .pred %p;
	.reg .b32 %r<8>;
	.reg .b64 %rd<6>;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, 0;
	mov.u64 %rd1, buf;
FILL:
	mad.lo.u32 %r3, %r2, 37, %r1;
	call (%r4), mix, (%r3);
	mul.lo.u32 %r5, %r2, 1236;
	rem.u32 %r5, %r5, 20480;
	and.b32 %r5, %r5, -4;
	cvt.u64.u32 %rd2, %r5;
	add.u64 %rd3, %rd1, %rd2;
	st.local.u32 [%rd3], %r4;
	add.u32 %r2, %r2, 1;
	setp.lt.u32 %p, %r2, 24;
	@%p bra FILL;
	mov.u32 %r6, 0;
	mov.u32 %r2, 0;
SUM:
	cvt.u64.u32 %rd2, %r2;
	add.u64 %rd3, %rd1, %rd2;
	ld.local.u32 %r7, [%rd3];
	add.u32 %r6, %r6, %r7;
	add.u32 %r2, %r2, 1024;
	setp.lt.u32 %p, %r2, 20480;
	@%p bra SUM;
	mov.u32 %r3, %ctaid.x;
	mad.lo.u32 %r3, %r3, %ntid.x, %r1;
	ld.param.u64 %rd4, [out];
	mul.wide.u32 %rd5, %r3, 4;
	add.u64 %rd4, %rd4, %rd5;
	st.global.u32 [%rd4], %r6;
	ret;
}
`

// TestStepBackLocalPages: going to any step of a run that writes local
// memory in pages (and in a callee's frames) gives the state of a straight
// run to that step, with a history budget small enough to thin.
func TestStepBackLocalPages(t *testing.T) {
	p := compilePTX(t, "local.ptx", localPTX)
	newM := func() *Machine {
		ps, size, _ := p.Params("k")
		params := make([]byte, size)
		m, err := New(p, "k", Launch{Grid: [3]uint32{3, 1, 1}, Block: [3]uint32{64, 1, 1}, Params: params})
		if err != nil {
			t.Fatal(err)
		}
		binary.LittleEndian.PutUint64(params[ps[0].Offset:], m.Alloc("out", 4*3*64))
		return m
	}
	s := NewSession(newM(), 1<<20)
	for s.Step() {
	}
	if f := s.Machine().Fault(); f != nil {
		t.Fatal(f)
	}
	total := s.Steps()
	end := s.Machine().Fingerprint()
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 12; i++ {
		n := rng.Int63n(total)
		s.GoTo(n)
		ref := newM()
		ref.Run(n)
		if s.Machine().Fingerprint() != ref.Fingerprint() {
			t.Fatalf("GoTo(%d) of %d differs from a straight run (history %+v)", n, total, s.History())
		}
		if s.StepBack() {
			ref = newM()
			ref.Run(n - 1)
			if s.Machine().Fingerprint() != ref.Fingerprint() {
				t.Fatalf("step back to %d differs", n-1)
			}
		}
	}
	s.GoTo(total)
	if s.Machine().Fingerprint() != end {
		t.Fatal("back at the end: state differs")
	}
	if h := s.History(); h.Thinned == 0 || h.Bytes > h.Budget {
		t.Errorf("history %+v: want thinned and within budget", h)
	}
}

// TestPageChunksApart: an Unviewed machine cuts its new pages from blocks
// (pageBytes); each page is its own zeroed 16 KiB, and a clone cuts its
// pages from a block of its own, not from the rest of the original's.
func TestPageChunksApart(t *testing.T) {
	m := &Machine{epoch: nextEpoch(), unviewed: true}
	pm := newPagedMem((pageChunk + 3) * pageSize)
	for i := range pageChunk + 3 {
		b := pm.write(uint64(i*pageSize), 8, m)
		if !bytes.Equal(b, make([]byte, 8)) {
			t.Fatalf("page %d: new bytes %x, want zeros", i, b)
		}
		binary.LittleEndian.PutUint64(b, uint64(i+1))
	}
	for i := range pageChunk + 3 {
		p := pm.pages[i]
		if len(p.b) != pageSize || cap(p.b) != pageSize {
			t.Fatalf("page %d: len %d cap %d, want %d", i, len(p.b), cap(p.b), pageSize)
		}
		if got := binary.LittleEndian.Uint64(p.b); got != uint64(i+1) || !bytes.Equal(p.b[8:], make([]byte, pageSize-8)) {
			t.Fatalf("page %d holds %d and more, want %d and zeros", i, got, i+1)
		}
	}
	// The original has pages left in its block; a clone writing new pages
	// must not get those same bytes.
	q := newPagedMem(2 * pageSize)
	c := m.clone()
	copy(q.write(0, 8, m), "original")
	copy(q.write(pageSize, 8, c), "clone...")
	if string(q.read(0, 8)) != "original" || string(q.read(pageSize, 8)) != "clone..." {
		t.Fatalf("pages %q and %q", q.read(0, 8), q.read(pageSize, 8))
	}
	r := newPagedMem(pageSize)
	copy(r.write(0, 8, c), "clone2..")
	copy(pm.write(0, 8, m), "again...") // m's own page, in place
	if string(q.read(0, 8)) != "original" {
		t.Fatalf("the original's page became %q after the clone cut one", q.read(0, 8))
	}
	if &m.chunk[0] == &c.chunk[0] {
		t.Fatal("the clone cuts pages from the original's block")
	}
}

// TestMemSpan: Span gives a range's bytes where they lie in one page (the
// same as Read gives, zeros for a page nothing wrote, the last page's
// short end included), nil where the range crosses a page or is empty,
// and its slice reaches no further than the range; a flat view gives any
// range.
func TestMemSpan(t *testing.T) {
	m := &Machine{epoch: nextEpoch()}
	pm := newPagedMem(3*pageSize + 100)
	src := make([]byte, pm.size)
	for i := range src {
		src[i] = byte(i*7 + i>>8)
	}
	pm.storeAt(src[:pageSize], 0, m)                       // page 0 written
	pm.storeAt(src[2*pageSize:], 2*pageSize, m)            // pages 2 and 3; page 1 nil
	copy(src[pageSize:2*pageSize], make([]byte, pageSize)) // what page 1 reads as
	v := pm.view(0, pm.size)
	for _, c := range []struct{ off, n int }{
		{0, pageSize}, {8, 16}, {pageSize, pageSize}, {pageSize + 4096, 8192},
		{2 * pageSize, 4}, {3 * pageSize, 100}, {3*pageSize + 96, 4}, {pageSize - 4, 4},
	} {
		got := v.Span(c.off, c.n)
		if !bytes.Equal(got, src[c.off:c.off+c.n]) || cap(got) != c.n {
			t.Errorf("Span(%d, %d): %d bytes (cap %d), equal %v: want the %d bytes Read gives", c.off, c.n, len(got), cap(got), bytes.Equal(got, src[c.off:c.off+c.n]), c.n)
		}
	}
	for _, c := range []struct{ off, n int }{{pageSize - 4, 8}, {0, pageSize + 1}, {2*pageSize + 8, pageSize}, {16, 0}} {
		if got := v.Span(c.off, c.n); got != nil {
			t.Errorf("Span(%d, %d) = %d bytes, want nil (crosses a page, or empty)", c.off, c.n, len(got))
		}
	}
	f := flatMem(src)
	if got := f.Span(pageSize-4, 8); !bytes.Equal(got, src[pageSize-4:pageSize+4]) || cap(got) != 8 {
		t.Errorf("flat Span: %v, want the 8 bytes", got)
	}
}

// TestSealInputs: after SealInputs the first write to an input page takes
// the page over with no copy and keeps its bytes; WrittenPages reports
// that page and a page written from zeros, and neither an input page left
// alone, nor a page of StoreRepeat's, nor one nothing wrote; after a
// clone, both sides copy a sealed page they write, and the other keeps it.
func TestSealInputs(t *testing.T) {
	m := &Machine{epoch: nextEpoch()}
	in := &buffer{name: "in", base: 1 << 20, mem: newPagedMem(3*pageSize + 100)}
	rep := &buffer{name: "rep", base: 2 << 20, mem: newPagedMem(2 * pageSize)}
	out := &buffer{name: "out", base: 3 << 20, mem: newPagedMem(4 * pageSize)}
	m.global.bufs = []*buffer{in, rep, out}
	src := make([]byte, in.mem.size)
	for i := range src {
		src[i] = byte(i * 13)
	}
	in.mem.storeAt(src, 0, m)
	m.StoreRepeat(rep.base, []byte{1, 2, 3, 4})
	m.SealInputs()
	written := func(name string) []int {
		var offs []int
		if !m.WrittenPages(name, func(off, n int) bool {
			if want := min(pageSize, in.mem.size-off); name == "in" && n != want {
				t.Errorf("%s: page at %d: %d bytes, want %d", name, off, n, want)
			}
			offs = append(offs, off)
			return true
		}) {
			t.Fatalf("WrittenPages(%s): no such buffer", name)
		}
		return offs
	}
	for _, name := range []string{"in", "rep", "out"} {
		if w := written(name); len(w) != 0 {
			t.Errorf("%s: after SealInputs, pages %v written, want none", name, w)
		}
	}
	p1 := in.mem.pages[1]
	copy(in.mem.write(pageSize+8, 4, m), "abcd")
	copy(in.mem.write(3*pageSize+96, 4, m), "wxyz")
	copy(out.mem.write(2*pageSize, 4, m), "0000")
	copy(rep.mem.write(4, 4, m), "rrrr")
	if in.mem.pages[1] != p1 || m.copied != pageSize {
		t.Errorf("a sealed page: replaced %v, copied %d bytes (the shared page of rep only: want %d)", in.mem.pages[1] != p1, m.copied, pageSize)
	}
	if got := in.mem.read(pageSize, 16); !bytes.Equal(got[:8], src[pageSize:pageSize+8]) || string(got[8:12]) != "abcd" || !bytes.Equal(got[12:], src[pageSize+12:pageSize+16]) {
		t.Errorf("the page taken over holds %q", got)
	}
	for _, c := range []struct {
		name string
		want []int
	}{{"in", []int{pageSize, 3 * pageSize}}, {"out", []int{2 * pageSize}}, {"rep", []int{0}}} {
		if w := written(c.name); !slices.Equal(w, c.want) {
			t.Errorf("%s: pages %v written, want %v", c.name, w, c.want)
		}
	}
	if m.WrittenPages("none", func(int, int) bool { return true }) {
		t.Error("WrittenPages of no buffer: want false")
	}
	c := m.clone()
	p2 := in.mem.pages[2]
	copy(c.global.bufs[0].mem.write(2*pageSize, 4, c), "cccc")
	if c.global.bufs[0].mem.pages[2] == p2 || !bytes.Equal(in.mem.read(2*pageSize, 4), src[2*pageSize:2*pageSize+4]) {
		t.Error("after a clone, a write to a sealed page it shares did not copy it")
	}
	copy(in.mem.write(0, 4, m), "mmmm")
	if in.mem.pages[0] == c.global.bufs[0].mem.pages[0] || !bytes.Equal(c.global.bufs[0].mem.read(0, 4), src[:4]) {
		t.Error("after a clone, the original wrote a sealed page in place")
	}
}
