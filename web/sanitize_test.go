package web

// sanitize_test.go: the page's sanitizers: on by default, findings in the
// diagnostics with both lines and their steps, "go to step" taking the
// session to each access (CTA, warp, lane, address), the toggle, and
// findings that do not change when the session steps back.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

func TestPageSanitizers(t *testing.T) {
	a := NewApp()
	if !a.Sanitize {
		t.Fatal("sanitizers off by default in the page")
	}
	if len(a.Hazards) != 0 {
		t.Fatalf("vadd has findings: %+v", a.Hazards)
	}
	if err := a.LoadExample("race_reduce"); err != nil {
		t.Fatal(err)
	}
	// The level-1 write of thread 32 (line 36) after warp 0 read s[32]
	// for level 2 (line 40): README's first finding.
	hi := -1
	for i, h := range a.Hazards {
		if h.Kind == "race" && h.Line == 36 && h.Other != nil && h.Other.Line == 40 {
			hi = i + 1
		}
	}
	if hi < 0 {
		t.Fatalf("no race 36 <- 40 in %+v", a.Hazards)
	}
	h := a.Hazards[hi-1]
	var d *Diag
	for _, x := range a.AllDiags() {
		if x.Haz == hi {
			d = &x
		}
	}
	if d == nil || d.Kind != "race" || d.Line != 36 || d.OtherLine != 40 || d.Step != h.Step || d.OtherStep != h.Other.Step || !strings.Contains(d.Msg, "(32 times)") {
		t.Fatalf("diagnostic of the finding: %+v", d)
	}
	// Both lines marked in the editor.
	var marks []struct{ Line int }
	json.Unmarshal([]byte(a.DiagsJSON()), &marks)
	lines := map[int]bool{}
	for _, m := range marks {
		lines[m.Line] = true
	}
	if !lines[36] || !lines[40] {
		t.Errorf("editor marks %v, want lines 36 and 40", lines)
	}

	// Go to the write: thread (32,0,0) is warp 1 lane 0.
	if lane := a.GoToHazard(hi, false); lane != 0 || a.S.Steps() != h.Step || a.Warp != 1 || a.CTA != 0 {
		t.Fatalf("go to the write: lane %d, step %d (want %d), warp %d, CTA %d", lane, a.S.Steps(), h.Step, a.Warp, a.CTA)
	}
	if last := a.Snap.Last; last == nil || last.Line != 36 {
		t.Errorf("at the write's step the last instruction is %+v, want line 36", last)
	}
	if l := a.HazardLanes(); l != 1 {
		t.Errorf("lanes lit in warp 1: %#x, want lane 0", l)
	}
	if m := a.HazardMark(); m == nil || m.Space != "shared" || m.Addr != 0x80 || m.Size != 4 {
		t.Errorf("memory mark %+v, want shared 0x80, 4 bytes", m)
	}
	// The other side: warp 0 reading s[32] at line 40, an earlier step.
	if lane := a.GoToHazard(hi, true); lane != 0 || a.S.Steps() != h.Other.Step || a.Warp != 0 || a.Snap.Last.Line != 40 {
		t.Fatalf("go to the read: lane %d, step %d (want %d), warp %d, line %d", lane, a.S.Steps(), h.Other.Step, a.Warp, a.Snap.Last.Line)
	}
	// Step back leaves the findings as they are.
	n := len(a.Hazards)
	a.Back()
	a.Back()
	if len(a.Hazards) != n {
		t.Errorf("findings after step back: %d, want %d", len(a.Hazards), n)
	}

	a.SetSanitize(false)
	if len(a.Hazards) != 0 || strings.Contains(a.DiagsJSON(), "race") {
		t.Errorf("off: findings %d, editor %s", len(a.Hazards), a.DiagsJSON())
	}
	for _, x := range a.AllDiags() {
		if x.Haz > 0 {
			t.Errorf("off: diagnostic %+v", x)
		}
	}
	a.SetSanitize(true)
	if len(a.Hazards) != n {
		t.Errorf("on again: %d findings, want %d", len(a.Hazards), n)
	}
}

