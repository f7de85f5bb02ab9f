package sim

// tcgen05_cp_test.go: tcgen05.cp and tcgen05.shift against the PTX ISA
// (§9.7.17.9): each copy shape's rows land in the lanes the shape names
// (the multicasts to warp pairs and to all four warps), the source read
// through a K-major matrix descriptor (no swizzle and the 128-byte
// swizzle), and shift.down moving each of 31 lanes' 32 bytes one lane down.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// cpWord is the word the test kernel stores at shared offset 4i.
func cpWord(i int) uint32 { return uint32(i) * 2654435761 }

// cpByte is the byte at shared offset a.
func cpByte(a int) byte { return byte(cpWord(a/4) >> (8 * (a % 4))) }

// cpFill stores cpWord(i) at sbuf+4i for 16 KiB, then allocates 64
// columns (warp 0).
const cpFill = `
	mov.u32 %r1, %tid;
FILL:
	setp.ge.u32 %p3, %r1, 4096;
	@%p3 bra FILLED;
	mul.lo.u32 %r2, %r1, -1640531535;
	shl.b32 %r3, %r1, 2;
	add.u32 %r3, %r3, %sb;
	st.shared.u32 [%r3], %r2;
	add.u32 %r1, %r1, 128;
	bra FILL;
FILLED:
	fence.proxy.async.shared::cta;   // the stores before the copy's async-proxy read (9.7.17.6.5)
` + allocWarp0

// cpReadBack: every warp loads its 32 lanes' columns COL..COL+7 and
// stores them at out[(tid)*8 + c], then warp 0 frees the columns.
const cpReadBack = `
	tcgen05.fence::before_thread_sync;
	bar.sync 0;
	tcgen05.fence::after_thread_sync;
	shl.b32 %r20, %wid, 21;
	add.u32 %r20, %r20, %ta;
	tcgen05.ld.sync.aligned.32x32b.x8.b32 {%r100, %r101, %r102, %r103, %r104, %r105, %r106, %r107}, [%r20];
	tcgen05.wait::ld.sync.aligned;
	mul.wide.u32 %rd1, %tid, 32;
	add.s64 %oa, %out, %rd1;
	st.global.v4.u32 [%oa], {%r100, %r101, %r102, %r103};
	st.global.v4.u32 [%oa+16], {%r104, %r105, %r106, %r107};
` + deallocWarp0

func TestTcgen05Cp(t *testing.T) {
	cases := []struct {
		desc    string
		shape   string
		rows    int
		bytes   int
		lanes   func(r int) []int // the ISA's / CUTLASS's lanes for row r
		swizzle int
	}{
		{"128x256b: row r in lane r, 8 columns", ".128x256b", 128, 32, func(r int) []int { return []int{r} }, 0},
		{"128x256b from a 128-byte swizzle", ".128x256b", 128, 32, func(r int) []int { return []int{r} }, 128},
		{"128x128b: 4 columns", ".128x128b", 128, 16, func(r int) []int { return []int{r} }, 0},
		{"4x256b: one row a warp, in its first lane", ".4x256b", 4, 32, func(r int) []int { return []int{32 * r} }, 0},
		{"64x128b.warpx2::02_13: rows 0-31 to warps 0 and 2", ".64x128b.warpx2::02_13", 64, 16, func(r int) []int { return []int{r, r + 64} }, 0},
		{"64x128b.warpx2::01_23: rows 0-31 to warps 0 and 1", ".64x128b.warpx2::01_23", 64, 16, func(r int) []int {
			if r < 32 {
				return []int{r, r + 32}
			}
			return []int{r + 32, r + 64}
		}, 0},
		{"32x128b.warpx4: every warp the same 32 rows", ".32x128b.warpx4", 32, 16, func(r int) []int { return []int{r, r + 32, r + 64, r + 96} }, 0},
	}
	for _, c := range cases {
		// The source: K-major, rows x bytes u8 elements.
		l := operandLayout{swizzle: c.swizzle}
		prow := max(c.rows, 8) // the layout's rows: whole core matrices
		_, lbo, sbo, _ := l.place(0, 0, prow, c.bytes, c.bytes, 1)
		layout := map[int]uint64{0: 0, 128: 2}[c.swizzle]
		desc := smemDescFields(map[string]uint64{"leading_byte_offset": uint64(lbo >> 4), "stride_byte_offset": uint64(sbo >> 4), "version": 1, "layout_type": layout})
		body := withCols(cpFill, 64) + fmt.Sprintf(`
	mov.b64 %%rd10, %d;
	cvt.u64.u32 %%rd11, %%sb;
	shr.u64 %%rd11, %%rd11, 4;
	add.s64 %%rd10, %%rd10, %%rd11;
	add.u32 %%r21, %%ta, 8;
	setp.eq.u32 %%p5, %%tid, 0;
	@%%p5 tcgen05.cp.cta_group::1%s [%%r21], %%rd10;
`, desc, c.shape) + strings.Replace(withCols(cpReadBack, 64), "add.u32 %r20, %r20, %ta;", "add.u32 %r20, %r20, %ta;\n\tadd.u32 %r20, %r20, 8;", 1)
		out, msg, _ := runTmem(t, body, 128, 128*8)
		if msg != "" {
			t.Errorf("%s: %s", c.desc, msg)
			continue
		}
		want := make([]int, 128*8) // -1: not written
		for i := range want {
			want[i] = -1
		}
		for r := 0; r < c.rows; r++ {
			for _, lane := range c.lanes(r) {
				for k := 0; k < c.bytes/4; k++ {
					var w uint32
					for b := 0; b < 4; b++ {
						off, _, _, _ := l.place(r, 4*k+b, prow, c.bytes, c.bytes, 1)
						w |= uint32(cpByte(off)) << (8 * b)
					}
					want[lane*8+k] = int(w)
				}
			}
		}
		bad := 0
		for i, w := range want {
			got := out[i]
			if w < 0 {
				w = 0 // tensor memory the copy did not write (zero in the simulator)
			}
			if got != uint32(w) && bad < 4 {
				bad++
				t.Errorf("%s: lane %d column %d = 0x%08x, want 0x%08x", c.desc, i/8, 8+i%8, got, uint32(w))
			}
		}
	}
}

