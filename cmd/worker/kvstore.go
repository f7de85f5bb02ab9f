//go:build js && wasm

package main

import (
	"errors"
	"sync"
	"syscall/js"

	"github.com/ptxplay/ptxplay/web/server/api"
)

// Binding names in wrangler.toml.
const (
	kvBinding   = "SHARES"
	rateBinding = "SHARE_RATE"
)

// kvPrefix goes before every id in KV; values are the canonical state
// JSON, which is never the text "<null>" (it is a JSON object).
const kvPrefix = "s:"

// getOptions are KV's read options: text, and cacheTtl so that the edge
// location keeps the value and a classroom opening one link reads KV's
// central store once. Made once: every read passes the same object.
var getOptions = js.ValueOf(map[string]any{"type": "text", "cacheTtl": api.CacheTTLSeconds})

// kvStore is the share service's Store on the KV namespace SHARES, looked
// up at each call in the env that glue/worker.mjs keeps current.
type kvStore struct{}

func (kvStore) Get(id string) ([]byte, bool, error) {
	ns := env().Get(kvBinding)
	if ns.IsUndefined() {
		return nil, false, errors.New("KV namespace " + kvBinding + " is not bound (wrangler.toml)")
	}
	v, err := await(ns.Call("get", kvPrefix+id, getOptions))
	if err != nil {
		return nil, false, errors.New("kv get " + id + ": " + err.Error())
	}
	if v.IsNull() || v.IsUndefined() {
		return nil, false, nil
	}
	return []byte(v.String()), true, nil
}

// Put writes the state with its size and creation time as KV metadata
// (listed by `wrangler kv key list`).
func (kvStore) Put(id string, data []byte) error {
	ns := env().Get(kvBinding)
	if ns.IsUndefined() {
		return errors.New("KV namespace " + kvBinding + " is not bound (wrangler.toml)")
	}
	created := js.Global().Get("Date").New().Call("toISOString")
	meta := map[string]any{"size": len(data), "created": created}
	_, err := await(ns.Call("put", kvPrefix+id, string(data), map[string]any{"metadata": meta}))
	if err != nil {
		return errors.New("kv put " + id + ": " + err.Error())
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
		return false, errors.New("rate limit: " + err.Error())
	}
	return v.Get("success").Truthy(), nil
}

func env() js.Value { return jsContext.Get("env") }

// A promise that Go waits for is settled through one callback, settle,
// made once (not a pair of js.Funcs for each promise): the glue's
// binding.wait(promise, seq) calls settle(seq, true, value) or
// settle(seq, false, the error's text), and settle hands it to the
// goroutine waiting under seq.
type result struct {
	v   js.Value
	err error
}

var (
	mu      sync.Mutex // over waiting and lastSeq
	waiting = map[int]chan result{}
	lastSeq int
)

// await waits for a JavaScript promise (on a goroutine that may block).
func await(p js.Value) (js.Value, error) {
	ch := make(chan result, 1)
	mu.Lock()
	lastSeq++
	seq := lastSeq
	waiting[seq] = ch
	mu.Unlock()
	binding.Call("wait", p, seq)
	r := <-ch
	return r.v, r.err
}

func settle(_ js.Value, a []js.Value) any {
	seq := a[0].Int()
	mu.Lock()
	ch, ok := waiting[seq]
	delete(waiting, seq)
	mu.Unlock()
	if !ok {
		return nil
	}
	if a[1].Bool() {
		ch <- result{v: a[2]}
	} else {
		ch <- result{err: errors.New(a[2].String())}
	}
	return nil
}
