package sim

// im2col_test.go: tensor loads in im2col mode against a model written
// from the ISA's text (§5.5.4), not from im2col.go: the filter-base
// positions of an image are the points of the Bounding Box (from the
// lower corner to dim-1 plus the upper corner in each of W, H, D) on the
// lattice of the traversal stride, in raster order (W fastest), image
// after image; a load takes Pixels-per-Column of them from the one the
// coordinates name, reads each at its position plus the im2col offsets,
// Channels-per-Pixel channels from the coordinate's C, and fills what
// lies outside the tensor (§5.5.4.3). The first three rows are the ISA's
// own examples, whose coordinates it lists outermost first (N, H, W, C).

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

type im2colCase struct {
	name        string
	dtype       string
	dims        []int // C, W, (H, (D,)) N
	lower       []int // W, H, D
	upper       []int
	estr        []int // traversal strides, C first (nil: all 1)
	cpp, ppc    int
	coords      []int // C, W, (H, (D,)) N: the instruction's operand order
	offs        []int // W, H, D
	swz         int
	nan         bool
	fault, want string // a fault the run must raise
}

// refIm2col is the model: the dense shared-memory bytes of the load.
func refIm2col(c im2colCase, es int, elem func(idx []int) []byte, fill []byte) []byte {
	r := len(c.dims)
	sp := r - 2
	estr := withDefault(c.estr, r)
	// The lattice points of one image's bounding box, raster order.
	var points [][]int
	var rec func(k int, p []int)
	rec = func(k int, p []int) {
		if k < 0 {
			points = append(points, append([]int(nil), p...))
			return
		}
		for x := c.lower[k]; x <= c.dims[k+1]-1+c.upper[k]; x += estr[k+1] {
			p[k] = x
			rec(k-1, p)
		}
	}
	rec(sp-1, make([]int, sp))
	start := -1
	for i, p := range points {
		match := true
		for k := range p {
			match = match && p[k] == c.coords[k+1]
		}
		if match {
			start = i
		}
	}
	if start < 0 {
		panic("BUG: the case's filter base is not a lattice point of the box")
	}
	var out []byte
	n, i := c.coords[r-1], start
	for p := 0; p < c.ppc; p++ {
		pos := points[i]
		for ch := 0; ch < c.cpp; ch++ {
			idx := make([]int, r)
			idx[0], idx[r-1] = c.coords[0]+ch, n
			in := idx[0] >= 0 && idx[0] < c.dims[0] && n >= 0 && n < c.dims[r-1]
			for k := 0; k < sp; k++ {
				idx[k+1] = pos[k] + c.offs[k]
				in = in && idx[k+1] >= 0 && idx[k+1] < c.dims[k+1]
			}
			if in {
				out = append(out, elem(idx)...)
			} else if fill != nil {
				out = append(out, fill...)
			} else {
				out = append(out, make([]byte, es)...)
			}
		}
		if i++; i == len(points) {
			i, n = 0, n+1
		}
	}
	return out
}

