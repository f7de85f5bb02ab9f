package sim

// tensormap_test.go: tensor (TMA) copies in .tile mode against a model
// written from the ISA text, not from tensormap.go: the bounding box of
// §5.5.3 (elements at coordinate + n*traversal stride, dense in shared
// memory, dimension 0 fastest), out-of-bound fill (§5.5.3.3: zeros or
// NaN), and the swizzle tables of §5.5.7 copied here row by row.

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// The §5.5.7 tables: row r (a 128-byte line, counted from the pattern's
// 256-, 512- or 1024-byte boundary) lists the 16-byte chunk of the
// unswizzled data held at each of its eight positions.
var isaSwizzleTables = map[int][][8]int{
	1: { // 32B
		{0, 1, 2, 3, 4, 5, 6, 7},
		{1, 0, 3, 2, 5, 4, 7, 6},
	},
	2: { // 64B
		{0, 1, 2, 3, 4, 5, 6, 7},
		{1, 0, 3, 2, 5, 4, 7, 6},
		{2, 3, 0, 1, 6, 7, 4, 5},
		{3, 2, 1, 0, 7, 6, 5, 4},
	},
	3: { // 128B
		{0, 1, 2, 3, 4, 5, 6, 7},
		{1, 0, 3, 2, 5, 4, 7, 6},
		{2, 3, 0, 1, 6, 7, 4, 5},
		{3, 2, 1, 0, 7, 6, 5, 4},
		{4, 5, 6, 7, 0, 1, 2, 3},
		{5, 4, 7, 6, 1, 0, 3, 2},
		{6, 7, 4, 5, 2, 3, 0, 1},
		{7, 6, 5, 4, 3, 2, 1, 0},
	},
}

// modelSwizzle lays dense data out as the tables say (data starts at a
// 1024-byte boundary).
func modelSwizzle(dense []byte, mode int) []byte {
	if mode == 0 {
		return append([]byte(nil), dense...)
	}
	tab := isaSwizzleTables[mode]
	out := make([]byte, len(dense))
	for line := 0; line*128 < len(dense); line++ {
		row := tab[line%len(tab)]
		for p := 0; p < 8; p++ {
			dst, src := line*128+p*16, line*128+row[p]*16
			if dst+16 <= len(out) && src+16 <= len(dense) {
				copy(out[dst:dst+16], dense[src:src+16])
			}
		}
	}
	return out
}

// modelBox is the dense box of a 2- or 3-D tensor of es-byte elements
// (element (x, y, z) of the tensor is elem(x, y, z)), loaded at coords.
func modelBox(dims, box, estr []int, coords []int, es int, elem func(x, y, z int) []byte, nan []byte) []byte {
	for len(dims) < 3 {
		dims, box, estr, coords = append(dims, 1), append(box, 1), append(estr, 1), append(coords, 0)
	}
	var out []byte
	n := func(i int) int { return (box[i] + estr[i] - 1) / estr[i] }
	for k := 0; k < n(2); k++ {
		for j := 0; j < n(1); j++ {
			for i := 0; i < n(0); i++ {
				x, y, z := coords[0]+i*estr[0], coords[1]+j*estr[1], coords[2]+k*estr[2]
				if x < 0 || y < 0 || z < 0 || x >= dims[0] || y >= dims[1] || z >= dims[2] {
					if nan != nil {
						out = append(out, nan...)
					} else {
						out = append(out, make([]byte, es)...)
					}
					continue
				}
				out = append(out, elem(x, y, z)...)
			}
		}
	}
	return out
}

const tmaKernel = `.version 8.0
.target sm_90a
.address_size 64

.visible .entry k(.param .align 64 .b8 tmap[128], .param .u64 pout, .param .u64 pin)
{
	.shared .align 1024 .b8 sbuf[16384];
	.shared .align 8 .b64 mb;
	.reg .pred %p<8>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<16>;
	.reg .b64 %out, %map;
	ld.param.u64 %out, [pout];
	mov.u64 %rd15, tmap;
	cvta.param.u64 %map, %rd15;
	mov.u32 %r0, %tid.x;
	setp.ne.u32 %p0, %r0, 0;
	@%p0 bra DONE;
BODY
DONE:
	ret;
}
`

type tmaCase struct {
	name   string
	dtype  string
	dims   []int // elements
	pitch  []int // byte strides of dims 1.. (rank-1)
	box    []int
	estr   []int
	coords []int
	swz    int
	nan    bool
	sm100  bool // the kernel is .version 8.6, .target sm_100a (the Blackwell modes)
}

