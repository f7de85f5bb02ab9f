package sim

// bulk_test.go: cp.async.bulk and cp.reduce.async.bulk against the ISA
// (§9.7.9.25.4): each direction with its completion mechanism (global to
// shared completing complete-tx on an mbarrier; shared to global in bulk
// async-groups), the bytes landing only when the copy completes (a read
// before sees the old bytes), reductions per element type, and the faults.

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"
)

// Global to shared::cluster (the executing CTA's own window) with
// mbarrier completion: 64 bytes from in+16 land in sbuf+32 only when the
// mbarrier is waited on; a read before sees the old bytes (0x55).
func TestBulkLoadMbarrier(t *testing.T) {
	body := `
	@!%p0 bra DONE;
	mov.u32 %r9, 0x55555555;
	st.shared.u32 [%buf+32], %r9;
	mbarrier.init.shared::cta.b64 [%bar], 1;
	add.s64 %rd1, %in, 16;
	add.u32 %r1, %buf, 32;
	mbarrier.arrive.expect_tx.shared::cta.b64 %st0, [%bar], 64;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 64, [%bar];
	ld.shared.u32 %r2, [%buf+32];
	st.global.u32 [%out], %r2;
	mbarrier.test_wait.parity.shared::cta.b64 %p5, [%bar], 0;
	selp.u64 %rd9, 1, 0, %p5;
	st.global.u64 [%out+8], %rd9;
	ld.shared.u32 %r3, [%buf+32];
	st.global.u32 [%out+16], %r3;
	ld.shared.u32 %r4, [%buf+92];
	st.global.u32 [%out+24], %r4;
DONE:`
	out, fault, _ := runMbar(t, body, 32, 4)
	if fault != "" {
		t.Fatal(fault)
	}
	word := func(i int) uint64 { // little-endian word of in at byte i
		return uint64(byte(i*3+1)) | uint64(byte((i+1)*3+1))<<8 | uint64(byte((i+2)*3+1))<<16 | uint64(byte((i+3)*3+1))<<24
	}
	want := []uint64{0x55555555, 1, word(16), word(16 + 60)}
	for i := range want {
		if out[i] != want[i] {
			t.Errorf("out[%d] = %#x, want %#x (old bytes before the wait, then the phase complete and the copied bytes)", i, out[i], want[i])
		}
	}
}

// Shared to global in bulk async-groups: wait_group 1 lands all but the
// newest group, wait_group 0 the rest; .read lands nothing (sources were
// read at issue).
func TestBulkStoreGroups(t *testing.T) {
	body := `
	@!%p0 bra DONE;
	mov.u32 %r1, 0x11111111;
	st.shared.v4.u32 [%buf], {%r1, %r1, %r1, %r1};
	mov.u32 %r1, 0x22222222;
	st.shared.v4.u32 [%buf+16], {%r1, %r1, %r1, %r1};
	add.s64 %rd1, %out, 64;
	add.s64 %rd2, %out, 80;
	cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%buf], 16;
	cp.async.bulk.commit_group;
	add.u32 %r2, %buf, 16;
	cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%rd2], [%r2], 16, %rd9;
	cp.async.bulk.commit_group;
	// the source may change now: the copies read it when they issued
	mov.u32 %r1, 0x33333333;
	st.shared.v4.u32 [%buf], {%r1, %r1, %r1, %r1};
	cp.async.bulk.wait_group.read 0;
	ld.global.u32 %r3, [%out+64];
	st.global.u32 [%out], %r3;
	cp.async.bulk.wait_group 1;
	ld.global.u32 %r3, [%out+64];
	st.global.u32 [%out+8], %r3;
	ld.global.u32 %r3, [%out+80];
	st.global.u32 [%out+16], %r3;
	cp.async.bulk.wait_group 0;
	ld.global.u32 %r3, [%out+80];
	st.global.u32 [%out+24], %r3;
DONE:`
	out, fault, _ := runMbar(t, body, 32, 12)
	if fault != "" {
		t.Fatal(fault)
	}
	want := []uint64{0, 0x11111111, 0, 0x22222222}
	for i := range want {
		if out[i] != want[i] {
			t.Errorf("out[%d] = %#x, want %#x", i, out[i], want[i])
		}
	}
}

