package sim

// tmem_test.go: tensor memory against the PTX ISA (§9.7.17.6-9.7.17.8):
// allocation (power-of-two column counts, the address written to shared
// memory, failure, dealloc, relinquish, leaks at exit), the lanes each warp
// of a warpgroup reaches, and the thread/register -> lane/column map of
// every tcgen05.ld/st shape read off the ISA's matrix-fragment figures.

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// tmemKernel runs BODY in every thread of a CTA; %tptr is the shared
// address of a .b32 word for tcgen05.alloc, %out the output buffer, %tid
// the thread index, %wid the warp index, %lane the lane id.
const tmemKernel = `.version 8.7
.target sm_100a
.address_size 64

.visible .entry k(.param .u64 pout)
{
	.shared .align 8 .b32 tptr[4];
	.shared .align 8 .b64 mbar[2];
	.shared .align 1024 .b8 sbuf[16384];
	.reg .pred %p<16>;
	.reg .b32 %r<300>;
	.reg .b64 %rd<64>;
	.reg .b32 %tid, %wid, %lane, %tp, %ta, %sb, %mb;
	.reg .b64 %out, %oa;
	mov.u32 %tid, %tid.x;
	shr.u32 %wid, %tid, 5;
	mov.u32 %lane, %laneid;
	mov.u32 %tp, tptr;
	mov.u32 %sb, sbuf;
	mov.u32 %mb, mbar;
	ld.param.u64 %out, [pout];
BODY
	ret;
}
`