// tmaSource is tmaKernel with body, for sm_90a or sm_100a.
func tmaSource(c tmaCase, body string) string {
	src := strings.Replace(tmaKernel, "BODY", body, 1)
	if c.sm100 {
		src = strings.Replace(src, ".version 8.0\n.target sm_90a", ".version 8.6\n.target sm_100a", 1)
	}
	return src
}

// runTMA loads the box at coords into sbuf through the tensor map and
// copies sbuf (size bytes) to out; it returns out and the fault.
func runTMA(t *testing.T, c tmaCase, body string, size int, in []byte) ([]byte, string) {
	t.Helper()
	p := compilePTX(t, "tma.ptx", tmaSource(c, body))
	_, psize, _ := p.Params("k")
	params := make([]byte, psize)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	ia := m.Alloc("in", len(in))
	m.Store(ia, 0, in)
	oa := m.Alloc("out", size)
	code, es, _, _ := TensorType(c.dtype)
	tm := TensorMap{Addr: ia, Rank: len(c.dims), DType: code, Swizzle: c.swz}
	tm.Strides[0] = uint64(es)
	for i := range c.dims {
		tm.Dims[i], tm.Box[i], tm.ElemStrides[i] = uint32(c.dims[i]), uint32(c.box[i]), 1
		if c.estr != nil {
			tm.ElemStrides[i] = uint32(c.estr[i])
		}
		if i > 0 {
			tm.Strides[i] = uint64(c.pitch[i-1])
		}
	}
	if c.nan {
		tm.Fill = 1
	}
	if f, msg := tm.Check(); msg != "" {
		t.Fatalf("map: %s %s", f, msg)
	}
	enc := tm.Encode()
	copy(params, enc[:])
	binary.LittleEndian.PutUint64(params[128:], oa)
	binary.LittleEndian.PutUint64(params[136:], ia)
	m.Run(100000)
	if f := m.Fault(); f != nil {
		return nil, f.Msg
	}
	return m.Buffer(oa), ""
}

func coordRegs(cs []int) (string, string) {
	var mov, regs []string
	for i, c := range cs {
		mov = append(mov, fmt.Sprintf("\tmov.u32 %%r%d, %d;", 4+i, c))
		regs = append(regs, fmt.Sprintf("%%r%d", 4+i))
	}
	return strings.Join(mov, "\n"), strings.Join(regs, ", ")
}

func tensorBytes(c tmaCase, es int) ([]byte, func(x, y, z int) []byte) {
	pitchY := c.pitch[0]
	pitchZ := 0
	if len(c.pitch) > 1 {
		pitchZ = c.pitch[1]
	}
	depth := 1
	if len(c.dims) > 2 {
		depth = c.dims[2]
	}
	size := pitchY * c.dims[1]
	if depth > 1 {
		size = pitchZ * depth
	}
	in := make([]byte, size)
	for i := range in {
		in[i] = byte(i*7 + i/251 + 1)
	}
	return in, func(x, y, z int) []byte {
		o := x*es + y*pitchY + z*pitchZ
		return in[o : o+es]
	}
}

