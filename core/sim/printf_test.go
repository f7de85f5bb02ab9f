package sim

// printf_test.go: the printf conversions against the host C library's
// printf. Each case is compiled into a C program that gcc builds and runs;
// its output is also committed in testdata/printf/glibc.golden.json, so a
// machine without gcc still checks against what C printed
// (go test -run TestPrintfAgainstC -update rewrites it).

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files from the host C compiler")

// parg is one printf argument: its C type and value.
type parg struct {
	kind byte // 'i' int, 'u' unsigned, 'l' long long, 'd' double, 's' char*, 'p' void*
	v    uint64
	s    string
}

func pi(v int32) parg      { return parg{kind: 'i', v: uint64(uint32(v))} }
func pu(v uint32) parg     { return parg{kind: 'u', v: uint64(v)} }
func pl(v int64) parg      { return parg{kind: 'l', v: uint64(v)} }
func pd(v float64) parg    { return parg{kind: 'd', v: math.Float64bits(v)} }
func pdb(b uint64) parg    { return parg{kind: 'd', v: b} }
func ps(s string) parg     { return parg{kind: 's', s: s} }
func pp(v uint64) parg     { return parg{kind: 'p', v: v} }
func pnull() parg          { return parg{kind: 's'} }
func (a parg) size() int   { return map[byte]int{'i': 4, 'u': 4, 'l': 8, 'd': 8, 's': 8, 'p': 8}[a.kind] }
func (a parg) isStr() bool { return a.kind == 's' && (a.s != "" || a.v != 0) }

type printfCase struct {
	format string
	args   []parg
}