func TestIm2colLoad(t *testing.T) {
	cases := []im2colCase{
		{name: "ISA example 1: 3x3 filter, padding 1, base (7, 4) of image 7, rows wrap into the padding",
			dtype: "u16", dims: []int{64, 9, 14, 64}, lower: []int{-1, -1}, upper: []int{-1, -1}, cpp: 8, ppc: 64, coords: []int{0, 4, 7, 7}, offs: []int{0, 0}},
		{name: "ISA example 2: box from 0 to dim-3, offsets (2, 2), the column runs into image 8",
			dtype: "u16", dims: []int{64, 9, 14, 64}, lower: []int{0, 0}, upper: []int{-2, -2}, cpp: 8, ppc: 64, coords: []int{0, 4, 7, 7}, offs: []int{2, 2}},
		{name: "ISA traversal-stride example: stride 2 in W and H, offsets (1, 1)",
			dtype: "u16", dims: []int{64, 8, 14, 64}, lower: []int{-1, -1}, upper: []int{-1, -1}, estr: []int{1, 2, 2, 1}, cpp: 16, ppc: 32, coords: []int{0, 5, 7, 7}, offs: []int{1, 1}},
		{name: "3D NWC, NaN fill: channels 16-23 of 20 and the last pixels past image N-1",
			dtype: "f32", dims: []int{20, 6, 2}, lower: []int{-2}, upper: []int{0}, cpp: 8, ppc: 12, coords: []int{16, 1, 1}, offs: []int{1}, nan: true},
		{name: "3D NWC, zero fill: offset past the image's end",
			dtype: "u8", dims: []int{16, 10, 3}, lower: []int{0}, upper: []int{-4}, cpp: 16, ppc: 9, coords: []int{0, 3, 0}, offs: []int{5}},
		{name: "5D NDHWC: the walk crosses W, H, D and two images",
			dtype: "u16", dims: []int{8, 4, 3, 2, 3}, lower: []int{0, 0, 0}, upper: []int{0, 0, 0}, cpp: 8, ppc: 30, coords: []int{0, 2, 1, 1, 0}, offs: []int{1, 0, 1}},
		{name: "4D with the 128B swizzle: 64 channels of u16 a pixel",
			dtype: "u16", dims: []int{64, 5, 5, 2}, lower: []int{-1, -1}, upper: []int{-1, -1}, cpp: 64, ppc: 12, coords: []int{0, 2, 3, 0}, offs: []int{1, 2}, swz: 3},
		{name: "filter base outside the bounding box", dtype: "u16", dims: []int{64, 9, 14, 64}, lower: []int{0, 0}, upper: []int{-2, -2}, cpp: 8, ppc: 64, coords: []int{0, 7, 7, 4}, offs: []int{2, 2},
			fault: "lies outside the bounding box 0..6"},
		{name: "offset past 255 in a 4d copy", dtype: "u16", dims: []int{64, 9, 14, 2}, lower: []int{0, 0}, upper: []int{-2, -2}, cpp: 8, ppc: 64, coords: []int{0, 4, 7, 0}, offs: []int{256, 0},
			fault: "im2col offset 0 (dimension 1) is 256, outside 0..255"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, es, _, _ := TensorType(c.dtype)
			r := len(c.dims)
			pitch := make([]int, r)
			pitch[0] = es
			for i := 1; i < r; i++ {
				pitch[i] = pitch[i-1] * c.dims[i-1]
				if pitch[i]%16 != 0 {
					pitch[i] = (pitch[i] + 15) / 16 * 16
				}
			}
			in := make([]byte, pitch[r-1]*c.dims[r-1])
			for i := range in {
				in[i] = byte(i*13 + i/509 + 3)
			}
			elem := func(idx []int) []byte {
				o := 0
				for k, x := range idx {
					o += x * pitch[k]
				}
				return in[o : o+es]
			}
			var fill []byte
			if c.nan {
				fill = make([]byte, es)
				binary.LittleEndian.PutUint32(fill, 0x7ff77ff7) // an H200's NaN fill (tile loads; the same unit)
			}
			want := make([]byte, c.ppc*c.cpp*es) // a fault case has no model
			if c.fault == "" {
				want = modelSwizzle(refIm2col(c, es, elem, fill), c.swz)
			}
			tm := TensorMap{Addr: 0, Rank: r, DType: code, Swizzle: c.swz, Im2col: true, ChannelsPerPixel: uint32(c.cpp), PixelsPerColumn: uint32(c.ppc)}
			if c.nan {
				tm.Fill = 1
			}
			for i := 0; i < r; i++ {
				tm.Dims[i], tm.Strides[i], tm.ElemStrides[i] = uint32(c.dims[i]), uint64(pitch[i]), 1
				if c.estr != nil {
					tm.ElemStrides[i] = uint32(c.estr[i])
				}
			}
			for k := range c.lower {
				tm.Lower[k], tm.Upper[k] = int32(c.lower[k]), int32(c.upper[k])
			}
			var mov, regs, offs []string
			for i, x := range c.coords {
				mov = append(mov, fmt.Sprintf("\tmov.u32 %%r%d, %d;", 4+i, x))
				regs = append(regs, fmt.Sprintf("%%r%d", 4+i))
			}
			for k, x := range c.offs {
				mov = append(mov, fmt.Sprintf("\tmov.u16 %%h%d, %d;", k, x))
				offs = append(offs, fmt.Sprintf("%%h%d", k))
			}
			body := fmt.Sprintf(`
	mbarrier.init.shared::cta.b64 [mb], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 %%rd1, [mb], %d;
%s
	cp.async.bulk.tensor.%dd.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [sbuf], [%%map, {%s}], [mb], {%s};
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %%p1, [mb], 0;
	@!%%p1 bra WAIT;
	cp.async.bulk.global.shared::cta.bulk_group [%%out], [sbuf], %d;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;`, len(want), strings.Join(mov, "\n"), r, strings.Join(regs, ", "), strings.Join(offs, ", "), len(want))
			out, fault := runIm2col(t, tm, body, len(want), in)
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
					es := es * c.cpp
					t.Fatalf("shared byte %d (pixel %d, channel byte %d) = %#x, want %#x", i, i/es, i%es, out[i], want[i])
				}
			}
		})
	}
}

