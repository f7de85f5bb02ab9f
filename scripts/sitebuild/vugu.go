// vugu.go: Vugu's DOM renderer helper as a file of the site. domrender
// installs it with window.eval, which the site's Content-Security-Policy
// forbids; the page loads this copy (vugu.js) first and boot.js turns
// that one eval into a no-op, so no script is ever evaluated from a string.

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/js"
)

// vuguHelper is domrender's renderer script of the vugu module this build
// uses (the version go.mod pins, renderer-js-script.js, the source of its
// jsHelperScript constant), without its debug lines, with helperPatches
// applied and minified.
func vuguHelper() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/vugu/vugu").Output()
	if err != nil {
		return "", fmt.Errorf("finding the vugu module: %v", err)
	}
	file := filepath.Join(strings.TrimSpace(string(out)), "domrender", "renderer-js-script.js")
	src, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	s, err := patchHelper(string(src))
	if err != nil {
		return "", fmt.Errorf("%s: %v: has vugu changed?", file, err)
	}
	m := minify.New()
	var b bytes.Buffer
	if err := js.Minify(m, &b, strings.NewReader(s), nil); err != nil {
		return "", fmt.Errorf("minifying %s: %v", file, err)
	}
	return b.String(), nil
}

// helperPatches make the renderer's writes conditional (and its event
// summary small, see the last). Vugu v0.4.0 sends
// every node of the page on every render, and its script wrote each one:
// every attribute (setAttribute with the value the element has), every
// text, and every vg-content (an innerHTML, which replaces the element's
// children, so 100 option and label texts were parsed and rebuilt each
// step). Chromium records and invalidates styles for a write whether or
// not it changes anything; with these patches a render writes only what
// differs, and the page's DOM is the same as before. Each original must
// occur exactly as many times as listed.
var helperPatches = []struct {
	old, new string
	n        int
}{
	{"el[propName] = JSON.parse(propValueJSON);",
		"let propValue = JSON.parse(propValueJSON); if (el[propName] !== propValue) el[propName] = propValue;", 1},
	{"el.setAttribute(attrName, attrValue);",
		"if (el.getAttribute(attrName) !== attrValue) el.setAttribute(attrName, attrValue);", 1},
	{"state.el.textContent = content;", // a text or comment node's
		"if (state.el.nodeValue !== content) state.el.nodeValue = content;", 2},
	{`state.el.innerHTML = (state.bufferedInnerHTML || "") + html;`,
		`let innerHTML = (state.bufferedInnerHTML || "") + html; if (state.el.innerHTML !== innerHTML) state.el.innerHTML = innerHTML;`, 1},
	// An event's summary (the JSON that Go's handlers read through
	// DOMEvent.Prop) copied every primitive property of the event (some
	// 60 for a click, a PointerEvent) and of its target (for a button
	// some 250, among them innerText and the offset sizes, each a style
	// and layout, and outerHTML), which Go then decoded into maps: 5-8%
	// of a step's busy time (docs/benchmarks.md, issue 24, session 7).
	// The page's handlers read only the target's value, checked and open
	// (TestEventTargetProps checks web/ for any other read), so the
	// summary holds the listed properties of each.
	{"for (let i in event) {",
		"for (let i of " + eventProps + ") {", 1},
	{"for (let i in et) {",
		"for (let i of " + eventTargetProps + ") {", 1},
}

// eventProps and eventTargetProps are the properties of an event and of
// its target that the event summary holds, as JavaScript arrays.
const (
	eventProps       = `["type", "key", "button", "detail", "altKey", "ctrlKey", "metaKey", "shiftKey"]`
	eventTargetProps = `["id", "tagName", "type", "name", "value", "checked", "open", "selectedIndex"]`
)

// patchHelper drops the script's debug lines (as vugu's own
// renderer-js-script-maker.go does) and applies helperPatches.
func patchHelper(src string) (string, error) {
	var b strings.Builder
	for _, line := range strings.SplitAfter(src, "\n") {
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "/*DEBUG*/") || t == "/*DEBUG OPCODE STRINGS*/" {
			continue
		}
		b.WriteString(line)
	}
	s := b.String()
	for _, p := range helperPatches {
		if n := strings.Count(s, p.old); n != p.n {
			return "", fmt.Errorf("%q occurs %d times, want %d", p.old, n, p.n)
		}
		s = strings.ReplaceAll(s, p.old, p.new)
	}
	return s, nil
}
