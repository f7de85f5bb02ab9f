package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/vugu/html"
)

// memKernel: out[tid] = 3*tid (coalesced), sh[2*tid] = tid (stride two
// words: lanes i and i+16 share a bank), loc[1] = 3*tid, then reads
// big[tid] back into out2.
const memKernel = `.version 7.0
.target sm_80
.address_size 64

.visible .entry m(.param .u64 out, .param .u64 big)
{
	.reg .u32 %r<8>;
	.reg .u64 %rd<8>;
	.shared .align 4 .b32 sh[128];
	.local .align 4 .b32 loc[4];
	mov.u32 %r1, %tid.x;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd2, %rd1;
	mul.wide.u32 %rd3, %r1, 4;
	add.u64 %rd4, %rd2, %rd3;
	mul.lo.u32 %r2, %r1, 3;
	st.global.u32 [%rd4], %r2;
	mov.u32 %r3, sh;
	mul.lo.u32 %r4, %r1, 8;
	add.u32 %r5, %r3, %r4;
	st.shared.u32 [%r5], %r1;
	st.local.u32 [loc+4], %r2;
	ld.param.u64 %rd5, [big];
	cvta.to.global.u64 %rd6, %rd5;
	add.u64 %rd7, %rd6, %rd3;
	st.global.u8 [%rd7+1], %r1;
	ret;
}
`

const memLaunch = `{"grid": 1, "block": 64, "args": {"out": {"type": "u32", "count": 64}, "big": {"type": "f32", "count": 1000000, "fill": "iota"}}}`

// memHarness draws a Memview's tables into model tables.
type memHarness struct {
	t      *testing.T
	c      *Memview
	models map[string]*modelTable
}

func (h *memHarness) draw(snap *sim.Snapshot) {
	h.c.Snap = snap
	h.c.Compute()
	for _, info := range h.c.infos {
		tb := h.c.table(info.Key)
		if tb.target == nil {
			m := newModelTable(h.t)
			h.models[info.Key] = m
			tb.target = m
		}
		tb.draw(tb.src, h.c.View, h.c.Snap)
	}
}

func (h *memHarness) cell(key, buf string, index int) (string, string, string) {
	h.t.Helper()
	m := h.models[key]
	c := m.find("data-buf", buf, "data-index", fmt.Sprint(index))
	hex := c.NextSibling
	return textOf(c), attr(c, "class"), renderHTML(h.t, hex)
}