func TestTensorLoad(t *testing.T) {
	cases := []tmaCase{
		{name: "no swizzle, inside", dtype: "f16", dims: []int{100, 40}, pitch: []int{208}, box: []int{24, 5}, coords: []int{8, 7}},
		{name: "no swizzle, past the right and bottom edges", dtype: "f16", dims: []int{100, 40}, pitch: []int{208}, box: []int{24, 5}, coords: []int{88, 37}},
		{name: "no swizzle, negative coordinates", dtype: "u32", dims: []int{20, 10}, pitch: []int{96}, box: []int{8, 4}, coords: []int{-4, -2}},
		{name: "NaN fill", dtype: "f32", dims: []int{20, 10}, pitch: []int{96}, box: []int{8, 4}, coords: []int{16, 8}, nan: true},
		{name: "32B swizzle", dtype: "f16", dims: []int{100, 40}, pitch: []int{208}, box: []int{16, 16}, coords: []int{8, 3}, swz: 1},
		{name: "64B swizzle", dtype: "f16", dims: []int{100, 40}, pitch: []int{208}, box: []int{32, 16}, coords: []int{72, 30}, swz: 2},
		{name: "128B swizzle", dtype: "f16", dims: []int{100, 40}, pitch: []int{208}, box: []int{64, 16}, coords: []int{40, -3}, swz: 3},
		{name: "128B swizzle, u8, 128-byte rows", dtype: "u8", dims: []int{300, 20}, pitch: []int{304}, box: []int{128, 12}, coords: []int{0, 0}, swz: 3},
		{name: "3-D with a traversal stride", dtype: "u16", dims: []int{16, 6, 5}, pitch: []int{32, 256}, box: []int{8, 6, 3}, estr: []int{1, 2, 1}, coords: []int{8, 1, 3}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, es, _, _ := TensorType(c.dtype)
			in, elem := tensorBytes(c, es)
			var nan []byte
			if c.nan {
				nan = []byte{0xf7, 0x7f, 0xf7, 0x7f} // an H200's fill: 0x7ff7 in every 16 bits
			}
			dense := modelBox(append([]int(nil), c.dims...), append([]int(nil), c.box...), withDefault(c.estr, len(c.dims)), append([]int(nil), c.coords...), es, elem, nan)
			want := modelSwizzle(dense, c.swz)
			size := (len(want) + 15) / 16 * 16
			mov, regs := coordRegs(c.coords)
			body := fmt.Sprintf(`
	mbarrier.init.shared::cta.b64 [mb], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 %%rd1, [mb], %d;
%s
	cp.async.bulk.tensor.%dd.shared::cluster.global.tile.mbarrier::complete_tx::bytes [sbuf], [%%map, {%s}], [mb];
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %%p1, [mb], 0;
	@!%%p1 bra WAIT;
	cp.async.bulk.global.shared::cta.bulk_group [%%out], [sbuf], %d;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;`, len(dense), mov, len(c.dims), regs, size)
			out, fault := runTMA(t, c, body, size, in)
			if fault != "" {
				t.Fatal(fault)
			}
			for i := range want {
				if out[i] != want[i] {
					t.Fatalf("shared byte %d (line %d, chunk %d) = %#x, want %#x", i, i/128, i%128/16, out[i], want[i])
				}
			}
		})
	}
}

func withDefault(e []int, n int) []int {
	if e != nil {
		return append([]int(nil), e...)
	}
	d := make([]int, n)
	for i := range d {
		d[i] = 1
	}
	return d
}

// A tensor store writes the box (read through the swizzle) into the
// tensor, skipping out-of-bounds elements; a reduction adds.
func TestTensorStoreAndReduce(t *testing.T) {
	c := tmaCase{dtype: "u32", dims: []int{20, 10}, pitch: []int{80}, box: []int{32, 4}, coords: []int{0, 8}, swz: 3}
	in := make([]byte, 80*10)
	for i := range in {
		in[i] = byte(i)
	}
	for _, red := range []bool{false, true} {
		t.Run(map[bool]string{false: "store", true: "reduce add"}[red], func(t *testing.T) {
			// Shared memory holds, at dense box position q, the u32 value
			// 1000+q, placed through the ISA's 128B table.
			dense := make([]byte, 32*4*4)
			for q := 0; q < 128; q++ {
				binary.LittleEndian.PutUint32(dense[4*q:], uint32(1000+q))
			}
			sw := modelSwizzle(dense, 3)
			var init strings.Builder
			for i := 0; i < len(sw); i += 4 {
				fmt.Fprintf(&init, "\tmov.u32 %%r9, %d;\n\tst.shared.u32 [sbuf+%d], %%r9;\n", binary.LittleEndian.Uint32(sw[i:]), i)
			}
			mov, regs := coordRegs(c.coords)
			op := "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group"
			if red {
				op = "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group"
			}
			body := init.String() + mov + fmt.Sprintf(`
	%s [%%map, {%s}], [sbuf];
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
	ld.param.u64 %%rd2, [pin];
	cp.async.bulk.global.global.bulk_group [%%out], [%%rd2], 0;`, op, regs)
			body = strings.Replace(body, "\tcp.async.bulk.global.global.bulk_group [%out], [%rd2], 0;", "", 1)
			_, fault := runTMAKeep(t, c, body, in, func(got []byte) {
				for y := 0; y < 10; y++ {
					for x := 0; x < 20; x++ {
						o := 4 * (y*20 + x)
						old := binary.LittleEndian.Uint32(in[o:])
						want := old
						bx, by := x-c.coords[0], y-c.coords[1]
						if bx >= 0 && bx < 32 && by >= 0 && by < 4 {
							v := uint32(1000 + by*32 + bx)
							if red {
								want = old + v
							} else {
								want = v
							}
						}
						if g := binary.LittleEndian.Uint32(got[o:]); g != want {
							t.Fatalf("tensor (%d, %d) = %d, want %d", x, y, g, want)
						}
					}
				}
			})
			if fault != "" {
				t.Fatal(fault)
			}
		})
	}
}

