// notes.go: the teacher notes of the loaded example (its README.md after
// the title and group lines), shown beside the views.

package web

import (
	"html"
	"strings"

	"github.com/ptxplay/ptxplay/examples"
	"github.com/vugu/vugu"
)

// Notes shows an example's notes. Place it as
// <web:Notes vg-if='c.A.Example != ""' :Example="c.A.Example"></web:Notes>
// (Vugu ignores vg-if on a component's root element: the parent decides).
type Notes struct {
	Example string
	Closed  bool // closed by a person (its summary clicked): not built, kept closed
}

// toggled follows the panel's <details> when a person opens or closes it.
func (c *Notes) toggled(e vugu.DOMEvent) { c.Closed = !e.PropBool("target", "open") }

// noteBlock is a paragraph or a list of items, as HTML.
type noteBlock struct {
	List  bool
	Items []string // a paragraph has one item
}

func (c *Notes) example() (examples.Example, bool) {
	if c.Example == "" {
		return examples.Example{}, false
	}
	return examples.Get(c.Example)
}

func (c *Notes) title() string {
	ex, _ := c.example()
	return ex.Title + " · " + ex.Group
}

func (c *Notes) blocks() []noteBlock {
	ex, ok := c.example()
	if !ok {
		return nil
	}
	return NoteBlocks(ex.Notes)
}

// NoteBlocks reads the small Markdown of the notes: paragraphs, "- " list
// items (continued on indented lines) and `code`.
func NoteBlocks(md string) []noteBlock {
	var out []noteBlock
	var cur []string // lines of the current paragraph or item
	flush := func(list bool) {
		if len(cur) == 0 {
			return
		}
		text := inlineHTML(strings.Join(cur, " "))
		cur = nil
		if list {
			if n := len(out); n > 0 && out[n-1].List {
				out[n-1].Items = append(out[n-1].Items, text)
				return
			}
			out = append(out, noteBlock{List: true, Items: []string{text}})
			return
		}
		out = append(out, noteBlock{Items: []string{text}})
	}
	inList := false
	for _, line := range strings.Split(md, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case t == "":
			flush(inList)
			inList = false
		case strings.HasPrefix(t, "- "):
			flush(inList)
			inList = true
			cur = append(cur, strings.TrimPrefix(t, "- "))
		default:
			cur = append(cur, t)
		}
	}
	flush(inList)
	return out
}

// inlineHTML escapes text and turns `code` spans into <code>.
func inlineHTML(s string) string {
	parts := strings.Split(s, "`")
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 && i < len(parts)-1 {
			b.WriteString("<code>" + html.EscapeString(p) + "</code>")
			continue
		}
		if i%2 == 1 {
			b.WriteString("`")
		}
		b.WriteString(html.EscapeString(p))
	}
	return b.String()
}