func renderHTML(t *testing.T, n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if err := html.Render(&b, c); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

func TestMemviewBuffers(t *testing.T) {
	s, res := newSession(t, memKernel, memLaunch)
	h := &memHarness{t: t, c: &Memview{Types: BufferTypes(res)}, models: map[string]*modelTable{}}
	snap := func() *sim.Snapshot { return s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: -1, Local: true}) }

	stepUntil(t, s, "st.global.u32")
	h.draw(snap())
	if len(h.c.infos) != 2 || h.c.infos[0].Title != "out" || h.c.infos[1].Title != "big" {
		t.Fatalf("tables = %+v, want out and big", h.c.infos)
	}
	// Warp 0 wrote out[0..31] = 3*tid; out[32..] are still zero.
	for _, tc := range []struct {
		i         int
		text, hex string
		lit       bool
	}{
		{0, "0", `<span class="w">00</span><span class="w">00</span><span class="w">00</span><span class="w">00</span>`, true},
		{5, "15", `<span class="w">00</span><span class="w">00</span><span class="w">00</span><span class="w">0f</span>`, true},
		{31, "93", `<span class="w">00</span><span class="w">00</span><span class="w">00</span><span class="w">5d</span>`, true},
		{32, "0", "00000000", false},
	} {
		text, class, hex := h.cell("g:out", "out", tc.i)
		if text != tc.text || hex != tc.hex || (class == clsChanged) != tc.lit {
			t.Errorf("out[%d] = %q %q class %q, want %q %q lit %v", tc.i, text, hex, class, tc.text, tc.hex, tc.lit)
		}
	}
	if w := h.c.infos[0].Wrote; w != "wrote [0…31]" {
		t.Errorf("out's write note = %q", w)
	}
	if h.c.infos[1].Wrote != "" {
		t.Errorf("big's write note = %q, want none", h.c.infos[1].Wrote)
	}

	// big has a million f32 elements: 7813 pages of 128, one in the page.
	if p := h.c.infos[1].Pages; p != 7813 {
		t.Errorf("big has %d pages, want 7813", p)
	}
	if n := len(h.models["g:big"].cells); n != 2*memPageRows {
		t.Errorf("big's page has %d cells, want %d", n, 2*memPageRows)
	}
	if text, _, hex := h.cell("g:big", "big", 3); text != "3" || hex != "40400000" {
		t.Errorf("big[3] = %q %q, want 3 40400000", text, hex)
	}
	h.c.pageTo("g:big", 500000/memPageRows)
	h.draw(h.c.Snap)
	if text, _, _ := h.cell("g:big", "big", 500000); text != "500000" {
		t.Errorf("big[500000] = %q", text)
	}
	h.c.pageTo("g:big", 1<<30) // past the end: the last page, 1e6-64 .. 1e6-1
	h.draw(h.c.Snap)
	if text, _, _ := h.cell("g:big", "big", 999999); text != "999999" {
		t.Errorf("big[999999] = %q", text)
	}
	if n := len(h.models["g:big"].cells); n != 2*(1000000-7812*128) {
		t.Errorf("the last page has %d cells", n)
	}
	h.c.pageTo("g:big", 0)

	// The u8 store writes byte 1 of big[tid]: only that byte is lit.
	stepUntil(t, s, "st.global.u8")
	h.draw(snap())
	// big[2] = 2.0f = 0x40000000 with byte 1 set to 2: 0x40000200.
	text, class, hex := h.cell("g:big", "big", 2)
	if hex != `4000<span class="w">02</span>00` || class != clsChanged {
		t.Errorf("big[2] after the byte store: %q %q class %q", text, hex, class)
	}
	if text != "2.000122" { // 2 * (1 + 0x200/2^23)
		t.Errorf("big[2] = %q, want 2.000122 (0x40000200)", text)
	}
	// out is no longer lit: only the cells that changed are patched.
	if _, class, _ := h.cell("g:out", "out", 5); class != "" {
		t.Errorf("out[5] still lit: %q", class)
	}

	// Hex view of a value cell; the card of out[5].
	h.c.View = ViewHex
	h.draw(h.c.Snap)
	if text, _, _ := h.cell("g:out", "out", 5); text != "f" {
		t.Errorf("out[5] in hex = %q", text)
	}
	card := h.c.table("g:out").card(2 * 5)
	if !strings.Contains(card, "out[5] .u32 · byte 20 · address 0x") || !strings.Contains(card, "unsigned\t15") {
		t.Errorf("card of out[5]:\n%s", card)
	}
}