// A kernel longer than SanitizeTime allows is checked a slice at a time
// as the user acts, and the diagnostics say how far.
func TestPageSanitizersFollowTheRun(t *testing.T) {
	old := SanitizeTime
	SanitizeTime = 0
	a := NewApp()
	a.LoadExample("race_reduce")
	if a.SanitizeNote() == "" || len(a.Hazards) != 0 {
		t.Fatalf("with no time: note %q, %d findings", a.SanitizeNote(), len(a.Hazards))
	}
	SanitizeTime = old
	runToEnd(t, a)
	if a.SanitizeNote() != "" || len(a.Hazards) == 0 {
		t.Fatalf("after the run: note %q, %d findings", a.SanitizeNote(), len(a.Hazards))
	}
}

func TestMarkLanesAndMemory(t *testing.T) {
	st := regState{cells: make([]gridCell, 64)}
	st.cells[33].class = clsChanged
	markLanes(&st, 1<<1|1<<31)
	for i, c := range st.cells {
		want := ""
		switch i {
		case 1, 31, 63:
			want = clsHazard
		case 33:
			want = clsChanged + " " + clsHazard
		}
		if c.class != want {
			t.Errorf("cell %d: class %q, want %q", i, c.class, want)
		}
	}
	c := &Memview{Mark: &MemMark{Space: "shared", Addr: 0x86, Size: 2}}
	if got := c.markIn("shared", 0, 512); got != [2]int{0x86, 0x88} {
		t.Errorf("markIn shared: %v", got)
	}
	if got := c.markIn("global", 0x1000, 512); got != [2]int{} {
		t.Errorf("markIn global for a shared mark: %v", got)
	}
}

// An init finding's uninitialised bytes are each marked in the memory
// view: the elements holding them (hz un) and the bytes in the hex column;
// a mark of another space marks nothing.
func TestMemviewMarksUninitBytes(t *testing.T) {
	s, res := newSession(t, memKernel, memLaunch)
	h := &memHarness{t: t, c: &Memview{Types: BufferTypes(res), Tab: tabShared}, models: map[string]*modelTable{}}
	h.c.Mark = &MemMark{Space: "shared", Addr: 0x11, Size: 2, Uninit: [][2]uint64{{0x11, 2}, {0x20, 8}, {0x1000, 4}}}
	for range 3 {
		s.Step()
	}
	h.draw(s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: -1}))
	for _, c := range []struct {
		index     int
		class     string
		hexMarked string // the hex digits of the marked bytes, most significant first
	}{
		{3, "", ""},
		{4, "hz un", "0000"}, // bytes 0x11 and 0x12 of the element at 0x10: its middle two
		{5, "", ""},
		{8, "hz un", "00000000"},
		{9, "hz un", "00000000"},
		{10, "", ""},
	} {
		_, cls, hex := h.cell("shared", "shared", c.index)
		if cls != c.class {
			t.Errorf("shared[%d]: class %q, want %q", c.index, cls, c.class)
		}
		var marked strings.Builder
		for _, part := range strings.Split(hex, `<span class="un">`)[1:] {
			marked.WriteString(part[:strings.Index(part, "</span>")])
		}
		if marked.String() != c.hexMarked {
			t.Errorf("shared[%d]: marked hex %q in %s, want %q", c.index, marked.String(), hex, c.hexMarked)
		}
	}
	if _, _, hex := h.cell("shared", "shared", 4); !strings.HasPrefix(hex, `00<span class="un">00</span><span class="un">00</span>00`) {
		t.Errorf("shared[4] hex %s: want bytes 2 and 1 marked, 3 and 0 not", hex)
	}
	if got := h.c.uninitIn("global", 0x1000, 16); got != nil {
		t.Errorf("a shared finding's bytes in a global buffer: %v", got)
	}
	if got := h.c.uninitIn("shared", 0x10, 0x14); fmt.Sprint(got) != "[[1 3] [16 20]]" {
		t.Errorf("uninitIn clipped to [0x10, 0x24): %v", got)
	}
}
