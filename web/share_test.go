package web

import (
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/examples"
)

// A state made on one page opens on a fresh page at the same source,
// launch, selection, breakpoints and step, for every example.
func TestShareRestoreEveryExample(t *testing.T) {
	for _, ex := range examples.All() {
		a := NewApp()
		if err := a.LoadExample(ex.Name); err != nil {
			t.Fatal(err)
		}
		if a.S == nil {
			continue // an example that does not prepare (none today)
		}
		for i := 0; i < 7 && !a.S.Done(); i++ {
			a.Step()
		}
		a.Breaks = []int{3, 9}
		a.Warp = 0
		st := a.ShareState()
		link, err := Permalink("https://example.test/", st)
		if err != nil {
			t.Fatalf("%s: %v", ex.Name, err)
		}
		frag := link[strings.Index(link, "#"):]
		b := NewApp()
		b.RestoreLink(frag)
		if b.Source != a.Source || b.Launch.JSON() != a.Launch.JSON() || b.Example != ex.Name {
			t.Errorf("%s: source/launch/example not restored", ex.Name)
		}
		if b.S == nil || b.S.Steps() != a.S.Steps() {
			t.Errorf("%s: restored at step %v, want %d (%v)", ex.Name, b.S, a.S.Steps(), b.RunMsgs)
			continue
		}
		if b.Warp != 0 || b.CTA != -1 || len(b.Breaks) != 2 || b.Breaks[1] != 9 {
			t.Errorf("%s: selection/breakpoints = cta %d warp %d %v", ex.Name, b.CTA, b.Warp, b.Breaks)
		}
		if a.StepText() != b.StepText() {
			t.Errorf("%s: %q vs %q", ex.Name, a.StepText(), b.StepText())
		}
		// The short link path: the canonical JSON the service stores.
		c, _ := st.Canonical()
		d := NewApp()
		d.RestoreJSON(c)
		if d.Source != a.Source || d.S == nil || d.S.Steps() != a.S.Steps() {
			t.Errorf("%s: short link state not restored", ex.Name)
		}
	}
}

func TestRestoreDamagedLink(t *testing.T) {
	a := NewApp()
	src := a.Source
	a.RestoreLink("#1.!!!")
	if a.Source != src || len(a.RunMsgs) != 1 || !strings.Contains(a.RunMsgs[0].Msg, "cannot be opened") {
		t.Errorf("damaged link: source changed or no message: %v", a.RunMsgs)
	}
}

func TestRestoreStepPastEnd(t *testing.T) {
	a := NewApp()
	a.LoadExample("vadd")
	st := a.ShareState()
	st.Step = 1 << 40 // more steps than the kernel has: replay stops at its end
	b := NewApp()
	b.Restore(st)
	if b.S == nil || !b.S.Done() || len(b.RunMsgs) == 0 {
		t.Errorf("restore past the end: %v", b.RunMsgs)
	}
}