// runTMAKeep runs body and hands the final contents of the tensor's buffer to check.
func runTMAKeep(t *testing.T, c tmaCase, body string, in []byte, check func([]byte)) ([]byte, string) {
	t.Helper()
	p := compilePTX(t, "tma.ptx", tmaSource(c, body))
	_, psize, _ := p.Params("k")
	params := make([]byte, psize)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	ia := m.Alloc("in", len(in))
	m.Store(ia, 0, in)
	code, es, _, _ := TensorType(c.dtype)
	tm := TensorMap{Addr: ia, Rank: len(c.dims), DType: code, Swizzle: c.swz}
	tm.Strides[0] = uint64(es)
	for i := range c.dims {
		tm.Dims[i], tm.Box[i], tm.ElemStrides[i] = uint32(c.dims[i]), uint32(c.box[i]), 1
		if i > 0 {
			tm.Strides[i] = uint64(c.pitch[i-1])
		}
	}
	enc := tm.Encode()
	copy(params, enc[:])
	binary.LittleEndian.PutUint64(params[136:], ia)
	m.Run(100000)
	if f := m.Fault(); f != nil {
		return nil, f.Msg
	}
	check(m.Buffer(ia))
	return nil, ""
}

// Each field cuTensorMapEncodeTiled checks, named.
func TestTensorMapCheck(t *testing.T) {
	base := func() TensorMap {
		tm := TensorMap{Addr: 0x1000, Rank: 2, DType: 6, Swizzle: 3}
		tm.Strides[0], tm.Strides[1] = 2, 256
		tm.Dims[0], tm.Dims[1] = 100, 40
		tm.Box[0], tm.Box[1] = 64, 16
		tm.ElemStrides[0], tm.ElemStrides[1] = 1, 1
		return tm
	}
	{
		b := base()
		if f, msg := b.Check(); msg != "" {
			t.Fatalf("the base map is refused: %s %s", f, msg)
		}
	}
	cases := []struct {
		name  string
		edit  func(*TensorMap)
		field string
		msg   string
	}{
		{"rank 0", func(m *TensorMap) { m.Rank = 0 }, "dims", "rank 0"},
		{"rank 6", func(m *TensorMap) { m.Rank = 6 }, "dims", "rank 6"},
		{"box over 256", func(m *TensorMap) { m.Box[1] = 257 }, "box[1]", "1 to 256"},
		{"box 0", func(m *TensorMap) { m.Box[1] = 0 }, "box[1]", "1 to 256"},
		{"unaligned stride", func(m *TensorMap) { m.Strides[1] = 248 }, "strides[0]", "multiple of 16"},
		{"stride under the row", func(m *TensorMap) { m.Strides[1] = 192 }, "strides[0]", "less than dimension 0's extent"},
		{"unaligned address", func(m *TensorMap) { m.Addr = 0x1008 }, "buffer", "not 16-byte aligned"},
		{"inner box not 16 bytes", func(m *TensorMap) { m.Box[0] = 60; m.Swizzle = 0 }, "box[0]", "multiple of 16 bytes"},
		{"inner box past the swizzle", func(m *TensorMap) { m.Swizzle = 2 }, "box[0]", "at most 64 bytes"},
		{"element stride 9", func(m *TensorMap) { m.ElemStrides[1] = 9 }, "element_strides[1]", "1 to 8"},
		{"element stride in dim 0", func(m *TensorMap) { m.ElemStrides[0] = 2 }, "element_strides[0]", "must be 1"},
		{"NaN fill of integers", func(m *TensorMap) { m.DType = 2; m.Box[0] = 32; m.Fill = 1 }, "oob_fill", "floating-point"},
		{"interleave", func(m *TensorMap) { m.Interleave = 1 }, "interleave", "only"},
		{"dims 0", func(m *TensorMap) { m.Dims[1] = 0 }, "dims[1]", "is 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := base()
			c.edit(&m)
			f, msg := m.Check()
			if f != c.field || !strings.Contains(msg, c.msg) {
				t.Errorf("Check() = %q %q, want field %q saying %q", f, msg, c.field, c.msg)
			}
		})
	}
	// The encoding round-trips.
	m := base()
	enc := m.Encode()
	got, msg := DecodeTensorMap(enc[:])
	if msg != "" || got != m {
		t.Errorf("decode(encode) = %+v %q, want %+v", got, msg, m)
	}
	var zero [128]byte
	if _, msg := DecodeTensorMap(zero[:]); !strings.Contains(msg, "holds no tensor map") {
		t.Errorf("zeros decode with %q", msg)
	}
}

