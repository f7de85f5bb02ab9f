//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"syscall/js"
	"time"

	"github.com/ptxplay/ptxplay/web/server/api"
	"github.com/syumai/workers/cloudflare/kv"
)

// Binding names in wrangler.toml.
const (
	kvBinding   = "SHARES"
	rateBinding = "SHARE_RATE"
)

// kvNull is what syumai/workers' GetString returns, as a string and with
// no error, for a key that is not there (JavaScript null through
// syscall/js).
const kvNull = "<null>"

// kvPrefix goes before every id in KV; values are the canonical state
// JSON, which is never the text "<null>" (it is a JSON object).
const kvPrefix = "s:"

// kvStore is the share service's Store on the KV namespace SHARES, looked
// up at each call in the env that glue/worker.mjs keeps current.
type kvStore struct{}

func (kvStore) Get(id string) ([]byte, bool, error) {
	ns, err := kv.NewNamespace(kvBinding)
	if err != nil {
		return nil, false, fmt.Errorf("KV namespace %s is not bound (wrangler.toml): %w", kvBinding, err)
	}
	// cacheTtl: the edge location keeps the value, so a classroom opening
	// one link reads KV's central store once.
	v, err := ns.GetString(kvPrefix+id, &kv.GetOptions{CacheTTL: api.CacheTTLSeconds})
	if err != nil {
		return nil, false, fmt.Errorf("kv get %s: %w", id, err)
	}
	if v == kvNull {
		return nil, false, nil
	}
	return []byte(v), true, nil
}

// Put writes the state with its size and creation time as KV metadata
// (listed by `wrangler kv key list`). syumai/workers v0.31.0's PutOptions
// has no metadata, so this calls the binding's put itself.
func (kvStore) Put(id string, data []byte) error {
	ns := env().Get(kvBinding)
	if ns.IsUndefined() {
		return fmt.Errorf("KV namespace %s is not bound (wrangler.toml)", kvBinding)
	}
	meta := map[string]any{"size": len(data), "created": time.Now().UTC().Format(time.RFC3339)}
	_, err := await(ns.Call("put", kvPrefix+id, string(data), map[string]any{"metadata": meta}))
	if err != nil {
		return fmt.Errorf("kv put %s: %w", id, err)
	}
	return nil
}

// rateLimit is the Workers rate-limiting binding SHARE_RATE, keyed by the
// client's address; without the binding posts are not limited.
type rateLimit struct{}

func (rateLimit) Allow(client string) (bool, error) {
	rl := env().Get(rateBinding)
	if rl.IsUndefined() {
		return true, nil
	}
	v, err := await(rl.Call("limit", map[string]any{"key": client}))
	if err != nil {
		return false, fmt.Errorf("rate limit: %w", err)
	}
	return v.Get("success").Truthy(), nil
}

func env() js.Value { return js.Global().Get("context").Get("env") }

// await waits for a JavaScript promise (on a goroutine that may block).
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	then := js.FuncOf(func(_ js.Value, a []js.Value) any { ch <- result{v: a[0]}; return nil })
	catch := js.FuncOf(func(_ js.Value, a []js.Value) any {
		ch <- result{err: errors.New(a[0].Call("toString").String())}
		return nil
	})
	defer then.Release()
	defer catch.Release()
	p.Call("then", then, catch)
	r := <-ch
	return r.v, r.err
}
