package main

import (
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
