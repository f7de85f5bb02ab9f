// forms.go: instruction forms (an opcode with its dotted modifiers, as
// "ld.global.nc.f32") counted in PTX, to compare what the generated
// programs exercise with what users' PTX holds (-forms, -forms-of;
// docs/difftest.md, "Coverage").
package main

import (
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// formWord is an instruction's first word: an opcode and its modifiers.
var formWord = regexp.MustCompile(`^[a-z][a-z0-9]*(?:\.[A-Za-z0-9_:]+)*$`)

// notForm are first words of the lines of a call's operand list, which
// clang writes one to a line, and of directives' continuations.
var notForm = regexp.MustCompile(`^(?:p\d+_|param\d|retval\d|prototype_\d|_Z)`)

// ptxForms counts the instruction forms of a PTX text: every line's first
// word after a label and a guard, directives and braces left out.
func ptxForms(src []byte, into map[string]int) {
	text := string(src)
	for {
		i := strings.Index(text, "/*")
		if i < 0 {
			break
		}
		j := strings.Index(text[i:], "*/")
		if j < 0 {
			text = text[:i]
			break
		}
		text = text[:i] + text[i+j+2:]
	}
	for _, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "//")
		line = strings.TrimSpace(line)
		if k := strings.Index(line, ":"); k > 0 && !strings.ContainsAny(line[:k], " \t.") {
			line = strings.TrimSpace(line[k+1:]) // a label
		}
		if strings.HasPrefix(line, "@") {
			_, line, _ = strings.Cut(line, " ")
			line = strings.TrimSpace(line)
		}
		word, _, _ := strings.Cut(line, " ")
		word, _, _ = strings.Cut(word, "\t")
		word = strings.TrimSuffix(word, ";")
		if word == "" || !formWord.MatchString(word) || notForm.MatchString(word) {
			continue
		}
		into[word]++
	}
}

// formCounts gathers the forms of every PTX a campaign runs (-forms).
var formCounts struct {
	sync.Mutex
	m map[string]int
}

// countForms adds src's forms to formCounts when -forms is on.
func countForms(src []byte) {
	formCounts.Lock()
	defer formCounts.Unlock()
	if formCounts.m != nil {
		ptxForms(src, formCounts.m)
	}
}

// writeForms writes "count form" lines, by form.
func writeForms(w io.Writer, m map[string]int) {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		fmt.Fprintf(w, "%d %s\n", m[k], k)
	}
}
