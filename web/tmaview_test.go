package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/ptxplay/ptxplay/examples"
	"github.com/vugu/html"
)

// isa128B is the ISA's 128B swizzle table (§5.5.7): line r of 128 bytes
// holds, at position p, the 16-byte chunk given here.
var isa128B = [8][8]int{
	{0, 1, 2, 3, 4, 5, 6, 7},
	{1, 0, 3, 2, 5, 4, 7, 6},
	{2, 3, 0, 1, 6, 7, 4, 5},
	{3, 2, 1, 0, 7, 6, 5, 4},
	{4, 5, 6, 7, 0, 1, 2, 3},
	{5, 4, 7, 6, 1, 0, 3, 2},
	{6, 7, 4, 5, 2, 3, 0, 1},
	{7, 6, 5, 4, 3, 2, 1, 0},
}

// chunks maps each drawn chunk's shared address to "row.chunk" and class.
func chunks(doc *html.Node) map[string][2]string {
	m := map[string][2]string{}
	for _, n := range findAll(doc, func(n *html.Node) bool { return attr(n, "data-pos") != "" }) {
		m[attr(n, "data-pos")] = [2]string{attr(n, "data-row") + "." + attr(n, "data-chunk"), attr(n, "class")}
	}
	return m
}

// TestTmaviewTile draws the tma_tile example's copy of CTA (0, 0): a 64 x 8
// u16 box at (0, 0) of the 96 x 40 matrix, 1024 bytes into shared 0x0 with
// the 128B swizzle. In flight, the box and the chunks are drawn pending
// and the shared table marks the 1024 bytes cp-p; after the try_wait they
// are drawn landed and marked cp-l. Line r's chunks are the table's row r.
func TestTmaviewTile(t *testing.T) {
	ex, _ := examples.Get("tma_tile")
	s, _ := newSession(t, ex.Source, ex.Launch)
	stepUntil(t, s, "cp.async.bulk.tensor.2d")
	for _, landed := range []bool{false, true} {
		state, cls := "pending", clsCopyPending
		if landed {
			stepUntil(t, s, "mbarrier.try_wait")
			state, cls = "landed", clsCopyLanded
		}
		snap := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: -1})
		doc := renderStatic(t, &Tmaview{Snap: snap})
		box := byID(doc, "tma-box")
		if box == nil {
			t.Fatalf("%s: no box drawn", state)
		}
		if got := strings.Join([]string{attr(box, "data-x"), attr(box, "data-y"), attr(box, "data-w"), attr(box, "data-h"), attr(box, "class")}, " "); got != "0 0 64 8 tma-box "+state {
			t.Errorf("%s: box %q, want 0 0 64 8 tma-box %s", state, got, state)
		}
		if byID(doc, "tma-oob") != nil {
			t.Errorf("%s: the box at (0, 0) is inside the tensor, but an outside part is drawn", state)
		}
		cs := chunks(doc)
		if len(cs) != 64 {
			t.Fatalf("%s: %d chunks drawn, want 64 (1024 bytes)", state, len(cs))
		}
		for r := 0; r < 8; r++ {
			for p := 0; p < 8; p++ {
				pos := fmt.Sprint(r*128 + p*16)
				want := fmt.Sprintf("%d.%d", r, isa128B[r][p])
				if got := cs[pos]; got[0] != want || !strings.Contains(got[1], fmt.Sprintf("tma-k%d %s", isa128B[r][p], state)) {
					t.Errorf("%s: shared %s holds %q (class %q), want row.chunk %s", state, pos, got[0], got[1], want)
				}
			}
		}
		if n := byID(doc, "tma-note"); n == nil || !strings.Contains(textOf(n), "mbarrier at 0x400") {
			t.Errorf("%s: note does not name the mbarrier", state)
		}
		// The shared-memory table (as u32) marks elements 0-255.
		h := &memHarness{t: t, c: &Memview{Tab: tabShared}, models: map[string]*modelTable{}}
		h.draw(snap)
		for _, i := range []int{0, 100, 255, 256} {
			if i >= 128 { // pages of 128 elements
				h.c.pageTo("shared", i/memPageRows)
				h.draw(snap)
			}
			_, class, _ := h.cell("shared", "shared", i)
			if got, want := hasClass(class, cls), i < 256; got != want {
				t.Errorf("%s: shared[%d] class %q, marked %v, want %v", state, i, class, got, want)
			}
		}
		notes := h.c.infos[0].Copies
		if len(notes) != 1 || !strings.Contains(notes[0].Text, "[0x0, 0x400)") || !strings.Contains(notes[0].Text, "mbarrier at 0x400") || !strings.HasSuffix(notes[0].Class, cls) {
			t.Errorf("%s: copy notes %+v", state, notes)
		}
		h.c.pageTo("shared", 0)
		h.draw(snap)
		if card := h.c.table("shared").card(0); !strings.Contains(card, "mbarrier at 0x400") {
			t.Errorf("%s: card of shared[0] %q names no mbarrier", state, card)
		}
	}
}