// A store nobody waits for lands when the CTA ends.
func TestBulkStoreLandsAtExit(t *testing.T) {
	body := `
	@!%p0 bra DONE;
	mov.u32 %r1, 0x77;
	st.shared.v4.u32 [%buf], {%r1, %r1, %r1, %r1};
	cp.async.bulk.global.shared::cta.bulk_group [%out], [%buf], 16;
DONE:`
	out, fault, _ := runMbar(t, body, 32, 2)
	if fault != "" {
		t.Fatal(fault)
	}
	if out[0] != 0x7700000077 || out[1] != 0x7700000077 {
		t.Errorf("out = %#x, want the 16 bytes stored", out)
	}
}

// cp.reduce.async.bulk into global, element by element (§9.7.9.25.4.2).
func TestBulkReduce(t *testing.T) {
	f32 := func(f float32) uint64 { return uint64(math.Float32bits(f)) }
	cases := []struct {
		op, typ  string
		es       int
		old, src []uint64 // 16 bytes of elements
		want     []uint64
	}{
		{".add", ".u32", 4, []uint64{1, 0xffffffff, 7, 0}, []uint64{2, 1, 0, 5}, []uint64{3, 0, 7, 5}},
		{".min", ".s32", 4, []uint64{5, 0xfffffffe, 7, 0}, []uint64{0xffffffff, 1, 9, 0}, []uint64{0xffffffff, 0xfffffffe, 7, 0}},
		{".max", ".u64", 8, []uint64{5, 1 << 63}, []uint64{9, 3}, []uint64{9, 1 << 63}},
		{".inc", ".u32", 4, []uint64{0, 3, 5, 9}, []uint64{3, 3, 9, 9}, []uint64{1, 0, 6, 0}},
		{".dec", ".u32", 4, []uint64{0, 3, 5, 9}, []uint64{3, 3, 9, 8}, []uint64{3, 2, 4, 8}},
		{".xor", ".b64", 8, []uint64{0xff00, 0x0f}, []uint64{0x0ff0, 0xf0}, []uint64{0xf0f0, 0xff}},
		// f32 add keeps subnormals, as an H200 does (testdata/gpu/bulk_copy):
		// the smallest subnormal twice is 2 in bits; least normal plus
		// minus the smallest subnormal is the largest subnormal; two halves
		// of the least normal make it; a NaN gives 0x7fffffff.
		{".add", ".f32", 4, []uint64{f32(1.5), f32(-2), 0x00000001, f32(1e30)}, []uint64{f32(0.25), f32(2), 0x00000001, f32(1e30)}, []uint64{f32(1.75), 0, 0x00000002, f32(2e30)}},
		{".add", ".f32", 4, []uint64{0x00800000, 0x00400000, 0x7fc00001, 0x80000000}, []uint64{0x80000001, 0x00400000, f32(1), 0x80000000}, []uint64{0x007fffff, 0x00800000, 0x7fffffff, 0x80000000}},
		// f16: 1.0 + 1.0 = 2.0 (0x3c00 + 0x3c00 = 0x4000); min of -1 and 2.
		{".add.noftz", ".f16", 2, []uint64{0x3c00, 0x0001, 0, 0, 0, 0, 0, 0}, []uint64{0x3c00, 0x0001, 0, 0, 0, 0, 0, 0}, []uint64{0x4000, 0x0002, 0, 0, 0, 0, 0, 0}},
		{".min", ".f16", 2, []uint64{0xbc00, 0x4000, 0, 0, 0, 0, 0, 0}, []uint64{0x4000, 0xbc00, 0, 0, 0, 0, 0, 0}, []uint64{0xbc00, 0xbc00, 0, 0, 0, 0, 0, 0}},
	}
	for _, c := range cases {
		t.Run(c.op+c.typ, func(t *testing.T) {
			var init strings.Builder
			put := func(base string, vals []uint64) {
				addr := map[string]string{"shared": "%buf", "global": "%out"}[base]
				for i, v := range vals {
					fmt.Fprintf(&init, "\tmov.b64 %%rd5, 0x%x;\n", v)
					switch c.es {
					case 2:
						fmt.Fprintf(&init, "\tcvt.u16.u64 %%rs5, %%rd5;\n\tst.%s.u16 [%s+%d], %%rs5;\n", base, addr, i*2)
					case 4:
						fmt.Fprintf(&init, "\tcvt.u32.u64 %%r5, %%rd5;\n\tst.%s.u32 [%s+%d], %%r5;\n", base, addr, i*4)
					default:
						fmt.Fprintf(&init, "\tst.%s.u64 [%s+%d], %%rd5;\n", base, addr, i*8)
					}
				}
			}
			put("shared", c.src)
			put("global", c.old)
			body := `
	.reg .b16 %rs<8>;
	@!%p0 bra DONE;
` + init.String() + `
	cp.reduce.async.bulk.global.shared::cta.bulk_group` + c.op + c.typ + ` [%out], [%buf], 16;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
DONE:`
			out, fault, _ := runMbar(t, body, 32, 2)
			if fault != "" {
				t.Fatal(fault)
			}
			var b [16]byte
			binary.LittleEndian.PutUint64(b[:], out[0])
			binary.LittleEndian.PutUint64(b[8:], out[1])
			for i, w := range c.want {
				var got uint64
				for k := 0; k < c.es; k++ {
					got |= uint64(b[i*c.es+k]) << (8 * k)
				}
				if got != w {
					t.Errorf("element %d = %#x, want %#x", i, got, w)
				}
			}
		})
	}
}