// runTmem runs body in a CTA of block threads with an output buffer of
// nout 32-bit words and returns them and the fault message ("" if none).
func runTmem(t *testing.T, body string, block, nout int) ([]uint32, string, *Machine) {
	t.Helper()
	src := strings.Replace(tmemKernel, "BODY", body, 1)
	p := compilePTX(t, "tmem.ptx", src)
	ps, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{uint32(block), 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	oa := m.Alloc("out", 4*max(nout, 1))
	binary.LittleEndian.PutUint64(params[ps[0].Offset:], oa)
	msg := runFault(t, m, src, 2000000)
	ob := m.Buffer(oa)
	out := make([]uint32, nout)
	for k := range out {
		out[k] = binary.LittleEndian.Uint32(ob[4*k:])
	}
	return out, msg, m
}

const allocWarp0 = `
	setp.eq.u32 %p1, %wid, 0;
	@%p1 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], NCOLS;
	bar.sync 0;
	ld.shared.b32 %ta, [%tp];
`

const deallocWarp0 = `
	bar.sync 0;
	@%p1 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %ta, NCOLS;
`

func withCols(s string, n int) string { return strings.ReplaceAll(s, "NCOLS", fmt.Sprint(n)) }

func TestTmemAlloc(t *testing.T) {
	cases := []struct {
		desc  string
		body  string
		want  []uint32 // out words
		fault string   // substring of the fault, "" for none
	}{
		{"one allocation of 32 columns starts at lane 0, column 0", `
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 32;
	ld.shared.b32 %r1, [%tp];
	st.global.u32 [%out], %r1;
	tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 32;
`, []uint32{0}, ""},
		{"a second allocation of 64 takes the next multiple of 64: column 64", `
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 32;
	add.u32 %r9, %tp, 4;
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r9], 64;
	ld.shared.b32 %r1, [%tp];
	ld.shared.b32 %r2, [%tp+4];
	st.global.u32 [%out], %r1;
	st.global.u32 [%out+4], %r2;
	tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 32;
	tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r2, 64;
`, []uint32{0, 64}, ""},
		{"freed columns are allocated again", `
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 512;
	ld.shared.b32 %r1, [%tp];
	tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 512;
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 128;
	ld.shared.b32 %r2, [%tp];
	st.global.u32 [%out], %r2;
	tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r2, 128;
`, []uint32{0}, ""},
		{"the generic address of the shared word works too", `
	cvta.shared.u64 %rd1, tptr;
	tcgen05.alloc.cta_group::1.sync.aligned.b32 [%rd1], 256;
	ld.shared.b32 %r1, [%tp];
	st.global.u32 [%out], %r1;
	tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 256;
`, []uint32{0}, ""},
		{"nCols 48 is not a power of two", `
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 48;
`, nil, "nCols 48 is not a power of two from 32 to 512"},
		{"nCols 16 is below 32", `
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 16;
`, nil, "nCols 16 is not a power of two"},
		{"nCols 1024 is above 512", `
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 1024;
`, nil, "nCols 1024 is not a power of two"},
		{"more than 512 columns in all fails and names the holder", `
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 256;
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 256;
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 32;
`, nil, "no run of 32 free columns of tensor memory (held: columns 0-255 by warp 0 (line 23), columns 256-511 by warp 0 (line 24))"},
		{"alloc after relinquish_alloc_permit", `
	tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 32;
`, nil, "after tcgen05.relinquish_alloc_permit"},
		{"dealloc of a column count that was not allocated", `
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 64;
	ld.shared.b32 %r1, [%tp];
	tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 32;
`, nil, "with 32 columns is not an allocation tcgen05.alloc made (allocated: columns 0-63 by warp 0 (line 23))"},
		{"a leak at exit names the alloc's line", `
	tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 128;
`, nil, "exits with tensor memory still allocated: columns 0-127 by warp 0 (line 23)"},
		{"alloc is warp-collective", `
	setp.lt.u32 %p2, %lane, 16;
	@%p2 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 32;
`, nil, "warp-collective"},
	}
	for _, c := range cases {
		out, msg, _ := runTmem(t, c.body, 32, max(len(c.want), 1))
		if c.fault != "" {
			if !strings.Contains(msg, c.fault) {
				t.Errorf("%s: fault %q, want one containing %q", c.desc, msg, c.fault)
			}
			continue
		}
		if msg != "" {
			t.Errorf("%s: unexpected fault %s", c.desc, msg)
			continue
		}
		for i, w := range c.want {
			if out[i] != w {
				t.Errorf("%s: out[%d] = 0x%x, want 0x%x", c.desc, i, out[i], w)
			}
		}
	}
}

// fillTmem stores (lane<<16 | column) into columns 0..ncols-1 of every
// lane of TMEM the CTA's warps reach, with .32x32b (thread t of warp w ->
// lane 32w+t, register r -> column r: the ISA's identity shape).
func fillTmem(ncols int) string {
	var b strings.Builder
	b.WriteString("\tshl.b32 %r200, %wid, 21;\n\tshl.b32 %r201, %lane, 16;\n\tor.b32 %r200, %r200, %r201;\n") // lane (32*wid+laneid) << 16
	b.WriteString("\tshl.b32 %r202, %wid, 21;\n\tadd.u32 %r203, %ta, %r202;\n")                               // this warp's lanes
	for c0 := 0; c0 < ncols; c0 += 32 {
		var regs []string
		for r := 0; r < 32; r++ {
			fmt.Fprintf(&b, "\tor.b32 %%r%d, %%r200, %d;\n", 100+r, c0+r)
			regs = append(regs, fmt.Sprintf("%%r%d", 100+r))
		}
		fmt.Fprintf(&b, "\tadd.u32 %%r204, %%r203, %d;\n", c0)
		fmt.Fprintf(&b, "\ttcgen05.st.sync.aligned.32x32b.x32.b32 [%%r204], {%s};\n", strings.Join(regs, ", "))
	}
	b.WriteString("\ttcgen05.wait::st.sync.aligned;\n")
	return b.String()
}

// cell is a TMEM cell the fill gave (lane<<16 | column).
func cell(lane, col int) uint32 { return uint32(lane)<<16 | uint32(col) }

// TestTmemLdShapes loads with each shape from a TMEM filled with each
// cell's own coordinates and checks which cell each thread's register
// holds, against rows read off the ISA's matrix-fragment figures for
// tcgen05.ld (§9.7.17.8.1: "Matrix fragments for tcgen05.ld/st").
func TestTmemLdShapes(t *testing.T) {
	type at struct{ thread, reg, lane, col int }
	cases := []struct {
		desc  string
		ld    string // the instruction's shape, num and pack part
		regs  int
		lane  int // lane offset added to the address
		col   int // column offset
		half  int // .16x32bx2's immHalfSplitoff
		cells []at
	}{
		{"32x32b.x1: thread t reads lane t", "32x32b.x1", 1, 0, 0, 0, []at{{0, 0, 0, 0}, {1, 0, 1, 0}, {31, 0, 31, 0}}},
		{"32x32b.x4 at column 8: register r is column 8+r", "32x32b.x4", 4, 0, 8, 0, []at{{0, 3, 0, 11}, {17, 2, 17, 10}}},
		{"16x64b.x1: lane 0 holds T0 (col 0), T2 (col 1); lane 8 holds T1, T3; lane 1 holds T4, T6",
			"16x64b.x1", 1, 0, 0, 0, []at{{0, 0, 0, 0}, {2, 0, 0, 1}, {1, 0, 8, 0}, {3, 0, 8, 1}, {4, 0, 1, 0}, {6, 0, 1, 1}, {31, 0, 15, 1}, {29, 0, 15, 0}}},
		{"16x64b.x2 at lane 16: the second repetition is columns 2-3", "16x64b.x2", 2, 16, 0, 0, []at{{0, 1, 16, 2}, {3, 1, 24, 3}, {30, 0, 23, 1}}},
		{"16x128b.x1: threads 0-3 read columns 0-3 of lane 0, register 1 is lane 8",
			"16x128b.x1", 2, 0, 0, 0, []at{{0, 0, 0, 0}, {1, 0, 0, 1}, {3, 0, 0, 3}, {4, 0, 1, 0}, {0, 1, 8, 0}, {31, 1, 15, 3}}},
		{"16x128b.x2: registers 2-3 are columns 4-7", "16x128b.x2", 4, 0, 0, 0, []at{{0, 2, 0, 4}, {5, 3, 9, 5}}},
		{"16x256b.x1: thread t reads columns 2(t%4), 2(t%4)+1 of lane t/4 (regs 0,1) and lane t/4+8 (regs 2,3)",
			"16x256b.x1", 4, 0, 0, 0, []at{{0, 0, 0, 0}, {0, 1, 0, 1}, {0, 2, 8, 0}, {0, 3, 8, 1}, {1, 0, 0, 2}, {3, 1, 0, 7}, {4, 0, 1, 0}, {31, 3, 15, 7}}},
		{"16x256b.x2: registers 4-7 repeat 8 columns on", "16x256b.x2", 8, 0, 0, 0, []at{{0, 4, 0, 8}, {3, 7, 8, 15}}},
		{"16x32bx2.x1 with immHalfSplitoff 4: threads 0-15 read column 0, threads 16-31 column 4, of lanes 0-15",
			"16x32bx2.x1", 1, 0, 0, 4, []at{{0, 0, 0, 0}, {15, 0, 15, 0}, {16, 0, 0, 4}, {31, 0, 15, 4}}},
		{"16x32bx2.x2 at lane 16", "16x32bx2.x2", 2, 16, 0, 8, []at{{1, 1, 17, 1}, {17, 1, 17, 9}}},
	}
	for _, c := range cases {
		var dregs []string
		for r := 0; r < c.regs; r++ {
			dregs = append(dregs, fmt.Sprintf("%%r%d", 10+r))
		}
		half := ""
		if c.half != 0 {
			half = fmt.Sprintf(", %d", c.half)
		}
		body := withCols(allocWarp0, 32) + fillTmem(32) + fmt.Sprintf(`
	add.u32 %%r5, %%ta, %d;
	tcgen05.ld.sync.aligned.%s.b32 {%s}, [%%r5]%s;
	tcgen05.wait::ld.sync.aligned;
`, c.lane<<16|c.col, c.ld, strings.Join(dregs, ", "), half)
		for r := 0; r < c.regs; r++ {
			body += fmt.Sprintf("\tmad.lo.u32 %%r6, %%lane, %d, %d;\n\tmul.wide.u32 %%rd1, %%r6, 4;\n\tadd.s64 %%oa, %%out, %%rd1;\n\tst.global.u32 [%%oa], %%r%d;\n", c.regs, r, 10+r)
		}
		body += withCols(deallocWarp0, 32)
		out, msg, _ := runTmem(t, body, 32, 32*c.regs)
		if msg != "" {
			t.Errorf("%s: fault %s", c.desc, msg)
			continue
		}
		for _, a := range c.cells {
			if got, want := out[a.thread*c.regs+a.reg], cell(a.lane, a.col); got != want {
				t.Errorf("%s: thread %d register %d holds lane %d column %d, want lane %d column %d", c.desc, a.thread, a.reg, got>>16, got&0xffff, a.lane, a.col)
			}
		}
	}
}

// TestTmemWarpReach: warp w of a warpgroup reaches lanes 32(w%4) to
// 32(w%4)+31 only (§9.7.17.6.2); the columns must be allocated.
func TestTmemWarpReach(t *testing.T) {
	cases := []struct {
		desc  string
		body  string
		fault string
	}{
		{"each of four warps stores to and loads from its own 32 lanes", fillTmem(32) + `
	shl.b32 %r5, %wid, 21;
	add.u32 %r5, %ta, %r5;
	tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r10}, [%r5];
	tcgen05.wait::ld.sync.aligned;
	mul.wide.u32 %rd1, %tid, 4;
	add.s64 %oa, %out, %rd1;
	st.global.u32 [%oa], %r10;
`, ""},
		{"warp 1 may not read lanes 0-31", `
	setp.eq.u32 %p2, %wid, 1;
	@%p2 tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r10}, [%ta];
`, "warp 1 (warp 1 of its warpgroup) reaches TMEM lanes 32-63 only, but address 0x00000000 asks for lanes 0-31"},
		{"warp 0 reading lanes 16-47 crosses into warp 1's lanes", `
	setp.eq.u32 %p2, %wid, 0;
	add.u32 %r5, %ta, 0x100000;
	@%p2 tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r10}, [%r5];
`, "warp 0 (warp 0 of its warpgroup) reaches TMEM lanes 0-31 only, but address 0x00100000 asks for lanes 16-47"},
		{"warp 3 with a 16-lane shape at lane 112 is inside its lanes", `
	setp.eq.u32 %p2, %wid, 3;
	add.u32 %r5, %ta, 0x700000;
	@%p2 tcgen05.ld.sync.aligned.16x64b.x1.b32 {%r10}, [%r5];
`, ""},
		{"a column past the allocation", `
	setp.eq.u32 %p2, %wid, 0;
	add.u32 %r5, %ta, 30;
	@%p2 tcgen05.ld.sync.aligned.32x32b.x4.b32 {%r10, %r11, %r12, %r13}, [%r5];
`, "TMEM column 32 (address 0x0000001e) is not allocated (allocated: columns 0-31 by warp 0"},
		{"lanes that disagree on the address", `
	setp.eq.u32 %p2, %wid, 0;
	add.u32 %r5, %ta, %lane;
	@%p2 tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r10}, [%r5];
`, "lane 1's address 0x00000001 differs from lane 0's 0x00000000"},
	}
	for _, c := range cases {
		body := withCols(allocWarp0, 32) + c.body + withCols(deallocWarp0, 32)
		out, msg, _ := runTmem(t, body, 128, 128)
		if c.fault != "" {
			if !strings.Contains(msg, c.fault) {
				t.Errorf("%s: fault %q, want one containing %q", c.desc, msg, c.fault)
			}
			continue
		}
		if msg != "" {
			t.Errorf("%s: unexpected fault %s", c.desc, msg)
			continue
		}
		if strings.HasPrefix(c.desc, "each") {
			for tid := 0; tid < 128; tid++ {
				if out[tid] != cell(tid, 0) {
					t.Errorf("%s: thread %d read 0x%08x, want lane %d column 0", c.desc, tid, out[tid], tid)
				}
			}
		}
	}
}

// TestTmemPack: .unpack::16b writes the two halves of a register to the
// low 16 bits of two adjacent columns; .pack::16b reads them back into one
// register (low half from the lower column). Each shape's store and load
// are inverse: a .16x256b.x1 store then a .16x256b load give the values
// back, and the cells land where .32x32b sees them.
func TestTmemPack(t *testing.T) {
	body := withCols(allocWarp0, 32) + `
	shl.b32 %r1, %lane, 16;
	or.b32 %r1, %r1, 0x1234;          // lane<<16 | 0x1234
	tcgen05.st.sync.aligned.32x32b.x1.unpack::16b.b32 [%ta], {%r1};
	tcgen05.wait::st.sync.aligned;
	tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r2, %r3}, [%ta];
	tcgen05.ld.sync.aligned.32x32b.x1.pack::16b.b32 {%r4}, [%ta];
	mov.u32 %r10, 0x0badf00d;
	add.u32 %r11, %r10, %lane;
	add.u32 %r12, %r11, 1000;
	add.u32 %r13, %r11, 2000;
	add.u32 %r14, %r11, 3000;
	add.u32 %r6, %ta, 8;
	tcgen05.st.sync.aligned.16x256b.x1.b32 [%r6], {%r11, %r12, %r13, %r14};
	tcgen05.ld.sync.aligned.16x256b.x1.b32 {%r15, %r16, %r17, %r18}, [%r6];
	tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r19}, [%r6];
	tcgen05.wait::ld.sync.aligned;
	mul.wide.u32 %rd1, %lane, 48;
	add.s64 %oa, %out, %rd1;
	st.global.v4.u32 [%oa], {%r2, %r3, %r4, %r15};
	st.global.v4.u32 [%oa+16], {%r16, %r17, %r18, %r19};
` + withCols(deallocWarp0, 32)
	out, msg, _ := runTmem(t, body, 32, 384)
	if msg != "" {
		t.Fatal(msg)
	}
	for l := 0; l < 32; l++ {
		o := out[12*l:]
		if o[0] != 0x1234 || o[1] != uint32(l) || o[2] != uint32(l)<<16|0x1234 {
			t.Errorf("lane %d: unpack gave columns 0x%x, 0x%x and pack 0x%x; want 0x1234, 0x%x, 0x%x", l, o[0], o[1], o[2], l, uint32(l)<<16|0x1234)
		}
		base := uint32(0x0badf00d + l)
		if o[3] != base || o[4] != base+1000 || o[5] != base+2000 || o[6] != base+3000 {
			t.Errorf("lane %d: 16x256b round trip gave %x %x %x %x", l, o[3], o[4], o[5], o[6])
		}
		// 16x256b register 0 of thread t is lane t/4 column 2(t%4), and
		// register 2 is lane t/4+8: so column 8 (the address) of lane L < 8
		// holds thread 4L's register 0, of lane 8 <= L < 16 thread
		// 4(L-8)'s register 2.
		if l < 8 {
			if want := uint32(0x0badf00d + 4*l); o[7] != want {
				t.Errorf("lane %d column 8 = 0x%x, want thread %d's register 0 (0x%x)", l, o[7], 4*l, want)
			}
		} else if l < 16 {
			if want := uint32(0x0badf00d + 4*(l-8) + 2000); o[7] != want {
				t.Errorf("lane %d column 8 = 0x%x, want thread %d's register 2 (0x%x)", l, o[7], 4*(l-8), want)
			}
		}
	}
}

// TestTmemStepBack: tensor memory is machine state: going back to a step
// before a tcgen05.st gives the old cells and allocations.
func TestTmemStepBack(t *testing.T) {
	body := withCols(allocWarp0, 64) + `
	mov.u32 %r1, 7;
	tcgen05.st.sync.aligned.32x32b.x1.b32 [%ta], {%r1};
	mov.u32 %r1, 9;
	tcgen05.st.sync.aligned.32x32b.x1.b32 [%ta], {%r1};
` + withCols(deallocWarp0, 64)
	src := strings.Replace(tmemKernel, "BODY", body, 1)
	p := compilePTX(t, "tmem.ptx", src)
	_, size, _ := p.Params("k")
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: make([]byte, size)})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(m, 1<<20)
	var seven, nine int64 = -1, -1
	for s.Step() && !s.Done() {
		v, _ := s.Machine().TmemCell(0, 5, 0)
		if v == 7 && seven < 0 {
			seven = s.Steps()
		}
		if v == 9 && nine < 0 {
			nine = s.Steps()
		}
	}
	if f := s.Machine().Fault(); f != nil || seven < 0 || nine < 0 {
		t.Fatalf("run: fault %v, 7 stored at step %d, 9 at %d", f, seven, nine)
	}
	if v := s.Machine().ctas[0].tmem; v == nil || len(v.allocs) != 0 {
		t.Fatalf("at the end the allocation should be freed")
	}
	s.GoTo(seven)
	if v, ok := s.Machine().TmemCell(0, 5, 0); !ok || v != 7 {
		t.Errorf("back at step %d, lane 5 column 0 = %d (%v), want 7", seven, v, ok)
	}
	if a := s.Machine().ctas[0].tmem.allocs; len(a) != 1 || a[0].n != 64 {
		t.Errorf("back at step %d the allocation of 64 columns should be there again: %+v", seven, a)
	}
	if tv := s.Snapshot(SnapshotOptions{CTA: 0, Warp: -1}).Tmem; tv == nil || len(tv.Allocs) != 1 || tv.Allocs[0].N != 64 {
		t.Errorf("snapshot's tensor memory view: %+v", tv)
	}
}
