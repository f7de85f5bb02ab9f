//go:build !js

package browsertest

// sanitize_test.go: the sanitizers in the page: on by default, a race of
// race_reduce in the diagnostics with both lines, "go to step" taking the
// session to the access with its lane lit in the register grid and its
// address in the shared-memory view, and the toolbar toggle.

import (
	"fmt"
	"strings"
	"testing"
)

func TestSanitizerFindings(t *testing.T) {
	p := openPage(t, "/?ex=race_reduce", 1280, 900, false)
	if !eval[bool](p, `document.getElementById("sanitize").getAttribute("aria-pressed") === "true"`) {
		t.Fatal("the Sanitize toggle is not on by default")
	}
	sel := `#diagnostics li.pp-race[data-line="36"]`
	p.waitJS(fmt.Sprintf(`document.querySelector(%q) !== null`, sel))
	text := eval[string](p, fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
	for _, want := range []string{"write of shared [0x80]", "after read at 40:2", "other: line 40"} {
		if !strings.Contains(text, want) {
			t.Errorf("finding %q lacks %q", text, want)
		}
	}
	step := eval[int64](p, fmt.Sprintf(`Number(document.querySelector(%q).dataset.step)`, sel+" .pp-goto-step"))
	eval[bool](p, fmt.Sprintf(`(document.querySelector(%q).click(), true)`, sel+" .pp-goto-step"))
	p.settle()
	if st := p.state(); st.Step != step || st.Line == 0 {
		t.Fatalf("after go to step: %+v, want step %d", st, step)
	}
	// Thread 32 is lane 0 of warp 1: its column lit; s[32] marked in the
	// shared-memory table (the view turned to it).
	p.waitJS(`document.querySelectorAll("#regs td.hz").length > 0`)
	if got := eval[int](p, `document.querySelector("#regs tbody tr").querySelectorAll("td.hz").length`); got != 1 {
		t.Errorf("lit cells in the first register row: %d, want 1 (lane 0)", got)
	}
	p.waitJS(`document.querySelector("#mem-shared td.hz") !== null`)
	if idx := eval[string](p, `document.querySelector("#mem-shared td.hz").dataset.index`); idx != "32" {
		t.Errorf("marked shared element %s, want 32", idx)
	}
	p.shot("page-sanitize.png")
	p.click("sanitize")
	if eval[int](p, `document.querySelectorAll("#diagnostics li.pp-race").length`) != 0 {
		t.Error("findings stay after turning the sanitizers off")
	}
	p.click("sanitize")
	p.waitJS(fmt.Sprintf(`document.querySelector(%q) !== null`, sel))
	p.noErrors()
}

// An init finding marks in the shared-memory view every byte its reads
// took before anything wrote them: mma_ldmatrix's early ld.shared (line
// 34), where each of the 32 lanes reads the word at sA + 16*lane before
// its cp.async has landed: 32 words, 128 bytes.
func TestSanitizerUninitBytes(t *testing.T) {
	p := openPage(t, "/?ex=mma_ldmatrix", 1280, 900, false)
	sel := `#diagnostics li.pp-init[data-line="34"]`
	p.waitJS(fmt.Sprintf(`document.querySelector(%q) !== null`, sel))
	if text := eval[string](p, fmt.Sprintf(`document.querySelector(%q).textContent`, sel)); !strings.Contains(text, "(32 times)") {
		t.Errorf("finding %q: want 32 occurrences", text)
	}
	eval[bool](p, fmt.Sprintf(`(document.querySelector(%q).click(), true)`, sel+" .pp-goto-step"))
	p.settle()
	p.waitJS(`document.querySelector("#mem-shared td.un") !== null`)
	var idx []string
	for _, s := range eval[[]any](p, `[...document.querySelectorAll("#mem-shared td.hz.un")].map(td => td.dataset.index)`) {
		idx = append(idx, fmt.Sprint(s))
	}
	var want []string
	for l := 0; l < 32; l++ {
		want = append(want, fmt.Sprint(4*l))
	}
	if strings.Join(idx, ",") != strings.Join(want, ",") {
		t.Errorf("marked shared words %v, want %v (sA + 16*lane as u32 indices)", idx, want)
	}
	if n := eval[int](p, `document.querySelectorAll("#mem-shared td.hx .un").length`); n != 128 {
		t.Errorf("marked bytes in the hex column: %d, want 128", n)
	}
	eval[bool](p, `(document.querySelector("#mem-shared td.un").scrollIntoView({block: "center"}), true)`)
	p.settle()
	p.shot("page-sanitize-uninit.png")
	p.noErrors()
}