// TestTcgen05CpDecompress: .b8x16.b6x16_p32 and .b8x16.b4x16_p64 turn
// each 16-byte group of a source row (16 FP6 packed low bits first in 12
// bytes, or 16 FP4 two to a byte in 8) into 16 bytes, each element in the
// 8-bit container tcgen05.mma reads A from in tensor memory: FP6 in bits
// 5-0, FP4 in bits 5-2.
func TestTcgen05CpDecompress(t *testing.T) {
	for _, c := range []struct {
		src  string
		bits int
	}{{".b6x16_p32", 6}, {".b4x16_p64", 4}} {
		l := operandLayout{}
		_, lbo, sbo, _ := l.place(0, 0, 128, 32, 32, 1)
		desc := smemDescFields(map[string]uint64{"leading_byte_offset": uint64(lbo >> 4), "stride_byte_offset": uint64(sbo >> 4), "version": 1})
		body := withCols(cpFill, 64) + fmt.Sprintf(`
	mov.b64 %%rd10, %d;
	cvt.u64.u32 %%rd11, %%sb;
	shr.u64 %%rd11, %%rd11, 4;
	add.s64 %%rd10, %%rd10, %%rd11;
	add.u32 %%r21, %%ta, 8;
	setp.eq.u32 %%p5, %%tid, 0;
	@%%p5 tcgen05.cp.cta_group::1.128x256b.b8x16%s [%%r21], %%rd10;
`, desc, c.src) + strings.Replace(withCols(cpReadBack, 64), "add.u32 %r20, %r20, %ta;", "add.u32 %r20, %r20, %ta;\n\tadd.u32 %r20, %r20, 8;", 1)
		out, msg, _ := runTmem(t, body, 128, 128*8)
		if msg != "" {
			t.Fatalf("%s: %s", c.src, msg)
		}
		bad := 0
		for r := 0; r < 128; r++ {
			// The row's 32 source bytes, in order (K-major, no swizzle).
			row := make([]byte, 32)
			for b := range row {
				off, _, _, _ := l.place(r, b, 128, 32, 32, 1)
				row[b] = cpByte(off)
			}
			for e := 0; e < 32; e++ {
				g, i := e/16*16, e%16
				bit := c.bits * i // little-endian bit stream of the group
				code := (uint32(row[g+bit/8]) | uint32(row[g+bit/8+1])<<8) >> (bit % 8) & (1<<c.bits - 1)
				want := code
				if c.bits == 4 {
					want <<= 2
				}
				got := out[r*8+e/4] >> (8 * (e % 4)) & 0xff
				if got != want && bad < 4 {
					bad++
					t.Errorf("%s: lane %d element %d = 0x%02x, want 0x%02x (code 0x%x)", c.src, r, e, got, want, code)
				}
			}
		}
	}
}

