//go:build js && wasm

// Command worker is ptxplay on Cloudflare Workers: the same http.Handler
// as `ptxplay serve` (web/server), with the same built site (package dist)
// and short links kept in the KV namespace bound as SHARES (wrangler.toml).
// scripts/worker builds it with GOOS=js GOARCH=wasm and runs it locally
// under `wrangler dev --local`, which simulates KV on disk.
package main

import (
	"fmt"
	"net/http"

	"github.com/ptxplay/ptxplay/web/server"
	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare/kv"
)

// binding is the KV namespace's binding name in wrangler.toml.
const binding = "SHARES"

func main() {
	// The Workers runtime starts this program for each request with the
	// request's env in place, so the namespace is looked up here.
	ns, err := kv.NewNamespace(binding)
	if err != nil {
		workers.Serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprintf(w, "{\"error\":%q}\n", "KV namespace "+binding+" is not bound: see wrangler.toml")
		}))
		return
	}
	workers.Serve(identityOnly(server.New(site(), kvStore{ns})))
}

// identityOnly has the handler answer with the plain files: the Workers
// runtime compresses responses itself for what the client accepts (and
// rewrites Accept-Encoding on the way in), and without encodeBody "manual",
// which syumai/workers does not expose, it would encode a precompressed
// body a second time.
func identityOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Del("Accept-Encoding")
		h.ServeHTTP(w, r)
	})
}