// The views of a tensor copy (BulkView.Shared, .Tensor, Snapshot.Landed):
// a 32B-swizzled u8 box of 16 x 9 bytes is 9 chunks; by the ISA's 32B
// table, line 1 (bytes 128-255) holds chunk 1 at position 0 and chunk 0
// at position 1, so the ninth chunk (the first of line 1) lands at byte
// 144 and bytes 128-143 stay untouched: the copy writes [0, 128) and
// [144, 160).
func TestTensorCopyView(t *testing.T) {
	c := tmaCase{dtype: "u8", dims: []int{64, 20}, pitch: []int{64}, box: []int{16, 9}, coords: []int{-16, 17}, swz: 1}
	// Where each dense chunk lands, from the table: the position p of its
	// line whose entry names it.
	var want [][2]int
	tab := isaSwizzleTables[1]
	for q := 0; q < 9; q++ {
		line, row := q/8, tab[(q/8)%len(tab)]
		for p := range row {
			if row[p] == q%8 {
				want = append(want, [2]int{line*128 + p*16, 16})
			}
		}
	}
	want = mergeRanges(want)
	if len(want) != 2 || want[0] != [2]int{0, 128} || want[1] != [2]int{144, 16} {
		t.Fatalf("BUG in the test's model: %v", want)
	}
	in, _ := tensorBytes(c, 1)
	p := compilePTX(t, "tma.ptx", strings.Replace(tmaKernel, "BODY", `
	mbarrier.init.shared::cta.b64 [mb], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 %rd1, [mb], 144;
	mov.u32 %r4, -16;
	mov.u32 %r5, 17;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [sbuf], [%map, {%r4, %r5}], [mb];
	mov.u32 %r6, 1;
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p1, [mb], 0;
	@!%p1 bra WAIT;`, 1))
	_, psize, _ := p.Params("k")
	params := make([]byte, psize)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	ia := m.Alloc("in", len(in))
	m.Store(ia, 0, in)
	tm := TensorMap{Addr: ia, Rank: 2, DType: 0, Swizzle: 1}
	tm.Strides[0], tm.Strides[1] = 1, 64
	tm.Dims[0], tm.Dims[1], tm.Box[0], tm.Box[1] = 64, 20, 16, 9
	tm.ElemStrides[0], tm.ElemStrides[1] = 1, 1
	enc := tm.Encode()
	copy(params, enc[:])
	snap := func() *Snapshot { return m.Snapshot(SnapshotOptions{CTA: -1, Warp: -1}) }
	for i := 0; i < 40 && len(snap().Bulk) == 0; i++ {
		m.Step()
	}
	s := snap()
	if len(s.Bulk) != 1 || len(s.Landed) != 0 {
		t.Fatalf("after the issue: %d copies in flight, %d landed, want 1 and 0", len(s.Bulk), len(s.Landed))
	}
	b := s.Bulk[0]
	if fmt.Sprint(b.Shared) != fmt.Sprint(want) || b.Bytes != 144 || b.Src != ia || b.Landed {
		t.Errorf("in flight: shared %v bytes %d src 0x%x landed %v, want %v 144 0x%x false", b.Shared, b.Bytes, b.Src, b.Landed, want, ia)
	}
	tv := b.Tensor
	if tv == nil {
		t.Fatal("no tensor view")
	}
	if tv.Mode != "tile" || tv.DType != "u8" || tv.ElemSize != 1 || fmt.Sprint(tv.Dims, tv.Box, tv.ElemStrides, tv.Coords) != "[64 20] [16 9] [1 1] [-16 17]" || tv.Swizzle != 32 || tv.Fill != "zero" || tv.Store || tv.Addr != ia {
		t.Errorf("tensor view %+v", *tv)
	}
	m.Step() // the mov
	m.Step() // the try_wait lands it
	s = snap()
	if len(s.Bulk) != 0 || len(s.Landed) != 1 {
		t.Fatalf("after the wait: %d copies in flight, %d landed, want 0 and 1", len(s.Bulk), len(s.Landed))
	}
	if l := s.Landed[0]; !l.Landed || fmt.Sprint(l.Shared) != fmt.Sprint(want) || l.Tensor == nil || l.Mbar != int64(16384) {
		t.Errorf("landed: %+v, want landed, shared %v, mbarrier at 16384", l, want)
	}
}

