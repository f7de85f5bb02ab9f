package web

import (
	"strings"
	"testing"
)

// TestWarningsDoNotBlock: the uninitialized-register example loads with
// its warning in the panel and the editor, and still runs.
func TestWarningsDoNotBlock(t *testing.T) {
	a := NewApp()
	if err := a.LoadExample("fault_uninit"); err != nil {
		t.Fatal(err)
	}
	if len(a.Warns) != 1 || a.Warns[0].Line != 22 || !strings.Contains(a.Warns[0].Msg, "%r5 is read here") {
		t.Fatalf("warnings %+v", a.Warns)
	}
	if !strings.Contains(a.DiagsJSON(), `"line":22`) || !strings.Contains(a.DiagsJSON(), `"severity":"warning"`) {
		t.Errorf("editor diagnostics %s", a.DiagsJSON())
	}
	found := false
	for _, d := range a.AllDiags() {
		found = found || d.Kind == "warning" && d.Line == 22
	}
	if !found {
		t.Errorf("the panel lacks the warning: %+v", a.AllDiags())
	}
	for a.S != nil && !a.S.Done() {
		a.Step()
	}
	if a.S == nil || !a.S.Done() || a.S.Machine().Fault() != nil {
		t.Fatalf("the example did not run to its end")
	}
	a.SetSource(strings.Replace(a.Source, "// BUG: mov.u32 %r5, 0; is missing", "mov.u32 %r5, 0;", 1))
	if len(a.Warns) != 0 {
		t.Errorf("with the mov the warning stays: %+v", a.Warns)
	}
}
