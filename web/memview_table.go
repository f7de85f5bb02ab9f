// memview_table.go: one memory region as a paged, typed table (index,
// value, hex) with the bytes the last step wrote lit. Like the register
// grid, Vugu renders the <table> empty and Go patches its cells; only one
// page of rows exists in the page, so a buffer of a million elements costs
// what a buffer of a hundred does.

package web

import (
	"sort"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/sim"
)

// memPageRows is how many elements a page of a memory table shows.
const memPageRows = 128

// memSource is a region as a table reads it.
type memSource struct {
	name    string // data-buf of the value cells
	typ     string // element type without the dot: "f32", "u8"...
	base    uint64 // address of byte 0, for the card
	mem     sim.Mem
	written [][2]int  // byte ranges the last step wrote, sorted, merged
	mark    [2]int    // bytes a sanitizer finding names, [start, end) (sanitize.go); none when equal
	copies  []memCopy // bulk and tensor copies in flight or landed here (memview_copy.go)
	uninit  [][2]int  // bytes an init finding read before anything wrote them, sorted [start, end) (sanitize.go)
}

// uninitByte reports whether byte off is one of the finding's
// uninitialised bytes.
func (s *memSource) uninitByte(off int) bool {
	i := sort.Search(len(s.uninit), func(i int) bool { return s.uninit[i][1] > off })
	return i < len(s.uninit) && s.uninit[i][0] <= off
}

// elemSize is the width in bytes of an element type.
func elemSize(typ string) int {
	t := parseType(typ)
	if t.kind == 'p' {
		return 1
	}
	return max(1, t.width()/8)
}

// count is the number of whole elements.
func (s *memSource) count() int { return s.mem.Len() / elemSize(s.typ) }

// pages is the number of pages, at least 1.
func (s *memSource) pages() int { return max(1, (s.count()+memPageRows-1)/memPageRows) }

// value reads element i, little-endian.
func (s *memSource) value(i int) uint64 {
	es := elemSize(s.typ)
	return s.mem.Uint(i*es, es)
}

// writtenByte reports whether the last step wrote byte off.
func (s *memSource) writtenByte(off int) bool {
	for _, r := range s.written {
		if off >= r[0] && off < r[0]+r[1] {
			return true
		}
		if r[0] > off {
			break
		}
	}
	return false
}

// writtenElems is the range of elements the last step wrote, [first,
// last], or ok false if none.
func (s *memSource) writtenElems() (first, last int, ok bool) {
	if len(s.written) == 0 {
		return 0, 0, false
	}
	es := elemSize(s.typ)
	first = s.written[0][0] / es
	end := s.written[len(s.written)-1]
	last = (end[0] + end[1] - 1) / es
	return first, min(last, s.count()-1), first < s.count()
}

// memState is what a table shows: its shape and its cells, two a row
// (value, then hex).
type memState struct {
	shape string
	first int // element index of the first row
	rows  int
	cells []gridCell
}

// buildMemState lays out page of src in view vw.
func buildMemState(src *memSource, page int, vw View) memState {
	n := src.count()
	page = min(max(page, 0), src.pages()-1)
	st := memState{first: page * memPageRows}
	st.rows = min(memPageRows, n-st.first)
	if st.rows <= 0 {
		st.rows = 0
		return st
	}
	t := parseType(src.typ)
	es := elemSize(src.typ)
	st.cells = make([]gridCell, 0, 2*st.rows)
	for r := range st.rows {
		i := st.first + r
		v := src.value(i)
		lit, un := false, false
		var hex strings.Builder
		for k := es - 1; k >= 0; k-- { // most significant byte first
			b := src.mem.At(i*es + k)
			w := src.writtenByte(i*es + k)
			u := len(src.uninit) > 0 && src.uninitByte(i*es+k)
			un = un || u
			if w {
				lit = true
				hex.WriteString(`<span class="w">`)
			}
			if u {
				hex.WriteString(`<span class="` + clsUnwritten + `">`)
			}
			hex.WriteByte("0123456789abcdef"[b>>4])
			hex.WriteByte("0123456789abcdef"[b&15])
			if u {
				hex.WriteString(`</span>`)
			}
			if w {
				hex.WriteString(`</span>`)
			}
		}
		cls := ""
		if lit {
			cls = clsChanged
		}
		if m := src.mark; m[1] > m[0] && i*es < m[1] && (i+1)*es > m[0] || un {
			cls = strings.TrimSpace(cls + " " + clsHazard)
		}
		if k := src.copyAt(i*es, es); k >= 0 {
			cls = strings.TrimSpace(cls + " " + src.copies[k].class())
		}
		if un {
			cls += " " + clsUnwritten
		}
		st.cells = append(st.cells, gridCell{formatValue(t, v, vw), cls}, gridCell{hex.String(), "hx"})
	}
	st.shape = src.name + " " + src.typ + " " + strconv.Itoa(st.first) + " " + strconv.Itoa(st.rows)
	return st
}