// .tile::gather4 (ISA 5.5.3.4): "four request coordinates will form four
// Bounding Boxes": the column and four row coordinates pick four rows of
// box[0] elements (the box is one row high), laid one after another in
// shared memory with the map's swizzle; what lies outside the tensor reads
// the fill.
func TestTensorGather4(t *testing.T) {
	for _, c := range []struct {
		name      string
		dtype     string
		col       int
		rows      [4]int
		box1, swz int
		nan       bool
		fault     string
	}{
		{name: "rows 2, 7, 0, 9 in order given", dtype: "u16", col: 4, rows: [4]int{2, 7, 0, 9}, box1: 1},
		{name: "past the right edge, rows -1 and 10 outside, 32B swizzle", dtype: "u16", col: 30, rows: [4]int{2, -1, 9, 10}, box1: 1, swz: 1},
		{name: "NaN fill, a repeated row", dtype: "f32", col: -3, rows: [4]int{5, 5, 11, 1}, box1: 1, nan: true},
		{name: "a box two rows high", dtype: "u16", col: 0, rows: [4]int{0, 1, 2, 3}, box1: 2, fault: "gather4's bounding box has 1 row"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, es, _, _ := TensorType(c.dtype)
			box0 := 32 / es
			tc := tmaCase{dtype: c.dtype, dims: []int{40, 10}, pitch: []int{96}, box: []int{box0, c.box1}, swz: c.swz, nan: c.nan, sm100: true}
			if es == 4 {
				tc.pitch = []int{160}
			}
			in, elem := tensorBytes(tc, es)
			var nan []byte
			if c.nan {
				nan = []byte{0xf7, 0x7f, 0xf7, 0x7f} // an H200's fill: 0x7ff7 in every 16 bits
			}
			var dense []byte
			for _, r := range c.rows {
				dense = append(dense, modelBox([]int{40, 10}, []int{box0, 1}, []int{1, 1}, []int{c.col, r}, es, elem, nan)...)
			}
			want := modelSwizzle(dense, c.swz)
			body := fmt.Sprintf(`
	mbarrier.init.shared::cta.b64 [mb], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 %%rd1, [mb], %d;
	mov.u32 %%r4, %d;
	mov.u32 %%r5, %d;
	mov.u32 %%r6, %d;
	mov.u32 %%r7, %d;
	mov.u32 %%r8, %d;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile::gather4.mbarrier::complete_tx::bytes [sbuf], [%%map, {%%r4, %%r5, %%r6, %%r7, %%r8}], [mb];
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %%p1, [mb], 0;
	@!%%p1 bra WAIT;
	cp.async.bulk.global.shared::cta.bulk_group [%%out], [sbuf], %d;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;`, len(want), c.col, c.rows[0], c.rows[1], c.rows[2], c.rows[3], len(want))
			out, fault := runTMA(t, tc, body, len(want), in)
			if c.fault != "" {
				if !strings.Contains(fault, c.fault) {
					t.Fatalf("fault %q, want one saying %q", fault, c.fault)
				}
				return
			}
			if fault != "" {
				t.Fatal(fault)
			}
			for i := range want {
				if out[i] != want[i] {
					t.Fatalf("shared byte %d (row %d of 4, byte %d) = %#x, want %#x", i, i/32, i%32, out[i], want[i])
				}
			}
		})
	}
}

