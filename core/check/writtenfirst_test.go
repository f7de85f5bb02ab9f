package check

import (
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/ptx"
)

// writtenFirst checks body (one kernel, k) and returns the names of the
// registers, and elements of vector registers (".x"...), that
// WrittenFirst reports, sorted; predicates included. The instructions it
// treats as lane-local are every one but those named in notLocal.
func writtenFirst(t *testing.T, body string, notLocal ...string) string {
	t.Helper()
	src := ".version 8.2\n.target sm_80\n.address_size 64\n" + body
	m, errs := ptx.Parse("w.ptx", []byte(src))
	if len(errs) > 0 {
		t.Fatalf("parse: %v", errs)
	}
	p, errs := Check(m)
	if len(errs) > 0 {
		t.Fatalf("check: %v", errs)
	}
	var f *Func
	for _, g := range p.Funcs {
		if g.Name == "k" {
			f = g
		}
	}
	local := func(in *Inst) bool {
		for _, n := range notLocal {
			if in.Entry.Name == n {
				return false
			}
		}
		return true
	}
	wf := WrittenFirst(f, local)
	// Compaction's is the same, from its one flow for both analyses.
	if cwf, _ := Compaction(f, local, 1<<20); !slices.Equal(cwf, wf) {
		t.Errorf("Compaction's written first %v, WrittenFirst's %v", cwf, wf)
	}
	var names []string
	for i, bits := range wf {
		r := f.Regs[i]
		for k := range max(1, r.Vec) {
			if bits>>k&1 == 0 {
				continue
			}
			if r.Vec > 0 {
				names = append(names, r.Name+"."+string("xyzw"[k%4]))
			} else {
				names = append(names, r.Name)
			}
		}
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

// TestWrittenFirst: the registers every thread writes before it reads
// them on every path it can take, by the rules of WrittenFirst: a write
// under a guard does not count (the thread may not run it), a path
// around a write leaves the register unwritten where it meets the other,
// a loop's back edge carries what its body writes, and a register that
// an instruction the caller does not call lane-local names is never
// reported.
func TestWrittenFirst(t *testing.T) {
	tests := []struct {
		name, body string
		notLocal   []string
		want       string
	}{
		{"straight line: written then read", `.entry k(.param .u64 out) {
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	add.s32 %r2, %r1, 1;
	st.global.u32 [%rd1], %r2;
	ret;
}`, nil, "%r0 %r1 %r2 %r3 %rd0 %rd1 %rd2"}, // %r0, %r3, %rd0, %rd2: nothing reads them
		{"read before the write", `.entry k() {
	.reg .b32 %r<3>;
	add.s32 %r1, %r2, 1;
	mov.u32 %r2, 5;
	add.s32 %r1, %r2, %r1;
	ret;
}`, nil, "%r0 %r1"},
		{"read and written by one instruction: the read comes first", `.entry k() {
	.reg .b32 %r<3>;
	add.s32 %r1, %r1, 1;
	ret;
}`, nil, "%r0 %r2"},
		{"a guarded write does not count", `.entry k() {
	.reg .b32 %r<3>;
	.reg .pred %p<2>;
	setp.eq.u32 %p1, 1, 1;
	@%p1 mov.u32 %r1, 5;
	add.s32 %r2, %r1, 1;
	ret;
}`, nil, "%p0 %p1 %r0 %r2"},
		{"written in one arm of a branch only", `.entry k() {
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	mov.u32 %r3, %tid.x;
	setp.eq.u32 %p1, %r3, 0;
	@%p1 bra ELSE;
	mov.u32 %r1, 1;
	bra JOIN;
ELSE:
	mov.u32 %r2, 2;
JOIN:
	add.s32 %r2, %r1, %r2;
	ret;
}`, nil, "%p0 %p1 %r0 %r3"},
		{"written in both arms", `.entry k() {
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	mov.u32 %r3, %tid.x;
	setp.eq.u32 %p1, %r3, 0;
	@%p1 bra ELSE;
	mov.u32 %r1, 1;
	bra JOIN;
ELSE:
	mov.u32 %r1, 2;
JOIN:
	add.s32 %r2, %r1, %r1;
	ret;
}`, nil, "%p0 %p1 %r0 %r1 %r2 %r3"},
		{"a loop: the back edge brings the body's writes to its head", `.entry k() {
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	mov.u32 %r1, 0;
LOOP:
	add.s32 %r1, %r1, 1;
	add.s32 %r2, %r3, %r1;
	mov.u32 %r3, %r2;
	setp.lt.u32 %p1, %r1, 10;
	@%p1 bra LOOP;
	ret;
}`, nil, "%p0 %p1 %r0 %r1 %r2"}, // %r3 is read on the first trip before any write
		{"written before the loop, read in it", `.entry k() {
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	mov.u32 %r1, 0;
	mov.u32 %r3, 7;
LOOP:
	add.s32 %r1, %r1, %r3;
	setp.lt.u32 %p1, %r1, 10;
	@%p1 bra LOOP;
	ret;
}`, nil, "%p0 %p1 %r0 %r1 %r2 %r3"},
		{"a guarded exit: the rest still needs the write", `.entry k() {
	.reg .b32 %r<3>;
	.reg .pred %p<2>;
	setp.eq.u32 %p1, 1, 1;
	@%p1 exit;
	add.s32 %r2, %r1, 1;
	ret;
}`, nil, "%p0 %p1 %r0 %r2"},
		{"dead code reads nothing", `.entry k() {
	.reg .b32 %r<3>;
	mov.u32 %r1, 1;
	ret;
	add.s32 %r2, %r0, 1;
}`, nil, "%r0 %r1 %r2"},
		{"an instruction not lane-local: its registers never", `.entry k() {
	.reg .b32 %r<4>;
	mov.u32 %r1, %tid.x;
	shfl.sync.idx.b32 %r2, %r1, 0, 31, -1;
	add.s32 %r3, %r2, %r1;
	ret;
}`, []string{"shfl.sync"}, "%r0 %r3"},
		{"the same with shfl called lane-local", `.entry k() {
	.reg .b32 %r<4>;
	mov.u32 %r1, %tid.x;
	shfl.sync.idx.b32 %r2, %r1, 0, 31, -1;
	add.s32 %r3, %r2, %r1;
	ret;
}`, nil, "%r0 %r1 %r2 %r3"},
		{"an address register is read, even by a store", `.entry k() {
	.reg .b32 %r<2>;
	.reg .b64 %rd<3>;
	st.global.u32 [%rd1], %r1;
	mov.u64 %rd1, 0;
	mov.u32 %r1, 0;
	ret;
}`, nil, "%r0 %rd0 %rd2"},
		{"vector elements apart, a sink writes none", `.entry k(.param .u64 out) {
	.reg .v2 .u32 %v;
	.reg .b32 %r<3>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	ld.global.v2.u32 {%r1, _}, [%rd1];
	mov.u32 %v.x, %r1;
	add.u32 %r2, %v.x, %v.y;
	ret;
}`, nil, "%r0 %r1 %r2 %rd0 %rd1 %v.x"}, // %r2: nothing reads it
		{"a d|p pair: both written", `.entry k() {
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	mov.u32 %r1, %tid.x;
	shfl.sync.up.b32 %r2|%p1, %r1, 1, 0, -1;
	selp.u32 %r3, %r2, 0, %p1;
	ret;
}`, nil, "%p0 %p1 %r0 %r1 %r2 %r3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := writtenFirst(t, tt.body, tt.notLocal...); got != tt.want {
				t.Errorf("written first: %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWrittenFirstModuleRegister: a module-scope register is defined on
// entry (the analysis cannot know its value), so it is never reported,
// even when the kernel writes it before reading it.
func TestWrittenFirstModuleRegister(t *testing.T) {
	got := writtenFirst(t, `.reg .b32 %g;
.entry k() {
	.reg .b32 %r<2>;
	mov.u32 %g, 1;
	add.u32 %r1, %g, 1;
	ret;
}`)
	if strings.Contains(got, "%g") || !strings.Contains(got, "%r1") {
		t.Errorf("written first: %q, want %%r1 and not %%g", got)
	}
}

// TestInterferences: which registers are live at once, by the rules of
// Interferences (a write is live together with everything live after it;
// a path that does not read a register again leaves it dead there).
func TestInterferences(t *testing.T) {
	tests := []struct {
		name, body string
		together   []string // pairs "a b" that must be live at once
		apart      []string // pairs that must not
	}{
		{"straight line", `.entry k(.param .u64 out) {
	.reg .b32 %r<5>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, 1;
	mov.u32 %r2, 2;
	add.u32 %r3, %r1, %r2;
	add.u32 %r4, %r3, 1;
	st.global.u32 [%rd1], %r4;
	ret;
}`, []string{"%r1 %r2", "%rd1 %r3", "%rd1 %r4", "%rd1 %r1", "%r1 %r3", "%r3 %r4"}, []string{"%r1 %r4", "%r2 %r4"}},
		{"the arms of a branch", `.entry k(.param .u64 out) {
	.reg .pred %p<2>;
	.reg .b32 %r<5>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r4, %tid.x;
	setp.eq.u32 %p1, %r4, 0;
	@%p1 bra B;
	mov.u32 %r1, 1;
	st.global.u32 [%rd1], %r1;
	bra J;
B:
	mov.u32 %r2, 2;
	st.global.u32 [%rd1], %r2;
J:
	st.global.u32 [%rd1], %r4;
	ret;
}`, []string{"%r1 %r4", "%r2 %r4", "%r1 %rd1"}, []string{"%r1 %r2"}},
		{"a guarded write keeps the old value live", `.entry k(.param .u64 out) {
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	setp.eq.u32 %p1, %r1, 0;
	mov.u32 %r2, 5;
	@%p1 mov.u32 %r2, %r1;
	mov.u32 %r3, 7;
	st.global.u32 [%rd1], %r2;
	st.global.u32 [%rd1], %r3;
	ret;
}`, []string{"%r2 %r3", "%r1 %r2"}, []string{"%r1 %r3"}},
		{"a loop carries its counter around the back edge", `.entry k(.param .u64 out) {
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, 0;
L:
	mul.lo.u32 %r2, %r1, 3;
	st.global.u32 [%rd1], %r2;
	add.u32 %r1, %r1, 1;
	setp.lt.u32 %p1, %r1, 4;
	@%p1 bra L;
	mov.u32 %r3, 9;
	st.global.u32 [%rd1], %r3;
	ret;
}`, []string{"%r1 %r2"}, []string{"%r1 %r3", "%r2 %r3"}},
		{"a value read at the top of a loop is live to its end", `.entry k(.param .u64 out) {
	.reg .pred %p<2>;
	.reg .b32 %r<5>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, 5;
	mov.u32 %r4, 0;
L:
	add.u32 %r2, %r1, 1;
	st.global.u32 [%rd1], %r2;
	mov.u32 %r3, 7;
	st.global.u32 [%rd1], %r3;
	add.u32 %r4, %r4, 1;
	setp.lt.u32 %p1, %r4, 4;
	@%p1 bra L;
	ret;
}`, []string{"%r1 %r3", "%r1 %r4", "%r3 %r4"}, []string{"%r2 %r3"}},
		{"a write nothing reads still clobbers what is live", `.entry k(.param .u64 out) {
	.reg .b32 %r<4>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, 1;
	mov.u32 %r2, 2;
	st.global.u32 [%rd1], %r1;
	ret;
}`, []string{"%r1 %r2"}, nil},
		{"unpacking: the halves against the whole they read", `.entry k(.param .u64 out) {
	.reg .b32 %r<3>;
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [out];
	ld.global.u64 %rd2, [%rd1];
	mov.b64 {%r1, %r2}, %rd2;
	st.global.v2.u32 [%rd1], {%r1, %r2};
	ret;
}`, []string{"%r1 %rd2", "%r2 %rd2", "%r1 %r2"}, nil},
		{"a write and what it reads, even where that dies", `.entry k(.param .u64 out) {
	.reg .b32 %r<4>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, 1;
	add.u32 %r2, %r1, 1;
	add.u32 %r3, %r2, 1;
	st.global.u32 [%rd1], %r3;
	ret;
}`, []string{"%r1 %r2", "%r2 %r3"}, []string{"%r1 %r3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := ".version 8.2\n.target sm_80\n.address_size 64\n" + tt.body
			m, errs := ptx.Parse("w.ptx", []byte(src))
			if len(errs) > 0 {
				t.Fatalf("parse: %v", errs)
			}
			p, errs := Check(m)
			if len(errs) > 0 {
				t.Fatalf("check: %v", errs)
			}
			f := p.Funcs[0]
			x := Interferences(f, 1<<20)
			if x == nil {
				t.Fatal("no interference")
			}
			// Compaction's is the same, from its one flow for both.
			if _, cx := Compaction(f, func(*Inst) bool { return true }, 1<<20); cx == nil || !reflect.DeepEqual(cx, x) {
				t.Errorf("Compaction's interference %v, Interferences' %v", cx, x)
			}
			elem := func(name string) int {
				for _, r := range f.Regs {
					if r.Name == name {
						return x.Base[r.Index]
					}
				}
				t.Fatalf("no register %s", name)
				return 0
			}
			for _, want := range []bool{true, false} {
				pairs := tt.apart
				if want {
					pairs = tt.together
				}
				for _, pr := range pairs {
					ab := strings.Fields(pr)
					a, b := elem(ab[0]), elem(ab[1])
					if x.Together(a, b) != want || x.Together(b, a) != want {
						t.Errorf("%s and %s live at once: %v, %v; want %v", ab[0], ab[1], x.Together(a, b), x.Together(b, a), want)
					}
				}
			}
		})
	}
}
