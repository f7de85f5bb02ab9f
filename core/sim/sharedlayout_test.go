package sim

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// TestSharedPerKernel: a module of six kernels, each with a 40 KiB .shared
// array of its own (as nvcc writes a kernel's __shared__ arrays, at module
// scope): each kernel's CTA holds its own 40 KiB, so every kernel runs
// (together they would pass the 227 KiB a CTA may have) and exchanges
// values through its array (cmd/difftest/testdata/shared_per_kernel).
func TestSharedPerKernel(t *testing.T) {
	var b strings.Builder
	b.WriteString(".version 7.0\n.target sm_80\n.address_size 64\n")
	for i := 0; i < 6; i++ {
		fmt.Fprintf(&b, `.shared .align 4 .b8 s%[1]d[40960];
.visible .entry k%[1]d(.param .u64 out)
{
	.reg .b32 %%r<4>;
	.reg .b64 %%rd<6>;
	mov.u32 %%r1, %%tid.x;
	mul.wide.u32 %%rd1, %%r1, 4;
	mov.u64 %%rd2, s%[1]d;
	add.s64 %%rd3, %%rd2, %%rd1;
	add.s32 %%r2, %%r1, %[1]d;
	st.shared.u32 [%%rd3], %%r2;
	bar.sync 0;
	xor.b32 %%r3, %%r1, 1;
	mul.wide.u32 %%rd4, %%r3, 4;
	add.s64 %%rd4, %%rd2, %%rd4;
	ld.shared.u32 %%r2, [%%rd4];
	ld.param.u64 %%rd5, [out];
	add.s64 %%rd5, %%rd5, %%rd1;
	st.global.u32 [%%rd5], %%r2;
	ret;
}
`, i)
	}
	p := compilePTX(t, "six.ptx", b.String())
	for i := 0; i < 6; i++ {
		k := fmt.Sprintf("k%d", i)
		if got := p.sharedSize(p.byName[k]); got != 40960 {
			t.Errorf("%s: %d bytes of shared memory, want 40960", k, got)
		}
		params := make([]byte, 8)
		m, err := New(p, k, Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{64, 1, 1}, Params: params})
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		out := m.Alloc("out", 64*4)
		binary.LittleEndian.PutUint64(params, out)
		m.launch.Params = params
		m.Run(0)
		if f := m.Fault(); f != nil {
			t.Fatalf("%s: %s", k, f.Msg)
		}
		got := m.Buffer(out)
		for tid := 0; tid < 64; tid++ {
			if v, want := binary.LittleEndian.Uint32(got[4*tid:]), uint32(tid^1+i); v != want {
				t.Fatalf("%s: out[%d] = %d, want %d", k, tid, v, want)
			}
		}
	}
}

// TestSharedLayout: each .shared variable's offset and each kernel's
// static shared size, worked out by hand: a variable goes at the first
// offset (aligned) past the variables declared before it that a kernel
// reaching it reaches too; a kernel's size is its variables' end
// rounded up to 16 bytes, or the .extern array's offset when it names
// one, which starts past the static variables of every kernel naming it.
func TestSharedLayout(t *testing.T) {
	const head = ".version 7.8\n.target sm_80\n.address_size 64\n"
	for _, c := range []struct {
		desc  string
		src   string
		vars  map[string]uint64 // module-scope .shared variable -> offset
		sizes map[string]int    // kernel -> static shared bytes
	}{
		{"one kernel: one variable after another, an unaligned end rounded up",
			`.shared .align 4 .b8 a[10];
.shared .align 8 .b8 b[8];
.shared .align 1 .b8 c[3];
.visible .entry k()
{
	.reg .b64 %rd<4>;
	mov.u64 %rd1, a;
	mov.u64 %rd2, b;
	mov.u64 %rd3, c;
	ret;
}
`, map[string]uint64{"a": 0, "b": 16, "c": 24}, map[string]int{"k": 32}},
		{"two kernels and a function both call: the function's variable at one offset past the first kernel's, the second kernel's past it",
			`.shared .align 4 .b8 a[1024];
.shared .align 4 .b8 c[256];
.shared .align 4 .b8 b[2048];
.func f()
{
	.reg .b64 %rd<2>;
	mov.u64 %rd1, c;
	ret;
}
.visible .entry k1()
{
	.reg .b64 %rd<2>;
	mov.u64 %rd1, a;
	call f, ();
	ret;
}
.visible .entry k2()
{
	.reg .b32 %r<2>;
	call f, ();
	ld.shared.u32 %r1, [b+8];
	ret;
}
`, map[string]uint64{"a": 0, "c": 1024, "b": 1280}, map[string]int{"k1": 1280, "k2": 3328}},
		{"a variable no kernel names takes no room",
			`.shared .align 4 .b8 unused[4096];
.shared .align 4 .b8 a[100];
.visible .entry k()
{
	.reg .b32 %r<2>;
	st.shared.u32 [a], %r1;
	ret;
}
`, map[string]uint64{"a": 0}, map[string]int{"k": 112}},
		{"the .extern array of one kernel starts past its static variables; another kernel keeps its own size",
			`.shared .align 4 .b8 a[1000];
.shared .align 4 .b8 b[4096];
.extern .shared .align 16 .b8 dyn[];
.visible .entry k1()
{
	.reg .b64 %rd<3>;
	mov.u64 %rd1, a;
	mov.u64 %rd2, dyn;
	ret;
}
.visible .entry k2()
{
	.reg .b64 %rd<2>;
	mov.u64 %rd1, b;
	ret;
}
`, map[string]uint64{"a": 0, "b": 0, "dyn": 1008}, map[string]int{"k1": 1008, "k2": 4096}},
		{"an indirect call reaches every function; a kernel's own .shared variable counts",
			`.shared .align 4 .b8 a[256];
.shared .align 4 .b8 v[512];
.func g()
{
	.reg .b64 %rd<2>;
	mov.u64 %rd1, v;
	ret;
}
.visible .entry k1()
{
	.reg .b64 %rd<2>;
	mov.u64 %rd1, a;
	ret;
}
.visible .entry k3()
{
	.reg .b64 %rd<3>;
	.shared .align 8 .b8 own[64];
	mov.u64 %rd1, g;
	mov.u64 %rd2, own;
	proto: .callprototype ()_ ();
	call %rd1, proto;
	ret;
}
`, map[string]uint64{"a": 0, "v": 0}, map[string]int{"k1": 256, "k3": 576}},
		{"a .shared variable named in an initializer is every kernel's",
			`.shared .align 4 .b8 a[256];
.shared .align 4 .b8 s[128];
.global .u64 gp = generic(s);
.visible .entry k1()
{
	.reg .b64 %rd<2>;
	mov.u64 %rd1, a;
	ret;
}
.visible .entry k2()
{
	ret;
}
`, map[string]uint64{"a": 0, "s": 256}, map[string]int{"k1": 384, "k2": 384}},
	} {
		t.Run(c.desc, func(t *testing.T) {
			p := compilePTX(t, "layout.ptx", head+c.src)
			for name, want := range c.vars {
				loc, ok := p.moduleVar(name)
				if !ok || loc.space != spaceShared || loc.off != want {
					t.Errorf("%s at %+v (%v), want shared offset %d", name, loc, ok, want)
				}
			}
			for k, want := range c.sizes {
				if got := p.sharedSize(p.byName[k]); got != want {
					t.Errorf("%s: %d bytes of static shared memory, want %d", k, got, want)
				}
			}
		})
	}
}
