package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestVuguHelperPatched: the renderer script the site ships is the pinned
// vugu's with every patch applied: no write of an attribute, a text, a
// property or an innerHTML is left unconditional, and no debug line is left.
func TestVuguHelperPatched(t *testing.T) {
	s, err := vuguHelper()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		// minified forms of helperPatches' conditions (names are shortened)
		".getAttribute(", "!==", ".nodeValue!==", ".innerHTML!==",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the shipped vugu.js has no %q", want)
		}
	}
	for _, bad := range []string{"textContent=", "console.log(\"opcode"} {
		if strings.Contains(s, bad) {
			t.Errorf("the shipped vugu.js still has %q", bad)
		}
	}
}

// TestPatchHelperRefusesChangedScript: a script whose writes are not the
// ones the patches expect (another vugu version) is an error that names
// the text, never a silently unpatched renderer.
func TestPatchHelperRefusesChangedScript(t *testing.T) {
	var orig strings.Builder
	for _, p := range helperPatches {
		for range p.n {
			orig.WriteString(p.old + "\n")
		}
	}
	tests := []struct {
		desc, src, wantErr string
	}{
		{"every original as often as listed", orig.String(), ""},
		{"debug lines are dropped", "/*DEBUG*/ console.log(1)\n" + orig.String(), ""},
		{"one write missing", strings.Replace(orig.String(), "el.setAttribute(attrName, attrValue);\n", "", 1), "el.setAttribute(attrName, attrValue);"},
		{"one write twice", orig.String() + "el.setAttribute(attrName, attrValue);\n", "occurs 2 times, want 1"},
	}
	for _, tc := range tests {
		got, err := patchHelper(tc.src)
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("%s: got error %v, want none", tc.desc, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%s: got error %v, want one containing %q", tc.desc, err, tc.wantErr)
		case err == nil:
			for _, p := range helperPatches {
				if strings.Count(got, p.new) != p.n {
					t.Errorf("%s: %q is in the result %d times, want %d", tc.desc, p.new, strings.Count(got, p.new), p.n)
				}
			}
			if strings.Contains(got, "DEBUG") {
				t.Errorf("%s: a debug line is left: %q", tc.desc, got)
			}
		}
	}
}

// TestEventTargetProps: every read of the event summary in the page's Go
// code (DOMEvent.Prop, PropString, PropBool, PropFloat64) is of a
// property of the event's target, by name, that the shipped vugu.js
// copies into it (eventTargetProps), and no code reads the whole summary
// (EventSummary), which holds only the listed properties.
func TestEventTargetProps(t *testing.T) {
	var files []string
	for _, glob := range []string{"../../web/*.go", "../../web/*.vugu", "../../wasm/*.go"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found %d files of the page, want its sources", len(files))
	}
	read := regexp.MustCompile(`\.Prop(?:String|Bool|Float64)?\(\s*(?:"|&#34;)target(?:"|&#34;)\s*,\s*(?:"|&#34;)([^"&]*)(?:"|&#34;)`)
	anyProp := regexp.MustCompile(`\.Prop(?:String|Bool|Float64)?\(`)
	seen := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		if strings.Contains(src, ".EventSummary()") {
			t.Errorf("%s reads EventSummary(), which holds only the target's %s", f, eventTargetProps)
		}
		for _, m := range read.FindAllStringSubmatch(src, -1) {
			seen++
			if !strings.Contains(eventTargetProps, `"`+m[1]+`"`) {
				t.Errorf("%s reads the event target's %q, which vugu.js does not copy into the summary (eventTargetProps %s)", f, m[1], eventTargetProps)
			}
		}
		if n, m := len(anyProp.FindAllString(src, -1)), len(read.FindAllString(src, -1)); n != m {
			t.Errorf("%s has %d reads of the event summary, %d of them of the target's properties by name: the others read what the summary may not hold", f, n, m)
		}
	}
	if seen < 10 {
		t.Errorf("found %d reads of target properties, want the page's (more than 10): has the pattern gone stale?", seen)
	}
	s, err := vuguHelper()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s, `"open","selectedIndex"]`) || !strings.Contains(s, `"metaKey","shiftKey"]`) {
		t.Errorf("the shipped vugu.js does not copy the listed properties")
	}
}
