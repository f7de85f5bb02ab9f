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
package main

import (
	"syscall/js"

	"github.com/ptxplay/ptxplay/web/server/api"
)

func main() {
	svc := &api.Service{Store: kvStore{}, Limiter: rateLimit{}}
	binding := js.Global().Get("context").Get("binding")
	// handle(method, path, body Uint8Array|null, tooBig, client) returns a
	// Promise of the reply; glue/worker.mjs calls it once per request.
	binding.Set("handle", js.FuncOf(func(_ js.Value, args []js.Value) any {
		req := api.Request{Method: args[0].String(), Path: args[1].String(),
			TooBig: args[3].Truthy(), Client: args[4].String()}
		if b := args[2]; !b.IsNull() && !b.IsUndefined() {
			req.Body = make([]byte, b.Get("length").Int())
			js.CopyBytesToGo(req.Body, b)
		}
		var exec js.Func
		exec = js.FuncOf(func(_ js.Value, pa []js.Value) any {
			exec.Release()
			resolve := pa[0]
			// KV and the rate limiter are awaited on a goroutine of its
			// own: a callback from JavaScript must not block.
			go func() {
				defer func() {
					if e := recover(); e != nil {
						// A bug answers 500 and the program goes on.
						js.Global().Get("console").Call("error", "ptxplay worker: BUG:", js.ValueOf(panicText(e)))
						resolve.Invoke(toJS(api.Error(500, "internal error")))
					}
				}()
				resolve.Invoke(toJS(svc.Handle(req)))
			}()
			return nil
		})
		return js.Global().Get("Promise").New(exec)
	}))
	ready()
	select {} // serve until the isolate goes: callbacks run the requests
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

func toJS(r api.Reply) js.Value {
	o := js.Global().Get("Object").New()
	o.Set("status", r.Status)
	o.Set("page", r.Page)
	o.Set("type", r.ContentType)
	o.Set("cache", r.CacheControl)
	o.Set("etag", r.ETag)
	o.Set("allow", r.Allow)
	o.Set("retryAfter", r.RetryAfter)
	o.Set("body", string(r.Body))
	return o
}