// tableHTML is the whole table for a new shape.
func (st *memState) tableHTML(buf string) string {
	var b strings.Builder
	b.Grow(96 * st.rows)
	b.WriteString(`<thead><tr><th>index</th><th>value</th><th>hex</th></tr></thead><tbody>`)
	name := escapeHTML(buf)
	for r := range st.rows {
		v, h := st.cells[2*r], st.cells[2*r+1]
		idx := strconv.Itoa(st.first + r)
		b.WriteString(`<tr><th>`)
		b.WriteString(idx)
		b.WriteString(`</th><td data-buf="`)
		b.WriteString(name)
		b.WriteString(`" data-index="`)
		b.WriteString(idx)
		if v.class != "" {
			b.WriteString(`" class="`)
			b.WriteString(v.class)
		}
		b.WriteString(`">`)
		b.WriteString(escapeHTML(v.text))
		b.WriteString(`</td><td class="hx">`)
		b.WriteString(h.text) // built above from hex digits and spans
		b.WriteString(`</td></tr>`)
	}
	b.WriteString(`</tbody>`)
	return b.String()
}

// diff writes the records that turn what old shows into what st shows.
func (st *memState) diff(old *memState, buf string, p *patchBuf) {
	if st.shape != old.shape {
		if st.rows == 0 {
			p.html("")
		} else {
			p.html(st.tableHTML(buf))
		}
		return
	}
	for i, c := range st.cells {
		if old.cells[i] == c {
			continue
		}
		if i%2 == 0 {
			p.cell(i, c.text, c.class)
		} else {
			p.cellHTML(i, c.text, c.class)
		}
	}
}

// memTable is one table on the page and what it shows.
type memTable struct {
	page   int
	target patchTarget
	state  memState
	src    memSource
	buf    patchBuf
	drawn  memDrawn // the inputs of the last patch
}

// memDrawn identifies what a table last drew: a new snapshot, page, view
// or type redraws it.
type memDrawn struct {
	snap any
	page int
	view View
	typ  string
	name string
	data any // the region itself (sim.Mem.Ident): another lane's local memory is another table
	size int
	mark [2]int
	// uninit: the finding's uninitialised bytes, by the first run's
	// place and their number (a new finding makes a new slice)
	uninit  *[2]int
	uninitN int
}

// draw brings the table up to date with src, taken from snapshot snap.
func (t *memTable) draw(src memSource, vw View, snap any) {
	t.src = src
	t.page = min(max(t.page, 0), src.pages()-1)
	if t.target == nil {
		return
	}
	d := memDrawn{snap: snap, page: t.page, view: vw, typ: src.typ, name: src.name, size: src.mem.Len(), data: src.mem.Ident(), mark: src.mark, uninitN: len(src.uninit)}
	if len(src.uninit) > 0 {
		d.uninit = &src.uninit[0]
	}
	if d == t.drawn && snap != nil {
		return
	}
	t.drawn = d
	st := buildMemState(&t.src, t.page, vw)
	t.buf.reset()
	st.diff(&t.state, src.name, &t.buf)
	t.state = st
	if t.buf.n > 0 {
		t.target.apply(t.buf.String())
	}
}

// card is the hover card of cell i.
func (t *memTable) card(i int) string {
	r := i / 2
	if i < 0 || r >= t.state.rows {
		return ""
	}
	idx := t.state.first + r
	es := elemSize(t.src.typ)
	title := t.src.name + "[" + strconv.Itoa(idx) + "] ." + t.src.typ + " · byte " + strconv.Itoa(idx*es)
	if t.src.base != 0 {
		title += " · address 0x" + strconv.FormatUint(t.src.base+uint64(idx*es), 16)
	}
	var lines []cardLine
	if hasClass(t.state.cells[2*r].class, clsChanged) {
		lines = append(lines, cardLine{"state", "written by the last step"})
	}
	if k := t.src.copyAt(idx*es, es); k >= 0 {
		lines = append(lines, t.src.copies[k].cardLine())
	}
	if hasClass(t.state.cells[2*r].class, clsUnwritten) {
		lines = append(lines, cardLine{"initcheck", "the finding read bytes here that nothing had written (marked in hex)"})
	}
	return cardText(title, append(lines, valueCard(parseType(t.src.typ), t.src.value(idx))...))
}

// hasClass reports whether a class attribute's list holds class c.
func hasClass(list, c string) bool {
	for _, f := range strings.Fields(list) {
		if f == c {
			return true
		}
	}
	return false
}