// TestTcgen05Shift: each warp stores lane l's 8 columns as 1000*l + c,
// thread 0 shifts the 32 lanes from lane 32 down; lanes 33-63 then hold
// lanes 32-62's, lane 32 keeps its own, the other warps' lanes are as
// stored.
func TestTcgen05Shift(t *testing.T) {
	body := withCols(allocWarp0, 32) + `
	shl.b32 %r20, %wid, 21;
	add.u32 %r20, %r20, %ta;
	mul.lo.u32 %r30, %tid, 1000;
	add.u32 %r31, %r30, 1;
	add.u32 %r32, %r30, 2;
	add.u32 %r33, %r30, 3;
	add.u32 %r34, %r30, 4;
	add.u32 %r35, %r30, 5;
	add.u32 %r36, %r30, 6;
	add.u32 %r37, %r30, 7;
	tcgen05.st.sync.aligned.32x32b.x8.b32 [%r20], {%r30, %r31, %r32, %r33, %r34, %r35, %r36, %r37};
	tcgen05.wait::st.sync.aligned;
	tcgen05.fence::before_thread_sync;
	bar.sync 0;
	tcgen05.fence::after_thread_sync;
	setp.eq.u32 %p5, %tid, 0;
	add.u32 %r21, %ta, 2097152;
	@%p5 tcgen05.shift.cta_group::1.down [%r21];
` + strings.Replace(withCols(cpReadBack, 32), "tcgen05.fence::before_thread_sync;\n", "", 1)
	out, msg, _ := runTmem(t, body, 128, 128*8)
	if msg != "" {
		t.Fatal(msg)
	}
	for lane := 0; lane < 128; lane++ {
		from := lane
		if lane > 32 && lane < 64 {
			from = lane - 1
		}
		for c := 0; c < 8; c++ {
			if got, want := out[lane*8+c], uint32(1000*from+c); got != want {
				t.Errorf("lane %d column %d = %d, want %d (lane %d's)", lane, c, got, want, from)
			}
		}
	}
}

// TestTcgen05CpFaults: shapes without their multicast, lanes past 127,
// unallocated columns, a shift at a lane not a multiple of 32, and the
// decompressing forms stop with a position.
func TestTcgen05CpFaults(t *testing.T) {
	desc := smemDescFields(map[string]uint64{"leading_byte_offset": 8, "stride_byte_offset": 16, "version": 1})
	cases := []struct {
		desc, inst, fault string
	}{
		{"64x128b needs a warpx2", "tcgen05.cp.cta_group::1.64x128b [%ta], %rd10;", "tcgen05.cp.64x128b requires .warpx2::02_13 or .warpx2::01_23"},
		{"32x128b needs warpx4", "tcgen05.cp.cta_group::1.32x128b [%ta], %rd10;", "tcgen05.cp.32x128b requires .warpx4"},
		{"128x256b takes no multicast", "tcgen05.cp.cta_group::1.128x256b.warpx4 [%ta], %rd10;", "tcgen05.cp.128x256b takes no .warpx4"},
		{"128 rows from lane 32", "add.u32 %r9, %ta, 2097152;\n\ttcgen05.cp.cta_group::1.128x128b [%r9], %rd10;", "the shape's lanes run to lane 159, past the 128 lanes"},
		{"columns not allocated", "add.u32 %r9, %ta, 28;\n\ttcgen05.cp.cta_group::1.128x256b [%r9], %rd10;", "TMEM column 32 (address 0x0000001c) is not allocated"},
		{"shift at lane 16", "add.u32 %r9, %ta, 1048576;\n\ttcgen05.shift.cta_group::1.down [%r9];", "the address's lane 16 (0x00100000) is not a multiple of 32"},
	}
	for _, c := range cases {
		body := withCols(allocWarp0, 32) + fmt.Sprintf("\tmov.b64 %%rd10, %d;\n\tsetp.eq.u32 %%p5, %%tid, 0;\n\t@%%p5 %s\n", desc, strings.ReplaceAll(c.inst, "\n\t", "\n\t@%p5 ")) + withCols(deallocWarp0, 32)
		_, msg, _ := runTmemOrLoad(t, body)
		if !strings.Contains(msg, c.fault) {
			t.Errorf("%s: fault %q, want %q", c.desc, msg, c.fault)
		}
	}
}

// runTmemOrLoad runs body like runTmem but returns the checker's errors
// (an instruction ptxas would refuse too) as the message when there are
// any.
func runTmemOrLoad(t *testing.T, body string) ([]uint32, string, *Machine) {
	t.Helper()
	src := strings.Replace(tmemKernel, "BODY", body, 1)
	mod, errs := ptx.Parse("tmem.ptx", []byte(src))
	if len(errs) > 0 {
		t.Fatalf("parse: %v", errs[0])
	}
	if _, errs := check.Check(mod); len(errs) > 0 {
		var msgs []string
		for _, e := range errs {
			msgs = append(msgs, e.Error())
		}
		return nil, strings.Join(msgs, "\n"), nil
	}
	return runTmem(t, body, 32, 1)
}
