//go:build js && wasm

// embed_wasm.go: the embed page (/embed#<permalink> or ?embed=1): the same
// program as the full page with web.Embed mounted on #app instead of
// web.Root, and the editor hidden.

package main

import (
	"encoding/json"
	"net/url"
	"syscall/js"

	"github.com/ptxplay/ptxplay/web"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"
)

func loc() js.Value { return js.Global().Get("location") }

// embedOptions reads the page's URL; Embed is false on the full page.
func embedOptions() web.EmbedOptions {
	return web.ParseEmbedURL(loc().Get("pathname").String(), loc().Get("search").String())
}

// fullPageURL is the full playground with the same state: the embed path
// and parameters dropped, the example and the fragment kept.
func fullPageURL(o web.EmbedOptions) string {
	loc := js.Global().Get("location")
	path := loc.Get("pathname").String()
	for _, suf := range []string{"/embed.html", "/embed/", "/embed"} {
		if len(path) >= len(suf) && path[len(path)-len(suf):] == suf {
			path = path[:len(path)-len(suf)] + "/"
			break
		}
	}
	q := url.Values{}
	if o.Example != "" {
		q.Set("ex", o.Example)
	}
	u := path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return u + loc.Get("hash").String()
}

func runEmbed(o web.EmbedOptions) {
	doc := js.Global().Get("document")
	doc.Get("documentElement").Call("setAttribute", "data-embed", "")
	app := web.NewApp()
	if o.Example != "" {
		if err := app.LoadExample(o.Example); err != nil {
			app.RunMsgs = []web.Diag{{Kind: "error", Msg: err.Error()}}
		}
	} else {
		web.RestoreFromLocation(app) // a permalink (#...) or /s/{id}: web/share.go
	}
	e := web.NewEmbed(app, o, fullPageURL(o))
	renderer, err := domrender.New("#app")
	if err != nil {
		panic(err)
	}
	defer renderer.Release()
	env, err := vugu.NewBuildEnv(renderer.EventEnv())
	if err != nil {
		panic(err)
	}
	e.Env = renderer.EventEnv()
	rendered := false
	js.Global().Set("ptxReady", js.FuncOf(func(this js.Value, args []js.Value) any { return rendered }))
	js.Global().Set("ptxState", js.FuncOf(func(this js.Value, args []js.Value) any {
		st := map[string]any{"embed": true, "playing": e.Playing, "total": app.Total, "diagnostics": app.AllDiags()}
		if app.S != nil {
			st["step"] = app.S.Steps()
			st["done"] = app.S.Done()
		}
		line, fault := app.CurrentLine()
		st["line"], st["fault"] = line, fault
		b, _ := json.Marshal(st)
		return string(b)
	}))
	if o.Play {
		e.TogglePlay()
	}
	for ok := true; ok; ok = renderer.EventWait() {
		if err := renderer.Render(env.RunBuild(e)); err != nil {
			panic(err)
		}
		e.Sync()
		rendered = true
	}
}
