package sim

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/fp"
)

// wgmmaCase is one wgmma.mma_async of the test: A (64 x K) and B (K x N)
// of small integers placed in shared memory in a canonical K-major layout
// (or A in registers), D of 128 threads read back by thread and register.
type wgmmaCase struct {
	typ      string // A and B element type: "f16", "tf32", "s8", "e4m3"
	n        int
	swz      int // 0 (core matrices with lbo/sbo), 32, 64, 128
	lbo, sbo int // bytes; sbo also for the swizzled modes
	aRegs    bool
	scaleD   bool // D += A*B (D starts at 1000 + thread) instead of D = A*B
	negA     bool
}

func (c wgmmaCase) k() int      { return 256 / wgBits(c.typ) }
func wgBits(t string) int       { return map[string]int{"f16": 16, "tf32": 32, "s8": 8, "e4m3": 8}[t] }
func (c wgmmaCase) isInt() bool { return c.typ == "s8" }

// encode is the element bits of small integer v.
func (c wgmmaCase) encode(v int) uint64 {
	switch c.typ {
	case "f16":
		return uint64(fp.CvtF32ToF16(math.Float32bits(float32(v)), fp.RN, false, false, false, false))
	case "tf32":
		return uint64(math.Float32bits(float32(v)))
	case "s8":
		return uint64(uint8(int8(v)))
	}
	// e4m3: 1.m x 2^(e-7); small integers are exact.
	s := uint64(0)
	if v < 0 {
		s, v = 0x80, -v
	}
	if v == 0 {
		return s
	}
	e := 0
	for 1<<(e+1) <= v {
		e++
	}
	m := (v<<3>>e)&7 | 0
	return s | uint64(e+7)<<3 | uint64(m)
}

// place writes the bytes of element (r, kk) (r a row of A or a column of
// B) of a K-major operand at start in img: rows in groups of 8, sbo bytes
// apart; without swizzling, 8x16-byte core matrices whose K neighbours
// are lbo bytes apart; with a W-byte swizzle, rows of W bytes whose 16-byte
// chunk index is XORed with the row's place in the swizzle pattern (start
// and sbo are multiples of 1024, so the pattern starts with each group).
func (c wgmmaCase) place(img []byte, start, r, kk int, v uint64) {
	es := wgBits(c.typ) / 8
	b := kk * es
	var off int
	if c.swz == 0 {
		off = start + r/8*c.sbo + r%8*16 + b/16*c.lbo + b%16
	} else {
		chunks := c.swz / 16
		row := r % 8
		chunk := b / 16
		chunk ^= (row * c.swz / 128) % chunks
		off = start + r/8*c.sbo + row*c.swz + chunk*16 + b%16
	}
	for j := 0; j < es; j++ {
		img[off+j] = byte(v >> (8 * j))
	}
}

func (c wgmmaCase) desc(start int) uint64 {
	mode := map[int]uint64{0: 0, 128: 1, 64: 2, 32: 3}[c.swz]
	return uint64(start>>4)&0x3fff | uint64(c.lbo>>4)<<16 | uint64(c.sbo>>4)<<32 | mode<<62
}

func TestWgmma(t *testing.T) {
	cases := []wgmmaCase{
		{typ: "e4m3", n: 16, swz: 32, sbo: 256},
		{typ: "f16", n: 8, swz: 0, lbo: 128, sbo: 256},
		{typ: "f16", n: 24, swz: 0, lbo: 1024, sbo: 128},
		{typ: "f16", n: 16, swz: 64, sbo: 1024},
		{typ: "f16", n: 32, swz: 128, sbo: 1024},
		{typ: "tf32", n: 16, swz: 128, sbo: 1024},
		{typ: "s8", n: 24, swz: 32, sbo: 1024},
		{typ: "f16", n: 16, swz: 128, sbo: 1024, aRegs: true},
		{typ: "e4m3", n: 8, swz: 64, sbo: 1024, aRegs: true, scaleD: true},
		{typ: "f16", n: 8, swz: 32, sbo: 1024, scaleD: true, negA: true},
		{typ: "s8", n: 16, swz: 0, lbo: 128, sbo: 256, scaleD: true},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s n%d swz%d lbo%d sbo%d regs%v scale%v neg%v", c.typ, c.n, c.swz, c.lbo, c.sbo, c.aRegs, c.scaleD, c.negA), func(t *testing.T) {
			testWgmma(t, c)
		})
	}
}