func TestBulkFaults(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"size not a multiple of 16", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%buf], [%in], 24, [%bar];`, "must all be multiples of 16"},
		{"destination past shared memory", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%buf], [%in], 2048, [%bar];`, "outside the CTA's"},
		{"source past the buffer", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	add.s64 %rd1, %in, 4080;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%buf], [%rd1], 32, [%bar];`, "out of bounds of every global buffer"},
		{"mbarrier not initialized", `
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%buf], [%in], 16, [%bar];`, ""},
		{"store past the buffer", `
	add.s64 %rd1, %out, 16;
	cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%buf], 16;`, "out of bounds of every global buffer"},
		// A copy or reduction from shared::cta to shared::cluster writes
		// a peer CTA: on an H200, testdata/gpu/bulk_copy's reduction into
		// its own CTA's shared memory faulted (compute-sanitizer: "Access
		// to 0x400 is not located in remote CTA", docs/gpucheck.md).
		{"shared to shared::cluster of the executing CTA", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	add.u32 %r1, %buf, 256;
	cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%buf], [%r1], 64, [%bar];`, "the destination shared::cluster 0x"},
		{"reduction into the executing CTA", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	add.u32 %r1, %buf, 256;
	cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.dec.u32 [%buf], [%r1], 64, [%bar];`, "is in the executing CTA (rank 0)"},
		{"the executing CTA through mapa", `
	mbarrier.init.shared::cta.b64 [%bar], 1;
	add.u32 %r1, %buf, 256;
	mapa.shared::cluster.u32 %r2, %buf, 0;
	mapa.shared::cluster.u32 %r3, %bar, 0;
	cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r2], [%r1], 64, [%r3];`, "writes the shared memory of a peer CTA"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, fault, _ := runMbar(t, "\t@!%p0 bra DONE;\n"+c.body+"\nDONE:", 1, 2)
			want := c.want
			if want == "" {
				want = "complete-tx on shared 0x0: no initialized mbarrier there"
			}
			if !strings.Contains(fault, want) {
				t.Errorf("fault %q, want %q", fault, want)
			}
		})
	}
}

// Step back undoes a landing: the copy is in flight again and shared
// memory holds the old bytes; stepping forward lands it again.
func TestBulkStepBack(t *testing.T) {
	body := `
	@!%p0 bra DONE;
	mbarrier.init.shared::cta.b64 [%bar], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 %st0, [%bar], 16;
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%buf], [%in], 16, [%bar];
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p5, [%bar], 0;
	@!%p5 bra WAIT;
