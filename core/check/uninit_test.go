package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/ptx"
)

func warnings(t *testing.T, body string) []string {
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
	var out []string
	for _, e := range Warnings(p) {
		out = append(out, e.Error())
	}
	return out
}

// TestUninitReads: a register read that no write reaches on any path is
// reported once, at the reading instruction (line 4 is the first body line
// after the three header lines).
func TestUninitReads(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []string // substrings, one per warning, in order
	}{
		{"straight line", `.entry k() {
	.reg .b32 %r<4>;
	add.s32 %r1, %r2, 1;
	mov.u32 %r2, 5;
	ret;
}`, []string{"w.ptx:6:2: %r2 is read here, but no instruction before it writes it"}},
		{"both operands, each once", `.entry k() {
	.reg .b32 %r<4>;
	add.s32 %r1, %r2, %r3;
	mul.lo.s32 %r1, %r2, %r2;
	ret;
}`, []string{"6:2: %r2 is read", "6:2: %r3 is read", "7:2: %r2 is read"}},
		{"written under a guard counts", `.entry k() {
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	setp.eq.u32 %p1, 1, 1;
	@%p1 mov.u32 %r2, 5;
	add.s32 %r1, %r2, 1;
	ret;
}`, nil},
		{"vector register elements apart", `.entry k() {
	.reg .v2 .u32 %v;
	.reg .v4 .f32 %q;
	.reg .b64 %d;
	.reg .b32 %r;
	mov.u32 %v.x, 1;
	mov.b64 %d, %v;
	mov.f32 %q.r, 0f3F800000;
	mov.f32 %q.g, %q.x;
	mov.b32 %r, %q.b;
	ld.global.v4.f32 %q, [%d];
	add.f32 %q.w, %q.z, %q.a;
	ret;
}`, []string{"10:2: %v.y is read", "13:2: %q.z is read"}},
		{"the guard itself is read", `.entry k() {
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	@%p1 mov.u32 %r2, 5;
	ret;
}`, []string{"7:2: %p1 is read"}},
		{"written on one path only counts", `.entry k() {
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	mov.u32 %r3, %tid.x;
	setp.eq.u32 %p1, %r3, 0;
	@%p1 bra L;
	mov.u32 %r2, 5;
L:
	add.s32 %r1, %r2, 1;
	ret;
}`, nil},
		{"written later in a loop reaches through the back edge", `.entry k() {
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	mov.u32 %r1, 0;
	mov.u32 %r3, 0;
L:
	setp.gt.u32 %p1, %r3, 0;
	@%p1 add.s32 %r1, %r1, %r2;
	mov.u32 %r2, 7;
	add.s32 %r3, %r3, 1;
	setp.lt.u32 %p1, %r3, 4;
	@%p1 bra L;
	ret;
}`, nil},
		{"after an unconditional branch nothing falls through", `.entry k() {
	.reg .b32 %r<4>;
	bra L;
	mov.u32 %r2, 5;
L:
	add.s32 %r1, %r2, 1;
	ret;
}`, []string{"9:2: %r2 is read"}},
		{"dead code is not reported", `.entry k() {
	.reg .b32 %r<4>;
	ret;
	add.s32 %r1, %r2, 1;
}`, nil},
		{"store: value and address are read", `.entry k(.param .u64 out) {
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	st.global.u32 [%rd1], %r1;
	ret;
}`, []string{"7:2: %rd1 is read", "7:2: %r1 is read"}},
		{"vector load writes every element", `.entry k(.param .u64 in) {
	.reg .b32 %r<5>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [in];
	ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd1];
	add.s32 %r1, %r4, %r3;
	ret;
}`, nil},
		{"a sink's predicate is written", `.entry k() {
	.reg .b32 %r<4>;
	.reg .pred %p<3>;
	mov.u32 %r1, 1;
	lop3.or.b32 _|%p1, %r1, %r1, %r1, 0x80, 1;
	@%p1 mov.u32 %r2, 1;
	ret;
}`, nil},
		{".reg parameters are written by the caller", `.func (.reg .b32 r) f(.reg .b32 a) {
	add.s32 r, a, 1;
	ret;
}
.entry k() {
	.reg .b32 %r<3>;
	mov.u32 %r1, 2;
	call (%r2), f, (%r1);
	add.s32 %r1, %r2, 1;
	ret;
}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := warnings(t, tt.body)
			if len(got) != len(tt.want) {
				t.Fatalf("got %d warnings, want %d:\n%s", len(got), len(tt.want), strings.Join(got, "\n"))
			}
			for i := range got {
				if !strings.Contains(got[i], tt.want[i]) {
					t.Errorf("warning %d: got %q, want it to contain %q", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// TestUninitCorpus: the valid files read no undefined register, except one
// real-world nvcc file whose unrolled max loops read %f registers its
// function never writes, and a hand-written layout test; their counts are
// pinned so a change in the analysis shows.
func TestUninitCorpus(t *testing.T) {
	var files []string
	for _, g := range []string{"../ptx/testdata/corpus/*.ptx", "../../testdata/check/ok/*.ptx", "../../testdata/run/*/kernel.ptx"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	counts := map[string]int{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, errs := ptx.Parse(filepath.Base(f), src)
		if len(errs) > 0 {
			continue
		}
		p, errs := Check(m)
		if len(errs) > 0 {
			continue
		}
		for _, w := range Warnings(p) {
			counts[filepath.Base(f)]++
			_ = w
		}
	}
	want := map[string]int{
		"Malfurionzz__cuda_code__softmax.ptx": 8,
		"hand_nvcc_layout.ptx":                10, // a layout test: its mma's inputs are never set
		"hand_vote_shfl_63_sm_70.ptx":         3,  // vote and shfl without .sync on sm_70 before PTX ISA 6.4 (ptxas warns too)
	}
	for f, n := range counts {
		if want[f] != n {
			t.Errorf("%s: %d warnings, want %d", f, n, want[f])
		}
	}
	for f, n := range want {
		if counts[f] != n {
			t.Errorf("%s: %d warnings, want %d", f, counts[f], n)
		}
	}
}

// BenchmarkWarnings times check.Warnings on the largest corpus file (the
// page runs it on every edit that checks clean).
func BenchmarkWarnings(b *testing.B) {
	files, _ := filepath.Glob("../ptx/testdata/corpus/*.ptx")
	var big []byte
	for _, f := range files {
		if src, err := os.ReadFile(f); err == nil && len(src) > len(big) {
			big = src
		}
	}
	m, errs := ptx.Parse("big.ptx", big)
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	p, errs := Check(m)
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	b.SetBytes(int64(len(big)))
	for b.Loop() {
		Warnings(p)
	}
}

// BenchmarkCheckBig is the check the page already runs on every edit, for
// comparison.
func BenchmarkCheckBig(b *testing.B) {
	files, _ := filepath.Glob("../ptx/testdata/corpus/*.ptx")
	var big []byte
	for _, f := range files {
		if src, err := os.ReadFile(f); err == nil && len(src) > len(big) {
			big = src
		}
	}
	b.SetBytes(int64(len(big)))
	for b.Loop() {
		m, _ := ptx.Parse("big.ptx", big)
		Check(m)
	}
}

// TestRemovedLaterWarns: vote and shfl without .sync in a module before PTX
// ISA 6.4 are accepted, with a warning from sm_70 on (ptxas 13.0 warns at
// .version 6.3 .target sm_75 and refuses at 6.4), and without one before
// sm_70; the .sync forms never warn.
func TestRemovedLaterWarns(t *testing.T) {
	body := `.entry k() {
	.reg .pred %p<4>;
	.reg .b32 %r<4>;
	mov.u32 %r1, %tid.x;
	setp.ne.u32 %p1, %r1, 0;
	vote.any.pred %p2, %p1;
	shfl.bfly.b32 %r2, %r1, 1, 31;
	vote.sync.any.pred %p3, %p1, 0xffffffff;
	shfl.sync.bfly.b32 %r3, %r1, 1, 31, 0xffffffff;
	ret;
}
`
	for _, c := range []struct {
		head string
		want []string // substrings, one a warning, in order
	}{
		{".version 6.3\n.target sm_75\n", []string{"w.ptx:9:2: vote.any.pred may produce unpredictable results on sm_70 and later", "w.ptx:10:2: shfl.bfly.b32 may produce unpredictable results on sm_70 and later (ptxas warns so): the lanes of a warp need not run it together; PTX ISA 6.4 removes it for these targets, write shfl.sync"}},
		{".version 6.3\n.target sm_70\n", []string{"9:2: vote.any.pred may", "10:2: shfl.bfly.b32 may"}},
		{".version 6.3\n.target sm_61\n", nil},
		{".version 7.0\n.target sm_61\n", nil},
	} {
		m, errs := ptx.Parse("w.ptx", []byte(c.head+".address_size 64\n"+body))
		if len(errs) > 0 {
			t.Fatalf("%q: parse: %v", c.head, errs)
		}
		p, errs := Check(m)
		if len(errs) > 0 {
			t.Fatalf("%q: check: %v", c.head, errs)
		}
		var got []string
		for _, e := range Warnings(p) {
			if !strings.Contains(e.Msg, "is read here") {
				got = append(got, e.Error())
			}
		}
		if len(got) != len(c.want) {
			t.Errorf("%q: warnings %q, want %d", c.head, got, len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("%q: warning %d is %q, want it to contain %q", c.head, i, got[i], w)
			}
		}
	}
}