func TestMemviewSharedLocalAccess(t *testing.T) {
	s, res := newSession(t, memKernel, memLaunch)
	h := &memHarness{t: t, c: &Memview{Types: BufferTypes(res)}, models: map[string]*modelTable{}}
	snap := func() *sim.Snapshot { return s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: -1, Local: true}) }

	// One step at a time, so the panel keeps the last memory instruction.
	for {
		if !s.Step() {
			t.Fatal("kernel ended")
		}
		h.draw(snap())
		if strings.Contains(h.c.Snap.Last.Text, "st.global.u32") {
			break
		}
	}
	// 32 lanes store 4 consecutive bytes each from a 256-aligned base:
	// 128 bytes, 4 sectors, 1 line.
	if a := h.c.accessInfo(); len(a.Lanes) != 32 || !strings.Contains(a.Figures, "128 bytes: 4 sectors of 32 B, 1 transaction ") {
		t.Errorf("coalesced store: %+v", a)
	}
	if l := h.c.accessInfo().Lanes[7]; l.Where != "out[7]" || l.Size != 4 {
		t.Errorf("lane 7: %+v", l)
	}
	// The next step (mov) is no memory instruction: the panel keeps it.
	s.Step()
	h.draw(snap())
	if !strings.Contains(h.c.accessInfo().Head, "st.global.u32") {
		t.Errorf("the access was forgotten after one more step: %q", h.c.accessInfo().Head)
	}
	for {
		s.Step()
		h.draw(snap())
		if strings.Contains(h.c.Snap.Last.Text, "st.shared.u32") {
			break
		}
	}
	// Stride of two words: lanes i and i+16 hit bank 2i mod 32 at
	// different words, a 2-way conflict.
	if a := h.c.accessInfo(); !strings.Contains(a.Figures, "2-way bank conflict") || a.Lanes[17].Unit != "bank 2" || a.Lanes[17].Where != "byte 136" {
		t.Errorf("strided shared store: %+v", a)
	}
	sharedStep := s.Steps()
	// A jump forgets it.
	s.GoTo(3)
	h.draw(snap())
	if h.c.accessInfo().None == "" {
		t.Errorf("after a jump back the panel still shows %q", h.c.accessInfo().Head)
	}
	s.GoTo(sharedStep)

	// Shared memory as u32: word 2i holds i for the 32 lanes that stored.
	h.c.Tab = tabShared
	h.draw(snap())
	if len(h.c.infos) != 1 || h.c.infos[0].Key != "shared" {
		t.Fatalf("shared tab tables: %+v", h.c.infos)
	}
	for _, tc := range []struct {
		i    int
		want string
	}{{0, "0"}, {2, "1"}, {62, "31"}, {1, "0"}} {
		if text, _, _ := h.cell("shared", "shared", tc.i); text != tc.want {
			t.Errorf("shared[%d] = %q, want %s", tc.i, text, tc.want)
		}
	}
	// As u8: byte 8 is word 2's low byte.
	h.c.RawType = "u8"
	h.draw(h.c.Snap)
	if text, _, _ := h.cell("shared", "shared", 8); text != "1" {
		t.Errorf("shared byte 8 = %q", text)
	}
	h.c.RawType = ""

	// Local memory of warp 0 lane 5: loc[1] = 15.
	stepUntil(t, s, "st.local")
	h.c.Tab, h.c.Warp, h.c.Lane = tabLocal, 0, 5
	h.draw(snap())
	if text, _, _ := h.cell("local", "local", 1); text != "15" {
		t.Errorf("local[1] of thread 5 = %q", text)
	}
	// Thread 34 (warp 1, lane 2) stores 102 when warp 1 runs its st.local.
	for {
		if !s.Step() {
			t.Fatal("warp 1 never ran st.local")
		}
		if l := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 1}).Last; l.Warp == 1 && strings.Contains(l.Text, "st.local") {
			break
		}
	}
	h.c.Warp, h.c.Lane = 1, 2
	h.draw(snap())
	if text, class, _ := h.cell("local", "local", 1); text != "102" || class != clsChanged {
		t.Errorf("local[1] of thread 34 = %q %q, want 102 lit", text, class)
	}
	h.c.Warp, h.c.Lane = 0, 5
	h.draw(h.c.Snap)
	if text, class, _ := h.cell("local", "local", 1); text != "15" || class != "" {
		t.Errorf("local[1] of thread 5 = %q %q, want 15 unlit", text, class)
	}
}

// TestMemviewStatic renders the component as Vugu does: tabs, one empty
// table per buffer (Go fills them), and the access panel in markup.
func TestMemviewStatic(t *testing.T) {
	s, res := newSession(t, memKernel, memLaunch)
	stepUntil(t, s, "st.global.u32")
	c := &Memview{Types: BufferTypes(res), Snap: s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: -1})}
	doc := renderStatic(t, c)
	for _, id := range []string{"mem-tab-buffers", "mem-tab-shared", "mem-tab-local", "mem-tab-access", "mem-out", "mem-big", "mem-view"} {
		if byID(doc, id) == nil {
			t.Errorf("no element #%s", id)
		}
	}
	if tb := byID(doc, "mem-out"); tb == nil || tb.FirstChild != nil {
		t.Errorf("the out table is not empty for Go to fill")
	}
	if text := textOf(doc); !strings.Contains(text, "wrote [0…31]") || !strings.Contains(text, "page 1 / 7813") || !strings.Contains(text, ".f32 × 1000000 (4000000 bytes) at 0x") {
		t.Errorf("buffer headings:\n%s", text)
	}

	c.Tab = tabAccess
	doc = renderStatic(t, c)
	fig := byID(doc, "mem-access-figures")
	if fig == nil || textOf(fig) != "32 lanes, 128 bytes: 4 sectors of 32 B, 1 transaction of 128 B (4 sectors at best)" {
		t.Fatalf("access figures: %v", fig)
	}
	rows := findAll(byID(doc, "mem-access"), func(n *html.Node) bool { return n.Data == "tr" })
	if len(rows) != 33 {
		t.Errorf("%d access rows, want 32 and a header", len(rows))
	}
	if byID(doc, "mem-out") != nil {
		t.Errorf("the access tab still shows the buffers")
	}
}
