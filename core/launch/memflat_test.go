package launch

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

// heapAfterRun runs vadd (every CTA adds the same 32 elements, so the
// buffers do not grow with the grid) over grid CTAs and returns the live
// heap after a GC with the finished machine still held.
func heapAfterRun(t testing.TB, grid int) uint64 {
	spec := fmt.Sprintf(`{"grid": %d, "block": 32, "args": {"a": {"type": "u32", "fill": "iota", "count": 32}, "out": {"type": "u32", "count": 32}, "n": 32}}`, grid)
	runtime.GC()
	res := Run("k.ptx", []byte(vadd), []byte(spec), Options{})
	if !res.OK {
		t.Fatalf("grid %d: %v", grid, res.Errors)
	}
	// out[i] = a[i] + i = 2i, whatever the grid.
	for i, v := range res.Buffers["out"].Data {
		if v != uint64(2*i) {
			t.Fatalf("grid %d: out[%d] = %d, want %d", grid, i, v, 2*i)
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	runtime.KeepAlive(res)
	return ms.HeapAlloc
}

// TestMemoryFlatInGrid: finished CTAs leave nothing behind but their
// effects (and one pointer slot), so 64 times the CTAs costs next to no
// more memory. Before, every finished CTA kept ~1 KB of warp and barrier
// state: 64K CTAs held 60+ MB more than 1K.
func TestMemoryFlatInGrid(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 65536 CTAs")
	}
	small := heapAfterRun(t, 1<<10)
	big := heapAfterRun(t, 1<<16)
	// 64K CTA slots of 8 bytes are 512 KiB; allow 2 MiB.
	if big > small+2<<20 {
		t.Errorf("live heap %d bytes after 1K CTAs, %d after 64K: grows with the grid", small, big)
	}
	t.Logf("live heap after 1K CTAs: %d bytes; after 64K: %d", small, big)
}

// BenchmarkMemoryGrid reports the live heap after runs of 1K, 64K and 1M
// CTAs (go test -bench MemoryGrid -run XXX ./core/launch).
func BenchmarkMemoryGrid(b *testing.B) {
	for _, g := range []int{1 << 10, 1 << 16, 1 << 20} {
		b.Run(fmt.Sprint(g), func(b *testing.B) {
			var h uint64
			for b.Loop() {
				h = heapAfterRun(b, g)
			}
			b.ReportMetric(float64(h)/(1<<20), "live-MiB")
		})
	}
}

// TestReleasedCTASnapshot: a CTA released long ago still shows as done,
// with its id, and its warps with their lanes, all exited.
func TestReleasedCTASnapshot(t *testing.T) {
	// grid 3x50 = 150 CTAs of 48 threads (two warps: 32 lanes, 16 lanes).
	spec := `{"grid": [3, 50], "block": 48, "args": {"a": {"type": "u32", "count": 48}, "out": {"type": "u32", "count": 48}, "n": 48}}`
	res := Run("k.ptx", []byte(vadd), []byte(spec), Options{})
	if !res.OK {
		t.Fatal(res.Errors)
	}
	for _, i := range []int{0, 7, 149 - KeepCTAsForTest} {
		s := res.Machine.Snapshot(sim.SnapshotOptions{CTA: i, Warp: -1})
		if s.State != "done" || s.CTA != [3]uint32{uint32(i % 3), uint32(i / 3), 0} {
			t.Errorf("CTA %d: state %q id %v", i, s.State, s.CTA)
		}
		if len(s.Warps) != 2 || s.Warps[0].Valid != 0xffffffff || s.Warps[1].Valid != 0xffff ||
			s.Warps[0].Exited != 0xffffffff || s.Warps[1].Exited != 0xffff || !s.Warps[0].Done || !s.Warps[1].Done {
			t.Errorf("CTA %d: warps %+v", i, s.Warps)
		}
	}
}

const KeepCTAsForTest = sim.KeepCTAs

// TestKeptCTAsBoundedInBytes: finished CTAs with much local memory are
// not kept 64 times. Each CTA here has 256 threads x 64 KiB = 16 MiB of
// local memory; 16 of them kept would be 256 MiB.
func TestKeptCTAsBoundedInBytes(t *testing.T) {
	src := `.version 7.0
.target sm_80
.address_size 64
.entry k()
{
	.local .b8 buf[65536];
	.reg .b32 %r<2>;
	mov.u32 %r1, %tid.x;
	st.local.u32 [buf+65532], %r1;
	ret;
}
`
	runtime.GC()
	res := Run("k.ptx", []byte(src), []byte(`{"grid": 16, "block": 256, "args": {}}`), Options{})
	if !res.OK {
		t.Fatal(res.Errors)
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	runtime.KeepAlive(res)
	// The newest CTA and the others up to KeepCTABytes (64 MiB) stay.
	if limit := uint64(sim.KeepCTABytes + 16<<20 + 8<<20); ms.HeapAlloc > limit {
		t.Errorf("live heap %d MiB after 16 CTAs of 16 MiB local memory, want at most %d MiB", ms.HeapAlloc>>20, limit>>20)
	}
	s := res.Machine.Snapshot(sim.SnapshotOptions{CTA: 0, Warp: -1})
	if s.State != "done" || len(s.Warps) != 8 {
		t.Errorf("released CTA 0: %q, %d warps", s.State, len(s.Warps))
	}
}

// TestLocalMemoryLazy: local memory costs the pages a thread touches, not
// what it declares. 1024 threads with 512 KiB of .local each are 512 MiB
// declared (allocated up front before); each thread here writes one word,
// so a CTA touches one 16 KiB page per thread. Released CTAs hand their
// pages to later ones: each thread also reads the word the CTA before it
// wrote in the same page, which must read 0 in its own fresh memory.
func TestLocalMemoryLazy(t *testing.T) {
	src := `.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
	.local .align 4 .b8 buf[524288];
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	mov.u32 %r1, %tid.x;
	mov.u32 %r4, %ctaid.x;
	add.u32 %r2, %r4, 1;
	mov.u64 %rd4, buf;
	mul.wide.u32 %rd5, %r4, 4;
	add.u64 %rd5, %rd4, %rd5;
	st.local.u32 [%rd5+4100], %r2;
	ld.local.u32 %r3, [%rd5+4100];
	ld.local.u32 %r5, [%rd5+4096];
	ld.local.u32 %r6, [buf+524284];
	add.u32 %r5, %r5, %r6;
	mad.lo.u32 %r3, %r5, 1000, %r3;
	ld.param.u64 %rd1, [out];
	mad.lo.u32 %r7, %r4, 1024, %r1;
	mul.wide.u32 %rd2, %r7, 4;
	add.u64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r3;
	ret;
}
`
	runtime.GC()
	res := Run("k.ptx", []byte(src), []byte(`{"grid": 4, "block": 1024, "args": {"out": {"type": "u32", "count": 4096}}}`), Options{})
	if !res.OK {
		t.Fatal(res.Errors)
	}
	for i, v := range res.Buffers["out"].Data {
		if want := uint64(i/1024 + 1); v != want {
			t.Fatalf("out[%d] = %d, want %d (1000 x the sum of two words nothing wrote, plus the word written)", i, v, want)
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	runtime.KeepAlive(res)
	// Finished CTAs kept up to sim.KeepCTABytes, the newest one and one
	// CTA's spare pages (16 MiB each); eagerly it was 512 MiB a CTA.
	if limit := uint64(sim.KeepCTABytes + 40<<20); ms.HeapAlloc > limit {
		t.Errorf("live heap %d MiB after 4 CTAs touching one local word a thread, want at most %d MiB", ms.HeapAlloc>>20, limit>>20)
	}
	t.Logf("live heap %d MiB", ms.HeapAlloc>>20)
}
