// regrid_patch.go: the batched DOM patch the data views send to
// web/js/patch.js, one syscall/js call per render.
//
// Vugu owns only an empty element; Go keeps what each cell shows and sends
// just the cells that differ. A patch is one string of records separated
// by RS (0x1e), fields by US (0x1f):
//
//	H html              replace the element's content (a new table shape)
//	C i text class      cell i (the i-th <td> in document order): text and class
//	I i html class      cell i: inner HTML and class (hex bytes lit one by one)
//	M mode              the register grid's compact mode: auto, on or off
//
// Cell text never contains the separators: it is numbers, hex digits,
// marks and register names.

package web

import (
	"strconv"
	"strings"
)

const (
	recSep   = '\x1e'
	fieldSep = '\x1f'
)

// patchBuf collects one render's records.
type patchBuf struct {
	b []byte
	n int // records
}

func (p *patchBuf) rec(kind byte) {
	if p.n > 0 {
		p.b = append(p.b, recSep)
	}
	p.n++
	p.b = append(p.b, kind)
}

func (p *patchBuf) field(s string) {
	p.b = append(p.b, fieldSep)
	p.b = append(p.b, s...)
}

// html replaces the whole content of the element.
func (p *patchBuf) html(s string) {
	p.rec('H')
	p.field(s)
}

// cell sets cell i's text and class.
func (p *patchBuf) cell(i int, text, class string) {
	p.rec('C')
	p.b = append(p.b, fieldSep)
	p.b = strconv.AppendInt(p.b, int64(i), 10)
	p.field(text)
	p.field(class)
}

// cellHTML sets cell i's inner HTML and class.
func (p *patchBuf) cellHTML(i int, html, class string) {
	p.rec('I')
	p.b = append(p.b, fieldSep)
	p.b = strconv.AppendInt(p.b, int64(i), 10)
	p.field(html)
	p.field(class)
}

// mode sets the register grid's compact mode.
func (p *patchBuf) mode(m string) {
	p.rec('M')
	p.field(m)
}

func (p *patchBuf) String() string { return string(p.b) }

func (p *patchBuf) reset() { p.b, p.n = p.b[:0], 0 }

// patchTarget receives patches: the browser element, or a test's model.
type patchTarget interface {
	apply(patch string)
}

// cardText lays a card out for patch.js: a title line, then one
// "label<TAB>value" line per view.
func cardText(title string, lines []cardLine) string {
	var b strings.Builder
	b.WriteString(title)
	for _, l := range lines {
		b.WriteByte('\n')
		b.WriteString(l.label)
		b.WriteByte('\t')
		b.WriteString(l.value)
	}
	return b.String()
}

// escapeHTML escapes text for an attribute or element body.
var escapeHTML = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace
