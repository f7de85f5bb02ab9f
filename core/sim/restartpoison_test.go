package sim_test

// restartpoison_test.go: the rows an Unviewed machine's restarted CTAs
// leave unzeroed (check.WrittenFirst) are never read before a write, and
// registers sharing a row in its compacted kernel (compact.go) are never
// live at once, on every kernel the repository runs: compacted or not,
// the rows filled with two different poisons instead of what the last CTA
// left, every observable of launch.Run stays the same.

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/sim"
)

func TestRestartPoisonChangesNothing(t *testing.T) {
	var dirs []string
	for _, g := range []string{"../../examples/*/launch.json", "../../testdata/run/*/launch.json", "../../testdata/gpu/*/launch.json"} {
		m, _ := filepath.Glob(g)
		for _, lj := range m {
			dirs = append(dirs, filepath.Dir(lj))
		}
	}
	if len(dirs) < 60 {
		t.Fatalf("only %d kernels", len(dirs))
	}
	type kernel struct{ name, src, spec string }
	var ks []kernel
	for _, d := range dirs {
		src, err1 := os.ReadFile(filepath.Join(d, "kernel.ptx"))
		spec, err2 := os.ReadFile(filepath.Join(d, "launch.json"))
		if err1 != nil || err2 != nil {
			continue // a folder of launches with kernels of other names
		}
		ks = append(ks, kernel{d, string(src), string(spec)})
	}
	for _, k := range launch.BenchKernels() {
		ks = append(ks, kernel{k.Name, string(k.Source), string(k.Launch)})
	}
	for _, k := range ks {
		run := func(poison uint64, compactOff bool) *launch.Result {
			defer sim.SetRestartPoison(poison)()
			defer sim.SetCompactOff(compactOff)()
			return launch.Run("kernel.ptx", []byte(k.src), []byte(k.spec), launch.Options{})
		}
		base := run(0, true)
		for _, poison := range []uint64{0, 0x5a5a5a5a5a5a5a5a, ^uint64(0)} {
			for _, off := range []bool{true, false} {
				if poison == 0 && off {
					continue
				}
				got := run(poison, off)
				if d := resultDiff(base, got); d != "" {
					t.Errorf("%s, poison %#x, compacted %v: %s", k.name, poison, !off, d)
				}
			}
		}
	}
}

// resultDiff names what differs between two results: the buffers, the
// errors, statistics, printf output and hazards.
func resultDiff(a, b *launch.Result) string {
	switch {
	case a.OK != b.OK || !reflect.DeepEqual(a.Errors, b.Errors):
		return "errors differ"
	case a.Stats != b.Stats:
		return "statistics differ"
	case a.Stdout != b.Stdout:
		return "printf output differs"
	case !reflect.DeepEqual(a.Hazards, b.Hazards):
		return "hazards differ"
	case len(a.Buffers) != len(b.Buffers):
		return "buffers differ"
	}
	for n, x := range a.Buffers {
		if y := b.Buffers[n]; y == nil || !reflect.DeepEqual(x.Data, y.Data) {
			return "buffer " + n + " differs"
		}
	}
	return ""
}

// unwrittenPaths reads registers that some threads have not written when
// they read them, in each way the analysis must see (the kernel's text
// says what they read: zero, as registers start in the simulator): after a
// write under a guard (word 0), after a branch whose arms write different
// registers (words 1 and 2), on a loop's first trip before the body
// writes it (word 3), and through shfl from a lane that took the other
// path (word 4). Each thread of 5 CTAs x 64 writes 8 words at out[8*gtid].
const unwrittenPaths = `.version 7.0
.target sm_80
.address_size 64

.visible .entry paths(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<24>;
	.reg .b64 %rd<4>;

	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mad.lo.u32 %r4, %r2, %r3, %r1;
	mul.wide.u32 %rd2, %r4, 32;
	add.s64 %rd3, %rd1, %rd2;
	and.b32 %r5, %r1, 1;
	setp.eq.u32 %p1, %r5, 0;

	@%p1 mov.u32 %r10, 5;
	st.global.u32 [%rd3], %r10;

	@%p1 bra ELSE;
	mov.u32 %r11, 6;
	bra JOIN;
ELSE:
	mov.u32 %r12, 7;
JOIN:
	st.global.u32 [%rd3+4], %r11;
	st.global.u32 [%rd3+8], %r12;

	mov.u32 %r13, 0;
LOOP:
	add.u32 %r14, %r15, %r13;
	add.u32 %r15, %r14, 1;
	add.u32 %r13, %r13, 1;
	setp.lt.u32 %p2, %r13, 3;
	@%p2 bra LOOP;
	st.global.u32 [%rd3+12], %r15;

	mov.u32 %r6, %laneid;
	setp.lt.u32 %p3, %r6, 16;
	@!%p3 bra DONE;
	mov.u32 %r17, 9;
	shfl.sync.idx.b32 %r18, %r17, 20, 31, 0xffff;
	add.u32 %r19, %r18, 100;
	st.global.u32 [%rd3+16], %r19;
DONE:
	ret;
}
`