// A box past the tensor's right edge: CTA (1, 0) loads columns 64-127 of
// 96, so 32 x 8 elements read the zero fill and are hatched.
func TestTmaviewOutside(t *testing.T) {
	v := sim.BulkView{Line: 56, What: "tensor 2d box 64x8 at (64, 0), 128B swizzle", Bytes: 1024, Space: "shared", Mbar: 0x400, Shared: [][2]int{{0, 1024}},
		Tensor: &sim.TensorCopyView{Mode: "tile", DType: "u16", ElemSize: 2, Dims: []uint32{96, 40}, Box: []uint32{64, 8}, ElemStrides: []uint32{1, 1}, Coords: []int64{64, 0}, Swizzle: 128, Fill: "zero"}}
	doc := renderStatic(t, &Tmaview{Snap: &sim.Snapshot{Bulk: []sim.BulkView{v}}})
	oob := byID(doc, "tma-oob")
	if oob == nil || attr(oob, "data-elems") != "256" {
		t.Fatalf("outside part %v, want 256 elements", oob)
	}
	if !strings.Contains(textOf(byID(doc, "tma-tensor")), "256 outside, zero fill") {
		t.Errorf("caption %q", textOf(byID(doc, "tma-tensor")))
	}
	// A traversal stride of 2 in dimension 1 from row -3: rows -3, -1, 1, 3
	// of box 8 (4 rows loaded), two of them outside; dims 2.. at z = 1.
	v.Tensor = &sim.TensorCopyView{Mode: "tile", DType: "f32", ElemSize: 4, Dims: []uint32{16, 8, 4}, Box: []uint32{4, 8, 2}, ElemStrides: []uint32{1, 2, 1}, Coords: []int64{0, -3, 1}, Fill: "nan"}
	v.Bytes = 4 * 4 * 4 * 2
	doc = renderStatic(t, &Tmaview{Snap: &sim.Snapshot{Bulk: []sim.BulkView{v}}})
	if oob := byID(doc, "tma-oob"); oob == nil || attr(oob, "data-elems") != fmt.Sprint(4*2*2) {
		t.Errorf("strided box: outside part %v, want 16 elements", oob)
	}
	if c := textOf(byID(doc, "tma-tensor")); !strings.Contains(c, "global tensor 16 x 8 x 4 f32, d2 from 1") || !strings.Contains(c, "16 outside, nan fill") {
		t.Errorf("strided box: caption %q", c)
	}
}

// The 32B swizzle of a 16 x 9 u8 box (9 chunks): by the ISA's 32B table
// (line 1 swaps neighbouring chunks), the ninth chunk, row 8, lands at
// 144 and position 128 of line 1 holds nothing of the copy.
func TestTmaviewSwizzle32(t *testing.T) {
	v := sim.BulkView{Landed: true, Bytes: 144, Space: "shared", Mbar: 0x800, Shared: [][2]int{{0, 128}, {144, 16}},
		Tensor: &sim.TensorCopyView{Mode: "tile", DType: "u8", ElemSize: 1, Dims: []uint32{64, 20}, Box: []uint32{16, 9}, ElemStrides: []uint32{1, 1}, Coords: []int64{0, 0}, Swizzle: 32, Fill: "zero"}}
	doc := renderStatic(t, &Tmaview{Snap: &sim.Snapshot{Landed: []sim.BulkView{v}}})
	cs := chunks(doc)
	if len(cs) != 9 {
		t.Fatalf("%d chunks, want 9", len(cs))
	}
	for pos, want := range map[int]string{0: "0.0", 16: "1.0", 32: "2.0", 112: "7.0", 144: "8.0"} {
		if got := cs[fmt.Sprint(pos)]; got[0] != want || !strings.Contains(got[1], "landed") {
			t.Errorf("shared %d holds %q (%q), want %s landed", pos, got[0], got[1], want)
		}
	}
	if _, ok := cs["128"]; ok {
		t.Errorf("position 128 drawn as holding a chunk")
	}
	empty := findAll(doc, func(n *html.Node) bool { return attr(n, "class") == "tma-chunk none" })
	if len(empty) != 7 {
		t.Errorf("%d empty positions in line 1, want 7", len(empty))
	}
}

