//go:build js && wasm

// embed_wasm.go: the embed page (/embed#<permalink> or ?embed=1): the same
// program as the full page with web.Embed mounted on #app instead of
// web.Root, and the editor hidden.

package main

import (
	"net/url"
	"syscall/js"

	"github.com/ptxplay/ptxplay/web"
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
	app := newApp(o)
	e := web.NewEmbed(app, o, fullPageURL(o))
	mt := newMount()
	e.Env = mt.renderer.EventEnv()
	mt.expose(app, func(st map[string]any) { st["embed"], st["playing"] = true, e.Playing })
	if o.Play {
		e.TogglePlay()
	}
	mt.loop(e, e.Sync)
}
