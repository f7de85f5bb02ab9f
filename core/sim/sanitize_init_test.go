package sim

// sanitize_init_test.go: initcheck of accesses whose bits span words of
// the shadow or two of its 1 KiB chunks (initBitsAt), which no aligned
// access of a kernel makes: the hook is driven directly, each access its
// own op (its own line), so that each read is a finding of its own.

import (
	"fmt"
	"strings"
	"testing"
)

func TestInitBitsWide(t *testing.T) {
	p := compilePTX(t, "wide.ptx", `.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
	.reg .b32 %r1;
	.shared .align 8 .b8 s[4096];
	mov.u32 %r1, s;
	ret;
}`)
	type acc struct {
		addr  uint64
		n     int
		write bool
	}
	// Writes, then reads: one word, several words in a chunk, two chunks.
	writes := []acc{{1000, 10, true}, {1016, 20, true}, {100, 70, true}}
	for _, c := range []struct {
		space space
		read  acc
		size  string // the message's "(k of its bytes)"; "": every byte unwritten
		runs  string // the bytes nothing wrote
	}{
		{spaceShared, acc{90, 90, false}, "(20 of its bytes)", "[[90 10] [170 10]]"},
		{spaceShared, acc{990, 60, false}, "(30 of its bytes)", "[[990 10] [1010 6] [1036 14]]"},
		{spaceShared, acc{1016, 20, false}, "", ""}, // all written
		// bits the two-chunk write set, read one word at a time
		{spaceShared, acc{1016, 8, false}, "", ""},
		{spaceShared, acc{1032, 8, false}, "(4 of its bytes)", "[[1036 4]]"},
		{spaceShared, acc{96, 8, false}, "(4 of its bytes)", "[[96 4]]"},
		{spaceShared, acc{168, 8, false}, "(6 of its bytes)", "[[170 6]]"},
		{spaceShared, acc{2040, 16, false}, "", "[[2040 16]]"},
		{spaceGlobal, acc{90, 90, false}, "(20 of its bytes)", "[[90 10] [170 10]]"},
		{spaceGlobal, acc{990, 60, false}, "(30 of its bytes)", "[[990 10] [1010 6] [1036 14]]"},
	} {
		name := fmt.Sprintf("%v %d+%d", c.space, c.read.addr, c.read.n)
		m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}})
		if err != nil {
			t.Fatal(err)
		}
		m.Sanitize(SanInit)
		base := uint64(0)
		if c.space == spaceGlobal {
			base = m.Alloc("u", 4096)
			m.SanitizeUninit(base)
		}
		m.Step() // the CTA and its warp
		w := m.ctas[0].warps[0]
		for i, a := range append(writes, c.read) {
			m.san.access(m, w, &op{line: int32(i + 1)}, 3, c.space, base+a.addr, a.n, a.write)
		}
		hz := m.Hazards()
		if c.runs == "" {
			if len(hz) != 0 {
				t.Errorf("%s: %d findings, want none: %+v", name, len(hz), hz)
			}
			continue
		}
		if len(hz) != 1 {
			t.Fatalf("%s: %d findings, want one: %+v", name, len(hz), hz)
		}
		h := hz[0]
		runs := make([][2]uint64, len(h.Uninit))
		for i, r := range h.Uninit {
			runs[i] = [2]uint64{r[0] - base, r[1]}
		}
		if h.Kind != "init" || h.Line != 4 || h.Addr != base+c.read.addr || h.Size != c.read.n || fmt.Sprint(runs) != c.runs {
			t.Errorf("%s: finding %s at line %d, [%#x] %d bytes, unwritten %v; want init at line 4, [%#x] %d bytes, unwritten %s",
				name, h.Kind, h.Line, h.Addr, h.Size, runs, base+c.read.addr, c.read.n, c.runs)
		}
		if c.size == "" && strings.Contains(h.Message, "of its bytes") || !strings.Contains(h.Message, c.size) {
			t.Errorf("%s: message %q, want %q in it (nothing: every byte unwritten)", name, h.Message, c.size)
		}
	}
}
