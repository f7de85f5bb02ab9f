//go:build js && wasm

// Command worker is ptxplay's share service on Cloudflare Workers: the
// routes of package api (POST /api/share, GET /api/share/{id}, the 404 of
// a dead /s/{id}) with short links in the KV namespace bound as SHARES and
// posts limited by the rate-limiting binding SHARE_RATE (wrangler.toml).
// The site itself is Workers static assets, served by the platform without
// this program; glue/worker.mjs is the Worker's entry: it starts this
// program once per isolate and hands it only the share routes.
//
// scripts/worker builds it with GOOS=js GOARCH=wasm and runs it locally
// under `wrangler dev --local`, which simulates KV on disk.
//
// Every JavaScript object or string that Go holds a js.Value of costs a
// runtime finalizer, and adding one walks its span's list of them, which
// grows between collections: that was most of a request's time (CPU
// profile, docs/benchmarks.md). So a request crosses between the two as
// few values as it can: the request's method, path and client as one
// string, the reply's headers as one string to a callback that the glue
// passes, promises settled through one callback made once, and the
// objects used by every request looked up once.
package main

import (
	"strings"
	"syscall/js"

	"github.com/ptxplay/ptxplay/web/server/api"
)

// jsContext is globalThis.context of glue/worker.mjs: env (the bindings,
// set by the glue for each request) and binding (what this program and the
// glue call each other through).
var (
	jsContext = js.Global().Get("context")
	binding   = jsContext.Get("binding")
)

func main() {
	svc := &api.Service{Store: kvStore{}, Limiter: rateLimit{}}
	binding.Set("settle", js.FuncOf(settle))
	// handle("METHOD PATH CLIENT", body Uint8Array|null, tooBig, done):
	// glue/worker.mjs calls it once per request, and the program calls
	// done(status, page, "type\ncache\netag\nallow\nretryAfter", body) when
	// the reply is ready.
	binding.Set("handle", js.FuncOf(func(_ js.Value, args []js.Value) any {
		req := parseHead(args[0].String())
		req.TooBig = args[2].Truthy()
		if b := args[1]; !b.IsNull() && !b.IsUndefined() {
			req.Body = make([]byte, b.Length())
			js.CopyBytesToGo(req.Body, b)
		}
		done := args[3]
		// KV and the rate limiter are awaited on a goroutine of its own: a
		// callback from JavaScript must not block.
		go func() {
			defer func() {
				if e := recover(); e != nil {
					// A bug answers 500 and the program goes on.
					js.Global().Get("console").Call("error", "ptxplay worker: BUG:", panicText(e))
					reply(done, api.Error(500, "internal error"))
				}
			}()
			reply(done, svc.Handle(req))
		}()
		return nil
	}))
	ready()
	select {} // serve until the isolate goes: callbacks run the requests
}

// parseHead reads the glue's "METHOD PATH CLIENT" (a path has no space;
// the client, from a header, is the rest whatever it holds).
func parseHead(head string) api.Request {
	method, rest, _ := strings.Cut(head, " ")
	path, client, _ := strings.Cut(rest, " ")
	return api.Request{Method: method, Path: path, Client: client}
}

// reply hands r to the glue's done callback.
func reply(done js.Value, r api.Reply) {
	meta := r.ContentType + "\n" + r.CacheControl + "\n" + r.ETag + "\n" + r.Allow + "\n" + r.RetryAfter
	done.Invoke(r.Status, r.Page, meta, string(r.Body))
}

// ready tells glue/worker.mjs that handle is set (the import is the one
// syumai/workers' wasm_exec.js glue provides).
//
//go:wasmimport workers ready
func ready()

// panicText is a recovered panic's message (without fmt, which the
// worker does not link).
func panicText(e any) string {
	switch v := e.(type) {
	case error:
		return v.Error()
	case string:
		return v
	}
	return "a panic of another type"
}