// runIm2col runs body with the map in the kernel's tmap parameter and the
// tensor (in) at the map's address; it returns the size bytes copied out.
func runIm2col(t *testing.T, tm TensorMap, body string, size int, in []byte) ([]byte, string) {
	t.Helper()
	src := strings.Replace(strings.Replace(tmaKernel, "BODY", body, 1), "\t.reg .b64 %out, %map;", "\t.reg .b64 %out, %map;\n\t.reg .b16 %h<4>;", 1)
	p := compilePTX(t, "im2col.ptx", src)
	_, psize, _ := p.Params("k")
	params := make([]byte, psize)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	ia := m.Alloc("in", len(in))
	m.Store(ia, 0, in)
	oa := m.Alloc("out", size)
	tm.Addr = ia
	if f, msg := tm.Check(); msg != "" {
		t.Fatalf("map: %s %s", f, msg)
	}
	enc := tm.Encode()
	if back, msg := DecodeTensorMap(enc[:]); msg != "" || back != tm {
		t.Fatalf("the encoding does not round-trip: %q\n%+v\n%+v", msg, back, tm)
	}
	copy(params, enc[:])
	binary.LittleEndian.PutUint64(params[128:], oa)
	m.Run(1000000)
	if f := m.Fault(); f != nil {
		return nil, f.Msg
	}
	return m.Buffer(oa), ""
}