func printfCases() []printfCase {
	nan := math.Float64bits(math.NaN())
	return []printfCase{
		{"plain text, no conversions\n", nil},
		{"%%d and 100%%", nil},
		{"%d %i %d %d", []parg{pi(0), pi(-1), pi(math.MaxInt32), pi(math.MinInt32)}},
		{"[%5d] [%-5d] [%05d] [%+d] [% d] [%+5d] [%-+5d]", []parg{pi(42), pi(42), pi(-42), pi(42), pi(42), pi(-7), pi(7)}},
		{"[%.3d] [%8.3d] [%-8.3d] [%08.3d] [%.0d] [%5.0d] [%+.0d]", []parg{pi(5), pi(-5), pi(5), pi(5), pi(0), pi(0), pi(0)}},
		{"%u %u %o %x %X", []parg{pu(0), pu(math.MaxUint32), pu(8), pu(0xdeadbeef), pu(0xdeadbeef)}},
		{"[%#o] [%#o] [%#x] [%#X] [%#x] [%#.0o] [%#8x] [%#08x] [%-#8x]", []parg{pu(8), pu(0), pu(255), pu(255), pu(0), pu(0), pu(1), pu(1), pu(1)}},
		{"%hd %hu %hhd %hhu %hx %hhx", []parg{pi(70000), pi(70000), pi(200), pi(-1), pi(-1), pi(0x1ff)}},
		{"%ld %lld %lu %llx %lX %lo", []parg{pl(math.MinInt64), pl(math.MaxInt64), pl(-1), pl(-1), pl(0x123456789abcdef), pl(8)}},
		{"%zu %zd %zx %jd %td", []parg{pl(1 << 40), pl(-3), pl(255), pl(-9), pl(12)}},
		{"[%c] [%3c] [%-3c] [%c]", []parg{pi('A'), pi('b'), pi('c'), pi(0x141)}},
		{"[%s] [%10s] [%-10s] [%.2s] [%10.3s] [%s]", []parg{ps("hello"), ps("right"), ps("left"), ps("cut"), ps("abcdef"), ps("")}},
		{"[%s] [%10s]", []parg{pnull(), pnull()}},
		{"[%p] [%p] [%20p] [%-20p|]", []parg{pp(0x7f001234), pp(0), pp(0xdeadbeef0), pp(1)}},
		{"%f %f %f %f", []parg{pd(0), pd(1.5), pd(-2.25), pd(1e20)}},
		{"[%.0f] [%.0f] [%.0f] [%.0f] [%.1f] [%.2f]", []parg{pd(0.5), pd(1.5), pd(2.5), pd(-0.5), pd(0.05), pd(1.005)}},
		{"[%10.3f] [%-10.3f] [%010.3f] [%+.3f] [% .3f] [%#.0f] [%F]", []parg{pd(3.14159), pd(3.14159), pd(-3.14159), pd(2), pd(2), pd(7), pd(1)}},
		{"%.20f %.17f", []parg{pd(0.1), pd(1.0 / 3)}},
		{"%f %.3f %f", []parg{pd(math.MaxFloat64), pd(5e-324), pd(-0.0)}},
		{"%e %E %.0e %#.0e %.10e", []parg{pd(12345.678), pd(0.000123), pd(5e10), pd(5e10), pd(math.Pi)}},
		{"%e %e %e %e", []parg{pd(0), pd(-0.0), pd(1e-300), pd(1e300)}},
		{"[%12.4e] [%-12.4e] [%012.4e] [%+e]", []parg{pd(-1.5), pd(1.5), pd(-1.5), pd(1)}},
		{"%g %g %g %g %g %g", []parg{pd(100000), pd(1000000), pd(0.0001), pd(0.00001), pd(123.456), pd(0)}},
		{"%G %g %.3g %.10g %.0g %#g %#.3g", []parg{pd(1e-10), pd(1.5e300), pd(3.14159), pd(1.0 / 3), pd(25), pd(1), pd(100)}},
		{"[%10g] [%-10g] [%010g] [%+g] [%g]", []parg{pd(2.5), pd(2.5), pd(-2.5), pd(2.5), pd(-0.0)}},
		{"%a %a %a %a %A", []parg{pd(1), pd(-0.5), pd(0), pd(0.1), pd(255.5)}},
		{"%a %a %a", []parg{pd(5e-324), pd(math.MaxFloat64), pd(2.2250738585072014e-308)}},
		{"[%.0a] [%.1a] [%.3a] [%.20a] [%#.0a] [%12a] [%-12a] [%012a]", []parg{pd(1.5), pd(1.96875), pd(math.Pi), pd(1), pd(1), pd(1), pd(1), pd(-1)}},
		{"%f %F %e %E %g %G %a %A", []parg{pd(math.Inf(1)), pd(math.Inf(-1)), pd(math.Inf(1)), pd(math.Inf(-1)), pd(math.Inf(1)), pd(math.Inf(1)), pd(math.Inf(-1)), pd(math.Inf(1))}},
		{"[%f] [%F] [%5f] [%-6e] [%06g] [%+f]", []parg{pdb(nan), pdb(nan), pdb(nan), pdb(nan), pd(math.Inf(1)), pd(math.Inf(1))}},
		{"%lf %le %lg", []parg{pd(2.5), pd(2.5), pd(2.5)}},
		{"[%*d] [%-*d] [%*d] [%.*f] [%.*f] [%*.*s]", []parg{pi(6), pi(42), pi(6), pi(42), pi(-6), pi(42), pi(2), pd(3.14159), pi(-1), pd(3.14159), pi(6), pi(2), ps("abcdef")}},
		{"mixed %d %f %s %lld %c %x\n", []parg{pi(7), pd(0.25), ps("str"), pl(1 << 40), pi('z'), pu(0xabc)}},
		{"%d %f %d %lld %d", []parg{pi(1), pd(2), pi(3), pl(4), pi(5)}},
		{"%-+#0 5d|%0-5d|% +d", []parg{pi(3), pi(3), pi(3)}},
	}
}

// testArgs is a packed argument buffer with strings at fake addresses.
type testArgs struct {
	buf  []byte
	off  int
	strs map[uint64]string
}

