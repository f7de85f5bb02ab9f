package sim

// harness_test.go: the one-warp harness that the instruction tests share:
// a kernel whose body reads its inputs from and writes its outputs to
// global memory, compiled through the whole pipeline (parse, check, load)
// and run on one warp of 32 lanes.

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// The harness kernel: the body reads input k of its lane at [%ia+256*k]
// and writes output k at [%oa+256*k] (8 bytes a lane each, little-endian).
const harnessKernel = `.version VERSION
.target TARGET
.address_size 64

.visible .entry k(.param .u64 pin, .param .u64 pout)
{
	.reg .pred %p<16>;
	.reg .b16 %h<32>;
	.reg .b32 %r<64>;
	.reg .b64 %rd<64>;
	.reg .f32 %f<8>;
	.reg .f64 %fd<8>;
	.reg .s16 %sh<8>;
	.reg .u8 %ub<8>;
	.reg .b32 %lane;
	.reg .b64 %ia, %oa, %off;
	mov.u32 %lane, %laneid;
	ld.param.u64 %ia, [pin];
	ld.param.u64 %oa, [pout];
	mul.wide.u32 %off, %lane, 8;
	add.s64 %ia, %ia, %off;
	add.s64 %oa, %oa, %off;
BODY
	ret;
}
`

// compileHarness puts body into the harness kernel for PTX ISA version
// and target (9.2 and sm_120 when empty) and compiles it.
func compileHarness(t testing.TB, version, target, body string) *Program {
	t.Helper()
	if version == "" {
		version = "9.2"
	}
	if target == "" {
		target = "sm_120"
	}
	src := strings.NewReplacer("VERSION", version, "TARGET", target, "BODY", body).Replace(harnessKernel)
	return compilePTX(t, "harness.ptx", src)
}

// compilePTX parses, checks and loads src, failing t with every error and
// the numbered source.
func compilePTX(t testing.TB, name, src string) *Program {
	t.Helper()
	mod, errs := ptx.Parse(name, []byte(src))
	if len(errs) > 0 {
		t.Fatalf("parse: %v\n%s", errs[0], numbered(src))
	}
	cp, errs := check.Check(mod)
	if len(errs) > 0 {
		var msgs []string
		for _, e := range errs {
			msgs = append(msgs, e.Error())
		}
		t.Fatalf("check:\n%s\n%s", strings.Join(msgs, "\n"), numbered(src))
	}
	p, err := Load(cp)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return p
}

// numbered is src with line numbers, for failure messages.
func numbered(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(src, "\n") {
		fmt.Fprintf(&b, "%3d %s\n", i+1, l)
	}
	return b.String()
}

// runHarness runs one warp of p: in[k][lane] is input k of the lane, and
// the result out[k][lane] holds nout outputs.
func runHarness(t testing.TB, p *Program, in [][32]uint64, nout int) [][32]uint64 {
	t.Helper()
	ps, size, ok := p.Params("k")
	if !ok {
		t.Fatal("no kernel k")
	}
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	m.Sanitize(SanAll) // the false-positive sweep: every instruction test kernel is correct
	ia := m.Alloc("in", max(1, len(in))*256)
	oa := m.Alloc("out", max(1, nout)*256)
	buf := m.Buffer(ia)
	for k := range in {
		for i, v := range in[k] {
			binary.LittleEndian.PutUint64(buf[(k*32+i)*8:], v)
		}
	}
	m.Store(ia, 0, buf)
	for _, pi := range ps {
		switch pi.Name {
		case "pin":
			binary.LittleEndian.PutUint64(params[pi.Offset:], ia)
		case "pout":
			binary.LittleEndian.PutUint64(params[pi.Offset:], oa)
		}
	}
	m.Run(100000)
	if f := m.Fault(); f != nil {
		t.Fatalf("run: %v", f)
	}
	if !m.Done() {
		t.Fatal("run: the kernel did not finish")
	}
	for _, h := range m.Hazards() {
		t.Errorf("sanitizer finding in a correct test kernel: %d:%d: %s: %s", h.Line, h.Col, h.Kind, h.Message)
	}
	out := make([][32]uint64, nout)
	ob := m.Buffer(oa)
	for k := range out {
		for i := range out[k] {
			out[k][i] = binary.LittleEndian.Uint64(ob[(k*32+i)*8:])
		}
	}
	return out
}

// bit is 1 for true and 0 for false, as selp.u32 d, 1, 0, p writes it.
func bit(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}

// runFault runs m for up to steps warp instructions and returns the fault
// message, "" when the kernel finished; a kernel that neither finished nor
// faulted fails t, showing the numbered src.
// newInOut starts kernel k of p under l with two global buffers bound to
// its parameters pin and pout (where it has them): "in" holding in and
// "out" of outBytes zero bytes.
func newInOut(t testing.TB, p *Program, l Launch, in []byte, outBytes int) (m *Machine, ia, oa uint64) {
	t.Helper()
	ps, size, ok := p.Params("k")
	if !ok {
		t.Fatal("no kernel k")
	}
	l.Params = make([]byte, size)
	m, err := New(p, "k", l)
	if err != nil {
		t.Fatal(err)
	}
	ia = m.Alloc("in", len(in))
	m.Store(ia, 0, in)
	oa = m.Alloc("out", outBytes)
	for _, pi := range ps {
		switch pi.Name {
		case "pin":
			binary.LittleEndian.PutUint64(l.Params[pi.Offset:], ia)
		case "pout":
			binary.LittleEndian.PutUint64(l.Params[pi.Offset:], oa)
		}
	}
	return m, ia, oa
}

func runFault(t testing.TB, m *Machine, src string, steps int64) string {
	t.Helper()
	m.Run(steps)
	if f := m.Fault(); f != nil {
		return f.Msg
	}
	if !m.Done() {
		t.Fatalf("the kernel did not finish\n%s", numbered(src))
	}
	return ""
}
