//go:build js && wasm

// regrid_patch_js.go: the browser side of a patch target, an element that
// web/js/patch.js patches.

package web

import (
	"fmt"
	"syscall/js"

	vjs "github.com/vugu/vugu/js"
)

// jsTarget is an element in the page.
type jsTarget struct {
	el     js.Value
	card   js.Func // the hover card callback
	scroll js.Func // the scroll callback, if any
	owner  int     // marks the element as this target's (el._ptxOwner)
}

var lastOwner int

func (t *jsTarget) apply(patch string) {
	defer func() {
		// A JavaScript exception must not take the page down with it.
		if r := recover(); r != nil {
			js.Global().Get("console").Call("error", "ptxplay: a data view could not draw:", fmt.Sprint(r))
		}
	}()
	api := js.Global().Get("ptxPatch")
	if api.IsUndefined() {
		js.Global().Get("console").Call("error", "ptxplay: web/js/patch.js is not loaded; the data views cannot draw")
		return
	}
	api.Call("apply", t.el, patch)
}

// compactOn says whether the register grid shows its compact mode now.
func (t *jsTarget) compactOn() (on bool) {
	defer func() {
		if recover() != nil {
			on = false
		}
	}()
	api := js.Global().Get("ptxPatch")
	if api.IsUndefined() {
		return false
	}
	return api.Call("compactOn", t.el).Truthy()
}

// attachJS points a view at the element Vugu handed to vg-js-populate. An
// element the view does not own yet (first render, Vugu recreated it, or
// Vugu reused the element another view drew into) gets a new target and
// the hover card callback card(i), which returns the card of cell i as
// "title\nlabel\tvalue\n..." (see cardText); the caller then forgets what
// it drew. The element the view owns keeps cur. A non-nil scroll is called
// with the first row in view and the number of rows in view when the
// element's scroller moves (el._ptxScroll).
func attachJS(cur patchTarget, v vjs.Value, card func(i int) string, scroll func(first, visible int)) patchTarget {
	el := js.Value(v)
	if t, ok := cur.(*jsTarget); ok && t.el.Equal(el) && el.Get("_ptxOwner").Equal(js.ValueOf(t.owner)) {
		return t
	}
	if t, ok := cur.(*jsTarget); ok {
		t.card.Release()
		if t.scroll.Truthy() {
			t.scroll.Release()
		}
	}
	lastOwner++
	t := &jsTarget{el: el, owner: lastOwner}
	el.Set("_ptxOwner", t.owner)
	t.card = js.FuncOf(func(this js.Value, args []js.Value) (out any) {
		defer func() {
			if r := recover(); r != nil {
				out = "" // no card rather than a dead page
			}
		}()
		if len(args) < 1 || args[0].Type() != js.TypeNumber {
			return ""
		}
		return card(args[0].Int())
	})
	el.Set("_ptxCard", t.card)
	if scroll != nil {
		t.scroll = js.FuncOf(func(this js.Value, args []js.Value) any {
			defer func() { recover() }() // a bad call must not take the page down
			if len(args) == 2 && args[0].Type() == js.TypeNumber && args[1].Type() == js.TypeNumber {
				scroll(args[0].Int(), args[1].Int())
			}
			return nil
		})
		el.Set("_ptxScroll", t.scroll)
	}
	return t
}
