package web

// root_sync_test.go: what Root.Sync gives the editor: the diagnostics
// whenever they change, and only then.

import (
	"slices"
	"strings"
	"testing"
)

// recordHost records the editor's diagnostics calls.
type recordHost struct{ diags []string }

func (h *recordHost) SetDoc(string)                  {}
func (h *recordHost) SetDiagnostics(json string)     { h.diags = append(h.diags, json) }
func (h *recordHost) SetBreakpoints(string)          {}
func (h *recordHost) SetCurrent(int, bool, bool)     {}
func (h *recordHost) Goto(int)                       {}
func (h *recordHost) SetRootAttr(name, value string) {}
func (h *recordHost) Save(key, value string)         {}

// TestSyncSendsDiagnosticsOnChange: a render after a change of the
// diagnostics (a new text, an error typed, the sanitizers' findings on or
// off) gives the editor the new ones, as DiagsJSON writes them; a render
// after anything else (steps, nothing) gives it nothing.
func TestSyncSendsDiagnosticsOnChange(t *testing.T) {
	a := NewApp()
	h := &recordHost{}
	c := &Root{A: a, Host: h}
	bad := ""
	cases := []struct {
		desc   string
		do     func()
		sent   bool
		expect string // in what is sent
	}{
		{"the first render", func() {}, true, "[]"},
		{"a render with nothing changed", func() {}, false, ""},
		{"three steps", func() { a.Step(); a.Step(); a.Step() }, false, ""},
		{"an example with a race", func() {
			if err := a.LoadExample("race_reduce"); err != nil {
				t.Fatal(err)
			}
		}, true, `"race: `},
		{"a step of it", func() { a.Step() }, false, ""},
		{"a finding's line changed (as many diagnostics)", func() {
			a.Hazards = slices.Clone(a.Hazards)
			a.Hazards[0].Line++
		}, true, `"race: `},
		{"the sanitizers off", func() { c.Do("sanitize") }, true, "[]"},
		{"the sanitizers on", func() { c.Do("sanitize") }, true, `"race: `},
		{"an error typed", func() {
			bad = strings.Replace(a.Source, "ret;", "ret", 1) + "\nbogus.op %r1;\n"
			a.SetSource(bad)
		}, true, `bogus`},
		{"the same text again", func() { a.SetSource(bad) }, false, ""},
		{"the error a line further down (as many diagnostics)", func() {
			bad = strings.TrimSuffix(bad, "\nbogus.op %r1;\n") + "\n\nbogus.op %r1;\n"
			a.SetSource(bad)
		}, true, `bogus`},
		{"the error mended", func() { a.SetSource(strings.TrimSuffix(bad, "\n\nbogus.op %r1;\n")) }, true, ""},
	}
	for _, tc := range cases {
		h.diags = nil
		tc.do()
		c.Sync()
		switch {
		case !tc.sent && len(h.diags) != 0:
			t.Errorf("%s: sent %q, want nothing", tc.desc, h.diags)
		case tc.sent && len(h.diags) != 1:
			t.Errorf("%s: sent %d times, want once", tc.desc, len(h.diags))
		case tc.sent && h.diags[0] != a.DiagsJSON():
			t.Errorf("%s: sent %s, want %s", tc.desc, h.diags[0], a.DiagsJSON())
		case tc.sent && !strings.Contains(h.diags[0], tc.expect):
			t.Errorf("%s: sent %s, want it to hold %s", tc.desc, h.diags[0], tc.expect)
		}
	}
}