// Where a tensor copy may start. The CUDA programming guide's table of
// multi-dimensional TMA alignments asks for a 128-byte aligned shared
// address whatever the swizzle, and an H200 running testdata/gpu's
// tma_dtypes_f32 and tma_dtypes_64 faulted "misaligned shared address" at
// a box 64 bytes past a 128-byte boundary (docs/gpucheck.md). A tile-mode
// box's first element must be 16-byte aligned in global memory: the
// innermost coordinate times the element size is a multiple of 16 (the
// H200 raised an illegal instruction for tma_ranks, tma_estride,
// tma_oob_fill, tma_store and tma_reduce, whose first misaligned boxes
// start 8, 8, -12, -8 and -12 bytes from a tensor row; every agreeing case
// starts its boxes at multiples of 16 bytes). Rows that fault name the
// rule; the others run.
func TestTensorCopyAlignment(t *testing.T) {
	for _, c := range []struct {
		name   string
		dtype  string
		dims   []int
		pitch  []int
		box    []int
		coords []int
		swz    int
		op     string // load (default), store or reduce
		soff   int    // shared offset of the box in sbuf
		fault  string
	}{
		{name: "load 64 bytes past a 128-byte boundary", dtype: "u32", dims: []int{8, 2}, pitch: []int{32}, box: []int{8, 2}, coords: []int{0, 0}, soff: 64, fault: "shared address 0x40 is not 128-byte aligned"},
		{name: "load 16 bytes past, no swizzle", dtype: "f16", dims: []int{32, 4}, pitch: []int{64}, box: []int{8, 2}, coords: []int{0, 0}, soff: 16, fault: "not 128-byte aligned"},
		{name: "load 128 bytes past: runs", dtype: "u32", dims: []int{8, 2}, pitch: []int{32}, box: []int{8, 2}, coords: []int{0, 0}, soff: 128},
		{name: "store from 64 bytes past", dtype: "u32", dims: []int{8, 2}, pitch: []int{32}, box: []int{8, 2}, coords: []int{0, 0}, soff: 64, op: "store", fault: "not 128-byte aligned"},
		{name: "1-D u8 at 184 (8 bytes past 16)", dtype: "u8", dims: []int{200}, box: []int{32}, coords: []int{184}, fault: "innermost coordinate 184 x 1-byte elements = 184 bytes is not a multiple of 16"},
		{name: "1-D u8 at 176: runs, past the end", dtype: "u8", dims: []int{200}, box: []int{32}, coords: []int{176}},
		{name: "u32 at column 2", dtype: "u32", dims: []int{16, 12}, pitch: []int{64}, box: []int{8, 7}, coords: []int{2, 5}, fault: "innermost coordinate 2 x 4-byte elements = 8 bytes"},
		{name: "f32 at column -3", dtype: "f32", dims: []int{10, 6}, pitch: []int{48}, box: []int{8, 4}, coords: []int{-3, -2}, fault: "= -12 bytes is not a multiple of 16"},
		{name: "f32 at column -4: runs, partly outside", dtype: "f32", dims: []int{10, 6}, pitch: []int{48}, box: []int{8, 4}, coords: []int{-4, -2}},
		{name: "u16 at column 4 (8 bytes)", dtype: "u16", dims: []int{16, 5}, pitch: []int{32}, box: []int{8, 2}, coords: []int{4, 4}, fault: "= 8 bytes is not a multiple of 16"},
		{name: "f64 at column 2: runs", dtype: "f64", dims: []int{4, 3}, pitch: []int{32}, box: []int{2, 2}, coords: []int{2, 1}},
		{name: "128B swizzle at column 4 (8 bytes)", dtype: "f16", dims: []int{64, 4}, pitch: []int{128}, box: []int{64, 2}, coords: []int{4, 0}, swz: 3, fault: "not a multiple of 16"},
		{name: "store at column -2", dtype: "u32", dims: []int{12, 8}, pitch: []int{48}, box: []int{8, 4}, coords: []int{-2, 6}, op: "store", fault: "innermost coordinate -2 x 4-byte elements = -8 bytes"},
		{name: "store at column -4 (an H200: illegal instruction)", dtype: "u32", dims: []int{12, 8}, pitch: []int{48}, box: []int{8, 4}, coords: []int{-4, 6}, op: "store", fault: "the box starts at -4 in dimension 0"},
		{name: "store at row -1", dtype: "u32", dims: []int{12, 8}, pitch: []int{48}, box: []int{8, 4}, coords: []int{0, -1}, op: "store", fault: "the box starts at -1 in dimension 1"},
		{name: "store at (8, 6): runs, past both ends", dtype: "u32", dims: []int{12, 8}, pitch: []int{48}, box: []int{8, 4}, coords: []int{8, 6}, op: "store"},
		{name: "reduce at column -4", dtype: "u32", dims: []int{8, 2}, pitch: []int{32}, box: []int{8, 2}, coords: []int{-4, 0}, op: "reduce", fault: "the box starts at -4 in dimension 0"},
		{name: "reduce at (4, 1): runs, past both ends", dtype: "u32", dims: []int{8, 2}, pitch: []int{32}, box: []int{8, 2}, coords: []int{4, 1}, op: "reduce"},
		{name: "reduce at column -3", dtype: "u32", dims: []int{8, 2}, pitch: []int{32}, box: []int{8, 2}, coords: []int{-3, 0}, op: "reduce", fault: "= -12 bytes is not a multiple of 16"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, es, _, _ := TensorType(c.dtype)
			tc := tmaCase{dtype: c.dtype, dims: c.dims, pitch: c.pitch, box: c.box, coords: c.coords, swz: c.swz}
			n := es
			for _, b := range c.box {
				n *= b
			}
			if len(c.dims) == 1 {
				tc.pitch = []int{0}
			}
			size := es * c.dims[0]
			for i := range c.pitch {
				size = c.pitch[i] * c.dims[i+1]
			}
			in := make([]byte, size+64)
			mov, regs := coordRegs(c.coords)
			var body string
			switch c.op {
			case "store", "reduce":
				op := "cp.async.bulk.tensor.%dd.global.shared::cta.tile.bulk_group"
				if c.op == "reduce" {
					op = "cp.reduce.async.bulk.tensor.%dd.global.shared::cta.add.tile.bulk_group"
				}
				body = fmt.Sprintf(`%s
	mov.u32 %%r9, sbuf;
	add.u32 %%r9, %%r9, %d;
	`+op+` [%%map, {%s}], [%%r9];
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;`, mov, c.soff, len(c.dims), regs)
			default:
				body = fmt.Sprintf(`
	mbarrier.init.shared::cta.b64 [mb], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 %%rd1, [mb], %d;
%s
	mov.u32 %%r9, sbuf;
	add.u32 %%r9, %%r9, %d;
	cp.async.bulk.tensor.%dd.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%%r9], [%%map, {%s}], [mb];
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %%p1, [mb], 0;
	@!%%p1 bra WAIT;`, n, mov, c.soff, len(c.dims), regs)
			}
			_, fault := runTMA(t, tc, body, 16, in)
			switch {
			case c.fault == "" && fault != "":
				t.Fatalf("fault %q, want none", fault)
			case c.fault != "" && !strings.Contains(fault, c.fault):
				t.Fatalf("fault %q, want one saying %q", fault, c.fault)
			}
		})
	}
}