DONE:`
	_, fault, m0 := runMbar(t, body, 1, 1)
	if fault != "" {
		t.Fatal(fault)
	}
	total := m0.Stats().WarpInstructions
	src := strings.Replace(mbarKernel, "BODY", body, 1)
	p := compilePTX(t, "mbar.ptx", src)
	_, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{1, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	ia := m.Alloc("in", 4096)
	m.Store(ia, 0, []byte{9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 11, 12, 13, 14, 15, 16})
	m.Alloc("out", 8)
	binary.LittleEndian.PutUint64(params[0:], ia)
	s := NewSession(m, 1<<20)
	var issued int64 = -1
	for s.Step() && !s.Done() {
		if len(s.Machine().cur.bulk) == 1 && issued < 0 {
			issued = s.Steps()
		}
	}
	if issued < 0 || s.Steps() != total {
		t.Fatalf("copy issued at step %d, %d steps (plain run: %d)", issued, s.Steps(), total)
	}
	if got := s.Machine().ctas[0].shared[128]; got != 9 {
		t.Fatalf("after the run shared[buf] = %d, want 9", got)
	}
	s.GoTo(issued)
	c := s.Machine().cur
	if len(c.bulk) != 1 || c.shared[128] != 0 {
		t.Errorf("back at the issue: %d copies in flight, shared[buf] = %d; want 1 and the old 0", len(c.bulk), c.shared[128])
	}
	s.GoTo(total)
	if got := s.Machine().ctas[0].shared[128]; got != 9 {
		t.Errorf("forward again: shared[buf] = %d, want 9", got)
	}
}

// cp.async.bulk.global.shared::cta.bulk_group.cp_mask (§9.7.9.25.4.1):
// "the i-th bit in the 16-bit wide byteMask operand specifies whether the
// i-th byte of each 16-byte wide chunk of source data is copied to the
// destination": 48 source bytes 0x80+i over a destination of 0x11s; the
// bytes the mask leaves out keep 0x11.
func TestBulkCpMask(t *testing.T) {
	const kernel = `.version 8.7
.target sm_100a
.address_size 64

.visible .entry k(.param .u64 pout, .param .u16 pmask)
{
	.shared .align 16 .b8 sbuf[48];
	.reg .b16 %h<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [pout];
	ld.param.u16 %h1, [pmask];
	mov.u32 %r1, 0;
FILL:
	add.u32 %r2, %r1, 0x80;
	mov.u32 %r3, sbuf;
	add.u32 %r3, %r3, %r1;
	st.shared.u8 [%r3], %r2;
	add.u32 %r1, %r1, 1;
	setp.lt.u32 %p1, %r1, 48;
	@%p1 bra FILL;
	createpolicy.fractional.L2::evict_last.b64 %rd2, 1.0;
	COPY
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
	ret;
}
`
	for _, c := range []struct {
		name string
		mask uint16
		hint bool
	}{
		{"every byte (0xffff)", 0xffff, false},
		{"no byte (0x0000)", 0x0000, false},
		{"byte 0 of each chunk (0x0001)", 0x0001, false},
		{"the first and last bytes (0x8001)", 0x8001, false},
		{"a run in the middle (0x0ff0)", 0x0ff0, false},
		{"odd bytes (0xaaaa), with a cache policy", 0xaaaa, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			cp := "cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [sbuf], 48, %h1;"
			if c.hint {
				cp = "cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint.cp_mask [%rd1], [sbuf], 48, %rd2, %h1;"
			}
			src := strings.Replace(strings.Replace(kernel, "COPY", cp, 1), ".reg .b16 %h<2>;", ".reg .b16 %h<2>;\n\t.reg .pred %p<2>;", 1)
			p := compilePTX(t, "cpmask.ptx", src)
			_, psize, _ := p.Params("k")
			params := make([]byte, psize)
			m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{1, 1, 1}, Params: params})
			if err != nil {
				t.Fatal(err)
			}
			oa := m.Alloc("out", 48)
			old := make([]byte, 48)
			for i := range old {
				old[i] = 0x11
			}
			m.Store(oa, 0, old)
			binary.LittleEndian.PutUint64(params, oa)
			binary.LittleEndian.PutUint16(params[8:], c.mask)
			m.Run(10000)
			if f := m.Fault(); f != nil {
				t.Fatal(f.Msg)
			}
			got := m.Buffer(oa)
			for i := 0; i < 48; i++ {
				want := byte(0x11)
				if c.mask>>(i%16)&1 != 0 {
					want = byte(0x80 + i)
				}
				if got[i] != want {
					t.Errorf("byte %d (byte %d of chunk %d) = %#x, want %#x", i, i%16, i/16, got[i], want)
				}
			}
		})
	}
}