// Each im2col field cuTensorMapEncodeIm2col checks, named; the corner
// ranges are §5.5.4.1's table.
func TestIm2colMapCheck(t *testing.T) {
	base := func(rank int) TensorMap {
		tm := TensorMap{Addr: 0x1000, Rank: rank, DType: 6, Im2col: true, ChannelsPerPixel: 8, PixelsPerColumn: 64}
		tm.Strides[0] = 2
		for i := 0; i < rank; i++ {
			tm.Dims[i], tm.ElemStrides[i] = 16, 1
			if i > 0 {
				tm.Strides[i] = tm.Strides[i-1] * 16
			}
		}
		return tm
	}
	cases := []struct {
		name  string
		rank  int
		edit  func(*TensorMap)
		field string
		msg   string
	}{
		{"a valid 3D map", 3, func(m *TensorMap) { m.Lower[0], m.Upper[0] = -32768, 32767 }, "", ""},
		{"a valid 5D map at the corner limits", 5, func(m *TensorMap) { m.Lower = [3]int32{-16, -16, -16}; m.Upper = [3]int32{15, 15, 15} }, "", ""},
		{"rank 2", 2, func(m *TensorMap) {}, "dims", "3 to 5 dimensions"},
		{"3D lower corner below -2^15", 3, func(m *TensorMap) { m.Lower[0] = -32769 }, "pixel_box_lower_corner[0]", "-32768 to 32767"},
		{"4D upper corner past 127", 4, func(m *TensorMap) { m.Upper[1] = 128 }, "pixel_box_upper_corner[1]", "-128 to 127"},
		{"5D lower corner past 15", 5, func(m *TensorMap) { m.Lower[2] = 16 }, "pixel_box_lower_corner[2]", "-16 to 15"},
		{"an empty bounding box", 4, func(m *TensorMap) { m.Lower[0], m.Upper[0] = 3, -13 }, "pixel_box_upper_corner[0]", "empty in dimension 1: from 3 to 16-1-13 = 2"},
		{"channels per pixel 0", 4, func(m *TensorMap) { m.ChannelsPerPixel = 0 }, "channels_per_pixel", "1 to 256"},
		{"channels per pixel 264", 4, func(m *TensorMap) { m.ChannelsPerPixel = 264 }, "channels_per_pixel", "1 to 256"},
		{"pixels per column 1025", 4, func(m *TensorMap) { m.PixelsPerColumn = 1025 }, "pixels_per_column", "1 to 1024"},
		{"a pixel of 12 bytes", 4, func(m *TensorMap) { m.ChannelsPerPixel = 6 }, "channels_per_pixel", "multiple of 16 bytes"},
		{"a pixel wider than the 32B swizzle", 4, func(m *TensorMap) { m.ChannelsPerPixel = 32; m.Swizzle = 1 }, "channels_per_pixel", "at most 32 bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := base(c.rank)
			c.edit(&m)
			f, msg := m.Check()
			if f != c.field || !strings.Contains(msg, c.msg) {
				t.Errorf("Check() = %q %q, want field %q saying %q", f, msg, c.field, c.msg)
			}
			if c.field == "" {
				enc := m.Encode()
				if back, msg := DecodeTensorMap(enc[:]); msg != "" || back != m {
					t.Errorf("decode(encode) = %+v %q, want %+v", back, msg, m)
				}
			}
		})
	}
}

// A tiled copy refuses an im2col map and an im2col copy a tiled one.
func TestIm2colModeMismatch(t *testing.T) {
	tm := TensorMap{Rank: 3, DType: 1, Im2col: true, ChannelsPerPixel: 8, PixelsPerColumn: 4}
	tm.Strides[0], tm.Strides[1], tm.Strides[2] = 2, 16, 64
	tm.Dims[0], tm.Dims[1], tm.Dims[2] = 8, 4, 2
	tm.ElemStrides = [5]uint32{1, 1, 1, 1, 1}
	tm.Box = [5]uint32{8, 4, 2}
	in := make([]byte, 128)
	body := `
	mbarrier.init.shared::cta.b64 [mb], 1;
	mov.u32 %r4, 0;
	cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [sbuf], [%map, {%r4, %r4, %r4}], [mb];`
	if _, fault := runIm2col(t, tm, body, 64, in); !strings.Contains(fault, "is an im2col tensor map, used by a .tile copy") {
		t.Errorf("tile copy of an im2col map: fault %q", fault)
	}
	tm.Im2col, tm.ChannelsPerPixel, tm.PixelsPerColumn = false, 0, 0
	body = strings.Replace(body, ".tile.mbarrier::complete_tx::bytes [sbuf], [%map, {%r4, %r4, %r4}], [mb];", ".im2col.mbarrier::complete_tx::bytes [sbuf], [%map, {%r4, %r4, %r4}], [mb], {%h0};", 1)
	if _, fault := runIm2col(t, tm, body, 64, in); !strings.Contains(fault, "is a tiled tensor map, used by an .im2col copy") {
		t.Errorf("im2col copy of a tiled map: fault %q", fault)
	}
}
