//go:build js && wasm

// host_js.go: the Host of the browser: the CodeMirror editor of
// web/js/editor.js and the document element, through syscall/js.

package web

import (
	"syscall/js"
)

// JSHost drives the editor and the document.
type JSHost struct {
	ed    js.Value
	root  js.Value
	store js.Value
	funcs []js.Func
}

// EditorHooks are the editor's calls back into Go. Each runs on the
// browser's event loop: it must not block.
type EditorHooks struct {
	Change      func(text string)
	Breakpoints func(json string)
	Hover       func(word string, line int) string
}

// NewJSHost creates the editor inside el with text and the hooks.
func NewJSHost(el js.Value, text string, hooks EditorHooks) *JSHost {
	h := &JSHost{root: js.Global().Get("document").Get("documentElement"), store: js.Global().Get("localStorage")}
	fn := func(f func(args []js.Value) any) js.Func {
		jf := js.FuncOf(func(this js.Value, args []js.Value) any { return f(args) })
		h.funcs = append(h.funcs, jf)
		return jf
	}
	obj := js.Global().Get("Object").New()
	obj.Set("change", fn(func(a []js.Value) any { hooks.Change(a[0].String()); return nil }))
	obj.Set("breakpoints", fn(func(a []js.Value) any { hooks.Breakpoints(a[0].String()); return nil }))
	obj.Set("hover", fn(func(a []js.Value) any { return hooks.Hover(a[0].String(), a[1].Int()) }))
	h.ed = js.Global().Get("ptxEditor").Call("create", el, text, obj)
	return h
}

func (h *JSHost) SetDoc(text string)         { h.ed.Call("setDoc", text) }
func (h *JSHost) SetDiagnostics(json string) { h.ed.Call("setDiagnostics", json) }
func (h *JSHost) SetBreakpoints(json string) { h.ed.Call("setBreakpoints", json) }
func (h *JSHost) Goto(line int)              { h.ed.Call("goto", line) }
func (h *JSHost) SetCurrent(line int, fault, scroll bool) {
	h.ed.Call("setCurrent", line, fault, scroll)
}

// NewYield returns a function that blocks until the browser has run a
// task of its event loop: a MessageChannel message, which, unlike
// setTimeout, is not clamped to 4 ms.
func NewYield() func() {
	ch := make(chan struct{}, 1)
	mc := js.Global().Get("MessageChannel").New()
	port := mc.Get("port2")
	mc.Get("port1").Set("onmessage", js.FuncOf(func(this js.Value, args []js.Value) any {
		select {
		case ch <- struct{}{}:
		default:
		}
		return nil
	}))
	return func() {
		port.Call("postMessage", 0)
		<-ch
	}
}

// Doc is the editor's text.
func (h *JSHost) Doc() string { return h.ed.Call("getDoc").String() }

func (h *JSHost) SetRootAttr(name, value string) {
	if value == "" {
		h.root.Call("removeAttribute", name)
	} else {
		h.root.Call("setAttribute", name, value)
	}
}

func (h *JSHost) Save(key, value string) {
	if h.store.IsUndefined() || h.store.IsNull() {
		return
	}
	if value == "" {
		h.store.Call("removeItem", key)
	} else {
		h.store.Call("setItem", key, value)
	}
}

// Load reads a saved setting ("" if none).
func (h *JSHost) Load(key string) string {
	if h.store.IsUndefined() || h.store.IsNull() {
		return ""
	}
	v := h.store.Call("getItem", key)
	if v.IsNull() || v.IsUndefined() {
		return ""
	}
	return v.String()
}
