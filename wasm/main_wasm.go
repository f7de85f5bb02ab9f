//go:build js && wasm

// Command wasm is the playground page's entry point (GOOS=js
// GOARCH=wasm): it mounts web.Root on #app, creates the editor in
// #editor, and renders whenever the state changes. Hooks for automation:
//
//	ptxKey(name)     a keyboard shortcut ("F7", "Alt-r", ...)
//	ptxReady()       true once the first render is on the page
//	ptxState()       JSON: step, total, running, done, line, diagnostics
package main

import (
	"encoding/json"
	"syscall/js"

	"github.com/ptxplay/ptxplay/web"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"
)

func main() {
	o := embedOptions()
	if o.Embed {
		runEmbed(o)
		return
	}
	app := web.NewApp()
	if o.Example != "" { // ?ex=NAME opens an example (the embed page links here so)
		if err := app.LoadExample(o.Example); err != nil {
			app.RunMsgs = []web.Diag{{Kind: "error", Msg: err.Error()}}
		}
	}
	web.PageSharer = web.BrowserSharer{}
	if o.Example == "" { // a short link (/s/{id}) or a permalink (#...): web/share.go
		web.RestoreFromLocation(app)
	}
	root := &web.Root{A: app}
	renderer, err := domrender.New("#app")
	if err != nil {
		panic(err)
	}
	defer renderer.Release()
	env, err := vugu.NewBuildEnv(renderer.EventEnv())
	if err != nil {
		panic(err)
	}
	ee := renderer.EventEnv()
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
		Hover:       func(word string, line int) string { return web.HoverText(word) },
	})
	app.Theme = host.Load("ptxplay.theme")
	app.Large = host.Load("ptxplay.large") == "1"
	root.Host = host
	js.Global().Set("ptxKey", js.FuncOf(func(this js.Value, args []js.Value) any {
		k := args[0].String()
		later(func() { root.Key(k) })
		return nil
	}))
	rendered := false
	js.Global().Set("ptxReady", js.FuncOf(func(this js.Value, args []js.Value) any { return rendered }))
	js.Global().Set("ptxState", js.FuncOf(func(this js.Value, args []js.Value) any {
		st := map[string]any{"running": app.Running, "total": app.Total, "diagnostics": app.AllDiags()}
		if app.S != nil {
			st["step"] = app.S.Steps()
			st["done"] = app.S.Done()
		}
		line, fault := app.CurrentLine()
		st["line"], st["fault"] = line, fault
		b, _ := json.Marshal(st)
		return string(b)
	}))
	for ok := true; ok; ok = renderer.EventWait() {
		if err := renderer.Render(env.RunBuild(root)); err != nil {
			panic(err)
		}
		root.Sync()
		if !rendered { // navigation to interactive, for the page benchmarks
			js.Global().Set("ptxReadyAt", js.Global().Get("performance").Call("now"))
		}
		rendered = true
	}
}