func packArgs(args []parg) *testArgs {
	a := &testArgs{strs: map[uint64]string{}}
	for i, x := range args {
		sz := x.size()
		for len(a.buf)%sz != 0 {
			a.buf = append(a.buf, 0xee) // padding the formatter must skip
		}
		v := x.v
		if x.isStr() {
			v = 0x1000 + uint64(i)*0x100
			a.strs[v] = x.s
		}
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], v)
		a.buf = append(a.buf, b[:sz]...)
	}
	return a
}

func (a *testArgs) arg(size int) (uint64, error) {
	a.off = (a.off + size - 1) &^ (size - 1)
	if a.off+size > len(a.buf) {
		return 0, fmt.Errorf("read past the argument buffer")
	}
	v := load(a.buf[a.off : a.off+size])
	a.off += size
	return v, nil
}

func (a *testArgs) str(addr uint64, max int) ([]byte, error) {
	s, ok := a.strs[addr]
	if !ok {
		return nil, fmt.Errorf("no string at 0x%x", addr)
	}
	if max >= 0 && len(s) > max {
		s = s[:max]
	}
	return []byte(s), nil
}

// cQuote writes s as a C string literal.
func cQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// cProgram prints every case with the C library's printf, each followed
// by a \001 byte and its return value.
func cProgram(cases []printfCase) string {
	var b strings.Builder
	b.WriteString("#include <stdio.h>\n#include <string.h>\n")
	b.WriteString("static double D(unsigned long long b) { double d; memcpy(&d, &b, 8); return d; }\n")
	b.WriteString("int main(void) {\n")
	for _, c := range cases {
		b.WriteString("\tprintf(" + cQuote(c.format))
		for _, a := range c.args {
			switch a.kind {
			case 'i':
				fmt.Fprintf(&b, ", (int)%d", int32(a.v))
			case 'u':
				fmt.Fprintf(&b, ", %du", uint32(a.v))
			case 'l':
				fmt.Fprintf(&b, ", (long long)0x%xULL", a.v)
			case 'd':
				fmt.Fprintf(&b, ", D(0x%xULL)", a.v)
			case 's':
				if a.isStr() {
					b.WriteString(", " + cQuote(a.s))
				} else {
					b.WriteString(", (char *)0")
				}
			case 'p':
				fmt.Fprintf(&b, ", (void *)0x%xULL", a.v)
			}
		}
		b.WriteString(");\n\tputchar(1);\n")
	}
	b.WriteString("\treturn 0;\n}\n")
	return b.String()
}

// runC compiles and runs the C program, returning each case's output, or
// nil when gcc is missing.
func runC(t *testing.T, cases []printfCase) []string {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Log("gcc not found: checking against the committed golden file only")
		return nil
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "p.c")
	if err := os.WriteFile(src, []byte(cProgram(cases)), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "p")
	if out, err := exec.Command(gcc, "-w", "-O0", "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("running the C program: %v", err)
	}
	parts := strings.Split(string(out), "\x01")
	if len(parts) != len(cases)+1 {
		t.Fatalf("the C program printed %d cases, want %d", len(parts)-1, len(cases))
	}
	return parts[:len(cases)]
}

type goldenCase struct {
	Format string `json:"format"`
	Out    string `json:"out"`
}

const printfGolden = "testdata/printf/glibc.golden.json"

