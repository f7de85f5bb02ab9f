//go:build js && wasm

// mount_wasm.go: what the full page and the embed page share: the state
// the URL asks for, the render loop on #app, and the automation hooks.

package main

import (
	"encoding/json"
	"syscall/js"

	"github.com/ptxplay/ptxplay/web"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"
)

// newApp makes the state the URL asks for: an example (?ex=NAME), or else
// a short link (/s/{id}) or a permalink (#...): web/share.go.
func newApp(o web.EmbedOptions) *web.App {
	app := web.NewApp()
	if o.Example != "" {
		if err := app.LoadExample(o.Example); err != nil {
			app.RunMsgs = []web.Diag{{Kind: "error", Msg: err.Error()}}
		}
		return app
	}
	web.RestoreFromLocation(app)
	return app
}

// mount renders components on #app.
type mount struct {
	renderer *domrender.JSRenderer
	env      *vugu.BuildEnv
	rendered bool // the first render is on the page
}

func newMount() *mount {
	renderer, err := domrender.New("#app")
	if err != nil {
		panic(err)
	}
	env, err := vugu.NewBuildEnv(renderer.EventEnv())
	if err != nil {
		panic(err)
	}
	return &mount{renderer: renderer, env: env}
}

// expose sets ptxReady() and ptxState() (step, total, done, line, fault,
// diagnostics, and what more adds) for automation.
func (mt *mount) expose(app *web.App, more func(st map[string]any)) {
	js.Global().Set("ptxReady", js.FuncOf(func(this js.Value, args []js.Value) any { return mt.rendered }))
	js.Global().Set("ptxState", js.FuncOf(func(this js.Value, args []js.Value) any {
		st := map[string]any{"total": app.Total, "diagnostics": app.AllDiags()}
		if app.S != nil {
			st["step"] = app.S.Steps()
			st["done"] = app.S.Done()
		}
		line, fault := app.CurrentLine()
		st["line"], st["fault"] = line, fault
		more(st)
		b, _ := json.Marshal(st)
		return string(b)
	}))
}

// loop renders c whenever an event changes the state, calling sync after
// each render, until the page goes away.
func (mt *mount) loop(c vugu.Builder, sync func()) {
	defer mt.renderer.Release()
	for ok := true; ok; ok = mt.renderer.EventWait() {
		if err := mt.renderer.Render(mt.env.RunBuild(c)); err != nil {
			// A render that fails leaves the page as it was drawn last; the
			// next one may succeed. Ending the program would lose the
			// person's source and launch.
			js.Global().Get("console").Call("error", "ptxplay: the page could not be drawn: "+err.Error())
		}
		sync()
		if !mt.rendered { // navigation to interactive, for the page benchmarks
			js.Global().Set("ptxReadyAt", js.Global().Get("performance").Call("now"))
		}
		mt.rendered = true
	}
}
