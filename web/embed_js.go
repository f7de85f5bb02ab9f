//go:build js && wasm

// embed_js.go: keeps the current line in view after each render.

package web

import "syscall/js"

// Sync scrolls the read-only listing to the current line when it moved;
// the wasm entry calls it after each render.
func (c *Embed) Sync() {
	cur, _ := c.A.CurrentLine()
	if cur <= 0 || cur == c.scrolled {
		return
	}
	c.scrolled = cur
	el := js.Global().Get("document").Call("getElementById", c.lineID(cur))
	if el.Truthy() {
		opt := js.Global().Get("Object").New()
		opt.Set("block", "nearest")
		el.Call("scrollIntoView", opt)
	}
}