func TestPrintfAgainstC(t *testing.T) {
	cases := printfCases()
	fromC := runC(t, cases)
	if *update {
		if fromC == nil {
			t.Fatal("-update needs gcc")
		}
		var g []goldenCase
		for i, c := range cases {
			g = append(g, goldenCase{c.format, fromC[i]})
		}
		data, _ := json.MarshalIndent(g, "", "\t")
		os.MkdirAll(filepath.Dir(printfGolden), 0o755)
		if err := os.WriteFile(printfGolden, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(printfGolden)
	if err != nil {
		t.Fatal(err)
	}
	var golden []goldenCase
	if err := json.Unmarshal(data, &golden); err != nil {
		t.Fatal(err)
	}
	if len(golden) != len(cases) {
		t.Fatalf("%s has %d cases, the test %d: run with -update", printfGolden, len(golden), len(cases))
	}
	for i, c := range cases {
		if golden[i].Format != c.format {
			t.Fatalf("case %d: golden format %q, test %q: run with -update", i, golden[i].Format, c.format)
		}
		if fromC != nil && fromC[i] != golden[i].Out {
			t.Errorf("case %d %q: the host C library prints %q, the golden file says %q: run with -update", i, c.format, fromC[i], golden[i].Out)
		}
		got, n, err := cprintf(nil, []byte(c.format), packArgs(c.args), 8, 1<<30)
		if err != nil {
			t.Errorf("case %d %q: %v", i, c.format, err)
			continue
		}
		if string(got) != golden[i].Out {
			t.Errorf("case %d %q:\n got %q\nwant %q (C's printf)", i, c.format, got, golden[i].Out)
		}
		if n != len(c.args) {
			t.Errorf("case %d %q: read %d arguments, want %d", i, c.format, n, len(c.args))
		}
	}
}

// TestPrintfBadFormat: formats the runtime refuses (vprintf returns -1).
func TestPrintfBadFormat(t *testing.T) {
	for _, f := range []string{"%", "abc %5", "%y", "%hf", "%Lf", "%lc", "%ls", "%n", "%lp", "%5.3"} {
		_, _, err := cprintf(nil, []byte(f), packArgs([]parg{pi(1), pi(2)}), 8, 1<<30)
		if _, ok := err.(*badFormat); !ok {
			t.Errorf("format %q: error %v, want a bad-format error", f, err)
		}
	}
}

func TestConsoleCap(t *testing.T) {
	var c console
	c.limit = 10
	c.write([]byte("12345"))
	d := c.clone()
	c.write([]byte("6789abc"))
	c.write([]byte("more"))
	want := "123456789a\n[printf output truncated: the launch printed more than 10 bytes]\n"
	if string(c.buf) != want {
		t.Errorf("capped output %q, want %q", c.buf, want)
	}
	d.write([]byte("xy"))
	if string(d.buf) != "12345xy" || !bytes.HasPrefix(c.buf, []byte("123456")) {
		t.Errorf("a clone's writes leaked: clone %q, original %q", d.buf, c.buf)
	}
}

// TestPrintfKernel runs a clang-compiled CUDA kernel that calls printf
// (testdata/printf/kernel.cu) and compares its output with what the host's
// printf prints for the same calls (ref.c; kernel.out is its output).
func TestPrintfKernel(t *testing.T) {
	const grid, block = 2, 40
	want, err := os.ReadFile("testdata/printf/kernel.out")
	if err != nil {
		t.Fatal(err)
	}
	if gcc, err := exec.LookPath("gcc"); err == nil {
		bin := filepath.Join(t.TempDir(), "ref")
		if out, err := exec.Command(gcc, "-w", "-o", bin, "testdata/printf/ref.c").CombinedOutput(); err != nil {
			t.Fatalf("gcc: %v\n%s", err, out)
		}
		out, err := exec.Command(bin, fmt.Sprint(grid), fmt.Sprint(block), "1.25", "5").Output()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, want) {
			t.Fatalf("ref.c prints\n%s\nkernel.out holds\n%s", out, want)
		}
	}
	src, err := os.ReadFile("testdata/printf/kernel.ptx")
	if err != nil {
		t.Fatal(err)
	}
	p := compilePTX(t, "kernel.ptx", string(src))
	_, size, _ := p.Params("show")
	params := make([]byte, size)
	m, err := New(p, "show", Launch{Grid: [3]uint32{grid, 1, 1}, Block: [3]uint32{block, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	oa := m.Alloc("out", 4*grid*block)
	binary.LittleEndian.PutUint64(params[0:], oa)
	binary.LittleEndian.PutUint64(params[8:], math.Float64bits(1.25))
	binary.LittleEndian.PutUint64(params[16:], 5)
	s := NewSession(m, 1_000_000)
	s.GoTo(1 << 40)
	if f := s.Machine().Fault(); f != nil || !s.Done() {
		t.Fatalf("run: fault %v, done %v", f, s.Done())
	}
	if got := s.Machine().Stdout(); got != string(want) {
		t.Errorf("stdout:\n%s\nwant (the host's printf):\n%s", got, want)
	}
	out := s.Machine().Buffer(oa)
	for b := 0; b < grid; b++ {
		for th := 0; th < block; th++ {
			// printf returns the number of arguments: 9 for the first
			// call, -1 for the bad format, 2 for the last.
			r1, r2 := 0, 0
			if th%3 == 0 {
				r1 = 9
			}
			switch th {
			case 1:
				r2 = -1
			case block - 1:
				r2 = 2
			}
			i := b*block + th
			if got := int32(binary.LittleEndian.Uint32(out[4*i:])); got != int32(r1*100+r2) {
				t.Errorf("CTA %d thread %d: printf returned %d, want %d", b, th, got, r1*100+r2)
			}
		}
	}
	// Stepping back undoes output; stepping forward again redoes it.
	n := s.Steps()
	s.GoTo(n / 2)
	half := s.Machine().Stdout()
	if len(half) == 0 || len(half) >= len(want) || !strings.HasPrefix(string(want), half) {
		t.Errorf("halfway back, stdout is %q: want a proper prefix of the output", half)
	}
	s.GoTo(0)
	if got := s.Machine().Stdout(); got != "" {
		t.Errorf("after reset, stdout %q", got)
	}
	s.GoTo(n)
	if got := s.Machine().Stdout(); got != string(want) {
		t.Errorf("after stepping forward again, stdout:\n%s", got)
	}
}

// printfKernel is a kernel calling vprintf(fmt, buf) with the format
// string FMT and an argument buffer in local memory holding a .u64 ARG
// (the code before the call sets it).
const printfKernel = `.version 7.0
.target sm_80
.address_size 64
.extern .func (.param .b32 func_retval0) vprintf (.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.global .align 1 .b8 $str[FMTLEN] = {FMT};
.visible .entry k(.param .u64 out)
{
	.local .align 8 .b8 depot[8];
	.reg .b32 %r<4>;
	.reg .b64 %rd<8>;
	mov.u64 %rd1, $str;
	cvta.global.u64 %rd2, %rd1;
	mov.u64 %rd3, depot;
	cvta.local.u64 %rd4, %rd3;
	mov.u64 %rd5, ARG;
	st.local.u64 [depot], %rd5;
	{
	.param .b64 param0;
	st.param.b64 [param0+0], FMTPTR;
	.param .b64 param1;
	st.param.b64 [param1+0], %rd4;
	.param .b32 retval0;
	call.uni (retval0), vprintf, (param0, param1);
	ld.param.b32 %r1, [retval0+0];
	}
	ld.param.u64 %rd6, [out];
	mov.u32 %r2, %tid.x;
	mul.wide.u32 %rd7, %r2, 4;
	add.s64 %rd6, %rd6, %rd7;
	st.global.u32 [%rd6], %r1;
	ret;
}
`

func printfProgram(t *testing.T, format, arg, fmtPtr string) *Program {
	t.Helper()
	var bs []string
	for _, c := range []byte(format + "\x00") {
		bs = append(bs, fmt.Sprint(c))
	}
	src := strings.NewReplacer("FMTLEN", fmt.Sprint(len(format)+1), "FMTPTR", fmtPtr, "FMT", strings.Join(bs, ", "), "ARG", arg).Replace(printfKernel)
	return compilePTX(t, "printf.ptx", src)
}

func runPrintf(t *testing.T, p *Program, threads uint32, limit int) (*Machine, []int32) {
	t.Helper()
	_, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{threads, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	m.SetStdoutLimit(limit)
	oa := m.Alloc("out", 4*int(threads))
	binary.LittleEndian.PutUint64(params, oa)
	m.Run(100000)
	var rets []int32
	for i := 0; i < int(threads); i++ {
		rets = append(rets, int32(binary.LittleEndian.Uint32(m.Buffer(oa)[4*i:])))
	}
	return m, rets
}

func TestPrintfMachine(t *testing.T) {
	// A bad %s pointer is a fault that names printf and the address.
	m, _ := runPrintf(t, printfProgram(t, "%s\n", "0x1234", "%rd2"), 1, 0)
	if f := m.Fault(); f == nil || !strings.Contains(f.Msg, "printf: %s argument") || !strings.Contains(f.Msg, "0x1234") {
		t.Errorf("bad %%s pointer: fault %v", f)
	}
	// A null format prints nothing and returns -1.
	m, rets := runPrintf(t, printfProgram(t, "x", "0", "0"), 2, 0)
	if m.Fault() != nil || m.Stdout() != "" || rets[0] != -1 || rets[1] != -1 {
		t.Errorf("null format: fault %v, stdout %q, returned %v", m.Fault(), m.Stdout(), rets)
	}
	// %p of the argument, and the cap: 64 threads print 11 bytes each
	// under a 100-byte cap.
	m, rets = runPrintf(t, printfProgram(t, "%p|\n", "0xabcdef0", "%rd2"), 64, 100)
	want := strings.Repeat("0xabcdef0|\n", 10)[:100] + "\n[printf output truncated: the launch printed more than 100 bytes]\n"
	if m.Fault() != nil || m.Stdout() != want || rets[63] != 1 {
		t.Errorf("cap: fault %v, returned %d, stdout\n%q\nwant\n%q", m.Fault(), rets[63], m.Stdout(), want)
	}
}

// TestPrintfArgLimit: "printf() will accept at most 32 arguments in
// addition to the format string. Additional arguments beyond this will be
// ignored, and the format specifier output as-is." (CUDA C++ Programming
// Guide, Formatted Output, Limitations.)
func TestPrintfArgLimit(t *testing.T) {
	var args []parg
	var want strings.Builder
	for i := 0; i < 34; i++ {
		args = append(args, pi(int32(i)))
		if i < 32 {
			fmt.Fprintf(&want, "%d ", i)
		}
	}
	want.WriteString("%d %5.*f!")
	format := strings.Repeat("%d ", 33) + "%5.*f!"
	got, n, err := cprintf(nil, []byte(format), packArgs(args), 8, 1<<30)
	if err != nil || string(got) != want.String() || n != 32 {
		t.Errorf("33 conversions: got %q, %d arguments, %v; want %q, 32", got, n, err, want.String())
	}
	// A '*' counts: with 31 arguments used, %*d needs two and prints as is.
	got, n, _ = cprintf(nil, []byte(strings.Repeat("%d", 31)+"|%*d|%d"), packArgs(args), 8, 1<<30)
	if !strings.HasSuffix(string(got), "|%*d|31") || n != 32 {
		t.Errorf("star past the limit: got %q, %d arguments", got, n)
	}
}

// FuzzPrintf: any format over any argument bytes formats or refuses,
// never panics, and never reads more than 32 arguments.
func FuzzPrintf(f *testing.F) {
	for _, c := range printfCases() {
		f.Add(c.format, packArgs(c.args).buf)
	}
	f.Add("%*.*d%-+ #0*.*e%.999999999f%hhhd%lllx%zzd%%%", []byte{1, 2, 3, 4, 5, 6, 7, 8})
	f.Fuzz(func(t *testing.T, format string, buf []byte) {
		a := &testArgs{buf: buf, strs: map[uint64]string{}}
		_, n, _ := cprintf(nil, []byte(format), a, 8, 1<<20)
		if n > maxPrintfArgs {
			t.Fatalf("%q read %d arguments", format, n)
		}
	})
}

// TestPrintfRoom: past the room the console keeps, a call only counts its
// arguments (the return value stays right, the work stays small).
func TestPrintfRoom(t *testing.T) {
	got, n, err := cprintf(nil, []byte("ab%5d%1000000d%s|"), packArgs([]parg{pi(1), pi(2), ps("x")}), 8, 3)
	if err != nil || string(got) != "ab    1" || n != 3 {
		t.Errorf("got %q, %d arguments, %v; want \"ab    1\", 3", got, n, err)
	}
}