// An im2col copy (a 3D NWC u16 tensor of 8 channels, width 6, 2 images,
// the pixel box from -1 to 4, eight pixels from filter base -1 of image 0,
// offset 0): the picture shows image 0's row with the box at -1..4 and
// the six pixels read there, the first in the padding (hatched); the
// other two are counted for image 1. In shared memory each pixel is a row
// of one 16-byte chunk.
func TestTmaviewIm2col(t *testing.T) {
	src := `.version 8.0
.target sm_90a
.address_size 64

.visible .entry k(.param .align 64 .b8 m[128])
{
	.shared .align 128 .b8 sb[128];
	.shared .align 8 .b64 mb;
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .b16 %rs<2>;
	mov.u64 %rd2, m;
	cvta.param.u64 %rd1, %rd2;
	mbarrier.init.shared::cta.b64 [mb], 1;
	mov.u32 %r1, 0;
	mov.u32 %r2, -1;
	mov.u16 %rs1, 0;
	cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [sb], [%rd1, {%r1, %r2, %r1}], [mb], {%rs1};
	ret;
}
`
	spec := `{"grid": 1, "block": 1, "buffers": {"t": {"type": "u16", "count": 96, "fill": "iota"}},
 "args": {"m": {"type": "tensormap", "mode": "im2col", "buffer": "t", "dtype": "u16", "dims": [8, 6, 2], "strides": [16, 96],
                "pixel_box_lower_corner": [-1], "pixel_box_upper_corner": [-1], "channels_per_pixel": 8, "pixels_per_column": 8}}}`
	s, _ := newSession(t, src, spec)
	stepUntil(t, s, "cp.async.bulk.tensor.3d")
	doc := renderStatic(t, &Tmaview{Snap: s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: -1})})
	box := byID(doc, "tma-box")
	if box == nil {
		t.Fatal("no box drawn")
	}
	if got := strings.Join([]string{attr(box, "data-x"), attr(box, "data-y"), attr(box, "data-w"), attr(box, "data-h")}, " "); got != "-1 0 6 1" {
		t.Errorf("box %q, want -1 0 6 1", got)
	}
	px := findAll(doc, func(n *html.Node) bool { return strings.HasPrefix(attr(n, "class"), "tma-px") })
	if len(px) != 6 {
		t.Fatalf("%d pixels drawn, want image 0's 6", len(px))
	}
	for i, n := range px {
		oob := strings.Contains(attr(n, "class"), "oob")
		if attr(n, "data-p") != fmt.Sprint(i) || attr(n, "data-w") != fmt.Sprint(i-1) || oob != (i == 0) {
			t.Errorf("pixel %d: p %s w %s class %q, want w %d, outside %v", i, attr(n, "data-p"), attr(n, "data-w"), attr(n, "class"), i-1, i == 0)
		}
	}
	if c := textOf(byID(doc, "tma-tensor")); !strings.Contains(c, "image 0 of 2: 6 x 1, 8 channels u16") || !strings.Contains(c, "6 pixels here, 2 of image 1; offsets (0)") {
		t.Errorf("caption %q", c)
	}
	cs := chunks(doc)
	if len(cs) != 8 || cs["0"][0] != "0.0" || cs["112"][0] != "7.0" {
		t.Errorf("shared chunks %v, want pixel p's one chunk at 16p", cs)
	}
}

// A gather4 copy draws its four rows, the first as the box.
func TestTmaviewGather4(t *testing.T) {
	v := sim.BulkView{Bytes: 128, Space: "shared", Mbar: 0x200, Shared: [][2]int{{0, 128}},
		Tensor: &sim.TensorCopyView{Mode: "tile", DType: "u16", ElemSize: 2, Dims: []uint32{40, 10}, Box: []uint32{16, 1}, ElemStrides: []uint32{1, 1}, Coords: []int64{30, 2}, GatherRows: []int64{2, -1, 9, 10}, Fill: "zero"}}
	doc := renderStatic(t, &Tmaview{Snap: &sim.Snapshot{Bulk: []sim.BulkView{v}}})
	rows := findAll(doc, func(n *html.Node) bool { return strings.Contains(attr(n, "class"), "tma-row") })
	var ys []string
	for _, n := range rows {
		ys = append(ys, attr(n, "data-y"))
	}
	if box := byID(doc, "tma-box"); box == nil || attr(box, "data-y") != "2" || strings.Join(ys, " ") != "-1 9 10" {
		t.Errorf("rows drawn at %v, want the box at 2 and rows -1 9 10", ys)
	}
	if c := textOf(byID(doc, "tma-tensor")); !strings.Contains(c, "gather4: 16 elements at column 30 of rows 2, -1, 9, 10") {
		t.Errorf("caption %q", c)
	}
}
