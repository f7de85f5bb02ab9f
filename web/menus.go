// menus.go: the page's long menus, the examples, the warps and a buffer's
// element types, as one vg-content each (the <select>'s options as markup) rather than an
// element per option: Vugu built, and the quick render compared, some 180
// nodes of them on every render of the page (half of the root's own
// nodes) to find, on a step, at most the warp menu's "follow (N)". Each
// menu's markup is kept with what it was made from and made again only
// when that changes.

package web

import (
	"strconv"
	"sync"

	"github.com/vugu/vugu"
)

// The menus are vugu.HTML: Vugu escapes a vg-content of type string as
// text.

// menuHTML builds option markup as Chromium serializes it (an element's
// innerHTML reads back the same string, so Vugu's full render, which
// writes a vg-content only when it differs, leaves it alone).
type menuHTML struct{ b []byte }

func (m *menuHTML) option(value, label string, selected bool) {
	m.b = append(m.b, `<option value="`...)
	m.b = appendEscaped(m.b, value, true)
	m.b = append(m.b, '"')
	if selected {
		m.b = append(m.b, ` selected=""`...)
	}
	m.b = append(m.b, '>')
	m.b = appendEscaped(m.b, label, false)
	m.b = append(m.b, "</option>"...)
}

func (m *menuHTML) group(label string) {
	m.b = append(m.b, `<optgroup label="`...)
	m.b = appendEscaped(m.b, label, true)
	m.b = append(m.b, `">`...)
}

func (m *menuHTML) endGroup() { m.b = append(m.b, "</optgroup>"...) }

// appendEscaped escapes s as the HTML serialization does: &, the
// no-break space, < and >, and in an attribute value also ".
func appendEscaped(b []byte, s string, attr bool) []byte {
	for _, r := range s {
		switch {
		case r == '&':
			b = append(b, "&amp;"...)
		case r == '\u00a0':
			b = append(b, "&nbsp;"...)
		case r == '<':
			b = append(b, "&lt;"...)
		case r == '>':
			b = append(b, "&gt;"...)
		case r == '"' && attr:
			b = append(b, "&quot;"...)
		default:
			b = append(b, string(r)...)
		}
	}
	return b
}

// examplesMenu is the examples menu's options: a first "Examples…" and
// each group's examples, the open one selected.
func (c *Root) examplesMenu() vugu.HTML {
	if c.menus.exMenu.html != "" && c.menus.exMenu.example == c.A.Example {
		return c.menus.exMenu.html
	}
	var m menuHTML
	m.option("", "Examples…", false)
	for _, g := range c.groups() {
		m.group(g.Name)
		for _, ex := range g.Items {
			m.option(ex.Name, ex.Title, ex.Name == c.A.Example)
		}
		m.endGroup()
	}
	c.menus.exMenu.example, c.menus.exMenu.html = c.A.Example, vugu.HTML(m.b)
	return c.menus.exMenu.html
}

// warpMenuKey is what the warp menu shows: "follow" or "follow (N)", the
// number of warps, and the chosen one (-1: follow).
type warpMenuKey struct {
	follow string
	warps  int
	warp   int
}

// warpMenu is the warp menu's options: follow (the warp that issues),
// then every warp of the CTA.
func (c *Root) warpMenu() vugu.HTML {
	k := warpMenuKey{c.followLabel(), len(c.warpOptions()), c.A.Warp}
	if c.menus.wMenu.html != "" && c.menus.wMenu.key == k {
		return c.menus.wMenu.html
	}
	var m menuHTML
	m.option("-1", k.follow, k.warp < 0)
	for w := range k.warps {
		s := strconv.Itoa(w)
		m.option(s, s, w == k.warp)
	}
	c.menus.wMenu.key, c.menus.wMenu.html = k, vugu.HTML(m.b)
	return c.menus.wMenu.html
}

// typeMenu is a buffer argument's element type menu (ElemTypes), typ
// selected; made once for each type.
func typeMenu(typ string) vugu.HTML {
	typeMenus.Lock()
	defer typeMenus.Unlock()
	if h, ok := typeMenus.m[typ]; ok {
		return h
	}
	var m menuHTML
	for _, t := range ElemTypes {
		m.option(t, t, t == typ)
	}
	if typeMenus.m == nil {
		typeMenus.m = map[string]vugu.HTML{}
	}
	if len(typeMenus.m) < 64 { // the types, and a few a user typed into the JSON
		typeMenus.m[typ] = vugu.HTML(m.b)
	}
	return vugu.HTML(m.b)
}

var typeMenus struct {
	sync.Mutex
	m map[string]vugu.HTML
}

// menuCache keeps the menus' markup and what it was made from.
type menuCache struct {
	exMenu struct {
		example string
		html    vugu.HTML
	}
	wMenu struct {
		key  warpMenuKey
		html vugu.HTML
	}
}