func testWgmma(t *testing.T, c wgmmaCase) {
	k, n := c.k(), c.n
	A, B := make([]int, 64*k), make([]int, k*n)
	for i := range A {
		A[i] = (i*7+3)%9 - 4
	}
	for i := range B {
		B[i] = (i*5+1)%7 - 3
	}
	const aStart, bStart, imgSize = 0, 8192, 16384
	img := make([]byte, imgSize)
	for r := 0; r < 64; r++ {
		for kk := 0; kk < k; kk++ {
			c.place(img, aStart, r, kk, c.encode(A[r*k+kk]))
		}
	}
	for col := 0; col < n; col++ {
		for kk := 0; kk < k; kk++ {
			c.place(img, bStart, col, kk, c.encode(B[kk*n+col]))
		}
	}
	dt, dreg := ".f32", ".f32"
	if c.isInt() {
		dt, dreg = ".s32", ".b32"
	}
	nd := n / 2
	var ds, as []string
	for i := 0; i < nd; i++ {
		ds = append(ds, fmt.Sprintf("%%d%d", i))
	}
	// A in registers: thread (warp w, lane l) holds rows 16w+l/4 (+8) of
	// its warp's slice, in mma.m16n8kK's A layout: register r covers row
	// l/4 + 8*(r%2), bytes (r/2)*16 + (l%4)*4 .. +3 of the row's 32.
	var aVals [][4]uint32
	if c.aRegs {
		for i := 0; i < 4; i++ {
			as = append(as, fmt.Sprintf("%%a%d", i))
		}
		es := wgBits(c.typ) / 8
		for tid := 0; tid < 128; tid++ {
			w, l := tid/32, tid%32
			var regs [4]uint32
			for r := 0; r < 4; r++ {
				row := 16*w + l/4 + 8*(r%2)
				for j := 0; j < 4/es; j++ {
					kk := ((r/2)*16+(l%4)*4)/es + j
					regs[r] |= uint32(c.encode(A[row*k+kk])&(1<<(8*es)-1)) << (8 * es * j)
				}
			}
			aVals = append(aVals, regs)
		}
	}
	var src strings.Builder
	fmt.Fprintf(&src, ".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry k(.param .u64 pin, .param .u64 pout, .param .u64 pa)\n{\n")
	fmt.Fprintf(&src, "\t.reg .pred %%p<2>;\n\t.reg .b32 %%r<8>;\n\t.reg .b64 %%rd<12>;\n\t.reg %s %%d<%d>;\n\t.reg .b32 %%a<4>;\n\t.shared .align 1024 .b8 smem[%d];\n", dreg, nd, imgSize)
	src.WriteString(`	mov.u32 %r1, %tid.x;
	ld.param.u64 %rd1, [pin];
	mov.u32 %r2, %r1;
COPY:
	mul.wide.u32 %rd2, %r2, 4;
	add.u64 %rd3, %rd1, %rd2;
	ld.global.u32 %r3, [%rd3];
	mov.u32 %r4, smem;
	shl.b32 %r5, %r2, 2;
	add.u32 %r4, %r4, %r5;
	st.shared.u32 [%r4], %r3;
	add.u32 %r2, %r2, 128;
	setp.lt.u32 %p0, %r2, ` + fmt.Sprint(imgSize/4) + `;
	@%p0 bra COPY;
	bar.sync 0;
	ld.param.u64 %rd4, [pa];
	mul.wide.u32 %rd5, %r1, 16;
	add.u64 %rd4, %rd4, %rd5;
	ld.global.v4.u32 {%a0, %a1, %a2, %a3}, [%rd4];
	ld.param.u64 %rd6, [pout];
	mul.wide.u32 %rd7, %r1, ` + fmt.Sprint(4*nd) + `;
	add.u64 %rd6, %rd6, %rd7;
`)
	for i := range ds { // D's starting values: 1000 + i
		if c.isInt() {
			fmt.Fprintf(&src, "\tmov.b32 %s, %d;\n", ds[i], 1000+i)
		} else {
			fmt.Fprintf(&src, "\tmov.b32 %s, 0f%08X;\n", ds[i], math.Float32bits(float32(1000+i)))
		}
	}
	src.WriteString("\tmov.u32 %r6, smem;\n\tcvt.u64.u32 %rd8, %r6;\n\tshr.u64 %rd8, %rd8, 4;\n")
	fmt.Fprintf(&src, "\tmov.b64 %%rd9, %d;\n\tadd.u64 %%rd9, %%rd9, %%rd8;\n", c.desc(aStart))
	fmt.Fprintf(&src, "\tmov.b64 %%rd10, %d;\n\tadd.u64 %%rd10, %%rd10, %%rd8;\n", c.desc(bStart))
	fmt.Fprintf(&src, "\tsetp.ne.u32 %%p1, %d, 0;\n", map[bool]int{true: 1, false: 0}[c.scaleD])
	aOp := "%rd9"
	if c.aRegs {
		aOp = "{" + strings.Join(as, ", ") + "}"
	}
	shape := fmt.Sprintf(".m64n%dk%d", n, k)
	inst := "wgmma.mma_async.sync.aligned" + shape + dt + "." + c.typ + "." + c.typ + " {" + strings.Join(ds, ", ") + "}, " + aOp + ", %rd10, %p1"
	if !c.isInt() {
		sa := 1
		if c.negA {
			sa = -1
		}
		inst += fmt.Sprintf(", %d, 1", sa)
		if c.typ == "f16" {
			if !c.aRegs {
				inst += ", 0"
			}
			inst += ", 0"
		}
	}
	src.WriteString("\twgmma.fence.sync.aligned;\n\t" + inst + ";\n\twgmma.commit_group.sync.aligned;\n\twgmma.wait_group.sync.aligned 0;\n")
	for i := range ds {
		fmt.Fprintf(&src, "\tst.global.b32 [%%rd6+%d], %s;\n", 4*i, ds[i])
	}
	src.WriteString("\tret;\n}\n")
	p := compilePTX(t, "wgmma.ptx", src.String())
	ps, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{128, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	in, out, pa := m.Alloc("in", imgSize), m.Alloc("out", 128*4*nd), m.Alloc("a", 128*16)
	m.Store(in, 0, img)
	if c.aRegs {
		ab := make([]byte, 128*16)
		for tid, regs := range aVals {
			for r, v := range regs {
				binary.LittleEndian.PutUint32(ab[tid*16+4*r:], v)
			}
		}
		m.Store(pa, 0, ab)
	}
	for i, v := range []uint64{in, out, pa} {
		binary.LittleEndian.PutUint64(params[ps[i].Offset:], v)
	}
	if c.aRegs {
		// Through a session, which records: the fragment view of each warp's
		// wgmma labels its rows of A and D with the lanes that hold them.
		s := NewSession(m, 0)
		for s.Step() {
		}
		m = s.Machine()
		snap := s.Snapshot(SnapshotOptions{CTA: 0, Warp: -1})
		fv := snap.Warps[2].Frag
		if fv == nil || len(fv.Matrices) != 2 || fv.Matrices[0].Name != "A (rows 32-47)" || fv.Matrices[1].Name != "D (rows 32-47)" {
			t.Fatalf("warp 2's fragment view: %+v", fv)
		}
		// D's element (row 32+1, column 2) is lane 4*1+1 = 5's d0 (rows
		// l/4, columns 2*(l%4)).
		if cell := fv.Matrices[1].Cells[1*n+2]; cell.Lane != 5 || cell.Reg != "%d0" {
			t.Errorf("D (33, 2) is labelled %+v, want lane 5 %%d0", cell)
		}
	} else {
		m.Run(1 << 20)
	}
	if f := m.Fault(); f != nil {
		t.Fatalf("%v\n%s", f, numbered(src.String()))
	}
	got := m.Buffer(out)
	for tid := 0; tid < 128; tid++ {
		w, l := tid/32, tid%32
		for i := 0; i < nd; i++ {
			row := 16*w + l/4 + 8*((i%4)/2)
			col := 8*(i/4) + (l%4)*2 + i%2
			want := 0
			for kk := 0; kk < k; kk++ {
				a := A[row*k+kk]
				if c.negA {
					a = -a
				}
				want += a * B[kk*n+col]
			}
			if c.scaleD {
				want += 1000 + i
			}
			v := binary.LittleEndian.Uint32(got[4*(tid*nd+i):])
			var g int
			if c.isInt() {
				g = int(int32(v))
			} else {
				g = int(math.Float32frombits(v))
				if float32(g) != math.Float32frombits(v) {
					t.Fatalf("thread %d d%d = %v, not an integer", tid, i, math.Float32frombits(v))
				}
			}
			if g != want {
				t.Fatalf("thread %d d%d (D[%d][%d]) = %d, want %d", tid, i, row, col, g, want)
			}
		}
	}
}