// TestRestartUnwrittenPaths runs unwrittenPaths by launch.Run (an
// Unviewed machine, whose CTAs from the third on restart in a released
// one's blocks), plainly and with the rows left unzeroed poisoned, and
// checks every word against the kernel's text.
func TestRestartUnwrittenPaths(t *testing.T) {
	const spec = `{"kernel": "paths", "grid": 5, "block": 64, "args": {"out": {"type": "u32", "count": 2560, "fill": 4294967295}}}`
	for _, poison := range []uint64{0, 0x5a5a5a5a5a5a5a5a} {
		undo := sim.SetRestartPoison(poison)
		res := launch.Run("paths.ptx", []byte(unwrittenPaths), []byte(spec), launch.Options{})
		undo()
		if !res.OK {
			t.Fatalf("poison %#x: %+v", poison, res.Errors)
		}
		out := res.Buffers["out"].Data
		for g := range 5 * 64 {
			tid, even := g%64, g%2 == 0
			want := [8]uint64{0, 6, 0, 6, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}
			if even {
				want[0], want[1], want[2] = 5, 0, 7
			}
			if tid%32 < 16 {
				want[4] = 100 // lane 20's %r17: it never wrote one
			}
			for k, w := range want {
				if got := out[8*g+k]; got != w {
					t.Fatalf("poison %#x: CTA %d thread %d word %d = %#x, want %#x", poison, g/64, tid, k, got, w)
				}
			}
		}
	}
}

// compactPaths has registers whose lives a compacted kernel must keep
// apart although no instruction names two of them together: a value a
// guarded write may leave as it was, while others are born and die before
// that write (words 0 and 3), registers of the two arms of a branch while
// a third lives across both (word 1), and a loop's counter and sum beside
// a temporary of its body (word 2). Each thread of 3 CTAs x 64 writes 4
// words at out[4*gtid].
const compactPaths = `.version 7.0
.target sm_80
.address_size 64

.visible .entry cp(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<24>;
	.reg .b64 %rd<4>;

	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	mad.lo.u32 %r3, %r2, 64, %r1;
	mul.wide.u32 %rd2, %r3, 16;
	add.s64 %rd3, %rd1, %rd2;
	and.b32 %r4, %r1, 1;
	setp.eq.u32 %p1, %r4, 0;

	mov.u32 %r5, 5;
	mov.u32 %r6, 7;
	add.u32 %r17, %r6, 1;
	st.global.u32 [%rd3+12], %r17;
	@%p1 mov.u32 %r5, %r1;
	st.global.u32 [%rd3], %r5;

	mul.lo.u32 %r8, %r1, 3;
	@%p1 bra EVEN;
	add.u32 %r9, %r1, 100;
	add.u32 %r10, %r9, %r8;
	bra JOIN;
EVEN:
	add.u32 %r11, %r1, 200;
	add.u32 %r10, %r11, %r8;
JOIN:
	add.u32 %r12, %r10, %r8;
	st.global.u32 [%rd3+4], %r12;

	mov.u32 %r13, 0;
	mov.u32 %r14, 0;
LOOP:
	mul.lo.u32 %r15, %r13, %r13;
	add.u32 %r14, %r14, %r15;
	add.u32 %r13, %r13, 1;
	setp.lt.u32 %p2, %r13, 5;
	@%p2 bra LOOP;
	add.u32 %r16, %r14, %r1;
	st.global.u32 [%rd3+8], %r16;
	ret;
}
`

// TestCompactPaths runs compactPaths compacted (launch.Run) and checks
// every word against the kernel's text.
func TestCompactPaths(t *testing.T) {
	const spec = `{"kernel": "cp", "grid": 3, "block": 64, "args": {"out": {"type": "u32", "count": 768}}}`
	for _, off := range []bool{false, true} {
		undo := sim.SetCompactOff(off)
		res := launch.Run("cp.ptx", []byte(compactPaths), []byte(spec), launch.Options{})
		undo()
		if !res.OK {
			t.Fatalf("compaction off %v: %+v", off, res.Errors)
		}
		out := res.Buffers["out"].Data
		for g := range 3 * 64 {
			tid := uint64(g % 64)
			w0, w1 := uint64(5), tid+100+3*tid+3*tid // odd: %r5 kept its 5; the odd arm
			if tid%2 == 0 {
				w0, w1 = tid, tid+200+3*tid+3*tid
			}
			want := [4]uint64{w0, w1, 0 + 1 + 4 + 9 + 16 + tid, 8}
			for k, w := range want {
				if got := out[4*g+k]; got != w {
					t.Fatalf("compaction off %v: thread %d word %d = %d, want %d", off, g, k, got, w)
				}
			}
		}
	}
}