// A load through a tf32 map rounds each f32 to tf32 (to nearest, ties to
// even; NaNs to 0x7fffe000; subnormals rounded, not flushed, with ftz too)
// and an f32 ftz map copies the bits: an H200's words for
// testdata/gpu/tma_dtypes_f32 (2026-11-27).
func TestTensorLoadTF32Rounds(t *testing.T) {
	in := []uint32{0x3f800000, 0x3f800001, 0x3f801000, 0x3f801001, 0x3f802000, 0x3f803000, 0x3f7fffff, 0x00000001,
		0x807fffff, 0x00800000, 0x7f800001, 0x7fc00001, 0xff800000, 0x80000000, 0x4b7fffff, 0xc0490fdb}
	tf32 := []uint32{0x3f800000, 0x3f800000, 0x3f800000, 0x3f802000, 0x3f802000, 0x3f804000, 0x3f800000, 0x00000000,
		0x80800000, 0x00800000, 0x7fffe000, 0x7fffe000, 0xff800000, 0x80000000, 0x4b800000, 0xc0490000}
	for _, c := range []struct {
		dtype string
		want  []uint32
	}{{"f32", in}, {"f32ftz", in}, {"tf32", tf32}, {"tf32ftz", tf32}} {
		t.Run(c.dtype, func(t *testing.T) {
			tc := tmaCase{dtype: c.dtype, dims: []int{8, 2}, pitch: []int{32}, box: []int{8, 2}, coords: []int{0, 0}}
			raw := make([]byte, 64)
			for i, v := range in {
				binary.LittleEndian.PutUint32(raw[4*i:], v)
			}
			mov, regs := coordRegs(tc.coords)
			body := fmt.Sprintf(`
	mbarrier.init.shared::cta.b64 [mb], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 %%rd1, [mb], 64;
%s
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [sbuf], [%%map, {%s}], [mb];
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %%p1, [mb], 0;
	@!%%p1 bra WAIT;
	cp.async.bulk.global.shared::cta.bulk_group [%%out], [sbuf], 64;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;`, mov, regs)
			out, fault := runTMA(t, tc, body, 64, raw)
			if fault != "" {
				t.Fatal(fault)
			}
			for i, w := range c.want {
				if got := binary.LittleEndian.Uint32(out[4*i:]); got != w {
					t.Errorf("element %d (%#08x): %#08x, want %#08x", i, in[i], got, w)
				}
			}
		})
	}
}
