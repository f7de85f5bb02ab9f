//go:build js && wasm

// Command wasm is the playground page's entry point (GOOS=js
// GOARCH=wasm): it mounts web.Root on #app, creates the editor in
// #editor, and renders whenever the state changes. Hooks for automation:
//
//	ptxKey(name)     a keyboard shortcut ("F7", "Alt-r", ...)
//	ptxDo(action)    a stepping control's action (its button's data-do)
//	ptxReady()       true once the first render is on the page
//	ptxState()       JSON: step, total, running, done, line, diagnostics
package main

import (
	"syscall/js"

	"github.com/ptxplay/ptxplay/web"
)

func main() {
	o := embedOptions()
	if o.Embed {
		runEmbed(o)
		return
	}
	web.PageSharer = web.BrowserSharer{}
	app := newApp(o)
	root := &web.Root{A: app}
	mt := newMount()
	ee := mt.renderer.EventEnv()
	root.Env = ee
	root.Yield = web.NewYield()
	later := func(f func()) { // from a JS callback: never block the event loop
		go func() {
			ee.Lock()
			f()
			ee.UnlockRender()
		}()
	}
	doc := js.Global().Get("document")
	host := web.NewJSHost(doc.Call("getElementById", "editor"), app.Source, web.EditorHooks{
		Change:      func(text string) { later(func() { root.EditorChanged(text) }) },
		Breakpoints: func(lines string) { later(func() { root.BreakpointsChanged(lines) }) },
		Hover:       app.Hover,
	})
	app.Theme = host.Load("ptxplay.theme")
	app.Large = host.Load("ptxplay.large") == "1"
	if host.Load("ptxplay.sanitize") == "off" {
		app.SetSanitize(false)
	}
	root.Host = host
	js.Global().Set("ptxKey", js.FuncOf(func(this js.Value, args []js.Value) any {
		k := args[0].String()
		later(func() { root.Key(k) })
		return nil
	}))
	// The stepping controls' clicks (web/js/boot.js): Root.Do without
	// Vugu's event decoding.
	js.Global().Set("ptxDo", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) == 1 && args[0].Type() == js.TypeString {
			action := args[0].String()
			later(func() { root.Do(action) })
		}
		return nil
	}))
	mt.expose(app, func(st map[string]any) { st["running"] = app.Running })
	mt.loop(root, root.Sync)
}