func TestShortID(t *testing.T) {
	for path, want := range map[string]string{"/s/tuyXl2FjWflr": "tuyXl2FjWflr", "/s/app.js": "", "/": "", "/s/tuyXl2FjWfl": ""} {
		if got := ShortID(path); got != want {
			t.Errorf("ShortID(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestShortLinkPath(t *testing.T) {
	for _, c := range []struct {
		desc, path, id string
		short, damaged bool
	}{
		{"a short link", "/s/tuyXl2FjWflr", "tuyXl2FjWflr", true, false},
		{"the page", "/", "", false, false},
		{"/s/ alone is the page", "/s/", "", false, false},
		{"an id one character short", "/s/tuyXl2FjWfl", "", true, true},
		{"an id one character long", "/s/tuyXl2FjWflrr", "", true, true},
		{"a character outside base64url", "/s/tuyXl2FjWf.r", "", true, true},
		{"a path under the id", "/s/tuyXl2FjWflr/x", "", true, true},
		{"the embed page", "/embed", "", false, false},
	} {
		id, short, damaged := ShortLinkPath(c.path)
		if id != c.id || short != c.short || (damaged != "") != c.damaged {
			t.Errorf("%s: ShortLinkPath(%q) = %q, %v, %q; want %q, %v, damaged %v", c.desc, c.path, id, short, damaged, c.id, c.short, c.damaged)
		}
	}
}

// A dead short link leaves an empty editor (not an example that would read
// as the link's) and one error that says why.
func TestDeadLink(t *testing.T) {
	a := NewApp()
	a.Theme = "dark"
	a.DeadLink("no shared state has the id \"AAAAAAAAAAAA\"")
	if a.Source != "" || a.Example != "" || a.S != nil || len(a.Diags) != 0 {
		t.Errorf("dead link: source %q, example %q, session %v, diags %v; want an empty page", a.Source, a.Example, a.S, a.Diags)
	}
	if len(a.RunMsgs) != 1 || a.RunMsgs[0].Kind != "error" || !strings.Contains(a.RunMsgs[0].Msg, "this short link cannot be opened: no shared state") {
		t.Errorf("dead link: messages %v, want one error saying why", a.RunMsgs)
	}
	if a.Theme != "dark" || a.CTA != -1 || a.Warp != -1 {
		t.Errorf("dead link: theme %q, cta %d, warp %d; want the theme kept and the selection following", a.Theme, a.CTA, a.Warp)
	}
	b := NewApp()
	b.RestoreJSON([]byte(`{"source":"x"}`)) // stored state without a launch
	if b.Source != "" || len(b.RunMsgs) != 1 || !strings.Contains(b.RunMsgs[0].Msg, "no launch") {
		t.Errorf("damaged stored state: source %q, messages %v", b.Source, b.RunMsgs)
	}
}

type fakeSharer struct {
	posted []byte
	copied chan string
}

func (f *fakeSharer) Page() string   { return "https://ptx.test/" }
func (f *fakeSharer) Origin() string { return "https://ptx.test" }
func (f *fakeSharer) Copy(s string)  { f.copied <- s }
func (f *fakeSharer) Post(b []byte) (string, error) {
	f.posted = b
	return "tuyXl2FjWflr", nil
}

// A state whose permalink is short is copied as a permalink; one over
// MaxPermalink is posted and copied as a short link, with the reason.
func TestShareButtons(t *testing.T) {
	f := &fakeSharer{copied: make(chan string, 1)}
	PageSharer = f
	defer func() { PageSharer = nil }()
	c := &Root{A: NewApp()}
	c.SharePermalink()
	link := <-f.copied
	if !strings.HasPrefix(link, "https://ptx.test/#1.") || len(link) > MaxPermalink || f.posted != nil {
		t.Fatalf("permalink %q (posted %q)", link, f.posted)
	}
	b := NewApp()
	b.RestoreLink(link[strings.Index(link, "#"):])
	if b.Source != c.A.Source {
		t.Errorf("permalink does not restore the source")
	}

	// Incompressible text: 12 KiB of pseudo-random hex in a comment.
	var sb strings.Builder
	x := uint64(88172645463325252)
	for sb.Len() < 12<<10 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		sb.WriteString("// ")
		for i := 0; i < 8; i++ {
			sb.WriteByte("0123456789abcdef"[(x>>(4*i))&15])
		}
		sb.WriteString("\n")
	}
	c.A.SetSource(sb.String() + c.A.Source)
	c.SharePermalink()
	link = <-f.copied
	if link != "https://ptx.test/s/tuyXl2FjWflr" || f.posted == nil {
		t.Fatalf("long state: copied %q, posted %d bytes", link, len(f.posted))
	}
	if msg := c.A.RunMsgs[0].Msg; !strings.Contains(msg, "permalink would be") || !strings.Contains(msg, "short link") {
		t.Errorf("no reason given: %q", msg)
	}
	if !strings.Contains(string(f.posted), `"source":"// `) {
		t.Errorf("posted %.80q, want the state JSON", f.posted)
	}
}
